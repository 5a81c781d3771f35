#pragma once
// What a whole-value node (a reduction, an arg-reduction, a cumulative sum,
// a product) keeps of an operand's shape, so that evaluating it refuses an
// operand given another shape since the node was built (Note [stale
// operands] in eval/build_plan.hpp). Such a node reads its operand's memory
// by the operand's own layout, not through the loop plan that checks the
// leaves of element-wise nodes, so it checks here. An operand the node owns
// (a temporary moved in) cannot be given another shape by anyone: nothing is
// kept of it, and nothing is checked. With LOOM_CHECK_LIFETIMES, the check
// first makes sure that the operand still lives (Note [checked lifetimes] in
// core/lifetimes.hpp).
//
// Cost of including: <string>, <type_traits>, core/errors.hpp, core/lifetimes.hpp and core/shape.hpp.

#include <string>
#include <type_traits>

#include "loom/core/errors.hpp"
#include "loom/core/lifetimes.hpp"
#include "loom/core/shape.hpp"

namespace loom::detail {

/// The shape of an operand of closure type `Operand` (Note [closure rule])
/// when the node was built: kept for references, nothing for owned values.
template <class Operand>
class built_shape {
public:
    explicit built_shape(const Operand&) {}
    void check(const Operand&, const char*) const {}
};

template <class Operand>
    requires std::is_reference_v<Operand>
class built_shape<Operand> {
public:
    explicit built_shape(const Operand& operand) : shape_(operand.shape()), life_(operand) {}

    /// Throws broadcast_error, naming the function `name`, when the operand's
    /// shape at evaluation is not the shape the node was built for (and
    /// lifetime_error when the operand no longer lives: life_).
    void check(const Operand& operand, const char* name) const {
        life_.check(operand);
        const shape_type& now = operand.shape();
        if (now == shape_) return;
        throw broadcast_error(std::string(name) + ": an operand of shape " + to_string(shape_) +
                              " when the expression was built has shape " + to_string(now) +
                              " now: it changed shape after the expression reading it was built; "
                              "build the expression again");
    }

private:
    shape_type shape_;
    [[no_unique_address]] operand_life<Operand> life_;
};

}  // namespace loom::detail
