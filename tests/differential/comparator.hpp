#pragma once
// Comparing loom's outcome of a case with NumPy's, and describing a case
// that differs.

#include <optional>
#include <string>

#include "model.hpp"
#include "view_model.hpp"

namespace loom::differential {

/// How loom's outcome differs from NumPy's, or nullopt if they agree: the
/// same kind of outcome, and for values the same dtype, shape and elements.
/// Elements compare exactly, NaN equal to NaN and -0.0 to 0.0; floating ones
/// within `ulps` units in the last place of `ulps_of` when `ulps` is not 0.
std::optional<std::string> difference(const outcome& loom, const outcome& numpy, int ulps,
                                      dtype ulps_of = dtype::float64);

/// Everything about a failing case: seed and number, the expression, its
/// inputs, loom's outcome and the other one (NumPy's unless `other_name`
/// says otherwise), the difference, and Python that reproduces NumPy's.
std::string describe(const test_case& c, const outcome& loom, const outcome& other, const std::string& difference,
                     const std::string& python, const std::string& other_name = "NumPy");

/// The same for a view case: its C++, its tensors, both outcomes, the
/// difference and the Python that reproduces NumPy's outcome.
std::string describe(const view_case& c, const outcome& loom, const outcome& numpy, const std::string& difference,
                     const std::string& python);

}  // namespace loom::differential
