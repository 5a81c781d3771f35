// numpy.linalg in loom::linalg: the solvers and decompositions on LAPACK
// (solve, inv, det, slogdet, lstsq, cholesky, qr, svd, eigh, eigvalsh, pinv,
// matrix_rank, cond) and those that need none (norm, matrix_power,
// multi_dot). Values are NumPy 1.24's for the same inputs (most from the
// examples of NumPy's documentation); where a result is not unique (the
// signs of Q, U, V and eigenvectors), the test checks what defines it:
// A x - b, Q R - A with Q orthonormal, U S Vh - A, A v - w v, L L^T - A.
// Batches, views, empty matrices, 1 x 1, float32 and float64, integer
// inputs (computed in float64), and the errors with their messages.
// Complex matrices (complex64, complex128) through every function, checked
// with conjugate transposes (Q^H Q = I, L L^H = A), and eig and eigvals
// (always complex) by NumPy's values and A v = w v with unit eigenvectors.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::expect_error_text;
using loom::testing::inf;

// The largest absolute difference (modulus, for complex W) between the elements of two expressions
// of the same shape, both read as W.
template <class W = double, class A, class B>
double linalg_dec_distance(const A& a, const B& b) {
    const tensor<W> x(loom::astype<W>(a)), y(loom::astype<W>(b));
    EXPECT_EQ(x.shape(), y.shape());
    double largest = 0;
    for (index_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        largest = std::max(largest, std::abs(x.data()[i] - y.data()[i]));
    }
    return largest;
}

// Expects the elements of `actual` within `tolerance` of `expected`, in row-major order.
template <class A>
void linalg_dec_expect_near(const A& actual, const std::vector<double>& expected, double tolerance = 1e-12) {
    const std::vector<double> values = elements_of(loom::astype<double>(actual));
    ASSERT_EQ(values.size(), expected.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (std::isinf(expected[i])) {
            EXPECT_EQ(values[i], expected[i]) << "element " << i;
        } else {
            EXPECT_NEAR(values[i], expected[i], tolerance) << "element " << i;
        }
    }
}

// ---- norm, matrix_power, multi_dot: no LAPACK needed ----

// numpy.linalg.norm's documented examples: a = np.arange(9) - 4, b = a.reshape((3, 3)).
TEST(LinalgNorm, NumPyDocumentedExamples) {
    const tensor<double> a = loom::arange<double>(-4, 5);
    const tensor<double> b = a.reshape({3, 3});
    linalg_dec_expect_near(loom::linalg::norm(a), {7.745966692414834});
    linalg_dec_expect_near(loom::linalg::norm(b), {7.745966692414834});
    linalg_dec_expect_near(loom::linalg::norm(b, "fro"), {7.745966692414834});
    linalg_dec_expect_near(loom::linalg::norm(a, inf), {4.0});
    linalg_dec_expect_near(loom::linalg::norm(b, inf), {9.0});
    linalg_dec_expect_near(loom::linalg::norm(a, -inf), {0.0});
    linalg_dec_expect_near(loom::linalg::norm(b, -inf), {2.0});
    linalg_dec_expect_near(loom::linalg::norm(a, 1), {20.0});
    linalg_dec_expect_near(loom::linalg::norm(b, 1), {7.0});
    linalg_dec_expect_near(loom::linalg::norm(a, -1), {0.0});
    linalg_dec_expect_near(loom::linalg::norm(b, -1), {6.0});
    linalg_dec_expect_near(loom::linalg::norm(a, 3), {5.848035476425731});
    linalg_dec_expect_near(loom::linalg::norm(a, -3), {0.0});
    linalg_dec_expect_near(loom::linalg::norm(a, 0), {8.0});
}

TEST(LinalgNorm, AlongAxesWithKeepdims) {
    const tensor<double> c{{1., 2., 3.}, {-1., 1., 4.}};
    linalg_dec_expect_near(loom::linalg::norm(c, {}, 0), {1.4142135623730951, 2.23606797749979, 5.0});
    linalg_dec_expect_near(loom::linalg::norm(c, {}, 1), {3.7416573867739413, 4.242640687119285});
    linalg_dec_expect_near(loom::linalg::norm(c, 1, 1), {6.0, 6.0});
    const tensor<double> m = loom::arange<double>(0, 8).reshape({2, 2, 2});
    linalg_dec_expect_near(loom::linalg::norm(m, {}, {1, 2}), {3.7416573867739413, 11.224972160321824});
    EXPECT_EQ(loom::linalg::norm(m, inf, {2, 0}, true).shape(), (shape_type{1, 2, 1}));
    EXPECT_EQ(loom::linalg::norm(m, {}, loom::flat, true).shape(), (shape_type{1, 1, 1}));
    EXPECT_EQ(loom::linalg::norm(c, 1, -1, true).shape(), (shape_type{2, 1}));
}

TEST(LinalgNorm, ResultTypesAsNumPy) {
    const tensor<float> f{3.f, 4.f};
    const tensor<int> i{3, 4};
    static_assert(std::is_same_v<decltype(loom::linalg::norm(f)), tensor<float>>);
    static_assert(std::is_same_v<decltype(loom::linalg::norm(i)), tensor<double>>);
    linalg_dec_expect_near(loom::linalg::norm(i), {5.0});
    linalg_dec_expect_near(loom::linalg::norm(loom::transpose(tensor<int>{{1, 2}, {3, 4}}), 1), {7.0});
}

TEST(LinalgNorm, ErrorsNameTheOrderAndShape) {
    const tensor<double> c = loom::zeros<double>({2, 3, 4});
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::norm(c, 1); },
        "norm: x has shape [2, 3, 4], of rank 3, and the order 1 needs a vector or a matrix; give one axis or two");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::norm(c, "fro", 1); },
        "norm: the order 'fro' is a matrix norm, and x of shape [2, 3, 4] is reduced along one axis; give two "
        "axes, or a number");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::norm(c, 3, {0, 1}); },
        "norm: the order 3 is not a matrix norm; give 1, -1, 2, -2, inf, -inf, \"fro\" or \"nuc\"");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::norm(c, {}, {1, -2}); },
        "norm: the axes 1 and -2 of x of shape [2, 3, 4] are the same axis; give two different axes");
    EXPECT_THROW((void)loom::linalg::norm(c, {}, {0, 1, 2}), std::invalid_argument);
    EXPECT_THROW((void)loom::linalg::norm(c, "max"), std::invalid_argument);
    EXPECT_THROW((void)loom::linalg::norm(c, {}, 3), std::out_of_range);
}

// numpy.linalg.matrix_power's documented example: i = [[0, 1], [-1, 0]].
TEST(LinalgMatrixPower, NumPyDocumentedExample) {
    const tensor<int> i{{0, 1}, {-1, 0}};
    EXPECT_EQ(elements_of(loom::linalg::matrix_power(i, 3)), (std::vector<int>{0, -1, 1, 0}));
    EXPECT_EQ(elements_of(loom::linalg::matrix_power(i, 0)), (std::vector<int>{1, 0, 0, 1}));
    const tensor<int> q{{0, 1, 0, 0}, {-1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, -1, 0}};
    EXPECT_EQ(elements_of(loom::linalg::matrix_power(q, 2)),
              (std::vector<int>{-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1, 0, 0, 0, 0, -1}));
}

TEST(LinalgMatrixPower, StacksIntegersAndLargePowers) {
    const tensor<std::int64_t> fib{{{1, 1}, {1, 0}}, {{2, 0}, {0, 3}}};
    const tensor<std::int64_t> p = loom::linalg::matrix_power(fib, 10);
    EXPECT_EQ(p.shape(), (shape_type{2, 2, 2}));
    EXPECT_EQ(elements_of(p), (std::vector<std::int64_t>{89, 55, 55, 34, 1024, 0, 0, 59049}));
    EXPECT_EQ(loom::linalg::matrix_power(loom::zeros<double>({3, 0, 0}), 5).shape(), (shape_type{3, 0, 0}));
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::matrix_power(fib, -1); },
        "matrix_power: a negative power (-1) needs inv, whose result for integers or bool is float64, not a's "
        "type, and which takes floating and complex types; convert a with astype<double>(a) first");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::matrix_power(loom::zeros<double>({2, 3}), 2); },
        "matrix_power: a has shape [2, 3], whose last two sizes differ; give square matrices, of shape [..., M, M]");
}

TEST(LinalgMultiDot, CheapestOrderGivesTheChainsProduct) {
    const tensor<double> a = loom::arange<double>(0, 40).reshape({10, 4}) / 10.0;
    const tensor<double> b = loom::arange<double>(0, 20).reshape({4, 5}) - 3.0;
    const tensor<double> c = loom::arange<double>(0, 15).reshape({5, 3});
    const tensor<double> d = loom::arange<double>(0, 6).reshape({3, 2});
    const tensor<double> expected = loom::matmul(tensor<double>(loom::matmul(tensor<double>(loom::matmul(a, b)), c)), d);
    EXPECT_LT(linalg_dec_distance(loom::linalg::multi_dot(a, b, c, d), expected), 1e-9);
    EXPECT_LT(linalg_dec_distance(loom::linalg::multi_dot(a, b), loom::matmul(a, b)), 1e-12);
}

TEST(LinalgMultiDot, VectorEndsAreDroppedFromTheResult) {
    const tensor<double> v{1., 2.};
    const tensor<double> a{{3., 1.}, {1., 2.}};
    const tensor<double> both = loom::linalg::multi_dot(v, a, a, v);
    EXPECT_EQ(both.ndim(), 0u);
    linalg_dec_expect_near(both, {50.0});
    EXPECT_EQ(loom::linalg::multi_dot(v, a, a).shape(), (shape_type{2}));
    EXPECT_EQ(loom::linalg::multi_dot(a, a, v).shape(), (shape_type{2}));
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::multi_dot(a, v, a); },
        "multi_dot: array 1 has shape [2]; give matrices (the first and last may be vectors)");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::multi_dot(a, tensor<double>{{1., 2., 3.}}, a); },
        "multi_dot: array 0 has 2 columns and array 1 of shape [1, 3] has 1 rows; they must agree");
}

#ifdef LOOM_HAVE_LAPACK

// A matrix of shape `shape` with distinct, well-conditioned values: the diagonal dominates.
tensor<double> linalg_dec_dominant(const shape_type& shape) {
    tensor<double> t(shape);
    const index_t m = shape.back();
    for (index_t i = 0; i < t.size(); ++i) {
        const index_t row = (i / m) % shape[shape.size() - 2], col = i % m;
        t.data()[i] = row == col ? 10.0 + static_cast<double>(i % 7) : std::sin(static_cast<double>(i));
    }
    return t;
}

// ---- solve, inv, det, slogdet ----

// numpy.linalg.solve's documented example: 1 x0 + 2 x1 = 1, 3 x0 + 5 x1 = 2.
TEST(LinalgSolve, NumPyDocumentedExample) {
    const tensor<int> a{{1, 2}, {3, 5}};
    const tensor<int> b{1, 2};
    const auto x = loom::linalg::solve(a, b);
    static_assert(std::is_same_v<decltype(x), const tensor<double>>);  // integers are solved in float64
    linalg_dec_expect_near(x, {-1.0, 1.0});
}

TEST(LinalgSolve, BatchesBroadcastAndResidualsVanish) {
    const tensor<double> a = linalg_dec_dominant({2, 1, 3, 3});
    const tensor<double> b = loom::arange<double>(0, 24).reshape({1, 4, 3, 2});
    const tensor<double> x = loom::linalg::solve(a, b);
    EXPECT_EQ(x.shape(), (shape_type{2, 4, 3, 2}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(a, x), loom::broadcast_to(b, {2, 4, 3, 2})), 1e-12);
    // NumPy 1.24: a b of one dimension fewer than a is a stack of vectors, here of size 2, not 3.
    EXPECT_THROW((void)loom::linalg::solve(a, loom::ones<double>({4, 3, 2})), std::invalid_argument);
}

TEST(LinalgSolve, BWithOneDimensionFewerIsAStackOfVectors) {
    const tensor<double> a = linalg_dec_dominant({2, 3, 3});
    const tensor<double> b{{1., 2., 3.}, {4., 5., 6.}};  // NumPy 1.24: b.ndim == a.ndim - 1
    const tensor<double> x = loom::linalg::solve(a, b);
    EXPECT_EQ(x.shape(), (shape_type{2, 3}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(a, loom::expand_dims(x, -1)), loom::expand_dims(b, -1)), 1e-12);
}

TEST(LinalgSolve, ViewsAndExpressionsAreReadAsTheyAre) {
    const tensor<double> a = linalg_dec_dominant({4, 4});
    const tensor<double> a_t(loom::transpose(a));
    const tensor<double> b = loom::arange<double>(0, 4);
    EXPECT_LT(linalg_dec_distance(loom::linalg::solve(loom::transpose(a), b), loom::linalg::solve(a_t, b)), 0.0 + 1e-15);
    EXPECT_LT(linalg_dec_distance(loom::linalg::solve(a * 2.0, b * 2.0), loom::linalg::solve(a, b)), 1e-12);
    const tensor<double> strided = loom::arange<double>(0, 8)(loom::range(0, 8, 2));
    EXPECT_LT(linalg_dec_distance(loom::linalg::solve(a, loom::arange<double>(0, 8)(loom::range(0, 8, 2))),
                                  loom::linalg::solve(a, strided)),
              1e-15);
}

TEST(LinalgSolve, Float32StaysFloat32) {
    const tensor<float> a{{2.f, 1.f}, {1.f, 3.f}};
    const tensor<float> b{3.f, 5.f};
    const auto x = loom::linalg::solve(a, b);
    static_assert(std::is_same_v<decltype(x), const tensor<float>>);
    linalg_dec_expect_near(x, {0.8, 1.4}, 1e-6);
    static_assert(std::is_same_v<decltype(loom::linalg::solve(a, tensor<double>{3., 5.})), tensor<double>>);
}

TEST(LinalgSolve, SingularMatrixNamesItsBatchIndex) {
    tensor<double> a = linalg_dec_dominant({2, 3, 2, 2});
    a(1, 0, loom::all, loom::all) = tensor<double>{{1., 2.}, {2., 4.}};
    a(1, 2, loom::all, loom::all) = 0.0;
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::solve(a, loom::ones<double>({2, 3, 2, 1})); },
        "solve: the matrix at batch index [1, 0] of shape [2, 3, 2, 2] is singular; a singular system has no "
        "unique solution: lstsq gives a least-squares one");
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::solve(tensor<double>{{1., 2.}, {2., 4.}}, tensor<double>{1., 1.}); },
        "solve: the matrix of shape [2, 2] is singular; a singular system has no unique solution: lstsq gives a "
        "least-squares one");
    static_assert(std::is_base_of_v<std::runtime_error, loom::linalg_error>);
}

// A singular a is refused whatever b is, as NumPy documents, and so whichever LAPACK is linked: OpenBLAS's
// xgesv returns at once when b has no columns, the reference LAPACK's factors a first.
TEST(LinalgSolve, SingularMatrixIsRefusedWhenBHasNoColumns) {
    tensor<double> a = linalg_dec_dominant({3, 2, 2});
    a(2, loom::all, loom::all) = tensor<double>{{1., 2.}, {2., 4.}};
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::solve(a, loom::ones<double>({3, 2, 0})); },
        "solve: the matrix at batch index [2] of shape [3, 2, 2] is singular; a singular system has no unique "
        "solution: lstsq gives a least-squares one");
    const tensor<double> solved = loom::linalg::solve(linalg_dec_dominant({3, 2, 2}), loom::ones<double>({1, 2, 0}));
    EXPECT_EQ(solved.shape(), (shape_type{3, 2, 0}));
    // No matrix to factor: a batch of size 0 after broadcasting.
    const tensor<double> one_singular{{{1., 2.}, {2., 4.}}};
    EXPECT_EQ(loom::linalg::solve(one_singular, loom::ones<double>({0, 2, 0})).shape(), (shape_type{0, 2, 0}));
}

TEST(LinalgSolve, ShapeErrorsNameBothShapes) {
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::solve(loom::ones<double>({2, 3}), loom::ones<double>({2})); },
        "solve: a has shape [2, 3], whose last two sizes differ; give square matrices, of shape [..., M, M]");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::solve(loom::ones<double>({3}), loom::ones<double>({3})); },
        "solve: a has shape [3], of rank 1; give a matrix or a stack of matrices, of rank 2 or more");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::solve(loom::eye<double>(3), loom::ones<double>({4, 2})); },
        "solve: a has shape [3, 3] and b has shape [4, 2]; b's second last size, 4, must equal the size of a's "
        "square matrices, 3");
    EXPECT_THROW((void)loom::linalg::solve(loom::ones<double>({2, 3, 3}), loom::ones<double>({4, 3, 1})),
                 loom::broadcast_error);
}

TEST(LinalgSolve, EmptyStacksAndMatrices) {
    EXPECT_EQ(loom::linalg::solve(loom::ones<double>({0, 3, 3}), loom::ones<double>({0, 3})).shape(),
              (shape_type{0, 3}));
    EXPECT_EQ(loom::linalg::solve(loom::ones<double>({0, 0}), loom::ones<double>({0, 4})).shape(),
              (shape_type{0, 4}));
    EXPECT_EQ(loom::linalg::solve(loom::eye<double>(2), loom::ones<double>({2, 0})).shape(), (shape_type{2, 0}));
}

// numpy.linalg.inv's documented examples.
TEST(LinalgInv, NumPyDocumentedExamples) {
    const tensor<double> a{{1., 2.}, {3., 4.}};
    linalg_dec_expect_near(loom::linalg::inv(a), {-2.0, 1.0, 1.5, -0.5});
    const tensor<double> stack{{{1., 2.}, {3., 4.}}, {{1., 3.}, {3., 5.}}};
    linalg_dec_expect_near(loom::linalg::inv(stack), {-2.0, 1.0, 1.5, -0.5, -1.25, 0.75, 0.75, -0.25});
    EXPECT_EQ(loom::linalg::inv(loom::ones<double>({0, 0})).shape(), (shape_type{0, 0}));
    EXPECT_EQ(loom::linalg::inv(loom::ones<double>({0, 2, 2})).shape(), (shape_type{0, 2, 2}));
    linalg_dec_expect_near(loom::linalg::inv(tensor<float>{{4.f}}), {0.25});
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::inv(tensor<double>{{{1., 0.}, {0., 1.}}, {{0., 0.}, {0., 0.}}}); },
        "inv: the matrix at batch index [1] of shape [2, 2, 2] is singular; a singular matrix has no inverse: pinv "
        "gives the pseudo-inverse");
}

TEST(LinalgInv, NegativeMatrixPowerUsesIt) {
    const tensor<double> i{{0., 1.}, {-1., 0.}};
    linalg_dec_expect_near(loom::linalg::matrix_power(i, -3), {0.0, 1.0, -1.0, 0.0});
    const tensor<double> a{{2., 1.}, {1., 1.}};
    EXPECT_LT(linalg_dec_distance(loom::matmul(loom::linalg::matrix_power(a, -2), loom::linalg::matrix_power(a, 2)),
                                  loom::eye<double>(2)),
              1e-12);
}

// numpy.linalg.det's documented examples; values are NumPy's, sign * exp(log |det|).
TEST(LinalgDet, NumPyDocumentedExamples) {
    linalg_dec_expect_near(loom::linalg::det(tensor<int>{{1, 2}, {3, 4}}), {-2.0000000000000004}, 1e-15);
    const tensor<double> stack{{{1., 2.}, {3., 4.}}, {{1., 2.}, {2., 1.}}, {{1., 3.}, {3., 1.}}};
    const tensor<double> d = loom::linalg::det(stack);
    EXPECT_EQ(d.shape(), (shape_type{3}));
    linalg_dec_expect_near(d, {-2.0000000000000004, -2.9999999999999996, -8.000000000000002}, 1e-14);
    EXPECT_EQ(loom::linalg::det(tensor<double>{{1., 2.}, {3., 4.}}).ndim(), 0u);
}

TEST(LinalgDet, EmptySingularAndFloat32) {
    linalg_dec_expect_near(loom::linalg::det(loom::ones<double>({0, 0})), {1.0});
    linalg_dec_expect_near(loom::linalg::det(loom::ones<double>({2, 0, 0})), {1.0, 1.0});
    EXPECT_EQ(loom::linalg::det(loom::ones<double>({0, 3, 3})).shape(), (shape_type{0}));
    linalg_dec_expect_near(loom::linalg::det(tensor<double>{{1., 2.}, {2., 4.}}), {0.0});
    const auto f = loom::linalg::det(tensor<float>{{1.f, 2.f}, {3.f, 4.f}});
    static_assert(std::is_same_v<decltype(f), const tensor<float>>);
    linalg_dec_expect_near(f, {-2.0}, 1e-5);
}

// numpy.linalg.slogdet's documented example.
TEST(LinalgSlogdet, NumPyDocumentedExample) {
    const auto [sign, logabsdet] = loom::linalg::slogdet(tensor<double>{{1., 2.}, {3., 4.}});
    linalg_dec_expect_near(sign, {-1.0});
    linalg_dec_expect_near(logabsdet, {0.6931471805599455}, 1e-15);
    const auto singular = loom::linalg::slogdet(tensor<double>{{{1., 2.}, {2., 4.}}, {{2., 0.}, {0., 3.}}});
    linalg_dec_expect_near(singular.sign, {0.0, 1.0});
    linalg_dec_expect_near(singular.logabsdet, {-inf, std::log(6.0)}, 1e-15);
    const auto empty = loom::linalg::slogdet(loom::ones<double>({0, 0}));
    linalg_dec_expect_near(empty.sign, {1.0});
    linalg_dec_expect_near(empty.logabsdet, {0.0});
}

// A matrix of at most 4 x 4 is factored by loom's unrolled LU, a larger
// one by LAPACK (Note [small matrices]). The two agree to rounding: a
// matrix A and the 5 x 5 [[A, 0], [0, 1]] have the same determinant, and
// the inverse and the solutions of A sit in the other's corner. The
// matrices need row swaps in every column, hold negative and complex
// values, and some are singular with their zero pivot in each column in
// turn, refused by both where LAPACK refuses them.
template <class W>
tensor<W> linalg_small_and_bordered(index_t n, index_t count, tensor<W>& bordered) {
    tensor<W> stack(shape_type{count, n, n});
    bordered = loom::zeros<W>({count, n + 1, n + 1});
    for (index_t k = 0; k < count; ++k) {
        for (index_t i = 0; i < n; ++i) {
            for (index_t j = 0; j < n; ++j) {
                // Largest magnitudes below the diagonal, so that partial pivoting swaps rows.
                const double re = std::sin(double(1 + k * 31 + i * 7 + j * 3)) * double(1 + (i > j ? 4 * i : 0));
                W value = W(re);
                if constexpr (loom::complex_element<W>) value = W(re, std::cos(double(k + 2 * i + 5 * j)));
                stack(k, i, j) = value;
                bordered(k, i, j) = value;
            }
        }
        bordered(k, n, n) = W(1);
    }
    return stack;
}

template <class W>
void linalg_expect_small_lu_agrees_with_lapack(double tolerance) {
    using Wide = std::conditional_t<loom::complex_element<W>, std::complex<double>, double>;
    for (index_t n = 1; n <= loom::linalg::detail::small_lu_max_size; ++n) {
        tensor<W> bordered;
        const tensor<W> a = linalg_small_and_bordered<W>(n, 6, bordered);
        const auto corner = [&](const tensor<W>& t) { return t(loom::all, loom::range(0, n), loom::range(0, n)); };
        EXPECT_LT(linalg_dec_distance<Wide>(loom::linalg::det(a), loom::linalg::det(bordered)), tolerance) << n;
        EXPECT_LT(linalg_dec_distance<Wide>(loom::linalg::inv(a), corner(loom::linalg::inv(bordered))), tolerance) << n;
        const tensor<W> b = loom::astype<W>(loom::ones<double>({6, n, 2}) + loom::arange<double>(2.0));
        const tensor<W> b_bordered = loom::concatenate({b, loom::zeros<W>({6, 1, 2})}, 1);
        const tensor<W> x = loom::linalg::solve(a, b), x_bordered = loom::linalg::solve(bordered, b_bordered);
        EXPECT_LT(linalg_dec_distance<Wide>(x, x_bordered(loom::all, loom::range(0, n), loom::all)), tolerance) << n;
        const auto small = loom::linalg::slogdet(a), large = loom::linalg::slogdet(bordered);
        EXPECT_LT(linalg_dec_distance<Wide>(small.sign, large.sign), tolerance) << n;
        EXPECT_LT(linalg_dec_distance(small.logabsdet, large.logabsdet), tolerance) << n;
    }
}

TEST(LinalgSmallMatrices, UnrolledLuAgreesWithLapack) {
    linalg_expect_small_lu_agrees_with_lapack<double>(1e-12);
    linalg_expect_small_lu_agrees_with_lapack<float>(1e-3);
    linalg_expect_small_lu_agrees_with_lapack<std::complex<double>>(1e-12);
    linalg_expect_small_lu_agrees_with_lapack<std::complex<float>>(1e-3);
}

// Matrix k of the stack is an upper triangle (diagonal 2, 3, 4, 5, 1 above
// it) with its rows reversed, and for k = c + 1 a 0 at (c, c): the
// elimination swaps rows in every column and meets an exact zero pivot in
// column c. Every function refuses or reports it as NumPy does on LAPACK:
// solve and inv name the batch index, det is 0, slogdet (0, -inf).
TEST(LinalgSmallMatrices, ZeroPivotsInEveryColumnAreSingular) {
    tensor<double> stack = loom::zeros<double>({5, 4, 4});
    for (index_t k = 0; k < 5; ++k) {
        for (index_t i = 0; i < 4; ++i) {
            for (index_t j = i; j < 4; ++j) stack(k, 3 - i, j) = j > i ? 1.0 : k == i + 1 ? 0.0 : double(i + 2);
        }
    }
    linalg_dec_expect_near(loom::linalg::det(stack), {120.0, 0.0, 0.0, 0.0, 0.0}, 1e-12);
    const auto [sign, logabsdet] = loom::linalg::slogdet(stack);
    linalg_dec_expect_near(sign, {1.0, 0.0, 0.0, 0.0, 0.0});
    linalg_dec_expect_near(logabsdet, {std::log(120.0), -inf, -inf, -inf, -inf}, 1e-14);
    expect_error_text<loom::linalg_error>([&] { (void)loom::linalg::inv(stack); },
                                          "inv: the matrix at batch index [1] of shape [5, 4, 4] is singular; "
                                          "a singular matrix has no inverse: pinv gives the pseudo-inverse");
    const tensor<double> last = stack(loom::range(4, 5));
    expect_error_text<loom::linalg_error>([&] { (void)loom::linalg::solve(last, loom::ones<double>({1, 4})); },
                                          "solve: the matrix at batch index [0] of shape [1, 4, 4] is singular; "
                                          "a singular system has no unique solution: lstsq gives a least-squares one");
}

// A determinant is U's diagonal multiplied (Note [small matrices]); where
// that product overflows or underflows on the way, the logarithms give it.
TEST(LinalgSmallMatrices, DeterminantsBeyondTheProductsRangeAsNumPy) {
    linalg_dec_expect_near(loom::linalg::det(tensor<double>{{1e200, 0.}, {0., 1e200}}), {inf});
    const tensor<double> wide{{1e300, 0., 0.}, {0., 1e300, 0.}, {0., 0., 1e-300}};  // 1e300 * 1e300 overflows
    EXPECT_NEAR(loom::linalg::det(wide).item() / 1e300, 1.0, 1e-12);
    const tensor<double> narrow{{1e-300, 0.}, {0., 1e-300}};  // underflows to 0, as in NumPy
    EXPECT_EQ(loom::linalg::det(narrow).item(), 0.0);
    EXPECT_TRUE(std::isnan(loom::linalg::det(tensor<double>{{1., NAN}, {2., 3.}}).item()));
    EXPECT_EQ(loom::linalg::det(tensor<double>{{-3.}}).item(), -3.0);
}

// A contiguous stack of 2 x 2 or 3 x 3 matrices has its determinants taken
// several at once, one matrix to a SIMD lane (Note [small matrices across
// lanes]): each must be what the same matrix gives read one at a time from
// a stack that is not contiguous (rows 4 elements apart), wherever it lies
// (in a whole block of lanes or among the last matrices), and a singular,
// overflowing, underflowing or NaN one must still be taken from its LU
// factors, as NumPy's. Small integers make every closed form exact, so the
// two agree to the bit whether or not the compiler fuses multiplies and
// adds.
template <class T, index_t N>
void expect_lanes_give_each_matrix_s_determinant() {
    constexpr index_t count = 37;  // whole blocks of 2, 4, 8 and 16 lanes, and a remainder
    tensor<T> padded = loom::zeros<T>({count, N, 4});
    for (index_t k = 0; k < count; ++k) {
        for (index_t i = 0; i < N; ++i) {
            for (index_t j = 0; j < N; ++j) padded(k, i, j) = T(((k * 7 + i * 5 + j * 3) % 11) - 5);
        }
    }
    const T big = std::numeric_limits<T>::max() / T(4);
    const T tiny = std::numeric_limits<T>::min() * T(2);
    for (index_t j = 0; j < N; ++j) padded(1, N - 1, j) = padded(1, 0, j);  // two equal rows: det 0
    for (index_t i = 0; i < N; ++i) padded(5, i, i) = big;                  // overflows: inf, as NumPy
    for (index_t i = 0; i < N; ++i) {  // a diagonal whose product underflows to 0, among the last
        for (index_t j = 0; j < N; ++j) padded(count - 2, i, j) = i == j ? tiny : T(0);
    }
    padded(count - 1, 0, 0) = std::numeric_limits<T>::quiet_NaN();           // NaN, last
    const auto scattered = padded(loom::all, loom::all, loom::range(0, N));
    const tensor<T> stack = scattered;
    ASSERT_TRUE(stack.layout().is_row_major());
    ASSERT_FALSE(scattered.layout().is_row_major());
    const tensor<T> across = loom::linalg::det(stack);
    const tensor<T> one_by_one = loom::linalg::det(scattered);
    ASSERT_EQ(across.shape(), (shape_type{count}));
    for (index_t k = 0; k < count; ++k) {
        const T a = across(k), b = one_by_one(k);
        if (std::isnan(b)) {
            EXPECT_TRUE(std::isnan(a)) << k;
        } else {
            EXPECT_EQ(a, b) << k;
        }
    }
    EXPECT_EQ(across(1), T(0));
    EXPECT_EQ(across(5), inf);
    EXPECT_EQ(across(count - 2), T(0));
    EXPECT_TRUE(std::isnan(across(count - 1)));
}

TEST(LinalgSmallMatrices, DeterminantsAcrossLanesAreEachMatrixsOwn) {
    expect_lanes_give_each_matrix_s_determinant<double, 3>();
    expect_lanes_give_each_matrix_s_determinant<double, 2>();
    expect_lanes_give_each_matrix_s_determinant<float, 3>();
    expect_lanes_give_each_matrix_s_determinant<float, 2>();
}

// Inverses across lanes (Note [small matrices across lanes]) are each
// matrix's own, as read one at a time from a stack that is not contiguous:
// the same LU with partial pivoting (every row order among the matrices),
// a subnormal pivot divided by rather than multiplied by its reciprocal,
// NaN carried through; and the first singular matrix, in a whole block of
// lanes or among the last, is the one refused. The two agree to rounding
// (a compiler may fuse multiplies and adds in one and not the other):
// within 16 units in the last place of the inverse's largest element.
template <class T, index_t N>
void expect_lanes_give_each_matrix_s_inverse() {
    constexpr index_t count = 37;
    tensor<T> padded = loom::zeros<T>({count, N, 5});
    for (index_t k = 0; k < count; ++k) {
        for (index_t i = 0; i < N; ++i) {
            for (index_t j = 0; j < N; ++j) {
                padded(k, i, j) = T(((k * 7 + i * 5 + j * 3) % 11) - 5) / T(3) + (i == j ? T(4) : T(0));
            }
        }
    }
    // A subnormal pivot, whose reciprocal overflows: [[t, 0], [t, 1]] bordered
    // by the identity, whose inverse is [[1 / t, 0], [-1, 1]]: -1 where its
    // multiplier t / t is divided, -inf where it would be t * (1 / t).
    const T tiny = std::numeric_limits<T>::min() / T(8);
    for (index_t i = 0; i < N; ++i) {
        for (index_t j = 0; j < N; ++j) padded(9, i, j) = i == j ? T(1) : T(0);
    }
    padded(9, 0, 0) = tiny;
    padded(9, 1, 0) = tiny;
    padded(count - 1, N - 1, 0) = std::numeric_limits<T>::quiet_NaN();
    const auto scattered = padded(loom::all, loom::all, loom::range(0, N));
    const tensor<T> stack = scattered;
    ASSERT_TRUE(stack.layout().is_row_major());
    const tensor<T> across = loom::linalg::inv(stack);
    const tensor<T> one_by_one = loom::linalg::inv(scattered);
    ASSERT_EQ(across.shape(), stack.shape());
    for (index_t k = 0; k < count; ++k) {
        T largest = 0;
        for (index_t i = 0; i < N * N; ++i) largest = std::max(largest, std::abs(one_by_one(k, i / N, i % N)));
        for (index_t i = 0; i < N; ++i) {
            for (index_t j = 0; j < N; ++j) {
                const T a = across(k, i, j), b = one_by_one(k, i, j);
                if (std::isnan(b)) {
                    EXPECT_TRUE(std::isnan(a)) << k;
                } else if (std::isinf(b)) {
                    EXPECT_EQ(a, b) << k;
                } else {
                    EXPECT_NEAR(a, b, largest * 16 * std::numeric_limits<T>::epsilon()) << k << " " << i << " " << j;
                }
            }
        }
    }
    EXPECT_EQ(across(9, 1, 0), T(-1));
    for (const index_t singular : {index_t(20), count - 2}) {
        tensor<T> refused = stack.copy();
        for (index_t j = 0; j < N; ++j) refused(singular, N - 1, j) = refused(singular, 0, j);  // two equal rows
        if (singular == 20) {
            for (index_t j = 0; j < N; ++j) refused(count - 2, N - 1, j) = refused(count - 2, 0, j);
        }
        expect_error_text<loom::linalg_error>(
            [&] { (void)loom::linalg::inv(refused); },
            "inv: the matrix at batch index [" + std::to_string(singular) + "] of shape [" + std::to_string(count) +
                ", " + std::to_string(N) + ", " + std::to_string(N) +
                "] is singular; a singular matrix has no inverse: pinv gives the pseudo-inverse");
    }
}

TEST(LinalgSmallMatrices, InversesAcrossLanesAreEachMatrixsOwn) {
    expect_lanes_give_each_matrix_s_inverse<double, 2>();
    expect_lanes_give_each_matrix_s_inverse<double, 3>();
    expect_lanes_give_each_matrix_s_inverse<double, 4>();
    expect_lanes_give_each_matrix_s_inverse<float, 3>();
    expect_lanes_give_each_matrix_s_inverse<float, 4>();
}

// Note [small inverses]: a 2 x 2 or 3 x 3 inverse is its closed form (the
// adjugate over the determinant) where |det| is at least 2^-8 of the N-th
// power of the largest |element|, and LU's elsewhere. Rows r0, r1 and
// r0 + r1 + t (1, -1, 1) make a matrix whose closed form and LU differ by
// more as t goes to 0: at t = 0.015 the margin takes the closed form, at
// t = 10^-5 and 10^-6 it leaves the matrix to LU, whose result is then
// the same matrix's bordered by the identity into a 4 x 4 one (LU for every
// 4 x 4; its first three columns factor as the 3 x 3 matrix's), far from
// the closed form's. Either way the result is within a few epsilons times
// the condition number of the exact inverse (the adjugate in long double),
// and a contiguous stack (across lanes) and a strided one (one matrix at a
// time) agree.
template <class T>
void expect_closed_form_inverse_only_within_the_margin(double t, bool closed_form) {
    T m[9] = {T(1) / T(3), T(2) / T(7), T(5) / T(11), T(2) / T(9), T(4) / T(13), T(1) / T(17)};
    for (int j = 0; j < 3; ++j) m[6 + j] = m[j] + m[3 + j] + T(t) * T(j == 1 ? -1 : 1);
    tensor<T> padded = loom::zeros<T>({3, 3, 5});  // the matrix three times, rows 5 apart
    tensor<T> bordered = loom::eye<T>(4);
    T column_major[9];
    for (index_t i = 0; i < 3; ++i) {
        for (index_t j = 0; j < 3; ++j) {
            const T x = m[i * 3 + j];
            for (index_t k = 0; k < 3; ++k) padded(k, i, j) = x;
            bordered(i, j) = x;
            column_major[i + j * 3] = x;
        }
    }
    const auto strided = padded(loom::all, loom::all, loom::range(0, 3));
    const tensor<T> contiguous = strided;
    const tensor<T> across = loom::linalg::inv(contiguous);
    const tensor<T> one_by_one = loom::linalg::inv(strided);
    const tensor<T> by_lu = loom::linalg::inv(bordered);
    T adjugate[9];
    const T det = loom::linalg::detail::adjugate_inverse<3>(column_major, adjugate);
    ASSERT_EQ(bool(loom::linalg::detail::adjugate_suits<3, T>(column_major, det)), closed_form) << t;
    long double exact[9];
    const auto at = [&](int i, int j) { return static_cast<long double>(m[(i % 3) * 3 + j % 3]); };
    const long double exact_det = at(0, 0) * (at(1, 1) * at(2, 2) - at(1, 2) * at(2, 1)) -
                                  at(0, 1) * (at(1, 0) * at(2, 2) - at(1, 2) * at(2, 0)) +
                                  at(0, 2) * (at(1, 0) * at(2, 1) - at(1, 1) * at(2, 0));
    long double largest = 0;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {  // the cofactor of (j, i) over det
            exact[i * 3 + j] = (at(j + 1, i + 1) * at(j + 2, i + 2) - at(j + 1, i + 2) * at(j + 2, i + 1)) / exact_det;
            largest = std::max(largest, std::fabs(exact[i * 3 + j]));
        }
    }
    const double ulp = static_cast<double>(largest) * std::numeric_limits<T>::epsilon();
    const double condition = static_cast<double>(largest) * 3 * 2;  // ||A^-1|| ||A||, every |element| of A below 2
    // Lanes and one matrix at a time may differ by where a compiler fuses multiplies and adds, which
    // the cancellations turn into a few epsilons times the condition number; the LU of 3 x 3 and of
    // 4 x 4 matrices, both across lanes, by a few units in the last place.
    const double same_lu = 16 * ulp;
    double from_closed_form = 0;
    for (index_t i = 0; i < 3; ++i) {
        for (index_t j = 0; j < 3; ++j) {
            for (index_t k = 0; k < 3; ++k) {
                EXPECT_NEAR(double(across(k, i, j)), double(one_by_one(k, i, j)), condition * ulp) << t << " " << k;
                if (!closed_form) {
                    EXPECT_NEAR(double(across(k, i, j)), double(by_lu(i, j)), same_lu) << t << " " << k;
                }
            }
            EXPECT_NEAR(double(across(0, i, j)), double(exact[i * 3 + j]), 8 * condition * ulp) << t;
            from_closed_form = std::max(from_closed_form, std::abs(double(by_lu(i, j)) - double(adjugate[i + j * 3])));
        }
    }
    // Near singular the closed form is far from LU's result, so that the test tells which was taken.
    if (!closed_form) {
        EXPECT_GT(from_closed_form, 2 * same_lu) << t;
    }
}

TEST(LinalgSmallMatrices, ClosedFormInversesOnlyWithinTheMargin) {
    for (const auto& [t, closed_form] : {std::pair{0.015, true}, std::pair{1e-5, false}, std::pair{1e-6, false}}) {
        expect_closed_form_inverse_only_within_the_margin<double>(t, closed_form);
        expect_closed_form_inverse_only_within_the_margin<float>(t, closed_form);
    }
}

// LAPACK's sizes are 32-bit: a larger matrix is refused before anything is copied.
TEST(LinalgSolve, SizesBeyondLapacksIntAreRefusedFirst) {
    const index_t big = index_t(1) << 31;
    expect_error_text<std::length_error>(
        [&] { (void)loom::linalg::svd(loom::broadcast_to(loom::ones<double>({1, 1}), {big, 1})); },
        "svd: an operand of shape [2147483648, 1] needs a LAPACK size of 2147483648, beyond its 32-bit integers' "
        "2147483647; give smaller matrices");
    EXPECT_THROW((void)loom::linalg::inv(loom::broadcast_to(loom::ones<double>({1, 1}), {big, big})),
                 std::length_error);
}

// ---- lstsq ----

// numpy.linalg.lstsq's documented example: a line y = m x + c through four points.
TEST(LinalgLstsq, NumPyDocumentedExample) {
    const tensor<double> a{{0., 1.}, {1., 1.}, {2., 1.}, {3., 1.}};
    const tensor<double> y{-1., 0.2, 0.9, 2.1};
    const auto fit = loom::linalg::lstsq(a, y);
    linalg_dec_expect_near(fit.solution, {0.9999999999999999, -0.9499999999999997});
    linalg_dec_expect_near(fit.residuals, {0.049999999999999864});
    EXPECT_EQ(fit.rank, 2);
    linalg_dec_expect_near(fit.singular_values, {4.10003044816824, 1.0907567666961073});
}

TEST(LinalgLstsq, ResidualsOnlyForFullRankTallMatrices) {
    const tensor<double> rank_deficient{{1., 1.}, {1., 1.}, {1., 1.}};
    const auto fit = loom::linalg::lstsq(rank_deficient, loom::ones<double>({3, 2}));
    EXPECT_EQ(fit.rank, 1);
    EXPECT_EQ(fit.residuals.shape(), (shape_type{0}));
    EXPECT_EQ(fit.solution.shape(), (shape_type{2, 2}));
    linalg_dec_expect_near(fit.solution, {0.5, 0.5, 0.5, 0.5});
    const auto wide = loom::linalg::lstsq(tensor<double>{{1., 2., 3.}}, tensor<double>{6.});
    EXPECT_EQ(wide.residuals.shape(), (shape_type{0}));
    const auto columns = loom::linalg::lstsq(linalg_dec_dominant({4, 3}), loom::arange<double>(0, 8).reshape({4, 2}));
    EXPECT_EQ(columns.residuals.shape(), (shape_type{2}));
}

// NumPy's results for empty operands: lstsq(zeros((3, 0)), ones(3)), lstsq(zeros((0, 2)), ones(0)),
// lstsq(ones((3, 2)), ones((3, 0))).
TEST(LinalgLstsq, EmptyOperandsAsNumPy) {
    const auto no_unknowns = loom::linalg::lstsq(loom::zeros<double>({3, 0}), loom::ones<double>({3}));
    EXPECT_EQ(no_unknowns.solution.shape(), (shape_type{0}));
    linalg_dec_expect_near(no_unknowns.residuals, {3.0});
    EXPECT_EQ(no_unknowns.rank, 0);
    const auto no_equations = loom::linalg::lstsq(loom::zeros<double>({0, 2}), loom::ones<double>({0}));
    linalg_dec_expect_near(no_equations.solution, {0.0, 0.0});
    EXPECT_EQ(no_equations.residuals.shape(), (shape_type{0}));
    const auto no_columns = loom::linalg::lstsq(loom::ones<double>({3, 2}), loom::ones<double>({3, 0}));
    EXPECT_EQ(no_columns.solution.shape(), (shape_type{2, 0}));
    EXPECT_EQ(no_columns.rank, 1);
    linalg_dec_expect_near(no_columns.singular_values, {2.4494897427831783, 0.0});
}

TEST(LinalgLstsq, ShapeErrors) {
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::lstsq(loom::ones<double>({3, 2}), loom::ones<double>({4})); },
        "lstsq: a has shape [3, 2] and b has shape [4]; b's first size, 4, must equal a's number of rows, 3");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::linalg::lstsq(loom::ones<double>({2, 3, 2}), loom::ones<double>({3})); },
        "lstsq: a has shape [2, 3, 2] and b has shape [3]; give a matrix a of shape [M, N] and b of shape [M] or "
        "[M, K]");
}

// ---- cholesky, qr, svd, eigh ----

// numpy.linalg.cholesky's documented example, in its real form.
TEST(LinalgCholesky, NumPyDocumentedExampleAndResidual) {
    const tensor<double> a{{1., 2.}, {2., 5.}};
    const tensor<double> l = loom::linalg::cholesky(a);
    linalg_dec_expect_near(l, {1.0, 0.0, 2.0, 1.0});
    tensor<double> spd = linalg_dec_dominant({3, 4, 4});
    spd = loom::matmul(spd, loom::swapaxes(spd, -1, -2));
    const tensor<double> ls = loom::linalg::cholesky(spd);
    EXPECT_LT(linalg_dec_distance(loom::matmul(ls, loom::swapaxes(ls, -1, -2)), spd), 1e-10);
    EXPECT_EQ(ls(0, 0, 1), 0.0);
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::cholesky(tensor<double>{{{1., 0.}, {0., 1.}}, {{1., 2.}, {2., 1.}}}); },
        "cholesky: the matrix at batch index [1] of shape [2, 2, 2] is not positive definite (its leading minor of "
        "order 2 is not positive); give a symmetric positive-definite matrix");
}

// NumPy's QR of [[1, 2], [3, 4], [5, 6]]: both use LAPACK's Householder reflections, so signs agree.
TEST(LinalgQr, ValuesAsNumPyAndModes) {
    const tensor<double> a{{1., 2.}, {3., 4.}, {5., 6.}};
    const auto [q, r] = loom::linalg::qr(a);
    linalg_dec_expect_near(q, {-0.16903085094570325, 0.8970852271450607, -0.50709255283711, 0.27602622373694136,
                               -0.8451542547285166, -0.34503277967117696});
    linalg_dec_expect_near(r, {-5.916079783099616, -7.437357441610946, 0.0, 0.828078671210825});
    const auto complete = loom::linalg::qr(a, loom::linalg::qr_mode::complete);
    EXPECT_EQ(complete.q.shape(), (shape_type{3, 3}));
    EXPECT_EQ(complete.r.shape(), (shape_type{3, 2}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(complete.q, complete.r), a), 1e-12);
    const auto r_only = loom::linalg::qr(a, loom::linalg::qr_mode::r);
    EXPECT_EQ(r_only.q.size(), 0);
    linalg_dec_expect_near(r_only.r, {-5.916079783099616, -7.437357441610946, 0.0, 0.828078671210825});
}

TEST(LinalgQr, StacksOfWideAndTallMatricesFactorise) {
    for (const shape_type& shape : {shape_type{2, 5, 3}, shape_type{2, 3, 5}, shape_type{1, 1}}) {
        const tensor<double> a = linalg_dec_dominant(shape);
        for (const auto mode : {loom::linalg::qr_mode::reduced, loom::linalg::qr_mode::complete}) {
            const auto [q, r] = loom::linalg::qr(a, mode);
            EXPECT_LT(linalg_dec_distance(loom::matmul(q, r), a), 1e-12);
            const index_t columns = q.shape().back();
            const tensor<double> gram = loom::matmul(loom::swapaxes(q, -1, -2), q);
            EXPECT_LT(linalg_dec_distance(gram, loom::broadcast_to(loom::eye<double>(columns), gram.shape())), 1e-12);
        }
    }
    const auto empty = loom::linalg::qr(loom::zeros<double>({3, 0}), loom::linalg::qr_mode::complete);
    linalg_dec_expect_near(empty.q, {1., 0., 0., 0., 1., 0., 0., 0., 1.});
    EXPECT_EQ(empty.r.shape(), (shape_type{3, 0}));
    EXPECT_EQ(loom::linalg::qr(loom::zeros<double>({0, 3})).r.shape(), (shape_type{0, 3}));
}

TEST(LinalgSvd, SingularValuesAsNumPyAndReconstruction) {
    const tensor<double> a{{1., 2.}, {3., 4.}, {5., 6.}};
    const auto [u, s, vh] = loom::linalg::svd(a);
    EXPECT_EQ(u.shape(), (shape_type{3, 3}));
    EXPECT_EQ(vh.shape(), (shape_type{2, 2}));
    linalg_dec_expect_near(s, {9.525518091565107, 0.5143005806586443});
    const auto reduced = loom::linalg::svd(a, false);
    EXPECT_EQ(reduced.u.shape(), (shape_type{3, 2}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(reduced.u * loom::expand_dims(reduced.s, -2), reduced.vh), a), 1e-12);
    const auto values = loom::linalg::svd(a, true, false);
    EXPECT_EQ(values.u.size(), 0);
    linalg_dec_expect_near(values.s, {9.525518091565107, 0.5143005806586443});
}

TEST(LinalgSvd, StacksEmptyAndFloat32) {
    const tensor<double> a = linalg_dec_dominant({2, 3, 4, 6});
    const auto [u, s, vh] = loom::linalg::svd(a, false);
    EXPECT_EQ(s.shape(), (shape_type{2, 3, 4}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(u * loom::expand_dims(s, -2), vh), a), 1e-12);
    const auto empty = loom::linalg::svd(loom::zeros<double>({3, 0}));  // NumPy: u is the identity
    linalg_dec_expect_near(empty.u, {1., 0., 0., 0., 1., 0., 0., 0., 1.});
    EXPECT_EQ(empty.s.shape(), (shape_type{0}));
    EXPECT_EQ(empty.vh.shape(), (shape_type{0, 0}));
    const auto f = loom::linalg::svd(tensor<float>{{3.f, 0.f}, {0.f, -4.f}});
    static_assert(std::is_same_v<decltype(f.s), tensor<float>>);
    linalg_dec_expect_near(f.s, {4.0, 3.0}, 1e-6);
}

TEST(LinalgEigh, AscendingEigenvaluesAndEigenvectors) {
    const tensor<double> a{{2., 1.}, {1., 2.}};
    linalg_dec_expect_near(loom::linalg::eigvalsh(a), {1.0, 3.0});
    tensor<double> sym = linalg_dec_dominant({2, 5, 5});
    sym = sym + loom::swapaxes(sym, -1, -2);
    const auto [w, v] = loom::linalg::eigh(sym);
    EXPECT_EQ(w.shape(), (shape_type{2, 5}));
    EXPECT_LT(linalg_dec_distance(loom::matmul(sym, v), v * loom::expand_dims(w, -2)), 1e-12);
    for (index_t b = 0; b < 2; ++b) {
        for (index_t i = 0; i + 1 < 5; ++i) EXPECT_LE(w(b, i), w(b, i + 1));
    }
}

// NumPy: eigvalsh([[2, 1], [-5, 2]], 'U') reads 1 (gives [1, 3]); 'L' reads -5 (gives [-3, 7]).
TEST(LinalgEigh, UploChoosesTheTriangle) {
    const tensor<double> a{{2., 1.}, {-5., 2.}};
    linalg_dec_expect_near(loom::linalg::eigvalsh(a, 'U'), {1.0, 3.0});
    linalg_dec_expect_near(loom::linalg::eigvalsh(a), {-3.0, 7.0});
    linalg_dec_expect_near(loom::linalg::eigvalsh(a, 'u'), {1.0, 3.0});  // NumPy upper-cases UPLO
    expect_error_text<std::invalid_argument>([&] { (void)loom::linalg::eigh(a, 'X'); },
                                             "eigh: UPLO is 'X'; give 'L' (read the lower triangle) or 'U' (the upper)");
    EXPECT_EQ(loom::linalg::eigvalsh(loom::zeros<double>({4, 0, 0})).shape(), (shape_type{4, 0}));
}

// ---- pinv, matrix_rank, cond ----

TEST(LinalgPinv, ValuesAsNumPyAndPenroseConditions) {
    const tensor<double> a{{1., 2.}, {3., 4.}, {5., 6.}};
    const tensor<double> p = loom::linalg::pinv(a);
    linalg_dec_expect_near(p, {-1.3333333333333337, -0.33333333333333287, 0.6666666666666665, 1.0833333333333335,
                               0.3333333333333329, -0.4166666666666665});
    EXPECT_LT(linalg_dec_distance(loom::matmul(loom::matmul(a, p), a), a), 1e-12);
    tensor<double> sym = linalg_dec_dominant({3, 3});
    sym = sym + loom::transpose(sym);
    EXPECT_LT(linalg_dec_distance(loom::linalg::pinv(sym, 1e-15, true), loom::linalg::inv(sym)), 1e-12);
    EXPECT_EQ(loom::linalg::pinv(loom::zeros<double>({2, 0, 3})).shape(), (shape_type{2, 3, 0}));
}

// numpy.linalg.matrix_rank's documented examples.
TEST(LinalgMatrixRank, NumPyDocumentedExamples) {
    tensor<double> i = loom::eye<double>(4);
    EXPECT_EQ(loom::linalg::matrix_rank(i)(), 4);
    i(-1, -1) = 0.0;
    EXPECT_EQ(loom::linalg::matrix_rank(i)(), 3);
    EXPECT_EQ(loom::linalg::matrix_rank(loom::ones<double>({4}))(), 1);
    EXPECT_EQ(loom::linalg::matrix_rank(loom::zeros<double>({4}))(), 0);
    const tensor<index_t> ranks = loom::linalg::matrix_rank(tensor<int>{{{1, 2}, {2, 4}}, {{1, 0}, {0, 1}}});
    EXPECT_EQ(elements_of(ranks), (std::vector<index_t>{1, 2}));
    EXPECT_EQ(loom::linalg::matrix_rank(tensor<double>{{1., 0.}, {0., 1e-3}}, 1e-2)(), 1);
    EXPECT_EQ(loom::linalg::matrix_rank(tensor<double>{{1., 0.}, {0., -1.}}, std::nullopt, true)(), 2);
}

// numpy.linalg.cond's documented example: a = [[1, 0, -1], [0, 1, 0], [1, 0, 1]].
TEST(LinalgCond, NumPyDocumentedExample) {
    const tensor<double> a{{1., 0., -1.}, {0., 1., 0.}, {1., 0., 1.}};
    linalg_dec_expect_near(loom::linalg::cond(a), {1.4142135623730951});
    linalg_dec_expect_near(loom::linalg::cond(a, "fro"), {3.1622776601683795});
    linalg_dec_expect_near(loom::linalg::cond(a, "nuc"), {9.242640687119284});
    linalg_dec_expect_near(loom::linalg::cond(a, inf), {2.0});
    linalg_dec_expect_near(loom::linalg::cond(a, -inf), {1.0});
    linalg_dec_expect_near(loom::linalg::cond(a, 1), {2.0});
    linalg_dec_expect_near(loom::linalg::cond(a, -1), {1.0});
    linalg_dec_expect_near(loom::linalg::cond(a, 2), {1.4142135623730951});
    linalg_dec_expect_near(loom::linalg::cond(a, -2), {0.7071067811865475});
}

TEST(LinalgCond, SingularIsInfiniteAndEmptyIsAnError) {
    const tensor<double> singular{{{1., 2.}, {2., 4.}}, {{1., 0.}, {0., 2.}}};
    linalg_dec_expect_near(loom::linalg::cond(singular, 1), {inf, 2.0});
    const tensor<double> by_svd = loom::linalg::cond(singular);  // NumPy: 2.5e16, from rounding in the SVD
    EXPECT_GT(by_svd(0), 1e15);
    EXPECT_NEAR(by_svd(1), 2.0, 1e-12);
    expect_error_text<loom::linalg_error>(
        [&] { (void)loom::linalg::cond(loom::zeros<double>({2, 0})); },
        "cond: x has shape [2, 0]; the condition number of an empty matrix is not defined");
}

TEST(LinalgNorm, SingularValueNormsOfMatrices) {
    const tensor<double> b = loom::arange<double>(-4, 5).reshape({3, 3});
    linalg_dec_expect_near(loom::linalg::norm(b, 2), {7.348469228349534});
    linalg_dec_expect_near(loom::linalg::norm(b, -2), {1.8570331885190565e-16}, 1e-14);
    linalg_dec_expect_near(loom::linalg::norm(b, "nuc"), {9.797958971132712});
    const tensor<double> stack = loom::arange<double>(0, 8).reshape({2, 2, 2});
    EXPECT_EQ(loom::linalg::norm(stack, 2, {0, 2}, true).shape(), (shape_type{1, 2, 1}));
}

// ---- complex matrices, and eig and eigvals ----

using linalg_dec_c128 = std::complex<double>;
using linalg_dec_c64 = std::complex<float>;

// The conjugate transpose of the last two dimensions.
template <class A>
tensor<linalg_dec_c128> linalg_dec_adjoint(const A& a) {
    return tensor<linalg_dec_c128>(loom::conj(loom::swapaxes(loom::astype<linalg_dec_c128>(a), -1, -2)));
}

// The matrix [[1+2j, 2-1j], [3, 4+1j]] and the Hermitian [[2, 1-1j], [1+1j, 3]] of the tests below.
tensor<linalg_dec_c128> linalg_dec_complex_a() {
    return tensor<linalg_dec_c128>{{linalg_dec_c128(1, 2), linalg_dec_c128(2, -1)},
                                   {linalg_dec_c128(3, 0), linalg_dec_c128(4, 1)}};
}
tensor<linalg_dec_c128> linalg_dec_hermitian() {
    return tensor<linalg_dec_c128>{{linalg_dec_c128(2, 0), linalg_dec_c128(1, -1)},
                                   {linalg_dec_c128(1, 1), linalg_dec_c128(3, 0)}};
}

// NumPy's values for the same inputs.
TEST(LinalgComplex, SolveInvDetSlogdetAsNumPy) {
    const tensor<linalg_dec_c128> a = linalg_dec_complex_a();
    const tensor<linalg_dec_c128> b{linalg_dec_c128(1, 1), linalg_dec_c128(2, -3)};
    const auto x = loom::linalg::solve(a, b);
    static_assert(std::is_same_v<decltype(x), const tensor<linalg_dec_c128>>);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  x, tensor<linalg_dec_c128>{linalg_dec_c128(0.925, -0.475), linalg_dec_c128(-0.275, -0.325)}),
              1e-14);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  loom::linalg::inv(a),
                  tensor<linalg_dec_c128>{{linalg_dec_c128(-0.025, -0.325), linalg_dec_c128(0.125, 0.125)},
                                          {linalg_dec_c128(0.075, 0.225), linalg_dec_c128(0.125, -0.125)}}),
              1e-14);
    const auto d = loom::linalg::det(a);
    EXPECT_EQ(d.shape(), shape_type{});
    EXPECT_LT(std::abs(d.data()[0] - linalg_dec_c128(-4, 12)), 1e-13);
    const auto parts = loom::linalg::slogdet(a);
    static_assert(std::is_same_v<decltype(parts.logabsdet), tensor<double>>);
    EXPECT_LT(std::abs(parts.sign.data()[0] - linalg_dec_c128(-0.3162277660168379, 0.9486832980505137)), 1e-14);
    EXPECT_NEAR(parts.logabsdet.data()[0], 2.5375869076169133, 1e-14);
    // A singular complex matrix: sign 0, log |det| -inf, as NumPy's.
    const auto singular = loom::linalg::slogdet(tensor<linalg_dec_c128>{
        {linalg_dec_c128(1, 1), linalg_dec_c128(2, 2)}, {linalg_dec_c128(1, 0), linalg_dec_c128(2, 0)}});
    EXPECT_EQ(singular.sign.data()[0], linalg_dec_c128(0));
    EXPECT_EQ(singular.logabsdet.data()[0], -inf);
}

TEST(LinalgComplex, ResultTypesAsNumPy) {
    const tensor<linalg_dec_c64> a{{linalg_dec_c64(1, 0), linalg_dec_c64(2, 0)},
                                   {linalg_dec_c64(3, 0), linalg_dec_c64(4, 1)}};
    static_assert(std::is_same_v<decltype(loom::linalg::det(a)), tensor<linalg_dec_c64>>);
    static_assert(std::is_same_v<decltype(loom::linalg::svd(a).s), tensor<float>>);
    static_assert(std::is_same_v<decltype(loom::linalg::eigvalsh(a)), tensor<float>>);
    static_assert(std::is_same_v<decltype(loom::linalg::norm(a)), tensor<float>>);
    static_assert(std::is_same_v<decltype(loom::linalg::cond(a)), tensor<float>>);
    // complex64 with float64 or integers is complex128, as NumPy's.
    static_assert(std::is_same_v<decltype(loom::linalg::solve(a, tensor<double>{1., 2.})), tensor<linalg_dec_c128>>);
    static_assert(std::is_same_v<decltype(loom::linalg::solve(a, tensor<float>{1.f, 2.f})), tensor<linalg_dec_c64>>);
    static_assert(std::is_same_v<decltype(loom::linalg::eigvals(a)), tensor<linalg_dec_c64>>);
    static_assert(std::is_same_v<decltype(loom::linalg::eigvals(tensor<float>{{1.f}})), tensor<linalg_dec_c64>>);
    static_assert(std::is_same_v<decltype(loom::linalg::eigvals(tensor<int>{{1}})), tensor<linalg_dec_c128>>);
    EXPECT_LT(std::abs(loom::linalg::det(a).data()[0] - linalg_dec_c64(-2, 1)), 1e-5);
}

// cholesky of a Hermitian matrix: NumPy's L, and L L^H = A.
TEST(LinalgComplex, CholeskyOfHermitianMatrices) {
    const tensor<linalg_dec_c128> h = linalg_dec_hermitian();
    const auto l = loom::linalg::cholesky(h);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  l, tensor<linalg_dec_c128>{{linalg_dec_c128(1.4142135623730951, 0), linalg_dec_c128(0, 0)},
                                             {linalg_dec_c128(0.7071067811865475, 0.7071067811865475),
                                              linalg_dec_c128(1.4142135623730951, 0)}}),
              1e-14);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(l, linalg_dec_adjoint(l)), h), 1e-14);
    expect_error_text<loom::linalg_error>(
        [&] {
            (void)loom::linalg::cholesky(tensor<linalg_dec_c128>{{linalg_dec_c128(1, 0), linalg_dec_c128(2, 0)},
                                                                 {linalg_dec_c128(2, 0), linalg_dec_c128(1, 0)}});
        },
        "cholesky: the matrix of shape [2, 2] is not positive definite (its leading minor of order 2 is "
        "not positive); give a symmetric positive-definite matrix");
}

// qr: Q R = A, Q unitary (Q^H Q = I), R upper triangular, for tall, wide and stacked matrices.
TEST(LinalgComplex, QrIsUnitaryTimesTriangular) {
    tensor<linalg_dec_c128> a(shape_type{2, 3, 2});
    for (index_t i = 0; i < a.size(); ++i) {
        a.data()[i] = linalg_dec_c128(std::sin(double(i)), std::cos(3.0 * double(i)));
    }
    for (const auto mode : {loom::linalg::qr_mode::reduced, loom::linalg::qr_mode::complete}) {
        const auto parts = loom::linalg::qr(a, mode);
        EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(parts.q, parts.r), a), 1e-14);
        const index_t k = parts.q.shape().back();
        EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(linalg_dec_adjoint(parts.q), parts.q),
                                              loom::broadcast_to(loom::eye<double>(k), {2, k, k})),
                  1e-14);
        EXPECT_EQ(parts.r.data()[2], linalg_dec_c128(0));
    }
    const auto wide = loom::linalg::qr(tensor<linalg_dec_c128>(loom::swapaxes(a, -1, -2)));
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(wide.q, wide.r), loom::swapaxes(a, -1, -2)), 1e-14);
}

// svd: NumPy's real singular values; U S Vh = A with Vh the conjugate transpose of V.
TEST(LinalgComplex, SvdHasRealSingularValues) {
    const tensor<linalg_dec_c128> a = linalg_dec_complex_a();
    const auto parts = loom::linalg::svd(a);
    linalg_dec_expect_near(parts.s, {5.55033769016496, 2.278980369624606}, 1e-13);
    const tensor<linalg_dec_c128> scaled(parts.u * loom::astype<linalg_dec_c128>(loom::expand_dims(parts.s, 0)));
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(scaled, parts.vh), a), 1e-13);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(parts.vh, linalg_dec_adjoint(parts.vh)), loom::eye<double>(2)),
              1e-14);
    const tensor<linalg_dec_c64> tall{{linalg_dec_c64(1, 1), linalg_dec_c64(0, 2)},
                                      {linalg_dec_c64(3, 0), linalg_dec_c64(1, -1)},
                                      {linalg_dec_c64(0, 1), linalg_dec_c64(2, 0)}};
    const auto thin = loom::linalg::svd(tall, false);
    EXPECT_EQ(thin.u.shape(), (shape_type{3, 2}));
    const tensor<linalg_dec_c64> rebuilt(loom::matmul(
        tensor<linalg_dec_c64>(thin.u * loom::astype<linalg_dec_c64>(loom::expand_dims(thin.s, 0))), thin.vh));
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(rebuilt, tall), 1e-5);
}

// eigh of a Hermitian matrix: real ascending eigenvalues (NumPy's 1 and 4) and A v = w v.
TEST(LinalgComplex, EighHasRealEigenvalues) {
    const tensor<linalg_dec_c128> h = linalg_dec_hermitian();
    const auto parts = loom::linalg::eigh(h);
    linalg_dec_expect_near(parts.eigenvalues, {1, 4}, 1e-14);
    const tensor<linalg_dec_c128> scaled(parts.eigenvectors *
                                         loom::astype<linalg_dec_c128>(loom::expand_dims(parts.eigenvalues, 0)));
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::matmul(h, parts.eigenvectors), scaled), 1e-14);
    // 'U' reads the upper triangle: the same matrix.
    linalg_dec_expect_near(loom::linalg::eigvalsh(h, 'U'), {1, 4}, 1e-14);
}

// lstsq, pinv, matrix_rank, cond, norm of complex matrices: NumPy's values.
TEST(LinalgComplex, LstsqPinvRankCondNormAsNumPy) {
    const tensor<linalg_dec_c128> tall{{linalg_dec_c128(1, 1), linalg_dec_c128(2, 0)},
                                       {linalg_dec_c128(3, 0), linalg_dec_c128(4, -2)},
                                       {linalg_dec_c128(0, 5), linalg_dec_c128(6, 0)}};
    const auto fit = loom::linalg::lstsq(
        tall, tensor<linalg_dec_c128>{linalg_dec_c128(1, 0), linalg_dec_c128(0, 2), linalg_dec_c128(3, 0)});
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  fit.solution, tensor<linalg_dec_c128>{linalg_dec_c128(-0.9, -0.2), linalg_dec_c128(0.35, 0.75)}),
              1e-13);
    linalg_dec_expect_near(fit.residuals, {1.3}, 1e-13);
    EXPECT_EQ(fit.rank, 2);
    linalg_dec_expect_near(fit.singular_values, {9.499338090829577, 2.4005365725425323}, 1e-13);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  loom::linalg::pinv(tall),
                  tensor<linalg_dec_c128>{{linalg_dec_c128(0.06153846153846166, 0.03076923076923076),
                                           linalg_dec_c128(0.09230769230769227, 0.2384615384615384),
                                           linalg_dec_c128(-0.1615384615384615, -0.13846153846153839)},
                                          {linalg_dec_c128(0.03846153846153841, -0.04615384615384623),
                                           linalg_dec_c128(0.1961538461538461, -0.0807692307692307),
                                           linalg_dec_c128(0.04999999999999998, 0.13461538461538455)}}),
              1e-14);
    EXPECT_EQ(loom::linalg::matrix_rank(tensor<linalg_dec_c128>{{linalg_dec_c128(1, 1), linalg_dec_c128(2, 2)},
                                                                {linalg_dec_c128(1, 0), linalg_dec_c128(2, 0)}})
                  .data()[0],
              1);
    const tensor<linalg_dec_c128> a = linalg_dec_complex_a();
    linalg_dec_expect_near(loom::linalg::cond(a), {2.4354477836415995}, 1e-13);
    linalg_dec_expect_near(loom::linalg::norm(a), {6.0}, 1e-14);
    linalg_dec_expect_near(loom::linalg::norm(a, 2), {5.55033769016496}, 1e-13);
    linalg_dec_expect_near(loom::linalg::norm(a, 1), {6.35917360311745}, 1e-14);
    linalg_dec_expect_near(
        loom::linalg::norm(tensor<linalg_dec_c128>{linalg_dec_c128(1, 1), linalg_dec_c128(2, -3)}, inf),
        {3.6055512754639896}, 1e-14);
}

TEST(LinalgComplex, MatrixPowerAndMultiDot) {
    const tensor<linalg_dec_c128> a = linalg_dec_complex_a();
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::linalg::matrix_power(a, -1), loom::linalg::inv(a)), 1e-15);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::linalg::matrix_power(a, 3), loom::linalg::multi_dot(a, a, a)), 1e-12);
}

// eig of a real rotation: NumPy's eigenvalues +-i and eigenvectors [[s, s], [-si, si]], s = 1/sqrt(2).
TEST(LinalgEig, RealInputWithComplexEigenvaluesAsNumPy) {
    const tensor<double> rotation{{0., -1.}, {1., 0.}};
    const auto parts = loom::linalg::eig(rotation);
    static_assert(std::is_same_v<decltype(parts.eigenvalues), tensor<linalg_dec_c128>>);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(parts.eigenvalues,
                                          tensor<linalg_dec_c128>{linalg_dec_c128(0, 1), linalg_dec_c128(0, -1)}),
              1e-15);
    const double s = 0.7071067811865475;
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(parts.eigenvectors,
                                          tensor<linalg_dec_c128>{{linalg_dec_c128(s, 0), linalg_dec_c128(s, 0)},
                                                                  {linalg_dec_c128(0, -s), linalg_dec_c128(0, s)}}),
              1e-15);
    // Real eigenvalues come with imaginary parts 0 (NumPy's array would be real).
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(
                  loom::linalg::eigvals(tensor<int>{{1, 0, 0}, {0, 2, 0}, {0, 0, 3}}),
                  tensor<linalg_dec_c128>{linalg_dec_c128(1, 0), linalg_dec_c128(2, 0), linalg_dec_c128(3, 0)}),
              1e-15);
}

// A v = w v for every eigenpair, unit eigenvectors, in stacks of real and complex matrices of both precisions.
template <class T>
void linalg_dec_expect_eigenpairs(const tensor<T>& a, double tolerance) {
    const auto parts = loom::linalg::eig(a);
    const tensor<linalg_dec_c128> v(loom::astype<linalg_dec_c128>(parts.eigenvectors));
    const tensor<linalg_dec_c128> w(loom::astype<linalg_dec_c128>(parts.eigenvalues));
    const tensor<linalg_dec_c128> av(loom::matmul(loom::astype<linalg_dec_c128>(a), v));
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(av, v * loom::expand_dims(w, -2)), tolerance);
    const tensor<double> lengths(loom::linalg::norm(v, {}, {-2}));
    for (const double length : lengths) EXPECT_NEAR(length, 1.0, tolerance);
    EXPECT_LT(linalg_dec_distance<linalg_dec_c128>(loom::linalg::eigvals(a), parts.eigenvalues), tolerance);
}

TEST(LinalgEig, StacksOfRealAndComplexMatricesSatisfyAvEqualsWv) {
    tensor<double> real(shape_type{3, 4, 4});
    tensor<linalg_dec_c128> complex(shape_type{2, 3, 3});
    for (index_t i = 0; i < real.size(); ++i) real.data()[i] = std::sin(1.7 * double(i));
    for (index_t i = 0; i < complex.size(); ++i) {
        complex.data()[i] = linalg_dec_c128(std::cos(double(i)), std::sin(2.3 * double(i)));
    }
    linalg_dec_expect_eigenpairs(real, 1e-13);
    linalg_dec_expect_eigenpairs(complex, 1e-13);
    linalg_dec_expect_eigenpairs(tensor<float>(loom::astype<float>(real)), 1e-4);
    linalg_dec_expect_eigenpairs(tensor<linalg_dec_c64>(loom::astype<linalg_dec_c64>(complex)), 1e-4);
    const auto hermitian = loom::linalg::eig(linalg_dec_hermitian());  // NumPy's eigenvalues 1 and 4 in some order
    std::vector<double> values;
    for (const auto value : hermitian.eigenvalues) values.push_back(value.real());
    std::sort(values.begin(), values.end());
    EXPECT_NEAR(values[0], 1.0, 1e-14);
    EXPECT_NEAR(values[1], 4.0, 1e-14);
}

TEST(LinalgEig, EmptyAndErrorsAsTheOtherFunctions) {
    const auto empty = loom::linalg::eig(tensor<double>(shape_type{2, 0, 0}));
    EXPECT_EQ(empty.eigenvalues.shape(), (shape_type{2, 0}));
    EXPECT_EQ(empty.eigenvectors.shape(), (shape_type{2, 0, 0}));
    expect_error_text<std::invalid_argument>(
        [] {
            (void)loom::linalg::eig(tensor<double>(shape_type{2, 3}));
        },
        "eig: a has shape [2, 3], whose last two sizes differ; give square matrices, of shape [..., M, M]");
    expect_error_text<std::invalid_argument>(
        [] {
            (void)loom::linalg::eigvals(tensor<double>{1., 2.});
        },
        "eigvals: a has shape [2], of rank 1; give a matrix or a stack of matrices, of rank 2 or more");
    expect_error_text<loom::linalg_error>(
        [] {
            (void)loom::linalg::eigvals(tensor<double>{{{1., 0.}, {0., 1.}}, {{1., loom::testing::nan}, {0., 1.}}});
        },
        "eigvals: the matrix at batch index [1] of shape [2, 2, 2] holds NaN or infinite values, whose "
        "eigenvalues are not defined; replace them first (nan_to_num)");
}

#endif

}  // namespace
