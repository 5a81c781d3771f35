#pragma once
// The LAPACK routines loom::linalg calls, declared here (no LAPACK header is
// needed), and lapack<T>: one traits struct per element type naming its
// routines, so that each solver is written once for float and double (and
// complex types slot in as two more specialisations). The declarations are
// compiled only when LOOM_HAVE_LAPACK is defined (CMake defines it, and links
// LAPACK, when it finds one: option LOOM_LAPACK); without it lapack<T> is
// never defined and every function that needs it stops at compile time with
// one sentence (Note [compiled without LAPACK]).
//
// LAPACK's complex numbers are passed as std::complex<float> and
// std::complex<double>, whose layout (real part, then imaginary part) is
// Fortran's COMPLEX and COMPLEX*16.
//
// LAPACK's integers are `int` (the LP64 interface of reference LAPACK and
// OpenBLAS); a Fortran routine with character arguments takes their lengths
// as hidden trailing arguments, of type size_t with gfortran 8 and later.
// Cost of including: <cstddef>, <climits> and <complex> only.
//
// Note [compiled without LAPACK]: a public function that needs LAPACK is
//
//     if constexpr (lapack_found<T>) { ... } else { static_assert(lapack_found<T>, message); return R{}; }
//
// so that without LAPACK the body that names lapack<T> is never
// instantiated, and a call stops at the one static_assert, whose message
// says how to enable LAPACK (the return, never reached, gives the function
// its result type, so that the caller's code raises no second error);
// loom's other headers, and these ones when nothing calls them, compile as
// before.

#include <climits>
#include <complex>
#include <cstddef>

namespace loom::linalg::detail {

/// The routines of LAPACK for element type T: specialised for float,
/// double, std::complex<float> and std::complex<double> when LOOM_HAVE_LAPACK is defined, never otherwise.
template <class T>
struct lapack;

/// True when loom was compiled with LAPACK; a template, so that a
/// static_assert on it fails only where a function that needs LAPACK is used.
template <class T>
inline constexpr bool lapack_found =
#ifdef LOOM_HAVE_LAPACK
    true;
#else
    false;
#endif

}  // namespace loom::linalg::detail

/// The one sentence a function that needs LAPACK stops with when loom was compiled without it.
#define LOOM_LAPACK_NEEDED(function)                                                                         \
    "loom::linalg::" function " needs LAPACK: install liblapack-dev (or libopenblas-dev) and configure with " \
    "-DLOOM_LAPACK=ON, or define LOOM_HAVE_LAPACK and link -llapack"

#ifdef LOOM_HAVE_LAPACK

extern "C" {
void sgesv_(const int* n, const int* nrhs, float* a, const int* lda, int* ipiv, float* b, const int* ldb, int* info);
void dgesv_(const int* n, const int* nrhs, double* a, const int* lda, int* ipiv, double* b, const int* ldb, int* info);
void sgetrf_(const int* m, const int* n, float* a, const int* lda, int* ipiv, int* info);
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void spotrf_(const char* uplo, const int* n, float* a, const int* lda, int* info, std::size_t uplo_length);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, std::size_t uplo_length);
void sgeqrf_(const int* m, const int* n, float* a, const int* lda, float* tau, float* work, const int* lwork,
             int* info);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work, const int* lwork,
             int* info);
void sorgqr_(const int* m, const int* n, const int* k, float* a, const int* lda, const float* tau, float* work,
             const int* lwork, int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau, double* work,
             const int* lwork, int* info);
void sgesdd_(const char* jobz, const int* m, const int* n, float* a, const int* lda, float* s, float* u,
             const int* ldu, float* vt, const int* ldvt, float* work, const int* lwork, int* iwork, int* info,
             std::size_t jobz_length);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info,
             std::size_t jobz_length);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, std::size_t jobz_length,
             std::size_t uplo_length);
void sgelsd_(const int* m, const int* n, const int* nrhs, float* a, const int* lda, float* b, const int* ldb,
             float* s, const float* rcond, int* rank, float* work, const int* lwork, int* iwork, int* info);
void dgelsd_(const int* m, const int* n, const int* nrhs, double* a, const int* lda, double* b, const int* ldb,
             double* s, const double* rcond, int* rank, double* work, const int* lwork, int* iwork, int* info);
void sgeev_(const char* jobvl, const char* jobvr, const int* n, float* a, const int* lda, float* wr, float* wi,
            float* vl, const int* ldvl, float* vr, const int* ldvr, float* work, const int* lwork, int* info,
            std::size_t jobvl_length, std::size_t jobvr_length);
void dgeev_(const char* jobvl, const char* jobvr, const int* n, double* a, const int* lda, double* wr, double* wi,
            double* vl, const int* ldvl, double* vr, const int* ldvr, double* work, const int* lwork, int* info,
            std::size_t jobvl_length, std::size_t jobvr_length);
void cgesv_(const int* n, const int* nrhs, std::complex<float>* a, const int* lda, int* ipiv, std::complex<float>* b,
            const int* ldb, int* info);
void cgetrf_(const int* m, const int* n, std::complex<float>* a, const int* lda, int* ipiv, int* info);
void cpotrf_(const char* uplo, const int* n, std::complex<float>* a, const int* lda, int* info,
             std::size_t uplo_length);
void cgeqrf_(const int* m, const int* n, std::complex<float>* a, const int* lda, std::complex<float>* tau,
             std::complex<float>* work, const int* lwork, int* info);
void cungqr_(const int* m, const int* n, const int* k, std::complex<float>* a, const int* lda,
             const std::complex<float>* tau, std::complex<float>* work, const int* lwork, int* info);
void cgesdd_(const char* jobz, const int* m, const int* n, std::complex<float>* a, const int* lda, float* s,
             std::complex<float>* u, const int* ldu, std::complex<float>* vt, const int* ldvt,
             std::complex<float>* work, const int* lwork, float* rwork, int* iwork, int* info, std::size_t jobz_length);
void cheevd_(const char* jobz, const char* uplo, const int* n, std::complex<float>* a, const int* lda, float* w,
             std::complex<float>* work, const int* lwork, float* rwork, const int* lrwork, int* iwork,
             const int* liwork, int* info, std::size_t jobz_length, std::size_t uplo_length);
void cgelsd_(const int* m, const int* n, const int* nrhs, std::complex<float>* a, const int* lda,
             std::complex<float>* b, const int* ldb, float* s, const float* rcond, int* rank, std::complex<float>* work,
             const int* lwork, float* rwork, int* iwork, int* info);
void cgeev_(const char* jobvl, const char* jobvr, const int* n, std::complex<float>* a, const int* lda,
            std::complex<float>* w, std::complex<float>* vl, const int* ldvl, std::complex<float>* vr, const int* ldvr,
            std::complex<float>* work, const int* lwork, float* rwork, int* info, std::size_t jobvl_length,
            std::size_t jobvr_length);
void zgesv_(const int* n, const int* nrhs, std::complex<double>* a, const int* lda, int* ipiv, std::complex<double>* b,
            const int* ldb, int* info);
void zgetrf_(const int* m, const int* n, std::complex<double>* a, const int* lda, int* ipiv, int* info);
void zpotrf_(const char* uplo, const int* n, std::complex<double>* a, const int* lda, int* info,
             std::size_t uplo_length);
void zgeqrf_(const int* m, const int* n, std::complex<double>* a, const int* lda, std::complex<double>* tau,
             std::complex<double>* work, const int* lwork, int* info);
void zungqr_(const int* m, const int* n, const int* k, std::complex<double>* a, const int* lda,
             const std::complex<double>* tau, std::complex<double>* work, const int* lwork, int* info);
void zgesdd_(const char* jobz, const int* m, const int* n, std::complex<double>* a, const int* lda, double* s,
             std::complex<double>* u, const int* ldu, std::complex<double>* vt, const int* ldvt,
             std::complex<double>* work, const int* lwork, double* rwork, int* iwork, int* info,
             std::size_t jobz_length);
void zheevd_(const char* jobz, const char* uplo, const int* n, std::complex<double>* a, const int* lda, double* w,
             std::complex<double>* work, const int* lwork, double* rwork, const int* lrwork, int* iwork,
             const int* liwork, int* info, std::size_t jobz_length, std::size_t uplo_length);
void zgelsd_(const int* m, const int* n, const int* nrhs, std::complex<double>* a, const int* lda,
             std::complex<double>* b, const int* ldb, double* s, const double* rcond, int* rank,
             std::complex<double>* work, const int* lwork, double* rwork, int* iwork, int* info);
void zgeev_(const char* jobvl, const char* jobvr, const int* n, std::complex<double>* a, const int* lda,
            std::complex<double>* w, std::complex<double>* vl, const int* ldvl, std::complex<double>* vr,
            const int* ldvr, std::complex<double>* work, const int* lwork, double* rwork, int* info,
            std::size_t jobvl_length, std::size_t jobvr_length);
}

namespace loom::linalg::detail {

// All four types call their routines through the same members, with sizes
// by value; `info` is LAPACK's. The real types ignore `rwork` and `lrwork`,
// the real workspace only the complex routines take; syevd and orgqr are
// the complex types' heevd and ungqr (Hermitian, unitary).

// The routines whose arguments are the same for the real and the complex types.
#define LOOM_LAPACK_SHARED_ROUTINES(T, p)                                                                          \
    using value_type = T;                                                                                         \
    static void gesv(int n, int nrhs, T* a, int lda, int* ipiv, T* b, int ldb, int& info) {                       \
        p##gesv_(&n, &nrhs, a, &lda, ipiv, b, &ldb, &info);                                                       \
    }                                                                                                             \
    static void getrf(int m, int n, T* a, int lda, int* ipiv, int& info) { p##getrf_(&m, &n, a, &lda, ipiv, &info); } \
    static void potrf(char uplo, int n, T* a, int lda, int& info) { p##potrf_(&uplo, &n, a, &lda, &info, 1); }     \
    static void geqrf(int m, int n, T* a, int lda, T* tau, T* work, int lwork, int& info) {                       \
        p##geqrf_(&m, &n, a, &lda, tau, work, &lwork, &info);                                                     \
    }

#define LOOM_LAPACK_REAL_ROUTINES(T, p)                                                                             \
    LOOM_LAPACK_SHARED_ROUTINES(T, p)                                                                             \
    static void orgqr(int m, int n, int k, T* a, int lda, const T* tau, T* work, int lwork, int& info) {          \
        p##orgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, &info);                                                 \
    }                                                                                                             \
    static void gesdd(char jobz, int m, int n, T* a, int lda, T* s, T* u, int ldu, T* vt, int ldvt, T* work,      \
                      int lwork, T*, int* iwork, int& info) {                                                     \
        p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, &info, 1);                  \
    }                                                                                                             \
    static void syevd(char jobz, char uplo, int n, T* a, int lda, T* w, T* work, int lwork, T*, int, int* iwork,  \
                      int liwork, int& info) {                                                                    \
        p##syevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, &info, 1, 1);                       \
    }                                                                                                             \
    static void gelsd(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, T* s, T rcond, int& rank, T* work,    \
                      int lwork, T*, int* iwork, int& info) {                                                     \
        p##gelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, &rank, work, &lwork, iwork, &info);                 \
    }                                                                                                             \
    static void geev(char jobvr, int n, T* a, int lda, T* wr, T* wi, T* vr, int ldvr, T* work, int lwork,         \
                     int& info) {                                                                                 \
        const char jobvl = 'N';                                                                                   \
        const int ldvl = 1;                                                                                       \
        T vl{};                                                                                                   \
        p##geev_(&jobvl, &jobvr, &n, a, &lda, wr, wi, &vl, &ldvl, vr, &ldvr, work, &lwork, &info, 1, 1);          \
    }

/// LAPACK's single-precision real routines (s...).
template <>
struct lapack<float> {
    LOOM_LAPACK_REAL_ROUTINES(float, s)
};

/// LAPACK's double-precision real routines (d...).
template <>
struct lapack<double> {
    LOOM_LAPACK_REAL_ROUTINES(double, d)
};

#undef LOOM_LAPACK_REAL_ROUTINES

#define LOOM_LAPACK_COMPLEX_ROUTINES(T, R, p)                                                                      \
    LOOM_LAPACK_SHARED_ROUTINES(T, p)                                                                             \
    static void orgqr(int m, int n, int k, T* a, int lda, const T* tau, T* work, int lwork, int& info) {          \
        p##ungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, &info);                                                 \
    }                                                                                                             \
    static void gesdd(char jobz, int m, int n, T* a, int lda, R* s, T* u, int ldu, T* vt, int ldvt, T* work,      \
                      int lwork, R* rwork, int* iwork, int& info) {                                               \
        p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, rwork, iwork, &info, 1);           \
    }                                                                                                             \
    static void syevd(char jobz, char uplo, int n, T* a, int lda, R* w, T* work, int lwork, R* rwork, int lrwork, \
                      int* iwork, int liwork, int& info) {                                                        \
        p##heevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, &info, 1, 1);       \
    }                                                                                                             \
    static void gelsd(int m, int n, int nrhs, T* a, int lda, T* b, int ldb, R* s, R rcond, int& rank, T* work,    \
                      int lwork, R* rwork, int* iwork, int& info) {                                               \
        p##gelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, &rank, work, &lwork, rwork, iwork, &info);          \
    }                                                                                                             \
    static void geev(char jobvr, int n, T* a, int lda, T* w, T* vr, int ldvr, T* work, int lwork, R* rwork,       \
                     int& info) {                                                                                 \
        const char jobvl = 'N';                                                                                   \
        const int ldvl = 1;                                                                                       \
        T vl{};                                                                                                   \
        p##geev_(&jobvl, &jobvr, &n, a, &lda, w, &vl, &ldvl, vr, &ldvr, work, &lwork, rwork, &info, 1, 1);        \
    }

/// LAPACK's single-precision complex routines (c...).
template <>
struct lapack<std::complex<float>> {
    LOOM_LAPACK_COMPLEX_ROUTINES(std::complex<float>, float, c)
};

/// LAPACK's double-precision complex routines (z...).
template <>
struct lapack<std::complex<double>> {
    LOOM_LAPACK_COMPLEX_ROUTINES(std::complex<double>, double, z)
};

#undef LOOM_LAPACK_COMPLEX_ROUTINES
#undef LOOM_LAPACK_SHARED_ROUTINES

}  // namespace loom::linalg::detail

#endif
