#pragma once
// Creating tensors, with NumPy's names and results: zeros, ones, full, empty,
// their *_like forms, arange, linspace and eye.
//
// The element type is the first template argument: `zeros<float>({2, 3})`.
// Where NumPy picks a dtype from the arguments, so does loom when it is left
// out: `full({2}, 7)` is int, `arange(5)` is int64 (index_t), `arange(0.0,
// 1.0, 0.1)` and `linspace(0, 1, 5)` are float64, `zeros_like(e)` has e's type.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

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

// ---------------------------------------------------------------------------
// Filled tensors
// ---------------------------------------------------------------------------

/// A tensor of `shape` filled with 0 (float64 unless T is given).
template <element T = double>
tensor<T> zeros(const shape_type& shape) {
    return tensor<T>(shape);
}

/// A tensor of `shape` filled with 1 (float64 unless T is given).
template <element T = double>
tensor<T> ones(const shape_type& shape) {
    return tensor<T>(shape, T(1));
}

/// A tensor of `shape` filled with `value`, of value's type unless T is
/// given. As with `t = value`, a value of a higher category than T (a double
/// into an int tensor) does not compile, and an integer that does not fit
/// in T throws std::out_of_range.
template <element_or_from_arguments T = from_arguments, scalar V>
    requires storable_in<V, element_or_t<T, V>>
tensor<element_or_t<T, V>> full(const shape_type& shape, V value) {
    using R = element_or_t<T, V>;
    return tensor<R>(shape, convert_scalar<R>(value));
}

/// A tensor of `shape` whose contents are unspecified: write every element
/// before reading one (float64 unless T is given).
template <element T = double>
tensor<T> empty(const shape_type& shape) {
    // The contents are unspecified so that this may skip initialisation;
    // tensor<T> offers no uninitialised constructor, so today they are zeros.
    return tensor<T>(shape);
}

/// zeros of e's shape, of e's element type unless T is given.
template <element_or_from_arguments T = from_arguments, expression E>
tensor<element_or_t<T, value_type_of<E>>> zeros_like(const E& e) {
    return zeros<element_or_t<T, value_type_of<E>>>(e.shape());
}

/// ones of e's shape, of e's element type unless T is given.
template <element_or_from_arguments T = from_arguments, expression E>
tensor<element_or_t<T, value_type_of<E>>> ones_like(const E& e) {
    return ones<element_or_t<T, value_type_of<E>>>(e.shape());
}

/// `value` in e's shape, of e's element type unless T is given (the rules
/// of full apply to the value).
template <element_or_from_arguments T = from_arguments, expression E, scalar V>
    requires storable_in<V, element_or_t<T, value_type_of<E>>>
tensor<element_or_t<T, value_type_of<E>>> full_like(const E& e, V value) {
    return full<element_or_t<T, value_type_of<E>>>(e.shape(), value);
}

/// empty of e's shape (unspecified contents), of e's element type unless T is given.
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
//      floating argument is a double; the quotient is a double (for two
//      integers, the exact quotient: the same ceiling for every length that
//      can be allocated). A quotient that underflows to 0 gives length 1 if
//      positive, 0 if negative (NumPy's divide-by-inf rule).
//   2. out[0] = start and out[1] = start + step (the sum exact or double, as
//      in 1), each converted to T: a double to an integer truncates toward
//      zero, an integer to float32 goes through double.
//   3. delta = out[1] - out[0], computed in T, and out[i] = out[0] + i * delta
//      in T (NumPy's `fill`). So arange<float> accumulates in float32, and
//      arange<int>(0.5, 3, 0.7) is [0, 1, 2, 3], as in NumPy.
// Integer arguments of up to 64 bits, and their sums and differences, are
// held exactly in 128 bits.
//
// Bit-for-bit equality with NumPy assumes the compiler does not fuse
// `out[0] + i * delta` into one fused multiply-add: that is the default on
// x86-64 unless FMA instructions are enabled (-march=haswell and later); with
// them, build with -ffp-contract=off.

namespace detail {

__extension__ typedef __int128 wide_integer;

inline std::string to_text(wide_integer value) {
    if (value >= std::numeric_limits<std::int64_t>::min() && value <= std::numeric_limits<std::int64_t>::max()) {
        return std::to_string(static_cast<std::int64_t>(value));
    }
    const bool negative = value < 0;
    // Magnitude in unsigned 128 bits, so that negating the minimum is defined.
    __extension__ unsigned __int128 magnitude =
        negative ? 0 - static_cast<unsigned __int128>(value) : static_cast<unsigned __int128>(value);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
        magnitude /= 10;
    } while (magnitude != 0);
    return negative ? "-" + digits : digits;
}

/// The shortest text that reads back as the same double.
inline std::string to_text(double value) {
    char buffer[32];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

/// A number as Python holds it in arange's arithmetic: an exact integer or
/// a double (Note [arange arithmetic]).
struct arange_number {
    bool is_integer = true;
    wide_integer integer = 0;
    double real = 0.0;

    template <scalar S>
    static arange_number of(S value) {
        if constexpr (std::floating_point<S>) return {false, 0, static_cast<double>(value)};
        else return {true, static_cast<wide_integer>(value), 0.0};
    }

    double as_double() const { return is_integer ? static_cast<double>(integer) : real; }
    bool is_zero() const { return is_integer ? integer == 0 : real == 0.0; }
    std::string text() const { return is_integer ? to_text(integer) : to_text(real); }

    friend arange_number operator+(const arange_number& a, const arange_number& b) {
        if (a.is_integer && b.is_integer) return {true, a.integer + b.integer, 0.0};
        return {false, 0, a.as_double() + b.as_double()};
    }
    friend arange_number operator-(const arange_number& a, const arange_number& b) {
        if (a.is_integer && b.is_integer) return {true, a.integer - b.integer, 0.0};
        return {false, 0, a.as_double() - b.as_double()};
    }
};

inline std::string arange_call(const arange_number& start, const arange_number& stop, const arange_number& step) {
    return "arange(" + start.text() + ", " + stop.text() + ", " + step.text() + ")";
}

/// Step 1 of Note [arange arithmetic].
inline index_t arange_length(const arange_number& start, const arange_number& stop, const arange_number& step) {
    if (step.is_zero()) {
        throw std::invalid_argument(arange_call(start, stop, step) +
                                    ": the step is 0, so the sequence never reaches the stop; pass a non-zero step");
    }
    const arange_number distance = stop - start;
    if (distance.is_zero()) return 0;
    constexpr index_t max_length = std::numeric_limits<index_t>::max();
    const auto too_long = [&] {
        return std::length_error(arange_call(start, stop, step) + " would have more elements than fit in a " +
                                 std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                 "-bit index; use a larger step or a shorter interval");
    };
    if (distance.is_integer && step.is_integer) {
        if ((distance.integer < 0) != (step.integer < 0)) return 0;
        const wide_integer d = distance.integer < 0 ? -distance.integer : distance.integer;
        const wide_integer s = step.integer < 0 ? -step.integer : step.integer;
        const wide_integer length = (d + s - 1) / s;
        if (length > max_length) throw too_long();
        return static_cast<index_t>(length);
    }
    const double quotient = distance.as_double() / step.as_double();
    if (quotient == 0.0) return std::signbit(quotient) ? 0 : 1;
    if (std::isnan(quotient)) {
        throw std::invalid_argument(arange_call(start, stop, step) +
                                    ": the length (stop - start) / step is NaN; pass finite start, stop and step");
    }
    const double length = std::ceil(quotient);
    if (length <= 0.0) return 0;
    // 2^63 and more (infinity too) do not fit; below it the conversion is exact.
    if (length >= static_cast<double>(max_length)) throw too_long();
    return static_cast<index_t>(length);
}

template <element T>
std::out_of_range arange_overflow(const std::string& call, const std::string& value, const char* which) {
    return std::out_of_range(call + ": the " + std::string(which) + " value " + value + " does not fit in " +
                             type_name<T>() + "; use a wider element type");
}

/// Step 2 of Note [arange arithmetic]: one argument-derived value as a T.
template <element T>
T arange_element(const arange_number& value, const std::string& call, const char* which) {
    if constexpr (std::floating_point<T>) {
        const double real = value.as_double();
        if (std::isfinite(real) && std::fabs(real) > static_cast<double>(std::numeric_limits<T>::max())) {
            throw arange_overflow<T>(call, value.text(), which);
        }
        return static_cast<T>(real);
    } else {
        wide_integer integer = value.integer;
        if (!value.is_integer) {
            // Truncation toward zero; 2^100 is beyond every element type and
            // within what 128 bits hold.
            if (!(std::fabs(value.real) < 0x1p100)) throw arange_overflow<T>(call, value.text(), which);
            integer = static_cast<wide_integer>(std::trunc(value.real));
        }
        if (integer < std::numeric_limits<T>::min() || integer > std::numeric_limits<T>::max()) {
            throw arange_overflow<T>(call, value.text(), which);
        }
        return static_cast<T>(integer);
    }
}

/// Step 3 of Note [arange arithmetic]: out[2..length) from out[0] and out[1].
/// Checks the last value first: the values are monotonic, so it is the one
/// furthest from out[0].
template <element T>
void arange_fill(T* out, index_t length, const std::string& call) {
    if constexpr (std::floating_point<T>) {
        const T first = out[0];
        const T delta = out[1] - first;
        const T last = first + static_cast<T>(length - 1) * delta;
        if (!std::isfinite(last)) throw arange_overflow<T>(call, to_text(static_cast<double>(last)), "last");
        for (index_t i = 2; i < length; ++i) out[i] = first + static_cast<T>(i) * delta;
    } else {
        const wide_integer delta = wide_integer(out[1]) - wide_integer(out[0]);
        const wide_integer last = wide_integer(out[0]) + wide_integer(length - 1) * delta;
        if (last < std::numeric_limits<T>::min() || last > std::numeric_limits<T>::max()) {
            throw arange_overflow<T>(call, to_text(last), "last");
        }
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
    element_or_t<T, std::conditional_t<(std::floating_point<Arguments> || ...), double, index_t>>;

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
    const auto first = detail::arange_number::of(start);
    const auto by = detail::arange_number::of(step);
    const auto last = detail::arange_number::of(stop);
    const index_t length = detail::arange_length(first, last, by);
    tensor<R> result(shape_type{length});
    if (length == 0) return result;
    const std::string call = detail::arange_call(first, last, by);
    R* out = result.data();
    out[0] = detail::arange_element<R>(first, call, "first");
    if (length == 1) return result;
    out[1] = detail::arange_element<R>(first + by, call, "second");
    detail::arange_fill(out, length, call);
    return result;
}

/// arange(start, stop, 1).
template <element_or_from_arguments T = from_arguments, scalar Start, scalar Stop>
tensor<detail::arange_element_t<T, Start, Stop>> arange(Start start, Stop stop) {
    return arange<T>(start, stop, 1);
}

/// arange(0, stop, 1).
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
    if constexpr (std::floating_point<T>) {
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
    throw std::out_of_range("linspace(" + to_text(start) + ", " + to_text(stop) + "): the value " + to_text(value) +
                            " does not fit in " + type_name<T>() + "; use a wider element type");
}

}  // namespace detail

/// `num` evenly spaced values from start to stop (stop included when
/// `endpoint`), NumPy's linspace and its float64 values to the bit: with
/// div = num - 1 (endpoint) or num, step = (stop - start) / div and
/// y[i] = i * step + start; if step is 0 (underflow), y[i] = i / div *
/// (stop - start) + start; with endpoint the last value is stop itself.
/// Computed in double, then stored as T (integers are floored, as in NumPy).
/// Throws std::invalid_argument for num < 0, std::out_of_range for a value
/// that does not fit in T.
template <element T = double>
tensor<T> linspace(double start, double stop, index_t num, bool endpoint = true) {
    if (num < 0) {
        throw std::invalid_argument("linspace(" + detail::to_text(start) + ", " + detail::to_text(stop) + ", " +
                                    std::to_string(num) + "): the number of samples is negative; pass 0 or more");
    }
    tensor<T> result(shape_type{num});
    T* out = result.data();
    const index_t div = endpoint ? num - 1 : num;
    const double delta = stop - start;
    const double step = div > 0 ? delta / static_cast<double>(div) : 0.0;
    for (index_t i = 0; i < num; ++i) {
        const auto position = static_cast<double>(i);
        double value;
        if (div <= 0) value = position * delta + start;  // num <= 1: NumPy multiplies by delta
        else if (step == 0.0) value = position / static_cast<double>(div) * delta + start;
        else value = position * step + start;
        out[i] = detail::linspace_element<T>(value, start, stop);
    }
    if (endpoint && num > 1) out[num - 1] = detail::linspace_element<T>(stop, start, stop);
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
template <element T = double>
tensor<T> eye(index_t n) {
    return eye<T>(n, n, 0);
}

}  // namespace loom
