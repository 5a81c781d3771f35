#pragma once
// Arithmetic functors with NumPy's results, and never undefined behaviour:
// integers wrap around (computed in unsigned arithmetic), integer division
// or remainder by zero gives 0, and the most negative value divided by -1
// wraps. Each converts its operands to their promoted type first (types.hpp).

#include <cmath>
#include <concepts>
#include <type_traits>

#include "loom/core/types.hpp"
#include "loom/expr/functors_complex.hpp"

namespace loom::fn {

template <class T>
concept integer = std::integral<T> && !std::same_as<T, bool>;

namespace detail {

// Unsigned type at least as wide as `unsigned`, so that C++'s own promotion
// to int never brings back signed overflow.
template <integer T>
using wrap_t = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;

template <integer T>
T wrap(wrap_t<T> value) {
    return static_cast<T>(value);
}

}  // namespace detail

struct add {
    template <element A, element B>
    auto operator()(A a, B b) const {
        using C = promote_t<A, B>;
        if constexpr (std::same_as<C, bool>) return a || b;  // NumPy: bool + bool is logical or
        else if constexpr (integer<C>)
            return detail::wrap<C>(detail::wrap_t<C>(C(a)) + detail::wrap_t<C>(C(b)));
        else return C(C(a) + C(b));
    }
};

struct subtract {
    template <element A, element B>
    auto operator()(A a, B b) const {
        using C = promote_t<A, B>;
        static_assert(!std::same_as<C, bool>,
                      "subtracting bools is not supported (as in NumPy); use logical_xor or ^ instead");
        if constexpr (integer<C>) return detail::wrap<C>(detail::wrap_t<C>(C(a)) - detail::wrap_t<C>(C(b)));
        else return C(C(a) - C(b));
    }
};

struct multiply {
    template <element A, element B>
    auto operator()(A a, B b) const {
        using C = promote_t<A, B>;
        if constexpr (std::same_as<C, bool>) return a && b;  // NumPy: bool * bool is logical and
        else if constexpr (complex_element<C>) return detail::complex_multiply(C(a), C(b));
        else if constexpr (integer<C>)
            return detail::wrap<C>(detail::wrap_t<C>(C(a)) * detail::wrap_t<C>(C(b)));
        else return C(C(a) * C(b));
    }
};

/// True division: integers and bools give float64.
struct divide {
    template <element A, element B>
    auto operator()(A a, B b) const {
        using R = floating_result_t<promote_t<A, B>>;
        if constexpr (complex_element<R>) return detail::complex_divide(R(a), R(b));
        else return R(R(a) / R(b));
    }
};

namespace detail {

// NumPy's npy_divmod for floating types: Python's floor division and modulo.
template <std::floating_point T>
T floating_divmod(T a, T b, T& modulus) {
    T mod = std::fmod(a, b);
    if (b == 0) {
        modulus = mod;
        return a / b;
    }
    T div = (a - mod) / b;
    if (mod != 0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= T(1);
        }
    } else {
        mod = std::copysign(T(0), b);
    }
    T floordiv;
    if (div != 0) {
        floordiv = std::floor(div);
        if (div - floordiv > T(0.5)) floordiv += T(1);
    } else {
        floordiv = std::copysign(T(0), a / b);
    }
    modulus = mod;
    return floordiv;
}

// Integer ops on bools compute in int8, as NumPy does.
template <class C>
using integral_compute_t = std::conditional_t<std::same_as<C, bool>, std::int8_t, C>;

}  // namespace detail

/// Python's `//`: rounds toward negative infinity; integer division by 0 gives 0.
struct floor_divide {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; floor_divide is not defined for them (NumPy refuses it too); divide with /");
        using C = detail::integral_compute_t<promote_t<A, B>>;
        const C x = C(a), y = C(b);
        if constexpr (floating_element<C>) {
            if (y == 0) return C(x / y);
            arithmetic_t<C> mod;
            return C(detail::floating_divmod<arithmetic_t<C>>(x, y, mod));
        } else {
            if (y == 0) return C(0);
            if constexpr (std::is_signed_v<C>) {
                if (y == C(-1)) return detail::wrap<C>(detail::wrap_t<C>(0) - detail::wrap_t<C>(x));
                const C q = C(x / y);
                return C((x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q);
            } else {
                return C(x / y);
            }
        }
    }
};

/// Python's `%`: the result has the divisor's sign; integer remainder by 0 gives 0.
struct remainder {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; % and remainder are not defined for them (NumPy refuses them too)");
        using C = detail::integral_compute_t<promote_t<A, B>>;
        const C x = C(a), y = C(b);
        if constexpr (floating_element<C>) {
            if (y == 0) return C(std::fmod(x, y));
            arithmetic_t<C> mod;
            detail::floating_divmod<arithmetic_t<C>>(x, y, mod);
            return C(mod);
        } else {
            if (y == 0) return C(0);
            if constexpr (std::is_signed_v<C>) {
                if (y == C(-1)) return C(0);
                const C r = C(x % y);
                return C((r != 0 && ((r < 0) != (y < 0))) ? r + y : r);
            } else {
                return C(x % y);
            }
        }
    }
};

/// `a ** b`. Integers: exact, wrapping powers; a negative exponent gives the
/// integer part of 1 / a^-b (1 for a == 1, +-1 for a == -1, otherwise 0),
/// where NumPy raises an error instead.
struct power {
    template <element A, element B>
    auto operator()(A a, B b) const {
        using C = detail::integral_compute_t<promote_t<A, B>>;
        if constexpr (complex_element<C>) {
            return detail::complex_power(C(a), C(b));
        } else if constexpr (floating_element<C>) {
            return C(std::pow(arithmetic_t<C>(C(a)), arithmetic_t<C>(C(b))));
        } else {
            C base = C(a), exponent = C(b);
            if constexpr (std::is_signed_v<C>) {
                if (exponent < 0) {
                    if (base == 1) return C(1);
                    if (base == -1) return C((exponent & 1) ? -1 : 1);
                    return C(0);
                }
            }
            using W = detail::wrap_t<C>;
            W result = 1, factor = W(base);
            for (auto e = std::make_unsigned_t<C>(exponent); e != 0; e >>= 1) {
                if (e & 1) result = W(result * factor);
                factor = W(factor * factor);
            }
            return detail::wrap<C>(result);
        }
    }
};

/// NumPy's maximum: NaN wins, and of equal values the second (so that
/// maximum(0.0, -0.0) is -0.0, as in NumPy).
struct maximum {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; compare abs(z) or real(z)");
        using C = promote_t<A, B>;
        const C x = C(a), y = C(b);
        if constexpr (std::same_as<C, float16>) return (x >= y || x != x) ? x : y;  // NumPy's float16 loop: the first
        else if constexpr (floating_element<C>) return (x > y || x != x) ? x : y;
        else return x > y ? x : y;
    }
};

/// NumPy's minimum: NaN wins, and of equal values the second.
struct minimum {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; compare abs(z) or real(z)");
        using C = promote_t<A, B>;
        const C x = C(a), y = C(b);
        if constexpr (std::same_as<C, float16>) return (x <= y || x != x) ? x : y;  // NumPy's float16 loop: the first
        else if constexpr (floating_element<C>) return (x < y || x != x) ? x : y;
        else return x < y ? x : y;
    }
};

/// What max() folds elements with: NaN wins, and of equal values the first
/// (so that the max of [0.0, -0.0] is 0.0, as NumPy's maximum.reduce gives).
struct fold_max {
    template <element A>
    A operator()(A a, A b) const {
        if constexpr (floating_element<A>) return (a >= b || a != a) ? a : b;  // b is NaN: a >= b is false
        else return a >= b ? a : b;
    }
};

/// What min() folds elements with: NaN wins, and of equal values the first.
struct fold_min {
    template <element A>
    A operator()(A a, A b) const {
        if constexpr (floating_element<A>) return (a <= b || a != a) ? a : b;
        else return a <= b ? a : b;
    }
};

/// NumPy's clip: minimum(maximum(x, low), high).
struct clip {
    template <element X, element L, element H>
    auto operator()(X x, L low, H high) const {
        return minimum{}(maximum{}(x, low), high);
    }
};

// The unary functors whose static_asserts refuse some element types return
// `auto`: the node computes their result type when it is built, which
// instantiates the body, so the refusal comes at the line that builds the
// expression (as for binary ones), not when it is evaluated.

struct negative {
    template <element A>
    auto operator()(A a) const {
        static_assert(!std::same_as<A, bool>,
                      "negating bools is not supported (as in NumPy); use logical_not or ! instead");
        if constexpr (integer<A>) return detail::wrap<A>(detail::wrap_t<A>(0) - detail::wrap_t<A>(a));
        else return A(-a);
    }
};

/// |a|; of a complex number, its modulus, of the real type (hypot, as NumPy).
struct absolute {
    template <element A>
    real_part_t<A> operator()(A a) const {
        if constexpr (complex_element<A>) return std::abs(a);
        else if constexpr (floating_element<A>) return std::fabs(a);
        else if constexpr (integer<A> && std::is_signed_v<A>) return a < 0 ? negative{}(a) : a;
        else return a;
    }
};

/// a * a; bools square in int8, as in NumPy (which has no bool loop for it).
struct square {
    template <element A>
    auto operator()(A a) const {
        using C = detail::integral_compute_t<A>;
        return C(multiply{}(C(a), C(a)));
    }
};

/// -1, 0 or 1 (NaN stays NaN).
struct sign {
    template <element A>
    auto operator()(A a) const {
        static_assert(!std::same_as<A, bool>, "sign of bools is not supported (as in NumPy); use astype first");
        if constexpr (complex_element<A>) {
            return detail::complex_sign(a);
        } else {
            if constexpr (floating_element<A>) {
                if (a != a) return a;
            }
            return A((A(0) < a) - (a < A(0)));
        }
    }
};

/// NumPy's fmax: the larger of a and b, where a NaN loses to a number (NaN
/// only when both are), and of equal values the second, as in NumPy.
struct fmax {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; compare abs(z) or real(z)");
        if constexpr (complex_element<promote_t<A, B>>) {
            return promote_t<A, B>(a);  // refused above: no second error
        } else {
            using C = promote_t<A, B>;
            const C x = C(a), y = C(b);
            if constexpr (floating_element<C>) return (x > y || y != y) ? x : y;
            else return x > y ? x : y;
        }
    }
};

/// NumPy's fmin: the smaller of a and b, where a NaN loses to a number.
struct fmin {
    template <element A, element B>
    auto operator()(A a, B b) const {
        static_assert(!complex_element<promote_t<A, B>>,
                      "loom: complex numbers have no order; compare abs(z) or real(z)");
        if constexpr (complex_element<promote_t<A, B>>) {
            return promote_t<A, B>(a);  // refused above: no second error
        } else {
            using C = promote_t<A, B>;
            const C x = C(a), y = C(b);
            if constexpr (floating_element<C>) return (x < y || y != y) ? x : y;
            else return x < y ? x : y;
        }
    }
};

/// NumPy's reciprocal, 1 / a in a's own type (bools in int8, as NumPy).
/// Integers divide as integers: 1 for 1, -1 for -1, otherwise 0, and 0 for
/// 0, where NumPy converts an infinity to the integer type (the most
/// negative int32 or int64 on x86-64, 0 for 8-bit types) with a warning.
struct reciprocal {
    template <element A>
    auto operator()(A a) const {
        using C = detail::integral_compute_t<A>;
        const C x = C(a);
        if constexpr (floating_element<C>) {
            return C(C(1) / x);
        } else {
            if constexpr (std::is_signed_v<C>) {
                if (x == C(-1)) return C(-1);
            }
            return C(x == C(1) ? 1 : 0);
        }
    }
};

/// PyTorch's relu, clamp_min(a, 0): 0 below zero, otherwise a itself, in
/// a's type, so NaN stays NaN and -0.0 stays -0.0, as in PyTorch; bools are
/// refused, as PyTorch refuses them.
struct relu {
    template <element A>
    auto operator()(A a) const {
        static_assert(!std::same_as<A, bool>, "relu of bools is not supported (as in PyTorch); use astype first");
        if constexpr (std::is_unsigned_v<A>) return a;
        else return a < A(0) ? A(0) : a;
    }
};

}  // namespace loom::fn
