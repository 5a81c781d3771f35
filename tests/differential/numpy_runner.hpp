#pragma once
// Running the NumPy side: one Python process per batch of cases.

#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "model.hpp"

namespace loom::differential {

/// A file that a script imports, written beside it.
struct python_module {
    std::string name;  ///< without ".py"
    std::string source;
};

/// Writes `modules` and `script` (named `script_name`) into `directory`, runs
/// the script with `python` and reads what it prints: one line per case,
/// `<number> ok <dtype> <shape> <values...>` or `<number> raise <kind> <message>`.
/// Returns the outcomes in the order of `numbers`. Throws std::runtime_error
/// if Python fails or prints what cannot be read.
std::vector<outcome> run_numpy_script(std::span<const python_module> modules, const std::string& script,
                                      std::span<const int> numbers, const std::filesystem::path& directory,
                                      const std::string& script_name, const std::string& python);

/// Each case's outcome in NumPy, in the order of `cases`: the rules module
/// and a script of the batch (python_emitter.hpp) run by run_numpy_script.
std::vector<outcome> evaluate_in_numpy(std::span<const test_case> cases, const std::filesystem::path& directory,
                                       const std::string& script_name, const std::string& python);

}  // namespace loom::differential
