#pragma once
// The matrix product of complex elements: a blocked kernel apart from the
// real types' SIMD micro-kernels (gemm_microkernel.hpp), which gemm calls
// for a complex result type, as schedule_gemm (gemm.hpp) scheduled it.
// Includes only <algorithm> and <array> beyond loom's core and thread
// headers.

#include <algorithm>
#include <array>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/threads.hpp"
#include "loom/linalg/matrix_ref.hpp"

namespace loom::linalg::detail {

// Columns of C computed together: their real and imaginary sums are held in
// two arrays, which the compiler keeps in vector registers.
inline constexpr index_t complex_gemm_columns = 64;

// C's rows [first, last): each element the sum over p of A(i, p)·B(p, j),
// with p rising, in R's arithmetic, each product as NumPy's (re·re - im·im,
// re·im + im·re).
template <complex_element R, class A, class B>
void gemm_complex_rows(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate, index_t first,
                       index_t last) {
    using T = typename R::value_type;
    constexpr index_t width = complex_gemm_columns;
    std::array<T, width> real{}, imag{};
    for (index_t jb = 0; jb < c.cols; jb += width) {
        const index_t columns = std::min(width, c.cols - jb);
        for (index_t i = first; i < last; ++i) {
            R* const out = c.data + i * c.row_stride + jb * c.col_stride;
            for (index_t j = 0; j < columns; ++j) {
                const R start = accumulate ? out[j * c.col_stride] : R(0);
                real[j] = start.real();
                imag[j] = start.imag();
            }
            for (index_t p = 0; p < a.cols; ++p) {
                const R x = R(a.data[i * a.row_stride + p * a.col_stride]);
                const B* const row = b.data + p * b.row_stride + jb * b.col_stride;
                for (index_t j = 0; j < columns; ++j) {
                    const R y = R(row[j * b.col_stride]);
                    real[j] += x.real() * y.real() - x.imag() * y.imag();
                    imag[j] += x.real() * y.imag() + x.imag() * y.real();
                }
            }
            for (index_t j = 0; j < columns; ++j) out[j * c.col_stride] = R(real[j], imag[j]);
        }
    }
}

/// C = A·B (C += A·B when `accumulate`) for a complex C, with m, n, k > 0,
/// C's `rows` shared among `threads` threads (gemm.hpp's schedule_gemm).
template <complex_element R, class A, class B>
void gemm_complex(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c, bool accumulate,
                  index_t rows, int threads) {
    parallel_for(rows, threads, [&](index_t first, index_t last) {
        gemm_complex_rows<R, A, B>(a, b, c, accumulate, first, last);
    });
}

}  // namespace loom::linalg::detail
