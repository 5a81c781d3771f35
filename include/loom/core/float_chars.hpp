#pragma once
// The floating-point std::to_chars and std::from_chars, also where the
// standard library lacks them (the libc++ of emscripten 3.1 declares them
// deleted). detail::to_chars and detail::from_chars call std's when
// <charconv> has them (__cpp_lib_to_chars, which a library defines once it
// has both), and otherwise compute the same text and the same results with
// std::snprintf and std::strtod (printf_to_chars and strtod_from_chars, Note
// [charconv by printf]), which tests/unit/test_float_chars.cpp compares
// with libstdc++'s.
//
//     char buffer[32];
//     const std::to_chars_result end = detail::to_chars(buffer, buffer + sizeof buffer, 0.1);  // "0.1"
//
// Cost of including: <charconv>, <cmath>, <concepts>, <cstdio>, <cstdlib>,
// <cstring>, <limits>, <string> and <system_error>.
//
// Note [charconv by printf]: for float and double, in the formats fixed,
// scientific and general and without one (chars_format::hex, which loom
// never writes, gives errc::invalid_argument), by libstdc++ 12's rules.
// - The shortest digits: the fewest significant digits n at which a
//   decimal reads back as the value. At n digits two decimals can: printf's
//   "%.{n-1}e", the value correctly rounded, and its neighbour across the
//   value, which reads back where the rounded one does not only beside a
//   power of two (there the values below are closer together than those
//   above). The rounded one wins when both do. A decimal that reads back at
//   n digits still does at n + 1, so n is found by bisection. These are the
//   digits Ryu gives libstdc++: the shortest, and of two the nearer.
// - Scientific: those digits, the exponent with at least two digits
//   ("1e+10", "2.5e-07").
// - Fixed: those digits placed around the point, unless they stop before
//   the units digit (1e23's are "1"; from 2^53 up for a double): the value
//   is then an integer, written whole by "%.0f" (1e23 as
//   "99999999999999991611392"), as the standard's rule, the fewest
//   characters and then the nearest, has it.
// - General: fixed for a power of ten of the first digit from -4 to 5,
//   scientific otherwise ("%g" with its default precision, 6).
// - No format: fixed or scientific, whichever is shorter, fixed on a tie
//   ("1e-04", "0.001", "100000", "1e+06").
// - With a precision: "%.*f", "%.*e" or "%.*g", the exact value correctly
//   rounded (glibc's and musl's printf are exact, in the default rounding
//   mode, which loom never changes).
// - Infinities and NaNs: "inf", "-inf", "nan" and "-nan" in every format.
// - Reading: the text std::from_chars accepts (an optional '-'; digits with
//   at most one point; an exponent only when digits follow its 'e' and
//   sign; "inf", "infinity", "nan" and "nan(chars)" in any case) is matched
//   first, and only it goes to strtod, so a leading '+' or space is refused
//   and "0x1p3" reads as 0 up to the 'x'. Out of range is a result of
//   +-infinity from digits, or of 0 from digits not all zero (strtod's
//   ERANGE also marks subnormal results, which from_chars reads without
//   error); the value is then left as it was. A NaN has no payload.
// snprintf and strtod write and read the decimal point of the C library's
// locale: it is replaced by '.' in what is written, and '.' by it in what is
// read, so the texts are the "C" locale's whatever the program's locale.

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <system_error>

namespace loom::detail {

/// The types of the floating-point overloads: float and double.
template <class T>
concept chars_float = std::same_as<T, float> || std::same_as<T, double>;

// ---------------------------------------------------------------------------
// printf and strtod in the "C" locale

/// The decimal point snprintf writes and strtod reads: that of the C
/// library's current locale ("." in the "C" locale), found by printing 1.5
/// (which, unlike localeconv, is safe beside other threads).
struct c_decimal_point {
    char text[8] = {'.'};
    int size = 1;

    c_decimal_point() {
        char printed[16];
        const int length = std::snprintf(printed, sizeof printed, "%.1f", 1.5);  // "1", the point, "5"
        if (length < 3 || length - 2 > static_cast<int>(sizeof text)) return;
        size = length - 2;
        std::memcpy(text, printed + 1, static_cast<std::size_t>(size));
    }

    bool is_dot() const { return size == 1 && text[0] == '.'; }
};

/// std::snprintf of `value` by the conversion "%.*e", "%.*f" or "%.*g", with
/// the decimal point `point` made '.'. The text's length, which is
/// `size - 1` or more when it did not fit (then the buffer holds its start).
inline int print_c(char* buffer, std::size_t size, char conversion, int precision, double value,
                   const c_decimal_point& point) {
    int length = 0;
    switch (conversion) {
        case 'e': length = std::snprintf(buffer, size, "%.*e", precision, value); break;
        case 'f': length = std::snprintf(buffer, size, "%.*f", precision, value); break;
        default: length = std::snprintf(buffer, size, "%.*g", precision, value); break;
    }
    if (point.is_dot() || length < 0 || static_cast<std::size_t>(length) >= size) return length;
    char* const end = buffer + length;
    char* found = buffer;
    while (found + point.size <= end && std::memcmp(found, point.text, static_cast<std::size_t>(point.size)) != 0) ++found;
    if (found + point.size > end) return length;
    *found = '.';
    std::memmove(found + 1, found + point.size, static_cast<std::size_t>(end - (found + point.size)) + 1);
    return length - (point.size - 1);
}

/// The number a text of digits, '.', 'e' and signs names, read by strtod
/// (strtof for a float) with '.' made the decimal point `point`.
template <chars_float T>
T read_c(const char* first, const char* last, const c_decimal_point& point) {
    char small[64];
    std::string large;
    const auto needed = static_cast<std::size_t>(last - first) + static_cast<std::size_t>(point.size);
    char* const text = needed < sizeof small ? small : (large.resize(needed), large.data());
    char* out = text;
    for (const char* p = first; p != last; ++p) {
        if (*p == '.') {
            std::memcpy(out, point.text, static_cast<std::size_t>(point.size));
            out += point.size;
        } else {
            *out++ = *p;
        }
    }
    *out = '\0';
    if constexpr (std::same_as<T, float>) return std::strtof(text, nullptr);
    else return std::strtod(text, nullptr);
}

/// Writes `value` by a printf conversion into [first, last), as to_chars does.
inline std::to_chars_result print_into(char* first, char* last, char conversion, int precision, double value,
                                       const c_decimal_point& point) {
    char small[512];
    std::string large;
    char* text = small;
    int length = print_c(small, sizeof small, conversion, precision, value, point);
    if (length >= static_cast<int>(sizeof small)) {
        large.resize(static_cast<std::size_t>(length) + 1);
        length = print_c(large.data(), large.size(), conversion, precision, value, point);
        text = large.data();
    }
    if (length < 0 || last - first < length) return {last, std::errc::value_too_large};
    std::memcpy(first, text, static_cast<std::size_t>(length));
    return {first + length, std::errc{}};
}

// ---------------------------------------------------------------------------
// The shortest digits (Note [charconv by printf])

/// A positive decimal: `count` significant digits, the first times
/// 10^`exponent`.
struct decimal_digits {
    char digits[24] = {};
    int count = 0;
    int exponent = 0;
};

/// Reads "d.ddde+XX", as "%.*e" writes a positive number in the "C" locale.
inline decimal_digits digits_of_scientific(const char* text) {
    decimal_digits decimal;
    const char* p = text;
    for (; *p != 'e'; ++p) {
        if (*p != '.') decimal.digits[decimal.count++] = *p;
    }
    decimal.exponent = static_cast<int>(std::strtol(p + 1, nullptr, 10));
    return decimal;
}

/// The decimal of as many digits one unit up or down in its last digit; the
/// power of ten moves when the digits run over ("9.9e+00" up is "1.0e+01",
/// "1.0e+01" down is "9.9e+00").
inline decimal_digits next_decimal(decimal_digits decimal, bool up) {
    char* const digits = decimal.digits;
    int i = decimal.count;
    if (up) {
        while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
        if (i == 0) {  // 99 + 1: 10, one place up
            digits[0] = '1';
            ++decimal.exponent;
        } else {
            ++digits[i - 1];
        }
    } else {
        while (i > 0 && digits[i - 1] == '0') digits[--i] = '9';
        --digits[i - 1];  // the first digit is not 0
        if (digits[0] == '0') {  // 10 - 1: 99, one place down
            std::memset(digits, '9', static_cast<std::size_t>(decimal.count));
            --decimal.exponent;
        }
    }
    return decimal;
}

/// The decimal read back as T.
template <chars_float T>
T decimal_value(const decimal_digits& decimal, const c_decimal_point& point) {
    char text[48];
    char* p = text;
    *p++ = decimal.digits[0];
    *p++ = '.';
    std::memcpy(p, decimal.digits + 1, static_cast<std::size_t>(decimal.count - 1));
    p += decimal.count - 1;
    *p++ = 'e';
    const std::to_chars_result end = std::to_chars(p, text + sizeof text, decimal.exponent);
    return read_c<T>(text, end.ptr, point);
}

/// A decimal of `count` digits that reads back as `magnitude` (finite,
/// positive): the nearest, else its neighbour across `magnitude`; false when
/// neither does.
template <chars_float T>
bool digits_reading_back(T magnitude, int count, const c_decimal_point& point, decimal_digits& found) {
    char text[64];
    print_c(text, sizeof text, 'e', count - 1, static_cast<double>(magnitude), point);
    const decimal_digits nearest = digits_of_scientific(text);
    const T back = decimal_value<T>(nearest, point);
    if (back == magnitude) {
        found = nearest;
        return true;
    }
    const decimal_digits other = next_decimal(nearest, back < magnitude);
    if (decimal_value<T>(other, point) != magnitude) return false;
    found = other;
    return true;
}

/// The shortest digits of a finite, positive `magnitude`.
template <chars_float T>
decimal_digits shortest_digits(T magnitude, const c_decimal_point& point) {
    int low = 1;
    int high = std::numeric_limits<T>::max_digits10;
    decimal_digits found;
    bool any = false;
    while (low < high) {
        const int middle = (low + high) / 2;
        if (digits_reading_back(magnitude, middle, point, found)) {
            high = middle;
            any = true;
        } else {
            low = middle + 1;
        }
    }
    if (!any) digits_reading_back(magnitude, high, point, found);  // max_digits10 digits always read back
    while (found.count > 1 && found.digits[found.count - 1] == '0') --found.count;
    return found;
}

/// Characters written into [first, last) until they no longer fit.
struct chars_sink {
    char* next;
    char* last;
    bool full = false;

    void put(char c) { put(&c, 1); }
    void put(const char* text, int count) {
        if (!room(count)) return;
        std::memcpy(next, text, static_cast<std::size_t>(count));
        next += count;
    }
    void fill(char c, int count) {
        if (!room(count)) return;
        std::memset(next, c, static_cast<std::size_t>(count));
        next += count;
    }
    bool room(int count) {
        full = full || last - next < count;
        return !full;
    }
    std::to_chars_result result() const {
        if (full) return {last, std::errc::value_too_large};
        return {next, std::errc{}};
    }
};

/// Writes "-" when negative and the decimal in scientific notation.
inline std::to_chars_result write_scientific(char* first, char* last, bool negative, const decimal_digits& decimal) {
    chars_sink out{first, last};
    if (negative) out.put('-');
    out.put(decimal.digits[0]);
    if (decimal.count > 1) {
        out.put('.');
        out.put(decimal.digits + 1, decimal.count - 1);
    }
    out.put(decimal.exponent < 0 ? "e-" : "e+", 2);
    const int power = decimal.exponent < 0 ? -decimal.exponent : decimal.exponent;
    if (power < 10) out.put('0');
    char digits[8];
    out.put(digits, static_cast<int>(std::to_chars(digits, digits + sizeof digits, power).ptr - digits));
    return out.result();
}

/// Writes "-" when negative and the decimal positionally; its digits reach
/// past the units digit.
inline std::to_chars_result write_positional(char* first, char* last, bool negative, const decimal_digits& decimal) {
    chars_sink out{first, last};
    if (negative) out.put('-');
    if (decimal.exponent < 0) {
        out.put("0.", 2);
        out.fill('0', -decimal.exponent - 1);
        out.put(decimal.digits, decimal.count);
    } else {
        out.put(decimal.digits, decimal.exponent + 1);
        out.put('.');
        out.put(decimal.digits + decimal.exponent + 1, decimal.count - decimal.exponent - 1);
    }
    return out.result();
}

/// Writes "inf", "-inf", "nan", "-nan" for a value that is not finite, and
/// "0", "-0" in the format of a shortest text (for zero 'e' is "0e+00").
template <chars_float T>
std::to_chars_result write_special(char* first, char* last, T value, bool scientific) {
    chars_sink out{first, last};
    if (std::signbit(value)) out.put('-');
    if (std::isnan(value)) out.put("nan", 3);
    else if (std::isinf(value)) out.put("inf", 3);
    else out.put(scientific ? "0e+00" : "0", scientific ? 5 : 1);
    return out.result();
}

/// The fixed text of the shortest digits (Note [charconv by printf]).
template <chars_float T>
std::to_chars_result write_fixed(char* first, char* last, T value, const decimal_digits& decimal,
                                 const c_decimal_point& point) {
    if (decimal.exponent >= decimal.count - 1) return print_into(first, last, 'f', 0, static_cast<double>(value), point);
    return write_positional(first, last, std::signbit(value), decimal);
}

// ---------------------------------------------------------------------------
// The portable to_chars and from_chars

/// std::to_chars(first, last, value, format) by printf (Note [charconv by printf]).
template <chars_float T>
std::to_chars_result printf_to_chars(char* first, char* last, T value, std::chars_format format) {
    const bool fixed = format == std::chars_format::fixed;
    const bool scientific = format == std::chars_format::scientific;
    if (!fixed && !scientific && format != std::chars_format::general) return {last, std::errc::invalid_argument};
    if (!std::isfinite(value) || value == 0) return write_special(first, last, value, scientific);
    const c_decimal_point point;
    const decimal_digits decimal = shortest_digits(std::fabs(value), point);
    if (fixed || (!scientific && decimal.exponent >= -4 && decimal.exponent < 6)) {
        return write_fixed(first, last, value, decimal, point);
    }
    return write_scientific(first, last, std::signbit(value), decimal);
}

/// std::to_chars(first, last, value) by printf: fixed or scientific,
/// whichever is shorter, fixed on a tie (Note [charconv by printf]).
template <chars_float T>
std::to_chars_result printf_to_chars(char* first, char* last, T value) {
    if (!std::isfinite(value) || value == 0) return write_special(first, last, value, false);
    const c_decimal_point point;
    const decimal_digits decimal = shortest_digits(std::fabs(value), point);
    // The power of ten of the last digit, and its bounds where fixed is no longer.
    const int last_power = decimal.exponent - decimal.count + 1;
    const int single = decimal.count == 1 ? 1 : 0;  // "1e+05" has no point
    if (last_power >= -(decimal.count + 3) + single && last_power <= 5 - single) {
        return write_fixed(first, last, value, decimal, point);
    }
    return write_scientific(first, last, std::signbit(value), decimal);
}

/// std::to_chars(first, last, value, format, precision) by printf: "%.*f",
/// "%.*e" or "%.*g"; a negative precision is 6, as printf's.
template <chars_float T>
std::to_chars_result printf_to_chars(char* first, char* last, T value, std::chars_format format, int precision) {
    const char conversion = format == std::chars_format::fixed        ? 'f'
                            : format == std::chars_format::scientific ? 'e'
                            : format == std::chars_format::general    ? 'g'
                                                                      : '\0';
    if (conversion == '\0') return {last, std::errc::invalid_argument};
    if (!std::isfinite(value)) return write_special(first, last, value, false);
    return print_into(first, last, conversion, precision < 0 ? 6 : precision, static_cast<double>(value),
                      c_decimal_point());
}

/// Whether [p, last) starts with `word` (lower case), in any case.
inline bool starts_with_word(const char* p, const char* last, const char* word) {
    for (; *word != '\0'; ++p, ++word) {
        if (p == last || (*p | 0x20) != *word) return false;
    }
    return true;
}

inline bool is_decimal_digit(char c) { return c >= '0' && c <= '9'; }

/// std::from_chars(first, last, value) by strtod, or strtof for a float
/// (Note [charconv by printf]).
template <chars_float T>
std::from_chars_result strtod_from_chars(const char* first, const char* last, T& value) {
    const char* p = first;
    const bool negative = p != last && *p == '-';
    if (negative) ++p;
    if (starts_with_word(p, last, "inf")) {
        p += starts_with_word(p, last, "infinity") ? 8 : 3;
        value = negative ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::infinity();
        return {p, std::errc{}};
    }
    if (starts_with_word(p, last, "nan")) {
        p += 3;
        if (p != last && *p == '(') {  // "nan(chars)" with letters, digits and '_'
            const char* q = p + 1;
            while (q != last && (is_decimal_digit(*q) || *q == '_' || ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z'))) ++q;
            if (q != last && *q == ')') p = q + 1;
        }
        value = std::copysign(std::numeric_limits<T>::quiet_NaN(), negative ? T(-1) : T(1));
        return {p, std::errc{}};
    }
    bool any_digit = false;
    bool nonzero = false;
    const auto digits = [&] {
        for (; p != last && is_decimal_digit(*p); ++p) {
            any_digit = true;
            nonzero = nonzero || *p != '0';
        }
    };
    digits();
    if (p != last && *p == '.') {
        ++p;
        digits();
    }
    if (!any_digit) return {first, std::errc::invalid_argument};
    if (p != last && (*p == 'e' || *p == 'E')) {
        const char* q = p + 1;
        if (q != last && (*q == '+' || *q == '-')) ++q;
        if (q != last && is_decimal_digit(*q)) {
            while (q != last && is_decimal_digit(*q)) ++q;
            p = q;
        }
    }
    const T result = read_c<T>(first, p, c_decimal_point());
    if (std::isinf(result) || (result == 0 && nonzero)) return {p, std::errc::result_out_of_range};
    value = result;
    return {p, std::errc{}};
}

// ---------------------------------------------------------------------------
// What loom calls: std's where the standard library has them

/// std::to_chars(first, last, value): the shortest text that reads back.
template <chars_float T>
std::to_chars_result to_chars(char* first, char* last, T value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    return std::to_chars(first, last, value);
#else
    return printf_to_chars(first, last, value);
#endif
}

/// std::to_chars(first, last, value, format): the shortest text in `format`.
template <chars_float T>
std::to_chars_result to_chars(char* first, char* last, T value, std::chars_format format) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    return std::to_chars(first, last, value, format);
#else
    return printf_to_chars(first, last, value, format);
#endif
}

/// std::to_chars(first, last, value, format, precision): the exact value
/// correctly rounded to `precision` digits.
template <chars_float T>
std::to_chars_result to_chars(char* first, char* last, T value, std::chars_format format, int precision) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    return std::to_chars(first, last, value, format, precision);
#else
    return printf_to_chars(first, last, value, format, precision);
#endif
}

/// std::from_chars(first, last, value): the general format, value unchanged
/// on an error.
template <chars_float T>
std::from_chars_result from_chars(const char* first, const char* last, T& value) {
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
    return std::from_chars(first, last, value);
#else
    return strtod_from_chars(first, last, value);
#endif
}

}  // namespace loom::detail
