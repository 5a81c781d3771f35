// Assignment and in-place semantics (docs/semantics.md, "Assignment and
// in-place semantics" and "Types"): `t = expr` takes the expression's shape,
// `t = 3` fills, compound operators never grow their destination, a failed
// assignment changes nothing, and a result of a higher category does not
// compile into a lower one without astype.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "broadcast_reference.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::broadcast_error;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::elements_of;
using loom::testing::message_of;

/// A tensor's shape, buffer address and bytes, to check that a failed
/// operation left it exactly as it was.
template <class T>
struct snapshot {
    explicit snapshot(const tensor<T>& t)
        : shape(t.shape()),
          data(t.data()),
          bytes(reinterpret_cast<const unsigned char*>(t.data()),
                reinterpret_cast<const unsigned char*>(t.data() + t.size())) {}

    bool unchanged(const tensor<T>& t) const {
        return t.shape() == shape && t.data() == data && t.size() * index_t(sizeof(T)) == index_t(bytes.size()) &&
               (bytes.empty() || std::memcmp(t.data(), bytes.data(), bytes.size()) == 0);
    }

    shape_type shape;
    const T* data;
    std::vector<unsigned char> bytes;
};

// Compound assignment, as a trait.
template <class D, class X>
concept plus_assignable = requires(D& d, X&& x) { d += std::forward<X>(x); };
template <class D, class X>
concept divide_assignable = requires(D& d, X&& x) { d /= std::forward<X>(x); };
template <class D, class X>
concept and_assignable = requires(D& d, X&& x) { d &= std::forward<X>(x); };

using float_sum = decltype(std::declval<const tensor<float>&>() + std::declval<const tensor<float>&>());
using int_quotient = decltype(std::declval<const tensor<int>&>() / std::declval<const tensor<int>&>());

// ---- t = expr ----

TEST(Assign, ExpressionGivesTheTensorItsShape) {
    tensor<int> t{1, 2, 3};
    const tensor<int> column{{1}, {2}}, row{10, 20};
    t = column + row;
    EXPECT_EQ(t.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{11, 21, 12, 22}));
}

TEST(Assign, ExpressionOfTheSameShapeReusesTheBuffer) {
    tensor<int> t{1, 2, 3};
    const int* buffer = t.data();
    const tensor<int> a{10, 20, 30};
    t = a * 2;
    EXPECT_EQ(t.data(), buffer);
    EXPECT_EQ(elements_of(t), (std::vector<int>{20, 40, 60}));
}

TEST(Assign, Rank0TensorTakesAnyShape) {
    tensor<int> t(shape_type{}, 1);
    const tensor<int> a{{1, 2}, {3, 4}};
    t = a + 1;
    EXPECT_EQ(t.shape(), (shape_type{2, 2}));
}

TEST(Assign, ZeroSizedExpressionGivesAnEmptyTensor) {
    tensor<float> t{1, 2};
    const tensor<float> empty({0, 2});
    t = empty * 2;
    EXPECT_EQ(t.shape(), (shape_type{0, 2}));
    EXPECT_EQ(t.size(), 0);
}

TEST(Assign, TensorOfAnotherElementTypeConverts) {
    tensor<double> t({2});
    const tensor<int> a{1, 2, 3};
    t = a;
    EXPECT_EQ(elements_of(t), (std::vector<double>{1, 2, 3}));
}

TEST(Assign, SelfAssignmentChangesNothing) {
    tensor<int> t{1, 2, 3};
    const int* buffer = t.data();
    t = std::as_const(t);
    EXPECT_EQ(t.data(), buffer);
    EXPECT_EQ(elements_of(t), (std::vector<int>{1, 2, 3}));
}

TEST(Assign, DestinationMayAppearInTheExpression) {
    tensor<int> t{1, 2, 3};
    t = t * t + t;
    EXPECT_EQ(elements_of(t), (std::vector<int>{2, 6, 12}));
}

TEST(Assign, DestinationMayAppearInAnExpressionThatGrowsIt) {
    tensor<int> t{1, 2, 3};
    const tensor<int> column{{10}, {20}};
    t = t + column;
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{11, 12, 13, 21, 22, 23}));
}

// ---- t = scalar ----

TEST(AssignScalar, FillsAndKeepsTheShape) {
    tensor<int> t({2, 3});
    const int* buffer = t.data();
    t = 3;
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(t.data(), buffer);
    EXPECT_EQ(elements_of(t), std::vector<int>(6, 3));
}

TEST(AssignScalar, Rank0StaysRank0) {
    tensor<double> t(shape_type{}, 1.0);
    t = 2.5;
    EXPECT_EQ(t.shape(), shape_type{});
    EXPECT_EQ(t(), 2.5);
}

TEST(AssignScalar, ZeroSizedStaysEmpty) {
    tensor<float> t({3, 0});
    t = 1.f;
    EXPECT_EQ(t.shape(), (shape_type{3, 0}));
}

TEST(AssignScalar, LowerCategoryScalarConverts) {
    tensor<float> t({2});
    t = 3;
    EXPECT_EQ(elements_of(t), (std::vector<float>{3.f, 3.f}));
}

TEST(AssignScalar, IntegerThatDoesNotFitThrowsAndChangesNothing) {
    tensor<std::int8_t> t{1, 2};
    const snapshot before(t);
    EXPECT_THROW(t = 1000, std::out_of_range);
    EXPECT_TRUE(before.unchanged(t));
}

TEST(AssignScalar, HigherCategoryScalarDoesNotCompile) {
    static_assert(!std::is_assignable_v<tensor<int>&, double>);
    static_assert(!std::is_assignable_v<tensor<int>&, float>);
    static_assert(!std::is_assignable_v<tensor<bool>&, int>);
    static_assert(std::is_assignable_v<tensor<int>&, bool>);
    static_assert(std::is_assignable_v<tensor<float>&, double>);
}

// ---- Compound assignment ----

TEST(CompoundAssign, EveryOperator) {
    tensor<int> t{12, 10, -7};
    const tensor<int> x{5, 3, 2};
    t += x;
    EXPECT_EQ(elements_of(t), (std::vector<int>{17, 13, -5}));
    t -= x;
    EXPECT_EQ(elements_of(t), (std::vector<int>{12, 10, -7}));
    t *= x;
    EXPECT_EQ(elements_of(t), (std::vector<int>{60, 30, -14}));
    t %= 7;
    EXPECT_EQ(elements_of(t), (std::vector<int>{4, 2, 0}));
    t |= 8;
    EXPECT_EQ(elements_of(t), (std::vector<int>{12, 10, 8}));
    t &= tensor<int>{10, 10, 10};
    EXPECT_EQ(elements_of(t), (std::vector<int>{8, 10, 8}));
    t ^= 1;
    EXPECT_EQ(elements_of(t), (std::vector<int>{9, 11, 9}));
}

TEST(CompoundAssign, DivideIntoAFloatingTensor) {
    tensor<double> t{1, 3};
    t /= tensor<int>{2, 2};
    EXPECT_EQ(elements_of(t), (std::vector<double>{0.5, 1.5}));
}

TEST(CompoundAssign, ReturnsTheDestination) {
    tensor<int> t{1};
    tensor<int>& r = (t += 1);
    EXPECT_EQ(&r, &t);
}

TEST(CompoundAssign, OperandBroadcastsToTheDestination) {
    tensor<int> t({2, 3}, 1);
    const tensor<int> row{1, 2, 3};
    t += row;
    EXPECT_EQ(elements_of(t), (std::vector<int>{2, 3, 4, 2, 3, 4}));
    t *= tensor<int>{{10}, {100}};
    EXPECT_EQ(elements_of(t), (std::vector<int>{20, 30, 40, 200, 300, 400}));
}

TEST(CompoundAssign, ExpressionOperand) {
    tensor<float> t{1, 2};
    const tensor<float> a{1, 2}, b{3, 4};
    t += a * b - 1;
    EXPECT_EQ(elements_of(t), (std::vector<float>{3, 9}));
}

TEST(CompoundAssign, DestinationAsItsOwnOperand) {
    tensor<int> t{1, 2, 3};
    t *= t;
    EXPECT_EQ(elements_of(t), (std::vector<int>{1, 4, 9}));
    t += t * 2;
    EXPECT_EQ(elements_of(t), (std::vector<int>{3, 12, 27}));
}

TEST(CompoundAssign, KeepsTheDestinationsTypeAndWraps) {
    tensor<std::int8_t> t{100};
    t += 100;
    EXPECT_EQ(t(0), -56);
}

TEST(CompoundAssign, SameCategoryWiderOperandIsStoredBack) {
    tensor<float> t{1.5f};
    t += tensor<double>{0.25};
    EXPECT_EQ(t(0), 1.75f);
    tensor<std::int16_t> i{1};
    i += tensor<std::int64_t>{70000};  // computed in int64, stored back as int16 (wraps, as NumPy's same-kind cast)
    EXPECT_EQ(i(0), static_cast<std::int16_t>(70001 - 65536));
}

TEST(CompoundAssign, Rank0DestinationTakesScalarsAndRank0Tensors) {
    tensor<int> t(shape_type{}, 1);
    t += 2;
    t *= tensor<int>(shape_type{}, 5);
    EXPECT_EQ(t.shape(), shape_type{});
    EXPECT_EQ(t(), 15);
}

TEST(CompoundAssign, Rank0DestinationRefusesAnythingWithDimensions) {
    tensor<int> t(shape_type{}, 1);
    const snapshot before(t);
    EXPECT_THROW(t += tensor<int>{1}, broadcast_error);
    EXPECT_TRUE(before.unchanged(t));
}

TEST(CompoundAssign, ZeroSizedDestinationTakesABroadcastOperand) {
    tensor<float> t({0, 3});
    t += tensor<float>{1, 2, 3};
    EXPECT_EQ(t.shape(), (shape_type{0, 3}));
}

TEST(CompoundAssign, ZeroSizedDestinationRefusesToGrow) {
    tensor<float> t({1, 3});
    EXPECT_THROW(t += tensor<float>({0, 3}), broadcast_error);
}

TEST(CompoundAssign, NeverGrowsTheDestination) {
    tensor<int> t({2, 1});
    EXPECT_THROW(t += tensor<int>({2, 3}), broadcast_error);
    EXPECT_THROW(t -= tensor<int>({3, 2, 1}), broadcast_error);
    EXPECT_THROW(t *= tensor<int>({2, 3}), broadcast_error);
    EXPECT_THROW(t ^= tensor<int>({2, 3}), broadcast_error);
}

TEST(CompoundAssign, GrowthMessageIsWordedLikePyTorch) {
    tensor<int> t({2, 1});
    const std::string message = message_of([&] { t += tensor<int>({2, 3}); });
    EXPECT_TRUE(contains(message, "output with shape [2, 1] doesn't match the broadcast shape [2, 3]")) << message;
}

TEST(CompoundAssign, IncompatibleOperandMessageNamesTheDestinationAndTheMismatch) {
    tensor<int> t({2, 3});
    const std::string message = message_of([&] { t += tensor<int>({4}); });
    EXPECT_TRUE(contains(message, "output with shape [2, 3]")) << message;
    EXPECT_TRUE(contains(message, "[4]")) << message;
    EXPECT_TRUE(contains(message, "size 3 vs 4 at dimension 1")) << message;
}

// ---- A failed assignment changes nothing ----

TEST(FailedAssignment, RefusedCompoundAssignmentLeavesTheDestinationBitForBit) {
    auto t = loom::testing::iota_tensor<float>({1, 3, 1}, 0.5f);
    const snapshot before(t);
    EXPECT_THROW(t += tensor<float>({5, 4, 3, 4}, 1.f), broadcast_error);
    EXPECT_TRUE(before.unchanged(t));
}

TEST(FailedAssignment, ScalarOutOfRangeInCompoundAssignmentLeavesTheDestination) {
    tensor<std::int8_t> t{1, 2, 3};
    const snapshot before(t);
    EXPECT_THROW(t += 1000, std::out_of_range);
    EXPECT_TRUE(before.unchanged(t));
}

TEST(FailedAssignment, AssignmentOfATooLargeShapeLeavesTheDestination) {
    // (2^21, 1, 1) + (1, 2^21, 1) + (1, 1, 2^21) has 2^63 elements: more than
    // an index holds, so the result cannot be allocated.
    constexpr index_t n = index_t(1) << 21;
    const tensor<std::int8_t> a({n, 1, 1}), b({1, n, 1}), c({1, 1, n});
    tensor<std::int8_t> t{1, 2, 3};
    const snapshot before(t);
    EXPECT_THROW(t = a + b + c, std::length_error);
    EXPECT_TRUE(before.unchanged(t));
}

TEST(FailedAssignment, ExpressionThatCannotBeBuiltNeverReachesTheDestination) {
    tensor<int> t{1, 2, 3};
    const snapshot before(t);
    const tensor<int> a({2}), b({3});
    EXPECT_THROW(t = a + b, broadcast_error);
    EXPECT_TRUE(before.unchanged(t));
}

// ---- A higher category needs astype ----

TEST(CategoryRefusal, FloatingResultDoesNotAssignToAnIntTensor) {
    static_assert(!std::is_assignable_v<tensor<int>&, float_sum>);
    static_assert(!std::is_assignable_v<tensor<int>&, int_quotient>);
    static_assert(!std::is_assignable_v<tensor<int>&, const tensor<double>&>);
    static_assert(!std::is_assignable_v<tensor<bool>&, const tensor<int>&>);
}

TEST(CategoryRefusal, FloatingResultDoesNotConstructAnIntTensor) {
    static_assert(!std::is_constructible_v<tensor<int>, float_sum>);
    static_assert(!std::is_convertible_v<float_sum, tensor<int>>);
    static_assert(!std::is_constructible_v<tensor<int>, const tensor<float>&>);
}

TEST(CategoryRefusal, FloatingOperandDoesNotCompoundAssignIntoAnIntTensor) {
    static_assert(!plus_assignable<tensor<int>, float_sum>);
    static_assert(!plus_assignable<tensor<int>, const tensor<float>&>);
    static_assert(!plus_assignable<tensor<int>, double>);
    static_assert(!divide_assignable<tensor<int>, const tensor<int>&>);  // true division gives float64
    static_assert(!plus_assignable<tensor<bool>, int>);
}

TEST(CategoryRefusal, SameOrLowerCategoryIsAccepted) {
    static_assert(std::is_assignable_v<tensor<double>&, const tensor<int>&>);
    static_assert(std::is_constructible_v<tensor<float>, int_quotient>);  // float64 result into float32
    static_assert(plus_assignable<tensor<int>, const tensor<bool>&>);
    static_assert(plus_assignable<tensor<int>, const tensor<std::int64_t>&>);
    static_assert(plus_assignable<tensor<float>, int>);
    static_assert(divide_assignable<tensor<float>, const tensor<int>&>);
}

TEST(CategoryRefusal, BitwiseOperatorsNeedIntegerOrBoolOperands) {
    static_assert(and_assignable<tensor<int>, int>);
    static_assert(and_assignable<tensor<bool>, const tensor<bool>&>);
}

TEST(CategoryRefusal, AstypeMakesTheAssignmentExplicit) {
    using converted = decltype(loom::astype<int>(std::declval<float_sum>()));
    static_assert(std::is_assignable_v<tensor<int>&, converted>);
    static_assert(std::is_constructible_v<tensor<int>, converted>);
    static_assert(plus_assignable<tensor<int>, converted>);

    const tensor<float> a{1.25f, -2.75f}, b{1.5f, 0.5f};
    tensor<int> t = loom::astype<int>(a + b);
    EXPECT_EQ(elements_of(t), (std::vector<int>{2, -2}));
    t = loom::astype<int>(a * b);
    EXPECT_EQ(elements_of(t), (std::vector<int>{1, -1}));
    t += loom::astype<int>(b * 4);
    EXPECT_EQ(elements_of(t), (std::vector<int>{7, 1}));
}

}  // namespace
