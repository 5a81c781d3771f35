// Fuzzes the views that broadcast an array to a shape: broadcast_to (alone
// and under broadcast::none, numpy, pdpd(axis) and paddle_elementwise(axis)),
// expand (with -1) and broadcast_bidirectional, from a tensor of rank 0 to 3
// and sizes 0 to 3 (or its transpose) to target shapes of rank 0 to 6 whose
// sizes may be hostile: negative, 2^31, 2^62, the limits of index_t, and
// products that overflow.
// Property: each call throws the documented exception exactly when the
// rules refuse it (std::invalid_argument for a negative size,
// broadcast_error for sizes that do not broadcast, std::length_error at once
// for sizes other than 0 whose product index_t cannot count), naming the shapes as `[a, b]`;
// otherwise the view has the shape the rules give, every element inside the
// tensor's memory and equal to the element it broadcasts, and it is writable
// exactly when no two of its elements share memory.

#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor_view;
using sizes = std::vector<index_t>;

// The reference's answer: a refusal, or the shape and, for each dimension
// of x, the dimension of the result it sits at (-1: none, a size-1 dimension).
struct expected_view {
    refusal kind = refusal::none;
    sizes shape;
    std::vector<index_t> map;
};

expected_view refused(refusal kind) { return {kind, {}, {}}; }

bool has_negative(const sizes& s) {
    for (index_t x : s) {
        if (x < 0) return true;
    }
    return false;
}

// Whether a view of `shape` may exist: the product of its sizes other than
// 0 must fit in index_t, even when a 0 leaves it without elements (NumPy
// refuses such a shape too: "array is too big").
bool countable(const sizes& shape) {
    wide n = 1;
    for (index_t s : shape) {
        if (s != 0) n *= s;
        if (n > std::numeric_limits<index_t>::max()) return false;
    }
    return true;
}

// x seen as `target`, dimension j of x at map[j]: each size equal or 1.
expected_view onto(const sizes& x, const sizes& target, const std::vector<index_t>& map) {
    for (std::size_t j = 0; j < x.size(); ++j) {
        const index_t wanted = map[j] < 0 ? 1 : target[static_cast<std::size_t>(map[j])];
        if (x[j] != wanted && x[j] != 1) return refused(refusal::broadcast);
    }
    if (!countable(target)) return refused(refusal::length_error);
    return {refusal::none, target, map};
}

// numpy.broadcast_to.
expected_view numpy_to(const sizes& x, const sizes& target) {
    if (has_negative(target)) return refused(refusal::invalid_argument);
    if (x.size() > target.size()) return refused(refusal::broadcast);
    std::vector<index_t> map(x.size());
    for (std::size_t j = 0; j < x.size(); ++j) map[j] = static_cast<index_t>(target.size() - x.size() + j);
    return onto(x, target, map);
}

// NumPy's rule for two shapes.
std::optional<sizes> numpy_rule(const sizes& a, const sizes& b) {
    const std::size_t rank = std::max(a.size(), b.size());
    sizes r(rank, 1);
    for (const sizes* s : {&a, &b}) {
        for (std::size_t j = 0; j < s->size(); ++j) {
            index_t& x = r[rank - s->size() + j];
            if ((*s)[j] == 1) continue;
            if (x != 1 && x != (*s)[j]) return std::nullopt;
            x = (*s)[j];
        }
    }
    return r;
}

// broadcast_to(x, target, spec): kind 0 none, 1 numpy, 2 pdpd, 3 paddle_elementwise.
expected_view spec_to(const sizes& x, const sizes& target, unsigned kind, index_t axis) {
    if (kind == 1) return numpy_to(x, target);
    if (has_negative(target)) return refused(refusal::invalid_argument);
    if (kind == 0) {
        if (x != target) return refused(refusal::broadcast);
        std::vector<index_t> map(x.size());
        for (std::size_t j = 0; j < x.size(); ++j) map[j] = static_cast<index_t>(j);
        return {refusal::none, target, map};
    }
    // The PDPD placement of x onto the target.
    if (x.size() > target.size()) return refused(refusal::broadcast);
    const index_t start = axis == -1 ? static_cast<index_t>(target.size() - x.size()) : axis;
    if (start < 0) return refused(refusal::broadcast);
    std::size_t trimmed = x.size();
    while (trimmed > 0 && x[trimmed - 1] == 1) --trimmed;
    if (static_cast<std::uint64_t>(start) + trimmed > target.size()) return refused(refusal::broadcast);
    sizes placed(target.size(), 1);
    std::vector<index_t> map(x.size(), -1);
    for (std::size_t j = 0; j < x.size() && static_cast<std::size_t>(start) + j < target.size(); ++j) {
        map[j] = start + static_cast<index_t>(j);
        if (j < trimmed) placed[static_cast<std::size_t>(start) + j] = x[j];
    }
    // paddle_elementwise first applies NumPy's rule to the target and x
    // placed, whose result must have an element count index_t holds; either
    // way x must then broadcast to the target.
    if (kind == 3) {
        const auto both = numpy_rule(target, placed);
        if (!both) return refused(refusal::broadcast);
        if (!has_countable_elements(*both)) return refused(refusal::length_error);
    }
    return onto(x, target, map);
}

sizes random_target(byte_reader& in, const sizes& x) {
    sizes target;
    if (in.below(3) != 0) {
        // x's shape with leading dimensions added and some 1s grown.
        target = x;
        for (index_t k = in.below(3); k > 0; --k) target.insert(target.begin(), in.hostile(0, 3));
        for (index_t& s : target) {
            const unsigned c = in.next() % 6;
            if (c == 0 && s == 1) s = in.hostile(0, 3);
            if (c == 1) s = in.hostile(0, 3);
        }
    } else {
        target.resize(static_cast<std::size_t>(in.below(7)));
        for (index_t& s : target) s = in.hostile(0, 3);
    }
    return target;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    shape_type shape(static_cast<std::size_t>(in.below(4)));
    for (index_t& s : shape) s = in.below(4);
    loom::tensor<int> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<int>(i);
    const int* base = t.data();
    const bool transposed = in.flag();
    const tensor_view<int> x = transposed ? loom::transpose(t) : t.view();
    const sizes xs = sizes_of(x.shape());
    sizes target = random_target(in, xs);

    std::optional<tensor_view<int>> v;
    expected_view e;
    std::string call;
    sizes named = target;  // the target shape the messages show
    switch (in.next() % 4) {
        case 0:
            call = "broadcast_to(" + text(xs) + ", " + text(target) + ")";
            e = numpy_to(xs, target);
            break;
        case 1: {
            const unsigned kind = in.next() % 4;
            const unsigned a = in.next() % 4;
            const index_t axis = a == 0 ? -1 : a == 1 ? in.hostile(-3, 6) : in.between(-2, 5);
            call = "broadcast_to(" + text(xs) + ", " + text(target) + ", spec " + std::to_string(kind) + " axis " +
                   std::to_string(axis) + ")";
            e = spec_to(xs, target, kind, axis);
            const loom::broadcast_spec spec = kind == 0   ? loom::broadcast::none
                                              : kind == 1 ? loom::broadcast::numpy
                                              : kind == 2 ? loom::broadcast::pdpd(axis)
                                                          : loom::broadcast::paddle_elementwise(axis);
            const outcome o = attempt([&] { v.emplace(loom::broadcast_to(x, loom::shape_type(target.begin(), target.end()), spec)); });
            // A target whose elements index_t does not hold, that x does not fit either, may be refused for either.
            const bool either = !has_negative(target) && !countable(target) &&
                                (e.kind == refusal::broadcast || e.kind == refusal::length_error);
            const bool refused_either_way = o.kind == refusal::broadcast || o.kind == refusal::length_error;
            require_kind(o, either && refused_either_way ? o.kind : e.kind, call);
            if (o.refused()) {
                require_mentions(o, text(target));
                if (o.kind == refusal::broadcast) require_mentions(o, text(xs));
                return 0;
            }
            break;
        }
        case 2: {
            // expand: -1 keeps a size of x (not a new dimension's)
            for (index_t& s : target) {
                if (in.below(4) == 0) s = -1;
            }
            call = "expand(" + text(xs) + ", " + text(target) + ")";
            const std::size_t added = target.size() >= xs.size() ? target.size() - xs.size() : 0;
            sizes resolved = target;
            bool new_kept = false;
            for (std::size_t d = 0; d < target.size(); ++d) {
                if (target[d] != -1) continue;
                if (d < added) {
                    new_kept = true;
                    break;
                }
                resolved[d] = xs[d - added];
            }
            e = new_kept ? refused(refusal::invalid_argument) : numpy_to(xs, resolved);
            named = new_kept ? target : resolved;
            const outcome o = attempt([&] { v.emplace(loom::expand(x, target)); });
            require_kind(o, e.kind, call);
            if (o.refused()) {
                require_mentions(o, text(named));
                if (o.kind == refusal::broadcast || new_kept) require_mentions(o, text(xs));
                return 0;
            }
            break;
        }
        default: {
            call = "broadcast_bidirectional(" + text(xs) + ", " + text(target) + ")";
            if (has_negative(target)) {
                e = refused(refusal::invalid_argument);
            } else if (const auto r = numpy_rule(xs, target)) {
                e = numpy_to(xs, *r);
                named = *r;
            } else {
                e = refused(refusal::broadcast);
            }
            const outcome o = attempt([&] { v.emplace(loom::broadcast_bidirectional(x, loom::shape_type(target.begin(), target.end()))); });
            require_kind(o, e.kind, call);
            if (o.refused()) {
                require_mentions(o, text(named));
                if (o.kind == refusal::broadcast) require_mentions(o, text(xs));
                return 0;
            }
            break;
        }
    }
    if (!v) {  // case 0
        const outcome o = attempt([&] { v.emplace(loom::broadcast_to(x, loom::shape_type(target.begin(), target.end()))); });
        require_kind(o, e.kind, call);
        if (o.refused()) {
            require_mentions(o, text(target));
            if (o.kind == refusal::broadcast) require_mentions(o, text(xs));
            return 0;
        }
    }

    // The view: its shape, its memory, its elements, whether it may be written.
    require(sizes_of(v->shape()) == e.shape, call + ": shape " + text(v->shape()));
    require_inside(*v, base, t.size(), call);
    bool shared = false;
    bool empty = false;
    for (std::size_t d = 0; d < e.shape.size(); ++d) empty = empty || e.shape[d] == 0;
    for (std::size_t d = 0; d < e.shape.size(); ++d) {
        bool from_x = false;
        for (std::size_t j = 0; j < xs.size(); ++j) from_x = from_x || (e.map[j] == static_cast<index_t>(d) && xs[j] != 1);
        shared = shared || (!empty && e.shape[d] > 1 && !from_x);
    }
    require(v->is_writable() == !shared, call + ": is_writable() is " + (v->is_writable() ? "true" : "false"));
    if (shared) {
        const std::vector<int> before(t.data(), t.data() + t.size());
        const outcome o = attempt([&] { *v = 7; });
        require_kind(o, refusal::invalid_argument, call + " = 7");
        require(std::vector<int>(t.data(), t.data() + t.size()) == before, call + " = 7 wrote before refusing");
    }
    if (!empty) {
        wide count = 1;
        for (index_t s : e.shape) {
            count *= s;
            if (count > 4096) return 0;  // the lowest and highest elements were checked
        }
    }
    const loom::strides_type& xstrides = x.strides();
    for_each_element(v->shape(), v->strides(), 0, [&](const std::vector<index_t>& index, index_t at) {
        index_t source = 0;  // x's element, in t's memory
        for (std::size_t j = 0; j < xs.size(); ++j) {
            if (xs[j] != 1) source += index[static_cast<std::size_t>(e.map[j])] * xstrides[j];
        }
        require(&v->data()[at] == x.data() + source, call + ": an element is not the one it broadcasts");
    });
    return 0;
}
