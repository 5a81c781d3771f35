// Shapes (docs/semantics.md, "Shapes"): inline storage, ranks up to 32,
// element counts that never wrap, the printed form, invalid sizes, and axes
// resolved against a shape (resolve_axis).

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "broadcast_reference.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"
#include "planned.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::testing::expect_error_text;
using loom::testing::message_of;

TEST(Shape, UpToRank8IsStoredInline) {
    for (std::size_t rank = 0; rank <= loom::inline_rank; ++rank) {
        const shape_type shape(rank, 2);
        EXPECT_TRUE(shape.is_inline()) << "rank " << rank;
    }
}

TEST(Shape, Rank9MovesToTheHeapAndKeepsItsValues) {
    shape_type shape{1, 2, 3, 4, 5, 6, 7, 8};
    shape.push_back(9);
    EXPECT_FALSE(shape.is_inline());
    EXPECT_EQ(shape, (shape_type{1, 2, 3, 4, 5, 6, 7, 8, 9}));
}

TEST(Shape, CopiesAndMovesKeepTheValuesWhereverTheyLive) {
    // Inline, on the heap, and on the heap but shrunk back to an inline rank
    // (the copy then keeps its values inline).
    shape_type shrunk{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    while (shrunk.size() > 3) shrunk.pop_back();
    ASSERT_FALSE(shrunk.is_inline());
    for (const shape_type& original : {shape_type{}, shape_type{4, 5}, shape_type{1, 2, 3, 4, 5, 6, 7, 8},
                                       shape_type{1, 2, 3, 4, 5, 6, 7, 8, 9}, shrunk}) {
        const shape_type copy = original;
        EXPECT_EQ(copy, original);
        EXPECT_EQ(copy.is_inline(), original.size() <= loom::inline_rank);
        shape_type source = original;
        const shape_type moved = std::move(source);
        EXPECT_EQ(moved, original);
        shape_type assigned{7};
        assigned = original;
        EXPECT_EQ(assigned, original);
    }
}

TEST(Shape, TensorOfRank8KeepsShapeAndStridesInline) {
    const tensor<float> t(shape_type{2, 1, 2, 1, 2, 1, 2, 1});
    EXPECT_TRUE(t.shape().is_inline());
    EXPECT_TRUE(t.strides().is_inline());
    EXPECT_EQ(t.size(), 16);
}

TEST(Shape, Rank32TensorBroadcastsAndEvaluates) {
    // Sizes of 2 scattered among 1s; b is broadcast along every other one
    // of them, so that no two dimensions merge and the loop walks all five.
    shape_type a_shape(32, 1);
    for (std::size_t d : {0u, 7u, 15u, 22u, 31u}) a_shape[d] = 2;
    shape_type b_shape(30, 1);  // right-aligned: b's dimension j is the result's j + 2
    for (std::size_t d : {5u, 20u}) b_shape[d] = 2;  // result dimensions 7 and 22

    const auto a = loom::testing::iota_tensor<int>(a_shape);
    const auto b = loom::testing::iota_tensor<int>(b_shape, 0, 100);
    EXPECT_EQ(loom::testing::planned(a + b).shape(), (shape_type{2, 2, 2, 2, 2}));
    const tensor<int> r = a + b;

    ASSERT_EQ(r.ndim(), 32u);
    EXPECT_EQ(r.shape(), a_shape);
    ASSERT_EQ(r.size(), 32);
    for (index_t i = 0; i < r.size(); ++i) {
        EXPECT_EQ(r.data()[i], loom::testing::broadcast_read(a, r.shape(), i) +
                                   loom::testing::broadcast_read(b, r.shape(), i))
            << "element " << i;
    }
}

TEST(Shape, Rank32ShapesBroadcastWithLowerRanks) {
    shape_type high(32, 1);
    high[0] = 3;
    const shape_type result = loom::broadcast_shapes(high, shape_type{4, 1}, shape_type{5});
    shape_type expected(32, 1);
    expected[0] = 3;
    expected[30] = 4;
    expected[31] = 5;
    EXPECT_EQ(result, expected);
}

TEST(Shape, ElementCountOfRank0IsOne) {
    EXPECT_EQ(loom::element_count(shape_type{}), 1);
}

TEST(Shape, ElementCountIsTheProductOfSizes) {
    EXPECT_EQ(loom::element_count(shape_type{2, 3, 4}), 24);
}

TEST(Shape, ElementCountWithAZeroSizeIsZeroWhateverTheOtherSizes) {
    constexpr index_t huge = index_t(1) << 62;
    EXPECT_EQ(loom::element_count(shape_type{0, huge, huge}), 0);
    EXPECT_EQ(loom::element_count(shape_type{huge, huge, 0}), 0);
}

TEST(Shape, ElementCountOverflowThrowsLengthError) {
    constexpr index_t big = index_t(1) << 32;
    EXPECT_THROW(loom::element_count(shape_type{big, big}), std::length_error);
    EXPECT_THROW(loom::element_count(shape_type{big, 2, big, 1}), std::length_error);
}

TEST(Shape, ElementCountOverflowMessageShowsTheShape) {
    const std::string message = message_of([] { loom::element_count(shape_type{4294967296, 4294967296}); });
    EXPECT_NE(message.find("[4294967296, 4294967296]"), std::string::npos) << message;
}

TEST(Shape, TensorWithOverflowingShapeThrowsLengthError) {
    constexpr index_t big = index_t(1) << 40;
    EXPECT_THROW(tensor<float>(shape_type{big, big}), std::length_error);
}

TEST(Shape, StridesThatOverflowThrowLengthError) {
    constexpr index_t big = index_t(1) << 32;
    EXPECT_THROW(loom::row_major_strides(shape_type{big, big, 2}), std::length_error);
}

TEST(Shape, ZeroSizedTensorWhoseOtherSizesOverflowIsRefusedAsInNumPy) {
    // NumPy: np.empty((0, 2**40, 2**40)) raises "array is too big": its strides would not fit.
    constexpr index_t big = index_t(1) << 40;
    EXPECT_THROW(tensor<float>(shape_type{0, big, big}), std::length_error);
}

TEST(Shape, LargeCountThatFitsIsNotAnOverflow) {
    // 2^31 * 2^31 == 2^62 fits in a 64-bit signed index (nothing is allocated here).
    EXPECT_EQ(loom::element_count(shape_type{index_t(1) << 31, index_t(1) << 31}), index_t(1) << 62);
}

TEST(Shape, PrintsAsBracketedList) {
    EXPECT_EQ(loom::to_string(shape_type{2, 3, 4}), "[2, 3, 4]");
}

TEST(Shape, Rank0PrintsAsEmptyBrackets) {
    EXPECT_EQ(loom::to_string(shape_type{}), "[]");
}

TEST(Shape, Rank1PrintsWithoutSeparator) {
    EXPECT_EQ(loom::to_string(shape_type{7}), "[7]");
}

TEST(Shape, StreamsAsBracketedList) {
    std::ostringstream os;
    os << shape_type{2, 3, 4} << " " << shape_type{};
    EXPECT_EQ(os.str(), "[2, 3, 4] []");
}

TEST(Shape, NegativeSizeIsRejected) {
    EXPECT_THROW(loom::check_shape(shape_type{2, -1}), std::invalid_argument);
    EXPECT_THROW(tensor<float>(shape_type{2, -1}), std::invalid_argument);
    EXPECT_THROW(tensor<float>(shape_type{-3}, 1.f), std::invalid_argument);
}

TEST(Shape, NegativeSizeMessageNamesShapeAndDimension) {
    const std::string message = message_of([] { tensor<float> t(shape_type{2, -1, 3}); });
    EXPECT_NE(message.find("[2, -1, 3]"), std::string::npos) << message;
    EXPECT_NE(message.find("dimension 1"), std::string::npos) << message;
}

TEST(Shape, ZeroSizesAreValid) {
    EXPECT_NO_THROW(loom::check_shape(shape_type{0, 3, 0}));
    const tensor<float> t(shape_type{0, 3});
    EXPECT_EQ(t.size(), 0);
    EXPECT_EQ(t.shape(), (shape_type{0, 3}));
}

TEST(Shape, RowMajorStridesCountElements) {
    EXPECT_EQ(loom::row_major_strides(shape_type{2, 3, 4}), (strides_type{12, 4, 1}));
}

TEST(Shape, RowMajorStridesOfRank0AreEmpty) {
    EXPECT_EQ(loom::row_major_strides(shape_type{}), strides_type{});
}

TEST(Shape, RowMajorStridesStepOverZeroSizesAsNumPy) {
    // NumPy: np.zeros((2, 0, 3)).strides == (24, 24, 8), i.e. (3, 3, 1) elements.
    EXPECT_EQ(loom::row_major_strides(shape_type{2, 0, 3}), (strides_type{3, 3, 1}));
}

TEST(Axis, ResolveAxisCountsNegativeAxesFromTheEnd) {
    // NumPy: normalize_axis_index(-1, 3) == 2
    const shape_type shape{2, 3, 4};
    EXPECT_EQ(loom::resolve_axis("f", -1, shape), 2u);
    EXPECT_EQ(loom::resolve_axis("f", -3, shape), 0u);
    EXPECT_EQ(loom::resolve_axis("f", 2, shape), 2u);
}

TEST(Axis, ResolveAxisOutOfRangeNamesTheFunctionTheShapeAndTheValidRange) {
    expect_error_text<std::out_of_range>([] { loom::resolve_axis("sort", 3, shape_type{2, 3, 4}); },
                                         "sort: axis 3 is out of range for shape [2, 3, 4]; use a value in [-3, 3)");
    expect_error_text<std::out_of_range>([] { loom::resolve_axis("sort", -4, shape_type{2, 3, 4}); },
                                         "sort: axis -4 is out of range for shape [2, 3, 4]; use a value in [-3, 3)");
}

TEST(Axis, ResolveAxisNamesTheArgumentWhenItIsNotAxis) {
    expect_error_text<std::out_of_range>(
        [] { loom::resolve_axis("moveaxis", 3, shape_type{2, 3}, "source axis"); },
        "moveaxis: source axis 3 is out of range for shape [2, 3]; use a value in [-2, 2)");
}

TEST(Axis, ResolveAxisOfANewAxisTakesOneMoreThanTheRank) {
    // stack and unsqueeze place a new axis: [-rank - 1, rank] is allowed.
    EXPECT_EQ(loom::resolve_axis("stack", 2, shape_type{2, 3}, 3), 2u);
    EXPECT_EQ(loom::resolve_axis("stack", -3, shape_type{2, 3}, 3), 0u);
    expect_error_text<std::out_of_range>([] { loom::resolve_axis("stack", 3, shape_type{2, 3}, 3); },
                                         "stack: axis 3 is out of range for shape [2, 3]; use a value in [-3, 3)");
}

TEST(Axis, ResolveAxisOfRank0SaysTheShapeHasNoAxes) {
    expect_error_text<std::out_of_range>(
        [] { loom::resolve_axis("sort", 0, shape_type{}); },
        "sort: axis 0 is out of range for shape [], which has no axes; give an array of rank 1 or more");
}

}  // namespace
