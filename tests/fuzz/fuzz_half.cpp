// Fuzzes the 16-bit floats, float16 and bfloat16 (core/half.hpp): any bit
// patterns, widened to float and narrowed back; conversions from float,
// double and integers of any bits; +, -, * and / of any two values and the
// conversion of one type into the other; tensors of them printed, converted
// with astype, added, and written to .npy bytes and read back.
// Property: widening then narrowing gives back every bit pattern that is not
// NaN, and a NaN stays NaN with its sign and its payload, made quiet;
// widening gives the number the bits encode (decoded here); every narrowing
// and every operation gives the value nearest the exact result, ties to
// even (docs/tensors.md, "16-bit floats": computed in float and rounded
// after each operation, which for these formats is the correctly rounded
// result), found here by a search among all the type's values; printed
// elements read back (as Python reads them, then rounded to the type) as the
// same bits; .npy bytes read back bit for bit, NaN payloads included.

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::bfloat16;
using loom::float16;
using loom::index_t;
using loom::shape_type;
using loom::tensor;

template <class H>
constexpr int mantissa_bits = H::mantissa_bits;
template <class H>
constexpr int bias = H::exponent_bias;
// The bits of +infinity: the positive patterns below it are finite and
// increase with their value.
template <class H>
constexpr std::uint16_t infinity_bits = std::uint16_t(((1 << (15 - mantissa_bits<H>)) - 1) << mantissa_bits<H>);
template <class H>
constexpr std::uint16_t quiet_bit = std::uint16_t(1 << (mantissa_bits<H> - 1));

template <class H>
bool is_nan_bits(std::uint16_t bits) {
    return (bits & 0x7fff) > infinity_bits<H>;
}

template <class H>
const char* type_of() {
    return std::is_same_v<H, float16> ? "float16" : "bfloat16";
}

std::string hex(std::uint16_t bits) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%04x", bits);
    return text;
}

// The magnitude the positive pattern `bits` encodes, decoded from the
// format's definition; infinity's pattern counts as the power of two past
// the largest finite value, where rounding to it starts.
template <class H>
long double magnitude_of(std::uint16_t bits) {
    const int field = bits >> mantissa_bits<H>;
    const long double mantissa = bits & ((1 << mantissa_bits<H>) - 1);
    if (field == 0) return std::ldexp(mantissa, 1 - bias<H> - mantissa_bits<H>);
    return std::ldexp(mantissa + std::ldexp(1.0L, mantissa_bits<H>), field - bias<H> - mantissa_bits<H>);
}

// The bits of the value of H nearest `x` (not NaN), ties to the even
// pattern: a binary search among the positive patterns, then the midpoint
// between the two around |x|, which long double holds exactly.
template <class H>
std::uint16_t nearest(long double x) {
    const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;
    const long double a = std::fabs(x);
    unsigned low = 0, high = infinity_bits<H>;  // magnitude_of(low) <= a, found below
    if (a >= magnitude_of<H>(infinity_bits<H>)) return std::uint16_t(sign | infinity_bits<H>);
    while (high - low > 1) {
        const unsigned middle = (low + high) / 2;
        if (magnitude_of<H>(std::uint16_t(middle)) <= a) low = middle;
        else high = middle;
    }
    const long double below = magnitude_of<H>(std::uint16_t(low));
    if (below == a) return std::uint16_t(sign | low);
    const long double halfway = (below + magnitude_of<H>(std::uint16_t(high))) / 2;
    const unsigned pick = a < halfway ? low : a > halfway ? high : (low % 2 == 0 ? low : high);
    return std::uint16_t(sign | pick);
}

// Checks that `got` is the rounding of `exact` to H: NaN for NaN, else the nearest value's bits.
template <class H>
void require_rounded(std::uint16_t got, long double exact, const std::string& what) {
    if (std::isnan(exact)) {
        require(is_nan_bits<H>(got), what + ": " + hex(got) + " where the exact result is NaN");
        return;
    }
    const std::uint16_t want = nearest<H>(exact);
    require(got == want, what + " = " + hex(got) + ", but the nearest " + type_of<H>() + " to " +
                             std::to_string(static_cast<double>(exact)) + " is " + hex(want));
}

template <class H>
void check_bits(std::uint16_t a, std::uint16_t b) {
    const H x = H::from_bits(a), y = H::from_bits(b);
    const std::string name = std::string(type_of<H>()) + " " + hex(a);
    // Widening: the number the bits encode.
    const float wide_x = x;
    if (is_nan_bits<H>(a)) {
        require(std::isnan(wide_x) && std::signbit(wide_x) == ((a & 0x8000) != 0), name + " widens to a non-NaN or flips its sign");
        const std::uint16_t back = H(wide_x).bits();
        require(back == (a | quiet_bit<H>), name + " widened and narrowed is " + hex(back) + ", not the quiet " +
                                                hex(std::uint16_t(a | quiet_bit<H>)));
    } else {
        const long double decoded = (a & 0x8000 ? -1.0L : 1.0L) * ((a & 0x7fff) == infinity_bits<H>
                                                                        ? HUGE_VALL
                                                                        : magnitude_of<H>(std::uint16_t(a & 0x7fff)));
        require(static_cast<long double>(wide_x) == decoded && std::signbit(wide_x) == ((a & 0x8000) != 0),
                name + " widens to " + std::to_string(wide_x) + ", not the value its bits encode");
        require(H(wide_x).bits() == a, name + " widened and narrowed is " + hex(H(wide_x).bits()));
        require(H(static_cast<double>(wide_x)).bits() == a, name + " widened to double and narrowed is " +
                                                                  hex(H(static_cast<double>(wide_x)).bits()));
    }
    require((-x).bits() == (a ^ 0x8000), name + ": negation is not a flip of the sign bit");

    const long double u = static_cast<float>(x), v = static_cast<float>(y);
    const std::string pair = name + " and " + hex(b);
    require_rounded<H>((x + y).bits(), u + v, pair + ": sum");
    require_rounded<H>((x - y).bits(), u - v, pair + ": difference");
    require_rounded<H>((x * y).bits(), u * v, pair + ": product");
    require_rounded<H>((x / y).bits(), u / v, pair + ": quotient");
    H z = x;
    z += y;
    require(z.bits() == (x + y).bits() || (is_nan_bits<H>(z.bits()) && is_nan_bits<H>((x + y).bits())), pair + ": += differs from +");
    require((x == y) == (u == v) && (x < y) == (u < v) && (x >= y) == (u >= v), pair + ": a comparison differs from float's");

    // Into the other 16-bit type.
    using Other = std::conditional_t<std::is_same_v<H, float16>, bfloat16, float16>;
    require_rounded<Other>(Other(x).bits(), u, name + " converted to " + type_of<Other>());
}

template <class H>
void check_narrowing(byte_reader& in) {
    const std::uint64_t word = in.u64();
    const auto f = std::bit_cast<float>(static_cast<std::uint32_t>(word));
    const auto d = std::bit_cast<double>(word);
    const auto i = static_cast<std::int64_t>(word);
    const auto s = static_cast<std::int32_t>(word >> 7);
    const std::string name = std::string(type_of<H>()) + " of ";
    require_rounded<H>(H(f).bits(), f, name + "float " + std::to_string(f));
    require_rounded<H>(H(d).bits(), d, name + "double " + std::to_string(d));
    require_rounded<H>(H(i).bits(), static_cast<long double>(i), name + "int64 " + std::to_string(i));
    require_rounded<H>(H(word).bits(), static_cast<long double>(word), name + "uint64 " + std::to_string(word));
    require_rounded<H>(H(s).bits(), static_cast<long double>(s), name + "int32 " + std::to_string(s));
    if (std::isnan(f)) {
        require(std::signbit(static_cast<float>(H(f))) == std::signbit(f), name + "a NaN float loses its sign");
    }
}

// Patterns for tensors: any bits, or infinities, NaNs (quiet, signalling,
// negative), zeros, the smallest subnormals, 1 and the largest finite values.
template <class H>
std::uint16_t pattern(byte_reader& in) {
    constexpr std::uint16_t inf = infinity_bits<H>;
    static constexpr std::uint16_t specials[] = {
        inf, std::uint16_t(inf | 0x8000), std::uint16_t(inf | quiet_bit<H>), std::uint16_t(inf | 1),
        std::uint16_t(inf | quiet_bit<H> | 0x8005), 0x0000, 0x8000, 0x0001, 0x8001,
        H(1.0f).bits(), std::uint16_t(inf - 1), std::uint16_t((inf - 1) | 0x8000),
    };
    const unsigned c = in.next();
    if (c < sizeof specials / sizeof specials[0]) return specials[c];
    return std::uint16_t(c << 8 | in.next());
}

// The elements printed in `text`: the brackets and commas taken out, the rest split at spaces.
std::vector<std::string> printed_elements(std::string text) {
    for (char& c : text) {
        if (c == '[' || c == ']' || c == ',' || c == '\n') c = ' ';
    }
    std::istringstream words(text);
    std::vector<std::string> out;
    for (std::string w; words >> w;) out.push_back(w);
    return out;
}

template <class H>
void check_tensors(byte_reader& in) {
    const index_t n = in.below(9);
    const bool matrix = n % 2 == 0 && n > 0 && in.flag();
    const shape_type shape = matrix ? shape_type{2, n / 2} : in.flag() && n == 1 ? shape_type{} : shape_type{n};
    tensor<H> t(shape);
    for (index_t k = 0; k < t.size(); ++k) t.data()[k] = H::from_bits(pattern<H>(in));
    const std::string name = std::string(type_of<H>()) + " tensor " + text(t.shape());

    // Printing: each element reads back, as Python's float() then the type's rounding.
    const std::string printed = loom::to_string(t);
    const std::vector<std::string> elements = printed_elements(printed);
    require(static_cast<index_t>(elements.size()) == t.size(), name + " prints " + std::to_string(elements.size()) +
                                                                    " elements: " + printed);
    for (index_t k = 0; k < t.size(); ++k) {
        const std::string& e = elements[static_cast<std::size_t>(k)];
        char* end = nullptr;
        const double read = std::strtod(e.c_str(), &end);
        require(end == e.c_str() + e.size(), name + ": element \"" + e + "\" is not a number, in " + printed);
        const std::uint16_t bits = t.data()[k].bits();
        if (is_nan_bits<H>(bits)) {
            require(std::isnan(read), name + ": NaN prints as \"" + e + "\"");
        } else {
            require(nearest<H>(read) == bits, name + ": " + hex(bits) + " prints as \"" + e + "\", which reads back as " +
                                                  hex(nearest<H>(read)) + ", in " + printed);
        }
    }

    // astype from float and double, and back to float (exact).
    const tensor<float> widened = loom::astype<float>(t);
    const tensor<double> twice = loom::astype<double>(t);
    const tensor<H> from_float = loom::astype<H>(widened);
    const tensor<H> from_double = loom::astype<H>(twice);
    tensor<H> other(shape);
    for (index_t k = 0; k < other.size(); ++k) other.data()[k] = H::from_bits(pattern<H>(in));
    const tensor<H> sum = t + other;
    for (index_t k = 0; k < t.size(); ++k) {
        const H x = t.data()[k];
        const std::string at = name + " element " + std::to_string(k) + " " + hex(x.bits());
        require(std::bit_cast<std::uint32_t>(widened.data()[k]) == std::bit_cast<std::uint32_t>(static_cast<float>(x)),
                at + ": astype<float> differs from the scalar widening");
        if (!is_nan_bits<H>(x.bits())) {
            require(from_float.data()[k].bits() == x.bits() && from_double.data()[k].bits() == x.bits(),
                    at + ": astype from float or double does not give it back");
        }
        require_rounded<H>(sum.data()[k].bits(),
                           static_cast<long double>(static_cast<float>(x)) + static_cast<float>(other.data()[k]),
                           at + " + " + hex(other.data()[k].bits()) + " in a tensor expression");
    }

    // .npy bytes (float16 only: NumPy has no bfloat16).
    if constexpr (std::is_same_v<H, float16>) {
        const std::vector<std::byte> bytes = loom::npy_bytes(t);
        const tensor<float16> back = loom::read_npy<float16>(bytes);
        require(back.shape() == t.shape(), name + ": .npy bytes read back as shape " + text(back.shape()));
        for (index_t k = 0; k < t.size(); ++k) {
            require(back.data()[k].bits() == t.data()[k].bits(),
                    name + ": element " + std::to_string(k) + " " + hex(t.data()[k].bits()) + " reads back from .npy as " +
                        hex(back.data()[k].bits()));
        }
    }
}

template <class H>
void run(byte_reader& in, unsigned mode) {
    switch (mode) {
        case 0: {
            const auto a = static_cast<std::uint16_t>(in.next() << 8 | in.next());
            const auto b = static_cast<std::uint16_t>(in.next() << 8 | in.next());
            check_bits<H>(a, b);
            break;
        }
        case 1: check_narrowing<H>(in); break;
        default: check_tensors<H>(in); break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned first = in.next();
    if (first & 1) run<bfloat16>(in, (first >> 1) % 3);
    else run<float16>(in, (first >> 1) % 3);
    return 0;
}
