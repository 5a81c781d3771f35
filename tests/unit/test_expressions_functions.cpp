// The named element-wise functions: floor division and remainder with
// Python's signs, integer division by zero, powers, NaN-propagating
// maximum/minimum, clip, where, floating functions, rounding (half to even)
// and conversions. Expected values are NumPy 1.24's, generated with
// /usr/bin/python3, unless the test says otherwise.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;

using loom::testing::nan;
using loom::testing::inf;

using loom::testing::evaluated;

/// Floating values equal element by element, NaN matching NaN and the sign
/// of zero compared too.
void expect_same_floats(const std::vector<double>& actual, const std::vector<double>& expected) {
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

// ---- floor_divide and remainder ----

TEST(FloorDivide, IntegersRoundTowardNegativeInfinity) {
    // NumPy: np.array([-7, 7, -7, 7]) // np.array([2, 2, -2, -2]) == [-4, 3, 3, -4]
    const tensor<int> a{-7, 7, -7, 7}, b{2, 2, -2, -2};
    EXPECT_EQ(evaluated(loom::floor_divide(a, b)), (std::vector<int>{-4, 3, 3, -4}));
}

TEST(FloorDivide, ExactIntegerQuotientsAreNotRounded) {
    const tensor<int> a{-8, 8, 0}, b{2, -2, 5};
    EXPECT_EQ(evaluated(loom::floor_divide(a, b)), (std::vector<int>{-4, -4, 0}));
}

TEST(FloorDivide, IntegerDivisionByZeroIsZero) {
    const tensor<int> a{5, -5, 0};
    EXPECT_EQ(evaluated(loom::floor_divide(a, 0)), (std::vector<int>{0, 0, 0}));
}

TEST(FloorDivide, MostNegativeByMinusOneWraps) {
    // NumPy: np.int8(-128) // np.int8(-1) == -128 (with an overflow warning).
    const tensor<std::int8_t> a{-128};
    EXPECT_EQ(evaluated(loom::floor_divide(a, -1)), std::vector<std::int8_t>{-128});
}

TEST(FloorDivide, UnsignedIntegers) {
    const tensor<std::uint8_t> a{7, 255};
    EXPECT_EQ(evaluated(loom::floor_divide(a, 2)), (std::vector<std::uint8_t>{3, 127}));
}

TEST(FloorDivide, FloatingRoundsTowardNegativeInfinity) {
    // NumPy: np.array([-7.5, 7.5, -7.5, 7.5]) // np.array([2., 2., -2., -2.]) == [-4., 3., 3., -4.]
    const tensor<double> a{-7.5, 7.5, -7.5, 7.5}, b{2, 2, -2, -2};
    expect_same_floats(evaluated(loom::floor_divide(a, b)), {-4, 3, 3, -4});
}

TEST(FloorDivide, FloatingDivisionByZero) {
    // NumPy: np.array([1., -1., 0.]) // 0.0 == [inf, -inf, nan]
    const tensor<double> a{1, -1, 0};
    expect_same_floats(evaluated(loom::floor_divide(a, 0.0)), {inf, -inf, nan});
}

TEST(Remainder, IntegersTakeTheDivisorsSign) {
    const tensor<int> a{-7, 7, -7, 7}, b{2, 2, -2, -2};
    EXPECT_EQ(evaluated(loom::remainder(a, b)), (std::vector<int>{1, 1, -1, -1}));
}

TEST(Remainder, IntegerRemainderByZeroIsZero) {
    const tensor<std::int64_t> a{5, -5, 0};
    EXPECT_EQ(evaluated(loom::remainder(a, 0)), (std::vector<std::int64_t>{0, 0, 0}));
}

TEST(Remainder, MostNegativeByMinusOneIsZero) {
    const tensor<std::int8_t> a{-128};
    EXPECT_EQ(evaluated(loom::remainder(a, -1)), std::vector<std::int8_t>{0});
}

TEST(Remainder, FloatingByZeroIsNaN) {
    // NumPy: np.array([1., -1., 0.]) % 0.0 == [nan, nan, nan]
    const tensor<double> a{1, -1, 0};
    expect_same_floats(evaluated(loom::remainder(a, 0.0)), {nan, nan, nan});
}

TEST(Remainder, FloatingZeroResultTakesTheDivisorsSign) {
    // NumPy: np.remainder([4., -4.], [-2., 2.]) == [-0., 0.]
    const tensor<double> a{4, -4}, b{-2, 2};
    expect_same_floats(evaluated(loom::remainder(a, b)), {-0.0, 0.0});
}

TEST(Remainder, FloorDivideAndRemainderRebuildTheDividend) {
    const tensor<int> a{-7, 7, -7, 7, 0, 13}, b{2, 3, -4, -5, 3, 13};
    EXPECT_EQ(evaluated(loom::floor_divide(a, b) * b + loom::remainder(a, b)), elements_of(a));
}

// ---- power ----

TEST(Power, IntegerPowersAreExact) {
    // NumPy: np.power([2, -2, 3], [10, 3, 0]) == [1024, -8, 1]
    const tensor<int> a{2, -2, 3}, b{10, 3, 0};
    EXPECT_EQ(evaluated(loom::power(a, b)), (std::vector<int>{1024, -8, 1}));
}

TEST(Power, IntegerPowersWrap) {
    // NumPy: np.int8(2) ** np.int8(7) == -128
    const tensor<std::int8_t> a{2};
    EXPECT_EQ(evaluated(loom::pow(a, 7)), std::vector<std::int8_t>{-128});
}

TEST(Power, NegativeIntegerExponentGivesTheIntegerPartOfTheReciprocal) {
    // NumPy refuses negative integer powers; loom defines them (fn::power):
    // 1 for base 1, +-1 for base -1, 0 otherwise.
    const tensor<int> base{1, -1, -1, 2, -3}, exponent{-5, -3, -2, -1, -1};
    EXPECT_EQ(evaluated(loom::power(base, exponent)), (std::vector<int>{1, -1, 1, 0, 0}));
}

TEST(Power, FloatingPowers) {
    const tensor<double> a{2, 4, 0};
    expect_same_floats(evaluated(loom::power(a, 0.5)), {1.4142135623730951, 2, 0});
}

// ---- maximum, minimum, clip ----

TEST(Maximum, PicksTheLarger) {
    const tensor<int> a{1, 5, -3}, b{4, 2, -3};
    EXPECT_EQ(evaluated(loom::maximum(a, b)), (std::vector<int>{4, 5, -3}));
}

TEST(Maximum, NaNPropagatesFromEitherSide) {
    // NumPy: np.maximum([nan, 1, 2], [1, nan, 3]) == [nan, nan, 3]
    const tensor<double> a{nan, 1, 2}, b{1, nan, 3};
    expect_same_floats(evaluated(loom::maximum(a, b)), {nan, nan, 3});
}

TEST(Minimum, PicksTheSmaller) {
    const tensor<int> a{1, 5, -3}, b{4, 2, -3};
    EXPECT_EQ(evaluated(loom::minimum(a, b)), (std::vector<int>{1, 2, -3}));
}

TEST(Minimum, NaNPropagatesFromEitherSide) {
    // NumPy: np.minimum([nan, 1, 2], [1, nan, 3]) == [nan, nan, 2]
    const tensor<double> a{nan, 1, 2}, b{1, nan, 3};
    expect_same_floats(evaluated(loom::minimum(a, b)), {nan, nan, 2});
}

TEST(Maximum, ComparesSignedAndUnsignedByValue) {
    const tensor<std::int8_t> a{-1};
    const tensor<std::uint8_t> b{200};
    EXPECT_EQ(evaluated(loom::maximum(a, b)), std::vector<std::int16_t>{200});
}

TEST(Clip, LimitsToTheRange) {
    // NumPy: np.clip([-5, 0, 5, 10], 0, 6) == [0, 0, 5, 6]
    const tensor<int> a{-5, 0, 5, 10};
    EXPECT_EQ(evaluated(loom::clip(a, 0, 6)), (std::vector<int>{0, 0, 5, 6}));
}

TEST(Clip, BoundsBroadcast) {
    const tensor<int> a{{-5, 5}, {-5, 5}}, low{{-1}, {0}}, high{3, 4};
    EXPECT_EQ(evaluated(loom::clip(a, low, high)), (std::vector<int>{-1, 4, 0, 4}));
}

TEST(Clip, NaNPassesThrough) {
    const tensor<double> a{nan, 7};
    expect_same_floats(evaluated(loom::clip(a, 0.0, 1.0)), {nan, 1});
}

// ---- where ----

TEST(Where, PicksFromTheFirstWhereTheConditionHolds) {
    // NumPy: np.where([True, False, True], [1, 2, 3], [10, 20, 30]) == [1, 20, 3]
    const tensor<bool> c{true, false, true};
    const tensor<int> a{1, 2, 3}, b{10, 20, 30};
    EXPECT_EQ(evaluated(loom::where(c, a, b)), (std::vector<int>{1, 20, 3}));
}

TEST(Where, AllThreeOperandsBroadcast) {
    const tensor<bool> c{{true}, {false}};
    const tensor<int> a{1, 2, 3};
    EXPECT_EQ(evaluated(loom::where(c, a, 0)), (std::vector<int>{1, 2, 3, 0, 0, 0}));
}

TEST(Where, NumericConditionUsesItsTruthValue) {
    const tensor<double> c{0.0, 0.5};
    const tensor<int> a{1, 2};
    EXPECT_EQ(evaluated(loom::where(c, a, -1)), (std::vector<int>{-1, 2}));
}

TEST(Where, ConditionFromAComparison) {
    const tensor<float> x{-1.f, 2.f, -3.f};
    EXPECT_EQ(evaluated(loom::where(x > 0, x, 0)), (std::vector<float>{0.f, 2.f, 0.f}));
}

// ---- Unary arithmetic ----

TEST(Absolute, OfSignedIntegersAndFloats) {
    // NumPy: np.abs(np.array([-128, -5, 5], np.int8)) == [-128, 5, 5]
    const tensor<std::int8_t> a{-128, -5, 5};
    EXPECT_EQ(evaluated(loom::abs(a)), (std::vector<std::int8_t>{-128, 5, 5}));
    const tensor<double> f{-1.5, -0.0};
    expect_same_floats(evaluated(loom::absolute(f)), {1.5, 0.0});
}

TEST(Square, OfIntegersWrapsAndOfFloats) {
    const tensor<std::int16_t> a{300, -3};
    EXPECT_EQ(evaluated(loom::square(a)), (std::vector<std::int16_t>{24464, 9}));
    const tensor<float> f{1.5f};
    EXPECT_EQ(evaluated(loom::square(f)), std::vector<float>{2.25f});
}

TEST(Sign, IsMinusOneZeroOrOneAndKeepsNaN) {
    // NumPy: np.sign([-2.5, 0, 3, nan]) == [-1, 0, 1, nan]
    const tensor<double> a{-2.5, 0, 3, nan};
    expect_same_floats(evaluated(loom::sign(a)), {-1, 0, 1, nan});
    const tensor<int> i{-7, 0, 9};
    EXPECT_EQ(evaluated(loom::sign(i)), (std::vector<int>{-1, 0, 1}));
}

// ---- Floating functions ----

TEST(FloatingFunctions, SqrtOfIntegersComputesInFloat64) {
    const tensor<int> a{4, 2};
    expect_same_floats(evaluated(loom::sqrt(a)), {2, 1.4142135623730951});
}

TEST(FloatingFunctions, SqrtOfNegativeIsNaN) {
    const tensor<double> a{-1};
    expect_same_floats(evaluated(loom::sqrt(a)), {nan});
}

TEST(FloatingFunctions, ExpAndLog) {
    const tensor<double> a{0, 1};
    const auto e = evaluated(loom::exp(a));
    EXPECT_EQ(e[0], 1.0);
    EXPECT_DOUBLE_EQ(e[1], 2.718281828459045);
    const tensor<double> b{1, 2.718281828459045, 0};
    const auto l = evaluated(loom::log(b));
    EXPECT_EQ(l[0], 0.0);
    EXPECT_DOUBLE_EQ(l[1], 1.0);
    EXPECT_EQ(l[2], -inf);
}

TEST(FloatingFunctions, Log1pAndExpm1AreAccurateNearZero) {
    // NumPy: np.log1p(1e-10) == 9.999999999500001e-11, np.expm1(1e-10) == 1.00000000005e-10
    const tensor<double> a{1e-10};
    EXPECT_DOUBLE_EQ(evaluated(loom::log1p(a))[0], 9.999999999500001e-11);
    EXPECT_DOUBLE_EQ(evaluated(loom::expm1(a))[0], 1.00000000005e-10);
}

TEST(FloatingFunctions, Trigonometry) {
    const tensor<double> a{0, 1.5707963267948966};
    const auto s = evaluated(loom::sin(a));
    EXPECT_EQ(s[0], 0.0);
    EXPECT_DOUBLE_EQ(s[1], 1.0);
    EXPECT_EQ(evaluated(loom::cos(tensor<double>{0}))[0], 1.0);
    EXPECT_DOUBLE_EQ(evaluated(loom::tan(tensor<double>{0.7853981633974483}))[0], 1.0);
    EXPECT_DOUBLE_EQ(evaluated(loom::tanh(tensor<double>{0.5}))[0], 0.46211715726000974);
}

TEST(FloatingFunctions, Sigmoid) {
    // NumPy: 1 / (1 + np.exp(-np.array([0., 2.]))) == [0.5, 0.8807970779778823]
    const tensor<double> a{0, 2};
    const auto r = evaluated(loom::sigmoid(a));
    EXPECT_EQ(r[0], 0.5);
    EXPECT_DOUBLE_EQ(r[1], 0.8807970779778823);
}

TEST(FloatingFunctions, Float32StaysFloat32) {
    const tensor<float> a{4.f};
    EXPECT_EQ(evaluated(loom::sqrt(a)), std::vector<float>{2.f});
}

// ---- Rounding ----

TEST(Rounding, RoundHalvesToEven) {
    // NumPy: np.round([0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6]) == [0., 2., 2., -0., -2., 2., 3.]
    const tensor<double> a{0.5, 1.5, 2.5, -0.5, -1.5, 2.4, 2.6};
    expect_same_floats(evaluated(loom::round(a)), {0, 2, 2, -0.0, -2, 2, 3});
}

TEST(Rounding, FloorAndCeil) {
    // NumPy: np.floor([-1.5, 1.5]) == [-2., 1.]; np.ceil([-1.5, 1.5]) == [-1., 2.]
    const tensor<double> a{-1.5, 1.5};
    expect_same_floats(evaluated(loom::floor(a)), {-2, 1});
    expect_same_floats(evaluated(loom::ceil(a)), {-1, 2});
}

TEST(Rounding, IntegersAreUnchanged) {
    const tensor<int> a{-3, 4};
    EXPECT_EQ(evaluated(loom::round(a)), (std::vector<int>{-3, 4}));
    EXPECT_EQ(evaluated(loom::floor(a)), (std::vector<int>{-3, 4}));
    EXPECT_EQ(evaluated(loom::ceil(a)), (std::vector<int>{-3, 4}));
}

// ---- Classification ----

TEST(Classification, IsnanAndIsinf) {
    const tensor<double> a{nan, inf, -inf, 1.0};
    EXPECT_EQ(evaluated(loom::isnan(a)), (std::vector<bool>{true, false, false, false}));
    EXPECT_EQ(evaluated(loom::isinf(a)), (std::vector<bool>{false, true, true, false}));
}

TEST(Classification, IntegersAreNeverNaNOrInfinite) {
    const tensor<int> a{0, std::numeric_limits<int>::max()};
    EXPECT_EQ(evaluated(loom::isnan(a)), (std::vector<bool>{false, false}));
    EXPECT_EQ(evaluated(loom::isinf(a)), (std::vector<bool>{false, false}));
}

// ---- astype ----

TEST(Astype, FloatToIntTruncatesTowardZero) {
    // NumPy: np.array([1.7, -1.7]).astype(np.int32) == [1, -1]
    const tensor<double> a{1.7, -1.7};
    EXPECT_EQ(evaluated(loom::astype<int>(a)), (std::vector<int>{1, -1}));
}

TEST(Astype, FloatToIntIsDefinedForNaNAndOutOfRangeValues) {
    // C++ leaves these undefined and NumPy's result depends on the platform;
    // loom gives 0 for NaN and saturates (fn::cast).
    const tensor<double> a{nan, 1e10, -1e10, inf};
    EXPECT_EQ(evaluated(loom::astype<std::int32_t>(a)),
              (std::vector<std::int32_t>{0, std::numeric_limits<std::int32_t>::max(),
                                         std::numeric_limits<std::int32_t>::min(),
                                         std::numeric_limits<std::int32_t>::max()}));
}

TEST(Astype, FloatToInt64AtTheLimits) {
    const tensor<double> a{9.3e18, -9.3e18, 9.2e18};
    EXPECT_EQ(evaluated(loom::astype<std::int64_t>(a)),
              (std::vector<std::int64_t>{std::numeric_limits<std::int64_t>::max(),
                                         std::numeric_limits<std::int64_t>::min(), 9200000000000000000}));
}

TEST(Astype, ToBoolIsTheTruthValue) {
    const tensor<double> a{0.0, -0.5, nan};
    EXPECT_EQ(evaluated(loom::astype<bool>(a)), (std::vector<bool>{false, true, true}));
}

TEST(Astype, IntToNarrowerIntWraps) {
    const tensor<int> a{300, -1};
    EXPECT_EQ(evaluated(loom::astype<std::uint8_t>(a)), (std::vector<std::uint8_t>{44, 255}));
}

TEST(Astype, OfAnExpression) {
    const tensor<int> a{1, 2};
    EXPECT_EQ(evaluated(loom::astype<int>(a / 2.0 + 0.5)), (std::vector<int>{1, 1}));
}

}  // namespace
