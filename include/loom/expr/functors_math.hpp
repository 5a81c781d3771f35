#pragma once
// Floating-point functions, of one operand or of two (promoted first).
// Integer and bool inputs compute in float64; float32 stays float32.
// Rounding functions, and nan_to_num, keep integer types unchanged.

#include <cmath>
#include <concepts>
#include <limits>
#include <numbers>
#include <optional>

#include "loom/core/types.hpp"
#include "loom/expr/functors_complex.hpp"

namespace loom::fn {

#define LOOM_FLOATING_FUNCTOR(name, expression)              \
    struct name {                                            \
        template <element A>                                 \
        auto operator()(A a) const {                         \
            using R = floating_result_t<A>;                  \
            const R x = R(a);                                \
            return R(expression);                            \
        }                                                    \
    };

LOOM_FLOATING_FUNCTOR(sqrt, std::sqrt(x))
LOOM_FLOATING_FUNCTOR(exp, std::exp(x))
LOOM_FLOATING_FUNCTOR(log, std::log(x))
LOOM_FLOATING_FUNCTOR(log1p, detail::log1p(x))
LOOM_FLOATING_FUNCTOR(expm1, detail::expm1(x))
LOOM_FLOATING_FUNCTOR(sin, std::sin(x))
LOOM_FLOATING_FUNCTOR(cos, std::cos(x))
LOOM_FLOATING_FUNCTOR(tan, std::tan(x))
LOOM_FLOATING_FUNCTOR(tanh, std::tanh(x))
LOOM_FLOATING_FUNCTOR(sigmoid, R(1) / (R(1) + std::exp(-x)))
LOOM_FLOATING_FUNCTOR(log2, detail::log2(x))
LOOM_FLOATING_FUNCTOR(log10, std::log10(x))
LOOM_FLOATING_FUNCTOR(exp2, detail::exp2(x))
LOOM_FLOATING_FUNCTOR(arcsin, std::asin(x))
LOOM_FLOATING_FUNCTOR(arccos, std::acos(x))
LOOM_FLOATING_FUNCTOR(arctan, std::atan(x))
LOOM_FLOATING_FUNCTOR(sinh, std::sinh(x))
LOOM_FLOATING_FUNCTOR(cosh, std::cosh(x))
LOOM_FLOATING_FUNCTOR(arcsinh, std::asinh(x))
LOOM_FLOATING_FUNCTOR(arccosh, std::acosh(x))
LOOM_FLOATING_FUNCTOR(arctanh, std::atanh(x))

#undef LOOM_FLOATING_FUNCTOR

// The floating functions NumPy has for real numbers only: complex operands
// stop at one line that says so.
#define LOOM_REAL_FUNCTOR(name, expression)                                                            \
    struct name {                                                                                      \
        template <element A>                                                                           \
        auto operator()(A a) const {                                                                   \
            static_assert(!complex_element<A>, "loom: " #name " takes real numbers only, as NumPy's"); \
            if constexpr (complex_element<A>) {                                                        \
                return a; /* refused above: no second error */                                         \
            } else {                                                                                   \
                using R = floating_result_t<A>;                                                        \
                const R x = R(a);                                                                      \
                return R(expression);                                                                  \
            }                                                                                          \
        }                                                                                              \
    };

LOOM_REAL_FUNCTOR(cbrt, std::cbrt(x))
// NumPy's constants: pi / 180 and 180 / pi rounded in the result's type.
LOOM_REAL_FUNCTOR(deg2rad, x * (std::numbers::pi_v<R> / R(180)))
LOOM_REAL_FUNCTOR(rad2deg, x * (R(180) / std::numbers::pi_v<R>))

#undef LOOM_REAL_FUNCTOR

#define LOOM_ROUNDING_FUNCTOR(name, expression)              \
    struct name {                                            \
        template <element A>                                 \
        A operator()(A a) const {                            \
            static_assert(!complex_element<A>,               \
                          "loom: complex numbers are not rounded; round real(z) and imag(z)"); \
            if constexpr (floating_element<A>) {             \
                return expression;                           \
            } else {                                         \
                return a;                                    \
            }                                                \
        }                                                    \
    };

LOOM_ROUNDING_FUNCTOR(floor, std::floor(a))
LOOM_ROUNDING_FUNCTOR(ceil, std::ceil(a))
LOOM_ROUNDING_FUNCTOR(round, std::nearbyint(a))  // halves to even, as NumPy
LOOM_ROUNDING_FUNCTOR(trunc, std::trunc(a))

#undef LOOM_ROUNDING_FUNCTOR

struct isnan {
    template <element A>
    bool operator()(A a) const {
        if constexpr (complex_element<A>) return a.real() != a.real() || a.imag() != a.imag();
        else if constexpr (floating_element<A>) return a != a;
        else return false;
    }
};

struct isinf {
    template <element A>
    bool operator()(A a) const {
        if constexpr (complex_element<A>) return std::isinf(a.real()) || std::isinf(a.imag());
        else if constexpr (floating_element<A>) return std::isinf(a);
        else return false;
    }
};

struct isfinite {
    template <element A>
    bool operator()(A a) const {
        if constexpr (complex_element<A>) return std::isfinite(a.real()) && std::isfinite(a.imag());
        else if constexpr (floating_element<A>) return std::isfinite(arithmetic_t<A>(a));
        else return true;
    }
};

// Binary floating functions: computed in the operands' promoted type, which
// integers and bools turn into float64.
#define LOOM_BINARY_FLOATING_FUNCTOR(name, expression)                                                 \
    struct name {                                                                                      \
        template <element A, element B>                                                                \
        auto operator()(A a, B b) const {                                                              \
            using C = promote_t<A, B>;                                                                 \
            static_assert(!complex_element<C>, "loom: " #name " takes real numbers only, as NumPy's"); \
            if constexpr (complex_element<C>) {                                                        \
                return C(a); /* refused above: no second error */                                      \
            } else {                                                                                   \
                using R = floating_result_t<C>;                                                        \
                const R x = R(a), y = R(b);                                                            \
                return R(expression);                                                                  \
            }                                                                                          \
        }                                                                                              \
    };

LOOM_BINARY_FLOATING_FUNCTOR(arctan2, std::atan2(x, y))
LOOM_BINARY_FLOATING_FUNCTOR(hypot, std::hypot(x, y))
LOOM_BINARY_FLOATING_FUNCTOR(copysign, std::copysign(x, y))

#undef LOOM_BINARY_FLOATING_FUNCTOR

/// NumPy's heaviside: 0 below zero, `h0` at zero (either sign), 1 above,
/// NaN for NaN.
struct heaviside {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>, "loom: heaviside takes real numbers only, as NumPy's");
        if constexpr (complex_element<promote_t<A, B>>) {
            return promote_t<A, B>(a);  // refused above: no second error
        } else {
            using R = floating_result_t<promote_t<A, B>>;
            const R x = R(a), h0 = R(b);
            if (x != x) return std::numeric_limits<R>::quiet_NaN();
            if (x == 0) return h0;
            return x < 0 ? R(0) : R(1);
        }
    }
};

/// NumPy's logaddexp: log(exp(x) + exp(y)) without overflow, as
/// max + log1p(exp(-|x - y|)); equal arguments (infinities of one sign
/// included) give x + log(2).
struct logaddexp {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>, "loom: logaddexp takes real numbers only, as NumPy's");
        if constexpr (complex_element<promote_t<A, B>>) {
            return promote_t<A, B>(a);  // refused above: no second error
        } else {
            using R = floating_result_t<promote_t<A, B>>;
            using W = arithmetic_t<R>;  // float for the 16-bit types
            const W x = W(R(a)), y = W(R(b));
            if (x == y) return R(x + std::numbers::ln2_v<W>);
            const W difference = x - y;
            if (difference > 0) return R(x + std::log1p(std::exp(-difference)));
            if (difference <= 0) return R(y + std::log1p(std::exp(difference)));
            return R(difference);  // NaN
        }
    }
};

/// NumPy's logaddexp2: log2(2^x + 2^y) without overflow, as
/// max + log2(1 + 2^-|x - y|); equal arguments give x + 1.
struct logaddexp2 {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>, "loom: logaddexp2 takes real numbers only, as NumPy's");
        if constexpr (complex_element<promote_t<A, B>>) {
            return promote_t<A, B>(a);  // refused above: no second error
        } else {
            using R = floating_result_t<promote_t<A, B>>;
            using W = arithmetic_t<R>;  // float for the 16-bit types
            const W x = W(R(a)), y = W(R(b));
            if (x == y) return R(x + W(1));
            const W difference = x - y;
            if (difference > 0) return R(x + std::numbers::log2e_v<W> * std::log1p(std::exp2(-difference)));
            if (difference <= 0) return R(y + std::numbers::log2e_v<W> * std::log1p(std::exp2(difference)));
            return R(difference);  // NaN
        }
    }
};

/// NumPy's nan_to_num: NaN becomes `nan`, +inf `posinf` and -inf `neginf`,
/// each converted to the element's type (a value beyond float32's range
/// becomes an infinity, as in NumPy); an empty posinf or neginf is the
/// type's largest or lowest finite value. Integers and bools are unchanged.
struct nan_to_num {
    double nan = 0.0;
    std::optional<double> posinf;
    std::optional<double> neginf;

    template <element A>
    A operator()(A a) const {
        if constexpr (complex_element<A>) {
            return A((*this)(a.real()), (*this)(a.imag()));  // each part, as NumPy
        } else {
            if constexpr (floating_element<A>) {
                if (a != a) return narrowed<A>(nan);
                if (a == std::numeric_limits<A>::infinity())
                    return posinf ? narrowed<A>(*posinf) : std::numeric_limits<A>::max();
                if (a == -std::numeric_limits<A>::infinity())
                    return neginf ? narrowed<A>(*neginf) : std::numeric_limits<A>::lowest();
            }
            return a;
        }
    }

private:
    // `value` rounded to A, an infinity beyond A's range (a conversion C++
    // leaves undefined there).
    template <floating_element A>
    static A narrowed(double value) {
        if constexpr (std::same_as<A, double> || half_element<A>) {
            return A(value);  // the 16-bit types round from double, to an infinity beyond their range
        } else {
            // Values from here on round to infinity: the largest finite
            // value, (2 - epsilon) * top, plus half its ulp, epsilon * top / 2.
            constexpr double largest = std::numeric_limits<A>::max();
            constexpr double epsilon = std::numeric_limits<A>::epsilon();
            constexpr double top = largest / (2 - epsilon);
            constexpr double overflow = largest + epsilon * top / 2;
            if (value >= overflow) return std::numeric_limits<A>::infinity();
            if (value <= -overflow) return -std::numeric_limits<A>::infinity();
            return A(value);
        }
    }
};

}  // namespace loom::fn
