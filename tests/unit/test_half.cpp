// float16 and bfloat16 (core/half.hpp): conversions for every bit pattern,
// rounding to nearest even from float, double and integers, promotion,
// arithmetic, reductions, creation, matmul, printing and .npy files, against
// the values NumPy 1.24 gives (/usr/bin/python3; each is marked "NumPy").
// bfloat16 has no NumPy type: its rounding is checked against PyTorch's
// round-to-nearest-even formula, and its promotion against PyTorch's table.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::bfloat16;
using loom::float16;
using loom::promote_t;
using loom::shape_type;
using loom::tensor;
using loom::value_type_of;

// FNV-1a over 64 bits, one word at a time: the checksums below were computed
// the same way in Python over NumPy's results.
struct half_checksum {
    std::uint64_t value = 14695981039346656037ull;
    void add(std::uint64_t word) { value = (value ^ word) * 1099511628211ull; }
};

std::vector<std::uint16_t> half_bits_of(const tensor<float16>& t) {
    std::vector<std::uint16_t> bits;
    for (const float16 x : t) bits.push_back(x.bits());
    return bits;
}

tensor<float16> half_from_bits(const std::vector<std::uint16_t>& bits) {
    tensor<float16> t(shape_type{static_cast<loom::index_t>(bits.size())});
    for (std::size_t i = 0; i < bits.size(); ++i) t.data()[i] = float16::from_bits(bits[i]);
    return t;
}

// NumPy: a = np.array([0.1, -2.5, 3.0, 65504.0, 1e-4, -7.25, 0.0, 1000.0, np.inf, np.nan], np.float16)
const std::vector<std::uint16_t> half_a = {0x2e66, 0xc100, 0x4200, 0x7bff, 0x068e,
                                           0xc740, 0x0000, 0x63d0, 0x7c00, 0x7e00};
// NumPy: b = np.array([0.3, 2.0, -0.7, 2.0, 3.0, 2.0, -0.0, 0.001, 1.0, 1.0], np.float16)
const std::vector<std::uint16_t> half_b = {0x34cd, 0x4000, 0xb99a, 0x4000, 0x4200,
                                           0x4000, 0x8000, 0x1419, 0x3c00, 0x3c00};

// ---- The types ----

static_assert(sizeof(float16) == 2 && sizeof(bfloat16) == 2);
static_assert(std::is_trivially_copyable_v<float16> && std::is_trivially_copyable_v<bfloat16>);
static_assert(loom::element<float16> && loom::element<bfloat16>);
static_assert(loom::floating_element<float16> && loom::floating_element<bfloat16>);
static_assert(loom::category_of<float16> == loom::category::floating);
static_assert(std::string_view(loom::type_name<float16>()) == "float16");
static_assert(std::string_view(loom::type_name<bfloat16>()) == "bfloat16");
// The SIMD kernels are for float and double: 16-bit floats take the scalar path.
static_assert(!loom::simd::vector_element<float16> && !loom::simd::vector_element<bfloat16>);
// Conversions are constexpr.
static_assert(float16(1.5).bits() == 0x3e00 && float(float16::from_bits(0x3e00)) == 1.5f);
static_assert(bfloat16(1.5f).bits() == 0x3fc0);

// ---- Conversions ----

TEST(HalfConversion, EveryFloat16WidensToNumPysFloat32Bits) {
    half_checksum sum;
    for (std::uint32_t i = 0; i < 65536; ++i) sum.add(std::bit_cast<std::uint32_t>(float(float16::from_bits(std::uint16_t(i)))));
    // NumPy: np.arange(65536, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)
    EXPECT_EQ(sum.value, 0x8c8d4b0224882325ull);
}

TEST(HalfConversion, EveryNumberRoundTripsThroughFloatAndDouble) {
    for (std::uint32_t i = 0; i < 65536; ++i) {
        const auto bits = std::uint16_t(i);
        const float h = float16::from_bits(bits), b = bfloat16::from_bits(bits);
        if (h == h) {
            EXPECT_EQ(float16(h).bits(), bits);
            EXPECT_EQ(float16(double(h)).bits(), bits);
        }
        if (b == b) {
            EXPECT_EQ(bfloat16(b).bits(), bits);
            EXPECT_EQ(bfloat16(double(b)).bits(), bits);
        }
    }
}

TEST(HalfConversion, NaNsStayNaNQuietWithSignAndPayload) {
    for (std::uint32_t i = 0; i < 65536; ++i) {
        const float16 h = float16::from_bits(std::uint16_t(i));
        if (float(h) == float(h)) continue;
        const std::uint16_t back = float16(float(h)).bits();
        EXPECT_EQ(back, std::uint16_t(i | 0x0200)) << i;  // the quiet bit set, the rest kept
        EXPECT_EQ(float16(double(h)).bits(), back);
        const bfloat16 b = bfloat16::from_bits(std::uint16_t(i | 0x7f80));
        if ((i & 0x7f) != 0) {
            EXPECT_EQ(bfloat16(float(b)).bits(), std::uint16_t(i | 0x7fc0));
        }
    }
}

TEST(HalfConversion, FloatsRoundToNearestEvenAsNumPy) {
    half_checksum sum;
    int count = 0;
    for (std::uint64_t i = 0; i < 65536; ++i) {
        const float x = std::bit_cast<float>(std::uint32_t((i * 65537 + 12345) % (1ull << 32)));
        if (x != x) continue;
        sum.add(float16(x).bits());
        ++count;
    }
    // NumPy: x = ((np.arange(65536, dtype=np.uint64) * 65537 + 12345) % 2**32).astype(np.uint32).view(np.float32),
    // its non-NaN values .astype(np.float16).view(np.uint16)
    EXPECT_EQ(count, 65280);
    EXPECT_EQ(sum.value, 0xa9dc4d38cc7935bdull);
}

TEST(HalfConversion, DoublesAtAndBesideHalfwayPointsRoundAsNumPy) {
    half_checksum sum;
    int count = 0;
    for (std::uint32_t b = 0; b < 0x7c00; b += 37) {
        const double low = float16::from_bits(std::uint16_t(b)), high = float16::from_bits(std::uint16_t(b + 1));
        const double middle = (low + high) / 2;
        for (const double v : {middle, std::nextafter(middle, -HUGE_VAL), std::nextafter(middle, HUGE_VAL)}) {
            sum.add(float16(v).bits());
            sum.add(float16(-v).bits());
            count += 2;
        }
    }
    // NumPy: the same doubles as an np.float64 array, .astype(np.float16).view(np.uint16)
    EXPECT_EQ(count, 5148);
    EXPECT_EQ(sum.value, 0x871afc97bfc60859ull);
}

TEST(HalfConversion, DoublesRoundOnceNotThroughFloat) {
    const double x = 1 + 0x1p-11 + 0x1p-40;  // just above halfway between 1 and 1 + 2^-10
    EXPECT_EQ(float16(x).bits(), 0x3c01);                      // NumPy: np.float16(x), 1.001
    EXPECT_EQ(float16(static_cast<float>(x)).bits(), 0x3c00);  // NumPy: np.float16(np.float32(x)), a tie to even
}

TEST(HalfConversion, OverflowUnderflowAndSignedZero) {
    EXPECT_EQ(float16(65519.0).bits(), 0x7bff);  // below 65520: 65504
    EXPECT_EQ(float16(65520.0).bits(), 0x7c00);  // halfway to 65536: a tie, to the even 'next' exponent, inf
    EXPECT_EQ(float16(-1e10f).bits(), 0xfc00);
    EXPECT_EQ(float16(0x1p-25).bits(), 0x0000);  // half of the smallest subnormal: a tie, to even 0
    EXPECT_EQ(float16(std::nextafter(0x1p-25, 1.0)).bits(), 0x0001);
    EXPECT_EQ(float16(-0x1p-26f).bits(), 0x8000);
    EXPECT_EQ(float16(-0.0).bits(), 0x8000);
    EXPECT_EQ(bfloat16(3.5e38).bits(), 0x7f80);
    EXPECT_EQ(bfloat16(3.4e38f).bits(), 0x7f80);  // above the halfway point between the largest (3.3895e38) and 2^128
    EXPECT_EQ(bfloat16(-0.0).bits(), 0x8000);
    EXPECT_EQ(bfloat16(0x1p-140f).bits(), 0x0000);
}

TEST(HalfConversion, BFloat16RoundsAsPyTorch) {
    // PyTorch's round_to_nearest_even: (bits + 0x7fff + ((bits >> 16) & 1)) >> 16 for numbers.
    for (std::uint64_t i = 0; i < (1ull << 32); i += 65519) {
        const auto bits = std::uint32_t(i);
        const float x = std::bit_cast<float>(bits);
        if (x != x) continue;
        EXPECT_EQ(bfloat16(x).bits(), std::uint16_t((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16)) << bits;
    }
}

TEST(HalfConversion, IntegersRoundExactly) {
    EXPECT_EQ(float16(2049).bits(), 0x6800);  // NumPy: np.float16(2049) is 2048.0, a tie to even
    EXPECT_EQ(float16(2051).bits(), 0x6802);  // 2052.0
    EXPECT_EQ(float16(std::int64_t(-65504)).bits(), 0xfbff);
    EXPECT_EQ(float16(std::uint64_t(1) << 63).bits(), 0x7c00);
    EXPECT_EQ(float16(true).bits(), 0x3c00);
    // 2^60 (1 + 2^-8) is halfway between two bfloat16: a tie to even; one more goes up.
    const auto tie = (std::int64_t(1) << 60) + (std::int64_t(1) << 52);
    EXPECT_EQ(bfloat16(tie).bits(), 0x5d80);
    EXPECT_EQ(bfloat16(tie + 1).bits(), 0x5d81);
    EXPECT_EQ(static_cast<std::int32_t>(float16(-7.75)), -7);
}

TEST(HalfConversion, LimitsAreNumPysFinfo) {
    using limits = std::numeric_limits<float16>;
    // NumPy: np.finfo(np.float16): eps 0.000977, max 65500.0, tiny 6.104e-05, smallest_subnormal 6e-08
    EXPECT_EQ(float(limits::epsilon()), 0x1p-10f);
    EXPECT_EQ(float(limits::max()), 65504.0f);
    EXPECT_EQ(float(limits::lowest()), -65504.0f);
    EXPECT_EQ(float(limits::min()), 0x1p-14f);
    EXPECT_EQ(float(limits::denorm_min()), 0x1p-24f);
    EXPECT_TRUE(std::isinf(float(limits::infinity())));
    EXPECT_TRUE(std::isnan(float(limits::quiet_NaN())));
    EXPECT_EQ(limits::quiet_NaN().bits(), 0x7e00);
    EXPECT_EQ(limits::digits, 11);
    using blimits = std::numeric_limits<bfloat16>;
    EXPECT_EQ(float(blimits::epsilon()), 0x1p-7f);
    EXPECT_EQ(float(blimits::max()), 0x1.fep127f);  // PyTorch: torch.finfo(torch.bfloat16).max 3.3895e+38
    EXPECT_EQ(float(blimits::min()), 0x1p-126f);
    EXPECT_EQ(blimits::digits, 8);
}

TEST(HalfArithmetic, ScalarOperatorsComputeInFloatAndRound) {
    const float16 third = float16(1.0) / float16(3.0);
    EXPECT_EQ(third.bits(), 0x3555);  // NumPy: np.float16(1) / np.float16(3)
    EXPECT_EQ((float16(65504.0) + float16(65504.0)).bits(), 0x7c00);
    EXPECT_EQ((-float16::from_bits(0x7e01)).bits(), 0xfe01);  // the sign flipped, the payload kept
    float16 x(2.0);
    x *= float16(0.1);
    EXPECT_EQ(x.bits(), 0x3266);  // NumPy: np.float16(2) * np.float16(0.1)
    EXPECT_TRUE(float16(-0.0) == float16(0.0));
    EXPECT_FALSE(float16::from_bits(0x7e00) == float16::from_bits(0x7e00));
    EXPECT_TRUE(float16(1.0) < float16(1.001));
}

// Mixed with another type, a 16-bit float converts to float and float's
// operators apply, as float with double gives double in C++.
static_assert(std::same_as<decltype(float16(1.0) + float16(1.0)), float16>);
static_assert(std::same_as<decltype(float16(1.0) + 1.0f), float>);
static_assert(std::same_as<decltype(float16(1.0) * 2.0), double>);
static_assert(std::same_as<decltype(float16(1.0) + 1), float>);
static_assert(std::same_as<decltype(float16(1.0) + bfloat16(1.0)), float>);
static_assert(std::same_as<decltype(float16(1.0) < float16(2.0)), bool>);

TEST(HalfArithmetic, NestedListsAndElementsTakeNumbersAsFloatDoes) {
    tensor<float16> t{{1.5, 2.0}, {3.0, 4.0}};
    t(0, 1) = 0.1;
    t += 1.0;
    t(1, loom::all) = 0.5;
    // NumPy: the same steps on np.array([[1.5, 2.0], [3.0, 4.0]], np.float16)
    EXPECT_EQ(half_bits_of(t), (std::vector<std::uint16_t>{0x4100, 0x3c66, 0x3800, 0x3800}));
    float16 h = 2;
    h += 0.5;
    EXPECT_EQ(h.bits(), 0x4100);
}

// ---- Promotion ----

template <class A, class B, class R>
constexpr bool half_promotes_to = std::same_as<promote_t<A, B>, R> && std::same_as<promote_t<B, A>, R>;

// NumPy: np.result_type(np.float16, t) for t in bool, int8, uint8, float16, float32, float64.
static_assert(half_promotes_to<float16, bool, float16>);
static_assert(half_promotes_to<float16, std::int8_t, float16>);
static_assert(half_promotes_to<float16, std::uint8_t, float16>);
static_assert(half_promotes_to<float16, float16, float16>);
static_assert(half_promotes_to<float16, float, float>);
static_assert(half_promotes_to<float16, double, double>);
// Wider integers: NumPy gives float32 (int16, uint16) or float64 (32 and 64
// bits); loom keeps its rule that the floating operand's type wins, as
// PyTorch does (torch.result_type of a half and an int64 tensor is half).
static_assert(half_promotes_to<float16, std::int16_t, float16>);
static_assert(half_promotes_to<float16, std::uint32_t, float16>);
static_assert(half_promotes_to<float16, std::int64_t, float16>);
// PyTorch: bfloat16 with float16 is float32; with the others as float16.
static_assert(half_promotes_to<bfloat16, float16, float>);
static_assert(half_promotes_to<bfloat16, bfloat16, bfloat16>);
static_assert(half_promotes_to<bfloat16, std::int64_t, bfloat16>);
static_assert(half_promotes_to<bfloat16, float, float>);
static_assert(half_promotes_to<bfloat16, double, double>);
// A C++ scalar never widens a tensor of its own category.
static_assert(std::same_as<loom::scalar_operand_t<float16, double>, float16>);
static_assert(std::same_as<loom::scalar_operand_t<std::int32_t, float16>, float16>);
// Floating functions keep the type; true division of integers stays float64.
static_assert(std::same_as<loom::floating_result_t<float16>, float16>);
static_assert(std::same_as<loom::floating_result_t<bfloat16>, bfloat16>);

TEST(HalfPromotion, ExpressionsTakeThePromotedType) {
    const tensor<float16> h{float16(1.5)};
    const tensor<bfloat16> b{bfloat16(1.5)};
    const tensor<std::int64_t> i{3};
    static_assert(std::same_as<value_type_of<decltype(h + b)>, float>);
    static_assert(std::same_as<value_type_of<decltype(h * 2.0)>, float16>);
    static_assert(std::same_as<value_type_of<decltype(i + h)>, float16>);
    static_assert(std::same_as<value_type_of<decltype(i * 2.5f)>, float>);
    static_assert(std::same_as<value_type_of<decltype(loom::sqrt(h))>, float16>);
    static_assert(std::same_as<value_type_of<decltype(h > 1.0)>, bool>);
    EXPECT_EQ(loom::testing::evaluated(h + b), std::vector<float>{3.0f});
    EXPECT_EQ(loom::testing::evaluated(i + h)[0].bits(), 0x4480);  // 4.5
}

// ---- Element-wise functions against NumPy's float16 arrays ----

TEST(HalfArithmetic, ElementWiseFunctionsGiveNumPysBits) {
    const tensor<float16> a = half_from_bits(half_a), b = half_from_bits(half_b);
    // NumPy, each of a + b, a - b, ... on the float16 arrays a and b above.
    EXPECT_EQ(half_bits_of(a + b), (std::vector<std::uint16_t>{0x3666, 0xb800, 0x409a, 0x7bff, 0x4200, 0xc540,
                                                               0x0000, 0x63d0, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(a - b), (std::vector<std::uint16_t>{0xb267, 0xc480, 0x4366, 0x7bff, 0xc200, 0xc8a0,
                                                               0x0000, 0x63d0, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(a * b), (std::vector<std::uint16_t>{0x27ae, 0xc500, 0xc034, 0x7c00, 0x0cea, 0xcb40,
                                                               0x8000, 0x3c00, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(a / b), (std::vector<std::uint16_t>{0x3555, 0xbd00, 0xc449, 0x77ff, 0x022f, 0xc340,
                                                               0xfe00, 0x7c00, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(loom::floor_divide(a, b)),
              (std::vector<std::uint16_t>{0x0000, 0xc000, 0xc500, 0x77ff, 0x0000, 0xc400, 0xfe00, 0x7c00, 0xfe00,
                                          0x7e00}));
    EXPECT_EQ(half_bits_of(a % b), (std::vector<std::uint16_t>{0x2e66, 0x3e00, 0xb802, 0x0000, 0x068e, 0x3a00,
                                                               0xfe00, 0x129a, 0xfe00, 0x7e00}));
    EXPECT_EQ(half_bits_of(loom::power(a, b)), (std::vector<std::uint16_t>{0x3802, 0x4640, 0x376a, 0x7c00, 0x0000,
                                                                           0x5292, 0x3c00, 0x3c07, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(loom::sqrt(loom::abs(a))),
              (std::vector<std::uint16_t>{0x350f, 0x3e53, 0x3eee, 0x5bff, 0x211f, 0x4163, 0x0000, 0x4fe8, 0x7c00,
                                          0x7e00}));
    EXPECT_EQ(half_bits_of(loom::exp(b)), (std::vector<std::uint16_t>{0x3d66, 0x4764, 0x37f2, 0x4764, 0x4d05, 0x4764,
                                                                      0x3c00, 0x3c01, 0x4170, 0x4170}));
    EXPECT_EQ(half_bits_of(loom::maximum(a, b)), (std::vector<std::uint16_t>{0x34cd, 0x4000, 0x4200, 0x7bff, 0x4200,
                                                                             0x4000, 0x0000, 0x63d0, 0x7c00, 0x7e00}));
    EXPECT_EQ(half_bits_of(-a), (std::vector<std::uint16_t>{0xae66, 0x4100, 0xc200, 0xfbff, 0x868e, 0x4740, 0x8000,
                                                            0xe3d0, 0xfc00, 0xfe00}));
}

TEST(HalfArithmetic, NaNAwareAndTwoOperandFunctionsComputeInFloat) {
    const float nan_value = std::numeric_limits<float>::quiet_NaN(), inf_value = std::numeric_limits<float>::infinity();
    const tensor<float16> specials = astype<float16>(tensor<float>{nan_value, inf_value, -inf_value, 1.5f, -0.0f});
    // NumPy: np.nan_to_num(h) and np.nan_to_num(h, nan=1.0, posinf=1e6, neginf=-2.0) of those float16 values.
    EXPECT_EQ(half_bits_of(loom::nan_to_num(specials)),
              (std::vector<std::uint16_t>{0x0000, 0x7bff, 0xfbff, 0x3e00, 0x8000}));
    EXPECT_EQ(half_bits_of(loom::nan_to_num(specials, 1.0, 1e6, -2.0)),
              (std::vector<std::uint16_t>{0x3c00, 0x7c00, 0xc000, 0x3e00, 0x8000}));
    // NumPy: np.isfinite(h) -> [False False False True True]
    EXPECT_EQ(loom::testing::elements_of(loom::isfinite(specials)), (std::vector<bool>{false, false, false, true, true}));
    const tensor<float16> a = astype<float16>(tensor<float>{1, nan_value, 3});
    const tensor<float16> b = astype<float16>(tensor<float>{nan_value, 2, 1});
    // NumPy: np.fmax(a, b) -> [1. 2. 3.], np.fmin(a, b) -> [1. 2. 1.]
    EXPECT_EQ(half_bits_of(loom::fmax(a, b)), (std::vector<std::uint16_t>{0x3c00, 0x4000, 0x4200}));
    EXPECT_EQ(half_bits_of(loom::fmin(a, b)), (std::vector<std::uint16_t>{0x3c00, 0x4000, 0x3c00}));
    // NumPy: np.reciprocal([2, 0.5, 3] as float16) -> [0.5 2. 0.3333]
    EXPECT_EQ(half_bits_of(loom::reciprocal(astype<float16>(tensor<float>{2, 0.5f, 3}))),
              (std::vector<std::uint16_t>{0x3800, 0x4000, 0x3555}));
    // NumPy: np.logaddexp(float16 [1, 2], [1, 0.5]) -> [1.693 2.201]; np.logaddexp2 -> [2. 2.438]
    const tensor<float16> x = astype<float16>(tensor<float>{1, 2}), y = astype<float16>(tensor<float>{1, 0.5f});
    EXPECT_EQ(half_bits_of(loom::logaddexp(x, y)), half_bits_of(astype<float16>(tensor<double>{1.693359375, 2.201171875})));
    EXPECT_EQ(half_bits_of(loom::logaddexp2(x, y)), half_bits_of(astype<float16>(tensor<double>{2.0, 2.4375})));
}

TEST(HalfArithmetic, CastsToIntegersAndBackAsNumPy) {
    const tensor<float16> a = half_from_bits(half_a);
    // NumPy: a[:8].astype(np.int32) is [0, -2, 3, 65504, 0, -7, 0, 1000]
    const tensor<std::int32_t> ints = loom::astype<std::int32_t>(a(loom::range(0, 8)));
    EXPECT_EQ(loom::testing::elements_of(ints), (std::vector<std::int32_t>{0, -2, 3, 65504, 0, -7, 0, 1000}));
    EXPECT_EQ(half_bits_of(loom::astype<float16>(ints)),
              (std::vector<std::uint16_t>{0x0000, 0xc000, 0x4200, 0x7bff, 0x0000, 0xc700, 0x0000, 0x63d0}));
    const tensor<bfloat16> b = loom::astype<bfloat16>(a);
    EXPECT_EQ(b.data()[0].bits(), 0x3dcd);  // 0.1 in float16, rounded again to bfloat16
    EXPECT_TRUE(loom::array_equal(loom::isnan(a), tensor<bool>{false, false, false, false, false, false, false,
                                                                  false, false, true}));
}

TEST(HalfArithmetic, IscloseComputesTheToleranceInFloat16AsNumPy) {
    const tensor<float16> a{1.0, 1.001, 100, 0.0, loom::testing::nan};
    const tensor<float16> b{1.0005, 1.0, 100.06, 1e-7, loom::testing::nan};
    // NumPy: np.isclose(a, b) of these float16 arrays, then with equal_nan=True
    EXPECT_TRUE(loom::array_equal(loom::isclose(a, b), tensor<bool>{false, false, false, false, false}));
    EXPECT_TRUE(loom::array_equal(loom::isclose(a, b, 1e-5, 1e-8, true), tensor<bool>{false, false, false, false, true}));
}

TEST(HalfArithmetic, ViewsAndScalarsMixInExpressions) {
    tensor<float16> m = loom::astype<float16>(loom::reshape(loom::arange<double>(6), {2, 3}));
    m(loom::all, 1) = m(loom::all, 1) * 0.5 + float16(1.0);
    EXPECT_EQ(loom::testing::elements_of(loom::astype<float>(loom::transpose(m))),
              (std::vector<float>{0, 3, 1.5f, 3, 2, 5}));
}

// ---- Reductions ----

TEST(HalfReduction, SumsAccumulateInFloat32AndRoundOnce) {
    const tensor<float16> x = loom::full<float16>({10000}, 0.1);
    // NumPy: np.full(10000, 0.1, np.float16).sum() is 1000.0 (0x63d0), mean 0.1, dtype float16
    const tensor<float16> total = loom::sum(x);
    EXPECT_EQ(total.data()[0].bits(), 0x63d0);
    EXPECT_EQ(tensor<float16>(loom::mean(x)).data()[0].bits(), float16(0.1).bits());
    EXPECT_EQ(tensor<float16>(loom::nansum(x)).data()[0].bits(), 0x63d0);
    static_assert(std::same_as<value_type_of<decltype(loom::sum(x))>, float16>);
    static_assert(std::same_as<value_type_of<decltype(loom::mean(x))>, float16>);
    // NumPy: np.cumsum of the same is 256.0 at the end: each partial sum is a float16.
    EXPECT_EQ(float(tensor<float16>(loom::cumsum(x)).data()[9999]), 256.0f);
}

TEST(HalfReduction, SumsAlongAnyAxisAccumulateInFloat32) {
    // NumPy's axis=0 sum of np.full((10000, 2), 0.1, np.float16) is [256, 256]
    // (its inner loop runs across the kept axis, rounding each step); loom's
    // result depends on no layout: 1000 along either axis.
    const tensor<float16> x = loom::full<float16>({10000, 2}, 0.1);
    EXPECT_EQ(loom::testing::elements_of(loom::astype<float>(loom::sum(x, 0))), (std::vector<float>{1000, 1000}));
    EXPECT_EQ(float(tensor<float16>(loom::sum(loom::transpose(x), 1)).data()[0]), 1000.0f);
}

TEST(HalfReduction, ExtremesAndArgExtremesFollowNumPysNaNRules) {
    const tensor<float16> a = half_from_bits(half_a);
    EXPECT_EQ(tensor<float16>(loom::max(a)).data()[0].bits(), 0x7e00);  // NaN wins, as np.max
    EXPECT_EQ(tensor<float16>(loom::nanmax(a)).data()[0].bits(), 0x7c00);
    EXPECT_EQ(tensor<float16>(loom::nanmin(a)).data()[0].bits(), 0xc740);  // -7.25
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(a)).data()[0], 9);   // NumPy: np.argmax(a), the NaN
    EXPECT_EQ(tensor<std::int64_t>(loom::argmin(a)).data()[0], 9);
    const tensor<float16> sorted = loom::sort(a);
    EXPECT_EQ(sorted.data()[0].bits(), 0xc740);
    EXPECT_EQ(sorted.data()[9].bits(), 0x7e00);  // NaN last, as np.sort
}

TEST(HalfReduction, EmptyExtentsGiveTheIdentityOrRefuse) {
    const tensor<float16> empty({0, 3});
    EXPECT_EQ(loom::testing::elements_of(loom::astype<float>(loom::sum(empty, 0))), (std::vector<float>{0, 0, 0}));
    EXPECT_TRUE(std::isnan(float(tensor<float16>(loom::mean(empty)).data()[0])));
    EXPECT_THROW((void)loom::max(empty, 0), std::invalid_argument);
}

// ---- Creation and matmul ----

TEST(HalfCreation, ArangeAndLinspaceGiveNumPysBits) {
    // NumPy: np.arange(-1, 1, 0.15, dtype=np.float16), computed in float32 from the first two values
    EXPECT_EQ(half_bits_of(loom::arange<float16>(-1, 1, 0.15)),
              (std::vector<std::uint16_t>{0xbc00, 0xbacd, 0xb99a, 0xb867, 0xb668, 0xb402, 0xae70, 0x2a50, 0x3260,
                                          0x3596, 0x37fc, 0x3931, 0x3a64, 0x3b97}));
    // NumPy: np.linspace(0, 1, 7, dtype=np.float16)
    EXPECT_EQ(half_bits_of(loom::linspace<float16>(0, 1, 7)),
              (std::vector<std::uint16_t>{0x0000, 0x3155, 0x3555, 0x3800, 0x3955, 0x3aab, 0x3c00}));
    EXPECT_EQ(half_bits_of(loom::zeros<float16>({2})), (std::vector<std::uint16_t>{0, 0}));
    EXPECT_EQ(half_bits_of(loom::full<float16>({1}, 2.5)), (std::vector<std::uint16_t>{0x4100}));
    EXPECT_THROW((void)loom::full<float16>({1}, 1e6), std::out_of_range);  // beyond float16's 65504
}

TEST(HalfCreation, RandIsBelowOne) {
    const tensor<float16> r = loom::rand<float16>({4096}, 7);
    const tensor<bfloat16> s = loom::rand<bfloat16>({4096}, 7);
    EXPECT_LT(float(tensor<float16>(loom::max(r)).data()[0]), 1.0f);
    EXPECT_GE(float(tensor<float16>(loom::min(r)).data()[0]), 0.0f);
    EXPECT_LT(float(tensor<bfloat16>(loom::max(s)).data()[0]), 1.0f);
}

TEST(HalfLinalg, MatmulSumsInFloat32AsNumPy) {
    // NumPy: m1 = np.arange(12, dtype=np.float16).reshape(3, 4) * np.float16(0.37),
    // m2 = np.arange(8, dtype=np.float16).reshape(4, 2) - np.float16(2.7); m1 @ m2 is float16
    tensor<float16> m1 = loom::reshape(half_from_bits({0x0000, 0x35ec, 0x39ec, 0x3c71, 0x3dec, 0x3f67, 0x4071, 0x412e,
                                                       0x41ec, 0x42aa, 0x4367, 0x4412}),
                                       {3, 4});
    tensor<float16> m2 = loom::reshape(half_from_bits({0xc166, 0xbecc, 0xb998, 0x34d0, 0x3d34, 0x409a, 0x429a, 0x444d}),
                                       {4, 2});
    const tensor<float16> product = loom::matmul(m1, m2);
    EXPECT_EQ(product.shape(), (shape_type{3, 2}));
    EXPECT_EQ(half_bits_of(product), (std::vector<std::uint16_t>{0x445e, 0x4697, 0x4626, 0x4b25, 0x47ed, 0x4d7f}));
    const tensor<float16> transposed = loom::matmul(loom::transpose(m2), loom::transpose(m1));
    EXPECT_EQ(half_bits_of(tensor<float16>(loom::transpose(transposed))), half_bits_of(product));
}

// ---- Printing ----

TEST(HalfPrint, EveryFloat16PrintsAsNumPysStr) {
    half_checksum sum;
    for (std::uint32_t i = 0; i < 65536; ++i) {
        const std::string text = loom::to_string(loom::full<float16>({}, float16::from_bits(std::uint16_t(i))));
        for (const char c : text) sum.add(static_cast<unsigned char>(c));
        sum.add('\n');
    }
    // NumPy: str(h) + '\n' for h in np.arange(65536, dtype=np.uint16).view(np.float16), byte by byte
    EXPECT_EQ(sum.value, 0x8fdc0cdb66537744ull);
}

TEST(HalfPrint, ArraysPrintAsNumPy) {
    // NumPy: str() of each float16 array
    EXPECT_EQ(loom::to_string(loom::astype<float16>(tensor<double>{1.5, 0.1})), "[1.5 0.1]");
    EXPECT_EQ(loom::to_string(loom::astype<float16>(tensor<double>{{65504, 6e-8}, {1e-5, 3.14159}})),
              "[[6.55e+04 5.96e-08]\n [1.00e-05 3.14e+00]]");
    EXPECT_EQ(loom::to_string(loom::astype<float16>(tensor<double>{1.0, loom::testing::nan, -loom::testing::inf, 0.3})),
              "[ 1.   nan -inf  0.3]");
    EXPECT_EQ(loom::to_string(loom::astype<float16>(tensor<double>{100.0, 2.0, 0.001})), "[1.e+02 2.e+00 1.e-03]");
}

TEST(HalfPrint, BFloat16PrintsItsShortestRoundTripDigits) {
    // The shortest digits that read back as the same bfloat16, as NumPy's rule for float16.
    EXPECT_EQ(loom::to_string(loom::astype<bfloat16>(tensor<double>{0.1, 3.14159, 100.0})), "[  0.1    3.14 100.  ]");
    EXPECT_EQ(loom::to_string(loom::full<bfloat16>({}, 1e30)), "1e+30");
}

// Prints `values` as one array, never summarised, and checks that every
// finite element's text reads back, as Python reads it (std::strtod) and
// rounded to H, as the same bits.
template <class H>
void expect_printed_elements_read_back(const std::vector<H>& values) {
    tensor<H> t(shape_type{static_cast<loom::index_t>(values.size())});
    for (std::size_t i = 0; i < values.size(); ++i) t.data()[i] = values[i];
    std::string text = loom::to_string(t, loom::print_options{.threshold = loom::index_t{1} << 20});
    for (char& c : text) c = c == '[' || c == ']' ? ' ' : c;
    std::istringstream words(text);
    std::size_t i = 0;
    int failures = 0;
    for (std::string word; words >> word && i < values.size(); ++i) {
        if (!std::isfinite(static_cast<float>(values[i]))) continue;
        const std::uint16_t back = H(std::strtod(word.c_str(), nullptr)).bits();
        if (back != values[i].bits() && ++failures <= 5) {
            ADD_FAILURE() << "bits " << values[i].bits() << " print as " << word << ", which reads back as bits " << back;
        }
    }
    EXPECT_EQ(i, values.size());
}

// Every finite value of H printed in arrays that pad it to each number of
// digits after the point from its own shortest up to the most any value of
// H needs (scientific notation, beside the smallest subnormal: the values
// of at most k digits with one of exactly k), and positionally (the values
// of one decade from 1e-4 to 1e8, which print positionally together).
template <class H>
void expect_every_value_reads_back_however_padded() {
    std::vector<std::vector<H>> by_fraction_digits(std::numeric_limits<H>::max_digits10);
    std::vector<std::vector<H>> by_decade(12);
    for (std::uint32_t i = 0; i < 65536; ++i) {
        const H x = H::from_bits(std::uint16_t(i));
        const float wide = x;
        if (!std::isfinite(wide)) continue;
        by_fraction_digits.at(loom::detail::shortest_scientific(x).fraction.size()).push_back(x);
        if (wide == 0) continue;  // of no decade
        const int decade = static_cast<int>(std::floor(std::log10(std::fabs(double(wide)))));
        if (decade >= -4 && decade < 8) by_decade.at(static_cast<std::size_t>(decade + 4)).push_back(x);
    }
    std::vector<H> scientific{H::from_bits(0x0001)};
    for (const std::vector<H>& values : by_fraction_digits) {
        if (values.empty()) continue;
        scientific.insert(scientific.end(), values.begin(), values.end());
        expect_printed_elements_read_back(scientific);
    }
    for (const std::vector<H>& values : by_decade) {
        if (!values.empty()) expect_printed_elements_read_back(values);
    }
}

TEST(HalfPrint, BFloat16PaddedToMoreDigitsReadsBack) {
    // -2^-69 alone is -1.7e-21; padded to two digits after the point its
    // nearest text, -1.69e-21, is nearer the next bfloat16 towards zero, and
    // it prints as -1.70e-21, as NumPy's rule pads a float16 (see
    // io/format_float.hpp).
    tensor<bfloat16> t(shape_type{4});
    const std::uint16_t bits[] = {0xd59d, 0x9d00, 0x7f80, 0x402d};
    for (int i = 0; i < 4; ++i) t.data()[i] = bfloat16::from_bits(bits[i]);
    EXPECT_EQ(loom::to_string(t), "[-2.16e+13 -1.70e-21       inf  2.70e+00]");
    EXPECT_EQ(loom::to_string(loom::full<bfloat16>({1}, bfloat16::from_bits(0x9d00))), "[-1.7e-21]");
    EXPECT_EQ(bfloat16(std::strtod("-1.70e-21", nullptr)).bits(), 0x9d00);
    EXPECT_EQ(bfloat16(std::strtod("-1.69e-21", nullptr)).bits(), 0x9cff);
}

TEST(HalfPrint, EveryBFloat16ReadsBackHoweverPadded) { expect_every_value_reads_back_however_padded<bfloat16>(); }

TEST(HalfPrint, EveryFloat16ReadsBackHoweverPadded) { expect_every_value_reads_back_however_padded<float16>(); }

// ---- .npy files ----

// NumPy: np.save of np.array([[0.5, -1.25, 65504.0], [np.inf, 6e-8, -0.0]], np.float16)
const char* const half_numpy_npy_hex =
    "934e554d5059010076007b276465736372273a20273c6632272c2027666f727472616e5f6f72646572273a2046616c73652c2027"
    "7368617065273a2028322c2033292c207d2020202020202020202020202020202020202020202020202020202020202020202020"
    "20202020202020202020202020202020202020202020200a003800bdff7b007c01000080";

std::vector<std::byte> half_bytes_of_hex(const std::string& hex) {
    std::vector<std::byte> bytes;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) bytes.push_back(std::byte(std::stoi(hex.substr(i, 2), nullptr, 16)));
    return bytes;
}

TEST(HalfNpy, ReadsWhatNumPyWritesAndWritesTheSameBytes) {
    const std::vector<std::byte> numpy_bytes = half_bytes_of_hex(half_numpy_npy_hex);
    const tensor<float16> t = loom::read_npy<float16>(numpy_bytes);
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(half_bits_of(t), (std::vector<std::uint16_t>{0x3800, 0xbd00, 0x7bff, 0x7c00, 0x0001, 0x8000}));
    const loom::any_tensor any = loom::read_npy_any(numpy_bytes);
    EXPECT_EQ(loom::type_name_of(any), "float16");
    EXPECT_EQ(loom::npy_bytes(t), numpy_bytes);
    EXPECT_EQ(loom::npy::descr_of<float16>(), "<f2");
}

TEST(HalfNpy, AFloat16FileIsRefusedAsAnotherType) {
    const std::vector<std::byte> numpy_bytes = half_bytes_of_hex(half_numpy_npy_hex);
    try {
        (void)loom::read_npy<float>(numpy_bytes);
        FAIL() << "a float16 file read as float";
    } catch (const std::runtime_error& error) {
        EXPECT_NE(std::string(error.what()).find("it holds float16 (dtype '<f2'), not float32; call "
                                                 "read_npy<loom::float16>"),
                  std::string::npos)
            << error.what();
    }
}

}  // namespace
