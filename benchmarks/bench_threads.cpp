// Two threads, where a library has them: z = a * b + c and
// z = exp(a) * b + tanh(c) on 2^24 float32, row sums, column sums and
// sum(a * b) as in bench_reductions, and the 1024³ float32 product.
//
//   <workload>_threads/<library>   mul_add, exp_tanh, row_sums, column_sums, dot_sum, matmul
//
// Libraries: loom on two threads (set_num_threads), the hand loop with
// OpenMP (`#pragma omp parallel for`, when CMake finds OpenMP), Eigen's
// Tensor module on a two-thread ThreadPoolDevice, Eigen's matrix product and
// OpenBLAS on two threads (xtensor is timed on one thread only, in the
// other programs). Each result is checked against the one-thread hand loop's before timing. Wall time.

#define EIGEN_USE_THREADS  // before Eigen's Tensor header: its ThreadPoolDevice

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "bench_context.hpp"
#include "bench_harness.hpp"
#include "loom/loom.hpp"

#ifdef LOOM_HAVE_CBLAS
#include <cblas.h>
extern "C" void openblas_set_num_threads(int);
#endif

namespace {

using namespace loom::bench;

constexpr int threads = 2;
constexpr std::ptrdiff_t size = std::ptrdiff_t{1} << 24, side = 4096, product_side = 1024;
constexpr std::int64_t float_bytes = sizeof(float);

struct inputs {
    std::vector<float> a = uniform_floats(size, 1), b = uniform_floats(size, 2), c = uniform_floats(size, 3);
    static const inputs& get() {
        static const inputs values;
        return values;
    }
};

// The one-thread hand loops, the reference every result is checked against. a, b and c double as the
// (4096, 4096) matrix of the reductions and the (1024, 1024) operands of the product.
struct reference {
    std::vector<float> mul_add, exp_tanh, row_sums, column_sums, dot_sum, matmul;

    static const reference& get() {
        static const reference values;
        return values;
    }

private:
    reference() : mul_add(size), exp_tanh(size), row_sums(side), column_sums(side), dot_sum(1),
                  matmul(product_side * product_side) {
        const inputs& in = inputs::get();
        for (std::ptrdiff_t i = 0; i < size; ++i) {
            const auto k = static_cast<std::size_t>(i);
            mul_add[k] = in.a[k] * in.b[k] + in.c[k];
            exp_tanh[k] = std::exp(in.a[k]) * in.b[k] + std::tanh(in.c[k]);
            row_sums[k / side] += in.a[k];
            column_sums[k % side] += in.a[k];
            dot_sum[0] += in.a[k] * in.b[k];
        }
        for (std::ptrdiff_t i = 0; i < product_side; ++i) {
            for (std::ptrdiff_t p = 0; p < product_side; ++p) {
                for (std::ptrdiff_t j = 0; j < product_side; ++j) {
                    matmul[static_cast<std::size_t>(i * product_side + j)] +=
                        in.a[static_cast<std::size_t>(i * product_side + p)] * in.b[static_cast<std::size_t>(p * product_side + j)];
                }
            }
        }
    }
};

// Sums in another order than the reference's: a relative difference of 1e-3 allows for that.
constexpr double elementwise_tolerance = 1e-5, sum_tolerance = 1e-3;

// Registers `<name>_threads/<library>`: `evaluate(z)` writes a result of `count` elements into z.
template <class Evaluate>
void add_threaded(const std::string& name, const std::string& library, const std::vector<float>& (*expected)(),
                  double tolerance, std::int64_t bytes, std::int64_t items, Evaluate evaluate) {
    add(name + "_threads", library, [=](benchmark::State& state) {
        std::vector<float> z(expected().size());
        check_then_time(state, std::span<const float>(expected()), tolerance, [&] {
            evaluate(z.data());
            return elements(z);
        });
        count_bytes(state, bytes, items);
    })->UseRealTime();
}

const std::vector<float>& mul_add() { return reference::get().mul_add; }
const std::vector<float>& exp_tanh() { return reference::get().exp_tanh; }
const std::vector<float>& row_sums() { return reference::get().row_sums; }
const std::vector<float>& column_sums() { return reference::get().column_sums; }
const std::vector<float>& dot_sum() { return reference::get().dot_sum; }
const std::vector<float>& matmul() { return reference::get().matmul; }

constexpr std::int64_t flat_bytes = 4 * size * float_bytes, sum_bytes = (size + side) * float_bytes,
                       dot_bytes = 2 * size * float_bytes;

#ifdef _OPENMP
void register_hand() {
    const inputs& in = inputs::get();
    const float *a = in.a.data(), *b = in.b.data(), *c = in.c.data();
    add_threaded("mul_add", "hand", mul_add, elementwise_tolerance, flat_bytes, size, [=](float* z) {
#pragma omp parallel for num_threads(threads)
        for (std::ptrdiff_t i = 0; i < size; ++i) z[i] = a[i] * b[i] + c[i];
    });
    add_threaded("exp_tanh", "hand", exp_tanh, elementwise_tolerance, flat_bytes, size, [=](float* z) {
#pragma omp parallel for num_threads(threads)
        for (std::ptrdiff_t i = 0; i < size; ++i) z[i] = std::exp(a[i]) * b[i] + std::tanh(c[i]);
    });
    add_threaded("row_sums", "hand", row_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
#pragma omp parallel for num_threads(threads)
        for (std::ptrdiff_t i = 0; i < side; ++i) {
            float s = 0;
            for (std::ptrdiff_t j = 0; j < side; ++j) s += a[i * side + j];
            z[i] = s;
        }
    });
    add_threaded("column_sums", "hand", column_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
        // Each thread its own half of the columns, summed row by row.
#pragma omp parallel num_threads(threads)
        {
            const std::ptrdiff_t half = side / omp_get_num_threads(), first = half * omp_get_thread_num();
            for (std::ptrdiff_t j = first; j < first + half; ++j) z[j] = 0;
            for (std::ptrdiff_t i = 0; i < side; ++i) {
                for (std::ptrdiff_t j = first; j < first + half; ++j) z[j] += a[i * side + j];
            }
        }
    });
    add_threaded("dot_sum", "hand", dot_sum, sum_tolerance, dot_bytes, size, [=](float* z) {
        float s = 0;
#pragma omp parallel for num_threads(threads) reduction(+ : s)
        for (std::ptrdiff_t i = 0; i < size; ++i) s += a[i] * b[i];
        z[0] = s;
    });
    add_threaded("matmul", "hand", matmul, sum_tolerance, 0, product_side * product_side, [=](float* z) {
        constexpr std::ptrdiff_t n = product_side;
#pragma omp parallel for num_threads(threads)
        for (std::ptrdiff_t i = 0; i < n; ++i) {
            for (std::ptrdiff_t j = 0; j < n; ++j) z[i * n + j] = 0;
            for (std::ptrdiff_t p = 0; p < n; ++p) {
                for (std::ptrdiff_t j = 0; j < n; ++j) z[i * n + j] += a[i * n + p] * b[p * n + j];
            }
        }
    });
}
#endif

// loom's element-wise evaluation, reductions and product on two threads.
void register_loom() {
    const inputs& in = inputs::get();
    const auto flat = [](const std::vector<float>& values) {
        return loom::tensor<float>(std::span<const float>(values), loom::shape_type{size});
    };
    const auto matrix = [](const std::vector<float>& values) {
        return loom::tensor<float>(std::span<const float>(values).first(product_side * product_side),
                                   loom::shape_type{product_side, product_side});
    };
    // Shared with the lambdas, which must stay copyable for Google Benchmark.
    const auto shared = [](loom::tensor<float> t) { return std::make_shared<const loom::tensor<float>>(std::move(t)); };
    const auto a = shared(flat(in.a)), b = shared(flat(in.b)), c = shared(flat(in.c));
    const auto x = shared(loom::tensor<float>(std::span<const float>(in.a), loom::shape_type{side, side}));
    const auto ma = shared(matrix(in.a)), mb = shared(matrix(in.b));
    add_threaded("mul_add", "loom", mul_add, elementwise_tolerance, flat_bytes, size, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{size});
        out = *a * *b + *c;
    });
    add_threaded("exp_tanh", "loom", exp_tanh, elementwise_tolerance, flat_bytes, size, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{size});
        out = loom::exp(*a) * *b + loom::tanh(*c);
    });
    add_threaded("row_sums", "loom", row_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{side});
        out = loom::sum(*x, 1);
    });
    add_threaded("column_sums", "loom", column_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{side});
        out = loom::sum(*x, 0);
    });
    add_threaded("dot_sum", "loom", dot_sum, sum_tolerance, dot_bytes, size, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{});
        out = loom::sum(*a * *b);
    });
    add_threaded("matmul", "loom", matmul, sum_tolerance, 0, product_side * product_side, [=](float* z) {
        loom::set_num_threads(threads);
        auto out = loom::adapt(z, loom::shape_type{product_side, product_side});
        out = loom::matmul(*ma, *mb);
    });
}

#ifdef LOOM_HAVE_EIGEN
void register_eigen() {
    using flat = Eigen::TensorMap<Eigen::Tensor<const float, 1, Eigen::RowMajor>>;
    using square = Eigen::TensorMap<Eigen::Tensor<const float, 2, Eigen::RowMajor>>;
    using out = Eigen::TensorMap<Eigen::Tensor<float, 1, Eigen::RowMajor>>;
    static Eigen::ThreadPool pool(threads);
    static Eigen::ThreadPoolDevice device(&pool, threads);
    const inputs& in = inputs::get();
    const flat a(in.a.data(), size), b(in.b.data(), size), c(in.c.data(), size);
    const square x(in.a.data(), side, side);
    add_threaded("mul_add", "eigen", mul_add, elementwise_tolerance, flat_bytes, size, [=](float* z) {
        out(z, size).device(device) = a * b + c;
    });
    add_threaded("exp_tanh", "eigen", exp_tanh, elementwise_tolerance, flat_bytes, size, [=](float* z) {
        out(z, size).device(device) = a.exp() * b + c.tanh();
    });
    add_threaded("row_sums", "eigen", row_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
        out(z, side).device(device) = x.sum(std::array<Eigen::Index, 1>{1});
    });
    add_threaded("column_sums", "eigen", column_sums, sum_tolerance, sum_bytes, size, [=](float* z) {
        out(z, side).device(device) = x.sum(std::array<Eigen::Index, 1>{0});
    });
    add_threaded("dot_sum", "eigen", dot_sum, sum_tolerance, dot_bytes, size, [=](float* z) {
        Eigen::TensorMap<Eigen::Tensor<float, 0, Eigen::RowMajor>>(z).device(device) = (a * b).sum();
    });
    // The dense product's own threads: OpenMP's, when Eigen is compiled with it.
    add_threaded("matmul", "eigen", matmul, sum_tolerance, 0, product_side * product_side, [&in](float* z) {
        Eigen::setNbThreads(threads);
        using matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
        const Eigen::Map<const matrix> a_matrix(in.a.data(), product_side, product_side),
            b_matrix(in.b.data(), product_side, product_side);
        Eigen::Map<matrix>(z, product_side, product_side).noalias() = a_matrix * b_matrix;
    });
}
#endif

#ifdef LOOM_HAVE_CBLAS
void register_openblas() {
    const inputs& in = inputs::get();
    add_threaded("matmul", "openblas", matmul, sum_tolerance, 0, product_side * product_side, [&in](float* z) {
        openblas_set_num_threads(threads);
        constexpr int n = product_side;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, in.a.data(), n, in.b.data(), n, 0.0f, z, n);
    });
}
#endif

void register_benchmarks() {
    register_loom();
#ifdef _OPENMP
    register_hand();
#endif
#ifdef LOOM_HAVE_EIGEN
    register_eigen();
#endif
#ifdef LOOM_HAVE_CBLAS
    register_openblas();
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
