#pragma once
// What every benchmark program shares: what its JSON output says about its
// build (Google Benchmark's custom context: the compiler and the versions of
// xsimd and of the peers compiled in, for the tables run.py prints), and its main
// (every library on one thread).

#include <benchmark/benchmark.h>

#include <string>

#include "loom/eval/threads.hpp"
#include <xsimd/config/xsimd_config.hpp>

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xtensor_config.hpp>
#endif
#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Core>
#endif
#ifdef LOOM_HAVE_CBLAS
#include <cblas.h>
#endif
#ifdef LOOM_HAVE_TORCH
#include <ATen/Parallel.h>
#if __has_include(<torch/version.h>)
#include <torch/version.h>
#endif
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
    benchmark::AddCustomContext("xsimd", std::to_string(XSIMD_VERSION_MAJOR) + "." + std::to_string(XSIMD_VERSION_MINOR) +
                                             "." + std::to_string(XSIMD_VERSION_PATCH));
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
#ifdef OPENBLAS_VERSION
    std::string openblas = OPENBLAS_VERSION;  // " OpenBLAS 0.3.21 "
    openblas.erase(0, openblas.find_first_not_of(" "));
    openblas.erase(openblas.find_last_not_of(" ") + 1);
    benchmark::AddCustomContext("openblas", openblas);
    // The kernels OpenBLAS chose for this processor (or OPENBLAS_CORETYPE pinned).
    benchmark::AddCustomContext("openblas_core", openblas_get_corename());
#endif
#if defined(LOOM_HAVE_TORCH) && defined(TORCH_VERSION)
    benchmark::AddCustomContext("libtorch", TORCH_VERSION);
#endif
}

/// The body of a benchmark program's main: Google Benchmark's, with the
/// build's context, and the program's benchmarks registered by `register_all`;
/// loom on one thread.
inline int run(int argc, char** argv, void (*register_all)()) {
    // One thread, as every peer here runs: bench_threads sets its own count where it times threads.
    loom::set_num_threads(1);
#ifdef LOOM_HAVE_TORCH
    at::set_num_threads(1);
#endif
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    add_context();
    register_all();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

}  // namespace loom::bench
