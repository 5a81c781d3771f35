// Broadcast rules on shapes (docs/semantics.md, "NumPy broadcasting",
// "Broadcast specs", "Assignment and in-place semantics"). The seed pages'
// examples, evaluated on real tensors, are in test_seeds.cpp.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "error_text.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::broadcast_error;
using loom::index_t;
using loom::shape_type;
using loom::testing::contains;
using loom::testing::expect_error_text;
using loom::testing::message_of;
using loom::testing::one_element_seen_as;
using loom::testing::two_to_32;

namespace broadcast = loom::broadcast;

// ---- NumPy's rule, two shapes ----

TEST(BroadcastShapes, EqualShapesGiveTheSameShape) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 3}, shape_type{2, 3}), (shape_type{2, 3}));
}

TEST(BroadcastShapes, ShorterShapeIsPrependedWithOnes) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{4}, shape_type{2, 3, 4}), (shape_type{2, 3, 4}));
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 3, 4}, shape_type{3, 1}), (shape_type{2, 3, 4}));
}

TEST(BroadcastShapes, SizeOneStretchesInEitherOperand) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{8, 1, 6, 1}, shape_type{7, 1, 5}), (shape_type{8, 7, 6, 5}));
}

TEST(BroadcastShapes, IsSymmetric) {
    const shape_type a{8, 1, 6, 1}, b{7, 1, 5};
    EXPECT_EQ(loom::broadcast_shapes(a, b), loom::broadcast_shapes(b, a));
}

TEST(BroadcastShapes, Rank0WithRank0IsRank0) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{}, shape_type{}), shape_type{});
}

TEST(BroadcastShapes, Rank0BroadcastsWithAnything) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{}, shape_type{2, 3}), (shape_type{2, 3}));
    EXPECT_EQ(loom::broadcast_shapes(shape_type{0, 3}, shape_type{}), (shape_type{0, 3}));
}

TEST(BroadcastShapes, ZeroWithOneGivesZero) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{0}, shape_type{1}), shape_type{0});
    EXPECT_EQ(loom::broadcast_shapes(shape_type{1, 4}, shape_type{0, 1}), (shape_type{0, 4}));
}

TEST(BroadcastShapes, ZeroWithZeroGivesZero) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{0, 3}, shape_type{0, 3}), (shape_type{0, 3}));
}

TEST(BroadcastShapes, ZeroWithAnotherSizeIsAnError) {
    EXPECT_THROW(loom::broadcast_shapes(shape_type{0}, shape_type{3}), broadcast_error);
    const std::string message = message_of([] { loom::broadcast_shapes(shape_type{2, 0}, shape_type{3}); });
    EXPECT_TRUE(contains(message, "size 0 vs 3 at dimension 1")) << message;
}

TEST(BroadcastShapes, MismatchThrowsBroadcastError) {
    EXPECT_THROW(loom::broadcast_shapes(shape_type{3}, shape_type{4}), broadcast_error);
}

TEST(BroadcastShapes, BroadcastErrorIsAnInvalidArgument) {
    static_assert(std::is_base_of_v<std::invalid_argument, broadcast_error>);
    EXPECT_THROW(loom::broadcast_shapes(shape_type{3}, shape_type{4}), std::invalid_argument);
}

TEST(BroadcastShapes, MismatchMessageNamesBothShapesSizesAndDimension) {
    const std::string message =
        message_of([] { loom::broadcast_shapes(shape_type{5, 2, 4, 1}, shape_type{3, 1, 1}); });
    EXPECT_TRUE(contains(message, "shapes [5, 2, 4, 1] and [3, 1, 1] are not broadcastable")) << message;
    EXPECT_TRUE(contains(message, "size 2 vs 3 at dimension 1")) << message;
}

TEST(BroadcastShapes, MismatchDimensionIsCountedInTheResult) {
    // b's dimension 0 is the result's dimension 2.
    const std::string message = message_of([] { loom::broadcast_shapes(shape_type{2, 3, 4}, shape_type{5}); });
    EXPECT_TRUE(contains(message, "size 4 vs 5 at dimension 2")) << message;
}

// ---- NumPy's rule, three shapes ----

TEST(BroadcastShapes, ThreeShapesBroadcastTogether) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 1}, shape_type{1, 3}, shape_type{4, 1, 1}),
              (shape_type{4, 2, 3}));
}

TEST(BroadcastShapes, ThreeShapesWithRank0AndZero) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{}, shape_type{0, 1}, shape_type{5}), (shape_type{0, 5}));
}

TEST(BroadcastShapes, ThreeShapesMismatchNamesTheTwoThatDisagree) {
    const std::string message =
        message_of([] { loom::broadcast_shapes(shape_type{2, 1}, shape_type{1, 3}, shape_type{5, 1}); });
    EXPECT_TRUE(contains(message, "shapes [2, 1] and [5, 1]")) << message;
    EXPECT_TRUE(contains(message, "size 2 vs 5 at dimension 0")) << message;
}

TEST(BroadcastShapes, OneShapeIsItself) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 0, 3}), (shape_type{2, 0, 3}));
}

// ---- Errors are raised when an expression is built ----

TEST(BroadcastShapes, ExpressionWithMismatchedShapesThrowsWhenBuilt) {
    const loom::tensor<float> a(shape_type{2, 3}), b(shape_type{4});
    EXPECT_THROW((void)(a + b), broadcast_error);
}

TEST(BroadcastShapes, NestedExpressionReportsTheShapesOfItsOwnOperands) {
    const loom::tensor<float> a(shape_type{2, 1}), b(shape_type{1, 3}), c(shape_type{4});
    const std::string message = message_of([&] { (void)((a + b) * c); });
    EXPECT_TRUE(contains(message, "shapes [2, 3] and [4]")) << message;
}

// ---- Results with more elements than an index counts ----
//
// NumPy refuses them when the shapes are combined: np.broadcast_shapes((2**32, 1), (1, 2**32))
// raises "broadcast dimensions too large", and a + b of such views "iterator is too large".

constexpr index_t two_to_31 = index_t{1} << 31;
const std::string too_large_2_32 =
    "shapes [4294967296, 1] and [1, 4294967296] broadcast to [4294967296, 4294967296], which has more elements "
    "than fit in a 64-bit index; use smaller sizes";

TEST(BroadcastTooLarge, TwoShapesWhoseResultHasTwoToThe64ElementsAreRefused) {
    expect_error_text<std::length_error>(
        [] { loom::broadcast_shapes(shape_type{two_to_32, 1}, shape_type{1, two_to_32}); }, too_large_2_32);
    // 2^62 * 2 = 2^63 is one past the largest index: refused, as NumPy refuses (2**62, 1) with (1, 2).
    EXPECT_THROW(loom::broadcast_shapes(shape_type{index_t{1} << 62, 1}, shape_type{1, 2}), std::length_error);
}

TEST(BroadcastTooLarge, ResultsThatFitAreAccepted) {
    // np.broadcast_shapes((2**31, 1), (1, 2**31)) == (2**31, 2**31): 2^62 elements fit.
    EXPECT_EQ(loom::broadcast_shapes(shape_type{two_to_31, 1}, shape_type{1, two_to_31}),
              (shape_type{two_to_31, two_to_31}));
    // A 0 among the sizes makes no element, whatever the others: NumPy gives (0, 2**32, 2**32).
    EXPECT_EQ(loom::broadcast_shapes(shape_type{0, two_to_32, 1}, shape_type{1, two_to_32}),
              (shape_type{0, two_to_32, two_to_32}));
}

TEST(BroadcastTooLarge, ThreeShapesAndOneAreRefusedToo) {
    expect_error_text<std::length_error>(
        [] { loom::broadcast_shapes(shape_type{two_to_32, 1, 1}, shape_type{1, two_to_32}, shape_type{1}); },
        "shapes [4294967296, 1, 1], [1, 4294967296] and [1] broadcast to [4294967296, 1, 4294967296], which has "
        "more elements than fit in a 64-bit index; use smaller sizes");
    EXPECT_THROW(loom::broadcast_shapes(shape_type{two_to_32, two_to_32}), std::length_error);
}

TEST(BroadcastTooLarge, EveryRuleRefusesTheResult) {
    const shape_type column{two_to_32, 1}, row{1, two_to_32}, square{two_to_32, two_to_32};
    expect_error_text<std::length_error>([&] { loom::broadcast_shapes(column, row, broadcast::numpy); },
                                         too_large_2_32);
    expect_error_text<std::length_error>(
        [&] { loom::broadcast_shapes(row, shape_type{two_to_32}, broadcast::paddle_elementwise(0)); },
        "shape [4294967296] placed onto [1, 4294967296] at axis 0 gives [4294967296, 1]: shapes [1, 4294967296] "
        "and [4294967296, 1] broadcast to [4294967296, 4294967296], which has more elements than fit in a 64-bit "
        "index; use smaller sizes");
    EXPECT_THROW(loom::broadcast_shapes(square, shape_type{two_to_32}, broadcast::pdpd(0)), std::length_error);
    EXPECT_THROW(loom::broadcast_shapes(square, square, broadcast::none), std::length_error);
    expect_error_text<std::length_error>([&] { loom::broadcast_bidirectional_shape(column, row); }, too_large_2_32);
    // The in-place rule: a destination never grows, so it is its error, naming the destination.
    expect_error_text<broadcast_error>([&] { loom::check_fits_destination(column, row); },
                                       "output with shape [4294967296, 1] cannot take a value of shape "
                                       "[1, 4294967296]: " + too_large_2_32);
}

TEST(BroadcastTooLarge, BuildingTheExpressionIsRefused) {
    const auto column = one_element_seen_as({two_to_32, 1});
    const auto row = one_element_seen_as({1, two_to_32});
    expect_error_text<std::length_error>([&] { (void)(column + row); }, too_large_2_32);
    EXPECT_THROW((void)(column * 2.f + row), std::length_error);
    EXPECT_THROW((void)loom::where(loom::tensor<bool>(shape_type{1}, true), column, row), std::length_error);
    EXPECT_THROW((void)loom::add(row, one_element_seen_as({two_to_32}), broadcast::paddle_elementwise(0)),
                 std::length_error);
    // A view of the result's shape is refused as well, when it is made.
    EXPECT_THROW((void)one_element_seen_as({two_to_32, two_to_32}), std::length_error);
}

TEST(BroadcastTooLarge, AnExpressionThatFitsIsBuiltAndItsTensorRefusedForItsBytes) {
    // 2^62 elements fit in an index; 2^62 floats of 4 bytes do not fit in its bytes (NumPy: "array is too big").
    const auto column = one_element_seen_as({two_to_31, 1});
    const auto row = one_element_seen_as({1, two_to_31});
    const auto sum = column + row;
    EXPECT_EQ(sum.shape(), (shape_type{two_to_31, two_to_31}));
    EXPECT_EQ(sum.size(), index_t{1} << 62);
    const std::string message = message_of([&] { (void)loom::tensor<float>(sum); });
    EXPECT_TRUE(contains(message, "[2147483648, 2147483648] of 4-byte elements spans more bytes")) << message;
    EXPECT_THROW((void)loom::tensor<float>(sum), std::length_error);
}

// ---- Broadcast specs on shapes ----

TEST(BroadcastSpec, NumpyIsTheDefault) {
    EXPECT_EQ(loom::broadcast_spec{}, broadcast::numpy);
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 1}, shape_type{3}, broadcast::numpy), (shape_type{2, 3}));
}

TEST(BroadcastSpec, NoneAcceptsIdenticalShapes) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 3}, shape_type{2, 3}, broadcast::none), (shape_type{2, 3}));
    EXPECT_EQ(loom::broadcast_shapes(shape_type{}, shape_type{}, broadcast::none), shape_type{});
}

TEST(BroadcastSpec, NoneRejectsShapesThatNumpyWouldBroadcast) {
    EXPECT_THROW(loom::broadcast_shapes(shape_type{2, 3}, shape_type{3}, broadcast::none), broadcast_error);
    EXPECT_THROW(loom::broadcast_shapes(shape_type{2, 3}, shape_type{1, 3}, broadcast::none), broadcast_error);
}

TEST(BroadcastSpec, NoneMessageNamesBothShapes) {
    const std::string message =
        message_of([] { loom::broadcast_shapes(shape_type{2, 3}, shape_type{3}, broadcast::none); });
    EXPECT_TRUE(contains(message, "[2, 3] and [3]")) << message;
}

TEST(PdpdPlacement, TrailingOnesOfBAreDroppedThenPlacedAtAxis) {
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{3, 1}, 1), (shape_type{1, 3, 1, 1}));
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{3, 4}, 1), (shape_type{1, 3, 4, 1}));
}

TEST(PdpdPlacement, AxisMinusOneAlignsWithTheTrailingDimensionsBeforeTrimming) {
    // axis = rank(A) - rank(B) = 4 - 2 = 2, with B's rank before trimming.
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{4, 5}, -1), (shape_type{1, 1, 4, 5}));
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{4, 1}, -1), (shape_type{1, 1, 4, 1}));
}

TEST(PdpdPlacement, Rank0BIsAllOnes) {
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3}, shape_type{}, -1), (shape_type{1, 1}));
}

TEST(PdpdPlacement, HigherRankBIsAnError) {
    const std::string message =
        message_of([] { loom::pdpd_placement(shape_type{3, 4}, shape_type{2, 3, 4}, -1); });
    EXPECT_TRUE(contains(message, "[2, 3, 4]")) << message;
    EXPECT_TRUE(contains(message, "[3, 4]")) << message;
    EXPECT_THROW(loom::pdpd_placement(shape_type{3, 4}, shape_type{2, 3, 4}, -1), broadcast_error);
}

TEST(PdpdPlacement, NegativeAxisOtherThanMinusOneIsAnError) {
    EXPECT_THROW(loom::pdpd_placement(shape_type{2, 3, 4}, shape_type{4}, -2), broadcast_error);
}

TEST(PdpdPlacement, BThatRunsPastAIsAnError) {
    EXPECT_THROW(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{4, 5}, 3), broadcast_error);
    // Trailing 1s do not count, so (4, 1) fits at axis 3; that 4 differs from
    // A's 5 there is for the specs to judge, not the placement.
    EXPECT_EQ(loom::pdpd_placement(shape_type{2, 3, 4, 5}, shape_type{4, 1}, 3), (shape_type{1, 1, 1, 4}));
}

TEST(BroadcastSpec, PdpdResultHasAsShape) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 3, 4, 5}, shape_type{3, 1}, broadcast::pdpd(1)),
              (shape_type{2, 3, 4, 5}));
}

TEST(BroadcastSpec, PdpdReportsThePlacedShape) {
    shape_type placed;
    loom::broadcast_shapes(shape_type{2, 3, 4, 5}, shape_type{3, 4}, broadcast::pdpd(1), &placed);
    EXPECT_EQ(placed, (shape_type{1, 3, 4, 1}));
}

TEST(BroadcastSpec, PdpdNeverGrowsA) {
    // Paddle's element-wise rule would give [2, 3, 4]; the strict rule refuses.
    EXPECT_THROW(loom::broadcast_shapes(shape_type{2, 1, 4}, shape_type{3, 1}, broadcast::pdpd(1)),
                 broadcast_error);
}

TEST(BroadcastSpec, PdpdMismatchMessageNamesShapesPlacementAndDimension) {
    const std::string message = message_of(
        [] { loom::broadcast_shapes(shape_type{8, 1, 6, 1}, shape_type{7, 1, 5}, broadcast::pdpd(1)); });
    EXPECT_TRUE(contains(message, "[7, 1, 5]")) << message;
    EXPECT_TRUE(contains(message, "[8, 1, 6, 1]")) << message;
    EXPECT_TRUE(contains(message, "[1, 7, 1, 5]")) << message;
    EXPECT_TRUE(contains(message, "size 7 vs 1 at dimension 1")) << message;
}

TEST(BroadcastSpec, PaddleElementwiseLetsOnesOfAGrow) {
    EXPECT_EQ(loom::broadcast_shapes(shape_type{2, 1, 4}, shape_type{3, 1}, broadcast::paddle_elementwise(1)),
              (shape_type{2, 3, 4}));
}

TEST(BroadcastSpec, PaddleElementwiseStillRejectsUnequalSizes) {
    EXPECT_THROW(
        loom::broadcast_shapes(shape_type{2, 3, 4, 5}, shape_type{4, 5}, broadcast::paddle_elementwise(1)),
        broadcast_error);
}

TEST(BroadcastSpec, PdpdSpecsCompareByAxis) {
    EXPECT_EQ(broadcast::pdpd(1), broadcast::pdpd(1));
    EXPECT_FALSE(broadcast::pdpd(1) == broadcast::pdpd(2));
    EXPECT_FALSE(broadcast::pdpd(1) == broadcast::paddle_elementwise(1));
    EXPECT_EQ(broadcast::pdpd(), broadcast::pdpd(-1));
}

// ---- Bidirectional ----

TEST(BidirectionalShape, ResultMayDifferFromTheTarget) {
    EXPECT_EQ(loom::broadcast_bidirectional_shape(shape_type{3, 1}, shape_type{2, 1, 6}), (shape_type{2, 3, 6}));
    EXPECT_EQ(loom::broadcast_bidirectional_shape(shape_type{2, 3}, shape_type{3}), (shape_type{2, 3}));
}

TEST(BidirectionalShape, MismatchIsAnError) {
    EXPECT_THROW(loom::broadcast_bidirectional_shape(shape_type{3, 2}, shape_type{3, 4}), broadcast_error);
}

// ---- The in-place rule ----

TEST(FitsDestination, ValueThatBroadcastsToTheDestinationFits) {
    EXPECT_NO_THROW(loom::check_fits_destination(shape_type{5, 3, 4, 1}, shape_type{3, 1, 1}));
    EXPECT_NO_THROW(loom::check_fits_destination(shape_type{2, 3}, shape_type{}));
    EXPECT_NO_THROW(loom::check_fits_destination(shape_type{0, 3}, shape_type{1, 3}));
}

TEST(FitsDestination, ValueThatWouldGrowTheDestinationIsRejectedLikePyTorch) {
    const std::string message =
        message_of([] { loom::check_fits_destination(shape_type{1, 3, 1}, shape_type{5, 4, 3, 4}); });
    EXPECT_TRUE(contains(message, "output with shape [1, 3, 1] doesn't match the broadcast shape [5, 4, 3, 4]"))
        << message;
}

TEST(FitsDestination, Rank0DestinationTakesOnlyRank0Values) {
    // NumPy: a 0-d array += np.ones((1, 1)) is refused, as the destination would gain dimensions.
    EXPECT_NO_THROW(loom::check_fits_destination(shape_type{}, shape_type{}));
    EXPECT_THROW(loom::check_fits_destination(shape_type{}, shape_type{1}), broadcast_error);
    EXPECT_THROW(loom::check_fits_destination(shape_type{}, shape_type{1, 1}), broadcast_error);
}

TEST(FitsDestination, IncompatibleValueNamesTheDestinationAndTheMismatch) {
    const std::string message = message_of([] { loom::check_fits_destination(shape_type{2, 3}, shape_type{4}); });
    EXPECT_TRUE(contains(message, "output with shape [2, 3]")) << message;
    EXPECT_TRUE(contains(message, "size 3 vs 4 at dimension 1")) << message;
}

}  // namespace
