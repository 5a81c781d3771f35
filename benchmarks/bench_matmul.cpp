// Matrix products: loom's matmul and its own kernel (linalg::gemm,
// linalg/gemm.hpp) beside OpenBLAS (the reference, on one thread), Eigen's
// product, libtorch's (where installed) and a plain hand loop, on the same
// input values.
//
//   matmul_<type>/<library>            C = A·B, 1024 × 1024 × 1024, row-major
//   matmul_<type>_<m>x<k>x<n>/<library> C = A·B for A m × k and B k × n: 64³, 256³, and the
//                                      tall, skinny 8192 × 64 · 64 × 64
//   matmul_batched/<library>           (1, 1, 256, 256) @ (8, 4, 256, 256) float32: one A for 32
//                                      products, broadcast by loom and NumPy, a loop of 32 calls for the others
//
// <type> is float32, float64, complex64 or complex128. <library> is
// openblas, loom (matmul, which calls a BLAS where loom was configured with
// one and linalg/blas.hpp's rule picks it), loom_kernel (linalg::gemm,
// loom's own kernel whatever the configuration), eigen, and libtorch and hand
// (real types only). The program's context names OpenBLAS's kernels (`openblas_core`:
// openblas_get_corename()), which OPENBLAS_CORETYPE can pin.
//
// Each benchmark reports its rate as the counter `flops` (2·m·n·k
// floating-point operations per product, 8·m·n·k for complex ones, over the
// benchmark thread's CPU time). C is allocated before timing; every library
// writes all of it. Before timing, 2000 elements of each library's result,
// chosen at random, are compared with dot products summed in double: a
// difference beyond k·eps·Σ|a||b| (twice that for complex) stops the
// program. benchmarks/run.py runs this binary and NumPy's matmul (OpenBLAS
// on one thread) and prints the ratios to OpenBLAS.

#include <benchmark/benchmark.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
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

constexpr std::ptrdiff_t side = 1024;  // m = n = k of matmul_<type>

// A product's extents: A is m × k, B k × n.
struct extents {
    std::ptrdiff_t m, k, n;
};

template <class T>
struct is_complex : std::false_type {};
template <class T>
struct is_complex<std::complex<T>> : std::true_type {};

// The real type of T's parts.
template <class T>
using part_t = typename std::conditional_t<is_complex<T>::value, T, std::complex<T>>::value_type;

// Inputs uniform in [-1, 1) (both parts of a complex), fixed seed, row-major; one set per type and extents.
template <class T>
struct input_values {
    std::vector<T> a, b;

    static const input_values& get(extents e) {
        static std::map<std::tuple<std::ptrdiff_t, std::ptrdiff_t, std::ptrdiff_t>, input_values> made;
        const auto key = std::make_tuple(e.m, e.k, e.n);
        auto found = made.find(key);
        if (found == made.end()) found = made.emplace(key, input_values(e)).first;
        return found->second;
    }

private:
    explicit input_values(extents e) : a(random(e.m * e.k, 1)), b(random(e.k * e.n, 2)) {}

    static std::vector<T> random(std::ptrdiff_t count, unsigned seed) {
        std::mt19937_64 engine(seed);
        std::uniform_real_distribution<part_t<T>> uniform(-1, 1);
        std::vector<T> values(static_cast<std::size_t>(count));
        for (T& v : values) {
            if constexpr (is_complex<T>::value) {
                const part_t<T> re = uniform(engine);
                v = T(re, uniform(engine));
            } else {
                v = uniform(engine);
            }
        }
        return values;
    }
};

template <class T>
constexpr const char* type_name() {
    if constexpr (std::is_same_v<T, float>) return "float32";
    if constexpr (std::is_same_v<T, double>) return "float64";
    if constexpr (std::is_same_v<T, std::complex<float>>) return "complex64";
    return "complex128";
}

// matmul_<type> for 1024³, matmul_<type>_<m>x<k>x<n> otherwise.
template <class T>
std::string operation_name(extents e) {
    std::string name = std::string("matmul_") + type_name<T>();
    if (e.m != side || e.k != side || e.n != side) {
        name += "_" + std::to_string(e.m) + "x" + std::to_string(e.k) + "x" + std::to_string(e.n);
    }
    return name;
}

// Stops the program unless `c` (row-major) is A·B within rounding, on a sample of its elements.
template <class T>
void check(const char* library, extents e, const std::vector<T>& c) {
    using wide = std::conditional_t<is_complex<T>::value, std::complex<double>, double>;
    const input_values<T>& in = input_values<T>::get(e);
    std::mt19937_64 engine(3);
    std::uniform_int_distribution<std::ptrdiff_t> row(0, e.m - 1), column(0, e.n - 1);
    for (int sample = 0; sample < 2000; ++sample) {
        const std::ptrdiff_t i = row(engine), j = column(engine);
        wide sum = 0.0;
        double magnitude = 0.0;
        for (std::ptrdiff_t p = 0; p < e.k; ++p) {
            const wide term = static_cast<wide>(in.a[static_cast<std::size_t>(i * e.k + p)]) *
                              static_cast<wide>(in.b[static_cast<std::size_t>(p * e.n + j)]);
            sum += term;
            magnitude += std::abs(term);
        }
        const wide got = static_cast<wide>(c[static_cast<std::size_t>(i * e.n + j)]);
        const double tolerance = (is_complex<T>::value ? 2.0 : 1.0) * static_cast<double>(e.k) *
                                 std::numeric_limits<part_t<T>>::epsilon() * magnitude;
        if (!(std::abs(got - sum) <= tolerance)) {
            std::fprintf(stderr, "%s/%s: C(%td, %td) is off by %.17g, beyond %.17g\n", operation_name<T>(e).c_str(),
                         library, i, j, std::abs(got - sum), tolerance);
            std::abort();
        }
    }
}

template <class T>
void report(benchmark::State& state, extents e) {
    // Shown by Google Benchmark as "flops=93.5G/s"; a complex multiply-add is 8 real operations.
    const double per_multiply_add = is_complex<T>::value ? 8.0 : 2.0;
    state.counters["flops"] = benchmark::Counter(per_multiply_add * static_cast<double>(e.m) * e.n * e.k,
                                                 benchmark::Counter::kIsIterationInvariantRate,
                                                 benchmark::Counter::OneK::kIs1000);
}

// ---------------------------------------------------------------- hand

// A size as a value the compiler cannot see, as the libraries get theirs: a volatile read. (Not
// benchmark::DoNotOptimize, whose "+m,r" constraint g++ 12 at -O3 mixes up between several sizes
// computed in one expression.)
std::ptrdiff_t at_run_time(std::ptrdiff_t size) {
    const volatile std::ptrdiff_t seen = size;
    return seen;
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
void matmul_hand(benchmark::State& state, extents e) {
    const input_values<T>& in = input_values<T>::get(e);
    const std::ptrdiff_t m = at_run_time(e.m), n = at_run_time(e.n), k = at_run_time(e.k);
    std::vector<T> c(static_cast<std::size_t>(m * n));
    hand_matmul(in.a.data(), in.b.data(), c.data(), m, n, k);
    check("hand", e, c);
    for (auto _ : state) {
        hand_matmul(in.a.data(), in.b.data(), c.data(), m, n, k);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
}

// --------------------------------------------------------------------- loom

template <class T>
void matmul_loom(benchmark::State& state, extents e) {
    const input_values<T>& in = input_values<T>::get(e);
    const std::ptrdiff_t m = at_run_time(e.m), n = at_run_time(e.n), k = at_run_time(e.k);
    const loom::tensor<T> a(std::span<const T>(in.a), {m, k}), b(std::span<const T>(in.b), {k, n});
    loom::tensor<T> c({m, n});
    c = loom::matmul(a, b);  // same shape: written into c's memory
    check("loom", e, std::vector<T>(c.begin(), c.end()));
    for (auto _ : state) {
        c = loom::matmul(a, b);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
}

// loom's own kernel, called directly: what matmul runs when it does not call a BLAS.
template <class T>
void matmul_loom_kernel(benchmark::State& state, extents e) {
    const input_values<T>& in = input_values<T>::get(e);
    const std::ptrdiff_t m = at_run_time(e.m), n = at_run_time(e.n), k = at_run_time(e.k);
    std::vector<T> c(static_cast<std::size_t>(m * n));
    const auto product = [&] {
        loom::linalg::gemm<T, T, T>({in.a.data(), m, k, k, 1}, {in.b.data(), k, n, n, 1}, {c.data(), m, n, n, 1});
    };
    product();
    check("loom_kernel", e, c);
    for (auto _ : state) {
        product();
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
}

// ----------------------------------------------------------------- OpenBLAS

#ifdef LOOM_HAVE_CBLAS
template <class T>
void blas_matmul(const std::vector<T>& a, const std::vector<T>& b, std::vector<T>& c, int m, int n, int k) {
    if constexpr (std::is_same_v<T, float>) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a.data(), k, b.data(), n, 0.0f,
                    c.data(), n);
    } else if constexpr (std::is_same_v<T, double>) {
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a.data(), k, b.data(), n, 0.0, c.data(),
                    n);
    } else {
        const T one(1), zero(0);
        if constexpr (std::is_same_v<T, std::complex<float>>) {
            cblas_cgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, &one, a.data(), k, b.data(), n, &zero,
                        c.data(), n);
        } else {
            cblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, &one, a.data(), k, b.data(), n, &zero,
                        c.data(), n);
        }
    }
}

template <class T>
void matmul_openblas(benchmark::State& state, extents e) {
    openblas_set_num_threads(1);
    const input_values<T>& in = input_values<T>::get(e);
    const int m = static_cast<int>(at_run_time(e.m)), n = static_cast<int>(at_run_time(e.n)),
              k = static_cast<int>(at_run_time(e.k));
    std::vector<T> c(static_cast<std::size_t>(m) * static_cast<std::size_t>(n));
    blas_matmul(in.a, in.b, c, m, n, k);
    check("openblas", e, c);
    for (auto _ : state) {
        blas_matmul(in.a, in.b, c, m, n, k);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
}
#endif

// -------------------------------------------------------------------- Eigen

#ifdef LOOM_HAVE_EIGEN
template <class T>
using eigen_matrix = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

template <class T>
void matmul_eigen(benchmark::State& state, extents e) {
    Eigen::setNbThreads(1);
    const input_values<T>& in = input_values<T>::get(e);
    const Eigen::Index m = at_run_time(e.m), n = at_run_time(e.n), k = at_run_time(e.k);
    const eigen_matrix<T> a = Eigen::Map<const eigen_matrix<T>>(in.a.data(), m, k);
    const eigen_matrix<T> b = Eigen::Map<const eigen_matrix<T>>(in.b.data(), k, n);
    eigen_matrix<T> c(m, n);
    c.noalias() = a * b;
    check("eigen", e, std::vector<T>(c.data(), c.data() + c.size()));
    for (auto _ : state) {
        c.noalias() = a * b;
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
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
void matmul_torch(benchmark::State& state, extents e) {
    const input_values<T>& in = input_values<T>::get(e);
    const std::int64_t m = at_run_time(e.m), n = at_run_time(e.n), k = at_run_time(e.k);
    const auto type = at::TensorOptions().dtype(c10::CppTypeToScalarType<T>::value);
    const at::Tensor a = at::from_blob(const_cast<T*>(in.a.data()), {m, k}, type);
    const at::Tensor b = at::from_blob(const_cast<T*>(in.b.data()), {k, n}, type);
    std::vector<T> c(static_cast<std::size_t>(m * n));
    at::Tensor out = at::from_blob(c.data(), {m, n}, type);
    at::mm_out(out, a, b);
    check("libtorch", e, c);
    for (auto _ : state) {
        at::mm_out(out, a, b);
        benchmark::DoNotOptimize(c.data());
        benchmark::ClobberMemory();
    }
    report<T>(state, e);
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
    constexpr extents all[] = {{side, side, side}, {64, 64, 64}, {256, 256, 256}, {8192, 64, 64}};
    using function = void (*)(benchmark::State&, extents);
    for (const extents e : all) {
        const std::string operation = operation_name<T>(e);
        std::vector<std::pair<const char*, function>> benchmarks = {
#ifdef LOOM_HAVE_CBLAS
            {"openblas", matmul_openblas<T>},
#endif
            {"loom", matmul_loom<T>},
            {"loom_kernel", matmul_loom_kernel<T>},
#ifdef LOOM_HAVE_EIGEN
            {"eigen", matmul_eigen<T>},
#endif
        };
        if constexpr (!is_complex<T>::value) {
#ifdef LOOM_HAVE_TORCH
            benchmarks.emplace_back("libtorch", matmul_torch<T>);
#endif
            benchmarks.emplace_back("hand", matmul_hand<T>);
        }
        for (const auto& [library, run] : benchmarks) {
            benchmark::RegisterBenchmark((operation + "/" + library).c_str(), run, e)->Unit(benchmark::kMillisecond);
        }
    }
}

void register_benchmarks() {
    register_type<float>();
    register_type<double>();
    register_type<std::complex<float>>();
    register_type<std::complex<double>>();
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
    benchmark::RegisterBenchmark("matmul_batched/libtorch", matmul_batched_torch)->Unit(benchmark::kMillisecond);
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
