// Broadcasting, into an existing result (`_into`) and into a result
// allocated by the evaluation (`_alloc`):
//
//   outer_add_<variant>/<library>      z = col + row      (4096, 1) + (1, 4096) float32
//   add_row_<variant>/<library>        z = a + row        (4096, 4096) + (4096,)
//   add_column_<variant>/<library>     z = a + col        (4096, 4096) + (4096, 1)
//   add_rank4_<variant>/<library>      z = a + b          (32, 64, 1, 128) + (64, 32, 1) -> (32, 64, 32, 128)
//   add_column_in_place/<library>      a += col           (4096, 4096) += (4096, 1)
//   sequence_mask_<variant>/<library>  mask = positions < lengths   (1, 4096) int64 < (4096, 1) int64 -> bool
//
// Libraries: the hand loop (the reference), loom, xtensor, Eigen (dense
// arrays; its Tensor module for rank 4), libtorch (where installed). Each result is checked against the
// hand loop's before timing. benchmarks/suite.py runs this program with
// NumPy and numexpr beside it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <vector>

#include "bench_context.hpp"
#include "bench_harness.hpp"

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t n = 4096;
constexpr std::ptrdiff_t square = n * n;
// add_rank4: a (32, 64, 1, 128), b (64, 32, 1), z (32, 64, 32, 128)
constexpr std::ptrdiff_t d0 = 32, d1 = 64, d2 = 32, d3 = 128;
constexpr std::ptrdiff_t rank4_a = d0 * d1 * d3, rank4_b = d1 * d2, rank4_z = d0 * d1 * d2 * d3;

struct inputs {
    std::vector<float> a = uniform_floats(square, 1), col = uniform_floats(n, 2), row = uniform_floats(n, 3);
    std::vector<float> rank4 = uniform_floats(rank4_a, 4), rank3 = uniform_floats(rank4_b, 5);
    std::vector<std::int64_t> positions, lengths;  // 0, 1, ..., n - 1; n lengths in [0, n]

    static const inputs& get() {
        static const inputs values;
        return values;
    }

private:
    inputs() : positions(static_cast<std::size_t>(n)), lengths(static_cast<std::size_t>(n)) {
        const std::vector<float> fractions = uniform_floats(n, 6);
        for (std::ptrdiff_t i = 0; i < n; ++i) {
            positions[static_cast<std::size_t>(i)] = i;
            lengths[static_cast<std::size_t>(i)] =
                static_cast<std::int64_t>((fractions[static_cast<std::size_t>(i)] + 1.f) * 0.5f * static_cast<float>(n));
        }
    }
};

// ---------------------------------------------------------------- hand loops

// Plain loops, as anyone would write them: no __restrict, no pragmas.
void hand_outer_add(float* z, const float* col, const float* row, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = col[i] + row[j];
    }
}
void hand_add_row(float* z, const float* a, const float* row, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = a[i * cols + j] + row[j];
    }
}
void hand_add_column(float* z, const float* a, const float* col, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = a[i * cols + j] + col[i];
    }
}
void hand_add_column_in_place(float* a, const float* col, std::ptrdiff_t rows, std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) a[i * cols + j] += col[i];
    }
}
// z[i, j, k, l] = a[i, j, 0, l] + b[j, k, 0]
void hand_add_rank4(float* z, const float* a, const float* b, std::ptrdiff_t n0, std::ptrdiff_t n1, std::ptrdiff_t n2,
                    std::ptrdiff_t n3) {
    for (std::ptrdiff_t i = 0; i < n0; ++i) {
        for (std::ptrdiff_t j = 0; j < n1; ++j) {
            for (std::ptrdiff_t k = 0; k < n2; ++k) {
                float* out = z + ((i * n1 + j) * n2 + k) * n3;
                const float* in = a + (i * n1 + j) * n3;
                for (std::ptrdiff_t l = 0; l < n3; ++l) out[l] = in[l] + b[j * n2 + k];
            }
        }
    }
}
void hand_sequence_mask(bool* z, const std::int64_t* positions, const std::int64_t* lengths, std::ptrdiff_t rows,
                        std::ptrdiff_t cols) {
    for (std::ptrdiff_t i = 0; i < rows; ++i) {
        for (std::ptrdiff_t j = 0; j < cols; ++j) z[i * cols + j] = positions[j] < lengths[i];
    }
}

// The hand loops' results on the inputs.
template <class T, std::ptrdiff_t size, class Compute>
std::span<const T> computed_once(Compute compute) {
    static const aligned_buffer<T> result = [&] {
        aligned_buffer<T> z(size);
        compute(z.data(), inputs::get());
        return z;
    }();
    return elements(result);
}

std::span<const float> outer_add_expected() {
    return computed_once<float, square>([](float* z, const inputs& in) { hand_outer_add(z, in.col.data(), in.row.data(), n, n); });
}
std::span<const float> add_row_expected() {
    return computed_once<float, square>([](float* z, const inputs& in) { hand_add_row(z, in.a.data(), in.row.data(), n, n); });
}
std::span<const float> add_column_expected() {
    return computed_once<float, square>([](float* z, const inputs& in) { hand_add_column(z, in.a.data(), in.col.data(), n, n); });
}
std::span<const float> add_rank4_expected() {
    return computed_once<float, rank4_z>([](float* z, const inputs& in) {
        hand_add_rank4(z, in.rank4.data(), in.rank3.data(), d0, d1, d2, d3);
    });
}
std::span<const bool> sequence_mask_expected() {
    return computed_once<bool, square>([](bool* z, const inputs& in) {
        hand_sequence_mask(z, in.positions.data(), in.lengths.data(), n, n);
    });
}

constexpr std::int64_t float_bytes = sizeof(float);
const workload<float> outer_add{"outer_add", outer_add_expected, 0.0, (square + 2 * n) * float_bytes, square};
const workload<float> add_row{"add_row", add_row_expected, 0.0, (2 * square + n) * float_bytes, square};
const workload<float> add_column{"add_column", add_column_expected, 0.0, (2 * square + n) * float_bytes, square};
const workload<float> add_rank4{"add_rank4", add_rank4_expected, 0.0,
                                (rank4_z + rank4_a + rank4_b) * float_bytes, rank4_z};
const workload<bool> sequence_mask{"sequence_mask", sequence_mask_expected, 0.0,
                                   square * std::int64_t{sizeof(bool)} + 2 * n * std::int64_t{sizeof(std::int64_t)},
                                   square};
const workload<float> add_column_in_place{"add_column_in_place", add_column_expected, 0.0,
                                          (2 * square + n) * float_bytes, square};

// `a += col` on a fresh copy of a, so that the first evaluation gives a + col; the ones timed keep adding.
template <class Make, class AddInPlace>
void add_in_place(const std::string& library, Make make_operands, AddInPlace add_in_place_to) {
    const workload<float>& work = add_column_in_place;
    add(work.name, library, [=](benchmark::State& state) {
        // Not a structured binding: clang 14 cannot capture one in a lambda.
        auto operands = make_operands();
        auto& a = std::get<0>(operands);
        const auto& col = std::get<1>(operands);
        check_then_time(state, work.expected(), work.tolerance, [&] {
            add_in_place_to(a, col);
            return elements(a);
        });
        count_bytes(state, work.bytes, work.items);
    });
}

template <class T>
auto buffer_of(const std::vector<T>& values) {
    return aligned_buffer<T>(std::span(values));
}

void register_hand() {
    constexpr auto in = &inputs::get;
    add_hand_loop(outer_add, square, [] { return std::tuple(buffer_of(in().col), buffer_of(in().row)); },
                  [](float* z, const auto& col, const auto& row) { hand_outer_add(z, col.data(), row.data(), at_run_time(n), at_run_time(n)); });
    add_hand_loop(add_row, square, [] { return std::tuple(buffer_of(in().a), buffer_of(in().row)); },
                  [](float* z, const auto& a, const auto& row) { hand_add_row(z, a.data(), row.data(), at_run_time(n), at_run_time(n)); });
    add_hand_loop(add_column, square, [] { return std::tuple(buffer_of(in().a), buffer_of(in().col)); },
                  [](float* z, const auto& a, const auto& col) { hand_add_column(z, a.data(), col.data(), at_run_time(n), at_run_time(n)); });
    add_hand_loop(add_rank4, rank4_z, [] { return std::tuple(buffer_of(in().rank4), buffer_of(in().rank3)); },
                  [](float* z, const auto& a, const auto& b) {
                      hand_add_rank4(z, a.data(), b.data(), at_run_time(d0), at_run_time(d1), at_run_time(d2), at_run_time(d3));
                  });
    add_hand_loop(sequence_mask, square, [] { return std::tuple(buffer_of(in().positions), buffer_of(in().lengths)); },
                  [](bool* z, const auto& positions, const auto& lengths) {
                      hand_sequence_mask(z, positions.data(), lengths.data(), at_run_time(n), at_run_time(n));
                  });
    add_in_place("hand", [] { return std::tuple(buffer_of(in().a), buffer_of(in().col)); },
                 [](auto& a, const auto& col) { hand_add_column_in_place(a.data(), col.data(), at_run_time(n), at_run_time(n)); });
}

void register_loom() {
    using loom::tensor;
    constexpr auto in = &inputs::get;
    const auto sum = [](const auto& x, const auto& y) { return x + y; };
    add_expression<tensor<float>>(outer_add, "loom", [] { return std::tuple(loom_of(in().col, {n, 1}), loom_of(in().row, {1, n})); }, sum);
    add_expression<tensor<float>>(add_row, "loom", [] { return std::tuple(loom_of(in().a, {n, n}), loom_of(in().row, {n})); }, sum);
    add_expression<tensor<float>>(add_column, "loom", [] { return std::tuple(loom_of(in().a, {n, n}), loom_of(in().col, {n, 1})); }, sum);
    add_expression<tensor<float>>(add_rank4, "loom", [] {
        return std::tuple(loom_of(in().rank4, {d0, d1, 1, d3}), loom_of(in().rank3, {d1, d2, 1}));
    }, sum);
    add_expression<tensor<bool>>(sequence_mask, "loom", [] {
        return std::tuple(loom_of(in().positions, {1, n}), loom_of(in().lengths, {n, 1}));
    }, [](const tensor<std::int64_t>& positions, const tensor<std::int64_t>& lengths) { return positions < lengths; });
    add_in_place("loom", [] { return std::tuple(loom_of(in().a, {n, n}), loom_of(in().col, {n, 1})); },
                 [](tensor<float>& a, const tensor<float>& col) { a += col; });
}

#ifdef LOOM_HAVE_XTENSOR
template <std::size_t Rank, class T>
xt::xtensor<T, Rank> xt_of(const std::vector<T>& values, const std::array<std::size_t, Rank>& shape) {
    return xtensor_from(values, shape);
}

void register_xtensor() {
    constexpr auto in = &inputs::get;
    const auto sum = [](const auto& x, const auto& y) { return x + y; };
    constexpr std::size_t un = n;
    using xt2 = xt::xtensor<float, 2>;
    add_expression<xt2>(outer_add, "xtensor", [] { return std::tuple(xt_of<2>(in().col, {un, 1}), xt_of<2>(in().row, {1, un})); }, sum);
    add_expression<xt2>(add_row, "xtensor", [] { return std::tuple(xt_of<2>(in().a, {un, un}), xt_of<1>(in().row, {un})); }, sum);
    add_expression<xt2>(add_column, "xtensor", [] { return std::tuple(xt_of<2>(in().a, {un, un}), xt_of<2>(in().col, {un, 1})); }, sum);
    add_expression<xt::xtensor<float, 4>>(add_rank4, "xtensor", [] {
        return std::tuple(xt_of<4>(in().rank4, {d0, d1, 1, d3}), xt_of<3>(in().rank3, {d1, d2, 1}));
    }, sum);
    add_expression<xt::xtensor<bool, 2>>(sequence_mask, "xtensor", [] {
        return std::tuple(xt_of<2>(in().positions, {1, un}), xt_of<2>(in().lengths, {un, 1}));
    }, [](const auto& positions, const auto& lengths) { return positions < lengths; });
    add_in_place("xtensor", [] { return std::tuple(xt_of<2>(in().a, {un, un}), xt_of<2>(in().col, {un, 1})); },
                 [](xt2& a, const xt2& col) { xt::noalias(a) += col; });
}
#endif

#ifdef LOOM_HAVE_EIGEN
// Eigen's broadcasting needs vectors known as such at compile time.
template <class T>
Eigen::Array<T, Eigen::Dynamic, 1> eigen_column_of(const std::vector<T>& values) {
    return Eigen::Map<const Eigen::Array<T, Eigen::Dynamic, 1>>(values.data(), static_cast<Eigen::Index>(values.size()));
}
template <class T>
Eigen::Array<T, 1, Eigen::Dynamic> eigen_row_of(const std::vector<T>& values) {
    return Eigen::Map<const Eigen::Array<T, 1, Eigen::Dynamic>>(values.data(), static_cast<Eigen::Index>(values.size()));
}

void register_eigen() {
    constexpr auto in = &inputs::get;
    using array = eigen_rows<float>;
    add_expression<array>(outer_add, "eigen", [] { return std::tuple(eigen_column_of(in().col), eigen_row_of(in().row)); },
                          [](const auto& col, const auto& row) { return col.replicate(1, n) + row.replicate(n, 1); });
    add_expression<array>(add_row, "eigen", [] { return std::tuple(eigen_rows_from(in().a, n, n), eigen_row_of(in().row)); },
                          [](const auto& a, const auto& row) { return a.rowwise() + row; });
    add_expression<array>(add_column, "eigen", [] { return std::tuple(eigen_rows_from(in().a, n, n), eigen_column_of(in().col)); },
                          [](const auto& a, const auto& col) { return a.colwise() + col; });
    add_expression<eigen_tensor_of_rank<float, 4>>(add_rank4, "eigen", [] {
        return std::tuple(eigen_tensor_from<float, 4>(in().rank4, {d0, d1, 1, d3}), eigen_tensor_from<float, 4>(in().rank3, {1, d1, d2, 1}));
    }, [](const auto& a, const auto& b) {
        return a.broadcast(std::array<Eigen::Index, 4>{1, 1, d2, 1}) + b.broadcast(std::array<Eigen::Index, 4>{d0, 1, 1, d3});
    });
    add_expression<eigen_rows<bool>>(sequence_mask, "eigen", [] {
        return std::tuple(eigen_row_of(in().positions), eigen_column_of(in().lengths));
    }, [](const auto& positions, const auto& lengths) { return positions.replicate(n, 1) < lengths.replicate(1, n); });
    add_in_place("eigen", [] { return std::tuple(eigen_rows_from(in().a, n, n), eigen_column_of(in().col)); },
                 [](array& a, const auto& col) { a.colwise() += col; });
}
#endif

#ifdef LOOM_HAVE_TORCH
// Into an existing result with libtorch's out= functions; allocated as the plain expression.
void register_torch() {
    constexpr auto in = &inputs::get;
    using at::Tensor;
    const auto into = [](Tensor& z, const Tensor& x, const Tensor& y) { at::add_out(z, x, y); };
    const auto sum = [](const Tensor& x, const Tensor& y) { return x + y; };
    add_torch(outer_add, [] { return std::tuple(torch_from(in().col, {n, 1}), torch_from(in().row, {1, n})); }, into, sum);
    add_torch(add_row, [] { return std::tuple(torch_from(in().a, {n, n}), torch_from(in().row, {n})); }, into, sum);
    add_torch(add_column, [] { return std::tuple(torch_from(in().a, {n, n}), torch_from(in().col, {n, 1})); }, into, sum);
    add_torch(add_rank4, [] {
        return std::tuple(torch_from(in().rank4, {d0, d1, 1, d3}), torch_from(in().rank3, {d1, d2, 1}));
    }, into, sum);
    add_torch(sequence_mask, [] {
        return std::tuple(torch_from(in().positions, {1, n}), torch_from(in().lengths, {n, 1}));
    }, [](Tensor& z, const Tensor& positions, const Tensor& lengths) { at::lt_out(z, positions, lengths); },
              [](const Tensor& positions, const Tensor& lengths) { return positions < lengths; });
    add_in_place("libtorch", [] { return std::tuple(torch_result<float>{torch_from(in().a, {n, n})}, torch_from(in().col, {n, 1})); },
                 [](torch_result<float>& a, const Tensor& col) { a.tensor.add_(col); });
}
#endif

void register_benchmarks() {
    register_hand();
    register_loom();
#ifdef LOOM_HAVE_XTENSOR
    register_xtensor();
#endif
#ifdef LOOM_HAVE_EIGEN
    register_eigen();
#endif
#ifdef LOOM_HAVE_TORCH
    register_torch();
#endif
}

}  // namespace

int main(int argc, char** argv) { return loom::bench::run(argc, argv, register_benchmarks); }
