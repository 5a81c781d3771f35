#pragma once
// The NumPy side of the file tests: a folder that NumPy and loom share, a
// Python module of the arrays both sides expect, and scripts run in that
// folder through the interpreter CMake names (LOOM_NUMPY_PYTHON).

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "loom/loom.hpp"

namespace loom::testing {

// The element types of the tests, by NumPy name, and the values of an array
// of each: element i (row-major) is i*37 % 201, less 100 when signed, times
// 0.25 when floating; a bool is i % 3 == 0. expected_values() is the same in C++.
inline constexpr const char* numpy_values_module = R"(import numpy as np

types = {'bool': np.bool_, 'int8': np.int8, 'int16': np.int16, 'int32': np.int32, 'int64': np.int64,
         'uint8': np.uint8, 'uint16': np.uint16, 'uint32': np.uint32, 'uint64': np.uint64,
         'float32': np.float32, 'float64': np.float64, 'float16': np.float16}

def values(dtype, shape):
    i = np.arange(int(np.prod(shape)), dtype=np.int64)
    kind = np.dtype(dtype).kind
    if kind == 'b':
        v = i % 3 == 0
    elif kind == 'u':
        v = i * 37 % 201
    elif kind == 'i':
        v = i * 37 % 201 - 100
    else:
        v = (i * 37 % 201 - 100) * 0.25
    return v.astype(dtype).reshape(shape)

def check(failures, name, got, expected):
    if got.dtype != expected.dtype or got.shape != expected.shape or not np.array_equal(got, expected):
        failures.append('%s: got %s %s %s, expected %s %s %s' % (name, got.dtype, got.shape, got.ravel()[:8],
                                                                 expected.dtype, expected.shape, expected.ravel()[:8]))
)";

template <element T>
tensor<T> expected_values(const shape_type& shape) {
    tensor<T> t(shape);
    index_t i = 0;
    for (T& element : t) {
        const index_t k = i * 37 % 201;
        if constexpr (std::same_as<T, bool>) element = i % 3 == 0;
        else if constexpr (loom::floating_element<T>) element = static_cast<T>(static_cast<double>(k - 100) * 0.25);
        else if constexpr (std::is_unsigned_v<T>) element = static_cast<T>(k);
        else element = static_cast<T>(k - 100);
        ++i;
    }
    return t;
}

/// A folder shared with NumPy, holding the module above as loom_values.py;
/// removed with everything in it when the session ends.
class numpy_session {
public:
    explicit numpy_session(const std::string& name)
        : folder_(std::filesystem::temp_directory_path() / (name + "_" + std::to_string(getpid()))) {
        std::filesystem::remove_all(folder_);
        std::filesystem::create_directories(folder_);
        std::ofstream(folder_ / "loom_values.py") << numpy_values_module;
    }

    numpy_session(const numpy_session&) = delete;
    numpy_session& operator=(const numpy_session&) = delete;
    ~numpy_session() {
        std::error_code ignored;
        std::filesystem::remove_all(folder_, ignored);
    }

    std::filesystem::path operator/(const std::string& file) const { return folder_ / file; }

    /// Runs `script` in the folder and returns what it prints; throws
    /// std::runtime_error with its error output when it fails.
    std::string run(const std::string& script) const {
        const std::filesystem::path script_path = folder_ / "script.py";
        std::ofstream(script_path) << script;
        const std::string command = "cd '" + folder_.string() + "' && '" LOOM_NUMPY_PYTHON "' script.py 2>&1";
        std::FILE* pipe = popen(command.c_str(), "r");
        if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
        std::string output;
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
        if (pclose(pipe) != 0) throw std::runtime_error(command + " failed:\n" + output);
        return output;
    }

private:
    std::filesystem::path folder_;
};

}  // namespace loom::testing
