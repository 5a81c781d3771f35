// Stale operands, node kind by node kind (Note [stale operands] in
// eval/build_plan.hpp): an expression refers to its lvalue operands, and an
// operand given another shape after the expression was built is refused
// when the expression is evaluated, with a broadcast_error that names the
// shapes, and the destination is left as it was. An operand given new
// values of the same shape is read as it is at evaluation. Functions that
// return tensors (einsum, dot, the losses, softmax and its family, the
// joins) compute when they are called and keep no operand to go stale.

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::elements_of;
using loom::testing::message_of;

// Evaluates `e` into a new tensor, into an existing one (which a refusal
// must leave as it was) and nested in a larger expression, and expects each
// to be refused as stale, with `built` and `now` in the message.
template <class E>
void expect_stale(const E& e, const std::string& built, const std::string& now) {
    using T = loom::value_type_of<E>;
    const std::string message = message_of([&] { (void)loom::eval(e); });
    EXPECT_TRUE(contains(message, built)) << message;
    EXPECT_TRUE(contains(message, now)) << message;
    EXPECT_TRUE(contains(message, "changed shape after the expression")) << message;
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);

    tensor<T> destination = loom::full<T>(e.shape(), T(7));
    EXPECT_THROW(destination = e, loom::broadcast_error);
    EXPECT_EQ(destination.shape(), e.shape());
    for (const T value : elements_of(destination)) EXPECT_EQ(value, T(7));

    EXPECT_THROW((void)loom::eval(e + T(1)), loom::broadcast_error);
}

TEST(StaleOperands, ElementWise) {
    tensor<float> x = loom::ones<float>({400, 500});
    const auto e = x * 2.f;
    x = loom::ones<float>({3, 2});
    expect_stale(e, "[3, 2]", "[400, 500]");
}

TEST(StaleOperands, MoreDimensionsThatStillFitTheDestination) {
    // x, read by e of shape [4], now has the shape [3, 4] of the destination
    // of e * m: it fits the loop, but not the expression that reads it. With
    // y as it was, the leaves have two sizes (the direct path's case); with
    // y given m's shape too, one (Note [one run]'s).
    tensor<float> x = loom::ones<float>({4});
    tensor<float> y = loom::ones<float>({4});
    const auto e = x + y;
    const tensor<float> m = loom::ones<float>({3, 4});
    x = loom::ones<float>({3, 4});
    for (int round = 0; round < 2; ++round) {
        const std::string message = message_of([&] { (void)loom::eval(e * m); });
        EXPECT_TRUE(contains(message, "operand of shape [3, 4] does not fit an expression of rank 1")) << message;
        EXPECT_TRUE(contains(message, "changed shape after the expression")) << message;
        tensor<float> destination = loom::full<float>({3, 4}, 7.f);
        EXPECT_THROW(destination = e * m, loom::broadcast_error);
        for (const float value : elements_of(destination)) EXPECT_EQ(value, 7.f);
        y = loom::ones<float>({3, 4});
    }
}

TEST(StaleOperands, Placed) {
    tensor<float> x = loom::ones<float>({2, 3, 4});
    const tensor<float> row{1, 2, 3};
    const auto e = loom::add(x, row, loom::broadcast::pdpd(1));
    x = loom::ones<float>({2, 3});
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);
}

TEST(StaleOperands, PlacedOperandOfAnotherRank) {
    // PDPD's placement reads b's dimensions from the left, at a's 1 and 2:
    // a b of [4] or of [2, 3, 4] is not the b it placed, even where NumPy's
    // alignment would fit it.
    const tensor<float> a = loom::ones<float>({2, 3, 4});
    tensor<float> b = loom::ones<float>({3, 4});
    const auto e = loom::add(a, b, loom::broadcast::pdpd(1));
    b = loom::ones<float>({4});
    expect_stale(e, "[4]", "a placement of rank 2");
    b = loom::ones<float>({2, 3, 4});
    expect_stale(e, "[2, 3, 4]", "a placement of rank 2");
    b = loom::full<float>({3, 4}, 2.f);
    for (const float value : elements_of(loom::eval(e))) EXPECT_EQ(value, 3.f);
}

TEST(StaleOperands, Sum) {
    tensor<float> x = loom::ones<float>({400, 500});
    const auto e = loom::sum(x, 1);
    x = loom::ones<float>({3, 2});
    expect_stale(e, "[400, 500]", "[3, 2]");
}

TEST(StaleOperands, SumOfTheSameRankAndResultShape) {
    // [400, 500] summed over 1 and [400, 7] both give [400]: still refused.
    tensor<double> x = loom::ones<double>({400, 500});
    const auto e = loom::sum(x, 1);
    x = loom::ones<double>({400, 7});
    expect_stale(e, "[400, 500]", "[400, 7]");
}

TEST(StaleOperands, MeanMaxAndVar) {
    tensor<double> x = loom::ones<double>({4, 5});
    const auto mean = loom::mean(x, 0);
    const auto max = loom::max(x, 1, true);
    const auto var = loom::var(x, 0);
    x = loom::ones<double>({5, 4});
    expect_stale(mean, "[4, 5]", "[5, 4]");
    expect_stale(max, "[4, 5]", "[5, 4]");
    expect_stale(var, "[4, 5]", "[5, 4]");
}

TEST(StaleOperands, ArgReduction) {
    tensor<int> x{{1, 5, 2}, {7, 0, 3}};
    const auto flat = loom::argmax(x);
    const auto along = loom::argmin(x, 1);
    x = tensor<int>{9, 8};
    expect_stale(flat, "[2, 3]", "[2]");
    expect_stale(along, "[2, 3]", "[2]");
}

TEST(StaleOperands, Cumulative) {
    tensor<std::int64_t> x{{1, 2}, {3, 4}};
    const auto flat = loom::cumsum(x);
    const auto along = loom::cumprod(x, 0);
    x = tensor<std::int64_t>{1, 2, 3, 4};
    expect_stale(flat, "[2, 2]", "[4]");
    expect_stale(along, "[2, 2]", "[4]");
}

TEST(StaleOperands, MatmulLeftAndRight) {
    tensor<float> a = loom::ones<float>({2, 3});
    tensor<float> b = loom::ones<float>({3, 2});
    const auto e = loom::matmul(a, b);
    b = loom::ones<float>({1, 2});
    expect_stale(e, "[3, 2]", "[1, 2]");
    b = loom::ones<float>({3, 2});
    a = loom::ones<float>({3, 3});
    expect_stale(e, "[2, 3]", "[3, 3]");
}

TEST(StaleOperands, WholeValueNestedInAnElementWiseExpression) {
    tensor<float> x = loom::ones<float>({3, 4});
    const auto centred = x - loom::max(x, 1, true);
    x = loom::ones<float>({4, 3});
    EXPECT_THROW((void)loom::eval(centred), loom::broadcast_error);
}

TEST(StaleOperands, NamedExpressionUnderAReduction) {
    // The sum refers to e, whose own shape is a copy: e's operands going
    // stale is caught when the sum reads e through the loop plan.
    tensor<float> x = loom::ones<float>({3, 4});
    const auto e = x + 1.f;
    const auto s = loom::sum(e, 0);
    x = loom::ones<float>({2, 2});
    EXPECT_THROW((void)loom::eval(s), loom::broadcast_error);
}

TEST(StaleOperands, NewValuesOfTheSameShapeAreReadAtEvaluation) {
    tensor<float> x{{1, 2}, {3, 4}};
    tensor<float> y{{1, 0}, {0, 1}};
    const auto sum = loom::sum(x, 1);
    const auto arg = loom::argmax(x, 0);
    const auto running = loom::cumsum(x, 1);
    const auto product = loom::matmul(x, y);
    x = tensor<float>{{10, 20}, {30, 40}};
    y = tensor<float>{{0, 1}, {1, 0}};
    EXPECT_EQ(elements_of(loom::eval(sum)), (std::vector<float>{30, 70}));
    EXPECT_EQ(elements_of(loom::eval(arg)), (std::vector<std::int64_t>{1, 1}));
    EXPECT_EQ(elements_of(loom::eval(running)), (std::vector<float>{10, 30, 30, 70}));
    EXPECT_EQ(elements_of(loom::eval(product)), (std::vector<float>{20, 10, 40, 30}));
}

TEST(StaleOperands, AnOwnedOperandCannotGoStale) {
    tensor<float> x = loom::ones<float>({2, 3});
    const auto e = loom::sum(x * 2.f, 1);  // owns x * 2, which keeps a copy of x's shape
    const auto p = loom::matmul(tensor<float>(x), loom::ones<float>({3, 1}));  // owns a copy of x
    x = loom::ones<float>({5});
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);  // x itself, read through the plan
    EXPECT_EQ(elements_of(loom::eval(p)), (std::vector<float>{3, 3}));
}

TEST(StaleOperands, EagerFunctionsComputeWhenCalled) {
    tensor<float> x{{1, 2}, {3, 4}};
    const tensor<float> d = loom::dot(x, x);
    const tensor<float> s = loom::softmax(x, 1);
    const tensor<float> e = loom::einsum("ij->i", x);
    x = loom::ones<float>({7});
    EXPECT_EQ(d.shape(), (shape_type{2, 2}));
    EXPECT_EQ(s.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(e), (std::vector<float>{3, 7}));
}

}  // namespace
