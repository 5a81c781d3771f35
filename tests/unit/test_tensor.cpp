// tensor<T>: construction, value semantics, element access and iteration.

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "broadcast_reference.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::elements_of;
using loom::testing::message_of;

// ---- Constructors ----

TEST(TensorConstruction, DefaultIsEmptyRank1) {
    const tensor<float> t;
    EXPECT_EQ(t.shape(), shape_type{0});
    EXPECT_EQ(t.size(), 0);
    EXPECT_EQ(t.begin(), t.end());
}

TEST(TensorConstruction, ShapeInBracesGivesZeros) {
    const tensor<float> t({2, 3});
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(t.ndim(), 2u);
    EXPECT_EQ(t.size(), 6);
    EXPECT_EQ(elements_of(t), std::vector<float>(6, 0.f));
}

TEST(TensorConstruction, ShapeTypeGivesZeros) {
    const tensor<int> t(shape_type{4});
    EXPECT_EQ(elements_of(t), std::vector<int>(4, 0));
}

TEST(TensorConstruction, ShapeAndValueFills) {
    const tensor<double> t({2, 3}, 1.5);
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), std::vector<double>(6, 1.5));
}

TEST(TensorConstruction, EmptyShapeIsRank0WithOneElement) {
    const tensor<float> t(shape_type{}, 7.f);
    EXPECT_EQ(t.ndim(), 0u);
    EXPECT_EQ(t.size(), 1);
    EXPECT_EQ(t(), 7.f);
}

TEST(TensorConstruction, ZeroSizedShapeHasNoElements) {
    const tensor<float> t({3, 0, 2}, 1.f);
    EXPECT_EQ(t.shape(), (shape_type{3, 0, 2}));
    EXPECT_EQ(t.size(), 0);
    EXPECT_EQ(t.begin(), t.end());
}

TEST(TensorConstruction, ValuesInBracesGiveRank1) {
    const tensor<float> t{1, 2, 3};
    EXPECT_EQ(t.shape(), shape_type{3});
    EXPECT_EQ(elements_of(t), (std::vector<float>{1, 2, 3}));
}

TEST(TensorConstruction, TwoValuesInBracesAreValuesNotAShape) {
    const tensor<float> t{2, 3};
    EXPECT_EQ(t.shape(), shape_type{2});
    EXPECT_EQ(elements_of(t), (std::vector<float>{2, 3}));
}

TEST(TensorConstruction, OneValueInBracesGivesRank1OfSize1) {
    const tensor<int> t{5};
    EXPECT_EQ(t.shape(), shape_type{1});
    EXPECT_EQ(t(0), 5);
}

TEST(TensorConstruction, ValuesOfOtherTypesAreConverted) {
    const tensor<double> t{1, 2.5f, std::int64_t{3}};
    EXPECT_EQ(elements_of(t), (std::vector<double>{1, 2.5, 3}));
}

TEST(TensorConstruction, ScalarDoesNotConvertImplicitlyIntoATensor) {
    static_assert(!std::is_convertible_v<double, tensor<float>>);
    static_assert(!std::is_convertible_v<int, tensor<int>>);
    static_assert(std::is_constructible_v<tensor<int>, int>);  // tensor<int>{5}, spelled out
}

TEST(TensorConstruction, NestedListOfRank2) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(TensorConstruction, NestedListOfRank3) {
    const tensor<int> t{{{1, 2}}, {{3, 4}}, {{5, 6}}};
    EXPECT_EQ(t.shape(), (shape_type{3, 1, 2}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(TensorConstruction, NestedListOfRank4) {
    const tensor<float> t{{{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}}};
    EXPECT_EQ(t.shape(), (shape_type{1, 2, 2, 2}));
    EXPECT_EQ(elements_of(t), (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(TensorConstruction, NestedListOfRank5) {
    const tensor<double> t{{{{{1, 2, 3}}}, {{{4, 5, 6}}}}};
    EXPECT_EQ(t.shape(), (shape_type{1, 2, 1, 1, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

TEST(TensorConstruction, NestedListOfBools) {
    const tensor<bool> t{{true, false}, {false, true}};
    EXPECT_EQ(t.shape(), (shape_type{2, 2}));
    EXPECT_TRUE(t(0, 0));
    EXPECT_FALSE(t(0, 1));
}

TEST(TensorConstruction, RaggedNestedListThrowsInvalidArgument) {
    EXPECT_THROW((tensor<int>{{1, 2}, {3}}), std::invalid_argument);
    EXPECT_THROW((tensor<int>{{1}, {2, 3}}), std::invalid_argument);
    EXPECT_THROW((tensor<int>{{{1, 2}, {3, 4}}, {{5, 6}}}), std::invalid_argument);
}

TEST(TensorConstruction, RaggedNestedListMessageSaysWhereAndTheShape) {
    const std::string message = message_of([] { tensor<int> t{{1, 2, 3}, {4, 5}}; });
    EXPECT_TRUE(contains(message, "ragged")) << message;
    EXPECT_TRUE(contains(message, "depth 1")) << message;
    EXPECT_TRUE(contains(message, "has 2 elements")) << message;
    EXPECT_TRUE(contains(message, "[2, 3]")) << message;
}

TEST(TensorConstruction, SpanAndShapeCopyTheBuffer) {
    std::vector<float> buffer{1, 2, 3, 4, 5, 6};
    const tensor<float> t(std::span<const float>(buffer), {2, 3});
    buffer[0] = 100;
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(TensorConstruction, VectorConvertsToTheSpan) {
    const std::vector<int> buffer{1, 2, 3, 4};
    const tensor<int> t(buffer, {2, 1, 2});
    EXPECT_EQ(t(1, 0, 1), 4);
}

TEST(TensorConstruction, SpanOfOneElementFillsRank0) {
    const std::vector<int> buffer{9};
    const tensor<int> t(buffer, shape_type{});
    EXPECT_EQ(t(), 9);
}

TEST(TensorConstruction, SpanSizeMismatchThrowsInvalidArgument) {
    const std::vector<float> buffer{1, 2, 3, 4, 5};
    EXPECT_THROW(tensor<float>(buffer, {2, 3}), std::invalid_argument);
}

TEST(TensorConstruction, SpanSizeMismatchMessageGivesBothCounts) {
    const std::vector<float> buffer{1, 2, 3, 4, 5};
    const std::string message = message_of([&] { tensor<float> t(buffer, {2, 3}); });
    EXPECT_TRUE(contains(message, "5 elements")) << message;
    EXPECT_TRUE(contains(message, "[2, 3]")) << message;
    EXPECT_TRUE(contains(message, "6")) << message;
}

TEST(TensorConstruction, FromExpression) {
    const tensor<int> a{1, 2, 3};
    const tensor<int> r = a * 2;
    EXPECT_EQ(elements_of(r), (std::vector<int>{2, 4, 6}));
}

TEST(TensorConstruction, EvalGivesATensorOfTheExpressionsType) {
    const tensor<int> a{1, 2, 3};
    const auto r = loom::eval(a / 2);
    static_assert(std::is_same_v<decltype(r), const tensor<double>>);
    EXPECT_EQ(elements_of(r), (std::vector<double>{0.5, 1, 1.5}));
}

TEST(TensorConstruction, StridesAreRowMajorInElements) {
    const tensor<float> t({2, 3, 4});
    EXPECT_EQ(t.strides(), (strides_type{12, 4, 1}));
    EXPECT_TRUE(t.is_contiguous());
}

TEST(TensorConstruction, DataIsAlignedTo64Bytes) {
    const tensor<float> t({3, 5});
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(t.data()) % 64, 0u);
}

// ---- Value semantics ----

TEST(TensorValueSemantics, CopyIsDeep) {
    const tensor<int> a{1, 2, 3};
    tensor<int> b = a;
    EXPECT_NE(b.data(), a.data());
    b(0) = 100;
    EXPECT_EQ(a(0), 1);
    EXPECT_EQ(elements_of(b), (std::vector<int>{100, 2, 3}));
}

TEST(TensorValueSemantics, CopyAssignmentIsDeepAndTakesTheShape) {
    const tensor<int> a{{1, 2}, {3, 4}};
    tensor<int> b{7};
    b = a;
    EXPECT_EQ(b.shape(), (shape_type{2, 2}));
    EXPECT_NE(b.data(), a.data());
    b(0, 0) = 100;
    EXPECT_EQ(a(0, 0), 1);
}

TEST(TensorValueSemantics, MoveTakesTheBufferWithoutCopying) {
    tensor<float> a({1000}, 1.f);
    const float* buffer = a.data();
    const tensor<float> b = std::move(a);
    EXPECT_EQ(b.data(), buffer);
    EXPECT_EQ(b.shape(), shape_type{1000});
}

TEST(TensorValueSemantics, MovedFromTensorIsEmpty) {
    tensor<float> a({2, 3}, 1.f);
    const tensor<float> b = std::move(a);
    EXPECT_EQ(a.shape(), shape_type{0});  // the moved-from state is specified
    EXPECT_EQ(a.size(), 0);
    EXPECT_EQ(a.data(), nullptr);
    EXPECT_EQ(a.begin(), a.end());
}

TEST(TensorValueSemantics, MoveAssignmentTakesTheBuffer) {
    tensor<float> a({4}, 2.f);
    const float* buffer = a.data();
    tensor<float> b({2, 2});
    b = std::move(a);
    EXPECT_EQ(b.data(), buffer);
    EXPECT_EQ(b.shape(), shape_type{4});
    EXPECT_EQ(a.size(), 0);
}

TEST(TensorValueSemantics, MovedFromTensorCanBeAssignedAgain) {
    tensor<int> a{1, 2};
    tensor<int> b = std::move(a);
    a = b + 1;
    EXPECT_EQ(elements_of(a), (std::vector<int>{2, 3}));
}

TEST(TensorValueSemantics, MoveIsNoexcept) {
    static_assert(std::is_nothrow_move_constructible_v<tensor<float>>);
    static_assert(std::is_nothrow_move_assignable_v<tensor<float>>);
}

TEST(TensorValueSemantics, SwapExchangesEverything) {
    tensor<int> a{1, 2, 3};
    tensor<int> b{{4}, {5}};
    const int* a_data = a.data();
    a.swap(b);
    EXPECT_EQ(a.shape(), (shape_type{2, 1}));
    EXPECT_EQ(b.shape(), shape_type{3});
    EXPECT_EQ(b.data(), a_data);
}

// ---- Element access ----

TEST(TensorAccess, IndicesAreRowMajor) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(t(0, 0), 1);
    EXPECT_EQ(t(0, 2), 3);
    EXPECT_EQ(t(1, 0), 4);
    EXPECT_EQ(t(1, 2), 6);
}

TEST(TensorAccess, NegativeIndicesCountFromTheEnd) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(t(-1, -1), 6);
    EXPECT_EQ(t(-2, -3), 1);
    EXPECT_EQ(t(0, -1), 3);
    EXPECT_EQ(t.at(-1, 0), 4);
}

TEST(TensorAccess, AnyIntegralIndexType) {
    const tensor<int> t{{1, 2}, {3, 4}};
    EXPECT_EQ(t(std::size_t{1}, short{1}), 4);
    EXPECT_EQ(t.at(std::int64_t{1}, 0u), 3);
}

TEST(TensorAccess, WritesThroughTheReference) {
    tensor<float> t({2, 2});
    t(1, 0) = 3.f;
    t.at(0, 1) = 2.f;
    EXPECT_EQ(elements_of(t), (std::vector<float>{0, 2, 3, 0}));
}

TEST(TensorAccess, Rank0TakesNoIndices) {
    tensor<int> t(shape_type{}, 4);
    t() = 5;
    EXPECT_EQ(t.at(), 5);
}

TEST(TensorAccess, AtOutOfRangeThrowsOutOfRange) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    EXPECT_THROW(t.at(2, 0), std::out_of_range);
    EXPECT_THROW(t.at(0, 3), std::out_of_range);
    EXPECT_THROW(t.at(-3, 0), std::out_of_range);
    EXPECT_THROW(t.at(0, -4), std::out_of_range);
}

TEST(TensorAccess, AtMessageGivesIndexDimensionSizeAndShape) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    const std::string message = message_of([&] { (void)t.at(1, 5); });
    EXPECT_TRUE(contains(message, "index 5")) << message;
    EXPECT_TRUE(contains(message, "dimension 1")) << message;
    EXPECT_TRUE(contains(message, "size 3")) << message;
    EXPECT_TRUE(contains(message, "[2, 3]")) << message;
    EXPECT_TRUE(contains(message, "[-3, 3)")) << message;
}

TEST(TensorAccess, AtWithTheWrongNumberOfIndicesThrows) {
    const tensor<int> t{{1, 2, 3}, {4, 5, 6}};
    EXPECT_THROW(t.at(0), std::out_of_range);
    EXPECT_THROW(t.at(0, 0, 0), std::out_of_range);
    const std::string message = message_of([&] { (void)t.at(0); });
    EXPECT_TRUE(contains(message, "1 indices")) << message;
    EXPECT_TRUE(contains(message, "[2, 3]")) << message;
}

TEST(TensorAccess, AnyIndexIntoAZeroSizedDimensionIsOutOfRange) {
    const tensor<int> t({2, 0});
    EXPECT_THROW(t.at(0, 0), std::out_of_range);
    EXPECT_THROW(t.at(0, -1), std::out_of_range);
}

#ifndef NDEBUG
TEST(TensorAccess, CallOperatorIsCheckedInDebugBuilds) {
    const tensor<int> t{1, 2, 3};
    EXPECT_THROW(t(3), std::out_of_range);
    EXPECT_THROW(t(0, 0), std::out_of_range);
}
#endif

// ---- Iteration ----

TEST(TensorIteration, BeginToEndVisitsEveryElementInRowMajorOrder) {
    const tensor<int> t{{1, 2}, {3, 4}, {5, 6}};
    EXPECT_EQ(t.end() - t.begin(), 6);
    EXPECT_EQ(std::accumulate(t.begin(), t.end(), 0), 21);
    std::vector<int> seen;
    for (int v : t) seen.push_back(v);
    EXPECT_EQ(seen, (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(TensorIteration, MutableIterationWrites) {
    tensor<int> t({3});
    std::iota(t.begin(), t.end(), 10);
    EXPECT_EQ(elements_of(t), (std::vector<int>{10, 11, 12}));
}

TEST(TensorIteration, BeginIsData) {
    tensor<float> t({2, 2});
    EXPECT_EQ(t.begin(), t.data());
    EXPECT_EQ(std::as_const(t).begin(), std::as_const(t).data());
}

}  // namespace
