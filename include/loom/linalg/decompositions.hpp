#pragma once
// numpy.linalg's decompositions on LAPACK: cholesky (xpotrf), qr (xgeqrf,
// xorgqr; complex: xungqr), svd (xgesdd), eigh and eigvalsh (xsyevd;
// complex: xheevd), eig and eigvals (xgeev), and what is built on them:
// pinv and matrix_rank. Complex matrices are Hermitian where the real ones
// are symmetric, unitary where they are orthogonal. Each takes a matrix or a stack of them, of any
// layout or a lazy expression, copies each matrix once into column-major
// memory in the type of NumPy's result (float32 stays float32, anything else
// is float64; solve.hpp says how float32 differs), sizes LAPACK's workspace by its own query (lwork = -1), and
// returns new tensors; an `info` LAPACK reports becomes a loom::linalg_error.
// Needs LAPACK (Note [compiled without LAPACK] in lapack.hpp).
// Cost of including: <vector> beyond solve.hpp.

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/errors.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/linalg/lapack.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/matrix_stack.hpp"
#include "loom/linalg/solve.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::linalg {

/// The modes of qr, as numpy.linalg.qr's `mode`.
enum class qr_mode {
    reduced,   ///< Q of shape [..., M, K] and R of [..., K, N], K = min(M, N) (NumPy's default)
    complete,  ///< Q of shape [..., M, M] and R of [..., M, N]
    r,         ///< R alone, of shape [..., K, N]; Q is left empty
};

/// What qr returns: Q with orthonormal columns and upper-triangular R, Q R = A.
template <class W>
struct qr_result {
    /// Q (empty, of shape [0], for qr_mode::r).
    tensor<W> q;
    /// R.
    tensor<W> r;
};

/// What svd returns: A = U diag(S) Vh.
template <class W>
struct svd_result {
    /// U, of shape [..., M, M] (full_matrices) or [..., M, K]; empty (shape [0]) without compute_uv.
    tensor<W> u;
    /// The singular values, descending, of shape [..., K], K = min(M, N); real for complex matrices.
    tensor<real_part_t<W>> s;
    /// Vh (V's conjugate transpose), of shape [..., N, N] (full_matrices) or [..., K, N]; empty without compute_uv.
    tensor<W> vh;
};

/// What eigh returns: A v = w v for each eigenvalue w and its column v of the eigenvectors.
template <class W>
struct eigh_result {
    /// The eigenvalues, ascending, of shape [..., M]; real for complex (Hermitian) matrices.
    tensor<real_part_t<W>> eigenvalues;
    /// The normalised eigenvectors as columns, of shape [..., M, M].
    tensor<W> eigenvectors;
};

/// What eig returns: A v = w v for each eigenvalue w and its column v of the
/// eigenvectors, both complex (complex64 or complex128).
template <class C>
struct eig_result {
    /// The eigenvalues, in LAPACK's order (not sorted), of shape [..., M].
    tensor<C> eigenvalues;
    /// The eigenvectors as columns, each of unit 2-norm, of shape [..., M, M].
    tensor<C> eigenvectors;
};

namespace detail {

template <class W, class V>
tensor<W> cholesky(const V& a) {
    const char* name = "cholesky";
    require_square(name, a.shape());
    auto stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = stack.rows();
    const int n = lapack_int(name, a.shape(), m);
    for (index_t k = 0; k < stack.count() && n > 0; ++k) {
        int info = 0;
        lapack<W>::potrf('L', n, stack.matrix(k), static_cast<int>(stack.ld()), info);
        if (info < 0) throw_lapack_argument(name, "xpotrf", info);
        if (info > 0) {
            throw linalg_error(std::string(name) + ": " + which_matrix(a.shape(), k) +
                               " is not positive definite (its leading minor of order " + std::to_string(info) +
                               " is not positive); give a symmetric positive-definite matrix");
        }
        for (index_t j = 1; j < m; ++j) {
            for (index_t i = 0; i < j; ++i) stack.at(k, i, j) = W(0);  // LAPACK leaves the upper triangle as it was
        }
    }
    return stack.to_tensor();
}

template <class W, class V>
qr_result<W> qr(const V& a, qr_mode mode) {
    const char* name = "qr";
    require_matrices(name, a.shape());
    auto stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = stack.rows(), n = stack.cols(), k = std::min(m, n);
    const index_t q_cols = mode == qr_mode::complete ? m : k;
    const index_t r_rows = mode == qr_mode::complete ? m : k;
    const int im = lapack_int(name, a.shape(), m), in = lapack_int(name, a.shape(), n),
              ik = lapack_int(name, a.shape(), k), iq = lapack_int(name, a.shape(), q_cols);
    column_major_stack<W> r(stack.batch(), r_rows, n);
    std::optional<column_major_stack<W>> q;
    if (mode != qr_mode::r) q.emplace(stack.batch(), m, q_cols);
    std::vector<W> tau(static_cast<std::size_t>(std::max<index_t>(k, 1)));
    std::vector<W> work;
    for (index_t b = 0; b < stack.count(); ++b) {
        int info = 0;
        if (k > 0) {
            W size{};
            lapack<W>::geqrf(im, in, stack.matrix(b), static_cast<int>(stack.ld()), tau.data(), &size, -1, info);
            work.resize(static_cast<std::size_t>(queried_size(size)));
            lapack<W>::geqrf(im, in, stack.matrix(b), static_cast<int>(stack.ld()), tau.data(), work.data(),
                             static_cast<int>(work.size()), info);
            if (info < 0) throw_lapack_argument(name, "xgeqrf", info);
        }
        for (index_t j = 0; j < n; ++j) {
            for (index_t i = 0; i < r_rows; ++i) r.at(b, i, j) = i <= j ? stack.at(b, i, j) : W(0);
        }
        if (!q || m == 0 || q_cols == 0) continue;
        for (index_t j = 0; j < q_cols; ++j) {  // the reflectors, below the diagonal of the first k columns
            for (index_t i = 0; i < m; ++i) q->at(b, i, j) = j < k ? stack.at(b, i, j) : W(0);
        }
        W size{};
        lapack<W>::orgqr(im, iq, ik, q->matrix(b), static_cast<int>(q->ld()), tau.data(), &size, -1, info);
        work.resize(static_cast<std::size_t>(queried_size(size)));
        lapack<W>::orgqr(im, iq, ik, q->matrix(b), static_cast<int>(q->ld()), tau.data(), work.data(),
                         static_cast<int>(work.size()), info);
        if (info < 0) throw_lapack_argument(name, "xorgqr", info);
    }
    qr_result<W> result{tensor<W>(shape_type{0}), r.to_tensor()};
    if (q) result.q = q->to_tensor();
    return result;
}

// The size of xgesdd's real workspace for complex matrices of m x n: LAPACK's
// documented minimum, checked to fit its int (computed in double, which
// holds it exactly enough for that check, as m and n fit an int).
inline int gesdd_real_workspace(const shape_type& shape, index_t m, index_t n, bool vectors) {
    const double k = static_cast<double>(std::min(m, n)), large = static_cast<double>(std::max(m, n));
    const double size = vectors ? std::max(5 * k * k + 5 * k, 2 * large * k + 2 * k * k + k) : 7 * k;
    return lapack_int("svd", shape, static_cast<index_t>(std::min(size, 4e18)));
}

template <class W, class V>
svd_result<W> svd(const V& a, bool full_matrices, bool compute_uv) {
    using R = real_part_t<W>;
    const char* name = "svd";
    require_matrices(name, a.shape());
    auto stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = stack.rows(), n = stack.cols(), k = std::min(m, n);
    const index_t u_cols = full_matrices ? m : k, vt_rows = full_matrices ? n : k;
    const char jobz = !compute_uv ? 'N' : full_matrices ? 'A' : 'S';
    const int im = lapack_int(name, a.shape(), m), in = lapack_int(name, a.shape(), n);
    lapack_int(name, a.shape(), 8 * k);  // the size of xgesdd's integer workspace, checked to fit
    column_major_stack<R> s(stack.batch(), k, 1);
    std::optional<column_major_stack<W>> u, vt;
    if (compute_uv) {
        u.emplace(stack.batch(), m, u_cols);
        vt.emplace(stack.batch(), vt_rows, n);
        if (k == 0) {  // LAPACK returns at once: the singular vectors of an empty matrix are the identity's
            set_identity(*u);
            set_identity(*vt);
        }
    }
    std::vector<int> iwork(static_cast<std::size_t>(std::max<index_t>(8 * k, 1)));
    std::vector<R> rwork(complex_element<W> ? static_cast<std::size_t>(std::max(
                                                  1, gesdd_real_workspace(a.shape(), m, n, compute_uv)))
                                            : 1);
    std::vector<W> work;
    W dummy{};
    for (index_t b = 0; b < stack.count() && k > 0; ++b) {
        if (!all_finite(stack.matrix(b), m * n)) {
            throw linalg_error(std::string(name) + ": " + which_matrix(a.shape(), b) +
                               " holds NaN or infinite values, for which the SVD does not converge; "
                               "replace them first (nan_to_num)");
        }
        W* const u_data = u ? u->matrix(b) : &dummy;
        W* const vt_data = vt ? vt->matrix(b) : &dummy;
        const int ldu = u ? static_cast<int>(u->ld()) : 1, ldvt = vt ? static_cast<int>(vt->ld()) : 1;
        int info = 0;
        W size{};
        lapack<W>::gesdd(jobz, im, in, stack.matrix(b), static_cast<int>(stack.ld()), s.matrix(b), u_data, ldu,
                         vt_data, ldvt, &size, -1, rwork.data(), iwork.data(), info);
        work.resize(static_cast<std::size_t>(queried_size(size)));
        lapack<W>::gesdd(jobz, im, in, stack.matrix(b), static_cast<int>(stack.ld()), s.matrix(b), u_data, ldu,
                         vt_data, ldvt, work.data(), static_cast<int>(work.size()), rwork.data(), iwork.data(), info);
        if (info < 0) throw_lapack_argument(name, "xgesdd", info);
        if (info > 0) {
            throw linalg_error(std::string(name) + ": the SVD of " + which_matrix(a.shape(), b) +
                               " did not converge; check it for NaN or infinite values");
        }
    }
    svd_result<W> result{tensor<W>(shape_type{0}), tensor<R>(squeeze(s.to_tensor(), -1)), tensor<W>(shape_type{0})};
    if (u) result.u = u->to_tensor();
    if (vt) result.vh = vt->to_tensor();
    return result;
}

template <class W, class V>
eigh_result<W> eigh(const char* name, const V& a, char uplo, bool vectors) {
    require_square(name, a.shape());
    if (uplo == 'l' || uplo == 'u') uplo = static_cast<char>(uplo - 'a' + 'A');  // NumPy upper-cases UPLO
    if (uplo != 'L' && uplo != 'U') {
        throw std::invalid_argument(std::string(name) + ": UPLO is '" + std::string(1, uplo) +
                                    "'; give 'L' (read the lower triangle) or 'U' (the upper)");
    }
    using R = real_part_t<W>;
    auto stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = stack.rows();
    const int n = lapack_int(name, a.shape(), m);
    column_major_stack<R> w(stack.batch(), m, 1);
    std::vector<W> work;
    std::vector<R> rwork;
    std::vector<int> iwork;
    for (index_t b = 0; b < stack.count() && n > 0; ++b) {
        const char jobz = vectors ? 'V' : 'N';
        int info = 0, isize = 0;
        W size{};
        R rsize{};  // the real workspace of the complex routines
        lapack<W>::syevd(jobz, uplo, n, stack.matrix(b), static_cast<int>(stack.ld()), w.matrix(b), &size, -1, &rsize,
                         -1, &isize, -1, info);
        work.resize(static_cast<std::size_t>(queried_size(size)));
        rwork.resize(static_cast<std::size_t>(queried_size(rsize)));
        iwork.resize(static_cast<std::size_t>(std::max(isize, 1)));
        lapack<W>::syevd(jobz, uplo, n, stack.matrix(b), static_cast<int>(stack.ld()), w.matrix(b), work.data(),
                         static_cast<int>(work.size()), rwork.data(), static_cast<int>(rwork.size()), iwork.data(),
                         static_cast<int>(iwork.size()), info);
        if (info < 0) throw_lapack_argument(name, "xsyevd", info);
        if (info > 0) {
            throw linalg_error(std::string(name) + ": the eigenvalues of " + which_matrix(a.shape(), b) +
                               " did not converge; check it for NaN or infinite values");
        }
    }
    eigh_result<W> result{tensor<R>(squeeze(w.to_tensor(), -1)), tensor<W>(shape_type{0})};
    if (vectors) result.eigenvectors = stack.to_tensor();
    return result;
}

// The eigenvalues, and with `vectors` the right eigenvectors, of each square
// matrix, by LAPACK's xgeev, as complex numbers of W's precision. For a real
// W, LAPACK packs a complex conjugate pair of eigenvectors as two real
// columns, the real part and then the imaginary part of the first; they are
// unpacked here into the two complex columns v and conj(v).
template <class W, class V>
eig_result<std::complex<real_part_t<W>>> eig(const char* name, const V& a, bool vectors) {
    using R = real_part_t<W>;
    using C = std::complex<R>;
    require_square(name, a.shape());
    auto stack = column_major_stack<W>::copy_of(name, a);
    const index_t m = stack.rows();
    const int n = lapack_int(name, a.shape(), m);
    for (index_t b = 0; b < stack.count(); ++b) {  // NumPy's check: LAPACK's xgeev may not return on them
        for (index_t i = 0; i < m * m; ++i) {
            const W value = stack.matrix(b)[i];
            if (!std::isfinite(std::real(value)) || !std::isfinite(std::imag(value))) {
                throw linalg_error(std::string(name) + ": " + which_matrix(a.shape(), b) +
                                   " holds NaN or infinite values, whose eigenvalues are not defined; "
                                   "replace them first (nan_to_num)");
            }
        }
    }
    column_major_stack<C> w(stack.batch(), m, 1);
    std::optional<column_major_stack<C>> v;
    if (vectors) v.emplace(stack.batch(), m, m);
    const char jobvr = vectors ? 'V' : 'N';
    const std::size_t size = static_cast<std::size_t>(m);
    std::vector<W> work, right(vectors ? size * size : 1);
    std::vector<R> real_values(size), imaginary_values(size);
    std::vector<R> rwork(complex_element<W> ? std::max<std::size_t>(2 * size, 1) : 1);
    const int ldvr = vectors ? std::max(n, 1) : 1;
    for (index_t b = 0; b < stack.count() && n > 0; ++b) {
        int info = 0;
        W query{};
        const auto run = [&](W* workspace, int lwork) {
            if constexpr (complex_element<W>) {
                lapack<W>::geev(jobvr, n, stack.matrix(b), static_cast<int>(stack.ld()), w.matrix(b),
                                vectors ? v->matrix(b) : right.data(), ldvr, workspace, lwork, rwork.data(), info);
            } else {
                lapack<W>::geev(jobvr, n, stack.matrix(b), static_cast<int>(stack.ld()), real_values.data(),
                                imaginary_values.data(), right.data(), ldvr, workspace, lwork, info);
            }
        };
        run(&query, -1);
        work.resize(static_cast<std::size_t>(queried_size(query)));
        run(work.data(), static_cast<int>(work.size()));
        if (info < 0) throw_lapack_argument(name, "xgeev", info);
        if (info > 0) {
            throw linalg_error(std::string(name) + ": the eigenvalues of " + which_matrix(a.shape(), b) +
                               " did not converge; check it for values of very different magnitudes");
        }
        if constexpr (!complex_element<W>) {
            for (index_t j = 0; j < m; ++j) {
                const std::size_t jj = static_cast<std::size_t>(j);
                w.at(b, j, 0) = C(real_values[jj], imaginary_values[jj]);
                if (!vectors) continue;
                if (imaginary_values[jj] == 0) {
                    for (index_t i = 0; i < m; ++i) v->at(b, i, j) = C(right[jj * size + std::size_t(i)], 0);
                } else {  // columns j and j + 1: the real and imaginary parts of the first of a conjugate pair
                    for (index_t i = 0; i < m; ++i) {
                        const R re = right[jj * size + std::size_t(i)], im = right[(jj + 1) * size + std::size_t(i)];
                        v->at(b, i, j) = C(re, im);
                        v->at(b, i, j + 1) = C(re, -im);
                    }
                    w.at(b, j + 1, 0) = C(real_values[jj + 1], imaginary_values[jj + 1]);
                    ++j;
                }
            }
        }
    }
    eig_result<C> result{tensor<C>(squeeze(w.to_tensor(), -1)), tensor<C>(shape_type{0})};
    if (v) result.eigenvectors = v->to_tensor();
    return result;
}

// The singular values of each matrix (descending), or, for a symmetric
// matrix, the absolute values of its eigenvalues (in no particular order).
template <class W, class V>
tensor<real_part_t<W>> singular_values(const V& a, bool hermitian) {
    if (!hermitian) return svd<W>(a, false, false).s;
    tensor<real_part_t<W>> values = eigh<W>("eigvalsh", a, 'L', false).eigenvalues;
    for (auto& value : values) value = std::abs(value);
    return values;
}

template <class W, class V>
tensor<W> pinv(const V& a, double rcond, bool hermitian) {
    require_matrices("pinv", a.shape());
    const index_t m = a.shape()[a.ndim() - 2], n = a.shape().back();
    if (m == 0 || n == 0) return tensor<W>(with_tail(batch_of(a.shape()), {n, m}));
    using R = real_part_t<W>;
    tensor<W> u, vt;
    tensor<R> s;
    if (hermitian) {  // A = U diag(w) U^H: the pseudo-inverse is U diag(1 / w) U^H, 1 / w where |w| is large
        if (m != n) require_square("pinv", a.shape());
        eigh_result<W> parts = eigh<W>("pinv", a, 'L', true);
        s = std::move(parts.eigenvalues);
        u = std::move(parts.eigenvectors);
        vt = tensor<W>(conj(swapaxes(u, -1, -2)));
    } else {
        svd_result<W> parts = svd<W>(a, false, true);
        u = std::move(parts.u);
        s = std::move(parts.s);
        vt = std::move(parts.vh);
    }
    const index_t k = s.shape().back();
    for (index_t b = 0; b < s.size() / k; ++b) {
        R* const values = s.data() + b * k;
        R largest = 0;
        for (index_t i = 0; i < k; ++i) largest = std::max(largest, std::abs(values[i]));
        const R cutoff = R(rcond) * largest;
        for (index_t i = 0; i < k; ++i) values[i] = std::abs(values[i]) > cutoff ? R(1) / values[i] : R(0);
    }
    // NumPy's order: vt^H @ (s[..., None] * u^H).
    if constexpr (complex_element<W>) {
        const tensor<W> scaled(astype<W>(expand_dims(s, -1)) * conj(swapaxes(u, -1, -2)));
        return tensor<W>(matmul(tensor<W>(conj(swapaxes(vt, -1, -2))), scaled));
    } else {
        return tensor<W>(matmul(swapaxes(vt, -1, -2), expand_dims(s, -1) * swapaxes(u, -1, -2)));
    }
}

template <class W, class V>
tensor<index_t> matrix_rank(const V& a, std::optional<double> tol, bool hermitian) {
    if (a.ndim() < 2) {  // NumPy: a vector or scalar has rank 1 unless all of it is 0
        bool nonzero = false;
        const tensor<W> values(astype<W>(a));
        for (const W value : values) nonzero = nonzero || value != W(0);
        return tensor<index_t>(shape_type{}, nonzero ? 1 : 0);
    }
    if (hermitian) require_square("matrix_rank", a.shape());
    using R = real_part_t<W>;
    const tensor<R> s = singular_values<W>(a, hermitian);
    tensor<index_t> rank(batch_of(a.shape()));
    const index_t k = s.shape().back();
    const index_t size = std::max(a.shape()[a.ndim() - 2], a.shape().back());
    for (index_t b = 0; k > 0 && b < rank.size(); ++b) {
        const R* const values = s.data() + b * k;
        const R largest = *std::max_element(values, values + k);
        const R threshold = tol ? R(*tol) : largest * R(size) * std::numeric_limits<R>::epsilon();
        rank.data()[b] = std::count_if(values, values + k, [&](R value) { return value > threshold; });
    }
    return rank;
}

}  // namespace detail

/// numpy.linalg.cholesky(a): the lower-triangular L with L L^H = a (L L^T
/// for real a), for each Hermitian (real: symmetric) positive-definite
/// matrix of a [..., M, M] (only a's lower triangle is read, as NumPy's).
/// Throws loom::linalg_error for a matrix that is not positive definite
/// (naming its batch index), std::invalid_argument for a rank below 2 or non-square matrices.
template <expression A>
auto cholesky(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::cholesky<W>(const_view_of(std::forward<A>(a)));
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("cholesky"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.qr(a, mode): the QR decomposition of each matrix of a
/// [..., M, N], by Householder reflections (LAPACK's xgeqrf and xorgqr), so
/// the signs are LAPACK's, as NumPy's; Q is unitary for complex a. qr_mode::r leaves `q` empty (NumPy
/// returns R alone); NumPy's "raw" mode is not offered.
/// Throws std::invalid_argument for a rank below 2.
template <expression A>
auto qr(A&& a, qr_mode mode = qr_mode::reduced) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::qr<W>(const_view_of(std::forward<A>(a)), mode);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("qr"));
        return qr_result<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.svd(a, full_matrices, compute_uv): the singular value
/// decomposition of each matrix of a [..., M, N] (LAPACK's xgesdd, as NumPy),
/// singular values descending (real, for complex a too; vh is then V's
/// conjugate transpose); without compute_uv, `u` and `vh` are left
/// empty (NumPy returns the values alone).
/// Throws loom::linalg_error when the SVD does not converge (a matrix holding NaN or infinity among them),
/// std::invalid_argument for a rank below 2.
template <expression A>
auto svd(A&& a, bool full_matrices = true, bool compute_uv = true) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::svd<W>(const_view_of(std::forward<A>(a)), full_matrices, compute_uv);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("svd"));
        return svd_result<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.eigh(a, UPLO): the eigenvalues (ascending, real) and
/// eigenvectors of each symmetric (complex: Hermitian) matrix of a
/// [..., M, M], reading only its lower ('L') or upper ('U') triangle
/// (LAPACK's xsyevd or xheevd, as NumPy).
/// Throws loom::linalg_error when the eigenvalues do not converge,
/// std::invalid_argument for non-square matrices or a UPLO other than 'L' and 'U' (either case, as NumPy).
template <expression A>
auto eigh(A&& a, char uplo = 'L') {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::eigh<W>("eigh", const_view_of(std::forward<A>(a)), uplo, true);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("eigh"));
        return eigh_result<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.eigvalsh(a, UPLO): the eigenvalues (ascending, real) of each
/// symmetric (complex: Hermitian) matrix of a [..., M, M], of shape [..., M].
/// Throws as eigh does.
template <expression A>
auto eigvalsh(A&& a, char uplo = 'L') {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::eigh<W>("eigvalsh", const_view_of(std::forward<A>(a)), uplo, false).eigenvalues;
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("eigvalsh"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.eig(a): the eigenvalues and right eigenvectors of each
/// square matrix of a [..., M, M] (LAPACK's xgeev, as NumPy), eigenvectors
/// of unit length as columns. Always complex: complex64 for float32 and
/// complex64, complex128 otherwise. (NumPy returns real arrays for a real
/// input whose eigenvalues all happen to be real; a C++ result type cannot
/// depend on values, so loom's imaginary parts are 0 there.)
/// Throws loom::linalg_error for a matrix holding NaN or infinity or whose
/// eigenvalues do not converge, std::invalid_argument for a rank below 2 or
/// non-square matrices.
template <expression A>
auto eig(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::eig<W>("eig", const_view_of(std::forward<A>(a)), true);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("eig"));
        return eig_result<std::complex<real_part_t<W>>>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.eigvals(a): the eigenvalues of each square matrix of a
/// [..., M, M], of shape [..., M], complex always as eig's.
/// Throws as eig does.
template <expression A>
auto eigvals(A&& a) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::eig<W>("eigvals", const_view_of(std::forward<A>(a)), false).eigenvalues;
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("eigvals"));
        return tensor<std::complex<real_part_t<W>>>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.pinv(a, rcond, hermitian): the Moore-Penrose pseudo-inverse
/// of each matrix of a [..., M, N], of shape [..., N, M], from its SVD (from
/// eigh for a symmetric or Hermitian a with hermitian), with conjugate
/// transposes for complex a, singular values at or below rcond times the
/// largest counting as 0. An empty matrix's is empty (NumPy keeps an integer
/// a's type there; loom's result is always floating).
/// Throws loom::linalg_error when the SVD does not converge (a matrix holding NaN or infinity among them),
/// std::invalid_argument for a rank below 2.
template <expression A>
auto pinv(A&& a, double rcond = 1e-15, bool hermitian = false) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::pinv<W>(const_view_of(std::forward<A>(a)), rcond, hermitian);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("pinv"));
        return tensor<W>{};  // unreached: keeps the static_assert the only error
    }
}

/// numpy.linalg.matrix_rank(a, tol, hermitian): the number of singular values
/// of each matrix of a [..., M, N] above tol, by default the largest times
/// max(M, N) times machine epsilon; an int64 tensor of the batch shape. Below
/// rank 2, 1 unless every element is 0, as NumPy. A matrix without elements
/// has rank 0 (NumPy raises there, finding no largest singular value).
/// Throws loom::linalg_error when the SVD does not converge.
template <expression A>
auto matrix_rank(A&& a, std::optional<double> tol = std::nullopt, bool hermitian = false) {
    using W = detail::lapack_real_t<value_type_of<A>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::matrix_rank<W>(const_view_of(std::forward<A>(a)), tol, hermitian);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("matrix_rank"));
        return tensor<index_t>{};  // unreached: keeps the static_assert the only error
    }
}

}  // namespace loom::linalg
