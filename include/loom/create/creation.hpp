#pragma once
// Creating tensors, with NumPy's names and results: zeros, ones, full, empty,
// their *_like forms, arange, linspace and eye.
//
// The element type is the first template argument: `zeros<float>({2, 3})`.
// Where NumPy picks a dtype from the arguments, so does loom when it is left
// out: `full({2}, 7)` is int, `arange(5)` is int64 (index_t), `arange(0.0,
// 1.0, 0.1)` and `linspace(0, 1, 5)` are float64, `zeros_like(e)` has e's type.

#include <algorithm>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/float_chars.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// The default of a creation function's element type: "follow the
/// arguments", as NumPy does when no dtype is given.
struct from_arguments {};

template <class T>
concept element_or_from_arguments = element<T> || std::same_as<T, from_arguments>;

/// T, or `Fallback` when T is from_arguments.
template <element_or_from_arguments T, element Fallback>
using element_or_t = std::conditional_t<std::same_as<T, from_arguments>, Fallback, T>;

namespace detail {

// 128-bit integers hold every 64-bit argument, and sums and differences of
// two, exactly (arange and its messages).
__extension__ typedef __int128 wide_integer;
__extension__ typedef unsigned __int128 wide_unsigned;

/// Decimal text of a 128-bit integer.
inline std::string number_text(wide_integer value) {
    if (value >= std::numeric_limits<std::int64_t>::min() && value <= std::numeric_limits<std::int64_t>::max()) {
        return std::to_string(static_cast<std::int64_t>(value));
    }
    const bool negative = value < 0;
    // The magnitude in unsigned arithmetic, so that negating the minimum is defined.
    wide_unsigned magnitude = negative ? 0 - static_cast<wide_unsigned>(value) : static_cast<wide_unsigned>(value);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    return negative ? "-" + digits : digits;
}

/// The shortest text that reads back as the same double, with ".0" on whole
/// numbers so that they read as floating (as Python prints them).
inline std::string number_text(double value) {
    char buffer[32];
    const auto result = detail::to_chars(buffer, buffer + sizeof buffer, value);
    std::string text(buffer, result.ptr);
    if (std::isfinite(value) && text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

/// Text of an argument for an error message.
template <scalar S>
std::string number_text(S value) {
    if constexpr (complex_element<S>)
        return "complex(" + number_text(static_cast<double>(value.real())) + ", " +
               number_text(static_cast<double>(value.imag())) + ")";
    else if constexpr (floating_element<S>) return number_text(static_cast<double>(value));
    else return number_text(static_cast<wide_integer>(value));
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Filled tensors
// ---------------------------------------------------------------------------

/// A tensor of `shape` filled with 0 (float64 unless T is given).
/// NumPy: numpy.zeros. Throws std::invalid_argument for a negative size, std::length_error for more
/// elements than index_t counts.
template <element T = double>
tensor<T> zeros(const shape_type& shape) {
    return tensor<T>(shape);
}

/// A tensor of `shape` filled with 1 (float64 unless T is given).
/// NumPy: numpy.ones. Throws std::invalid_argument for a negative size, std::length_error for more
/// elements than index_t counts.
template <element T = double>
tensor<T> ones(const shape_type& shape) {
    return tensor<T>(shape, T(1));
}

/// A tensor of `shape` filled with `value`, of value's type unless T is
/// given. As with `t = value`, a value of a higher category than T (a double
/// into an int tensor) does not compile; a value that does not fit in T (300
/// into int8, 1e300 into float32) throws std::out_of_range.
/// NumPy: numpy.full. Also throws as zeros does for the shape.
template <element_or_from_arguments T = from_arguments, scalar V>
    requires storable_in<V, element_or_t<T, V>>
tensor<element_or_t<T, V>> full(const shape_type& shape, V value) {
    using R = element_or_t<T, V>;
    bool fits = true;
    if constexpr (category_of<R> == category::integer && category_of<V> == category::integer) {
        fits = std::in_range<R>(value);
    } else if constexpr (floating_element<R> && floating_element<V>) {
        const auto magnitude = std::fabs(static_cast<double>(value));
        fits = !std::isfinite(magnitude) || magnitude <= static_cast<double>(std::numeric_limits<R>::max());
    }
    if (!fits) {
        throw std::out_of_range("full(" + to_string(shape) + ", " + detail::number_text(value) +
                                "): the value does not fit in " + type_name<R>() + "; use a wider element type");
    }
    return tensor<R>(shape, static_cast<R>(value));
}

/// A tensor of `shape` whose contents are unspecified: write every element
/// before reading one (float64 unless T is given).
/// NumPy: numpy.empty. Throws std::invalid_argument for a negative size, std::length_error for more
/// elements than index_t counts.
template <element T = double>
tensor<T> empty(const shape_type& shape) {
    return tensor<T>(uninitialized, shape);
}

/// zeros of e's shape, of e's element type unless T is given.
/// NumPy: numpy.zeros_like.
template <element_or_from_arguments T = from_arguments, expression E>
tensor<element_or_t<T, value_type_of<E>>> zeros_like(const E& e) {
    return zeros<element_or_t<T, value_type_of<E>>>(e.shape());
}

/// ones of e's shape, of e's element type unless T is given.
/// NumPy: numpy.ones_like.
template <element_or_from_arguments T = from_arguments, expression E>
tensor<element_or_t<T, value_type_of<E>>> ones_like(const E& e) {
    return ones<element_or_t<T, value_type_of<E>>>(e.shape());
}

/// `value` in e's shape, of e's element type unless T is given (the rules
/// of full apply to the value).
/// NumPy: numpy.full_like. Throws std::out_of_range as full does.
template <element_or_from_arguments T = from_arguments, expression E, scalar V>
    requires storable_in<V, element_or_t<T, value_type_of<E>>>
tensor<element_or_t<T, value_type_of<E>>> full_like(const E& e, V value) {
    return full<element_or_t<T, value_type_of<E>>>(e.shape(), value);
}

/// empty of e's shape (unspecified contents), of e's element type unless T is given.
/// NumPy: numpy.empty_like.
template <element_or_from_arguments T = from_arguments, expression E>
tensor<element_or_t<T, value_type_of<E>>> empty_like(const E& e) {
    return empty<element_or_t<T, value_type_of<E>>>(e.shape());
}

// ---------------------------------------------------------------------------
// arange
// ---------------------------------------------------------------------------
//
// Note [arange arithmetic]: NumPy's arange (PyArray_ArangeObj) does its
// arithmetic on Python numbers, and loom repeats it step for step so that
// lengths and values match bit for bit:
//   1. length = ceil((stop - start) / step), or 0 if that is not positive.
//      A difference of two integers is exact, anything that involves a
//      floating argument is a double; the quotient is a double, for two
//      integers the double nearest to the exact quotient (Python's int / int),
//      so that arange(-2^63, 2^63 - 1, 2^63 - 1) has NumPy's 2 elements, not
//      3. A quotient that underflows to 0 gives length 1 if positive, 0 if
//      negative (NumPy's divide-by-inf rule).
//   2. out[0] = start and out[1] = start + step (the sum exact or double, as
//      in 1), each converted to T: a double to an integer truncates toward
//      zero, an integer to float32 goes through double.
//   3. delta = out[1] - out[0], computed in T, and out[i] = out[0] + i * delta
//      in T (NumPy's `fill`). So arange<float> accumulates in float32, and
//      arange<int>(0.5, 3, 0.7) is [0, 1, 2, 3], as in NumPy.
// Integer arguments of up to 64 bits, and their sums and differences, are
// held exactly in 128 bits.
//
// NumPy rounds the product i * delta before adding out[0]. A compiler allowed
// to contract (GCC in GNU mode, clang within an expression, whenever FMA
// instructions are enabled, e.g. by -march=native) would fuse the two into
// one multiply-add that rounds once and changes the last bit, so the product
// goes through rounded_product. linspace does the same.

namespace detail {

inline int wide_bit_width(wide_unsigned value) {
    const auto high = static_cast<std::uint64_t>(value >> 64);
    return high != 0 ? 64 + std::bit_width(high) : std::bit_width(static_cast<std::uint64_t>(value));
}

/// The double nearest to a / b for positive integers below 2^66, ties to
/// even, as Python's int / int: the quotient scaled to 56 or 57 bits, with a
/// sticky bit for a remainder, is rounded once by the conversion to double.
inline double nearest_quotient(wide_unsigned a, wide_unsigned b) {
    const int scale = 56 + wide_bit_width(b) - wide_bit_width(a);  // a / b * 2^scale lies in [2^55, 2^57)
    if (scale >= 0) a <<= scale;
    else b <<= -scale;
    const auto quotient = static_cast<std::uint64_t>(a / b) | (a % b != 0 ? 1u : 0u);
    return std::ldexp(static_cast<double>(quotient), -scale);
}

/// a * b rounded to T on its own: held in a volatile, so that the compiler
/// cannot fuse it with a following addition (Note [arange arithmetic]).
template <floating_element T>
T rounded_product(T a, T b) {
    const volatile T product = a * b;
    return product;
}

/// A number as Python holds it in arange's arithmetic: an exact integer or
/// a double (Note [arange arithmetic]).
struct arange_number {
    bool is_integer = true;
    wide_integer integer = 0;
    double real = 0.0;

    template <scalar S>
    static arange_number of(S value) {
        if constexpr (floating_element<S>) return {false, 0, static_cast<double>(value)};
        else return {true, static_cast<wide_integer>(value), 0.0};
    }

    double as_double() const { return is_integer ? static_cast<double>(integer) : real; }
    bool is_zero() const { return is_integer ? integer == 0 : real == 0.0; }
    std::string text() const { return is_integer ? number_text(integer) : number_text(real); }

    friend arange_number operator+(const arange_number& a, const arange_number& b) {
        if (a.is_integer && b.is_integer) return {true, a.integer + b.integer, 0.0};
        return {false, 0, a.as_double() + b.as_double()};
    }
    friend arange_number operator-(const arange_number& a, const arange_number& b) {
        if (a.is_integer && b.is_integer) return {true, a.integer - b.integer, 0.0};
        return {false, 0, a.as_double() - b.as_double()};
    }
};

/// start, stop and step of one arange call.
struct arange_arguments {
    arange_number start;
    arange_number stop;
    arange_number step;

    std::string call() const { return "arange(" + start.text() + ", " + stop.text() + ", " + step.text() + ")"; }
};

/// Step 1 of Note [arange arithmetic].
inline index_t arange_length(const arange_arguments& arguments) {
    const auto& [start, stop, step] = arguments;
    if (step.is_zero()) {
        throw std::invalid_argument(arguments.call() +
                                    ": the step is 0, so the sequence never reaches the stop; pass a non-zero step");
    }
    const arange_number distance = stop - start;
    if (distance.is_zero()) return 0;
    double quotient;
    if (distance.is_integer && step.is_integer) {
        if ((distance.integer < 0) != (step.integer < 0)) return 0;
        const auto magnitude = [](wide_integer value) {
            return static_cast<wide_unsigned>(value < 0 ? -value : value);
        };
        quotient = nearest_quotient(magnitude(distance.integer), magnitude(step.integer));
    } else {
        quotient = distance.as_double() / step.as_double();
    }
    if (quotient == 0.0) return std::signbit(quotient) ? 0 : 1;
    if (std::isnan(quotient)) {
        throw std::invalid_argument(arguments.call() +
                                    ": the length (stop - start) / step is NaN; pass finite start, stop and step");
    }
    const double length = std::ceil(quotient);
    if (length <= 0.0) return 0;
    // 2^63 and more (infinity too) do not fit; below it the conversion is exact.
    if (length >= static_cast<double>(std::numeric_limits<index_t>::max())) {
        throw std::length_error(arguments.call() + " would have more elements than fit in a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index; use a larger step or a shorter interval");
    }
    return static_cast<index_t>(length);
}

template <element T>
std::out_of_range arange_overflow(const arange_arguments& arguments, const std::string& value, const char* which) {
    return std::out_of_range(arguments.call() + ": the " + which + " value " + value + " does not fit in " +
                             type_name<T>() + "; use a wider element type");
}

/// Step 2 of Note [arange arithmetic]: start or start + step as a T.
template <element T>
T arange_element(const arange_number& value, const arange_arguments& arguments, const char* which) {
    if constexpr (floating_element<T>) {
        const double real = value.as_double();
        if (std::isfinite(real) && std::fabs(real) > static_cast<double>(std::numeric_limits<T>::max())) {
            throw arange_overflow<T>(arguments, value.text(), which);
        }
        return static_cast<T>(real);
    } else {
        wide_integer integer = value.integer;
        if (!value.is_integer) {
            // Truncation toward zero; 2^100 is beyond every element type and
            // within what 128 bits hold.
            if (!(std::fabs(value.real) < 0x1p100)) throw arange_overflow<T>(arguments, value.text(), which);
            integer = static_cast<wide_integer>(std::trunc(value.real));
        }
        if (integer < std::numeric_limits<T>::min() || integer > std::numeric_limits<T>::max()) {
            throw arange_overflow<T>(arguments, value.text(), which);
        }
        return static_cast<T>(integer);
    }
}

/// Throws std::out_of_range when the last of `length` values from `first`
/// and `second` does not fit in T (step 3 of Note [arange arithmetic]): the
/// values are monotonic, so it is the one furthest from `first`. With two
/// values the last is `second` itself, which fits (second - first may not:
/// arange<float>(-3e38, 3e38, 5e38) is [-3e38, 2e38], as in NumPy).
template <element T>
void arange_check_last(T first, T second, index_t length, const arange_arguments& arguments) {
    if (length <= 2) return;
    if constexpr (floating_element<T>) {
        using W = arithmetic_t<T>;  // float16's arange computes in float32, as NumPy's HALF_fill
        const W delta = W(second) - W(first);
        const T last = T(W(first) + rounded_product(static_cast<W>(length - 1), delta));
        if (!std::isfinite(last)) {
            const double wide_last = first + static_cast<double>(length - 1) * static_cast<double>(delta);
            throw arange_overflow<T>(arguments, number_text(wide_last), "last");
        }
    } else {
        const wide_integer delta = wide_integer(second) - wide_integer(first);
        const wide_integer last = wide_integer(first) + wide_integer(length - 1) * delta;
        if (last < std::numeric_limits<T>::min() || last > std::numeric_limits<T>::max()) {
            throw arange_overflow<T>(arguments, number_text(last), "last");
        }
    }
}

/// Step 3 of Note [arange arithmetic]: out[2..length) from out[0] and out[1],
/// whose last value fits in T (arange_check_last).
template <element T>
void arange_fill(T* out, index_t length) {
    if constexpr (floating_element<T>) {
        using W = arithmetic_t<T>;
        const W first = W(out[0]);
        const W delta = W(out[1]) - first;
        for (index_t i = 2; i < length; ++i) out[i] = T(first + rounded_product(static_cast<W>(i), delta));
    } else {
        const wide_integer delta = wide_integer(out[1]) - wide_integer(out[0]);
        // Every value fits in T, so arithmetic modulo 2^64 gives it exactly.
        const auto first = static_cast<std::uint64_t>(out[0]);
        const auto step = static_cast<std::uint64_t>(delta);
        for (index_t i = 2; i < length; ++i) out[i] = static_cast<T>(first + static_cast<std::uint64_t>(i) * step);
    }
}

/// arange's element type when none is given: float64 if an argument is
/// floating, else int64 (index_t), as NumPy's default integer.
template <element_or_from_arguments T, class... Arguments>
using arange_element_t =
    element_or_t<T, std::conditional_t<(floating_element<Arguments> || ...), double, index_t>>;

}  // namespace detail

/// Evenly spaced values in [start, stop), NumPy's arange: the length is
/// ceil((stop - start) / step) (0 if that is not positive) and the values are
/// NumPy's to the bit (Note [arange arithmetic]). Throws
/// std::invalid_argument for a zero step or a NaN length, std::length_error
/// when the length does not fit in index_t, std::out_of_range when a value
/// does not fit in T.
template <element_or_from_arguments T = from_arguments, scalar Start, scalar Stop, scalar Step>
tensor<detail::arange_element_t<T, Start, Stop, Step>> arange(Start start, Stop stop, Step step) {
    using R = detail::arange_element_t<T, Start, Stop, Step>;
    static_assert(!std::same_as<R, bool>, "arange of bools is not supported (NumPy has no fill for them); "
                                          "use arange of an integer type and astype<bool>");
    const detail::arange_arguments arguments{detail::arange_number::of(start), detail::arange_number::of(stop),
                                             detail::arange_number::of(step)};
    const index_t length = detail::arange_length(arguments);
    if (length == 0) return tensor<R>(shape_type{0});
    // Every value is checked before the result is allocated.
    const R first = detail::arange_element<R>(arguments.start, arguments, "first");
    if (length == 1) return tensor<R>{first};
    const R second = detail::arange_element<R>(arguments.start + arguments.step, arguments, "second");
    detail::arange_check_last(first, second, length, arguments);
    tensor<R> result(uninitialized, shape_type{length});
    R* out = result.data();
    out[0] = first;
    out[1] = second;
    detail::arange_fill(out, length);
    return result;
}

/// arange(start, stop, 1).
/// NumPy: numpy.arange(start, stop). Throws as arange(start, stop, step) does.
template <element_or_from_arguments T = from_arguments, scalar Start, scalar Stop>
tensor<detail::arange_element_t<T, Start, Stop>> arange(Start start, Stop stop) {
    return arange<T>(start, stop, 1);
}

/// arange(0, stop, 1).
/// NumPy: numpy.arange(stop). Throws as arange(start, stop, step) does.
template <element_or_from_arguments T = from_arguments, scalar Stop>
tensor<detail::arange_element_t<T, Stop>> arange(Stop stop) {
    return arange<T>(0, stop, 1);
}

// ---------------------------------------------------------------------------
// linspace
// ---------------------------------------------------------------------------

namespace detail {

/// A double computed by linspace, stored as a T: floor first for integers
/// (NumPy floors integer results), out of range or NaN throws.
template <element T>
T linspace_element(double value, double start, double stop) {
    if constexpr (floating_element<T>) {
        // Infinities and NaN stay what they are; finite values must fit.
        if (!std::isfinite(value) || std::fabs(value) <= static_cast<double>(std::numeric_limits<T>::max())) {
            return static_cast<T>(value);
        }
    } else {
        const double floored = std::floor(value);
        // T's range as exact powers of two: [-2^(bits-1), 2^(bits-1)) or
        // [0, 2^bits). NaN fails both comparisons.
        constexpr double upper = 2.0 * static_cast<double>(std::numeric_limits<T>::max() / 2 + 1);
        constexpr double lower = static_cast<double>(std::numeric_limits<T>::min());
        if (floored >= lower && floored < upper) return static_cast<T>(floored);
    }
    throw std::out_of_range("linspace(" + number_text(start) + ", " + number_text(stop) + "): the value " +
                            number_text(value) + " does not fit in " + type_name<T>() + "; use a wider element type");
}

}  // namespace detail

/// `num` evenly spaced values from start to stop (stop included when
/// `endpoint`), NumPy's linspace and its float64 values to the bit: with
/// div = num - 1 (endpoint) or num, step = (stop - start) / div and
/// y[i] = i * step + start; if step is 0 (underflow), y[i] = i / div *
/// (stop - start) + start; with endpoint the last value is stop itself. Each
/// product is rounded before the addition, as in NumPy (Note [arange arithmetic]).
/// Computed in double, then stored as T (integers are floored, as in NumPy).
/// Throws std::invalid_argument for num < 0, std::out_of_range for a value
/// that does not fit in T.
template <element T = double>
tensor<T> linspace(double start, double stop, index_t num, bool endpoint = true) {
    if (num < 0) {
        throw std::invalid_argument("linspace(" + detail::number_text(start) + ", " + detail::number_text(stop) + ", " +
                                    std::to_string(num) + "): the number of samples is negative; pass 0 or more");
    }
    tensor<T> result(shape_type{num});
    T* out = result.data();
    const index_t div = endpoint ? num - 1 : num;
    const double delta = stop - start;
    const double step = div > 0 ? delta / static_cast<double>(div) : 0.0;
    const index_t computed = endpoint && num > 1 ? num - 1 : num;  // with endpoint, the last is stop itself
    for (index_t i = 0; i < computed; ++i) {
        const auto position = static_cast<double>(i);
        double offset;
        if (div <= 0) offset = detail::rounded_product(position, delta);  // num <= 1: NumPy multiplies by delta
        else if (step == 0.0) offset = detail::rounded_product(position / static_cast<double>(div), delta);
        else offset = detail::rounded_product(position, step);
        out[i] = detail::linspace_element<T>(offset + start, start, stop);
    }
    if (computed < num) out[num - 1] = detail::linspace_element<T>(stop, start, stop);
    return result;
}

// ---------------------------------------------------------------------------
// eye
// ---------------------------------------------------------------------------

/// An n x m matrix of zeros with ones on the k-th diagonal (k > 0 above the
/// main diagonal, k < 0 below; a k beyond the matrix gives all zeros), as
/// NumPy's eye. float64 unless T is given. Throws std::invalid_argument for
/// a negative n or m.
template <element T = double>
tensor<T> eye(index_t n, index_t m, index_t k = 0) {
    if (n < 0 || m < 0) {
        throw std::invalid_argument("eye(" + std::to_string(n) + ", " + std::to_string(m) +
                                    "): a matrix size is negative; pass sizes of 0 or more");
    }
    tensor<T> result(shape_type{n, m});
    if (k >= m || k <= -n) return result;  // no element of the diagonal lies inside
    // Row i holds column i + k; with -n < k < m neither bound overflows.
    const index_t first_row = k < 0 ? -k : 0;
    const index_t end_row = std::min(n, m - k);
    T* out = result.data();
    for (index_t i = first_row; i < end_row; ++i) out[i * m + i + k] = T(1);
    return result;
}

/// The n x n identity matrix.
/// NumPy: numpy.eye(n). Throws std::invalid_argument for a negative n.
template <element T = double>
tensor<T> eye(index_t n) {
    return eye<T>(n, n, 0);
}

}  // namespace loom
