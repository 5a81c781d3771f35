// Matrix products: loom's matmul (on its gemm kernel, linalg/gemm.hpp)
// beside OpenBLAS (the reference, on one thread), Eigen's product, libtorch's
// (where installed) and a plain hand loop, on the same input values.
//
//   matmul_float32/<library>   C = A·B, 1024 × 1024 × 1024, float32, row-major
//   matmul_float64/<library>   the same in float64
//   matmul_batched/<library>   (1, 1, 256, 256) @ (8, 4, 256, 256) float32: one A for 32
//                              products, broadcast by loom and NumPy, a loop of 32 calls for the others
//
// Each benchmark reports its rate as the counter `flops` (2·m·n·k
// floating-point operations per product, over the benchmark thread's CPU
// time). C is allocated before
// timing; every library writes all of it. Before timing, 2000 elements of
// each library's result, chosen at random, are compared with dot products
// summed in double: a difference beyond k·eps·Σ|a||b| stops the program.
// benchmarks/run.py runs this binary and NumPy's matmul (OpenBLAS on one
// thread) and prints the ratios to OpenBLAS.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "bench_context.hpp"
#include "loom/loom.hpp"

#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Core>
#endif

#ifdef LOOM_HAVE_CBLAS
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);  // OpenBLAS's, declared here in case cblas.h is another BLAS's
#endif

#ifdef LOOM_HAVE_TORCH
#include <ATen/ATen.h>
#endif

namespace {

constexpr std::ptrdiff_t side = 1024;  // m = n = k

// Inputs uniform in [-1, 1), fixed seed, row-major; one set per element type.
template <class T>
struct input_values {
    std::vector<T> a, b;

    static const input_values& get() {
        static const input_values values;
        return values;
    }

private:
    input_values() : a(random(1)), b(random(2)) {}

    static std::vector<T> random(unsigned seed) {
        std::mt19937_64 engine(seed);
        std::uniform_real_distribution<T> uniform(T(-1), T(1));
        std::vector<T> values(static_cast<std::size_t>(side * side));
        for (T& v : values) v = uniform(engine);
        return values;
    }
};

template <class T>
constexpr const char* type_name() {
    return sizeof(T) == 4 ? "float32" : "float64";
}

// Stops the program unless `c` (row-major) is A·B within rounding, on a sample of its elements.
template <class T>
void check(const char* library, const std::vector<T>& c) {
    const input_values<T>& in = input_values<T>::get();
    std::mt19937_64 engine(3);
    std::uniform_int_distribution<std::ptrdiff_t> index(0, side - 1);
    for (int sample = 0; sample < 2000; ++sample) {
        const std::ptrdiff_t i = index(engine), j = index(engine);
        double sum = 0.0, magnitude = 0.0;
        for (std::ptrdiff_t p = 0; p < side; ++p) {
            const double term = static_cast<double>(in.a[static_cast<std::size_t>(i * side + p)]) *
                                static_cast<double>(in.b[static_cast<std::size_t>(p * side + j)]);
            sum += term;
            magnitude += std::abs(term);
        }
        const double got = static_cast<double>(c[static_cast<std::size_t>(i * side + j)]);
        const double tolerance = static_cast<double>(side) * std::numeric_limits<T>::epsilon() * magnitude;
        if (!(std::abs(got - sum) <= tolerance)) {
            std::fprintf(stderr, "matmul_%s/%s: C(%td, %td) is %.17g, the dot product gives %.17g\n", type_name<T>(),
                         library, i, j, got, sum);
            std::abort();
        }
    }
}

void report(benchmark::State& state) {
    // Shown by Google Benchmark as "flops=93.5G/s".
    state.counters["flops"] = benchmark::Counter(2.0 * static_cast<double>(side) * side * side,
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::OneK::kIs1000);
}

// ---------------------------------------------------------------- hand

// A size as a value the compiler cannot see, as the libraries get theirs.
std::ptrdiff_t at_run_time(std::ptrdiff_t size) {
    benchmark::DoNotOptimize(size);
    return size;
}

// The loop anyone would write first: i-k-j, so that the inner loop runs along rows of B and C.
template <class T>
void hand_matmul(const T* a, const T* b, T* c, std::ptrdiff_t m, std::ptrdiff_t n, std::ptrdiff_t k) {
    for (std::ptrdiff_t i = 0; i < m; ++i) {
        for (std::ptrdiff_t j = 0; j < n; ++j) c[i * n + j] = T(0);
        for (std::ptrdiff_t p = 0; p < k; ++p) {
            const T a_ip = a[i * k + p];
            for (std::ptrdiff_t j = 0; j < n; ++j) c[i * n + j] += a_ip * b[p * n + j];
        }
    }
}

template <class T>
void matmul_hand(benchmark::State& state) {
    const input_values<T>& in = input_values<T>::get();
    const std::ptrdiff_t n = at_run_time(side);
    std::vector<T> c(static_cast<std::size_t>(side * side));
    hand_matmul(in.a.data(), in.b.data(), c.data(), n, n, n);
    check("hand", c);
    for (auto _ : state) {
        hand_matmul(in.a.data(), in.b.data(), c.data(), n, n, n);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report(state);
}

// --------------------------------------------------------------------- loom

template <class T>
void matmul_loom(benchmark::State& state) {
    const input_values<T>& in = input_values<T>::get();
    const std::ptrdiff_t n = at_run_time(side);
    const loom::tensor<T> a(std::span<const T>(in.a), {n, n}), b(std::span<const T>(in.b), {n, n});
    loom::tensor<T> c({n, n});
    c = loom::matmul(a, b);  // same shape: written into c's memory
    check("loom", std::vector<T>(c.begin(), c.end()));
    for (auto _ : state) {
        c = loom::matmul(a, b);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report(state);
}

// ----------------------------------------------------------------- OpenBLAS

#ifdef LOOM_HAVE_CBLAS
template <class T>
void blas_matmul(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& c, int n) {
    if constexpr (sizeof(T) == 4) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, a.data(), n, b.data(), n, 0.0f, c.data(),
                    n);
    } else {
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a.data(), n, b.data(), n, 0.0, c.data(),
                    n);
    }
}

template <class T>
void matmul_openblas(benchmark::State& state) {
    openblas_set_num_threads(1);
    const input_values<T>& in = input_values<T>::get();
    const int n = static_cast<int>(at_run_time(side));
    std::vector<T> c(static_cast<std::size_t>(side * side));
    blas_matmul(in.a, in.b, c, n);
    check("openblas", c);
    for (auto _ : state) {
        blas_matmul(in.a, in.b, c, n);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report(state);
}
#endif

// -------------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
template <class T>
using eigen_matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class T>
void matmul_eigen(benchmark::State& state) {
    Eigen::setNbThreads(1);
    const input_values<T>& in = input_values<T>::get();
    const Eigen::Index n = at_run_time(side);
    const eigen_matrix<T> a = Eigen::Map<const eigen_matrix<T>>(in.a.data(), n, n);
    const eigen_matrix<T> b = Eigen::Map<const eigen_matrix<T>>(in.b.data(), n, n);
    eigen_matrix<T> c(n, n);
    c.noalias() = a * b;
    check("eigen", std::vector<T>(c.data(), c.data() + c.size()));
    for (auto _ : state) {
        c.noalias() = a * b;
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report(state);
}
#endif

// ------------------------------------------------ batched, with broadcasting

constexpr std::ptrdiff_t batch_side = 256, batches = 32;  // (1, 1, 256, 256) @ (8, 4, 256, 256)

struct batched_values {
    std::vector<float> a, b;  // a: one matrix; b: 32, one after the other
    static const batched_values& get() {
        static const batched_values values;
        return values;
    }

private:
    batched_values() {
        std::mt19937 engine(5);
        std::uniform_real_distribution<float> uniform(-1.f, 1.f);
        a.resize(static_cast<std::size_t>(batch_side * batch_side));
        b.resize(static_cast<std::size_t>(batches * batch_side * batch_side));
        for (float& v : a) v = uniform(engine);
        for (float& v : b) v = uniform(engine);
    }
};

void report_batched(benchmark::State& state) {
    state.counters["flops"] = benchmark::Counter(2.0 * batches * batch_side * batch_side * batch_side,
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::OneK::kIs1000);
}

// Runs `product(i, c_i)` for each of the 32 products, then checks C against the hand loop's.
template <class Product>
void run_batched(benchmark::State& state, Product&& product) {
    const batched_values& in = batched_values::get();
    const std::ptrdiff_t n = batch_side, matrix = n * n;
    std::vector<float> c(static_cast<std::size_t>(batches * matrix)), expected(c.size());
    for (std::ptrdiff_t i = 0; i < batches; ++i) {
        hand_matmul(in.a.data(), in.b.data() + i * matrix, expected.data() + i * matrix, n, n, n);
    }
    product(c);
    for (std::size_t i = 0; i < c.size(); ++i) {
        if (!(std::abs(c[i] - expected[i]) <= 1e-3f)) {
            std::fprintf(stderr, "matmul_batched: element %zu is %.9g, the hand loop gives %.9g\n", i,
                         static_cast<double>(c[i]), static_cast<double>(expected[i]));
            std::abort();
        }
    }
    for (auto _ : state) {
        product(c);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report_batched(state);
}

void matmul_batched_hand(benchmark::State& state) {
    const batched_values& in = batched_values::get();
    const std::ptrdiff_t n = at_run_time(batch_side);
    run_batched(state, [&](std::vector<float>& c) {
        for (std::ptrdiff_t i = 0; i < batches; ++i) hand_matmul(in.a.data(), in.b.data() + i * n * n, c.data() + i * n * n, n, n, n);
    });
}

void matmul_batched_loom(benchmark::State& state) {
    const batched_values& in = batched_values::get();
    const std::ptrdiff_t n = at_run_time(batch_side);
    const loom::tensor<float> a(std::span<const float>(in.a), {1, 1, n, n}), b(std::span<const float>(in.b), {8, 4, n, n});
    run_batched(state, [&](std::vector<float>& c) {
        auto out = loom::adapt(c.data(), {8, 4, n, n});  // C's memory, written by the product directly
        out = loom::matmul(a, b);
    });
}

#ifdef LOOM_HAVE_CBLAS
void matmul_batched_openblas(benchmark::State& state) {
    openblas_set_num_threads(1);
    const batched_values& in = batched_values::get();
    const int n = static_cast<int>(at_run_time(batch_side));
    run_batched(state, [&](std::vector<float>& c) {
        for (std::ptrdiff_t i = 0; i < batches; ++i) {
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, in.a.data(), n,
                        in.b.data() + i * n * n, n, 0.0f, c.data() + i * n * n, n);
        }
    });
}
#endif

#ifdef LOOM_HAVE_EIGEN
void matmul_batched_eigen(benchmark::State& state) {
    Eigen::setNbThreads(1);
    const batched_values& in = batched_values::get();
    const Eigen::Index n = at_run_time(batch_side);
    using map = Eigen::Map<const eigen_matrix<float>>;
    using out_map = Eigen::Map<eigen_matrix<float>>;
    run_batched(state, [&](std::vector<float>& c) {
        for (Eigen::Index i = 0; i < batches; ++i) {
            out_map(c.data() + i * n * n, n, n).noalias() = map(in.a.data(), n, n) * map(in.b.data() + i * n * n, n, n);
        }
    });
}
#endif

// ----------------------------------------------------------------- libtorch

#ifdef LOOM_HAVE_TORCH
// libtorch's products on one thread (bench_context.hpp), written into C's memory: at::mm_out, and
// at::matmul_out broadcasting A over the batch as loom and NumPy do.
template <class T>
void matmul_torch(benchmark::State& state) {
    const input_values<T>& in = input_values<T>::get();
    const std::int64_t n = at_run_time(side);
    const auto type = at::TensorOptions().dtype(c10::CppTypeToScalarType<T>::value);
    const at::Tensor a = at::from_blob(const_cast<T*>(in.a.data()), {n, n}, type);
    const at::Tensor b = at::from_blob(const_cast<T*>(in.b.data()), {n, n}, type);
    std::vector<T> c(static_cast<std::size_t>(side * side));
    at::Tensor out = at::from_blob(c.data(), {n, n}, type);
    at::mm_out(out, a, b);
    check("libtorch", c);
    for (auto _ : state) {
        at::mm_out(out, a, b);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report(state);
}

void matmul_batched_torch(benchmark::State& state) {
    const batched_values& in = batched_values::get();
    const std::int64_t n = at_run_time(batch_side);
    const at::Tensor a = at::from_blob(const_cast<float*>(in.a.data()), {1, 1, n, n}, at::kFloat);
    const at::Tensor b = at::from_blob(const_cast<float*>(in.b.data()), {8, 4, n, n}, at::kFloat);
    run_batched(state, [&](std::vector<float>& c) {
        at::Tensor out = at::from_blob(c.data(), {8, 4, n, n}, at::kFloat);
        at::matmul_out(out, a, b);
    });
}
#endif

// Each workload's benchmarks side by side, the reference first. xtensor has no product of its own
// (xt::linalg::dot is xtensor-blas, which calls a BLAS): it is not compared here.
template <class T>
void register_type() {
    const std::string operation = std::string("matmul_") + type_name<T>();
    const std::pair<const char*, void (*)(benchmark::State&)> benchmarks[] = {
#ifdef LOOM_HAVE_CBLAS
        {"openblas", matmul_openblas<T>},
#endif
        {"loom", matmul_loom<T>},
#ifdef LOOM_HAVE_EIGEN
        {"eigen", matmul_eigen<T>},
#endif
        {"hand", matmul_hand<T>},
    };
    for (const auto& [library, function] : benchmarks) {
        benchmark::RegisterBenchmark((operation + "/" + library).c_str(), function)->Unit(benchmark::kMillisecond);
    }
}

void register_benchmarks() {
    register_type<float>();
    register_type<double>();
    const std::pair<const char*, void (*)(benchmark::State&)> batched[] = {
#ifdef LOOM_HAVE_CBLAS
        {"matmul_batched/openblas", matmul_batched_openblas},
#endif
        {"matmul_batched/loom", matmul_batched_loom},
#ifdef LOOM_HAVE_EIGEN
        {"matmul_batched/eigen", matmul_batched_eigen},
#endif
        {"matmul_batched/hand", matmul_batched_hand},
    };
    for (const auto& [name, function] : batched) benchmark::RegisterBenchmark(name, function)->Unit(benchmark::kMillisecond);
#ifdef LOOM_HAVE_TORCH
    benchmark::RegisterBenchmark("matmul_float32/libtorch", matmul_torch<float>)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("matmul_float64/libtorch", matmul_torch<double>)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark("matmul_batched/libtorch", matmul_batched_torch)->Unit(benchmark::kMillisecond);
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
