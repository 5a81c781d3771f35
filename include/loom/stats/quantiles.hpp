#pragma once
// median, percentile and quantile, and their NaN-ignoring forms nanmedian,
// nanpercentile and nanquantile, as NumPy's: over one axis, several, or all
// of them (`flat`), with keepdims, and NumPy's `method` for a quantile that
// falls between two elements.
//
// Each lane of the reduced axes is copied, in the result type, into one
// contiguous buffer (stats/lanes.hpp), and the order statistics a lane
// needs are found by selection (std::nth_element, as `partition` does),
// never by sorting it whole. The results are therefore evaluated tensors,
// not lazy nodes as the reductions of reduce/ are.
// Includes only <algorithm> and <cmath> beyond loom's tensor, creation,
// manipulation, sorting and reduction headers.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/create/creation.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/sort/sort.hpp"
#include "loom/stats/lanes.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// How a quantile that falls between two elements of the sorted lane is
/// chosen: NumPy's `method` argument of numpy.quantile, all thirteen of its
/// methods (the first five are the ones of NumPy's old `interpolation`).
enum class quantile_method {
    linear,                     ///< interpolated linearly between the two (NumPy's default)
    lower,                      ///< the lower of the two
    higher,                     ///< the higher of the two
    nearest,                    ///< the nearer of the two; at a tie, the one of even index
    midpoint,                   ///< halfway between the two
    inverted_cdf,               ///< the inverse of the empirical distribution function
    averaged_inverted_cdf,      ///< inverted_cdf, averaged where the distribution function is flat
    closest_observation,        ///< the observation nearest to n q - 1/2, the even one at a tie
    interpolated_inverted_cdf,  ///< interpolated on the empirical distribution function
    hazen,                      ///< interpolated with alpha = beta = 1/2
    weibull,                    ///< interpolated with alpha = beta = 0
    median_unbiased,            ///< interpolated with alpha = beta = 1/3
    normal_unbiased,            ///< interpolated with alpha = beta = 3/8
};

/// The result type of median and the quantiles of T: float64 for bool and
/// integers, else T (float32 stays float32).
template <element T>
using quantile_type_t = detail::mean_type_t<T>;

namespace detail {

inline const char* method_name(quantile_method method) {
    switch (method) {
        case quantile_method::linear: return "linear";
        case quantile_method::lower: return "lower";
        case quantile_method::higher: return "higher";
        case quantile_method::nearest: return "nearest";
        case quantile_method::midpoint: return "midpoint";
        case quantile_method::inverted_cdf: return "inverted_cdf";
        case quantile_method::averaged_inverted_cdf: return "averaged_inverted_cdf";
        case quantile_method::closest_observation: return "closest_observation";
        case quantile_method::interpolated_inverted_cdf: return "interpolated_inverted_cdf";
        case quantile_method::hazen: return "hazen";
        case quantile_method::weibull: return "weibull";
        case quantile_method::median_unbiased: return "median_unbiased";
        case quantile_method::normal_unbiased: return "normal_unbiased";
    }
    return "unknown";
}

// Whether `method` picks one element (NumPy takes it) rather than
// interpolating between two (NumPy subtracts them, which bool refuses).
inline bool picks_one(quantile_method method) {
    return method == quantile_method::lower || method == quantile_method::higher ||
           method == quantile_method::nearest || method == quantile_method::inverted_cdf ||
           method == quantile_method::closest_observation;
}

// Where the quantile q (in [0, 1]) of n sorted elements lies, as NumPy
// finds it: from a virtual index (for linear, (n - 1) q), the two elements
// it reads and the weight of the second. A method that picks one element
// reads it twice.
struct quantile_point {
    index_t below = 0;
    index_t above = 0;
    double gamma = 0;
    bool interpolates = false;
};

// NumPy's virtual index of the interpolating methods with parameters alpha and beta.
inline double virtual_index_of(double q, double n, double alpha, double beta) {
    return n * q + (alpha + q * (1 - alpha - beta)) - 1;
}

inline quantile_point quantile_point_of(double q, index_t n, quantile_method method) {
    const double count = static_cast<double>(n);
    const double last = static_cast<double>(n - 1);
    const double at = last * q;
    // Kept in the lane: NumPy clips an index below the first element to it, and (n - 1) q may round
    // above the last element when n - 1 has more digits than a double.
    const auto index = [n](double i) { return std::min(static_cast<index_t>(std::max(i, 0.0)), n - 1); };
    const auto one = [&](double i) {
        const index_t k = index(i);
        return quantile_point{k, k, 0, false};
    };
    // The discontinuous methods: the element after the floor of `v`, or the floor itself where `at_floor`.
    const auto step = [&](double v, bool even_only) {
        const double previous = std::floor(v);
        const bool at_floor = v - previous == 0 && (!even_only || std::fmod(previous, 2.0) == 0);
        return one(at_floor ? previous : previous + 1);
    };
    double virtual_index = at;
    switch (method) {
        case quantile_method::lower: return one(std::floor(at));
        case quantile_method::higher: return one(std::ceil(at));
        case quantile_method::nearest: return one(std::nearbyint(at));  // NumPy's around: a tie goes to even
        case quantile_method::inverted_cdf: return step(count * q - 1, false);
        case quantile_method::closest_observation: return step(count * q - 1 - 0.5, true);
        case quantile_method::linear: break;
        case quantile_method::midpoint: virtual_index = 0.5 * (std::floor(at) + std::ceil(at)); break;
        case quantile_method::averaged_inverted_cdf: virtual_index = count * q - 1; break;
        case quantile_method::interpolated_inverted_cdf: virtual_index = virtual_index_of(q, count, 0, 1); break;
        case quantile_method::hazen: virtual_index = virtual_index_of(q, count, 0.5, 0.5); break;
        case quantile_method::weibull: virtual_index = virtual_index_of(q, count, 0, 0); break;
        case quantile_method::median_unbiased: virtual_index = virtual_index_of(q, count, 1 / 3.0, 1 / 3.0); break;
        case quantile_method::normal_unbiased: virtual_index = virtual_index_of(q, count, 3 / 8.0, 3 / 8.0); break;
    }
    // NumPy reads the last element twice from n - 1 on, with the index -1,
    // and the first twice below 0; the weight is taken from those indices
    // (it matters only for infinities).
    double previous = std::floor(virtual_index);
    quantile_point point{index(previous), index(previous + 1), 0, true};
    if (virtual_index >= last) {
        point.below = point.above = n - 1;
        previous = -1;
    }
    if (virtual_index < 0) {
        point.below = point.above = 0;
        previous = 0;
    }
    point.gamma = virtual_index - previous;
    if (method == quantile_method::midpoint) point.gamma = virtual_index == std::floor(virtual_index) ? 0.0 : 0.5;
    if (method == quantile_method::averaged_inverted_cdf) point.gamma = point.gamma == 0 ? 0.5 : 1.0;
    return point;
}

// NumPy's _lerp: a + (b - a) t below t = 0.5, b - (b - a)(1 - t) from it on,
// the difference taken in the elements' type.
template <floating_element W>
W interpolate(W a, W b, double t) {
    const auto difference = static_cast<double>(static_cast<W>(b - a));
    const auto below = static_cast<double>(a), above = static_cast<double>(b);
    return static_cast<W>(t >= 0.5 ? above - difference * (1 - t) : below + difference * t);
}

template <element W>
bool not_nan_value(W value) {
    return value == value;
}

// The lane [first, first + count) with the elements `points` read put in place (selection, not sorting).
template <element W>
void select_points(W* first, index_t count, const std::vector<quantile_point>& points) {
    std::vector<index_t> kth;
    kth.reserve(2 * points.size());
    for (const quantile_point& p : points) {
        kth.push_back(p.below);
        kth.push_back(p.above);
    }
    std::sort(kth.begin(), kth.end());
    kth.erase(std::unique(kth.begin(), kth.end()), kth.end());
    detail::partition_at(first, first + count, kth, [](W a, W b) { return a < b; });
}

// The `fractions` (each in [0, 1], checked) of x over `axes`, the fractions'
// shape `q_shape` first in the result; NaN-ignoring when `skip_nan`.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> quantiles(const char* name, const X& x, const std::vector<double>& fractions,
                                                    const shape_type& q_shape, const axis_set& axes,
                                                    quantile_method method, bool keepdims, bool skip_nan) {
    using T = value_type_of<X>;
    using W = quantile_type_t<T>;
    if (std::same_as<T, bool> && !picks_one(method)) {
        throw std::invalid_argument(std::string(name) + ": method '" + method_name(method) +
                                    "' subtracts elements, which NumPy refuses for bool; use a method that picks "
                                    "one (lower, higher, nearest, inverted_cdf, closest_observation), or "
                                    "astype<double>(x)");
    }
    const reduced_axes reduced(name, axes, x.shape());
    const index_t n = reduced.extent(x.shape());
    const index_t lanes = lane_count(reduced, x.shape());
    shape_type shape = q_shape;
    for (index_t size : reduced.result_shape(x.shape(), keepdims)) shape.push_back(size);
    tensor<W> result(uninitialized, shape);
    if (n == 0 && lanes > 0 && !skip_nan) {  // refused even for no q, as NumPy
        throw std::invalid_argument(std::string(name) + ": the " + reduced.describe() + " of shape " +
                                    to_string(x.shape()) +
                                    " hold no elements, of which no quantile exists (NumPy raises IndexError); "
                                    "give a non-empty array, or use the nan form, which gives NaN");
    }
    if (result.size() == 0) return result;
    tensor<W> values = lanes_over<W>(x, reduced);
    std::vector<quantile_point> points(fractions.size());
    for (index_t lane = 0; lane < lanes; ++lane) {
        W* const first = values.data() + lane * n;
        index_t count = n;
        if (skip_nan) count = std::partition(first, first + n, not_nan_value<W>) - first;
        else if (!std::all_of(first, first + n, not_nan_value<W>)) count = 0;
        W* const out = result.data() + lane;
        if (count == 0) {  // a NaN in the lane, or (NaN-ignoring) no number at all
            for (std::size_t i = 0; i < fractions.size(); ++i) out[index_t(i) * lanes] = W(NAN);
            continue;
        }
        for (std::size_t i = 0; i < fractions.size(); ++i) points[i] = quantile_point_of(fractions[i], count, method);
        select_points(first, count, points);
        for (std::size_t i = 0; i < fractions.size(); ++i) {
            const quantile_point& p = points[i];
            out[index_t(i) * lanes] = p.interpolates ? interpolate(first[p.below], first[p.above], p.gamma)
                                                     : first[p.below];
        }
    }
    return result;
}

// The median of x over `axes`, NaN-ignoring when `skip_nan`: the middle
// element, or the mean of the two middle ones (in W, as NumPy's mean).
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> medians(const char* name, const X& x, const axis_set& axes, bool keepdims,
                                                  bool skip_nan) {
    using W = quantile_type_t<value_type_of<X>>;
    const reduced_axes reduced(name, axes, x.shape());
    const index_t n = reduced.extent(x.shape());
    const index_t lanes = lane_count(reduced, x.shape());
    tensor<W> result(uninitialized, reduced.result_shape(x.shape(), keepdims));
    if (result.size() == 0) return result;
    tensor<W> values = lanes_over<W>(x, reduced);
    for (index_t lane = 0; lane < lanes; ++lane) {
        W* const first = values.data() + lane * n;
        index_t count = n;
        if (skip_nan) count = std::partition(first, first + n, not_nan_value<W>) - first;
        else if (!std::all_of(first, first + n, not_nan_value<W>)) count = 0;
        if (count == 0) {  // a NaN, no number, or (as NumPy's mean of nothing) an empty lane
            result.data()[lane] = W(NAN);
            continue;
        }
        const index_t half = count / 2;
        std::nth_element(first, first + half, first + count);
        if (count % 2 == 1) {
            result.data()[lane] = first[half];
        } else {
            // The mean of the middle two, in float for 16-bit floats as NumPy's mean of them is, so that
            // two values near the largest do not add up to infinity.
            using A = arithmetic_t<W>;
            const A below = static_cast<A>(*std::max_element(first, first + half));
            result.data()[lane] = static_cast<W>((below + static_cast<A>(first[half])) / A(2));
        }
    }
    return result;
}

// The elements of q, each checked to lie in [0, scale] and divided by it
// (NumPy divides percentiles by 100 before it checks them).
template <expression Q>
std::vector<double> checked_fractions(const char* name, const Q& q, double scale) {
    const tensor<double> values = astype<double>(q);
    std::vector<double> fractions;
    fractions.reserve(std::size_t(values.size()));
    for (double value : values) {
        const double fraction = value / scale;
        if (!(fraction >= 0 && fraction <= 1)) {
            const std::string range = scale == 100 ? "[0, 100]" : "[0, 1]";
            throw std::invalid_argument(std::string(name) + ": q " + number_text(value) + " is outside " + range +
                                        "; give values in " + range);
        }
        fractions.push_back(fraction);
    }
    return fractions;
}

template <class Q>
concept quantile_argument = expression<Q> || std::convertible_to<Q, double>;

// The q's of a braced list, as a rank-1 tensor.
inline tensor<double> q_tensor(const std::vector<double>& q) {
    return tensor<double>(std::span<const double>(q), shape_type{static_cast<index_t>(q.size())});
}

template <quantile_argument Q>
std::vector<double> fractions_of(const char* name, const Q& q, double scale) {
    if constexpr (expression<Q>) return checked_fractions(name, q, scale);
    else return checked_fractions(name, tensor<double>(shape_type{}, static_cast<double>(q)), scale);
}

template <quantile_argument Q>
shape_type q_shape_of(const Q& q) {
    if constexpr (expression<Q>) return q.shape();
    else return shape_type{};
}

}  // namespace detail

/// numpy.median: the middle element of each lane over `axes` (all of them
/// by default), or the mean of the two middle ones; NaN where the lane holds
/// a NaN, and (as NumPy, with a warning there) where it holds no element.
/// float64 for bool and integers, else the float type. Evaluated: a tensor,
/// not a lazy node.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> median(const X& x, const axis_set& axes = flat, bool keepdims = false) {
    return detail::medians("median", x, axes, keepdims, false);
}

/// numpy.nanmedian: median of the elements that are not NaN; NaN where
/// there are none. Evaluated: a tensor, not a lazy node.
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for an axis given
/// twice.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> nanmedian(const X& x, const axis_set& axes = flat, bool keepdims = false) {
    return detail::medians("nanmedian", x, axes, keepdims, true);
}

/// numpy.quantile: the quantiles `q` (a number, or an expression of any
/// shape: `tensor<double>{0.25, 0.75}`) of each lane over `axes`; q's shape
/// comes first in the result, then the reduced shape. NaN where a lane holds
/// a NaN. float64 for bool and integers, else the float type, for every
/// method (NumPy keeps the input's type for the methods that pick one
/// element: lower, higher, nearest, inverted_cdf, closest_observation).
/// Evaluated: a tensor, not a lazy node.
/// Throws std::invalid_argument for a q outside [0, 1] (or NaN), for an
/// empty lane (NumPy's IndexError), for bool with a method that interpolates
/// (NumPy's TypeError) and for an axis given twice; std::out_of_range for an axis out of range.
template <expression X, detail::quantile_argument Q>
tensor<quantile_type_t<value_type_of<X>>> quantile(const X& x, const Q& q, const axis_set& axes = flat,
                                                   quantile_method method = quantile_method::linear,
                                                   bool keepdims = false) {
    return detail::quantiles("quantile", x, detail::fractions_of("quantile", q, 1.0), detail::q_shape_of(q), axes,
                             method, keepdims, false);
}

/// numpy.quantile with the quantiles as a braced list: `quantile(x, {0.25, 0.75})`.
/// Throws as quantile above.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> quantile(const X& x, const std::vector<double>& q,
                                                   const axis_set& axes = flat,
                                                   quantile_method method = quantile_method::linear,
                                                   bool keepdims = false) {
    return quantile(x, detail::q_tensor(q), axes, method, keepdims);
}

/// numpy.percentile: quantile with `q` in percent, in [0, 100].
/// Throws as quantile, for a q outside [0, 100].
template <expression X, detail::quantile_argument Q>
tensor<quantile_type_t<value_type_of<X>>> percentile(const X& x, const Q& q, const axis_set& axes = flat,
                                                     quantile_method method = quantile_method::linear,
                                                     bool keepdims = false) {
    return detail::quantiles("percentile", x, detail::fractions_of("percentile", q, 100.0), detail::q_shape_of(q),
                             axes, method, keepdims, false);
}

/// numpy.percentile with the percentiles as a braced list: `percentile(x, {25, 75})`.
/// Throws as percentile above.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> percentile(const X& x, const std::vector<double>& q,
                                                     const axis_set& axes = flat,
                                                     quantile_method method = quantile_method::linear,
                                                     bool keepdims = false) {
    return percentile(x, detail::q_tensor(q), axes, method, keepdims);
}

/// numpy.nanquantile: quantile of the elements that are not NaN; NaN where
/// there are none (an empty lane too). Evaluated: a tensor.
/// Throws as quantile, but not for an empty lane.
template <expression X, detail::quantile_argument Q>
tensor<quantile_type_t<value_type_of<X>>> nanquantile(const X& x, const Q& q, const axis_set& axes = flat,
                                                      quantile_method method = quantile_method::linear,
                                                      bool keepdims = false) {
    return detail::quantiles("nanquantile", x, detail::fractions_of("nanquantile", q, 1.0), detail::q_shape_of(q),
                             axes, method, keepdims, true);
}

/// numpy.nanquantile with the quantiles as a braced list. Throws as nanquantile above.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> nanquantile(const X& x, const std::vector<double>& q,
                                                      const axis_set& axes = flat,
                                                      quantile_method method = quantile_method::linear,
                                                      bool keepdims = false) {
    return nanquantile(x, detail::q_tensor(q), axes, method, keepdims);
}

/// numpy.nanpercentile: percentile of the elements that are not NaN; NaN
/// where there are none. Evaluated: a tensor.
/// Throws as percentile, but not for an empty lane.
template <expression X, detail::quantile_argument Q>
tensor<quantile_type_t<value_type_of<X>>> nanpercentile(const X& x, const Q& q, const axis_set& axes = flat,
                                                        quantile_method method = quantile_method::linear,
                                                        bool keepdims = false) {
    return detail::quantiles("nanpercentile", x, detail::fractions_of("nanpercentile", q, 100.0),
                             detail::q_shape_of(q), axes, method, keepdims, true);
}

/// numpy.nanpercentile with the percentiles as a braced list. Throws as nanpercentile above.
template <expression X>
tensor<quantile_type_t<value_type_of<X>>> nanpercentile(const X& x, const std::vector<double>& q,
                                                        const axis_set& axes = flat,
                                                        quantile_method method = quantile_method::linear,
                                                        bool keepdims = false) {
    return nanpercentile(x, detail::q_tensor(q), axes, method, keepdims);
}

}  // namespace loom
