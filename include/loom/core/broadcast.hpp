#pragma once
// Broadcast rules (docs/semantics.md): NumPy's n-ary rule, the three
// broadcast specs of element-wise operations (none, numpy, pdpd) as
// OpenVINO's broadcast rules and PaddlePaddle's broadcasting guide define
// them, and the in-place rule that a destination never grows. Each
// broadcast_error they throw carries the rule and the shapes it refused,
// and explains the rule when asked (Note [explanations on demand] in
// core/errors.hpp). A result whose elements do not fit in index_t is refused
// with std::length_error (check_countable_result), as NumPy refuses it ("broadcast
// dimensions too large").

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "loom/core/broadcast_spec.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/explanation.hpp"
#include "loom/core/shape.hpp"

namespace loom {

namespace detail {

// NumPy's rule refusing a and b, sizes size_a and size_b at dimension dim of
// the result, among `shapes`, the operands of the broadcast.
[[noreturn]] inline void throw_not_broadcastable(const shape_type& a, const shape_type& b, index_t size_a,
                                                 index_t size_b, std::size_t dim, std::vector<shape_type> shapes) {
    throw broadcast_error("shapes " + to_string(a) + " and " + to_string(b) + " are not broadcastable: size " +
                          std::to_string(size_a) + " vs " + std::to_string(size_b) + " at dimension " +
                          std::to_string(dim) +
                          " (shapes align on the right; each pair of sizes must be equal or one of them 1)",
                          broadcast_refusal{explained_rule::numpy, std::move(shapes)});
}

// Throws std::length_error for `result`, the shape a rule gives `operands`,
// whose elements do not fit in index_t. The text is built only here, when it
// throws (NumPy: "broadcast dimensions too large").
template <class... Shapes>
[[noreturn, gnu::cold, gnu::noinline]] void throw_result_too_large(const shape_type& result,
                                                                  const Shapes&... operands) {
    const bool one = sizeof...(Shapes) == 1;
    throw std::length_error((one ? "shape " : "shapes ") + joined({to_string(operands)...}) +
                            (one ? " broadcasts to " : " broadcast to ") + to_string(result) +
                            ", which has more elements than fit in a " +
                            std::to_string(std::numeric_limits<index_t>::digits + 1) +
                            "-bit index; use smaller sizes");
}

// Throws std::length_error unless the element count of `result`, the shape a
// rule gives `operands`, fits in index_t (checked_element_count), as every
// array's must. Every rule's result passes here, so that no expression of a
// shape too large to count is ever built; a few multiplications, and no
// allocation unless it throws.
template <class... Shapes>
void check_countable_result(const shape_type& result, const Shapes&... operands) {
    if (!checked_element_count(result)) [[unlikely]] throw_result_too_large(result, operands...);
}

// The refusal of a PDPD rule: spec's kind names it.
inline broadcast_refusal placed_refusal(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    const bool paddle = spec.kind == broadcast_spec::mode::paddle_elementwise;
    return {paddle ? explained_rule::paddle_elementwise : explained_rule::pdpd, {a, b}, spec};
}

}  // namespace detail

/// The one rule of broadcasting to a shape: a size broadcasts to a target
/// size equal to it, or when it is 1.
constexpr bool size_broadcasts(index_t size, index_t target) { return size == target || size == 1; }

/// The map of an operand of rank `rank` aligned on the right in a shape of
/// rank `target_rank` (NumPy's alignment; rank <= target_rank).
inline dimension_map right_aligned_map(std::size_t rank, std::size_t target_rank) {
    dimension_map map(rank);
    for (std::size_t j = 0; j < rank; ++j) map[j] = static_cast<index_t>(target_rank - rank + j);
    return map;
}

/// True when `from` broadcasts to exactly `to` (NumPy's unidirectional rule:
/// aligned on the right, each size equal to the target's or 1).
inline bool broadcasts_to(const shape_type& from, const shape_type& to) {
    if (from.size() > to.size()) return false;
    const std::size_t offset = to.size() - from.size();
    for (std::size_t d = 0; d < from.size(); ++d) {
        if (!size_broadcasts(from[d], to[offset + d])) return false;
    }
    return true;
}

namespace detail {

// NumPy's rule for two shapes whose sizes are 0 or more: the path of every
// binary node, so it makes one copy and one pass.
inline shape_type broadcast_two(const shape_type& a, const shape_type& b) {
    const bool a_longer = a.size() >= b.size();
    const shape_type& shorter = a_longer ? b : a;
    shape_type result = a_longer ? a : b;
    const std::size_t offset = result.size() - shorter.size();
    for (std::size_t j = 0; j < shorter.size(); ++j) {
        const index_t size = shorter[j];
        index_t& taken = result[offset + j];
        if (size == taken || size == 1) continue;
        if (taken != 1) {
            if (a_longer) throw_not_broadcastable(a, b, taken, size, offset + j, {a, b});
            throw_not_broadcastable(a, b, size, taken, offset + j, {a, b});
        }
        taken = size;
    }
    check_countable_result(result, a, b);
    return result;
}

// broadcast_source for two shapes that differ.
inline int broadcast_source_of_unequal(const shape_type& a, const shape_type& b) {
    if (broadcasts_to(b, a)) return 0;
    return broadcasts_to(a, b) ? 1 : -1;
}

// broadcast_source for two shapes: equal shapes tested inline, in the
// constructor of the node, which then calls nothing (the commonest case).
[[gnu::always_inline]] inline int broadcast_source_of_pair(const shape_type& a, const shape_type& b) {
    return a == b ? 0 : broadcast_source_of_unequal(a, b);
}

// The index of the shape among `shapes` that NumPy's rule gives for all of
// them (each other one broadcasts to it), or -1 when the result is none of
// them or they do not broadcast. Most element-wise operations return the
// shape of one of their operands, so a node can use that shape and copy
// nothing (Note [shared shapes] in function_node.hpp);
// broadcast_valid_shapes computes the others, and the errors.
template <class... Shapes>
    requires(std::same_as<Shapes, shape_type> && ...)
int broadcast_source(const Shapes&... shapes) {
    if constexpr (sizeof...(Shapes) == 1) {
        return 0;
    } else if constexpr (sizeof...(Shapes) == 2) {  // most nodes: equal shapes tested inline
        return broadcast_source_of_pair(shapes...);
    } else {
        const std::array<const shape_type*, sizeof...(Shapes)> all{&shapes...};
        for (std::size_t k = 0; k < all.size(); ++k) {
            bool takes_all = true;
            for (std::size_t j = 0; j < all.size() && takes_all; ++j) {
                takes_all = j == k || broadcasts_to(*all[j], *all[k]);
            }
            if (takes_all) return static_cast<int>(k);
        }
        return -1;
    }
}

// broadcasts_to for shapes of ranks From and To known at compile time, From
// at most To: From unrolled comparisons.
template <std::size_t From, std::size_t To>
bool broadcasts_to_sizes(const shape_type& from, const shape_type& to) {
    static_assert(From <= To);
    for (std::size_t d = 0; d < From; ++d) {
        if (!size_broadcasts(from[d], to[To - From + d])) return false;
    }
    return true;
}

// broadcast_source for two shapes of ranks A and B known at compile time:
// shapes of equal ranks compared in A unrolled steps, shapes of different
// ranks never equal, so not compared: the shorter one is tested for
// broadcasting to the longer in unrolled steps, the other way cannot hold.
// Inlined into the node's constructor, the comparisons with it.
template <std::size_t A, std::size_t B>
[[gnu::always_inline]] inline int broadcast_source_of_ranks(const shape_type& a, const shape_type& b) {
    if constexpr (A == B) {
        if (equal_sizes<A>(a, b)) return 0;
        return broadcast_source_of_unequal(a, b);
    } else if constexpr (A > B) {  // `m + row`: only b can broadcast to a
        return broadcasts_to_sizes<B, A>(b, a) ? 0 : -1;
    } else {
        return broadcasts_to_sizes<A, B>(a, b) ? 1 : -1;
    }
}

// NumPy's rule for any number of shapes whose sizes are 0 or more.
template <class... Shapes>
    requires(std::same_as<Shapes, shape_type> && ...)
shape_type broadcast_valid_shapes(const shape_type& first, const Shapes&... rest) {
    if constexpr (sizeof...(Shapes) == 0) {
        check_countable_result(first, first);
        return first;
    } else if constexpr (sizeof...(Shapes) == 1) {
        return broadcast_two(first, rest...);
    } else {
        const shape_type* shapes[] = {&first, &rest...};
        std::size_t rank = 0;
        for (const shape_type* s : shapes) rank = std::max(rank, s->size());

        shape_type result(rank, 1);
        for (std::size_t d = 0; d < rank; ++d) {
            const shape_type* owner = nullptr;  // the operand whose size (not 1) the result took
            for (const shape_type* s : shapes) {
                const std::size_t offset = rank - s->size();
                if (d < offset) continue;
                const index_t size = (*s)[d - offset];
                if (size == 1) continue;
                if (owner == nullptr) {
                    owner = s;
                    result[d] = size;
                } else if (size != result[d]) {
                    throw_not_broadcastable(*owner, *s, result[d], size, d, {first, rest...});
                }
            }
        }
        check_countable_result(result, first, rest...);
        return result;
    }
}

}  // namespace detail

/// NumPy broadcasting of any number of shapes: align on the right, prepend
/// 1s; per dimension the sizes are equal or one is 1, and the result takes
/// the one that is not 1 (so 0 with 1 gives 0). Throws broadcast_error
/// naming the two shapes that disagree and the dimension, counted in the
/// result, std::invalid_argument for a negative size, and std::length_error
/// for a result with more elements than index_t counts.
template <class... Shapes>
    requires(std::same_as<Shapes, shape_type> && ...)
shape_type broadcast_shapes(const shape_type& first, const Shapes&... rest) {
    check_shape(first);
    (check_shape(rest), ...);
    return detail::broadcast_valid_shapes(first, rest...);
}

/// Where the PDPD rules put B onto A: B without its trailing 1s, placed at
/// an axis of A and padded with 1s on both sides to A's rank.
struct placement {
    shape_type shape;   ///< B's placed shape, of A's rank
    dimension_map map;  ///< for each dimension of B, its dimension of A (-1 for a trailing 1 dropped)
};

namespace detail {

// place_onto under one of the PDPD specs, whose explanation its errors carry.
inline placement place_under_spec(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    check_shape(a);
    check_shape(b);
    index_t start = spec.axis;  // -1 resolved below; messages show it resolved from then on
    const auto fail = [&](const std::string& why) {
        throw broadcast_error("cannot place shape " + to_string(b) + " onto " + to_string(a) + " at axis " +
                              std::to_string(start) + ": " + why,
                              placed_refusal(a, b, spec));
    };
    if (b.size() > a.size()) fail("B has a higher rank than A; swap the operands or use broadcast::numpy");
    if (start == -1) start = static_cast<index_t>(a.size() - b.size());
    if (start < 0) fail("the only negative axis allowed is -1 (align B with A's trailing dimensions)");

    std::size_t trimmed = b.size();
    while (trimmed > 0 && b[trimmed - 1] == 1) --trimmed;
    const auto first = static_cast<std::size_t>(start);
    if (first + trimmed > a.size()) {
        fail("B without its trailing 1s has rank " + std::to_string(trimmed) + ", which does not fit in A's rank " +
             std::to_string(a.size()) + " from that axis; use a smaller axis");
    }
    placement result{shape_type(a.size(), 1), dimension_map(b.size(), -1)};
    for (std::size_t j = 0; j < b.size() && first + j < a.size(); ++j) {
        result.map[j] = static_cast<index_t>(first + j);
        if (j < trimmed) result.shape[first + j] = b[j];
    }
    return result;
}

}  // namespace detail

/// The PDPD placement of B onto A at `axis` (docs/semantics.md, steps 1 to
/// 5; -1 aligns B with A's trailing dimensions). Throws broadcast_error when
/// B cannot be placed.
inline placement place_onto(const shape_type& a, const shape_type& b, index_t axis) {
    return detail::place_under_spec(a, b, broadcast::pdpd(axis));
}

/// The shape B takes when the PDPD rules place it onto A (place_onto's shape).
inline shape_type pdpd_placement(const shape_type& a, const shape_type& b, index_t axis) {
    return place_onto(a, b, axis).shape;
}

/// Result shape of an element-wise binary operation on shapes `a` and `b`
/// under `spec`. For the PDPD specs, `placed_b` receives B's placed shape.
/// Throws broadcast_error when the shapes do not fit under the spec,
/// std::invalid_argument for a negative size, and std::length_error for a
/// result with more elements than index_t counts.
inline shape_type broadcast_shapes(const shape_type& a, const shape_type& b, const broadcast_spec& spec,
                                   shape_type* placed_b = nullptr) {
    check_shape(a);
    check_shape(b);
    switch (spec.kind) {
        case broadcast_spec::mode::none:
            if (!(a == b)) {
                throw broadcast_error("shapes " + to_string(a) + " and " + to_string(b) +
                                      " differ, and broadcast::none needs identical shapes; "
                                      "use broadcast::numpy to broadcast them",
                                      broadcast_refusal{explained_rule::none, {a, b}});
            }
            detail::check_countable_result(a, a, b);
            return a;
        case broadcast_spec::mode::numpy:
            return broadcast_shapes(a, b);
        case broadcast_spec::mode::pdpd:
        case broadcast_spec::mode::paddle_elementwise: {
            placement placed = detail::place_under_spec(a, b, spec);
            const shape_type& p = placed.shape;
            if (placed_b != nullptr) *placed_b = p;
            // The messages name B as given, beside B placed.
            const auto placed_text = [&] {
                return "shape " + to_string(b) + " placed onto " + to_string(a) + " at axis " +
                       std::to_string(spec.axis) + " gives " + to_string(p) + ": ";
            };
            if (spec.kind == broadcast_spec::mode::paddle_elementwise) {
                try {
                    return broadcast_shapes(a, p);
                } catch (const broadcast_error& error) {
                    throw broadcast_error(placed_text() + error.what(), detail::placed_refusal(a, b, spec));
                } catch (const std::length_error& error) {
                    throw std::length_error(placed_text() + error.what());
                }
            }
            for (std::size_t d = 0; d < a.size(); ++d) {
                if (!size_broadcasts(p[d], a[d])) {
                    throw broadcast_error(placed_text() + "size " + std::to_string(p[d]) + " vs " +
                                              std::to_string(a[d]) + " at dimension " + std::to_string(d) +
                                              "; broadcast::pdpd only broadcasts B onto A "
                                              "(broadcast::paddle_elementwise also lets A's 1s grow)",
                                          detail::placed_refusal(a, b, spec));
                }
            }
            detail::check_countable_result(a, a, b);
            return a;
        }
    }
    return a;
}

/// Where `spec` puts B's dimensions beside A's: NumPy's right alignment, or
/// the PDPD placement. Checks the shapes under the spec (broadcast_error), and
/// the result's element count (std::length_error).
inline placement placement_under(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    broadcast_shapes(a, b, spec);
    const bool placed = spec.kind == broadcast_spec::mode::pdpd || spec.kind == broadcast_spec::mode::paddle_elementwise;
    return placed ? detail::place_under_spec(a, b, spec) : placement{b, right_aligned_map(b.size(), b.size())};
}

/// OpenVINO's bidirectional rule, from its broadcast rules: the shape of
/// `x * ones(target)`, which may differ from `target`. Throws broadcast_error
/// when the shapes do not broadcast, and std::length_error for a result with
/// more elements than index_t counts.
inline shape_type broadcast_bidirectional_shape(const shape_type& x, const shape_type& target) {
    try {
        return broadcast_shapes(x, target);
    } catch (const broadcast_error& error) {  // the same words, with the bidirectional rule's explanation
        throw broadcast_error(error.what(), broadcast_refusal{explained_rule::bidirectional, {x, target}});
    }
}

namespace detail {

// The in-place rule refusing `value` for `destination`, after the words of
// `error`, which the rule's broadcast of them threw.
[[noreturn]] inline void refuse_in_place(const shape_type& destination, const shape_type& value,
                                         const std::exception& error) {
    throw broadcast_error("output with shape " + to_string(destination) + " cannot take a value of shape " +
                              to_string(value) + ": " + error.what(),
                          broadcast_refusal{explained_rule::in_place, {destination, value}});
}

}  // namespace detail

/// The in-place rule (docs/semantics.md, "Assignment"): an in-place
/// operation or an assignment into a view never changes the destination's
/// shape. Throws broadcast_error worded like PyTorch's.
inline void check_fits_destination(const shape_type& destination, const shape_type& value) {
    if (broadcasts_to(value, destination)) return;
    shape_type combined;
    try {
        combined = broadcast_shapes(destination, value);
    } catch (const broadcast_error& error) {
        detail::refuse_in_place(destination, value, error);
    } catch (const std::length_error& error) {  // a combined shape too large to count is not the destination's
        detail::refuse_in_place(destination, value, error);
    }
    if (!(combined == destination)) {
        throw broadcast_error("output with shape " + to_string(destination) + " doesn't match the broadcast shape " +
                              to_string(combined) +
                              "; an in-place operation never changes its destination's shape, so assign "
                              "to a new tensor instead (t = expr)",
                              broadcast_refusal{explained_rule::in_place, {destination, value}});
    }
}

}  // namespace loom
