// Complex element types, std::complex<float> (complex64) and
// std::complex<double> (complex128): promotion, arithmetic and functions,
// printing, .npy files, reductions, sorting and matrix products, each
// against the values NumPy 1.24 gives (pasted from /usr/bin/python3 with
// numpy; the inputs are written beside them). The refusals at compile time
// are the `// does not compile` examples of docs/expressions.md.

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::promote_t;
using loom::shape_type;
using loom::tensor;
using loom::value_type_of;
using loom::testing::elements_of;
using loom::testing::evaluated;
using loom::testing::inf;
using loom::testing::message_of;
using loom::testing::nan;
using c64 = std::complex<float>;
using c128 = std::complex<double>;

// Equal as NumPy's values are: NaN matches NaN, and zeros match in sign.
template <class R>
bool complex_same_real(R got, R expected) {
    if (std::isnan(expected)) return std::isnan(got);
    return got == expected && std::signbit(got) == std::signbit(expected);
}

template <class R>
::testing::AssertionResult complex_same(const std::vector<std::complex<R>>& got,
                                        const std::vector<std::complex<R>>& expected) {
    if (got.size() != expected.size()) return ::testing::AssertionFailure() << "sizes differ";
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (!complex_same_real(got[i].real(), expected[i].real()) ||
            !complex_same_real(got[i].imag(), expected[i].imag())) {
            return ::testing::AssertionFailure() << "element " << i << ": got (" << got[i].real() << ", "
                                                 << got[i].imag() << "), NumPy gives (" << expected[i].real()
                                                 << ", " << expected[i].imag() << ")";
        }
    }
    return ::testing::AssertionSuccess();
}

template <class R>
::testing::AssertionResult complex_same_reals(const std::vector<R>& got, const std::vector<R>& expected) {
    if (got.size() != expected.size()) return ::testing::AssertionFailure() << "sizes differ";
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (!complex_same_real(got[i], expected[i]))
            return ::testing::AssertionFailure() << "element " << i << ": got " << got[i] << ", NumPy gives "
                                                 << expected[i];
    }
    return ::testing::AssertionSuccess();
}

// Within `ulps` units in the last place of the larger part, for results
// that NumPy computes with BLAS or in another order of additions.
template <class R>
::testing::AssertionResult complex_close(const std::vector<std::complex<R>>& got,
                                         const std::vector<std::complex<R>>& expected, double tolerance) {
    if (got.size() != expected.size()) return ::testing::AssertionFailure() << "sizes differ";
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::abs(got[i] - expected[i]) > tolerance * (1 + std::abs(expected[i])))
            return ::testing::AssertionFailure() << "element " << i << ": got (" << got[i].real() << ", "
                                                 << got[i].imag() << "), NumPy gives (" << expected[i].real()
                                                 << ", " << expected[i].imag() << ")";
    }
    return ::testing::AssertionSuccess();
}

// NumPy's inputs: np.array([1+2j, -1.5+0.5j, 0j, complex(-0.0, -0.0), complex(inf, 0), complex(nan, 1),
// complex(0, inf), complex(-1, 0), complex(-1, -0.0), 3-4j, complex(-inf, 2), complex(0.5, -1e-300)])
tensor<c128> complex_inputs() {
    return tensor<c128>{c128(1.0, 2.0),   c128(-1.5, 0.5),  c128(0.0, 0.0),  c128(-0.0, -0.0),
                        c128(inf, 0.0),   c128(nan, 1.0),   c128(0.0, inf),  c128(-1.0, 0.0),
                        c128(-1.0, -0.0), c128(3.0, -4.0),  c128(-inf, 2.0), c128(0.5, -1e-300)};
}

// ... and the second operand of the binary functions.
tensor<c128> complex_partners() {
    return tensor<c128>{c128(2.0, -1.0), c128(0.5, 0.5), c128(1.0, 0.0), c128(0.0, 0.0), c128(1.0, 1.0), c128(0.0, 2.0),
                        c128(0.0, 0.0),  c128(0.5, 0.0), c128(0.5, 0.0), c128(3.0, 0.0), c128(1.0, 0.0), c128(-2.0, 0.0)};
}

// ---------------------------------------------------------------------------
// Types and promotion
// ---------------------------------------------------------------------------

// np.result_type(complex64, t) and np.result_type(complex128, t) for every t.
static_assert(std::same_as<promote_t<c64, bool>, c64>);
static_assert(std::same_as<promote_t<c64, std::int8_t>, c64>);
static_assert(std::same_as<promote_t<c64, std::int16_t>, c64>);
static_assert(std::same_as<promote_t<c64, std::int32_t>, c128>);
static_assert(std::same_as<promote_t<c64, std::int64_t>, c128>);
static_assert(std::same_as<promote_t<c64, std::uint8_t>, c64>);
static_assert(std::same_as<promote_t<c64, std::uint16_t>, c64>);
static_assert(std::same_as<promote_t<c64, std::uint32_t>, c128>);
static_assert(std::same_as<promote_t<c64, std::uint64_t>, c128>);
static_assert(std::same_as<promote_t<c64, float>, c64>);
static_assert(std::same_as<promote_t<c64, double>, c128>);
static_assert(std::same_as<promote_t<c64, c64>, c64>);
static_assert(std::same_as<promote_t<c64, c128>, c128>);
static_assert(std::same_as<promote_t<c64, loom::float16>, c64>);  // np.result_type(complex64, float16)
static_assert(std::same_as<promote_t<loom::bfloat16, c64>, c64>);
static_assert(std::same_as<promote_t<loom::float16, c128>, c128>);
static_assert(std::same_as<promote_t<double, c64>, c128>);
static_assert(std::same_as<promote_t<std::int8_t, c64>, c64>);
static_assert(std::same_as<promote_t<c128, bool>, c128>);
static_assert(std::same_as<promote_t<c128, float>, c128>);
static_assert(std::same_as<promote_t<std::uint64_t, c128>, c128>);
static_assert(std::same_as<promote_t<c128, c64>, c128>);
static_assert(loom::category_of<c64> == loom::category::complex);
static_assert(loom::category_of<c64> > loom::category_of<double>);
static_assert(std::same_as<loom::real_part_t<c64>, float>);
static_assert(std::same_as<loom::real_part_t<c128>, double>);
static_assert(std::same_as<loom::real_part_t<std::int32_t>, std::int32_t>);
static_assert(loom::storable_in<double, c64> && !loom::storable_in<c64, double>);

TEST(ComplexTypes, HaveNumPysNames) {
    EXPECT_STREQ(loom::type_name<c64>(), "complex64");
    EXPECT_STREQ(loom::type_name<c128>(), "complex128");
}

TEST(ComplexTypes, ScalarsNeverWidenATensorOfTheirCategory) {
    const tensor<c64> z{c64(1, 2), c64(3, 4)};
    const tensor<float> f{1.0F, 2.0F};
    const tensor<std::int32_t> i{1, 2};
    static_assert(std::same_as<value_type_of<decltype(z * c128(1, 1))>, c64>);
    static_assert(std::same_as<value_type_of<decltype(z * 2.0)>, c64>);
    static_assert(std::same_as<value_type_of<decltype(z + 7L)>, c64>);
    // A complex scalar is of a higher category than a real tensor: its type.
    static_assert(std::same_as<value_type_of<decltype(f * c128(0, 1))>, c128>);
    // ... whose parts must hold the tensor's: int32 needs complex128, as in NumPy.
    static_assert(std::same_as<value_type_of<decltype(i * c64(0, 1))>, c128>);
    static_assert(std::same_as<value_type_of<decltype(tensor<std::int16_t>{} * c64(0, 1))>, c64>);
    // Tensor with tensor: NumPy's table.
    static_assert(std::same_as<value_type_of<decltype(z * f)>, c64>);
    static_assert(std::same_as<value_type_of<decltype(z * i)>, c128>);
    EXPECT_EQ(evaluated(z * c128(0, 1)), (std::vector<c64>{c64(-2, 1), c64(-4, 3)}));
    EXPECT_EQ(evaluated(f * c128(0, 1)), (std::vector<c128>{c128(0, 1), c128(0, 2)}));
}

TEST(ComplexTypes, AreCreatedFilledAndFromNestedLists) {
    EXPECT_EQ(elements_of(loom::zeros<c64>({2})), (std::vector<c64>{c64(0, 0), c64(0, 0)}));
    EXPECT_EQ(elements_of(loom::ones<c128>({2})), (std::vector<c128>{c128(1, 0), c128(1, 0)}));
    const tensor<c64> full = loom::full({2, 2}, c64(1, -2));
    EXPECT_EQ(full.shape(), (shape_type{2, 2}));
    EXPECT_EQ(full(1, 1), c64(1, -2));
    EXPECT_EQ(elements_of(loom::eye<c128>(2)), (std::vector<c128>{1, 0, 0, 1}));
    const tensor<c128> nested{{c128(1, 2), 3}, {4, c128(0, -1)}};
    EXPECT_EQ(nested.shape(), (shape_type{2, 2}));
    EXPECT_EQ(nested(0, 1), c128(3, 0));
}

TEST(ComplexTypes, AstypeFromRealTypes) {
    const tensor<double> x{1.5, -2.0};
    EXPECT_EQ(evaluated(loom::astype<c64>(x)), (std::vector<c64>{c64(1.5F, 0), c64(-2, 0)}));
    const tensor<c128> z{c128(1, 2)};
    EXPECT_EQ(evaluated(loom::astype<c64>(z)), (std::vector<c64>{c64(1, 2)}));
    const tensor<bool> b{true, false};
    EXPECT_EQ(evaluated(loom::astype<c128>(b)), (std::vector<c128>{c128(1, 0), c128(0, 0)}));
}

TEST(ComplexTypes, AssignIntoAComplexTensorFromRealResults) {
    tensor<c128> z(shape_type{2});
    const tensor<std::int32_t> i{1, -2};
    z = i * 2;
    EXPECT_EQ(elements_of(z), (std::vector<c128>{c128(2, 0), c128(-4, 0)}));
    z += loom::imag(z) + c128(0, 1);
    EXPECT_EQ(elements_of(z), (std::vector<c128>{c128(2, 1), c128(-4, 1)}));
}

TEST(ComplexTypes, LargeTransposedOperandsTakeEveryPath) {
    // Large enough for the engine's tiled plans (complex64's 8 bytes are
    // tiled, complex128's 16 are not) and its threads; checked element by element.
    const index_t rows = 70, cols = 300;
    tensor<c128> z(shape_type{rows, cols});
    for (index_t i = 0; i < rows; ++i)
        for (index_t j = 0; j < cols; ++j) z(i, j) = c128(double(i) - 3.5, double(j % 17) * 0.25);
    const tensor<c64> w = loom::astype<c64>(z);
    const tensor<c128> sum = loom::transpose(z) + c128(1, -1);
    const tensor<c64> product = loom::transpose(w) * loom::transpose(w);
    const tensor<double> moduli = loom::abs(loom::transpose(z));
    const tensor<float> parts = loom::imag(loom::transpose(w)) + loom::real(loom::transpose(w));
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < cols; ++j) {
            ASSERT_EQ(sum(j, i), z(i, j) + c128(1, -1));
            ASSERT_EQ(product(j, i), w(i, j) * w(i, j));
            ASSERT_EQ(moduli(j, i), std::abs(z(i, j)));
            ASSERT_EQ(parts(j, i), w(i, j).imag() + w(i, j).real());
        }
    }
}

// ---------------------------------------------------------------------------
// Arithmetic and functions, against NumPy on the inputs above
// ---------------------------------------------------------------------------

TEST(ComplexArithmetic, MultipliesAsNumPysLoop) {
    // np.multiply(z, w)
    EXPECT_TRUE(complex_same(evaluated(complex_inputs() * complex_partners()),
                             {c128(4.0, 3.0), c128(-1.0, -0.5), c128(0.0, 0.0), c128(0.0, -0.0), c128(inf, inf),
                              c128(nan, nan), c128(nan, nan), c128(-0.5, 0.0), c128(-0.5, -0.0), c128(9.0, -12.0),
                              c128(-inf, nan), c128(-1.0, 2e-300)}));
}

TEST(ComplexArithmetic, DividesAsNumPysLoop) {
    // np.divide(z, w): Smith's algorithm, a complex zero divisor divides by a real zero.
    EXPECT_TRUE(complex_same(evaluated(complex_inputs() / complex_partners()),
                             {c128(0.0, 1.0), c128(-1.0, 2.0), c128(0.0, 0.0), c128(nan, nan), c128(inf, -inf),
                              c128(nan, nan), c128(nan, inf), c128(-2.0, 0.0), c128(-2.0, 0.0),
                              c128(1.0, -1.3333333333333333), c128(-inf, nan), c128(-0.25, 5e-301)}));
}

TEST(ComplexArithmetic, AddsAndSubtracts) {
    EXPECT_TRUE(complex_same(evaluated(complex_inputs() + complex_partners()),
                             {c128(3.0, 1.0), c128(-1.0, 1.0), c128(1.0, 0.0), c128(0.0, 0.0), c128(inf, 1.0),
                              c128(nan, 3.0), c128(0.0, inf), c128(-0.5, 0.0), c128(-0.5, 0.0), c128(6.0, -4.0),
                              c128(-inf, 2.0), c128(-1.5, -1e-300)}));
    EXPECT_TRUE(complex_same(evaluated(complex_inputs() - complex_partners()),
                             {c128(-1.0, 3.0), c128(-2.0, 0.0), c128(-1.0, 0.0), c128(-0.0, -0.0), c128(inf, -1.0),
                              c128(nan, -1.0), c128(0.0, inf), c128(-1.5, 0.0), c128(-1.5, -0.0), c128(0.0, -4.0),
                              c128(-inf, 2.0), c128(2.5, -1e-300)}));
    EXPECT_TRUE(complex_same(evaluated(-tensor<c128>{c128(1, -0.0)}), {c128(-1, 0.0)}));
}

TEST(ComplexArithmetic, PowersAsNumPysCpow) {
    // np.power(z, w): z**0 is 1, 0**w is 0 for a positive real w, small integer
    // exponents by multiplications, the rest C's cpow.
    EXPECT_TRUE(complex_same(evaluated(loom::power(complex_inputs(), complex_partners())),
                             {c128(2.428447747683073, 14.93241486964456), c128(-0.020921616170975196, 0.3063044875232547),
                              c128(0.0, 0.0), c128(1.0, 0.0), c128(inf, nan), c128(nan, nan), c128(1.0, 0.0),
                              c128(6.123233995736766e-17, 1.0), c128(6.123233995736766e-17, -1.0), c128(-117.0, -44.0),
                              c128(-inf, 2.0), c128(4.0, 1.6e-299)}));
    const tensor<c128> w{c128(1, 2), c128(-1.5, 0.5), c128(3, -4)};
    // w**3, w**-2, w**2.5
    EXPECT_TRUE(complex_same(evaluated(loom::pow(w, 3)), {c128(-11, -2), c128(-2.25, 3.25), c128(-117, -44)}));
    EXPECT_TRUE(complex_same(evaluated(loom::pow(w, -2)), {c128(-0.12, -0.16), c128(0.32, 0.24), c128(-0.0112, 0.0384)}));
    EXPECT_TRUE(complex_same(evaluated(loom::pow(w, 2.5)),
                             {c128(-6.960664459571899, 2.7296244647840076), c128(2.264632165278303, 2.1802657737104187),
                              c128(-37.99999999999998, -41.00000000000001)}));
}

TEST(ComplexFunctions, ExpLogSqrtMatchNumPyAtBranchCutsAndInfinities) {
    const tensor<c128> z = complex_inputs();
    EXPECT_TRUE(complex_same(evaluated(loom::exp(z)),
                             {c128(-1.1312043837568135, 2.4717266720048188), c128(0.1958151375780682, 0.10697429720800304),
                              c128(1.0, 0.0), c128(1.0, -0.0), c128(inf, 0.0), c128(nan, nan), c128(nan, nan),
                              c128(0.36787944117144233, 0.0), c128(0.36787944117144233, -0.0),
                              c128(-13.128783081462158, 15.200784463067954), c128(-0.0, 0.0),
                              c128(1.6487212707001282, -1.6487212707001282e-300)}));
    EXPECT_TRUE(complex_same(evaluated(loom::log(z)),
                             {c128(0.8047189562170503, 1.1071487177940904), c128(0.45814536593707755, 2.819842099193151),
                              c128(-inf, 0.0), c128(-inf, -3.141592653589793), c128(inf, 0.0), c128(nan, nan),
                              c128(inf, 1.5707963267948966), c128(0.0, 3.141592653589793), c128(0.0, -3.141592653589793),
                              c128(1.6094379124341003, -0.9272952180016122), c128(inf, 3.141592653589793),
                              c128(-0.6931471805599453, -2e-300)}));
    EXPECT_TRUE(complex_same(evaluated(loom::sqrt(z)),
                             {c128(1.272019649514069, 0.7861513777574233), c128(0.20141850719855617, 1.2411967672541269),
                              c128(0.0, 0.0), c128(0.0, -0.0), c128(inf, 0.0), c128(nan, nan), c128(inf, inf),
                              c128(0.0, 1.0), c128(0.0, -1.0), c128(2.0, -1.0), c128(0.0, inf),
                              c128(0.7071067811865476, -7.071067811865475e-301)}));
}

TEST(ComplexFunctions, Log2AndExp2MatchNumPy) {
    const tensor<c128> z{c128(1, 2), c128(-0.5, 0.25), c128(3, -4)};
    // NumPy: np.log2(z) and np.exp2(z)
    const std::vector<c128> log2_numpy{c128(1.1609640474436813, 1.5972779646881086),
                                       c128(-0.8390359525563188, 3.8634580356017056),
                                       c128(2.321928094887362, -1.3378042124509761)};
    const std::vector<c128> exp2_numpy{c128(0.36691394948660344, 1.9660554808224875),
                                       c128(0.6965167091827812, 0.12191994844646645),
                                       c128(-7.461496614688567, -2.8854927255134477)};
    const tensor<c128> got_log2 = loom::log2(z), got_exp2 = loom::exp2(z);
    for (std::size_t i = 0; i < 3; ++i) {
        const auto k = static_cast<index_t>(i);
        EXPECT_NEAR(got_log2(k).real(), log2_numpy[i].real(), 4e-16 * std::abs(log2_numpy[i])) << i;
        EXPECT_NEAR(got_log2(k).imag(), log2_numpy[i].imag(), 4e-16 * std::abs(log2_numpy[i])) << i;
        EXPECT_NEAR(got_exp2(k).real(), exp2_numpy[i].real(), 4e-16 * std::abs(exp2_numpy[i])) << i;
        EXPECT_NEAR(got_exp2(k).imag(), exp2_numpy[i].imag(), 4e-16 * std::abs(exp2_numpy[i])) << i;
    }
    static_assert(std::same_as<value_type_of<decltype(loom::log2(tensor<std::complex<float>>{}))>, std::complex<float>>);
}

TEST(ComplexFunctions, TrigonometricMatchNumPy) {
    const tensor<c128> z = complex_inputs();
    EXPECT_TRUE(complex_same(evaluated(loom::sin(z)),
                             {c128(3.165778513216168, 1.9596010414216063), c128(-1.1248012470579227, 0.03686082371280446),
                              c128(0.0, 0.0), c128(-0.0, -0.0), c128(nan, 0.0), c128(nan, nan), c128(0.0, inf),
                              c128(-0.8414709848078965, 0.0), c128(-0.8414709848078965, -0.0),
                              c128(3.853738037919377, 27.016813258003932), c128(nan, nan),
                              c128(0.479425538604203, -8.775825618903727e-301)}));
    EXPECT_TRUE(complex_same(evaluated(loom::cos(z)),
                             {c128(2.0327230070196656, -3.0518977991518), c128(0.07976510530654189, 0.5197899547729212),
                              c128(1.0, -0.0), c128(1.0, -0.0), c128(nan, 0.0), c128(nan, nan), c128(inf, -0.0),
                              c128(0.5403023058681398, 0.0), c128(0.5403023058681398, -0.0),
                              c128(-27.034945603074224, 3.851153334811777), c128(nan, nan),
                              c128(0.8775825618903728, 4.7942553860420304e-301)}));
    EXPECT_TRUE(complex_same(evaluated(loom::tan(z)),
                             {c128(0.03381282607989669, 1.0147936161466335), c128(-0.2551492218136516, 2.124799127742996),
                              c128(0.0, 0.0), c128(-0.0, -0.0), c128(nan, 0.0), c128(nan, nan), c128(0.0, 1.0),
                              c128(-1.557407724654902, 0.0), c128(-1.557407724654902, -0.0),
                              c128(-0.00018734620462947845, -0.9993559873814732), c128(nan, nan),
                              c128(0.5463024898437905, -1.2984464104095248e-300)}));
    EXPECT_TRUE(complex_same(evaluated(loom::tanh(z)),
                             {c128(1.16673625724092, -0.2434582011857253), c128(-0.9443729864226215, 0.0793244548039567),
                              c128(0.0, 0.0), c128(-0.0, -0.0), c128(1.0, 0.0), c128(nan, nan), c128(0.0, nan),
                              c128(-0.7615941559557649, 0.0), c128(-0.7615941559557649, -0.0),
                              c128(1.000709536067233, -0.0049082580674960595), c128(-1.0, -0.0),
                              c128(0.46211715726000974, -7.864477329659274e-301)}));
}

TEST(ComplexFunctions, SquareSignAndConjugate) {
    const tensor<c128> z = complex_inputs();
    EXPECT_TRUE(complex_same(evaluated(loom::square(z)),
                             {c128(-3.0, 4.0), c128(2.0, -1.5), c128(0.0, 0.0), c128(0.0, 0.0), c128(inf, nan),
                              c128(nan, nan), c128(-inf, nan), c128(1.0, -0.0), c128(1.0, 0.0), c128(-7.0, -24.0),
                              c128(inf, -inf), c128(0.25, -1e-300)}));
    // NumPy 1.24's sign: of the real part, else of the imaginary part.
    EXPECT_TRUE(complex_same(evaluated(loom::sign(z)),
                             {c128(1.0, 0.0), c128(-1.0, 0.0), c128(0.0, 0.0), c128(0.0, 0.0), c128(1.0, 0.0),
                              c128(nan, 0.0), c128(1.0, 0.0), c128(-1.0, 0.0), c128(-1.0, 0.0), c128(1.0, 0.0),
                              c128(-1.0, 0.0), c128(1.0, 0.0)}));
    EXPECT_TRUE(complex_same(evaluated(loom::conj(z)),
                             {c128(1.0, -2.0), c128(-1.5, -0.5), c128(0.0, -0.0), c128(-0.0, 0.0), c128(inf, -0.0),
                              c128(nan, -1.0), c128(0.0, -inf), c128(-1.0, -0.0), c128(-1.0, 0.0), c128(3.0, 4.0),
                              c128(-inf, -2.0), c128(0.5, 1e-300)}));
    EXPECT_TRUE(complex_same(evaluated(loom::conjugate(z)), evaluated(loom::conj(z))));
}

TEST(ComplexFunctions, AbsAngleRealAndImagGiveTheRealType) {
    const tensor<c128> z = complex_inputs();
    static_assert(std::same_as<value_type_of<decltype(loom::abs(z))>, double>);
    static_assert(std::same_as<value_type_of<decltype(loom::abs(tensor<c64>{}))>, float>);
    static_assert(std::same_as<value_type_of<decltype(loom::real(tensor<c64>{}))>, float>);
    EXPECT_TRUE(complex_same_reals(evaluated(loom::abs(z)),
                                   {2.23606797749979, 1.5811388300841898, 0.0, 0.0, inf, nan, inf, 1.0, 1.0, 5.0, inf, 0.5}));
    // NumPy's arctan2 may be its own vector code, a unit in the last place
    // from C's atan2 that loom calls: compared within 2 of them.
    const std::vector<double> radians{1.1071487177940904, 2.819842099193151,  0.0, -3.141592653589793, 0.0, nan,
                                      1.5707963267948966, 3.141592653589793, -3.141592653589793, -0.9272952180016121,
                                      3.141592653589793, -2e-300};
    const std::vector<double> degrees{63.43494882292201, 161.565051177078, 0.0,   -180.0, 0.0, nan, 90.0, 180.0, -180.0,
                                      -53.13010235415597, 180.0,          -1.1459155902616465e-298};
    const std::vector<double> got_radians = evaluated(loom::angle(z)), got_degrees = evaluated(loom::angle(z, true));
    for (std::size_t i = 0; i < radians.size(); ++i) {
        if (std::isnan(radians[i])) {
            EXPECT_TRUE(std::isnan(got_radians[i]) && std::isnan(got_degrees[i]));
            continue;
        }
        EXPECT_NEAR(got_radians[i], radians[i], 4.5e-16 * std::abs(radians[i])) << i;
        EXPECT_NEAR(got_degrees[i], degrees[i], 4.5e-16 * std::abs(degrees[i])) << i;
        EXPECT_EQ(std::signbit(got_radians[i]), std::signbit(radians[i])) << i;
    }
    EXPECT_TRUE(complex_same_reals(evaluated(loom::real(z)),
                                   {1.0, -1.5, 0.0, -0.0, inf, nan, 0.0, -1.0, -1.0, 3.0, -inf, 0.5}));
    EXPECT_TRUE(complex_same_reals(evaluated(loom::imag(z)),
                                   {2.0, 0.5, 0.0, -0.0, 0.0, 1.0, inf, 0.0, -0.0, -4.0, 2.0, -1e-300}));
}

TEST(ComplexFunctions, RealImagConjAndAngleOfRealTensors) {
    // np.real(x) is x, np.imag(x) zeros of x's type, np.angle(x) 0 or pi.
    const tensor<std::int32_t> i{3, -2};
    static_assert(std::same_as<value_type_of<decltype(loom::imag(i))>, std::int32_t>);
    EXPECT_EQ(evaluated(loom::real(i)), (std::vector<std::int32_t>{3, -2}));
    EXPECT_EQ(evaluated(loom::imag(i)), (std::vector<std::int32_t>{0, 0}));
    EXPECT_EQ(evaluated(loom::conj(i)), (std::vector<std::int32_t>{3, -2}));
    EXPECT_EQ(evaluated(loom::angle(i)), (std::vector<double>{0.0, 3.141592653589793}));
    EXPECT_EQ(evaluated(loom::angle(tensor<float>{-1.0F}, true)), (std::vector<float>{180.0F}));
}

TEST(ComplexFunctions, Log1pAndExpm1ByNumPysFormulas) {
    // np.log1p(z), np.expm1(z) for z = [1+2j, -1.5+0.5j, 1e-10+1e-10j, -1+0j, 3-4j]
    const tensor<c128> z{c128(1, 2), c128(-1.5, 0.5), c128(1e-10, 1e-10), c128(-1, 0), c128(3, -4)};
    EXPECT_TRUE(complex_same(evaluated(loom::log1p(z)),
                             {c128(1.039720770839918, 0.7853981633974483), c128(-0.3465735902799726, 2.356194490192345),
                              c128(1.000000082690371e-10, 9.999999999e-11), c128(-inf, 0.0),
                              c128(1.7328679513998633, -0.7853981633974483)}));
    EXPECT_TRUE(complex_same(evaluated(loom::expm1(z)),
                             {c128(-2.1312043837568133, 2.4717266720048188), c128(-0.8041848624219319, 0.10697429720800304),
                              c128(1e-10, 1.0000000001000001e-10), c128(-0.6321205588285577, 0.0),
                              c128(-14.128783081462158, 15.200784463067954)}));
}

TEST(ComplexFunctions, HyperbolicAndInverseFunctionsMatchNumPy) {
    // np.sinh, np.cosh, np.arcsin, np.arctan of [1+2j, -0.5+0.25j]
    const tensor<c128> z{c128(1, 2), c128(-0.5, 0.25)};
    EXPECT_TRUE(complex_close(evaluated(loom::sinh(z)),
                              {c128(-0.4890562590412937, 1.4031192506220405), c128(-0.504895714387995, 0.2789791283502615)},
                              1e-15));
    EXPECT_TRUE(complex_close(evaluated(loom::cosh(z)),
                              {c128(-0.64214812471552, 1.0686074213827783), c128(1.0925708047319176, -0.12892104172809826)},
                              1e-15));
    EXPECT_TRUE(complex_close(evaluated(loom::arcsin(z)),
                              {c128(0.42707858639247614, 1.528570919480998), c128(-0.5016088532755008, 0.28139605624529274)},
                              1e-15));
    EXPECT_TRUE(complex_close(evaluated(loom::arctan(z)),
                              {c128(1.3389725222944935, 0.40235947810852507), c128(-0.4842544903299662, 0.20058661813123432)},
                              1e-15));
}

TEST(ComplexFunctions, NanAndInfinityTests) {
    const tensor<c128> z = complex_inputs();
    EXPECT_EQ(evaluated(loom::isnan(z)),
              (std::vector<bool>{false, false, false, false, false, true, false, false, false, false, false, false}));
    EXPECT_EQ(evaluated(loom::isinf(z)),
              (std::vector<bool>{false, false, false, false, true, false, true, false, false, false, true, false}));
    // np.isfinite and np.nan_to_num: both parts.
    const tensor<c128> w{c128(1, 2), c128(nan, 1), c128(inf, 0), c128(0, -inf)};
    EXPECT_EQ(evaluated(loom::isfinite(w)), (std::vector<bool>{true, false, false, false}));
    EXPECT_TRUE(complex_same(evaluated(loom::nan_to_num(w)),
                             {c128(1, 2), c128(0, 1), c128(1.7976931348623157e+308, 0), c128(0, -1.7976931348623157e+308)}));
}

TEST(ComplexFunctions, EqualityComparesBothParts) {
    const tensor<c128> a{c128(1, 2), c128(1, 2), c128(nan, 0)};
    const tensor<c128> b{c128(1, 2), c128(1, -2), c128(nan, 0)};
    EXPECT_EQ(evaluated(a == b), (std::vector<bool>{true, false, false}));
    EXPECT_EQ(evaluated(a != b), (std::vector<bool>{false, true, true}));
    EXPECT_EQ(evaluated(tensor<c64>{c64(1, 0)} == 1), (std::vector<bool>{true}));
}

TEST(ComplexFunctions, TruthIsEitherPartNonZero) {
    // np.logical_not, np.logical_and, np.any, np.all, np.where on complex.
    const tensor<c128> z{c128(0, 0), c128(0, -1), c128(2, 0), c128(-0.0, 0)};
    EXPECT_EQ(evaluated(!z), (std::vector<bool>{true, false, false, true}));
    EXPECT_EQ(evaluated(z && c128(1, 0)), (std::vector<bool>{false, true, true, false}));
    EXPECT_TRUE(tensor<bool>(loom::any(z))());
    EXPECT_FALSE(tensor<bool>(loom::all_of(z))());
    EXPECT_EQ(evaluated(loom::where(z, 1, 0)), (std::vector<std::int32_t>{0, 1, 1, 0}));
}

TEST(ComplexFunctions, CloseAndEqualWithNaN) {
    // np.isclose(a, b): moduli of the difference and of b. Equal infinities
    // are close, as for reals; NumPy's isclose gives False for inf+0j with
    // itself, its inf+0j times (1+0j) having a NaN part.
    const tensor<c128> a{c128(1, 1), c128(1, 1e-9), c128(nan, 0), c128(inf, 0), c128(1, 1)};
    const tensor<c128> b{c128(1, 1 + 1e-9), c128(1, 0), c128(0, nan), c128(inf, 0), c128(1.1, 1)};
    EXPECT_EQ(evaluated(loom::isclose(a, b)), (std::vector<bool>{true, true, false, true, false}));
    EXPECT_EQ(evaluated(loom::isclose(a, b, 1e-5, 1e-8, true)), (std::vector<bool>{true, true, true, true, false}));
    EXPECT_FALSE(loom::allclose(tensor<c64>{c64(1, 2)}, tensor<double>{1.0}, 1.0));  // |2j| > 1 * |1|
    EXPECT_TRUE(loom::allclose(tensor<c64>{c64(1, 2)}, tensor<double>{1.0}, 2.0));
    EXPECT_TRUE(loom::array_equal(a, a, true));
    EXPECT_FALSE(loom::array_equal(a, a));
    // np.nansum: a NaN in either part counts as 0.
    EXPECT_EQ(tensor<c128>(loom::nansum(tensor<c128>{c128(1, 2), c128(nan, 1), c128(3, -1)}))(), c128(4, 1));
}

TEST(ComplexFunctions, Complex64ComputesInFloat) {
    // np.array([1+2j, -1.5+0.5j, 3-4j], dtype=np.complex64)
    const tensor<c64> z{c64(1, 2), c64(-1.5F, 0.5F), c64(3, -4)};
    EXPECT_TRUE(complex_same(evaluated(loom::exp(z)), {c64(-1.13120436668396F, 2.471726655960083F),
                                                       c64(0.19581514596939087F, 0.10697430372238159F),
                                                       c64(-13.128783226013184F, 15.200784683227539F)}));
    EXPECT_TRUE(complex_same(evaluated(loom::sqrt(z)), {c64(1.272019624710083F, 0.7861514091491699F),
                                                        c64(0.20141850411891937F, 1.2411967515945435F), c64(2, -1)}));
    EXPECT_TRUE(complex_same_reals(evaluated(loom::abs(z)), {2.2360680103302F, 1.5811388492584229F, 5.0F}));
    // z / np.complex64(0.3+0.7j), z**-2
    EXPECT_TRUE(complex_same(evaluated(z / c64(0.3F, 0.7F)), {c64(2.931034564971924F, -0.17241370677947998F),
                                                              c64(-0.17241385579109192F, 2.068965435028076F),
                                                              c64(-3.275861978530884F, -5.689655303955078F)}));
    EXPECT_TRUE(complex_same(evaluated(loom::pow(z, -2)),
                             {c64(-0.11999999731779099F, -0.1599999964237213F), c64(0.3199999928474426F, 0.23999999463558197F),
                              c64(-0.011200000531971455F, 0.03840000182390213F)}));
}

// ---------------------------------------------------------------------------
// Printing: NumPy's str()
// ---------------------------------------------------------------------------

TEST(ComplexPrinting, ArraysAsNumPysStr) {
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1, 2), c128(3, -0.5)}), "[1.+2.j  3.-0.5j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1.5, 2), c128(3, -0.5)}), "[1.5+2.j  3. -0.5j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(nan, nan), c128(1, 1)}), "[nan+nanj  1. +1.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(inf, -inf), c128(1, 1)}), "[inf-infj  1. +1.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(-0.0, 0.0), c128(0, 1)}), "[-0.+0.j  0.+1.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1, -0.0), c128(2, 0)}), "[1.-0.j 2.+0.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1e10, 1), c128(0, 2)}), "[1.e+10+1.j 0.e+00+2.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1e-5, 1), c128(1, 1e-5)}), "[1.e-05+1.e+00j 1.e+00+1.e-05j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(nan, 1)}), "[nan+1.j]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(1, nan), c128(2, inf)}), "[1.+nanj 2.+infj]");
    EXPECT_EQ(loom::to_string(tensor<c128>{c128(0.1, 0.2), c128(1.0 / 3, -2.0 / 3)}),
              "[0.1       +0.2j        0.33333333-0.66666667j]");
    EXPECT_EQ(loom::to_string(tensor<c128>(shape_type{0})), "[]");
    EXPECT_EQ(loom::to_string(tensor<c128>{{c128(1, 1), 2}, {3, c128(4.5, -1)}}), "[[1. +1.j 2. +0.j]\n [3. +0.j 4.5-1.j]]");
}

TEST(ComplexPrinting, Complex64WithItsOwnDigits) {
    EXPECT_EQ(loom::to_string(tensor<c64>{c64(0.1F, 0.2F), c64(float(1.0 / 3), float(-2.0 / 3))}),
              "[0.1       +0.2j       0.33333334-0.6666667j]");
    EXPECT_EQ(loom::to_string(tensor<c64>{c64(1e20F, 1), c64(1e-20F, -3)}), "[1.e+20+1.j 1.e-20-3.j]");
}

TEST(ComplexPrinting, LongArraysWrapAsNumPys) {
    tensor<c128> z(shape_type{30});
    for (index_t k = 0; k < 30; ++k) z(k) = c128(double(k), double(k));
    EXPECT_EQ(loom::to_string(z),
              "[ 0. +0.j  1. +1.j  2. +2.j  3. +3.j  4. +4.j  5. +5.j  6. +6.j  7. +7.j\n"
              "  8. +8.j  9. +9.j 10.+10.j 11.+11.j 12.+12.j 13.+13.j 14.+14.j 15.+15.j\n"
              " 16.+16.j 17.+17.j 18.+18.j 19.+19.j 20.+20.j 21.+21.j 22.+22.j 23.+23.j\n"
              " 24.+24.j 25.+25.j 26.+26.j 27.+27.j 28.+28.j 29.+29.j]");
}

TEST(ComplexPrinting, RankZeroAsNumPysScalarStr) {
    const auto text = [](c128 v) { return loom::to_string(tensor<c128>(shape_type{}, v)); };
    EXPECT_EQ(text(c128(1, 2)), "(1+2j)");
    EXPECT_EQ(text(c128(nan, nan)), "(nan+nanj)");
    EXPECT_EQ(text(c128(-0.0, -1.5)), "(-0-1.5j)");
    EXPECT_EQ(text(c128(0, 2)), "2j");
    EXPECT_EQ(text(c128(-0.0, 2)), "(-0+2j)");
    EXPECT_EQ(text(c128(1, -0.0)), "(1-0j)");
    EXPECT_EQ(text(c128(inf, -inf)), "(inf-infj)");
    EXPECT_EQ(text(c128(1e20, 1e-5)), "(1e+20+1e-05j)");
    EXPECT_EQ(text(c128(0, nan)), "nanj");
    EXPECT_EQ(loom::to_string(tensor<c64>(shape_type{}, c64(0.1F, 0.2F))), "(0.1+0.2j)");
}

// ---------------------------------------------------------------------------
// .npy files
// ---------------------------------------------------------------------------

TEST(ComplexNpy, RoundTripsBothTypes) {
    const loom::testing::scratch_folder folder;
    const tensor<c128> z{{c128(1, 2), c128(nan, -inf)}, {c128(-0.0, 0.5), c128(1e300, -1e-300)}};
    loom::save_npy(folder / "z.npy", z);
    const tensor<c128> back = loom::load_npy<c128>(folder / "z.npy");
    EXPECT_EQ(back.shape(), z.shape());
    EXPECT_TRUE(complex_same(elements_of(back), elements_of(z)));
    const tensor<c64> w{c64(1, -1), c64(0.1F, 3)};
    loom::save_npy(folder / "w.npy", w);
    const loom::any_tensor any = loom::load_npy_any(folder / "w.npy");
    EXPECT_EQ(loom::type_name_of(any), "complex64");
    EXPECT_EQ(elements_of(std::get<tensor<c64>>(any)), elements_of(w));
}

TEST(ComplexNpy, DescrsAreNumPys) {
    EXPECT_EQ(loom::npy::descr_of<c64>(), "<c8");
    EXPECT_EQ(loom::npy::descr_of<c128>(), "<c16");
    EXPECT_EQ(loom::npy::parse_descr("<c8").type_index, loom::any_tensor_index<c64>);
    EXPECT_EQ(loom::npy::parse_descr(">c16").type_index, loom::any_tensor_index<c128>);
    EXPECT_TRUE(loom::npy::parse_descr(">c16").swap_bytes);
    EXPECT_NE(message_of([] { loom::npy::parse_descr("<c32"); }).find("is not one of loom's element types"),
              std::string::npos);
}

TEST(ComplexNpy, ReadsBigEndianPartByPart) {
    // np.array([1+2j, -0.5j], dtype='>c8'): each part's four bytes are big-endian.
    std::string data;
    for (float part : {1.0F, 2.0F, 0.0F, -0.5F}) {
        const auto* bytes = reinterpret_cast<const char*>(&part);
        for (int k = 3; k >= 0; --k) data += bytes[k];
    }
    const std::string image = loom::testing::npy_image(1, "{'descr': '>c8', 'fortran_order': False, 'shape': (2,), }\n", data);
    const loom::any_tensor any = loom::read_npy_any(loom::testing::bytes_of(image));
    EXPECT_EQ(elements_of(std::get<tensor<c64>>(any)), (std::vector<c64>{c64(1, 2), c64(0, -0.5F)}));
}

// ---------------------------------------------------------------------------
// Reductions and sorting
// ---------------------------------------------------------------------------

// z = np.array([[1+2j, 3-1j, 0.5j], [2, 1j, -1-1j]])
tensor<c128> complex_matrix() { return tensor<c128>{{c128(1, 2), c128(3, -1), c128(0, 0.5)}, {2, c128(0, 1), c128(-1, -1)}}; }

TEST(ComplexReductions, SumProdAndMeanAsNumPy) {
    const tensor<c128> z = complex_matrix();
    EXPECT_EQ(tensor<c128>(loom::sum(z))(), c128(5, 1.5));
    EXPECT_EQ(elements_of(tensor<c128>(loom::sum(z, 0))), (std::vector<c128>{c128(3, 2), c128(3, 0), c128(-1, -0.5)}));
    EXPECT_EQ(tensor<c128>(loom::prod(z))(), c128(0, 10));
    EXPECT_EQ(tensor<c128>(loom::mean(z))(), c128(0.8333333333333333, 0.25));
    EXPECT_TRUE(complex_same(elements_of(tensor<c128>(loom::mean(z, 1))),
                             {c128(1.3333333333333333, 0.5), c128(0.3333333333333333, 0.0)}));
    static_assert(std::same_as<value_type_of<decltype(loom::mean(tensor<c64>{}))>, c64>);
    EXPECT_EQ(tensor<c64>(loom::sum(tensor<c64>(shape_type{0})))(), c64(0, 0));
}

TEST(ComplexReductions, CumulativeSumsAndProducts) {
    const tensor<c128> z = complex_matrix();
    EXPECT_EQ(elements_of(tensor<c128>(loom::cumsum(z))),
              (std::vector<c128>{c128(1, 2), c128(4, 1), c128(4, 1.5), c128(6, 1.5), c128(6, 2.5), c128(5, 1.5)}));
    EXPECT_EQ(elements_of(tensor<c128>(loom::cumprod(z, 1))),
              (std::vector<c128>{c128(1, 2), c128(5, 5), c128(-2.5, 2.5), c128(2, 0), c128(0, 2), c128(2, -2)}));
}

TEST(ComplexSorting, SortsInNumPysOrder) {
    // np.sort: by real part, then imaginary, NaNs last.
    const tensor<c128> z{c128(nan, 0), c128(1, 2), c128(1, nan), c128(1, 1),
                         c128(0, 5),   c128(nan, nan), c128(1, -1), c128(nan, -1)};
    EXPECT_TRUE(complex_same(elements_of(loom::sort(z)),
                             {c128(0, 5), c128(1, -1), c128(1, 1), c128(1, 2), c128(1, nan), c128(nan, -1),
                              c128(nan, 0), c128(nan, nan)}));
    EXPECT_EQ(elements_of(loom::argsort(tensor<c128>{3, c128(1, 2), c128(1, 1), c128(0, 5)})),
              (std::vector<index_t>{3, 2, 1, 0}));
    // np.unique: NaNs count as one value, the first in that order.
    EXPECT_TRUE(complex_same(elements_of(loom::unique(tensor<c128>{c128(1, 1), c128(1, 1), c128(0, 2), c128(nan, 0),
                                                                   c128(0, nan), c128(1, -1)})),
                             {c128(0, 2), c128(1, -1), c128(1, 1), c128(0, nan)}));
}

// ---------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------

// a = np.array([[1+2j, 3-1j, 0.5j], [2, 1j, -1-1j]]); b = np.array([[1-1j, 2], [0.5+0.5j, -1j], [3, 1+4j]])
tensor<c128> complex_right() { return tensor<c128>{{c128(1, -1), 2}, {c128(0.5, 0.5), c128(0, -1)}, {3, c128(1, 4)}}; }

TEST(ComplexProducts, MatmulDotEinsumAndTensordotAsNumPy) {
    const std::vector<c128> expected{c128(5, 3.5), c128(-1, 1.5), c128(-1.5, -4.5), c128(8, -5)};  // a @ b
    EXPECT_EQ(elements_of(loom::matmul(complex_matrix(), complex_right())), expected);
    EXPECT_EQ(elements_of(loom::dot(complex_matrix(), complex_right())), expected);
    EXPECT_EQ(elements_of(loom::einsum("ij,jk->ik", complex_matrix(), complex_right())), expected);
    EXPECT_EQ(elements_of(loom::tensordot(complex_matrix(), complex_right(), 1)), expected);
}

TEST(ComplexProducts, VdotConjugatesItsFirstOperandAndDotDoesNot) {
    const tensor<c128> a{c128(1, 2), c128(3, -1)};
    const tensor<c128> b{c128(2, -1), c128(1, 1)};
    EXPECT_EQ(loom::vdot(a, b)(), c128(2, -1));  // np.vdot
    EXPECT_EQ(loom::dot(a, b)(), c128(8, 5));    // np.dot
    EXPECT_EQ(loom::inner(tensor<c128>{c128(1, 1), 2}, tensor<c128>{c128(0, 1), c128(3, -1)})(), c128(5, -1));
    EXPECT_EQ(elements_of(loom::outer(tensor<c128>{c128(1, 1), 2}, tensor<c128>{c128(0, 1), c128(3, -1)})),
              (std::vector<c128>{c128(-1, 1), c128(4, 2), c128(0, 2), c128(6, -2)}));
    EXPECT_EQ(loom::trace(tensor<c128>{{c128(1, 1), 2}, {3, c128(4, -2)}})(), c128(5, -1));
}

TEST(ComplexProducts, MixedWithRealsAndLargeMatrices) {
    // A real matrix times a complex one is complex; compared with the sum
    // written out, and large enough for the blocked kernel's column blocks.
    const index_t n = 70, k = 33;
    tensor<double> a(shape_type{n, k});
    tensor<c64> b(shape_type{k, n});
    for (index_t i = 0; i < n; ++i)
        for (index_t p = 0; p < k; ++p) a(i, p) = double((i * 7 + p * 3) % 11) - 5;
    for (index_t p = 0; p < k; ++p)
        for (index_t j = 0; j < n; ++j) b(p, j) = c64(float((p + j) % 5) - 2, float((p * j) % 7) - 3);
    const auto c = loom::matmul(a, b);
    static_assert(std::same_as<value_type_of<decltype(c)>, c128>);
    std::vector<c128> expected;
    for (index_t i = 0; i < n; ++i) {
        for (index_t j = 0; j < n; ++j) {
            c128 total = 0;
            for (index_t p = 0; p < k; ++p) total += a(i, p) * c128(b(p, j));
            expected.push_back(total);
        }
    }
    EXPECT_TRUE(complex_close(elements_of(c), expected, 1e-12));
    // A transposed (strided) operand.
    const auto ct = loom::matmul(loom::transpose(b), loom::transpose(a));
    std::vector<c128> transposed(expected.size());
    for (index_t i = 0; i < n; ++i)
        for (index_t j = 0; j < n; ++j) transposed[std::size_t(j * n + i)] = expected[std::size_t(i * n + j)];
    EXPECT_TRUE(complex_close(elements_of(ct), transposed, 1e-12));
}

}  // namespace
