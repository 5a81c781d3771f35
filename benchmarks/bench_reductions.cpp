// Reductions: loom beside a hand-written loop (the reference) and its peers,
// on the same input values, each evaluated into a result allocated before
// timing.
//
//   row_sums/<library>      z = sum(x, 1)        (4096, 4096) float32 -> (4096,)
//   column_sums/<library>   z = sum(x, 0)        (4096, 4096) float32 -> (4096,)
//   dot_sum/<library>       s = sum(a * b)       2^24 float32 -> a scalar
//   softmax_rows/<library>  z = exp(x - max(x, 1, keepdims)) / sum(that, 1, keepdims)   (4096, 4096) float32
//
// The hand loops are plain loops, as anyone would write them: a running sum
// per row, a row of sums updated row by row, one pass per step of the
// softmax. Bytes per operation count every array read once and the result
// written once (the softmax reads x twice: its max, then the rest). Times
// are the benchmark thread's CPU time. benchmarks/run.py runs this binary
// and NumPy and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "bench_context.hpp"
#include "loom/loom.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xreducer.hpp>
#include <xtensor/xtensor.hpp>
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

constexpr std::int64_t square_bytes = side * side * sizeof(float);
constexpr std::int64_t row_sums_bytes = square_bytes + side * sizeof(float);
constexpr std::int64_t dot_sum_bytes = 2 * flat_size * sizeof(float);
constexpr std::int64_t softmax_bytes = 3 * square_bytes;

// The input values every library copies: uniform in [-1, 1), fixed seed, 24 random bits each.
struct input_values {
    std::vector<float> a, b, square;

    static const input_values& get() {
        static const input_values values;
        return values;
    }

private:
    input_values() : a(random(flat_size, 1)), b(random(flat_size, 2)), square(random(side * side, 3)) {}

    static std::vector<float> random(std::ptrdiff_t count, unsigned seed) {
        std::mt19937 engine(seed);
        std::vector<float> values(static_cast<std::size_t>(count));
        for (float& v : values) v = static_cast<float>(engine() >> 8) * 0x1p-23f - 1.f;
        return values;
    }
};

void report(benchmark::State& state, std::int64_t bytes, std::int64_t items) {
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * items);
}

template <class F>
void run(benchmark::State& state, std::int64_t bytes, std::int64_t items, F&& operation) {
    for (auto _ : state) {
        operation();
        benchmark::ClobberMemory();
    }
    report(state, bytes, items);
}

// ---------------------------------------------------------------- hand loops

void row_sums_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(side);
    run(state, row_sums_bytes, side * side, [&] {
        for (std::ptrdiff_t i = 0; i < side; ++i) {
            float s = 0;
            for (std::ptrdiff_t j = 0; j < side; ++j) s += x[static_cast<std::size_t>(i * side + j)];
            z[static_cast<std::size_t>(i)] = s;
        }
        benchmark::DoNotOptimize(z.data());
    });
}

void column_sums_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(side);
    run(state, row_sums_bytes, side * side, [&] {
        std::fill(z.begin(), z.end(), 0.f);
        for (std::ptrdiff_t i = 0; i < side; ++i) {
            for (std::ptrdiff_t j = 0; j < side; ++j) z[static_cast<std::size_t>(j)] += x[static_cast<std::size_t>(i * side + j)];
        }
        benchmark::DoNotOptimize(z.data());
    });
}

void dot_sum_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    run(state, dot_sum_bytes, flat_size, [&] {
        float s = 0;
        for (std::size_t i = 0; i < in.a.size(); ++i) s += in.a[i] * in.b[i];
        benchmark::DoNotOptimize(s);
    });
}

void softmax_rows_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(x.size());
    run(state, softmax_bytes, side * side, [&] {
        for (std::ptrdiff_t i = 0; i < side; ++i) {
            const float* row = x.data() + i * side;
            float* out = z.data() + i * side;
            float largest = row[0];
            for (std::ptrdiff_t j = 1; j < side; ++j) largest = std::max(largest, row[j]);
            float total = 0;
            for (std::ptrdiff_t j = 0; j < side; ++j) total += out[j] = std::exp(row[j] - largest);
            for (std::ptrdiff_t j = 0; j < side; ++j) out[j] /= total;
        }
        benchmark::DoNotOptimize(z.data());
    });
}

// ---------------------------------------------------------------- loom

loom::tensor<float> loom_tensor(const std::vector<float>& values, loom::shape_type shape) {
    return loom::tensor<float>(std::span<const float>(values), shape);
}

void row_sums_loom(benchmark::State& state) {
    const auto x = loom_tensor(input_values::get().square, {side, side});
    loom::tensor<float> z({side});
    run(state, row_sums_bytes, side * side, [&] {
        z = loom::sum(x, 1);
        benchmark::DoNotOptimize(z.data());
    });
}

void column_sums_loom(benchmark::State& state) {
    const auto x = loom_tensor(input_values::get().square, {side, side});
    loom::tensor<float> z({side});
    run(state, row_sums_bytes, side * side, [&] {
        z = loom::sum(x, 0);
        benchmark::DoNotOptimize(z.data());
    });
}

void dot_sum_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_tensor(in.a, {flat_size}), b = loom_tensor(in.b, {flat_size});
    loom::tensor<float> s(loom::shape_type{});
    run(state, dot_sum_bytes, flat_size, [&] {
        s = loom::sum(a * b);
        benchmark::DoNotOptimize(s.data());
    });
}

void softmax_rows_loom(benchmark::State& state) {
    const auto x = loom_tensor(input_values::get().square, {side, side});
    loom::tensor<float> z({side, side});
    run(state, softmax_bytes, side * side, [&] {
        z = loom::exp(x - loom::max(x, 1, true));
        z /= loom::sum(z, 1, true);
        benchmark::DoNotOptimize(z.data());
    });
}

// ---------------------------------------------------------------- xtensor

#ifdef LOOM_HAVE_XTENSOR
template <std::size_t Rank>
xt::xtensor<float, Rank> xtensor_of(const std::vector<float>& values, const std::array<std::size_t, Rank>& shape) {
    xt::xtensor<float, Rank> t(shape);
    std::copy(values.begin(), values.end(), t.begin());
    return t;
}

// xtensor's reducers are lazy by default; its immediate strategy is the fast one for whole reductions.
constexpr auto immediate = xt::evaluation_strategy::immediate;

void row_sums_xtensor(benchmark::State& state) {
    const auto x = xtensor_of<2>(input_values::get().square, {side, side});
    xt::xtensor<float, 1> z({side}, 0.f);
    run(state, row_sums_bytes, side * side, [&] {
        xt::noalias(z) = xt::sum(x, {1}, immediate);
        benchmark::DoNotOptimize(z.data());
    });
}

void column_sums_xtensor(benchmark::State& state) {
    const auto x = xtensor_of<2>(input_values::get().square, {side, side});
    xt::xtensor<float, 1> z({side}, 0.f);
    run(state, row_sums_bytes, side * side, [&] {
        xt::noalias(z) = xt::sum(x, {0}, immediate);
        benchmark::DoNotOptimize(z.data());
    });
}

void dot_sum_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = xtensor_of<1>(in.a, {flat_size}), b = xtensor_of<1>(in.b, {flat_size});
    run(state, dot_sum_bytes, flat_size, [&] {
        const float s = xt::sum(a * b, immediate)();
        benchmark::DoNotOptimize(s);
    });
}

void softmax_rows_xtensor(benchmark::State& state) {
    const auto x = xtensor_of<2>(input_values::get().square, {side, side});
    xt::xtensor<float, 2> z({side, side}, 0.f);
    run(state, softmax_bytes, side * side, [&] {
        xt::noalias(z) = xt::exp(x - xt::amax(x, {1}, xt::keep_dims | immediate));
        z /= xt::sum(z, {1}, xt::keep_dims | immediate);
        benchmark::DoNotOptimize(z.data());
    });
}
#endif

// ---------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
template <int Rank>
using eigen_tensor = Eigen::Tensor<float, Rank, Eigen::RowMajor>;

template <int Rank>
eigen_tensor<Rank> eigen_tensor_of(const std::vector<float>& values, const std::array<Eigen::Index, Rank>& shape) {
    eigen_tensor<Rank> t(shape);
    std::copy(values.begin(), values.end(), t.data());
    return t;
}

void row_sums_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_of<2>(input_values::get().square, {side, side});
    eigen_tensor<1> z(side);
    run(state, row_sums_bytes, side * side, [&] {
        z = x.sum(std::array<Eigen::Index, 1>{1});
        benchmark::DoNotOptimize(z.data());
    });
}

void column_sums_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_of<2>(input_values::get().square, {side, side});
    eigen_tensor<1> z(side);
    run(state, row_sums_bytes, side * side, [&] {
        z = x.sum(std::array<Eigen::Index, 1>{0});
        benchmark::DoNotOptimize(z.data());
    });
}

void dot_sum_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_tensor_of<1>(in.a, {flat_size}), b = eigen_tensor_of<1>(in.b, {flat_size});
    eigen_tensor<0> s;
    run(state, dot_sum_bytes, flat_size, [&] {
        s = (a * b).sum();
        benchmark::DoNotOptimize(s.data());
    });
}

void softmax_rows_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_of<2>(input_values::get().square, {side, side});
    eigen_tensor<2> z(side, side);
    const std::array<Eigen::Index, 1> rows{1};
    const std::array<Eigen::Index, 2> column{side, 1}, across{1, side};
    run(state, softmax_bytes, side * side, [&] {
        z = (x - x.maximum(rows).reshape(column).broadcast(across)).exp();
        z = z / z.sum(rows).reshape(column).broadcast(across);
        benchmark::DoNotOptimize(z.data());
    });
}
#endif

// Each operation's benchmarks side by side, the reference first.
void register_benchmarks() {
    const std::pair<const char*, void (*)(benchmark::State&)> benchmarks[] = {
        {"row_sums/hand", row_sums_hand},
        {"row_sums/loom", row_sums_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"row_sums/xtensor", row_sums_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"row_sums/eigen", row_sums_eigen},
#endif
        {"column_sums/hand", column_sums_hand},
        {"column_sums/loom", column_sums_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"column_sums/xtensor", column_sums_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"column_sums/eigen", column_sums_eigen},
#endif
        {"dot_sum/hand", dot_sum_hand},
        {"dot_sum/loom", dot_sum_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"dot_sum/xtensor", dot_sum_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"dot_sum/eigen", dot_sum_eigen},
#endif
        {"softmax_rows/hand", softmax_rows_hand},
        {"softmax_rows/loom", softmax_rows_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"softmax_rows/xtensor", softmax_rows_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"softmax_rows/eigen", softmax_rows_eigen},
#endif
    };
    for (const auto& [name, function] : benchmarks) {
        benchmark::RegisterBenchmark(name, function)->Unit(benchmark::kMillisecond);
    }
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
