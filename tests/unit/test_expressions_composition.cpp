// Expressions as a whole: C++ scalars on either side, expressions of
// expressions, operands read when evaluated, rank 0 and zero sizes. Expected
// values are NumPy 1.24's (generated with /usr/bin/python3) unless the test
// says otherwise.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::broadcast_error;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;

using loom::testing::evaluated;

// ---- Scalars ----

TEST(Scalars, ScalarOnTheRight) {
    const tensor<int> a{1, 2, 3};
    EXPECT_EQ(evaluated(a - 10), (std::vector<int>{-9, -8, -7}));
}

TEST(Scalars, ScalarOnTheLeft) {
    const tensor<int> a{1, 2, 3};
    EXPECT_EQ(evaluated(10 - a), (std::vector<int>{9, 8, 7}));
    EXPECT_EQ(evaluated(3.0 / a), (std::vector<double>{3.0, 1.5, 1.0}));
}

TEST(Scalars, ScalarsOnBothSidesOfAnExpression) {
    const tensor<float> a{1, 2};
    EXPECT_EQ(evaluated(2 * a + 1), (std::vector<float>{3, 5}));
    EXPECT_EQ(evaluated(1 - a * 0.5), (std::vector<float>{0.5f, 0.f}));
}

TEST(Scalars, ScalarComparison) {
    const tensor<float> a{0.5f, 1.f, 1.5f};
    EXPECT_EQ(evaluated(a > 1), (std::vector<bool>{false, false, true}));
    EXPECT_EQ(evaluated(1 >= a), (std::vector<bool>{true, true, false}));
}

TEST(Scalars, ScalarIsHeldByValue) {
    const tensor<int> a{1, 2};
    int k = 5;
    const auto e = a * k;
    k = 100;
    EXPECT_EQ(evaluated(e), (std::vector<int>{5, 10}));
}

// ---- Expressions of expressions ----

TEST(Composition, ExpressionsNest) {
    const tensor<int> a{1, 2}, b{3, 4}, c{5, 6};
    EXPECT_EQ(evaluated((a + b) * (c - a)), (std::vector<int>{16, 24}));
    EXPECT_EQ(evaluated(-(a * b) + c / 1), (std::vector<double>{2, -2}));
}

TEST(Composition, NestedExpressionsBroadcast) {
    const tensor<int> column{{1}, {2}}, row{10, 20, 30};
    const tensor<int> r = (column + row) * column;
    EXPECT_EQ(r.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{11, 21, 31, 24, 44, 64}));
}

TEST(Composition, AnExpressionShapeIsKnownBeforeEvaluation) {
    const tensor<float> a({2, 1, 4}), b({3, 1});
    const auto e = a + b;
    EXPECT_EQ(e.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(e.ndim(), 3u);
    EXPECT_EQ(e.size(), 24);
}

TEST(Composition, LvalueOperandsAreReadWhenEvaluated) {
    tensor<int> a{1, 2};
    const auto e = a + 1;
    a(0) = 10;
    EXPECT_EQ(evaluated(e), (std::vector<int>{11, 3}));
}

TEST(Composition, AnExpressionCanBeEvaluatedTwice) {
    const tensor<int> a{1, 2};
    const auto e = a * a;
    EXPECT_EQ(evaluated(e), evaluated(e));
}

TEST(Composition, TheSameTensorMayAppearManyTimes) {
    const tensor<int> a{1, 2, 3};
    EXPECT_EQ(evaluated(a * a - a + a * 2), (std::vector<int>{2, 6, 12}));
}

TEST(Composition, MixedTypesPromoteAtEachNode) {
    const tensor<std::int8_t> small{100};
    const tensor<std::int16_t> wide{100};
    // (small + small) wraps in int8 before meeting wide: NumPy gives -56 + 100 == 44.
    EXPECT_EQ(evaluated((small + small) + wide), std::vector<std::int16_t>{44});
    EXPECT_EQ(evaluated(small + (small + wide)), std::vector<std::int16_t>{300});
}

TEST(Composition, LongInnerRunsCrossBlockBoundaries) {
    // 1000 elements per row: more than one block of the inner loop, with a broadcast operand.
    const auto a = loom::testing::iota_tensor<int>({3, 1000});
    const tensor<int> b{{1}, {2}, {3}};
    const tensor<int> r = a * b + 1;
    for (loom::index_t i = 0; i < 3; ++i) {
        for (loom::index_t j = 0; j < 1000; ++j) ASSERT_EQ(r(i, j), (i * 1000 + j) * (i + 1) + 1);
    }
}

// ---- Rank 0 ----

TEST(Rank0, ScalarTensorsGiveAScalarTensor) {
    const tensor<int> a(shape_type{}, 3), b(shape_type{}, 4);
    const tensor<int> r = a * b;
    EXPECT_EQ(r.shape(), shape_type{});
    EXPECT_EQ(r(), 12);
}

TEST(Rank0, ScalarTensorBroadcastsWithAnyShape) {
    const tensor<int> s(shape_type{}, 10);
    const tensor<int> m{{1, 2}, {3, 4}};
    EXPECT_EQ(evaluated(m + s), (std::vector<int>{11, 12, 13, 14}));
    EXPECT_EQ(evaluated(s - m), (std::vector<int>{9, 8, 7, 6}));
}

TEST(Rank0, ScalarTensorWithCxxScalar) {
    const tensor<double> s(shape_type{}, 2.0);
    const tensor<double> r = s * 3 + 1;
    EXPECT_EQ(r.shape(), shape_type{});
    EXPECT_EQ(r(), 7.0);
}

TEST(Rank0, ScalarTensorWithZeroSizedTensorIsEmpty) {
    const tensor<int> s(shape_type{}, 1);
    const tensor<int> empty({0, 3});
    const tensor<int> r = s + empty;
    EXPECT_EQ(r.shape(), (shape_type{0, 3}));
    EXPECT_EQ(r.size(), 0);
}

TEST(Rank0, FunctionsOfAScalarTensor) {
    const tensor<double> s(shape_type{}, 4.0);
    EXPECT_EQ(loom::eval(loom::sqrt(s))(), 2.0);
    EXPECT_EQ(loom::eval(s > 3.0)(), true);
}

// ---- Zero sizes ----

TEST(ZeroSize, EmptyWithBroadcastOperandHasTheBroadcastShape) {
    const tensor<float> empty({0, 3}), row{1, 2, 3};
    const tensor<float> r = empty * row;
    EXPECT_EQ(r.shape(), (shape_type{0, 3}));
    EXPECT_EQ(r.size(), 0);
}

TEST(ZeroSize, ZeroMeetsOneAndStaysZero) {
    const tensor<float> a({2, 0, 1}), b({1, 1, 5});
    EXPECT_EQ((a + b).shape(), (shape_type{2, 0, 5}));
    EXPECT_EQ(loom::eval(a + b).size(), 0);
}

TEST(ZeroSize, ZeroMeetingAnotherSizeIsAnError) {
    const tensor<float> a({0}), b({3});
    EXPECT_THROW((void)(a + b), broadcast_error);
}

TEST(ZeroSize, EveryOperationOnEmptyTensorsHasAShape) {
    const tensor<int> a({4, 0}), b({4, 0});
    EXPECT_EQ(loom::eval(a / b).shape(), (shape_type{4, 0}));
    EXPECT_EQ(loom::eval(a < b).shape(), (shape_type{4, 0}));
    EXPECT_EQ(loom::eval(loom::sqrt(a)).shape(), (shape_type{4, 0}));
    EXPECT_EQ(loom::eval(loom::where(a > 0, a, b)).shape(), (shape_type{4, 0}));
}

}  // namespace
