// matmul's dispatch to BLAS (linalg/blas.hpp, Note [when matmul calls
// BLAS]): for every type BLAS multiplies, products through matmul, dot and
// the batch loop, on transposed and strided views, batches, empty and 1 × 1
// matrices, equal loom's own kernel (linalg::gemm, called directly) — the
// inputs are small multiples of 1/8, whose products and sums are exact in
// float32, so that both give the same bits in any order of summation; and
// the layouts BLAS cannot take (broadcast, negative strides, no unit
// stride) and the types it does not multiply still give the right result.
// Every test holds with and without LOOM_HAVE_BLAS. Last, element-wise
// complex products, whose loop the compiler vectorises: the same values as
// the scalar formula, NumPy's, at every position of an array.

#include <gtest/gtest.h>

#include <climits>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::linalg::matrix_ref;
using c64 = std::complex<float>;
using c128 = std::complex<double>;

// Element i of an input: a multiple of 1/8 in [-1.375, 1.375] (both parts of a complex).
template <class T>
T blas_test_value(index_t i, index_t seed) {
    const auto part = [](index_t j) { return static_cast<double>((j * 37 + 11) % 23 - 11) / 8.0; };
    if constexpr (loom::complex_element<T>) {
        using P = typename T::value_type;
        return T(static_cast<P>(part(i + seed)), static_cast<P>(part(3 * i + seed + 5)));
    } else {
        return static_cast<T>(part(i + seed));
    }
}

template <class T>
tensor<T> blas_test_tensor(const shape_type& shape, index_t seed) {
    tensor<T> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = blas_test_value<T>(i, seed);
    return t;
}

// a · b for row-major matrices by loom's own kernel, linalg::gemm, called directly.
template <class T>
tensor<T> blas_test_kernel_product(const tensor<T>& a, const tensor<T>& b) {
    const index_t n = a.shape()[0], k = a.shape()[1], m = b.shape()[1];
    tensor<T> c({n, m});
    loom::linalg::gemm<T, T, T>({a.data(), n, k, k, 1}, {b.data(), k, m, m, 1}, {c.data(), n, m, m, 1});
    return c;
}

template <class T>
class BlasDispatch : public ::testing::Test {};
using blas_types = ::testing::Types<float, double, c64, c128>;
TYPED_TEST_SUITE(BlasDispatch, blas_types);

// Sizes below, at and above the sizes where the rule may change its choice, odd ones included.
constexpr index_t blas_test_sizes[][3] = {{1, 1, 1}, {2, 3, 4}, {17, 9, 33}, {64, 64, 64}, {130, 70, 90},
                                          {300, 260, 280}, {700, 3, 5}};

TYPED_TEST(BlasDispatch, RowMajorProductsEqualLoomsKernel) {
    using T = TypeParam;
    for (const auto& [n, k, m] : blas_test_sizes) {
        const tensor<T> a = blas_test_tensor<T>({n, k}, 1), b = blas_test_tensor<T>({k, m}, 2);
        EXPECT_EQ(elements_of(tensor<T>(loom::matmul(a, b))), elements_of(blas_test_kernel_product(a, b)))
            << n << " x " << k << " x " << m;
        EXPECT_EQ(elements_of(loom::dot(a, b)), elements_of(blas_test_kernel_product(a, b)));
    }
}

TYPED_TEST(BlasDispatch, TransposedOperandsAndResult) {
    using T = TypeParam;
    for (const auto& [n, k, m] : blas_test_sizes) {
        const tensor<T> a = blas_test_tensor<T>({n, k}, 3), b = blas_test_tensor<T>({k, m}, 4);
        const tensor<T> at = tensor<T>(a.transpose()), bt = tensor<T>(b.transpose());  // row-major transposes
        const std::vector<T> expected = elements_of(blas_test_kernel_product(a, b));
        EXPECT_EQ(elements_of(tensor<T>(loom::matmul(at.transpose(), b))), expected);
        EXPECT_EQ(elements_of(tensor<T>(loom::matmul(a, bt.transpose()))), expected);
        EXPECT_EQ(elements_of(tensor<T>(loom::matmul(at.transpose(), bt.transpose()))), expected);
        tensor<T> column_major({m, n});  // the result written through a transposed view
        column_major.transpose() = loom::matmul(a, b);
        EXPECT_EQ(elements_of(column_major.transpose()), expected);
    }
}

// A view whose rows are two apart has a unit column stride and a leading
// dimension twice the row length: BLAS reads it in place. A view of every
// other column has no unit stride: loom's kernel computes it.
TYPED_TEST(BlasDispatch, StridedViews) {
    using T = TypeParam;
    const index_t n = 150, k = 90, m = 110;
    const tensor<T> wide_a = blas_test_tensor<T>({2 * n, 2 * k}, 5), wide_b = blas_test_tensor<T>({2 * k, 2 * m}, 6);
    const auto rows_apart_a = wide_a(loom::range(0, 2 * n, 2), loom::range(0, k));
    const auto rows_apart_b = wide_b(loom::range(1, 2 * k, 2), loom::range(3, m + 3));
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(rows_apart_a, rows_apart_b))),
              elements_of(blas_test_kernel_product(tensor<T>(rows_apart_a), tensor<T>(rows_apart_b))));
    const auto every_other_a = wide_a(loom::range(0, n), loom::range(0, 2 * k, 2));
    const auto every_other_b = wide_b(loom::range(0, 2 * k, 2), loom::range(0, 2 * m, 2));
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(every_other_a, every_other_b))),
              elements_of(blas_test_kernel_product(tensor<T>(every_other_a), tensor<T>(every_other_b))));
    tensor<T> out = loom::zeros<T>({n, 2 * m});  // into every other column of a result
    out(loom::all, loom::range(0, 2 * m, 2)) = loom::matmul(every_other_a, every_other_b);
    EXPECT_EQ(elements_of(out(loom::all, loom::range(0, 2 * m, 2))),
              elements_of(blas_test_kernel_product(tensor<T>(every_other_a), tensor<T>(every_other_b))));
}

// Negative strides and a broadcast matrix (stride 0) go to loom's kernel.
TYPED_TEST(BlasDispatch, FlippedAndBroadcastOperands) {
    using T = TypeParam;
    const index_t n = 120, k = 80, m = 100;
    const tensor<T> a = blas_test_tensor<T>({n, k}, 7), b = blas_test_tensor<T>({k, m}, 8);
    const auto flipped = loom::flip(a, 0);
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(flipped, loom::flip(b, 1)))),
              elements_of(blas_test_kernel_product(tensor<T>(flipped), tensor<T>(loom::flip(b, 1)))));
    const tensor<T> row = blas_test_tensor<T>({1, k}, 9);
    const auto repeated = loom::broadcast_to(row, {n, k});  // every row the same, row stride 0
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(repeated, b))),
              elements_of(blas_test_kernel_product(tensor<T>(repeated), b)));
}

TYPED_TEST(BlasDispatch, BatchesOneProductPerMatrix) {
    using T = TypeParam;
    const index_t n = 70, k = 90, m = 60;
    const tensor<T> a = blas_test_tensor<T>({3, 2, n, k}, 10), b = blas_test_tensor<T>({2, k, m}, 11);  // b broadcast
    const tensor<T> c = loom::matmul(a, b);
    ASSERT_EQ(c.shape(), (shape_type{3, 2, n, m}));
    for (index_t s = 0; s < 3; ++s) {
        for (index_t t = 0; t < 2; ++t) {
            const tensor<T> a_st = a(s, t, loom::all, loom::all), b_t = b(t, loom::all, loom::all);
            EXPECT_EQ(elements_of(c(s, t, loom::all, loom::all)), elements_of(blas_test_kernel_product(a_st, b_t)))
                << "batch [" << s << ", " << t << "]";
        }
    }
}

TYPED_TEST(BlasDispatch, EmptyAndOneByOne) {
    using T = TypeParam;
    EXPECT_EQ(tensor<T>(loom::matmul(loom::ones<T>({0, 5}), loom::ones<T>({5, 4}))).shape(), (shape_type{0, 4}));
    EXPECT_EQ(tensor<T>(loom::matmul(loom::ones<T>({3, 5}), loom::ones<T>({5, 0}))).shape(), (shape_type{3, 0}));
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(loom::ones<T>({2, 0}), loom::ones<T>({0, 3})))),
              std::vector<T>(6, T(0)));  // sums of nothing, as NumPy
    const tensor<T> one = loom::full<T>({1, 1}, T(3)), other = loom::full<T>({1, 1}, T(-2));
    EXPECT_EQ(elements_of(tensor<T>(loom::matmul(one, other))), std::vector<T>{T(-6)});
}

// blas_gemm takes C += A·B too (beta = 1), and refuses what BLAS cannot read,
// touching nothing: a broadcast matrix, a negative stride, a leading
// dimension beyond BLAS's int, mixed types.
TYPED_TEST(BlasDispatch, BlasGemmAccumulatesAndRefusesLayouts) {
    using T = TypeParam;
    const index_t n = 300, k = 260, m = 280;
    const tensor<T> a = blas_test_tensor<T>({n, k}, 12), b = blas_test_tensor<T>({k, m}, 13);
    tensor<T> c = blas_test_tensor<T>({n, m}, 14), expected = c;
    const matrix_ref<const T> ra{a.data(), n, k, k, 1}, rb{b.data(), k, m, m, 1};
    loom::linalg::gemm<T, T, T>(ra, rb, {expected.data(), n, m, m, 1}, true);
    const bool used = loom::linalg::blas_gemm<T, T, T>(ra, rb, {c.data(), n, m, m, 1}, true);
    EXPECT_EQ(used, loom::linalg::blas_found && loom::linalg::blas_pays<T>(n, m, k));
    if (!used) loom::linalg::gemm<T, T, T>(ra, rb, {c.data(), n, m, m, 1}, true);  // what matmul does then
    EXPECT_EQ(elements_of(c), elements_of(expected));

    const tensor<T> before = c;
    const matrix_ref<const T> broadcast{a.data(), n, k, 0, 1}, flipped{a.data() + (n - 1) * k, n, k, -k, 1};
    EXPECT_FALSE((loom::linalg::blas_gemm<T, T, T>(broadcast, rb, {c.data(), n, m, m, 1})));
    EXPECT_FALSE((loom::linalg::blas_gemm<T, T, T>(flipped, rb, {c.data(), n, m, m, 1})));
    EXPECT_EQ(elements_of(c), elements_of(before));
    loom::linalg::detail::blas_operand layout{};
    const index_t beyond_int = index_t{INT_MAX} + 1;
    EXPECT_FALSE(loom::linalg::detail::blas_layout(matrix_ref<const T>{nullptr, 2, 2, beyond_int, 1}, layout));
    EXPECT_FALSE(loom::linalg::detail::blas_layout(matrix_ref<const T>{nullptr, 2, 3, 2, 1}, layout));  // rows overlap
    ASSERT_TRUE(loom::linalg::detail::blas_layout(matrix_ref<const T>{nullptr, 4, 3, 1, 5}, layout));
    EXPECT_EQ(layout.trans, 'N');
    EXPECT_EQ(layout.ld, 5);
    ASSERT_TRUE(loom::linalg::detail::blas_layout(matrix_ref<const T>{nullptr, 1, 3, 7, 3}, layout));  // one row
    EXPECT_EQ(layout.trans, 'N');
    EXPECT_EQ(layout.ld, 3);
}

// The rule of Note [when matmul calls BLAS], whether or not loom has a BLAS.
TEST(BlasDispatchTypes, RuleFollowsTheMeasurements) {
    using loom::linalg::blas_pays;
    EXPECT_FALSE(blas_pays<c64>(4, 4, 4));  // loom's complex loops beat BLAS's set-up
    EXPECT_TRUE(blas_pays<c64>(6, 6, 6));
    EXPECT_TRUE(blas_pays<c128>(1024, 1024, 1024));
    EXPECT_TRUE(blas_pays<float>(2, 2, 2));
    EXPECT_TRUE(blas_pays<double>(64, 64, 64));
    EXPECT_FALSE(blas_pays<float>(128, 128, 128));
    EXPECT_FALSE(blas_pays<double>(8192, 64, 64));  // loom's kernel leads on the tall, skinny product
}

TEST(BlasDispatchTypes, MixedTypesStayOnLoomsKernel) {
    const tensor<float> a = blas_test_tensor<float>({300, 260}, 15);
    const tensor<double> b = blas_test_tensor<double>({260, 280}, 16);
    const matrix_ref<const float> ra{a.data(), 300, 260, 260, 1};
    const matrix_ref<const double> rb{b.data(), 260, 280, 280, 1};
    tensor<double> c({300, 280});
    EXPECT_FALSE((loom::linalg::blas_gemm<double, float, double>(ra, rb, {c.data(), 300, 280, 280, 1})));
    const tensor<double> product = loom::matmul(a, b);  // float32 @ float64 is float64, as NumPy
    EXPECT_EQ(elements_of(product), elements_of(blas_test_kernel_product(tensor<double>(a), b)));
}

// Integers stay exact, with NumPy's wraparound: (2**40)**2 is 2**80, 0 modulo 2**64.
TEST(BlasDispatchTypes, IntegerProductsExact) {
    const tensor<std::int64_t> x{{std::int64_t{1} << 40, 3}, {5, std::int64_t{1} << 41}};
    // NumPy's x @ x for x = np.array([[2**40, 3], [5, 2**41]], dtype=np.int64):
    EXPECT_EQ(elements_of(tensor<std::int64_t>(loom::matmul(x, x))),
              (std::vector<std::int64_t>{15, 9895604649984, 16492674416640, 15}));
}

// numpy.matmul's documented examples, and a complex product NumPy computed.
TEST(BlasDispatchTypes, NumPyExamples) {
    const tensor<double> a{{1, 0}, {0, 1}}, b{{4, 1}, {2, 2}};
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(a, b))), (std::vector<double>{4, 1, 2, 2}));
    const tensor<c128> v{c128(0, 2), c128(0, 3)};
    EXPECT_EQ(tensor<c128>(loom::matmul(v, v)).item(), c128(-13, 0));  // NumPy: (-13+0j)
    // NumPy: np.array([[1+2j, 3-1j], [0.5j, -2]]) @ np.array([[2-1j], [1+1j]]) is [[8+5j], [-1.5-1j]].
    const tensor<c64> p{{c64(1, 2), c64(3, -1)}, {c64(0, 0.5f), c64(-2, 0)}}, q{{c64(2, -1)}, {c64(1, 1)}};
    EXPECT_EQ(elements_of(tensor<c64>(loom::matmul(p, q))), (std::vector<c64>{c64(8, 5), c64(-1.5f, -1)}));
}

// Element-wise a * b on complex64 and complex128 is NumPy's textbook
// formula, (ac - bd) + (ad + bc)i, not std::complex's operator*, which
// follows C's Annex G and recovers infinities from NaN parts: NumPy's
// (inf+infj) * 1j is nan+nanj where Annex G gives an infinity. The values
// below sit at every position of arrays long enough for the vectorised
// loop, its remainder included, and must equal the scalar formula's bits.
template <class C>
void check_complex_products_as_numpy() {
    using P = typename C::value_type;
    const P inf_p = std::numeric_limits<P>::infinity(), nan_p = std::numeric_limits<P>::quiet_NaN();
    // NumPy: a * b for a = [inf+0j, inf+infj, nan+1j, 1+2j], b = [1j, 1j, 2, inf+0j] is
    // [nan+infj, nan+nanj, nan+nanj, inf+infj].
    const C special_a[] = {C(inf_p, 0), C(inf_p, inf_p), C(nan_p, 1), C(1, 2)};
    const C special_b[] = {C(0, 1), C(0, 1), C(2, 0), C(inf_p, 0)};
    const index_t count = 1037;
    tensor<C> a({count}), b({count});
    for (index_t i = 0; i < count; ++i) {
        a.data()[i] = i % 7 == 3 ? special_a[i % 4] : blas_test_value<C>(i, 17);
        b.data()[i] = i % 7 == 3 ? special_b[i % 4] : blas_test_value<C>(i, 18);
    }
    const tensor<C> product = a * b;
    const auto same = [](P x, P y) { return (std::isnan(x) && std::isnan(y)) || x == y; };
    for (index_t i = 0; i < count; ++i) {
        const C x = a.data()[i], y = b.data()[i], got = product.data()[i];
        const C expected(x.real() * y.real() - x.imag() * y.imag(), x.real() * y.imag() + x.imag() * y.real());
        EXPECT_TRUE(same(got.real(), expected.real()) && same(got.imag(), expected.imag())) << "element " << i;
    }
    const C numpy[] = {C(nan_p, inf_p), C(nan_p, nan_p), C(nan_p, nan_p), C(inf_p, inf_p)};
    for (index_t i = 3; i < count; i += 7) {
        const C got = product.data()[i], expected = numpy[i % 4];
        EXPECT_TRUE(same(got.real(), expected.real()) && same(got.imag(), expected.imag())) << "element " << i;
    }
}

TEST(BlasDispatchComplexProducts, Complex64AsNumPy) { check_complex_products_as_numpy<c64>(); }
TEST(BlasDispatchComplexProducts, Complex128AsNumPy) { check_complex_products_as_numpy<c128>(); }

}  // namespace
