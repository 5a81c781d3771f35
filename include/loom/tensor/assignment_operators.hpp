#pragma once
// The assignment operators of tensors and writable views: `= expr`, `= 3`
// and the compound `+= -= *= /= %= &= |= ^=`. Each hands its value to
// assign() (eval/assign.hpp), the one place that decides how it is stored.
// A compound assignment never changes the destination's shape
// (docs/semantics.md section 1, "Assignment").
//
// Note [astype refusals]: storing a result of a higher category than the
// destination's element type (a double result into an int tensor) does not
// compile: each such overload is declared deleted, constrained on
// higher_category_needs_astype or in_place_result_needs_astype, so that the
// compiler's error points at the declaration and its comment, which names
// the remedy (astype<T>), instead of listing every candidate it rejected.

#include <type_traits>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_logic.hpp"
#include "loom/expr/scalar_node.hpp"

namespace loom {

namespace detail {

template <element T, class X>
constexpr auto lifted_value() {
    if constexpr (expression<X>) return value_type_of<X>{};
    else return scalar_operand_t<T, std::remove_cvref_t<X>>{};
}

}  // namespace detail

/// `destination op= x` computes F(destination, x) and stores it back in T.
template <class F, class T, class X>
concept in_place_result_fits =
    operand<X> && storable_in<std::invoke_result_t<const F&, T, decltype(detail::lifted_value<T, X>())>, T>;

/// `destination op= x` would store a result of a higher category than T
/// (Note [astype refusals]).
template <class F, class T, class X>
concept in_place_result_needs_astype =
    operand<X> &&
    higher_category_needs_astype<std::invoke_result_t<const F&, T, decltype(detail::lifted_value<T, X>())>, T>;

// One compound assignment and its refusal (Note [astype refusals]).
#define LOOM_COMPOUND_ASSIGNMENT(op, functor)                                          \
    template <class X>                                                                 \
        requires in_place_result_fits<functor, T, X>                                   \
    Derived& operator op(X&& x) {                                                      \
        return update(functor{}, std::forward<X>(x));                                  \
    }                                                                                  \
    template <class X>                                                                 \
        requires in_place_result_needs_astype<functor, T, X>                           \
    Derived& operator op(X&& x) = delete; /* refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z */

/// Base of a destination type `Derived` (a tensor or a writable view) with
/// element type T. Derived names how `= expr` treats it, in
/// `Derived::expression_assignment` (assignment::rebind for a tensor,
/// assignment::write for a view), and brings these in with a using-declaration.
template <class Derived, element T>
class assignment_operators {
public:
    /// `d = expr`: as Derived::expression_assignment says.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, Derived> && storable_in<value_type_of<E>, T>)
    Derived& operator=(const E& value) {
        assign(derived(), value, Derived::expression_assignment);
        return derived();
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    Derived& operator=(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z

    /// `d = 3`: fills every element, keeping the shape.
    template <scalar S>
        requires storable_in<std::remove_cvref_t<S>, T>
    Derived& operator=(S value) {
        assign(derived(), scalar_node<T>(convert_scalar<T>(value)), assignment::write);
        return derived();
    }
    template <scalar S>
        requires higher_category_needs_astype<std::remove_cvref_t<S>, T>
    Derived& operator=(S value) = delete;  // refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z

    /// `d += x`: d = add(d, x), in place, keeping d's shape (NumPy: `d += x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(+=, fn::add)
    /// `d -= x`: d = subtract(d, x), in place, keeping d's shape (NumPy: `d -= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(-=, fn::subtract)
    /// `d *= x`: d = multiply(d, x), in place, keeping d's shape (NumPy: `d *= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(*=, fn::multiply)
    /// `d /= x`: d = divide(d, x), in place, keeping d's shape (NumPy: `d /= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(/=, fn::divide)
    /// `d %= x`: d = remainder(d, x), in place, keeping d's shape (NumPy: `d %= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(%=, fn::remainder)
    /// `d &= x`: d = bitwise_and(d, x), in place, keeping d's shape (NumPy: `d &= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(&=, fn::bitwise_and)
    /// `d |= x`: d = bitwise_or(d, x), in place, keeping d's shape (NumPy: `d |= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(|=, fn::bitwise_or)
    /// `d ^= x`: d = bitwise_xor(d, x), in place, keeping d's shape (NumPy: `d ^= x`). Throws
    /// loom::broadcast_error unless x broadcasts to d's shape, std::invalid_argument when d is not
    /// writable.
    LOOM_COMPOUND_ASSIGNMENT(^=, fn::bitwise_xor)

protected:
    assignment_operators() = default;

private:
    Derived& derived() { return static_cast<Derived&>(*this); }

    template <class F, class X>
    Derived& update(F function, X&& x) {
        decltype(auto) value = lift<T>(std::forward<X>(x));
        assign(derived(), value, assignment::compound<F>{function});
        return derived();
    }
};

#undef LOOM_COMPOUND_ASSIGNMENT

}  // namespace loom
