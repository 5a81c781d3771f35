// Lifetimes of lazy expressions (Note [closure rule] in expr/expression.hpp):
// a node owns its rvalue operands (moved in) and refers to its lvalue ones,
// so an expression holding temporaries may be evaluated after the statement
// that built it. Run this file under -fsanitize=address,undefined: a
// dangling reference shows up there as an error, not as a wrong value.

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;

template <class E, std::size_t I>
using operand_type = std::tuple_element_t<I, std::remove_cvref_t<decltype(std::declval<const E&>().operands())>>;

/// An expression built from a local tensor that dies when the function returns.
auto doubled_local() {
    tensor<float> local{1, 2, 3};
    return std::move(local) * 2.f;
}

TEST(Lifetime, LvalueOperandIsHeldByReferenceAndRvalueOperandIsOwned) {
    using E = decltype(std::declval<const tensor<float>&>() + tensor<float>{});
    static_assert(std::is_same_v<operand_type<E, 0>, const tensor<float>&>);
    static_assert(std::is_same_v<operand_type<E, 1>, tensor<float>>);
}

TEST(Lifetime, OwnedTemporaryOutlivesTheStatementThatBuiltIt) {
    const tensor<float> a{10, 20, 30};
    auto e = a + tensor<float>{1, 2, 3};
    tensor<float> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<float>{11, 22, 33}));
}

TEST(Lifetime, NestedTemporariesAreOwnedAtEveryLevel) {
    const tensor<float> a{1, 1, 1};
    auto e = (tensor<float>{1, 2, 3} + a) * tensor<float>{{10}, {100}};
    const tensor<float> r = e;
    EXPECT_EQ(r.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<float>{20, 30, 40, 200, 300, 400}));
}

TEST(Lifetime, TemporaryExpressionOperandIsOwned) {
    const tensor<int> a{1, 2};
    auto e = -(a + tensor<int>{10, 20});
    const tensor<int> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<int>{-11, -22}));
}

TEST(Lifetime, ExpressionReturnedFromAFunctionOwnsItsLocal) {
    const auto e = doubled_local();
    const tensor<float> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<float>{2, 4, 6}));
}

TEST(Lifetime, MovingATensorIntoAnExpressionTakesItsBuffer) {
    tensor<int> t{1, 2, 3};
    const int* buffer = t.data();
    auto e = std::move(t) + 1;
    EXPECT_EQ(std::get<0>(e.operands()).data(), buffer);
    EXPECT_EQ(t.size(), 0);  // the moved-from state is specified
    EXPECT_EQ(elements_of(loom::eval(e)), (std::vector<int>{2, 3, 4}));
}

TEST(Lifetime, CopyOfAnExpressionOwnsItsOwnTemporaries) {
    const tensor<int> a{1, 2};
    auto original = a + tensor<int>{10, 20};
    const auto copy = original;
    EXPECT_NE(std::get<1>(copy.operands()).data(), std::get<1>(original.operands()).data());
    EXPECT_EQ(elements_of(loom::eval(copy)), (std::vector<int>{11, 22}));
}

TEST(Lifetime, MovedExpressionKeepsItsTemporaries) {
    const tensor<int> a{1, 2};
    auto original = a * tensor<int>{3, 4};
    const auto moved = std::move(original);
    EXPECT_EQ(elements_of(loom::eval(moved)), (std::vector<int>{3, 8}));
}

TEST(Lifetime, SpecNodeOwnsItsTemporaryOperand) {
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}};
    auto e = loom::add(a, tensor<int>{100, 200, 300}, loom::broadcast::pdpd(0));
    const tensor<int> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<int>{101, 102, 203, 204, 305, 306}));
}

TEST(Lifetime, SpecNodeOwnsATemporaryFirstOperand) {
    const tensor<int> b{{10, 20}, {30, 40}};
    auto e = loom::multiply(tensor<int>{{1, 2}, {3, 4}}, b, loom::broadcast::none);
    const tensor<int> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<int>{10, 40, 90, 160}));
}

TEST(Lifetime, FunctionsOwnTheirTemporaries) {
    const tensor<float> a{-1, 4};
    auto e = loom::where(tensor<bool>{true, false}, loom::astype<float>(tensor<int>{7, 8}),
                         loom::sqrt(a + tensor<float>{1, 5}));
    const tensor<float> r = e;
    EXPECT_EQ(elements_of(r), (std::vector<float>{7, 3}));
}

TEST(Lifetime, ReferencedOperandIsReadAtEvaluation) {
    tensor<int> a{1, 2};
    auto e = a + tensor<int>{10, 10};
    a = 5;
    EXPECT_EQ(elements_of(loom::eval(e)), (std::vector<int>{15, 15}));
}

TEST(Lifetime, ReferencedOperandGivenANewBufferIsReadThere) {
    tensor<int> t{1, 2};
    auto e = t * 2;
    t = tensor<int>{7, 8};  // same shape, another buffer
    EXPECT_EQ(elements_of(loom::eval(e)), (std::vector<int>{14, 16}));
}

TEST(Lifetime, OperandReassignedToAHigherRankIsRefusedAtEvaluation) {
    // e was built for shape [2]; t now has shape [2, 2] (Note [stale operands]).
    tensor<int> t{1, 2};
    auto e = t * 2;
    t = tensor<int>{{1}, {2}} + tensor<int>{10, 20};
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);
}

TEST(Lifetime, OperandReassignedToFewerElementsIsRefusedAtEvaluation) {
    // Reading t as the [3] that e was built for would run past its end.
    tensor<int> t{1, 2, 3};
    auto e = t + 1;
    t = tensor<int>{1, 2};
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);
}

TEST(Lifetime, StaleOperandMessageSaysWhatHappened) {
    tensor<int> t{1, 2, 3};
    auto e = t + 1;
    t = tensor<int>{1, 2};
    try {
        (void)loom::eval(e);
        ADD_FAILURE() << "no broadcast_error";
    } catch (const loom::broadcast_error& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("operand of shape [2] does not fit the loop over [3]"), std::string::npos) << message;
        EXPECT_NE(message.find("changed shape after the expression"), std::string::npos) << message;
    }
}

TEST(Lifetime, ANodeOverAnOwnedOperandAnswersWithThatOperandsShape) {
    // Note [shared shapes]: (t + 1) keeps a copy of t's shape; the node that
    // owns it copies nothing, and its copies and moves answer with their own
    // operand's shape, not the original's.
    const tensor<int> t{1, 2, 3};
    auto e = (t + 1) * 2;
    const auto& inner = std::get<0>(e.operands());
    EXPECT_EQ(&e.shape(), &inner.shape());
    EXPECT_NE(&inner.shape(), &t.shape());
    auto copied = e;
    EXPECT_EQ(&copied.shape(), &std::get<0>(copied.operands()).shape());
    auto moved = std::move(copied);
    EXPECT_EQ(&moved.shape(), &std::get<0>(moved.operands()).shape());
    EXPECT_EQ(moved.shape(), (shape_type{3}));
    EXPECT_EQ(elements_of(loom::eval(moved)), (std::vector<int>{4, 6, 8}));
}

TEST(Lifetime, AnOperandReassignedUnderANestedNodeIsRefusedAtEvaluation) {
    // The outer node shares the inner one's shape, which the inner one
    // copied from t when it was built: [3], not t's new [2].
    tensor<int> t{1, 2, 3};
    auto e = (t + 1) * 2 - 1;
    t = tensor<int>{1, 2};
    EXPECT_EQ(e.shape(), (shape_type{3}));
    EXPECT_THROW((void)loom::eval(e), loom::broadcast_error);
}

TEST(Lifetime, ANamedExpressionReassignedAfterAnotherReferredToItIsRefused) {
    // f refers to e, and so keeps a copy of the shape e had: e's new shape
    // is refused, not taken.
    auto e = tensor<int>{1, 2, 3} * 2;
    const auto f = e + 1;
    e = tensor<int>{1, 2} * 2;
    EXPECT_EQ(f.shape(), (shape_type{3}));
    EXPECT_THROW((void)loom::eval(f), loom::broadcast_error);
}

TEST(Lifetime, CompoundAssignmentWithATemporary) {
    tensor<float> t{1, 2};
    t += tensor<float>{10, 20} * tensor<float>{2, 2};
    EXPECT_EQ(elements_of(t), (std::vector<float>{21, 42}));
}

}  // namespace
