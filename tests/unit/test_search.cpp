// Searching (search.hpp): searchsorted, nonzero, argwhere, flatnonzero,
// count_nonzero, isin. Expected values are NumPy 1.24's (/usr/bin/python3):
// NumPy's documented examples first, then NaN, views, mixed types, empty and
// rank-0 arrays, and every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::index_t;
using loom::shape_type;
using loom::side;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

using loom::testing::nan;

// ---- searchsorted ----

TEST(Searchsorted, NumPyExampleLeft) {
    // NumPy: np.searchsorted([1, 2, 3, 4, 5], 3) -> 2
    const index_t i = loom::searchsorted(tensor<int>{1, 2, 3, 4, 5}, 3);
    EXPECT_EQ(i, 2);
}

TEST(Searchsorted, NumPyExampleRight) {
    // NumPy: np.searchsorted([1, 2, 3, 4, 5], 3, side='right') -> 3
    EXPECT_EQ(loom::searchsorted(tensor<int>{1, 2, 3, 4, 5}, 3, side::right), 3);
}

TEST(Searchsorted, NumPyExampleArrayOfValues) {
    // NumPy: np.searchsorted([1, 2, 3, 4, 5], [-10, 10, 2, 3]) -> [0, 5, 1, 2]
    const tensor<index_t> r = loom::searchsorted(tensor<int>{1, 2, 3, 4, 5}, tensor<int>{-10, 10, 2, 3});
    EXPECT_EQ(elements_of(r), (std::vector<index_t>{0, 5, 1, 2}));
}

TEST(Searchsorted, ResultHasTheValuesShape) {
    // NumPy: np.searchsorted([0.5, 1.5, 2.5], [[1, 2], [3, 0]]) -> [[1, 2], [3, 0]]
    const tensor<index_t> r = loom::searchsorted(tensor<double>{0.5, 1.5, 2.5}, tensor<int>{{1, 2}, {3, 0}});
    EXPECT_EQ(r.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<index_t>{1, 2, 3, 0}));
}

TEST(Searchsorted, NaNSortsLast) {
    // NumPy: np.searchsorted([1., 2., nan], [nan, 3, 2], side='right') -> [3, 2, 2]; side='left' of nan -> 2
    const tensor<double> a{1, 2, nan};
    EXPECT_EQ(elements_of(loom::searchsorted(a, tensor<double>{nan, 3, 2}, side::right)),
              (std::vector<index_t>{3, 2, 2}));
    EXPECT_EQ(loom::searchsorted(a, nan), 2);
}

TEST(Searchsorted, ComparesInThePromotedType) {
    // NumPy: np.searchsorted(np.array([1, 2, 3], dtype=np.int8), 1000) -> 3
    EXPECT_EQ(loom::searchsorted(tensor<std::int8_t>{1, 2, 3}, 1000), 3);
    EXPECT_EQ(loom::searchsorted(tensor<int>{1, 2, 3}, 1.5), 1);
}

TEST(Searchsorted, OfAReversedView) {
    const tensor<int> descending{5, 3, 1};
    EXPECT_EQ(loom::searchsorted(descending.flip(0), 4), 2);
}

TEST(Searchsorted, SortedArrayMustHaveRank1) {
    // NumPy: ValueError: object too deep for desired array
    EXPECT_THROW(loom::searchsorted(tensor<int>({2, 2}), 1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::searchsorted(tensor<int>({2, 2}), 1); }),
              "searchsorted: the sorted array must have rank 1, but its shape is [2, 2]; search a rank-1 view of it "
              "(ravel, or an index)");
    EXPECT_THROW(loom::searchsorted(tensor<int>(shape_type{}), tensor<int>{1}), std::invalid_argument);
}

// ---- nonzero, argwhere, flatnonzero ----

TEST(Nonzero, NumPyExampleOneTensorPerDimension) {
    const tensor<int> x{{3, 0, 0}, {0, 4, 0}, {5, 6, 0}};
    // NumPy: np.nonzero(x) -> ([0, 1, 2, 2], [0, 1, 0, 1])
    const std::vector<tensor<index_t>> r = loom::nonzero(x);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(elements_of(r[0]), (std::vector<index_t>{0, 1, 2, 2}));
    EXPECT_EQ(elements_of(r[1]), (std::vector<index_t>{0, 1, 0, 1}));
}

TEST(Nonzero, NumPyExampleOfACondition) {
    const tensor<int> a = iota_tensor<int>({3, 3});
    // NumPy: np.nonzero(a > 3) -> ([1, 1, 2, 2, 2], [1, 2, 0, 1, 2])
    const auto r = loom::nonzero(a > 3);
    EXPECT_EQ(elements_of(r[0]), (std::vector<index_t>{1, 1, 2, 2, 2}));
    EXPECT_EQ(elements_of(r[1]), (std::vector<index_t>{1, 2, 0, 1, 2}));
}

TEST(Nonzero, NaNIsNonzeroAndNegativeZeroIsZero) {
    // NumPy: np.nonzero([nan, 0.0, -0.0, 2]) -> ([0, 3],)
    EXPECT_EQ(elements_of(loom::nonzero(tensor<double>{nan, 0.0, -0.0, 2})[0]), (std::vector<index_t>{0, 3}));
}

TEST(Nonzero, OfATransposedView) {
    const tensor<bool> m{{true, false}, {true, false}};
    // NumPy: np.nonzero(m.T) -> ([0, 0], [0, 1])
    const auto r = loom::nonzero(m.transpose());
    EXPECT_EQ(elements_of(r[0]), (std::vector<index_t>{0, 0}));
    EXPECT_EQ(elements_of(r[1]), (std::vector<index_t>{0, 1}));
}

TEST(Nonzero, RankZeroThrows) {
    // NumPy 1.24: DeprecationWarning; NumPy 2: ValueError
    EXPECT_THROW(loom::nonzero(tensor<int>(shape_type{}, 1)), std::invalid_argument);
    EXPECT_THAT(message_of([] { loom::nonzero(tensor<int>(shape_type{}, 1)); }),
                HasSubstr("nonzero of a rank-0 array (shape []) is not allowed"));
}

TEST(Argwhere, NumPyExampleRowsOfIndices) {
    // NumPy: np.argwhere(np.arange(6).reshape(2, 3) > 1) -> [[0, 2], [1, 0], [1, 1], [1, 2]]
    const tensor<index_t> r = loom::argwhere(iota_tensor<int>({2, 3}) > 1);
    EXPECT_EQ(r.shape(), (shape_type{4, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<index_t>{0, 2, 1, 0, 1, 1, 1, 2}));
}

TEST(Argwhere, RankZeroGivesNoColumns) {
    // NumPy: np.argwhere(np.array(3)).shape -> (1, 0); np.argwhere(np.array(0)).shape -> (0, 0)
    EXPECT_EQ(loom::argwhere(tensor<int>(shape_type{}, 3)).shape(), (shape_type{1, 0}));
    EXPECT_EQ(loom::argwhere(tensor<int>(shape_type{}, 0)).shape(), (shape_type{0, 0}));
}

TEST(Flatnonzero, NumPyExample) {
    // NumPy: np.flatnonzero(np.arange(-2, 3)) -> [0, 1, 3, 4]
    EXPECT_EQ(elements_of(loom::flatnonzero(loom::arange(-2, 3))), (std::vector<index_t>{0, 1, 3, 4}));
}

TEST(Flatnonzero, RankZero) {
    // NumPy: np.flatnonzero(np.array(3)) -> [0]
    EXPECT_EQ(elements_of(loom::flatnonzero(tensor<int>(shape_type{}, 3))), (std::vector<index_t>{0}));
}

// ---- count_nonzero (a reduction: reduce/reductions.hpp) ----

TEST(CountNonzero, NumPyExampleAll) {
    // NumPy: np.count_nonzero(np.eye(4)) -> 4
    const index_t n = loom::count_nonzero(loom::eye(4));
    EXPECT_EQ(n, 4);
}

TEST(CountNonzero, NumPyExampleAlongEachAxis) {
    const tensor<int> a{{0, 1, 7, 0}, {3, 0, 2, 19}};
    // NumPy: axis=0 -> [1, 1, 2, 1]; axis=1 -> [2, 3]; axis=-1 -> [2, 3]
    EXPECT_EQ(elements_of(loom::count_nonzero(a, 0)), (std::vector<index_t>{1, 1, 2, 1}));
    EXPECT_EQ(elements_of(loom::count_nonzero(a, 1)), (std::vector<index_t>{2, 3}));
    EXPECT_EQ(elements_of(loom::count_nonzero(a, -1)), (std::vector<index_t>{2, 3}));
}

TEST(CountNonzero, AlongAnEmptyAxisGivesZeros) {
    // NumPy: np.count_nonzero(np.zeros((3, 0)), axis=1) -> [0, 0, 0]; axis=0 -> []
    EXPECT_EQ(elements_of(loom::count_nonzero(tensor<float>({3, 0}), 1)), (std::vector<index_t>{0, 0, 0}));
    EXPECT_EQ(loom::count_nonzero(tensor<float>({3, 0}), 0).shape(), (shape_type{0}));
}

TEST(CountNonzero, RankZeroAlongAnAxisThrows) {
    // NumPy 1.24 counts a 0-d array along axis 0, an old exception of its reductions for one
    // integer axis; loom refuses it as every reduction does (docs/reductions.md).
    EXPECT_THROW(loom::count_nonzero(tensor<int>(shape_type{}), 0), std::out_of_range);
    EXPECT_EQ(loom::count_nonzero(tensor<int>(shape_type{}, 2)), 1);
}

// ---- isin ----

TEST(Isin, NumPyExample) {
    const tensor<int> element = iota_tensor<int>({2, 2}, 0, 2);
    const tensor<int> test{1, 2, 4, 8};
    // NumPy: np.isin(2 * np.arange(4).reshape((2, 2)), [1, 2, 4, 8]) -> [[False, True], [True, False]]
    const tensor<bool> r = loom::isin(element, test);
    EXPECT_EQ(r.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<bool>{false, true, true, false}));
}

TEST(Isin, NumPyExampleInverted) {
    const tensor<int> element = iota_tensor<int>({2, 2}, 0, 2);
    // NumPy: np.isin(element, [1, 2, 4, 8], invert=True) -> [[True, False], [False, True]]
    EXPECT_EQ(elements_of(loom::isin(element, tensor<int>{1, 2, 4, 8}, true)),
              (std::vector<bool>{true, false, false, true}));
}

TEST(Isin, NaNIsInNothingAndZerosAreEqual) {
    // NumPy: np.isin([nan, 1.0, -0.0], [nan, 1, 0]) -> [False, True, True]
    EXPECT_EQ(elements_of(loom::isin(tensor<double>{nan, 1, -0.0}, tensor<double>{nan, 1, 0})),
              (std::vector<bool>{false, true, true}));
}

}  // namespace
