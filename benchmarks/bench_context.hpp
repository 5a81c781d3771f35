#pragma once
// What a benchmark program's JSON output says about its build (Google
// Benchmark's custom context), for the tables run.py prints: the compiler,
// and the versions of the peers compiled in.

#include <benchmark/benchmark.h>

#include <string>

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xtensor_config.hpp>
#endif
#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Core>
#endif

namespace loom::bench {

inline std::string compiler() {
#if defined(__clang__)
    return "clang++ " + std::to_string(__clang_major__) + "." + std::to_string(__clang_minor__) + "." +
           std::to_string(__clang_patchlevel__);
#elif defined(__GNUC__)
    return "g++ " __VERSION__;
#else
    return "unknown";
#endif
}

inline void add_context() {
    benchmark::AddCustomContext("compiler", compiler());
#ifdef LOOM_HAVE_XTENSOR
    benchmark::AddCustomContext("xtensor", std::to_string(XTENSOR_VERSION_MAJOR) + "." +
                                               std::to_string(XTENSOR_VERSION_MINOR) + "." +
                                               std::to_string(XTENSOR_VERSION_PATCH));
#endif
#ifdef LOOM_HAVE_EIGEN
    benchmark::AddCustomContext("eigen", std::to_string(EIGEN_WORLD_VERSION) + "." +
                                             std::to_string(EIGEN_MAJOR_VERSION) + "." +
                                             std::to_string(EIGEN_MINOR_VERSION));
#endif
}

}  // namespace loom::bench
