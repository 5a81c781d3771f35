#pragma once
// Running the NumPy side: one Python process per batch of cases.

#include <algorithm>
#include <filesystem>
#include <iterator>
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

/// Each case's outcome in NumPy, in the order of `cases`: `script_of(batch)`
/// gives the script of each batch of `batch_size` cases (one Python process
/// each, named `<name>_<batch>.py`), run by run_numpy_script beside `modules`.
template <class Case, class ScriptOf>
std::vector<outcome> run_numpy_in_batches(std::span<const Case> cases, ScriptOf script_of,
                                          std::span<const python_module> modules,
                                          const std::filesystem::path& directory, const std::string& name,
                                          const std::string& python, std::size_t batch_size = 1200) {
    std::vector<outcome> outcomes;
    for (std::size_t first = 0; first < cases.size(); first += batch_size) {
        const std::span<const Case> batch = cases.subspan(first, std::min(batch_size, cases.size() - first));
        std::vector<int> numbers;
        for (const Case& c : batch) numbers.push_back(c.number);
        const std::string script_name = name + "_" + std::to_string(first / batch_size) + ".py";
        std::vector<outcome> batch_outcomes =
            run_numpy_script(modules, script_of(batch), numbers, directory, script_name, python);
        outcomes.insert(outcomes.end(), std::make_move_iterator(batch_outcomes.begin()),
                        std::make_move_iterator(batch_outcomes.end()));
    }
    return outcomes;
}

}  // namespace loom::differential
