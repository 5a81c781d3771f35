#pragma once
// numpy.fft's transforms: fft, ifft, rfft, irfft along one axis and their
// two- and n-dimensional forms, every one computed in double precision
// (complex128 results, as NumPy 1.24). Each axis is transformed line by
// line by one plan (kept for the next calls: Note [plan cache] in plan.hpp),
// in place along the last axis, through a buffer of a few lines otherwise.
// Includes only <algorithm>, <cmath>, <complex>, <optional>, <stdexcept>, <string> and
// <vector> beyond loom's tensor and manipulation headers and the plan.

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/fft/plan.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::fft {

/// The scaling of a transform pair, NumPy's `norm` argument: `backward`
/// (forward unscaled, inverse by 1/n), `ortho` (both by 1/sqrt(n)),
/// `forward` (forward by 1/n, inverse unscaled).
/// NumPy: norm="backward", "ortho", "forward" of numpy.fft.
enum class norm {
    backward,  ///< forward transform unscaled, inverse by 1/n (NumPy's default)
    ortho,     ///< both by 1/sqrt(n)
    forward,   ///< forward transform by 1/n, inverse unscaled
};

}  // namespace loom::fft

namespace loom::detail {

// The factor a transform of n points is multiplied by.
inline double fft_scale(fft::norm mode, index_t n, bool inverse) {
    if (mode == fft::norm::ortho) return 1.0 / std::sqrt(static_cast<double>(n));
    const bool scaled = inverse ? mode == fft::norm::backward : mode == fft::norm::forward;
    return scaled ? 1.0 / static_cast<double>(n) : 1.0;
}

// The number of points along the axis: n (or s's size) when given, else
// `fallback`; throws std::invalid_argument when it is below 1.
inline index_t fft_points(const char* name, std::optional<index_t> n, index_t fallback, std::size_t axis,
                          const shape_type& shape) {
    const index_t points = n ? *n : fallback;
    if (points < 1) {
        throw std::invalid_argument(std::string(name) + ": " + std::to_string(points) +
                                    " is not a valid number of data points along axis " + std::to_string(axis) +
                                    " of shape " + to_string(shape) + (n ? "; give n >= 1" : "; give n >= 1 or a longer axis"));
    }
    return points;
}

// `shape` with `axis` of size `size`; throws std::invalid_argument when its
// elements, as complex<double>, would span more bytes than index_t counts.
inline shape_type fft_shape(const char* name, shape_type shape, std::size_t axis, index_t size) {
    const shape_type given = shape;
    shape[axis] = size;
    // As tensor's constructor, every size but 0 counts, so that no tensor of
    // the transform's shapes is refused later.
    std::optional<index_t> bytes = static_cast<index_t>(sizeof(fft_complex));
    for (index_t extent : shape) {
        if (bytes && extent != 0) bytes = checked_mul(*bytes, extent);
    }
    if (!bytes) {
        throw std::invalid_argument(std::string(name) + ": " + std::to_string(size) + " points along axis " +
                                    std::to_string(axis) + " of shape " + to_string(given) +
                                    " take more memory than can be counted; give a smaller n");
    }
    return shape;
}

// The elements of x as complex<double>, a new tensor.
template <expression X>
tensor<fft_complex> fft_input(const X& x) {
    return tensor<fft_complex>(astype<fft_complex>(view_of(x)));
}

// True when every element of x is finite.
inline bool fft_all_finite(const tensor<fft_complex>& x) {
    return std::all_of(x.data(), x.data() + x.size(),
                       [](fft_complex v) { return std::isfinite(v.real()) && std::isfinite(v.imag()); });
}

// Whether rfft or irfft of `points` points of x goes through the complex
// transform of half the points (Note [real transform] in plan.hpp): for an
// even length of finite values. Infinities and NaN take the transform of
// every point instead, where they meet no multiplication NumPy's real
// transforms do not make in most places (Note [non-finite input] in plan.hpp
// and docs/fft.md).
inline bool fft_through_half(const tensor<fft_complex>& x, index_t points) {
    return points % 2 == 0 && fft_all_finite(x);
}

// One line of fft_along: in[0..copied) (zeros after it, up to `points`)
// transformed, the first `kept` outputs scaled into out. `through_half`: rfft
// through the transform of half the points (Note [real transform] in
// plan.hpp); `work` holds a line when out cannot.
inline void fft_line(fft_plan& plan, const fft_complex* in, index_t copied, index_t points, fft_complex* out,
                     index_t kept, bool through_half, bool inverse, double scale, std::vector<fft_complex>& work) {
    if (through_half) {
        plan.apply_real(in, static_cast<std::size_t>(copied), out);
    } else {
        fft_complex* line = kept == points ? out : work.data();
        std::copy(in, in + copied, line);
        std::fill(line + copied, line + points, fft_complex{});
        plan.apply(line, inverse);
        if (line != out) {
            // rfft: the zero frequency of real input is real, and so is the
            // Nyquist frequency of an even length, as NumPy's.
            std::copy(line, line + kept, out);
            out[0].imag(0.0);
            if (points % 2 == 0) out[kept - 1].imag(0.0);
        }
    }
    if (scale != 1.0) {
        for (index_t k = 0; k < kept; ++k) out[k] *= scale;
    }
}

// x transformed along `axis` at `points` points (x's lines cropped or padded
// with zeros), keeping the first `kept` outputs of each line (fewer than
// `points` for rfft alone). Along the last axis each line is read and
// written in place; along another, the lines are copied out and back in
// batches of neighbours, so that every cache line read holds a value of
// each line of the batch.
inline tensor<fft_complex> fft_along(const char* name, const tensor<fft_complex>& x, std::size_t axis, index_t points,
                                     index_t kept, bool inverse, fft::norm mode) {
    (void)fft_shape(name, x.shape(), axis, points);
    shape_type shape = x.shape();
    const index_t length = shape[axis];
    shape[axis] = kept;
    tensor<fft_complex> out(uninitialized, shape);
    if (out.size() == 0) return out;
    index_t inner = 1;  // the distance between neighbours along the axis
    for (std::size_t d = axis + 1; d < shape.size(); ++d) inner *= shape[d];
    const index_t outer = out.size() / (kept * inner);
    const bool through_half = kept != points && fft_through_half(x, points);
    fft_plan& plan = fft_plan_for(static_cast<std::size_t>(through_half ? points / 2 : points));
    const double scale = fft_scale(mode, points, inverse);
    const index_t copied = length < points ? length : points;
    std::vector<fft_complex> work(kept != points && !through_half ? static_cast<std::size_t>(points) : 0);
    if (inner == 1) {
        for (index_t line = 0; line < outer; ++line) {
            fft_line(plan, x.data() + line * length, copied, points, out.data() + line * kept, kept, through_half,
                     inverse, scale, work);
        }
        return out;
    }
    // The lines of a batch lie one more element apart than their lengths, so
    // that a batch's elements of one point do not fall into one cache set
    // when the lengths are powers of two.
    constexpr index_t batch = 8;
    const index_t in_step = copied + 1, out_step = kept + 1;
    std::vector<fft_complex> gathered(static_cast<std::size_t>(batch * in_step));
    std::vector<fft_complex> results(static_cast<std::size_t>(batch * out_step));
    for (index_t o = 0; o < outer; ++o) {
        const fft_complex* from = x.data() + o * length * inner;
        fft_complex* to = out.data() + o * kept * inner;
        for (index_t first = 0; first < inner; first += batch) {
            const index_t lines = inner - first < batch ? inner - first : batch;
            for (index_t t = 0; t < copied; ++t) {
                for (index_t b = 0; b < lines; ++b) gathered[b * in_step + t] = from[t * inner + first + b];
            }
            for (index_t b = 0; b < lines; ++b) {
                fft_line(plan, gathered.data() + b * in_step, copied, points, results.data() + b * out_step, kept,
                         through_half, inverse, scale, work);
            }
            for (index_t k = 0; k < kept; ++k) {
                for (index_t b = 0; b < lines; ++b) to[k * inner + first + b] = results[b * out_step + k];
            }
        }
    }
    return out;
}

// irfft along `axis`: the first points/2 + 1 values of each line (cropped
// or padded with zeros) are the non-negative frequencies of a Hermitian
// spectrum, whose real inverse transform of `points` points is returned.
inline tensor<double> irfft_along(const char* name, const tensor<fft_complex>& x, std::size_t axis, index_t points,
                                  fft::norm mode) {
    (void)fft_shape(name, x.shape(), axis, points);
    // The lines, contiguous: x itself along its last axis, a copy otherwise.
    std::optional<tensor<fft_complex>> moved;
    if (axis + 1 != x.ndim()) moved.emplace(moveaxis(x.view(), static_cast<index_t>(axis), -1));
    const tensor<fft_complex>& lines = moved ? *moved : x;
    shape_type line_shape = lines.shape();
    const index_t length = line_shape.back();
    line_shape.back() = points;
    tensor<double> out(uninitialized, line_shape);
    if (out.size() != 0) {
        const auto n = static_cast<std::size_t>(points);
        const bool through_half = fft_through_half(lines, points);
        fft_plan& plan = fft_plan_for(through_half ? n / 2 : n);
        std::vector<fft_complex> buffer(through_half ? 0 : n);
        const double scale = fft_scale(mode, points, true);
        const index_t half = points / 2 + 1;
        const index_t copied = length < half ? length : half;
        const index_t count = out.size() / points;
        for (index_t line = 0; line < count; ++line) {
            const fft_complex* from = lines.data() + line * length;
            double* to = out.data() + line * points;
            if (through_half) {
                plan.apply_real_inverse(from, static_cast<std::size_t>(copied), to);
                if (scale != 1.0) {
                    for (std::size_t k = 0; k < n; ++k) to[k] *= scale;
                }
                continue;
            }
            std::fill(buffer.begin(), buffer.end(), fft_complex{});
            std::copy(from, from + copied, buffer.begin());
            // The Hermitian spectrum; as in NumPy, the imaginary parts of the
            // zero and the Nyquist frequencies are ignored.
            buffer[0].imag(0.0);
            if (n % 2 == 0) buffer[n / 2].imag(0.0);
            for (std::size_t k = 1; k < n - k; ++k) buffer[n - k] = std::conj(buffer[k]);
            plan.apply(buffer.data(), true);
            for (std::size_t k = 0; k < n; ++k) to[k] = buffer[k].real() * scale;
        }
    }
    if (!moved) return out;
    return tensor<double>(moveaxis(out.view(), -1, static_cast<index_t>(axis)));
}

// NumPy's sizes and axes of an n-dimensional transform: the axes default to
// the last s.size() ones (to all when s is not given either), s to the
// sizes of the axes in the input (for an inverse real transform, the last
// to twice the size of the last axis less one), every size checked.
struct fft_axes_and_sizes {
    std::vector<std::size_t> axes;
    std::vector<index_t> sizes;
};

inline fft_axes_and_sizes fft_axes(const char* name, const shape_type& shape, const std::optional<std::vector<index_t>>& s,
                                   const std::optional<std::vector<index_t>>& axes, bool inverse_real = false) {
    fft_axes_and_sizes result;
    if (axes) {
        for (index_t axis : *axes) result.axes.push_back(resolve_axis(name, axis, shape));
    } else {
        const std::size_t count = s ? s->size() : shape.size();
        if (count > shape.size()) {
            throw std::invalid_argument(std::string(name) + ": " + std::to_string(count) + " sizes in s for shape " +
                                        to_string(shape) + "; give at most one size per axis");
        }
        for (std::size_t d = shape.size() - count; d < shape.size(); ++d) result.axes.push_back(d);
    }
    if (s && s->size() != result.axes.size()) {
        throw std::invalid_argument(std::string(name) + ": " + std::to_string(s->size()) + " sizes in s for " +
                                    std::to_string(result.axes.size()) + " axes; give one size per axis");
    }
    for (std::size_t i = 0; i < result.axes.size(); ++i) {
        const std::size_t axis = result.axes[i];
        const bool last_real = inverse_real && i + 1 == result.axes.size();
        const index_t fallback = last_real ? 2 * (shape[axis] - 1) : shape[axis];
        result.sizes.push_back(fft_points(name, s ? std::optional<index_t>((*s)[i]) : std::nullopt, fallback, axis, shape));
    }
    return result;
}

// The refusal of a real n-dimensional transform given no axis.
inline void require_fft_axes(const char* name, const fft_axes_and_sizes& plan, const shape_type& shape) {
    if (plan.axes.empty()) {
        throw std::invalid_argument(std::string(name) + ": no axis to transform for shape " + to_string(shape) +
                                    "; give at least one axis");
    }
}

// fftn or ifftn of x.
template <expression X>
tensor<fft_complex> fftn_of(const char* name, const X& x, const std::optional<std::vector<index_t>>& s,
                            const std::optional<std::vector<index_t>>& axes, fft::norm mode, bool inverse) {
    tensor<fft_complex> result = fft_input(x);
    const fft_axes_and_sizes plan = fft_axes(name, result.shape(), s, axes);
    for (std::size_t i = plan.axes.size(); i-- > 0;) {
        result = fft_along(name, result, plan.axes[i], plan.sizes[i], plan.sizes[i], inverse, mode);
    }
    return result;
}

template <class X>
concept fft_real_input = expression<X> && !complex_element<value_type_of<X>>;

}  // namespace loom::detail

namespace loom::fft {

/// The discrete Fourier transform along `axis`, of `n` points (the axis
/// cropped, or padded with zeros; its length when not given), in double
/// precision: a complex<double> tensor.
/// NumPy: numpy.fft.fft(x, n, axis, norm). Throws std::invalid_argument for
/// n < 1 (or an empty axis without n), std::out_of_range for an axis out of range.
template <expression X>
tensor<std::complex<double>> fft(const X& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
                                 norm mode = norm::backward) {
    const tensor<std::complex<double>> input = detail::fft_input(x);
    const std::size_t a = resolve_axis("fft", axis, input.shape());
    const index_t points = detail::fft_points("fft", n, input.shape()[a], a, input.shape());
    return detail::fft_along("fft", input, a, points, points, false, mode);
}

/// The inverse discrete Fourier transform along `axis`, of `n` points, as fft.
/// NumPy: numpy.fft.ifft(x, n, axis, norm). Throws std::invalid_argument for
/// n < 1 (or an empty axis without n), std::out_of_range for an axis out of range.
template <expression X>
tensor<std::complex<double>> ifft(const X& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
                                  norm mode = norm::backward) {
    const tensor<std::complex<double>> input = detail::fft_input(x);
    const std::size_t a = resolve_axis("ifft", axis, input.shape());
    const index_t points = detail::fft_points("ifft", n, input.shape()[a], a, input.shape());
    return detail::fft_along("ifft", input, a, points, points, true, mode);
}

/// The transform of real input along `axis`, of `n` points: its n/2 + 1
/// non-negative frequencies (the others are their conjugates). Complex input
/// is refused at compile time (NumPy drops its imaginary part with a warning).
/// NumPy: numpy.fft.rfft(x, n, axis, norm). Throws std::invalid_argument for
/// n < 1 (or an empty axis without n), std::out_of_range for an axis out of range.
template <detail::fft_real_input X>
tensor<std::complex<double>> rfft(const X& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
                                  norm mode = norm::backward) {
    const tensor<std::complex<double>> input = detail::fft_input(x);
    const std::size_t a = resolve_axis("rfft", axis, input.shape());
    const index_t points = detail::fft_points("rfft", n, input.shape()[a], a, input.shape());
    return detail::fft_along("rfft", input, a, points, points / 2 + 1, false, mode);
}

/// The inverse of rfft: `n` real points (2 (m - 1) when not given, for an
/// axis of m) from the non-negative frequencies along `axis`, cropped or
/// padded with zeros to n/2 + 1; a double tensor.
/// NumPy: numpy.fft.irfft(x, n, axis, norm). Throws std::invalid_argument for
/// n < 1 (or an axis of fewer than 2 without n), std::out_of_range for an axis out of range.
template <expression X>
tensor<double> irfft(const X& x, std::optional<index_t> n = std::nullopt, index_t axis = -1,
                     norm mode = norm::backward) {
    const tensor<std::complex<double>> input = detail::fft_input(x);
    const std::size_t a = resolve_axis("irfft", axis, input.shape());
    const index_t points = detail::fft_points("irfft", n, 2 * (input.shape()[a] - 1), a, input.shape());
    return detail::irfft_along("irfft", input, a, points, mode);
}

/// The n-dimensional transform over `axes` (all when neither s nor axes is
/// given, the last s.size() when only s is), axis i at s[i] points.
/// NumPy: numpy.fft.fftn(x, s, axes, norm). Throws std::invalid_argument for
/// a size below 1 or s and axes of different lengths, std::out_of_range for an axis out of range.
template <expression X>
tensor<std::complex<double>> fftn(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                  const std::optional<std::vector<index_t>>& axes = std::nullopt,
                                  norm mode = norm::backward) {
    return detail::fftn_of("fftn", x, s, axes, mode, false);
}

/// The inverse n-dimensional transform, as fftn.
/// NumPy: numpy.fft.ifftn(x, s, axes, norm). Throws std::invalid_argument for
/// a size below 1 or s and axes of different lengths, std::out_of_range for an axis out of range.
template <expression X>
tensor<std::complex<double>> ifftn(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                   const std::optional<std::vector<index_t>>& axes = std::nullopt,
                                   norm mode = norm::backward) {
    return detail::fftn_of("ifftn", x, s, axes, mode, true);
}

/// The two-dimensional transform: fftn over `axes`, the last two by default.
/// NumPy: numpy.fft.fft2(x, s, axes, norm). Throws as fftn.
template <expression X>
tensor<std::complex<double>> fft2(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                  const std::vector<index_t>& axes = {-2, -1}, norm mode = norm::backward) {
    return detail::fftn_of("fft2", x, s, axes, mode, false);
}

/// The inverse two-dimensional transform: ifftn over `axes`, the last two by default.
/// NumPy: numpy.fft.ifft2(x, s, axes, norm). Throws as fftn.
template <expression X>
tensor<std::complex<double>> ifft2(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                   const std::vector<index_t>& axes = {-2, -1}, norm mode = norm::backward) {
    return detail::fftn_of("ifft2", x, s, axes, mode, true);
}

/// The n-dimensional transform of real input: rfft over the last of `axes`,
/// then fft over the others (axes and s as fftn).
/// NumPy: numpy.fft.rfftn(x, s, axes, norm). Throws as fftn, and
/// std::invalid_argument when there is no axis to transform.
template <detail::fft_real_input X>
tensor<std::complex<double>> rfftn(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                   const std::optional<std::vector<index_t>>& axes = std::nullopt,
                                   norm mode = norm::backward) {
    tensor<std::complex<double>> result = detail::fft_input(x);
    const detail::fft_axes_and_sizes plan = detail::fft_axes("rfftn", result.shape(), s, axes);
    detail::require_fft_axes("rfftn", plan, result.shape());
    const index_t points = plan.sizes.back();
    result = detail::fft_along("rfftn", result, plan.axes.back(), points, points / 2 + 1, false, mode);
    for (std::size_t i = 0; i + 1 < plan.axes.size(); ++i) {
        result = detail::fft_along("rfftn", result, plan.axes[i], plan.sizes[i], plan.sizes[i], false, mode);
    }
    return result;
}

/// The inverse of rfftn: ifft over all but the last of `axes`, then irfft
/// over the last (of s's last size, or 2 (m - 1) points for an axis of m).
/// NumPy: numpy.fft.irfftn(x, s, axes, norm). Throws as fftn, and
/// std::invalid_argument when there is no axis to transform.
template <expression X>
tensor<double> irfftn(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                      const std::optional<std::vector<index_t>>& axes = std::nullopt, norm mode = norm::backward) {
    tensor<std::complex<double>> result = detail::fft_input(x);
    const detail::fft_axes_and_sizes plan = detail::fft_axes("irfftn", result.shape(), s, axes, true);
    detail::require_fft_axes("irfftn", plan, result.shape());
    for (std::size_t i = 0; i + 1 < plan.axes.size(); ++i) {
        result = detail::fft_along("irfftn", result, plan.axes[i], plan.sizes[i], plan.sizes[i], true, mode);
    }
    return detail::irfft_along("irfftn", result, plan.axes.back(), plan.sizes.back(), mode);
}

/// The two-dimensional transform of real input: rfftn over `axes`, the last two by default.
/// NumPy: numpy.fft.rfft2(x, s, axes, norm). Throws as rfftn.
template <detail::fft_real_input X>
tensor<std::complex<double>> rfft2(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                                   const std::vector<index_t>& axes = {-2, -1}, norm mode = norm::backward) {
    return rfftn(x, s, axes, mode);
}

/// The inverse of rfft2: irfftn over `axes`, the last two by default.
/// NumPy: numpy.fft.irfft2(x, s, axes, norm). Throws as irfftn.
template <expression X>
tensor<double> irfft2(const X& x, const std::optional<std::vector<index_t>>& s = std::nullopt,
                      const std::vector<index_t>& axes = {-2, -1}, norm mode = norm::backward) {
    return irfftn(x, s, axes, mode);
}

}  // namespace loom::fft
