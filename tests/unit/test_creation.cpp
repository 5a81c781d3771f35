// Creation functions: zeros, ones, full, empty, *_like, arange, linspace, eye.
// Expected values come from NumPy 1.24.2 (/usr/bin/python3), pasted in as hex
// floats (float.hex()) so that they are compared bit for bit.

#include <gtest/gtest.h>

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::testing::elements_of;
using loom::testing::message_of;

// --- zeros, ones, full, empty -------------------------------------------------

TEST(Zeros, HasTheShapeAndTypeAskedFor) {
    const auto t = loom::zeros<float>({2, 3});
    static_assert(std::same_as<decltype(t), const loom::tensor<float>>);
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), std::vector<float>(6, 0.0f));
}

TEST(Zeros, DefaultsToFloat64LikeNumPy) {
    static_assert(std::same_as<decltype(loom::zeros({2})), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::ones({2})), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::empty({2})), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::eye(2)), loom::tensor<double>>);
    SUCCEED();
}

TEST(Zeros, RankZeroHasOneElement) {
    const auto t = loom::zeros<int>({});
    EXPECT_EQ(t.ndim(), 0u);
    EXPECT_EQ(t.size(), 1);
}

TEST(Zeros, ZeroSizedDimensionGivesNoElements) {
    const auto t = loom::zeros<double>({3, 0, 2});
    EXPECT_EQ(t.shape(), (shape_type{3, 0, 2}));
    EXPECT_EQ(t.size(), 0);
}

TEST(Zeros, NegativeSizeThrowsNamingTheShape) {
    EXPECT_THROW(loom::zeros<float>({2, -1}), std::invalid_argument);
    EXPECT_NE(message_of([] { loom::zeros<float>({2, -1}); }).find("[2, -1]"), std::string::npos);
}

TEST(Zeros, ElementCountOverflowThrowsLengthError) {
    const index_t big = index_t(1) << 40;
    EXPECT_THROW(loom::zeros<float>({big, big}), std::length_error);
}

TEST(Ones, FillsWithOne) {
    EXPECT_EQ(elements_of(loom::ones<std::int16_t>({2, 2})), std::vector<std::int16_t>(4, 1));
    EXPECT_EQ(elements_of(loom::ones<bool>({3})), std::vector<bool>(3, true));
}

TEST(Full, FillsWithTheValue) {
    const auto t = loom::full<float>({2, 2}, 2.5);
    EXPECT_EQ(t.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(t), std::vector<float>(4, 2.5f));
}

TEST(Full, TakesTheValuesTypeWhenNoneIsGiven) {
    static_assert(std::same_as<decltype(loom::full({2}, 7)), loom::tensor<int>>);
    static_assert(std::same_as<decltype(loom::full({2}, 7.0)), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::full({2}, true)), loom::tensor<bool>>);
    EXPECT_EQ(elements_of(loom::full({3}, 7)), std::vector<int>(3, 7));
}

TEST(Full, ValueThatDoesNotFitThrowsOutOfRange) {
    EXPECT_THROW(loom::full<std::int8_t>({2}, 300), std::out_of_range);
    EXPECT_THROW(loom::full<std::uint32_t>({2}, -1), std::out_of_range);
    EXPECT_THROW(loom::full<float>({2}, 1e300), std::out_of_range);
    EXPECT_NE(message_of([] { loom::full<std::int8_t>({2}, 300); }).find("int8"), std::string::npos);
}

TEST(Full, InfinityAndNanAreStoredAsTheyAre) {
    const auto t = loom::full<float>({2}, std::numeric_limits<double>::infinity());
    EXPECT_EQ(t(0), std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(loom::full({1}, std::numeric_limits<double>::quiet_NaN())(0)));
}

template <class T, class V>
concept full_compiles = requires(V v) { loom::full<T>(shape_type{2}, v); };

TEST(Full, FloatingValueIntoIntegerTensorDoesNotCompile) {
    static_assert(!full_compiles<int, double>);
    static_assert(full_compiles<double, int>);
    SUCCEED();
}

TEST(Empty, HasTheShapeAskedFor) {
    const auto t = loom::empty<std::uint8_t>({4, 5});
    EXPECT_EQ(t.shape(), (shape_type{4, 5}));
    EXPECT_EQ(t.size(), 20);
}

// --- *_like ---------------------------------------------------------------------

TEST(Like, TakesShapeAndTypeOfAnExpression) {
    const loom::tensor<float> a({2, 3});
    const loom::tensor<float> b{1, 2, 3};
    const auto z = loom::zeros_like(a + b);  // any expression, not only a tensor
    static_assert(std::same_as<decltype(z), const loom::tensor<float>>);
    EXPECT_EQ(z.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(z), std::vector<float>(6, 0.0f));
}

TEST(Like, TypeMayBeGiven) {
    const loom::tensor<float> a({2, 3});
    const auto o = loom::ones_like<int>(a);
    static_assert(std::same_as<decltype(o), const loom::tensor<int>>);
    EXPECT_EQ(elements_of(o), std::vector<int>(6, 1));
}

TEST(Like, FullLikeKeepsTheExpressionsType) {
    const loom::tensor<int> a{{1, 2}, {3, 4}};
    const auto f = loom::full_like(a, 9);
    static_assert(std::same_as<decltype(f), const loom::tensor<int>>);
    EXPECT_EQ(f.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(f), std::vector<int>(4, 9));
}

TEST(Like, EmptyLikeOfAComparisonIsBool) {
    const loom::tensor<double> a({3, 1});
    const loom::tensor<double> b({4});
    const auto e = loom::empty_like(a < b);
    static_assert(std::same_as<decltype(e), const loom::tensor<bool>>);
    EXPECT_EQ(e.shape(), (shape_type{3, 4}));
}

// --- arange ---------------------------------------------------------------------

TEST(Arange, IntegerArgumentsGiveInt64) {
    const auto t = loom::arange(5);
    static_assert(std::same_as<decltype(t), const loom::tensor<index_t>>);
    EXPECT_EQ(elements_of(t), (std::vector<index_t>{0, 1, 2, 3, 4}));
}

TEST(Arange, FloatingArgumentGivesFloat64) {
    static_assert(std::same_as<decltype(loom::arange(0.0, 1.0, 0.1)), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::arange(2.5)), loom::tensor<double>>);
    static_assert(std::same_as<decltype(loom::arange(0, 3, 0.5f)), loom::tensor<double>>);
    SUCCEED();
}

TEST(Arange, TenthsMatchNumPyBitForBit) {
    // np.arange(0, 1, 0.1)
    const std::vector<double> expected{0x0.0p+0, 0x1.999999999999ap-4, 0x1.999999999999ap-3, 0x1.3333333333334p-2,
                                       0x1.999999999999ap-2, 0x1.0000000000000p-1, 0x1.3333333333334p-1,
                                       0x1.6666666666667p-1, 0x1.999999999999ap-1, 0x1.ccccccccccccdp-1};
    EXPECT_EQ(elements_of(loom::arange(0, 1, 0.1)), expected);
}

TEST(Arange, HalfStepsExcludeTheStop) {
    // np.arange(1, 2.5, 0.5)
    EXPECT_EQ(elements_of(loom::arange(1, 2.5, 0.5)), (std::vector<double>{1.0, 1.5, 2.0}));
}

TEST(Arange, NegativeIntegerStep) {
    // np.arange(10, 0, -3)
    EXPECT_EQ(elements_of(loom::arange(10, 0, -3)), (std::vector<index_t>{10, 7, 4, 1}));
}

TEST(Arange, FloatingStartWithDefaultStep) {
    // np.arange(0.5, 3)
    EXPECT_EQ(elements_of(loom::arange(0.5, 3)), (std::vector<double>{0.5, 1.5, 2.5}));
}

TEST(Arange, NegativeFloatingStepAccumulatesAsNumPy) {
    // np.arange(1, 0, -0.1): out[i] = 1 + i * (0.9 - 1), hence 0x1.0000000000001p-1 and not 0.5
    const std::vector<double> expected{0x1.0000000000000p+0, 0x1.ccccccccccccdp-1, 0x1.999999999999ap-1,
                                       0x1.6666666666667p-1, 0x1.3333333333334p-1, 0x1.0000000000001p-1,
                                       0x1.999999999999cp-2, 0x1.3333333333336p-2, 0x1.99999999999a0p-3,
                                       0x1.99999999999a8p-4};
    EXPECT_EQ(elements_of(loom::arange(1, 0, -0.1)), expected);
}

TEST(Arange, LengthIsTheCeilingOfTheFloatingQuotient) {
    // np.arange(0, 0.3, 0.1) has 3 elements; np.arange(0.1, 0.4, 0.1) has 4 (0.3 / 0.1 > 3 in doubles)
    EXPECT_EQ(elements_of(loom::arange(0, 0.3, 0.1)), (std::vector<double>{0x0.0p+0, 0x1.999999999999ap-4,
                                                                      0x1.999999999999ap-3}));
    EXPECT_EQ(elements_of(loom::arange(0.1, 0.4, 0.1)),
              (std::vector<double>{0x1.999999999999ap-4, 0x1.999999999999ap-3, 0x1.3333333333334p-2,
                                   0x1.999999999999ap-2}));
    // np.arange(0, 5, 1.5)
    EXPECT_EQ(elements_of(loom::arange(0, 5, 1.5)), (std::vector<double>{0.0, 1.5, 3.0, 4.5}));
}

TEST(Arange, QuarterStepsAcrossZero) {
    // np.arange(-1.5, 1.5, 0.25)
    EXPECT_EQ(elements_of(loom::arange(-1.5, 1.5, 0.25)),
              (std::vector<double>{-1.5, -1.25, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25}));
}

TEST(Arange, WrongDirectionOrEqualEndsGiveEmpty) {
    // np.arange(0, 1, -0.1), np.arange(5, 5), np.arange(-3): all shape (0,)
    EXPECT_EQ(loom::arange(0, 1, -0.1).shape(), (shape_type{0}));
    EXPECT_EQ(loom::arange(5, 5).shape(), (shape_type{0}));
    EXPECT_EQ(loom::arange(-3).shape(), (shape_type{0}));
    EXPECT_EQ(loom::arange(0, 10, -1).shape(), (shape_type{0}));
}

TEST(Arange, InfiniteStepGivesStartAloneOrNothing) {
    // np.arange(0, 1, inf) is [0.]; np.arange(0, -1, inf) is empty
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(elements_of(loom::arange(0, 1, inf)), (std::vector<double>{0.0}));
    EXPECT_EQ(loom::arange(0, -1, inf).size(), 0);
}

TEST(Arange, UnderflowingQuotientGivesOneElement) {
    // np.arange(0, 1e-300, 1e308) is [0.]
    EXPECT_EQ(elements_of(loom::arange(0, 1e-300, 1e308)), (std::vector<double>{0.0}));
}

TEST(Arange, Float32AccumulatesInFloat32) {
    // np.arange(0, 1, 0.1, dtype=np.float32)
    const std::vector<float> expected{0x0.0p+0f,         0x1.99999ap-4f, 0x1.99999ap-3f, 0x1.333334p-2f,
                                      0x1.99999ap-2f,    0x1.0p-1f,      0x1.333334p-1f, 0x1.666666p-1f,
                                      0x1.99999ap-1f,    0x1.cccccep-1f};
    EXPECT_EQ(elements_of(loom::arange<float>(0, 1, 0.1)), expected);
    // np.arange(0.1, 3, 0.37, dtype=np.float32)
    const std::vector<float> awkward{0x1.99999ap-4f, 0x1.e147aep-2f, 0x1.ae147cp-1f, 0x1.35c290p+0f,
                                     0x1.947ae2p+0f, 0x1.f33334p+0f, 0x1.28f5c2p+1f, 0x1.5851ecp+1f};
    EXPECT_EQ(elements_of(loom::arange<float>(0.1, 3, 0.37)), awkward);
}

TEST(Arange, IntegerTypeWithFloatingArgumentsTruncatesFirstTwoValues) {
    // np.arange(0.5, 3, 0.7, dtype=np.int64): length 4, out[0] = int(0.5), out[1] = int(1.2)
    EXPECT_EQ(elements_of(loom::arange<std::int64_t>(0.5, 3, 0.7)), (std::vector<std::int64_t>{0, 1, 2, 3}));
}

TEST(Arange, UnsignedTypeWithNegativeStep) {
    // np.arange(10, 0, -3, dtype=np.uint8)
    EXPECT_EQ(elements_of(loom::arange<std::uint8_t>(10, 0, -3)), (std::vector<std::uint8_t>{10, 7, 4, 1}));
}

TEST(Arange, ZeroStepThrowsInvalidArgument) {
    EXPECT_THROW(loom::arange(0, 10, 0), std::invalid_argument);
    EXPECT_THROW(loom::arange(0.0, 1.0, 0.0), std::invalid_argument);
    EXPECT_NE(message_of([] { loom::arange(0, 10, 0); }).find("non-zero step"), std::string::npos);
}

TEST(Arange, NanArgumentThrowsInvalidArgument) {
    EXPECT_THROW(loom::arange(0.0, std::numeric_limits<double>::quiet_NaN()), std::invalid_argument);
}

TEST(Arange, InfiniteLengthThrowsLengthError) {
    EXPECT_THROW(loom::arange(0.0, std::numeric_limits<double>::infinity()), std::length_error);
    EXPECT_THROW(loom::arange(0.0, 1e300, 1e-300), std::length_error);
}

TEST(Arange, ValueBeyondTheElementTypeThrowsOutOfRange) {
    EXPECT_THROW(loom::arange<std::int8_t>(0, 200), std::out_of_range);
    EXPECT_THROW(loom::arange<std::uint8_t>(-1, 5), std::out_of_range);
    EXPECT_THROW(loom::arange<float>(0, 1e39, 1e38), std::out_of_range);
    EXPECT_NE(message_of([] { loom::arange<std::int8_t>(0, 200); }).find("int8"), std::string::npos);
}

TEST(Arange, ValuesMayReachTheTypesLimitsWhenTheStopIsBeyondThem) {
    // np.arange(0, 300, 100, dtype=np.uint8) is [0, 100, 200]
    EXPECT_EQ(elements_of(loom::arange<std::uint8_t>(0, 300, 100)), (std::vector<std::uint8_t>{0, 100, 200}));
    EXPECT_EQ(elements_of(loom::arange<std::int8_t>(125, 128)), (std::vector<std::int8_t>{125, 126, 127}));
}

TEST(Arange, Int64ExtremesDoNotOverflow) {
    // np.arange(-2**63, 2**63 - 1, 2**64 - 1, dtype=np.int64) is [-2**63];
    // np.arange(2**63 - 1, -2**63, -2**63) is [2**63 - 1, -1]
    constexpr auto lowest = std::numeric_limits<std::int64_t>::min();
    constexpr auto highest = std::numeric_limits<std::int64_t>::max();
    const std::uint64_t full_span = std::numeric_limits<std::uint64_t>::max();
    EXPECT_EQ(elements_of(loom::arange<std::int64_t>(lowest, highest, full_span)), (std::vector<std::int64_t>{lowest}));
    EXPECT_EQ(elements_of(loom::arange<std::int64_t>(highest, lowest, lowest)), (std::vector<std::int64_t>{highest, -1}));
}

TEST(Arange, IntegerQuotientIsRoundedToDoubleBeforeTheCeiling) {
    // np.arange(-2**63, 2**63 - 1, 2**63 - 1) is [-2**63, -1]: (2**64 - 1) / (2**63 - 1) rounds to 2.0,
    // although the exact quotient is a little above 2
    constexpr auto lowest = std::numeric_limits<std::int64_t>::min();
    constexpr auto highest = std::numeric_limits<std::int64_t>::max();
    EXPECT_EQ(elements_of(loom::arange(lowest, highest, highest)), (std::vector<index_t>{lowest, -1}));
}

// --- linspace -------------------------------------------------------------------

TEST(Linspace, SevenPointsMatchNumPyBitForBit) {
    // np.linspace(0, 1, 7)
    const std::vector<double> expected{0x0.0p+0,
                                       0x1.5555555555555p-3,
                                       0x1.5555555555555p-2,
                                       0x1.0000000000000p-1,
                                       0x1.5555555555555p-1,
                                       0x1.aaaaaaaaaaaaap-1,
                                       0x1.0000000000000p+0};
    EXPECT_EQ(elements_of(loom::linspace(0, 1, 7)), expected);
}

TEST(Linspace, WithoutEndpoint) {
    // np.linspace(0, 1, 7, endpoint=False)
    const std::vector<double> expected{0x0.0p+0,
                                       0x1.2492492492492p-3,
                                       0x1.2492492492492p-2,
                                       0x1.b6db6db6db6dbp-2,
                                       0x1.2492492492492p-1,
                                       0x1.6db6db6db6db6p-1,
                                       0x1.b6db6db6db6dbp-1};
    EXPECT_EQ(elements_of(loom::linspace(0, 1, 7, false)), expected);
}

TEST(Linspace, AwkwardEndsAndDecreasing) {
    // np.linspace(-1, 3.3, 5) and np.linspace(1, 0, 4)
    EXPECT_EQ(elements_of(loom::linspace(-1, 3.3, 5)),
              (std::vector<double>{-0x1.0000000000000p+0, 0x1.3333333333330p-4, 0x1.2666666666666p+0,
                                   0x1.1ccccccccccccp+1, 0x1.a666666666666p+1}));
    EXPECT_EQ(elements_of(loom::linspace(1, 0, 4)),
              (std::vector<double>{0x1.0000000000000p+0, 0x1.5555555555556p-1, 0x1.5555555555556p-2, 0x0.0p+0}));
}

TEST(Linspace, NumZeroIsEmpty) {
    // np.linspace(0, 1, 0)
    EXPECT_EQ(loom::linspace(0, 1, 0).shape(), (shape_type{0}));
}

TEST(Linspace, NumOneIsTheStart) {
    // np.linspace(2, 3, 1) and np.linspace(2, 3, 1, endpoint=False) are both [2.]
    EXPECT_EQ(elements_of(loom::linspace(2, 3, 1)), (std::vector<double>{2.0}));
    EXPECT_EQ(elements_of(loom::linspace(2, 3, 1, false)), (std::vector<double>{2.0}));
}

TEST(Linspace, UnderflowingStepScalesByDelta) {
    // np.linspace(0, 1e-323, 6): the step underflows to 0, so NumPy computes i / 5 * delta
    const double tiny = std::numeric_limits<double>::denorm_min();
    EXPECT_EQ(elements_of(loom::linspace(0, 1e-323, 6)), (std::vector<double>{0, 0, tiny, tiny, 2 * tiny, 2 * tiny}));
}

TEST(Linspace, InfiniteStopGivesNanThenInfinities) {
    // np.linspace(0, inf, 3) is [nan, inf, inf]
    const auto t = loom::linspace(0, std::numeric_limits<double>::infinity(), 3);
    EXPECT_TRUE(std::isnan(t(0)));
    EXPECT_EQ(t(1), std::numeric_limits<double>::infinity());
    EXPECT_EQ(t(2), std::numeric_limits<double>::infinity());
}

TEST(Linspace, IntegerTypeFloorsTheValues) {
    // np.linspace(0, 10, 4, dtype=np.int64) and np.linspace(-3, 3, 4, dtype=np.int64)
    EXPECT_EQ(elements_of(loom::linspace<std::int64_t>(0, 10, 4)), (std::vector<std::int64_t>{0, 3, 6, 10}));
    EXPECT_EQ(elements_of(loom::linspace<std::int64_t>(-3, 3, 4)), (std::vector<std::int64_t>{-3, -1, 1, 3}));
}

TEST(Linspace, Float32RoundsTheFloat64Values) {
    // np.linspace(0, 1, 7, dtype=np.float32)
    EXPECT_EQ(elements_of(loom::linspace<float>(0, 1, 7)),
              (std::vector<float>{0x0.0p+0f, 0x1.555556p-3f, 0x1.555556p-2f, 0x1.0p-1f, 0x1.555556p-1f,
                                  0x1.aaaaaap-1f, 0x1.0p+0f}));
}

TEST(Linspace, NegativeNumThrowsInvalidArgument) {
    EXPECT_THROW(loom::linspace(0, 1, -1), std::invalid_argument);
    EXPECT_NE(message_of([] { loom::linspace(0, 1, -1); }).find("-1"), std::string::npos);
}

TEST(Linspace, ValueBeyondTheElementTypeThrowsOutOfRange) {
    EXPECT_THROW(loom::linspace<std::uint8_t>(0, 256, 2), std::out_of_range);
    EXPECT_THROW(loom::linspace<std::int32_t>(0, std::numeric_limits<double>::quiet_NaN(), 2), std::out_of_range);
    EXPECT_THROW(loom::linspace<float>(0, 1e300, 2), std::out_of_range);
}

// --- eye ------------------------------------------------------------------------

TEST(Eye, IdentityMatrix) {
    // np.eye(3)
    const auto t = loom::eye(3);
    EXPECT_EQ(t.shape(), (shape_type{3, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
}

TEST(Eye, PositiveOffsetIsAboveTheDiagonal) {
    // np.eye(3, 4, 1)
    EXPECT_EQ(elements_of(loom::eye<int>(3, 4, 1)), (std::vector<int>{0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}));
}

TEST(Eye, NegativeOffsetIsBelowTheDiagonal) {
    // np.eye(3, 4, -1) and np.eye(4, 3, -2)
    EXPECT_EQ(elements_of(loom::eye<int>(3, 4, -1)), (std::vector<int>{0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0}));
    EXPECT_EQ(elements_of(loom::eye<int>(4, 3, -2)), (std::vector<int>{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0}));
}

TEST(Eye, OffsetBeyondTheMatrixGivesZeros) {
    // np.eye(2, 3, 5) and np.eye(2, 3, -5) are all zeros
    EXPECT_EQ(elements_of(loom::eye<int>(2, 3, 5)), std::vector<int>(6, 0));
    EXPECT_EQ(elements_of(loom::eye<int>(2, 3, -5)), std::vector<int>(6, 0));
    EXPECT_EQ(elements_of(loom::eye<int>(2, 3, std::numeric_limits<index_t>::min())), std::vector<int>(6, 0));
    EXPECT_EQ(elements_of(loom::eye<int>(2, 3, std::numeric_limits<index_t>::max())), std::vector<int>(6, 0));
}

TEST(Eye, EmptySizes) {
    // np.eye(0).shape == (0, 0); np.eye(2, 0).shape == (2, 0)
    EXPECT_EQ(loom::eye(0).shape(), (shape_type{0, 0}));
    EXPECT_EQ(loom::eye(2, 0).shape(), (shape_type{2, 0}));
}

TEST(Eye, NegativeSizeThrowsInvalidArgument) {
    EXPECT_THROW(loom::eye(-1), std::invalid_argument);
    EXPECT_THROW(loom::eye(2, -3), std::invalid_argument);
}

}  // namespace
