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
// softmax. The running sums (rows, dot_sum) say `#pragma omp simd
// reduction(+ : s)`, which lets the compiler add in SIMD lanes as loom,
// NumPy and Eigen do: without it a float sum is one chain of dependent adds,
// four cycles each, and the hand loop measures that latency, not memory. Bytes per operation count every array read once and the result
// written once (the softmax reads x twice: its max, then the rest). Times
// are the benchmark thread's CPU time. Before timing, each library's result
// is compared with the hand loop's (within 1e-3 of the larger of 1 and the
// expected value for the sums, which add in other orders; 1e-6 for the
// softmax); a difference stops the program. benchmarks/run.py runs this
// binary and NumPy and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xmath.hpp>
#include <xtensor/xreducer.hpp>
#endif

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t flat_size = std::ptrdiff_t{1} << 24;
constexpr std::ptrdiff_t side = 4096;

constexpr std::int64_t square_bytes = side * side * sizeof(float);
constexpr std::int64_t row_sums_bytes = square_bytes + side * sizeof(float);
constexpr std::int64_t dot_sum_bytes = 2 * flat_size * sizeof(float);
constexpr std::int64_t softmax_bytes = 3 * square_bytes;

// The input values every library copies: uniform in [-1, 1), fixed seed, 24 random bits each.
struct input_values {
    std::vector<float> a = uniform_floats(flat_size, 1), b = uniform_floats(flat_size, 2),
                       square = uniform_floats(side * side, 3);

    static const input_values& get() {
        static const input_values values;
        return values;
    }
};

constexpr double sum_tolerance = 1e-3, softmax_tolerance = 1e-6;

// Checks the result `operation` gives (a span of it) against the hand loop's, then times it.
template <class F>
void run(benchmark::State& state, std::span<const float> expected, double tolerance, std::int64_t bytes,
         std::int64_t items, F&& operation) {
    check_then_time(state, expected, tolerance, operation);
    count_bytes(state, bytes, items);
}

// ---------------------------------------------------------------- hand loops

void hand_row_sums(const float* x, float* z) {
    for (std::ptrdiff_t i = 0; i < side; ++i) {
        float s = 0;
#pragma omp simd reduction(+ : s)
        for (std::ptrdiff_t j = 0; j < side; ++j) s += x[i * side + j];
        z[i] = s;
    }
}

void hand_column_sums(const float* x, float* z) {
    std::fill(z, z + side, 0.f);
    for (std::ptrdiff_t i = 0; i < side; ++i) {
        for (std::ptrdiff_t j = 0; j < side; ++j) z[j] += x[i * side + j];
    }
}

float hand_dot_sum(const std::vector<float>& a, const std::vector<float>& b) {
    // Pointers: through the vectors g++ 12 reloads their data on every pass and gathers.
    const float* x = a.data();
    const float* y = b.data();
    const std::size_t n = a.size();
    float s = 0;
#pragma omp simd reduction(+ : s)
    for (std::size_t i = 0; i < n; ++i) s += x[i] * y[i];
    return s;
}

void hand_softmax_rows(const float* x, float* z) {
    for (std::ptrdiff_t i = 0; i < side; ++i) {
        const float* row = x + i * side;
        float* out = z + i * side;
        float largest = row[0];
        for (std::ptrdiff_t j = 1; j < side; ++j) largest = std::max(largest, row[j]);
        float total = 0;
        for (std::ptrdiff_t j = 0; j < side; ++j) total += out[j] = std::exp(row[j] - largest);
        for (std::ptrdiff_t j = 0; j < side; ++j) out[j] /= total;
    }
}

// The hand loops' results on the input values, the reference for every library.
struct expected_values {
    std::vector<float> row_sums, column_sums, dot_sum, softmax;

    static const expected_values& get() {
        static const expected_values values;
        return values;
    }

private:
    expected_values() : row_sums(side), column_sums(side), softmax(side * side) {
        const input_values& in = input_values::get();
        hand_row_sums(in.square.data(), row_sums.data());
        hand_column_sums(in.square.data(), column_sums.data());
        dot_sum = {hand_dot_sum(in.a, in.b)};
        hand_softmax_rows(in.square.data(), softmax.data());
    }
};

std::span<const float> row_sums_expected() { return expected_values::get().row_sums; }
std::span<const float> column_sums_expected() { return expected_values::get().column_sums; }
std::span<const float> dot_sum_expected() { return expected_values::get().dot_sum; }
std::span<const float> softmax_expected() { return expected_values::get().softmax; }

void row_sums_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(side);
    run(state, row_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        hand_row_sums(x.data(), z.data());
        return elements(z);
    });
}

void column_sums_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(side);
    run(state, column_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        hand_column_sums(x.data(), z.data());
        return elements(z);
    });
}

void dot_sum_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    run(state, dot_sum_expected(), sum_tolerance, dot_sum_bytes, flat_size,
        [&] { return std::array<float, 1>{hand_dot_sum(in.a, in.b)}; });
}

void softmax_rows_hand(benchmark::State& state) {
    const std::vector<float>& x = input_values::get().square;
    std::vector<float> z(x.size());
    run(state, softmax_expected(), softmax_tolerance, softmax_bytes, side * side, [&] {
        hand_softmax_rows(x.data(), z.data());
        return elements(z);
    });
}

// ---------------------------------------------------------------- loom

void row_sums_loom(benchmark::State& state) {
    const auto x = loom_of(input_values::get().square, {side, side});
    loom::tensor<float> z({side});
    run(state, row_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        z = loom::sum(x, 1);
        return elements(z);
    });
}

void column_sums_loom(benchmark::State& state) {
    const auto x = loom_of(input_values::get().square, {side, side});
    loom::tensor<float> z({side});
    run(state, column_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        z = loom::sum(x, 0);
        return elements(z);
    });
}

void dot_sum_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_of(in.a, {flat_size}), b = loom_of(in.b, {flat_size});
    loom::tensor<float> s(loom::shape_type{});
    run(state, dot_sum_expected(), sum_tolerance, dot_sum_bytes, flat_size, [&] {
        s = loom::sum(a * b);
        return elements(s);
    });
}

void softmax_rows_loom(benchmark::State& state) {
    const auto x = loom_of(input_values::get().square, {side, side});
    loom::tensor<float> z({side, side});
    run(state, softmax_expected(), softmax_tolerance, softmax_bytes, side * side, [&] {
        z = loom::exp(x - loom::max(x, 1, true));
        z /= loom::sum(z, 1, true);
        return elements(z);
    });
}

// ---------------------------------------------------------------- xtensor

#ifdef LOOM_HAVE_XTENSOR
// xtensor's reducers are lazy by default; its immediate strategy is the fast one for whole reductions.
constexpr auto immediate = xt::evaluation_strategy::immediate;

void row_sums_xtensor(benchmark::State& state) {
    const auto x = xtensor_from<float, 2>(input_values::get().square, {side, side});
    xt::xtensor<float, 1> z({side}, 0.f);
    run(state, row_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        xt::noalias(z) = xt::sum(x, {1}, immediate);
        return elements(z);
    });
}

void column_sums_xtensor(benchmark::State& state) {
    const auto x = xtensor_from<float, 2>(input_values::get().square, {side, side});
    xt::xtensor<float, 1> z({side}, 0.f);
    run(state, column_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        xt::noalias(z) = xt::sum(x, {0}, immediate);
        return elements(z);
    });
}

void dot_sum_xtensor(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = xtensor_from<float, 1>(in.a, {flat_size}), b = xtensor_from<float, 1>(in.b, {flat_size});
    run(state, dot_sum_expected(), sum_tolerance, dot_sum_bytes, flat_size,
        [&] { return std::array<float, 1>{xt::sum(a * b, immediate)()}; });
}

void softmax_rows_xtensor(benchmark::State& state) {
    const auto x = xtensor_from<float, 2>(input_values::get().square, {side, side});
    xt::xtensor<float, 2> z({side, side}, 0.f);
    run(state, softmax_expected(), softmax_tolerance, softmax_bytes, side * side, [&] {
        xt::noalias(z) = xt::exp(x - xt::amax(x, {1}, xt::keep_dims | immediate));
        z /= xt::sum(z, {1}, xt::keep_dims | immediate);
        return elements(z);
    });
}
#endif

// ---------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
void row_sums_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_from<float, 2>(input_values::get().square, {side, side});
    eigen_tensor_of_rank<float, 1> z(side);
    run(state, row_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        z = x.sum(std::array<Eigen::Index, 1>{1});
        return elements(z);
    });
}

void column_sums_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_from<float, 2>(input_values::get().square, {side, side});
    eigen_tensor_of_rank<float, 1> z(side);
    run(state, column_sums_expected(), sum_tolerance, row_sums_bytes, side * side, [&] {
        z = x.sum(std::array<Eigen::Index, 1>{0});
        return elements(z);
    });
}

void dot_sum_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_tensor_from<float, 1>(in.a, {flat_size}), b = eigen_tensor_from<float, 1>(in.b, {flat_size});
    eigen_tensor_of_rank<float, 0> s;
    run(state, dot_sum_expected(), sum_tolerance, dot_sum_bytes, flat_size, [&] {
        s = (a * b).sum();
        return elements(s);
    });
}

void softmax_rows_eigen(benchmark::State& state) {
    const auto x = eigen_tensor_from<float, 2>(input_values::get().square, {side, side});
    eigen_tensor_of_rank<float, 2> z(side, side);
    eigen_tensor_of_rank<float, 1> totals(side);
    const std::array<Eigen::Index, 1> rows{1};
    const std::array<Eigen::Index, 2> column{side, 1}, across{1, side};
    run(state, softmax_expected(), softmax_tolerance, softmax_bytes, side * side, [&] {
        z = (x - x.maximum(rows).reshape(column).broadcast(across)).exp();
        // The sums first: Eigen's tensors do not guard against aliasing, and z / z.sum(...) would read
        // rows of z already divided.
        totals = z.sum(rows);
        z = z / totals.reshape(column).broadcast(across);
        return elements(z);
    });
}
#endif

#ifdef LOOM_HAVE_TORCH
// libtorch: the sums into an existing result with sum_out, the dot sum as NumPy's np.sum(a * b).
void torch_sums(benchmark::State& state, std::span<const float> expected, std::int64_t axis) {
    const at::Tensor x = torch_from(input_values::get().square, {side, side});
    at::Tensor z = at::empty({side}, at::kFloat);
    run(state, expected, sum_tolerance, row_sums_bytes, side * side, [&] {
        at::sum_out(z, x, {axis});
        return torch_result<float>{z};
    });
}

void row_sums_torch(benchmark::State& state) { torch_sums(state, row_sums_expected(), 1); }
void column_sums_torch(benchmark::State& state) { torch_sums(state, column_sums_expected(), 0); }

void dot_sum_torch(benchmark::State& state) {
    const input_values& in = input_values::get();
    const at::Tensor a = torch_from(in.a, {flat_size}), b = torch_from(in.b, {flat_size});
    run(state, dot_sum_expected(), sum_tolerance, dot_sum_bytes, flat_size,
        [&] { return torch_result<float>{at::sum(a * b)}; });
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
#ifdef LOOM_HAVE_TORCH
        {"row_sums/libtorch", row_sums_torch},
#endif
        {"column_sums/hand", column_sums_hand},
        {"column_sums/loom", column_sums_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"column_sums/xtensor", column_sums_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"column_sums/eigen", column_sums_eigen},
#endif
#ifdef LOOM_HAVE_TORCH
        {"column_sums/libtorch", column_sums_torch},
#endif
        {"dot_sum/hand", dot_sum_hand},
        {"dot_sum/loom", dot_sum_loom},
#ifdef LOOM_HAVE_XTENSOR
        {"dot_sum/xtensor", dot_sum_xtensor},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"dot_sum/eigen", dot_sum_eigen},
#endif
#ifdef LOOM_HAVE_TORCH
        {"dot_sum/libtorch", dot_sum_torch},
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
    for (const auto& [name, function] : benchmarks) add_named(name, function);
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
