// Basic indexing with NumPy's meaning: t(1, range(1, 5, 2), all, newaxis,
// ellipsis, -1) selects a view. Expected values come from NumPy 1.24
// (/usr/bin/python3), with `a = np.arange(24).reshape(2, 3, 4)` and
// `x = np.arange(10)` unless a test says otherwise.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::ellipsis;
using loom::index_list;
using loom::index_t;
using loom::newaxis;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

using loom::testing::a_2x3x4;
tensor<int> x_10() { return iota_tensor<int>({10}); }

// ---- Integers ----

TEST(IndexingInteger, DropsItsDimension) {
    const tensor<int> a = a_2x3x4();
    const auto v = a(1, all, all);
    // NumPy: a[1] -> shape (3, 4), [12 .. 23]
    EXPECT_EQ(v.shape(), (shape_type{3, 4}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}));
}

TEST(IndexingInteger, NegativeCountsFromTheEnd) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, -1] -> shape (2, 4)
    const auto v = a(all, -1);
    EXPECT_EQ(v.shape(), (shape_type{2, 4}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{8, 9, 10, 11, 20, 21, 22, 23}));
}

TEST(IndexingInteger, MixedWithAllKeepsTheRest) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[-1, 1, :] -> [16, 17, 18, 19]
    EXPECT_EQ(elements_of(a(-1, 1, all)), (std::vector<int>{16, 17, 18, 19}));
}

TEST(IndexingInteger, OutOfRangeNamesDimensionIndexAndSize) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, 3] -> IndexError: index 3 is out of bounds for axis 1 with size 3
    EXPECT_THROW(a(all, 3), std::out_of_range);
    const std::string message = message_of([&] { a(all, 3); });
    EXPECT_THAT(message, HasSubstr("index 3"));
    EXPECT_THAT(message, HasSubstr("dimension 1"));
    EXPECT_THAT(message, HasSubstr("size 3"));
    EXPECT_THAT(message, HasSubstr("[2, 3, 4]"));
}

TEST(IndexingInteger, NegativeOutOfRangeNamesTheDimensionAfterAnEllipsis) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[..., -5] -> IndexError: index -5 is out of bounds for axis 2 with size 4
    EXPECT_THROW(a(ellipsis, -5), std::out_of_range);
    const std::string message = message_of([&] { a(ellipsis, -5); });
    EXPECT_THAT(message, HasSubstr("index -5"));
    EXPECT_THAT(message, HasSubstr("dimension 2"));
    EXPECT_THAT(message, HasSubstr("size 4"));
}

TEST(IndexingInteger, ElementAccessOfAViewIsAlwaysChecked) {
    const tensor<int> a = a_2x3x4();
    const auto v = a(1, all, all);
    EXPECT_EQ(v(-1, -1), 23);
    EXPECT_THROW(v(3, 0), std::out_of_range);
    EXPECT_THAT(message_of([&] { v(0, 0, 0); }), HasSubstr("3 indices given for a view of shape [3, 4]"));
}

TEST(IndexingInteger, AllIntegersOnATensorAreCheckedByAt) {
    const tensor<int> a = a_2x3x4();
    EXPECT_EQ(a.at(-1, -1, -1), 23);
    EXPECT_THROW(a.at(2, 0, 0), std::out_of_range);
}

// ---- Ranges: Python's slice rules ----

TEST(IndexingRange, StartStopStep) {
    const tensor<int> x = x_10();
    // NumPy: x[2:7] -> [2, 3, 4, 5, 6]; x[::3] -> [0, 3, 6, 9]
    EXPECT_EQ(elements_of(x(range(2, 7))), (std::vector<int>{2, 3, 4, 5, 6}));
    EXPECT_EQ(elements_of(x(range(none, none, 3))), (std::vector<int>{0, 3, 6, 9}));
}

TEST(IndexingRange, NoneBoundsMeanTheEnds) {
    const tensor<int> x = x_10();
    // NumPy: x[:4] -> [0, 1, 2, 3]; x[6:] -> [6, 7, 8, 9]
    EXPECT_EQ(elements_of(x(range(none, 4))), (std::vector<int>{0, 1, 2, 3}));
    EXPECT_EQ(elements_of(x(range(6, none))), (std::vector<int>{6, 7, 8, 9}));
}

TEST(IndexingRange, NegativeBoundsCountFromTheEnd) {
    const tensor<int> x = x_10();
    // NumPy: x[-3:] -> [7, 8, 9]
    EXPECT_EQ(elements_of(x(range(-3, none))), (std::vector<int>{7, 8, 9}));
}

TEST(IndexingRange, BoundsBeyondTheDimensionAreClipped) {
    const tensor<int> x = x_10();
    // NumPy: x[-100:100] -> all ten; x[100::-4] -> [9, 5, 1]; x[:-100:-1] -> all ten reversed
    EXPECT_EQ(elements_of(x(range(-100, 100))), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    EXPECT_EQ(elements_of(x(range(100, none, -4))), (std::vector<int>{9, 5, 1}));
    EXPECT_EQ(elements_of(x(range(none, -100, -1))), (std::vector<int>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
}

TEST(IndexingRange, NegativeStepWalksBackwards) {
    const tensor<int> x = x_10();
    // NumPy: x[::-1] -> [9 .. 0]; x[8:2:-2] -> [8, 6, 4]; x[-1:-11:-3] -> [9, 6, 3, 0]
    EXPECT_EQ(elements_of(x(range(none, none, -1))), (std::vector<int>{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(elements_of(x(range(8, 2, -2))), (std::vector<int>{8, 6, 4}));
    EXPECT_EQ(elements_of(x(range(-1, -11, -3))), (std::vector<int>{9, 6, 3, 0}));
}

TEST(IndexingRange, EmptyWhenStopIsNotPastStart) {
    const tensor<int> x = x_10();
    // NumPy: x[5:2], x[3:3] and x[2:5:-1] are all empty, shape (0,)
    EXPECT_EQ(x(range(5, 2)).shape(), shape_type{0});
    EXPECT_EQ(x(range(3, 3)).shape(), shape_type{0});
    EXPECT_EQ(x(range(2, 5, -1)).shape(), shape_type{0});
}

TEST(IndexingRange, EmptyRangeKeepsTheOtherDimensions) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[1:2, 5:2] -> shape (1, 0, 4)
    const auto v = a(range(1, 2), range(5, 2));
    EXPECT_EQ(v.shape(), (shape_type{1, 0, 4}));
    EXPECT_EQ(v.size(), 0);
}

TEST(IndexingRange, StepZeroIsAnError) {
    const tensor<int> x = x_10();
    // NumPy: x[::0] -> ValueError: slice step cannot be zero
    EXPECT_THROW(x(range(none, none, 0)), std::invalid_argument);
    EXPECT_THAT(message_of([&] { x(range(none, none, 0)); }), HasSubstr("step 0"));
}

TEST(IndexingRange, ExtremeStepsAreClippedWithoutOverflow) {
    const tensor<int> x = x_10();
    constexpr index_t lowest = std::numeric_limits<index_t>::min();
    constexpr index_t highest = std::numeric_limits<index_t>::max();
    // Python: range(10)[::-sys.maxsize - 1] -> [9]; range(10)[::sys.maxsize] -> [0]
    EXPECT_EQ(elements_of(x(range(none, none, lowest))), (std::vector<int>{9}));
    EXPECT_EQ(elements_of(x(range(none, none, highest))), (std::vector<int>{0}));
    EXPECT_EQ(elements_of(x(range(lowest, highest))), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(IndexingRange, ResolveFollowsPythonSliceIndices) {
    // Python: slice(None, None, -2).indices(5) -> (4, -1, -2), 3 elements;
    //         slice(-9, 3).indices(2) -> (0, 2, 1), 2 elements
    const loom::resolved_range backwards = loom::resolve(range(none, none, -2), 5, 0);
    EXPECT_EQ(backwards.first, 4);
    EXPECT_EQ(backwards.step, -2);
    EXPECT_EQ(backwards.length, 3);
    const loom::resolved_range clipped = loom::resolve(range(-9, 3), 2, 0);
    EXPECT_EQ(clipped.first, 0);
    EXPECT_EQ(clipped.length, 2);
}

// ---- all, newaxis, ellipsis ----

TEST(IndexingAll, KeepsTheWholeDimension) {
    const tensor<int> a = a_2x3x4();
    const auto v = a(all, all, all);
    EXPECT_EQ(v.shape(), a.shape());
    EXPECT_EQ(v.data(), a.data());
    EXPECT_EQ(elements_of(v), elements_of(a));
}

TEST(IndexingAll, TrailingDimensionsAreKeptWhole) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, 1:] -> shape (2, 2, 4)
    const auto v = a(all, range(1, none));
    EXPECT_EQ(v.shape(), (shape_type{2, 2, 4}));
    EXPECT_EQ(elements_of(v),
              (std::vector<int>{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}));
}

TEST(IndexingNewaxis, InsertsASizeOneDimension) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, np.newaxis, 1] -> shape (2, 1, 4), [4, 5, 6, 7, 16, 17, 18, 19]
    const auto v = a(all, newaxis, 1);
    EXPECT_EQ(v.shape(), (shape_type{2, 1, 4}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{4, 5, 6, 7, 16, 17, 18, 19}));
}

TEST(IndexingNewaxis, DoesNotCountAsAnIndexedDimension) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[..., np.newaxis] -> shape (2, 3, 4, 1)
    EXPECT_EQ(a(ellipsis, newaxis).shape(), (shape_type{2, 3, 4, 1}));
    EXPECT_EQ(a(newaxis, 0, 0, 0).shape(), shape_type{1});
}

TEST(IndexingEllipsis, StandsForTheLeadingDimensions) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[..., 1] -> shape (2, 3), [1, 5, 9, 13, 17, 21]
    const auto v = a(ellipsis, 1);
    EXPECT_EQ(v.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{1, 5, 9, 13, 17, 21}));
}

TEST(IndexingEllipsis, StandsForTheTrailingDimensions) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[0, ...] -> shape (3, 4), [0 .. 11]
    const auto v = a(0, ellipsis);
    EXPECT_EQ(v.shape(), (shape_type{3, 4}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
}

TEST(IndexingEllipsis, WithNewaxisBeforeIt) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[np.newaxis, ..., 1] -> shape (1, 2, 3)
    const auto v = a(newaxis, ellipsis, 1);
    EXPECT_EQ(v.shape(), (shape_type{1, 2, 3}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{1, 5, 9, 13, 17, 21}));
}

TEST(IndexingEllipsis, CanStandForNoDimensionGivingRankZero) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[1, 2, 3, ...] -> a 0-d array holding 23
    const auto v = a(1, 2, 3, ellipsis);
    EXPECT_EQ(v.ndim(), 0u);
    EXPECT_EQ(v.size(), 1);
    EXPECT_EQ(v(), 23);
}

TEST(IndexingErrors, TooManyIndices) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[0, 0, 0, 0] -> IndexError: too many indices for array: array is
    // 3-dimensional, but 4 were indexed
    EXPECT_THROW(a(0, 0, 0, all), std::out_of_range);
    EXPECT_THAT(message_of([&] { a(0, 0, 0, all); }), HasSubstr("too many indices: 4 given for shape [2, 3, 4]"));
}

// ---- Strides and composition ----

TEST(IndexingStrides, AreInElementsAndMayBeNegative) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, ::-1, 0:4:2].strides / itemsize -> (12, -4, 2), first element a[0, 2, 0] = 8
    const auto v = a(all, range(none, none, -1), range(0, 4, 2));
    EXPECT_EQ(v.shape(), (shape_type{2, 3, 2}));
    EXPECT_EQ(v.strides(), (strides_type{12, -4, 2}));
    EXPECT_EQ(v.data(), a.data() + 8);
    EXPECT_EQ(elements_of(v), (std::vector<int>{8, 10, 4, 6, 0, 2, 20, 22, 16, 18, 12, 14}));
}

TEST(IndexingStrides, ViewSharesTheTensorsMemory) {
    tensor<int> a = a_2x3x4();
    auto v = a(1, range(1, 3), all);
    EXPECT_EQ(v.data(), &a.at(1, 1, 0));
    v(0, 0) = -1;
    EXPECT_EQ(a.at(1, 1, 0), -1);
}

TEST(IndexingComposition, ViewsOfViewsCompose) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[1][::-1][:, 1:3] -> shape (3, 2), strides (-4, 1), [21, 22, 17, 18, 13, 14]
    const auto v = a(1, all, all)(range(none, none, -1), all)(all, range(1, 3));
    EXPECT_EQ(v.shape(), (shape_type{3, 2}));
    EXPECT_EQ(v.strides(), (strides_type{-4, 1}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{21, 22, 17, 18, 13, 14}));
}

TEST(IndexingComposition, WritingThroughAComposedViewReachesTheTensor) {
    tensor<int> a = a_2x3x4();
    a(1, all, all)(range(none, none, -1), all)(all, range(1, 3)) = 0;
    // NumPy: a[1][::-1][:, 1:3] = 0 leaves a[1] = [[12, 0, 0, 15], [16, 0, 0, 19], [20, 0, 0, 23]]
    EXPECT_EQ(elements_of(a(1, all, all)), (std::vector<int>{12, 0, 0, 15, 16, 0, 0, 19, 20, 0, 0, 23}));
    EXPECT_EQ(a.at(0, 2, 2), 10);
}

TEST(IndexingComposition, EmptySelectionPointsAtTheStart) {
    // Note [empty layouts]: the memory of an empty tensor may be null; no offset is applied to it.
    const tensor<int> empty({0, 5});
    const auto v = empty(all, range(2, 4));
    EXPECT_EQ(v.shape(), (shape_type{0, 2}));
    EXPECT_EQ(v.data(), empty.data());
    EXPECT_EQ(elements_of(v + 1), std::vector<int>{});
}

TEST(IndexingComposition, IndexingAnEmptyDimensionIsOutOfRange) {
    const tensor<int> a = a_2x3x4();
    const auto empty = a(range(2, none), all, all);
    EXPECT_EQ(empty.shape(), (shape_type{0, 3, 4}));
    EXPECT_THROW(empty(0, all), std::out_of_range);
}

// ---- An index built at run time ----

TEST(IndexingRunTimeList, SelectsWhatTheSameArgumentsSelectAtTheCallSite) {
    const tensor<int> a = a_2x3x4();
    index_list items;
    items.push_back(1);
    items.push_back(range(none, none, -1));
    items.push_back(newaxis);
    items.push_back(range(0, 4, 2));
    const auto v = a(items);
    const auto expected = a(1, range(none, none, -1), newaxis, range(0, 4, 2));
    EXPECT_EQ(v.shape(), expected.shape());
    EXPECT_EQ(v.strides(), expected.strides());
    EXPECT_EQ(v.data(), expected.data());
    // NumPy: a[1, ::-1, None, 0:4:2] -> shape (3, 1, 2), [20, 22, 16, 18, 12, 14]
    EXPECT_EQ(elements_of(v), (std::vector<int>{20, 22, 16, 18, 12, 14}));
}

TEST(IndexingRunTimeList, AllIntegersGiveARankZeroViewThatWrites) {
    tensor<int> a = a_2x3x4();
    auto v = a(index_list{1, -1, 2});
    EXPECT_EQ(v.ndim(), 0u);
    EXPECT_EQ(v.data(), &a.at(1, 2, 2));
    v = -5;
    EXPECT_EQ(a.at(1, 2, 2), -5);
}

TEST(IndexingRunTimeList, IntegersOfAnyTypeAreIndices) {
    const tensor<int> a = a_2x3x4();
    index_list items;
    const std::size_t row = 1;
    items.push_back(row);
    items.push_back(std::uint8_t{2});
    items.push_back(-1L);
    EXPECT_EQ(a(items).data(), &a.at(1, 2, 3));
}

TEST(IndexingRunTimeList, EmptyListIsTheWholeTensor) {
    const tensor<int> a = a_2x3x4();
    const auto v = a(index_list{});
    EXPECT_EQ(v.shape(), a.shape());
    EXPECT_EQ(v.data(), a.data());
}

TEST(IndexingRunTimeList, EllipsisAndViewsOfViews) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[..., 1][::2] -> shape (1, 3), [1, 5, 9]
    const auto v = a(index_list{ellipsis, 1})(index_list{range(none, none, 2)});
    EXPECT_EQ(v.shape(), (shape_type{1, 3}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{1, 5, 9}));
}

TEST(IndexingRunTimeList, TwoEllipsesAreRefusedWithTheShape) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[..., 0, ...] -> IndexError: an index can only have a single ellipsis ('...')
    const index_list items{ellipsis, 0, ellipsis};
    EXPECT_THROW(a(items), std::invalid_argument);
    EXPECT_THAT(message_of([&] { a(items); }),
                HasSubstr("an index may hold at most one ellipsis, but 2 were given for shape [2, 3, 4]"));
}

TEST(IndexingRunTimeList, ErrorsAreTheCallSiteErrors) {
    const tensor<int> a = a_2x3x4();
    EXPECT_EQ(message_of([&] { a(index_list{0, 3}); }), message_of([&] { a(0, 3, all); }));
    EXPECT_EQ(message_of([&] { a(index_list{0, 0, 0, 0}); }), message_of([&] { a(0, 0, 0, all); }));
    EXPECT_EQ(message_of([&] { a(index_list{range(0, 2, 0)}); }), message_of([&] { a(range(0, 2, 0)); }));
}

TEST(IndexingRunTimeList, ViewOfATemporaryOwnsIt) {
    const auto v = iota_tensor<int>({4})(index_list{range(1, none)});
    EXPECT_NE(v.owner(), nullptr);
    EXPECT_EQ(elements_of(v), (std::vector<int>{1, 2, 3}));
}

}  // namespace
