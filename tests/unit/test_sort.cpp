// Sorting (sort.hpp): sort, argsort, partition, argpartition, unique.
// Expected values are NumPy 1.24's (/usr/bin/python3), argsort's with
// kind='stable' (loom's argsort is always stable): NumPy's documented
// examples first, then NaN, views, axes, empty and rank-0 arrays, and every
// error. Partitions are checked by their property (NumPy leaves the order
// within each side unspecified).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::flat;
using loom::index_t;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsNan;
using ::testing::UnorderedElementsAre;

using loom::testing::nan;

// ---- sort: NumPy's documented examples, a = np.array([[1, 4], [3, 1]]) ----

TEST(Sort, AlongTheLastAxisByDefault) {
    const tensor<int> a{{1, 4}, {3, 1}};
    // NumPy: np.sort(a) -> [[1, 4], [1, 3]]
    EXPECT_EQ(elements_of(loom::sort(a)), (std::vector<int>{1, 4, 1, 3}));
}

TEST(Sort, FlatSortsTheFlattenedArray) {
    const tensor<int> a{{1, 4}, {3, 1}};
    // NumPy: np.sort(a, axis=None) -> [1, 1, 3, 4]
    const tensor<int> r = loom::sort(a, flat);
    EXPECT_EQ(r.shape(), (shape_type{4}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{1, 1, 3, 4}));
}

TEST(Sort, AlongAxis0) {
    const tensor<int> a{{1, 4}, {3, 1}};
    // NumPy: np.sort(a, axis=0) -> [[1, 1], [3, 4]]
    EXPECT_EQ(elements_of(loom::sort(a, 0)), (std::vector<int>{1, 1, 3, 4}));
}

TEST(Sort, NaNSortsLast) {
    const tensor<double> d{3, nan, 1, -0.0, 0.0, nan, 2};
    // NumPy: np.sort(d) -> [-0., 0., 1., 2., 3., nan, nan]
    EXPECT_THAT(elements_of(loom::sort(d)), ElementsAre(-0.0, 0.0, 1, 2, 3, IsNan(), IsNan()));
}

TEST(Sort, StridedReversedViewAlongTheMiddleAxis) {
    const tensor<int> a = iota_tensor<int>({2, 3, 4});
    // NumPy: np.sort(a[:, ::-1, ::2], axis=1).ravel() -> [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]
    const tensor<int> r = loom::sort(a(all, range(none, none, -1), range(none, none, 2)), 1);
    EXPECT_EQ(r.shape(), (shape_type{2, 3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}));
}

TEST(Sort, OfAnExpression) {
    const tensor<int> a{3, 1, 2};
    EXPECT_EQ(elements_of(loom::sort(-a)), (std::vector<int>{-3, -2, -1}));
}

TEST(Sort, EmptyArrayKeepsItsShape) {
    // NumPy: np.sort(np.zeros((0, 3)), axis=0).shape -> (0, 3)
    EXPECT_EQ(loom::sort(tensor<float>({0, 3}), 0).shape(), (shape_type{0, 3}));
}

TEST(Sort, RankZeroFlatGivesOneElement) {
    // NumPy: np.sort(np.array(5), axis=None) -> [5]
    EXPECT_EQ(elements_of(loom::sort(tensor<int>(shape_type{}, 5), flat)), (std::vector<int>{5}));
}

TEST(Sort, RankZeroAlongAnAxisThrows) {
    // NumPy: AxisError: axis -1 is out of bounds for array of dimension 0
    EXPECT_THROW(loom::sort(tensor<int>(shape_type{})), std::out_of_range);
    EXPECT_EQ(message_of([] { loom::sort(tensor<int>(shape_type{})); }),
              "sort: axis -1 is out of range for shape [], which has no axes; give an array of rank 1 or more");
}

TEST(Sort, AxisOutOfRangeThrows) {
    EXPECT_EQ(message_of([] { loom::sort(tensor<int>({2, 3}), 2); }),
              "sort: axis 2 is out of range for shape [2, 3]; use a value in [-2, 2)");
}

// ---- argsort ----

TEST(Argsort, NumPyExampleRank1) {
    // NumPy: np.argsort([3, 1, 2]) -> [1, 2, 0]
    const tensor<index_t> r = loom::argsort(tensor<int>{3, 1, 2});
    EXPECT_EQ(elements_of(r), (std::vector<index_t>{1, 2, 0}));
}

TEST(Argsort, NumPyExampleAlongEachAxis) {
    const tensor<int> x{{0, 3}, {2, 2}};
    // NumPy: np.argsort(x, axis=0) -> [[0, 1], [1, 0]]; np.argsort(x, axis=1) -> [[0, 1], [0, 1]]
    EXPECT_EQ(elements_of(loom::argsort(x, 0)), (std::vector<index_t>{0, 1, 1, 0}));
    EXPECT_EQ(elements_of(loom::argsort(x, 1)), (std::vector<index_t>{0, 1, 0, 1}));
}

TEST(Argsort, IsStable) {
    // NumPy: np.argsort([2, 1, 2, 1, 2], kind='stable') -> [1, 3, 0, 2, 4]
    EXPECT_EQ(elements_of(loom::argsort(tensor<int>{2, 1, 2, 1, 2})), (std::vector<index_t>{1, 3, 0, 2, 4}));
}

TEST(Argsort, NaNLastAndEqualZerosInOrder) {
    const tensor<double> d{3, nan, 1, -0.0, 0.0, nan, 2};
    // NumPy: np.argsort(d, kind='stable') -> [3, 4, 2, 6, 0, 1, 5]
    EXPECT_EQ(elements_of(loom::argsort(d)), (std::vector<index_t>{3, 4, 2, 6, 0, 1, 5}));
}

TEST(Argsort, OfAStridedViewAlongAxis1) {
    const tensor<int> a = iota_tensor<int>({2, 3, 4});
    // NumPy: np.argsort(a[:, ::-1, ::2], axis=1, kind='stable').ravel() -> [2, 2, 1, 1, 0, 0, 2, 2, 1, 1, 0, 0]
    EXPECT_EQ(elements_of(loom::argsort(a(all, range(none, none, -1), range(none, none, 2)), 1)),
              (std::vector<index_t>{2, 2, 1, 1, 0, 0, 2, 2, 1, 1, 0, 0}));
}

TEST(Argsort, FlatGivesFlatIndices) {
    const tensor<int> a{{1, 4}, {3, 0}};
    // NumPy: np.argsort(a, axis=None, kind='stable') -> [3, 0, 2, 1]
    EXPECT_EQ(elements_of(loom::argsort(a, flat)), (std::vector<index_t>{3, 0, 2, 1}));
}

TEST(Argsort, RankZeroFlat) {
    // NumPy: np.argsort(np.array(5), axis=None) -> [0]
    EXPECT_EQ(elements_of(loom::argsort(tensor<float>(shape_type{}), flat)), (std::vector<index_t>{0}));
}

// ---- partition and argpartition ----

// True when lane `values` is partitioned at position k: values[k] is the
// element sorting puts there, nothing before it is greater, nothing after it less.
template <class T>
::testing::AssertionResult partitioned_at(const std::vector<T>& values, std::size_t k) {
    std::vector<T> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    if (values[k] != sorted[k]) return ::testing::AssertionFailure() << "element " << k << " is " << values[k];
    for (std::size_t i = 0; i < values.size(); ++i) {
        if ((i < k && values[i] > values[k]) || (i > k && values[i] < values[k])) {
            return ::testing::AssertionFailure() << "element " << i << " is on the wrong side of " << k;
        }
    }
    return ::testing::AssertionSuccess();
}

TEST(Partition, NumPyExampleKth3) {
    // NumPy: np.partition(np.array([3, 4, 2, 1]), 3) -> [2, 1, 3, 4] (the order before kth unspecified)
    const std::vector<int> r = elements_of(loom::partition(tensor<int>{3, 4, 2, 1}, 3));
    EXPECT_TRUE(partitioned_at(r, 3));
    EXPECT_EQ(r[3], 4);
}

TEST(Partition, NumPyExampleSeveralKth) {
    // NumPy: np.partition(np.array([3, 4, 2, 1]), (1, 3)) -> [1, 2, 3, 4]
    EXPECT_EQ(elements_of(loom::partition(tensor<int>{3, 4, 2, 1}, {1, 3})), (std::vector<int>{1, 2, 3, 4}));
}

TEST(Partition, NumPyExampleLongerArray) {
    // NumPy: a = np.array([7, 1, 7, 7, 1, 5, 7, 2, 3, 2, 6, 2, 3, 0]); np.partition(a, 4)[4] -> 2
    const tensor<int> a{7, 1, 7, 7, 1, 5, 7, 2, 3, 2, 6, 2, 3, 0};
    const std::vector<int> r = elements_of(loom::partition(a, 4));
    EXPECT_TRUE(partitioned_at(r, 4));
    EXPECT_EQ(r[4], 2);
    EXPECT_THAT(std::vector<int>(r.begin(), r.begin() + 4), UnorderedElementsAre(0, 1, 1, 2));
}

TEST(Partition, NegativeKthCountsFromTheEnd) {
    const std::vector<int> r = elements_of(loom::partition(tensor<int>{5, 2, 9, 1, 7}, -2));
    EXPECT_TRUE(partitioned_at(r, 3));
    EXPECT_EQ(r[3], 7);
}

TEST(Partition, NaNGoesLast) {
    const std::vector<double> r = elements_of(loom::partition(tensor<double>{nan, 2, 1}, 1));
    EXPECT_EQ(r[1], 2);
    EXPECT_TRUE(std::isnan(r[2]));
}

TEST(Partition, EachLaneOfATransposedView) {
    const tensor<int> a{{9, 1, 5}, {3, 8, 2}, {4, 7, 6}};
    const tensor<int> r = loom::partition(a.transpose(), 1, 0);  // lanes are the columns of a.T: a's rows
    for (index_t column = 0; column < 3; ++column) {
        EXPECT_TRUE(partitioned_at(elements_of(r(all, column)), 1)) << "column " << column;
    }
    // NumPy: np.partition(a.T, 1, axis=0)[1] -> [5, 3, 6]
    EXPECT_EQ(elements_of(r(1, all)), (std::vector<int>{5, 3, 6}));
}

TEST(Partition, KthOutOfRangeThrows) {
    // NumPy: ValueError: kth(=4) out of bounds (4)
    const tensor<int> a{1, 2, 3, 4};
    EXPECT_THROW(loom::partition(a, 4), std::out_of_range);
    EXPECT_EQ(message_of([&] { loom::partition(a, -5); }),
              "partition: kth -5 is out of range for axis 0 of shape [4], of size 4; use a value in [-4, 4)");
}

TEST(Argpartition, IndicesPartitionTheArray) {
    // NumPy: x = np.array([3, 4, 2, 1]); x[np.argpartition(x, 3)] -> [2, 1, 3, 4]
    const tensor<int> x{3, 4, 2, 1};
    const tensor<index_t> i = loom::argpartition(x, 3);
    EXPECT_EQ(i(3), 1);
    EXPECT_TRUE(partitioned_at(elements_of(loom::take(x, i)), 3));
}

TEST(Argpartition, SeveralKthGiveSortedPositions) {
    // NumPy: np.argpartition(np.array([3, 4, 2, 1]), (1, 3)) -> [3, 2, 0, 1]
    EXPECT_EQ(elements_of(loom::argpartition(tensor<int>{3, 4, 2, 1}, {1, 3})), (std::vector<index_t>{3, 2, 0, 1}));
}

TEST(Argpartition, AlongAxis0) {
    const tensor<int> a{{9, 1}, {3, 8}, {4, 7}};
    const tensor<index_t> i = loom::argpartition(a, 0, 0);
    // NumPy: np.argpartition(a, 0, axis=0)[0] -> [1, 0]
    EXPECT_EQ(elements_of(i(0, all)), (std::vector<index_t>{1, 0}));
}

// ---- unique ----

TEST(Unique, NumPyExampleSortedDistinct) {
    // NumPy: np.unique([1, 1, 2, 2, 3, 3]) -> [1, 2, 3]
    EXPECT_EQ(elements_of(loom::unique(tensor<int>{1, 1, 2, 2, 3, 3})), (std::vector<int>{1, 2, 3}));
}

TEST(Unique, NumPyExampleFlattens) {
    // NumPy: np.unique(np.array([[1, 1], [2, 3]])) -> [1, 2, 3]
    EXPECT_EQ(elements_of(loom::unique(tensor<int>{{1, 1}, {2, 3}})), (std::vector<int>{1, 2, 3}));
}

TEST(Unique, NumPyExampleIndexInverseCounts) {
    const tensor<int> a{1, 2, 6, 4, 2, 3, 2};
    // NumPy: np.unique(a, return_index=True, return_inverse=True, return_counts=True)
    //   -> [1, 2, 3, 4, 6], [0, 1, 5, 3, 2], [0, 1, 4, 3, 1, 2, 1], [1, 3, 1, 1, 1]
    const auto r = loom::unique(a, {.return_index = true, .return_inverse = true, .return_counts = true});
    EXPECT_EQ(elements_of(r.values), (std::vector<int>{1, 2, 3, 4, 6}));
    ASSERT_TRUE(r.index && r.inverse && r.counts);
    EXPECT_EQ(elements_of(*r.index), (std::vector<index_t>{0, 1, 5, 3, 2}));
    EXPECT_EQ(elements_of(*r.inverse), (std::vector<index_t>{0, 1, 4, 3, 1, 2, 1}));
    EXPECT_EQ(elements_of(*r.counts), (std::vector<index_t>{1, 3, 1, 1, 1}));
}

TEST(Unique, OnlyWhatIsAskedFor) {
    const auto r = loom::unique(tensor<int>{2, 1}, {.return_counts = true});
    EXPECT_FALSE(r.index);
    EXPECT_FALSE(r.inverse);
    EXPECT_TRUE(r.counts);
}

TEST(Unique, InverseOfRank2IsFlat) {
    // NumPy: np.unique([[1, 1], [2, 3]], return_inverse=True)[1] -> [0, 0, 1, 2]
    const auto r = loom::unique(tensor<int>{{1, 1}, {2, 3}}, {.return_inverse = true});
    EXPECT_EQ(r.inverse->shape(), (shape_type{4}));
    EXPECT_EQ(elements_of(*r.inverse), (std::vector<index_t>{0, 0, 1, 2}));
}

TEST(Unique, NaNsCountAsOneValue) {
    const tensor<double> d{3, nan, 1, -0.0, 0.0, nan, 2};
    // NumPy: np.unique(d, return_counts=True) -> [-0., 1., 2., 3., nan], [2, 1, 1, 1, 2]
    const auto r = loom::unique(d, {.return_counts = true});
    EXPECT_THAT(elements_of(r.values), ElementsAre(0.0, 1, 2, 3, IsNan()));
    EXPECT_EQ(elements_of(*r.counts), (std::vector<index_t>{2, 1, 1, 1, 2}));
}

TEST(Unique, OfATransposedViewFollowsItsOrder) {
    const tensor<int> a{{5, 1}, {1, 7}};
    const auto r = loom::unique(a.transpose(), {.return_index = true});
    // NumPy: np.unique(a.T, return_index=True) -> [1, 5, 7], [1, 0, 3]
    EXPECT_EQ(elements_of(r.values), (std::vector<int>{1, 5, 7}));
    EXPECT_EQ(elements_of(*r.index), (std::vector<index_t>{1, 0, 3}));
}

TEST(Unique, EmptyAndRankZero) {
    // NumPy: np.unique(np.zeros((2, 0))).shape -> (0,); np.unique(np.array(4)) -> [4]
    EXPECT_EQ(loom::unique(tensor<float>({2, 0})).shape(), (shape_type{0}));
    EXPECT_EQ(elements_of(loom::unique(tensor<int>(shape_type{}, 4))), (std::vector<int>{4}));
}

TEST(UniqueAlongAnAxis, NumPyExampleOfRows) {
    // NumPy: a = np.array([[1, 0, 0], [1, 0, 0], [2, 3, 4]]); np.unique(a, axis=0, return_index=True,
    // return_inverse=True, return_counts=True)
    const tensor<int> a{{1, 0, 0}, {1, 0, 0}, {2, 3, 4}};
    const auto r = loom::unique(a, 0, {.return_index = true, .return_inverse = true, .return_counts = true});
    EXPECT_EQ(r.values.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r.values), (std::vector<int>{1, 0, 0, 2, 3, 4}));
    EXPECT_EQ(elements_of(*r.index), (std::vector<index_t>{0, 2}));
    EXPECT_EQ(elements_of(*r.inverse), (std::vector<index_t>{0, 0, 1}));
    EXPECT_EQ(elements_of(*r.counts), (std::vector<index_t>{2, 1}));
    // NumPy: np.unique(a, axis=1) -> [[0, 0, 1], [0, 0, 1], [3, 4, 2]]: the columns in order, all distinct
    EXPECT_EQ(elements_of(loom::unique(a, 1).values), (std::vector<int>{0, 0, 1, 0, 0, 1, 3, 4, 2}));
}

TEST(UniqueAlongAnAxis, OtherAxesOfAThreeDimensionalArray) {
    // NumPy: x = np.array([[[3, 1], [3, 1]], [[0, 2], [3, 1]]]); np.unique(x, axis=-1, return_inverse=True)
    const tensor<int> x{{{3, 1}, {3, 1}}, {{0, 2}, {3, 1}}};
    const auto last = loom::unique(x, -1, {.return_inverse = true});
    EXPECT_EQ(last.values.shape(), (shape_type{2, 2, 2}));
    EXPECT_EQ(elements_of(last.values), (std::vector<int>{1, 3, 1, 3, 2, 0, 1, 3}));
    EXPECT_EQ(elements_of(*last.inverse), (std::vector<index_t>{1, 0}));
    // NumPy: np.unique(x, axis=1) keeps both sub-arrays, [[3, 1], [0, 2]] and [[3, 1], [3, 1]] differing
    EXPECT_EQ(elements_of(loom::unique(x, 1).values), (std::vector<int>{3, 1, 3, 1, 0, 2, 3, 1}));
}

TEST(UniqueAlongAnAxis, NaNRowsStayAndSignedZerosAreOne) {
    // NumPy: np.unique(np.array([[1, nan], [1, nan], [0, -0.0], [0, 0.0], [1, 2]]), axis=0, ...) gives the
    // values [[0, -0], [1, 2], [1, nan], [1, nan]], index [2, 4, 0, 1], inverse [2, 3, 0, 0, 1], counts [2, 1, 1, 1]
    const double nan = loom::testing::nan;
    const tensor<double> a{{1, nan}, {1, nan}, {0, -0.0}, {0, 0.0}, {1, 2}};
    const auto r = loom::unique(a, 0, {.return_index = true, .return_inverse = true, .return_counts = true});
    EXPECT_EQ(r.values.shape(), (shape_type{4, 2}));
    const std::vector<double> v = elements_of(r.values);
    EXPECT_TRUE(v[0] == 0 && v[1] == 0 && std::signbit(v[1]) && v[2] == 1 && v[3] == 2 && std::isnan(v[5]) &&
                std::isnan(v[7]));
    EXPECT_EQ(elements_of(*r.index), (std::vector<index_t>{2, 4, 0, 1}));
    EXPECT_EQ(elements_of(*r.inverse), (std::vector<index_t>{2, 3, 0, 0, 1}));
    EXPECT_EQ(elements_of(*r.counts), (std::vector<index_t>{2, 1, 1, 1}));
}

TEST(UniqueAlongAnAxis, EmptySubArraysAndAxisOutOfRange) {
    // NumPy: np.unique(np.empty((3, 0)), axis=0).shape -> (1, 0); of np.empty((0, 2)) -> (0, 2)
    EXPECT_EQ(loom::unique(tensor<double>(shape_type{3, 0}), 0).values.shape(), (shape_type{1, 0}));
    EXPECT_EQ(loom::unique(tensor<double>(shape_type{0, 2}), 0, {.return_counts = true}).counts->shape(),
              (shape_type{0}));
    EXPECT_THROW(loom::unique(tensor<int>{1, 2}, 1), std::out_of_range);
}

}  // namespace
