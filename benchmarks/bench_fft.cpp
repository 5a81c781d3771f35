// loom::fft's transforms at lengths of each kind of plan: powers of two
// from 2^10 to 2^20 (radix 4 and 2), lengths of factors 2, 3 and 5, a
// prime (Bluestein's algorithm); rfft of real input; fft2 of a square; fft
// along the first axis of a matrix (each line copied out of a strided
// layout). All complex128 (float64 for rfft's input). The lengths of the
// peer suite's W14, fft and rfft each: 4,096, 2^20, 10^6, 3 * 2^18,
// 441,000 (an hour of sound at 44.1 kHz, in tenths of a second: factors
// 2, 3, 5 and 7) and 999,983 (a prime).
//
//   fft_complex_<n>/loom, fft_real_<n>/loom, fft_square_<n>/loom, fft_columns_<n>/loom
//
// NumPy's pocketfft is the peer: `/usr/bin/python3 benchmarks/run.py
// --binary build/benchmarks/bench_fft` runs the same transforms in NumPy
// and prints both, with loom's time over NumPy's (docs/performance.md).

#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "bench_context.hpp"
#include "bench_harness.hpp"
#include "loom/fft.hpp"

namespace {

using namespace loom::bench;
using loom::index_t;

loom::tensor<std::complex<double>> fft_bench_signal(const loom::shape_type& shape) {
    loom::tensor<std::complex<double>> x(loom::uninitialized, shape);
    std::uint64_t state = 12345;
    for (auto& v : x) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double re = static_cast<double>(state >> 11) * 0x1.0p-53;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        v = {re, static_cast<double>(state >> 11) * 0x1.0p-53};
    }
    return x;
}

// The elements of a complex128 tensor as their real and imaginary parts.
std::span<const double> parts(const loom::tensor<std::complex<double>>& x) {
    return {reinterpret_cast<const double*>(x.data()), static_cast<std::size_t>(2 * x.size())};
}

// The transform of a line, checked first by its inverse, which must give
// the signal back within 1e-9 (this also makes the length's plan outside
// the timing, as any call after the first finds it), then timed.
void fft_complex_line(benchmark::State& state, index_t n) {
    const auto x = fft_bench_signal(loom::shape_type{n});
    check(running_benchmark, parts(loom::fft::ifft(loom::fft::fft(x))), parts(x), 1e-9);
    for (auto _ : state) benchmark::DoNotOptimize(loom::fft::fft(x));
    state.SetItemsProcessed(state.iterations() * n);
}

void fft_real_line(benchmark::State& state, index_t n) {
    const loom::tensor<double> x(loom::real(fft_bench_signal(loom::shape_type{n})));
    check(running_benchmark, elements(loom::fft::irfft(loom::fft::rfft(x), n)), elements(x), 1e-9);
    for (auto _ : state) benchmark::DoNotOptimize(loom::fft::rfft(x));
    state.SetItemsProcessed(state.iterations() * n);
}

void fft_square(benchmark::State& state, index_t n) {
    const auto x = fft_bench_signal(loom::shape_type{n, n});
    for (auto _ : state) benchmark::DoNotOptimize(loom::fft::fft2(x));
    state.SetItemsProcessed(state.iterations() * n * n);
}

void fft_columns(benchmark::State& state, index_t n) {
    const auto x = fft_bench_signal(loom::shape_type{n, n});
    for (auto _ : state) benchmark::DoNotOptimize(loom::fft::fft(x, std::nullopt, 0));
    state.SetItemsProcessed(state.iterations() * n * n);
}

// The suite's W14 lengths beyond the powers of two.
constexpr index_t suite_lengths[] = {1000000, 786432, 441000, 999983};

void register_benchmarks() {
    for (index_t n = 1024; n <= (index_t{1} << 20); n *= 2) {
        add_named("fft_complex_" + std::to_string(n) + "/loom", [n](benchmark::State& s) { fft_complex_line(s, n); });
    }
    for (index_t n : {index_t{3000}, index_t{4099}}) {
        add_named("fft_complex_" + std::to_string(n) + "/loom", [n](benchmark::State& s) { fft_complex_line(s, n); });
    }
    for (index_t n : suite_lengths) {
        add_named("fft_complex_" + std::to_string(n) + "/loom", [n](benchmark::State& s) { fft_complex_line(s, n); });
    }
    for (index_t n : {index_t{4096}, index_t{1} << 20}) {
        add_named("fft_real_" + std::to_string(n) + "/loom", [n](benchmark::State& s) { fft_real_line(s, n); });
    }
    for (index_t n : suite_lengths) {
        add_named("fft_real_" + std::to_string(n) + "/loom", [n](benchmark::State& s) { fft_real_line(s, n); });
    }
    add_named("fft_square_256/loom", [](benchmark::State& s) { fft_square(s, 256); });
    add_named("fft_columns_256/loom", [](benchmark::State& s) { fft_columns(s, 256); });
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
