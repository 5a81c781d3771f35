// Element-wise throughput: loom beside a hand-written loop (the reference)
// and its peers, on the same input values, each evaluated into a result
// allocated before timing.
//
//   mul_add/<library>       z = a * b + c   on 2^24 float32
//   outer_add/<library>     z = col + row   (4096, 1) + (1, 4096) -> (4096, 4096) float32
//   add_in_place/<library>  z += a          on 2^24 float32: the result is also an input
//   transpose_add/<library> z = transpose(a) + b   on (4096, 4096) float32: one operand read across rows
//   strided_add/<library>   z = a[:, ::2] + b[:, 1::2]   (4096, 4096) -> (4096, 2048) float32 views
//   complex_mul_add/<library> z = a * b + c  on 2^20 complex64 (hand: a loop over std::complex, whose
//                           operator* is C++'s, with Annex G's recovery of infinities)
//
// Bytes per operation count every array read once and the result written
// once. Times are the benchmark thread's CPU time (Google Benchmark's
// default), which a busy machine disturbs less than wall time.
// benchmarks/run.py runs this binary and NumPy and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xview.hpp>
#endif

namespace {

using loom::bench::count_bytes, loom::bench::uniform_floats;

constexpr std::ptrdiff_t flat_size = std::ptrdiff_t{1} << 24;
constexpr std::ptrdiff_t side = 4096;

constexpr std::int64_t mul_add_bytes = 4 * flat_size * sizeof(float);  // a, b, c read; z written
constexpr std::int64_t outer_add_bytes = (2 * side + side * side) * sizeof(float);
constexpr std::int64_t add_in_place_bytes = 3 * flat_size * sizeof(float);  // z, a read; z written
constexpr std::int64_t transpose_add_bytes = 3 * side * side * sizeof(float);
constexpr std::ptrdiff_t half = side / 2;
constexpr std::ptrdiff_t complex_size = std::ptrdiff_t{1} << 20;
constexpr std::int64_t complex_mul_add_bytes = 4 * complex_size * sizeof(std::complex<float>);
constexpr std::int64_t strided_add_bytes = 3 * side * half * sizeof(float);  // the elements used, not the lines

// The input values every library copies: uniform in [-1, 1), fixed seed.
struct input_values {
    std::vector<float> a, b, c, col, row, square_a, square_b;

    static const input_values& get() {
        static const input_values values;
        return values;
    }

private:
    input_values() : a(uniform_floats(flat_size, 1)), b(uniform_floats(flat_size, 2)), c(uniform_floats(flat_size, 3)),
                     col(uniform_floats(side, 4)), row(uniform_floats(side, 5)),
                     square_a(uniform_floats(side * side, 6)), square_b(uniform_floats(side * side, 7)) {}
};

void report(benchmark::State& state, std::int64_t bytes, std::int64_t items) { count_bytes(state, bytes, items); }

// ---------------------------------------------------------------- hand loop

using loom::bench::aligned_buffer;

// A 64-byte aligned buffer holding `values`, or `count` zeros: every page touched before timing.
aligned_buffer<float> buffer_of(const std::vector<float>& values) { return aligned_buffer<float>(std::span(values)); }
aligned_buffer<float> zeros(std::ptrdiff_t count) { return buffer_of(std::vector<float>(static_cast<std::size_t>(count))); }

// Plain loops, as anyone would write them: no __restrict, no pragmas.
void hand_mul_add(float* z, const float* a, const float* b, const float* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = a[i] * b[i] + c[i];
}

void hand_outer_add(float* z, const float* col, const float* row, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = col[i] + row[j];
    }
}

void hand_add_in_place(float* z, const float* a, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] += a[i];
}

void hand_transpose_add(float* z, const float* a, const float* b, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        for (std::ptrdiff_t j = 0; j < n; ++j) z[i * n + j] = a[j * n + i] + b[i * n + j];
    }
}

void hand_strided_add(float* z, const float* a, const float* b, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols / 2; ++j) z[i * (cols / 2) + j] = a[i * cols + 2 * j] + b[i * cols + 2 * j + 1];
    }
}

void mul_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = buffer_of(in.a), b = buffer_of(in.b), c = buffer_of(in.c);
    auto z = zeros(flat_size);
    for (auto _ : state) {
        hand_mul_add(z.data(), a.data(), b.data(), c.data(), flat_size);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, mul_add_bytes, flat_size);
}

// complex_mul_add's inputs: the parts of element i are elements 2i and 2i + 1 of a, b and c.
std::vector<std::complex<float>> complex_values(const std::vector<float>& parts) {
    std::vector<std::complex<float>> values(static_cast<std::size_t>(complex_size));
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = {parts[2 * i], parts[2 * i + 1]};
    return values;
}

void hand_complex_mul_add(std::complex<float>* z, const std::complex<float>* a, const std::complex<float>* b,
                          const std::complex<float>* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = a[i] * b[i] + c[i];
}

void complex_mul_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = complex_values(in.a), b = complex_values(in.b), c = complex_values(in.c);
    std::vector<std::complex<float>> z(a.size());
    for (auto _ : state) {
        hand_complex_mul_add(z.data(), a.data(), b.data(), c.data(), complex_size);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, complex_mul_add_bytes, complex_size);
}

void outer_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto col = buffer_of(in.col), row = buffer_of(in.row);
    auto z = zeros(side * side);
    for (auto _ : state) {
        hand_outer_add(z.data(), col.data(), row.data(), side, side);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

void add_in_place_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = buffer_of(in.a);
    auto z = buffer_of(in.b);
    for (auto _ : state) {
        hand_add_in_place(z.data(), a.data(), flat_size);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_in_place_bytes, flat_size);
}

void transpose_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = buffer_of(in.square_a), b = buffer_of(in.square_b);
    auto z = zeros(side * side);
    for (auto _ : state) {
        hand_transpose_add(z.data(), a.data(), b.data(), side);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, transpose_add_bytes, side * side);
}

void strided_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = buffer_of(in.square_a), b = buffer_of(in.square_b);
    auto z = zeros(side * half);
    for (auto _ : state) {
        hand_strided_add(z.data(), a.data(), b.data(), side, side);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, strided_add_bytes, side * half);
}

// --------------------------------------------------------------------- loom

void complex_mul_add_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    using c64 = std::complex<float>;
    const auto va = complex_values(in.a), vb = complex_values(in.b), vc = complex_values(in.c);
    const loom::tensor<c64> a(std::span<const c64>(va), {complex_size}), b(std::span<const c64>(vb), {complex_size}),
        c(std::span<const c64>(vc), {complex_size});
    loom::tensor<c64> z({complex_size});
    for (auto _ : state) {
        z = a * b + c;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, complex_mul_add_bytes, complex_size);
}

void mul_add_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom::bench::loom_of(in.a, {flat_size}), b = loom::bench::loom_of(in.b, {flat_size}),
               c = loom::bench::loom_of(in.c, {flat_size});
    loom::tensor<float> z({flat_size});
    for (auto _ : state) {
        z = a * b + c;  // same shape: evaluated into z's memory
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, mul_add_bytes, flat_size);
}

void outer_add_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto col = loom::bench::loom_of(in.col, {side, 1}), row = loom::bench::loom_of(in.row, {1, side});
    loom::tensor<float> z({side, side});
    for (auto _ : state) {
        z = col + row;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

void add_in_place_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom::bench::loom_of(in.a, {flat_size});
    auto z = loom::bench::loom_of(in.b, {flat_size});
    for (auto _ : state) {
        z += a;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_in_place_bytes, flat_size);
}

void transpose_add_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom::bench::loom_of(in.square_a, {side, side}), b = loom::bench::loom_of(in.square_b, {side, side});
    loom::tensor<float> z({side, side});
    for (auto _ : state) {
        z = loom::transpose(a) + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, transpose_add_bytes, side * side);
}

void strided_add_loom(benchmark::State& state) {
    using loom::all, loom::none, loom::range;
    const input_values& in = input_values::get();
    const auto a = loom::bench::loom_of(in.square_a, {side, side}), b = loom::bench::loom_of(in.square_b, {side, side});
    loom::tensor<float> z({side, half});
    for (auto _ : state) {
        z = a(all, range(0, none, 2)) + b(all, range(1, none, 2));
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, strided_add_bytes, side * half);
}

// ------------------------------------------------------------------ xtensor

#ifdef LOOM_HAVE_XTENSOR
template <std::size_t Rank>
xt::xtensor<float, Rank> xtensor_of(const std::vector<float>& values, const std::array<std::size_t, Rank>& shape) {
    return loom::bench::xtensor_from(values, shape);
}

void mul_add_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<std::size_t, 1> shape{flat_size};
    const auto a = xtensor_of(in.a, shape), b = xtensor_of(in.b, shape), c = xtensor_of(in.c, shape);
    xt::xtensor<float, 1> z(shape, 0.f);
    for (auto _ : state) {
        xt::noalias(z) = a * b + c;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, mul_add_bytes, flat_size);
}

void outer_add_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto col = xtensor_of<2>(in.col, {side, 1}), row = xtensor_of<2>(in.row, {1, side});
    xt::xtensor<float, 2> z({side, side}, 0.f);
    for (auto _ : state) {
        xt::noalias(z) = col + row;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

void add_in_place_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<std::size_t, 1> shape{flat_size};
    const auto a = xtensor_of(in.a, shape);
    auto z = xtensor_of(in.b, shape);
    for (auto _ : state) {
        xt::noalias(z) += a;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_in_place_bytes, flat_size);
}

void transpose_add_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<std::size_t, 2> shape{side, side};
    const auto a = xtensor_of(in.square_a, shape), b = xtensor_of(in.square_b, shape);
    xt::xtensor<float, 2> z(shape, 0.f);
    for (auto _ : state) {
        xt::noalias(z) = xt::transpose(a) + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, transpose_add_bytes, side * side);
}

void strided_add_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<std::size_t, 2> shape{side, side};
    const auto a = xtensor_of(in.square_a, shape), b = xtensor_of(in.square_b, shape);
    xt::xtensor<float, 2> z(std::array<std::size_t, 2>{side, half}, 0.f);
    for (auto _ : state) {
        xt::noalias(z) = xt::view(a, xt::all(), xt::range(0, side, 2)) + xt::view(b, xt::all(), xt::range(1, side, 2));
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, strided_add_bytes, side * half);
}
#endif

// -------------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
template <int Rank>
using eigen_tensor = loom::bench::eigen_tensor_of_rank<float, Rank>;

template <int Rank>
eigen_tensor<Rank> eigen_tensor_of(const std::vector<float>& values, const std::array<Eigen::Index, Rank>& shape) {
    return loom::bench::eigen_tensor_from<float, Rank>(values, shape);
}

void mul_add_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<Eigen::Index, 1> shape{flat_size};
    const auto a = eigen_tensor_of<1>(in.a, shape), b = eigen_tensor_of<1>(in.b, shape),
               c = eigen_tensor_of<1>(in.c, shape);
    eigen_tensor<1> z(shape);
    z.setZero();
    for (auto _ : state) {
        z = a * b + c;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, mul_add_bytes, flat_size);
}

void outer_add_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto col = eigen_tensor_of<2>(in.col, {side, 1}), row = eigen_tensor_of<2>(in.row, {1, side});
    eigen_tensor<2> z(side, side);
    z.setZero();
    const std::array<Eigen::Index, 2> across_columns{1, side}, across_rows{side, 1};
    for (auto _ : state) {
        z = col.broadcast(across_columns) + row.broadcast(across_rows);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

void add_in_place_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    constexpr std::array<Eigen::Index, 1> shape{flat_size};
    const auto a = eigen_tensor_of<1>(in.a, shape);
    auto z = eigen_tensor_of<1>(in.b, shape);
    for (auto _ : state) {
        z += a;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_in_place_bytes, flat_size);
}

void transpose_add_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_tensor_of<2>(in.square_a, {side, side}), b = eigen_tensor_of<2>(in.square_b, {side, side});
    eigen_tensor<2> z(side, side);
    z.setZero();
    const std::array<int, 2> swapped{1, 0};
    for (auto _ : state) {
        z = a.shuffle(swapped) + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, transpose_add_bytes, side * side);
}

void strided_add_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_tensor_of<2>(in.square_a, {side, side}), b = eigen_tensor_of<2>(in.square_b, {side, side});
    eigen_tensor<2> z(side, half);
    z.setZero();
    const std::array<Eigen::Index, 2> every_other_column{1, 2}, from_column_1{0, 1}, columns{side, side - 1};
    for (auto _ : state) {
        z = a.stride(every_other_column) + b.slice(from_column_1, columns).stride(every_other_column);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, strided_add_bytes, side * half);
}
#endif

// Each operation's benchmarks side by side, the reference first.
void register_benchmarks() {
    const std::pair<const char*, void (*)(benchmark::State&)> benchmarks[] = {
        {"mul_add/hand", mul_add_hand},
        {"mul_add/loom", mul_add_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"mul_add/xtensor", mul_add_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"mul_add/eigen", mul_add_eigen},
#endif
        {"outer_add/hand", outer_add_hand},
        {"outer_add/loom", outer_add_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"outer_add/xtensor", outer_add_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"outer_add/eigen", outer_add_eigen},
#endif
        {"add_in_place/hand", add_in_place_hand},
        {"add_in_place/loom", add_in_place_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"add_in_place/xtensor", add_in_place_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"add_in_place/eigen", add_in_place_eigen},
#endif
        {"transpose_add/hand", transpose_add_hand},
        {"transpose_add/loom", transpose_add_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"transpose_add/xtensor", transpose_add_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"transpose_add/eigen", transpose_add_eigen},
#endif
        {"complex_mul_add/hand", complex_mul_add_hand},
        {"complex_mul_add/loom", complex_mul_add_loom},
        {"strided_add/hand", strided_add_hand},
        {"strided_add/loom", strided_add_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"strided_add/xtensor", strided_add_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"strided_add/eigen", strided_add_eigen},
#endif
    };
    for (const auto& [name, function] : benchmarks) {
        benchmark::RegisterBenchmark(name, function)->Unit(benchmark::kMillisecond);
    }
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
