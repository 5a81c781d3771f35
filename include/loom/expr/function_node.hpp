#pragma once
// The lazy node of every element-wise operation: a functor applied to
// operands whose shapes broadcast (NumPy's rule, checked in the constructor,
// so a bad expression fails where it is written).
//
// Note [shared shapes]: most operations have the shape of one of their
// operands (`a * b` of equal shapes, `m + row`, `x * 2`), and a node then
// copies no shape: it answers shape() with that operand's, when the node
// owns the operand (a temporary moved in: `a * b` inside `a * b + c`), so
// that nothing else can give it another shape. An operand the node refers
// to, a tensor or a named expression, may be reassigned after the node was
// built; the node then keeps a copy of the shape it was built for, so that
// evaluation can refuse an operand that changed shape (Note [stale
// operands] in build_plan.hpp). In `a * b + c - d` only the innermost node
// copies a shape.

#include <array>
#include <cstdint>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/broadcast.hpp"
#include "loom/core/lifetimes.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/static_shape_of.hpp"

namespace loom {

/// `F` applied element by element to `Operands` (closure types: const
/// references for lvalues, values for rvalues; Note [closure rule]).
template <class F, class... Operands>
class function_node : public expression_members<function_node<F, Operands...>> {
public:
    using value_type = std::invoke_result_t<const F&, value_type_of<Operands>...>;
    static_assert(element<value_type>, "an element-wise function must return a loom element type");
    static constexpr bool is_loom_expression = true;
    /// The node's shape when every operand's is fixed (their broadcast, decided at compile time:
    /// Note [static broadcasting]), dynamic_shape otherwise.
    using static_shape = node_static_shape_t<Operands...>;
    /// The node's rank when every operand's is known at compile time, -1 otherwise.
    static constexpr std::ptrdiff_t static_rank = node_static_rank_v<Operands...>;

    template <class... Args>
    explicit function_node(F function, Args&&... operands)
        : function_node(source_of(operands...), function, std::forward<Args>(operands)...) {}

    const shape_type& shape() const {
        if constexpr (always_own) {
            return shape_;
        } else {
            if (source_ == own_shape) return *shape_;
            return operand_shape(source_, index_sequence());
        }
    }
    std::size_t ndim() const { return shape().size(); }
    index_t size() const { return element_count(shape()); }
    const F& function() const { return function_; }
    /// The operands; with LOOM_CHECK_LIFETIMES, throws lifetime_error when one the node refers to
    /// was destroyed or moved from (Note [checked lifetimes] in core/lifetimes.hpp).
    const std::tuple<Operands...>& operands() const {
        lives_.check(operands_);
        return operands_;
    }

private:
    static constexpr std::uint8_t own_shape = 0xff;
    using index_sequence = std::index_sequence_for<Operands...>;
    static_assert(sizeof...(Operands) < own_shape);

    // Whether the node may answer with the shape of an operand of type
    // Operand: when it owns the operand (Note [shared shapes]), or the
    // operand's shape is fixed, which nothing can change.
    template <class Operand>
    static constexpr bool may_share = !std::is_reference_v<Operand> || statically_shaped<Operand>;
    // may_share of operand k.
    static constexpr std::array<bool, sizeof...(Operands)> shares_shape_of{may_share<Operands>...};

    // True when the node can share no operand's shape (`a * b` of tensors it
    // refers to): it always holds its own, with no optional around it and no
    // choice of source to test in shape(), by its parent's building, its own
    // moves and its destruction (Note [shared shapes]).
    static constexpr bool always_own = !(may_share<Operands> || ...);

    // broadcast_source, decided at compile time for fixed shapes, and for
    // two operands whose ranks are known at compile time with their sizes
    // compared in unrolled steps (rank<R> tensors, scalars: `a * b`, `m + row`);
    // two operands' shapes are compared here, inline, so that the commonest
    // node, of equal shapes, calls nothing: 15 to 50 fewer instructions for
    // building `m + row` and `a * b + c - d`.
    template <class... Args>
    static int source_of([[maybe_unused]] const Args&... operands) {
        if constexpr (is_fixed_shape<static_shape>) {
            return detail::static_source<static_shape, Operands...>();
        } else if constexpr (sizeof...(Operands) == 2 && static_rank >= 0) {
            return detail::broadcast_source_of_ranks<operand_rank<0>, operand_rank<1>>(operands.shape()...);
        } else if constexpr (sizeof...(Operands) == 2) {
            return detail::broadcast_source_of_pair(operands.shape()...);
        } else {
            return detail::broadcast_source(operands.shape()...);
        }
    }

    // The rank of operand k, when every operand's is known at compile time.
    template <std::size_t k>
    static constexpr auto operand_rank =
        static_cast<std::size_t>(static_rank_of_v<std::tuple_element_t<k, std::tuple<Operands...>>>);

    template <std::size_t... I>
    const shape_type& operand_shape(std::size_t k, std::index_sequence<I...>) const {
        const shape_type* shape = nullptr;
        (void)((k == I ? (shape = &std::get<I>(operands_).shape(), true) : false) || ...);
        return *shape;
    }

    // `source`: the operand whose shape NumPy's rule gives the node, or -1
    // (broadcast_source).
    template <class... Args>
    function_node(int source, F function, Args&&... operands)
        : function_(function),
          operands_(std::forward<Args>(operands)...),
          source_(source >= 0 && shares_shape_of[static_cast<std::size_t>(source)] ? static_cast<std::uint8_t>(source)
                                                                                   : own_shape),
          shape_(own_shape_of(source)),
          lives_(operands_) {}

    // What shape_ holds: the shape of operand `source` or the computed one
    // when the node keeps its own, else nothing.
    auto own_shape_of(int source) const {
        if constexpr (always_own) {
            if (source >= 0) return operand_shape(static_cast<std::size_t>(source), index_sequence());
            return computed_shape();
        } else {
            if (source_ != own_shape) return std::optional<shape_type>();
            if (source >= 0) return std::optional(operand_shape(static_cast<std::size_t>(source), index_sequence()));
            return std::optional(computed_shape());
        }
    }

    // The shape NumPy's rule gives operands of which none has it. An
    // operand's sizes were checked when it was made.
    shape_type computed_shape() const {
        if constexpr (is_fixed_shape<static_shape>) return static_shape::shape();
        else return detail::apply_elements(
            [](const auto&... o) { return detail::broadcast_valid_shapes(o.shape()...); },
            operands_);
    }

    F function_;
    std::tuple<Operands...> operands_;
    std::uint8_t source_;  // the operand whose shape is the node's, or own_shape
    // The node's own shape, when source_ is own_shape: empty, a node that
    // shares its shape moves and destroys no shape.
    std::conditional_t<always_own, shape_type, std::optional<shape_type>> shape_;
    [[no_unique_address]] detail::operand_lives<Operands...> lives_;
};

/// Builds a node that owns rvalue operands and refers to lvalue ones.
template <class F, class... Args>
auto make_node(F function, Args&&... operands) {
    return function_node<F, closure_t<Args&&>...>(function, std::forward<Args>(operands)...);
}

}  // namespace loom
