#pragma once
// The NumPy side of the differential test, written as Python: a module of
// helpers that apply loom's rules (docs/semantics.md) with NumPy, and one script per
// batch of cases that prints each case's outcome on one line.

#include <span>
#include <string>

#include "model.hpp"

namespace loom::differential {

/// The name of the helper module, `import`ed by every script.
inline constexpr const char* rules_module_name = "loom_numpy_rules";

/// The helper module's source: promotion per docs/semantics.md, loom's documented
/// deviations from NumPy, and the output format the runner reads.
const char* rules_module_source();

/// A shape as a Python tuple: `()`, `(3,)`, `(2, 3)`.
std::string python_shape(const shape_type& shape);

/// A tensor as a call of the rules module's `tensor()`, which rebuilds it exactly.
std::string python_tensor(const any_tensor& t);

/// A script that runs every case and prints, per case, a line
/// `<number> ok <dtype> <shape> <values...>` or `<number> raise <kind> <message>`.
std::string batch_script(std::span<const test_case> cases);

/// A script that runs one case and prints its result, for a failure report.
std::string reproducer(const test_case& c);

}  // namespace loom::differential
