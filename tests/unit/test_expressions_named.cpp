// Named binary functions (NumPy's names) and the broadcast specs they take:
// numpy (the default), none (identical shapes), pdpd(axis) (OpenVINO's
// strict rule) and paddle_elementwise(axis) (Paddle's rule, where a 1 in A
// may grow). Shape rules alone are in test_broadcast.cpp.

#include <gtest/gtest.h>

#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::broadcast_error;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
namespace broadcast = loom::broadcast;

using loom::testing::evaluated;

TEST(NamedFunctions, NamesMatchTheOperators) {
    const tensor<int> a{7, -7}, b{2, 2};
    EXPECT_EQ(evaluated(loom::add(a, b)), evaluated(a + b));
    EXPECT_EQ(evaluated(loom::subtract(a, b)), evaluated(a - b));
    EXPECT_EQ(evaluated(loom::multiply(a, b)), evaluated(a * b));
    EXPECT_EQ(evaluated(loom::divide(a, b)), evaluated(a / b));
    EXPECT_EQ(evaluated(loom::true_divide(a, b)), evaluated(a / b));
    EXPECT_EQ(evaluated(loom::remainder(a, b)), evaluated(a % b));
    EXPECT_EQ(evaluated(loom::mod(a, b)), evaluated(a % b));
    EXPECT_EQ(evaluated(loom::equal(a, b)), evaluated(a == b));
    EXPECT_EQ(evaluated(loom::not_equal(a, b)), evaluated(a != b));
    EXPECT_EQ(evaluated(loom::less(a, b)), evaluated(a < b));
    EXPECT_EQ(evaluated(loom::less_equal(a, b)), evaluated(a <= b));
    EXPECT_EQ(evaluated(loom::greater(a, b)), evaluated(a > b));
    EXPECT_EQ(evaluated(loom::greater_equal(a, b)), evaluated(a >= b));
    EXPECT_EQ(evaluated(loom::logical_and(a, b)), evaluated(a && b));
    EXPECT_EQ(evaluated(loom::logical_or(a, b)), evaluated(a || b));
    EXPECT_EQ(evaluated(loom::bitwise_and(a, b)), evaluated(a & b));
    EXPECT_EQ(evaluated(loom::bitwise_or(a, b)), evaluated(a | b));
    EXPECT_EQ(evaluated(loom::bitwise_xor(a, b)), evaluated(a ^ b));
    EXPECT_EQ(evaluated(loom::negative(a)), evaluated(-a));
    EXPECT_EQ(evaluated(loom::logical_not(a)), evaluated(!a));
    EXPECT_EQ(evaluated(loom::bitwise_not(a)), evaluated(~a));
    EXPECT_EQ(evaluated(loom::invert(a)), evaluated(~a));
}

TEST(NamedFunctions, LogicalXor) {
    const tensor<int> a{0, 0, 1, 2}, b{0, 3, 0, 4};
    EXPECT_EQ(evaluated(loom::logical_xor(a, b)), (std::vector<bool>{false, true, true, false}));
}

TEST(NamedFunctions, DefaultSpecIsNumpy) {
    const tensor<int> a{{1}, {2}}, b{10, 20};
    EXPECT_EQ(evaluated(loom::add(a, b, broadcast::numpy)), evaluated(a + b));
    EXPECT_EQ(evaluated(loom::add(a, b, broadcast::numpy)), (std::vector<int>{11, 21, 12, 22}));
}

TEST(NamedFunctions, NoneAcceptsEqualShapes) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{{10, 20}, {30, 40}};
    EXPECT_EQ(evaluated(loom::multiply(a, b, broadcast::none)), (std::vector<int>{10, 40, 90, 160}));
}

TEST(NamedFunctions, NoneRejectsDifferentShapesWhenBuilt) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{10, 20};
    EXPECT_THROW((void)loom::add(a, b, broadcast::none), broadcast_error);
    EXPECT_THROW((void)loom::less(a, b, broadcast::none), broadcast_error);
}

TEST(NamedFunctions, PdpdPlacesBAtTheAxis) {
    // B (3) at axis 0 of A (3, 2): NumPy's right alignment would refuse 3 against 2.
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}}, b{100, 200, 300};
    const tensor<int> r = loom::add(a, b, broadcast::pdpd(0));
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{101, 102, 203, 204, 305, 306}));
}

TEST(NamedFunctions, PdpdIgnoresTrailingOnesOfB) {
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}}, b{{100}, {200}, {300}};  // (3, 1)
    EXPECT_EQ(evaluated(loom::subtract(a, b, broadcast::pdpd(0))), (std::vector<int>{-99, -98, -197, -196, -295, -294}));
}

TEST(NamedFunctions, PdpdDefaultAxisAlignsTheTrailingDimensions) {
    const tensor<int> a{{1, 2}, {3, 4}}, b{10, 20};
    EXPECT_EQ(evaluated(loom::add(a, b, broadcast::pdpd())), (std::vector<int>{11, 22, 13, 24}));
}

TEST(NamedFunctions, PdpdRefusesToGrowA) {
    const tensor<int> a{{1, 2}}, b{{10}, {20}, {30}};  // (1, 2) and (3, 1)
    EXPECT_THROW((void)loom::add(a, b, broadcast::pdpd(0)), broadcast_error);
}

TEST(NamedFunctions, PaddleElementwiseGrowsOnesOfA) {
    const tensor<int> a{{1, 2}}, b{{10}, {20}, {30}};  // (1, 2) and (3, 1) at axis 0: B' (3) meets A's 1
    const tensor<int> r = loom::add(a, b, broadcast::paddle_elementwise(0));
    EXPECT_EQ(r.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{11, 12, 21, 22, 31, 32}));
}

TEST(NamedFunctions, SpecWithAScalarOperand) {
    const tensor<int> a{{1, 2}, {3, 4}};
    EXPECT_EQ(evaluated(loom::multiply(a, 3, broadcast::pdpd())), (std::vector<int>{3, 6, 9, 12}));
}

TEST(NamedFunctions, SpecWithExpressionOperands) {
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}}, b{1, 2, 3};
    const tensor<int> r = loom::add(a * 2, b * 100, broadcast::pdpd(0));
    EXPECT_EQ(elements_of(r), (std::vector<int>{102, 104, 206, 208, 310, 312}));
}

TEST(NamedFunctions, SpecNodeInsideALargerExpression) {
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}}, b{1, 2, 3}, c{1000, 2000};
    const tensor<int> r = loom::add(a, b, broadcast::pdpd(0)) + c;
    EXPECT_EQ(elements_of(r), (std::vector<int>{1002, 2003, 1005, 2006, 1008, 2009}));
}

TEST(NamedFunctions, PlacementsNestedUnderALargerExpression) {
    // x = add(a, b * 10, pdpd(1)): b's axis at x's axis 1; add(w, x, pdpd(0)):
    // x's axes at w's 0 to 2; then + v, one axis more on the left. Each
    // element checked against its indices.
    const tensor<int> a = loom::arange<int>(24).reshape({2, 3, 4});
    const tensor<int> b{1, 2, 3};
    const tensor<int> w = loom::arange<int>(120).reshape({2, 3, 4, 5}) * 1000;
    const tensor<int> v{100000, 200000};
    const auto x = loom::add(a, b * 10, broadcast::pdpd(1));
    const auto r = loom::eval(loom::add(w, x, broadcast::pdpd(0)) + v.reshape({2, 1, 1, 1, 1}));
    ASSERT_EQ(r.shape(), (shape_type{2, 2, 3, 4, 5}));
    for (int n = 0; n < 2; ++n) {
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 3; ++j) {
                for (int k = 0; k < 4; ++k) {
                    for (int l = 0; l < 5; ++l) {
                        const int expected = w(i, j, k, l) + a(i, j, k) + b(j) * 10 + v(n);
                        EXPECT_EQ(r(n, i, j, k, l), expected) << n << ' ' << i << ' ' << j << ' ' << k << ' ' << l;
                    }
                }
            }
        }
    }
}

TEST(NamedFunctions, SpecComparisonGivesBool) {
    const tensor<int> a{{1, 2}, {3, 4}, {5, 6}}, b{2, 3, 7};
    const tensor<bool> r = loom::less(a, b, broadcast::pdpd(0));
    EXPECT_EQ(elements_of(r), (std::vector<bool>{true, false, false, false, true, true}));
}

}  // namespace
