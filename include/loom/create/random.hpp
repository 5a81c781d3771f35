#pragma once
// Random tensors: rand (uniform in [0, 1)), randn (standard normal) and
// randint (uniform integers in [low, high)), each from a seed or from a
// generator passed by reference, so that a sequence of draws is reproducible.
//
// Note [reproducible random values]: the standard distributions
// (std::uniform_real_distribution, std::normal_distribution, ...) are
// implementation-defined, so loom derives every value from the generator's
// raw 64-bit outputs with the algorithms below, which give the same values
// with every compiler and standard library:
//   bits      one 64-bit word. random_generator(seed) is std::mt19937_64(seed),
//             whose outputs the C++ standard fixes. Another generator whose
//             range holds 2^k values (k < 64) is drawn ceil(64 / k) times,
//             word = (word << k) | (draw - min()), keeping the low 64 bits.
//   rand      float64: (bits >> 11) * 2^-53; float32: (bits >> 40) * 2^-24.
//             One word per element, in row-major order.
//   randn     Marsaglia's polar method, in double: u = 2 * U1 - 1 and
//             v = 2 * U2 - 1, with U1 then U2 drawn as rand's float64; redraw
//             both while s = fma(u, u, v * v) is >= 1 or 0; the pair is
//             u * sqrt(-2 * log(s) / s), v * sqrt(-2 * log(s) / s), filling two
//             elements in row-major order (an odd count drops the last
//             second value). float32 results are the doubles rounded.
//   randint   range = high - low (2^64 for the full 64-bit range); draw words
//             until word >= 2^64 mod range (rejection, so every value is
//             equally likely); the element is low + word mod range.
// std::log is the one library function involved: results are identical
// across compilers that use the same C library (glibc for g++ and clang on
// Linux). s is an explicit fused multiply-add because a compiler may fuse
// `u * u + v * v` or not, depending on its flags; no other step of these
// algorithms can round differently when fused.

#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// loom's random bit generator: std::mt19937_64 seeded explicitly. Pass one
/// by reference to rand, randn or randint to continue a reproducible sequence.
class random_generator {
public:
    /// 64 random bits.
    using result_type = std::uint64_t;

    /// A generator seeded with `seed`: the same seed gives the same sequence.
    explicit random_generator(std::uint64_t seed) : engine_(seed) {}

    /// The smallest value operator() returns: 0.
    static constexpr result_type min() { return std::numeric_limits<result_type>::min(); }
    /// The largest value operator() returns: 2^64 - 1.
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    /// The next 64 random bits.
    result_type operator()() { return engine_(); }

private:
    std::mt19937_64 engine_;
};

namespace detail {

/// How many bits one draw of G gives: k when G's range holds 2^k values, 0
/// when the number of values is not a power of two.
template <std::uniform_random_bit_generator G>
constexpr int bits_per_draw() {
    const auto span = static_cast<std::uint64_t>(G::max() - G::min());
    if (span == std::numeric_limits<std::uint64_t>::max()) return 64;
    return std::has_single_bit(span + 1) ? std::countr_zero(span + 1) : 0;
}

}  // namespace detail

/// A uniform random bit generator whose range holds a power-of-two number
/// of values (std::mt19937, std::mt19937_64, random_generator, ...).
template <class G>
concept random_bit_source = std::uniform_random_bit_generator<G> && (detail::bits_per_draw<G>() > 0);

namespace detail {

/// One 64-bit word from `generator` (Note [reproducible random values]).
template <random_bit_source G>
std::uint64_t random_word(G& generator) {
    constexpr int k = bits_per_draw<G>();
    if constexpr (k == 64) {
        return static_cast<std::uint64_t>(generator() - G::min());
    } else {
        std::uint64_t word = 0;
        for (int drawn = 0; drawn < 64; drawn += k) {
            word = (word << k) | static_cast<std::uint64_t>(generator() - G::min());
        }
        return word;
    }
}

/// A double in [0, 1): 53 random bits.
template <random_bit_source G>
double random_unit_double(G& generator) {
    return static_cast<double>(random_word(generator) >> 11) * 0x1p-53;
}

/// A float in [0, 1): 24 random bits (a double rounded to float could be 1).
template <random_bit_source G>
float random_unit_float(G& generator) {
    return static_cast<float>(random_word(generator) >> 40) * 0x1p-24f;
}

/// A float16 or bfloat16 in [0, 1): as many random bits as H has
/// significant digits, as PyTorch's torch.rand (a double rounded to H could be 1).
template <half_element H, random_bit_source G>
H random_unit_half(G& generator) {
    constexpr int digits = std::numeric_limits<H>::digits;
    return H(static_cast<float>(random_word(generator) >> (64 - digits)) * std::ldexp(1.0f, -digits));
}

/// Two independent standard normal values (Marsaglia's polar method).
template <random_bit_source G>
std::pair<double, double> random_normal_pair(G& generator) {
    double u = 0.0;
    double v = 0.0;
    double s = 0.0;
    do {
        u = 2.0 * random_unit_double(generator) - 1.0;  // exact, fused or not
        v = 2.0 * random_unit_double(generator) - 1.0;
        s = std::fma(u, u, v * v);
    } while (s >= 1.0 || s == 0.0);
    const double factor = std::sqrt(-2.0 * std::log(s) / s);
    return {u * factor, v * factor};
}

template <class T>
concept random_integer = element<T> && category_of<T> == category::integer;

}  // namespace detail

/// Uniform values in [0, 1) drawn from `generator` (float64 unless T is given).
/// NumPy: numpy.random.Generator.random; PyTorch: torch.rand. Throws std::invalid_argument for a
/// negative size, std::length_error for more elements than index_t counts.
template <floating_element T = double, random_bit_source G>
tensor<T> rand(const shape_type& shape, G& generator) {
    tensor<T> result(shape);
    for (T& value : result) {
        if constexpr (std::same_as<T, float>) value = detail::random_unit_float(generator);
        else if constexpr (half_element<T>) value = detail::random_unit_half<T>(generator);
        else value = static_cast<T>(detail::random_unit_double(generator));
    }
    return result;
}

/// Uniform values in [0, 1) from a random_generator seeded with `seed`.
/// Throws as the other rand does.
template <floating_element T = double>
tensor<T> rand(const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return rand<T>(shape, generator);
}

/// Standard normal values drawn from `generator` (float64 unless T is given).
/// NumPy: numpy.random.Generator.standard_normal; PyTorch: torch.randn. Throws
/// std::invalid_argument for a negative size, std::length_error for more elements than index_t
/// counts.
template <floating_element T = double, random_bit_source G>
tensor<T> randn(const shape_type& shape, G& generator) {
    tensor<T> result(shape);
    T* out = result.data();
    const index_t count = result.size();
    for (index_t i = 0; i < count; i += 2) {
        const auto [first, second] = detail::random_normal_pair(generator);
        out[i] = static_cast<T>(first);
        if (i + 1 < count) out[i + 1] = static_cast<T>(second);
    }
    return result;
}

/// Standard normal values from a random_generator seeded with `seed`.
/// Throws as the other randn does.
template <floating_element T = double>
tensor<T> randn(const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return randn<T>(shape, generator);
}

/// Uniform integers in [low, high) drawn from `generator`, every value
/// equally likely (int64 unless T is given). Throws std::invalid_argument if
/// high <= low, std::out_of_range if [low, high) goes beyond T's range.
/// NumPy: numpy.random.Generator.integers; PyTorch: torch.randint.
template <element T = index_t, detail::random_integer Low, detail::random_integer High, random_bit_source G>
tensor<T> randint(Low low, High high, const shape_type& shape, G& generator) {
    static_assert(detail::random_integer<T>, "randint gives integers; for bools use rand(shape, seed) < 0.5, "
                                             "for floats rand and arithmetic");
    const auto call = [&] {
        return "randint(" + std::to_string(low) + ", " + std::to_string(high) + ") of " + type_name<T>();
    };
    if (std::cmp_less_equal(high, low)) {
        throw std::invalid_argument(call() + ": the interval [low, high) is empty; pass high > low");
    }
    // The last value is high - 1, but that wraps for an unsigned high of 0
    // (above a negative low): test high itself first.
    if (std::cmp_less(low, std::numeric_limits<T>::min()) ||
        (std::cmp_greater(high, std::numeric_limits<T>::max()) &&
         std::cmp_greater(high - 1, std::numeric_limits<T>::max()))) {
        throw std::out_of_range(call() + ": the interval goes beyond the range of " + type_name<T>() + ", [" +
                                std::to_string(std::numeric_limits<T>::min()) + ", " +
                                std::to_string(std::numeric_limits<T>::max()) + "]; narrow it or use a wider type");
    }
    // Arithmetic modulo 2^64: exact, since every value lies in [low, high).
    const auto base = static_cast<std::uint64_t>(low);
    const std::uint64_t range = static_cast<std::uint64_t>(high) - base;  // 0 stands for 2^64
    const std::uint64_t threshold = range == 0 ? 0 : (0 - range) % range;   // 2^64 mod range
    tensor<T> result(shape);
    for (T& value : result) {
        std::uint64_t word = detail::random_word(generator);
        while (word < threshold) word = detail::random_word(generator);
        value = static_cast<T>(base + (range == 0 ? word : word % range));
    }
    return result;
}

/// Uniform integers in [low, high) from a random_generator seeded with `seed`.
/// Throws as the other randint does.
template <element T = index_t, detail::random_integer Low, detail::random_integer High>
tensor<T> randint(Low low, High high, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return randint<T>(low, high, shape, generator);
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), rand and randn of float and double, and randint
// of int32 and int64 between int bounds, from a seed or a random_generator, are compiled once, in the
// library (src/random.cpp), instead of in every file that draws.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<float> rand<float>(const shape_type&, std::uint64_t);
extern template tensor<float> rand<float, random_generator>(const shape_type&, random_generator&);
extern template tensor<float> randn<float>(const shape_type&, std::uint64_t);
extern template tensor<float> randn<float, random_generator>(const shape_type&, random_generator&);
extern template tensor<double> rand<double>(const shape_type&, std::uint64_t);
extern template tensor<double> rand<double, random_generator>(const shape_type&, random_generator&);
extern template tensor<double> randn<double>(const shape_type&, std::uint64_t);
extern template tensor<double> randn<double, random_generator>(const shape_type&, random_generator&);
extern template tensor<std::int32_t> randint<std::int32_t, int, int>(int, int, const shape_type&, std::uint64_t);
extern template tensor<std::int32_t> randint<std::int32_t, int, int, random_generator>(int, int, const shape_type&,
                                                                                       random_generator&);
extern template tensor<std::int64_t> randint<std::int64_t, int, int>(int, int, const shape_type&, std::uint64_t);
extern template tensor<std::int64_t> randint<std::int64_t, int, int, random_generator>(int, int, const shape_type&,
                                                                                       random_generator&);
}  // namespace loom
#endif
