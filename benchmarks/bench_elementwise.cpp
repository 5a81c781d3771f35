// Element-wise throughput: loom beside a hand-written loop (the reference)
// and its peers, on the same input values, each evaluated into a result
// allocated before timing.
//
//   mul_add/<library>    z = a * b + c        on 2^24 float32
//   outer_add/<library>  z = col + row        (4096, 1) + (1, 4096) -> (4096, 4096) float32
//
// Bytes per operation count every array read once and the result written
// once. benchmarks/run.py runs this binary and NumPy and prints the ratios.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <random>
#include <span>
#include <vector>

#include "loom/loom.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xtensor.hpp>
#include <xtensor/xnoalias.hpp>
#endif

#ifdef LOOM_HAVE_EIGEN
#if defined(__GNUC__) && !defined(__clang__)
// g++ 12 warns inside its own AVX-512 intrinsics once Eigen's block copies are inlined here.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <unsupported/Eigen/CXX11/Tensor>
#endif

namespace {

constexpr std::ptrdiff_t flat_size = std::ptrdiff_t{1} << 24;
constexpr std::ptrdiff_t side = 4096;

constexpr std::int64_t mul_add_bytes = 4 * flat_size * sizeof(float);  // a, b, c read; z written
constexpr std::int64_t outer_add_bytes = (2 * side + side * side) * sizeof(float);

// The input values every library copies: uniform in [-1, 1), fixed seed.
struct input_values {
    std::vector<float> a, b, c, col, row;

    static const input_values& get() {
        static const input_values values;
        return values;
    }

private:
    input_values() : a(random(flat_size, 1)), b(random(flat_size, 2)), c(random(flat_size, 3)),
                     col(random(side, 4)), row(random(side, 5)) {}

    static std::vector<float> random(std::ptrdiff_t count, unsigned seed) {
        std::mt19937 engine(seed);
        std::uniform_real_distribution<float> uniform(-1.f, 1.f);
        std::vector<float> values(static_cast<std::size_t>(count));
        for (float& v : values) v = uniform(engine);
        return values;
    }
};

void report(benchmark::State& state, std::int64_t bytes, std::int64_t items) {
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * items);
}

// ---------------------------------------------------------------- hand loop

// A 64-byte aligned float buffer, like loom's storage.
struct aligned_floats {
    struct release {
        void operator()(float* p) const { ::operator delete[](p, std::align_val_t{64}); }
    };
    std::unique_ptr<float[], release> data;

    explicit aligned_floats(const std::vector<float>& values)
        : data(static_cast<float*>(::operator new[](values.size() * sizeof(float), std::align_val_t{64}))) {
        std::copy(values.begin(), values.end(), data.get());
    }
    explicit aligned_floats(std::ptrdiff_t count)
        : aligned_floats(std::vector<float>(static_cast<std::size_t>(count), 0.f)) {}
};

// Plain loops, no __restrict: the compiler checks aliasing at run time, as it must for loom.
void hand_mul_add(float* z, const float* a, const float* b, const float* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = a[i] * b[i] + c[i];
}

void hand_outer_add(float* z, const float* col, const float* row, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = col[i] + row[j];
    }
}

void mul_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const aligned_floats a(in.a), b(in.b), c(in.c);
    aligned_floats z(flat_size);
    for (auto _ : state) {
        hand_mul_add(z.data.get(), a.data.get(), b.data.get(), c.data.get(), flat_size);
        benchmark::DoNotOptimize(z.data.get());
        benchmark::ClobberMemory();
    }
    report(state, mul_add_bytes, flat_size);
}

void outer_add_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const aligned_floats col(in.col), row(in.row);
    aligned_floats z(side * side);
    for (auto _ : state) {
        hand_outer_add(z.data.get(), col.data.get(), row.data.get(), side, side);
        benchmark::DoNotOptimize(z.data.get());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

// --------------------------------------------------------------------- loom

loom::tensor<float> loom_tensor(const std::vector<float>& values, loom::shape_type shape) {
    return loom::tensor<float>(std::span<const float>(values), shape);
}

void mul_add_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_tensor(in.a, {flat_size}), b = loom_tensor(in.b, {flat_size}), c = loom_tensor(in.c, {flat_size});
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
    const auto col = loom_tensor(in.col, {side, 1}), row = loom_tensor(in.row, {1, side});
    loom::tensor<float> z({side, side});
    for (auto _ : state) {
        z = col + row;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, outer_add_bytes, side * side);
}

// ------------------------------------------------------------------ xtensor

#ifdef LOOM_HAVE_XTENSOR
template <std::size_t Rank>
xt::xtensor<float, Rank> xtensor_of(const std::vector<float>& values, const std::array<std::size_t, Rank>& shape) {
    xt::xtensor<float, Rank> t(shape);
    std::copy(values.begin(), values.end(), t.begin());
    return t;
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
#endif

// -------------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
// Row-major, so that memory order matches loom, NumPy and the hand loop.
template <int Rank>
using eigen_tensor = Eigen::Tensor<float, Rank, Eigen::RowMajor>;

template <int Rank>
eigen_tensor<Rank> eigen_tensor_of(const std::vector<float>& values, const std::array<Eigen::Index, Rank>& shape) {
    eigen_tensor<Rank> t(shape);
    std::copy(values.begin(), values.end(), t.data());
    return t;
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
#endif

}  // namespace

// Each operation's benchmarks side by side, the reference first.
BENCHMARK(mul_add_hand)->Name("mul_add/hand")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(mul_add_loom)->Name("mul_add/loom")->Unit(benchmark::kMillisecond)->UseRealTime();
#ifdef LOOM_HAVE_XTENSOR
BENCHMARK(mul_add_xtensor)->Name("mul_add/xtensor")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
#ifdef LOOM_HAVE_EIGEN
BENCHMARK(mul_add_eigen)->Name("mul_add/eigen")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif

BENCHMARK(outer_add_hand)->Name("outer_add/hand")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(outer_add_loom)->Name("outer_add/loom")->Unit(benchmark::kMillisecond)->UseRealTime();
#ifdef LOOM_HAVE_XTENSOR
BENCHMARK(outer_add_xtensor)->Name("outer_add/xtensor")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif
#ifdef LOOM_HAVE_EIGEN
BENCHMARK(outer_add_eigen)->Name("outer_add/eigen")->Unit(benchmark::kMillisecond)->UseRealTime();
#endif

BENCHMARK_MAIN();
