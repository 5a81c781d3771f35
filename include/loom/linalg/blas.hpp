#pragma once
// The BLAS products matmul may hand a matrix product to: sgemm, dgemm, cgemm
// and zgemm, declared here (no BLAS header is needed; Fortran interface, as
// lapack.hpp declares LAPACK's), and blas_gemm, which calls one of them when
// loom was compiled with a BLAS (LOOM_HAVE_BLAS: CMake's option LOOM_BLAS
// defines it and links the library), the operands' layout is one BLAS reads,
// and Note [when matmul calls BLAS] says BLAS is the faster (blas_call_for
// decides, and path_of reports its decision); it returns false, having done
// nothing, otherwise, and the caller runs loom's own gemm.
// Cost of including: <climits>, <complex>, <cstddef>, <optional> and <type_traits> only,
// beyond core/types.hpp and matrix_ref.hpp.
//
// Note [when matmul calls BLAS]: measured on one core of an AMD EPYC
// (OpenBLAS 0.3.21 choosing its Cooperlake kernels, loom's gemm compiled
// with -O3 -march=native, AVX-512; medians of 5 repetitions of
// benchmarks/bench_matmul, CPU time, machine shared with builds;
// docs/performance.md has the table and the command):
//
//     OpenBLAS's speed over loom's   64³    256³   1024³   8192×64 · 64×64
//     float32                        1.51   1.02   0.99    1.03
//     float64                        1.37   0.83   0.96    0.82
//     complex64                      1.44   3.04   3.19    2.32
//     complex128                     2.35   2.73   4.86    1.60
//
// and, on the smallest products (n × n · n × n, the same settings, one
// run of 3 repetitions; BLAS's time over loom's):
//
//     n             2      4      6      8
//     float32       0.53   0.42
//     complex64     4.7    1.6    0.64   1.0
//     complex128    1.9    1.2    0.75   0.79
//
// so matmul calls BLAS for a complex product of 128 multiply-adds (m·n·k)
// or more (loom's complex kernel is not blocked for SIMD registers as its
// real one is; on a few elements its direct loops beat BLAS's set-up), and
// for a float32 or float64 product of fewer than 128³ multiply-adds,
// between 64³, where OpenBLAS leads, and 256³, where the two tie or loom
// leads; larger real products stay on loom's kernel, on loom's threads. The
// rule is blas_pays below; it holds for each product of a batch on its own
// (one BLAS call per batch element).
//
// What BLAS can take: float32, float64, complex64 and complex128 operands of
// the result's own type (a product of mixed types, integers, bool and the
// half types stay on loom's kernel: integers must stay exact); each matrix,
// A, B and C, with one of its two strides 1 and the other positive and at
// least the extent it steps over (BLAS's leading dimension), every size and
// leading dimension within BLAS's 32-bit `int`. A row-major C is computed as
// Cᵀ = Bᵀ·Aᵀ, so that row-major data is read in place, never copied; a
// transposed view is passed with 'T'. Anything else (a broadcast matrix with
// stride 0, a negative stride, a view with no unit stride) goes to loom's
// kernel, which takes any strides.
//
// Threads: OpenBLAS splits a product across its own threads
// (OPENBLAS_NUM_THREADS, or openblas_set_num_threads), not loom's:
// loom::set_num_threads does not reach a product BLAS computes. A batch's
// products are computed one after another, each on BLAS's threads.
//
// Results: BLAS sums in its own order, as loom's kernel sums in its own; both
// are within NumPy's rounding of NumPy's results (NumPy's matmul calls the
// same BLAS for these types). A NaN or infinity propagates as IEEE arithmetic
// says with OpenBLAS; a BLAS that skips the products by an element of B that
// is exactly zero (as older reference BLAS did) gives 0 there for 0·inf, not
// NaN.

#include <climits>
#include <complex>
#include <cstddef>
#include <optional>
#include <type_traits>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/linalg/matrix_ref.hpp"

#ifdef LOOM_HAVE_BLAS
extern "C" {
void sgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k, const float* alpha,
            const float* a, const int* lda, const float* b, const int* ldb, const float* beta, float* c,
            const int* ldc, std::size_t transa_length, std::size_t transb_length);
void dgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k, const double* alpha,
            const double* a, const int* lda, const double* b, const int* ldb, const double* beta, double* c,
            const int* ldc, std::size_t transa_length, std::size_t transb_length);
void cgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const std::complex<float>* alpha, const std::complex<float>* a, const int* lda,
            const std::complex<float>* b, const int* ldb, const std::complex<float>* beta, std::complex<float>* c,
            const int* ldc, std::size_t transa_length, std::size_t transb_length);
void zgemm_(const char* transa, const char* transb, const int* m, const int* n, const int* k,
            const std::complex<double>* alpha, const std::complex<double>* a, const int* lda,
            const std::complex<double>* b, const int* ldb, const std::complex<double>* beta, std::complex<double>* c,
            const int* ldc, std::size_t transa_length, std::size_t transb_length);
}
#endif

namespace loom::linalg {

/// True when loom was compiled with a BLAS (LOOM_HAVE_BLAS), which matmul,
/// dot and the other products call where Note [when matmul calls BLAS] in
/// linalg/blas.hpp says it is the faster; false otherwise. NumPy: the BLAS
/// section of numpy.show_config(). A constant: nothing to throw.
inline constexpr bool blas_found =
#ifdef LOOM_HAVE_BLAS
    true;
#else
    false;
#endif

namespace detail {

/// The element types BLAS multiplies: float32, float64, complex64, complex128.
template <class T>
inline constexpr bool blas_element = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                     std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;

/// How BLAS reads a matrix of `rows` × `cols`, column-major: as it is ('N',
/// row stride 1) or transposed ('T', column stride 1), with leading dimension `ld`.
struct blas_operand {
    char trans;
    int ld;
};

// `value` as BLAS's int, or false when it does not fit.
inline bool blas_int(index_t value, int& result) {
    if (value < 0 || value > INT_MAX) return false;
    result = static_cast<int>(value);
    return true;
}

// The way BLAS reads x column-major, if there is one: 'N' when x's rows are
// adjacent (row stride 1) and its columns ld ≥ rows apart, 'T' when its
// columns are adjacent and its rows ld ≥ cols apart. A stride along an extent
// of 1 is never followed and does not count. x has rows, cols > 0.
template <class T>
bool blas_layout(const matrix_ref<T>& x, blas_operand& result) {
    const auto fits = [&](char trans, index_t unit, index_t unit_extent, index_t ld, index_t ld_extent,
                          index_t least) {
        if (unit_extent > 1 && unit != 1) return false;
        const index_t leading = ld_extent > 1 ? ld : least;
        if (leading < least || !blas_int(leading, result.ld)) return false;
        result.trans = trans;
        return true;
    };
    return fits('N', x.row_stride, x.rows, x.col_stride, x.cols, x.rows) ||
           fits('T', x.col_stride, x.cols, x.row_stride, x.rows, x.cols);
}

#ifdef LOOM_HAVE_BLAS
// The BLAS routine of each type, with Fortran's hidden lengths of the two one-character arguments.
inline void blas_xgemm(const char* ta, const char* tb, const int* m, const int* n, const int* k, const float* alpha,
                       const float* a, const int* lda, const float* b, const int* ldb, const float* beta, float* c,
                       const int* ldc) {
    sgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
inline void blas_xgemm(const char* ta, const char* tb, const int* m, const int* n, const int* k, const double* alpha,
                       const double* a, const int* lda, const double* b, const int* ldb, const double* beta,
                       double* c, const int* ldc) {
    dgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
inline void blas_xgemm(const char* ta, const char* tb, const int* m, const int* n, const int* k,
                       const std::complex<float>* alpha, const std::complex<float>* a, const int* lda,
                       const std::complex<float>* b, const int* ldb, const std::complex<float>* beta,
                       std::complex<float>* c, const int* ldc) {
    cgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
inline void blas_xgemm(const char* ta, const char* tb, const int* m, const int* n, const int* k,
                       const std::complex<double>* alpha, const std::complex<double>* a, const int* lda,
                       const std::complex<double>* b, const int* ldb, const std::complex<double>* beta,
                       std::complex<double>* c, const int* ldc) {
    zgemm_(ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, 1, 1);
}
#endif

}  // namespace detail

/// The number of multiply-adds (m·n·k) below which BLAS computes a float32
/// or float64 product faster than loom's kernel: 128³, between the sizes
/// measured (Note [when matmul calls BLAS]).
inline constexpr double blas_real_products_below = 128.0 * 128.0 * 128.0;

/// The number of multiply-adds (m·n·k) from which BLAS computes a complex
/// product faster than loom's kernel: 128, between 4³ and 6³ (Note [when
/// matmul calls BLAS]).
inline constexpr double blas_complex_products_from = 128.0;

/// True when BLAS computes an m × k by k × n product of element type T
/// faster than loom's own kernel, by Note [when matmul calls BLAS] in
/// linalg/blas.hpp: its rule, whether or not loom has a BLAS. m, n, k > 0.
/// NumPy has no such rule: its matmul hands every float and complex product
/// to its BLAS. Throws nothing.
template <class T>
constexpr bool blas_pays(index_t m, index_t n, index_t k) {
    if constexpr (complex_element<T>) {
        return double(m) * double(n) * double(k) >= blas_complex_products_from;
    } else {
        return double(m) * double(n) * double(k) < blas_real_products_below;
    }
}

namespace detail {

/// A call of BLAS's gemm: the column-major C = A·B of m × k by k × n, each
/// matrix read as its `trans` says with its leading dimension `ld`.
template <class T>
struct blas_call {
    blas_operand a, b, c;
    int m, n, k;
    const T* a_data;
    const T* b_data;
    T* c_data;
};

}  // namespace detail

/// The BLAS call that computes C = A·B, when loom was compiled with a BLAS,
/// A, B and C all have the same type, one of float32, float64, complex64 and
/// complex128, their layouts are ones BLAS reads (Note [when matmul calls
/// BLAS]) and blas_pays says so; nothing otherwise, and loom's kernel
/// computes the product. blas_gemm runs by it; path_of reports it. Reads
/// only the sizes and strides. Throws nothing.
template <class R, class A, class B>
std::optional<detail::blas_call<R>> blas_call_for([[maybe_unused]] matrix_ref<const A> a,
                                                  [[maybe_unused]] matrix_ref<const B> b,
                                                  [[maybe_unused]] matrix_ref<R> c) {
    if constexpr (!blas_found || !detail::blas_element<R> || !std::is_same_v<A, R> || !std::is_same_v<B, R>) {
        return std::nullopt;
    } else {
        if (c.rows == 0 || c.cols == 0 || a.cols == 0 || !blas_pays<R>(c.rows, c.cols, a.cols)) return std::nullopt;
        detail::blas_call<R> call{};
        if (!detail::blas_layout(c, call.c)) return std::nullopt;
        if (call.c.trans == 'T') {  // C row-major: Cᵀ = Bᵀ·Aᵀ, with Cᵀ column-major
            return blas_call_for<R, B, A>(b.transposed(), a.transposed(), c.transposed());
        }
        if (!detail::blas_layout(a, call.a) || !detail::blas_layout(b, call.b) || !detail::blas_int(c.rows, call.m) ||
            !detail::blas_int(c.cols, call.n) || !detail::blas_int(a.cols, call.k)) {
            return std::nullopt;
        }
        call.a_data = a.data;
        call.b_data = b.data;
        call.c_data = c.data;
        return call;
    }
}

/// C = A·B (C += A·B when `accumulate`) by BLAS's gemm, when blas_call_for
/// gives a call for it; returns true when it did, false, having touched
/// nothing, otherwise.
/// Preconditions as linalg::gemm's. NumPy: what numpy.matmul's loops do for
/// these types (cblas_xgemm); PyTorch: torch.mm on the CPU. Throws nothing.
template <class R, class A, class B>
bool blas_gemm(matrix_ref<const A> a, matrix_ref<const B> b, matrix_ref<R> c,
               [[maybe_unused]] bool accumulate = false) {
    [[maybe_unused]] const auto call = blas_call_for<R, A, B>(a, b, c);
#ifdef LOOM_HAVE_BLAS
    if constexpr (detail::blas_element<R>) {
        if (!call) return false;
        const R one(1), beta(accumulate ? 1 : 0);
        detail::blas_xgemm(&call->a.trans, &call->b.trans, &call->m, &call->n, &call->k, &one, call->a_data,
                           &call->a.ld, call->b_data, &call->b.ld, &beta, call->c_data, &call->c.ld);
        return true;
    }
#endif
    return false;
}

}  // namespace loom::linalg
