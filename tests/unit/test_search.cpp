// Searching (search.hpp): searchsorted, nonzero, argwhere, flatnonzero,
// count_nonzero, isin; and interp (interp.hpp). Expected values are NumPy 1.24's (/usr/bin/python3):
// NumPy's documented examples first, then NaN, views, mixed types, empty and
// rank-0 arrays, and every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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

// ---- interp ----

using loom::testing::inf;

std::vector<double> interpolated(const std::vector<double>& x, const tensor<double>& xp, const tensor<double>& fp,
                                 const loom::interp_options& options = {}) {
    tensor<double> at(shape_type{static_cast<index_t>(x.size())});
    std::copy(x.begin(), x.end(), at.begin());
    return elements_of(loom::interp(at, xp, fp, options));
}

void expect_same_doubles(const std::vector<double>& got, const std::vector<double>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (std::isnan(want[i])) {
            EXPECT_TRUE(std::isnan(got[i])) << i;
        } else {
            EXPECT_EQ(got[i], want[i]) << i;
        }
    }
}

TEST(Interp, NumPyExamples) {
    // NumPy: xp = [1, 2, 3]; fp = [3, 2, 0]; np.interp([0, 1, 1.5, 2.72, 3.14], xp, fp), with left and right
    const tensor<double> xp{1, 2, 3};
    const tensor<double> fp{3, 2, 0};
    expect_same_doubles(interpolated({0, 1, 1.5, 2.72, 3.14}, xp, fp), {3, 3, 2.5, 0.5599999999999996, 0});
    expect_same_doubles(interpolated({-1, 0.5, 3.5, 9}, xp, fp, {.left = -10, .right = 10}), {-10, -10, 10, 10});
    EXPECT_EQ(loom::interp(2.5, xp, fp), 1.0);
    // The periodic example: x in degrees, period 360.
    expect_same_doubles(interpolated({-180, -170, -185, 185, -10, -5, 0, 365}, tensor<double>{190, -190, 350, -350},
                                     tensor<double>{5, 10, 3, 4}, {.period = 360}),
                        {7.5, 5, 8.75, 6.25, 3, 3.25, 3.5, 3.75});
}

TEST(Interp, NaNInfinitiesAndRepeatedPoints) {
    const tensor<double> xp{1, 2, 3};
    expect_same_doubles(interpolated({nan, 1.5, inf, -inf}, xp, tensor<double>{3, 2, 0}), {nan, 2.5, 0, 3});
    // An infinite value: the slope from the other end where one gives NaN.
    expect_same_doubles(interpolated({1.5, 2.5}, xp, tensor<double>{0, inf, 0}), {inf, inf});
    // A repeated point: the value at the last of the equal points, the step between them.
    expect_same_doubles(interpolated({1.5, 2, 2.5}, tensor<double>{1, 2, 2, 3}, tensor<double>{0, 1, 5, 6}), {0.5, 5, 5.5});
    expect_same_doubles(interpolated({1, 1.5}, tensor<double>{1, 1, 2}, tensor<double>{0, 10, 20}), {10, 15});
    // One point: left, its value, right; NaN gives its value, as NumPy's.
    expect_same_doubles(interpolated({0, 1, 2, nan}, tensor<double>{1}, tensor<double>{7}, {.left = -1, .right = 9}),
                        {-1, 7, 9, 7});
}

TEST(Interp, SearchesAsNumPyFromTheIntervalBefore) {
    // NumPy: xp = np.arange(20.); np.interp(x, xp, xp**2): the search starts from the last interval.
    const tensor<double> xp = loom::arange<double>(20);
    const tensor<double> fp = xp * xp;
    expect_same_doubles(interpolated({19, 0.5, 18.5, 7.25, 7.75, 3.1, 12.9, 12.9, 0, 19, 20}, xp, fp),
                        {361, 0.5, 342.5, 52.75, 60.25, 9.700000000000001, 166.5, 166.5, 0, 361, 361});
    // xp not increasing: meaningless, as NumPy says, but NumPy's values, which depend on that order.
    expect_same_doubles(interpolated({1.5, 4.5, 8, 2.5, 5.5, 0.5, 7}, tensor<double>{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5},
                                     loom::arange<double>(11)),
                        {0, 3.875, 10, 0, 10, 0, 10});
    // A search that starts from the key before's interval finds another interval than a bisection over
    // this xp: NumPy gives 0.5 for 4.5, a bisection 4.1666...
    expect_same_doubles(interpolated({8.5, 9.5, 0.5, 4.5}, tensor<double>{4, 5, 7, 0, 4, 7}, loom::arange<double>(6)),
                        {5, 5, 0, 0.5});
}

TEST(Interp, TakesAnyShapeAndTypeAndGivesFloat64) {
    const tensor<float> x{{0.5f, 1.5f}, {2.5f, 3.5f}};
    const tensor<double> y = loom::interp(x, tensor<int>{0, 1, 2, 3}, tensor<int>{0, 10, 20, 30});
    EXPECT_EQ(y.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(y), (std::vector<double>{5, 15, 25, 30}));
    EXPECT_EQ(loom::interp(tensor<double>(shape_type{0}), tensor<double>{1}, tensor<double>{2}).shape(), (shape_type{0}));
}

TEST(Interp, RefusesWhatNumPyRefuses) {
    EXPECT_EQ(message_of([] { loom::interp(1.0, tensor<double>{1, 2}, tensor<double>{1, 2, 3}); }),
              "interp: xp of shape [2] and fp of shape [3] differ in length; give one value per sample point");
    EXPECT_EQ(message_of([] { loom::interp(1.0, tensor<double>(shape_type{0}), tensor<double>(shape_type{0})); }),
              "interp: xp and fp are empty; give at least one sample point");
    EXPECT_THROW(loom::interp(1.0, tensor<double>{{1, 2}}, tensor<double>{1, 2}), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::interp(1.0, tensor<double>{1, 2}, tensor<double>{1, 2}, {.period = 0}); }),
              "interp: period is 0; give a period other than 0, or none");
}

}  // namespace
