#pragma once
// The decimal text of one floating-point value, digit for digit as NumPy's
// Dragon4 formatter (numpy/core/src/multiarray/dragon4.c) writes it when
// arrayprint.py calls dragon4_positional or dragon4_scientific with
// unique=True, and when str() is called on a scalar.
//
// Note [shortest or exact digits]: in its 'unique' mode Dragon4 writes the
// shortest digits that read back as the same value. A `precision` may cut
// them short: then the digits printed are the exact binary value correctly
// rounded, ties to even. `min_digits` may ask for more (an array prints
// every element with as many digits as the longest needs): then Dragon4
// goes on with the digits of the exact value and rounds the last one to
// the nearer side, ties to even, unless only the other side still reads
// back as the same value, which it then takes. So every padded text reads
// back. The bfloat16 -2^-69 = -1.6940659e-21, alone "-1.7e-21", prints as
// "-1.70e-21" beside a value with two digits after the point: the nearest
// "-1.69e-21" reads back as the next bfloat16 towards zero. The double
// 2^149 = 7.1362384635297994e+44 padded to 15 digits after the point is
// "7.136238463529800e+44" (NumPy), not the nearest "...799e+44". Only
// types with few digits meet this often; no float16 does.
// std::to_chars gives the exact digits: without a precision the shortest
// round-trip digits (of float's own precision for a float, so 0.1f gives
// "0.1"), with one the exact value correctly rounded, ties to even.
// float16 and bfloat16 have no std::to_chars of their own: their shortest
// digits are the fewest that read back as the same 16-bit value
// (shortest_half_scientific), and a text of theirs reads back as a 16-bit
// value through double, as Python reads it. Their texts have at most 5
// digits, so a double holds each exactly enough: it is never rounded onto
// a halfway point of the 16-bit type, and reading it back through double
// gives the 16-bit value the text names.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <complex>
#include <concepts>
#include <limits>
#include <string>

#include "loom/core/float_chars.hpp"
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
    const std::to_chars_result result = detail::to_chars(buffer, buffer + sizeof buffer, value, format);
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
        detail::to_chars(text.data(), text.data() + text.size(), static_cast<arithmetic_t<T>>(value), format, precision);
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

/// The number a float_text in scientific notation names, as a double: ±0
/// or ±infinity when it is beyond double's range; exact for the few digits
/// of a 16-bit float's text, and never rounded onto a 16-bit float's
/// halfway point (Note [shortest or exact digits]).
inline double scientific_value(const float_text& text) {
    const std::string chars = text.integer + "." + text.fraction + "e" + std::to_string(text.exponent);
    double value = 0;
    if (detail::from_chars(chars.data(), chars.data() + chars.size(), value).ec == std::errc::result_out_of_range) {
        value = text.exponent < 0 ? 0.0 : std::numeric_limits<double>::infinity();
        if (text.integer[0] == '-') value = -value;
    }
    return value;
}

/// Whether a float_text in scientific notation reads back as `value`: read
/// as T, or for a 16-bit float read as a double and rounded to T.
template <floating_element T>
bool reads_back(const float_text& text, T value) {
    if constexpr (half_element<T>) {
        return T(scientific_value(text)) == value;
    } else {
        const std::string chars = text.integer + "." + text.fraction + "e" + std::to_string(text.exponent);
        T back = 0;
        const std::from_chars_result result = detail::from_chars(chars.data(), chars.data() + chars.size(), back);
        return result.ec == std::errc() && back == value;
    }
}

/// The text in scientific notation with as many digits as `text` and one
/// unit more (`up`) or less in the last digit of its magnitude, the power
/// of ten moving when the digits run over: "9.9e+00" up gives "1.0e+01",
/// "1.0e+01" down gives "9.9e+00".
inline float_text next_text(const float_text& text, bool up) {
    const bool negative = text.integer[0] == '-';
    std::string digits = text.integer.substr(negative ? 1 : 0) + text.fraction;
    int exponent = text.exponent;
    std::size_t i = digits.size();
    if (up) {
        while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
        if (i == 0) {  // 99 + 1: 10, one place up
            digits.insert(0, 1, '1');
            digits.pop_back();
            ++exponent;
        } else {
            ++digits[i - 1];
        }
    } else {
        while (i > 0 && digits[i - 1] == '0') digits[--i] = '9';
        if (i > 0) --digits[i - 1];
        if (digits[0] == '0') {  // 10 - 1: 99, one place down
            digits.assign(digits.size(), '9');
            --exponent;
        }
    }
    return {std::string(negative ? "-" : "") + digits[0], digits.substr(1), exponent};
}

/// `value` in scientific notation with `fraction_digits` digits after the
/// point, as Dragon4 gives them (Note [shortest or exact digits]): the exact
/// value correctly rounded, or, when that does not read back as `value`, the
/// text one unit nearer `value`. With at least as many digits as the
/// shortest text has, that one reads back: it lies between `value` and the
/// shortest text, or is the shortest text itself.
template <floating_element T>
float_text padded_scientific(T value, int fraction_digits) {
    const float_text nearest = split_chars(rounded_chars(value, std::chars_format::scientific, fraction_digits));
    if (reads_back(nearest, value)) return nearest;
    // The text is at least half a unit in the last place of T from `value`,
    // so read as a double it is on the same side of `value` as the exact text.
    const double magnitude = std::fabs(static_cast<double>(static_cast<arithmetic_t<T>>(value)));
    return next_text(nearest, std::fabs(scientific_value(nearest)) < magnitude);
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
    for (int digits = 1;; ++digits) {  // max_digits10 digits always read back
        const float_text text = padded_scientific(value, digits - 1);
        if (reads_back(text, value) || digits == std::numeric_limits<T>::max_digits10) return text;
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
/// the point kept. Rounded to the units digit the value is exact, and so
/// reads back: a multiple of ten can be among the numbers that read back as
/// a value only if that value is an integer (were the spacing of the type
/// there below 1, the integer would be a value of the type itself).
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
/// the point, else the value rounded to `precision` digits or padded to
/// `min_digits` (Note [shortest or exact digits]). `trim_zeros` drops
/// trailing zeros (trim='.'); without it the digits are kept as produced
/// (trim='k').
template <floating_element T>
float_text scientific_text(T value, int precision, int min_digits, bool trim_zeros) {
    float_text text = shortest_scientific(value);
    const int fraction_digits = static_cast<int>(text.fraction.size());
    const int wanted = std::clamp(fraction_digits, min_digits, precision);
    if (wanted > fraction_digits) text = padded_scientific(value, wanted);
    else if (wanted < fraction_digits) text = split_chars(rounded_chars(value, std::chars_format::scientific, wanted));
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
