#pragma once
// numpy.fft's helpers: the sample frequencies of a transform (fftfreq,
// rfftfreq) and the zero frequency moved to the centre and back (fftshift,
// ifftshift, rolls along axes). Includes only <optional> and <vector>
// beyond loom's tensor and roll headers.

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/manipulate/roll.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom::detail {

// The refusal of n < 1 or a spacing of 0.
inline void require_frequency_arguments(const char* name, index_t n, double d) {
    if (n < 1) {
        throw std::invalid_argument(std::string(name) + ": window length " + std::to_string(n) + "; give n >= 1");
    }
    if (d == 0.0) throw std::invalid_argument(std::string(name) + ": sample spacing d is 0; give a nonzero d");
}

// fftshift (sign 1) or ifftshift (sign -1): each axis rolled by sign * (size / 2).
template <expression X>
tensor<value_type_of<X>> fft_shift(const X& x, const std::optional<std::vector<index_t>>& axes, index_t sign) {
    std::vector<index_t> chosen;
    if (axes) {
        chosen = *axes;
    } else {
        for (std::size_t d = 0; d < x.shape().size(); ++d) chosen.push_back(static_cast<index_t>(d));
    }
    std::vector<index_t> shifts;
    for (index_t axis : chosen) {
        const std::size_t a = resolve_axis(sign > 0 ? "fftshift" : "ifftshift", axis, x.shape());
        shifts.push_back(sign * (x.shape()[a] / 2));
    }
    return roll(x, shifts, chosen);
}

}  // namespace loom::detail

namespace loom::fft {

/// The frequencies of the n outputs of fft for samples `d` apart: 0, 1, ...,
/// (n-1)/2, then -(n/2), ..., -1, each times 1/(n d); a double tensor.
/// NumPy: numpy.fft.fftfreq(n, d). Throws std::invalid_argument for n < 1 or d == 0.
inline tensor<double> fftfreq(index_t n, double d = 1.0) {
    detail::require_frequency_arguments("fftfreq", n, d);
    const double step = 1.0 / (static_cast<double>(n) * d);
    tensor<double> result(uninitialized, shape_type{n});
    const index_t positive = (n - 1) / 2 + 1;
    for (index_t k = 0; k < n; ++k) result.data()[k] = static_cast<double>(k < positive ? k : k - n) * step;
    return result;
}

/// The frequencies of the n/2 + 1 outputs of rfft: 0, 1, ..., n/2, each
/// times 1/(n d); a double tensor.
/// NumPy: numpy.fft.rfftfreq(n, d). Throws std::invalid_argument for n < 1 or d == 0.
inline tensor<double> rfftfreq(index_t n, double d = 1.0) {
    detail::require_frequency_arguments("rfftfreq", n, d);
    const double step = 1.0 / (static_cast<double>(n) * d);
    tensor<double> result(uninitialized, shape_type{n / 2 + 1});
    for (index_t k = 0; k <= n / 2; ++k) result.data()[k] = static_cast<double>(k) * step;
    return result;
}

/// `x` with the zero frequency moved to the centre: each of `axes` (all
/// when not given) rolled by half its size, rounded down.
/// NumPy: numpy.fft.fftshift(x, axes). Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<value_type_of<X>> fftshift(const X& x, const std::optional<std::vector<index_t>>& axes = std::nullopt) {
    return detail::fft_shift(x, axes, 1);
}

/// The inverse of fftshift: each of `axes` (all when not given) rolled back
/// by half its size, rounded down.
/// NumPy: numpy.fft.ifftshift(x, axes). Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<value_type_of<X>> ifftshift(const X& x, const std::optional<std::vector<index_t>>& axes = std::nullopt) {
    return detail::fft_shift(x, axes, -1);
}

}  // namespace loom::fft
