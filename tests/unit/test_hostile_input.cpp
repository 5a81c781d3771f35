// Hostile inputs: sizes and indices at the limits of index_t, huge views,
// and options that would overflow. Each is refused with one of the
// documented exceptions, with the shapes in the message, or handled without
// undefined behaviour and without touching memory it does not need.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::message_of;

constexpr index_t index_max = std::numeric_limits<index_t>::max();

// ---- 1. Byte sizes of shapes with a 0 among huge sizes ----

TEST(HostileInput, ZeroSizeShapeWhoseOtherSizesOverflowInBytesIsRefused) {
    const std::string message = message_of([] { tensor<double> t(shape_type{index_t{1} << 62, 0}); });
    EXPECT_TRUE(contains(message, "[4611686018427387904, 0]")) << message;
    EXPECT_THROW(tensor<double>(shape_type{index_t{1} << 62, 0}), std::length_error);
}

TEST(HostileInput, ZeroSizeShapeOverflowingOnlyInBytesIsRefused) {
    // 2^60 elements fit in index_t, 2^63 bytes do not.
    EXPECT_THROW(tensor<double>(shape_type{0, 2, index_t{1} << 60}), std::length_error);
    EXPECT_NO_THROW(tensor<std::int8_t>(shape_type{0, 2, index_t{1} << 60}));
}

TEST(HostileInput, NpyFileOfEmptyShapeOverflowingInBytesIsRefusedAsAFileError) {
    const std::string image = loom::testing::npy_image(
        1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 0), }\n");
    const auto bytes = loom::testing::bytes_of(image);
    const std::string message = message_of([&] { (void)loom::read_npy<double>(bytes); });
    EXPECT_TRUE(contains(message, "[4611686018427387904, 0]")) << message;
    EXPECT_THROW((void)loom::read_npy<double>(bytes), std::runtime_error);
    EXPECT_THROW((void)loom::read_npy_any(bytes), std::runtime_error);
}

TEST(HostileInput, DiagonalOfEmptyInt8TensorWithHugeSizeIsEmpty) {
    const tensor<std::int8_t> w(shape_type{0, index_max});
    const auto d = loom::diagonal(w);
    EXPECT_EQ(d.shape(), (shape_type{0}));
    EXPECT_EQ(d.size(), 0);
}

TEST(HostileInput, PermuteOfEmptyTensorWithLargeSizesKeepsItsShape) {
    const tensor<std::int8_t> u(shape_type{0, 2, index_t{1} << 60});
    const tensor<std::int8_t> r = loom::permute(u, {0, 2, 1});
    EXPECT_EQ(r.shape(), (shape_type{0, index_t{1} << 60, 2}));
}

// ---- 2. Print options ----

TEST(HostileInput, PrintOptionsWithHugeEdgeitemsAreRefused) {
    const loom::print_options options{.edgeitems = index_t{1} << 62};
    const tensor<int> t{1, 2, 3};
    const std::string message = message_of([&] { (void)loom::to_string(t, options); });
    EXPECT_TRUE(contains(message, "edgeitems")) << message;
    EXPECT_THROW((void)loom::to_string(t, options), std::invalid_argument);
}

// ---- 3. reshape sizes whose product overflows ----

TEST(HostileInput, ReshapeSizesWhoseProductOverflowsAreRefused) {
    const tensor<int> t{1, 2, 3, 4};
    const std::string message =
        message_of([&] { (void)t.reshape({-1, index_t{1} << 32, index_t{1} << 32}); });
    EXPECT_TRUE(contains(message, "overflow")) << message;
    EXPECT_TRUE(contains(message, "[4]")) << message;
    EXPECT_TRUE(contains(message, "[-1, 4294967296, 4294967296]")) << message;
    EXPECT_FALSE(contains(message, "beside a size of 0")) << message;
}

TEST(HostileInput, ReshapeWithoutInferredSizeWhoseProductOverflowsIsRefused) {
    const tensor<int> t{1, 2, 3, 4};
    EXPECT_THROW((void)t.reshape({index_t{1} << 32, index_t{1} << 32}), std::length_error);
}

TEST(HostileInput, ReshapeOfEmptyTensorToSizesWhoseNonzeroProductOverflowsNamesBothShapes) {
    // 0 elements either way, but the other sizes have no strides that fit.
    const tensor<int> t(shape_type{0, 4});
    const std::string message = message_of([&] { (void)t.reshape({0, 3, index_t{1} << 62}); });
    EXPECT_TRUE(contains(message, "cannot reshape [0, 4]")) << message;
    EXPECT_TRUE(contains(message, "[0, 3, 4611686018427387904]")) << message;
    EXPECT_THROW((void)t.reshape({0, 3, index_t{1} << 62}), std::length_error);
    EXPECT_EQ(t.reshape({0, index_t{1} << 62}).shape(), (shape_type{0, index_t{1} << 62}));
}

TEST(HostileInput, PaddleElementwiseShapesThatDoNotBroadcastNameBAsGiven) {
    const std::string message = message_of(
        [] { (void)loom::broadcast_shapes(shape_type{2, 3, 4, 5}, shape_type{4, 5}, loom::broadcast::paddle_elementwise(1)); });
    EXPECT_TRUE(contains(message, "shape [4, 5] placed onto [2, 3, 4, 5] at axis 1 gives [1, 4, 5, 1]")) << message;
    EXPECT_THROW((void)loom::broadcast_shapes(shape_type{2, 3, 4, 5}, shape_type{4, 5}, loom::broadcast::paddle_elementwise(1)),
                 loom::broadcast_error);
}

TEST(HostileInput, ResolveOfASizeAloneNamesItAsAShapeWhenTheStepIs0) {
    const std::string message = message_of([] { (void)loom::resolve(loom::range(0, 3, 0), 5, 0); });
    EXPECT_TRUE(contains(message, "shape [5]")) << message;
    EXPECT_TRUE(contains(message, "step 0")) << message;
    EXPECT_THROW((void)loom::resolve(loom::range(0, 3, 0), 5, 0), std::invalid_argument);
}

// ---- 4. take along an axis of an empty tensor ----

TEST(HostileInput, TakeAlongAxisOfEmptyTensorGivesEmptyResult) {
    const tensor<int> t(shape_type{1, 2, 0});
    const tensor<int> r = loom::take(t, tensor<index_t>{1}, 1);
    EXPECT_EQ(r.shape(), (shape_type{1, 1, 0}));
}

// ---- 5. Printing huge views ----

TEST(HostileInput, PrintingHugeBroadcastViewReadsOnlyShownElements) {
    std::ostringstream os;
    os << loom::broadcast_to(tensor<float>{1.5f}, {index_t{1} << 40});
    EXPECT_EQ(os.str(), "[1.5 1.5 1.5 ... 1.5 1.5 1.5]");
}

TEST(HostileInput, PrintingStridedViewMatchesPrintingItsCopy) {
    const tensor<int> t = loom::arange<int>(24).reshape({2, 3, 4});
    const auto v = loom::permute(t, {2, 0, 1})(loom::range(loom::none, loom::none, -1), loom::all, 1);
    EXPECT_EQ(loom::to_string(v), loom::to_string(v.copy()));
}

TEST(HostileInput, PrintingSummarisedReversedViewMatchesPrintingItsCopy) {
    const tensor<int> t = loom::arange<int>(3000).reshape({2, 1500});
    const auto v = t(loom::range(loom::none, loom::none, -1), loom::range(loom::none, loom::none, -2));
    EXPECT_EQ(loom::to_string(v), loom::to_string(v.copy()));
}

TEST(HostileInput, PrintingHugeTransposedBroadcastViewIsSummarised) {
    const auto v = loom::transpose(loom::broadcast_to(tensor<int>{1, 2}, {index_t{1} << 30, 2}));
    EXPECT_EQ(loom::to_string(v), "[[1 1 1 ... 1 1 1]\n [2 2 2 ... 2 2 2]]");
}

// ---- 6. Negative sizes ----

TEST(HostileInput, BroadcastToNegativeSizeUnderPdpdIsRefused) {
    const std::string message =
        message_of([] { (void)loom::broadcast_to(tensor<int>{1}, {-3}, loom::broadcast::pdpd()); });
    EXPECT_TRUE(contains(message, "[-3]")) << message;
    EXPECT_THROW((void)loom::broadcast_to(tensor<int>{1}, {-3}, loom::broadcast::pdpd()), std::invalid_argument);
}

TEST(HostileInput, BroadcastToNegativeSizeUnderPaddleElementwiseIsRefused) {
    EXPECT_THROW((void)loom::broadcast_to(tensor<int>{1}, {-3}, loom::broadcast::paddle_elementwise()),
                 std::invalid_argument);
}

TEST(HostileInput, BroadcastToNegativeSizeUnderNoneIsRefused) {
    EXPECT_THROW((void)loom::broadcast_to(tensor<int>{1}, {-1}, loom::broadcast::none), std::invalid_argument);
}

TEST(HostileInput, BroadcastShapesWithNegativeSizeIsRefused) {
    const std::string message = message_of([] { (void)loom::broadcast_shapes(shape_type{-1}, shape_type{1}); });
    EXPECT_TRUE(contains(message, "[-1]")) << message;
    EXPECT_THROW((void)loom::broadcast_shapes(shape_type{-1}, shape_type{1}), std::invalid_argument);
    EXPECT_THROW((void)loom::broadcast_shapes(shape_type{1}, shape_type{-1}, loom::broadcast::pdpd()),
                 std::invalid_argument);
}

TEST(HostileInput, BroadcastBidirectionalToNegativeSizeIsRefused) {
    EXPECT_THROW((void)loom::broadcast_bidirectional(tensor<int>{1}, {-2}), std::invalid_argument);
}

TEST(HostileInput, ExpandToNegativeSizeOtherThanMinusOneIsRefused) {
    EXPECT_THROW((void)loom::expand(tensor<int>{1}, {-2}), std::invalid_argument);
}

TEST(HostileInput, PdpdPlacementWithNegativeSizeIsRefused) {
    EXPECT_THROW((void)loom::pdpd_placement(shape_type{2, -3}, shape_type{2}, 0), std::invalid_argument);
    EXPECT_THROW((void)loom::pdpd_placement(shape_type{2, 3}, shape_type{-2}, 0), std::invalid_argument);
}

TEST(HostileInput, ViewWithNegativeSizeIsRefused) {
    int value = 0;
    EXPECT_THROW((void)loom::tensor_view<int>(&value, shape_type{-2}, loom::strides_type{1}), std::invalid_argument);
}

// ---- 7. Unsigned indices of 2^63 and more ----

TEST(HostileInput, AtWithMaxUnsignedIndexIsOutOfRange) {
    const tensor<int> t{10, 20, 30};
    const std::string message = message_of([&] { (void)t.at(std::uint64_t(-1)); });
    EXPECT_TRUE(contains(message, "18446744073709551615")) << message;
    EXPECT_THROW((void)t.at(std::uint64_t(-1)), std::out_of_range);
}

TEST(HostileInput, AtWithUnsignedIndexTwoToThe63QuotesItUnsigned) {
    const tensor<int> t{10, 20, 30};
    const std::string message = message_of([&] { (void)t.at(std::uint64_t{1} << 63); });
    EXPECT_TRUE(contains(message, "index 9223372036854775808 ")) << message;
    EXPECT_FALSE(contains(message, "-9223372036854775808")) << message;
}

TEST(HostileInput, CallWithMaxUnsignedIndexIsOutOfRange) {
    const tensor<int> t{10, 20, 30};
    EXPECT_THROW((void)t(std::uint64_t(-1)), std::out_of_range);
}

TEST(HostileInput, IndexListWithMaxUnsignedIndexIsOutOfRange) {
    const tensor<int> t{10, 20, 30};
    const std::string message = message_of([&] { (void)t(loom::index_list{std::uint64_t(-1)}); });
    EXPECT_TRUE(contains(message, "18446744073709551615")) << message;
    EXPECT_THROW((void)t(loom::index_list{std::uint64_t(-1)}), std::out_of_range);
}

TEST(HostileInput, TakeWithMaxUnsignedIndexIsOutOfRange) {
    const tensor<int> t{10, 20, 30};
    const std::string message = message_of([&] { (void)loom::take(t, tensor<std::uint64_t>{UINT64_MAX}); });
    EXPECT_TRUE(contains(message, "18446744073709551615")) << message;
    EXPECT_THROW((void)loom::take(t, tensor<std::uint64_t>{UINT64_MAX}), std::out_of_range);
}

TEST(HostileInput, UnsignedIndicesInRangeStillWork) {
    const tensor<int> t{10, 20, 30};
    EXPECT_EQ(t.at(std::uint64_t{2}), 30);
    EXPECT_EQ(t(loom::index_list{std::uint64_t{1}}).copy().data()[0], 20);
    const tensor<int> r = loom::take(t, tensor<std::uint64_t>{2, 0});
    EXPECT_EQ(r(0), 30);
    EXPECT_EQ(r(1), 10);
}

// ---- 8. Messages name the shape ----

TEST(HostileInput, RangeWithStepZeroNamesTheShape) {
    const tensor<int> t({2, 5});
    const std::string message = message_of([&] { (void)t(loom::all, loom::range(0, 3, 0)); });
    EXPECT_TRUE(contains(message, "step 0")) << message;
    EXPECT_TRUE(contains(message, "[2, 5]")) << message;
    EXPECT_THROW((void)t(loom::all, loom::range(0, 3, 0)), std::invalid_argument);
}

TEST(HostileInput, AllocationTooLargeInBytesNamesTheShape) {
    const std::string message = message_of([] { tensor<int> t(shape_type{1, index_max - 1}); });
    EXPECT_TRUE(contains(message, "[1, 9223372036854775806]")) << message;
    EXPECT_THROW(tensor<int>(shape_type{1, index_max - 1}), std::length_error);
}

TEST(HostileInput, ZerosLikeOfViewTooLargeInBytesNamesTheShape) {
    const auto huge = loom::broadcast_to(tensor<int>{7}, {1, index_max - 1});
    const std::string message = message_of([&] { (void)loom::zeros_like(huge); });
    EXPECT_TRUE(contains(message, "[1, 9223372036854775806]")) << message;
    EXPECT_THROW((void)loom::zeros_like(huge), std::length_error);
}

TEST(HostileInput, PrintingViewTooLargeToCopyShowsItsEdges) {
    const auto huge = loom::broadcast_to(tensor<int>{7}, {1, index_max - 1});
    EXPECT_EQ(loom::to_string(huge), "[[7 7 7 ... 7 7 7]]");
}

// ---- 9. Cheap checks before allocations ----

TEST(HostileInput, BufferOfWrongSizeForHugeShapeIsRefusedBeforeAllocating) {
    const int values[] = {1, 2, 3};
    const std::string message =
        message_of([&] { tensor<int> t(std::span<const int>(values), shape_type{index_t{1} << 40}); });
    EXPECT_TRUE(contains(message, "a buffer of 3 elements")) << message;
    EXPECT_THROW(tensor<int>(std::span<const int>(values), shape_type{index_t{1} << 40}), std::invalid_argument);
}

TEST(HostileInput, ArangeWhoseLastValueDoesNotFitIsRefusedBeforeAllocating) {
    // 2^30 elements, 1 GiB if allocated; the last value does not fit in int8.
    EXPECT_THROW((void)loom::arange<std::int8_t>(100.5, 2147483648, 2), std::out_of_range);
    EXPECT_THROW((void)loom::arange<std::int8_t>(0, index_t{1} << 50), std::out_of_range);
    EXPECT_THROW((void)loom::arange<float>(0.0, 1e300, 1e290), std::out_of_range);
}

TEST(HostileInput, ArangeOfTwoFloatValuesWhoseDifferenceOverflowsGivesBoth) {
    // Both values fit in float32; their difference, 5e38, does not.
    const tensor<float> r = loom::arange<float>(-3e38, 3e38, 5e38);
    ASSERT_EQ(r.shape(), (shape_type{2}));
    EXPECT_EQ(r.data()[0], -3e38f);
    EXPECT_EQ(r.data()[1], static_cast<float>(-3e38 + 5e38));
    // A third value would be infinite: refused.
    EXPECT_THROW((void)loom::arange<float>(-3e38, 8e38, 5e38), std::out_of_range);
}

// ---- 10. Broadcasting to a shape whose element count overflows ----

TEST(HostileInput, BroadcastToShapeWithTooManyElementsIsRefused) {
    const tensor<int> x{1};
    const std::string message = message_of([&] { (void)loom::broadcast_to(x, {index_t{1} << 40, index_t{1} << 40}); });
    EXPECT_TRUE(contains(message, "[1099511627776, 1099511627776]")) << message;
    EXPECT_THROW((void)loom::broadcast_to(x, {index_t{1} << 40, index_t{1} << 40}), std::length_error);
}

TEST(HostileInput, ExpandToShapeWithTooManyElementsIsRefused) {
    EXPECT_THROW((void)loom::expand(tensor<int>{1}, {index_t{1} << 40, index_t{1} << 40}), std::length_error);
}

TEST(HostileInput, BroadcastBidirectionalToShapeWithTooManyElementsIsRefused) {
    EXPECT_THROW((void)loom::broadcast_bidirectional(tensor<int>{1}, {index_t{1} << 40, index_t{1} << 40}),
                 std::length_error);
}

// ---- 11. var and std with ddof at the limits of index_t ----

TEST(HostileInput, VarWithDdofWhoseDifferenceOverflowsIsInfiniteAsInNumPy) {
    // NumPy's n - ddof wraps around to a negative count there, so it gives inf.
    const tensor<double> x{1, 2, 3};
    constexpr index_t index_min = std::numeric_limits<index_t>::min();
    EXPECT_EQ(tensor<double>(loom::var(x, loom::flat, index_min))(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(tensor<double>(loom::std(x, loom::flat, index_min))(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(tensor<double>(loom::var(x, loom::flat, index_min + 3))(), std::numeric_limits<double>::infinity());
    // The first ddof for which n - ddof fits: 2 / (2^63 - 1), as NumPy.
    EXPECT_DOUBLE_EQ(tensor<double>(loom::var(x, loom::flat, index_min + 4))(), 2.0 / 9223372036854775807.0);
}

TEST(HostileInput, VarWithHugeDdofIsInfiniteAsInNumPy) {
    const tensor<double> x{1, 2, 3};
    EXPECT_EQ(tensor<double>(loom::var(x, loom::flat, index_max))(), std::numeric_limits<double>::infinity());
    EXPECT_EQ(tensor<double>(loom::std(x, 0, index_max))(), std::numeric_limits<double>::infinity());
    EXPECT_TRUE(std::isnan(tensor<double>(loom::var(tensor<double>{1, 1, 1}, loom::flat, index_max))()));
}

// ---- 12. one_hot with classes at the limits ----

TEST(HostileInput, OneHotOfLargestInt64ClassIsRefused) {
    const tensor<std::int64_t> classes{index_max, 0};
    const std::string message = message_of([&] { (void)loom::one_hot(classes); });
    EXPECT_TRUE(contains(message, "9223372036854775807")) << message;
    EXPECT_THROW((void)loom::one_hot(classes), std::length_error);
}

TEST(HostileInput, OneHotOfUnsignedClassBeyondInt64IsRefused) {
    const tensor<std::uint64_t> classes{std::numeric_limits<std::uint64_t>::max()};
    const std::string message = message_of([&] { (void)loom::one_hot(classes); });
    EXPECT_TRUE(contains(message, "18446744073709551615")) << message;
    EXPECT_THROW((void)loom::one_hot(classes), std::length_error);
}

TEST(HostileInput, OneHotWhoseResultOverflowsIsRefusedNamingTheShape) {
    const tensor<std::int64_t> classes(shape_type{4}, 0);
    const std::string message = message_of([&] { (void)loom::one_hot(classes, index_t{1} << 62); });
    EXPECT_TRUE(contains(message, "[4, 4611686018427387904]")) << message;
    EXPECT_THROW((void)loom::one_hot(classes, index_t{1} << 62), std::length_error);
}

TEST(HostileInput, OneHotOfNegativeClassesIsRefusedBeforeAllocating) {
    const std::string message = message_of([] { (void)loom::one_hot(tensor<int>{-5, -2}); });
    EXPECT_TRUE(contains(message, "class -5 at [0]")) << message;
    EXPECT_FALSE(contains(message, "0 to -1")) << message;
    EXPECT_THROW((void)loom::one_hot(tensor<int>{-5, -2}), std::out_of_range);
    // A class out of range is found before 2^40 int64 are allocated.
    EXPECT_THROW((void)loom::one_hot(tensor<int>{-1}, index_t{1} << 40), std::out_of_range);
}

// ---- 13. tile and repeat whose result sizes overflow ----

TEST(HostileInput, TileWhoseSizeOverflowsIsRefusedNamingShapeAndRepetitions) {
    const tensor<int> x{1, 2, 3, 4};
    const std::vector<index_t> reps{index_t{1} << 62};
    const std::string message = message_of([&] { (void)loom::tile(x, reps); });
    EXPECT_TRUE(contains(message, "[4]")) << message;
    EXPECT_TRUE(contains(message, "[4611686018427387904]")) << message;
    EXPECT_THROW((void)loom::tile(x, reps), std::length_error);
    EXPECT_THROW((void)loom::tile(x, index_t{1} << 62), std::length_error);
    EXPECT_THROW((void)loom::tile(x, std::vector<index_t>{index_t{1} << 40, index_t{1} << 40}), std::length_error);
}

TEST(HostileInput, TileOfRankAboveHalfTheMaximumWorks) {
    // The result seen with a dimension per repetition and per size keeps within max_rank.
    shape_type shape(40, 1);
    shape[3] = 2;
    const tensor<int> x = loom::reshape(tensor<int>{5, 6}, std::vector<index_t>(shape.begin(), shape.end()));
    std::vector<index_t> reps(40, 1);
    reps[39] = 3;
    const tensor<int> r = loom::tile(x, reps);
    shape[39] = 3;
    EXPECT_EQ(r.shape(), shape);
    EXPECT_EQ(std::vector<int>(r.begin(), r.end()), (std::vector<int>{5, 5, 5, 6, 6, 6}));
}

TEST(HostileInput, RepeatWhoseCountsOverflowIsRefusedNamingTheCounts) {
    const tensor<int> x{1, 2};
    const std::string message = message_of([&] { (void)loom::repeat(x, {index_max, 1}, 0); });
    EXPECT_TRUE(contains(message, "[9223372036854775807, 1]")) << message;
    EXPECT_TRUE(contains(message, "[2]")) << message;
    EXPECT_THROW((void)loom::repeat(x, {index_max, 1}, 0), std::length_error);
    EXPECT_THROW((void)loom::repeat(x, index_t{1} << 62, 0), std::length_error);
}

TEST(HostileInput, RepeatOfHugeBroadcastViewZeroTimesIsEmptyAtOnce) {
    // One count is multiplied by the 2^62 slices, not added once per slice.
    const auto huge = loom::broadcast_to(tensor<int>{7}, {index_t{1} << 62});
    EXPECT_EQ(loom::repeat(huge, 0, 0).shape(), (shape_type{0}));
    EXPECT_THROW((void)loom::repeat(huge, 2, 0), std::length_error);
}

// ---- 14. roll with no shift or no axis, and shifts at the limits ----

TEST(HostileInput, RollWithNoShiftOrNoAxisReturnsTheInputAsNumPy) {
    using list = std::vector<index_t>;
    const tensor<int> x{{0, 1, 2}, {3, 4, 5}};
    EXPECT_TRUE(loom::array_equal(loom::roll(x, list{1}, list{}), x));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, list{}, list{0}), x));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, list{}, list{}), x));
    // The axes are still checked, and lists that do not pair refused, as NumPy does.
    EXPECT_THROW((void)loom::roll(x, list{}, list{5}), std::out_of_range);
    EXPECT_THROW((void)loom::roll(x, list{1, 2}, list{}), std::invalid_argument);
    EXPECT_THROW((void)loom::roll(x, list{}, list{0, 1}), std::invalid_argument);
    // The same with braced lists, which pick no scalar shift or axis.
    EXPECT_TRUE(loom::array_equal(loom::roll(x, {1}, {}), x));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, {}, {0}), x));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, {1}, {0}), tensor<int>{{3, 4, 5}, {0, 1, 2}}));
}

TEST(HostileInput, RollByExtremeShiftsMatchesNumPy) {
    constexpr index_t index_min = std::numeric_limits<index_t>::min();
    const tensor<int> x{0, 1, 2, 3, 4};
    EXPECT_TRUE(loom::array_equal(loom::roll(x, index_min, 0), tensor<int>{3, 4, 0, 1, 2}));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, index_max, 0), tensor<int>{3, 4, 0, 1, 2}));
    // An axis given twice is rolled by the sum, taken modulo its size without
    // overflowing (NumPy's int64 sum wraps around for two index_max: [2, 3, 4, 0, 1]).
    using list = std::vector<index_t>;
    EXPECT_TRUE(loom::array_equal(loom::roll(x, list{index_min, index_max}, list{0}), tensor<int>{1, 2, 3, 4, 0}));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, list{index_max, index_max}, list{0}), tensor<int>{1, 2, 3, 4, 0}));
    const tensor<int> empty(shape_type{0, 3});
    EXPECT_EQ(loom::roll(empty, index_min, 0).shape(), (shape_type{0, 3}));
    EXPECT_EQ(loom::roll(empty, index_max, 1).shape(), (shape_type{0, 3}));
}

// ---- 15. pad widths that overflow ----

TEST(HostileInput, PadWidthsThatOverflowAreNamed) {
    const tensor<int> x{1, 2};
    const std::string message = message_of([&] { (void)loom::pad(x, loom::pad_width{index_max, 1}); });
    EXPECT_TRUE(contains(message, "(9223372036854775807, 1)")) << message;
    EXPECT_TRUE(contains(message, "[2]")) << message;
    EXPECT_FALSE(contains(message, "shape [2] has more elements")) << message;
    EXPECT_THROW((void)loom::pad(x, loom::pad_width{index_max, 1}), std::length_error);
    EXPECT_THROW((void)loom::pad(x, loom::pad_width{1, index_max - 2}), std::length_error);
}

// ---- 16. .npy header shapes as Python writes integers, and ranks above the maximum ----

std::string npy_header_with_shape(const std::string& shape) {
    return "{'descr': '<i1', 'fortran_order': False, 'shape': " + shape + ", }\n";
}

TEST(HostileInput, NpyHeaderSizesInPythonIntegerSyntaxAreReadAsNumPyReadsThem) {
    // What np.load of NumPy 1.24 accepts.
    const std::pair<const char*, shape_type> accepted[] = {
        {"(0x6,)", {6}},   {"(0X6,)", {6}},     {"(6_0,)", {60}},  {"(+6,)", {6}},      {"(+ 6,)", {6}},
        {"(-0,)", {0}},    {"(00,)", {0}},      {"(0_0,)", {0}},   {"(0o7,)", {7}},     {"(0b11,)", {3}},
        {"(0x_6,)", {6}},  {"(6L,)", {6}},      {"(0x6L,)", {6}},  {"( 6 , 2 )", {6, 2}}, {"(6 ,)", {6}},
        {"(0xff, 1_000)", {255, 1000}},
    };
    for (const auto& [text, shape] : accepted) {
        EXPECT_EQ(loom::npy::parse_header(npy_header_with_shape(text)).shape, shape) << text;
    }
}

TEST(HostileInput, NpyHeaderSizesNumPyRefusesAreRefusedQuotingTheHeader) {
    // What np.load of NumPy 1.24 refuses, each quoted as the header has it.
    const std::pair<const char*, const char*> refused[] = {
        {"(2.5, 3)", "'2.5'"}, {"(06,)", "'06'"},   {"(0_6,)", "'0_6'"}, {"(6_,)", "'6_'"},
        {"(6__0,)", "'6__0'"}, {"(1e1,)", "'1e1'"}, {"(6j,)", "'6j'"},   {"(--6,)", "'--6'"},
        {"(0b12,)", "'0b12'"}, {"(0x,)", "'0x'"},   {"(0x6)", "(0x6)"},  {"(6_0)", "(6_0)"},
        {"(+6)", "(+6)"},      {"(6,,)", "',)"},    {"(,)", "',)"},      {"(- 6,)", "negative"},
        {"(-6,)", "negative"},
    };
    for (const auto& [text, quoted] : refused) {
        const std::string header = npy_header_with_shape(text);
        const std::string message = message_of([&] { (void)loom::npy::parse_header(header); });
        EXPECT_TRUE(contains(message, quoted)) << text << ": " << message;
        EXPECT_THROW((void)loom::npy::parse_header(header), std::runtime_error) << text;
    }
}

TEST(HostileInput, NpyHeaderShapeOfRankAboveTheMaximumIsAFileError) {
    std::string shape = "(";
    for (int d = 0; d < 100000; ++d) shape += "1,";
    shape += ")";
    const auto bytes = loom::testing::bytes_of(loom::testing::npy_image(2, npy_header_with_shape(shape)));
    const std::string message = message_of([&] { (void)loom::read_npy_any(bytes); });
    EXPECT_TRUE(contains(message, "rank 100000")) << message;
    EXPECT_TRUE(contains(message, "64")) << message;
    EXPECT_THROW((void)loom::read_npy_any(bytes), std::runtime_error);
    // Rank 64 itself is read.
    std::string largest = "(";
    for (std::size_t d = 0; d < loom::max_rank; ++d) largest += "1, ";
    largest += ")";
    EXPECT_EQ(loom::npy::parse_header(npy_header_with_shape(largest)).shape, shape_type(loom::max_rank, 1));
}

// ---- 17. Thread counts ----

class HostileThreadCount : public ::testing::Test {
protected:
    void TearDown() override { loom::set_num_threads(saved_); }
    int saved_ = loom::num_threads();
};

TEST_F(HostileThreadCount, ThreadCountsOutsideTheRangeAreRefused) {
    EXPECT_LE(loom::max_num_threads(), loom::max_threads);
    for (const int threads : {0, -1, loom::max_num_threads() + 1, 100000, std::numeric_limits<int>::max(),
                              std::numeric_limits<int>::min()}) {
        const std::string message = message_of([&] { loom::set_num_threads(threads); });
        EXPECT_TRUE(contains(message, std::to_string(threads))) << message;
        EXPECT_TRUE(contains(message, "from 1 to")) << message;
        EXPECT_THROW(loom::set_num_threads(threads), std::invalid_argument);
    }
    EXPECT_EQ(loom::num_threads(), saved_);
}

TEST_F(HostileThreadCount, ThreadCountsInTheRangeAreAccepted) {
    loom::set_num_threads(1);
    EXPECT_EQ(loom::num_threads(), 1);
    loom::set_num_threads(loom::max_num_threads());
    loom::set_num_threads(3);
    const tensor<float> x = loom::ones<float>({1 << 17});
    EXPECT_EQ(tensor<float>(loom::sum(x * 2.f))(), float(1 << 18));
}

// ---- 18. softmax, log_softmax and logsumexp with infinities ----

TEST(HostileInput, SoftmaxFunctionsNameThemselvesForADuplicateAxis) {
    const tensor<double> x{{1, 2}, {3, 4}};
    const std::string message = message_of([&] { (void)loom::logsumexp(x, {0, 0}); });
    EXPECT_TRUE(contains(message, "logsumexp")) << message;
    EXPECT_FALSE(contains(message, "softmax")) << message;
    EXPECT_THROW((void)loom::logsumexp(x, {0, 0}), std::invalid_argument);
    EXPECT_TRUE(contains(message_of([&] { (void)loom::log_softmax(x, 2); }), "log_softmax"));
    EXPECT_TRUE(contains(message_of([&] { (void)loom::softmax(x, 2); }), "softmax"));
}

TEST(HostileInput, SoftmaxWithInfinityIsNaNAsInPyTorch) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    const tensor<double> s = loom::softmax(tensor<double>{inf, 1});
    EXPECT_TRUE(std::isnan(s(0)) && std::isnan(s(1))) << s;
    const tensor<double> l = loom::log_softmax(tensor<double>{inf, 1});
    EXPECT_TRUE(std::isnan(l(0)) && std::isnan(l(1))) << l;
    const tensor<double> n = loom::softmax(tensor<double>{-inf, -inf});
    EXPECT_TRUE(std::isnan(n(0)) && std::isnan(n(1))) << n;
    // A -inf beside finite values is a 0 (log: -inf).
    EXPECT_TRUE(loom::array_equal(loom::softmax(tensor<double>{-inf, 1}), tensor<double>{0, 1}));
    EXPECT_TRUE(loom::array_equal(loom::log_softmax(tensor<double>{-inf, 1}), tensor<double>{-inf, 0}));
}

TEST(HostileInput, LogsumexpWithInfinitiesFollowsSciPy) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(loom::logsumexp(tensor<double>{inf, 1})(), inf);
    EXPECT_EQ(loom::logsumexp(tensor<double>{inf, -inf})(), inf);
    EXPECT_EQ(loom::logsumexp(tensor<double>{-inf, -inf})(), -inf);
    EXPECT_TRUE(std::isnan(loom::logsumexp(tensor<double>{inf, std::nan("")})()));
}

// ---- 19. einsum of broadcast operands, and results too large ----

TEST(HostileInput, EinsumWhoseResultOverflowsIsRefusedNamingTheShapes) {
    const auto a = loom::broadcast_to(loom::ones<float>({1}), {index_t{1} << 40});
    const std::string message = message_of([&] { (void)loom::einsum("i,j->ij", a, a); });
    EXPECT_TRUE(contains(message, "[1099511627776, 1099511627776]")) << message;
    EXPECT_TRUE(contains(message, "[1099511627776] and [1099511627776]")) << message;
    EXPECT_THROW((void)loom::einsum("i,j->ij", a, a), std::length_error);
}

TEST(HostileInput, EinsumReadsBroadcastOperandsInPlace) {
    // 2^40 elements each: a copy would ask for 4 TiB.
    const auto a = loom::broadcast_to(loom::ones<float>({1}), {index_t{1} << 40});
    EXPECT_EQ(loom::einsum("i,i->", a, a)(), float(index_t{1} << 40));
    EXPECT_EQ(loom::einsum("i->", a)(), float(index_t{1} << 40));
    const auto row = loom::broadcast_to(tensor<double>{{1, 2, 3}}, {index_t{1} << 40, 3});
    const tensor<double> column_sums = loom::einsum("ij->j", row);
    EXPECT_TRUE(loom::array_equal(column_sums, tensor<double>{1099511627776.0, 2199023255552.0, 3298534883328.0}));
    const tensor<double> w{{1, 0}, {0, 1}, {1, 1}};
    const tensor<double> projected = loom::einsum("ij,jk->k", row, w);
    EXPECT_TRUE(loom::array_equal(projected, tensor<double>{4 * 1099511627776.0, 5 * 1099511627776.0}));
    const auto grid = loom::broadcast_to(tensor<int>{{1}, {2}}, {2, index_t{1} << 40});
    EXPECT_TRUE(loom::array_equal(loom::einsum("ij,ij->i", grid, grid), tensor<int>{0, 0}));  // wraps, as int32 sums do
    EXPECT_EQ(loom::einsum("ij->i", grid).shape(), (shape_type{2}));
}

TEST(HostileInput, EinsumOfBroadcastOperandsMatchesEinsumOfCopies) {
    const tensor<double> v{1, 2, 3};
    const auto b = loom::broadcast_to(v, {4, 3});
    const tensor<double> c = b.copy();
    const tensor<double> m = loom::arange<double>(0, 12).reshape({3, 4});
    for (const char* subscripts : {"ij,jk->ik", "ij,jk->k", "ij,jk->ijk", "ij,jk->", "ij,jk->ki", "ij,jk"}) {
        EXPECT_TRUE(loom::array_equal(loom::einsum(subscripts, b, m), loom::einsum(subscripts, c, m))) << subscripts;
        EXPECT_TRUE(loom::array_equal(loom::einsum(subscripts, b, m.transpose().copy().transpose()),
                                      loom::einsum(subscripts, c, m)))
            << subscripts;
    }
    for (const char* subscripts : {"ij->", "ij->i", "ij->j", "ij->ji", "ij"}) {
        EXPECT_TRUE(loom::array_equal(loom::einsum(subscripts, b), loom::einsum(subscripts, c))) << subscripts;
    }
    const auto both = loom::broadcast_to(tensor<std::int64_t>{5}, {3, 3});
    EXPECT_TRUE(loom::array_equal(loom::einsum("ii->i", both), tensor<std::int64_t>{5, 5, 5}));
    EXPECT_TRUE(loom::array_equal(loom::einsum("ij,jk->ik", both, both), loom::full<std::int64_t>({3, 3}, 75)));
    EXPECT_EQ(loom::einsum("ij,kl->", both, both)(), 25 * 81);
}

TEST(HostileInput, EinsumSubscriptsOfRankAboveTheMaximumAreRefused) {
    const std::string many(100, 'a');
    const std::string message = message_of([&] { (void)loom::einsum(many + "->a", tensor<int>{1}); });
    EXPECT_TRUE(contains(message, "100 dimensions")) << message;
    EXPECT_TRUE(contains(message, "64")) << message;
    EXPECT_THROW((void)loom::einsum(many + "->a", tensor<int>{1}), std::invalid_argument);
}

}  // namespace
