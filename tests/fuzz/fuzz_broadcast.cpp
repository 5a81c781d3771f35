// Fuzzes the broadcast rules on shapes of ranks 0 to 40 whose sizes are
// small or hostile (0, 1, 2^31, 2^62, the limits of index_t, negative):
// broadcast_shapes of 1 to 4 shapes, broadcast_shapes under every spec
// (broadcast::none, numpy, pdpd(axis), paddle_elementwise(axis)),
// pdpd_placement, and add(a, b, spec) on tensors when the shapes are small.
// Property: each result equals the one NumPy's rule (and the PDPD placement
// of docs/semantics.md) gives, computed here; each refusal happens exactly
// when that rule refuses, is std::invalid_argument for a negative size and
// broadcast_error otherwise, and its message shows the shapes as `[a, b]`.

#include <algorithm>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using sizes = std::vector<index_t>;

// A shape: mostly of rank 0 to 4 and sizes 0 to 3, now and then of rank up
// to 40, or with hostile sizes.
sizes random_shape(byte_reader& in, bool hostile) {
    const unsigned r = in.next();
    const std::size_t rank = r < 230 ? r % 5 : r % 41;
    sizes shape(rank);
    for (index_t& s : shape) s = hostile ? in.hostile(0, 3) : in.below(4);
    return shape;
}

// A shape like `base` aligned on the right: equal, with some sizes set to
// 1 or changed, or some leading dimensions dropped or added.
sizes similar_shape(byte_reader& in, const sizes& base, bool hostile) {
    if (in.below(4) == 0) return random_shape(in, hostile);
    sizes shape = base;
    const index_t dropped = in.below(3);
    for (index_t k = 0; k < dropped && !shape.empty(); ++k) shape.erase(shape.begin());
    const index_t added = in.below(2);
    for (index_t k = 0; k < added; ++k) shape.insert(shape.begin(), in.below(3));
    for (index_t& s : shape) {
        const unsigned change = in.next() % 8;
        if (change == 0) s = 1;
        if (change == 1) s = hostile ? in.hostile(0, 3) : in.below(4);
    }
    return shape;
}

shape_type shape_of(const sizes& s) { return shape_type(s.begin(), s.end()); }

bool has_negative(const sizes& s) {
    return std::any_of(s.begin(), s.end(), [](index_t x) { return x < 0; });
}

// NumPy's rule: aligned on the right, each pair equal or one of them 1.
std::optional<sizes> numpy_rule(const std::vector<sizes>& shapes) {
    std::size_t rank = 0;
    for (const sizes& s : shapes) rank = std::max(rank, s.size());
    sizes result(rank, 1);
    for (const sizes& s : shapes) {
        for (std::size_t j = 0; j < s.size(); ++j) {
            index_t& r = result[rank - s.size() + j];
            if (s[j] == 1) continue;
            if (r != 1 && r != s[j]) return std::nullopt;
            r = s[j];
        }
    }
    return result;
}

// The PDPD placement of b onto a at `axis`: b without its trailing 1s,
// padded with 1s to a's rank; nothing when it does not fit.
std::optional<sizes> placement(const sizes& a, const sizes& b, index_t axis) {
    if (b.size() > a.size()) return std::nullopt;
    const index_t start = axis == -1 ? static_cast<index_t>(a.size() - b.size()) : axis;
    if (start < 0) return std::nullopt;
    std::size_t trimmed = b.size();
    while (trimmed > 0 && b[trimmed - 1] == 1) --trimmed;
    if (static_cast<std::uint64_t>(start) + trimmed > a.size()) return std::nullopt;
    sizes placed(a.size(), 1);
    for (std::size_t j = 0; j < trimmed; ++j) placed[static_cast<std::size_t>(start) + j] = b[j];
    return placed;
}

enum class spec_kind { none, numpy, pdpd, paddle };

loom::broadcast_spec spec_of(spec_kind kind, index_t axis) {
    switch (kind) {
        case spec_kind::none: return loom::broadcast::none;
        case spec_kind::numpy: return loom::broadcast::numpy;
        case spec_kind::pdpd: return loom::broadcast::pdpd(axis);
        case spec_kind::paddle: return loom::broadcast::paddle_elementwise(axis);
    }
    return loom::broadcast::numpy;
}

// The result shape of a binary operation under a spec; nothing when refused.
std::optional<sizes> under_spec(const sizes& a, const sizes& b, spec_kind kind, index_t axis) {
    switch (kind) {
        case spec_kind::none:
            if (a == b) return a;
            return std::nullopt;
        case spec_kind::numpy: return numpy_rule({a, b});
        case spec_kind::pdpd: {
            const auto p = placement(a, b, axis);
            if (!p) return std::nullopt;
            for (std::size_t d = 0; d < a.size(); ++d) {
                if ((*p)[d] != 1 && (*p)[d] != a[d]) return std::nullopt;
            }
            return a;
        }
        case spec_kind::paddle: {
            const auto p = placement(a, b, axis);
            if (!p) return std::nullopt;
            return numpy_rule({a, *p});
        }
    }
    return std::nullopt;
}

// Checks an outcome against the expected result: refused exactly when
// `expected` is empty, std::invalid_argument for a negative size,
// broadcast_error otherwise, naming the shapes `named`; a rule's result
// (`counted`) whose elements index_t does not hold, std::length_error.
void check(const outcome& o, const std::optional<sizes>& expected, bool negative, const std::vector<sizes>& named,
           const std::string& call, bool counted = true) {
    if (negative) {
        require_kind(o, refusal::invalid_argument, call);
        require_mentions(o, "negative size");
        bool any = false;
        for (const sizes& s : named) any = any || (has_negative(s) && o.message.find(text(s)) != std::string::npos);
        require(any, call + ": the message \"" + o.message + "\" names no shape with a negative size");
        return;
    }
    if (counted && expected && !has_countable_elements(*expected)) {  // refused where it is built: docs/errors.md
        require_kind(o, refusal::length_error, call);
        require_mentions(o, "more elements than fit");
        return;
    }
    require_kind(o, expected ? refusal::none : refusal::broadcast, call);
    if (!o.refused()) return;
    for (const sizes& s : named) require_mentions(o, text(s));
}

// The elements of add(a, b, spec) on tensors of counting values.
void check_add(const sizes& a_sizes, const sizes& b_sizes, spec_kind kind, index_t axis, const std::optional<sizes>& expected,
               const std::string& call) {
    const shape_type as = shape_of(a_sizes), bs = shape_of(b_sizes);
    loom::tensor<int> a(as), b(bs);
    for (index_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<int>(i);
    for (index_t i = 0; i < b.size(); ++i) b.data()[i] = 1000 * static_cast<int>(i);
    loom::tensor<int> result;
    const outcome o = attempt([&] { result = loom::add(a, b, spec_of(kind, axis)); });
    require_kind(o, expected ? refusal::none : refusal::broadcast, call + " on tensors");
    if (!expected) return;
    require(sizes_of(result.shape()) == *expected, call + " on tensors: shape " + text(result.shape()));
    // Where each operand's dimensions sit in the result.
    const std::size_t rank = expected->size();
    sizes b_aligned(rank, 1);
    std::vector<std::size_t> b_at(b_sizes.size(), rank);  // rank: not placed (a trailing 1)
    if (kind == spec_kind::pdpd || kind == spec_kind::paddle) {
        const index_t start = axis == -1 ? static_cast<index_t>(a_sizes.size() - b_sizes.size()) : axis;
        for (std::size_t j = 0; j < b_sizes.size(); ++j) {
            if (static_cast<std::size_t>(start) + j < rank) b_at[j] = static_cast<std::size_t>(start) + j;
        }
    } else {
        for (std::size_t j = 0; j < b_sizes.size(); ++j) b_at[j] = rank - b_sizes.size() + j;
    }
    for_each_element(result.shape(), result.strides(), 0, [&](const std::vector<index_t>& index, index_t at) {
        index_t fa = 0, fb = 0;
        for (std::size_t j = 0; j < a_sizes.size(); ++j) {
            const index_t i = index[rank - a_sizes.size() + j];
            fa = fa * a_sizes[j] + (a_sizes[j] == 1 ? 0 : i);
        }
        for (std::size_t j = 0; j < b_sizes.size(); ++j) {
            const index_t i = b_at[j] < rank ? index[b_at[j]] : 0;
            fb = fb * b_sizes[j] + (b_sizes[j] == 1 ? 0 : i);
        }
        require(result.data()[at] == static_cast<int>(fa) + 1000 * static_cast<int>(fb), call + ": a wrong element");
    });
}

// The element count of a tensor of shape `s`, or -1 when it is too large to
// fill and walk here. A 0 among the sizes makes the count 0, but the other
// sizes still bound the strides (a [0, 3, ..., 3] of rank 40 is refused), so
// they are bounded too.
index_t count_of(const sizes& s) {
    index_t n = 1, nonzero = 1;
    for (index_t x : s) {
        if (x > 64 || x < 0) return -1;
        n *= x;
        if (x != 0) nonzero *= x;
        if (nonzero > 4096) return -1;
    }
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned operation = in.next() % 3;
    const bool hostile = in.below(3) == 0;
    std::vector<sizes> shapes{random_shape(in, hostile)};
    const std::size_t count = static_cast<std::size_t>(in.between(1, 4));
    for (std::size_t k = 1; k < count; ++k) shapes.push_back(similar_shape(in, shapes[0], hostile));
    bool negative = false;
    for (const sizes& s : shapes) negative = negative || has_negative(s);

    if (operation == 0) {  // broadcast_shapes of 1 to 4 shapes
        const std::vector<shape_type> s = [&] {
            std::vector<shape_type> out;
            for (const sizes& x : shapes) out.push_back(shape_of(x));
            return out;
        }();
        shape_type result;
        const outcome o = attempt([&] {
            switch (count) {
                case 1: result = loom::broadcast_shapes(s[0]); break;
                case 2: result = loom::broadcast_shapes(s[0], s[1]); break;
                case 3: result = loom::broadcast_shapes(s[0], s[1], s[2]); break;
                default: result = loom::broadcast_shapes(s[0], s[1], s[2], s[3]); break;
            }
        });
        const auto expected = numpy_rule(shapes);
        check(o, expected, negative, negative || count == 2 ? shapes : std::vector<sizes>{}, "broadcast_shapes");
        if (!o.refused()) require(sizes_of(result) == *expected, "broadcast_shapes gave " + text(result));
        if (o.kind == refusal::broadcast) {
            // The two shapes that disagree are named: at least two of the inputs.
            std::size_t named = 0;
            for (const sizes& x : shapes) named += o.message.find(text(x)) != std::string::npos ? 1 : 0;
            require(named >= 2, "broadcast_shapes: \"" + o.message + "\" names fewer than two shapes");
        }
        return 0;
    }

    const sizes& a = shapes[0];
    const sizes b = shapes.size() > 1 ? shapes[1] : similar_shape(in, a, hostile);
    negative = has_negative(a) || has_negative(b);
    const unsigned axis_choice = in.next() % 4;
    const index_t axis = axis_choice == 0 ? -1 : axis_choice == 1 ? in.hostile(-3, 6) : in.between(-2, 5);

    if (operation == 1) {  // pdpd_placement
        shape_type result;
        const outcome o = attempt([&] { result = loom::pdpd_placement(shape_of(a), shape_of(b), axis); });
        const auto expected = placement(a, b, axis);
        check(o, expected, negative, {a, b}, "pdpd_placement", false);  // a placement, not a result
        if (!o.refused()) require(sizes_of(result) == *expected, "pdpd_placement gave " + text(result));
        return 0;
    }

    // broadcast_shapes(a, b, spec), and add(a, b, spec) when the tensors are small
    const auto kind = static_cast<spec_kind>(in.next() % 4);
    const std::string call = "broadcast_shapes(" + text(a) + ", " + text(b) + ", spec " +
                             std::to_string(static_cast<int>(kind)) + ", axis " + std::to_string(axis) + ")";
    shape_type result, placed;
    const outcome o = attempt([&] { result = loom::broadcast_shapes(shape_of(a), shape_of(b), spec_of(kind, axis), &placed); });
    const auto expected = under_spec(a, b, kind, axis);
    check(o, expected, negative, {a, b}, call);
    if (!o.refused()) {
        require(sizes_of(result) == *expected, call + " gave " + text(result));
        if (kind == spec_kind::pdpd || kind == spec_kind::paddle) {
            require(sizes_of(placed) == *placement(a, b, axis), call + " placed b as " + text(placed));
        }
    }
    if (!negative && count_of(a) >= 0 && count_of(b) >= 0 && (!expected || count_of(*expected) >= 0)) {
        check_add(a, b, kind, axis, expected, call);
    }
    return 0;
}
