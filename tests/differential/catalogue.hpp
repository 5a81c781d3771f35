#pragma once
// Which loom calls the evaluator instantiates, and so which ones the
// generator may draw.
//
// Note [instantiation budget]: evaluating an expression type in loom
// instantiates the whole loop engine for it, 0.1 to 0.2 s of compile time
// each (0.5 s for a deep fused tree). Every operation on every type pair
// would take many minutes, so the evaluator instantiates each operation
// directly on the types where its code differs. Other operands are first
// cast to their promoted type, as loom's functors convert them, and then,
// where needed, to a type on which the operation gives the same answer (a
// wider type of the same kind, or bool for a truth value):
//  - every cast (11 x 11): astype itself, and the bridge;
//  - binary operations on operands of one type. When the operands' types
//    differ, both are cast to their promoted type, which is what loom's
//    functors do inside (`C(a) op C(b)`). The promoted type comes from loom,
//    and the NumPy side checks each result's dtype against docs/semantics.md's
//    table, so promotion is still tested; `+` runs directly on the mixed
//    pairs whose promotion is subtle, and the fused patterns mix types
//    inside one tree;
//  - arithmetic, bitwise operations, negative, abs, square, sign and round
//    on every type they accept: they wrap, divide and round per type;
//  - divide on floats, bool and int32 (other integers divide as float64
//    anyway); comparisons on the widest type of their operands' kind;
//    logical operations on bool (astype<bool> is the truth value they take),
//    and && on float64 too; isnan, isinf and the floating functions on
//    floats, integers first becoming float64 as loom's functors make them,
//    but sqrt directly on every type; floor and ceil on floats only (on
//    integers they are the identity, like round, which runs on every type);
//  - each scalar form, and where and clip with scalars, on about half the
//    tensor types (the other half for the next form);
//  - broadcast specs on float64 (bitwise operations on int32, logical ones
//    on bool);
//  - NumPy's further functions (evaluate_functions.cpp): the floating ones
//    (log2 ... rad2deg, isfinite, and arctan2 ... logaddexp2 of two
//    operands) on floats, integers and bools first becoming float64 as loom's
//    functors make them; trunc and nan_to_num on floats only (on integers
//    they are the identity); reciprocal, relu, fmax and fmin on every type
//    they accept, since they divide, compare and keep each type.

#include <iterator>

#include "model.hpp"

namespace loom::differential {

/// A binary operation with a C++ scalar operand, as the evaluator writes it.
struct scalar_form {
    operation op;
    bool scalar_first;  ///< `2.5 - t` rather than `t - 2.5`
    dtype scalar_type;  ///< the scalar's C++ type
    spelling spelled;
};

inline constexpr scalar_form scalar_forms[] = {
    {operation::add, false, dtype::int32, spelling::symbol},         // t + 2
    {operation::subtract, true, dtype::float64, spelling::symbol},   // 2.5 - t
    {operation::multiply, false, dtype::float32, spelling::symbol},  // t * 0.5f
    {operation::less, false, dtype::int64, spelling::symbol},        // t < 2L
    {operation::maximum, true, dtype::boolean, spelling::function},  // maximum(true, t)
    {operation::power, false, dtype::int32, spelling::alias},        // pow(t, 2)
};
inline constexpr std::size_t scalar_form_count = std::size(scalar_forms);

/// where(c, t, 2) and where(c, 1.5, -2.0); clip(t, -1, 3).
inline constexpr dtype where_scalar_type = dtype::int32;
inline constexpr dtype where_two_scalars_type = dtype::float64;
inline constexpr dtype clip_scalar_type = dtype::int32;

constexpr bool is_arithmetic(operation op) { return op >= operation::add && op <= operation::minimum; }
constexpr bool is_comparison(operation op) { return op >= operation::equal && op <= operation::greater_equal; }
constexpr bool is_bitwise(operation op) { return op >= operation::bitwise_and && op <= operation::bitwise_xor; }

/// Whether loom accepts `op` on operands computed in `type`. It refuses, at
/// compile time, what NumPy refuses: subtracting, negating and the sign of
/// bools, and bitwise operations on floats; and relu of bools, as PyTorch.
constexpr bool accepts(operation op, dtype type) {
    if (type == dtype::boolean)
        return op != operation::subtract && op != operation::negative && op != operation::sign &&
               op != operation::relu;
    if (is_floating(type)) return !is_bitwise(op) && op != operation::bitwise_not;
    return true;
}

constexpr bool is_logical(operation op) { return op >= operation::logical_and && op <= operation::logical_xor; }

/// NumPy's further functions, evaluated by evaluate_functions.cpp.
constexpr bool is_further_function(operation op) { return op >= operation::log2 && op <= operation::fmin; }
/// Those of them that give floats: integers and bools compute in float64.
constexpr bool is_further_floating(operation op) {
    return (op >= operation::log2 && op <= operation::rad2deg) || op == operation::isfinite ||
           (op >= operation::arctan2 && op <= operation::logaddexp2);
}

/// Whether the evaluator applies unary `op` to operands of `type`.
constexpr bool evaluates_unary(operation op, dtype type) {
    const bool identity_on_integers =
        (op == operation::floor || op == operation::ceil || op == operation::trunc || op == operation::nan_to_num) &&
        !is_floating(type);
    return accepts(op, type) && !identity_on_integers;
}

/// The widest type of `type`'s kind (bool, signed, unsigned, floating).
constexpr dtype widest_of_kind(dtype type) {
    if (type == dtype::boolean) return type;
    if (is_floating(type)) return dtype::float64;
    return is_unsigned(type) ? dtype::uint64 : dtype::int64;
}

/// The type a unary operation's operand is cast to first (Note
/// [instantiation budget]): its own where the operation runs on it directly.
constexpr dtype unary_computation_type(operation op, dtype type) {
    if (op == operation::logical_not) return type == dtype::float64 ? type : dtype::boolean;
    if (op == operation::sqrt) return type;
    const bool floating_function = op >= operation::sqrt && op <= operation::sigmoid;
    if (floating_function || op == operation::isnan || op == operation::isinf || is_further_floating(op))
        return is_floating(type) ? type : dtype::float64;
    return type;
}

/// The type both operands of a binary operation are cast to first, given
/// their promoted type (Note [instantiation budget]).
constexpr dtype computation_type(operation op, dtype promoted) {
    if (is_comparison(op)) return widest_of_kind(promoted);
    if (is_logical(op)) return op == operation::logical_and && promoted == dtype::float64 ? promoted : dtype::boolean;
    if (is_further_floating(op)) return is_floating(promoted) ? promoted : dtype::float64;
    const bool divides_as_float64 = is_integer(promoted) && promoted != dtype::int32;
    if (op == operation::divide && divides_as_float64) return dtype::float64;
    return promoted;
}

/// Whether `op(a, b, spec)` is instantiated for operands cast to `type`.
constexpr bool has_spec_form(operation op, dtype type) {
    if (is_logical(op)) return type == dtype::boolean;
    if (is_bitwise(op)) return type == dtype::int32;
    return type == dtype::float64;
}

/// Whether `a + b` is instantiated directly for tensors of types a != b.
constexpr bool has_direct_mixed_add(dtype a, dtype b) {
    const auto is_pair = [&](dtype x, dtype y) { return (a == x && b == y) || (a == y && b == x); };
    return is_pair(dtype::int8, dtype::uint8) || is_pair(dtype::int16, dtype::uint16) ||
           is_pair(dtype::int32, dtype::uint32) || is_pair(dtype::int64, dtype::uint64) ||
           is_pair(dtype::int8, dtype::uint64) || is_pair(dtype::int64, dtype::uint8) ||
           is_pair(dtype::float32, dtype::int64) || is_pair(dtype::float32, dtype::uint64);
}

/// Whether scalar form `form` is instantiated for tensors of `type`: every
/// other type, the others for the next form.
constexpr bool has_scalar_form(std::size_t form, dtype type) {
    return (form + static_cast<std::size_t>(type)) % 2 == 0;
}
/// Whether where(c, t, 2) is instantiated for tensors t of `type`.
constexpr bool has_where_scalar(dtype type) { return static_cast<std::size_t>(type) % 2 == 0; }
/// Whether clip(t, -1, 3) is instantiated for tensors t of `type`.
constexpr bool has_clip_scalars(dtype type) { return static_cast<std::size_t>(type) % 2 == 1; }

/// Whether where() takes a condition of type `condition` beside operands of
/// type `type` directly; any other condition is cast to bool first.
constexpr bool keeps_condition_type(dtype condition, dtype type) {
    return condition == dtype::boolean || (condition == type && (type == dtype::int32 || type == dtype::float64));
}

}  // namespace loom::differential
