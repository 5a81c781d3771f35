#pragma once
// An operand seen through the PDPD placement (docs/semantics.md, "Broadcast
// specs"): B without its trailing 1s, put at `axis` and padded with 1s to A's
// rank. It moves no data; it only tells the loop where B's dimensions sit.

#include "loom/core/broadcast.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

template <class Operand>
class placed_node {
public:
    using value_type = value_type_of<Operand>;
    static constexpr bool is_loom_expression = true;

    template <class Arg>
    placed_node(Arg&& operand, shape_type placed_shape, std::size_t axis)
        : operand_(std::forward<Arg>(operand)), shape_(std::move(placed_shape)), axis_(axis) {}

    const shape_type& shape() const { return shape_; }

    template <class Builder>
    auto cursor(Builder& builder, const dimension_map& map) const {
        // B's dimension j sits at axis + j; trimmed trailing 1s past A's rank sit nowhere.
        dimension_map inner(operand_.shape().size(), -1);
        for (std::size_t j = 0; j < inner.size() && axis_ + j < shape_.size(); ++j) inner[j] = map[axis_ + j];
        return operand_.cursor(builder, inner);
    }

private:
    Operand operand_;
    shape_type shape_;
    std::size_t axis_;
};

}  // namespace loom
