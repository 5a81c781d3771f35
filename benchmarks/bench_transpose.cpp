// z = a + transpose(b), float32, at (4096, 4096) and (1000, 1000), into an
// existing result (`_into`) and into a result allocated by the evaluation
// (`_alloc`): one operand is read across its rows.
//
//   transpose_add_<side>_<variant>/<library>
//
// Libraries: the plain hand loop (the reference for ratios), a hand loop over
// 64 × 64 tiles (what a careful hand-written transpose does: each tile of b
// stays in cache while it is read across), loom, xtensor, Eigen's dense
// arrays. Each result is checked against the plain hand loop's before timing.
// benchmarks/suite.py runs this program with NumPy and numexpr beside it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xmanipulation.hpp>
#endif

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t tile = 64;

// Plain loops, as anyone would write them: no __restrict, no pragmas.
void hand_transpose_add(float* z, const float* a, const float* b, std::ptrdiff_t n) {
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        for (std::ptrdiff_t j = 0; j < n; ++j) z[i * n + j] = a[i * n + j] + b[j * n + i];
    }
}

void tiled_transpose_add(float* z, const float* a, const float* b, std::ptrdiff_t n) {
    for (std::ptrdiff_t i0 = 0; i0 < n; i0 += tile) {
        for (std::ptrdiff_t j0 = 0; j0 < n; j0 += tile) {
            const std::ptrdiff_t i_end = std::min(i0 + tile, n), j_end = std::min(j0 + tile, n);
            for (std::ptrdiff_t i = i0; i < i_end; ++i) {
                for (std::ptrdiff_t j = j0; j < j_end; ++j) z[i * n + j] = a[i * n + j] + b[j * n + i];
            }
        }
    }
}

template <std::ptrdiff_t side>
struct inputs {
    std::vector<float> a = uniform_floats(side * side, 1), b = uniform_floats(side * side, 2);
    static const inputs& get() {
        static const inputs values;
        return values;
    }
};

template <std::ptrdiff_t side>
std::span<const float> expected() {
    static const aligned_buffer<float> result = [] {
        aligned_buffer<float> z(side * side);
        hand_transpose_add(z.data(), inputs<side>::get().a.data(), inputs<side>::get().b.data(), side);
        return z;
    }();
    return elements(result);
}

template <std::ptrdiff_t side>
void register_side() {
    const workload<float> work{"transpose_add_" + std::to_string(side), expected<side>, 0.0,
                               3 * side * side * std::int64_t{sizeof(float)}, side * side};
    constexpr auto in = &inputs<side>::get;

    const auto buffers = [] { return std::tuple(aligned_buffer<float>(std::span(in().a)), aligned_buffer<float>(std::span(in().b))); };
    add_hand_loop(work, side * side, buffers, [](float* z, const auto& a, const auto& b) {
        hand_transpose_add(z, a.data(), b.data(), at_run_time(side));
    });
    add_hand_loop(work, side * side, buffers, [](float* z, const auto& a, const auto& b) {
        tiled_transpose_add(z, a.data(), b.data(), at_run_time(side));
    }, "hand_tiled");

    add_expression<loom::tensor<float>>(work, "loom", [] {
        return std::tuple(loom_of(in().a, {side, side}), loom_of(in().b, {side, side}));
    }, [](const auto& a, const auto& b) { return a + loom::transpose(b); });

#ifdef LOOM_HAVE_XTENSOR
    static constexpr std::array<std::size_t, 2> shape{side, side};
    add_expression<xt::xtensor<float, 2>>(work, "xtensor", [] {
        return std::tuple(xtensor_from(in().a, shape), xtensor_from(in().b, shape));
    }, [](const auto& a, const auto& b) { return a + xt::transpose(b); });
#endif

#ifdef LOOM_HAVE_EIGEN
    add_expression<eigen_rows<float>>(work, "eigen", [] {
        return std::tuple(eigen_rows_from(in().a, side, side), eigen_rows_from(in().b, side, side));
    }, [](const auto& a, const auto& b) { return a + b.transpose(); });
#endif
}

void register_benchmarks() {
    register_side<4096>();
    register_side<1000>();
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
