#pragma once
// Comparing whole tensors, with NumPy's names and rules: array_equal and
// allclose answer one bool; isclose is the element-wise expression allclose
// reduces. They are apart from `==`, which builds a bool expression.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <utility>

#include "loom/core/types.hpp"
#include "loom/expr/elementwise.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

namespace fn {

/// NumPy's isclose for one pair: |a - b| <= atol + rtol * |b| when both are
/// finite, else a == b (so equal infinities are close), and NaN with NaN
/// when `equal_nan`. As in NumPy, b is made floating first (integers give
/// float64), the tolerance is computed in b's type and the difference in the
/// type promoted with a's; the test is not symmetric in a and b.
struct isclose {
    double rtol;
    double atol;
    bool equal_nan;

    template <element A, element B>
    bool operator()(A a, B b) const {
        using Y = floating_result_t<B>;
        using C = promote_t<A, Y>;
        const C x = C(a);
        const Y y = Y(b);
        if constexpr (complex_element<C>) {
            // Complex: finite when both parts are, NaN when either is; the
            // distance and tolerance are moduli, of the real type.
            using R = real_part_t<C>;
            using T = real_part_t<Y>;
            const C z = C(y);
            if (complex_finite(x) && complex_finite(z)) {
                const T tolerance = T(atol) + T(rtol) * T(std::abs(y));
                return std::abs(x - z) <= R(tolerance);
            }
            if (equal_nan && x != x && z != z) return true;
            return x == z;
        } else {
            if (std::isfinite(x) && std::isfinite(y)) {
                const Y tolerance = Y(atol) + Y(rtol) * Y(std::abs(y));
                return std::abs(x - C(y)) <= C(tolerance);
            }
            if (equal_nan && std::isnan(x) && std::isnan(y)) return true;
            return x == C(y);
        }
    }

private:
    template <class C>
    static bool complex_finite(C z) {
        return std::isfinite(z.real()) && std::isfinite(z.imag());
    }
};

/// a == b (compared in the promoted type), or both NaN when `equal_nan`.
struct same_value {
    bool equal_nan;

    template <element A, element B>
    bool operator()(A a, B b) const {
        using C = promote_t<A, B>;
        if (C(a) == C(b)) return true;
        if constexpr (floating_element<C>) return equal_nan && std::isnan(C(a)) && std::isnan(C(b));
        else if constexpr (complex_element<C>) return equal_nan && C(a) != C(a) && C(b) != C(b);  // a NaN part each
        else return false;
    }
};

}  // namespace fn

namespace detail {

/// True if every element of a bool expression is true (true when empty).
template <expression E>
bool all_true(const E& condition) {
    const tensor<bool> values = condition;
    return std::all_of(values.begin(), values.end(), [](bool value) { return value; });
}

}  // namespace detail

/// Element-wise: whether a and b are equal within the tolerance (fn::isclose),
/// as a bool expression; a and b broadcast (NumPy's rule), and either may
/// be a C++ scalar. Throws loom::broadcast_error when the shapes do not
/// broadcast.
template <class A, class B>
    requires elementwise_operands<A, B>
auto isclose(A&& a, B&& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false) {
    return elementwise(fn::isclose{rtol, atol, equal_nan}, std::forward<A>(a), std::forward<B>(b));
}

/// Whether every element of a is close to the element of b it meets under
/// broadcasting: all_of(isclose(a, b, ...)), NumPy's allclose. Throws
/// loom::broadcast_error when the shapes do not broadcast.
template <class A, class B>
    requires elementwise_operands<A, B>
bool allclose(const A& a, const B& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false) {
    return detail::all_true(isclose(a, b, rtol, atol, equal_nan));
}

/// Whether a and b have the same shape and equal elements, NumPy's
/// array_equal: no broadcasting (other shapes give false), NaN differs from
/// NaN unless `equal_nan`.
/// Never throws for shapes: other shapes give false.
template <expression A, expression B>
bool array_equal(const A& a, const B& b, bool equal_nan = false) {
    if (a.shape() != b.shape()) return false;
    return detail::all_true(elementwise(fn::same_value{equal_nan}, a, b));
}

}  // namespace loom
