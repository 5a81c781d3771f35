#pragma once
// Values written as Python that rebuilds them exactly, for the scripts of
// the differential case suites.

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <variant>

#include "model.hpp"

namespace loom::differential {

/// A double as a Python literal that reads back the same number: float('nan'),
/// float('inf'), -0.0, or 17 significant digits.
inline std::string python_number(double v) {
    if (std::isnan(v)) return "float('nan')";
    if (std::isinf(v)) return v > 0 ? "float('inf')" : "float('-inf')";
    if (std::signbit(v) && v == 0) return "-0.0";
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

/// `t` as `np.array([...], dtype='...').reshape([...])`.
inline std::string python_array(const any_tensor& t) {
    std::ostringstream text;
    text << "np.array([";
    std::visit([&]<class T>(const tensor<T>& x) {
        for (T v : x) {
            if constexpr (std::same_as<T, bool>) text << (v ? "True" : "False");
            else if constexpr (std::floating_point<T>) text << python_number(double(v));
            else text << +v;
            text << ", ";
        }
    }, t);
    text << "], dtype='" << name_of(dtype_of(t)) << "').reshape(" << loom::to_string(shape_of(t)) << ")";
    return text.str();
}

}  // namespace loom::differential
