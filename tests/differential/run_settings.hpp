#pragma once
// What a differential run needs from its environment (the Python that has
// NumPy, the seed and case count the user chose, a scratch directory) and
// what every suite keeps of its run.

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>

namespace loom::differential {

/// The default seed of every differential suite (LOOM_DIFF_SEED overrides it).
inline constexpr std::uint64_t default_seed = 20240611;

/// The interpreter named by the compile definition LOOM_NUMPY_PYTHON, else /usr/bin/python3.
std::string numpy_python();

/// The integer in [0, largest] in environment variable `name`, or `fallback`
/// if it is unset or empty. Throws std::invalid_argument if it is anything else.
std::uint64_t environment_number(const char* name, std::uint64_t fallback,
                                 std::uint64_t largest = std::numeric_limits<std::uint64_t>::max());

/// The largest case count: case numbers are ints.
inline constexpr std::uint64_t largest_case_count = std::numeric_limits<int>::max();

/// A new directory under the system's temporary directory.
std::filesystem::path make_scratch_directory();

/// What every suite keeps of its run, besides its cases and outcomes.
struct run_record {
    std::uint64_t seed = default_seed;
    std::filesystem::path directory;  ///< the scripts written for NumPy
    std::string failure;              ///< why the run could not complete
    int mismatches = 0;
    double seconds = 0;

    /// Prints `summary` and the seed and time; removes the scripts of a run
    /// that found nothing, and says where they are otherwise.
    void finish(const std::string& summary) const;
};

}  // namespace loom::differential
