// Result types (docs/semantics.md, "Types"): bool < integer < floating;
// within a category the wider type wins; signed with unsigned of the same
// width goes to the next wider signed type; a C++ scalar never widens a
// tensor of its own category. Most checks are static_asserts: a wrong type
// fails the build.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::promote_t;
using loom::tensor;
using loom::testing::message_of;
using loom::value_type_of;
using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::int8_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;

/// An lvalue tensor operand of element type X.
template <class X>
using T = const tensor<X>&;

template <class L, class R>
using add_t = value_type_of<decltype(std::declval<L>() + std::declval<R>())>;
template <class L, class R>
using mul_t = value_type_of<decltype(std::declval<L>() * std::declval<R>())>;
template <class L, class R>
using div_t = value_type_of<decltype(std::declval<L>() / std::declval<R>())>;
template <class L, class R>
using mod_t = value_type_of<decltype(std::declval<L>() % std::declval<R>())>;
template <class L, class R>
using less_t = value_type_of<decltype(std::declval<L>() < std::declval<R>())>;

template <class R, class E>
constexpr bool gives = std::is_same_v<value_type_of<E>, R>;

using promotion_types =
    std::tuple<bool, int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, float, double>;

template <class A, class... Bs>
constexpr bool symmetric_with(std::tuple<Bs...>*) {
    return (std::is_same_v<promote_t<A, Bs>, promote_t<Bs, A>> && ...);
}

template <class... As>
constexpr bool promotion_is_symmetric(std::tuple<As...>*) {
    return (symmetric_with<As>(static_cast<promotion_types*>(nullptr)) && ...);
}

TEST(Promotion, IsSymmetricForEveryPairOfElementTypes) {
    static_assert(promotion_is_symmetric(static_cast<promotion_types*>(nullptr)));
}

TEST(Promotion, SameTypeStaysEvenWhenNarrowerThanInt) {
    static_assert(std::is_same_v<add_t<T<uint8_t>, T<uint8_t>>, uint8_t>);
    static_assert(std::is_same_v<add_t<T<int8_t>, T<int8_t>>, int8_t>);
    static_assert(std::is_same_v<mul_t<T<int16_t>, T<int16_t>>, int16_t>);
    static_assert(std::is_same_v<add_t<T<bool>, T<bool>>, bool>);
}

TEST(Promotion, WiderTypeOfTheSameKindWins) {
    static_assert(std::is_same_v<promote_t<int8_t, int16_t>, int16_t>);
    static_assert(std::is_same_v<promote_t<int32_t, int64_t>, int64_t>);
    static_assert(std::is_same_v<promote_t<uint8_t, uint32_t>, uint32_t>);
    static_assert(std::is_same_v<promote_t<float, double>, double>);
    static_assert(std::is_same_v<add_t<T<float>, T<double>>, double>);
}

TEST(Promotion, SignedWithUnsignedOfTheSameWidthGoesToTheNextWiderSigned) {
    static_assert(std::is_same_v<add_t<T<int8_t>, T<uint8_t>>, int16_t>);
    static_assert(std::is_same_v<add_t<T<int16_t>, T<uint16_t>>, int32_t>);
    static_assert(std::is_same_v<add_t<T<int32_t>, T<uint32_t>>, int64_t>);
}

TEST(Promotion, SignedWithNarrowerUnsignedKeepsTheSignedType) {
    static_assert(std::is_same_v<promote_t<int16_t, uint8_t>, int16_t>);
    static_assert(std::is_same_v<promote_t<int64_t, uint32_t>, int64_t>);
}

TEST(Promotion, SignedWithWiderUnsignedGoesToTheSignedTypeHoldingBoth) {
    static_assert(std::is_same_v<promote_t<int8_t, uint16_t>, int32_t>);
    static_assert(std::is_same_v<promote_t<int8_t, uint32_t>, int64_t>);
}

TEST(Promotion, Uint64WithAnySignedIntegerIsFloat64) {
    static_assert(std::is_same_v<add_t<T<uint64_t>, T<int64_t>>, double>);
    static_assert(std::is_same_v<promote_t<uint64_t, int8_t>, double>);
}

TEST(Promotion, HigherCategoryWinsWhateverTheWidth) {
    // The category decides first, as in PyTorch (NumPy would give float64 for int64 + float32).
    static_assert(std::is_same_v<add_t<T<int64_t>, T<float>>, float>);
    static_assert(std::is_same_v<add_t<T<uint64_t>, T<float>>, float>);
    static_assert(std::is_same_v<add_t<T<bool>, T<int8_t>>, int8_t>);
    static_assert(std::is_same_v<add_t<T<bool>, T<double>>, double>);
}

TEST(Promotion, BoolWithANumberTakesTheNumbersType) {
    static_assert(std::is_same_v<mul_t<T<bool>, T<int>>, int>);
    static_assert(std::is_same_v<mul_t<T<int64_t>, T<bool>>, int64_t>);
    static_assert(std::is_same_v<mul_t<T<bool>, T<float>>, float>);
}

TEST(PromotionWithScalars, FloatTensorTimesDoubleStaysFloat) {
    static_assert(std::is_same_v<mul_t<T<float>, double>, float>);
    static_assert(std::is_same_v<mul_t<double, T<float>>, float>);
}

TEST(PromotionWithScalars, DoubleTensorTimesFloatStaysDouble) {
    static_assert(std::is_same_v<mul_t<T<double>, float>, double>);
}

TEST(PromotionWithScalars, IntegerScalarNeverWidensAnIntegerTensor) {
    static_assert(std::is_same_v<add_t<T<int32_t>, long>, int32_t>);
    static_assert(std::is_same_v<add_t<T<int8_t>, int>, int8_t>);
    static_assert(std::is_same_v<add_t<T<uint8_t>, int>, uint8_t>);
    static_assert(std::is_same_v<add_t<T<uint16_t>, int64_t>, uint16_t>);
    static_assert(std::is_same_v<add_t<int, T<int16_t>>, int16_t>);
}

TEST(PromotionWithScalars, FloatingScalarGivesItsOwnTypeToAnIntegerTensor) {
    static_assert(std::is_same_v<mul_t<T<int>, double>, double>);
    static_assert(std::is_same_v<mul_t<T<int>, float>, float>);
    static_assert(std::is_same_v<mul_t<T<int64_t>, float>, float>);
}

TEST(PromotionWithScalars, NumberScalarGivesItsOwnTypeToABoolTensor) {
    static_assert(std::is_same_v<mul_t<T<bool>, int>, int>);
    static_assert(std::is_same_v<mul_t<T<bool>, double>, double>);
}

TEST(PromotionWithScalars, BoolScalarTakesTheTensorsType) {
    static_assert(std::is_same_v<add_t<T<uint8_t>, bool>, uint8_t>);
    static_assert(std::is_same_v<mul_t<T<float>, bool>, float>);
}

TEST(PromotionWithScalars, ScalarMeetsThePromotedTypeOfAllTensorsBesideIt) {
    // a (int8) + b (int16) promotes to int16; 1000 fits in int16.
    using R = decltype(loom::clip(std::declval<T<int8_t>>(), std::declval<T<int16_t>>(), 1000));
    static_assert(gives<int16_t, R>);
}

TEST(PromotionOfOperations, ComparisonsGiveBool) {
    static_assert(std::is_same_v<less_t<T<float>, double>, bool>);
    static_assert(std::is_same_v<less_t<T<int>, T<double>>, bool>);
    static_assert(gives<bool, decltype(std::declval<T<int>>() == std::declval<T<uint8_t>>())>);
    static_assert(gives<bool, decltype(std::declval<T<float>>() >= 1)>);
    static_assert(gives<bool, decltype(loom::not_equal(std::declval<T<int8_t>>(), 3))>);
}

TEST(PromotionOfOperations, LogicalOperationsGiveBool) {
    static_assert(gives<bool, decltype(std::declval<T<int>>() && std::declval<T<float>>())>);
    static_assert(gives<bool, decltype(!std::declval<T<double>>())>);
    static_assert(gives<bool, decltype(loom::logical_xor(std::declval<T<int>>(), 0))>);
}

TEST(PromotionOfOperations, TrueDivisionOfIntegersIsFloat64) {
    static_assert(std::is_same_v<div_t<T<int>, T<int>>, double>);
    static_assert(std::is_same_v<div_t<T<int8_t>, T<int8_t>>, double>);
    static_assert(std::is_same_v<div_t<T<int>, int>, double>);
    static_assert(std::is_same_v<div_t<T<bool>, T<bool>>, double>);
}

TEST(PromotionOfOperations, TrueDivisionKeepsFloatingTypes) {
    static_assert(std::is_same_v<div_t<T<float>, T<int>>, float>);
    static_assert(std::is_same_v<div_t<T<float>, double>, float>);
    static_assert(std::is_same_v<div_t<T<int>, float>, float>);
}

TEST(PromotionOfOperations, FloorDivideAndRemainderOfIntegersStayIntegers) {
    static_assert(gives<int, decltype(loom::floor_divide(std::declval<T<int>>(), std::declval<T<int>>()))>);
    static_assert(gives<int8_t, decltype(loom::floor_divide(std::declval<T<int8_t>>(), 3))>);
    static_assert(std::is_same_v<mod_t<T<int>, T<int>>, int>);
    static_assert(std::is_same_v<mod_t<T<uint16_t>, T<int16_t>>, int32_t>);
}

TEST(PromotionOfOperations, FloatingFunctionsOfIntegersAreFloat64) {
    static_assert(gives<double, decltype(loom::sqrt(std::declval<T<int>>()))>);
    static_assert(gives<double, decltype(loom::exp(std::declval<T<int16_t>>()))>);
    static_assert(gives<double, decltype(loom::sigmoid(std::declval<T<bool>>()))>);
    static_assert(gives<float, decltype(loom::sqrt(std::declval<T<float>>()))>);
    static_assert(gives<double, decltype(loom::log(std::declval<T<double>>()))>);
}

TEST(PromotionOfOperations, UnaryArithmeticKeepsTheType) {
    static_assert(gives<int8_t, decltype(-std::declval<T<int8_t>>())>);
    static_assert(gives<uint8_t, decltype(loom::abs(std::declval<T<uint8_t>>()))>);
    static_assert(gives<int16_t, decltype(loom::square(std::declval<T<int16_t>>()))>);
    static_assert(gives<int, decltype(loom::floor(std::declval<T<int>>()))>);
    static_assert(gives<float, decltype(loom::round(std::declval<T<float>>()))>);
    static_assert(gives<uint16_t, decltype(~std::declval<T<uint16_t>>())>);
}

TEST(PromotionOfOperations, BinaryFunctionsPromoteLikeOperators) {
    static_assert(gives<int16_t, decltype(loom::maximum(std::declval<T<int8_t>>(), std::declval<T<uint8_t>>()))>);
    static_assert(gives<int, decltype(loom::power(std::declval<T<int>>(), 2))>);
    static_assert(gives<double, decltype(loom::power(std::declval<T<int>>(), 2.0))>);
    static_assert(gives<int16_t, decltype(std::declval<T<int8_t>>() & std::declval<T<uint8_t>>())>);
}

TEST(PromotionOfOperations, WherePromotesItsTwoChoices) {
    static_assert(gives<float, decltype(loom::where(std::declval<T<bool>>(), std::declval<T<int>>(),
                                                    std::declval<T<float>>()))>);
    static_assert(gives<double, decltype(loom::where(std::declval<T<bool>>(), std::declval<T<int>>(), 0.5))>);
    static_assert(gives<uint8_t, decltype(loom::where(std::declval<T<int>>(), std::declval<T<uint8_t>>(), 0))>);
}

TEST(PromotionOfOperations, AstypeGivesTheRequestedType) {
    static_assert(gives<int, decltype(loom::astype<int>(std::declval<T<double>>()))>);
    static_assert(gives<bool, decltype(loom::astype<bool>(std::declval<T<float>>()))>);
}

// ---- Values follow the promoted type ----

TEST(PromotionValues, Uint8PlusUint8WrapsInUint8) {
    const tensor<uint8_t> a{200}, b{100};
    const tensor<uint8_t> r = a + b;
    EXPECT_EQ(r(0), 44);  // NumPy: np.uint8(200) + np.uint8(100) == 44
}

TEST(PromotionValues, Int8PlusUint8ComputesInInt16) {
    const tensor<int8_t> a{100, -100};
    const tensor<uint8_t> b{200, 255};
    const tensor<int16_t> r = a + b;
    EXPECT_EQ(r(0), 300);
    EXPECT_EQ(r(1), 155);
}

TEST(PromotionValues, Uint64WithInt64ComputesInFloat64) {
    const tensor<uint64_t> a{uint64_t{1} << 63};
    const tensor<int64_t> b{-1};
    const tensor<double> r = a + b;
    EXPECT_EQ(r(0), 9223372036854775808.0 - 1.0);
}

TEST(PromotionValues, FloatTensorTimesDoubleScalarComputesInFloat) {
    const tensor<float> a{1.f / 3.f};
    const tensor<float> r = a * 3.0;
    EXPECT_EQ(r(0), 1.f / 3.f * 3.f);
}

TEST(PromotionValues, IntegerTensorTimesFloatingScalar) {
    const tensor<int> a{1, 2, 3};
    const tensor<double> r = a * 2.5;
    EXPECT_EQ(r(0), 2.5);
    EXPECT_EQ(r(2), 7.5);
}

TEST(PromotionValues, BoolTensorPlusBoolTensorIsLogicalOr) {
    const tensor<bool> a{true, true, false}, b{true, false, false};
    const tensor<bool> r = a + b;
    EXPECT_TRUE(r(0));
    EXPECT_TRUE(r(1));
    EXPECT_FALSE(r(2));
}

// ---- Scalars that do not fit ----

TEST(ScalarRange, IntegerScalarThatDoesNotFitTheTensorTypeThrowsOutOfRange) {
    const tensor<int8_t> a{1, 2, 3};
    EXPECT_THROW((void)(a + 1000), std::out_of_range);
    EXPECT_THROW((void)(a + (-129)), std::out_of_range);
    EXPECT_THROW((void)(1000 * a), std::out_of_range);
}

TEST(ScalarRange, NegativeScalarBesideAnUnsignedTensorThrowsOutOfRange) {
    const tensor<uint8_t> a{1};
    EXPECT_THROW((void)(a + (-1)), std::out_of_range);
}

TEST(ScalarRange, LimitsOfTheTensorTypeAreAccepted) {
    const tensor<int8_t> a{0};
    EXPECT_NO_THROW((void)(a + 127));
    EXPECT_NO_THROW((void)(a + (-128)));
    const tensor<int8_t> r = a + 127;
    EXPECT_EQ(r(0), 127);
}

TEST(ScalarRange, MessageNamesTheValueAndTheType) {
    const tensor<int8_t> a{1};
    const std::string message = message_of([&] { (void)(a + 1000); });
    EXPECT_NE(message.find("1000"), std::string::npos) << message;
    EXPECT_NE(message.find("int8"), std::string::npos) << message;
    EXPECT_NE(message.find("[-128, 127]"), std::string::npos) << message;
}

TEST(ScalarRange, IntegerScalarBesideAFloatingTensorIsConverted) {
    const tensor<float> a{0.f};
    const tensor<float> r = a + 1000000000;
    EXPECT_EQ(r(0), 1e9f);
}

TEST(ScalarRange, ScalarIsCheckedAgainstThePromotedTypeOfItsPartners) {
    const tensor<int8_t> a{100};
    const tensor<int16_t> b{0};
    const tensor<int16_t> r = loom::clip(a, b, 1000);  // 1000 fits int16
    EXPECT_EQ(r(0), 100);
}

// ---- Type names ----

TEST(TypeName, IsNumPysName) {
    EXPECT_STREQ(loom::type_name<bool>(), "bool");
    EXPECT_STREQ(loom::type_name<int8_t>(), "int8");
    EXPECT_STREQ(loom::type_name<int64_t>(), "int64");
    EXPECT_STREQ(loom::type_name<uint16_t>(), "uint16");
    EXPECT_STREQ(loom::type_name<uint32_t>(), "uint32");
    EXPECT_STREQ(loom::type_name<float>(), "float32");
    EXPECT_STREQ(loom::type_name<double>(), "float64");
}

}  // namespace
