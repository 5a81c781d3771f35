#pragma once
// Sequences spaced evenly on a log scale, with NumPy's names and values:
// logspace and geomspace (linspace and arange are in creation.hpp).
// Includes only <cmath> beyond loom's creation header.

#include <cmath>
#include <concepts>
#include <stdexcept>
#include <string>

#include "loom/create/creation.hpp"

namespace loom {

/// numpy.logspace: base ** y for the `num` values y of linspace(start,
/// stop, num, endpoint), computed in float64 with std::pow as NumPy's power,
/// then stored as T (float64 unless given).
/// Throws std::invalid_argument for num < 0.
template <std::floating_point T = double>
tensor<T> logspace(double start, double stop, index_t num = 50, bool endpoint = true, double base = 10.0) {
    if (num < 0) {
        throw std::invalid_argument("logspace(" + detail::number_text(start) + ", " + detail::number_text(stop) +
                                    ", " + std::to_string(num) + "): the number of samples is negative; pass 0 or more");
    }
    const tensor<double> exponents = linspace(start, stop, num, endpoint);
    tensor<T> result(uninitialized, exponents.shape());
    for (index_t i = 0; i < num; ++i) result.data()[i] = static_cast<T>(std::pow(base, exponents.data()[i]));
    return result;
}

/// numpy.geomspace: `num` values from start to stop (stop included when
/// `endpoint`), each a constant multiple of the one before: logspace of
/// log10(start) and log10(stop), with the first and last values set to start
/// and stop exactly; two negative ends are done as positive ones and negated.
/// As NumPy, ends of different signs give NaN between them (the log of a
/// negative number), not an error. Computed in float64, stored as T.
/// Throws std::invalid_argument when start or stop is 0, or for num < 0.
template <std::floating_point T = double>
tensor<T> geomspace(double start, double stop, index_t num = 50, bool endpoint = true) {
    const auto call = [&] {
        return "geomspace(" + detail::number_text(start) + ", " + detail::number_text(stop) + ", " +
               std::to_string(num) + ")";
    };
    if (start == 0.0 || stop == 0.0) {
        throw std::invalid_argument(call() + ": a geometric sequence cannot include zero; "
                                             "use ends of the same sign, both non-zero");
    }
    if (num < 0) throw std::invalid_argument(call() + ": the number of samples is negative; pass 0 or more");
    const double sign = start < 0.0 && stop < 0.0 ? -1.0 : 1.0;
    const double first = sign * start, last = sign * stop;
    tensor<double> values = logspace(std::log10(first), std::log10(last), num, endpoint);
    if (num > 0) values.data()[0] = first;
    if (num > 1 && endpoint) values.data()[num - 1] = last;
    tensor<T> result(uninitialized, values.shape());
    for (index_t i = 0; i < num; ++i) result.data()[i] = static_cast<T>(sign * values.data()[i]);
    return result;
}

}  // namespace loom
