#pragma once
// Arithmetic on numbers that come from a caller: sizes, strides, counts,
// offsets, axes, `ddof`, repetitions, pad widths, class counts. Each
// function gives the exact result, or nothing when it does not fit in the
// type, so that such a number never wraps around and never overflows (for a
// signed type that is undefined behaviour, which the sanitizers report).
// The caller turns nothing into an exception that names the values at
// fault: only it knows what they mean.
//
//     const auto size = checked_mul(shape[d], times[d]);
//     if (!size) throw std::length_error("tile: ...");
//
// Cost of including: <concepts> and <optional> only.

#include <concepts>
#include <optional>

namespace loom {

/// a + b, or nothing when it overflows I.
template <std::integral I>
[[nodiscard]] constexpr std::optional<I> checked_add(I a, I b) noexcept {
    I result;
    if (__builtin_add_overflow(a, b, &result)) return std::nullopt;
    return result;
}

/// a - b, or nothing when it overflows I.
template <std::integral I>
[[nodiscard]] constexpr std::optional<I> checked_sub(I a, I b) noexcept {
    I result;
    if (__builtin_sub_overflow(a, b, &result)) return std::nullopt;
    return result;
}

/// a * b, or nothing when it overflows I.
template <std::integral I>
[[nodiscard]] constexpr std::optional<I> checked_mul(I a, I b) noexcept {
    I result;
    if (__builtin_mul_overflow(a, b, &result)) return std::nullopt;
    return result;
}

/// -a, or nothing for the smallest value of a signed I (its negation does
/// not fit) and for any a but 0 of an unsigned I.
template <std::integral I>
[[nodiscard]] constexpr std::optional<I> checked_neg(I a) noexcept {
    return checked_sub(I{0}, a);
}

/// |a|, or nothing for the smallest value of a signed I.
template <std::integral I>
[[nodiscard]] constexpr std::optional<I> checked_abs(I a) noexcept {
    if (a >= 0) return a;
    return checked_neg(a);
}

/// The product of `values` (1 when there are none), or nothing when a
/// partial product overflows I.
template <std::integral I, class Range>
[[nodiscard]] constexpr std::optional<I> checked_product(const Range& values) noexcept {
    I product = 1;
    for (const auto value : values) {
        const auto next = checked_mul(product, static_cast<I>(value));
        if (!next) return std::nullopt;
        product = *next;
    }
    return product;
}

}  // namespace loom
