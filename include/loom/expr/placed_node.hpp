#pragma once
// An operand seen through the PDPD placement (docs/semantics.md, "Broadcast
// specs"): B without its trailing 1s, put at an axis of A and padded with 1s
// to A's rank. It moves no data; it only tells the loop where B's
// dimensions sit.

#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/core/lifetimes.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

template <class Operand>
class placed_node {
public:
    using value_type = value_type_of<Operand>;
    static constexpr bool is_loom_expression = true;

    template <class Arg>
    placed_node(Arg&& operand, placement where)
        : operand_(std::forward<Arg>(operand)), where_(std::move(where)), life_(operand_) {}

    /// B's placed shape, of A's rank.
    const shape_type& shape() const { return where_.shape; }
    /// The operand; with LOOM_CHECK_LIFETIMES, throws lifetime_error when the node refers to it and
    /// it was destroyed or moved from (Note [checked lifetimes] in core/lifetimes.hpp).
    const Operand& operand() const {
        life_.check(operand_);
        return operand_;
    }
    /// For each dimension of the operand, its dimension in shape() (-1: none).
    const dimension_map& map() const { return where_.map; }

private:
    Operand operand_;
    placement where_;
    [[no_unique_address]] detail::operand_life<Operand> life_;
};

}  // namespace loom
