#pragma once
// numpy.linalg's solvers on LAPACK: solve (xgesv), inv (xgesv on the
// identity), det and slogdet (xgetrf), lstsq (xgelsd), and matrix_power
// (repeated squaring by matmul; inv for a negative power). Each takes a
// matrix or a stack of them, of any layout or a lazy expression, copies
// each matrix once into column-major memory in the type of NumPy's result
// (float32 stays float32, computed by LAPACK's s routines where NumPy 1.24
// computes in float64 and rounds; complex64 stays complex64 and complex128
// is complex128, by the c and z routines; anything else is float64), and
// returns new tensors. Matrices of at most 4 x 4 are factored by
// small_lu.hpp instead, LAPACK's algorithm unrolled (Note [small
// matrices]); the determinants and inverses of a contiguous stack of them,
// several at once across SIMD lanes (Note [small matrices across lanes] in
// small_lanes.hpp). A singular matrix is a loom::linalg_error naming its batch
// index; shapes that do not fit are std::invalid_argument.
// Needs LAPACK (Note [compiled without LAPACK] in lapack.hpp), but for
// matrix_power to a power of 0 or more.
// Cost of including: <cmath>, <limits>, <optional> and <vector> beyond loom's headers.

#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/types.hpp"
#include "loom/linalg/lapack.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/matrix_stack.hpp"
#include "loom/linalg/small_lu.hpp"
#include "loom/linalg/small_lanes.hpp"
#include "loom/manipulate/broadcast_views.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::linalg {

/// What slogdet returns: the sign of each determinant (0 for a singular
/// matrix) and the natural logarithm of its absolute value (-inf for a
/// singular matrix), each of the stack's batch shape.
template <class W>
struct slogdet_result {
    /// The signs: 1, -1, or 0; for complex matrices, det / |det|, of modulus 1 (or 0).
    tensor<W> sign;
    /// log |det|, real (float32 for complex64, float64 for complex128).
    tensor<real_part_t<W>> logabsdet;
};

/// What lstsq returns, as numpy.linalg.lstsq's four values.
template <class W>
struct lstsq_result {
    /// The least-squares solution x, of shape [N] or [N, K] as b is [M] or [M, K].
    tensor<W> solution;
    /// The squared 2-norm of each column's residual b - a x, of shape [K] ([1] for a vector b), when a has
    /// full column rank and M > N; otherwise empty (shape [0]), as NumPy's. Real for complex operands.
    tensor<real_part_t<W>> residuals;
    /// The effective rank of a.
    index_t rank = 0;
    /// The singular values of a, descending, of shape [min(M, N)]; real for complex operands.
    tensor<real_part_t<W>> singular_values;
};

namespace detail {

// The error of a LAPACK routine refusing an argument: loom passed it wrong.
[[noreturn]] inline void throw_lapack_argument(const char* name, const char* routine, int info) {
    throw std::logic_error(std::string(name) + ": LAPACK's " + routine + " refused its argument " +
                           std::to_string(-info) + "; this is a bug in loom::linalg");
}

[[noreturn]] inline void throw_singular(const char* name, const shape_type& shape, index_t k, const char* advice) {
    throw linalg_error(std::string(name) + ": " + which_matrix(shape, k) + " is singular; " + advice);
}

// Solves a x = b for each matrix of the stacks (both overwritten: b by x). A singular a is refused
// whatever b is, as NumPy documents: with no columns in b, a is factored alone, since LAPACK
// implementations differ on whether xgesv factors a when there is nothing to solve.
template <class W>
void solve_stacks(const char* name, column_major_stack<W>& a, column_major_stack<W>& b, const shape_type& a_shape,
                  const char* advice) {
    const int n = lapack_int(name, a_shape, a.rows());
    const int nrhs = lapack_int(name, a_shape, b.cols());
    if (n == 0) return;
    std::vector<int> pivots(static_cast<std::size_t>(n));
    for (index_t k = 0; k < a.count(); ++k) {
        int info = 0;
        if (nrhs == 0) {
            lapack<W>::getrf(n, n, a.matrix(k), static_cast<int>(a.ld()), pivots.data(), info);
        } else {
            lapack<W>::gesv(n, nrhs, a.matrix(k), static_cast<int>(a.ld()), pivots.data(), b.matrix(k),
                            static_cast<int>(b.ld()), info);
        }
        if (info < 0) throw_lapack_argument(name, nrhs == 0 ? "xgetrf" : "xgesv", info);
        if (info > 0) throw_singular(name, a_shape, k, advice);
    }
}

template <class W, class VA, class VB>
tensor<W> solve(const VA& a, const VB& b) {
    const char* name = "solve";
    require_square(name, a.shape());
    const shape_type& sa = a.shape();
    const index_t m = sa.back();
    // NumPy 1.24: b is a stack of vectors when it has exactly one dimension fewer than a.
    const bool vector = b.ndim() + 1 == a.ndim();
    if (!vector) require_matrices(name, b.shape(), "b");
    const auto describe = [&] { return "a has shape " + to_string(sa) + " and b has shape " + to_string(b.shape()); };
    const index_t b_rows = vector ? b.shape().back() : b.shape()[b.ndim() - 2];
    if (b_rows != m) {
        throw std::invalid_argument(std::string(name) + ": " + describe() + "; b's " +
                                    (vector ? "last size, " : "second last size, ") + std::to_string(b_rows) +
                                    ", must equal the size of a's square matrices, " + std::to_string(m));
    }
    const shape_type batch_b(b.shape().begin(), b.shape().end() - (vector ? 1 : 2));
    shape_type batch;
    try {
        batch = broadcast_shapes(batch_of(sa), batch_b);
    } catch (const broadcast_error& error) {
        throw broadcast_error(std::string(name) + ": " + describe() + "; their batch shapes " +
                              to_string(batch_of(sa)) + " and " + to_string(batch_b) +
                              " do not broadcast: " + error.what());
    }
    const index_t k = vector ? 1 : b.shape().back();
    const shape_type a_full = with_tail(batch, {m, m});
    const char* advice = "a singular system has no unique solution: lstsq gives a least-squares one";
    tensor<W> x;
    const auto a_seen = broadcast_to(a, a_full);
    const auto b_seen = vector ? broadcast_to(expand_dims(b, -1), with_tail(batch, {m, 1}))
                               : broadcast_to(b, with_tail(batch, {m, k}));
    const bool small = with_small_size(m, [&]<int N>(std::integral_constant<int, N>) {  // Note [small matrices]
        // b converted into x's memory, then solved there, matrix by matrix.
        x = tensor<W>(astype<W>(b_seen));
        matrix_walk a_walk(a_seen);
        for (index_t s = 0; s < element_count(batch); ++s) {
            W lu[N * N];
            int pivots[N];
            load_small_matrix<N>(a_walk, lu);
            if (small_lu<N>(lu, pivots) > 0) throw_singular(name, a_full, s, advice);
            if (k == 1) {
                small_lu_solve<N, 1>(lu, pivots, x.data() + s * m, 1, 1, 1);
            } else {
                small_lu_solve<N>(lu, pivots, x.data() + s * m * k, k, 1, k);
            }
        }
    });
    if (!small) {
        auto a_stack = column_major_stack<W>::copy_of(name, a_seen);
        auto b_stack = column_major_stack<W>::copy_of(name, b_seen);
        solve_stacks(name, a_stack, b_stack, a_full, advice);
        x = b_stack.to_tensor();
    }
    if (vector) return tensor<W>(squeeze(x, -1));
    return x;
}

template <class W, class V>
tensor<W> inv(const V& a) {
    const char* name = "inv";
    require_square(name, a.shape());
    const char* advice = "a singular matrix has no inverse: pinv gives the pseudo-inverse";
    tensor<W> inverse;
    const bool small = with_small_size(a.shape().back(), [&]<int N>(std::integral_constant<int, N>) {
        inverse = tensor<W>(uninitialized, a.shape());
        const auto refuse = [&](index_t k) { throw_singular(name, a.shape(), k, advice); };
        if (inverses_across_lanes<N>(a, inverse.data(), refuse)) return;  // Note [small matrices across lanes]
        // Note [small matrices]: each inverse by its closed form (Note [small inverses]) or solved
        // for the identity in the result's memory.
        matrix_walk walk(a);
        for (index_t s = 0; s < inverse.size() / (N * N); ++s) {
            W lu[N * N];
            int pivots[N];
            load_small_matrix<N>(walk, lu);
            W* const result = inverse.data() + s * N * N;
            if constexpr ((N == 2 || N == 3) && !complex_element<W>) {  // Note [small inverses]
                W closed_form[N * N];
                if (adjugate_suits<N, W>(lu, adjugate_inverse<N>(lu, closed_form))) {
                    for (int i = 0; i < N; ++i) {
                        for (int j = 0; j < N; ++j) result[i * N + j] = closed_form[i + j * N];
                    }
                    continue;
                }
            }
            if (small_lu<N>(lu, pivots) > 0) throw_singular(name, a.shape(), s, advice);
            for (int i = 0; i < N * N; ++i) result[i] = W(i % (N + 1) == 0 ? 1 : 0);
            small_lu_solve<N, N>(lu, pivots, result, N, 1, N);
        }
    });
    if (small) return inverse;
    auto a_stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = a_stack.rows();
    column_major_stack<W> identity(a_stack.batch(), m, m);
    set_identity(identity);
    solve_stacks(name, a_stack, identity, a.shape(), advice);
    return identity.to_tensor();
}

// The sign and log |det| of each matrix, from its LU factors, as NumPy's
// (det is then sign * exp(logabsdet), as NumPy computes it too).
template <class W, class V>
slogdet_result<W> slogdet(const char* name, const V& a) {
    require_square(name, a.shape());
    using R = real_part_t<W>;
    const shape_type batch = batch_of(a.shape());
    slogdet_result<W> result{tensor<W>(batch, W(1)), tensor<R>(batch, R(0))};
    const bool small = with_small_size(a.shape().back(), [&]<int N>(std::integral_constant<int, N>) {
        matrix_walk walk(a);  // Note [small matrices]
        for (index_t k = 0; k < result.sign.size(); ++k) {
            W lu[N * N];
            int pivots[N];
            load_small_matrix<N>(walk, lu);
            const int info = small_lu<N>(lu, pivots);
            std::tie(result.sign.data()[k], result.logabsdet.data()[k]) = small_slogdet<N>(lu, pivots, info);
        }
    });
    if (small) return result;
    auto stack = column_major_stack<W>::copy_of(name, a);
    const int n = lapack_int(name, a.shape(), stack.rows());
    std::vector<int> pivots(static_cast<std::size_t>(n));
    for (index_t k = 0; k < stack.count() && n > 0; ++k) {
        int info = 0;
        lapack<W>::getrf(n, n, stack.matrix(k), static_cast<int>(stack.ld()), pivots.data(), info);
        if (info < 0) throw_lapack_argument(name, "xgetrf", info);
        W sign = 1;
        R log_abs = 0;
        if (info > 0) {  // an exact zero on U's diagonal: singular
            sign = 0;
            log_abs = -std::numeric_limits<R>::infinity();
        } else {
            for (int i = 0; i < n; ++i) {
                const W u = stack.at(k, i, i);
                if (pivots[static_cast<std::size_t>(i)] != i + 1) sign = -sign;
                if constexpr (complex_element<W>) {
                    sign *= u / std::abs(u);
                } else if (u < 0) {
                    sign = -sign;
                }
                log_abs += std::log(std::abs(u));
            }
        }
        result.sign.data()[k] = sign;
        result.logabsdet.data()[k] = log_abs;
    }
    return result;
}

template <class W, class V>
tensor<W> det(const V& a) {
    const char* name = "det";
    require_square(name, a.shape());
    tensor<W> result(uninitialized, batch_of(a.shape()));
    const bool small = with_small_size(a.shape().back(), [&]<int N>(std::integral_constant<int, N>) {
        if (dets_across_lanes<N>(a, result.data())) return;  // Note [small matrices across lanes]
        matrix_walk walk(a);  // Note [small matrices]
        for (index_t k = 0; k < result.size(); ++k) {
            W lu[N * N];
            int pivots[N];
            load_small_matrix<N>(walk, lu);
            if constexpr (N <= 3 && !complex_element<W>) {
                const auto closed_form = closed_form_det<N>(lu);  // auto: of a type that depends on N, so checked for real W alone
                if (std::isnormal(closed_form)) {
                    result.data()[k] = closed_form;
                    continue;
                }
            }
            const int info = small_lu<N>(lu, pivots);
            result.data()[k] = small_det<N>(lu, pivots, info);
        }
    });
    if (small) return result;
    slogdet_result<W> parts = slogdet<W>(name, a);
    for (index_t k = 0; k < result.size(); ++k) {
        result.data()[k] = parts.sign.data()[k] * std::exp(parts.logabsdet.data()[k]);
    }
    return result;
}

template <class W, class VA, class VB>
lstsq_result<W> lstsq(const VA& a, const VB& b, std::optional<double> rcond) {
    const char* name = "lstsq";
    const auto describe = [&] {
        return "a has shape " + to_string(a.shape()) + " and b has shape " + to_string(b.shape());
    };
    if (a.ndim() != 2 || (b.ndim() != 1 && b.ndim() != 2)) {
        throw std::invalid_argument(std::string(name) + ": " + describe() +
                                    "; give a matrix a of shape [M, N] and b of shape [M] or [M, K]");
    }
    const index_t m = a.shape()[0], n = a.shape()[1];
    const bool vector = b.ndim() == 1;
    if (b.shape()[0] != m) {
        throw std::invalid_argument(std::string(name) + ": " + describe() + "; b's first size, " +
                                    std::to_string(b.shape()[0]) + ", must equal a's number of rows, " +
                                    std::to_string(m));
    }
    const index_t k = vector ? 1 : b.shape()[1];
    const index_t rows = std::max(m, n);  // b's buffer holds b, then x in its first n rows
    const index_t columns = std::max<index_t>(k, 1);  // LAPACK solves for one zero column when b has none, as NumPy
    auto a_stack = column_major_stack<W>::copy_of(name, a);
    column_major_stack<W> b_stack({}, rows, columns);
    for (index_t j = 0; j < columns; ++j) {
        for (index_t i = 0; i < rows; ++i) b_stack.at(0, i, j) = W(0);
    }
    {
        tensor<W> given = vector ? tensor<W>(astype<W>(expand_dims(b, -1))) : tensor<W>(astype<W>(b));
        for (index_t j = 0; j < k; ++j) {
            for (index_t i = 0; i < m; ++i) b_stack.at(0, i, j) = given.data()[i * k + j];
        }
    }
    using R = real_part_t<W>;
    const index_t count = std::min(m, n);
    lstsq_result<W> result;
    result.singular_values = tensor<R>(shape_type{count});
    if (count > 0) {
        if (!all_finite(a_stack.matrix(0), m * n)) {
            throw linalg_error(std::string(name) + ": the matrix a of shape " + to_string(a.shape()) +
                               " holds NaN or infinite values, for which the SVD does not converge; "
                               "replace them first (nan_to_num)");
        }
        const R cutoff = rcond ? R(*rcond) : std::numeric_limits<R>::epsilon() * R(rows);
        const int im = lapack_int(name, a.shape(), m), in = lapack_int(name, a.shape(), n),
                  ik = lapack_int(name, b.shape(), columns), ld = lapack_int(name, a.shape(), rows);
        int rank = 0, info = 0, iwork_size = 0;
        W work_size{};
        R rwork_size{};  // the real workspace of the complex routines
        lapack<W>::gelsd(im, in, ik, a_stack.matrix(0), static_cast<int>(a_stack.ld()), b_stack.matrix(0), ld,
                         result.singular_values.data(), cutoff, rank, &work_size, -1, &rwork_size, &iwork_size,
                         info);
        if (info < 0) throw_lapack_argument(name, "xgelsd", info);
        std::vector<W> work(static_cast<std::size_t>(queried_size(work_size)));
        std::vector<R> rwork(static_cast<std::size_t>(queried_size(rwork_size)));
        std::vector<int> iwork(static_cast<std::size_t>(std::max(1, iwork_size)));
        lapack<W>::gelsd(im, in, ik, a_stack.matrix(0), static_cast<int>(a_stack.ld()), b_stack.matrix(0), ld,
                         result.singular_values.data(), cutoff, rank, work.data(), static_cast<int>(work.size()),
                         rwork.data(), iwork.data(), info);
        if (info < 0) throw_lapack_argument(name, "xgelsd", info);
        if (info > 0) {
            throw linalg_error(std::string(name) + ": the SVD of the matrix of shape " + to_string(a.shape()) +
                               " did not converge; check it for NaN or infinite values");
        }
        result.rank = rank;
    }  // else no unknowns, or no equations (b's buffer is 0 below its m rows): x is 0, of rank 0
    tensor<W> x = b_stack.to_tensor(n, k);
    result.solution = vector ? tensor<W>(squeeze(x, -1)) : std::move(x);
    if (result.rank == n && m > n) {  // the rows past n hold each column's residual
        result.residuals = tensor<R>(shape_type{k});
        for (index_t j = 0; j < k; ++j) {
            R total = 0;
            for (index_t i = n; i < m; ++i) total += std::norm(b_stack.at(0, i, j));
            result.residuals.data()[j] = total;
        }
    } else {
        result.residuals = tensor<R>(shape_type{0});
    }
    return result;
}

}  // namespace detail

/// numpy.linalg.solve(a, b): x with a @ x = b, for square a of shape
/// [..., M, M] and b of shape [..., M, K], or [..., M] (a stack of vectors)
/// when b has exactly one dimension fewer than a (NumPy 1.24's rule); the
/// batch dimensions broadcast. The result is float32 when both are float32,
/// complex64 when both are complex64 or float32 and one is complex,
/// complex128 for another complex operand, float64 otherwise.
/// Throws loom::linalg_error for a singular matrix (naming its batch index),
/// std::invalid_argument for a non-square a or sizes that disagree,
/// loom::broadcast_error for batch shapes that do not broadcast.
template <expression A, expression B>
auto solve(A&& a, B&& b) {
    using W = detail::lapack_real_t<value_type_of<A>, value_type_of<B>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::solve<W>(const_view_of(std::forward<A>(a)), const_view_of(std::forward<B>(b)));
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("solve"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.inv(a): the inverse of each square matrix of a [..., M, M]
/// (a 0 x 0 matrix's is 0 x 0); float32 and complex64 stay as they are,
/// complex128 too, anything else is float64.
/// Throws loom::linalg_error for a singular matrix (naming its batch index),
/// std::invalid_argument for a rank below 2 or non-square matrices.
template <expression A>
auto inv(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::inv<W>(const_view_of(std::forward<A>(a)));
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("inv"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.det(a): the determinant of each square matrix of a
/// [..., M, M], of the batch shape (rank 0 for one matrix), computed from
/// the LU factors as sign * exp(log |det|), as NumPy does (for M of at most
/// 4, the same value to rounding without the logarithms: Note [small
/// matrices]); a 0 x 0 matrix's is 1 and a singular matrix's 0. Complex for
/// complex matrices.
/// Throws std::invalid_argument for a rank below 2 or non-square matrices.
template <expression A>
auto det(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::det<W>(const_view_of(std::forward<A>(a)));
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("det"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.slogdet(a): the sign and the natural logarithm of the
/// absolute value of each determinant ({0, -inf} for a singular matrix,
/// {1, 0} for a 0 x 0 one), of the batch shape. For complex matrices the
/// sign is complex, det / |det|, and logabsdet real.
/// Throws std::invalid_argument for a rank below 2 or non-square matrices.
template <expression A>
auto slogdet(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::slogdet<W>("slogdet", const_view_of(std::forward<A>(a)));
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("slogdet"));
        return slogdet_result<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.lstsq(a, b, rcond): the x minimising |b - a x|, for a of
/// shape [M, N] and b of shape [M] or [M, K], by LAPACK's xgelsd; singular
/// values at or below rcond times the largest count as 0. rcond defaults to
/// machine epsilon times max(M, N), NumPy's `rcond=None` (the epsilon of
/// float32 for float32 operands, which loom computes in float32; NumPy
/// computes them in float64, with float64's). Complex operands give a
/// complex solution with real residuals and singular values. Not batched, as NumPy's.
/// Throws std::invalid_argument for other ranks or sizes that disagree,
/// loom::linalg_error when the SVD does not converge (an a holding NaN or infinity among them).
template <expression A, expression B>
auto lstsq(A&& a, B&& b, std::optional<double> rcond = std::nullopt) {
    using W = detail::lapack_real_t<value_type_of<A>, value_type_of<B>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::lstsq<W>(const_view_of(std::forward<A>(a)), const_view_of(std::forward<B>(b)), rcond);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("lstsq"));
        return lstsq_result<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.matrix_power(a, n): each square matrix of a [..., M, M] to
/// the integer power n, by repeated squaring with matmul in a's own type (so
/// integers and bool work, with matmul's results); n = 0 gives the identity,
/// a negative n the power of inv(a) (float64 for integers in NumPy: here
/// refused for an a of integers or bool, whose result type cannot depend on
/// n; convert with astype<double> first). A negative n needs LAPACK: without
/// it, a negative n throws std::invalid_argument.
/// Throws std::invalid_argument for a rank below 2, non-square matrices, or a
/// negative n as above; loom::linalg_error when a negative n meets a singular matrix.
template <expression A>
auto matrix_power(A&& a, index_t n) -> tensor<value_type_of<A>> {
    using T = value_type_of<A>;
    const auto v = const_view_of(std::forward<A>(a));
    detail::require_square("matrix_power", v.shape());
    if (n < 0) {
        if constexpr (!std::floating_point<T> && !complex_element<T>) {
            throw std::invalid_argument("matrix_power: a negative power (" + std::to_string(n) + ") needs inv, " +
                                        "whose result for integers or bool is float64, not a's type, and which " +
                                        "takes floating and complex types; convert a with astype<double>(a) first");
        } else if constexpr (!detail::lapack_found<T>) {
            throw std::invalid_argument(std::string("matrix_power: a negative power (") + std::to_string(n) +
                                        ") needs inv, and " + LOOM_LAPACK_NEEDED("inv"));
        } else {
            if (n == std::numeric_limits<index_t>::min()) {
                throw std::invalid_argument("matrix_power: the power " + std::to_string(n) +
                                            " cannot be negated; give a power of smaller magnitude");
            }
            return matrix_power(tensor<T>(detail::inv<T>(v)), -n);
        }
    }
    if (n == 0) {
        tensor<T> identity(v.shape());
        const index_t m = v.shape().back();
        for (index_t k = 0; m > 0 && k < identity.size() / (m * m); ++k) {
            for (index_t i = 0; i < m; ++i) identity.data()[(k * m + i) * m + i] = T(1);
        }
        return identity;
    }
    // NumPy's order of products: a, a^2, a^3 directly, then binary decomposition.
    if (n == 1) return tensor<T>(v);
    if (n == 2) return tensor<T>(matmul(v, v));
    if (n == 3) return tensor<T>(matmul(tensor<T>(matmul(v, v)), v));
    std::optional<tensor<T>> z, result;
    for (; n > 0; n /= 2) {
        z = z ? tensor<T>(matmul(*z, *z)) : tensor<T>(v);
        if (n % 2 == 1) result = result ? tensor<T>(matmul(*result, *z)) : *z;
    }
    return std::move(*result);
}

}  // namespace loom::linalg
