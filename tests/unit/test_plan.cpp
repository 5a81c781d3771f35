// The loop plan (eval/plan.hpp, Note [merging dimensions]): per-operand
// strides in the result's index space, 0 where an operand is broadcast;
// size-1 dimensions dropped; neighbouring dimensions merged only when every
// operand is contiguous across the pair; and its printed form.

#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <string>

#include "loom/loom.hpp"

namespace {

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
    EXPECT_EQ(printed(loom::plan_of(a + b)),
              "loop plan: shape [2, 3, 4], merged to [24]\n"
              "  operand 0 (destination, float32): strides [1]\n"
              "  operand 1 (float32): strides [1]\n"
              "  operand 2 (float32): strides [1]\n"
              "  inner loop: 24 elements, path contiguous\n");
}

TEST(PlanPrinted, OuterBroadcastHasStrideZeroAndTakesTheBlockedPath) {
    // A column plus a row: each operand is broadcast along the other's dimension.
    const tensor<float> column({4096, 1}), row({1, 4096});
    EXPECT_EQ(printed(loom::plan_of(column + row)),
              "loop plan: shape [4096, 4096], merged to [4096, 4096]\n"
              "  operand 0 (destination, float32): strides [4096, 1]\n"
              "  operand 1 (float32): strides [1, 0]\n"
              "  operand 2 (float32): strides [0, 1]\n"
              "  inner loop: 4096 elements, path blocked by 256 (operand 1 broadcast; the rest read directly)\n");
}

TEST(PlanPrinted, Rank0IsOneElementOnTheContiguousPath) {
    const tensor<double> a(shape_type{}, 1.0), b(shape_type{}, 2.0);
    EXPECT_EQ(printed(loom::plan_of(a * b)),
              "loop plan: shape [], merged to [1]\n"
              "  operand 0 (destination, float64): strides [1]\n"
              "  operand 1 (float64): strides [1]\n"
              "  operand 2 (float64): strides [1]\n"
              "  inner loop: 1 element, path contiguous\n");
}

TEST(PlanPrinted, OperandsShowTheirOwnTypesAndTheDestinationTheResultType) {
    const tensor<int> i({3, 4});
    const tensor<double> d({3, 4});
    const std::string text = printed(loom::plan_of(i + d));
    EXPECT_NE(text.find("operand 0 (destination, float64)"), std::string::npos) << text;
    EXPECT_NE(text.find("operand 1 (int32)"), std::string::npos) << text;
    EXPECT_NE(text.find("operand 2 (float64)"), std::string::npos) << text;
}

TEST(PlanPrinted, BroadcastInnerDimensionIsBlockedByItsLength) {
    const tensor<float> a({2, 3, 4, 5}), b({2, 3, 4, 1});
    const std::string text = printed(loom::plan_of(a + b));
    EXPECT_NE(text.find("merged to [24, 5]"), std::string::npos) << text;
    EXPECT_NE(text.find("path blocked by 5 (operand 2 broadcast; the rest read directly)"), std::string::npos)
        << text;
}

// ---- Strides ----

TEST(PlanStrides, BroadcastDimensionsHaveStrideZero) {
    const tensor<float> a({3, 1}), b({4});
    const auto plan = loom::plan_of(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{3, 4}));
    EXPECT_EQ(plan.operand_strides(0), (strides_type{4, 1}));
    EXPECT_EQ(plan.operand_strides(1), (strides_type{1, 0}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1}));
}

TEST(PlanStrides, CxxScalarsAreNotOperandsInMemory) {
    const tensor<float> a({2, 3});
    const auto plan = loom::plan_of(a * 2.f + 1.f);
    EXPECT_EQ(plan.operand_count(), 2u);
}

TEST(PlanStrides, LeavesAreNumberedInTreeOrder) {
    const tensor<std::int8_t> a({2});
    const tensor<std::int16_t> b({2});
    const tensor<std::int32_t> c({2});
    const auto plan = loom::plan_of((a + b) * c);
    ASSERT_EQ(plan.operand_count(), 4u);
    EXPECT_STREQ(plan.operand_type(1), "int8");
    EXPECT_STREQ(plan.operand_type(2), "int16");
    EXPECT_STREQ(plan.operand_type(3), "int32");
}

TEST(PlanStrides, PdpdOperandIsPlacedAtItsAxis) {
    // B (3, 4) at axis 1 of A (2, 3, 4, 5): B walks dimensions 1 and 2, which merge.
    const tensor<float> a({2, 3, 4, 5}), b({3, 4});
    const auto plan = loom::plan_of(loom::add(a, b, loom::broadcast::pdpd(1)));
    EXPECT_EQ(plan.shape(), (shape_type{2, 12, 5}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1, 0}));
}

// ---- Coalescing ----

TEST(PlanCoalescing, KeepsTheOriginalShapeForPrinting) {
    const tensor<float> a({2, 3, 4});
    EXPECT_EQ(loom::plan_of(a + a).original_shape(), (shape_type{2, 3, 4}));
}

TEST(PlanCoalescing, SizeOneDimensionsAreDropped) {
    const tensor<float> a({2, 1, 3}), b({2, 1, 3});
    EXPECT_EQ(loom::plan_of(a + b).shape(), shape_type{6});
}

TEST(PlanCoalescing, AllSizesOneLeaveOneDimensionOfOne) {
    const tensor<float> a({1, 1}), b({1});
    EXPECT_EQ(loom::plan_of(a + b).shape(), shape_type{1});
}

TEST(PlanCoalescing, DoesNotMergeWhenOneOperandIsBroadcastAcrossThePair) {
    // The row repeats for every line: its strides (0, 1) are not contiguous across the pair.
    const tensor<float> m({4, 5}), row({5});
    const auto plan = loom::plan_of(m + row);
    EXPECT_EQ(plan.shape(), (shape_type{4, 5}));
    EXPECT_TRUE(plan.inner_contiguous());
}

TEST(PlanCoalescing, MergesNeighbouringDimensionsBroadcastInTheSameOperand) {
    // b is broadcast along dimensions 0 and 1: stride 0 on both, so they merge.
    const tensor<float> a({2, 3, 4}), b({1, 1, 4});
    const auto plan = loom::plan_of(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{6, 4}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{0, 1}));
}

TEST(PlanCoalescing, MergesOnlyWhereEveryOperandAllows) {
    // a and the destination are contiguous, but b (3, 1, 5) has strides
    // (0, 5, 0, 1) in the result and breaks every pair: nothing merges.
    const tensor<float> a({2, 3, 4, 5}), b({3, 1, 5});
    const auto plan = loom::plan_of(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{2, 3, 4, 5}));
}

TEST(PlanCoalescing, MergesTheContiguousPrefixOfAPartlyBroadcastOperand) {
    // b (2, 3, 1) is contiguous across (0, 1) but broadcast along 2: dimensions 0 and 1 merge.
    const tensor<float> a({2, 3, 4}), b({2, 3, 1});
    const auto plan = loom::plan_of(a + b);
    EXPECT_EQ(plan.shape(), (shape_type{6, 4}));
    EXPECT_EQ(plan.operand_strides(2), (strides_type{1, 0}));
}

TEST(PlanCoalescing, ZeroSizedShapeStillPlans) {
    const tensor<float> a({0, 3});
    const auto plan = loom::plan_of(a * 2.f);
    EXPECT_EQ(plan.original_shape(), (shape_type{0, 3}));
    EXPECT_EQ(plan.shape(), shape_type{0});
}

TEST(PlanCoalescing, Rank0PlansOneElement) {
    const tensor<float> a(shape_type{});
    const auto plan = loom::plan_of(a + 1.f);
    EXPECT_EQ(plan.shape(), shape_type{1});
    EXPECT_TRUE(plan.inner_contiguous());
}

// ---- Path ----

TEST(PlanPath, ContiguousRunIsOneBlock) {
    const tensor<float> a({3, 1000});
    const auto plan = loom::plan_of(a + a);
    EXPECT_TRUE(plan.inner_contiguous());
    EXPECT_EQ(plan.block_length(), 3000);
}

TEST(PlanPath, BroadcastInnerOperandIsReadInBlocks) {
    const tensor<float> a({1000, 1}), b({1000});
    const auto plan = loom::plan_of(a + b);
    EXPECT_FALSE(plan.inner_contiguous());
    EXPECT_EQ(plan.block_length(), loom::loop_plan::block_size);
}

TEST(PlanPath, ShortInnerRunIsOneBlock) {
    const tensor<float> a({10, 1}), b({10});
    EXPECT_EQ(loom::plan_of(a + b).block_length(), 10);
}

}  // namespace
