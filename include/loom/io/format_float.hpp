#pragma once
// The decimal text of one floating-point value, digit for digit as NumPy's
// Dragon4 formatter (numpy/core/src/multiarray/dragon4.c) writes it when
// arrayprint.py calls dragon4_positional or dragon4_scientific with
// unique=True, and when str() is called on a scalar.
//
// Note [shortest or exact digits]: in its 'unique' mode Dragon4 writes the
// shortest digits that read back as the same value. A `precision` may cut
// them short, and `min_digits` may ask for more; in both cases the digits
// printed are the exact binary value correctly rounded, ties to even.
// std::to_chars gives both: without a precision the shortest round-trip
// digits (of float's own precision for a float, so 0.1f gives "0.1"), with
// one the exact value correctly rounded, ties to even. float16 and bfloat16
// have no std::to_chars of their own: their shortest digits are the fewest
// that read back as the same 16-bit value (shortest_half_scientific). Their
// texts have at most 5 digits, so a double holds each exactly enough: it
// is never rounded onto a halfway point of the 16-bit type, and reading it
// back through double gives the 16-bit value the text names.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <concepts>
#include <limits>
#include <string>

#include "loom/core/types.hpp"

namespace loom::detail {

/// A number split as NumPy splits it to align columns: the integer part with
/// its sign ("-12"), the digits after the point, and in scientific notation
/// the power of ten.
struct float_text {
    std::string integer;
    std::string fraction;
    int exponent = 0;
};

/// std::to_chars into a string: the shortest round-trip digits.
template <std::floating_point T>
std::string shortest_chars(T value, std::chars_format format) {
    char buffer[64];  // the longest shortest text of a double, "-2.2250738585072014e-308", has 24
    const std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value, format);
    return std::string(buffer, result.ptr);
}

/// std::to_chars into a string: the exact value correctly rounded to
/// `precision` digits after the point.
template <floating_element T>
std::string rounded_chars(T value, std::chars_format format, int precision) {
    // Room for a sign, 309 integer digits of the largest double, the point,
    // the digits asked for and an exponent.
    std::string text(static_cast<std::size_t>(precision) + 320, '\0');
    const std::to_chars_result result =
        std::to_chars(text.data(), text.data() + text.size(), static_cast<arithmetic_t<T>>(value), format, precision);
    text.resize(static_cast<std::size_t>(result.ptr - text.data()));
    return text;
}

/// Splits std::to_chars output ("-1.25", "3", "1.5e-05", "2e+10") into a
/// float_text.
inline float_text split_chars(const std::string& chars) {
    float_text text;
    const std::size_t e = chars.find('e');
    const std::string mantissa = chars.substr(0, e);
    if (e != std::string::npos) text.exponent = std::stoi(chars.substr(e + 1));
    const std::size_t point = mantissa.find('.');
    text.integer = mantissa.substr(0, point);
    if (point != std::string::npos) text.fraction = mantissa.substr(point + 1);
    return text;
}

inline void trim_trailing_zeros(std::string& digits) {
    digits.erase(digits.find_last_not_of('0') + 1);
}

/// A float_text in scientific notation from its sign, its significant
/// digits as an integer (no trailing zeros needed) and its power of ten.
inline float_text scientific_parts(bool negative, const std::string& digits, int exponent) {
    return {std::string(negative ? "-" : "") + digits[0], digits.substr(1), exponent};
}

/// The number a float_text in scientific notation names, as a double:
/// exact for the few digits of a 16-bit float's text, and never rounded
/// onto a 16-bit float's halfway point (Note [shortest or exact digits]).
inline double scientific_value(const float_text& text) {
    const std::string chars = text.integer + "." + text.fraction + "e" + std::to_string(text.exponent);
    double value = 0;
    std::from_chars(chars.data(), chars.data() + chars.size(), value);
    return value;
}

/// The shortest digits of a finite float16 or bfloat16, as Dragon4 finds
/// them: for 1, 2, ... digits, the two texts of that length on either side
/// of the value (the value correctly rounded, ties to an even last digit,
/// and its neighbour across the value); the first length at which one reads
/// back as the same value wins, the nearer if both do. Both are needed: at
/// a power of two the numbers below are closer together than those above,
/// so the nearest text may miss while the other reads back (float16's
/// 2^-6 = 0.015625 prints as 0.01563).
template <half_element T>
float_text shortest_half_scientific(T value) {
    const double exact = static_cast<float>(value);
    for (int digits = 1;; ++digits) {
        const float_text nearest = split_chars(rounded_chars(value, std::chars_format::scientific, digits - 1));
        const double nearest_value = scientific_value(nearest);
        if (T(nearest_value) == value || digits == std::numeric_limits<T>::max_digits10) return nearest;
        // The other text: one unit more or less in the last digit, across the value.
        const bool negative = nearest.integer[0] == '-';
        const auto unit = std::stoll(nearest.integer.substr(negative ? 1 : 0) + nearest.fraction);
        const long long other_unit = std::fabs(nearest_value) < std::fabs(exact) ? unit + 1 : unit - 1;
        int other_exponent = nearest.exponent;
        std::string other_digits = std::to_string(other_unit);
        if (static_cast<int>(other_digits.size()) > digits) {  // 99 + 1: 10, one place up
            other_digits.pop_back();
            ++other_exponent;
        } else if (static_cast<int>(other_digits.size()) < digits || other_unit == 0) {  // 10 - 1: 99, one place down
            other_digits = std::string(static_cast<std::size_t>(digits), '9');
            --other_exponent;
        }
        const float_text other = scientific_parts(negative, other_digits, other_exponent);
        if (T(scientific_value(other)) == value) return other;
    }
}

/// The shortest round-trip digits of a finite `value` in scientific notation.
template <floating_element T>
float_text shortest_scientific(T value) {
    if constexpr (half_element<T>) return shortest_half_scientific(value);
    else return split_chars(shortest_chars(value, std::chars_format::scientific));
}

/// The same digits written positionally: "1.5e+02" gives "150" and "",
/// "1.5e-02" gives "0" and "015". (Not std::to_chars' fixed format: for
/// 123456792.f its shortest fixed text is "123456792", where NumPy writes
/// the shortest digits "12345679" padded with a zero.)
inline float_text to_positional(const float_text& scientific) {
    const bool negative = scientific.integer[0] == '-';
    const std::string digits = scientific.integer.substr(negative ? 1 : 0) + scientific.fraction;
    const int exponent = scientific.exponent;
    float_text text;
    text.integer = negative ? "-" : "";
    if (exponent < 0) {
        text.integer += '0';
        text.fraction = std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else {
        const auto integer_digits = static_cast<std::size_t>(exponent) + 1;
        text.integer += digits.substr(0, integer_digits);
        if (digits.size() < integer_digits) text.integer.append(integer_digits - digits.size(), '0');
        else text.fraction = digits.substr(integer_digits);
    }
    return text;
}

/// NumPy's dragon4_positional(value, precision, min_digits=0, unique=True,
/// fractional=True, trim='.'), as its array formatter calls it: the
/// shortest digits, unless they stop short of the units digit (the shortest
/// digits of 77658576.f are 7765858e1) or go past `precision` digits after
/// the point; then the value rounded to the units digit or to `precision`
/// digits (Note [shortest or exact digits]). Trailing zeros are dropped,
/// the point kept.
template <floating_element T>
float_text positional_text(T value, int precision) {
    const float_text shortest = shortest_scientific(value);
    const auto significant_digits =
        static_cast<int>(shortest.integer.size() - (shortest.integer[0] == '-') + shortest.fraction.size());
    // Powers of ten of the last digit: of the shortest text, and of the one printed.
    const int shortest_last = shortest.exponent - significant_digits + 1;
    const int last = std::clamp(shortest_last, -precision, 0);
    if (last == shortest_last) return to_positional(shortest);
    float_text rounded = split_chars(rounded_chars(value, std::chars_format::fixed, -last));
    trim_trailing_zeros(rounded.fraction);
    return rounded;
}

/// NumPy's dragon4_scientific(value, precision, min_digits, unique=True):
/// the shortest digits if they number from `min_digits` to `precision` after
/// the point, else the value rounded to the nearer bound (Note [shortest or
/// exact digits]). `trim_zeros` drops trailing zeros (trim='.'); without it
/// the digits are kept as produced (trim='k').
template <floating_element T>
float_text scientific_text(T value, int precision, int min_digits, bool trim_zeros) {
    float_text text = shortest_scientific(value);
    const int fraction_digits = static_cast<int>(text.fraction.size());
    const int wanted = std::clamp(fraction_digits, min_digits, precision);
    if (wanted != fraction_digits) text = split_chars(rounded_chars(value, std::chars_format::scientific, wanted));
    if (trim_zeros) trim_trailing_zeros(text.fraction);
    return text;
}

/// Appends `exponent` as NumPy writes it: a sign, then at least
/// `min_digits` digits ("e+10", "e-05" with the 'e' written by the caller).
inline void append_exponent(std::string& out, int exponent, std::size_t min_digits) {
    out += exponent < 0 ? '-' : '+';
    const std::string digits = std::to_string(exponent < 0 ? -exponent : exponent);
    if (digits.size() < min_digits) out.append(min_digits - digits.size(), '0');
    out += digits;
}

/// NumPy's str() of a float scalar (and so of a rank-0 array): the shortest
/// digits, positional with at least one fraction digit ("1.0", "0.0001")
/// from 1e-4 up to 1e16, else scientific without trailing zeros ("1e+16",
/// "1.5e-05"). NumPy compares those bounds in long double, and so does this.
template <floating_element T>
std::string scalar_float_text(T value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    const long double magnitude = value < 0 ? -static_cast<long double>(value) : static_cast<long double>(value);
    if (magnitude == 0 || (magnitude < 1e16L && magnitude >= 1e-4L)) {
        const float_text text = to_positional(shortest_scientific(value));
        return text.integer + '.' + (text.fraction.empty() ? "0" : text.fraction);
    }
    const float_text text = shortest_scientific(value);
    std::string out = text.integer;
    if (!text.fraction.empty()) out += '.' + text.fraction;
    out += 'e';
    append_exponent(out, text.exponent, 2);
    return out;
}

/// NumPy's str() of a complex scalar: "(1+2j)", "(nan+nanj)", "(-0-1.5j)",
/// and the imaginary part alone when the real part is +0 ("2j"). Each part
/// is written as a float scalar with a ".0" ending dropped.
template <std::floating_point T>
std::string scalar_complex_text(std::complex<T> value) {
    const auto part = [](T x) {
        std::string text = scalar_float_text(x);
        if (text.ends_with(".0")) text.resize(text.size() - 2);
        return text;
    };
    std::string imaginary = part(value.imag());
    if (value.real() == 0 && !std::signbit(value.real())) return imaginary + 'j';
    if (!std::signbit(value.imag()) || std::isnan(value.imag())) imaginary.insert(0, 1, '+');
    return '(' + part(value.real()) + imaginary + "j)";
}

}  // namespace loom::detail
