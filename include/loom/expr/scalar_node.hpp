#pragma once
// A C++ scalar inside an expression: rank 0, held by value.

#include "loom/core/static_shape.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

template <element T>
class scalar_node : public expression_members<scalar_node<T>> {
public:
    using value_type = T;
    static constexpr bool is_loom_expression = true;
    /// Rank 0, known at compile time.
    using static_shape = fixed<>;

    explicit scalar_node(T value) : value_(value) {}

    const shape_type& shape() const { return rank_zero; }
    T value() const { return value_; }

private:
    // One shape for every scalar: a node holds its value alone, so that
    // moving it copies no shape.
    inline static const shape_type rank_zero{};

    T value_;
};

}  // namespace loom
