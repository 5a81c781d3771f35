#pragma once
// The compound assignments `+= -= *= /= %= &= |= ^=`, shared by tensors and
// writable views. They never change the destination's shape (docs/semantics.md
// section 1, "Assignment"), and refuse at compile time a result of a higher
// category than the destination's element type.

#include <functional>
#include <type_traits>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/elementwise.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_logic.hpp"

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

/// `destination op= x` would store a result of a higher category than T:
/// refused by deleted overloads that name this concept.
template <class F, class T, class X>
concept in_place_result_needs_astype =
    operand<X> &&
    higher_category_needs_astype<std::invoke_result_t<const F&, T, decltype(detail::lifted_value<T, X>())>, T>;

/// Base of a destination type `Derived` with element type T, which provides
/// shape(), strides(), data() and check_writable().
template <class Derived, element T>
class in_place_operators {
public:
    template <class X> requires in_place_result_fits<fn::add, T, X>
    Derived& operator+=(X&& x) { return update(fn::add{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::add, T, X>
    Derived& operator+=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::subtract, T, X>
    Derived& operator-=(X&& x) { return update(fn::subtract{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::subtract, T, X>
    Derived& operator-=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::multiply, T, X>
    Derived& operator*=(X&& x) { return update(fn::multiply{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::multiply, T, X>
    Derived& operator*=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::divide, T, X>
    Derived& operator/=(X&& x) { return update(fn::divide{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::divide, T, X>
    Derived& operator/=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::remainder, T, X>
    Derived& operator%=(X&& x) { return update(fn::remainder{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::remainder, T, X>
    Derived& operator%=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::bitwise_and, T, X>
    Derived& operator&=(X&& x) { return update(fn::bitwise_and{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::bitwise_and, T, X>
    Derived& operator&=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::bitwise_or, T, X>
    Derived& operator|=(X&& x) { return update(fn::bitwise_or{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::bitwise_or, T, X>
    Derived& operator|=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <class X> requires in_place_result_fits<fn::bitwise_xor, T, X>
    Derived& operator^=(X&& x) { return update(fn::bitwise_xor{}, std::forward<X>(x)); }
    template <class X> requires in_place_result_needs_astype<fn::bitwise_xor, T, X>
    Derived& operator^=(X&& x) = delete;  // refused: a result of a higher category than T; use astype<T>(...)

private:
    template <class F, class X>
    Derived& update(F function, X&& x) {
        Derived& self = static_cast<Derived&>(*this);
        self.check_writable();
        decltype(auto) value = lift<T>(std::forward<X>(x));
        check_fits_destination(self.shape(), value.shape());
        evaluate_into(self.data(), self.shape(), self.strides(),
                      make_node(function, std::as_const(self), std::forward<decltype(value)>(value)));
        return self;
    }
};

}  // namespace loom
