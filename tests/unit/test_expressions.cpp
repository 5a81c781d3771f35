// The operators on expressions, each on small, hand-checkable examples,
// with NumPy's integer semantics (wrapping, Python-style remainder). Expected
// values are NumPy 1.24's (generated with /usr/bin/python3) unless the test
// says otherwise. Scalars, composition, rank 0 and zero sizes are in
// test_expressions_composition.cpp; named functions and broadcast specs in
// test_expressions_named.cpp; the element-wise functions in
// test_expressions_functions.cpp.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::tensor;
using loom::testing::elements_of;

using loom::testing::evaluated;

// ---- Arithmetic operators ----

TEST(Operators, Add) {
    const tensor<int> a{1, 2, 3}, b{10, 20, 30};
    EXPECT_EQ(evaluated(a + b), (std::vector<int>{11, 22, 33}));
}

TEST(Operators, Subtract) {
    const tensor<int> a{1, 2, 3}, b{10, 20, 30};
    EXPECT_EQ(evaluated(a - b), (std::vector<int>{-9, -18, -27}));
}

TEST(Operators, Multiply) {
    const tensor<float> a{1.5f, -2.f}, b{2.f, 3.f};
    EXPECT_EQ(evaluated(a * b), (std::vector<float>{3.f, -6.f}));
}

TEST(Operators, DivideIsTrueDivision) {
    const tensor<int> a{1, 7, -7}, b{2, 2, 2};
    EXPECT_EQ(evaluated(a / b), (std::vector<double>{0.5, 3.5, -3.5}));
}

TEST(Operators, IntegerTrueDivisionByZeroFollowsIeee) {
    // NumPy: np.array([1, 2, 3]) / np.array([2, 0, 0]) == [0.5, inf, inf]; 0 / 0 is nan.
    const tensor<int> a{1, 2, 0}, b{2, 0, 0};
    const auto r = evaluated(a / b);
    EXPECT_EQ(r[0], 0.5);
    EXPECT_EQ(r[1], std::numeric_limits<double>::infinity());
    EXPECT_TRUE(r[2] != r[2]);
}

TEST(Operators, RemainderHasTheDivisorsSign) {
    // NumPy: np.array([-7, 7, -7, 7]) % np.array([2, 2, -2, -2]) == [1, 1, -1, -1]
    const tensor<int> a{-7, 7, -7, 7}, b{2, 2, -2, -2};
    EXPECT_EQ(evaluated(a % b), (std::vector<int>{1, 1, -1, -1}));
}

TEST(Operators, IntegerRemainderByZeroIsZero) {
    const tensor<int> a{5, -5, 0};
    EXPECT_EQ(evaluated(a % 0), (std::vector<int>{0, 0, 0}));
}

TEST(Operators, FloatingRemainderHasTheDivisorsSign) {
    // NumPy: np.array([-7.5, 7.5, -7.5, 7.5]) % np.array([2., 2., -2., -2.]) == [0.5, 1.5, -1.5, -0.5]
    const tensor<double> a{-7.5, 7.5, -7.5, 7.5}, b{2, 2, -2, -2};
    EXPECT_EQ(evaluated(a % b), (std::vector<double>{0.5, 1.5, -1.5, -0.5}));
}

TEST(Operators, UnaryMinus) {
    const tensor<double> a{1.5, -2, 0};
    EXPECT_EQ(evaluated(-a), (std::vector<double>{-1.5, 2, 0}));
}

TEST(Operators, UnaryMinusOfUnsignedWraps) {
    const tensor<std::uint8_t> a{1, 0};
    EXPECT_EQ(evaluated(-a), (std::vector<std::uint8_t>{255, 0}));
}

// ---- Wrapping integer arithmetic (NumPy wraps; C++ signed overflow would be undefined) ----

TEST(IntegerWrapping, Int8AdditionWraps) {
    const tensor<std::int8_t> a{127};
    EXPECT_EQ(evaluated(a + 1), (std::vector<std::int8_t>{-128}));
}

TEST(IntegerWrapping, Int32AdditionWraps) {
    const tensor<std::int32_t> a{std::numeric_limits<std::int32_t>::max()};
    EXPECT_EQ(evaluated(a + 1), (std::vector<std::int32_t>{std::numeric_limits<std::int32_t>::min()}));
}

TEST(IntegerWrapping, Uint8SubtractionWraps) {
    const tensor<std::uint8_t> a{0};
    EXPECT_EQ(evaluated(a - 1), (std::vector<std::uint8_t>{255}));
}

TEST(IntegerWrapping, Int16MultiplicationWraps) {
    const tensor<std::int16_t> a{300};
    EXPECT_EQ(evaluated(a * a), (std::vector<std::int16_t>{24464}));
}

TEST(IntegerWrapping, Int64MultiplicationWraps) {
    const tensor<std::int64_t> a{std::numeric_limits<std::int64_t>::max()};
    EXPECT_EQ(evaluated(a * 2), (std::vector<std::int64_t>{-2}));
}

TEST(IntegerWrapping, NegatingTheMostNegativeValueWraps) {
    const tensor<std::int32_t> a{std::numeric_limits<std::int32_t>::min()};
    EXPECT_EQ(evaluated(-a), (std::vector<std::int32_t>{std::numeric_limits<std::int32_t>::min()}));
}

// ---- Comparisons ----

TEST(Operators, Comparisons) {
    const tensor<int> a{1, 2, 3}, b{2, 2, 2};
    EXPECT_EQ(evaluated(a == b), (std::vector<bool>{false, true, false}));
    EXPECT_EQ(evaluated(a != b), (std::vector<bool>{true, false, true}));
    EXPECT_EQ(evaluated(a < b), (std::vector<bool>{true, false, false}));
    EXPECT_EQ(evaluated(a <= b), (std::vector<bool>{true, true, false}));
    EXPECT_EQ(evaluated(a > b), (std::vector<bool>{false, false, true}));
    EXPECT_EQ(evaluated(a >= b), (std::vector<bool>{false, true, true}));
}

TEST(Operators, ComparisonsWithNaNAreFalseExceptNotEqual) {
    const tensor<double> a{std::numeric_limits<double>::quiet_NaN()};
    EXPECT_EQ(evaluated(a == a), std::vector<bool>{false});
    EXPECT_EQ(evaluated(a != a), std::vector<bool>{true});
    EXPECT_EQ(evaluated(a < 1.0), std::vector<bool>{false});
}

TEST(Operators, ComparisonsOfSignedAndUnsignedCompareValues) {
    // int8 -1 with uint8 255 compares in int16: -1 < 255 (C++'s own rules would say otherwise for int/unsigned).
    const tensor<std::int8_t> a{-1};
    const tensor<std::uint8_t> b{255};
    EXPECT_EQ(evaluated(a < b), std::vector<bool>{true});
}

// ---- Logical and bitwise ----

TEST(Operators, LogicalOperatorsUseTruthValues) {
    const tensor<int> a{0, 0, 3, 4};
    const tensor<double> b{0, 2.5, 0, -1};
    EXPECT_EQ(evaluated(a && b), (std::vector<bool>{false, false, false, true}));
    EXPECT_EQ(evaluated(a || b), (std::vector<bool>{false, true, true, true}));
    EXPECT_EQ(evaluated(!a), (std::vector<bool>{true, true, false, false}));
}

TEST(Operators, BitwiseOperatorsOnIntegers) {
    // NumPy: [12, 10] & [10, 10] == [8, 10]; [12, 10] | [10, 3] == [14, 11]; 12 ^ 10 == 6
    const tensor<int> a{12, 10};
    EXPECT_EQ(evaluated(a & tensor<int>{10, 10}), (std::vector<int>{8, 10}));
    EXPECT_EQ(evaluated(a | tensor<int>{10, 3}), (std::vector<int>{14, 11}));
    EXPECT_EQ(evaluated(a ^ 10), (std::vector<int>{6, 0}));
}

TEST(Operators, BitwiseNotOnIntegers) {
    const tensor<int> a{0, 5};
    EXPECT_EQ(evaluated(~a), (std::vector<int>{-1, -6}));
    const tensor<std::uint8_t> u{0};
    EXPECT_EQ(evaluated(~u), std::vector<std::uint8_t>{255});
}

TEST(Operators, BitwiseOperatorsOnBoolsAreLogical) {
    const tensor<bool> a{true, true, false}, b{true, false, false};
    EXPECT_EQ(evaluated(a & b), (std::vector<bool>{true, false, false}));
    EXPECT_EQ(evaluated(a | b), (std::vector<bool>{true, true, false}));
    EXPECT_EQ(evaluated(a ^ b), (std::vector<bool>{false, true, false}));
    EXPECT_EQ(evaluated(~a), (std::vector<bool>{false, false, true}));
}

TEST(Operators, BoolArithmeticIsLogicalAsInNumPy) {
    const tensor<bool> a{true, true, false}, b{true, false, false};
    EXPECT_EQ(evaluated(a + b), (std::vector<bool>{true, true, false}));
    EXPECT_EQ(evaluated(a * b), (std::vector<bool>{true, false, false}));
}

}  // namespace
