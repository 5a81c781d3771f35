#pragma once
// Which loom calls the evaluator instantiates, and so which ones the
// generator may draw.
//
// Note [instantiation budget]: evaluating an expression type in loom
// instantiates the whole loop engine for it, about 0.1 s of compile time
// each. All 11 x 11 type pairs of ~45 operations would take many minutes, so
// the evaluator instantiates:
//  - every cast (11 x 11): astype itself, and the bridge below;
//  - binary operations on operands of one type: when the operands' types
//    differ, both are first cast (astype, evaluated) to their promoted type,
//    which is what loom's functors do inside (`C(a) op C(b)`); the promoted
//    type comes from loom, and the NumPy side checks the result's dtype
//    against DESIGN.md's table, so the promotion rules are still tested;
//  - `+` directly on the pairs whose promotion is subtle (signed with
//    unsigned, float32 with 64-bit integers), and mixed types inside the
//    fused patterns, so that nodes over operands of different types run too;
//  - comparisons other than == and < on the widest type of their operands'
//    kind, and || and logical_xor on bool: the same values, the same answer;
//  - scalar operands in the forms of `scalar_forms`, on every tensor type;
//  - broadcast specs on the computation types `has_spec_form` accepts;
//  - floating functions other than sqrt and exp directly on float32 and
//    float64 only (integers compute in float64 anyway: they are cast first).

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

constexpr bool is_comparison(operation op) { return op >= operation::equal && op <= operation::greater_equal; }
constexpr bool is_bitwise(operation op) { return op >= operation::bitwise_and && op <= operation::bitwise_xor; }

/// Whether loom accepts `op` on operands computed in `type`. It refuses, at
/// compile time, what NumPy refuses: subtracting, negating and the sign of
/// bools, and bitwise operations on floats.
constexpr bool accepts(operation op, dtype type) {
    if (type == dtype::boolean) return op != operation::subtract && op != operation::negative && op != operation::sign;
    if (is_floating(type)) return !is_bitwise(op) && op != operation::bitwise_not;
    return true;
}

/// The widest type of `type`'s kind (bool, signed, unsigned, floating).
constexpr dtype widest_of_kind(dtype type) {
    if (type == dtype::boolean) return type;
    if (is_floating(type)) return dtype::float64;
    return is_unsigned(type) ? dtype::uint64 : dtype::int64;
}

/// The type both operands of a binary operation are cast to before loom
/// applies it, given their promoted type (Note [instantiation budget]).
constexpr dtype computation_type(operation op, dtype promoted) {
    if (is_comparison(op) && op != operation::equal && op != operation::less) return widest_of_kind(promoted);
    if (op == operation::logical_or || op == operation::logical_xor) return dtype::boolean;
    return promoted;
}

/// Whether `op(a, b, spec)` is instantiated for operands cast to `type`.
constexpr bool has_spec_form(operation op, dtype type) {
    if (op == operation::logical_or || op == operation::logical_xor) return type == dtype::boolean;
    if (is_comparison(op) && op != operation::equal && op != operation::less)
        return type == dtype::int64 || type == dtype::float64;
    if (is_bitwise(op)) return type == dtype::int32;
    return type == dtype::int32 || type == dtype::float64;
}

/// Whether `a + b` is instantiated directly for tensors of types a != b.
constexpr bool has_direct_mixed_add(dtype a, dtype b) {
    const bool signed_with_unsigned = is_integer(a) && is_integer(b) && is_unsigned(a) != is_unsigned(b);
    const bool float32_with_64_bits = (a == dtype::float32 && (b == dtype::int64 || b == dtype::uint64)) ||
                                      (b == dtype::float32 && (a == dtype::int64 || a == dtype::uint64));
    return signed_with_unsigned || float32_with_64_bits;
}

/// Whether a floating function is instantiated directly on non-floating input.
constexpr bool takes_integers_directly(operation op) {
    return op == operation::sqrt || op == operation::exp;
}

}  // namespace loom::differential
