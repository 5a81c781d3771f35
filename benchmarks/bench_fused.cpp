// Fused element-wise expressions on 2^24 float32, into an existing result
// (`_into`) and into a result allocated by the evaluation (`_alloc`):
//
//   mul_add_<variant>/<library>   z = a * b + c
//   hypot_<variant>/<library>     z = sqrt(a * a + b * b) * 0.5f + c
//   exp_tanh_<variant>/<library>  z = exp(a) * b + tanh(c)
//
// Libraries: the hand loop (the reference), loom, xtensor, Eigen's dense
// arrays and libtorch (where installed). Each result is checked against the hand loop's before timing.
// benchmarks/suite.py runs this program with NumPy and numexpr beside it.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xmath.hpp>
#endif

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t size = std::ptrdiff_t{1} << 24;
constexpr std::int64_t bytes = 4 * size * sizeof(float);  // a, b, c read; z written
// Relative difference allowed: a few ulps, for fused multiply-adds and vectorised exp, tanh and sqrt.
constexpr double tolerance = 1e-5;

struct inputs {
    std::vector<float> a = uniform_floats(size, 1), b = uniform_floats(size, 2), c = uniform_floats(size, 3);
    static const inputs& get() {
        static const inputs values;
        return values;
    }
};

// Plain loops, as anyone would write them: no __restrict, no pragmas.
using hand_loop = void (*)(float*, const float*, const float*, const float*, std::ptrdiff_t);

void hand_mul_add(float* z, const float* a, const float* b, const float* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = a[i] * b[i] + c[i];
}
void hand_hypot(float* z, const float* a, const float* b, const float* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = std::sqrt(a[i] * a[i] + b[i] * b[i]) * 0.5f + c[i];
}
void hand_exp_tanh(float* z, const float* a, const float* b, const float* c, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) z[i] = std::exp(a[i]) * b[i] + std::tanh(c[i]);
}

template <hand_loop loop>
std::span<const float> expected() {
    static const aligned_buffer<float> result = [] {
        const inputs& in = inputs::get();
        aligned_buffer<float> z(size);
        loop(z.data(), in.a.data(), in.b.data(), in.c.data(), size);
        return z;
    }();
    return elements(result);
}

const workload<float> mul_add{"mul_add", expected<hand_mul_add>, tolerance, bytes, size};
const workload<float> hypot{"hypot", expected<hand_hypot>, tolerance, bytes, size};
const workload<float> exp_tanh{"exp_tanh", expected<hand_exp_tanh>, tolerance, bytes, size};

// The three inputs, each made by `make(values)` in a library's type.
template <class Make>
auto operands(Make make) {
    return [make] {
        const inputs& in = inputs::get();
        return std::tuple(make(in.a), make(in.b), make(in.c));
    };
}

template <hand_loop loop>
void add_hand(const workload<float>& work) {
    const auto buffers = operands([](const std::vector<float>& values) { return aligned_buffer<float>(std::span(values)); });
    add_hand_loop(work, size, buffers, [](float* z, const auto& a, const auto& b, const auto& c) {
        loop(z, a.data(), b.data(), c.data(), at_run_time(size));
    });
}

void register_benchmarks() {
    add_hand<hand_mul_add>(mul_add);
    add_hand<hand_hypot>(hypot);
    add_hand<hand_exp_tanh>(exp_tanh);

    using loom_t = loom::tensor<float>;
    const auto loom_inputs = operands([](const std::vector<float>& values) { return loom_of(values, {size}); });
    add_expression<loom_t>(mul_add, "loom", loom_inputs, [](const loom_t& a, const loom_t& b, const loom_t& c) {
        return a * b + c;
    });
    add_expression<loom_t>(hypot, "loom", loom_inputs, [](const loom_t& a, const loom_t& b, const loom_t& c) {
        return loom::sqrt(a * a + b * b) * 0.5f + c;
    });
    add_expression<loom_t>(exp_tanh, "loom", loom_inputs, [](const loom_t& a, const loom_t& b, const loom_t& c) {
        return loom::exp(a) * b + loom::tanh(c);
    });

#ifdef LOOM_HAVE_XTENSOR
    using xt_t = xt::xtensor<float, 1>;
    const auto xt_inputs = operands([](const std::vector<float>& values) {
        return xtensor_from(values, std::array<std::size_t, 1>{size});
    });
    add_expression<xt_t>(mul_add, "xtensor", xt_inputs, [](const xt_t& a, const xt_t& b, const xt_t& c) {
        return a * b + c;
    });
    add_expression<xt_t>(hypot, "xtensor", xt_inputs, [](const xt_t& a, const xt_t& b, const xt_t& c) {
        return xt::sqrt(a * a + b * b) * 0.5f + c;
    });
    add_expression<xt_t>(exp_tanh, "xtensor", xt_inputs, [](const xt_t& a, const xt_t& b, const xt_t& c) {
        return xt::exp(a) * b + xt::tanh(c);
    });
#endif

#ifdef LOOM_HAVE_EIGEN
    using eigen_t = eigen_rows<float>;
    const auto eigen_inputs = operands([](const std::vector<float>& values) { return eigen_rows_from(values, 1, size); });
    add_expression<eigen_t>(mul_add, "eigen", eigen_inputs, [](const eigen_t& a, const eigen_t& b, const eigen_t& c) {
        return a * b + c;
    });
    add_expression<eigen_t>(hypot, "eigen", eigen_inputs, [](const eigen_t& a, const eigen_t& b, const eigen_t& c) {
        return (a * a + b * b).sqrt() * 0.5f + c;
    });
    add_expression<eigen_t>(exp_tanh, "eigen", eigen_inputs, [](const eigen_t& a, const eigen_t& b, const eigen_t& c) {
        return a.exp() * b + c.tanh();
    });
#endif

#ifdef LOOM_HAVE_TORCH
    // Into an existing result with libtorch's out= functions, one pass per function (a scratch tensor
    // for exp_tanh, as NumPy's spelling has); allocated as the plain expression.
    const auto torch_inputs = [] {
        const inputs& in = inputs::get();
        return std::tuple(torch_from(in.a, {size}), torch_from(in.b, {size}), torch_from(in.c, {size}),
                          at::empty({size}, at::kFloat));
    };
    using at::Tensor;
    add_torch(mul_add, torch_inputs,
              [](Tensor& z, const Tensor& a, const Tensor& b, const Tensor& c, const Tensor&) { at::addcmul_out(z, c, a, b); },
              [](const Tensor& a, const Tensor& b, const Tensor& c, const Tensor&) { return a * b + c; });
    add_torch(hypot, torch_inputs,
              [](Tensor& z, const Tensor& a, const Tensor& b, const Tensor& c, const Tensor&) {
                  at::mul_out(z, a, a);
                  at::addcmul_out(z, z, b, b);
                  z.sqrt_();
                  at::add_out(z, c, z, 0.5);
              },
              [](const Tensor& a, const Tensor& b, const Tensor& c, const Tensor&) { return at::sqrt(a * a + b * b) * 0.5f + c; });
    add_torch(exp_tanh, torch_inputs,
              [](Tensor& z, const Tensor& a, const Tensor& b, const Tensor& c, const Tensor& scratch) {
                  at::exp_out(z, a);
                  z.mul_(b);
                  at::tanh_out(const_cast<Tensor&>(scratch), c);
                  z.add_(scratch);
              },
              [](const Tensor& a, const Tensor& b, const Tensor& c, const Tensor&) { return at::exp(a) * b + at::tanh(c); });
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
