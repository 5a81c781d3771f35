#pragma once
// Running the NumPy side: one Python process per batch of cases.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "model.hpp"

namespace loom::differential {

/// Each case's outcome in NumPy, in the order of `cases`. Writes the rules
/// module and the batch's script (named `script_name`) into `directory`, runs
/// the script with `python` and reads what it prints. Throws
/// std::runtime_error if Python fails or prints what cannot be read.
std::vector<outcome> evaluate_in_numpy(std::span<const test_case> cases, const std::filesystem::path& directory,
                                       const std::string& script_name, const std::string& python);

}  // namespace loom::differential
