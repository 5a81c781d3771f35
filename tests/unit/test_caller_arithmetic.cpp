// Sizes, counts and axes from the caller that enter arithmetic: each one
// that would overflow is refused with a documented exception naming the
// shape, or gives NumPy's result.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::flat;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::message_of;

constexpr index_t big = index_t{1} << 62;

// ---- Broadcasting an empty array to sizes whose product overflows ----

TEST(CallerArithmetic, BroadcastToEmptyShapeWhoseOtherSizesOverflowIsRefused) {
    // NumPy: "iterator is too large".
    const tensor<std::int8_t> x(shape_type{1, 1, 0});
    const std::string message = message_of([&] { (void)loom::broadcast_to(x, {big, 4, 0}); });
    EXPECT_TRUE(contains(message, "[4611686018427387904, 4, 0]")) << message;
    EXPECT_THROW((void)loom::broadcast_to(x, {big, 4, 0}), std::length_error);
    EXPECT_EQ(loom::broadcast_to(x, {big, 1, 0}).shape(), (shape_type{big, 1, 0}));
}

TEST(CallerArithmetic, ExpandToEmptyShapeWhoseOtherSizesOverflowIsRefused) {
    const tensor<std::int8_t> x(shape_type{1, 0});
    EXPECT_THROW((void)loom::expand(x, {big, 4, -1, 0}), std::length_error);
}

TEST(CallerArithmetic, PlacingOntoEmptyShapeWhoseOtherSizesOverflowIsRefused) {
    const tensor<std::int8_t> x(shape_type{4, 0});
    const std::string message =
        message_of([&] { (void)loom::broadcast_to(x, {big, 4, 0}, loom::broadcast::pdpd(1)); });
    EXPECT_TRUE(contains(message, "cannot place shape [4, 0] onto [4611686018427387904, 4, 0]")) << message;
    EXPECT_THROW((void)loom::broadcast_to(x, {big, 4, 0}, loom::broadcast::pdpd(1)), std::length_error);
}

// ---- The count a reduction reduces ----

TEST(CallerArithmetic, MeanOverAxesOfEmptyExpressionWhoseReducedSizesOverflowIsRefused) {
    // [2^62, 1, 0] + [1, 4, 0] is [2^62, 4, 0]: no elements, but 2^64 along axes 0 and 1.
    const tensor<std::int8_t> a(shape_type{big, 1, 0});
    const tensor<std::int8_t> b(shape_type{1, 4, 0});
    const std::string message = message_of([&] { (void)tensor<double>(loom::mean(a + b, {0, 1})); });
    EXPECT_TRUE(contains(message, "axes [0, 1] of shape [4611686018427387904, 4, 0]")) << message;
    EXPECT_THROW((void)tensor<double>(loom::mean(a + b, {0, 1})), std::length_error);
}

TEST(CallerArithmetic, MeanOverEmptyAxisBesideSizesWhoseProductOverflowsIsNaN) {
    // The reduced count is 0, whatever the other reduced sizes: NumPy's mean of nothing.
    const tensor<std::int8_t> a(shape_type{big, 1, 0});
    const tensor<std::int8_t> b(shape_type{1, 4, 0});
    const tensor<double> m = loom::mean(a + b, flat);
    EXPECT_TRUE(std::isnan(m.item()));
}

TEST(CallerArithmetic, RunOfTheLargestSizeIsCutWithoutOverflow) {
    // sum(broadcast_to(x, {2^63 - 1})) cuts its one run so.
    const index_t largest = std::numeric_limits<index_t>::max();
    const auto cut = loom::detail::parts_of_run(largest);
    EXPECT_LE(cut.count, loom::detail::max_pieces);
    EXPECT_EQ(cut.end(cut.count - 1), largest);
    EXPECT_EQ(cut.end(0), cut.size);
}

TEST(CallerArithmetic, RunIsCutIntoPartsOfPowersOfTwoChunks) {
    const auto cut = loom::detail::parts_of_run(1000);
    EXPECT_EQ(cut.size, 256);
    EXPECT_EQ(cut.count, 4);
    EXPECT_EQ(cut.end(3), 1000);
}

// ---- Class losses without classes ----

TEST(CallerArithmetic, NllLossWithoutClassesSaysThereAreNone) {
    const tensor<double> input(shape_type{2, 0});
    const tensor<index_t> target{0, 0};
    const std::string message = message_of([&] { (void)loom::nll_loss(input, target); });
    EXPECT_FALSE(contains(message, "0 to -1")) << message;
    EXPECT_THROW((void)loom::nll_loss(input, target), std::out_of_range);
}

// ---- randint's interval ----

TEST(CallerArithmetic, RandintBelowAnUnsignedZeroHighDrawsFromTheInterval) {
    // high - 1 wraps for an unsigned 0; NumPy: integers(-5, np.uint64(0)) draws from [-5, 0).
    EXPECT_TRUE(loom::array_equal(loom::randint<int>(-5, 0u, {6}, 42), loom::randint<int>(-5, 0, {6}, 42)));
    EXPECT_TRUE(loom::array_equal(loom::randint(index_t{-5}, std::uint64_t{0}, {6}, 42), loom::randint(-5, 0, {6}, 42)));
    EXPECT_THROW((void)loom::randint<std::int8_t>(-5, 129u, {1}, 42), std::out_of_range);
    EXPECT_NO_THROW((void)loom::randint<std::int8_t>(-5, 128u, {1}, 42));
}

// ---- Numbers of sections ----

TEST(CallerArithmetic, ArraySplitIntoMoreSectionsThanAVectorHoldsIsRefused) {
    // NumPy: MemoryError, at once; growing the list of parts would take all memory first.
    const tensor<int> a{1, 2, 3};
    const index_t sections = std::numeric_limits<index_t>::max();
    const std::string message = message_of([&] { (void)loom::array_split(a, sections); });
    EXPECT_TRUE(contains(message, "9223372036854775807 sections")) << message;
    EXPECT_THROW((void)loom::array_split(a, sections), std::length_error);
    EXPECT_EQ(loom::array_split(a, 5).size(), 5u);
}

// ---- Joined sizes ----

TEST(CallerArithmetic, ConcatenatedSizesThatOverflowNameTheOperand) {
    // Each operand fits; their sum along the axis does not (NumPy: "array is too big").
    const tensor<std::int8_t> one{1};
    const auto v = loom::broadcast_to(one, {big});
    const std::vector operands{v, v, v};
    loom::testing::expect_error_text<std::length_error>(
        [&] { (void)loom::concatenate(operands); },
        "concatenate: the sizes along axis 0 add up past what a 64-bit index holds at operand 1, of shape "
        "[4611686018427387904] (4611686018427387904 + 4611686018427387904); join fewer or smaller arrays");
    loom::testing::expect_error_text<std::length_error>(
        [&] { (void)loom::concatenate(operands, flat); },
        "concatenate: the element counts add up past what a 64-bit index holds at operand 1, of shape "
        "[4611686018427387904] (4611686018427387904 + 4611686018427387904); join fewer or smaller arrays");
    const std::string message = message_of([&] { (void)loom::hstack(operands); });
    EXPECT_TRUE(contains(message, "hstack: the sizes along axis 0 add up past")) << message;
}

TEST(CallerArithmetic, OuterOfAHugeBroadcastOperandWithAnEmptyOneCopiesNothing) {
    // NumPy: np.outer(np.broadcast_to(a, (2**40, 3, 2)), np.zeros(0)).shape == (6597069766656, 0)
    const tensor<double> a = loom::ones<double>({1, 2});
    const tensor<double> empty = loom::zeros<double>({0});
    const tensor<double> r = loom::outer(loom::broadcast_to(a, {index_t{1} << 40, 3, 2}), empty);
    EXPECT_EQ(r.shape(), (shape_type{(index_t{1} << 40) * 6, 0}));
}

TEST(CallerArithmetic, TensordotOfAHugeBroadcastOperandWithAnEmptyResultCopiesNothing) {
    // Free sizes 2^40 beside an empty one: the result [0, 2^40] has no element to compute.
    const tensor<float> a = loom::zeros<float>({0, 3});
    const tensor<float> b = loom::ones<float>({3, 1});
    const tensor<float> r = loom::tensordot(a, loom::broadcast_to(b, {3, index_t{1} << 40}), 1);
    EXPECT_EQ(r.shape(), (shape_type{0, index_t{1} << 40}));
    // Sums over an empty axis are zeros, whatever the other sizes.
    const tensor<float> zeros = loom::tensordot(loom::ones<float>({2, 0}), loom::ones<float>({0, 3}), 1);
    EXPECT_EQ(zeros.shape(), (shape_type{2, 3}));
    EXPECT_TRUE(loom::array_equal(zeros, loom::zeros<float>({2, 3})));
}

}  // namespace
