// The machine's memory bandwidth, as STREAM's triad measures it:
// a[i] = b[i] + s * c[i] on float64 arrays of 2^24 elements (128 MiB each,
// four times the last-level cache, as STREAM asks), counting 3 × 8 bytes per element (two arrays
// read, one written), on one thread (CPU time) and, with OpenMP, on two (wall time).
// benchmarks/suite.py gives each memory-bound workload's GB/s as a percent of
// this figure.

#include <cstddef>
#include <cstdint>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench_context.hpp"
#include "bench_harness.hpp"

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t size = std::ptrdiff_t{1} << 24;
constexpr std::int64_t bytes = 3 * size * std::int64_t{sizeof(double)};

void triad(double* a, const double* b, const double* c, double s, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
}

void run_triad(benchmark::State& state, int threads) {
    aligned_buffer<double> a(size), b(size), c(size);
    // Every page touched by the threads that later use it (first touch places it).
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads)
#endif
    for (std::ptrdiff_t i = 0; i < size; ++i) a.data()[i] = b.data()[i] = c.data()[i] = 1.0;
    for (auto _ : state) {
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
#endif
        {
#ifdef _OPENMP
            // Each thread's contiguous share, as STREAM's static schedule gives it.
            const std::ptrdiff_t share = size / omp_get_num_threads(), begin = share * omp_get_thread_num();
#else
            const std::ptrdiff_t share = size, begin = 0;
#endif
            triad(a.data() + begin, b.data() + begin, c.data() + begin, 3.0, share);
        }
        benchmark::DoNotOptimize(a.data());
        benchmark::ClobberMemory();
    }
    count_bytes(state, bytes, size);
}

void register_benchmarks() {
    // One thread in CPU time, as every one-thread figure of the suite; two in wall time.
    add("stream_triad", "1_thread", [](benchmark::State& state) { run_triad(state, 1); });
#ifdef _OPENMP
    add("stream_triad", "2_threads", [](benchmark::State& state) { run_triad(state, 2); })->UseRealTime();
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
