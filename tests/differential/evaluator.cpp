#include "evaluator.hpp"

#include <string>

#include "catalogue.hpp"
#include "fused_patterns.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential {

namespace {

bool is_floating_function(operation op) { return op >= operation::sqrt && op <= operation::sigmoid; }

/// The index of the scalar form `n` is written in, or scalar_form_count.
std::size_t scalar_form_of(const node& n, bool scalar_first, dtype scalar_type) {
    for (std::size_t i = 0; i < scalar_form_count; ++i) {
        const scalar_form& form = scalar_forms[i];
        if (form.op == n.op && form.scalar_first == scalar_first && form.scalar_type == scalar_type &&
            form.spelled == n.spelled)
            return i;
    }
    return scalar_form_count;
}

/// Evaluates a tree node by node: each operation is one loom call on tensors
/// (or on a tensor and scalars), evaluated into a new tensor. Operands of
/// different types are first cast to the type loom computes in (Note
/// [instantiation budget] in catalogue.hpp).
class node_evaluator {
public:
    explicit node_evaluator(const std::vector<any_tensor>& inputs) : inputs_(inputs) {}

    any_tensor operator()(const node& n) const {
        if (n.op == operation::input) return inputs_[n.input];
        if (n.op == operation::where) return where(n);
        if (n.op == operation::clip) return clip(n);
        if (info(n.op).arity == 2) return binary(n);
        return unary(n);
    }

private:
    static any_tensor cast_to(any_tensor x, dtype type) {
        if (dtype_of(x) == type) return x;
        return dispatch::cast(x, type);
    }

    any_tensor unary(const node& n) const {
        any_tensor x = (*this)(n.operands[0]);
        if (n.op == operation::astype) return dispatch::cast(x, n.target);
        const dtype type = unary_computation_type(n.op, dtype_of(x));
        x = cast_to(std::move(x), type);
        if (is_floating_function(n.op)) return dispatch::floating_function(n.op, x);
        if (is_further_function(n.op)) return dispatch::further_unary(n.op, n.spelled, x);
        return dispatch::unary(n.op, n.spelled, x);
    }

    any_tensor binary(const node& n) const {
        const node& left = n.operands[0];
        const node& right = n.operands[1];
        const bool scalar_first = left.op == operation::scalar;
        any_tensor a, b;
        if (scalar_first || right.op == operation::scalar) {
            const any_tensor& scalar = (scalar_first ? left : right).scalar;
            any_tensor t = (*this)(scalar_first ? right : left);
            const std::size_t form = scalar_form_of(n, scalar_first, dtype_of(scalar));
            if (form < scalar_form_count && has_scalar_form(form, dtype_of(t)))
                return dispatch::with_scalar(form, t, scalar);
            // Any other scalar (the fused patterns' `z % 3`, evaluated node by
            // node) becomes the rank-0 tensor of the type loom gives it.
            any_tensor s = cast_to(scalar, scalar_operand(dtype_of(t), dtype_of(scalar)));
            a = scalar_first ? std::move(s) : std::move(t);
            b = scalar_first ? std::move(t) : std::move(s);
        } else {
            a = (*this)(left);
            b = (*this)(right);
        }
        const bool with_spec = n.spelled == spelling::spec_none || n.spelled == spelling::spec_numpy;
        if (n.op == operation::add && !with_spec && has_direct_mixed_add(dtype_of(a), dtype_of(b)))
            return dispatch::mixed_add(n.spelled, a, b);
        // Through the promoted type first: int32 beside float32 rounds to
        // float32 before a comparison widens both to float64.
        const dtype promoted = promote(dtype_of(a), dtype_of(b));
        const dtype type = computation_type(n.op, promoted);
        a = cast_to(cast_to(std::move(a), promoted), type);
        b = cast_to(cast_to(std::move(b), promoted), type);
        if (with_spec) return dispatch::with_spec(n.op, n.spelled, a, b);
        if (is_arithmetic(n.op)) return dispatch::arithmetic(n.op, n.spelled, a, b);
        if (is_further_function(n.op)) return dispatch::further_binary(n.op, n.spelled, a, b);
        return dispatch::logic(n.op, n.spelled, a, b);
    }

    any_tensor where(const node& n) const {
        any_tensor condition = (*this)(n.operands[0]);
        const node& a = n.operands[1];
        const node& b = n.operands[2];
        if (a.op == operation::scalar)
            return dispatch::where_two_scalars(cast_to(condition, dtype::boolean), a.scalar, b.scalar);
        if (b.op == operation::scalar)
            return dispatch::where_scalar(cast_to(condition, dtype::boolean), (*this)(a), b.scalar);
        any_tensor x = (*this)(a);
        any_tensor y = (*this)(b);
        const dtype type = promote(dtype_of(x), dtype_of(y));
        // astype<bool> is the truth value where() takes.
        if (!keeps_condition_type(dtype_of(condition), type)) condition = cast_to(condition, dtype::boolean);
        return dispatch::where(condition, cast_to(x, type), cast_to(y, type));
    }

    any_tensor clip(const node& n) const {
        any_tensor x = (*this)(n.operands[0]);
        if (n.operands[1].op == operation::scalar)
            return dispatch::clip_scalars(x, n.operands[1].scalar, n.operands[2].scalar);
        any_tensor low = (*this)(n.operands[1]);
        any_tensor high = (*this)(n.operands[2]);
        const dtype type = promote(promote(dtype_of(x), dtype_of(low)), dtype_of(high));
        return dispatch::clip(cast_to(x, type), cast_to(low, type), cast_to(high, type));
    }

    const std::vector<any_tensor>& inputs_;
};

template <class Evaluate>
outcome outcome_of(Evaluate evaluate) {
    outcome o;
    try {
        o.value = evaluate();
    } catch (const broadcast_error& error) {
        o.result = outcome::kind::broadcast_error;
        o.message = error.what();
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = error.what();
    }
    return o;
}

}  // namespace

outcome evaluate_in_loom(const test_case& c) {
    if (c.fused_pattern < 0) return evaluate_node_by_node(c);
    return outcome_of([&] { return evaluate_fused(static_cast<std::size_t>(c.fused_pattern), c.inputs); });
}

outcome evaluate_node_by_node(const test_case& c) {
    return outcome_of([&] { return node_evaluator(c.inputs)(c.expression); });
}

}  // namespace loom::differential
