// Whole-tensor comparisons: array_equal, allclose and the element-wise
// isclose. Expected results come from NumPy 1.24.2 (/usr/bin/python3), with
// the NumPy call in a comment beside each.

#include <gtest/gtest.h>

#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;

using loom::testing::nan;
using loom::testing::inf;

std::vector<bool> values(const loom::tensor<bool>& t) {
    return std::vector<bool>(t.begin(), t.end());
}

// x = np.array([1.0, nan, inf, -inf, inf, 0.0, 1e10, 1e-8, 1.0])
// y = np.array([1.0 + 1e-6, nan, inf, inf, 1.0, 1e-8, 1.00001e10, 0.0, nan])
const loom::tensor<double> edge_x{1.0, nan, inf, -inf, inf, 0.0, 1e10, 1e-8, 1.0};
const loom::tensor<double> edge_y{1.0 + 1e-6, nan, inf, inf, 1.0, 1e-8, 1.00001e10, 0.0, nan};

// --- isclose --------------------------------------------------------------------

TEST(Isclose, IsABoolExpressionOfTheBroadcastShape) {
    const loom::tensor<double> a({2, 1});
    const loom::tensor<float> b({3});
    const auto close = loom::isclose(a, b);
    static_assert(std::same_as<loom::value_type_of<decltype(close)>, bool>);
    EXPECT_EQ(close.shape(), (shape_type{2, 3}));
}

TEST(Isclose, NanInfinityAndToleranceEdgeCases) {
    // np.isclose(x, y)
    EXPECT_EQ(values(loom::isclose(edge_x, edge_y)),
              (std::vector<bool>{true, false, true, false, false, true, true, true, false}));
}

TEST(Isclose, EqualNanMakesNanCloseToNan) {
    // np.isclose(x, y, equal_nan=True)
    EXPECT_EQ(values(loom::isclose(edge_x, edge_y, 1e-5, 1e-8, true)),
              (std::vector<bool>{true, true, true, false, false, true, true, true, false}));
}

TEST(Isclose, ZeroToleranceLeavesOnlyEqualInfinities) {
    // np.isclose(x, y, rtol=0, atol=0)
    EXPECT_EQ(values(loom::isclose(edge_x, edge_y, 0.0, 0.0)),
              (std::vector<bool>{false, false, true, false, false, false, false, false, false}));
}

TEST(Isclose, RelativeToleranceScalesWithTheSecondArgumentOnly) {
    // np.isclose(1, 2, rtol=0.5, atol=0) is True; np.isclose(2, 1, rtol=0.5, atol=0) is False
    const loom::tensor<double> one{1.0};
    const loom::tensor<double> two{2.0};
    EXPECT_EQ(values(loom::isclose(one, two, 0.5, 0.0)), std::vector<bool>{true});
    EXPECT_EQ(values(loom::isclose(two, one, 0.5, 0.0)), std::vector<bool>{false});
}

TEST(Isclose, BroadcastsLikeNumPy) {
    // np.isclose([[1.0], [2.0]], [1.0, 2.0, 1.0000001])
    const loom::tensor<double> a{{1.0}, {2.0}};
    const loom::tensor<double> b{1.0, 2.0, 1.0000001};
    EXPECT_EQ(values(loom::isclose(a, b)), (std::vector<bool>{true, false, true, false, true, false}));
}

TEST(Isclose, AcceptsAScalar) {
    // np.isclose(np.array([1, 5]), 1.000001)
    const loom::tensor<int> a{1, 5};
    EXPECT_EQ(values(loom::isclose(a, 1.000001)), (std::vector<bool>{true, false}));
}

TEST(Isclose, Float32ComputesTheToleranceInFloat32) {
    // np.isclose(np.float32([1.0]), np.float32([1.00001])) is False
    const loom::tensor<float> a{1.0f};
    const loom::tensor<float> b{1.00001f};
    EXPECT_EQ(values(loom::isclose(a, b)), std::vector<bool>{false});
}

TEST(Isclose, IntegersAreComparedAsFloat64) {
    // np.isclose(np.int32([100]), np.int32([101]), rtol=0.01) is True;
    // np.isclose(np.int64([max]), np.int64([min])) is False, np.isclose(min, min) is True
    const loom::tensor<std::int32_t> a{100};
    const loom::tensor<std::int32_t> b{101};
    EXPECT_EQ(values(loom::isclose(a, b, 0.01)), std::vector<bool>{true});
    const loom::tensor<std::int64_t> highest{std::numeric_limits<std::int64_t>::max()};
    const loom::tensor<std::int64_t> lowest{std::numeric_limits<std::int64_t>::min()};
    EXPECT_EQ(values(loom::isclose(highest, lowest)), std::vector<bool>{false});
    EXPECT_EQ(values(loom::isclose(lowest, lowest)), std::vector<bool>{true});
}

TEST(Isclose, ShapesThatDoNotBroadcastThrowWhenBuilt) {
    const loom::tensor<double> a({2, 3});
    const loom::tensor<double> b({4});
    EXPECT_THROW(loom::isclose(a, b), loom::broadcast_error);
}

// --- allclose -------------------------------------------------------------------

TEST(Allclose, AbsoluteToleranceNearZero) {
    // np.allclose([1e-8], [0.0]) and np.allclose([0.0], [1e-8]) are True; np.allclose([1e-7], [0.0]) is False
    const loom::tensor<double> tiny{1e-8};
    const loom::tensor<double> small{1e-7};
    const loom::tensor<double> zero{0.0};
    EXPECT_TRUE(loom::allclose(tiny, zero));
    EXPECT_TRUE(loom::allclose(zero, tiny));
    EXPECT_FALSE(loom::allclose(small, zero));
}

TEST(Allclose, NanIsNotCloseUnlessEqualNan) {
    // np.allclose([nan], [nan]) is False; with equal_nan=True it is True
    const loom::tensor<double> a{nan};
    EXPECT_FALSE(loom::allclose(a, a));
    EXPECT_TRUE(loom::allclose(a, a, 1e-5, 1e-8, true));
}

TEST(Allclose, EqualInfinitiesAreCloseOppositeOnesAreNot) {
    // np.allclose([inf], [inf]) is True; np.allclose([inf], [-inf]) is False
    const loom::tensor<double> plus{inf};
    const loom::tensor<double> minus{-inf};
    EXPECT_TRUE(loom::allclose(plus, plus));
    EXPECT_FALSE(loom::allclose(plus, minus));
}

TEST(Allclose, Broadcasts) {
    // np.allclose([[1.0], [2.0]], [1.0, 2.0, 1.0000001]) is False;
    // np.allclose([[1.0], [1.0]], [1.0, 1.0000001]) is True
    const loom::tensor<double> column{{1.0}, {2.0}};
    const loom::tensor<double> ones_column{{1.0}, {1.0}};
    EXPECT_FALSE(loom::allclose(column, loom::tensor<double>{1.0, 2.0, 1.0000001}));
    EXPECT_TRUE(loom::allclose(ones_column, loom::tensor<double>{1.0, 1.0000001}));
}

TEST(Allclose, ShapesThatDoNotBroadcastThrow) {
    // np.allclose(np.ones((2, 3)), np.ones((4,))) raises: operands could not be broadcast together
    EXPECT_THROW(loom::allclose(loom::ones({2, 3}), loom::ones({4})), loom::broadcast_error);
}

TEST(Allclose, EmptyTensorsAreClose) {
    // np.allclose(np.zeros((0, 3)), np.zeros((0, 3))) and np.allclose(np.zeros((2, 0)), np.ones((1, 0))) are True
    EXPECT_TRUE(loom::allclose(loom::zeros({0, 3}), loom::zeros({0, 3})));
    EXPECT_TRUE(loom::allclose(loom::zeros({2, 0}), loom::ones({1, 0})));
}

TEST(Allclose, TakesExpressionsAndScalars) {
    const loom::tensor<float> a{1.0f, 2.0f};
    const loom::tensor<float> b{1.0f, 2.0f};
    EXPECT_TRUE(loom::allclose(a * 2.0f, a + b));
    EXPECT_TRUE(loom::allclose(a - a, 0.0));
    EXPECT_FALSE(loom::allclose(a, 1.0));
}

// --- array_equal ----------------------------------------------------------------

TEST(ArrayEqual, SameShapeAndValues) {
    // np.array_equal([1, 2], [1, 2]) is True
    const loom::tensor<int> a{1, 2};
    const loom::tensor<int> b{1, 2};
    const loom::tensor<int> c{1, 3};
    EXPECT_TRUE(loom::array_equal(a, b));
    EXPECT_FALSE(loom::array_equal(a, c));
}

TEST(ArrayEqual, ShapeMismatchIsFalseNotAnError) {
    // np.array_equal(np.ones((2, 3)), np.ones((3, 2))) and np.array_equal(np.ones((1, 3)), np.ones(3)) are False
    EXPECT_FALSE(loom::array_equal(loom::ones({2, 3}), loom::ones({3, 2})));
    EXPECT_FALSE(loom::array_equal(loom::ones({1, 3}), loom::ones({3})));
}

TEST(ArrayEqual, NanDiffersUnlessEqualNan) {
    // np.array_equal([nan], [nan]) is False; np.array_equal([nan, 1.0], [nan, 1.0], equal_nan=True) is True
    const loom::tensor<double> a{nan, 1.0};
    EXPECT_FALSE(loom::array_equal(a, a));
    EXPECT_TRUE(loom::array_equal(a, a, true));
    const loom::tensor<double> b{nan, 2.0};
    EXPECT_FALSE(loom::array_equal(a, b, true));
}

TEST(ArrayEqual, ComparesAcrossElementTypes) {
    // np.array_equal(np.int32([1, 2]), np.float64([1.0, 2.0])) is True
    const loom::tensor<std::int32_t> a{1, 2};
    const loom::tensor<double> b{1.0, 2.0};
    EXPECT_TRUE(loom::array_equal(a, b));
}

TEST(ArrayEqual, TakesExpressions) {
    const loom::tensor<int> a{{1, 2}, {3, 4}};
    EXPECT_TRUE(loom::array_equal(a + a, a * 2));
    EXPECT_FALSE(loom::array_equal(a + 1, a * 2));
}

TEST(ArrayEqual, EmptyTensorsOfTheSameShapeAreEqual) {
    EXPECT_TRUE(loom::array_equal(loom::zeros({0, 2}), loom::ones({0, 2})));
}

}  // namespace
