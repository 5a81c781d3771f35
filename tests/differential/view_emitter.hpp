#pragma once
// The NumPy side of the differential test of views, written as Python: a
// module of helpers that take views and assign into them under loom's rules,
// and one script per batch of view cases.

#include <span>
#include <string>

#include "view_model.hpp"

namespace loom::differential {

/// The name of the view helpers module, which imports the rules module.
inline constexpr const char* views_module_name = "loom_numpy_views";

/// The view helpers module's source.
const char* views_module_source();

/// A script that runs every case and prints each one's outcome (the format of batch_script()).
std::string view_batch_script(std::span<const view_case> cases);

/// A script that runs one case and prints its result, for a failure report.
std::string view_reproducer(const view_case& c);

}  // namespace loom::differential
