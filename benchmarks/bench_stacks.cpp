// Stacks of small matrices, as a NumPy programmer computes with them (float64,
// every result allocated, as NumPy's are):
//
//   stack_matmul/<library>  matmul([3, 1, 3, 3], [N, 3, 1]): N points rotated by three matrices
//   stack_det/<library>     det of [N, 3, 3]
//   stack_inv/<library>     inv of [N, 3, 3]
//   stack_solve/<library>   solve([N, 3, 3], [N, 3]): one system per matrix
//
// with N = 10^5. Libraries: the hand loop (the reference: the definition of
// each, for 3 x 3 matrices written out), loom, and Eigen's fixed-size
// matrices in a loop over the stack (Matrix3d: `*`, determinant(), inverse(),
// partialPivLu().solve()), which is what an Eigen user writes. The matrices
// are well conditioned (a random matrix plus 4 times the identity), so every
// library's result is within 1e-9 of the hand loop's, checked before timing.
// benchmarks/suite.py runs this program with NumPy beside it.

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"
#include "loom/linalg.hpp"

#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Dense>
#endif

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t stack = 100000;
constexpr std::ptrdiff_t rotations = 3;
constexpr double tolerance = 1e-9;

std::vector<double> uniform_doubles(std::ptrdiff_t count, unsigned seed) {
    const std::vector<float> values = uniform_floats(count, seed);
    return std::vector<double>(values.begin(), values.end());
}

struct inputs {
    std::vector<double> rotation = uniform_doubles(rotations * 9, 1);  // [3, 1, 3, 3]
    std::vector<double> points = uniform_doubles(stack * 3, 2);        // [N, 3, 1]
    std::vector<double> matrices = conditioned(uniform_doubles(stack * 9, 3));  // [N, 3, 3]
    std::vector<double> right = uniform_doubles(stack * 3, 4);         // [N, 3]

    static const inputs& get() {
        static const inputs values;
        return values;
    }

private:
    static std::vector<double> conditioned(std::vector<double> values) {
        for (std::size_t k = 0; k < values.size(); k += 9) {
            for (std::size_t i = 0; i < 3; ++i) values[k + 4 * i] += 4.0;
        }
        return values;
    }
};

// ------------------------------------------- hand loops: the definitions, written out

using matrix = std::array<double, 9>;  // row-major 3 x 3

matrix read(const double* m) { return {m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]}; }

double hand_det(const matrix& m) {
    return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
           m[2] * (m[3] * m[7] - m[4] * m[6]);
}

// The inverse by cofactors: adjugate / det.
void hand_inv(const matrix& m, double* out) {
    const double d = hand_det(m);
    out[0] = (m[4] * m[8] - m[5] * m[7]) / d;
    out[1] = (m[2] * m[7] - m[1] * m[8]) / d;
    out[2] = (m[1] * m[5] - m[2] * m[4]) / d;
    out[3] = (m[5] * m[6] - m[3] * m[8]) / d;
    out[4] = (m[0] * m[8] - m[2] * m[6]) / d;
    out[5] = (m[2] * m[3] - m[0] * m[5]) / d;
    out[6] = (m[3] * m[7] - m[4] * m[6]) / d;
    out[7] = (m[1] * m[6] - m[0] * m[7]) / d;
    out[8] = (m[0] * m[4] - m[1] * m[3]) / d;
}

aligned_buffer<double> hand_matmul() {
    const inputs& in = inputs::get();
    const std::ptrdiff_t n = at_run_time(stack);
    aligned_buffer<double> out(rotations * n * 3);
    for (std::ptrdiff_t r = 0; r < rotations; ++r) {
        const double* m = in.rotation.data() + r * 9;
        for (std::ptrdiff_t k = 0; k < n; ++k) {
            const double* p = in.points.data() + k * 3;
            double* o = out.data() + (r * n + k) * 3;
            for (int i = 0; i < 3; ++i) o[i] = m[i * 3] * p[0] + m[i * 3 + 1] * p[1] + m[i * 3 + 2] * p[2];
        }
    }
    return out;
}

aligned_buffer<double> hand_dets() {
    const inputs& in = inputs::get();
    const std::ptrdiff_t n = at_run_time(stack);
    aligned_buffer<double> out(n);
    for (std::ptrdiff_t k = 0; k < n; ++k) out.data()[k] = hand_det(read(in.matrices.data() + k * 9));
    return out;
}

aligned_buffer<double> hand_inverses() {
    const inputs& in = inputs::get();
    const std::ptrdiff_t n = at_run_time(stack);
    aligned_buffer<double> out(n * 9);
    for (std::ptrdiff_t k = 0; k < n; ++k) hand_inv(read(in.matrices.data() + k * 9), out.data() + k * 9);
    return out;
}

aligned_buffer<double> hand_solutions() {
    const inputs& in = inputs::get();
    const std::ptrdiff_t n = at_run_time(stack);
    aligned_buffer<double> out(n * 3);
    for (std::ptrdiff_t k = 0; k < n; ++k) {
        double inverse[9];
        hand_inv(read(in.matrices.data() + k * 9), inverse);
        const double* b = in.right.data() + k * 3;
        for (int i = 0; i < 3; ++i) {
            out.data()[k * 3 + i] = inverse[i * 3] * b[0] + inverse[i * 3 + 1] * b[1] + inverse[i * 3 + 2] * b[2];
        }
    }
    return out;
}

template <aligned_buffer<double> (*hand)()>
std::span<const double> expected() {
    static const aligned_buffer<double> result = hand();
    return {result.data(), static_cast<std::size_t>(result.size())};
}

void add_hand() {
    add("stack_matmul", "hand", [](benchmark::State& state) {
        check_then_time(state, expected<hand_matmul>(), tolerance, hand_matmul);
    });
    add("stack_det", "hand", [](benchmark::State& state) {
        check_then_time(state, expected<hand_dets>(), tolerance, hand_dets);
    });
    add("stack_inv", "hand", [](benchmark::State& state) {
        check_then_time(state, expected<hand_inverses>(), tolerance, hand_inverses);
    });
    add("stack_solve", "hand", [](benchmark::State& state) {
        check_then_time(state, expected<hand_solutions>(), tolerance, hand_solutions);
    });
}

// ------------------------------------------- loom

void add_loom() {
    add("stack_matmul", "loom", [](benchmark::State& state) {
        const inputs& in = inputs::get();
        const auto rotation = loom_of(in.rotation, {rotations, 1, 3, 3});
        const auto points = loom_of(in.points, {stack, 3, 1});
        check_then_time(state, expected<hand_matmul>(), tolerance,
                        [&] { return loom::tensor<double>(loom::matmul(rotation, points)); });
    });
    add("stack_det", "loom", [](benchmark::State& state) {
        const auto a = loom_of(inputs::get().matrices, {stack, 3, 3});
        check_then_time(state, expected<hand_dets>(), tolerance, [&] { return loom::linalg::det(a); });
    });
    add("stack_inv", "loom", [](benchmark::State& state) {
        const auto a = loom_of(inputs::get().matrices, {stack, 3, 3});
        check_then_time(state, expected<hand_inverses>(), tolerance, [&] { return loom::linalg::inv(a); });
    });
    add("stack_solve", "loom", [](benchmark::State& state) {
        const auto a = loom_of(inputs::get().matrices, {stack, 3, 3});
        const auto b = loom_of(inputs::get().right, {stack, 3});
        check_then_time(state, expected<hand_solutions>(), tolerance, [&] { return loom::linalg::solve(a, b); });
    });
}

// ------------------------------------------- Eigen: fixed-size matrices in a loop

#ifdef LOOM_HAVE_EIGEN
using eigen_matrix = Eigen::Matrix<double, 3, 3, Eigen::RowMajor>;
using eigen_vector = Eigen::Vector3d;

void add_eigen() {
    add("stack_matmul", "eigen", [](benchmark::State& state) {
        check_then_time(state, expected<hand_matmul>(), tolerance, [] {
            const inputs& in = inputs::get();
            const std::ptrdiff_t n = at_run_time(stack);
            aligned_buffer<double> out(rotations * n * 3);
            for (std::ptrdiff_t r = 0; r < rotations; ++r) {
                const Eigen::Map<const eigen_matrix> m(in.rotation.data() + r * 9);
                for (std::ptrdiff_t k = 0; k < n; ++k) {
                    Eigen::Map<eigen_vector>(out.data() + (r * n + k) * 3) =
                        m * Eigen::Map<const eigen_vector>(in.points.data() + k * 3);
                }
            }
            return out;
        });
    });
    add("stack_det", "eigen", [](benchmark::State& state) {
        check_then_time(state, expected<hand_dets>(), tolerance, [] {
            const inputs& in = inputs::get();
            const std::ptrdiff_t n = at_run_time(stack);
            aligned_buffer<double> out(n);
            for (std::ptrdiff_t k = 0; k < n; ++k) {
                out.data()[k] = Eigen::Map<const eigen_matrix>(in.matrices.data() + k * 9).determinant();
            }
            return out;
        });
    });
    add("stack_inv", "eigen", [](benchmark::State& state) {
        check_then_time(state, expected<hand_inverses>(), tolerance, [] {
            const inputs& in = inputs::get();
            const std::ptrdiff_t n = at_run_time(stack);
            aligned_buffer<double> out(n * 9);
            for (std::ptrdiff_t k = 0; k < n; ++k) {
                Eigen::Map<eigen_matrix>(out.data() + k * 9) =
                    Eigen::Map<const eigen_matrix>(in.matrices.data() + k * 9).inverse();
            }
            return out;
        });
    });
    add("stack_solve", "eigen", [](benchmark::State& state) {
        check_then_time(state, expected<hand_solutions>(), tolerance, [] {
            const inputs& in = inputs::get();
            const std::ptrdiff_t n = at_run_time(stack);
            aligned_buffer<double> out(n * 3);
            for (std::ptrdiff_t k = 0; k < n; ++k) {
                const eigen_matrix m = Eigen::Map<const eigen_matrix>(in.matrices.data() + k * 9);
                Eigen::Map<eigen_vector>(out.data() + k * 3) =
                    m.partialPivLu().solve(Eigen::Map<const eigen_vector>(in.right.data() + k * 3));
            }
            return out;
        });
    });
}
#endif

void register_benchmarks() {
    add_hand();
    add_loom();
#ifdef LOOM_HAVE_EIGEN
    add_eigen();
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
