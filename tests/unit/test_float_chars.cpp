// core/float_chars.hpp: the to_chars and from_chars that loom computes with
// printf and strtod where the standard library has no floating-point ones
// (printf_to_chars, strtod_from_chars), against libstdc++'s std::to_chars and
// std::from_chars, text for text and bit for bit: for float and double,
// chosen values (zeros, subnormals, the extremes, powers of ten and of two
// and their neighbours, the switches between fixed and scientific,
// infinities and NaNs) and random bit patterns, in every format, shortest
// and with precisions 0 to 20; and the texts read back, the refused ones
// and those out of range included.

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "loom/core/float_chars.hpp"

namespace {

using loom::detail::printf_to_chars;
using loom::detail::strtod_from_chars;

constexpr std::chars_format chars_formats[] = {std::chars_format::fixed, std::chars_format::scientific,
                                               std::chars_format::general};

template <class T>
using chars_bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
chars_bits_t<T> chars_bits(T value) {
    chars_bits_t<T> bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

template <class T>
T chars_from_bits(chars_bits_t<T> bits) {
    T value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

/// The calls whose results differ: how many, and the first few.
struct chars_mismatches {
    long count = 0;
    std::string first;

    void add(const std::string& what) {
        if (count++ < 12) first += what + '\n';
    }
};

std::string chars_argument_text(std::chars_format format) {
    return format == std::chars_format::fixed ? "fixed" : format == std::chars_format::scientific ? "scientific" : "general";
}

std::string chars_argument_text(int precision) { return std::to_string(precision); }

/// std::to_chars and printf_to_chars of one value with the same arguments
/// (a format, and a precision).
template <class T, class... Arguments>
void chars_compare_text(chars_mismatches& found, T value, Arguments... arguments) {
    char expected[2048];
    char actual[2048];
    const std::to_chars_result want = std::to_chars(expected, expected + sizeof expected, value, arguments...);
    const std::to_chars_result got = printf_to_chars(actual, actual + sizeof actual, value, arguments...);
    const std::string_view want_text(expected, static_cast<std::size_t>(want.ptr - expected));
    const std::string_view got_text(actual, static_cast<std::size_t>(got.ptr - actual));
    if (want.ec == got.ec && want_text == got_text) return;
    std::string what = "bits " + std::to_string(chars_bits(value));
    ((what += " " + chars_argument_text(arguments)), ...);
    found.add(what + ": std \"" + std::string(want_text) + "\", printf \"" + std::string(got_text) + "\"");
}

/// std::from_chars and strtod_from_chars of one text: the same end, error
/// and bits (both start from 7, which an error leaves as it is).
template <class T>
void chars_compare_reading(chars_mismatches& found, std::string_view text) {
    T want_value = 7;
    T got_value = 7;
    const std::from_chars_result want = std::from_chars(text.data(), text.data() + text.size(), want_value);
    const std::from_chars_result got = strtod_from_chars(text.data(), text.data() + text.size(), got_value);
    if (want.ec == got.ec && want.ptr == got.ptr && chars_bits(want_value) == chars_bits(got_value)) return;
    found.add("\"" + std::string(text) + "\": std " + std::to_string(want.ptr - text.data()) + " " +
              std::to_string(static_cast<int>(want.ec)) + " bits " + std::to_string(chars_bits(want_value)) +
              ", strtod " + std::to_string(got.ptr - text.data()) + " " + std::to_string(static_cast<int>(got.ec)) +
              " bits " + std::to_string(chars_bits(got_value)));
}

/// Every text of `value`: shortest without a format and in each, and with
/// each precision from `precisions`; each shortest text also read back.
template <class T>
void chars_compare_value(chars_mismatches& found, T value, int first_precision, int last_precision) {
    chars_compare_text(found, value);
    char text[64];
    chars_compare_reading<T>(found, std::string_view(text, static_cast<std::size_t>(
                                                               std::to_chars(text, text + sizeof text, value).ptr - text)));
    for (const std::chars_format format : chars_formats) {
        chars_compare_text(found, value, format);
        for (int precision = first_precision; precision <= last_precision; ++precision) {
            chars_compare_text(found, value, format, precision);
        }
    }
}

/// Zeros, subnormals, the extremes, powers of ten from 1e-320 and of two
/// with their neighbours, and the values where fixed and scientific switch.
template <class T>
std::vector<T> chars_chosen_values() {
    using limits = std::numeric_limits<T>;
    std::vector<T> values = {T(0),
                             -T(0),
                             limits::denorm_min(),
                             -limits::denorm_min(),
                             limits::min(),
                             limits::min() - limits::denorm_min(),
                             limits::max(),
                             limits::lowest(),
                             limits::epsilon(),
                             limits::infinity(),
                             -limits::infinity(),
                             limits::quiet_NaN(),
                             -limits::quiet_NaN(),
                             T(0.1),
                             T(1) / T(3),
                             T(2) / T(3),
                             T(0.5),
                             T(2.5),
                             T(9.5),
                             T(0.125),
                             T(123456792.0),
                             T(77658576.0),
                             T(9007199254740993.0),
                             T(1e-5),
                             T(1e-4),
                             T(1e15),
                             T(1e16),
                             T(1e17),
                             T(1e21),
                             T(1e22),
                             T(1e23),
                             T(123456.0),
                             T(999999.0),
                             T(999999.5),
                             T(1152921504606846976.0)};
    for (int power = -320; power <= 308; ++power) {
        const std::string text = "1e" + std::to_string(power);
        T value = 0;
        if (std::from_chars(text.data(), text.data() + text.size(), value).ec == std::errc()) values.push_back(value);
    }
    for (int power = limits::min_exponent - limits::digits; power < limits::max_exponent; ++power) {
        values.push_back(std::ldexp(T(1), power));
    }
    for (int power = 0; power <= limits::digits + 2; ++power) {  // the integers around 2^digits
        values.push_back(std::ldexp(T(1), limits::digits) + T(power));
    }
    const std::size_t chosen = values.size();
    for (std::size_t i = 0; i < chosen; ++i) {
        if (!std::isfinite(values[i])) continue;
        values.push_back(std::nextafter(values[i], limits::infinity()));
        values.push_back(std::nextafter(values[i], -limits::infinity()));
        values.push_back(-values[i]);
    }
    return values;
}

/// `count` values of random bits (every kind: subnormals, NaNs, infinities
/// among them), from a fixed seed.
template <class T>
std::vector<T> chars_random_values(std::size_t count) {
    std::mt19937_64 generator(20240611);
    std::vector<T> values(count);
    for (T& value : values) value = chars_from_bits<T>(static_cast<chars_bits_t<T>>(generator()));
    return values;
}

template <class T>
void chars_check_chosen() {
    chars_mismatches found;
    for (const T value : chars_chosen_values<T>()) chars_compare_value(found, value, 0, 20);
    EXPECT_EQ(found.count, 0) << found.first;
}

template <class T>
void chars_check_random(std::size_t count) {
    chars_mismatches found;
    int precision = 0;
    for (const T value : chars_random_values<T>(count)) {
        chars_compare_value(found, value, precision, precision);
        precision = precision == 20 ? 0 : precision + 1;
    }
    EXPECT_EQ(found.count, 0) << found.first;
}

TEST(FloatCharsDouble, ChosenValuesPrintAsStdToChars) { chars_check_chosen<double>(); }

TEST(FloatCharsDouble, RandomBitsPrintAsStdToChars) { chars_check_random<double>(150000); }

TEST(FloatCharsFloat, ChosenValuesPrintAsStdToChars) { chars_check_chosen<float>(); }

TEST(FloatCharsFloat, RandomBitsPrintAsStdToChars) { chars_check_random<float>(150000); }

TEST(FloatChars, LargeIntegersPrintWholeInFixed) {
    // The shortest digits of 1e23 are "1"; fixed writes the integer the double is.
    char text[64];
    const std::to_chars_result end = printf_to_chars(text, text + sizeof text, 1e23, std::chars_format::fixed);
    EXPECT_EQ(std::string(text, end.ptr), "99999999999999991611392");
    const std::to_chars_result plain = printf_to_chars(text, text + sizeof text, 1152921504606846976.0);
    EXPECT_EQ(std::string(text, plain.ptr), "1152921504606846976");  // 2^60: fixed is shorter than 1.152921504606847e+18
    const std::to_chars_result single = printf_to_chars(text, text + sizeof text, 123456792.f);
    EXPECT_EQ(std::string(text, single.ptr), "123456792");
}

TEST(FloatChars, ShortBuffersAreValueTooLarge) {
    chars_mismatches found;
    for (const double value : {0.0, -1.5, 1e23, 1e-300, 0.1, std::numeric_limits<double>::infinity()}) {
        char text[400];
        const auto whole = std::to_chars(text, text + sizeof text, value, std::chars_format::fixed);
        const auto length = whole.ptr - text;
        for (const std::ptrdiff_t size : {std::ptrdiff_t(0), length - 1, length}) {
            if (size < 0) continue;
            char want[400];
            char got[400];
            const auto a = std::to_chars(want, want + size, value, std::chars_format::fixed);
            const auto b = printf_to_chars(got, got + size, value, std::chars_format::fixed);
            const auto c = std::to_chars(want, want + size, value, std::chars_format::scientific, 3);
            const auto d = printf_to_chars(got, got + size, value, std::chars_format::scientific, 3);
            if (a.ec != b.ec || a.ptr - want != b.ptr - got || c.ec != d.ec || c.ptr - want != d.ptr - got) {
                found.add(std::to_string(value) + " in " + std::to_string(size));
            }
        }
    }
    EXPECT_EQ(found.count, 0) << found.first;
}

TEST(FloatChars, HexIsNotWritten) {
    char text[64];
    EXPECT_EQ(printf_to_chars(text, text + sizeof text, 1.5, std::chars_format::hex).ec, std::errc::invalid_argument);
    EXPECT_EQ(printf_to_chars(text, text + sizeof text, 1.5f, std::chars_format::hex, 2).ec,
              std::errc::invalid_argument);
}

TEST(FloatChars, TextsReadAsStdFromChars) {
    const char* const texts[] = {
        "0", "-0", "0.0", "1", "-1", "1.5", ".5", "-.5", "5.", ".", "-", "", "+1", " 1", "1 ", "-+1", "--1",
        "1e400", "-1e400", "1e-400", "-1e-400", "1e-310", "1e-320", "4e-324", "2e-324", "2.4703282292062327e-324",
        "2.4703282292062328e-324", "1e-46", "1e-45", "7e-46", "3.4028235e38", "3.4028236e38", "3.40282357e38",
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "0e999999999999",
        "0.000e-99999", "1e99999999999999999999", "1e", "1e+", "1e-", "1E5", "1e+05", "1.e5", ".e5", "e5",
        "0x1p3", "0X10", "-0x1p3", "1p3", "inf", "-inf", "INF", "Infinity", "-infinity", "infin", "infinityx",
        "in", "nan", "-nan", "NaN", "nan(123)", "nan(abc_XYZ)", "nan(", "nan(1 2)", "nan()", "nanx",
        "0.1", "0.30000000000000004", "123456789012345678901234567890", "1.00000000000000011102230246251565404236316680908203125",
        "1.000000000000000111022302462515654042363166809082031250000001", "9007199254740993", "00012", "1_000",
        "1,5", "1.5.5", "1e5e5", "\t1", "\n1"};
    chars_mismatches found;
    for (const char* text : texts) {
        chars_compare_reading<double>(found, text);
        chars_compare_reading<float>(found, text);
    }
    // A long text, and random texts in every format.
    const std::string many_digits = "0." + std::string(800, '0') + "1e800";
    chars_compare_reading<double>(found, many_digits);
    chars_compare_reading<float>(found, many_digits);
    char text[512];
    int precision = 0;
    for (const double value : chars_random_values<double>(20000)) {
        for (const std::chars_format format : chars_formats) {
            const auto end = std::to_chars(text, text + sizeof text, value, format, precision);
            chars_compare_reading<double>(found, std::string_view(text, static_cast<std::size_t>(end.ptr - text)));
            chars_compare_reading<float>(found, std::string_view(text, static_cast<std::size_t>(end.ptr - text)));
        }
        precision = precision == 20 ? 0 : precision + 1;
    }
    EXPECT_EQ(found.count, 0) << found.first;
}

TEST(FloatChars, LoomCallsStdWhereItHasThem) {
    // libstdc++ 12 has the floating-point overloads: loom's are std's.
    char want[64];
    char got[64];
    const auto a = std::to_chars(want, want + sizeof want, 0.1, std::chars_format::general, 17);
    const auto b = loom::detail::to_chars(got, got + sizeof got, 0.1, std::chars_format::general, 17);
    EXPECT_EQ(std::string(want, a.ptr), std::string(got, b.ptr));
    EXPECT_EQ(std::string(got, b.ptr), "0.10000000000000001");
    double value = 0;
    EXPECT_EQ(loom::detail::from_chars(want, a.ptr, value).ptr, a.ptr);
    EXPECT_EQ(value, 0.1);
}

}  // namespace
