#pragma once
// numpy.interp: the piecewise-linear interpolant of sample points (xp, fp)
// at x, with NumPy's search (a binary search that starts from the interval
// of the element before), its treatment of the ends, of NaN and of a slope
// that overflows, and its periodic form. Includes nothing beyond loom's
// sorting header.

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/expr/functions.hpp"
#include "loom/sort/sort.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// The arguments of interp besides the points, NumPy's keywords.
struct interp_options {
    /// The value for x below xp[0]; fp[0] when not given.
    std::optional<double> left{};
    /// The value for x above xp[-1]; fp[-1] when not given.
    std::optional<double> right{};
    /// The period of the x-coordinates: x and xp are taken modulo it, and
    /// left and right are not used. Refused when 0.
    std::optional<double> period{};
};

namespace detail {

// NumPy's binary_search_with_guess: the j with xp[j] <= key < xp[j + 1] in increasing xp (n - 1 for key
// xp[n - 1], -1 below xp[0], n above xp[n - 1]), searched first around `guess`, the j of the key before.
// Over xp that is not increasing it gives NumPy's j too.
inline index_t interval_of(double key, const double* xp, index_t n, index_t guess) {
    constexpr index_t likely_in_cache = 8;
    if (key > xp[n - 1]) return n;
    if (key < xp[0]) return -1;
    if (n <= 4) {
        index_t i = 1;
        while (i < n && key >= xp[i]) ++i;
        return i - 1;
    }
    guess = std::clamp<index_t>(guess, 1, n - 3);
    index_t low = 0, high = n;
    if (key < xp[guess]) {
        if (key >= xp[guess - 1]) return guess - 1;
        high = guess - 1;
        if (guess > likely_in_cache && key >= xp[guess - likely_in_cache]) low = guess - likely_in_cache;
    } else {
        if (key < xp[guess + 1]) return guess;
        if (key < xp[guess + 2]) return guess + 1;
        low = guess + 2;
        if (guess < n - likely_in_cache - 1 && key < xp[guess + likely_in_cache]) high = guess + likely_in_cache;
    }
    while (low < high) {
        const index_t middle = low + ((high - low) >> 1);
        if (key >= xp[middle]) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    return low - 1;
}

// NumPy's arr_interp over float64: `count` values of x into `out`.
inline void interpolate(const double* x, index_t count, const double* xp, const double* fp, index_t n, double left,
                        double right, double* out) {
    if (n == 1) {
        for (index_t k = 0; k < count; ++k) out[k] = x[k] < xp[0] ? left : x[k] > xp[0] ? right : fp[0];
        return;
    }
    index_t j = 0;
    for (index_t k = 0; k < count; ++k) {
        const double v = x[k];
        if (std::isnan(v)) {
            out[k] = v;
            continue;
        }
        j = interval_of(v, xp, n, j);
        if (j == -1) {
            out[k] = left;
        } else if (j == n) {
            out[k] = right;
        } else if (j == n - 1 || xp[j] == v) {
            out[k] = fp[j];  // no slope, which could be inf or NaN, at a sample point
        } else {
            const double slope = (fp[j + 1] - fp[j]) / (xp[j + 1] - xp[j]);
            double value = slope * (v - xp[j]) + fp[j];
            // An infinite slope times 0 from one end, NaN, may be finite from the other.
            if (std::isnan(value)) value = slope * (v - xp[j + 1]) + fp[j + 1];
            if (std::isnan(value) && fp[j] == fp[j + 1]) value = fp[j];
            out[k] = value;
        }
    }
}

// NumPy's float64 remainder with a positive divisor: in [0, period), +0 for none.
inline double periodic_position(double v, double period) {
    double r = std::fmod(v, period);
    if (r < 0) r += period;
    return r == 0 ? 0.0 : r;
}

}  // namespace detail

/// numpy.interp: the values at `x` (a tensor, view or expression of any
/// shape) of the piecewise-linear function through the points (xp[i],
/// fp[i]), float64, of x's shape. xp must be increasing, as NumPy requires
/// (it is not checked; with `period` it need not be). Below xp[0] the value
/// is options.left (fp[0] by default), above xp[-1] options.right (fp[-1]);
/// NaN in x gives NaN, but fp[0] when xp holds one point, as NumPy's. With
/// `period`, points that are equal modulo it keep their order (NumPy's
/// quicksort may reorder more than 16 of them, and give other values).
/// Throws std::invalid_argument when xp or fp is not 1-D, their lengths
/// differ, xp is empty, or options.period is 0.
template <expression X, expression XP, expression FP>
tensor<double> interp(const X& x, const XP& xp, const FP& fp, const interp_options& options = {}) {
    static_assert(!complex_element<value_type_of<FP>>, "loom: interp of complex fp is not supported; "
                                                       "interpolate real(fp) and imag(fp) apart");
    const auto refuse = [](const std::string& what) { throw std::invalid_argument("interp: " + what); };
    if (xp.shape().size() != 1 || fp.shape().size() != 1) {
        refuse("xp of shape " + to_string(xp.shape()) + " and fp of shape " + to_string(fp.shape()) +
               " must both be 1-D; give the sample points and their values as 1-D arrays");
    }
    if (xp.shape()[0] != fp.shape()[0]) {
        refuse("xp of shape " + to_string(xp.shape()) + " and fp of shape " + to_string(fp.shape()) +
               " differ in length; give one value per sample point");
    }
    if (xp.shape()[0] == 0) refuse("xp and fp are empty; give at least one sample point");
    tensor<double> points = astype<double>(xp);
    tensor<double> values = astype<double>(fp);
    tensor<double> result = astype<double>(x);
    double left = options.left.value_or(values.data()[0]);
    double right = options.right.value_or(values.data()[values.size() - 1]);
    if (options.period) {
        if (*options.period == 0) refuse("period is 0; give a period other than 0, or none");
        const double period = std::fabs(*options.period);
        for (double& v : result) v = detail::periodic_position(v, period);
        for (double& v : points) v = detail::periodic_position(v, period);
        // The points in order, with the last before the first and the first after the last, a period away.
        const tensor<index_t> order = argsort(points);
        const index_t n = points.size();
        tensor<double> around(uninitialized, shape_type{n + 2});
        tensor<double> around_values(uninitialized, shape_type{n + 2});
        for (index_t i = 0; i < n; ++i) {
            around.data()[i + 1] = points.data()[order.data()[i]];
            around_values.data()[i + 1] = values.data()[order.data()[i]];
        }
        around.data()[0] = around.data()[n] - period;
        around_values.data()[0] = around_values.data()[n];
        around.data()[n + 1] = around.data()[1] + period;
        around_values.data()[n + 1] = around_values.data()[1];
        points = std::move(around);
        values = std::move(around_values);
        left = values.data()[0];
        right = values.data()[values.size() - 1];
    }
    detail::interpolate(result.data(), result.size(), points.data(), values.data(), points.size(), left, right,
                        result.data());
    return result;
}

/// numpy.interp of one value: its interpolated value. Throws as interp.
template <expression XP, expression FP>
double interp(double x, const XP& xp, const FP& fp, const interp_options& options = {}) {
    return interp(tensor<double>(shape_type{}, x), xp, fp, options).item();
}

}  // namespace loom
