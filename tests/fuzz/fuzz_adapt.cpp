// Fuzzes adapt(pointer, shape, strides) over a heap buffer of 0 to 48 int32
// allocated at its exact size each run (so that AddressSanitizer sees any
// access past it), from any offset inside it, with shapes of rank 0 to 4
// whose sizes may be hostile (negative, 2^31, 2^62, the limits of index_t)
// and any strides (0, negative, at the limits of index_t), and now and then
// strides of another rank than the shape.
// Property: adapt throws the documented exception exactly when
// check_adapted (adapt.hpp) refuses: std::invalid_argument for a negative
// size, strides of another rank or strides whose reach overflows an index,
// std::length_error for more elements than an index counts. An accepted view
// has the shape and strides given; when the reach computed here lies inside
// the buffer, every element does, and reading it (sum, a copy) gives the
// elements at the offsets enumerated here. A write (v = scalar, v += 1,
// v = sum(w, 0), v += v) is refused with std::invalid_argument, the buffer
// unchanged, exactly when two elements share memory (found by comparing
// every offset); otherwise it leaves the buffer as NumPy would, elements
// outside the view untouched. A view of more than 4096 elements is read and
// written only when its elements certainly share memory: the write must then
// be refused, before anything is read or written.

#include <algorithm>
#include <memory>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::tensor_view;

constexpr index_t largest_checked = 4096;

// What check_adapted refuses, in its order.
refusal expected_refusal(const shape_type& shape, const strides_type& strides) {
    for (index_t s : shape) {
        if (s < 0) return refusal::invalid_argument;
    }
    wide count = 1;
    bool zero = false, overflow = false;
    for (index_t s : shape) {
        zero = zero || s == 0;
        count *= s;
        if (!zero && count > std::numeric_limits<index_t>::max()) overflow = true;
        if (overflow) count = 1;
    }
    if (!zero && overflow) return refusal::length_error;
    if (strides.size() != shape.size()) return refusal::invalid_argument;
    if (zero) return refusal::none;
    wide reach = 0;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] == 1) continue;
        if (strides[d] == std::numeric_limits<index_t>::min()) return refusal::invalid_argument;
        reach += wide(strides[d] < 0 ? -strides[d] : strides[d]) * (shape[d] - 1);
        if (reach > std::numeric_limits<index_t>::max()) return refusal::invalid_argument;
    }
    return refusal::none;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const index_t count = in.below(49);
    const std::unique_ptr<int[]> buffer(new int[static_cast<std::size_t>(count)]);
    for (index_t i = 0; i < count; ++i) buffer[static_cast<std::size_t>(i)] = static_cast<int>(i * 3 + 1);
    const index_t start = in.below(count + 1);
    int* const p = buffer.get() + start;

    shape_type shape(static_cast<std::size_t>(in.below(5)));
    for (index_t& s : shape) s = in.hostile(0, 4);
    strides_type strides(shape.size());
    for (index_t& s : strides) s = in.hostile(-6, 6);
    if (in.below(16) == 15) strides.resize(static_cast<std::size_t>(in.below(5)), 1);
    const std::string call = "adapt(buffer of " + std::to_string(count) + " + " + std::to_string(start) + ", " +
                             text(shape) + ", " + text(std::vector<index_t>(strides.begin(), strides.end())) + ")";

    std::optional<tensor_view<int>> view;
    const outcome o = attempt([&] { view.emplace(loom::adapt(p, shape, strides)); });
    require_kind(o, expected_refusal(shape, strides), call);
    if (o.refused()) return 0;
    tensor_view<int>& v = *view;
    require(v.shape() == shape && v.strides() == strides, call + ": the view has shape " + text(v.shape()));

    if (std::find(shape.begin(), shape.end(), 0) != shape.end()) return 0;
    wide elements = 1;  // the count fits in index_t: adapt counted it
    for (index_t s : shape) elements *= s;
    require(v.data() == p, call + ": the view does not start at the pointer");
    const reach r = reach_of(shape, strides, start);
    if (r.low < 0 || r.high >= count) return 0;  // outside the caller's memory: not to be touched
    require_inside(v, buffer.get(), count, call);

    const std::vector<int> before(buffer.get(), buffer.get() + count);
    const auto unchanged = [&] { return std::equal(before.begin(), before.end(), buffer.get()); };
    if (elements > largest_checked) {
        // Shared memory is certain when a stride-0 dimension has 2 or more
        // elements, or there are more elements than addresses in reach.
        bool shared = r.high - r.low + 1 < elements;
        for (std::size_t d = 0; d < shape.size(); ++d) shared = shared || (strides[d] == 0 && shape[d] > 1);
        if (!shared) return 0;
        const outcome w = attempt([&] { v = 7; });
        require_kind(w, refusal::invalid_argument, call + " = 7");
        require(unchanged(), call + " = 7 wrote before refusing");
        return 0;
    }

    // The offsets of the elements, in row-major order, and whether two meet.
    std::vector<index_t> offsets;
    for_each_element(shape, strides, start, [&](const std::vector<index_t>&, index_t at) { offsets.push_back(at); });
    std::vector<index_t> sorted = offsets;
    std::sort(sorted.begin(), sorted.end());
    const bool overlap = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();

    // Reading: the sum and a copy.
    std::int64_t want_sum = 0;
    for (index_t at : offsets) want_sum += before[static_cast<std::size_t>(at)];
    require(tensor<std::int64_t>(loom::sum(v)).item() == want_sum, call + ": sum");
    const tensor<int> copy(v);
    require(copy.shape() == shape, call + ": the copy's shape");
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        if (copy.data()[i] != before[static_cast<std::size_t>(offsets[i])]) fail(call + ": element " + std::to_string(i) + " of the copy");
    }

    // Writing.
    const unsigned op = in.next() % 4;
    shape_type wshape = shape;
    wshape.insert(wshape.begin(), 2);
    tensor<int> w(wshape);
    for (index_t i = 0; i < w.size(); ++i) w.data()[i] = static_cast<int>(i * 5 - 7);
    static const char* const ops[] = {" = 7", " += 1", " = sum(w, 0)", " += itself"};
    const std::string write = call + ops[op];
    const outcome result = attempt([&] {
        switch (op) {
            case 0: v = 7; break;
            case 1: v += 1; break;
            case 2: v = loom::sum(w, 0); break;
            default: v += v; break;
        }
    });
    if (overlap) {
        require_kind(result, refusal::invalid_argument, write + " (elements share memory)");
        require(unchanged(), write + " changed the buffer before refusing");
        return 0;
    }
    require_kind(result, refusal::none, write);
    std::vector<int> want = before;
    const std::size_t n = offsets.size();
    for (std::size_t i = 0; i < n; ++i) {
        int& x = want[static_cast<std::size_t>(offsets[i])];
        const int old = before[static_cast<std::size_t>(offsets[i])];
        x = op == 0 ? 7 : op == 1 ? old + 1 : op == 2 ? w.data()[i] + w.data()[n + i] : old + old;
    }
    require(std::equal(want.begin(), want.end(), buffer.get()), write + ": the buffer is not as NumPy leaves it");
    return 0;
}
