// NumPy's further element-wise functions (expr/functions.hpp): logarithms
// and exponentials of base 2 and 10, cbrt, the inverse and hyperbolic
// trigonometric functions, angle conversions, trunc, reciprocal, isfinite,
// nan_to_num, fmax and fmin, the binary floating functions (arctan2, hypot,
// copysign, heaviside, logaddexp, logaddexp2) and PyTorch's relu: values at
// ordinary and special arguments, domain errors, result types per input
// type, broadcasting, and their SIMD batches. Expected values are NumPy
// 1.24's, computed with /usr/bin/python3, unless the test says otherwise.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::tensor;
using loom::testing::evaluated;
using loom::testing::inf;
using loom::testing::nan;

/// Floating values equal element by element, NaN matching NaN and the sign
/// of zero compared too.
template <class T>
void math_expect_same(const std::vector<T>& actual, const std::vector<T>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        if (std::isnan(expected[i])) {
            EXPECT_TRUE(std::isnan(actual[i])) << "element " << i << " is " << actual[i];
        } else {
            EXPECT_EQ(actual[i], expected[i]) << "element " << i;
            EXPECT_EQ(std::signbit(actual[i]), std::signbit(expected[i])) << "sign of element " << i;
        }
    }
}

/// Within 2 ulps of NumPy's (libm's and NumPy's kernels may round the last
/// bit differently), special values and signs exactly.
template <class T>
void math_expect_near(const std::vector<T>& actual, const std::vector<T>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) {
        if (std::isnan(expected[i])) {
            EXPECT_TRUE(std::isnan(actual[i])) << "element " << i << " is " << actual[i];
        } else if (std::isinf(expected[i]) || expected[i] == 0) {
            EXPECT_EQ(actual[i], expected[i]) << "element " << i;
            EXPECT_EQ(std::signbit(actual[i]), std::signbit(expected[i])) << "sign of element " << i;
        } else {
            EXPECT_NEAR(actual[i], expected[i], 2 * std::numeric_limits<T>::epsilon() * std::fabs(expected[i]))
                << "element " << i;
        }
    }
}

// The arguments of the float64 tables below, special values included.
const tensor<double> math_arguments{0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 8.0, -8.0, inf, -inf, nan};

template <class E>
std::string math_type_of(const E&) {
    return loom::type_name<loom::value_type_of<E>>();
}

// ---- unary floating functions: values ----

TEST(MathFunctions, LogarithmsAndExponentialsOfBaseTwoAndTen) {
    // NumPy: np.log2, np.log10, np.exp2 of math_arguments.
    math_expect_near(evaluated(loom::log2(math_arguments)),
                     {-inf, -inf, 0.0, nan, -1.0, 1.0, 3.0, nan, inf, nan, nan});
    math_expect_near(evaluated(loom::log10(math_arguments)),
                     {-inf, -inf, 0.0, nan, -0.3010299956639812, 0.3010299956639812, 0.9030899869919435, nan, inf,
                      nan, nan});
    math_expect_near(evaluated(loom::exp2(math_arguments)),
                     {1.0, 1.0, 2.0, 0.5, 1.4142135623730951, 4.0, 256.0, 0.00390625, inf, 0.0, nan});
}

TEST(MathFunctions, CubeRootKeepsTheSign) {
    // NumPy: np.cbrt(math_arguments).
    math_expect_near(evaluated(loom::cbrt(math_arguments)),
                     {0.0, -0.0, 1.0, -1.0, 0.7937005259840998, 1.2599210498948732, 2.0, -2.0, inf, -inf, nan});
}

TEST(MathFunctions, InverseTrigonometricFunctions) {
    // NumPy: np.arcsin, np.arccos, np.arctan of math_arguments.
    math_expect_near(evaluated(loom::arcsin(math_arguments)),
                     {0.0, -0.0, 1.5707963267948966, -1.5707963267948966, 0.5235987755982989, nan, nan, nan, nan, nan,
                      nan});
    math_expect_near(evaluated(loom::arccos(math_arguments)),
                     {1.5707963267948966, 1.5707963267948966, 0.0, 3.141592653589793, 1.0471975511965976, nan, nan, nan,
                      nan, nan, nan});
    math_expect_near(evaluated(loom::arctan(math_arguments)),
                     {0.0, -0.0, 0.7853981633974483, -0.7853981633974483, 0.4636476090008061, 1.1071487177940904,
                      1.446441332248135, -1.446441332248135, 1.5707963267948966, -1.5707963267948966, nan});
}

TEST(MathFunctions, HyperbolicFunctions) {
    // NumPy: np.sinh, np.cosh of math_arguments.
    math_expect_near(evaluated(loom::sinh(math_arguments)),
                     {0.0, -0.0, 1.1752011936438014, -1.1752011936438014, 0.5210953054937474, 3.6268604078470186,
                      1490.4788257895502, -1490.4788257895502, inf, -inf, nan});
    math_expect_near(evaluated(loom::cosh(math_arguments)),
                     {1.0, 1.0, 1.5430806348152437, 1.5430806348152437, 1.1276259652063807, 3.7621956910836314,
                      1490.479161252178, 1490.479161252178, inf, inf, nan});
}

TEST(MathFunctions, InverseHyperbolicFunctions) {
    // NumPy: np.arcsinh, np.arccosh, np.arctanh of math_arguments.
    math_expect_near(evaluated(loom::arcsinh(math_arguments)),
                     {0.0, -0.0, 0.881373587019543, -0.881373587019543, 0.48121182505960347, 1.4436354751788103,
                      2.7764722807237177, -2.7764722807237177, inf, -inf, nan});
    math_expect_near(evaluated(loom::arccosh(math_arguments)),
                     {nan, nan, 0.0, nan, nan, 1.3169578969248168, 2.7686593833135738, nan, inf, nan, nan});
    math_expect_near(evaluated(loom::arctanh(math_arguments)),
                     {0.0, -0.0, inf, -inf, 0.5493061443340549, nan, nan, nan, nan, nan, nan});
}

TEST(MathFunctions, ArgumentsOutsideTheDomainGiveNaN) {
    // NumPy gives NaN (with an "invalid value" warning) for each of these.
    const tensor<double> x{-1.5, 1.5};
    for (double v : evaluated(loom::arcsin(x))) EXPECT_TRUE(std::isnan(v));
    for (double v : evaluated(loom::arccos(x))) EXPECT_TRUE(std::isnan(v));
    for (double v : evaluated(loom::arctanh(x))) EXPECT_TRUE(std::isnan(v));
    EXPECT_TRUE(std::isnan(evaluated(loom::arccosh(tensor<double>{0.5}))[0]));
    EXPECT_TRUE(std::isnan(evaluated(loom::log2(tensor<double>{-0.5}))[0]));
    EXPECT_TRUE(std::isnan(evaluated(loom::log10(tensor<float>{-0.5f}))[0]));
}

TEST(MathFunctions, AngleConversionsAreExactlyNumPys) {
    // NumPy: np.deg2rad, np.rad2deg of math_arguments, the same bits
    // (NumPy multiplies by pi / 180 and 180 / pi rounded in the type).
    math_expect_same(evaluated(loom::deg2rad(math_arguments)),
                     {0.0, -0.0, 0.017453292519943295, -0.017453292519943295, 0.008726646259971648,
                      0.03490658503988659, 0.13962634015954636, -0.13962634015954636, inf, -inf, nan});
    math_expect_same(evaluated(loom::rad2deg(math_arguments)),
                     {0.0, -0.0, 57.29577951308232, -57.29577951308232, 28.64788975654116, 114.59155902616465,
                      458.3662361046586, -458.3662361046586, inf, -inf, nan});
    // NumPy: np.deg2rad(np.array([1e10, 180.])) in hexadecimal.
    math_expect_same(evaluated(loom::deg2rad(tensor<double>{1e10, 180})),
                     {0x1.4ce527a661c14p+27, 0x1.921fb54442d18p+1});
    // NumPy's other names.
    EXPECT_EQ(evaluated(loom::radians(math_arguments))[2], 0.017453292519943295);
    EXPECT_EQ(evaluated(loom::degrees(math_arguments))[2], 57.29577951308232);
}

TEST(MathFunctions, Float32StaysFloat32) {
    // NumPy: np.cbrt, np.arcsin, np.deg2rad, np.rad2deg of
    // np.array([0.5, 1., 2.], np.float32), as float32 in hexadecimal.
    const tensor<float> x{0.5f, 1.0f, 2.0f};
    EXPECT_EQ(math_type_of(loom::cbrt(x)), "float32");
    math_expect_near(evaluated(loom::cbrt(x)), {0x1.965feap-1f, 1.0f, 0x1.428a3p+0f});
    math_expect_near(evaluated(loom::arcsin(tensor<float>{0.5f, 1.0f})), {0x1.0c1524p-1f, 0x1.921fb6p+0f});
    math_expect_near(evaluated(loom::sinh(x)), {0x1.0acdp-1f, 0x1.2cd9fcp+0f, 0x1.d03cf6p+1f});
    math_expect_same(evaluated(loom::deg2rad(x)), {0x1.1df46ap-7f, 0x1.1df46ap-6f, 0x1.1df46ap-5f});
    math_expect_same(evaluated(loom::rad2deg(x)), {0x1.ca5dcp+4f, 0x1.ca5dcp+5f, 0x1.ca5dcp+6f});
}

TEST(MathFunctions, IntegersAndBoolsComputeInFloat64) {
    // NumPy: np.arcsin(np.array([1, 2], np.int32)) == [1.5707963267948966, nan];
    // np.log2(np.array([True, False])) == [0., -inf] (float16 in NumPy:
    // loom gives float64 for every integer type and bool, docs/expressions.md).
    math_expect_near(evaluated(loom::arcsin(tensor<std::int32_t>{1, 2})), {1.5707963267948966, nan});
    math_expect_same(evaluated(loom::log2(tensor<bool>{true, false})), {0.0, -inf});
    math_expect_near(evaluated(loom::log10(tensor<std::uint8_t>{100, 1})), {2.0, 0.0});
}

// ---- result types ----

template <class T>
class MathResultTypes : public ::testing::Test {};
using MathElementTypes = ::testing::Types<bool, std::int8_t, std::int32_t, std::int64_t, std::uint8_t, float, double>;
TYPED_TEST_SUITE(MathResultTypes, MathElementTypes);

TYPED_TEST(MathResultTypes, AreNumPysButFloat64ForIntegersAndBools) {
    // NumPy gives float16 where loom gives float64 (for bool, int8 and uint8)
    // and float where loom keeps the integer type (trunc); every other type is NumPy's:
    //   T      floating functions  trunc    reciprocal  isfinite  nan_to_num  fmax, fmin
    //   bool   float16             float16  int8        bool      bool        bool
    //   int8   float16             float16  int8        bool      int8        int8
    //   int32  float64             float64  int32       bool      int32       int32
    //   int64  float64             float64  int64       bool      int64       int64
    //   uint8  float16             float16  uint8       bool      uint8       uint8
    //   float32 and float64 stay themselves in all of them, but isfinite.
    using T = TypeParam;
    const tensor<T> t(loom::shape_type{2});
    const std::string floating = std::floating_point<T> ? loom::type_name<T>() : "float64";
    for (const std::string& type :
         {math_type_of(loom::log2(t)), math_type_of(loom::log10(t)), math_type_of(loom::exp2(t)),
          math_type_of(loom::cbrt(t)), math_type_of(loom::arcsin(t)), math_type_of(loom::arccos(t)),
          math_type_of(loom::arctan(t)), math_type_of(loom::sinh(t)), math_type_of(loom::cosh(t)),
          math_type_of(loom::arcsinh(t)), math_type_of(loom::arccosh(t)), math_type_of(loom::arctanh(t)),
          math_type_of(loom::deg2rad(t)), math_type_of(loom::rad2deg(t)), math_type_of(loom::arctan2(t, t)),
          math_type_of(loom::hypot(t, t)), math_type_of(loom::copysign(t, t)), math_type_of(loom::heaviside(t, t)),
          math_type_of(loom::logaddexp(t, t)), math_type_of(loom::logaddexp2(t, t))}) {
        EXPECT_EQ(type, floating);
    }
    EXPECT_EQ(math_type_of(loom::trunc(t)), loom::type_name<T>());
    EXPECT_EQ(math_type_of(loom::reciprocal(t)), (std::same_as<T, bool> ? "int8" : loom::type_name<T>()));
    EXPECT_EQ(math_type_of(loom::isfinite(t)), "bool");
    EXPECT_EQ(math_type_of(loom::nan_to_num(t)), loom::type_name<T>());
    EXPECT_EQ(math_type_of(loom::fmax(t, t)), loom::type_name<T>());
    EXPECT_EQ(math_type_of(loom::fmin(t, t)), loom::type_name<T>());
    if constexpr (!std::same_as<T, bool>) {
        EXPECT_EQ(math_type_of(loom::relu(t)), loom::type_name<T>());
    }
}

TEST(MathResultTypes, MixedOperandsPromoteFirst) {
    // Promotion as for +: int32 with float32 is float32 (loom's rule, NumPy
    // gives float64), int8 with int32 computes in float64, a float scalar
    // keeps a float32 tensor's type.
    const tensor<std::int32_t> i{3};
    const tensor<float> f{4.0f};
    const tensor<std::int8_t> b{4};
    EXPECT_EQ(math_type_of(loom::hypot(i, f)), "float32");
    EXPECT_EQ(math_type_of(loom::arctan2(b, i)), "float64");
    EXPECT_EQ(math_type_of(loom::copysign(f, -1.0)), "float32");
    EXPECT_EQ(math_type_of(loom::fmax(b, i)), "int32");
    EXPECT_EQ(evaluated(loom::hypot(i, f)), std::vector<float>{5.0f});
    EXPECT_EQ(evaluated(loom::hypot(i, 4)), std::vector<double>{5.0});
}

// ---- trunc ----

TEST(MathFunctions, TruncRoundsTowardZeroAndKeepsIntegers) {
    // NumPy: np.trunc([-2.7, -0.5, 0.5, 2.7, -0.0]) == [-2., -0., 0., 2., -0.].
    math_expect_same(evaluated(loom::trunc(tensor<double>{-2.7, -0.5, 0.5, 2.7, -0.0, inf, nan})),
                     {-2.0, -0.0, 0.0, 2.0, -0.0, inf, nan});
    math_expect_same(evaluated(loom::trunc(tensor<float>{-2.7f, 2.5f, 1e30f})), {-2.0f, 2.0f, 1e30f});
    // Integers are unchanged, as floor and ceil leave them (NumPy 1 gives floats).
    EXPECT_EQ(evaluated(loom::trunc(tensor<std::int64_t>{-7, 9007199254740993})),
              (std::vector<std::int64_t>{-7, 9007199254740993}));
}

// ---- reciprocal ----

TEST(MathFunctions, ReciprocalOfFloats) {
    // NumPy: np.reciprocal(math_arguments).
    math_expect_same(evaluated(loom::reciprocal(math_arguments)),
                     {inf, -inf, 1.0, -1.0, 2.0, 0.5, 0.125, -0.125, 0.0, -0.0, nan});
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<float>{3.0f})), std::vector<float>{1.0f / 3.0f});
}

TEST(MathFunctions, ReciprocalOfIntegersDividesAsIntegers) {
    // NumPy: np.reciprocal(np.array([1, 2, -1, -2, 3, -128, 127], np.int8))
    // == [1, 0, -1, 0, 0, 0, 0]; np.reciprocal(np.array([1, 2, 255], np.uint8)) == [1, 0, 0].
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<std::int8_t>{1, 2, -1, -2, 3, -128, 127})),
              (std::vector<std::int8_t>{1, 0, -1, 0, 0, 0, 0}));
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<std::uint8_t>{1, 2, 255})), (std::vector<std::uint8_t>{1, 0, 0}));
    // NumPy: np.reciprocal(np.array([True, False])) == np.array([1, 0], np.int8).
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<bool>{true, false})), (std::vector<std::int8_t>{1, 0}));
}

TEST(MathFunctions, ReciprocalOfIntegerZeroIsZero) {
    // loom's rule, as for floor_divide by 0: NumPy converts 1.0 / 0 = inf to
    // the integer type, -2147483648 for int32 and -9223372036854775808 for
    // int64 on x86-64 (0 for int8), with a "divide by zero" warning.
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<std::int32_t>{0, 1})), (std::vector<std::int32_t>{0, 1}));
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<std::int64_t>{0})), std::vector<std::int64_t>{0});
    EXPECT_EQ(evaluated(loom::reciprocal(tensor<std::int8_t>{0})), std::vector<std::int8_t>{0});
}

// ---- isfinite and nan_to_num ----

TEST(MathFunctions, IsFinite) {
    // NumPy: np.isfinite([1., -0., inf, -inf, nan]) == [True, True, False, False, False].
    EXPECT_EQ(evaluated(loom::isfinite(tensor<double>{1, -0.0, inf, -inf, nan})),
              (std::vector<bool>{true, true, false, false, false}));
    EXPECT_EQ(evaluated(loom::isfinite(tensor<float>{float(inf), 2.0f})), (std::vector<bool>{false, true}));
    EXPECT_EQ(evaluated(loom::isfinite(tensor<std::int32_t>{std::numeric_limits<std::int32_t>::min()})),
              std::vector<bool>{true});
}

TEST(MathFunctions, NanToNumDefaultsToZeroAndTheLargestFiniteValues) {
    // NumPy: np.nan_to_num(np.array([nan, inf, -inf, -0., 1.], np.float32))
    // == [0., 3.4028235e+38, -3.4028235e+38, -0., 1.].
    const float largest = std::numeric_limits<float>::max();
    math_expect_same(evaluated(loom::nan_to_num(tensor<float>{float(nan), float(inf), float(-inf), -0.0f, 1.0f})),
                     {0.0f, largest, -largest, -0.0f, 1.0f});
    const double largest64 = std::numeric_limits<double>::max();
    math_expect_same(evaluated(loom::nan_to_num(tensor<double>{nan, inf, -inf})), {0.0, largest64, -largest64});
}

TEST(MathFunctions, NanToNumTakesItsReplacements) {
    // NumPy: np.nan_to_num(np.array([nan, inf, -inf], np.float32), nan=5, posinf=7, neginf=-3) == [5., 7., -3.].
    math_expect_same(evaluated(loom::nan_to_num(tensor<float>{float(nan), float(inf), float(-inf)}, 5, 7, -3)),
                     {5.0f, 7.0f, -3.0f});
    // Only neginf given: posinf stays the largest value.
    math_expect_same(evaluated(loom::nan_to_num(tensor<double>{inf, -inf}, 0.0, std::nullopt, -1.0)),
                     {std::numeric_limits<double>::max(), -1.0});
    // NumPy: np.nan_to_num(np.array([inf, -inf, nan], np.float32), nan=1e300, posinf=1e300, neginf=-1e300)
    // == [inf, -inf, inf]: a replacement beyond float32's range becomes an infinity.
    const tensor<float> specials{float(inf), float(-inf), float(nan)};
    math_expect_same(evaluated(loom::nan_to_num(specials, 1e300, 1e300, -1e300)),
                     {float(inf), float(-inf), float(inf)});
    // NumPy: posinf=float.fromhex('0x1.fffffefffffffp+127'), just below float32's largest value plus half
    // its ulp, gives 3.4028235e+38; posinf=float.fromhex('0x1.ffffffp+127'), exactly that, gives inf.
    EXPECT_EQ(evaluated(loom::nan_to_num(tensor<float>{float(inf)}, 0.0, 0x1.fffffefffffffp+127))[0],
              std::numeric_limits<float>::max());
    EXPECT_TRUE(std::isinf(evaluated(loom::nan_to_num(tensor<float>{float(inf)}, 0.0, 0x1.ffffffp+127))[0]));
}

TEST(MathFunctions, NanToNumLeavesIntegersAndBools) {
    // NumPy: np.nan_to_num(np.array([1, 2], np.int8), nan=5, posinf=1e10) == [1, 2].
    EXPECT_EQ(evaluated(loom::nan_to_num(tensor<std::int8_t>{1, 2}, 5, 1e10)), (std::vector<std::int8_t>{1, 2}));
    EXPECT_EQ(evaluated(loom::nan_to_num(tensor<bool>{true, false})), (std::vector<bool>{true, false}));
}

// ---- fmax and fmin ----

TEST(MathFunctions, FmaxAndFminLetNaNLose) {
    // NumPy: np.fmax([nan, 1, nan], [2, nan, nan]) == [2., 1., nan]; np.fmin likewise.
    const tensor<double> a{nan, 1, nan}, b{2, nan, nan};
    math_expect_same(evaluated(loom::fmax(a, b)), {2.0, 1.0, nan});
    math_expect_same(evaluated(loom::fmin(a, b)), {2.0, 1.0, nan});
    math_expect_same(evaluated(loom::fmax(tensor<double>{-1, 3}, tensor<double>{2, -inf})), {2.0, 3.0});
    math_expect_same(evaluated(loom::fmin(tensor<double>{-1, 3}, tensor<double>{2, -inf})), {-1.0, -inf});
    // maximum lets NaN win, fmax does not.
    EXPECT_TRUE(std::isnan(evaluated(loom::maximum(a, b))[0]));
}

TEST(MathFunctions, FmaxAndFminOfEqualValuesGiveTheSecond) {
    // NumPy: np.signbit(np.fmax(0., -0.)) is True, np.signbit(np.fmax(-0., 0.)) False; fmin the same.
    math_expect_same(evaluated(loom::fmax(tensor<double>{0.0, -0.0}, tensor<double>{-0.0, 0.0})), {-0.0, 0.0});
    math_expect_same(evaluated(loom::fmin(tensor<float>{0.0f, -0.0f}, tensor<float>{-0.0f, 0.0f})), {-0.0f, 0.0f});
}

TEST(MathFunctions, FmaxAndFminOfIntegersAndBools) {
    EXPECT_EQ(evaluated(loom::fmax(tensor<std::uint8_t>{1, 200}, tensor<std::uint8_t>{100, 3})),
              (std::vector<std::uint8_t>{100, 200}));
    EXPECT_EQ(evaluated(loom::fmin(tensor<std::int32_t>{-5, 7}, 0)), (std::vector<std::int32_t>{-5, 0}));
    EXPECT_EQ(evaluated(loom::fmax(tensor<bool>{true, false}, tensor<bool>{false, false})),
              (std::vector<bool>{true, false}));
}

// ---- binary floating functions ----

// The operands of the binary tables: NumPy's f(math_left, math_right).
const tensor<double> math_left{1.0, -1.0, 0.0, -0.0, 0.0, -0.0, inf, -inf, nan, 1.0};
const tensor<double> math_right{1.0, 1.0, 1.0, 1.0, -1.0, -1.0, inf, inf, 1.0, nan};

TEST(MathFunctions, Arctan2GivesTheQuadrant) {
    math_expect_near(evaluated(loom::arctan2(math_left, math_right)),
                     {0.7853981633974483, -0.7853981633974483, 0.0, -0.0, 3.141592653589793, -3.141592653589793,
                      0.7853981633974483, -0.7853981633974483, nan, nan});
    // NumPy: np.arctan2(1., 0.) == pi / 2.
    math_expect_near(evaluated(loom::arctan2(tensor<double>{1.0}, 0.0)), {1.5707963267948966});
}

TEST(MathFunctions, HypotAvoidsOverflowAndInfinityBeatsNaN) {
    // NumPy: np.hypot([3., inf, nan, 1e308], [4., nan, inf, 1e308]) == [5., inf, inf, 1.41421356e+308].
    math_expect_near(evaluated(loom::hypot(tensor<double>{3, inf, nan, 1e308}, tensor<double>{4, nan, inf, 1e308})),
                     {5.0, inf, inf, 1.4142135623730951e308});
    math_expect_same(evaluated(loom::hypot(math_left, math_right)),
                     {1.4142135623730951, 1.4142135623730951, 1.0, 1.0, 1.0, 1.0, inf, inf, nan, nan});
}

TEST(MathFunctions, CopysignTakesTheSignOfZerosToo) {
    math_expect_same(evaluated(loom::copysign(math_left, math_right)),
                     {1.0, 1.0, 0.0, 0.0, -0.0, -0.0, inf, inf, nan, 1.0});
    // NumPy: np.copysign([1., inf], [-0., -1.]) == [-1., -inf].
    math_expect_same(evaluated(loom::copysign(tensor<double>{1, inf}, tensor<double>{-0.0, -1})), {-1.0, -inf});
}

TEST(MathFunctions, HeavisideStepsAtZero) {
    // NumPy: np.heaviside([nan, -1, 0, 2, 0, -0.], [.5, .5, .5, .5, nan, 7]) == [nan, 0., .5, 1., nan, 7.].
    math_expect_same(evaluated(loom::heaviside(tensor<double>{nan, -1, 0, 2, 0, -0.0},
                                               tensor<double>{0.5, 0.5, 0.5, 0.5, nan, 7})),
                     {nan, 0.0, 0.5, 1.0, nan, 7.0});
    math_expect_same(evaluated(loom::heaviside(tensor<std::int32_t>{-3, 0, 3}, 0.5)), {0.0, 0.5, 1.0});
}

TEST(MathFunctions, LogaddexpIsStable) {
    math_expect_near(evaluated(loom::logaddexp(math_left, math_right)),
                     {1.6931471805599454, 1.1269280110429725, 1.3132616875182228, 1.3132616875182228,
                      0.31326168751822286, 0.31326168751822286, inf, inf, nan, nan});
    // NumPy: np.logaddexp(1000., 1000.5) == 1000.9740769841801, np.logaddexp(-inf, -inf) == -inf.
    math_expect_near(evaluated(loom::logaddexp(tensor<double>{1000, -inf, inf}, tensor<double>{1000.5, -inf, -inf})),
                     {1000.9740769841801, -inf, inf});
    // NumPy: np.logaddexp(np.float32(1), np.float32(2)) == 0x1.2818f6p+1, in float32.
    math_expect_near(evaluated(loom::logaddexp(tensor<float>{1.0f}, 2.0f)), {0x1.2818f6p+1f});
}

TEST(MathFunctions, Logaddexp2IsStable) {
    math_expect_near(evaluated(loom::logaddexp2(math_left, math_right)),
                     {2.0, 1.3219280948873624, 1.584962500721156, 1.584962500721156, 0.5849625007211562,
                      0.5849625007211562, inf, inf, nan, nan});
    // NumPy: np.logaddexp2(-1000., -1000.5) == -999.2284466968364.
    math_expect_near(evaluated(loom::logaddexp2(tensor<double>{-1000.0, -inf}, tensor<double>{-1000.5, -inf})),
                     {-999.2284466968364, -inf});
}

TEST(MathFunctions, BinaryFunctionsBroadcastAndTakeASpec) {
    const tensor<double> column = tensor<double>{3, 5}.reshape({2, 1});
    const tensor<double> row{4, 12};
    // NumPy: np.hypot([[3.], [5.]], [4., 12.]) == [[5., 12.369316876852982], [6.4031242374328485, 13.]].
    const tensor<double> r = loom::hypot(column, row);
    EXPECT_EQ(r.shape(), (loom::shape_type{2, 2}));
    math_expect_near(evaluated(r), {5.0, 12.369316876852982, 6.4031242374328485, 13.0});
    // B placed on A's axis 0 by pdpd: hypot(a, b)[i, j] = hypot(a[i, j], b[i]).
    const tensor<double> a = tensor<double>{3, 3, 5, 5}.reshape({2, 2});
    const tensor<double> b{4, 12};
    math_expect_near(evaluated(loom::hypot(a, b, loom::broadcast::pdpd(0))), {5.0, 5.0, 13.0, 13.0});
    EXPECT_THROW((void)loom::arctan2(tensor<double>{1, 2, 3}, tensor<double>{1, 2}), loom::broadcast_error);
    EXPECT_THROW((void)loom::fmax(a, row.reshape({1, 2}), loom::broadcast::none), loom::broadcast_error);
}

TEST(MathFunctions, EmptyAndRankZeroOperands) {
    EXPECT_EQ(evaluated(loom::logaddexp(tensor<double>(loom::shape_type{0, 3}), 1.0)).size(), 0u);
    const tensor<double> scalar(loom::shape_type{}, 8.0);
    const tensor<double> root = loom::cbrt(scalar);
    EXPECT_EQ(root.shape(), loom::shape_type{});
    EXPECT_EQ(root.data()[0], 2.0);
}

// ---- relu ----

TEST(MathFunctions, ReluIsPyTorchs) {
    // PyTorch: torch.relu(torch.tensor([-2., 0., 3., nan, -0.])) == [0., 0., 3., nan, -0.]: clamp_min(x, 0)
    // keeps x where it is not below 0, so NaN and -0.0 stay.
    math_expect_same(evaluated(loom::relu(tensor<double>{-2, 0, 3, nan, -0.0, -inf, inf})),
                     {0.0, 0.0, 3.0, nan, -0.0, 0.0, inf});
    math_expect_same(evaluated(loom::relu(tensor<float>{-2.5f, 1.5f})), {0.0f, 1.5f});
    EXPECT_EQ(evaluated(loom::relu(tensor<std::int8_t>{-128, -1, 0, 127})), (std::vector<std::int8_t>{0, 0, 0, 127}));
    EXPECT_EQ(evaluated(loom::relu(tensor<std::uint8_t>{0, 255})), (std::vector<std::uint8_t>{0, 255}));
}

// ---- fused and SIMD evaluation ----

TEST(MathFunctions, FuseWithOtherExpressions) {
    // NumPy: np.rad2deg(np.arctan2([1., -1.], [1., 1.])) + np.fmax([nan, 2.], 1.) == [46., -43.].
    const tensor<double> y{1, -1}, x{1, 1}, z{nan, 2};
    math_expect_near(evaluated(loom::rad2deg(loom::arctan2(y, x)) + loom::fmax(z, 1.0)), {46.0, -43.0});
}

template <class T>
class MathBatches : public ::testing::Test {};
using MathFloatingTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(MathBatches, MathFloatingTypes);

TYPED_TEST(MathBatches, ExactFunctionsRunInBatchesWithTheScalarBits) {
    // trunc runs in batches (a libm call in scalar code); the arithmetic
    // functions with batch forms join trees that run in batches. Each gives
    // the scalar functor's bits, at every position of arrays longer than a batch.
    using T = TypeParam;
    using loom::leaf_reader;
    using loom::node_reader;
    static_assert(loom::simd::runs_in_batches<node_reader<loom::fn::trunc, leaf_reader<T>>, T>);
    static_assert(loom::simd::runs_in_batches<
                  node_reader<loom::fn::fmax, node_reader<loom::fn::trunc, leaf_reader<T>>, leaf_reader<T>>, T>);
    static_assert(loom::simd::batches_give_scalar_bits<
                  node_reader<loom::fn::copysign, node_reader<loom::fn::relu, leaf_reader<T>>, leaf_reader<T>>, T>);
    // Functions with no batch form keep the scalar loop.
    static_assert(!loom::simd::runs_in_batches<node_reader<loom::fn::sinh, leaf_reader<T>>, T>);

    const T specials[] = {T(0), T(-0.0), T(0.5), T(-0.5), T(2.5), T(-2.7), T(1e30), T(-1e30), T(8388607.5),
                          std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                          std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::denorm_min(), T(180), T(-3)};
    tensor<T> a(loom::shape_type{45}), b(loom::shape_type{45});
    for (loom::index_t i = 0; i < a.size(); ++i) {
        a.data()[i] = specials[i % 15];
        b.data()[i] = specials[(i * 7 + 3) % 15];
    }
    const tensor<T> truncs = loom::trunc(a);
    const tensor<T> mixed = loom::fmin(loom::trunc(a), b) + loom::copysign(loom::relu(a), b) -
                            loom::reciprocal(loom::deg2rad(loom::rad2deg(loom::fmax(a, b))));
    const auto same = [](T result, T expected) {
        return (std::isnan(result) && std::isnan(expected)) ||
               (result == expected && std::signbit(result) == std::signbit(expected));
    };
    for (loom::index_t i = 0; i < a.size(); ++i) {
        const T x = a.data()[i], y = b.data()[i];
        ASSERT_TRUE(same(truncs.data()[i], std::trunc(x))) << x;
        const T expected = T(T(loom::fn::fmin{}(std::trunc(x), y) + std::copysign(loom::fn::relu{}(x), y)) -
                             loom::fn::reciprocal{}(loom::fn::deg2rad{}(loom::fn::rad2deg{}(loom::fn::fmax{}(x, y)))));
        ASSERT_TRUE(same(mixed.data()[i], expected)) << x << ' ' << y;
    }
}

// The distance between a and b in units in the last place; 0 for two NaNs,
// "far" when one is NaN or infinite and the other is not the same.
template <class T>
std::int64_t math_ulps(T a, T b) {
    constexpr std::int64_t far = std::int64_t{1} << 60;
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : far;
    if (a == b) return 0;
    if (std::isinf(a) || std::isinf(b)) return far;
    using bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
    const auto ordered = [](T x) {
        const auto i = std::bit_cast<bits>(x);
        return i < 0 ? std::int64_t{std::numeric_limits<bits>::min()} - i : std::int64_t{i};
    };
    const std::int64_t d = ordered(a) - ordered(b);
    return d < 0 ? -d : d;
}

// `count` values spread uniformly over [low, high), or, with `powers`,
// +-2^x for such x, signs alternating.
template <class T>
tensor<T> math_arguments_between(double low, double high, bool powers = false, loom::index_t count = 1 << 15) {
    std::mt19937_64 engine(11);
    std::uniform_real_distribution<double> uniform(low, high);
    tensor<T> x(loom::shape_type{count});
    for (loom::index_t i = 0; i < count; ++i) {
        const double u = uniform(engine);
        x.data()[i] = static_cast<T>(powers ? (i % 2 ? -1 : 1) * std::exp2(u) : u);
    }
    return x;
}

// Arguments within 2^-digits of -1 and of 1, on either side.
template <class T>
tensor<T> math_arguments_near_one(loom::index_t count = 1 << 14) {
    tensor<T> x = math_arguments_between<T>(1, std::numeric_limits<T>::digits, false, count);
    for (loom::index_t i = 0; i < count; ++i) {
        const T offset = T(std::exp2(-double(x.data()[i])));
        const T near = (i % 4 < 2) ? T(1) - offset : T(1) + offset;
        x.data()[i] = i % 2 ? -near : near;
    }
    return x;
}

template <class T>
tensor<T> math_special_values() {
    using limits = std::numeric_limits<T>;
    return tensor<T>{limits::infinity(), -limits::infinity(), limits::quiet_NaN(), T(0), T(-0.0), limits::denorm_min(),
                     -limits::denorm_min(), limits::min(), limits::max(), -limits::max(), T(-1), T(1), T(0.5), T(2)};
}

// The largest ulp distance between loom's batches of `F` over `x` and the
// scalar functor's result on each element.
template <class F, class T, class E>
std::int64_t math_worst_ulps(const tensor<T>& x, const E& expression) {
    const tensor<T> result = expression;
    std::int64_t worst = 0;
    for (loom::index_t i = 0; i < x.size(); ++i) {
        const std::int64_t u = math_ulps<T>(result.data()[i], F{}(x.data()[i]));
        EXPECT_LT(u, 16) << "at " << x.data()[i] << ": " << result.data()[i] << " against " << F{}(x.data()[i]);
        if (u >= 16) break;
        worst = std::max(worst, u);
    }
    return worst;
}

TYPED_TEST(MathBatches, ApproximateFunctionsStayWithinTheirUlpBounds) {
    // The bounds docs/evaluation.md states, measured against the scalar
    // functions (libm's) on wide ranges, near the domains' ends and at the
    // special values, where the lanes outside a domain get the scalar bits.
    using T = TypeParam;
    using loom::leaf_reader;
    using loom::node_reader;
    static_assert(loom::simd::runs_in_batches<node_reader<loom::fn::arcsin, leaf_reader<T>>, T>);
    static_assert(!loom::simd::batches_give_scalar_bits<node_reader<loom::fn::log2, leaf_reader<T>>, T>);
    const double low = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits;
    const double high = std::numeric_limits<T>::max_exponent;
    const tensor<T> wide = math_arguments_between<T>(low, high, true);
    const tensor<T> unit = math_arguments_between<T>(-1.25, 1.25);
    const tensor<T> near_one = math_arguments_near_one<T>();
    const tensor<T> exponents = math_arguments_between<T>(low - 2, high + 2);
    const tensor<T> specials = math_special_values<T>();
    for (const tensor<T>* x : {&wide, &unit, &near_one, &specials}) {
        EXPECT_LE(math_worst_ulps<loom::fn::log2>(*x, loom::log2(*x)), 2);
        EXPECT_LE(math_worst_ulps<loom::fn::log10>(*x, loom::log10(*x)), 2);
        EXPECT_LE(math_worst_ulps<loom::fn::arcsin>(*x, loom::arcsin(*x)), 2);
        EXPECT_LE(math_worst_ulps<loom::fn::arccos>(*x, loom::arccos(*x)), 1);
        EXPECT_LE(math_worst_ulps<loom::fn::arctan>(*x, loom::arctan(*x)), 2);
        EXPECT_LE(math_worst_ulps<loom::fn::arctanh>(*x, loom::arctanh(*x)), 2);
        EXPECT_LE(math_worst_ulps<loom::fn::arccosh>(*x, loom::arccosh(*x)), 2);
    }
    for (const tensor<T>* x : {&exponents, &unit, &specials}) {
        EXPECT_LE(math_worst_ulps<loom::fn::exp2>(*x, loom::exp2(*x)), 1);
    }
}

TYPED_TEST(MathBatches, ApproximateFunctionsGiveTheScalarResultsOutsideTheirDomains) {
    // NaN outside [-1, 1] and below 1, NaN and infinities through, subnormal
    // logarithms and powers of 2 as libm's: the lanes outside each kernel's
    // domain are the scalar function's, at every position of a batch.
    using T = TypeParam;
    using limits = std::numeric_limits<T>;
    const tensor<T> x{T(2), T(-1.5), T(-1e30), limits::denorm_min(), T(-3), limits::quiet_NaN(), T(0.25), T(1),
                      T(-1), limits::infinity(), -limits::infinity(), T(-200), T(200), T(-1100), T(1100), T(0.75),
                      T(limits::min_exponent - 10), T(-0.0), T(0.5)};
    const auto same = [](T result, T expected) { return math_ulps(result, expected) == 0; };
    const tensor<T> log2s = loom::log2(x), exp2s = loom::exp2(x), arcsins = loom::arcsin(x),
                    arccoshs = loom::arccosh(x), arctanhs = loom::arctanh(x);
    for (loom::index_t i = 0; i < x.size(); ++i) {
        const T v = x.data()[i];
        if (!std::isfinite(v) || v <= limits::min() || std::fabs(v) >= 1) {
            EXPECT_TRUE(same(log2s.data()[i], std::log2(v))) << v;
            EXPECT_TRUE(same(arcsins.data()[i], std::asin(v))) << v;
            EXPECT_TRUE(same(arccoshs.data()[i], std::acosh(v))) << v;
            EXPECT_TRUE(same(arctanhs.data()[i], std::atanh(v))) << v;
        }
        if (!std::isfinite(v) || std::fabs(v) > 100) {
            EXPECT_TRUE(same(exp2s.data()[i], std::exp2(v))) << v;
        }
    }
}

}  // namespace
