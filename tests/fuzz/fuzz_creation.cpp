// Fuzzes the creation functions with hostile arguments: arange of int8 to
// int64, uint8, float and double from integer, floating or mixed start, stop
// and step (0, NaN, infinities, 1e300, the limits of int64 among them);
// linspace with any num; eye with any n, m and k; zeros, ones and full of
// shapes with hostile sizes and values that may not fit.
// Property: each call throws the documented exception exactly when the
// reference computed here (NumPy's rules as docs/errors.md and Note [arange
// arithmetic] in creation.hpp state them) refuses it; otherwise it returns
// the length the reference gives (arange: ceil((stop - start) / step)) and
// the values it gives; and no single allocation is larger than the result's
// bytes and a little more, whatever the arguments (refused ones allocate
// nothing large). Calls whose valid result would be large are not made.

#include <bit>
#include <cmath>
#include <optional>

#include "fuzz_support.hpp"
#include "largest_allocation.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;

// Results of more elements than this are not created.
constexpr index_t largest_result = 100000;
// Room beyond the result's bytes: storage's alignment and header, and the
// strings of a message.
constexpr std::size_t slack = 4096;

double hostile_double(byte_reader& in) {
    static constexpr double values[] = {
        0.0, -0.0, 0.5, -0.5, 0.1, 1e-300, 5e-324, 1e300, -1e300, 3e38, -3e38, 3.4028234663852886e38, 5e38,
        0x1p53 + 2, 0x1p63, -0x1p63, 0x1p64, 1e18, -1e18, 2147483647.5, -129.5, 255.9,
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::max(),
    };
    const unsigned c = in.next();
    if (c < 160) return static_cast<double>(static_cast<int>(c % 81) - 40) / 4.0;
    const unsigned pick = c - 160;
    if (pick < sizeof(values) / sizeof(values[0])) return values[pick];
    return std::bit_cast<double>(in.u64());
}

// A number as arange's arithmetic holds it: an exact integer or a double.
struct number {
    bool is_integer;
    wide integer;
    double real;
    double as_double() const { return is_integer ? static_cast<double>(integer) : real; }
};

number operator+(const number& a, const number& b) {
    if (a.is_integer && b.is_integer) return {true, a.integer + b.integer, 0.0};
    return {false, 0, a.as_double() + b.as_double()};
}

// The length of arange(start, stop, step): a refusal, a length, or nothing
// when it is valid but too large to create here.
struct length_answer {
    refusal kind = refusal::none;
    std::optional<index_t> length;
};

length_answer arange_length(const number& start, const number& stop, const number& step) {
    if (step.is_integer ? step.integer == 0 : step.real == 0.0) return {refusal::invalid_argument, {}};
    if (start.is_integer && stop.is_integer && step.is_integer) {
        const wide distance = stop.integer - start.integer;
        if (distance == 0 || (distance < 0) != (step.integer < 0)) return {refusal::none, 0};
        const wide d = distance < 0 ? -distance : distance, s = step.integer < 0 ? -step.integer : step.integer;
        const wide n = d / s, r = d % s;
        if (n >= (wide(1) << 63)) return {refusal::length_error, {}};
        if (n >= (wide(1) << 40)) return {};
        if (r == 0) return {refusal::none, static_cast<index_t>(n)};
        if (n == 0) return {refusal::none, 1};
        // The double nearest n + r / s is n when r / s is at most half of n's
        // last place, 2^(e - 52) for n in [2^e, 2^(e + 1)) (a tie goes to n, even).
        const int e = 63 - std::countl_zero(static_cast<std::uint64_t>(n));
        const bool rounds_down = r * (wide(1) << (53 - e)) <= s;
        return {refusal::none, static_cast<index_t>(n) + (rounds_down ? 0 : 1)};
    }
    // Python: the difference of two integers is exact, then a double.
    const double distance = start.is_integer && stop.is_integer ? static_cast<double>(stop.integer - start.integer)
                                                                : stop.as_double() - start.as_double();
    if (distance == 0.0) return {refusal::none, 0};
    const double quotient = distance / step.as_double();
    if (quotient == 0.0) return {refusal::none, std::signbit(quotient) ? 0 : 1};
    if (std::isnan(quotient)) return {refusal::invalid_argument, {}};
    const double length = std::ceil(quotient);
    if (length <= 0.0) return {refusal::none, 0};
    if (length >= 0x1p63) return {refusal::length_error, {}};
    if (length > 1e15) return {};
    return {refusal::none, static_cast<index_t>(length)};
}

template <std::floating_point T>
T rounded_product(T a, T b) {
    const volatile T product = a * b;
    return product;
}

// start (or start + step) as a T, or nothing when it does not fit.
template <class T>
std::optional<T> element(const number& x) {
    if constexpr (std::floating_point<T>) {
        const double real = x.as_double();
        if (std::isfinite(real) && std::fabs(real) > static_cast<double>(std::numeric_limits<T>::max())) return std::nullopt;
        return static_cast<T>(real);
    } else {
        wide value = x.integer;
        if (!x.is_integer) {
            if (!(std::fabs(x.real) < 0x1p100)) return std::nullopt;
            value = static_cast<wide>(std::trunc(x.real));
        }
        if (value < std::numeric_limits<T>::min() || value > std::numeric_limits<T>::max()) return std::nullopt;
        return static_cast<T>(value);
    }
}

template <class T>
bool same(T a, T b) {
    if constexpr (std::floating_point<T>) return (std::isnan(a) && std::isnan(b)) || std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(a) == std::bit_cast<std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>(b);
    else return a == b;
}

void check_allocation(std::size_t result_bytes, const std::string& call) {
    const std::size_t largest = largest_allocation();
    require(largest <= result_bytes + slack, call + ": an allocation of " + std::to_string(largest) +
                                                 " bytes for a result of " + std::to_string(result_bytes));
}

template <class A>
number as_number(A a) {
    if constexpr (std::floating_point<A>) return {false, 0, static_cast<double>(a)};
    else return {true, static_cast<wide>(a), 0.0};
}

template <class T, class A, class B, class C>
void check_arange(A start, B stop, C step) {
    const number s = as_number(start), e = as_number(stop), d = as_number(step);
    const std::string call = std::string("arange<") + loom::type_name<T>() + ">(" + std::to_string(start) + ", " +
                             std::to_string(stop) + ", " + std::to_string(step) + ")";
    const length_answer length = arange_length(s, e, d);
    if (length.kind == refusal::none && (!length.length || *length.length > largest_result)) return;  // too large to create here
    // The values the reference gives, or the refusal.
    refusal expected = length.kind;
    std::vector<T> values;
    if (expected == refusal::none && *length.length > 0) {
        const index_t n = *length.length;
        const auto first = element<T>(s);
        const auto second = n > 1 ? element<T>(s + d) : first;
        if (!first || !second) {
            expected = refusal::out_of_range;
        } else if constexpr (std::floating_point<T>) {
            const T delta = *second - *first;
            values = {*first};
            if (n > 1) values.push_back(*second);
            for (index_t i = 2; i < n; ++i) values.push_back(*first + rounded_product(static_cast<T>(i), delta));
            // NumPy fills out[2..n) from the first two; a value there that is not finite does not fit.
            if (n > 2 && !std::isfinite(values.back())) expected = refusal::out_of_range;
        } else {
            const wide delta = wide(*second) - wide(*first);
            const wide last = wide(*first) + wide(n - 1) * delta;
            if (last < std::numeric_limits<T>::min() || last > std::numeric_limits<T>::max()) {
                expected = refusal::out_of_range;
            } else {
                for (index_t i = 0; i < n; ++i) values.push_back(static_cast<T>(wide(*first) + wide(i) * delta));
            }
        }
    }
    std::optional<loom::tensor<T>> result;
    reset_largest_allocation();
    const outcome o = attempt([&] { result.emplace(loom::arange<T>(start, stop, step)); });
    require_kind(o, expected, call);
    if (o.refused()) {
        check_allocation(0, call);
        require_mentions(o, "arange(");
        return;
    }
    check_allocation(values.size() * sizeof(T), call);
    require(result->ndim() == 1 && result->size() == static_cast<index_t>(values.size()),
            call + ": length " + std::to_string(result->size()) + ", expected " + std::to_string(values.size()));
    for (std::size_t i = 0; i < values.size(); ++i) require(same(result->data()[i], values[i]), call + ": value " + std::to_string(i));
}

template <class T>
void arange_of(byte_reader& in) {
    switch (in.next() % 3) {
        case 0: check_arange<T>(in.hostile(-10, 10), in.hostile(-10, 40), in.hostile(-3, 3)); break;
        case 1: check_arange<T>(hostile_double(in), hostile_double(in), hostile_double(in)); break;
        default: check_arange<T>(in.hostile(-10, 10), in.hostile(-10, 40), hostile_double(in)); break;
    }
}

// linspace's value stored as a T, or nothing when it does not fit.
template <class T>
std::optional<T> linspace_value(double value) {
    if constexpr (std::floating_point<T>) {
        if (std::isfinite(value) && std::fabs(value) > static_cast<double>(std::numeric_limits<T>::max())) return std::nullopt;
        return static_cast<T>(value);
    } else {
        const double floored = std::floor(value);
        // T's range as powers of two: [-2^(bits-1), 2^(bits-1)); NaN fails both comparisons.
        const double upper = std::ldexp(1.0, std::numeric_limits<T>::digits);
        if (!(floored >= static_cast<double>(std::numeric_limits<T>::min()) && floored < upper)) return std::nullopt;
        return static_cast<T>(floored);
    }
}

template <class T>
void check_linspace(byte_reader& in) {
    const double start = hostile_double(in), stop = hostile_double(in);
    const index_t num = in.hostile(-1, 12);
    const bool endpoint = in.flag();
    const std::string call = std::string("linspace<") + loom::type_name<T>() + ">(" + std::to_string(start) + ", " +
                             std::to_string(stop) + ", " + std::to_string(num) + ", " + (endpoint ? "true" : "false") + ")";
    if (num > largest_result) return;
    refusal expected = num < 0 ? refusal::invalid_argument : refusal::none;
    std::vector<T> values;
    if (num > 0) {
        // docs: step = (stop - start) / div, y[i] = i * step + start (i / div * delta + start when
        // step is 0), the last value stop itself with endpoint.
        const index_t div = endpoint ? num - 1 : num;
        const double delta = stop - start;
        const double step = div > 0 ? delta / static_cast<double>(div) : 0.0;
        for (index_t i = 0; i < num && expected == refusal::none; ++i) {
            double y;
            if (endpoint && num > 1 && i == num - 1) y = stop;
            else if (div <= 0) y = rounded_product(static_cast<double>(i), delta) + start;
            else if (step == 0.0) y = rounded_product(static_cast<double>(i) / static_cast<double>(div), delta) + start;
            else y = rounded_product(static_cast<double>(i), step) + start;
            const auto v = linspace_value<T>(y);
            if (!v) expected = refusal::out_of_range;
            else values.push_back(*v);
        }
    }
    std::optional<loom::tensor<T>> result;
    reset_largest_allocation();
    const outcome o = attempt([&] { result.emplace(loom::linspace<T>(start, stop, num, endpoint)); });
    require_kind(o, expected, call);
    // linspace allocates its result before it computes the values.
    check_allocation(static_cast<std::size_t>(num > 0 ? num : 0) * sizeof(T), call);
    if (o.refused()) {
        require_mentions(o, "linspace(");
        return;
    }
    require(result->size() == num, call + ": length");
    for (std::size_t i = 0; i < values.size(); ++i) require(same(result->data()[i], values[i]), call + ": value " + std::to_string(i));
}

// What creating a tensor of `shape` with T elements does: refuse a negative
// size, refuse sizes other than 0 whose bytes pass index_t (length_error),
// or give its element count (nothing when too large to create here).
template <class T>
length_answer tensor_of(const std::vector<index_t>& shape) {
    for (index_t s : shape) {
        if (s < 0) return {refusal::invalid_argument, {}};
    }
    wide bytes = sizeof(T), count = 1;
    bool zero = false;
    for (index_t s : shape) {
        zero = zero || s == 0;
        bytes *= s == 0 ? 1 : s;
        if (bytes > std::numeric_limits<index_t>::max()) return {refusal::length_error, {}};
    }
    for (index_t s : shape) count *= s;
    if (zero) return {refusal::none, 0};
    if (count > largest_result) return {};
    return {refusal::none, static_cast<index_t>(count)};
}

template <class T>
void check_eye(byte_reader& in) {
    const index_t n = in.hostile(0, 5), m = in.hostile(0, 5), k = in.hostile(-6, 6);
    const std::string call = std::string("eye<") + loom::type_name<T>() + ">(" + std::to_string(n) + ", " +
                             std::to_string(m) + ", " + std::to_string(k) + ")";
    const length_answer size = tensor_of<T>({n, m});
    if (size.kind == refusal::none && !size.length) return;
    std::optional<loom::tensor<T>> result;
    reset_largest_allocation();
    const outcome o = attempt([&] { result.emplace(loom::eye<T>(n, m, k)); });
    require_kind(o, size.kind, call);
    if (o.refused()) {
        check_allocation(0, call);
        return;
    }
    check_allocation(static_cast<std::size_t>(*size.length) * sizeof(T), call);
    require(sizes_of(result->shape()) == std::vector<index_t>{n, m}, call + ": shape " + text(result->shape()));
    for (index_t i = 0; i < n && *size.length > 0; ++i) {
        for (index_t j = 0; j < m; ++j) {
            require(result->data()[i * m + j] == T(wide(j) - i == k ? 1 : 0), call + ": a wrong element");
        }
    }
}

template <class T, class V>
void check_filled(byte_reader& in, V value) {
    std::vector<index_t> shape(static_cast<std::size_t>(in.below(5)));
    for (index_t& s : shape) s = in.hostile(0, 4);
    const unsigned which = in.next() % 3;
    const std::string call = std::string(which == 0 ? "zeros" : which == 1 ? "ones" : "full") + "<" + loom::type_name<T>() +
                             ">(" + text(shape) + (which == 2 ? ", " + std::to_string(value) : "") + ")";
    length_answer size = tensor_of<T>(shape);
    if (size.kind == refusal::none && !size.length) return;
    T fill = which == 1 ? T(1) : T(0);
    if (which == 2) {
        bool fits;
        if constexpr (std::floating_point<V>) {
            fits = !std::isfinite(value) || std::fabs(static_cast<double>(value)) <= static_cast<double>(std::numeric_limits<T>::max());
        } else {
            fits = std::in_range<T>(value);
        }
        if (!fits) size = {refusal::out_of_range, {}};  // the value is checked first
        else fill = static_cast<T>(value);
    }
    const shape_type s(shape.begin(), shape.end());
    std::optional<loom::tensor<T>> result;
    reset_largest_allocation();
    const outcome o = attempt([&] {
        if (which == 0) result.emplace(loom::zeros<T>(s));
        else if (which == 1) result.emplace(loom::ones<T>(s));
        else result.emplace(loom::full<T>(s, value));
    });
    require_kind(o, size.kind, call);
    if (o.refused()) {
        check_allocation(0, call);
        require_mentions(o, text(shape));
        return;
    }
    check_allocation(static_cast<std::size_t>(*size.length) * sizeof(T), call);
    require(sizes_of(result->shape()) == shape, call + ": shape");
    for (index_t i = 0; i < result->size(); ++i) require(same(result->data()[i], fill), call + ": a wrong element");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned operation = in.next() % 4;
    const unsigned type = in.next() % 7;
    switch (operation) {
        case 0:
            switch (type) {
                case 0: arange_of<std::int8_t>(in); break;
                case 1: arange_of<std::int16_t>(in); break;
                case 2: arange_of<std::int32_t>(in); break;
                case 3: arange_of<std::int64_t>(in); break;
                case 4: arange_of<std::uint8_t>(in); break;
                case 5: arange_of<float>(in); break;
                default: arange_of<double>(in); break;
            }
            break;
        case 1:
            switch (type % 5) {
                case 0: check_linspace<double>(in); break;
                case 1: check_linspace<float>(in); break;
                case 2: check_linspace<std::int32_t>(in); break;
                case 3: check_linspace<std::int8_t>(in); break;
                default: check_linspace<std::int64_t>(in); break;
            }
            break;
        case 2:
            switch (type % 3) {
                case 0: check_eye<double>(in); break;
                case 1: check_eye<float>(in); break;
                default: check_eye<std::int8_t>(in); break;
            }
            break;
        default:
            switch (type % 5) {
                case 0: check_filled<double>(in, hostile_double(in)); break;
                case 1: check_filled<float>(in, hostile_double(in)); break;
                case 2: check_filled<std::int8_t>(in, static_cast<int>(in.hostile(-130, 300))); break;
                case 3: check_filled<std::int32_t>(in, in.hostile(-10, 10)); break;
                default: check_filled<std::int64_t>(in, in.hostile(-10, 10)); break;
            }
            break;
    }
    return 0;
}
