// The loop plan (eval/plan.hpp, Note [merging dimensions]): per-operand
// strides in the result's index space, 0 where an operand is broadcast;
// size-1 dimensions dropped; neighbouring dimensions merged only when every
// operand is contiguous across the pair; and its printed form.

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "loom/loom.hpp"
#include "planned.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;

std::string printed(const loom::loop_plan& plan) {
    std::ostringstream os;
    os << plan;
    return os.str();
}

// ---- Printed plans ----

TEST(PlanPrinted, ContiguousOperandsMergeIntoOneDimension) {
    const tensor<float> a({2, 3, 4}), b({2, 3, 4});
    EXPECT_EQ(printed(loom::testing::planned(a + b)),
              "loop plan: shape [2, 3, 4], merged to [24]\n"
              "  operand 0 (destination, float32): strides [1]\n"
              "  operand 1 (float32): strides [1]\n"
              "  operand 2 (float32): strides [1]\n"
              "  inner loop: 24 elements, path contiguous\n");
}

TEST(PlanPrinted, OuterBroadcastHasStrideZeroAndRepeatsTheColumnAlongEachRun) {
    // A column plus a row: each operand is broadcast along the other's dimension.
    const tensor<float> column({4096, 1}), row({1, 4096});
    EXPECT_EQ(printed(loom::testing::planned(column + row)),
              "loop plan: shape [4096, 4096], merged to [4096, 4096]\n"
              "  operand 0 (destination, float32): strides [4096, 1]\n"
              "  operand 1 (float32): strides [1, 0]\n"
              "  operand 2 (float32): strides [0, 1]\n"
              "  inner loop: 4096 elements, path contiguous (operand 1 repeated along each run)\n");
}

TEST(PlanPrinted, Rank0IsOneElementOnTheContiguousPath) {
    const tensor<double> a(shape_type{}, 1.0), b(shape_type{}, 2.0);
    EXPECT_EQ(printed(loom::testing::planned(a * b)),
              "loop plan: shape [], merged to [1]\n"
              "  operand 0 (destination, float64): strides [1]\n"
              "  operand 1 (float64): strides [1]\n"
              "  operand 2 (float64): strides [1]\n"
              "  inner loop: 1 element, path contiguous\n");
}

TEST(PlanPrinted, OperandsShowTheirOwnTypesAndTheDestinationTheResultType) {
    const tensor<int> i({3, 4});
    const tensor<double> d({3, 4});
    const std::string text = printed(loom::testing::planned(i + d));
    EXPECT_NE(text.find("operand 0 (destination, float64)"), std::string::npos) << text;
    EXPECT_NE(text.find("operand 1 (int32)"), std::string::npos) << text;
    EXPECT_NE(text.find("operand 2 (float64)"), std::string::npos) << text;
}

TEST(PlanPrinted, BroadcastInnerDimensionRepeatsItsOperandAlongEachRun) {
    const tensor<float> a({2, 3, 4, 5}), b({2, 3, 4, 1});
    const std::string text = printed(loom::testing::planned(a + b));
    EXPECT_NE(text.find("merged to [24, 5]"), std::string::npos) << text;
    EXPECT_NE(text.find("path contiguous (operand 2 repeated along each run)"), std::string::npos) << text;
}

TEST(PlanPrinted, TwoBroadcastInnerDimensionsAreBlocked) {
    // Both leaves repeat one element along the inner dimension: only one can be a splat.
    const tensor<float> a({6, 1}), b({6, 1});
    const tensor<float> c({1, 5});
    const std::string text = printed(loom::testing::planned(a + b + c * 0.f));
    EXPECT_NE(text.find("path blocked by 5 (operand 1 broadcast; operand 2 broadcast; the rest read directly)"),
              std::string::npos)
        << text;
}

TEST(PlanPrinted, ABroadcastLeafOfALargeExpressionIsBlocked) {
    // Four leaves, one repeated: beyond max_splat_leaves, the store kernel's buffer repeats it.
    static_assert(loom::loop_plan::max_splat_leaves < 4);
    const tensor<float> a({6, 5}), b({6, 5}), c({6, 5}), column({6, 1});
    const std::string text = printed(loom::testing::planned(a * b + c - column));
    EXPECT_NE(text.find("path blocked by 5 (operand 4 broadcast; the rest read directly)"), std::string::npos)
        << text;
}

// ---- Strides ----

TEST(PlanStrides, BroadcastDimensionsHaveStrideZero) {
    const tensor<float> a({3, 1}), b({4});
    const auto plan = loom::testing::planned(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{3, 4}));
    EXPECT_EQ(plan.operand_strides(0), (strides_type{4, 1}));
    EXPECT_EQ(plan.operand_strides(1), (strides_type{1, 0}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1}));
}

TEST(PlanStrides, CxxScalarsAreNotOperandsInMemory) {
    const tensor<float> a({2, 3});
    const auto plan = loom::testing::planned(a * 2.f + 1.f);
    EXPECT_EQ(plan.operand_count(), 2u);
}

TEST(PlanStrides, LeavesAreNumberedInTreeOrder) {
    const tensor<std::int8_t> a({2});
    const tensor<std::int16_t> b({2});
    const tensor<std::int32_t> c({2});
    const auto plan = loom::testing::planned((a + b) * c);
    ASSERT_EQ(plan.operand_count(), 4u);
    EXPECT_STREQ(plan.operand_type(1), "int8");
    EXPECT_STREQ(plan.operand_type(2), "int16");
    EXPECT_STREQ(plan.operand_type(3), "int32");
}

TEST(PlanStrides, PdpdOperandIsPlacedAtItsAxis) {
    // B (3, 4) at axis 1 of A (2, 3, 4, 5): B walks dimensions 1 and 2, which merge.
    const tensor<float> a({2, 3, 4, 5}), b({3, 4});
    const auto plan = loom::testing::planned(loom::add(a, b, loom::broadcast::pdpd(1)));
    EXPECT_EQ(plan.shape(), (shape_type{2, 12, 5}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1, 0}));
}

// ---- Coalescing ----

TEST(PlanCoalescing, KeepsTheOriginalShapeForPrinting) {
    const tensor<float> a({2, 3, 4});
    EXPECT_EQ(loom::testing::planned(a + a).original_shape(), (shape_type{2, 3, 4}));
}

TEST(PlanCoalescing, SizeOneDimensionsAreDropped) {
    const tensor<float> a({2, 1, 3}), b({2, 1, 3});
    EXPECT_EQ(loom::testing::planned(a + b).shape(), shape_type{6});
}

TEST(PlanCoalescing, AllSizesOneLeaveOneDimensionOfOne) {
    const tensor<float> a({1, 1}), b({1});
    EXPECT_EQ(loom::testing::planned(a + b).shape(), shape_type{1});
}

TEST(PlanCoalescing, DoesNotMergeWhenOneOperandIsBroadcastAcrossThePair) {
    // The row repeats for every line: its strides (0, 1) are not contiguous across the pair.
    const tensor<float> m({4, 5}), row({5});
    const auto plan = loom::testing::planned(m + row);
    EXPECT_EQ(plan.shape(), (shape_type{4, 5}));
    EXPECT_TRUE(plan.inner_contiguous());
}

TEST(PlanCoalescing, MergesNeighbouringDimensionsBroadcastInTheSameOperand) {
    // b is broadcast along dimensions 0 and 1: stride 0 on both, so they merge.
    const tensor<float> a({2, 3, 4}), b({1, 1, 4});
    const auto plan = loom::testing::planned(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{6, 4}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1}));
}

TEST(PlanCoalescing, MergesOnlyWhereEveryOperandAllows) {
    // a and the destination are contiguous, but b (3, 1, 5) has strides
    // (0, 5, 0, 1) in the result and breaks every pair: nothing merges.
    const tensor<float> a({2, 3, 4, 5}), b({3, 1, 5});
    const auto plan = loom::testing::planned(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{2, 3, 4, 5}));
}

TEST(PlanCoalescing, MergesTheContiguousPrefixOfAPartlyBroadcastOperand) {
    // b (2, 3, 1) is contiguous across (0, 1) but broadcast along 2: dimensions 0 and 1 merge.
    const tensor<float> a({2, 3, 4}), b({2, 3, 1});
    const auto plan = loom::testing::planned(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{6, 4}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{1, 0}));
}

TEST(PlanCoalescing, ZeroSizedShapeStillPlans) {
    const tensor<float> a({0, 3});
    const auto plan = loom::testing::planned(a * 2.f);
    EXPECT_EQ(plan.original_shape(), (shape_type{0, 3}));
    EXPECT_EQ(plan.shape(), shape_type{0});
}

TEST(PlanCoalescing, Rank0PlansOneElement) {
    const tensor<float> a(shape_type{});
    const auto plan = loom::testing::planned(a + 1.f);
    EXPECT_EQ(plan.shape(), shape_type{1});
    EXPECT_TRUE(plan.inner_contiguous());
}

// ---- Path ----

TEST(PlanPath, ContiguousRunIsOneBlock) {
    const tensor<float> a({3, 1000});
    const auto plan = loom::testing::planned(a + a);
    EXPECT_TRUE(plan.inner_contiguous());
    EXPECT_EQ(plan.block_length(), 3000);
}

TEST(PlanPath, BroadcastInnerOperandIsReadInBlocks) {
    const tensor<float> a({1000, 1}), b({1000});
    const auto plan = loom::testing::planned(a + b);
    EXPECT_FALSE(plan.inner_contiguous());
    EXPECT_EQ(plan.block_length(), loom::loop_plan::block_size);
}

TEST(PlanPath, ShortInnerRunIsOneBlock) {
    const tensor<float> a({10, 1}), b({10});
    EXPECT_EQ(loom::testing::planned(a + b).block_length(), 10);
}

// ---- Tiling (Note [tiling]) ----

// `a` of shape (rows, columns) holding its flat index.
tensor<std::int32_t> flat_index(index_t rows, index_t columns) {
    tensor<std::int32_t> t({rows, columns});
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<std::int32_t>(i);
    return t;
}

TEST(PlanTiling, ATransposeIsTiledAndPacked) {
    const tensor<float> a({1024, 1024}), b({1024, 1024});
    EXPECT_EQ(printed(loom::testing::planned(loom::transpose(a) + b)),
              "loop plan: shape [1024, 1024], merged to [1024, 1024]\n"
              "  operand 0 (destination, float32): strides [1024, 1]\n"
              "  operand 1 (float32): strides [1, 1024]\n"
              "  operand 2 (float32): strides [1024, 1]\n"
              "  inner loop: 1024 elements, path blocked by 256 (operand 1 packed in tiles; the rest read directly)\n"
              "  tiles of 16 x 256 elements over the last two dimensions\n");
}

TEST(PlanTiling, TransposesOfEveryStrideAreTiled) {
    const tensor<float> square({1000, 1000}), narrow({512, 512});
    const tensor<std::int16_t> half_page({1024, 1024});  // 2048 bytes between rows
    EXPECT_TRUE(loom::testing::planned(loom::transpose(square) + square).tiled());
    EXPECT_TRUE(loom::testing::planned(loom::transpose(narrow) + narrow).tiled());
    EXPECT_TRUE(loom::testing::planned(loom::transpose(half_page) + half_page).tiled());
    const tensor<float> wide({8, 512});  // 8 x 512: two dimensions of exactly one tile's elements
    EXPECT_TRUE(loom::testing::planned(loom::transpose(wide) + 0.f).tiled());
}

TEST(PlanTiling, SmallTransposesAndOtherLayoutsAreWalkedRowByRow) {
    const tensor<float> small({40, 40}), square({1000, 1000}), under({8, 511});
    EXPECT_FALSE(loom::testing::planned(loom::transpose(small) + small).tiled());        // within a tile
    EXPECT_FALSE(loom::testing::planned(loom::transpose(under) + 0.f).tiled());          // one element short of a tile
    EXPECT_FALSE(loom::testing::planned(square + square).tiled());                        // contiguous
    EXPECT_FALSE(loom::testing::planned(square(loom::all, loom::range(0, 1000, 2)) + 1.f).tiled());  // strided, no stride-1 dimension
    EXPECT_FALSE(loom::testing::planned(square + square(0, loom::all)).tiled());          // broadcast
    EXPECT_FALSE(loom::testing::planned(loom::flip(square, 1) + square).tiled());        // reversed rows read whole
}

TEST(PlanTiling, AtMostFourOperandsArePacked) {
    const tensor<float> a({128, 128});
    const auto t = loom::transpose(a);
    const auto plan = loom::testing::planned(t + t * t - t + t);
    ASSERT_TRUE(plan.tiled());
    ASSERT_EQ(plan.operand_count(), 6u);
    EXPECT_FALSE(plan.packed(0));  // the destination is contiguous
    for (std::size_t k = 1; k <= 4; ++k) EXPECT_TRUE(plan.packed(k)) << k;
    EXPECT_FALSE(plan.packed(5));  // gathered by its cursor
}

TEST(PlanTiling, TheStrideOneDimensionMovesNextToTheInnerOne) {
    const tensor<float> a({4, 6, 1024});
    // permute(a, {2, 1, 0}) has shape (1024, 6, 4) and strides (1, 1024, 6144).
    const auto plan = loom::testing::planned(loom::permute(a, {2, 1, 0}) + 1.f);
    EXPECT_TRUE(plan.tiled());
    EXPECT_EQ(plan.shape(), (shape_type{6, 1024, 4}));
    EXPECT_EQ(plan.operand_strides(1), (strides_type{1024, 1, 6144}));
}

TEST(PlanTiling, TiledEvaluationReachesEveryElementOnce) {
    // Whole tiles and a part of one, along the rows and along the columns.
    constexpr index_t row_count = 2 * loom::loop_plan::tile_rows + 5, columns = loom::loop_plan::tile_columns + 44;
    const tensor<std::int32_t> a = flat_index(columns, 1024), b = flat_index(1024, columns);
    const auto rows = loom::range(0, row_count);
    const auto expression = loom::transpose(a)(rows, loom::all) * 1000 + b(rows, loom::all);
    ASSERT_TRUE(loom::testing::planned(expression).tiled());
    const tensor<std::int32_t> z = expression;
    for (index_t i = 0; i < row_count; ++i) {
        for (index_t j = 0; j < columns; ++j) ASSERT_EQ(z.at(i, j), (j * 1024 + i) * 1000 + i * columns + j) << i << ", " << j;
    }
}

TEST(PlanTiling, ARankThreeTiledEvaluationMatchesTheIndices) {
    const tensor<std::int32_t> a = flat_index(24, 1024).reshape({4, 6, 1024});
    ASSERT_TRUE(loom::testing::planned(loom::permute(a, {2, 1, 0}) + 0).tiled());
    const tensor<std::int32_t> z = loom::permute(a, {2, 1, 0}) + 0;
    ASSERT_EQ(z.shape(), (shape_type{1024, 6, 4}));
    for (index_t i = 0; i < 1024; ++i) {
        for (index_t j = 0; j < 6; ++j) {
            for (index_t k = 0; k < 4; ++k) ASSERT_EQ(z.at(i, j, k), k * 6144 + j * 1024 + i);
        }
    }
}

TEST(PlanTiling, ATransposedDestinationIsWrittenTileByTile) {
    tensor<std::int32_t> z({37, 1024});
    const tensor<std::int32_t> b = flat_index(1024, 37);
    z.transpose() = b;  // z's transpose walks its inner dimension 1024 elements apart
    for (index_t i = 0; i < 37; ++i) {
        for (index_t j = 0; j < 1024; ++j) ASSERT_EQ(z.at(i, j), j * 37 + i);
    }
}

TEST(PlanTiling, AliasedAssignmentThroughATemporaryIsTiledToo) {
    tensor<std::int32_t> a = flat_index(1024, 1024);
    a = a + loom::transpose(a);
    for (index_t i = 0; i < 1024; i += 7) {
        for (index_t j = 0; j < 1024; j += 5) ASSERT_EQ(a.at(i, j), (i * 1024 + j) + (j * 1024 + i));
    }
}

}  // namespace
