// Note [checked lifetimes] (core/lifetimes.hpp): with LOOM_CHECK_LIFETIMES,
// which the unit tests define, evaluating an expression whose operand was
// destroyed or moved from, or a view whose memory was freed, throws
// loom::lifetime_error naming the operand's shape, instead of reading freed
// memory. Each test below would be undefined behaviour without the macro;
// each check throws before the dead object is touched, so the tests also
// pass under AddressSanitizer.

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"

#if !defined(LOOM_CHECK_LIFETIMES)
#error "the unit tests are compiled with LOOM_CHECK_LIFETIMES (tests/CMakeLists.txt)"
#endif

namespace {

using loom::lifetime_error;
using loom::tensor;
using loom::tensor_view;
using loom::testing::contains;
using loom::testing::message_of;

// Functions that return what refers to their locals: the mistakes the checks catch. clang sees
// most of them at compile time too (Note [lifetimebound] in expr/expression.hpp), and its warning is
// silenced here, where the mistakes are made on purpose for the checks at run time.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-stack-address"
#endif
auto expression_over_a_local() {
    tensor<float> local{1, 2, 3};
    return local * 2.f;
}

auto view_of_a_local() {
    tensor<float> local{1, 2, 3, 4};
    return local(loom::range(0, 2));
}

auto expression_over_a_local_expression(const tensor<float>& a) {
    auto doubled = a * 2.f;
    return doubled + 1.f;
}

auto sum_over_a_local() {
    tensor<float> local{{1, 2}, {3, 4}};
    return loom::sum(local, 0);
}

auto product_with_a_local(const tensor<float>& a) {
    tensor<float> local{{1, 0}, {0, 1}};
    return loom::matmul(a, local);
}

auto placed_over_a_local(const tensor<float>& a) {
    tensor<float> local{10, 20};
    return loom::add(a, local, loom::broadcast::pdpd(0));
}

#if defined(__clang__)
#pragma clang diagnostic pop
#endif

// What a function may return: the expression owns its temporaries, the view its memory.
auto expression_over_a_temporary() { return tensor<float>{1, 2, 3} * 2.f; }
auto view_of_a_temporary() { return tensor<float>{1, 2, 3, 4}(loom::range(0, 2)); }

template <class E>
std::string evaluation_message(const E& e) {
    return message_of([&] { tensor<float> r = e; });
}

TEST(CheckedLifetimes, ExpressionOverADestroyedLocalThrows) {
    const auto e = expression_over_a_local();
    EXPECT_THROW(tensor<float>{e}, lifetime_error);
    const std::string message = evaluation_message(e);
    EXPECT_TRUE(contains(message, "an operand of shape [3] was destroyed")) << message;
    EXPECT_TRUE(contains(message, "eval(e)")) << message;
}

TEST(CheckedLifetimes, EveryWayOfEvaluatingChecks) {
    const auto e = expression_over_a_local();
    tensor<float> into{0, 0, 0};
    EXPECT_THROW(into = e, lifetime_error);
    EXPECT_THROW(into += e, lifetime_error);
    EXPECT_THROW((void)loom::eval(e), lifetime_error);
    EXPECT_THROW((void)loom::to_string(e), lifetime_error);
    EXPECT_THROW((void)loom::sum(e).item(), lifetime_error);
    EXPECT_THROW((void)loom::eval(e + 1.f), lifetime_error);
    EXPECT_TRUE(loom::array_equal(into, tensor<float>{0, 0, 0}));  // nothing was written
}

TEST(CheckedLifetimes, ExpressionOverADestroyedNamedExpressionThrows) {
    const tensor<float> a{1, 2};
    const auto e = expression_over_a_local_expression(a);
    const std::string message = evaluation_message(e);
    EXPECT_TRUE(contains(message, "an operand of shape [2] was destroyed")) << message;
}

TEST(CheckedLifetimes, WholeValueNodesOverADestroyedLocalThrow) {
    const auto s = sum_over_a_local();
    const std::string message = evaluation_message(s);
    EXPECT_TRUE(contains(message, "an operand of shape [2, 2] was destroyed")) << message;

    const tensor<float> a{{1, 2}, {3, 4}};
    const auto p = product_with_a_local(a);
    EXPECT_TRUE(contains(evaluation_message(p), "an operand of shape [2, 2] was destroyed"));
}

TEST(CheckedLifetimes, PlacedOperandDestroyedThrows) {
    const tensor<float> a{{1, 2, 3}, {4, 5, 6}};
    const auto e = placed_over_a_local(a);
    EXPECT_TRUE(contains(evaluation_message(e), "an operand of shape [2] was destroyed"));
}

TEST(CheckedLifetimes, MovedFromOperandThrowsUntilItIsGivenElementsAgain) {
    tensor<float> a{1, 2, 3};
    const auto e = a * 2.f;
    tensor<float> b = std::move(a);
    const std::string message = evaluation_message(e);
    EXPECT_TRUE(contains(message, "an operand of shape [3] was moved from")) << message;
    EXPECT_TRUE(contains(message, "build the expression from that tensor")) << message;

    a = tensor<float>{4, 5, 6};  // a holds elements again: e reads them, as it reads any new value of a
    EXPECT_TRUE(loom::array_equal(tensor<float>(e), tensor<float>{8, 10, 12}));
    EXPECT_TRUE(loom::array_equal(b, tensor<float>{1, 2, 3}));
}

TEST(CheckedLifetimes, MovedFromRankedOperandThrows) {
    tensor<float, loom::rank<1>> a{1, 2, 3};
    const auto e = a + 1.f;
    auto taken = std::move(a);
    EXPECT_TRUE(contains(evaluation_message(e), "was moved from"));
    EXPECT_TRUE(loom::array_equal(taken, tensor<float>{1, 2, 3}));
}

TEST(CheckedLifetimes, OperandMovedIntoAVectorThatGrewThrows) {
    std::vector<tensor<float>> parts;
    parts.emplace_back(tensor<float>{1, 2});
    const auto e = parts[0] * 3.f;
    parts.reserve(parts.capacity() + 8);  // moves parts[0] to new memory and destroys the old one
    EXPECT_TRUE(contains(evaluation_message(e), "an operand of shape [2] was destroyed"));
}

TEST(CheckedLifetimes, ViewOfADestroyedTensorThrows) {
    const auto v = view_of_a_local();
    const std::string message = evaluation_message(v);
    EXPECT_TRUE(contains(message, "a view of shape [2] reads memory that was freed")) << message;
    EXPECT_THROW((void)v(0), lifetime_error);
    EXPECT_THROW((void)v.data(), lifetime_error);
    EXPECT_THROW((void)loom::eval(v * 2.f), lifetime_error);
}

TEST(CheckedLifetimes, ViewOfATensorGivenAnotherShapeThrows) {
    tensor<float> a{1, 2, 3, 4};
    const auto v = a(loom::range(1, 3));
    const auto w = loom::reshape(v, {2, 1});  // a view of the view: the same memory
    a = tensor<float>{1, 2, 3, 4, 5, 6};      // a new block: the old one is freed
    EXPECT_THROW((void)v(0), lifetime_error);
    EXPECT_TRUE(contains(evaluation_message(w), "a view of shape [2, 1] reads memory that was freed"));
}

TEST(CheckedLifetimes, ViewsOfAMovedTensorStillReadItsElements) {
    tensor<float> a{1, 2, 3, 4};
    const auto v = a(loom::range(1, 3));
    const tensor<float> b = std::move(a);  // the block moves to b, and lives on
    EXPECT_TRUE(loom::array_equal(tensor<float>(v), tensor<float>{2, 3}));
    EXPECT_EQ(v.data(), b.data() + 1);
}

TEST(CheckedLifetimes, ViewOfAFixedTensorChecksTheTensor) {
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wreturn-stack-address"
#endif
    const auto view_of_fixed = [] {
        tensor<float, loom::fixed<2>> local{1, 2};
        return local.view();
    };
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
    const auto v = view_of_fixed();
    EXPECT_TRUE(contains(evaluation_message(v), "a view of shape [2] reads memory that was freed"));
}

TEST(CheckedLifetimes, WhatOwnsItsOperandsNeverThrows) {
    EXPECT_TRUE(loom::array_equal(tensor<float>(expression_over_a_temporary()), tensor<float>{2, 4, 6}));
    EXPECT_TRUE(loom::array_equal(tensor<float>(view_of_a_temporary()), tensor<float>{1, 2}));

    tensor<float> a{1, 2, 3};
    const auto e = a * 2.f;
    const auto copy = e;  // a copy refers to a too
    a = tensor<float>{3, 2, 1};
    EXPECT_TRUE(loom::array_equal(tensor<float>(copy), tensor<float>{6, 4, 2}));
    const tensor_view<float> whole = a.view();
    a += 1.f;
    EXPECT_TRUE(loom::array_equal(tensor<float>(whole), tensor<float>{4, 3, 2}));
}

TEST(CheckedLifetimes, AdaptedMemoryIsTheCallersToKeep) {
    std::vector<double> memory{1, 2, 3};
    const auto v = loom::adapt(memory.data(), {3});
    EXPECT_TRUE(loom::array_equal(tensor<double>(v * 2.0), tensor<double>{2, 4, 6}));
}

}  // namespace
