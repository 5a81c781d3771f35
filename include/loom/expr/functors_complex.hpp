#pragma once
// Complex arithmetic as NumPy computes it, and the functors that take complex
// numbers apart: real, imag, conjugate, angle. Products are the textbook ones
// and quotients Smith's, as NumPy's loops (std::complex's operators differ at
// infinities); powers follow NumPy's npy_cpow. Includes only <complex> and
// <cmath>, <limits> and <numbers> beyond core/types.hpp.

#include <cmath>
#include <complex>
#include <limits>
#include <numbers>

#include "loom/core/types.hpp"

namespace loom::fn {

namespace detail {

/// (a.re b.re - a.im b.im) + (a.re b.im + a.im b.re)i, NumPy's complex product
/// (not C's Annex G, whose recovery of infinities std::complex's operator*
/// follows). It has no SIMD batch form (eval/simd.hpp): the compiler
/// vectorises this formula's element loop, which measured faster than
/// xsimd's complex batches (benchmarks/bench_elementwise, complex_mul_add).
template <complex_element C>
C complex_multiply(C a, C b) {
    return C(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}

/// NumPy's complex quotient: Smith's algorithm, and a division by a complex
/// zero divides both parts by a real zero (giving infinities or NaN).
template <complex_element C>
C complex_divide(C a, C b) {
    using R = typename C::value_type;
    const R br = b.real(), bi = b.imag();
    const R abs_br = std::fabs(br), abs_bi = std::fabs(bi);
    if (abs_br >= abs_bi) {
        if (abs_br == 0 && abs_bi == 0) return C(a.real() / abs_br, a.imag() / abs_br);
        const R ratio = bi / br;
        const R scale = R(1) / (br + bi * ratio);
        return C((a.real() + a.imag() * ratio) * scale, (a.imag() - a.real() * ratio) * scale);
    }
    const R ratio = br / bi;
    const R scale = R(1) / (bi + br * ratio);
    return C((a.real() * ratio + a.imag()) * scale, (a.imag() * ratio - a.real()) * scale);
}

/// NumPy's complex power (npy_cpow): z**0 is 1; 0**w is 0 for a positive real
/// w and NaN otherwise; a small integer exponent multiplies by squaring (then
/// takes the reciprocal for a negative one); everything else is C's cpow.
template <complex_element C>
C complex_power(C a, C b) {
    using R = typename C::value_type;
    if (b.real() == 0 && b.imag() == 0) return C(1, 0);
    if (a.real() == 0 && a.imag() == 0) {
        if (b.real() > 0 && b.imag() == 0) return C(0, 0);
        return C(std::numeric_limits<R>::quiet_NaN(), std::numeric_limits<R>::quiet_NaN());
    }
    if (b.imag() == 0 && b.real() > R(-100) && b.real() < R(100)) {
        const auto n = static_cast<long>(b.real());
        if (R(n) == b.real()) {
            if (n == 1) return a;
            if (n == 2) return complex_multiply(a, a);
            if (n == 3) return complex_multiply(a, complex_multiply(a, a));
            C result(1, 0), factor = a;
            for (unsigned long e = static_cast<unsigned long>(n < 0 ? -n : n);; e >>= 1) {
                if (e & 1) result = complex_multiply(result, factor);
                if (e <= 1) break;
                factor = complex_multiply(factor, factor);
            }
            return n < 0 ? complex_divide(C(1, 0), result) : result;
        }
    }
    return std::pow(a, b);
}

/// NumPy 1.x's sign of a complex number: the sign of the real part, or of
/// the imaginary part when the real part is 0, as a complex number; a NaN
/// in either part gives NaN.
template <complex_element C>
C complex_sign(C a) {
    using R = typename C::value_type;
    if (a.real() != a.real() || a.imag() != a.imag()) return C(std::numeric_limits<R>::quiet_NaN(), 0);
    const R part = a.real() != 0 ? a.real() : a.imag();
    return C(R((R(0) < part) - (part < R(0))), 0);
}

/// log(1 + x): C's log1p for a real x; NumPy's formula for a complex one,
/// log(hypot(re + 1, im)) + atan2(im, re + 1)i.
template <class T>
T log1p(T x) {
    if constexpr (complex_element<T>) {
        const auto re = x.real() + 1;
        return T(std::log(std::hypot(re, x.imag())), std::atan2(x.imag(), re));
    } else {
        return std::log1p(x);
    }
}

/// exp(x) - 1: C's expm1 for a real x; NumPy's formula for a complex one,
/// (expm1(re) cos(im) - 2 sin(im / 2)^2) + exp(re) sin(im)i.
template <class T>
T expm1(T x) {
    if constexpr (complex_element<T>) {
        using R = typename T::value_type;
        const R half = std::sin(x.imag() / 2);
        return T(std::expm1(x.real()) * std::cos(x.imag()) - 2 * half * half, std::exp(x.real()) * std::sin(x.imag()));
    } else {
        return std::expm1(x);
    }
}

/// log2(x): C's log2 for a real x; log(z) / log(2) for a complex one, as NumPy.
template <class T>
T log2(T x) {
    if constexpr (complex_element<T>) {
        using R = typename T::value_type;
        const T natural = std::log(x);
        return T(natural.real() / std::numbers::ln2_v<R>, natural.imag() / std::numbers::ln2_v<R>);
    } else {
        return std::log2(x);
    }
}

/// 2 to the power x: C's exp2 for a real x; exp(z log(2)) for a complex one, as NumPy.
template <class T>
T exp2(T x) {
    if constexpr (complex_element<T>) {
        using R = typename T::value_type;
        return std::exp(T(x.real() * std::numbers::ln2_v<R>, x.imag() * std::numbers::ln2_v<R>));
    } else {
        return std::exp2(x);
    }
}

}  // namespace detail

/// The real part; a real number is its own real part.
struct real {
    template <element A>
    real_part_t<A> operator()(A a) const {
        if constexpr (complex_element<A>) return a.real();
        else return a;
    }
};

/// The imaginary part; a real number's is zero, of its own type.
struct imag {
    template <element A>
    real_part_t<A> operator()(A a) const {
        if constexpr (complex_element<A>) return a.imag();
        else return A{};
    }
};

/// The complex conjugate; a real number is its own.
struct conjugate {
    template <element A>
    A operator()(A a) const {
        if constexpr (complex_element<A>) return A(a.real(), -a.imag());
        else return a;
    }
};

/// The argument atan2(imag, real), in radians, or in degrees when `degrees`.
struct angle {
    bool degrees = false;

    template <element A>
    auto operator()(A a) const {
        using R = real_part_t<floating_result_t<A>>;
        R radians;
        if constexpr (complex_element<A>) radians = std::atan2(a.imag(), a.real());
        else radians = std::atan2(R(0), R(a));
        return degrees ? R(radians * R(180 / std::numbers::pi)) : radians;  // NumPy's factor, rounded to R
    }
};

}  // namespace loom::fn
