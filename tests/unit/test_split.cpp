// Splitting arrays (split.hpp): split, array_split, hsplit, vsplit, dsplit.
// Every part is a view of the array. Expected values are NumPy 1.24's
// (/usr/bin/python3): NumPy's documented examples first, then negative
// indices and axes, views and expressions, empty parts and every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

template <class Parts>
std::vector<std::vector<double>> values_of(const Parts& parts) {
    std::vector<std::vector<double>> values;
    for (const auto& part : parts) {
        const auto elements = elements_of(part);
        values.emplace_back(elements.begin(), elements.end());
    }
    return values;
}

using pieces = std::vector<std::vector<double>>;

// ---- NumPy's documented examples ----

TEST(Split, IntoEqualSections) {
    // NumPy: np.split(np.arange(9.0), 3) -> [0, 1, 2], [3, 4, 5], [6, 7, 8]
    const tensor<double> x = loom::arange(9.0);
    EXPECT_EQ(values_of(loom::split(x, 3)), (pieces{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}}));
}

TEST(Split, AtIndicesWithOneBeyondTheEnd) {
    // NumPy: np.split(np.arange(8.0), [3, 5, 6, 10]) -> [0, 1, 2], [3, 4], [5], [6, 7], []
    const tensor<double> x = loom::arange(8.0);
    EXPECT_EQ(values_of(loom::split(x, {3, 5, 6, 10})), (pieces{{0, 1, 2}, {3, 4}, {5}, {6, 7}, {}}));
}

TEST(ArraySplit, UnequalSectionsGiveTheFirstOnesMore) {
    // NumPy: np.array_split(np.arange(8.0), 3) -> [0, 1, 2], [3, 4, 5], [6, 7]
    EXPECT_EQ(values_of(loom::array_split(loom::arange(8.0), 3)), (pieces{{0, 1, 2}, {3, 4, 5}, {6, 7}}));
}

TEST(ArraySplit, NineIntoFour) {
    // NumPy: np.array_split(np.arange(9), 4) -> [0, 1, 2], [3, 4], [5, 6], [7, 8]
    EXPECT_EQ(values_of(loom::array_split(loom::arange(9), 4)), (pieces{{0, 1, 2}, {3, 4}, {5, 6}, {7, 8}}));
}

TEST(Hsplit, Rank2SplitsColumns) {
    // NumPy: x = np.arange(16.0).reshape(4, 4); np.hsplit(x, 2)
    //   -> [[0, 1], [4, 5], [8, 9], [12, 13]], [[2, 3], [6, 7], [10, 11], [14, 15]]
    const tensor<double> x = loom::arange(16.0).reshape({4, 4});
    const auto parts = loom::hsplit(x, 2);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0].shape(), (shape_type{4, 2}));
    EXPECT_EQ(values_of(parts), (pieces{{0, 1, 4, 5, 8, 9, 12, 13}, {2, 3, 6, 7, 10, 11, 14, 15}}));
}

TEST(Hsplit, Rank2AtIndices) {
    // NumPy: np.hsplit(x, np.array([3, 6])) -> [[0, 1, 2], ...], [[3], [7], [11], [15]], shape (4, 0)
    const tensor<double> x = loom::arange(16.0).reshape({4, 4});
    const auto parts = loom::hsplit(x, {3, 6});
    ASSERT_EQ(parts.size(), 3u);
    EXPECT_EQ(values_of(parts), (pieces{{0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14}, {3, 7, 11, 15}, {}}));
    EXPECT_EQ(parts[2].shape(), (shape_type{4, 0}));
}

TEST(Hsplit, Rank1SplitsAxis0) {
    // NumPy: np.hsplit(np.arange(6), 3) -> [0, 1], [2, 3], [4, 5]
    EXPECT_EQ(values_of(loom::hsplit(loom::arange(6), 3)), (pieces{{0, 1}, {2, 3}, {4, 5}}));
}

TEST(Vsplit, SplitsRows) {
    // NumPy: np.vsplit(x, 2) -> [[0, 1, 2, 3], [4, 5, 6, 7]], [[8, 9, 10, 11], [12, 13, 14, 15]]
    const tensor<double> x = loom::arange(16.0).reshape({4, 4});
    EXPECT_EQ(values_of(loom::vsplit(x, 2)), (pieces{{0, 1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}));
}

TEST(Vsplit, AtIndices) {
    // NumPy: np.vsplit(x, np.array([3, 6])) -> the first three rows, [[12, 13, 14, 15]], shape (0, 4)
    const tensor<double> x = loom::arange(16.0).reshape({4, 4});
    const auto parts = loom::vsplit(x, {3, 6});
    ASSERT_EQ(parts.size(), 3u);
    EXPECT_EQ(parts[1].shape(), (shape_type{1, 4}));
    EXPECT_EQ(parts[2].shape(), (shape_type{0, 4}));
}

TEST(Dsplit, SplitsAxis2) {
    // NumPy: np.dsplit(np.arange(8).reshape(2, 2, 2), 2) -> [[[0], [2]], [[4], [6]]], [[[1], [3]], [[5], [7]]]
    const auto parts = loom::dsplit(iota_tensor<int>({2, 2, 2}), 2);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0].shape(), (shape_type{2, 2, 1}));
    EXPECT_EQ(values_of(parts), (pieces{{0, 2, 4, 6}, {1, 3, 5, 7}}));
}

// ---- views, indices, axes ----

TEST(Split, PartsAreViewsOfTheArray) {
    tensor<int> x = iota_tensor<int>({6});
    const auto parts = loom::split(x, 2);
    static_assert(std::is_same_v<decltype(parts), const std::vector<tensor_view<int>>>);
    EXPECT_EQ(parts[1].data(), x.data() + 3);
    parts[1](0) = 30;
    EXPECT_EQ(x(3), 30);
}

TEST(Split, OfAConstTensorGivesConstViews) {
    const tensor<int> x = iota_tensor<int>({4});
    static_assert(std::is_same_v<decltype(loom::split(x, 2)), std::vector<tensor_view<const int>>>);
    EXPECT_EQ(loom::split(x, 2)[0].data(), x.data());
}

TEST(Split, OfAnExpressionOwnsItsValue) {
    const tensor<int> x = iota_tensor<int>({4});
    const auto parts = loom::split(x * 10, 2);
    EXPECT_EQ(values_of(parts), (pieces{{0, 10}, {20, 30}}));
}

TEST(Split, SingleIndexInBracesIsAnIndexNotASectionCount) {
    // NumPy: np.split(np.arange(9), [3]) -> [0, 1, 2], [3, ..., 8]
    const auto parts = loom::split(loom::arange(9), {3});
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[1].shape(), (shape_type{6}));
}

TEST(Split, NegativeAndDecreasingIndicesAreSlices) {
    // NumPy: np.split(np.arange(10), [-3, 2]) -> [0, ..., 6], [], [2, ..., 9]
    EXPECT_EQ(values_of(loom::split(loom::arange(10), {-3, 2})),
              (pieces{{0, 1, 2, 3, 4, 5, 6}, {}, {2, 3, 4, 5, 6, 7, 8, 9}}));
}

TEST(Split, TransposedViewAlongANegativeAxis) {
    const tensor<int> a = iota_tensor<int>({3, 4});
    // NumPy: np.split(a.T, 2, axis=-2) -> [[0, 4, 8], [1, 5, 9]], [[2, 6, 10], [3, 7, 11]]
    const auto parts = loom::split(a.transpose(), 2, -2);
    EXPECT_EQ(parts[0].shape(), (shape_type{2, 3}));
    EXPECT_EQ(values_of(parts), (pieces{{0, 4, 8, 1, 5, 9}, {2, 6, 10, 3, 7, 11}}));
    EXPECT_EQ(parts[1].data(), a.data() + 2);
}

TEST(ArraySplit, EmptyAxisGivesEmptyParts) {
    // NumPy: [p.shape for p in np.array_split(np.zeros((0, 3)), 2)] -> [(0, 3), (0, 3)]
    const auto parts = loom::array_split(tensor<float>({0, 3}), 2);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[1].shape(), (shape_type{0, 3}));
}

TEST(ArraySplit, MoreSectionsThanElements) {
    // NumPy: np.array_split(np.arange(2), 4) -> [0], [1], [], []
    EXPECT_EQ(values_of(loom::array_split(loom::arange(2), 4)), (pieces{{0}, {1}, {}, {}}));
}

// ---- errors ----

TEST(Split, UnequalDivisionThrows) {
    // NumPy: ValueError: array split does not result in an equal division
    const tensor<int> x = iota_tensor<int>({9});
    EXPECT_THROW(loom::split(x, 4), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::split(x, 4); }),
              "split: the 9 elements along axis 0 of shape [9] do not divide into 4 equal sections; use array_split "
              "for unequal ones, or give indices");
}

TEST(ArraySplit, SectionsMustBePositive) {
    // NumPy: ValueError: number sections must be larger than 0.
    const tensor<int> x = iota_tensor<int>({3});
    EXPECT_THROW(loom::array_split(x, 0), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::array_split(x, -1); }),
              "array_split: the number of sections is -1; it must be 1 or more");
    EXPECT_THROW(loom::split(x, 0), std::invalid_argument);  // NumPy: ZeroDivisionError
}

TEST(Split, AxisOutOfRangeThrows) {
    const tensor<int> x = iota_tensor<int>({4});
    EXPECT_THROW(loom::split(x, 2, 1), std::out_of_range);
    EXPECT_EQ(message_of([&] { loom::split(x, 2, -2); }),
              "split: axis -2 is out of range for shape [4]; use a value in [-1, 1)");
}

TEST(Split, RankZeroThrows) {
    // NumPy: IndexError: tuple index out of range
    EXPECT_THROW(loom::split(tensor<int>(shape_type{}), 1), std::out_of_range);
    EXPECT_THROW(loom::array_split(tensor<int>(shape_type{}), {1}), std::out_of_range);
}

TEST(Hsplit, RankZeroThrows) {
    // NumPy: ValueError: hsplit only works on arrays of 1 or more dimensions
    EXPECT_THROW(loom::hsplit(tensor<int>(shape_type{}), 1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::hsplit(tensor<int>(shape_type{}), 1); }),
              "hsplit needs an array of 1 or more dimensions, but the shape is []; use split with an axis");
}

TEST(Vsplit, Rank1Throws) {
    // NumPy: ValueError: vsplit only works on arrays of 2 or more dimensions
    EXPECT_THROW(loom::vsplit(loom::arange(4), 2), std::invalid_argument);
    EXPECT_THAT(message_of([] { loom::vsplit(loom::arange(4), 2); }),
                HasSubstr("vsplit needs an array of 2 or more dimensions, but the shape is [4]"));
}

TEST(Dsplit, Rank2Throws) {
    // NumPy: ValueError: dsplit only works on arrays of 3 or more dimensions
    EXPECT_THROW(loom::dsplit(tensor<int>({2, 2}), 2), std::invalid_argument);
}

}  // namespace
