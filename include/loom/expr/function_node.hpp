#pragma once
// The lazy node of every element-wise operation: a functor applied to
// operands whose shapes broadcast (NumPy's rule, checked in the constructor,
// so a bad expression fails where it is written).

#include <tuple>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// `F` applied element by element to `Operands` (closure types: const
/// references for lvalues, values for rvalues; Note [closure rule]).
template <class F, class... Operands>
class function_node {
public:
    using value_type = std::invoke_result_t<const F&, value_type_of<Operands>...>;
    static_assert(element<value_type>, "an element-wise function must return a loom element type");
    static constexpr bool is_loom_expression = true;

    template <class... Args>
    explicit function_node(F function, Args&&... operands)
        : function_(function),
          operands_(std::forward<Args>(operands)...),
          // An operand's sizes were checked when it was made.
          shape_(std::apply([](const auto&... o) { return detail::broadcast_valid_shapes(o.shape()...); },
                            operands_)) {}

    const shape_type& shape() const { return shape_; }
    std::size_t ndim() const { return shape_.size(); }
    index_t size() const { return element_count(shape_); }
    const F& function() const { return function_; }
    const std::tuple<Operands...>& operands() const { return operands_; }

private:
    F function_;
    std::tuple<Operands...> operands_;
    shape_type shape_;
};

/// Builds a node that owns rvalue operands and refers to lvalue ones.
template <class F, class... Args>
auto make_node(F function, Args&&... operands) {
    return function_node<F, closure_t<Args&&>...>(function, std::forward<Args>(operands)...);
}

}  // namespace loom
