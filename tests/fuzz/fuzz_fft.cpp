// Fuzzes numpy.fft's arguments: fft, rfft and irfft with hostile n and
// axes; ifftn, rfftn and irfftn with lists s and axes (empty, repeated,
// out of range, of different lengths, hostile sizes); fftfreq and rfftfreq
// with hostile n and spacings; fftshift with lists of axes; on float64
// tensors of ranks 0 to 3 and sizes 0 to 4, or their transposes. Property:
// each call throws std::invalid_argument or std::out_of_range exactly when
// NumPy's rules (and loom's documented differences, docs/fft.md) refuse the
// arguments, and otherwise returns the shape those rules give. Calls whose
// result or intermediate results would hold more than 100000 elements are
// not made.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "loom/fft.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using namespace loom::fuzz;

constexpr wide fft_largest_result = 100000;

// What NumPy's rules give: a refusal, or a result's shape and its largest
// element count on the way.
struct fft_expected {
    refusal kind = refusal::none;
    shape_type shape;
    wide largest = 0;
};

std::optional<std::size_t> fft_axis_of(index_t axis, std::size_t rank) {
    const auto r = static_cast<index_t>(rank);
    if (axis < -r || axis >= r) return std::nullopt;
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

// `shape` with `axis` at `size`: the refusal of loom's memory check, or the shape.
bool fft_resize(fft_expected& e, std::size_t axis, index_t size, index_t kept) {
    shape_type next = e.shape;
    next[axis] = size;
    // Every size but 0 counts, as in tensor's constructor.
    wide count = 1;
    wide bytes = 16;
    bool overflow = false;
    for (index_t s : next) {
        count *= s;
        if (s != 0) bytes *= s;
        if (bytes > wide(std::numeric_limits<index_t>::max())) overflow = true;
        if (overflow) break;
    }
    if (overflow) {
        e.kind = refusal::invalid_argument;
        return false;
    }
    if (count > e.largest) e.largest = count;
    next[axis] = kept;
    e.shape = next;
    return true;
}

fft_expected fft_one(const shape_type& shape, std::optional<index_t> n, index_t axis, int kind) {
    // kind: 0 fft or ifft, 1 rfft, 2 irfft.
    fft_expected e{refusal::none, shape, 0};
    const auto a = fft_axis_of(axis, shape.size());
    if (!a) return {refusal::out_of_range, {}, 0};
    const index_t points = n ? *n : kind == 2 ? 2 * (shape[*a] - 1) : shape[*a];
    if (points < 1) return {refusal::invalid_argument, {}, 0};
    fft_resize(e, *a, points, kind == 1 ? points / 2 + 1 : points);
    return e;
}

fft_expected fft_many(const shape_type& shape, const std::optional<std::vector<index_t>>& s,
                      const std::optional<std::vector<index_t>>& axes, int kind) {
    // kind: 0 fftn or ifftn, 1 rfftn, 2 irfftn.
    fft_expected e{refusal::none, shape, 0};
    std::vector<std::size_t> chosen;
    if (axes) {
        for (index_t axis : *axes) {
            const auto a = fft_axis_of(axis, shape.size());
            if (!a) return {refusal::out_of_range, {}, 0};
            chosen.push_back(*a);
        }
    } else {
        const std::size_t count = s ? s->size() : shape.size();
        if (count > shape.size()) return {refusal::invalid_argument, {}, 0};
        for (std::size_t d = shape.size() - count; d < shape.size(); ++d) chosen.push_back(d);
    }
    if (s && s->size() != chosen.size()) return {refusal::invalid_argument, {}, 0};
    std::vector<index_t> sizes;
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        const bool last_real = kind == 2 && i + 1 == chosen.size();
        const index_t size = s ? (*s)[i] : last_real ? 2 * (shape[chosen[i]] - 1) : shape[chosen[i]];
        if (size < 1) return {refusal::invalid_argument, {}, 0};
        sizes.push_back(size);
    }
    if (kind != 0 && chosen.empty()) return {refusal::invalid_argument, {}, 0};
    const std::size_t last = chosen.size() - 1;
    if (kind == 0) {
        for (std::size_t i = chosen.size(); i-- > 0;)
            if (!fft_resize(e, chosen[i], sizes[i], sizes[i])) return e;
    } else if (kind == 1) {
        if (!fft_resize(e, chosen[last], sizes[last], sizes[last] / 2 + 1)) return e;
        for (std::size_t i = 0; i < last; ++i)
            if (!fft_resize(e, chosen[i], sizes[i], sizes[i])) return e;
    } else {
        for (std::size_t i = 0; i < last; ++i)
            if (!fft_resize(e, chosen[i], sizes[i], sizes[i])) return e;
        fft_resize(e, chosen[last], sizes[last], sizes[last]);
    }
    return e;
}

template <class Call>
void fft_check(const fft_expected& e, const std::string& call, Call run) {
    if (e.largest > fft_largest_result) return;
    shape_type got;
    const outcome o = attempt([&] { got = run(); });
    require_kind(o, e.kind, call);
    if (!o.refused()) require(got == e.shape, call + ": shape " + text(got) + ", expected " + text(e.shape));
}

std::optional<std::vector<index_t>> fft_list(byte_reader& in) {
    if (in.next() % 3 == 0) return std::nullopt;
    std::vector<index_t> values(static_cast<std::size_t>(in.below(5)));
    for (index_t& v : values) v = in.hostile(-4, 9);
    return values;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned operation = in.next() % 8;
    shape_type shape(static_cast<std::size_t>(in.below(4)));
    for (index_t& s : shape) s = in.below(5);
    tensor<double> x(shape);
    for (index_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<double>(in.between(-8, 8));
    const bool transposed = in.flag();
    shape_type seen = shape;
    if (transposed) std::reverse(seen.begin(), seen.end());
    const std::optional<index_t> n = in.flag() ? std::optional<index_t>(in.hostile(-2, 12)) : std::nullopt;
    const index_t axis = in.hostile(-4, 3);
    const auto s = fft_list(in);
    const auto axes = fft_list(in);
    const auto mode = loom::fft::norm(in.below(3));
    const std::string where = " of " + text(seen);
    const auto run = [&](auto f) { return transposed ? f(x.transpose()) : f(x.view()); };

    switch (operation) {
        case 0:
            fft_check(fft_one(seen, n, axis, 0), "fft" + where, [&] {
                return run([&](const auto& v) { return loom::fft::fft(v, n, axis, mode).shape(); });
            });
            break;
        case 1:
            fft_check(fft_one(seen, n, axis, 1), "rfft" + where, [&] {
                return run([&](const auto& v) { return loom::fft::rfft(v, n, axis, mode).shape(); });
            });
            break;
        case 2:
            fft_check(fft_one(seen, n, axis, 2), "irfft" + where, [&] {
                return run([&](const auto& v) { return loom::fft::irfft(v, n, axis, mode).shape(); });
            });
            break;
        case 3:
            fft_check(fft_many(seen, s, axes, 0), "ifftn" + where, [&] {
                return run([&](const auto& v) { return loom::fft::ifftn(v, s, axes, mode).shape(); });
            });
            break;
        case 4:
            fft_check(fft_many(seen, s, axes, 1), "rfftn" + where, [&] {
                return run([&](const auto& v) { return loom::fft::rfftn(v, s, axes, mode).shape(); });
            });
            break;
        case 5:
            fft_check(fft_many(seen, s, axes, 2), "irfftn" + where, [&] {
                return run([&](const auto& v) { return loom::fft::irfftn(v, s, axes, mode).shape(); });
            });
            break;
        case 6: {
            const index_t length = in.hostile(-2, 12);
            const double spacing = in.flag() ? 0.0 : static_cast<double>(in.between(-3, 3)) / 2;
            const bool refused = length < 1 || spacing == 0.0;
            const bool real = in.flag();
            fft_expected e{refused ? refusal::invalid_argument : refusal::none,
                           shape_type{real ? length / 2 + 1 : length}, wide(length)};
            fft_check(e, "fftfreq", [&] {
                return (real ? loom::fft::rfftfreq(length, spacing) : loom::fft::fftfreq(length, spacing)).shape();
            });
            break;
        }
        default: {
            fft_expected e{refusal::none, seen, 0};
            if (axes) {
                for (index_t a : *axes)
                    if (!fft_axis_of(a, seen.size())) e = {refusal::out_of_range, {}, 0};
            }
            fft_check(e, "fftshift" + where, [&] {
                return run([&](const auto& v) { return loom::fft::fftshift(v, axes).shape(); });
            });
            break;
        }
    }
    return 0;
}
