#pragma once
// Determinants and inverses of contiguous stacks of real small matrices,
// several matrices at once, one to a SIMD lane.
//
// Note [small matrices across lanes]: a 3 x 3 determinant is some fifteen
// operations on nine numbers, an inverse some sixty, fewer than reading the
// matrix and walking the stack cost when each matrix is taken in turn. Here
// element (i, j) of as many matrices as a register holds is moved into one
// register (a transposition through a small buffer: xsimd's gather makes a
// call per element), and each lane computes what the one-matrix functions
// of small_lu.hpp compute for its matrix, in the same order: the closed
// form of a determinant (closed_form_det itself, on registers); the closed
// form of a 2 x 2 or 3 x 3 inverse where adjugate_suits takes it (Note
// [small inverses]); and for the other inverses (4 x 4, or lanes near
// singular, for which a block computes both and each lane keeps its own)
// LAPACK's unblocked LU with partial pivoting, its pivots and row swaps by
// selects, and the solves of the identity's columns, skipping the zeros
// LAPACK skips (Note [small matrices]). The last matrices of the
// stack, fewer than a register's lanes, are copied into a block padded
// with identity matrices and computed the same way, so that no result
// depends on where its matrix lies in the stack.
//
// Cost of including: <algorithm>, <cmath>, <cstdint>, <limits>,
// <xsimd/xsimd.hpp> and eval/batch.hpp beyond small_lu.hpp.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "loom/core/types.hpp"
#include "loom/core/unroll.hpp"
#include "loom/eval/batch.hpp"
#include "loom/linalg/small_lu.hpp"

namespace loom::linalg::detail {

/// The real element types whose small stacks go across lanes: loom's
/// batches' (none where the target has no SIMD instruction set: Note [batch
/// architecture] in eval/batch.hpp).
template <class W>
concept lane_element = simd::vector_element<W>;

#if !defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)

/// `lanes` row-major N x N matrices, one to a lane of each register of
/// `m`, column-major as small_lu takes a matrix: element (i, j) of the
/// matrix at block + l * N * N in lane l of m[i + j * N].
template <int N, class W, class B>
[[gnu::always_inline]] inline void load_lanes(const W* block, B (&m)[N * N]) {
    constexpr int lanes = static_cast<int>(B::size);
    alignas(B::arch_type::alignment()) W lane_values[N * N][lanes];
    LOOM_UNROLL(16)
    for (int l = 0; l < lanes; ++l) {
        LOOM_UNROLL(16)
        for (int e = 0; e < N * N; ++e) lane_values[e][l] = block[l * N * N + e];
    }
    LOOM_UNROLL(4)
    for (int i = 0; i < N; ++i) {
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) m[i + j * N] = B::load_aligned(lane_values[i * N + j]);
    }
}

/// load_lanes' inverse: lane l of m[i + j * N] to element (i, j) of the
/// row-major matrix at block + l * N * N.
template <int N, class W, class B>
[[gnu::always_inline]] inline void store_lanes(const B (&m)[N * N], W* block) {
    constexpr int lanes = static_cast<int>(B::size);
    alignas(B::arch_type::alignment()) W lane_values[N * N][lanes];
    LOOM_UNROLL(4)
    for (int i = 0; i < N; ++i) {
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) m[i + j * N].store_aligned(lane_values[i * N + j]);
    }
    LOOM_UNROLL(16)
    for (int l = 0; l < lanes; ++l) {
        LOOM_UNROLL(16)
        for (int e = 0; e < N * N; ++e) block[l * N * N + e] = lane_values[e][l];
    }
}

/// Calls `block_function(first, taken, block, out)` for each block of
/// `Lanes` of the `count` N x N matrices from `matrices`: `first` is the
/// index of the block's first matrix, `taken` how many of its matrices are
/// the stack's (Lanes but in the last block), `block` the stack's own
/// memory, or for the last block a copy padded with identity matrices, and
/// `out` where the block's results go, `result_size` elements a matrix: the
/// caller's memory, or for the last block a buffer copied back for its
/// `taken` matrices.
template <int N, int Lanes, class W, class F>
void for_each_block(const W* matrices, index_t count, W* results, index_t result_size, const F& block_function) {
    constexpr index_t elements = N * N;
    index_t k = 0;
    for (; k + Lanes <= count; k += Lanes) block_function(k, Lanes, matrices + k * elements, results + k * result_size);
    if (k == count) return;
    W padded[Lanes * elements];
    W padded_results[Lanes * elements];
    for (index_t e = 0; e < Lanes * elements; ++e) padded[e] = (e % elements) % (N + 1) == 0 ? W(1) : W(0);
    std::copy(matrices + k * elements, matrices + count * elements, padded);
    block_function(k, count - k, padded, padded_results);
    std::copy(padded_results, padded_results + (count - k) * result_size, results + k * result_size);
}

/// Writes to out[k] the closed-form determinant of the k-th of `count`
/// row-major N x N matrices stored one after another from `matrices`
/// (Note [small matrices across lanes]), and calls `refine(k)` for each k
/// whose value is not a normal number (0 and NaN among them), where
/// small_lu's factors decide.
template <int N, lane_element W, class Refine>
    requires(N == 2 || N == 3)
void closed_form_dets(const W* matrices, index_t count, W* out, const Refine& refine) {
    using batch = simd::batch<W>;
    constexpr int lanes = static_cast<int>(batch::size);
    const batch smallest(std::numeric_limits<W>::min());
    const batch infinity(std::numeric_limits<W>::infinity());
    for_each_block<N, lanes>(matrices, count, out, 1, [&](index_t first, index_t taken, const W* block, W* to) {
        batch m[N * N];
        load_lanes<N>(block, m);
        const batch dets = closed_form_det<N>(m);
        dets.store_unaligned(to);
        const batch magnitude = xsimd::abs(dets);
        if (xsimd::all((magnitude >= smallest) & (magnitude < infinity))) return;
        for (index_t l = 0; l < taken; ++l) {
            if (!std::isnormal(to[l])) refine(first + l);
        }
    });
}

/// Writes to `out` the inverses of the `count` row-major N x N matrices
/// stored one after another from `matrices`, row-major one after another
/// (Note [small matrices across lanes]), and returns -1, or the index of the
/// first matrix found singular (an exact zero pivot, as LAPACK's xgetrf
/// finds it), where the stack's inversion stops.
template <int N, lane_element W>
index_t lane_inverses(const W* matrices, index_t count, W* out) {
    using batch = simd::batch<W>;
    using mask = typename batch::batch_bool_type;
    constexpr int lanes = static_cast<int>(batch::size);
    const batch zero(W(0)), one(W(1)), smallest(std::numeric_limits<W>::min());
    index_t singular = -1;
    for_each_block<N, lanes>(matrices, count, out, N * N, [&](index_t first, index_t taken, const W* block, W* to) {
        if (singular >= 0) return;
        batch a[N * N];
        load_lanes<N>(block, a);
        batch inverse[N * N];  // column-major, as load_lanes gave the matrices
        [[maybe_unused]] mask closed_forms(false);
        if constexpr (N <= 3) {  // Note [small inverses]
            closed_forms = adjugate_suits<N, W>(a, adjugate_inverse<N>(a, inverse));
            if (xsimd::all(closed_forms)) {
                store_lanes<N>(inverse, to);
                return;
            }
        }
        const auto at = [&](int i, int j) -> batch& { return a[i + j * N]; };
        batch pivots[N];  // the row swapped with row j, as a value of W in each lane
        batch reciprocals[N];  // of U's diagonal, for the multipliers and the solves
        mask zero_pivot(false);
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) {  // small_lu, lane by lane
            batch pivot = batch(static_cast<W>(j));
            batch largest = xsimd::abs(at(j, j));
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) {
                const batch magnitude = xsimd::abs(at(i, j));
                const mask larger = magnitude > largest;
                largest = xsimd::select(larger, magnitude, largest);
                pivot = xsimd::select(larger, batch(static_cast<W>(i)), pivot);
            }
            pivots[j] = pivot;
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) {
                const mask swapped = pivot == batch(static_cast<W>(i));
                LOOM_UNROLL(4)
                for (int c = 0; c < N; ++c) {
                    const batch upper = at(j, c), lower = at(i, c);
                    at(j, c) = xsimd::select(swapped, lower, upper);
                    at(i, c) = xsimd::select(swapped, upper, lower);
                }
            }
            const batch diagonal = at(j, j);
            const mask is_zero = diagonal == zero;
            zero_pivot = zero_pivot | is_zero;
            // A zero column stays zero (its reciprocal is taken of 1); a
            // subnormal diagonal, whose reciprocal would overflow, divides.
            const batch reciprocal = one / xsimd::select(is_zero, one, diagonal);
            reciprocals[j] = reciprocal;
            const mask divides = (xsimd::abs(diagonal) < smallest) & !is_zero;
            const bool any_divides = xsimd::any(divides);  // rare: no division otherwise
            LOOM_UNROLL(4)
            for (int i = j + 1; i < N; ++i) {
                const batch product = at(i, j) * reciprocal;
                at(i, j) = any_divides ? xsimd::select(divides, at(i, j) / diagonal, product) : product;
            }
            LOOM_UNROLL(4)
            for (int c = j + 1; c < N; ++c) {
                const batch above = at(j, c);
                const mask skip = above == zero;  // as LAPACK's update skips it: 0 * inf adds no NaN
                LOOM_UNROLL(4)
                for (int i = j + 1; i < N; ++i) at(i, c) = xsimd::select(skip, at(i, c), at(i, c) - at(i, j) * above);
            }
        }
        if (xsimd::any(zero_pivot)) {
            alignas(batch::arch_type::alignment()) W zeros[lanes];
            batch(xsimd::select(zero_pivot, one, zero)).store_aligned(zeros);
            for (index_t l = 0; l < taken; ++l) {
                if (zeros[l] != W(0)) {
                    singular = first + l;
                    return;
                }
            }
        }
        // small_lu_solve of each column of the identity, lane by lane (with
        // no zero pivot, the reciprocals are those of U's diagonal).
        mask divides(false);
        LOOM_UNROLL(4)
        for (int j = 0; j < N; ++j) divides = divides | (xsimd::abs(at(j, j)) < smallest);
        const bool any_divides = xsimd::any(divides);
        LOOM_UNROLL(4)
        for (int c = 0; c < N; ++c) {
            batch x[N];
            LOOM_UNROLL(4)
            for (int i = 0; i < N; ++i) x[i] = i == c ? one : zero;
            LOOM_UNROLL(4)
            for (int j = 0; j < N; ++j) {
                LOOM_UNROLL(4)
                for (int i = j + 1; i < N; ++i) {
                    const mask swapped = pivots[j] == batch(static_cast<W>(i));
                    const batch upper = x[j], lower = x[i];
                    x[j] = xsimd::select(swapped, lower, upper);
                    x[i] = xsimd::select(swapped, upper, lower);
                }
            }
            LOOM_UNROLL(4)
            for (int j = 0; j < N; ++j) {
                const mask skip = x[j] == zero;  // a zero of x is skipped, as LAPACK's solves skip it
                LOOM_UNROLL(4)
                for (int i = j + 1; i < N; ++i) x[i] = xsimd::select(skip, x[i], x[i] - x[j] * at(i, j));
            }
            LOOM_UNROLL(4)
            for (int j = N - 1; j >= 0; --j) {
                const mask skip = x[j] == zero;
                const batch product = x[j] * reciprocals[j];
                x[j] = xsimd::select(skip, x[j], any_divides ? xsimd::select(divides, x[j] / at(j, j), product) : product);
                LOOM_UNROLL(4)
                for (int i = 0; i < j; ++i) x[i] = xsimd::select(skip, x[i], x[i] - x[j] * at(i, j));
            }
            LOOM_UNROLL(4)
            for (int i = 0; i < N; ++i) inverse[i + c * N] = xsimd::select(closed_forms, inverse[i + c * N], x[i]);
        }
        store_lanes<N>(inverse, to);
    });
    return singular;
}

#endif  // !XSIMD_NO_SUPPORTED_ARCHITECTURE

/// The determinants of the N x N matrices of `a` into `out` across lanes,
/// when `a` is a contiguous stack of float or double, of N = 2 or 3, its
/// elements of det's result type W; false, with nothing written, otherwise.
template <int N, class W, class V>
bool dets_across_lanes([[maybe_unused]] const V& a, [[maybe_unused]] W* out) {
#if !defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)
    if constexpr ((N == 2 || N == 3) && std::is_same_v<std::remove_const_t<value_type_of<V>>, W> && lane_element<W>) {
        if (!a.layout().is_row_major()) return false;
        const W* const first = a.data();
        closed_form_dets<N>(first, a.size() / (N * N), out, [&](index_t k) {
            W lu[N * N];
            int pivots[N];
            for (int i = 0; i < N; ++i) {
                for (int j = 0; j < N; ++j) lu[i + j * N] = first[k * N * N + i * N + j];
            }
            out[k] = small_det<N>(lu, pivots, small_lu<N>(lu, pivots));
        });
        return true;
    }
#endif
    return false;
}

/// The inverses of the N x N matrices of `a` into `out` across lanes, when
/// `a` is a contiguous stack of float or double, of N from 2, its elements
/// of inv's result type W; false, with nothing written, otherwise. Calls
/// `refuse(k)` with the index of the first singular matrix.
template <int N, class W, class V, class Refuse>
bool inverses_across_lanes([[maybe_unused]] const V& a, [[maybe_unused]] W* out, [[maybe_unused]] const Refuse& refuse) {
#if !defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)
    if constexpr (N >= 2 && std::is_same_v<std::remove_const_t<value_type_of<V>>, W> && lane_element<W>) {
        if (!a.layout().is_row_major()) return false;
        const index_t singular = lane_inverses<N>(a.data(), a.size() / (N * N), out);
        if (singular >= 0) refuse(singular);
        return true;
    }
#endif
    return false;
}

}  // namespace loom::linalg::detail
