#include "comparator.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "fused_patterns.hpp"

namespace loom::differential {

namespace {

/// The distance between two finite or infinite floats in units in the last
/// place: the number of representable values between them, plus one.
template <std::floating_point T>
std::uint64_t ulp_distance(T a, T b) {
    using bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
    // Map the bit patterns onto integers ordered like the values (-0.0 and 0.0 both to 0).
    const auto ordered = [](T x) {
        const bits i = std::bit_cast<bits>(x);
        return i < 0 ? std::int64_t(std::numeric_limits<bits>::min()) - std::int64_t(i) : std::int64_t(i);
    };
    const std::int64_t x = ordered(a), y = ordered(b);
    return x >= y ? std::uint64_t(x) - std::uint64_t(y) : std::uint64_t(y) - std::uint64_t(x);
}

bool within_float_range(double x) { return std::fabs(x) <= double(std::numeric_limits<float>::max()); }

// Exact, except for cases with transcendental functions (exp, log, sin, ...,
// pow of floats): loom calls libm and NumPy its own SIMD kernels, which are
// not correctly rounded and may land a few ulps apart, so those cases
// (test_case::ulps, set by the generator) compare within a few ulps.
template <class T>
bool same_element(T a, T b, int ulps, dtype ulps_of) {
    if constexpr (std::floating_point<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
        if (a == b) return true;
        if (ulps == 0) return false;
        // A float32 error carried into a float64 result: count float32 ulps
        // (one more for rounding each value to float32).
        if (std::same_as<T, double> && ulps_of == dtype::float32 && within_float_range(a) && within_float_range(b))
            return ulp_distance(static_cast<float>(a), static_cast<float>(b)) <= static_cast<std::uint64_t>(ulps) + 1;
        return ulp_distance(a, b) <= static_cast<std::uint64_t>(ulps);
    } else {
        return a == b;
    }
}

std::string index_text(index_t flat, const shape_type& shape) {
    shape_type index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        index[d] = flat % shape[d];
        flat /= shape[d];
    }
    return loom::to_string(index);
}

template <class T>
std::string element_text(T value) {
    return to_string(any_tensor(tensor<T>(shape_type{}, value)));
}

std::optional<std::string> value_difference(const any_tensor& loom, const any_tensor& numpy, int ulps, dtype ulps_of) {
    if (dtype_of(loom) != dtype_of(numpy)) {
        return std::string("dtype: loom ") + name_of(dtype_of(loom)) + ", NumPy " + name_of(dtype_of(numpy));
    }
    return std::visit(
        [&]<class T>(const tensor<T>& ours) -> std::optional<std::string> {
            const tensor<T>& theirs = std::get<tensor<T>>(numpy);
            if (!(ours.shape() == theirs.shape())) {
                return "shape: loom " + loom::to_string(ours.shape()) + ", NumPy " + loom::to_string(theirs.shape());
            }
            index_t differing = 0, first = -1;
            for (index_t i = 0; i < ours.size(); ++i) {
                if (!same_element(ours.data()[i], theirs.data()[i], ulps, ulps_of)) {
                    if (differing++ == 0) first = i;
                }
            }
            if (differing == 0) return std::nullopt;
            return std::to_string(differing) + " of " + std::to_string(ours.size()) +
                   " elements differ; the first at " + index_text(first, ours.shape()) + ": loom " +
                   element_text(ours.data()[first]) + ", NumPy " + element_text(theirs.data()[first]) +
                   (ulps > 0 ? " (allowed: " + std::to_string(ulps) + " ulps of " + name_of(ulps_of) + ")" : "");
        },
        loom);
}

/// Both outcomes, their difference and the Python that reproduces the other one, indented.
std::string outcomes_text(const outcome& loom, const outcome& other, const std::string& difference,
                          const std::string& python, const std::string& other_name) {
    std::string text = "  loom: " + to_string(loom) + "\n";
    text += "  " + other_name + ": " + to_string(other) + "\n";
    text += "  difference: " + difference + "\n";
    text += "  Python:\n";
    for (std::size_t start = 0; start < python.size();) {
        const std::size_t end = python.find('\n', start);
        text += "    " + python.substr(start, end - start) + "\n";
        start = end == std::string::npos ? python.size() : end + 1;
    }
    return text;
}

}  // namespace

std::optional<std::string> difference(const outcome& loom, const outcome& numpy, int ulps, dtype ulps_of) {
    if (loom.result != numpy.result) return "loom: " + to_string(loom) + "; NumPy: " + to_string(numpy);
    if (loom.result == outcome::kind::other_error)
        return "both failed: loom: " + loom.message + "; NumPy: " + numpy.message;
    if (loom.result == outcome::kind::broadcast_error) return std::nullopt;
    return value_difference(loom.value, numpy.value, ulps, ulps_of);
}

std::string describe(const test_case& c, const outcome& loom, const outcome& other, const std::string& difference,
                     const std::string& python, const std::string& other_name) {
    std::string text = "case " + std::to_string(c.number) + " of seed " + std::to_string(c.seed) +
                       " (run again with LOOM_DIFF_SEED=" + std::to_string(c.seed) +
                       " LOOM_DIFF_CASES=" + std::to_string(c.number + 1) + ")\n";
    text += "  expression: " + to_cpp(c.expression);
    if (c.fused_pattern >= 0) {
        text += "\n  evaluated fused, as " + std::string(fused_patterns()[std::size_t(c.fused_pattern)].text) +
                " with x = a0, y = a1, z = a2";
    }
    text += "\n";
    for (std::size_t i = 0; i < c.inputs.size(); ++i)
        text += "  a" + std::to_string(i) + " = " + to_string(c.inputs[i]) + "\n";
    return text + outcomes_text(loom, other, difference, python, other_name);
}

std::string describe(const view_case& c, const outcome& loom, const outcome& numpy, const std::string& difference,
                     const std::string& python) {
    std::string text = "view case " + std::to_string(c.number) + " of seed " + std::to_string(c.seed) +
                       " (run again with LOOM_DIFF_SEED=" + std::to_string(c.seed) +
                       " LOOM_DIFF_VIEW_CASES=" + std::to_string(c.number + 1) + ")\n";
    text += "  C++: " + to_cpp(c) + "\n";
    text += "  a = " + to_string(c.a) + "\n  b = " + to_string(c.b) + "\n";
    return text + outcomes_text(loom, numpy, difference, python, "NumPy");
}

}  // namespace loom::differential
