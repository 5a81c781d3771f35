#pragma once
// What a differential run needs from its environment: the Python that has
// NumPy, the seed and case count the user chose, and a scratch directory.

#include <cstdint>
#include <filesystem>
#include <string>

namespace loom::differential {

/// The default seed of every differential suite (LOOM_DIFF_SEED overrides it).
inline constexpr std::uint64_t default_seed = 20240611;

/// The interpreter named by the compile definition LOOM_NUMPY_PYTHON, else /usr/bin/python3.
std::string numpy_python();

/// The non-negative integer in environment variable `name`, or `fallback` if
/// it is unset or empty. Throws std::invalid_argument if it is not a number.
std::uint64_t environment_number(const char* name, std::uint64_t fallback);

/// A new directory under the system's temporary directory.
std::filesystem::path make_scratch_directory();

}  // namespace loom::differential
