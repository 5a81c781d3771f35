// Fuzzes printing: to_string of tensors of every kind of element type (bool,
// int8, uint8, int32, int64, uint64, float32, float64) of ranks 0 to 3 and
// sizes 0 to 5, with values at the limits of the type, NaN, infinities,
// -0.0 and subnormals, seen as they are, transposed, flipped, or broadcast
// to a view of up to 2^50 elements; and print_options with hostile values
// (negative, 0, 2^62, the limits of their types).
// Property: options that make no sense throw std::invalid_argument exactly
// as check_print_options documents; otherwise the text is not empty, its
// brackets balance ("[]" for an empty array, a bare value for rank 0), "..."
// appears exactly when items are left out, and no single allocation is
// larger than a small multiple of the text plus 16 KiB, whatever the
// precision or the size of the view.

#include <bit>
#include <cmath>
#include <optional>
#include <sstream>

#include "fuzz_support.hpp"
#include "largest_allocation.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;

template <class T>
T random_value(byte_reader& in) {
    const unsigned c = in.next();
    if constexpr (std::same_as<T, bool>) {
        return (c & 1) != 0;
    } else if constexpr (std::is_integral_v<T>) {
        if (c < 200) return static_cast<T>(static_cast<int>(c % 21) - (std::is_signed_v<T> ? 10 : 0));
        static constexpr T extremes[] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(100), T(0)};
        return extremes[c % 4];
    } else {
        if (c < 128) return static_cast<T>(static_cast<int>(c % 41) - 20) / T(8);
        static constexpr double extremes[] = {
            0.1, -0.0, 1e16, 1e-5, 123456789.125, 1e300, -1e300, 1e-300, 5e-324, 3.4e38, 1.17e-38, 1.4e-45,
            1e10, 0.5, 2.0 / 3.0,
            std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
            std::numeric_limits<double>::quiet_NaN(),
        };
        const unsigned pick = c - 128;
        if (pick < sizeof(extremes) / sizeof(extremes[0])) return static_cast<T>(extremes[pick]);
        if constexpr (sizeof(T) == 8) return std::bit_cast<T>(in.u64());
        else return std::bit_cast<T>(static_cast<std::uint32_t>(in.u64()));
    }
}

loom::print_options random_options(byte_reader& in) {
    loom::print_options o;
    constexpr index_t max = std::numeric_limits<index_t>::max(), min = std::numeric_limits<index_t>::min();
    if (in.flag()) {
        static constexpr int precisions[] = {-1, std::numeric_limits<int>::min(), 0, 1, 2, 3, 8, 16, 17, 30, 100,
                                             std::numeric_limits<int>::max()};
        o.precision = precisions[in.below(12)];
    }
    if (in.flag()) {
        static constexpr index_t thresholds[] = {-1, min, 0, 1, 2, 5, 10, 1000, max};
        o.threshold = thresholds[in.below(9)];
    }
    if (in.flag()) {
        static constexpr index_t edges[] = {0, -1, 1, 2, 3, 4, (index_t{1} << 62) - 1, index_t{1} << 62, max, min};
        o.edgeitems = edges[in.below(10)];
    }
    if (in.flag()) {
        static constexpr index_t widths[] = {0, -1, 1, 2, 5, 10, 20, 75, 200, max, min};
        o.linewidth = widths[in.below(11)];
    }
    return o;
}

bool valid(const loom::print_options& o) {
    return o.precision >= 0 && o.threshold >= 0 && o.edgeitems >= 1 && o.edgeitems <= (std::numeric_limits<index_t>::max() - 1) / 2 &&
           o.linewidth >= 1;
}

template <class View>
void check_text(const View& v, const loom::print_options& options, const std::string& what) {
    std::string out;
    reset_largest_allocation();
    const outcome o = attempt([&] { out = loom::to_string(v, options); });
    const std::size_t largest = largest_allocation();
    if (!valid(options)) {
        require_kind(o, refusal::invalid_argument, what);
        require_mentions(o, "print_options.");
        return;
    }
    require_kind(o, refusal::none, what);
    require(!out.empty(), what + ": empty text");
    require(largest <= 8 * out.size() + 16384,
            what + ": an allocation of " + std::to_string(largest) + " bytes for " + std::to_string(out.size()) + " characters");
    if (v.ndim() == 0) {
        require(out.find('[') == std::string::npos, what + ": a rank-0 array printed with brackets: " + out);
        return;
    }
    if (v.size() == 0) {
        require(out == "[]", what + ": an empty array printed as " + out);
        return;
    }
    index_t depth = 0, deepest = 0;
    for (char c : out) {
        if (c == '[') deepest = std::max(deepest, ++depth);
        if (c == ']') require(--depth >= 0, what + ": unbalanced brackets");
    }
    require(depth == 0 && deepest == static_cast<index_t>(v.ndim()), what + ": brackets: " + out);
    require(out.front() == '[' && out.back() == ']', what + ": " + out);
    // "..." stands for the items left out, and only when some are.
    bool summarised = false;
    if (v.size() > options.threshold) {
        for (index_t s : v.shape()) summarised = summarised || s > 2 * options.edgeitems;
    }
    require((out.find("...") != std::string::npos) == summarised, what + ": summarised or not: " + out);
}

template <class T>
void run(byte_reader& in) {
    shape_type shape(static_cast<std::size_t>(in.below(4)));
    for (index_t& s : shape) s = in.below(6);
    loom::tensor<T> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = random_value<T>(in);
    const loom::print_options options = random_options(in);
    std::optional<loom::tensor_view<T>> v(t.view());
    std::string what = std::string(loom::type_name<T>()) + " " + text(shape);
    switch (in.next() % 5) {
        case 0: v.emplace(loom::transpose(t)); what += " transposed"; break;
        case 1:
            if (t.ndim() > 0) v.emplace(loom::flip(t, 0));
            what += " flipped";
            break;
        case 2: {
            // A broadcast view far too large to print whole: only when the
            // options summarise it to a few items.
            if (!valid(options) || options.threshold > 1000 || options.edgeitems > 4) break;
            shape_type target = t.shape();
            for (index_t& s : target) {
                if (s == 1) s = index_t{1} << 10;
            }
            target.insert(target.begin(), in.flag() ? index_t{1} << 20 : index_t{3});
            v.emplace(loom::broadcast_to(t, target));
            what += " broadcast to " + text(target);
            break;
        }
        default: break;
    }
    check_text(*v, options, what);
    if (in.below(8) == 0) {
        check_text(t, options, what + " (the tensor)");
        std::ostringstream stream;
        stream << t;
        require(stream.str() == loom::to_string(t), what + ": operator<< differs from to_string");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    switch (in.next() % 8) {
        case 0: run<bool>(in); break;
        case 1: run<std::int8_t>(in); break;
        case 2: run<std::uint8_t>(in); break;
        case 3: run<std::int32_t>(in); break;
        case 4: run<std::int64_t>(in); break;
        case 5: run<std::uint64_t>(in); break;
        case 6: run<float>(in); break;
        default: run<double>(in); break;
    }
    return 0;
}
