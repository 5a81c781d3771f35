// loom::linalg on matrices holding NaN or infinity: the functions built on
// an SVD (svd, lstsq, pinv, matrix_rank, cond, norm 2) throw
// loom::linalg_error, as NumPy 1.24 raises LinAlgError("SVD did not
// converge") for each; LAPACK 3.10's xgesdd and xgelsd would otherwise
// report an illegal argument. Compiled only with LAPACK.

#include <gtest/gtest.h>

#include <complex>
#include <string>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

#ifdef LOOM_HAVE_LAPACK

using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::inf;
using loom::testing::message_of;
using loom::testing::nan;

tensor<double> nonfinite_matrix(double value) {
    tensor<double> a(shape_type{2, 2});
    a.data()[0] = value;
    a.data()[1] = 1.0;
    a.data()[2] = 1.0;
    a.data()[3] = 1.0;
    return a;
}

// NumPy: np.linalg.svd(np.array([[np.nan, 1.], [1, 1]])) raises LinAlgError.
TEST(LinalgNonfinite, SvdOfNanIsALinalgError) {
    const tensor<double> a = nonfinite_matrix(nan);
    EXPECT_THROW(loom::linalg::svd(a), loom::linalg_error);
    EXPECT_THROW(loom::linalg::svd(a, false, false), loom::linalg_error);
    const std::string message = message_of([&] { loom::linalg::svd(a); });
    EXPECT_TRUE(contains(message, "svd: the matrix of shape [2, 2] holds NaN or infinite values")) << message;
}

// The matrix at fault is named by its batch index.
TEST(LinalgNonfinite, SvdNamesTheMatrixOfAStack) {
    tensor<double> a(shape_type{2, 2, 2}, 1.0);
    a.data()[5] = inf;
    const std::string message = message_of([&] { loom::linalg::svd(a); });
    EXPECT_TRUE(contains(message, "the matrix at batch index [1] of shape [2, 2, 2]")) << message;
}

// NumPy: np.linalg.lstsq with an infinite element in a raises LinAlgError.
TEST(LinalgNonfinite, LstsqOfInfinityIsALinalgError) {
    const tensor<double> b(shape_type{2}, 1.0);
    EXPECT_THROW(loom::linalg::lstsq(nonfinite_matrix(inf), b), loom::linalg_error);
    tensor<std::complex<double>> complex_a(shape_type{2, 2}, std::complex<double>(1.0, 0.0));
    complex_a.data()[3] = {0.0, nan};
    const tensor<std::complex<double>> complex_b(shape_type{2}, std::complex<double>(1.0, 0.0));
    EXPECT_THROW(loom::linalg::lstsq(complex_a, complex_b, -1.0), loom::linalg_error);
}

// NumPy: pinv, matrix_rank, cond and norm(a, 2) of [[nan, 1], [1, 1]] each raise LinAlgError.
TEST(LinalgNonfinite, FunctionsBuiltOnTheSvdThrowLinalgError) {
    const tensor<double> a = nonfinite_matrix(nan);
    EXPECT_THROW(loom::linalg::pinv(a), loom::linalg_error);
    EXPECT_THROW(loom::linalg::matrix_rank(a), loom::linalg_error);
    EXPECT_THROW(loom::linalg::cond(a), loom::linalg_error);
    EXPECT_THROW(loom::linalg::norm(a, 2), loom::linalg_error);
}

// Finite matrices are untouched: NumPy's np.linalg.svd([[3., 1.], [1., 1.]], compute_uv=False)
// gives [3.41421356, 0.58578644] (2 ± sqrt(2)).
TEST(LinalgNonfinite, FiniteMatricesAreDecomposedAsBefore) {
    const tensor<double> s = loom::linalg::svd(nonfinite_matrix(3.0), false, false).s;
    ASSERT_EQ(s.shape(), (shape_type{2}));
    EXPECT_NEAR(s.data()[0], 3.41421356237309515, 1e-14);
    EXPECT_NEAR(s.data()[1], 0.58578643762690485, 1e-14);
}

#endif

}  // namespace
