#pragma once
// Random samples from distributions and from populations: uniform, normal,
// exponential, poisson, binomial, choice, permutation and shuffle, each from
// a generator passed by reference or from a seed, as rand and randn are.
// Includes only <algorithm>, <unordered_map>, <vector> and core/float_chars.hpp beyond create/random.hpp.
//
// Note [sampling algorithms]: every value comes from the generator's 64-bit
// words by the transforms of Note [reproducible random values]
// (create/random.hpp), through the algorithms below, so a seed gives the
// same values with every compiler and standard library (and every C library
// whose exp, log, log1p and lgamma agree: glibc's for g++ and clang on
// Linux). They are not NumPy's streams: NumPy's default_rng is PCG64 with
// its own transforms (a ziggurat for normal and exponential), whose values
// loom does not reproduce. U below is rand's float64, (word >> 11) * 2^-53.
//   uniform      low + (high - low) * U, as one fused multiply-add.
//   normal       mean + stddev * z, as one fused multiply-add, z taken from
//                randn's pairs (Marsaglia's polar method) in the same order.
//   exponential  -scale * log(1 - U): inversion (1 - U is exact).
//   poisson      lam < 10: Knuth's multiplication method, the number of
//                uniforms whose running product stays above exp(-lam);
//                lam >= 10: Hormann's PTRS, transformed rejection with a
//                squeeze ("The transformed rejection method for generating
//                Poisson random variables", 1993).
//   binomial     p > 0.5 is drawn as n minus a draw with 1 - p. Then
//                n * p < 10: inversion by sequential search from P(0),
//                started again with a new uniform in the far tail past
//                n p + 10 sqrt(n p q + 1) (a mass below 1e-12); n * p >= 10:
//                Hormann's BTRD, transformed rejection with the exact
//                acceptance test by Stirling's series ("The generation of
//                binomial random variates", 1993).
//   an index     below `range`: a word, drawn again while it is below
//                2^64 mod range, taken mod range (randint's rejection).
//   choice       with replacement: an index per element, or with p the
//                first index whose cumulative probability exceeds U (the
//                sums in double, divided by the total); without: a partial
//                Fisher-Yates shuffle of the indices (the moved ones in a
//                hash map when the population passes 4 times the sample,
//                with the same values), or with p, Efraimidis and
//                Spirakis's keys: log(1 - U) / p_i for each index in turn
//                (p_i > 0), the indices of the largest keys first, which
//                orders them as successive draws each from the remaining
//                probabilities would.
//   shuffle      Fisher-Yates from the last row down: row i is swapped with
//                an index below i + 1. permutation shuffles a copy.
// A product added to another value is an explicit fused multiply-add
// wherever a compiler could otherwise fuse it or not, depending on its flags.

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "loom/core/float_chars.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/create/random.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {
namespace detail {

/// A number as the messages of the samplers show it: the shortest text that reads back.
inline std::string sample_parameter_text(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    char buffer[32];
    return std::string(buffer, detail::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

/// An index in [0, range), every one equally likely (Note [sampling algorithms]).
template <random_bit_source G>
std::uint64_t random_below(G& generator, std::uint64_t range) {
    const std::uint64_t threshold = (0 - range) % range;  // 2^64 mod range
    std::uint64_t word = random_word(generator);
    while (word < threshold) word = random_word(generator);
    return word % range;
}

/// Poisson with mean lam >= 10: Hormann's PTRS (Note [sampling algorithms]).
template <random_bit_source G>
std::int64_t random_poisson_ptrs(G& generator, double lam) {
    const double log_lam = std::log(lam);
    const double b = std::fma(2.53, std::sqrt(lam), 0.931);
    const double a = std::fma(0.02483, b, -0.059);
    const double log_inv_alpha = std::log(1.1239 + 1.1328 / (b - 3.4));
    const double v_r = 0.9277 - 3.6224 / (b - 2.0);
    for (;;) {
        const double u = random_unit_double(generator) - 0.5;
        const double v = random_unit_double(generator);
        const double us = 0.5 - std::fabs(u);
        const double k = std::floor(std::fma(2.0 * a / us + b, u, lam + 0.43));
        // k is -inf for us == 0; a k past int64 cannot be returned (lam is at most poisson_lam_max).
        if (!(k >= 0.0) || k >= 0x1p63) continue;
        if (us >= 0.07 && v <= v_r) return static_cast<std::int64_t>(k);
        if (us < 0.013 && v > us) continue;
        if (std::log(v) + log_inv_alpha - std::log(a / (us * us) + b) <=
            std::fma(k, log_lam, -lam) - std::lgamma(k + 1.0)) {
            return static_cast<std::int64_t>(k);
        }
    }
}

/// A Poisson value with mean lam, 0 <= lam <= poisson_lam_max.
template <random_bit_source G>
std::int64_t random_poisson(G& generator, double lam) {
    if (lam >= 10.0) return random_poisson_ptrs(generator, lam);
    const double limit = std::exp(-lam);
    std::int64_t k = 0;
    double product = random_unit_double(generator);
    while (product > limit) {
        ++k;
        product *= random_unit_double(generator);
    }
    return k;
}

/// log(k!) minus Stirling's approximation of it, (k + 1/2) log(k + 1) - (k + 1) + log(2 pi) / 2.
inline double stirling_correction(double k) {
    if (k < 10.0) {
        constexpr double half_log_two_pi = 0.91893853320467274178;
        return std::lgamma(k + 1.0) - (std::fma(k + 0.5, std::log(k + 1.0), -(k + 1.0)) + half_log_two_pi);
    }
    const double inverse = 1.0 / (k + 1.0);
    const double inverse_squared = inverse * inverse;
    return std::fma(-(1.0 / 360.0 - inverse_squared / 1260.0), inverse_squared, 1.0 / 12.0) * inverse;
}

/// Binomial with n * p >= 10, p <= 0.5: Hormann's BTRD (Note [sampling algorithms]).
template <random_bit_source G>
std::int64_t random_binomial_btrd(G& generator, std::int64_t n, double p) {
    const double count = static_cast<double>(n);
    const double q = 1.0 - p;
    const double npq = count * p * q;
    const double spq = std::sqrt(npq);
    const double mode = std::floor((count + 1.0) * p);
    const double r = p / q;
    const double nr = (count + 1.0) * r;
    const double b = std::fma(2.53, spq, 1.15);
    const double a = std::fma(0.0248, b, std::fma(0.01, p, -0.0873));
    const double c = std::fma(count, p, 0.5);
    const double alpha = (2.83 + 5.1 / b) * spq;
    const double v_r = 0.92 - 4.2 / b;
    const double u_rv_r = 0.86 * v_r;
    const double n_mode = count - mode + 1.0;
    const double h = std::fma(mode + 0.5, std::log((mode + 1.0) / (r * n_mode)),
                              stirling_correction(mode) + stirling_correction(count - mode));
    for (;;) {
        double v = random_unit_double(generator);
        double u = 0.0;
        if (v <= u_rv_r) {
            u = v / v_r - 0.43;
            return static_cast<std::int64_t>(std::floor(std::fma(2.0 * a / (0.5 - std::fabs(u)) + b, u, c)));
        }
        if (v >= v_r) {
            u = random_unit_double(generator) - 0.5;
        } else {
            u = v / v_r - 0.93;
            u = std::copysign(0.5, u) - u;
            v = random_unit_double(generator) * v_r;
        }
        const double us = 0.5 - std::fabs(u);
        const double k = std::floor(std::fma(2.0 * a / us + b, u, c));
        if (!(k >= 0.0) || k > count) continue;
        v = v * alpha / (a / (us * us) + b);
        const double distance = std::fabs(k - mode);
        if (distance <= 15.0) {
            // f(k) / f(mode) by the recursion f(i) / f(i - 1) = (n + 1) r / i - r.
            double f = 1.0;
            for (double i = mode + 1.0; i <= k; ++i) f *= nr / i - r;
            for (double i = k + 1.0; i <= mode; ++i) v *= nr / i - r;
            if (v <= f) return static_cast<std::int64_t>(k);
            continue;
        }
        // The squeeze on log(f(k) / f(mode)), then the exact test.
        v = std::log(v);
        const double rho =
            (distance / npq) * ((std::fma(distance / 3.0, distance, 0.625 * distance) + 1.0 / 6.0) / npq + 0.5);
        const double t = -distance * distance / (2.0 * npq);
        if (v < t - rho) return static_cast<std::int64_t>(k);
        if (v > t + rho) continue;
        const double n_k = count - k + 1.0;
        const double bound = h + std::fma(count + 1.0, std::log(n_mode / n_k),
                                          std::fma(k + 0.5, std::log(n_k * r / (k + 1.0)),
                                                   -stirling_correction(k) - stirling_correction(count - k)));
        if (v <= bound) return static_cast<std::int64_t>(k);
    }
}

/// Binomial with n * p < 10, p <= 0.5: inversion (Note [sampling algorithms]).
template <random_bit_source G>
std::int64_t random_binomial_inversion(G& generator, std::int64_t n, double p) {
    const double count = static_cast<double>(n);
    const double q = 1.0 - p;
    const double r = p / q;
    const double first = std::exp(count * std::log1p(-p));
    const double np = count * p;
    const double tail = std::min(count, std::fma(10.0, std::sqrt(std::fma(np, q, 1.0)), np));
    for (;;) {
        double u = random_unit_double(generator);
        double mass = first;
        std::int64_t k = 0;
        while (u > mass) {
            u -= mass;
            ++k;
            if (static_cast<double>(k) > tail) break;
            mass *= r * static_cast<double>(n - k + 1) / static_cast<double>(k);
        }
        if (static_cast<double>(k) <= tail) return k;
    }
}

/// A binomial value of n >= 0 trials with success probability p in [0, 1].
template <random_bit_source G>
std::int64_t random_binomial(G& generator, std::int64_t n, double p) {
    if (n == 0 || p == 0.0) return 0;
    if (p == 1.0) return n;
    if (p > 0.5) return n - random_binomial(generator, n, 1.0 - p);
    if (static_cast<double>(n) * p < 10.0) return random_binomial_inversion(generator, n, p);
    return random_binomial_btrd(generator, n, p);
}

/// The probabilities of choice checked (NumPy's rules) and summed: the
/// cumulative sums divided by their total, so the last is 1.
inline std::vector<double> choice_cumulative(const std::vector<double>& p, std::uint64_t population,
                                             const std::string& call) {
    if (p.size() != population) {
        throw std::invalid_argument(call + ": p has " + std::to_string(p.size()) + " probabilities for a population of " +
                                    std::to_string(population) + "; give one per element of a");
    }
    std::vector<double> cumulative(p.size());
    double total = 0.0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (!(p[i] >= 0.0) || std::isinf(p[i])) {
            throw std::invalid_argument(call + ": p[" + std::to_string(i) + "] is " + sample_parameter_text(p[i]) +
                                        "; probabilities must be finite and non-negative");
        }
        total += p[i];
        cumulative[i] = total;
    }
    // NumPy's tolerance: the square root of float64's machine epsilon.
    constexpr double tolerance = 1.4901161193847656e-08;
    if (!(std::fabs(total - 1.0) <= tolerance)) {
        throw std::invalid_argument(call + ": the probabilities p sum to " + sample_parameter_text(total) +
                                    ", not 1; divide them by their sum");
    }
    for (double& value : cumulative) value /= total;
    return cumulative;
}

/// The first index whose cumulative probability is above a uniform draw.
template <random_bit_source G>
std::uint64_t random_weighted_index(G& generator, const std::vector<double>& cumulative) {
    const double u = random_unit_double(generator);
    const auto found = std::upper_bound(cumulative.begin(), cumulative.end(), u);
    return static_cast<std::uint64_t>(found - cumulative.begin());
}

/// `count` indices below `population` (Note [sampling algorithms]); the checks are the caller's.
template <random_bit_source G>
std::vector<std::uint64_t> choice_indices(G& generator, std::uint64_t population, std::uint64_t count,
                                          bool replace, const std::vector<double>& p, const std::string& call) {
    std::vector<std::uint64_t> chosen;
    if (p.empty()) {
        if (replace) {
            chosen.reserve(count);
            for (std::uint64_t i = 0; i < count; ++i) chosen.push_back(random_below(generator, population));
            return chosen;
        }
        if (population <= 4 * count) {
            std::vector<std::uint64_t> order(population);
            for (std::uint64_t i = 0; i < population; ++i) order[i] = i;
            for (std::uint64_t i = 0; i < count; ++i) {
                std::swap(order[i], order[i + random_below(generator, population - i)]);
            }
            order.resize(count);
            return order;
        }
        // The same swaps, on the positions they moved alone.
        chosen.reserve(count);
        std::unordered_map<std::uint64_t, std::uint64_t> moved;
        const auto at = [&](std::uint64_t i) {
            const auto found = moved.find(i);
            return found == moved.end() ? i : found->second;
        };
        for (std::uint64_t i = 0; i < count; ++i) {
            const std::uint64_t j = i + random_below(generator, population - i);
            const std::uint64_t taken = at(j);
            moved[j] = at(i);
            chosen.push_back(taken);
        }
        return chosen;
    }
    const std::vector<double> cumulative = choice_cumulative(p, population, call);
    if (replace) {
        chosen.reserve(count);
        for (std::uint64_t i = 0; i < count; ++i) chosen.push_back(random_weighted_index(generator, cumulative));
        return chosen;
    }
    const auto nonzero = static_cast<std::uint64_t>(std::count_if(p.begin(), p.end(), [](double x) { return x > 0; }));
    if (count > nonzero) {
        throw std::invalid_argument(call + ": without replacement it takes " + std::to_string(count) +
                                    " elements, but only " + std::to_string(nonzero) +
                                    " have a probability above 0; take fewer or pass replace = true");
    }
    chosen.reserve(count);
    // Efraimidis and Spirakis's keys: the largest log(1 - U) / p_i first.
    std::vector<std::pair<double, std::uint64_t>> keys;
    keys.reserve(nonzero);
    for (std::uint64_t i = 0; i < population; ++i) {
        if (p[i] > 0) keys.emplace_back(std::log(1.0 - random_unit_double(generator)) / p[i], i);
    }
    const auto count_at = keys.begin() + static_cast<std::ptrdiff_t>(count);
    std::partial_sort(keys.begin(), count_at, keys.end(), [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
    });
    for (auto key = keys.begin(); key != count_at; ++key) chosen.push_back(key->second);
    return chosen;
}

/// Swaps rows of `row_size` elements of `data` by Fisher-Yates (Note [sampling algorithms]).
template <class T, random_bit_source G>
void shuffle_rows(T* data, std::uint64_t rows, std::uint64_t row_size, G& generator) {
    for (std::uint64_t i = rows; i > 1; --i) {
        const std::uint64_t j = random_below(generator, i);
        if (j != i - 1) std::swap_ranges(data + (i - 1) * row_size, data + i * row_size, data + j * row_size);
    }
}

}  // namespace detail

/// The largest mean poisson accepts, NumPy's: 2^63 - 1 less ten of its square
/// roots, so that no value it draws passes int64.
inline constexpr double poisson_lam_max = 9.223372006484771e18;

/// Values uniform in [low, high) drawn from `generator` (float64 unless T is
/// given); rounding may give `high` itself, as NumPy says of its own.
/// NumPy: numpy.random.Generator.uniform; PyTorch: torch.Tensor.uniform_.
/// Throws std::invalid_argument when high < low, or when low, high or
/// high - low is not finite; as rand does for the shape.
template <std::floating_point T = double, random_bit_source G>
tensor<T> uniform(double low, double high, const shape_type& shape, G& generator) {
    const auto call = [&] {
        return "uniform(low " + detail::sample_parameter_text(low) + ", high " + detail::sample_parameter_text(high) + ")";
    };
    if (!std::isfinite(high - low)) {
        throw std::invalid_argument(call() + ": high - low is not a finite number; pass finite bounds closer together");
    }
    if (high < low) throw std::invalid_argument(call() + ": high is below low; pass low <= high");
    const double width = high - low;
    tensor<T> result(shape);
    for (T& value : result) value = static_cast<T>(std::fma(width, detail::random_unit_double(generator), low));
    return result;
}

/// Values uniform in [low, high) from a random_generator seeded with `seed`.
/// Throws as the other uniform does.
template <std::floating_point T = double>
tensor<T> uniform(double low, double high, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return uniform<T>(low, high, shape, generator);
}

/// Normal values of mean `mean` and standard deviation `stddev` drawn from
/// `generator` (float64 unless T is given): mean + stddev times randn's
/// values. A NaN mean or stddev gives NaNs, as in NumPy.
/// NumPy: numpy.random.Generator.normal (loc, scale); PyTorch: torch.normal.
/// Throws std::invalid_argument when stddev < 0; as rand does for the shape.
template <std::floating_point T = double, random_bit_source G>
tensor<T> normal(double mean, double stddev, const shape_type& shape, G& generator) {
    if (stddev < 0.0) {
        throw std::invalid_argument("normal(mean " + detail::sample_parameter_text(mean) + ", stddev " +
                                    detail::sample_parameter_text(stddev) +
                                    "): the standard deviation is negative; pass stddev >= 0");
    }
    tensor<T> result(shape);
    T* out = result.data();
    const index_t count = result.size();
    for (index_t i = 0; i < count; i += 2) {
        const auto [first, second] = detail::random_normal_pair(generator);
        out[i] = static_cast<T>(std::fma(stddev, first, mean));
        if (i + 1 < count) out[i + 1] = static_cast<T>(std::fma(stddev, second, mean));
    }
    return result;
}

/// Normal values from a random_generator seeded with `seed`.
/// Throws as the other normal does.
template <std::floating_point T = double>
tensor<T> normal(double mean, double stddev, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return normal<T>(mean, stddev, shape, generator);
}

/// Exponential values of mean `scale` drawn from `generator` (float64 unless
/// T is given). A NaN scale gives NaNs, as in NumPy.
/// NumPy: numpy.random.Generator.exponential; PyTorch: torch.Tensor.exponential_ (rate 1 / scale).
/// Throws std::invalid_argument when scale < 0; as rand does for the shape.
template <std::floating_point T = double, random_bit_source G>
tensor<T> exponential(double scale, const shape_type& shape, G& generator) {
    if (scale < 0.0) {
        throw std::invalid_argument("exponential(scale " + detail::sample_parameter_text(scale) +
                                    "): the scale is negative; pass scale >= 0 (the mean, 1 / rate)");
    }
    tensor<T> result(shape);
    for (T& value : result) value = static_cast<T>(-scale * std::log(1.0 - detail::random_unit_double(generator)));
    return result;
}

/// Exponential values from a random_generator seeded with `seed`.
/// Throws as the other exponential does.
template <std::floating_point T = double>
tensor<T> exponential(double scale, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return exponential<T>(scale, shape, generator);
}

/// Poisson counts of mean `lam` drawn from `generator`, as int64.
/// NumPy: numpy.random.Generator.poisson; PyTorch: torch.poisson.
/// Throws std::invalid_argument when lam is negative, NaN or above
/// poisson_lam_max; as rand does for the shape.
template <random_bit_source G>
tensor<std::int64_t> poisson(double lam, const shape_type& shape, G& generator) {
    if (!(lam >= 0.0) || lam > poisson_lam_max) {
        throw std::invalid_argument("poisson(lam " + detail::sample_parameter_text(lam) + "): lam must be from 0 to " +
                                    detail::sample_parameter_text(poisson_lam_max) +
                                    " (poisson_lam_max, so that every count fits in int64); pass a mean in that range");
    }
    tensor<std::int64_t> result(shape);
    for (std::int64_t& value : result) value = detail::random_poisson(generator, lam);
    return result;
}

/// Poisson counts from a random_generator seeded with `seed`.
/// Throws as the other poisson does.
inline tensor<std::int64_t> poisson(double lam, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return poisson(lam, shape, generator);
}

/// Counts of successes in `n` trials of probability `p` drawn from
/// `generator`, as int64.
/// NumPy: numpy.random.Generator.binomial; PyTorch: torch.binomial.
/// Throws std::invalid_argument when n < 0 or p is not in [0, 1] (or NaN);
/// as rand does for the shape.
template <random_bit_source G>
tensor<std::int64_t> binomial(std::int64_t n, double p, const shape_type& shape, G& generator) {
    const auto call = [&] {
        return "binomial(n " + std::to_string(n) + ", p " + detail::sample_parameter_text(p) + ")";
    };
    if (n < 0) throw std::invalid_argument(call() + ": the number of trials is negative; pass n >= 0");
    if (!(p >= 0.0 && p <= 1.0)) {
        throw std::invalid_argument(call() + ": the probability is not in [0, 1]; pass 0 <= p <= 1");
    }
    tensor<std::int64_t> result(shape);
    for (std::int64_t& value : result) value = detail::random_binomial(generator, n, p);
    return result;
}

/// Binomial counts from a random_generator seeded with `seed`.
/// Throws as the other binomial does.
inline tensor<std::int64_t> binomial(std::int64_t n, double p, const shape_type& shape, std::uint64_t seed) {
    random_generator generator(seed);
    return binomial(n, p, shape, generator);
}

/// How choice samples: with or without replacement, and the probability of
/// each element of the population (empty: all equally likely).
struct choice_options {
    /// Whether an element may be taken more than once (NumPy's replace).
    bool replace = true;
    /// One probability per element of the population, non-negative, summing
    /// to 1 within 1.49e-8 (NumPy's p); empty for equal probabilities.
    std::vector<double> p{};
};

/// `size` indices drawn from [0, n), as int64 (Note [sampling algorithms]).
/// NumPy: numpy.random.Generator.choice with an integer a.
/// Throws std::invalid_argument when n < 0, when n is 0 and size is not
/// empty, without replacement when size has more elements than n (or than
/// non-zero probabilities), and when p is not n probabilities that are
/// non-negative and sum to 1; as rand does for the shape.
template <random_bit_source G>
tensor<std::int64_t> choice(std::int64_t n, const shape_type& size, G& generator, const choice_options& options = {}) {
    const std::string call = "choice(n " + std::to_string(n) + ", size " + to_string(size) +
                             (options.replace ? ")" : ", replace false)");
    if (n < 0) throw std::invalid_argument(call + ": the population is negative; pass n >= 0");
    // Refused before any index is drawn: a size whose indices could not be held is refused as the result would be.
    check_shape(size);
    check_byte_size(size, sizeof(std::int64_t));
    const auto count = static_cast<std::uint64_t>(element_count(size));
    if (count == 0) return tensor<std::int64_t>(size);
    if (n == 0) throw std::invalid_argument(call + ": the population is empty; pass n > 0 or an empty size");
    const auto population = static_cast<std::uint64_t>(n);
    if (!options.replace && count > population) {
        throw std::invalid_argument(call + ": without replacement it cannot take " + std::to_string(count) +
                                    " elements from " + std::to_string(n) + "; take at most " + std::to_string(n) +
                                    " or pass replace = true");
    }
    const auto chosen = detail::choice_indices(generator, population, count, options.replace, options.p, call);
    tensor<std::int64_t> result(uninitialized, size);
    std::copy(chosen.begin(), chosen.end(), result.begin());
    return result;
}

/// `size` indices drawn from [0, n) by a random_generator seeded with `seed`.
/// Throws as the other choice does.
inline tensor<std::int64_t> choice(std::int64_t n, const shape_type& size, std::uint64_t seed,
                                   const choice_options& options = {}) {
    random_generator generator(seed);
    return choice(n, size, generator, options);
}

/// Rows of `a` (its elements when it is 1-D) drawn along its first axis
/// from `generator`: the result's shape is `size` followed by a.shape()[1:].
/// NumPy: numpy.random.Generator.choice(a, size, replace, p) with axis 0.
/// Throws std::invalid_argument when `a` has rank 0 (NumPy reads a rank-0
/// array as an integer n: pass it as one), and as the other choice does
/// with n = a.shape()[0].
template <expression E, random_bit_source G>
tensor<value_type_of<E>> choice(const E& a, const shape_type& size, G& generator, const choice_options& options = {}) {
    using T = value_type_of<E>;
    if (a.shape().empty()) {
        throw std::invalid_argument("choice(a of shape [], size " + to_string(size) +
                                    "): a has no axis to choose along; pass its value as the integer n");
    }
    shape_type result_shape = size;
    for (std::size_t d = 1; d < a.shape().size(); ++d) result_shape.push_back(a.shape()[d]);
    // Refused before the rows are drawn, which would take a vector of `size`'s count first.
    check_shape(size);
    check_shape(result_shape);
    check_byte_size(result_shape, sizeof(T));
    const shape_type row_shape(a.shape().begin() + 1, a.shape().end());
    const auto row_size = static_cast<std::uint64_t>(element_count(row_shape));
    const tensor<std::int64_t> rows = choice(a.shape()[0], size, generator, options);
    const tensor<T> source(a);
    tensor<T> result(uninitialized, result_shape);
    T* out = result.data();
    for (const std::int64_t row : rows) {
        out = std::copy_n(source.data() + static_cast<std::uint64_t>(row) * row_size, row_size, out);
    }
    return result;
}

/// Rows of `a` drawn by a random_generator seeded with `seed`.
/// Throws as the other choice of rows does.
template <expression E>
tensor<value_type_of<E>> choice(const E& a, const shape_type& size, std::uint64_t seed,
                                const choice_options& options = {}) {
    random_generator generator(seed);
    return choice(a, size, generator, options);
}

/// Shuffles `t` in place along its first axis (its rows keep their
/// contents), by Fisher-Yates from `generator`.
/// NumPy: numpy.random.Generator.shuffle (axis 0); PyTorch: t[torch.randperm(len(t))].
/// Throws std::invalid_argument when t has rank 0.
template <element T, random_bit_source G>
void shuffle(tensor<T>& t, G& generator) {
    if (t.ndim() == 0) {
        throw std::invalid_argument("shuffle(a tensor of shape []): it has no axis to shuffle; pass a tensor of "
                                    "rank 1 or more");
    }
    const auto rows = static_cast<std::uint64_t>(t.shape()[0]);
    if (rows == 0) return;
    detail::shuffle_rows(t.data(), rows, static_cast<std::uint64_t>(t.size()) / rows, generator);
}

/// Shuffles `t` in place along its first axis, by a random_generator seeded with `seed`.
/// Throws as the other shuffle does.
template <element T>
void shuffle(tensor<T>& t, std::uint64_t seed) {
    random_generator generator(seed);
    shuffle(t, generator);
}

/// The integers 0 ... n - 1 in random order, as int64: shuffle of arange(n).
/// NumPy: numpy.random.Generator.permutation(n); PyTorch: torch.randperm.
/// Throws std::invalid_argument when n < 0, std::length_error when n is more than index_t counts.
template <random_bit_source G>
tensor<std::int64_t> permutation(std::int64_t n, G& generator) {
    if (n < 0) {
        throw std::invalid_argument("permutation(n " + std::to_string(n) + "): n is negative; pass n >= 0");
    }
    if (n > std::numeric_limits<index_t>::max()) {
        throw std::length_error("permutation(n " + std::to_string(n) + "): n is more elements than index_t counts (" +
                                std::to_string(std::numeric_limits<index_t>::max()) + "); pass a smaller n");
    }
    tensor<std::int64_t> result(uninitialized, shape_type{static_cast<index_t>(n)});
    for (std::int64_t i = 0; i < n; ++i) result.data()[i] = i;
    shuffle(result, generator);
    return result;
}

/// 0 ... n - 1 in random order, by a random_generator seeded with `seed`.
/// Throws as the other permutation does.
inline tensor<std::int64_t> permutation(std::int64_t n, std::uint64_t seed) {
    random_generator generator(seed);
    return permutation(n, generator);
}

/// A shuffled copy of `a` (any expression) along its first axis.
/// NumPy: numpy.random.Generator.permutation(x) (axis 0).
/// Throws std::invalid_argument when `a` has rank 0 (pass its value as n).
template <expression E, random_bit_source G>
tensor<value_type_of<E>> permutation(const E& a, G& generator) {
    if (a.shape().empty()) {
        throw std::invalid_argument("permutation(a of shape []): a has no axis to shuffle; pass a tensor of rank 1 "
                                    "or more, or its value as the integer n");
    }
    tensor<value_type_of<E>> result(a);
    shuffle(result, generator);
    return result;
}

/// A shuffled copy of `a`, by a random_generator seeded with `seed`.
/// Throws as the other permutation of a tensor does.
template <expression E>
tensor<value_type_of<E>> permutation(const E& a, std::uint64_t seed) {
    random_generator generator(seed);
    return permutation(a, generator);
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), the sampling functions from a seed or a
// random_generator are compiled once, in the library (src/random.cpp), instead of in every file that
// draws: uniform, normal and exponential of float and double, poisson, binomial, choice of indices,
// permutation of a count, and shuffle of float, double, int32 and int64 tensors.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<float> uniform<float>(double, double, const shape_type&, std::uint64_t);
extern template tensor<float> uniform<float, random_generator>(double, double, const shape_type&, random_generator&);
extern template tensor<float> normal<float>(double, double, const shape_type&, std::uint64_t);
extern template tensor<float> normal<float, random_generator>(double, double, const shape_type&, random_generator&);
extern template tensor<float> exponential<float>(double, const shape_type&, std::uint64_t);
extern template tensor<float> exponential<float, random_generator>(double, const shape_type&, random_generator&);
extern template tensor<double> uniform<double>(double, double, const shape_type&, std::uint64_t);
extern template tensor<double> uniform<double, random_generator>(double, double, const shape_type&, random_generator&);
extern template tensor<double> normal<double>(double, double, const shape_type&, std::uint64_t);
extern template tensor<double> normal<double, random_generator>(double, double, const shape_type&, random_generator&);
extern template tensor<double> exponential<double>(double, const shape_type&, std::uint64_t);
extern template tensor<double> exponential<double, random_generator>(double, const shape_type&, random_generator&);
extern template tensor<std::int64_t> poisson<random_generator>(double, const shape_type&, random_generator&);
extern template tensor<std::int64_t> binomial<random_generator>(std::int64_t, double, const shape_type&,
                                                                random_generator&);
extern template tensor<std::int64_t> choice<random_generator>(std::int64_t, const shape_type&, random_generator&,
                                                              const choice_options&);
extern template tensor<std::int64_t> permutation<random_generator>(std::int64_t, random_generator&);
extern template void shuffle<float>(tensor<float>&, std::uint64_t);
extern template void shuffle<float, random_generator>(tensor<float>&, random_generator&);
extern template void shuffle<double>(tensor<double>&, std::uint64_t);
extern template void shuffle<double, random_generator>(tensor<double>&, random_generator&);
extern template void shuffle<std::int32_t>(tensor<std::int32_t>&, std::uint64_t);
extern template void shuffle<std::int32_t, random_generator>(tensor<std::int32_t>&, random_generator&);
extern template void shuffle<std::int64_t>(tensor<std::int64_t>&, std::uint64_t);
extern template void shuffle<std::int64_t, random_generator>(tensor<std::int64_t>&, random_generator&);
}  // namespace loom
#endif
