// Integer-array indexing of leading axes (manipulate/advanced_indexing.hpp):
// take_at reads NumPy's `x[rows, cols]`, put_at writes `x[rows, cols] = v`.
// Expected values come from NumPy 1.24 (/usr/bin/python3); the first tests
// are the examples of NumPy's indexing guide, with `y = np.arange(35).reshape(5, 7)`.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::index_array;
using loom::none;
using loom::put_at;
using loom::range;
using loom::shape_type;
using loom::take_at;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::message_of;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// 0, 1, ..., n - 1 in `shape` (NumPy: np.arange(n).reshape(shape)).
template <class T>
tensor<T> fancy_arange(const shape_type& shape) {
    tensor<T> t(shape);
    T next = 0;
    for (T& v : t) v = next++;
    return t;
}

template <class D, class V>
concept fancy_put_compiles = requires(D& d, const V& v) { put_at(d, {{0}}, v); };
template <class X>
concept fancy_subscript_assigns = requires(const X& x) { x[{{0}}] = 1; };

static_assert(!fancy_put_compiles<const tensor<float>, tensor<float>>, "a const tensor is not written");
static_assert(!fancy_put_compiles<tensor<int>, tensor<double>>, "double into int needs astype");
static_assert(fancy_put_compiles<tensor<double>, tensor<int>>);
static_assert(!fancy_subscript_assigns<tensor<int>>, "x[{rows}] is a copy: write with put_at");

// ---- NumPy's examples ----

TEST(AdvancedIndexing, OneIndexArray) {
    // NumPy: x = np.arange(10, 1, -1); x[np.array([3, 3, 1, 8])] -> [7, 7, 9, 2];
    // x[np.array([3, 3, -3, 8])] -> [7, 7, 4, 2]
    tensor<int> x({9});
    for (int i = 0; i < 9; ++i) x(i) = 10 - i;
    EXPECT_THAT(elements_of(take_at(x, {tensor<std::int64_t>{3, 3, 1, 8}})), ElementsAre(7, 7, 9, 2));
    EXPECT_THAT(elements_of(take_at(x, {{3, 3, -3, 8}})), ElementsAre(7, 7, 4, 2));
    // NumPy: x[np.array([[1, 1], [2, 3]])] -> [[9, 9], [8, 7]]
    const tensor<int> picks{{1, 1}, {2, 3}};
    const tensor<int> grid = take_at(x, {picks});
    EXPECT_EQ(grid.shape(), (shape_type{2, 2}));
    EXPECT_THAT(elements_of(grid), ElementsAre(9, 9, 8, 7));
}

TEST(AdvancedIndexing, TwoIndexArraysAndAnInteger) {
    const tensor<int> y = fancy_arange<int>({5, 7});
    // NumPy: y[np.array([0, 2, 4]), np.array([0, 1, 2])] -> [0, 15, 30]
    EXPECT_THAT(elements_of(take_at(y, {{0, 2, 4}, {0, 1, 2}})), ElementsAre(0, 15, 30));
    // NumPy: y[np.array([0, 2, 4]), 1] -> [1, 15, 29]
    EXPECT_THAT(elements_of(take_at(y, {{0, 2, 4}, 1})), ElementsAre(1, 15, 29));
    // NumPy: y[np.array([0, 2, 4])] -> rows 0, 2 and 4, shape (3, 7)
    const tensor<int> rows = take_at(y, {{0, 2, 4}});
    EXPECT_EQ(rows.shape(), (shape_type{3, 7}));
    EXPECT_EQ(rows(1, 0), 14);
    EXPECT_EQ(rows(2, 6), 34);
    // NumPy: y[np.array(1), np.array(2)] -> 9, rank 0
    const tensor<int> one = take_at(y, {1, 2});
    EXPECT_EQ(one.shape(), shape_type{});
    EXPECT_EQ(one.item(), 9);
}

TEST(AdvancedIndexing, IndexArraysBroadcast) {
    // NumPy: x = np.arange(12).reshape(4, 3); rows = [[0, 0], [3, 3]]; columns = [[0, 2], [0, 2]];
    // x[rows, columns] -> [[0, 2], [9, 11]]; x[np.array([0, 3])[:, np.newaxis], np.array([0, 2])]
    // gives the same
    const tensor<long> x = fancy_arange<long>({4, 3});
    const tensor<std::int64_t> rows{{0, 0}, {3, 3}};
    const tensor<int> columns{{0, 2}, {0, 2}};
    EXPECT_THAT(elements_of(take_at(x, {rows, columns})), ElementsAre(0, 2, 9, 11));
    const tensor<std::int64_t> starts{0, 3};
    const tensor<std::int16_t> ends{0, 2};
    const tensor<long> corners = take_at(x, {starts(all, loom::newaxis), ends});
    EXPECT_EQ(corners.shape(), (shape_type{2, 2}));
    EXPECT_THAT(elements_of(corners), ElementsAre(0, 2, 9, 11));
}

TEST(AdvancedIndexing, LogProbabilitiesOfTheLabels) {
    // NumPy: lsm = np.log(np.array([[.1, .2, .7], [.5, .4, .1], [.3, .3, .4]], np.float32));
    // lsm[np.arange(3), [2, 0, 1]] -> [-0.35667494, -0.6931472, -1.2039728]
    const tensor<float> lsm = loom::log(tensor<float>{{0.1f, 0.2f, 0.7f}, {0.5f, 0.4f, 0.1f}, {0.3f, 0.3f, 0.4f}});
    const tensor<std::int64_t> labels{2, 0, 1};
    const tensor<float> picked = take_at(lsm, {loom::arange<std::int64_t>(3), labels});
    EXPECT_THAT(elements_of(picked), ElementsAre(lsm(0, 2), lsm(1, 0), lsm(2, 1)));
    EXPECT_THAT(elements_of(picked), ElementsAre(::testing::FloatNear(-0.35667494f, 1e-6f),
                                                 ::testing::FloatNear(-0.6931472f, 1e-6f),
                                                 ::testing::FloatNear(-1.2039728f, 1e-6f)));
    const tensor<float> by_operator = lsm[{loom::arange<std::int64_t>(3), labels}];
    EXPECT_EQ(by_operator.shape(), (shape_type{3}));
    EXPECT_EQ((lsm[{loom::arange<std::int64_t>(3), labels}](2)), lsm(2, 1));
    EXPECT_NEAR(float(-loom::mean(take_at(lsm, {loom::arange<int>(3), labels}))), 0.751265f, 1e-6f);
}

TEST(AdvancedIndexing, TrailingAxesAreTakenWhole) {
    const tensor<int> z = fancy_arange<int>({2, 3, 4});
    // NumPy: z[[1, 0], [2, 2]] -> [[20, 21, 22, 23], [8, 9, 10, 11]]
    const tensor<int> lines = take_at(z, {{1, 0}, {2, 2}});
    EXPECT_EQ(lines.shape(), (shape_type{2, 4}));
    EXPECT_THAT(elements_of(lines), ElementsAre(20, 21, 22, 23, 8, 9, 10, 11));
    // NumPy: w = [[0.5, -1.5], [2.25, 4.0]]; w[[[1, 0], [0, 1]]] -> shape (2, 2, 2)
    const tensor<double> w{{0.5, -1.5}, {2.25, 4.0}};
    const tensor<double> stacked = take_at(w, {tensor<int>{{1, 0}, {0, 1}}});
    EXPECT_EQ(stacked.shape(), (shape_type{2, 2, 2}));
    EXPECT_THAT(elements_of(stacked), ElementsAre(2.25, 4.0, 0.5, -1.5, 0.5, -1.5, 2.25, 4.0));
    // No index arrays: NumPy's x[()], the whole array (here a copy).
    const tensor<double> whole = take_at(w, {});
    EXPECT_EQ(whole.shape(), (shape_type{2, 2}));
    EXPECT_THAT(elements_of(whole), ElementsAre(0.5, -1.5, 2.25, 4.0));
}

TEST(AdvancedIndexing, ViewsAndExpressionsAsInputs) {
    const tensor<int> z = fancy_arange<int>({2, 3, 4});
    // NumPy: z.T[[0, 3]] -> [[[0, 12], [4, 16], [8, 20]], [[3, 15], [7, 19], [11, 23]]]
    const tensor<int> from_view = take_at(z.T(), {{0, 3}});
    EXPECT_EQ(from_view.shape(), (shape_type{2, 3, 2}));
    EXPECT_THAT(elements_of(from_view), ElementsAre(0, 12, 4, 16, 8, 20, 3, 15, 7, 19, 11, 23));
    // NumPy: (z * 2)[[1], [0], [3]] -> [30]
    EXPECT_THAT(elements_of(take_at(z * 2, {{1}, {0}, {3}})), ElementsAre(30));
    // NumPy: y[:, :3][[4, 0], [-1, 1]] -> [30, 1]
    const tensor<int> y = fancy_arange<int>({5, 7});
    EXPECT_THAT(elements_of(take_at(y(all, range(none, 3)), {{4, 0}, {-1, 1}})), ElementsAre(30, 1));
    // Index arrays that are views or expressions.
    const tensor<int> picks{{0, 1}, {1, 2}};
    // NumPy: p = np.array([[0, 1], [1, 2]]); y[p[:, 1], p[:, 0] * 3] -> [7, 17]
    EXPECT_THAT(elements_of(take_at(y, {picks(all, 1), picks(all, 0) * 3})), ElementsAre(7, 17));
}

TEST(AdvancedIndexing, EmptyIndexArrays) {
    const tensor<int> y = fancy_arange<int>({5, 7});
    // NumPy: y[np.array([], int)].shape -> (0, 7)
    const tensor<std::int64_t> none_picked(shape_type{0});
    EXPECT_EQ(take_at(y, {none_picked}).shape(), (shape_type{0, 7}));
    // NumPy: y[np.array([], int), np.array([9])].shape -> (0,): nothing is read, nothing is checked
    EXPECT_EQ(take_at(y, {none_picked, {9}}).shape(), (shape_type{0}));
    // NumPy: np.zeros((0, 3))[[], [1]].shape -> (0,)
    const tensor<float> empty({0, 3});
    EXPECT_EQ(take_at(empty, {none_picked, {1}}).shape(), (shape_type{0}));
    // But an index into an axis of size 0 is out of range (NumPy: IndexError).
    EXPECT_THROW((void)take_at(empty, {{0}}), std::out_of_range);
}

// ---- errors ----

TEST(AdvancedIndexing, OutOfRangeIndicesNameTheIndexAndTheAxis) {
    const tensor<int> x = fancy_arange<int>({3, 3});
    // NumPy: x[[0, 1], [0, 7]] -> IndexError: index 7 is out of bounds for axis 1 with size 3
    EXPECT_THROW((void)take_at(x, {{0, 1}, {0, 7}}), std::out_of_range);
    const std::string text = message_of([&] { (void)take_at(x, {{0, 1}, {0, 7}}); });
    EXPECT_THAT(text, HasSubstr("take_at: index 7"));
    EXPECT_THAT(text, HasSubstr("axis 1 of size 3 in shape [3, 3]"));
    EXPECT_THAT(text, HasSubstr("use indices in [-3, 3)"));
    EXPECT_THAT(message_of([&] { (void)take_at(x, {{-4}}); }), HasSubstr("index -4 (index array 0, at [0])"));
    const tensor<std::uint64_t> huge{0, std::numeric_limits<std::uint64_t>::max()};
    EXPECT_THAT(message_of([&] { (void)take_at(x, {huge}); }),
                HasSubstr("index 18446744073709551615 (index array 0, at [1]) is out of range for axis 0"));
    EXPECT_THAT(message_of([&] { (void)take_at(x, {{0}, {0}, {0}}); }),
                HasSubstr("take_at: 3 index arrays for shape [3, 3], which has 2 dimensions"));
}

TEST(AdvancedIndexing, IndexArraysThatDoNotBroadcast) {
    const tensor<int> x = fancy_arange<int>({3, 3});
    // NumPy: x[np.array([0, 1]), np.array([0, 1, 2])] -> IndexError: shape mismatch: indexing
    // arrays could not be broadcast together with shapes (2,) (3,)
    EXPECT_THROW((void)take_at(x, {{0, 1}, {0, 1, 2}}), loom::broadcast_error);
    EXPECT_THAT(message_of([&] { (void)take_at(x, {{0, 1}, {0, 1, 2}}); }),
                HasSubstr("take_at: index arrays of shapes [2] and [3] do not broadcast together"));
    tensor<int> y = x;
    EXPECT_THAT(message_of([&] { put_at(y, {{0, 1}, {0, 1, 2}}, 5); }), HasSubstr("put_at: index arrays"));
    EXPECT_TRUE(loom::array_equal(y, x));
}

// ---- put_at ----

TEST(AdvancedIndexing, RepeatedIndicesTakeTheLastWrite) {
    // NumPy: y = np.zeros(3); y[[0, 0, 2]] = [1, 2, 3] -> [2, 0, 3]
    tensor<double> y({3});
    put_at(y, {{0, 0, 2}}, tensor<double>{1, 2, 3});
    EXPECT_THAT(elements_of(y), ElementsAre(2, 0, 3));
    // NumPy: x = np.arange(9).reshape(3, 3); x[[1, 1], [2, 2]] = [10, 20] -> x[1, 2] == 20
    tensor<int> x = fancy_arange<int>({3, 3});
    put_at(x, {{1, 1}, {2, -1}}, tensor<int>{10, 20});
    EXPECT_EQ(x(1, 2), 20);
}

TEST(AdvancedIndexing, PutAtBroadcastsTheValues) {
    // NumPy: x = np.arange(12).reshape(4, 3); x[[1, 3]] = [10, 20, 30]
    // -> [[0, 1, 2], [10, 20, 30], [6, 7, 8], [10, 20, 30]]
    tensor<int> x = fancy_arange<int>({4, 3});
    put_at(x, {{1, 3}}, tensor<int>{10, 20, 30});
    EXPECT_THAT(elements_of(x), ElementsAre(0, 1, 2, 10, 20, 30, 6, 7, 8, 10, 20, 30));
    // A scalar, and an int into a double tensor.
    tensor<double> d({2, 2});
    put_at(d, {{0, 1}, {1, 0}}, 7);
    EXPECT_THAT(elements_of(d), ElementsAre(0, 7, 7, 0));
    put_at(d, {{1}}, tensor<int>{{3, 4}});
    EXPECT_THAT(elements_of(d), ElementsAre(0, 7, 3, 4));
}

TEST(AdvancedIndexing, PutAtIntoViews) {
    // NumPy: x = np.arange(12).reshape(4, 3); x[:, :2][[0, 3], [1, 0]] = 7
    // -> [[0, 7, 2], [3, 4, 5], [6, 7, 8], [7, 10, 11]]
    tensor<int> x = fancy_arange<int>({4, 3});
    put_at(x(all, range(0, 2)), {{0, 3}, {1, 0}}, 7);
    EXPECT_THAT(elements_of(x), ElementsAre(0, 7, 2, 3, 4, 5, 6, 7, 8, 7, 10, 11));
    auto columns = x.T();
    put_at(columns, {{2}}, tensor<int>{-1, -2, -3, -4});  // the last column of x
    EXPECT_THAT(elements_of(x(all, 2)), ElementsAre(-1, -2, -3, -4));
    // A broadcast view is read-only.
    tensor<int> row{1, 2, 3};
    auto rows = loom::broadcast_to(row.view(), {2, 3});
    EXPECT_THROW(put_at(rows, {{0}}, 0), std::invalid_argument);
    EXPECT_THAT(message_of([&] { put_at(rows, {{0}}, 0); }), HasSubstr("broadcast view is read-only"));
    EXPECT_THAT(elements_of(row), ElementsAre(1, 2, 3));
}

TEST(AdvancedIndexing, PutAtReadsOverlappingValuesFirst) {
    // NumPy: x = np.arange(12.).reshape(4, 3); x[[0, 1]] = x[1:3]
    // -> [[3, 4, 5], [6, 7, 8], [6, 7, 8], [9, 10, 11]]
    tensor<float> x = fancy_arange<float>({4, 3});
    put_at(x, {{0, 1}}, x(range(1, 3), all));
    EXPECT_THAT(elements_of(x), ElementsAre(3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11));
}

TEST(AdvancedIndexing, RefusedPutAtLeavesTheDestination) {
    tensor<int> x = fancy_arange<int>({4, 3});
    const tensor<int> before = x;
    // NumPy: x[[0, 1]] = np.ones((3, 3)) -> ValueError: shape mismatch: value array of shape (3,3)
    // could not be broadcast to indexing result of shape (2,3)
    EXPECT_THROW(put_at(x, {{0, 1}}, tensor<int>({3, 3})), loom::broadcast_error);
    EXPECT_THAT(message_of([&] { put_at(x, {{0, 1}}, tensor<int>({3, 3})); }),
                HasSubstr("put_at: values of shape [3, 3] cannot be written to the selection of shape [2, 3]"));
    // One bad index among good ones: nothing is written.
    EXPECT_THROW(put_at(x, {{0, 1, 4}}, 9), std::out_of_range);
    EXPECT_THAT(message_of([&] { put_at(x, {{0, 1, 4}}, 9); }),
                HasSubstr("put_at: index 4 (index array 0, at [2]) is out of range for axis 0 of size 4"));
    EXPECT_TRUE(loom::array_equal(x, before));
    // Empty index arrays write nothing, whatever the values' count (NumPy: x[[]] = 5).
    put_at(x, {tensor<int>(shape_type{0})}, 5);
    EXPECT_TRUE(loom::array_equal(x, before));
}

}  // namespace
