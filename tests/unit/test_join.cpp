// Joining arrays (join.hpp): concatenate, stack, hstack, vstack, dstack,
// column_stack. Expected values are NumPy 1.24's (/usr/bin/python3): the
// examples of NumPy's own documentation first, then empty dimensions, rank 0,
// negative axes, views and expressions as operands, mixed element types and
// every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::flat;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

// ---- concatenate: NumPy's documented examples ----
// a = np.array([[1, 2], [3, 4]]); b = np.array([[5, 6]])

TEST(Concatenate, AlongAxis0AppendsRows) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{{5, 6}};
    // NumPy: np.concatenate((a, b), axis=0) -> [[1, 2], [3, 4], [5, 6]]
    const tensor<int> r = loom::concatenate({a, b}, 0);
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Concatenate, AlongAxis1WithATransposedView) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{{5, 6}};
    // NumPy: np.concatenate((a, b.T), axis=1) -> [[1, 2, 5], [3, 4, 6]]
    const tensor<int> r = loom::concatenate({a.view(), b.transpose()}, 1);
    EXPECT_EQ(r.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 5, 3, 4, 6}));
}

TEST(Concatenate, FlatJoinsTheFlattenedOperands) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{{5, 6}};
    // NumPy: np.concatenate((a, b), axis=None) -> [1, 2, 3, 4, 5, 6]
    const tensor<int> r = loom::concatenate({a, b}, flat);
    EXPECT_EQ(r.shape(), (shape_type{6}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

// ---- concatenate: operands ----

TEST(Concatenate, DefaultAxisIs0) {
    const tensor<int> a{{1, 2}}, b{{3, 4}};
    EXPECT_EQ(loom::concatenate({a, b}).shape(), (shape_type{2, 2}));
}

TEST(Concatenate, NegativeAxisCountsFromTheEnd) {
    // NumPy: np.concatenate(([[1, 2]], [[3, 4]]), -1) -> [[1, 2, 3, 4]]
    const tensor<int> a{{1, 2}}, b{{3, 4}};
    const tensor<int> r = loom::concatenate({a, b}, -1);
    EXPECT_EQ(r.shape(), (shape_type{1, 4}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 3, 4}));
}

TEST(Concatenate, StridedTransposedViews) {
    const tensor<int> a = iota_tensor<int>({2, 3, 4});
    const auto t = a.transpose();  // [4, 3, 2]
    // NumPy: t = a.transpose(2, 1, 0); np.concatenate((t[:, ::2], t[:, 1:]), axis=1).ravel()
    const tensor<int> r = loom::concatenate({t(all, range(none, none, 2)), t(all, range(1, none))}, 1);
    EXPECT_EQ(r.shape(), (shape_type{4, 4, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 12, 8, 20, 4, 16, 8, 20, 1, 13, 9, 21, 5, 17, 9, 21,
                                                2, 14, 10, 22, 6, 18, 10, 22, 3, 15, 11, 23, 7, 19, 11, 23}));
}

TEST(Concatenate, BroadcastAndFlippedViews) {
    const tensor<int> row{1, 2};
    const tensor<int> b = iota_tensor<int>({2, 2});
    // NumPy: np.concatenate((np.broadcast_to([1, 2], (2, 2)), np.arange(4).reshape(2, 2)[::-1]), 1)
    //   -> [[1, 2, 2, 3], [1, 2, 0, 1]]
    const tensor<int> r = loom::concatenate({loom::broadcast_to(row, {2, 2}), b.flip(0)}, 1);
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 2, 3, 1, 2, 0, 1}));
}

TEST(Concatenate, VectorOfTensors) {
    const std::vector<tensor<int>> parts{tensor<int>{1}, tensor<int>{2, 3}, tensor<int>{4}};
    EXPECT_EQ(elements_of(loom::concatenate(parts)), (std::vector<int>{1, 2, 3, 4}));
}

TEST(Concatenate, ArrayOfLazyExpressionsIsEvaluatedIntoPlace) {
    const tensor<int> a{1, 2};
    const std::array<decltype(a * 2), 2> parts{a * 2, a * 3};
    EXPECT_EQ(elements_of(loom::concatenate(parts)), (std::vector<int>{2, 4, 3, 6}));
}

TEST(Concatenate, TupleOfMixedTypesPromotesAsTheOperators) {
    const tensor<std::int32_t> i{0, 1, 2};
    const tensor<float> f{0.5f};
    const tensor<bool> b{true};
    // NumPy gives float64 for int32 with float32; loom's promote_t gives float32, as i + f does.
    const auto r = loom::concatenate(std::tie(i, f, b));
    static_assert(std::is_same_v<decltype(r), const tensor<float>>);
    EXPECT_EQ(elements_of(r), (std::vector<float>{0, 1, 2, 0.5f, 1}));
}

TEST(Concatenate, TupleMayHoldTemporaryExpressions) {
    const tensor<int> a{1, 2};
    const tensor<double> d{0.25};
    const auto r = loom::concatenate(std::forward_as_tuple(a + 1, d * 2.0, a > 1));
    static_assert(std::is_same_v<decltype(r), const tensor<double>>);
    EXPECT_EQ(elements_of(r), (std::vector<double>{2, 3, 0.5, 0, 1}));
}

TEST(Concatenate, EmptyOperandsAddNothing) {
    // NumPy: np.concatenate((np.zeros((0, 3)), np.ones((2, 3)))) has shape (2, 3)
    const tensor<int> empty({0, 3}), ones({2, 3}, 1);
    const tensor<int> r = loom::concatenate({empty, ones});
    EXPECT_EQ(r.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>(6, 1)));
}

TEST(Concatenate, EmptyOtherDimensionGivesAnEmptyResult) {
    // NumPy: np.concatenate((np.zeros((2, 0)), np.zeros((2, 0))), 1).shape -> (2, 0)
    const tensor<float> a({2, 0});
    EXPECT_EQ(loom::concatenate({a, a}, 1).shape(), (shape_type{2, 0}));
}

TEST(Concatenate, FlatTakesRankZeroAndAnyShapes) {
    const tensor<int> scalar(shape_type{}, 7), m = iota_tensor<int>({2, 2});
    EXPECT_EQ(elements_of(loom::concatenate({scalar, m.transpose().copy()}, flat)),
              (std::vector<int>{7, 0, 2, 1, 3}));
}

TEST(Concatenate, FlatOfAStridedView) {
    const tensor<int> m = iota_tensor<int>({2, 3});
    // NumPy: np.concatenate((m.T, m[:, ::2]), axis=None) -> [0, 3, 1, 4, 2, 5, 0, 2, 3, 5]
    EXPECT_EQ(elements_of(loom::concatenate({m.transpose(), m(all, range(none, none, 2))}, flat)),
              (std::vector<int>{0, 3, 1, 4, 2, 5, 0, 2, 3, 5}));
}

TEST(Concatenate, ResultIsACopy) {
    tensor<int> a{1, 2};
    const tensor<int> r = loom::concatenate({a.view(), a.view()});
    a = 0;
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 1, 2}));
}

// ---- concatenate: errors ----

TEST(Concatenate, OtherDimensionsMustAgree) {
    const tensor<int> a({3, 6}), b({3, 6}), c({4, 5});
    // NumPy: ValueError: all the input array dimensions except for the concatenation axis must match exactly,
    // but along dimension 1, the array at index 0 has size 6 and the array at index 2 has size 5
    EXPECT_THROW(loom::concatenate({a, b, c}), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::concatenate({a, b, c}); }),
              "concatenate: operand 2 has shape [4, 5] but operand 0 has [3, 6]; every dimension but axis 0 must "
              "agree");
}

TEST(Concatenate, RanksMustAgree) {
    const tensor<int> a({2, 3}), b({3});
    // NumPy: ValueError: all the input arrays must have same number of dimensions, ...
    EXPECT_THROW(loom::concatenate({a.view(), b.view()}), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::concatenate({a.view(), b.view()}); }),
              "concatenate: operand 1 has shape [3] but operand 0 has [2, 3]; all the input arrays must have the "
              "same number of dimensions (1 vs 2): reshape or expand_dims them to one rank");
}

TEST(Concatenate, EmptyListThrows) {
    // NumPy: ValueError: need at least one array to concatenate
    const std::vector<tensor<int>> none_given;
    EXPECT_THROW(loom::concatenate(none_given), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::concatenate(none_given); }),
              "concatenate: need at least one operand to join; pass a non-empty list");
    EXPECT_THROW(loom::concatenate(none_given, flat), std::invalid_argument);
}

TEST(Concatenate, RankZeroOperandsThrow) {
    // NumPy: ValueError: zero-dimensional arrays cannot be concatenated
    const tensor<int> s(shape_type{});
    EXPECT_THROW(loom::concatenate({s, s}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { loom::concatenate({s, s}); }),
                HasSubstr("zero-dimensional arrays cannot be concatenated; use stack"));
}

TEST(Concatenate, AxisOutOfRangeThrows) {
    // NumPy: AxisError: axis 2 is out of bounds for array of dimension 2
    const tensor<int> a({2, 2});
    EXPECT_THROW(loom::concatenate({a, a}, 2), std::out_of_range);
    EXPECT_EQ(message_of([&] { loom::concatenate({a, a}, -3); }),
              "concatenate: axis -3 is out of range for shape [2, 2]; use a value in [-2, 2)");
}

// ---- stack ----

TEST(Stack, NumPyExampleShapesForEachAxis) {
    // NumPy: arrays = [np.random.randn(3, 4) for _ in range(10)]: stack(arrays, axis=0).shape -> (10, 3, 4),
    // axis=1 -> (3, 10, 4), axis=2 -> (3, 4, 10)
    const std::vector<tensor<double>> arrays(10, loom::randn({3, 4}, 1));
    EXPECT_EQ(loom::stack(arrays, 0).shape(), (shape_type{10, 3, 4}));
    EXPECT_EQ(loom::stack(arrays, 1).shape(), (shape_type{3, 10, 4}));
    EXPECT_EQ(loom::stack(arrays, 2).shape(), (shape_type{3, 4, 10}));
}

TEST(Stack, NumPyExampleRows) {
    const tensor<int> a{1, 2, 3}, b{4, 5, 6};
    // NumPy: np.stack((a, b)) -> [[1, 2, 3], [4, 5, 6]]
    EXPECT_EQ(elements_of(loom::stack({a, b})), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Stack, NumPyExampleLastAxis) {
    const tensor<int> a{1, 2, 3}, b{4, 5, 6};
    // NumPy: np.stack((a, b), axis=-1) -> [[1, 4], [2, 5], [3, 6]]
    const tensor<int> r = loom::stack({a, b}, -1);
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 4, 2, 5, 3, 6}));
}

TEST(Stack, NegativeAxisInTheMiddle) {
    const tensor<int> a = iota_tensor<int>({2, 3}), b = iota_tensor<int>({2, 3}, 6);
    // NumPy: np.stack((a, b), -2) -> [[[0, 1, 2], [6, 7, 8]], [[3, 4, 5], [9, 10, 11]]]
    const tensor<int> r = loom::stack({a, b}, -2);
    EXPECT_EQ(r.shape(), (shape_type{2, 2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 1, 2, 6, 7, 8, 3, 4, 5, 9, 10, 11}));
}

TEST(Stack, RankZeroOperandsGiveRankOne) {
    // NumPy: np.stack((np.array(1), np.array(2))) -> [1, 2]
    const tensor<int> one(shape_type{}, 1), two(shape_type{}, 2);
    const tensor<int> r = loom::stack({one, two});
    EXPECT_EQ(r.shape(), (shape_type{2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2}));
}

TEST(Stack, ShapesMustBeEqual) {
    // NumPy: ValueError: all input arrays must have the same shape
    const tensor<int> a({2, 3}), b({2, 3}), c({3, 2});
    EXPECT_THROW(loom::stack({a, b, c}), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::stack({a, b, c}); }),
              "stack: operand 2 has shape [3, 2] but operand 0 has [2, 3]; all the input arrays must have the same "
              "shape");
}

TEST(Stack, AxisMayBeOnePastTheLastDimension) {
    const tensor<int> a({2, 3});
    EXPECT_EQ(loom::stack({a, a}, 2).shape(), (shape_type{2, 3, 2}));
    // NumPy: AxisError: axis 3 is out of bounds for array of dimension 3
    EXPECT_THROW(loom::stack({a, a}, 3), std::out_of_range);
    EXPECT_EQ(message_of([&] { loom::stack({a, a}, -4); }),
              "stack: axis -4 is out of range for shape [2, 3]; use a value in [-3, 3)");
}

TEST(Stack, EmptyListThrows) {
    // NumPy: ValueError: need at least one array to stack
    EXPECT_THROW(loom::stack(std::vector<tensor<float>>{}), std::invalid_argument);
}

// ---- hstack, vstack, dstack, column_stack: NumPy's documented examples ----

TEST(Hstack, RowsJoinEndToEnd) {
    // NumPy: np.hstack(((1, 2, 3), (4, 5, 6))) -> [1, 2, 3, 4, 5, 6]
    const tensor<int> a{1, 2, 3}, b{4, 5, 6};
    EXPECT_EQ(elements_of(loom::hstack({a, b})), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Hstack, ColumnsJoinAlongAxis1) {
    // NumPy: np.hstack(([[1], [2], [3]], [[4], [5], [6]])) -> [[1, 4], [2, 5], [3, 6]]
    const tensor<int> a{{1}, {2}, {3}}, b{{4}, {5}, {6}};
    const tensor<int> r = loom::hstack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 4, 2, 5, 3, 6}));
}

TEST(Hstack, RankZeroCountsAsOneElement) {
    // NumPy: np.hstack((np.array(1), np.array([2, 3]))) -> [1, 2, 3]
    const tensor<int> s(shape_type{}, 1), v{2, 3};
    EXPECT_EQ(elements_of(loom::hstack(std::tie(s, v))), (std::vector<int>{1, 2, 3}));
}

TEST(Vstack, RowsBecomeARank2Result) {
    // NumPy: np.vstack(([1, 2, 3], [4, 5, 6])) -> [[1, 2, 3], [4, 5, 6]]
    const tensor<int> a{1, 2, 3}, b{4, 5, 6};
    const tensor<int> r = loom::vstack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Vstack, ColumnsJoinAlongAxis0) {
    // NumPy: np.vstack(([[1], [2], [3]], [[4], [5], [6]])) -> [[1], [2], [3], [4], [5], [6]]
    const tensor<int> a{{1}, {2}, {3}}, b{{4}, {5}, {6}};
    const tensor<int> r = loom::vstack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{6, 1}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Vstack, RankZeroAndRankOneJoinAsRows) {
    // NumPy: np.vstack((np.array(1), np.array([2]))) -> [[1], [2]]
    const tensor<int> s(shape_type{}, 1), v{2};
    const tensor<int> r = loom::vstack(std::tie(s, v));
    EXPECT_EQ(r.shape(), (shape_type{2, 1}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2}));
}

TEST(Vstack, MismatchNamesTheShapesAsJoined) {
    const tensor<int> a{1, 2, 3}, b{1, 2, 3, 4};
    EXPECT_THROW(loom::vstack({a, b}), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::vstack({a, b}); }),
              "vstack: operand 1 has shape [4] (joined as [1, 4]) but operand 0 has [3] (joined as [1, 3]); every "
              "dimension but axis 0 must agree");
}

TEST(Dstack, RowsBecomeDepth) {
    // NumPy: np.dstack(((1, 2, 3), (2, 3, 4))) -> [[[1, 2], [2, 3], [3, 4]]]
    const tensor<int> a{1, 2, 3}, b{2, 3, 4};
    const tensor<int> r = loom::dstack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{1, 3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 2, 3, 3, 4}));
}

TEST(Dstack, ColumnsBecomeDepth) {
    // NumPy: np.dstack(([[1], [2], [3]], [[2], [3], [4]])) -> [[[1, 2]], [[2, 3]], [[3, 4]]]
    const tensor<int> a{{1}, {2}, {3}}, b{{2}, {3}, {4}};
    const tensor<int> r = loom::dstack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{3, 1, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 2, 3, 3, 4}));
}

TEST(Dstack, RankZeroIsOneByOneByOne) {
    // NumPy: np.dstack((np.array(1),)).shape -> (1, 1, 1)
    const tensor<int> s(shape_type{}, 5);
    EXPECT_EQ(loom::dstack({s}).shape(), (shape_type{1, 1, 1}));
}

TEST(ColumnStack, RowsBecomeColumns) {
    // NumPy: np.column_stack(((1, 2, 3), (2, 3, 4))) -> [[1, 2], [2, 3], [3, 4]]
    const tensor<int> a{1, 2, 3}, b{2, 3, 4};
    const tensor<int> r = loom::column_stack({a, b});
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 2, 2, 3, 3, 4}));
}

TEST(ColumnStack, Rank2OperandsJoinAlongAxis1) {
    const tensor<int> a{1, 2}, m{{10, 11}, {12, 13}};
    // NumPy: np.column_stack(([1, 2], [[10, 11], [12, 13]])) -> [[1, 10, 11], [2, 12, 13]]
    const tensor<int> r = loom::column_stack(std::tie(a, m));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 10, 11, 2, 12, 13}));
}

TEST(ColumnStack, RankZeroIsOneByOne) {
    // NumPy: np.column_stack((np.array(1),)).shape -> (1, 1)
    EXPECT_EQ(loom::column_stack({tensor<int>(shape_type{}, 1)}).shape(), (shape_type{1, 1}));
}

TEST(Hstack, EmptyListThrows) {
    // NumPy: ValueError: need at least one array to concatenate
    EXPECT_THROW(loom::hstack(std::vector<tensor<int>>{}), std::invalid_argument);
    EXPECT_THROW(loom::vstack(std::vector<tensor<int>>{}), std::invalid_argument);
    EXPECT_THROW(loom::dstack(std::vector<tensor<int>>{}), std::invalid_argument);
    EXPECT_THROW(loom::column_stack(std::vector<tensor<int>>{}), std::invalid_argument);
}

}  // namespace
