// Repeating, rolling and differences (repeat.hpp, roll.hpp, diff.hpp): tile,
// repeat, roll, diff. Expected values are NumPy 1.24's (/usr/bin/python3):
// NumPy's documented examples first, then views, rank 0, empty arrays and
// every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;

// ---- tile: a = np.array([0, 1, 2]), b = np.array([[1, 2], [3, 4]]) ----

TEST(Tile, NumPyExampleRank1) {
    // NumPy: np.tile(a, 2) -> [0, 1, 2, 0, 1, 2]
    EXPECT_EQ(elements_of(loom::tile(tensor<int>{0, 1, 2}, 2)), (std::vector<int>{0, 1, 2, 0, 1, 2}));
}

TEST(Tile, NumPyExampleMoreRepsThanDimensions) {
    // NumPy: np.tile(a, (2, 2)).shape -> (2, 6); np.tile(a, (2, 1, 2)).shape -> (2, 1, 6)
    EXPECT_EQ(loom::tile(tensor<int>{0, 1, 2}, {2, 2}).shape(), (shape_type{2, 6}));
    const tensor<int> r = loom::tile(tensor<int>{0, 1, 2}, {2, 1, 2});
    EXPECT_EQ(r.shape(), (shape_type{2, 1, 6}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}));
}

TEST(Tile, NumPyExampleFewerRepsThanDimensions) {
    const tensor<int> b{{1, 2}, {3, 4}};
    // NumPy: np.tile(b, 2) -> [[1, 2, 1, 2], [3, 4, 3, 4]]; np.tile(b, (2, 1)) -> [[1, 2], [3, 4], [1, 2], [3, 4]]
    EXPECT_EQ(elements_of(loom::tile(b, 2)), (std::vector<int>{1, 2, 1, 2, 3, 4, 3, 4}));
    EXPECT_EQ(elements_of(loom::tile(b, {2, 1})), (std::vector<int>{1, 2, 3, 4, 1, 2, 3, 4}));
}

TEST(Tile, TransposedAndBroadcastViews) {
    const tensor<int> m = iota_tensor<int>({2, 3});
    // NumPy: np.tile(m.T, (2, 1)) -> [[0, 3], [1, 4], [2, 5], [0, 3], [1, 4], [2, 5]]
    EXPECT_EQ(elements_of(loom::tile(m.transpose(), {2, 1})), (std::vector<int>{0, 3, 1, 4, 2, 5, 0, 3, 1, 4, 2, 5}));
    // NumPy: np.tile(np.broadcast_to([1, 2], (2, 2)), 2) -> [[1, 2, 1, 2], [1, 2, 1, 2]]
    EXPECT_EQ(elements_of(loom::tile(loom::broadcast_to(tensor<int>{1, 2}, {2, 2}), 2)),
              (std::vector<int>{1, 2, 1, 2, 1, 2, 1, 2}));
}

TEST(Tile, ZeroRepsGiveAnEmptyResult) {
    // NumPy: np.tile(np.array(3), 0).shape -> (0,)
    EXPECT_EQ(loom::tile(tensor<int>(shape_type{}, 3), 0).shape(), (shape_type{0}));
}

TEST(Tile, NegativeRepsThrow) {
    // NumPy: ValueError: negative dimensions are not allowed
    EXPECT_THROW(loom::tile(tensor<int>{1}, -1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::tile(tensor<int>{1}, {2, -1}); }),
              "tile: the repetitions [2, -1] include the negative count -1; counts must be 0 or more");
}

// ---- repeat ----

TEST(Repeat, NumPyExampleScalar) {
    // NumPy: np.repeat(3, 4) -> [3, 3, 3, 3]
    EXPECT_EQ(elements_of(loom::repeat(tensor<int>(shape_type{}, 3), 4)), (std::vector<int>{3, 3, 3, 3}));
}

TEST(Repeat, NumPyExampleFlattens) {
    // NumPy: np.repeat([[1, 2], [3, 4]], 2) -> [1, 1, 2, 2, 3, 3, 4, 4]
    EXPECT_EQ(elements_of(loom::repeat(tensor<int>{{1, 2}, {3, 4}}, 2)), (std::vector<int>{1, 1, 2, 2, 3, 3, 4, 4}));
}

TEST(Repeat, NumPyExampleAlongAxis1) {
    // NumPy: np.repeat(x, 3, axis=1) -> [[1, 1, 1, 2, 2, 2], [3, 3, 3, 4, 4, 4]]
    const tensor<int> r = loom::repeat(tensor<int>{{1, 2}, {3, 4}}, 3, 1);
    EXPECT_EQ(r.shape(), (shape_type{2, 6}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4}));
}

TEST(Repeat, NumPyExamplePerSliceCounts) {
    // NumPy: np.repeat(x, [1, 2], axis=0) -> [[1, 2], [3, 4], [3, 4]]
    EXPECT_EQ(elements_of(loom::repeat(tensor<int>{{1, 2}, {3, 4}}, {1, 2}, 0)), (std::vector<int>{1, 2, 3, 4, 3, 4}));
}

TEST(Repeat, ZeroCountsOfATransposedView) {
    const tensor<int> m = iota_tensor<int>({2, 3});
    // NumPy: np.repeat(m.T, [0, 2], axis=1) -> [[3, 3], [4, 4], [5, 5]]
    EXPECT_EQ(elements_of(loom::repeat(m.transpose(), {0, 2}, 1)), (std::vector<int>{3, 3, 4, 4, 5, 5}));
}

TEST(Repeat, CountsMustMatchTheSlices) {
    // NumPy: ValueError: operands could not be broadcast together with shape (3,) (2,)
    EXPECT_THROW(loom::repeat(tensor<int>{1, 2, 3}, {1, 2}), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::repeat(tensor<int>{1, 2, 3}, {1, 2}, 0); }),
              "repeat: 2 counts [1, 2] for the 3 slices along axis 0 of shape [3]; give one count, or one per slice");
}

TEST(Repeat, NegativeCountThrows) {
    // NumPy: ValueError: repeats may not contain negative values.
    EXPECT_THROW(loom::repeat(tensor<int>{1, 2}, -1), std::invalid_argument);
}

TEST(Repeat, RankZeroAlongAnAxisThrows) {
    // NumPy: AxisError: axis 0 is out of bounds for array of dimension 0
    EXPECT_THROW(loom::repeat(tensor<int>(shape_type{}), 2, 0), std::out_of_range);
}

// ---- roll: x = np.arange(10), x2 = x.reshape(2, 5) ----

TEST(Roll, NumPyExampleFlat) {
    // NumPy: np.roll(x, 2) -> [8, 9, 0, ..., 7]; np.roll(x, -2) -> [2, ..., 9, 0, 1]
    const tensor<int> x = iota_tensor<int>({10});
    EXPECT_EQ(elements_of(loom::roll(x, 2)), (std::vector<int>{8, 9, 0, 1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(elements_of(loom::roll(x, -2)), (std::vector<int>{2, 3, 4, 5, 6, 7, 8, 9, 0, 1}));
}

TEST(Roll, NumPyExampleRank2WithoutAxisRollsTheFlatOrder) {
    // NumPy: np.roll(x2, 1) -> [[9, 0, 1, 2, 3], [4, 5, 6, 7, 8]]
    const tensor<int> r = loom::roll(iota_tensor<int>({2, 5}), 1);
    EXPECT_EQ(r.shape(), (shape_type{2, 5}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{9, 0, 1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(Roll, NumPyExampleAlongEachAxis) {
    const tensor<int> x2 = iota_tensor<int>({2, 5});
    // NumPy: np.roll(x2, 1, axis=0) -> [[5, ..., 9], [0, ..., 4]]; np.roll(x2, -1, axis=1) -> [[1, 2, 3, 4, 0], ...]
    EXPECT_EQ(elements_of(loom::roll(x2, 1, 0)), (std::vector<int>{5, 6, 7, 8, 9, 0, 1, 2, 3, 4}));
    EXPECT_EQ(elements_of(loom::roll(x2, -1, 1)), (std::vector<int>{1, 2, 3, 4, 0, 6, 7, 8, 9, 5}));
}

TEST(Roll, NumPyExampleSeveralAxes) {
    // NumPy: np.roll(x2, (1, 1), axis=(1, 0)) -> [[9, 5, 6, 7, 8], [4, 0, 1, 2, 3]]
    EXPECT_EQ(elements_of(loom::roll(iota_tensor<int>({2, 5}), {1, 1}, {1, 0})),
              (std::vector<int>{9, 5, 6, 7, 8, 4, 0, 1, 2, 3}));
}

TEST(Roll, ShiftLargerThanTheAxis) {
    // NumPy: np.roll(x2, 12, axis=1) -> [[3, 4, 0, 1, 2], [8, 9, 5, 6, 7]]
    EXPECT_EQ(elements_of(loom::roll(iota_tensor<int>({2, 5}), 12, 1)),
              (std::vector<int>{3, 4, 0, 1, 2, 8, 9, 5, 6, 7}));
}

TEST(Roll, RankZeroAndEmpty) {
    // NumPy: np.roll(np.array(5), 3) -> 5; np.roll(np.zeros((0, 3)), 1, axis=1).shape -> (0, 3)
    EXPECT_EQ(loom::roll(tensor<int>(shape_type{}, 5), 3)(), 5);
    EXPECT_EQ(loom::roll(tensor<int>({0, 3}), 1, 1).shape(), (shape_type{0, 3}));
}

TEST(Roll, MismatchedShiftsAndAxesThrow) {
    // NumPy: ValueError: 'shift' and 'axis' should be scalars or 1D sequences
    EXPECT_THROW(loom::roll(iota_tensor<int>({2, 2, 2}), {1, 2}, {0, 1, 2}), std::invalid_argument);
}

// ---- diff ----

TEST(Diff, NumPyExampleFirstAndSecondOrder) {
    const tensor<int> x{1, 2, 4, 7, 0};
    // NumPy: np.diff(x) -> [1, 2, 3, -7]; np.diff(x, n=2) -> [1, 1, -10]
    EXPECT_EQ(elements_of(loom::diff(x)), (std::vector<int>{1, 2, 3, -7}));
    EXPECT_EQ(elements_of(loom::diff(x, 2)), (std::vector<int>{1, 1, -10}));
}

TEST(Diff, NumPyExampleRank2) {
    const tensor<int> x{{1, 3, 6, 10}, {0, 5, 6, 8}};
    // NumPy: np.diff(x) -> [[2, 3, 4], [5, 1, 2]]; np.diff(x, axis=0) -> [[-1, 2, 0, -2]]
    EXPECT_EQ(elements_of(loom::diff(x)), (std::vector<int>{2, 3, 4, 5, 1, 2}));
    EXPECT_EQ(elements_of(loom::diff(x, 1, 0)), (std::vector<int>{-1, 2, 0, -2}));
}

TEST(Diff, NumPyExampleUnsignedWrapsAround) {
    // NumPy: np.diff(np.array([1, 0], dtype=np.uint8)) -> [255]
    EXPECT_EQ(elements_of(loom::diff(tensor<std::uint8_t>{1, 0})), (std::vector<std::uint8_t>{255}));
}

TEST(Diff, BoolsGiveNotEqual) {
    // NumPy: np.diff([True, False, False]) -> [True, False]
    EXPECT_EQ(elements_of(loom::diff(tensor<bool>{true, false, false})), (std::vector<bool>{true, false}));
}

TEST(Diff, OfATransposedView) {
    // NumPy: np.diff(np.arange(6).reshape(2, 3).T, axis=0) -> [[1, 1], [1, 1]]
    EXPECT_EQ(elements_of(loom::diff(iota_tensor<int>({2, 3}).transpose(), 1, 0)), (std::vector<int>{1, 1, 1, 1}));
}

TEST(Diff, OrderPastTheSizeGivesEmpty) {
    // NumPy: np.diff([1, 2], n=5) -> []
    EXPECT_EQ(loom::diff(tensor<int>{1, 2}, 5).shape(), (shape_type{0}));
}

TEST(Diff, NegativeOrderAndRankZeroThrow) {
    // NumPy: ValueError: order must be non-negative but got -1; diff requires input that is at least one dimensional
    EXPECT_EQ(message_of([] { loom::diff(tensor<int>{1, 2}, -1); }), "diff: the order n is -1; it must be 0 or more");
    EXPECT_THROW(loom::diff(tensor<int>(shape_type{})), std::invalid_argument);
}

}  // namespace
