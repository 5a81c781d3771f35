// tensor_view: an expression leaf read in place (no copies, even when
// broadcast or transposed), an assignment target that never grows, const
// views that refuse writes at compile time, and views of temporaries that
// keep them alive (Note [view lifetime] in view.hpp). Expected values come
// from NumPy 1.24 (/usr/bin/python3), with
// `a = np.arange(6, dtype=np.float32).reshape(2, 3)` unless a test says otherwise.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::ellipsis;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using loom::testing::plan_text;
using ::testing::HasSubstr;

tensor<float> a_2x3() { return iota_tensor<float>({2, 3}); }

template <class V>
concept adds_in_place = requires(V v) { v += 1.f; };

// ---- A view as an expression leaf ----

TEST(ViewAsLeaf, OperatorsTakeAView) {
    const tensor<float> a = a_2x3();
    const auto v = a(all, range(none, none, -1));
    // NumPy: a[:, ::-1] * 2 + 1
    EXPECT_EQ(elements_of(v * 2.f + 1.f), (std::vector<float>{5, 3, 1, 11, 9, 7}));
}

TEST(ViewAsLeaf, FunctionsTakeAView) {
    const tensor<float> a = a_2x3();
    const auto v = a(all, range(none, none, -1));
    // NumPy: np.sqrt(v), np.maximum(v, 2.5), np.where(v > 2, v, 0)
    EXPECT_EQ(elements_of(loom::sqrt(v)),
              (std::vector<float>{1.4142135381698608f, 1.f, 0.f, 2.2360680103302f, 2.f, 1.7320507764816284f}));
    EXPECT_EQ(elements_of(loom::maximum(v, 2.5f)), (std::vector<float>{2.5, 2.5, 2.5, 5, 4, 3}));
    EXPECT_EQ(elements_of(loom::where(v > 2.f, v, 0.f)), (std::vector<float>{0, 0, 0, 5, 4, 3}));
}

TEST(ViewAsLeaf, BroadcastsWithATensor) {
    const tensor<float> a = a_2x3();
    // NumPy: a[:, 1:] + np.array([10, 20]) -> [[11, 22], [14, 25]]
    EXPECT_EQ(elements_of(a(all, range(1, none)) + tensor<float>{10, 20}), (std::vector<float>{11, 22, 14, 25}));
}

TEST(ViewAsLeaf, TransposedViewIsGatheredFromTheTensorsMemory) {
    const tensor<float> a = a_2x3();
    const auto t = loom::transpose(a);
    EXPECT_EQ(t.data(), a.data());
    const std::string plan = plan_text(t + 1.f);
    EXPECT_THAT(plan, HasSubstr("operand 1 (float32): strides [1, 3]"));
    EXPECT_THAT(plan, HasSubstr("operand 1 gathered"));
    // NumPy: a.T + 1
    EXPECT_EQ(elements_of(t + 1.f), (std::vector<float>{1, 4, 2, 5, 3, 6}));
}

TEST(ViewAsLeaf, BroadcastRowIsReadWithStrideZero) {
    const tensor<float> row{1, 2, 3};
    const auto b = loom::broadcast_to(row, {4, 3});
    EXPECT_EQ(b.data(), row.data());
    EXPECT_THAT(plan_text(b * 2.f), HasSubstr("operand 1 (float32): strides [0, 1]"));
}

TEST(ViewAsLeaf, BroadcastColumnIsReadWithInnerStrideZero) {
    const tensor<float> column{{1}, {2}, {3}};
    const auto b = loom::broadcast_to(column, {3, 4});
    EXPECT_EQ(b.data(), column.data());
    const std::string plan = plan_text(b * 2.f);
    EXPECT_THAT(plan, HasSubstr("operand 1 (float32): strides [1, 0]"));
    EXPECT_THAT(plan, HasSubstr("operand 1 repeated along each run"));
    EXPECT_EQ(elements_of(b * 2.f), (std::vector<float>{2, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6}));
}

TEST(ViewAsLeaf, TensorConstructedFromAViewCopiesIt) {
    tensor<float> a = a_2x3();
    const tensor<float> copy = a(all, range(none, none, 2));
    a = 0.f;
    // NumPy: a[:, ::2] -> [[0, 2], [3, 5]]
    EXPECT_EQ(copy.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(copy), (std::vector<float>{0, 2, 3, 5}));
}

// ---- A view as an assignment target ----

TEST(ViewAssignment, ExpressionWritesTheViewedElements) {
    tensor<float> a = a_2x3();
    const float* before = a.data();
    a(all, range(1, none)) = tensor<float>{{1, 2}, {3, 4}} * 2.f;
    // NumPy: a[:, 1:] = np.array([[1, 2], [3, 4]]) * 2
    EXPECT_EQ(elements_of(a), (std::vector<float>{0, 2, 4, 3, 6, 8}));
    EXPECT_EQ(a.data(), before);
}

TEST(ViewAssignment, CompoundAssignmentWritesTheViewedElements) {
    tensor<float> a = a_2x3();
    a(0, all) += tensor<float>{1, 2, 3};
    // NumPy: a[0] += [1, 2, 3]
    EXPECT_EQ(elements_of(a), (std::vector<float>{1, 3, 5, 3, 4, 5}));
}

TEST(ViewAssignment, CompoundAssignmentBroadcastsTheValue) {
    tensor<float> a = a_2x3();
    a(all, range(0, 2)) += tensor<float>{10, 20};
    // NumPy: a[:, 0:2] += [10, 20]
    EXPECT_EQ(elements_of(a), (std::vector<float>{10, 21, 2, 13, 24, 5}));
}

TEST(ViewAssignment, ScalarFillsTheViewedElements) {
    tensor<int> c = iota_tensor<int>({3, 4});
    c(range(none, none, 2), range(none, none, 2)) = 7;
    // NumPy: c = np.arange(12).reshape(3, 4); c[::2, ::2] = 7
    EXPECT_EQ(elements_of(c), (std::vector<int>{7, 1, 7, 3, 4, 5, 6, 7, 7, 9, 7, 11}));
}

TEST(ViewAssignment, ScalarIntoARankZeroViewWritesOneElement) {
    tensor<int> c = iota_tensor<int>({3, 4});
    c(1, 2, ellipsis) = 9;
    // NumPy: c[1, 2, ...] = 9
    EXPECT_EQ(elements_of(c), (std::vector<int>{0, 1, 2, 3, 4, 5, 9, 7, 8, 9, 10, 11}));
}

TEST(ViewAssignment, AnotherViewWritesElementsAndDoesNotRebind) {
    tensor<int> c = iota_tensor<int>({3, 4});
    auto first = c(0, all);
    const auto last = c(2, all);
    first = last;
    // NumPy: c[0] = c[2]
    EXPECT_EQ(elements_of(c), (std::vector<int>{8, 9, 10, 11, 4, 5, 6, 7, 8, 9, 10, 11}));
    EXPECT_EQ(first.data(), c.data());
}

TEST(ViewAssignment, ViewOfAnotherElementTypeConverts) {
    tensor<float> c = iota_tensor<float>({3, 4});
    const tensor<int> source = iota_tensor<int>({4});
    c(1, range(none, none, -1)) = source(all);
    // NumPy: c[1, ::-1] = np.arange(4, dtype=np.int32)
    EXPECT_EQ(elements_of(c), (std::vector<float>{0, 1, 2, 3, 3, 2, 1, 0, 8, 9, 10, 11}));
}

TEST(ViewAssignment, EmptyViewTakesAnyBroadcastableValue) {
    tensor<float> a = a_2x3();
    a(range(0, 0), all) = tensor<float>{7, 8, 9};
    a(range(0, 0), all) = 1.f;
    EXPECT_EQ(elements_of(a), elements_of(a_2x3()));
}

TEST(ViewAssignment, NeverGrowsTheView) {
    tensor<float> a = a_2x3();
    // NumPy: a[0:1] = np.ones((2, 3)) -> ValueError: could not broadcast input
    // array from shape (2,3) into shape (1,3)
    EXPECT_THROW(a(range(0, 1), all) = tensor<float>({2, 3}, 1.f), loom::broadcast_error);
    EXPECT_THAT(message_of([&] { a(range(0, 1), all) = tensor<float>({2, 3}, 1.f); }),
                HasSubstr("output with shape [1, 3] doesn't match the broadcast shape [2, 3]"));
}

TEST(ViewAssignment, CompoundAssignmentNeverGrowsTheView) {
    tensor<float> a = a_2x3();
    EXPECT_THAT(message_of([&] { a(range(0, 1), all) += tensor<float>({2, 3}, 1.f); }),
                HasSubstr("output with shape [1, 3] doesn't match the broadcast shape [2, 3]"));
}

TEST(ViewAssignment, ErrorTextIsTheInPlaceRulesText) {
    tensor<float> a = a_2x3();
    tensor<float> same_shape({1, 3});
    const tensor<float> value({5, 4, 3, 4}, 1.f);
    const std::string from_view = message_of([&] { a(range(0, 1), all, loom::newaxis) = value; });
    const std::string from_tensor = message_of([&] { same_shape.unsqueeze(-1) += value; });
    // The PyTorch blog post on broadcasting: output with shape [1, 3, 1] doesn't match the broadcast shape [5, 4, 3, 4]
    EXPECT_THAT(from_view, HasSubstr("output with shape [1, 3, 1] doesn't match the broadcast shape [5, 4, 3, 4]"));
    EXPECT_EQ(from_view, from_tensor);
}

TEST(ViewAssignment, IncompatibleValueNamesBothShapes) {
    tensor<float> a = a_2x3();
    EXPECT_THAT(message_of([&] { a(all, all) = tensor<float>{1, 2, 3, 4}; }),
                HasSubstr("output with shape [2, 3] cannot take a value of shape [4]"));
}

TEST(ViewAssignment, FailedAssignmentLeavesEverythingUnchanged) {
    tensor<float> a = a_2x3();
    const tensor<float> value({2, 3}, 1.f);
    EXPECT_THROW(a(range(0, 1), all) = value, loom::broadcast_error);
    EXPECT_THROW(a(range(0, 1), all) += value, loom::broadcast_error);
    EXPECT_THROW((a(all, range(0, 2)) = tensor<float>{1, 2, 3}), loom::broadcast_error);
    EXPECT_EQ(elements_of(a), elements_of(a_2x3()));
    EXPECT_EQ(elements_of(value), std::vector<float>(6, 1.f));
}

TEST(ViewAssignment, FailedScalarConversionLeavesEverythingUnchanged) {
    tensor<std::int8_t> small = iota_tensor<std::int8_t>({4});
    // A scalar that does not fit the element type is refused (NumPy 1.24 wraps
    // it with a DeprecationWarning; loom throws).
    EXPECT_THROW(small(range(0, 2)) = 1000, std::out_of_range);
    EXPECT_EQ(elements_of(small), (std::vector<std::int8_t>{0, 1, 2, 3}));
}

// ---- Const views ----

TEST(ConstView, RefusesAssignmentAtCompileTime) {
    const tensor<float> c = a_2x3();
    using const_view = decltype(c(range(0, 1), all));
    static_assert(std::is_same_v<const_view, tensor_view<const float>>);
    static_assert(!std::is_assignable_v<const_view, float>);
    static_assert(!std::is_assignable_v<const_view&, const tensor<float>&>);
    static_assert(!std::is_assignable_v<const_view&, const const_view&>);
    static_assert(!std::is_assignable_v<decltype(c.view()), float>);
    static_assert(!std::is_assignable_v<tensor_view<int>, const tensor<float>&>, "float into int views");
    static_assert(std::is_assignable_v<tensor_view<float>, const const_view&>);
    EXPECT_EQ(c(range(0, 1), all).size(), 3);
}

TEST(ConstView, HasNoCompoundAssignment) {
    static_assert(!adds_in_place<tensor_view<const float>>);
    static_assert(adds_in_place<tensor_view<float>>);
    SUCCEED();
}

TEST(ConstView, ReadsLikeAnyView) {
    const tensor<float> c = a_2x3();
    EXPECT_EQ(elements_of(c(all, range(none, none, -1)) * 2.f + 1.f), (std::vector<float>{5, 3, 1, 11, 9, 7}));
    EXPECT_EQ(c(1, all)(-1), 5.f);
}

TEST(ConstView, MutableViewConvertsToConst) {
    tensor<float> a = a_2x3();
    const tensor_view<const float> read_only = a(1, all);
    EXPECT_EQ(read_only.data(), a.data() + 3);
    EXPECT_EQ(elements_of(read_only), (std::vector<float>{3, 4, 5}));
}

// ---- Lifetime (Note [view lifetime]); run under AddressSanitizer too ----

TEST(ViewLifetime, ViewOfATemporaryOwnsIt) {
    auto v = tensor<float>{1, 2, 3, 4}(range(0, 2));
    const tensor<float> unrelated({64}, 9.f);  // reuses freed memory if the temporary were gone
    EXPECT_NE(v.owner(), nullptr);
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2}));
    EXPECT_EQ(unrelated.size(), 64);
}

TEST(ViewLifetime, MemberOfATemporaryOwnsIt) {
    auto u = tensor<int>{0, 1, 2}.unsqueeze(0);
    const tensor<int> unrelated({64}, 9);
    EXPECT_EQ(u.shape(), (shape_type{1, 3}));
    EXPECT_NE(u.owner(), nullptr);
    EXPECT_EQ(elements_of(u), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(unrelated.size(), 64);
}

TEST(ViewLifetime, ReshapeOfAnExpressionOwnsItsValue) {
    const tensor<float> a{1, 2, 3, 4};
    const tensor<float> b{10, 20, 30, 40};
    auto r = loom::reshape(a + b, {2, 2});
    const tensor<float> unrelated({64}, 9.f);
    // NumPy: (a + b).reshape(2, 2) -> [[11, 22], [33, 44]]
    EXPECT_EQ(r.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<float>{11, 22, 33, 44}));
}

TEST(ViewLifetime, SubviewOfAnOwningViewKeepsTheTemporaryAlive) {
    const auto make = [] {
        const auto outer = tensor<float>{1, 2, 3, 4}(range(1, none));
        return outer(range(none, none, -1));  // outer itself ends here
    };
    const auto inner = make();
    const tensor<float> unrelated({64}, 9.f);
    EXPECT_EQ(elements_of(inner), (std::vector<float>{4, 3, 2}));
}

TEST(ViewLifetime, ViewOfAnLvalueOwnsNothing) {
    tensor<float> a = a_2x3();
    EXPECT_EQ(a(0, all).owner(), nullptr);
    EXPECT_EQ(a.unsqueeze(0).owner(), nullptr);
}

TEST(ViewLifetime, WritingThroughAnOwningViewIsVisibleToItsSubviews) {
    auto v = tensor<int>{1, 2, 3, 4}(range(none, none, -1));
    auto tail = v(range(2, none));
    tail = 0;
    EXPECT_EQ(elements_of(v), (std::vector<int>{4, 3, 0, 0}));
    EXPECT_EQ(tail.owner(), v.owner());
}

// ---- copy() and layout queries ----

TEST(ViewCopy, IsAContiguousIndependentTensor) {
    tensor<float> a = a_2x3();
    const tensor<float> copy = a(all, range(none, none, -1)).copy();
    a = 0.f;
    EXPECT_TRUE(copy.is_contiguous());
    EXPECT_NE(copy.data(), a.data());
    EXPECT_EQ(elements_of(copy), (std::vector<float>{2, 1, 0, 5, 4, 3}));
}

TEST(ViewLayout, RowsAreContiguousColumnsAreNot) {
    const tensor<float> a = a_2x3();
    EXPECT_TRUE(a(range(0, 1), all).is_contiguous());
    EXPECT_TRUE(a(1, all).is_contiguous());
    EXPECT_FALSE(a(all, range(0, 2)).is_contiguous());
    EXPECT_FALSE(a(all, range(none, none, -1)).is_contiguous());
}

}  // namespace
