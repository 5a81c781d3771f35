#pragma once
// gemm: C = A·B or C += A·B on matrices in memory (matrix_ref), any element
// types, any strides; the kernel under loom's matrix products. The loops,
// packing and micro-kernels are those of gemm_blocking.hpp's note. plan_gemm
// decides how a product runs (its kernel, orientation, blocks and threads):
// gemm runs by it, and path_of reports it (eval/whole_value_path.hpp).

#include <algorithm>
#include <type_traits>

#include "loom/core/shape.hpp"
#include "loom/core/storage.hpp"
#include "loom/core/types.hpp"
#include "loom/core/unroll.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/eval/whole_value_path.hpp"
#include "loom/linalg/gemm_blocking.hpp"
#include "loom/linalg/gemm_complex.hpp"
#include "loom/linalg/gemm_microkernel.hpp"
#include "loom/linalg/gemm_pack.hpp"
#include "loom/linalg/matrix_ref.hpp"

namespace loom::linalg {

namespace detail {

constexpr index_t gemm_round_up(index_t value, index_t step) { return (value + step - 1) / step * step; }

constexpr index_t gemm_magnitude(index_t stride) { return stride < 0 ? -stride : stride; }

// Packing buffer `Which` (0: A, 1: B) of the calling thread, of at least
// `count` elements: kept from call to call, so that repeated products do not
// allocate (and fault in fresh pages) each time. It grows to the largest
// need, at most MC·KC elements for A and KC·NC for B (a few MiB).
template <class W, int Which>
W* gemm_buffer(index_t count) {
    thread_local storage<W> buffer;
    if (buffer.size() < count) buffer = storage<W>(count);
    return buffer.data();
}

// The blocked loops, for C's columns along the micro-kernel's MR (see
// gemm_blocking.hpp). m, n, k > 0.
template <class R, class A, class B>
void gemm_blocked(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate) {
    using W = gemm_compute_t<R>;
    using blocking = gemm_blocking<W>;
    constexpr index_t mr = blocking::mr, nr = blocking::nr;
    const index_t m = c.rows, n = c.cols, k = a.cols;

    const index_t kc = std::min(blocking::kc, k);
    W* const packed_a = gemm_buffer<W, 0>(gemm_round_up(std::min(blocking::mc, m), mr) * kc);
    W* const packed_b = gemm_buffer<W, 1>(gemm_round_up(std::min(blocking::nc, n), nr) * kc);

    for (index_t jc = 0; jc < n; jc += blocking::nc) {
        const index_t nb = std::min(blocking::nc, n - jc);
        for (index_t pc = 0; pc < k; pc += blocking::kc) {
            const index_t kb = std::min(blocking::kc, k - pc);
            gemm_pack<nr, R>(b.data + pc * b.row_stride + jc * b.col_stride, b.col_stride, b.row_stride, nb, kb,
                             packed_b);
            const bool add = accumulate || pc > 0;
            for (index_t ic = 0; ic < m; ic += blocking::mc) {
                const index_t mb = std::min(blocking::mc, m - ic);
                gemm_pack<mr, R>(a.data + ic * a.row_stride + pc * a.col_stride, a.row_stride, a.col_stride, mb, kb,
                                 packed_a);
                for (index_t jr = 0; jr < nb; jr += nr) {
                    const W* panel_b = packed_b + jr * kb;
                    for (index_t ir = 0; ir < mb; ir += mr) {
                        const gemm_tile<R> tile{c.data + (ic + ir) * c.row_stride + (jc + jr) * c.col_stride,
                                                c.row_stride, c.col_stride, std::min(mr, mb - ir),
                                                std::min(nr, nb - jr), add};
                        if constexpr (gemm_uses_simd<W>)
                            gemm_microkernel_simd_rows<W>(kb, packed_a + ir * kb, panel_b, tile);
                        else
                            gemm_microkernel_scalar<R, W>(kb, packed_a + ir * kb, panel_b, tile);
                    }
                }
            }
        }
    }
}

// Note [small products]: a product of matrices of at most small_product_size
// rows, columns and depth (a rotation of points, a 4 x 4 transform) does a
// few dozen multiply-adds, where gemm's packing into its buffers and its
// blocked loops (and a BLAS call) cost some hundred nanoseconds: a stack of
// 3 x 3 by 3 x 1 products spent almost all its time there. Such a product
// is computed by the plain loop of gemm_small instead, straight from the
// operands' memory, each element of C summed along k in order in gemm's
// arithmetic (floating point in R, integers with wraparound, bool as `or`
// of `and`s). Complex and 16-bit float results stay with gemm.

/// The largest rows, columns and depth of a product gemm_small computes
/// (Note [small products]).
inline constexpr index_t small_product_size = 8;

/// Whether gemm_small computes products of result type R: not complex, not 16-bit floats.
template <class R>
inline constexpr bool small_product_element = !complex_element<R> && !half_element<R>;

/// Whether gemm_small computes C = A·B of result type R, with C of m × n and
/// k products summed into each element (Note [small products]).
template <class R>
bool takes_small_product(index_t m, index_t n, index_t k) {
    return small_product_element<R> && m <= small_product_size && n <= small_product_size && k <= small_product_size;
}

/// C = A·B by the plain loop of Note [small products]; takes_small_product
/// says when. `Depth`, when above 0, is k (a.cols) known at compile time, so
/// that each element's sum is unrolled, and `Columns` C's columns: 1 for a
/// product by a vector, whose loop over columns -O3 would otherwise
/// vectorise behind checks of the strides that cost more than the product.
/// 0 reads either at run time. Preconditions as gemm's.
template <index_t Depth, index_t Columns, class R, class A, class B>
    requires small_product_element<R>
[[gnu::always_inline]] inline void gemm_small(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c) {
    using W = gemm_compute_t<R>;
    const index_t depth = Depth > 0 ? Depth : a.cols;
    const index_t columns = Columns > 0 ? Columns : c.cols;
    const A* row = a.data;
    R* out_row = c.data;
    for (index_t i = 0; i < c.rows; ++i, row += a.row_stride, out_row += c.row_stride) {
        const B* column = b.data;
        R* out = out_row;
        for (index_t j = 0; j < columns; ++j, column += b.col_stride, out += c.col_stride) {
            W sum = 0;
            LOOM_UNROLL(4)
            for (index_t p = 0; p < depth; ++p) {
                sum = gemm_multiply_add<R>(sum, gemm_convert<R, W>(row[p * a.col_stride]),
                                           gemm_convert<R, W>(column[p * b.row_stride]));
            }
            if constexpr (std::is_same_v<R, bool>) {
                *out = sum != 0;
            } else {
                *out = static_cast<R>(sum);  // integers: NumPy's wraparound (modular since C++20)
            }
        }
    }
}

/// Calls `f(std::integral_constant<index_t, Depth>{})` with gemm_small's
/// Depth for products of depth k: k itself from 1 to 4, the commonest depths
/// of small matrices (points, rotations, 4 x 4 transforms), else 0.
template <class F>
void with_small_depth(index_t k, const F& f) {
    switch (k) {
    case 1: return f(std::integral_constant<index_t, 1>{});
    case 2: return f(std::integral_constant<index_t, 2>{});
    case 3: return f(std::integral_constant<index_t, 3>{});
    case 4: return f(std::integral_constant<index_t, 4>{});
    default: return f(std::integral_constant<index_t, 0>{});
    }
}

/// How gemm computes a product (schedule_gemm): its kernel (none for an
/// empty C, zeros for k = 0, the complex kernel, or the blocked one), whether
/// the blocked kernel solves Cᵀ = Bᵀ·Aᵀ, and the units it shares among its
/// threads. Small, so that a stack of small products pays little for it.
struct gemm_schedule {
    product_kernel kernel = product_kernel::none;
    bool transposed = false;
    index_t units = 0;
    int threads = 1;
};

// gemm_blocked on pieces of C's columns, whole micro-panels of B, shared
// among `how.threads` threads (schedule_gemm). Each element of C is computed by
// the same sequence of multiply-adds whatever the piece it falls in, so the
// result does not depend on the number of threads.
template <class R, class A, class B>
void gemm_blocked_threads(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate,
                          const gemm_schedule& how) {
    constexpr index_t nr = gemm_blocking<gemm_compute_t<R>>::nr;
    parallel_for(how.units, how.threads, [&](index_t first, index_t last) {
        const index_t column = first * nr, columns = std::min(last * nr, c.cols) - column;
        if (columns <= 0) return;
        const matrix_ref<const B> b_piece{b.data + column * b.col_stride, b.rows, columns, b.row_stride, b.col_stride};
        const matrix_ref<R> c_piece{c.data + column * c.col_stride, c.rows, columns, c.row_stride, c.col_stride};
        gemm_blocked<R, A, B>(a, b_piece, c_piece, accumulate);
    });
}

// The float32 matrix a float16 or bfloat16 product of m × n is summed in,
// at `data`, row-major.
inline matrix_ref<float> half_sums(float* data, index_t m, index_t n) { return {data, m, n, n, 1}; }

/// How gemm computes C = A·B for an m × k A, a k × n B and a C of result
/// type R whose strides are `row_stride` and `col_stride` (through float32
/// for float16 and bfloat16): the blocked kernel solves Cᵀ = Bᵀ·Aᵀ when C's
/// rows are contiguous, and shares its panels (the complex kernel its rows)
/// among threads_for(units) threads: one thread below
/// parallel_min_multiply_adds. gemm runs by it; plan_gemm reports it.
template <class R>
gemm_schedule schedule_gemm(index_t m, index_t n, index_t k, index_t row_stride, index_t col_stride) {
    if (m == 0 || n == 0) return {};
    if (k == 0) return {.kernel = product_kernel::zeros};
    if constexpr (half_element<R>) {
        const matrix_ref<float> sums = half_sums(nullptr, m, n);
        return schedule_gemm<float>(m, n, k, sums.row_stride, sums.col_stride);
    } else if constexpr (complex_element<R>) {
        // Four real multiply-adds to each complex one.
        return {.kernel = product_kernel::complex,
                .units = m,
                .threads = threads_for(m, 4.0 * double(m) * double(n) * double(k) >= parallel_min_multiply_adds)};
    } else {
        // The micro-kernel's vectors run down C's columns: solve Cᵀ = Bᵀ·Aᵀ
        // instead when C's rows are the contiguous direction. A stride along an
        // extent of 1 is never followed and does not count.
        const index_t down = m == 1 ? 0 : gemm_magnitude(row_stride);
        const index_t across = n == 1 ? 0 : gemm_magnitude(col_stride);
        const bool transposed = m == 1 || (n > 1 && across < down);
        const index_t columns = transposed ? m : n;  // of the C the kernel computes
        const index_t units = (columns + gemm_blocking<gemm_compute_t<R>>::nr - 1) / gemm_blocking<gemm_compute_t<R>>::nr;
        return {.kernel = product_kernel::blocked,
                .transposed = transposed,
                .units = units,
                .threads = threads_for(units, double(m) * double(n) * double(k) >= parallel_min_multiply_adds)};
    }
}

/// What gemm does for C = A·B with the arguments of schedule_gemm, for
/// path_of: its schedule, with the sizes and the blocked kernel's blocks.
template <class R>
product_path plan_gemm(index_t m, index_t n, index_t k, index_t row_stride, index_t col_stride) {
    const gemm_schedule schedule = schedule_gemm<R>(m, n, k, row_stride, col_stride);
    product_path how{.m = m,
                     .n = n,
                     .k = k,
                     .kernel = schedule.kernel,
                     .transposed = schedule.transposed,
                     .units = schedule.units,
                     .threads = schedule.threads};
    if (schedule.kernel == product_kernel::blocked) {
        using blocking = gemm_blocking<gemm_compute_t<std::conditional_t<half_element<R>, float, R>>>;
        how.mr = blocking::mr;
        how.nr = blocking::nr;
        how.kc = blocking::kc;
        how.mc = blocking::mc;
        how.nc = blocking::nc;
    }
    return how;
}

}  // namespace detail

/// C = A·B, or C += A·B when `accumulate`, for an m × k matrix A, a k × n
/// matrix B and an m × n matrix C, as NumPy's matmul computes it in the
/// result type R: each element of A and B is converted to R (as it is packed,
/// so mixed types cost nothing extra), products are summed in R's
/// arithmetic: floating point (fused multiply-adds, in an order of gemm's
/// choosing), integers with wraparound, bool as `or` of `and`s.
///
/// Preconditions (the caller checks them): a.rows == c.rows, a.cols ==
/// b.rows, b.cols == c.cols, all extents ≥ 0; every element addressed exists;
/// C's elements are distinct (no zero stride along an extent above 1) and
/// overlap neither A nor B. A and B may have any strides, 0 included.
///
/// With k == 0, C is set to zeros (left as it is when accumulating); with
/// m == 0 or n == 0 nothing is read or written.
template <class R, class A, class B>
    requires storable_in<A, R> && storable_in<B, R>
void gemm(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate = false) {
    const detail::gemm_schedule how = detail::schedule_gemm<R>(c.rows, c.cols, a.cols, c.row_stride, c.col_stride);
    switch (how.kernel) {
    case product_kernel::zeros:
        if (accumulate) return;
        for (index_t i = 0; i < c.rows; ++i) {
            for (index_t j = 0; j < c.cols; ++j) c.data[i * c.row_stride + j * c.col_stride] = R(0);
        }
        return;
    case product_kernel::complex:
        if constexpr (complex_element<R>) detail::gemm_complex<R, A, B>(a, b, c, accumulate, how.units, how.threads);
        return;
    case product_kernel::blocked:
        if constexpr (!complex_element<R>) {
            if (how.transposed)
                detail::gemm_blocked_threads<R, B, A>(b.transposed(), a.transposed(), c.transposed(), accumulate, how);
            else
                detail::gemm_blocked_threads<R, A, B>(a, b, c, accumulate, how);
        }
        return;
    case product_kernel::none:
    case product_kernel::blas:   // never planned here: blas_gemm takes its products before gemm,
    case product_kernel::small:  // and matmul's loop for small matrices before both
        return;
    }
}

/// gemm for a float16 or bfloat16 C: the products summed in float32 (the
/// kernels' arithmetic) and each element of C rounded once, as NumPy's
/// float16 matmul sums in float. Preconditions as the other gemm's.
template <class R, class A, class B>
    requires half_element<R> && storable_in<A, R> && storable_in<B, R>
void gemm(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate = false) {
    const index_t m = c.rows, n = c.cols;
    if (m == 0 || n == 0) return;
    storage<float> sums(m * n);  // no overflow: C's elements exist
    gemm<float, A, B>(a, b, detail::half_sums(sums.data(), m, n));
    for (index_t i = 0; i < m; ++i) {
        for (index_t j = 0; j < n; ++j) {
            R& target = c.data[i * c.row_stride + j * c.col_stride];
            const float sum = sums.data()[i * n + j];
            target = R(accumulate ? float(target) + sum : sum);
        }
    }
}

}  // namespace loom::linalg

// With LOOM_COMPILED (CMake: link loom::compiled), gemm on operands and a result of one type is
// compiled once, in the library (src/linalg.cpp), instead of in every file that multiplies.
#ifdef LOOM_COMPILED
namespace loom::linalg {
extern template void gemm<float, float, float>(matrix_ref<const float>, matrix_ref<const float>, matrix_ref<float>,
                                               bool);
extern template void gemm<double, double, double>(matrix_ref<const double>, matrix_ref<const double>,
                                                  matrix_ref<double>, bool);
extern template void gemm<std::int32_t, std::int32_t, std::int32_t>(matrix_ref<const std::int32_t>,
                                                                    matrix_ref<const std::int32_t>,
                                                                    matrix_ref<std::int32_t>, bool);
extern template void gemm<std::int64_t, std::int64_t, std::int64_t>(matrix_ref<const std::int64_t>,
                                                                    matrix_ref<const std::int64_t>,
                                                                    matrix_ref<std::int64_t>, bool);
extern template void gemm<std::complex<float>, std::complex<float>, std::complex<float>>(
    matrix_ref<const std::complex<float>>, matrix_ref<const std::complex<float>>, matrix_ref<std::complex<float>>,
    bool);
extern template void gemm<std::complex<double>, std::complex<double>, std::complex<double>>(
    matrix_ref<const std::complex<double>>, matrix_ref<const std::complex<double>>, matrix_ref<std::complex<double>>,
    bool);
}  // namespace loom::linalg
#endif
