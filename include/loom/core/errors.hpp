#pragma once
// The exception types loom throws beyond the standard ones. Each derives from
// the standard exception that names its category, so callers may catch either.
//
// Note [explanations on demand]: a broadcast_error keeps the rule and the
// shapes that it refused, and walks the rule (core/explain.hpp) only when
// explanation() is called. Walked where the error is thrown, the walk and
// its strings were compiled into every program that builds an expression,
// about a tenth of the code of one that evaluates a 20-operation
// expression; now only a program that asks for an explanation compiles it.

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/explain.hpp"
#include "loom/core/explanation.hpp"

namespace loom {

/// Shapes that cannot be broadcast together, or a broadcast that would grow
/// an in-place destination (docs/semantics.md, "NumPy broadcasting").
class broadcast_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;

    /// The error with `message` as its what(), refused by the rule and shapes of `refusal`, from
    /// which explanation() walks the rule.
    broadcast_error(const std::string& message, broadcast_refusal refusal)
        : std::invalid_argument(message), refusal_(std::make_shared<const broadcast_refusal>(std::move(refusal))) {}

    /// True when the error carries an explanation: every error of the rules
    /// in core/broadcast.hpp does.
    bool has_explanation() const noexcept { return refusal_ != nullptr; }

    /// How the rule walked the shapes, to the step that fails (docs/explain.md);
    /// an empty explanation, with no shapes, when has_explanation() is false.
    broadcast_explanation explanation() const {
        return refusal_ ? detail::explain_refusal(*refusal_) : broadcast_explanation{};
    }

private:
    // Shared, so that copying the exception, as throwing may, cannot throw.
    std::shared_ptr<const broadcast_refusal> refusal_;
};

/// A linear-algebra computation that has no result for the values given: a
/// singular matrix to solve or invert, one that is not positive definite for
/// cholesky, an SVD or eigenvalue iteration that did not converge (NumPy:
/// numpy.linalg.LinAlgError). The message names the function, the shape and,
/// in a stack of matrices, the batch index of the first one at fault.
class linalg_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// An expression or view evaluated after an operand it refers to was destroyed or moved from, or
/// after the memory it views was freed. Thrown only where LOOM_CHECK_LIFETIMES is defined (Note
/// [checked lifetimes] in core/lifetimes.hpp); without it, that evaluation is undefined behaviour,
/// as reading a dangling std::span is. The message names the operand's shape.
class lifetime_error : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

}  // namespace loom
