#pragma once
// LU factorisation with partial pivoting of matrices of at most 4 x 4, with
// the size a compile-time constant, and what solve, inv, det and slogdet
// compute from it; solve.hpp takes it for stacks of such matrices.
//
// Note [small matrices]: LAPACK's xgetrf and xgesv cost a call, their
// argument checks and a blocked algorithm's bookkeeping for each matrix,
// some hundred nanoseconds, where the arithmetic of a 3 x 3 matrix is some
// thirty operations: a stack of 10^5 rotations spent almost all its time
// outside the arithmetic, and in copying the stack to column-major memory
// for it. Here each matrix is read where it lies (matrix_walk), and the
// loops run over a size known at compile time, so that the compiler
// unrolls them and keeps the matrix in registers.
// The algorithm is LAPACK's unblocked one (xgetf2, and xgetrs's
// substitutions): in column j the pivot is the first element of largest
// magnitude (|re| + |im| for complex numbers, as i?amax compares), rows are
// swapped whole, the multipliers are the column times the pivot's reciprocal
// (a division where the reciprocal would overflow), then the rest of the
// matrix is updated; an exact zero pivot marks the matrix singular (the
// first one's column + 1, LAPACK's info) and the factoring goes on. So the
// results are LAPACK's to rounding, and a matrix is refused as singular
// where LAPACK refuses it. A determinant is the product of U's diagonal
// with the pivots' sign, where NumPy computes sign * exp(sum log |u_ii|):
// the same value to rounding, without a logarithm per element; where the
// product leaves the normal range (an overflow or underflow the logarithms
// avoid), it is computed NumPy's way. A real matrix of at most 3 x 3 needs
// no factors for its determinant: its closed form, the cofactor expansion,
// is as close to the exact value, and is taken unless it is 0, subnormal,
// infinite or NaN, where the factors decide (a singular matrix's exact 0
// among them).
//
// Note [small inverses]: so is a real 2 x 2 or 3 x 3 inverse, its closed
// form being the adjugate over the closed-form determinant (some thirty
// operations, where LU and the solves of the identity's columns take some
// ninety and a compare per pivot), where that is as close to the exact
// inverse as LU's: where |det| is at least adjugate_margin (2^-8) of the
// N-th power of the largest |element| s. There the condition number is at
// most 18 / 2^-8 (each cofactor is at most 2 s^2), both results are within
// a few epsilons times it of the exact inverse (over 20,000 random
// matrices, both erred by 1.2 epsilons of the largest element on average),
// and LU would meet no zero pivot (its pivots are at least 2^-11 s), so
// that no matrix LAPACK refuses is inverted. Elsewhere (a matrix near
// singular, NaN, infinities, a bound outside the normal range) LU decides,
// and refuses what LAPACK refuses.
// Cost of including: <cmath>, <complex>, <limits>, <optional> and <utility> beyond tensor/view.hpp.

#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <type_traits>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/core/unroll.hpp"
#include "loom/tensor/view.hpp"

namespace loom::linalg::detail {

/// The largest size of the matrices factored here (Note [small matrices]).
inline constexpr index_t small_lu_max_size = 4;

/// Calls `f(std::integral_constant<int, N>{})` for `n` = N in 1 ...
/// small_lu_max_size and returns true, or returns false for another n.
template <class F>
bool with_small_size(index_t n, const F& f) {
    switch (n) {
    case 1: f(std::integral_constant<int, 1>{}); return true;
    case 2: f(std::integral_constant<int, 2>{}); return true;
    case 3: f(std::integral_constant<int, 3>{}); return true;
    case 4: f(std::integral_constant<int, 4>{}); return true;
    default: return false;
    }
}

/// |x| as LAPACK chooses pivots by: |re| + |im| for a complex x.
template <class W>
real_part_t<W> pivot_magnitude(const W& x) {
    if constexpr (complex_element<W>) {
        return std::abs(x.real()) + std::abs(x.imag());
    } else {
        return std::abs(x);
    }
}

/// Factors the N x N column-major matrix `a` (element (i, j) at a[i + j *
/// N]) in place as P A = L U (Note [small matrices]): L's multipliers below
/// the diagonal, U on and above it, and pivots[j] the row swapped with row j.
/// Returns 0, or j + 1 for the first column j whose pivot is exactly 0.
/// Inlined, with its loops unrolled, so that the matrix stays in registers.
template <int N, class W>
[[gnu::always_inline]] inline int small_lu(W (&a)[N * N], int (&pivots)[N]) {
    using R = real_part_t<W>;
    const auto at = [&](int i, int j) -> W& { return a[i + j * N]; };
    int info = 0;
    LOOM_UNROLL(4)
    for (int j = 0; j < N; ++j) {
        // The pivot and the row swap by selects rather than branches: the
        // matrix stays in registers, and which row pivots, a coin toss on
        // random matrices, costs no mispredicted branch.
        int pivot = j;
        R largest = pivot_magnitude(at(j, j));
        LOOM_UNROLL(4)
        for (int i = j + 1; i < N; ++i) {
            const R magnitude = pivot_magnitude(at(i, j));
            const bool larger = magnitude > largest;
            largest = larger ? magnitude : largest;
            pivot = larger ? i : pivot;
        }
        pivots[j] = pivot;
        LOOM_UNROLL(4)
        for (int i = j + 1; i < N; ++i) {  // a zero pivot is row j's own: nothing moves
            const bool swapped = i == pivot;
            LOOM_UNROLL(4)
            for (int c = 0; c < N; ++c) {
                const W upper = at(j, c), lower = at(i, c);
                at(j, c) = swapped ? lower : upper;
                at(i, c) = swapped ? upper : lower;
            }
        }
        const W diagonal = at(j, j);
        if (diagonal == W(0) && info == 0) info = j + 1;
        if (std::abs(diagonal) >= std::numeric_limits<R>::min() || diagonal == W(0)) {
            // A zero column stays zero: its reciprocal is taken of 1.
            const W reciprocal = W(1) / (diagonal == W(0) ? W(1) : diagonal);
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) at(i, j) *= reciprocal;
        } else {
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) at(i, j) /= diagonal;
        }
        LOOM_UNROLL(4)
        for (int c = j + 1; c < N; ++c) {
            const W above = at(j, c);
            if (above == W(0)) continue;  // as LAPACK's update skips it: 0 * inf adds no NaN
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) at(i, c) -= at(i, j) * above;
        }
    }
    return info;
}

/// Solves A x = b for `columns` columns of b, overwritten by x, from
/// small_lu's factors of A and its pivots, as LAPACK's xgetrs: the rows
/// swapped, L's unit triangle forward, U's backward. U's diagonal divides
/// as its reciprocal multiplies, taken once per matrix (as OpenBLAS's
/// triangular solves do; a subnormal diagonal element, whose reciprocal
/// would overflow, divides). Element i of column c of b is at
/// b[i * row_stride + c * column_stride]; each column is solved in
/// registers, then stored. `Columns`, when above 0, is `columns` known at
/// compile time (N for an inverse, 1 for a vector), so that the loop over
/// them unrolls: -O3 would otherwise vectorise it, behind checks of the
/// strides that cost more than a few columns.
template <int N, index_t Columns = 0, class W>
[[gnu::always_inline]] inline void small_lu_solve(const W (&lu)[N * N], const int (&pivots)[N], W* b,
                                                  index_t row_stride, index_t column_stride, index_t columns) {
    if constexpr (Columns > 0) columns = Columns;
    using R = real_part_t<W>;
    const auto at = [&](int i, int j) { return lu[i + j * N]; };
    W reciprocal[N];
    bool divide = false;
    LOOM_UNROLL(4)
    for (int j = 0; j < N; ++j) {
        reciprocal[j] = W(1) / at(j, j);
        divide = divide || std::abs(at(j, j)) < std::numeric_limits<R>::min();
    }
    LOOM_UNROLL(4)
    for (index_t c = 0; c < columns; ++c) {
        W* const column = b + c * column_stride;
        W x[N];
        LOOM_UNROLL(4)
        for (int i = 0; i < N; ++i) x[i] = column[i * row_stride];
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) {  // the swaps by selects, as small_lu's
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) {
                const bool swapped = i == pivots[j];
                const W upper = x[j], lower = x[i];
                x[j] = swapped ? lower : upper;
                x[i] = swapped ? upper : lower;
            }
        }
        // A zero of x is skipped, as LAPACK's triangular solves skip it.
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) {
            if (x[j] == W(0)) continue;
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) x[i] -= x[j] * at(i, j);
        }
        LOOM_UNROLL(4)
        for (int j = N - 1; j >= 0; --j) {
            if (x[j] == W(0)) continue;
            x[j] = divide ? x[j] / at(j, j) : x[j] * reciprocal[j];
            LOOM_UNROLL(4)
            for (int i = 0; i < j; ++i) x[i] -= x[j] * at(i, j);
        }
        LOOM_UNROLL(4)
        for (int i = 0; i < N; ++i) column[i * row_stride] = x[i];
    }
}

/// The sign of det(A) (for complex A, det / |det|) and log |det(A)|, from
/// small_lu's factors and its `info`, as slogdet computes them from LAPACK's:
/// {0, -inf} for a singular matrix.
template <int N, class W>
std::pair<W, real_part_t<W>> small_slogdet(const W (&lu)[N * N], const int (&pivots)[N], int info) {
    using R = real_part_t<W>;
    if (info > 0) return {W(0), -std::numeric_limits<R>::infinity()};
    W sign = 1;
    R log_abs = 0;
    LOOM_UNROLL(4)
    for (int i = 0; i < N; ++i) {
        const W u = lu[i + i * N];
        if (pivots[i] != i) sign = -sign;
        if constexpr (complex_element<W>) {
            sign *= u / std::abs(u);
        } else if (u < 0) {
            sign = -sign;
        }
        log_abs += std::log(std::abs(u));
    }
    return {sign, log_abs};
}

/// det(A) from small_lu's factors and its `info` (Note [small matrices]):
/// the product of U's diagonal with the pivots' sign, or sign * exp(log
/// |det|) where that product is not a normal number but for an exact zero.
template <int N, class W>
W small_det(const W (&lu)[N * N], const int (&pivots)[N], int info) {
    if (info > 0) return W(0);
    W product = lu[0];
    LOOM_UNROLL(4)
    for (int i = 1; i < N; ++i) product *= lu[i + i * N];
    bool odd = false;
    LOOM_UNROLL(4)
    for (int i = 0; i < N; ++i) odd ^= pivots[i] != i;
    if (std::isnormal(std::abs(product))) return odd ? -product : product;
    const auto [sign, log_abs] = small_slogdet<N>(lu, pivots, info);
    return sign * std::exp(log_abs);
}

/// det(A) of a real N x N matrix of at most 3 x 3 (column-major, as
/// small_lu takes it) by its closed form, the cofactor expansion along the
/// first row (Note [small matrices]): det takes it where it is a normal
/// number, and small_lu's product elsewhere.
template <int N, class W>
    requires(N <= 3 && !complex_element<W>)
[[gnu::always_inline]] inline W closed_form_det(const W (&m)[N * N]) {
    const auto at = [&](int i, int j) { return m[i + j * N]; };
    if constexpr (N == 1) {
        return at(0, 0);
    } else if constexpr (N == 2) {
        return at(0, 0) * at(1, 1) - at(0, 1) * at(1, 0);
    } else {
        return at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) -
               at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
               at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
    }
}

/// The inverse of a real 2 x 2 or 3 x 3 matrix (column-major, as small_lu
/// takes it, and so written) by its closed form: each cofactor times the
/// reciprocal of closed_form_det, which it returns. For a scalar type or a
/// SIMD batch of them; taken where adjugate_suits says (Note [small
/// inverses]).
template <int N, class W>
    requires(N == 2 || N == 3)
[[gnu::always_inline]] inline W adjugate_inverse(const W (&m)[N * N], W (&inverse)[N * N]) {
    const auto at = [&](int i, int j) { return m[i + j * N]; };
    const W det = closed_form_det<N>(m);
    const W reciprocal = W(1) / det;
    // Element (i, j) of the inverse is the cofactor of (j, i) over det.
    const auto set = [&](int i, int j, const W& cofactor) { inverse[i + j * N] = cofactor * reciprocal; };
    if constexpr (N == 2) {
        set(0, 0, at(1, 1));
        set(0, 1, -at(0, 1));
        set(1, 0, -at(1, 0));
        set(1, 1, at(0, 0));
    } else {
        set(0, 0, at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1));
        set(1, 0, at(1, 2) * at(2, 0) - at(1, 0) * at(2, 2));
        set(2, 0, at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
        set(0, 1, at(0, 2) * at(2, 1) - at(0, 1) * at(2, 2));
        set(1, 1, at(0, 0) * at(2, 2) - at(0, 2) * at(2, 0));
        set(2, 1, at(0, 1) * at(2, 0) - at(0, 0) * at(2, 1));
        set(0, 2, at(0, 1) * at(1, 2) - at(0, 2) * at(1, 1));
        set(1, 2, at(0, 2) * at(1, 0) - at(0, 0) * at(1, 2));
        set(2, 2, at(0, 0) * at(1, 1) - at(0, 1) * at(1, 0));
    }
    return det;
}

/// The least |det| of a matrix inverted by its closed form, over the N-th
/// power of its largest |element| (Note [small inverses]).
inline constexpr double adjugate_margin = 1.0 / 256;

/// Whether adjugate_inverse's result for `m`, whose closed-form determinant
/// is `det`, is inv's (Note [small inverses]): |det| at least
/// adjugate_margin times the N-th power of the largest |element|, that
/// bound a normal number of R, and det finite. A bool for a scalar R, a
/// mask of lanes for a batch of them.
template <int N, class R, class W>
[[gnu::always_inline]] inline auto adjugate_suits(const W (&m)[N * N], const W& det) {
    using std::abs;  // and xsimd's, for a batch, by argument-dependent lookup
    using std::max;
    W scale = abs(m[0]);
    LOOM_UNROLL(16)
    for (int e = 1; e < N * N; ++e) scale = max(scale, abs(m[e]));
    W bound = scale * scale * W(R(adjugate_margin));
    if constexpr (N == 3) bound = bound * scale;
    const W magnitude = abs(det);
    const auto normal_bound = bound >= W(std::numeric_limits<R>::min());
    const auto large = magnitude >= bound;
    const auto finite = magnitude < W(std::numeric_limits<R>::infinity());
    if constexpr (std::is_same_v<W, R>) {
        return normal_bound && large && finite;
    } else {
        return normal_bound & large & finite;
    }
}

/// The matrices of a view of shape [..., R, C] (any strides, 0 among them),
/// one after another in row-major order of the batch: where each starts,
/// and the strides of its rows and columns. The small matrices' functions
/// read each in place, with no copy of the stack.
template <class T>
class matrix_walk {
public:
    explicit matrix_walk(const tensor_view<T>& x)
        : data_(x.data()), shape_(x.shape()), strides_(x.layout().strides()), position_(x.ndim() - 2, 0),
          step_(uniform_step()) {}

    /// Element (0, 0) of the next matrix; as many calls as the batch has elements.
    T* next() {
        T* const first = data_ + offset_;
        if (step_) {
            offset_ += *step_;
            return first;
        }
        for (std::size_t d = position_.size(); d-- > 0;) {
            offset_ += strides_[d];
            if (++position_[d] < shape_[d]) break;
            offset_ -= strides_[d] * shape_[d];
            position_[d] = 0;
        }
        return first;
    }
    /// The stride between a matrix's rows.
    index_t row_stride() const { return strides_[strides_.size() - 2]; }
    /// The stride between a matrix's columns.
    index_t column_stride() const { return strides_[strides_.size() - 1]; }

private:
    // The one stride from a matrix to the next, when the batch's dimensions
    // merge into one (a contiguous stack, a broadcast one): next() then
    // adds it, with no loop over the batch's dimensions.
    std::optional<index_t> uniform_step() const {
        const std::size_t batch = position_.size();
        if (batch == 0) return index_t{0};
        for (std::size_t d = 1; d < batch; ++d) {
            if (strides_[d - 1] != strides_[d] * shape_[d]) return std::nullopt;
        }
        return strides_[batch - 1];
    }

    T* data_;
    const shape_type& shape_;
    const strides_type& strides_;
    shape_type position_;
    index_t offset_ = 0;
    std::optional<index_t> step_;
};

/// The next N x N matrix of `walk`, converted to W, into `m`, column-major:
/// element (i, j) at m[i + j * N], as small_lu takes it.
template <int N, class W, class T>
[[gnu::always_inline]] inline void load_small_matrix(matrix_walk<T>& walk, W (&m)[N * N]) {
    const T* const first = walk.next();
    const index_t rows = walk.row_stride(), columns = walk.column_stride();
    LOOM_UNROLL(4)
    for (int j = 0; j < N; ++j) {
        LOOM_UNROLL(4)
        for (int i = 0; i < N; ++i) m[i + j * N] = static_cast<W>(first[i * rows + j * columns]);
    }
}

}  // namespace loom::linalg::detail
