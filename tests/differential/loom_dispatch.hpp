#pragma once
// The evaluator's loom calls, one function per group of operations, each
// defined in its own translation unit (evaluate_*.cpp) so that the
// instantiations build in parallel (Note [instantiation budget]). Every one
// evaluates a single loom call into a new tensor, and throws
// std::logic_error for a combination it does not instantiate.

#include <cstddef>

#include "model.hpp"

namespace loom::differential::dispatch {

/// astype<target>(x).                                                            evaluate_casts.cpp
any_tensor cast(const any_tensor& x, dtype target);

/// negative, absolute, square, sign, floor, ceil, round, isnan, isinf,
/// logical_not, bitwise_not.                                                    evaluate_unary.cpp
any_tensor unary(operation op, spelling s, const any_tensor& x);

/// sqrt, exp, log, log1p, expm1, sin, cos, tan, tanh, sigmoid.                   evaluate_math.cpp
any_tensor floating_function(operation op, const any_tensor& x);

/// log2 ... relu, NumPy's further unary functions (and PyTorch's relu).          evaluate_functions.cpp
any_tensor further_unary(operation op, spelling s, const any_tensor& x);

/// arctan2 ... fmin on two tensors of one type.                                 evaluate_functions.cpp
any_tensor further_binary(operation op, spelling s, const any_tensor& a, const any_tensor& b);

/// add ... minimum on two tensors of one type.                                  evaluate_arithmetic.cpp
any_tensor arithmetic(operation op, spelling s, const any_tensor& a, const any_tensor& b);

/// Comparisons, logical and bitwise operations on two tensors of one type.      evaluate_logic.cpp
any_tensor logic(operation op, spelling s, const any_tensor& a, const any_tensor& b);

/// op(a, b, broadcast::none or broadcast::numpy) on two tensors of one type.    evaluate_specs.cpp
any_tensor with_spec(operation op, spelling s, const any_tensor& a, const any_tensor& b);

/// a + b on tensors of the different types has_direct_mixed_add accepts.        evaluate_mixed.cpp
any_tensor mixed_add(spelling s, const any_tensor& a, const any_tensor& b);

/// The scalar form scalar_forms[form] with tensor t and a rank-0 scalar.        evaluate_scalars.cpp
any_tensor with_scalar(std::size_t form, const any_tensor& t, const any_tensor& scalar);

/// where and clip (select.cpp): tensors a, b (low, high) of one type; the
/// condition is bool or of that type.                                          evaluate_select.cpp
any_tensor where(const any_tensor& condition, const any_tensor& a, const any_tensor& b);
/// where(condition, t, s) with a bool condition and s of where_scalar_type.
any_tensor where_scalar(const any_tensor& condition, const any_tensor& t, const any_tensor& s);
/// where(condition, s1, s2) with a bool condition and scalars of where_two_scalars_type.
any_tensor where_two_scalars(const any_tensor& condition, const any_tensor& s1, const any_tensor& s2);
any_tensor clip(const any_tensor& x, const any_tensor& low, const any_tensor& high);
/// clip(x, low, high) with scalars of clip_scalar_type.
any_tensor clip_scalars(const any_tensor& x, const any_tensor& low, const any_tensor& high);

}  // namespace loom::differential::dispatch
