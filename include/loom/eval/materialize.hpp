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

#include <cstddef>
#include <type_traits>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/storage.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/node_protocol.hpp"
#include "loom/expr/placed_node.hpp"

namespace loom {

namespace detail {

// The whole values in E not below another whole value: those that
// materialize computes first.
template <class E>
constexpr std::size_t nested_whole_values() {
    if constexpr (whole_value<E>) {
        return 1;
    } else {
        return over_children<E>([]<class... C>() { return (std::size_t{0} + ... + nested_whole_values<C>()); });
    }
}

// True when E, or an operand below it, is a whole value.
template <class E>
constexpr bool nests_whole() {
    return nested_whole_values<E>() > 0;
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

/// What materialize does with the whole values it meets: computes them,
/// or only allocates their memory (for path_of, which chooses the path of
/// the rest of the tree without computing anything).
enum class whole_values { computed, allocated };

/// `value` with every whole value nested in it computed (Note [computed
/// once]): the expression itself, by reference, when it nests none.
template <whole_values Mode = whole_values::computed, expression E>
decltype(auto) materialize(const E& value) {
    if constexpr (!detail::nests_whole<E>()) {
        return (value);
    } else if constexpr (whole_value<E>) {
        detail::computed_operand<value_type_of<E>> result(value.shape());
        if constexpr (Mode == whole_values::computed) {
            detail::record_path(path_kind::whole_value);  // Note [path trace]
            value.write_to(result.data(), result.layout(), true);
        }
        return result;
    } else if constexpr (elementwise_expression<E>) {
        return detail::apply_elements(
            [&](const auto&... o) { return make_node(value.function(), materialize<Mode>(o)...); },
            value.operands());
    } else {
        using Placed = std::remove_cvref_t<decltype(materialize<Mode>(value.operand()))>;
        return placed_node<Placed>(materialize<Mode>(value.operand()), placement{value.shape(), value.map()});
    }
}

}  // namespace loom
