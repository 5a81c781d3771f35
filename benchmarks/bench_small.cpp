// Small arrays: the fixed cost of one evaluation, beside a hand-written loop
// (the reference) and loom's peers, on the same input values. At these sizes
// the arithmetic takes a few nanoseconds; what is measured is everything
// around it: building the expression, checking shapes, planning the loop and,
// where the result is allocated, the allocation.
//
//   small_add_alloc/<library>   z = a + b           (3, 4) + (4,) float32, z allocated each time
//   small_add_into/<library>    z = a + b           the same into a z allocated before timing
//   small_expr_alloc/<library>  z = a * b + c - d   (8, 8) float32, z allocated each time
//   small_expr_into/<library>   z = a * b + c - d   the same into a z allocated before timing
//
// loom runs with its three kinds of tensor: tensor<float> (loom), whose
// shape is known at run time only, tensor<float, rank<2>> (loom_rank), whose
// rank is part of its type, and tensor<float, fixed<3, 4>> (loom_fixed),
// whose shape is, its elements inline; Eigen with its dense arrays of
// run-time size (eigen) and of fixed size (eigen_fixed). A fixed-size
// result is "allocated" on the stack, as Eigen's is.
// xtensor runs with both its containers: xt::xtensor, whose rank is part of
// its type, and xt::xarray, whose rank is known at run time only, as loom's
// is. libtorch runs where installed. The hand loop gets its sizes at run time, as the libraries do. Before
// timing, every library's result is compared with the hand loop's; a
// difference stops the program. Times are the benchmark thread's CPU time
// (Google Benchmark's default), in nanoseconds per operation.
// benchmarks/run.py runs this binary and NumPy and prints the ratios.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bench_context.hpp"
#include "loom/loom.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xarray.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xtensor.hpp>
#endif

#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Core>
#endif

#ifdef LOOM_HAVE_TORCH
#include <ATen/ATen.h>
#endif

namespace {

constexpr std::ptrdiff_t add_rows = 3, add_cols = 4;  // small_add: (3, 4) + (4,)
constexpr std::ptrdiff_t add_size = add_rows * add_cols;
constexpr std::ptrdiff_t expr_side = 8;  // small_expr: (8, 8) operands
constexpr std::ptrdiff_t expr_size = expr_side * expr_side;

// The input values every library copies, fixed seed. Each is a multiple of
// 2^-11 in [-1, 1): 12 significant bits, so every product of two is exact in
// float32 and a * b + c rounds the same whether or not the compiler fuses it
// into one multiply-add. The results of all libraries can then be compared
// exactly.
struct input_values {
    std::vector<float> add_a, add_b, a, b, c, d;

    static const input_values& get() {
        static const input_values values;
        return values;
    }

private:
    input_values() : add_a(random(add_size, 1)), add_b(random(add_cols, 2)), a(random(expr_size, 3)),
                     b(random(expr_size, 4)), c(random(expr_size, 5)), d(random(expr_size, 6)) {}

    static std::vector<float> random(std::ptrdiff_t count, unsigned seed) {
        std::mt19937 engine(seed);
        std::vector<float> values(static_cast<std::size_t>(count));
        for (float& v : values) v = static_cast<float>(engine() >> 20) * 0x1p-11f - 1.f;
        return values;
    }
};

// ------------------------------------------- hand loops and the reference

// Plain loops, as anyone would write them: no __restrict, no pragmas.
void hand_add(float* z, const float* a, const float* b, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = a[i * cols + j] + b[j];
    }
}

void hand_expr(float* z, const float* a, const float* b, const float* c, const float* d, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = a[i] * b[i] + c[i] - d[i];
}

// The hand loop's results on the input values, the reference for every library.
struct expected_values {
    std::vector<float> add, expr;

    static const expected_values& get() {
        static const expected_values values;
        return values;
    }

private:
    expected_values() : add(static_cast<std::size_t>(add_size)), expr(static_cast<std::size_t>(expr_size)) {
        const input_values& in = input_values::get();
        hand_add(add.data(), in.add_a.data(), in.add_b.data(), add_rows, add_cols);
        hand_expr(expr.data(), in.a.data(), in.b.data(), in.c.data(), in.d.data(), expr_size);
    }
};

// Stops the program unless `result` (row-major) equals `expected` element for element.
void check(const char* benchmark, std::span<const float> result, const std::vector<float>& expected) {
    if (result.size() != expected.size()) {
        std::fprintf(stderr, "%s: %zu elements, the hand loop gives %zu\n", benchmark, result.size(),
                     expected.size());
        std::abort();
    }
    for (std::size_t i = 0; i < result.size(); ++i) {
        if (result[i] != expected[i]) {
            std::fprintf(stderr, "%s: element %zu is %.9g, the hand loop gives %.9g\n", benchmark, i,
                         static_cast<double>(result[i]), static_cast<double>(expected[i]));
            std::abort();
        }
    }
}

void report(benchmark::State& state, std::int64_t items) {
    state.SetItemsProcessed(state.iterations() * items);
}

// ---------------------------------------------------------------- hand

// A size as a value the compiler cannot see: the libraries take their shapes at run time, so the
// hand loop is not compiled for these particular sizes either (no full unrolling, no constant trip count).
std::ptrdiff_t at_run_time(std::ptrdiff_t size) {
    benchmark::DoNotOptimize(size);
    return size;
}

// The result of one allocating evaluation: an owned buffer, as a caller would keep it.
std::unique_ptr<float[]> hand_add_alloc(const float* a, const float* b, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    auto z = std::make_unique<float[]>(static_cast<std::size_t>(rows * cols));
    hand_add(z.get(), a, b, rows, cols);
    return z;
}

std::unique_ptr<float[]> hand_expr_alloc(const float* a, const float* b, const float* c, const float* d,
                                         std::ptrdiff_t n) {
    auto z = std::make_unique<float[]>(static_cast<std::size_t>(n));
    hand_expr(z.get(), a, b, c, d, n);
    return z;
}

void small_add_alloc_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const std::vector<float> a = in.add_a, b = in.add_b;
    const std::ptrdiff_t rows = at_run_time(add_rows), cols = at_run_time(add_cols);
    check("small_add_alloc/hand", {hand_add_alloc(a.data(), b.data(), rows, cols).get(), add_size},
          expected_values::get().add);
    for (auto _ : state) {
        auto z = hand_add_alloc(a.data(), b.data(), rows, cols);
        benchmark::DoNotOptimize(z.get());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_add_into_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const std::vector<float> a = in.add_a, b = in.add_b;
    const std::ptrdiff_t rows = at_run_time(add_rows), cols = at_run_time(add_cols);
    std::vector<float> z(add_size);
    hand_add(z.data(), a.data(), b.data(), rows, cols);
    check("small_add_into/hand", z, expected_values::get().add);
    for (auto _ : state) {
        hand_add(z.data(), a.data(), b.data(), rows, cols);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_expr_alloc_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const std::vector<float> a = in.a, b = in.b, c = in.c, d = in.d;
    const std::ptrdiff_t n = at_run_time(expr_size);
    check("small_expr_alloc/hand", {hand_expr_alloc(a.data(), b.data(), c.data(), d.data(), n).get(), expr_size},
          expected_values::get().expr);
    for (auto _ : state) {
        auto z = hand_expr_alloc(a.data(), b.data(), c.data(), d.data(), n);
        benchmark::DoNotOptimize(z.get());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

void small_expr_into_hand(benchmark::State& state) {
    const input_values& in = input_values::get();
    const std::vector<float> a = in.a, b = in.b, c = in.c, d = in.d;
    const std::ptrdiff_t n = at_run_time(expr_size);
    std::vector<float> z(expr_size);
    hand_expr(z.data(), a.data(), b.data(), c.data(), d.data(), n);
    check("small_expr_into/hand", z, expected_values::get().expr);
    for (auto _ : state) {
        hand_expr(z.data(), a.data(), b.data(), c.data(), d.data(), n);
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

// --------------------------------------------------------------------- loom

loom::tensor<float> loom_tensor(const std::vector<float>& values, loom::shape_type shape) {
    return loom::tensor<float>(std::span<const float>(values), shape);
}

std::span<const float> elements(const loom::tensor<float>& t) {
    return {t.data(), static_cast<std::size_t>(t.size())};
}

void small_add_alloc_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_tensor(in.add_a, {add_rows, add_cols}), b = loom_tensor(in.add_b, {add_cols});
    check("small_add_alloc/loom", elements(loom::tensor<float>(a + b)), expected_values::get().add);
    for (auto _ : state) {
        loom::tensor<float> z = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_add_into_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_tensor(in.add_a, {add_rows, add_cols}), b = loom_tensor(in.add_b, {add_cols});
    loom::tensor<float> z({add_rows, add_cols});
    z = a + b;  // same shape: evaluated into z's memory
    check("small_add_into/loom", elements(z), expected_values::get().add);
    for (auto _ : state) {
        z = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_expr_alloc_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const loom::shape_type shape{expr_side, expr_side};
    const auto a = loom_tensor(in.a, shape), b = loom_tensor(in.b, shape), c = loom_tensor(in.c, shape),
               d = loom_tensor(in.d, shape);
    check("small_expr_alloc/loom", elements(loom::tensor<float>(a * b + c - d)), expected_values::get().expr);
    for (auto _ : state) {
        loom::tensor<float> z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

void small_expr_into_loom(benchmark::State& state) {
    const input_values& in = input_values::get();
    const loom::shape_type shape{expr_side, expr_side};
    const auto a = loom_tensor(in.a, shape), b = loom_tensor(in.b, shape), c = loom_tensor(in.c, shape),
               d = loom_tensor(in.d, shape);
    loom::tensor<float> z(shape);
    z = a * b + c - d;
    check("small_expr_into/loom", elements(z), expected_values::get().expr);
    for (auto _ : state) {
        z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

// loom's tensors with the rank (rank<2>) or the whole shape (fixed<...>) in the type: Matrix for
// (3, 4) and (8, 8) operands, Row for the (4,) one.
template <class Matrix>
Matrix loom_static_tensor(const std::vector<float>& values, loom::shape_type shape) {
    return Matrix(loom_tensor(values, std::move(shape)));
}

template <class T>
std::span<const float> static_elements(const T& t) {
    return {t.data(), static_cast<std::size_t>(t.size())};
}

template <class Matrix, class Row>
void small_add_alloc_loom_static(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_static_tensor<Matrix>(in.add_a, {add_rows, add_cols});
    const auto b = loom_static_tensor<Row>(in.add_b, {add_cols});
    check("small_add_alloc/loom_static", static_elements(Matrix(a + b)), expected_values::get().add);
    for (auto _ : state) {
        Matrix z = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

template <class Matrix, class Row>
void small_add_into_loom_static(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = loom_static_tensor<Matrix>(in.add_a, {add_rows, add_cols});
    const auto b = loom_static_tensor<Row>(in.add_b, {add_cols});
    Matrix z = a;
    z = a + b;
    check("small_add_into/loom_static", static_elements(z), expected_values::get().add);
    for (auto _ : state) {
        z = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

template <class Matrix>
void small_expr_alloc_loom_static(benchmark::State& state) {
    const input_values& in = input_values::get();
    const loom::shape_type shape{expr_side, expr_side};
    const auto a = loom_static_tensor<Matrix>(in.a, shape), b = loom_static_tensor<Matrix>(in.b, shape),
               c = loom_static_tensor<Matrix>(in.c, shape), d = loom_static_tensor<Matrix>(in.d, shape);
    check("small_expr_alloc/loom_static", static_elements(Matrix(a * b + c - d)), expected_values::get().expr);
    for (auto _ : state) {
        Matrix z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

template <class Matrix>
void small_expr_into_loom_static(benchmark::State& state) {
    const input_values& in = input_values::get();
    const loom::shape_type shape{expr_side, expr_side};
    const auto a = loom_static_tensor<Matrix>(in.a, shape), b = loom_static_tensor<Matrix>(in.b, shape),
               c = loom_static_tensor<Matrix>(in.c, shape), d = loom_static_tensor<Matrix>(in.d, shape);
    Matrix z = a;
    z = a * b + c - d;
    check("small_expr_into/loom_static", static_elements(z), expected_values::get().expr);
    for (auto _ : state) {
        z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

using loom_rank_matrix = loom::tensor<float, loom::rank<2>>;
using loom_rank_row = loom::tensor<float, loom::rank<1>>;
using loom_fixed_add = loom::tensor<float, loom::fixed<add_rows, add_cols>>;
using loom_fixed_row = loom::tensor<float, loom::fixed<add_cols>>;
using loom_fixed_expr = loom::tensor<float, loom::fixed<expr_side, expr_side>>;

// ------------------------------------------------------------------ xtensor

#ifdef LOOM_HAVE_XTENSOR
// xtensor's two containers: xt::xtensor has its rank in its type (its
// shapes are std::arrays, its loops over dimensions unrolled), xt::xarray
// has it at run time, as loom's tensor does.
struct xtensor_fixed_rank {
    template <std::size_t Rank>
    using container = xt::xtensor<float, Rank>;
    static constexpr const char* library = "xtensor";
};
struct xtensor_any_rank {
    template <std::size_t>
    using container = xt::xarray<float>;
    static constexpr const char* library = "xarray";
};

template <class Kind, std::size_t Rank>
auto xtensor_of(const std::vector<float>& values, const std::array<std::size_t, Rank>& shape) {
    auto t = Kind::template container<Rank>::from_shape(shape);
    std::copy(values.begin(), values.end(), t.begin());
    return t;
}

template <class Container>
std::span<const float> elements(const Container& t) {
    return {t.data(), t.size()};
}

constexpr std::array<std::size_t, 2> xt_add_shape{add_rows, add_cols};
constexpr std::array<std::size_t, 1> xt_row_shape{add_cols};
constexpr std::array<std::size_t, 2> xt_expr_shape{expr_side, expr_side};

template <class Kind>
void small_add_alloc_xtensor(benchmark::State& state) {
    const std::string name = std::string("small_add_alloc/") + Kind::library;
    using result = typename Kind::template container<2>;
    const input_values& in = input_values::get();
    const auto a = xtensor_of<Kind>(in.add_a, xt_add_shape);
    const auto b = xtensor_of<Kind>(in.add_b, xt_row_shape);
    check(name.c_str(), elements(result(a + b)), expected_values::get().add);
    for (auto _ : state) {
        result z = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

template <class Kind>
void small_add_into_xtensor(benchmark::State& state) {
    const std::string name = std::string("small_add_into/") + Kind::library;
    const input_values& in = input_values::get();
    const auto a = xtensor_of<Kind>(in.add_a, xt_add_shape);
    const auto b = xtensor_of<Kind>(in.add_b, xt_row_shape);
    auto z = xtensor_of<Kind>(std::vector<float>(add_size, 0.f), xt_add_shape);
    xt::noalias(z) = a + b;
    check(name.c_str(), elements(z), expected_values::get().add);
    for (auto _ : state) {
        xt::noalias(z) = a + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

template <class Kind>
void small_expr_alloc_xtensor(benchmark::State& state) {
    const std::string name = std::string("small_expr_alloc/") + Kind::library;
    using result = typename Kind::template container<2>;
    const input_values& in = input_values::get();
    const auto a = xtensor_of<Kind>(in.a, xt_expr_shape), b = xtensor_of<Kind>(in.b, xt_expr_shape),
               c = xtensor_of<Kind>(in.c, xt_expr_shape), d = xtensor_of<Kind>(in.d, xt_expr_shape);
    check(name.c_str(), elements(result(a * b + c - d)), expected_values::get().expr);
    for (auto _ : state) {
        result z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

template <class Kind>
void small_expr_into_xtensor(benchmark::State& state) {
    const std::string name = std::string("small_expr_into/") + Kind::library;
    const input_values& in = input_values::get();
    const auto a = xtensor_of<Kind>(in.a, xt_expr_shape), b = xtensor_of<Kind>(in.b, xt_expr_shape),
               c = xtensor_of<Kind>(in.c, xt_expr_shape), d = xtensor_of<Kind>(in.d, xt_expr_shape);
    auto z = xtensor_of<Kind>(std::vector<float>(expr_size, 0.f), xt_expr_shape);
    xt::noalias(z) = a * b + c - d;
    check(name.c_str(), elements(z), expected_values::get().expr);
    for (auto _ : state) {
        xt::noalias(z) = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}
#endif

// -------------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
// Dense arrays of run-time size, row-major, so that memory order matches loom, NumPy and the hand loop.
using eigen_array = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using eigen_row = Eigen::Array<float, 1, Eigen::Dynamic>;

eigen_array eigen_array_of(const std::vector<float>& values, Eigen::Index rows, Eigen::Index cols) {
    eigen_array t(rows, cols);
    std::copy(values.begin(), values.end(), t.data());
    return t;
}

eigen_row eigen_row_of(const std::vector<float>& values) {
    eigen_row t(static_cast<Eigen::Index>(values.size()));
    std::copy(values.begin(), values.end(), t.data());
    return t;
}

std::span<const float> elements(const eigen_array& t) {
    return {t.data(), static_cast<std::size_t>(t.size())};
}

void small_add_alloc_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_array_of(in.add_a, add_rows, add_cols);
    const auto b = eigen_row_of(in.add_b);
    check("small_add_alloc/eigen", elements(eigen_array(a.rowwise() + b)), expected_values::get().add);
    for (auto _ : state) {
        eigen_array z = a.rowwise() + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_add_into_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_array_of(in.add_a, add_rows, add_cols);
    const auto b = eigen_row_of(in.add_b);
    eigen_array z = eigen_array::Zero(add_rows, add_cols);
    z = a.rowwise() + b;
    check("small_add_into/eigen", elements(z), expected_values::get().add);
    for (auto _ : state) {
        z = a.rowwise() + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_expr_alloc_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_array_of(in.a, expr_side, expr_side), b = eigen_array_of(in.b, expr_side, expr_side),
               c = eigen_array_of(in.c, expr_side, expr_side), d = eigen_array_of(in.d, expr_side, expr_side);
    check("small_expr_alloc/eigen", elements(eigen_array(a * b + c - d)), expected_values::get().expr);
    for (auto _ : state) {
        eigen_array z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

void small_expr_into_eigen(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_array_of(in.a, expr_side, expr_side), b = eigen_array_of(in.b, expr_side, expr_side),
               c = eigen_array_of(in.c, expr_side, expr_side), d = eigen_array_of(in.d, expr_side, expr_side);
    eigen_array z = eigen_array::Zero(expr_side, expr_side);
    z = a * b + c - d;
    check("small_expr_into/eigen", elements(z), expected_values::get().expr);
    for (auto _ : state) {
        z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

// Eigen's arrays of fixed size, row-major: the sizes in the type, the elements inline.
using eigen_fixed_add = Eigen::Array<float, add_rows, add_cols, Eigen::RowMajor>;
using eigen_fixed_row = Eigen::Array<float, 1, add_cols>;
using eigen_fixed_expr = Eigen::Array<float, expr_side, expr_side, Eigen::RowMajor>;

template <class Fixed>
Fixed eigen_fixed_of(const std::vector<float>& values) {
    Fixed t;
    std::copy(values.begin(), values.end(), t.data());
    return t;
}

template <class Fixed>
std::span<const float> eigen_fixed_elements(const Fixed& t) {
    return {t.data(), static_cast<std::size_t>(t.size())};
}

void small_add_alloc_eigen_fixed(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_fixed_of<eigen_fixed_add>(in.add_a);
    const auto b = eigen_fixed_of<eigen_fixed_row>(in.add_b);
    check("small_add_alloc/eigen_fixed", eigen_fixed_elements(eigen_fixed_add(a.rowwise() + b)),
          expected_values::get().add);
    for (auto _ : state) {
        eigen_fixed_add z = a.rowwise() + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_add_into_eigen_fixed(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_fixed_of<eigen_fixed_add>(in.add_a);
    const auto b = eigen_fixed_of<eigen_fixed_row>(in.add_b);
    eigen_fixed_add z = eigen_fixed_add::Zero();
    z = a.rowwise() + b;
    check("small_add_into/eigen_fixed", eigen_fixed_elements(z), expected_values::get().add);
    for (auto _ : state) {
        z = a.rowwise() + b;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, add_size);
}

void small_expr_alloc_eigen_fixed(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_fixed_of<eigen_fixed_expr>(in.a), b = eigen_fixed_of<eigen_fixed_expr>(in.b),
               c = eigen_fixed_of<eigen_fixed_expr>(in.c), d = eigen_fixed_of<eigen_fixed_expr>(in.d);
    check("small_expr_alloc/eigen_fixed", eigen_fixed_elements(eigen_fixed_expr(a * b + c - d)),
          expected_values::get().expr);
    for (auto _ : state) {
        eigen_fixed_expr z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}

void small_expr_into_eigen_fixed(benchmark::State& state) {
    const input_values& in = input_values::get();
    const auto a = eigen_fixed_of<eigen_fixed_expr>(in.a), b = eigen_fixed_of<eigen_fixed_expr>(in.b),
               c = eigen_fixed_of<eigen_fixed_expr>(in.c), d = eigen_fixed_of<eigen_fixed_expr>(in.d);
    eigen_fixed_expr z = eigen_fixed_expr::Zero();
    z = a * b + c - d;
    check("small_expr_into/eigen_fixed", eigen_fixed_elements(z), expected_values::get().expr);
    for (auto _ : state) {
        z = a * b + c - d;
        benchmark::DoNotOptimize(z.data());
        benchmark::ClobberMemory();
    }
    report(state, expr_size);
}
#endif

#ifdef LOOM_HAVE_TORCH
// libtorch (one thread; bench_context.hpp): allocated as the plain expression, into an existing z with
// its out= functions, one per operation as NumPy's spelling.
at::Tensor torch_of(const std::vector<float>& values, at::IntArrayRef shape) {
    return at::from_blob(const_cast<float*>(values.data()), shape, at::kFloat).clone();
}

std::span<const float> elements(const at::Tensor& t) {
    return {t.data_ptr<float>(), static_cast<std::size_t>(t.numel())};
}

// Checks `evaluate()`'s result against `expected`, then times it.
template <class Evaluate>
void torch_case(benchmark::State& state, const char* name, const std::vector<float>& expected, std::int64_t items,
                Evaluate evaluate) {
    check(name, elements(evaluate()), expected);
    for (auto _ : state) {
        const at::Tensor& z = evaluate();
        benchmark::DoNotOptimize(z.data_ptr<float>());
        benchmark::ClobberMemory();
    }
    report(state, items);
}

void register_torch() {
    const auto add_case = [](bool into) {
        return [into](benchmark::State& state) {
            const input_values& in = input_values::get();
            const at::Tensor a = torch_of(in.add_a, {add_rows, add_cols}), b = torch_of(in.add_b, {add_cols});
            at::Tensor z = at::empty({add_rows, add_cols}, at::kFloat), made;
            torch_case(state, into ? "small_add_into/libtorch" : "small_add_alloc/libtorch", expected_values::get().add,
                       add_size, [&]() -> const at::Tensor& { return into ? at::add_out(z, a, b) : (made = a + b); });
        };
    };
    const auto expr_case = [](bool into) {
        return [into](benchmark::State& state) {
            const input_values& in = input_values::get();
            const at::Tensor a = torch_of(in.a, {expr_side, expr_side}), b = torch_of(in.b, {expr_side, expr_side}),
                             c = torch_of(in.c, {expr_side, expr_side}), d = torch_of(in.d, {expr_side, expr_side});
            at::Tensor z = at::empty({expr_side, expr_side}, at::kFloat), made;
            torch_case(state, into ? "small_expr_into/libtorch" : "small_expr_alloc/libtorch",
                       expected_values::get().expr, expr_size, [&]() -> const at::Tensor& {
                           if (!into) return made = a * b + c - d;
                           at::mul_out(z, a, b);
                           z.add_(c);
                           return z.sub_(d);
                       });
        };
    };
    for (const bool into : {false, true}) {
        benchmark::RegisterBenchmark(into ? "small_add_into/libtorch" : "small_add_alloc/libtorch", add_case(into))
            ->Unit(benchmark::kNanosecond);
        benchmark::RegisterBenchmark(into ? "small_expr_into/libtorch" : "small_expr_alloc/libtorch", expr_case(into))
            ->Unit(benchmark::kNanosecond);
    }
}
#endif

// Each workload's benchmarks side by side, the reference first.
void register_benchmarks() {
    const std::pair<const char*, void (*)(benchmark::State&)> benchmarks[] = {
        {"small_add_alloc/hand", small_add_alloc_hand},
        {"small_add_alloc/loom", small_add_alloc_loom},
        {"small_add_alloc/loom_rank", small_add_alloc_loom_static<loom_rank_matrix, loom_rank_row>},
        {"small_add_alloc/loom_fixed", small_add_alloc_loom_static<loom_fixed_add, loom_fixed_row>},
#ifdef LOOM_HAVE_XTENSOR
        {"small_add_alloc/xtensor", small_add_alloc_xtensor<xtensor_fixed_rank>},
        {"small_add_alloc/xarray", small_add_alloc_xtensor<xtensor_any_rank>},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"small_add_alloc/eigen", small_add_alloc_eigen},
        {"small_add_alloc/eigen_fixed", small_add_alloc_eigen_fixed},
#endif
        {"small_add_into/hand", small_add_into_hand},
        {"small_add_into/loom", small_add_into_loom},
        {"small_add_into/loom_rank", small_add_into_loom_static<loom_rank_matrix, loom_rank_row>},
        {"small_add_into/loom_fixed", small_add_into_loom_static<loom_fixed_add, loom_fixed_row>},
#ifdef LOOM_HAVE_XTENSOR
        {"small_add_into/xtensor", small_add_into_xtensor<xtensor_fixed_rank>},
        {"small_add_into/xarray", small_add_into_xtensor<xtensor_any_rank>},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"small_add_into/eigen", small_add_into_eigen},
        {"small_add_into/eigen_fixed", small_add_into_eigen_fixed},
#endif
        {"small_expr_alloc/hand", small_expr_alloc_hand},
        {"small_expr_alloc/loom", small_expr_alloc_loom},
        {"small_expr_alloc/loom_rank", small_expr_alloc_loom_static<loom_rank_matrix>},
        {"small_expr_alloc/loom_fixed", small_expr_alloc_loom_static<loom_fixed_expr>},
#ifdef LOOM_HAVE_XTENSOR
        {"small_expr_alloc/xtensor", small_expr_alloc_xtensor<xtensor_fixed_rank>},
        {"small_expr_alloc/xarray", small_expr_alloc_xtensor<xtensor_any_rank>},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"small_expr_alloc/eigen", small_expr_alloc_eigen},
        {"small_expr_alloc/eigen_fixed", small_expr_alloc_eigen_fixed},
#endif
        {"small_expr_into/hand", small_expr_into_hand},
        {"small_expr_into/loom", small_expr_into_loom},
        {"small_expr_into/loom_rank", small_expr_into_loom_static<loom_rank_matrix>},
        {"small_expr_into/loom_fixed", small_expr_into_loom_static<loom_fixed_expr>},
#ifdef LOOM_HAVE_XTENSOR
        {"small_expr_into/xtensor", small_expr_into_xtensor<xtensor_fixed_rank>},
        {"small_expr_into/xarray", small_expr_into_xtensor<xtensor_any_rank>},
#endif
#ifdef LOOM_HAVE_EIGEN
        {"small_expr_into/eigen", small_expr_into_eigen},
        {"small_expr_into/eigen_fixed", small_expr_into_eigen_fixed},
#endif
    };
    for (const auto& [name, function] : benchmarks) {
        benchmark::RegisterBenchmark(name, function)->Unit(benchmark::kNanosecond);
    }
#ifdef LOOM_HAVE_TORCH
    register_torch();
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
