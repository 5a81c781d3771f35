#pragma once
// A C++ scalar inside an expression: rank 0, held by value.

#include "loom/expr/expression.hpp"

namespace loom {

template <element T>
class scalar_node {
public:
    using value_type = T;
    static constexpr bool is_loom_expression = true;

    explicit scalar_node(T value) : value_(value) {}

    const shape_type& shape() const { return shape_; }
    T value() const { return value_; }

private:
    T value_;
    shape_type shape_;
};

}  // namespace loom
