#pragma once
// Whole values inside a larger expression (Note [whole values] in
// assign.hpp): `x - max(x, 1, true)`, `matmul(a, b) + bias`.
//
// Note [computed once]: before an assignment plans its loop, every whole
// value nested in the tree is computed, once, into new memory, and the tree
// is rebuilt with that memory as a leaf in its place; the rest of the tree
// is referred to, not copied. The loop then reads the value as it reads any
// tensor: one evaluation per assignment, never one per element (a lazy
// reducer read at every element would recompute its whole extent each
// time). The new memory is fresh, so it overlaps nothing; the destination
// may be an operand of the whole value (`x = x - max(x, 1, true)`), since
// the value is computed before the destination is written.

#include <type_traits>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/core/storage.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/node_protocol.hpp"
#include "loom/expr/placed_node.hpp"

namespace loom {

namespace detail {

// True when E, or an operand below it, is a whole value.
template <class E>
constexpr bool nests_whole() {
    if constexpr (whole_value<E>) {
        return true;
    } else {
        return over_children<E>([]<class... C>() { return (nests_whole<C>() || ...); });
    }
}

// A whole value's result: new memory, contiguous, read as a leaf.
template <element T>
class computed_operand {
public:
    using value_type = T;
    static constexpr bool is_loom_expression = true;

    explicit computed_operand(const shape_type& shape) : layout_(shape), memory_(layout_.size()) {}

    const shape_type& shape() const { return layout_.shape(); }
    const strided_layout& layout() const { return layout_; }
    const T* data() const { return memory_.data(); }
    T* data() { return memory_.data(); }

private:
    strided_layout layout_;
    storage<T> memory_;
};

}  // namespace detail

/// `value` with every whole value nested in it computed (Note [computed
/// once]): the expression itself, by reference, when it nests none.
template <expression E>
decltype(auto) materialize(const E& value) {
    if constexpr (!detail::nests_whole<E>()) {
        return (value);
    } else if constexpr (whole_value<E>) {
        detail::computed_operand<value_type_of<E>> result(value.shape());
        value.write_to(result.data(), result.layout(), true);
        return result;
    } else if constexpr (elementwise_expression<E>) {
        return std::apply([&](const auto&... o) { return make_node(value.function(), materialize(o)...); },
                          value.operands());
    } else {
        using Placed = std::remove_cvref_t<decltype(materialize(value.operand()))>;
        return placed_node<Placed>(materialize(value.operand()), placement{value.shape(), value.map()});
    }
}

}  // namespace loom
