#pragma once
// Window functions for signal processing, with NumPy's names and values:
// hanning, hamming, blackman, bartlett and kaiser, and i0, the modified
// Bessel function that kaiser is built on (element-wise, as numpy.i0).
// Each window is a float64 tensor of shape [M], computed with NumPy's
// formulas in NumPy's order of operations, each product rounded on its own
// as NumPy's array operations round it (Note [arange arithmetic] in
// creation.hpp), so that the values differ from NumPy's only as far as
// std::cos and std::exp differ from NumPy's cos and exp.
// Includes only <numbers> beyond loom's creation and expression headers.

#include <cmath>
#include <concepts>
#include <cstddef>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/types.hpp"
#include "loom/create/creation.hpp"
#include "loom/expr/elementwise.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// The integer types a window's length M may have: every one but bool and
/// the character types, which std::cmp_less (M is compared as given, never
/// narrowed first) does not take.
template <class M>
concept window_length_integer =
    std::integral<M> && !std::same_as<M, bool> && !std::same_as<M, char> && !std::same_as<M, wchar_t> &&
    !std::same_as<M, char8_t> && !std::same_as<M, char16_t> && !std::same_as<M, char32_t>;

namespace detail {

// Cephes' Chebyshev coefficients for I0 (NumPy's _i0A and _i0B): for
// 0 <= x <= 8, I0(x) = exp(x) * chebyshev_sum(x / 2 - 2, i0_near_zero); for
// x > 8, I0(x) = exp(x) * chebyshev_sum(32 / x - 2, i0_far_from_zero) / sqrt(x).
inline constexpr double i0_near_zero[] = {
    -4.41534164647933937950E-18, 3.33079451882223809783E-17,  -2.43127984654795469359E-16,
    1.71539128555513303061E-15,  -1.16853328779934516808E-14, 7.67618549860493561688E-14,
    -4.85644678311192946090E-13, 2.95505266312963983461E-12,  -1.72682629144155570723E-11,
    9.67580903537323691224E-11,  -5.18979560163526290666E-10, 2.65982372468238665035E-9,
    -1.30002500998624804212E-8,  6.04699502254191894932E-8,   -2.67079385394061173391E-7,
    1.11738753912010371815E-6,   -4.41673835845875056359E-6,  1.64484480707288970893E-5,
    -5.75419501008210370398E-5,  1.88502885095841655729E-4,   -5.76375574538582365885E-4,
    1.63947561694133579842E-3,   -4.32430999505057594430E-3,  1.05464603945949983183E-2,
    -2.37374148058994688156E-2,  4.93052842396707084878E-2,   -9.49010970480476444210E-2,
    1.71620901522208775349E-1,   -3.04682672343198398683E-1,  6.76795274409476084995E-1,
};
inline constexpr double i0_far_from_zero[] = {
    -7.23318048787475395456E-18, -4.83050448594418207126E-18, 4.46562142029675999901E-17,
    3.46122286769746109310E-17,  -2.82762398051658348494E-16, -3.42548561967721913462E-16,
    1.77256013305652638360E-15,  3.81168066935262242075E-15,  -9.55484669882830764870E-15,
    -4.15056934728722208663E-14, 1.54008621752140982691E-14,  3.85277838274214270114E-13,
    7.18012445138366623367E-13,  -1.79417853150680611778E-12, -1.32158118404477131188E-11,
    -3.14991652796324136454E-11, 1.18891471078464383424E-11,  4.94060238822496958910E-10,
    3.39623202570838634515E-9,   2.26666899049817806459E-8,   2.04891858946906374183E-7,
    2.89137052083475648297E-6,   6.88975834691682398426E-5,   3.36911647825569408990E-3,
    8.04490411014108831608E-1,
};

/// The sum of a Chebyshev series at x by Clenshaw's recurrence, first
/// coefficient first, as Cephes' chbevl and NumPy's _chbevl compute it.
template <std::size_t N>
double chebyshev_sum(double x, const double (&coefficients)[N]) {
    double b0 = coefficients[0], b1 = 0.0, b2 = 0.0;
    for (std::size_t i = 1; i < N; ++i) {
        b2 = b1;
        b1 = b0;
        b0 = rounded_product(x, b1) - b2 + coefficients[i];
    }
    return 0.5 * (b0 - b2);
}

/// I0(x), the modified Bessel function of the first kind of order 0, as
/// numpy.i0 computes it. As in NumPy, NaN gives NaN, infinities NaN
/// (infinity over infinity), and |x| above about 709.78, where exp
/// overflows, infinity.
inline double bessel_i0(double x) {
    const double a = std::fabs(x);
    if (a <= 8.0) return std::exp(a) * chebyshev_sum(a / 2.0 - 2.0, i0_near_zero);
    return std::exp(a) * chebyshev_sum(32.0 / a - 2.0, i0_far_from_zero) / std::sqrt(a);
}

/// The number of values of a window of M points: 0 for M < 1 (NumPy's
/// empty window), M otherwise. Throws std::length_error, naming `call()`,
/// when M float64 values would span more bytes than index_t counts.
template <window_length_integer M, class Call>
index_t window_length(M m, const Call& call) {
    if (std::cmp_less(m, 1)) return 0;
    if (!std::in_range<index_t>(m) || !checked_mul(static_cast<index_t>(m), static_cast<index_t>(sizeof(double)))) {
        throw std::length_error(call() + ": a window of M float64 values spans more bytes than fit in a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index; pass a smaller M");
    }
    return static_cast<index_t>(m);
}

/// The window of `length` values value_at(0), ..., value_at(length - 1);
/// [1.0] for a length of 1, where NumPy's formulas would divide by M - 1 = 0.
template <class ValueAt>
tensor<double> window_of(index_t length, ValueAt value_at) {
    tensor<double> result(uninitialized, shape_type{length});
    double* out = result.data();
    if (length == 1) out[0] = 1.0;
    else for (index_t k = 0; k < length; ++k) out[k] = value_at(k);
    return result;
}

/// NumPy's n = arange(1 - M, M, 2) at position k, as a double: the cosine
/// and triangular windows are symmetric in n.
inline double symmetric_position(index_t length, index_t k) {
    return static_cast<double>(1 - length + 2 * k);
}

/// weight * cos(multiple * pi * n / (M - 1)), rounded as NumPy rounds each
/// step; `multiple` is 1 or 2, so that multiple * pi is exact.
inline double cosine_term(double weight, double multiple, double n, double m_minus_1) {
    return rounded_product(weight, std::cos(multiple * std::numbers::pi * n / m_minus_1));
}

/// The window a0 + a1 * cos(pi * n / (M - 1)) + a2 * cos(2 * pi * n / (M - 1)),
/// summed from the left as NumPy does; a2 = 0 leaves the last term out.
template <window_length_integer M>
tensor<double> cosine_window(const char* name, M m, double a0, double a1, double a2) {
    const index_t length = window_length(m, [&] { return std::string(name) + "(M = " + number_text(m) + ")"; });
    const auto m_minus_1 = static_cast<double>(length - 1);
    return window_of(length, [&](index_t k) {
        const double n = symmetric_position(length, k);
        const double sum = a0 + cosine_term(a1, 1.0, n, m_minus_1);
        return a2 == 0.0 ? sum : sum + cosine_term(a2, 2.0, n, m_minus_1);
    });
}

}  // namespace detail

namespace fn {

/// numpy.i0 of one element: computed in float64 (bools and integers give
/// float64, as in NumPy), then stored as the floating type given. NumPy
/// computes float32 and float16 in their own type, so its last bits there
/// can differ.
struct i0 {
    template <element A>
        requires(!complex_element<A>)
    floating_result_t<A> operator()(A a) const {
        return floating_result_t<A>(loom::detail::bessel_i0(static_cast<double>(a)));
    }
};

}  // namespace fn

/// I0, the modified Bessel function of the first kind of order 0, element-wise
/// and lazily, with Cephes' Chebyshev expansions as NumPy (NumPy: numpy.i0).
/// Bools and integers give float64; floating types keep their type. Complex
/// elements do not compile (NumPy raises TypeError). Throws nothing.
template <expression E>
    requires(!complex_element<value_type_of<E>>)
auto i0(E&& e) {
    return elementwise(fn::i0{}, std::forward<E>(e));
}

/// The Hann window of M points, 0.5 + 0.5 * cos(pi * n / (M - 1)) for
/// n = 1 - M, 3 - M, ..., M - 1 (NumPy: numpy.hanning). float64, shape [M];
/// empty for M < 1 and [1.0] for M = 1, as in NumPy. Any integer type for M.
/// Throws std::length_error, naming M, when M float64 values would span more
/// bytes than index_t counts.
template <window_length_integer M>
tensor<double> hanning(M m) {
    return detail::cosine_window("hanning", m, 0.5, 0.5, 0.0);
}

/// The Hamming window of M points, 0.54 + 0.46 * cos(pi * n / (M - 1)) for
/// n = 1 - M, 3 - M, ..., M - 1 (NumPy: numpy.hamming). float64, shape [M];
/// empty for M < 1 and [1.0] for M = 1, as in NumPy. Any integer type for M.
/// Throws std::length_error, naming M, when M float64 values would span more
/// bytes than index_t counts.
template <window_length_integer M>
tensor<double> hamming(M m) {
    return detail::cosine_window("hamming", m, 0.54, 0.46, 0.0);
}

/// The Blackman window of M points, 0.42 + 0.5 * cos(pi * n / (M - 1)) +
/// 0.08 * cos(2 * pi * n / (M - 1)) for n = 1 - M, 3 - M, ..., M - 1 (NumPy:
/// numpy.blackman); as NumPy's, its ends are -1.3877787807814457e-17, not 0,
/// and the peak of an odd M is 0.9999999999999999, the sums rounding.
/// float64, shape [M]; empty for M < 1 and [1.0] for M = 1, as in NumPy. Any
/// integer type for M. Throws std::length_error, naming M, when M float64
/// values would span more bytes than index_t counts.
template <window_length_integer M>
tensor<double> blackman(M m) {
    return detail::cosine_window("blackman", m, 0.42, 0.5, 0.08);
}

/// The Bartlett (triangular) window of M points, 1 + n / (M - 1) for n <= 0
/// and 1 - n / (M - 1) for n > 0, n = 1 - M, 3 - M, ..., M - 1 (NumPy:
/// numpy.bartlett). float64, shape [M]; empty for M < 1 and [1.0] for M = 1,
/// as in NumPy. Any integer type for M. Throws std::length_error, naming M,
/// when M float64 values would span more bytes than index_t counts.
template <window_length_integer M>
tensor<double> bartlett(M m) {
    const index_t length = detail::window_length(m, [&] { return "bartlett(M = " + detail::number_text(m) + ")"; });
    const auto m_minus_1 = static_cast<double>(length - 1);
    return detail::window_of(length, [&](index_t k) {
        const double ratio = detail::symmetric_position(length, k) / m_minus_1;
        return ratio <= 0.0 ? 1.0 + ratio : 1.0 - ratio;
    });
}

/// The Kaiser window of M points and shape `beta`, I0(beta * sqrt(1 - ((n -
/// alpha) / alpha)^2)) / I0(beta) for n = 0, ..., M - 1 and alpha = (M - 1) / 2
/// (NumPy: numpy.kaiser; I0 is i0). float64, shape [M]; empty for M < 1 and
/// [1.0] for M = 1, as in NumPy. Any integer type for M. As in NumPy, a
/// negative beta gives the window of -beta, a NaN or infinite beta gives NaN
/// values, and a beta above about 709.78, where I0(beta) is infinite, gives NaN
/// where I0 of the argument is infinite too and 0 elsewhere.
/// Throws std::length_error, naming M, when M float64 values would span more
/// bytes than index_t counts.
template <window_length_integer M>
tensor<double> kaiser(M m, double beta) {
    const index_t length = detail::window_length(m, [&] {
        return "kaiser(M = " + detail::number_text(m) + ", beta = " + detail::number_text(beta) + ")";
    });
    const double alpha = static_cast<double>(length - 1) / 2.0;
    const double i0_of_beta = detail::bessel_i0(beta);
    return detail::window_of(length, [&](index_t k) {
        const double ratio = (static_cast<double>(k) - alpha) / alpha;
        const double argument = beta * std::sqrt(1.0 - detail::rounded_product(ratio, ratio));
        return detail::bessel_i0(argument) / i0_of_beta;
    });
}

}  // namespace loom
