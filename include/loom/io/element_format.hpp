#pragma once
// How each element of an array is written: NumPy's BoolFormat, IntegerFormat
// and FloatingFormat (numpy/core/arrayprint.py). Each looks at all the
// elements that will be shown first, so that every element gets the same
// width and the columns line up.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <span>
#include <string>
#include <vector>

#include "loom/core/types.hpp"
#include "loom/io/format_float.hpp"
#include "loom/io/print_options.hpp"

namespace loom::detail {

/// Integers: right-aligned to the width of the longest of the smallest and
/// the largest.
template <element T>
class element_format {
public:
    element_format(std::span<const T> shown, const print_options&) {
        if (shown.empty()) return;
        const auto [smallest, largest] = std::minmax_element(shown.begin(), shown.end());
        width_ = std::max(text_of(*smallest).size(), text_of(*largest).size());
    }

    void append(std::string& out, T value) const {
        const std::string text = text_of(value);
        out.append(width_ - text.size(), ' ');
        out += text;
    }

private:
    static std::string text_of(T value) {
        char buffer[24];  // "-9223372036854775808" has 20
        return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
    }

    std::size_t width_ = 0;
};

/// Booleans: " True" and "False", of equal width.
template <>
class element_format<bool> {
public:
    element_format(std::span<const bool>, const print_options&) {}

    void append(std::string& out, bool value) const { out += value ? " True" : "False"; }
};

/// Floating point: NumPy's FloatingFormat in floatmode 'maxprec'. All shown
/// values are written positionally with at most `precision` digits after
/// the point, unless NumPy's rule calls for scientific notation; the points
/// line up, shorter fractions padded with spaces ("[1.  2.5]"). With
/// `plus_sign` (NumPy's sign='+', for imaginary parts) a value that is not
/// negative is written with a '+', which counts in the widths.
template <element T>
    requires floating_element<T>
class element_format<T> {
public:
    element_format(std::span<const T> shown, const print_options& options, bool plus_sign = false)
        : precision_(options.precision), plus_sign_(plus_sign) {
        // Only finite values set the notation and the widths (fillFormat).
        bool any_finite = false;
        bool any_non_finite = false;
        bool negative_infinity = false;
        T smallest_nonzero = 0;
        T largest = 0;
        for (const T value : shown) {
            if (!std::isfinite(number(value))) {
                any_non_finite = true;
                negative_infinity = negative_infinity || (std::isinf(number(value)) && value < 0);
                continue;
            }
            any_finite = true;
            const T magnitude = std::abs(value);
            if (magnitude == 0) continue;
            if (smallest_nonzero == 0 || magnitude < smallest_nonzero) smallest_nonzero = magnitude;
            largest = std::max(largest, magnitude);
        }
        if (smallest_nonzero != 0) {
            // NumPy divides in T and compares with Python floats (double).
            const T ratio = largest / smallest_nonzero;
            scientific_ = static_cast<double>(largest) >= 1e8 || static_cast<double>(smallest_nonzero) < 1e-4 ||
                          static_cast<double>(ratio) > 1e3;
        }

        if (any_finite && scientific_) measure_scientific(shown);
        else if (any_finite) measure_positional(shown);

        if (any_non_finite) {
            // "nan", "inf" and "-inf" take the whole width, right-aligned.
            const std::size_t after_integer = pad_right_ + 1;
            const std::size_t longest = negative_infinity || plus_sign ? 4 : 3;
            if (longest > after_integer) pad_left_ = std::max(pad_left_, longest - after_integer);
        }
    }

    void append(std::string& out, T value) const {
        if (!std::isfinite(number(value))) {
            const char* text = std::isnan(number(value)) ? (plus_sign_ ? "+nan" : "nan")
                               : value < 0   ? "-inf"
                               : plus_sign_  ? "+inf"
                                             : "inf";
            out.append(pad_left_ + pad_right_ + 1 - std::char_traits<char>::length(text), ' ');
            out += text;
        } else if (scientific_) {
            const float_text text = signed_text(scientific_text(value, precision_, precision_, false), value);
            out.append(pad_left_ - text.integer.size(), ' ');
            out += text.integer;
            out += '.';
            out += text.fraction;
            out += 'e';
            append_exponent(out, text.exponent, exponent_digits_);
        } else {
            const float_text text = signed_text(positional_text(value, precision_), value);
            out.append(pad_left_ - text.integer.size(), ' ');
            out += text.integer;
            out += '.';
            out += text.fraction;
            out.append(pad_right_ - text.fraction.size(), ' ');
        }
    }

private:
    // The value as float or double, which <cmath>'s classification takes: libc++'s refuses a 16-bit
    // float, where libstdc++'s converts it.
    static arithmetic_t<T> number(T value) { return static_cast<arithmetic_t<T>>(value); }

    // Every value in scientific notation gets as many digits after the point
    // as the one that needs most, and exponents of a common width.
    void measure_scientific(std::span<const T> shown) {
        int fraction_digits = 0;
        std::size_t exponent_digits = 2;
        for (const T value : shown) {
            if (!std::isfinite(number(value))) continue;
            const float_text text = signed_text(scientific_text(value, precision_, 0, true), value);
            fraction_digits = std::max(fraction_digits, static_cast<int>(text.fraction.size()));
            exponent_digits = std::max(exponent_digits, std::to_string(std::abs(text.exponent)).size());
            pad_left_ = std::max(pad_left_, text.integer.size());
        }
        precision_ = fraction_digits;
        exponent_digits_ = exponent_digits;
        pad_right_ = exponent_digits + 2 + static_cast<std::size_t>(fraction_digits);  // "e+05" and the digits
    }

    void measure_positional(std::span<const T> shown) {
        for (const T value : shown) {
            if (!std::isfinite(number(value))) continue;
            const float_text text = signed_text(positional_text(value, precision_), value);
            pad_left_ = std::max(pad_left_, text.integer.size());
            pad_right_ = std::max(pad_right_, text.fraction.size());
        }
    }

    // The text with a '+' before a value that is not negative, under plus_sign.
    float_text signed_text(float_text text, T value) const {
        if (plus_sign_ && !std::signbit(number(value))) text.integer.insert(0, 1, '+');
        return text;
    }

    bool scientific_ = false;
    int precision_;                    // digits after the point: at most, or in scientific notation exactly
    std::size_t pad_left_ = 0;         // characters before the point
    std::size_t pad_right_ = 0;        // characters after the point
    std::size_t exponent_digits_ = 2;  // digits of the exponent, scientific only
    bool plus_sign_;
};

/// Complex numbers: NumPy's ComplexFloatingFormat. The real parts are
/// formatted as floating point numbers, the imaginary parts apart with a
/// sign always ("1.+2.j", "nan+nanj"), and the 'j' goes before the padding
/// of the imaginary part ("[1.5+2.j  3. -0.5j]").
template <complex_element C>
class element_format<C> {
    using R = typename C::value_type;

public:
    element_format(std::span<const C> shown, const print_options& options)
        : real_(parts(shown, false), options), imag_(parts(shown, true), options, true) {}

    void append(std::string& out, C value) const {
        real_.append(out, value.real());
        imag_.append(out, value.imag());
        out.insert(out.find_last_not_of(' ') + 1, 1, 'j');
    }

private:
    static std::vector<R> parts(std::span<const C> shown, bool imaginary) {
        std::vector<R> values;
        values.reserve(shown.size());
        for (const C& value : shown) values.push_back(imaginary ? value.imag() : value.real());
        return values;
    }

    element_format<R> real_;
    element_format<R> imag_;
};

/// NumPy's str() of a scalar, which is how a rank-0 array prints:
/// `5`, `True`, `1.5`, `1e+20`, never padded.
template <element T>
std::string scalar_text(T value) {
    if constexpr (std::same_as<T, bool>) {
        return value ? "True" : "False";
    } else if constexpr (floating_element<T>) {
        return scalar_float_text(value);
    } else if constexpr (complex_element<T>) {
        return scalar_complex_text(value);
    } else {
        return std::to_string(value);
    }
}

}  // namespace loom::detail
