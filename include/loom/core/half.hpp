#pragma once
// The two 16-bit floating element types: float16 (IEEE 754 binary16, NumPy's
// float16) and bfloat16 (the upper half of a float32, PyTorch's bfloat16).
// They store numbers; arithmetic on them is computed in float32 and rounded
// back to the nearest value, ties to even, as NumPy and PyTorch do on CPU.
// Widening to float is exact for every bit pattern (subnormals, infinities,
// -0.0, NaN with its payload). Narrowing from float, from double (directly,
// never through float, so that no value is rounded twice) and from integers
// rounds to nearest even; a NaN stays a NaN, made quiet, with its sign and
// the top bits of its payload.
//
// Cost of including: <bit>, <cstring>, <cstdint>, <concepts>, <limits> and <type_traits>; with F16C
// enabled (-mf16c, -march=haswell and later) also <immintrin.h>, whose
// conversion instruction narrows float to float16 at run time.

#include <bit>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace loom {

namespace detail {

// std::bit_cast where the standard library has it; the compiler's builtin (also usable in constant
// expressions) or a memcpy where it does not, as in the libc++ that emscripten 3.1 ships.
template <class To, class From>
    requires(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>)
constexpr To bit_cast(const From& from) noexcept {
#if defined(__cpp_lib_bit_cast)
    return std::bit_cast<To>(from);
#else
#if defined(__has_builtin)  // a compiler without __has_builtin cannot read the test below
#if __has_builtin(__builtin_bit_cast)
#define LOOM_BUILTIN_BIT_CAST
#endif
#endif
#if defined(LOOM_BUILTIN_BIT_CAST)
#undef LOOM_BUILTIN_BIT_CAST
    return __builtin_bit_cast(To, from);
#else
    To to;
    std::memcpy(&to, &from, sizeof(To));
    return to;
#endif
#endif
}

}  // namespace detail

/// A 16-bit binary floating-point number with `ExponentBits` exponent bits
/// and `15 - ExponentBits` stored significand bits: `float16`
/// (`half_precision<5>`, NumPy's `np.float16`) or `bfloat16`
/// (`half_precision<8>`, PyTorch's `torch.bfloat16`). Trivially copyable, 2
/// bytes; default construction leaves it uninitialised, as `float`'s does.
/// Conversions never throw: out of range values become infinities.
template <int ExponentBits>
class half_precision {
    static_assert(ExponentBits == 5 || ExponentBits == 8, "half_precision is float16 (5) or bfloat16 (8)");

public:
    /// Stored significand bits: 10 for float16, 7 for bfloat16.
    static constexpr int mantissa_bits = 15 - ExponentBits;
    /// The exponent's bias: 15 for float16, 127 for bfloat16.
    static constexpr int exponent_bias = (1 << (ExponentBits - 1)) - 1;

    /// Uninitialised, as a `float`.
    half_precision() = default;

    /// The number nearest to `value`, ties to even (NumPy's
    /// `np.float16(value)`, PyTorch's `torch.tensor(value, dtype=torch.bfloat16)`).
    /// Implicit, as C++ converts double to float, so that `tensor<float16>
    /// t{1.5, 2.0}` and `t(0) = 0.5` read as they do for float.
    template <class T>
        requires std::floating_point<T> && (sizeof(T) <= sizeof(double))
    constexpr half_precision(T value) : bits_(narrow(value)) {}

    /// The number nearest to the integer `value` (exactly, not through another
    /// floating type), ties to even; `bool` gives 0 or 1. Implicit, as C++
    /// converts int to float.
    template <std::integral T>
    constexpr half_precision(T value) : bits_(from_integer(value)) {}

    /// The number nearest to `value` of the other 16-bit type, ties to even.
    template <int OtherExponentBits>
        requires(OtherExponentBits != ExponentBits)
    constexpr explicit half_precision(half_precision<OtherExponentBits> value) : bits_(narrow(float(value))) {}

    /// The number whose bit pattern is `bits` (NumPy's `.view(np.float16)`).
    static constexpr half_precision from_bits(std::uint16_t bits) {
        half_precision result;
        result.bits_ = bits;
        return result;
    }

    /// The bit pattern (NumPy's `.view(np.uint16)`).
    constexpr std::uint16_t bits() const { return bits_; }

    /// The same number as a float: exact for every bit pattern.
    constexpr operator float() const { return detail::bit_cast<float>(widen(bits_)); }

    /// The same number; the sign bit flipped, so that NaNs keep their payload.
    constexpr half_precision operator-() const { return from_bits(std::uint16_t(bits_ ^ sign_bit)); }
    /// The same number.
    constexpr half_precision operator+() const { return *this; }

    // The operators are templates of exactly this type: with conversions
    // both ways, `h + 1.0f` would otherwise be ambiguous between them and
    // float's own `+`. Mixed with another type, float's operators apply and
    // give a float, as C++'s float with double gives double.

    /// Sum computed in float32, rounded to nearest even.
    template <std::same_as<half_precision> H>
    friend constexpr H operator+(H a, H b) {
        return half_precision(float(a) + float(b));
    }
    /// Difference computed in float32, rounded to nearest even.
    template <std::same_as<half_precision> H>
    friend constexpr H operator-(H a, H b) {
        return half_precision(float(a) - float(b));
    }
    /// Product computed in float32, rounded to nearest even.
    template <std::same_as<half_precision> H>
    friend constexpr H operator*(H a, H b) {
        return half_precision(float(a) * float(b));
    }
    /// Quotient computed in float32, rounded to nearest even.
    template <std::same_as<half_precision> H>
    friend constexpr H operator/(H a, H b) {
        return half_precision(float(a) / float(b));
    }
    /// `*this = *this + b`.
    constexpr half_precision& operator+=(half_precision b) { return *this = *this + b; }
    /// `*this = *this - b`.
    constexpr half_precision& operator-=(half_precision b) { return *this = *this - b; }
    /// `*this = *this * b`.
    constexpr half_precision& operator*=(half_precision b) { return *this = *this * b; }
    /// `*this = *this / b`.
    constexpr half_precision& operator/=(half_precision b) { return *this = *this / b; }

    /// IEEE equality: NaN equals nothing, -0.0 equals 0.0.
    template <std::same_as<half_precision> H>
    friend constexpr bool operator==(H a, H b) { return float(a) == float(b); }
    /// IEEE order: false when either is NaN.
    template <std::same_as<half_precision> H>
    friend constexpr bool operator<(H a, H b) { return float(a) < float(b); }
    /// IEEE order: false when either is NaN.
    template <std::same_as<half_precision> H>
    friend constexpr bool operator>(H a, H b) { return float(a) > float(b); }
    /// IEEE order: false when either is NaN.
    template <std::same_as<half_precision> H>
    friend constexpr bool operator<=(H a, H b) { return float(a) <= float(b); }
    /// IEEE order: false when either is NaN.
    template <std::same_as<half_precision> H>
    friend constexpr bool operator>=(H a, H b) { return float(a) >= float(b); }

private:
    static constexpr std::uint16_t sign_bit = 0x8000;
    static constexpr std::uint16_t exponent_field = (1 << ExponentBits) - 1;
    static constexpr std::uint16_t infinity_bits = std::uint16_t(exponent_field << mantissa_bits);
    static constexpr std::uint16_t quiet_bit = std::uint16_t(1 << (mantissa_bits - 1));

    // The bits of the number nearest to significand * 2^exponent, ties to
    // even; the significand is not 0.
    static constexpr std::uint16_t round(bool negative, std::uint64_t significand, int exponent) {
        const std::uint16_t sign = negative ? sign_bit : 0;
        const int top = exponent + std::bit_width(significand) - 1;  // the value's binary exponent
        if (top > exponent_bias) return std::uint16_t(sign | infinity_bits);
        const int ulp = (top < 1 - exponent_bias ? 1 - exponent_bias : top) - mantissa_bits;
        const int shift = ulp - exponent;  // significand bits below the result's last place
        std::uint64_t kept = 0;
        if (shift <= 0) {
            kept = significand << -shift;  // an integer: exact
        } else if (shift <= 64) {
            const std::uint64_t dropped = shift == 64 ? significand : significand & ((std::uint64_t(1) << shift) - 1);
            const std::uint64_t halfway = std::uint64_t(1) << (shift - 1);
            kept = shift == 64 ? 0 : significand >> shift;
            if (dropped > halfway || (dropped == halfway && (kept & 1) != 0)) ++kept;
        }
        // A normal number's field is top + bias, and `kept` holds its leading
        // 1: adding the two carries a rounding up into the exponent.
        const std::uint32_t bits = top < 1 - exponent_bias
                                       ? std::uint32_t(kept)
                                       : (std::uint32_t(top + exponent_bias - 1) << mantissa_bits) + std::uint32_t(kept);
        return std::uint16_t(sign | (bits >= infinity_bits ? infinity_bits : bits));
    }

    // NaN of a wider format: quiet, with its sign and the payload's top bits.
    static constexpr std::uint16_t nan_from(bool negative, std::uint64_t payload_top) {
        return std::uint16_t((negative ? sign_bit : 0) | infinity_bits | quiet_bit | payload_top);
    }

    template <class T>
    static constexpr std::uint16_t narrow(T value) {
        using U = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
        constexpr int stored = std::numeric_limits<T>::digits - 1;
        constexpr int bias = std::numeric_limits<T>::max_exponent - 1;
        constexpr U field_mask = (U(1) << (sizeof(T) * 8 - 1 - stored)) - 1;
#if defined(__F16C__)
        if constexpr (ExponentBits == 5 && sizeof(T) == 4) {
            // The vector form: clang's _cvtss_sh is a macro whose compound literal -Wpedantic refuses.
            if (!std::is_constant_evaluated()) {
                const __m128i narrowed = _mm_cvtps_ph(_mm_set_ss(value), _MM_FROUND_TO_NEAREST_INT);
                return std::uint16_t(_mm_cvtsi128_si32(narrowed));
            }
        }
#endif
        const U bits = detail::bit_cast<U>(value);
        const bool negative = (bits >> (sizeof(T) * 8 - 1)) != 0;
        const U field = (bits >> stored) & field_mask;
        const U mantissa = bits & ((U(1) << stored) - 1);
        if (field == field_mask) {
            if (mantissa == 0) return std::uint16_t((negative ? sign_bit : 0) | infinity_bits);
            return nan_from(negative, std::uint64_t(mantissa >> (stored - mantissa_bits)));
        }
        if (field == 0 && mantissa == 0) return negative ? sign_bit : 0;
        if (field == 0) return round(negative, mantissa, 1 - bias - stored);
        return round(negative, mantissa | (U(1) << stored), int(field) - bias - stored);
    }

    template <std::integral T>
    static constexpr std::uint16_t from_integer(T value) {
        if (value == 0) return 0;
        if constexpr (std::same_as<T, bool>) {
            return half_precision(1.0f).bits_;
        } else {
            const bool negative = value < 0;
            const auto magnitude = negative ? std::uint64_t(0) - std::uint64_t(value) : std::uint64_t(value);
            return round(negative, magnitude, 0);
        }
    }

    static constexpr std::uint32_t widen(std::uint16_t bits) {
        if constexpr (ExponentBits == 8) {
            return std::uint32_t(bits) << 16;
        } else {
            const std::uint32_t sign = std::uint32_t(bits & sign_bit) << 16;
            const std::uint32_t field = (bits >> mantissa_bits) & exponent_field;
            const std::uint32_t mantissa = bits & ((1u << mantissa_bits) - 1);
            constexpr int widening = 23 - mantissa_bits;
            if (field == exponent_field) return sign | 0x7f800000u | (mantissa << widening);
            if (field != 0) return sign | ((field + 127 - exponent_bias) << 23) | (mantissa << widening);
            if (mantissa == 0) return sign;
            // A subnormal float16 is a normal float: move its leading 1 to the hidden place.
            const int top = std::bit_width(mantissa) - 1;
            const std::uint32_t exponent = std::uint32_t(top - mantissa_bits + 1 - exponent_bias + 127);
            return sign | (exponent << 23) | ((mantissa << (23 - top)) & 0x7fffffu);
        }
    }

    std::uint16_t bits_;
};

/// IEEE 754 binary16: 5 exponent bits, 10 stored significand bits (NumPy's `np.float16`).
using float16 = half_precision<5>;

/// Brain floating point: float32's 8 exponent bits, 7 stored significand
/// bits (PyTorch's `torch.bfloat16`; NumPy has no such type).
using bfloat16 = half_precision<8>;

/// Whether T is float16 or bfloat16.
template <class T>
concept half_element = std::same_as<T, float16> || std::same_as<T, bfloat16>;

}  // namespace loom

/// The limits of float16 and bfloat16 (NumPy's `np.finfo(np.float16)`,
/// PyTorch's `torch.finfo(torch.bfloat16)`).
template <int ExponentBits>
class std::numeric_limits<loom::half_precision<ExponentBits>> {
    using H = loom::half_precision<ExponentBits>;
    static constexpr int bias = H::exponent_bias;
    static constexpr std::uint16_t infinity_bits = std::uint16_t(((1 << ExponentBits) - 1) << H::mantissa_bits);

public:
    static constexpr bool is_specialized = true;  ///< the limits are known
    static constexpr bool is_signed = true;  ///< negative numbers exist
    static constexpr bool is_integer = false;  ///< not an integer type
    static constexpr bool is_exact = false;  ///< arithmetic rounds
    static constexpr bool has_infinity = true;  ///< infinities exist
    static constexpr bool has_quiet_NaN = true;  ///< quiet NaNs exist
    static constexpr bool has_signaling_NaN = true;  ///< signalling NaNs exist
    static constexpr std::float_denorm_style has_denorm = std::denorm_present;  ///< subnormal numbers exist
    static constexpr bool has_denorm_loss = false;  ///< no denormalisation loss is reported
    /// Conversions round to nearest, ties to even.
    static constexpr std::float_round_style round_style = std::round_to_nearest;
    /// Whether the type is an IEEE 754 format: float16 (binary16) is, bfloat16 is not.
    static constexpr bool is_iec559 = ExponentBits == 5;
    static constexpr bool is_bounded = true;  ///< finitely many values
    static constexpr bool is_modulo = false;  ///< overflow gives infinity, never wraps
    static constexpr int digits = H::mantissa_bits + 1;  ///< significant bits, the hidden one included: 11 or 8
    /// Decimal digits that survive a round trip through the type.
    static constexpr int digits10 = ExponentBits == 5 ? 3 : 2;
    /// Decimal digits that tell every two values apart.
    static constexpr int max_digits10 = ExponentBits == 5 ? 5 : 4;
    static constexpr int radix = 2;  ///< binary
    static constexpr int min_exponent = 2 - bias;  ///< one more than the smallest normal number's binary exponent
    /// The smallest power of ten that is a normal number.
    static constexpr int min_exponent10 = ExponentBits == 5 ? -4 : -37;
    static constexpr int max_exponent = bias + 1;  ///< one more than the largest finite number's binary exponent
    static constexpr int max_exponent10 = ExponentBits == 5 ? 4 : 38;  ///< the largest power of ten that is finite
    static constexpr bool traps = false;  ///< arithmetic never traps
    static constexpr bool tinyness_before = false;  ///< tininess is detected after rounding

    /// The smallest positive normal number.
    static constexpr H min() noexcept { return H::from_bits(std::uint16_t(1 << H::mantissa_bits)); }
    /// The most negative finite number.
    static constexpr H lowest() noexcept { return H::from_bits(std::uint16_t(0x8000 | (infinity_bits - 1))); }
    /// The largest finite number.
    static constexpr H max() noexcept { return H::from_bits(std::uint16_t(infinity_bits - 1)); }
    /// The distance from 1 to the next number.
    static constexpr H epsilon() noexcept {
        return H::from_bits(std::uint16_t((bias - H::mantissa_bits) << H::mantissa_bits));
    }
    /// Half a unit in the last place.
    static constexpr H round_error() noexcept { return H::from_bits(std::uint16_t((bias - 1) << H::mantissa_bits)); }
    /// Positive infinity.
    static constexpr H infinity() noexcept { return H::from_bits(infinity_bits); }
    /// The quiet NaN NumPy and PyTorch make.
    static constexpr H quiet_NaN() noexcept {
        return H::from_bits(std::uint16_t(infinity_bits | (1 << (H::mantissa_bits - 1))));
    }
    /// A signalling NaN.
    static constexpr H signaling_NaN() noexcept {
        return H::from_bits(std::uint16_t(infinity_bits | (1 << (H::mantissa_bits - 2))));
    }
    /// The smallest positive subnormal number.
    static constexpr H denorm_min() noexcept { return H::from_bits(1); }
};
