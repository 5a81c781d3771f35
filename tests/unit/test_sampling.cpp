// Random sampling: uniform, normal, exponential, poisson, binomial, choice,
// permutation and shuffle (Note [sampling algorithms] in create/sampling.hpp).
//
// Reproducibility: the pinned first values were computed by loom once; where
// the algorithm allows, the tests also derive them again independently, from
// std::mt19937_64's raw words or from rand and randn, whose own values
// test_random.cpp pins.
//
// Statistics: every check draws 10^5 values with a fixed seed, so it either
// always passes or always fails. A sample mean lies within 5 standard errors
// (sqrt(variance / N)) of the true mean, and a sample variance within 5
// standard errors (sqrt((mu4 - variance^2) / N), mu4 the fourth central
// moment) of the true variance, except with probability below 1e-6 for a
// correct sampler; an error in an algorithm's constants moves them by far
// more. A chi-square statistic with d degrees of freedom is below
// d + 5 sqrt(2 d) for a correct sampler except with probability below 1e-4.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::testing::elements_of;
using loom::testing::message_of;

constexpr std::size_t sampling_draws = 100000;

/// Checks the sample mean and variance of `values` against the true mean,
/// variance and fourth central moment (the comment at the top says why 5).
template <class T>
void expect_sampling_moments(const loom::tensor<T>& values, double mean, double variance, double mu4) {
    const auto n = static_cast<double>(values.size());
    double sum = 0.0;
    for (T value : values) sum += static_cast<double>(value);
    const double sample_mean = sum / n;
    double squares = 0.0;
    for (T value : values) squares += (static_cast<double>(value) - sample_mean) * (static_cast<double>(value) - sample_mean);
    const double sample_variance = squares / n;
    EXPECT_NEAR(sample_mean, mean, 5.0 * std::sqrt(variance / n));
    EXPECT_NEAR(sample_variance, variance, 5.0 * std::sqrt((mu4 - variance * variance) / n));
}

/// The chi-square statistic of integer `values` against `pmf`, over the
/// values whose expected count is at least 20 and the two tails beyond them,
/// expected to be below d + 5 sqrt(2 d) (the comment at the top says why).
template <class Pmf>
void expect_sampling_chi_square(const loom::tensor<std::int64_t>& values, Pmf pmf, std::int64_t last) {
    const auto n = static_cast<double>(values.size());
    std::map<std::int64_t, double> observed;
    for (std::int64_t value : values) observed[value] += 1.0;
    std::int64_t low = 0;
    while (pmf(low) * n < 20.0) ++low;
    std::int64_t high = low;
    while (high + 1 <= last && pmf(high + 1) * n >= 20.0) ++high;
    double below = 0.0, above = 0.0, below_expected = 0.0, above_expected = 0.0;
    for (std::int64_t k = 0; k < low; ++k) below_expected += pmf(k) * n;
    double inside_expected = 0.0;
    double statistic = 0.0;
    for (std::int64_t k = low; k <= high; ++k) {
        const double expected = pmf(k) * n;
        inside_expected += expected;
        statistic += (observed[k] - expected) * (observed[k] - expected) / expected;
    }
    above_expected = n - inside_expected - below_expected;
    for (const auto& [k, count] : observed) {
        if (k < low) below += count;
        if (k > high) above += count;
    }
    int degrees = static_cast<int>(high - low);
    for (const auto& [count, expected] : {std::pair{below, below_expected}, std::pair{above, above_expected}}) {
        if (expected >= 5.0) {
            statistic += (count - expected) * (count - expected) / expected;
            ++degrees;
        } else {
            EXPECT_LE(count, 5.0 + 10.0 * expected);
        }
    }
    EXPECT_LT(statistic, degrees + 5.0 * std::sqrt(2.0 * degrees)) << "over " << degrees << " degrees of freedom";
}

double sampling_poisson_pmf(double lam, std::int64_t k) {
    const auto x = static_cast<double>(k);
    return std::exp(x * std::log(lam) - lam - std::lgamma(x + 1.0));
}

double sampling_binomial_pmf(std::int64_t n, double p, std::int64_t k) {
    const auto x = static_cast<double>(k);
    const auto m = static_cast<double>(n);
    return std::exp(std::lgamma(m + 1.0) - std::lgamma(x + 1.0) - std::lgamma(m - x + 1.0) + x * std::log(p) +
                    (m - x) * std::log1p(-p));
}

// --- uniform, normal, exponential --------------------------------------------------

TEST(SamplingUniform, IsLowPlusWidthTimesRand) {
    const auto u = loom::uniform(-2.0, 3.0, {5}, 42);
    const auto r = loom::rand({5}, 42);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(u.data()[i], std::fma(5.0, r.data()[i], -2.0));
    EXPECT_EQ(elements_of(loom::uniform(-2.0, 3.0, {2}, 42)),
              (std::vector<double>{0x1.c6995d732a7d6p+0, 0x1.31f5cea09db9p+0}));
}

TEST(SamplingUniform, Float32AndGeneratorContinues) {
    loom::random_generator generator(7);
    const auto first = loom::uniform<float>(0.0, 1.0, {3}, generator);
    const auto second = loom::uniform<float>(0.0, 1.0, {3}, generator);
    const auto both = loom::uniform(0.0, 1.0, {6}, 7);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(first.data()[i], static_cast<float>(both.data()[i]));
        EXPECT_EQ(second.data()[i], static_cast<float>(both.data()[i + 3]));
    }
}

TEST(SamplingUniform, MomentsAndRange) {
    const auto u = loom::uniform(1.0, 5.0, {static_cast<loom::index_t>(sampling_draws)}, 11);
    EXPECT_GE(*std::min_element(u.begin(), u.end()), 1.0);
    EXPECT_LT(*std::max_element(u.begin(), u.end()), 5.0);
    // Width w: variance w^2 / 12, fourth central moment w^4 / 80.
    expect_sampling_moments(u, 3.0, 16.0 / 12.0, 256.0 / 80.0);
}

TEST(SamplingUniform, EqualBoundsGiveTheBound) {
    EXPECT_EQ(elements_of(loom::uniform(2.5, 2.5, {3}, 1)), (std::vector<double>{2.5, 2.5, 2.5}));
}

TEST(SamplingUniform, RefusesReversedOrInfiniteBounds) {
    EXPECT_THROW(loom::uniform(2.0, 1.0, {3}, 1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::uniform(2.0, 1.0, {3}, 1); }),
              "uniform(low 2, high 1): high is below low; pass low <= high");
    EXPECT_EQ(message_of([] { loom::uniform(0.0, loom::testing::inf, {3}, 1); }),
              "uniform(low 0, high inf): high - low is not a finite number; pass finite bounds closer together");
    EXPECT_THROW(loom::uniform(loom::testing::nan, 1.0, {3}, 1), std::invalid_argument);
    EXPECT_THROW(loom::uniform(-1e308, 1e308, {3}, 1), std::invalid_argument);
}

TEST(SamplingNormal, IsMeanPlusStddevTimesRandn) {
    const auto x = loom::normal(10.0, 2.0, {5}, 3);
    const auto z = loom::randn({5}, 3);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(x.data()[i], std::fma(2.0, z.data()[i], 10.0));
    EXPECT_EQ(elements_of(loom::normal(10.0, 2.0, {2}, 3)),
              (std::vector<double>{0x1.50caca17c972ap+3, 0x1.d221a4e987f81p+2}));
}

TEST(SamplingNormal, Moments) {
    const auto x = loom::normal(-1.0, 3.0, {static_cast<loom::index_t>(sampling_draws)}, 12);
    // Normal: fourth central moment 3 sigma^4.
    expect_sampling_moments(x, -1.0, 9.0, 3.0 * 81.0);
}

TEST(SamplingNormal, ZeroStddevGivesTheMeanAndNanGivesNan) {
    EXPECT_EQ(elements_of(loom::normal(4.0, 0.0, {2}, 1)), (std::vector<double>{4.0, 4.0}));
    const auto x = loom::normal(0.0, loom::testing::nan, {2}, 1);
    EXPECT_TRUE(std::isnan(x.data()[0]) && std::isnan(x.data()[1]));
}

TEST(SamplingNormal, RefusesNegativeStddev) {
    EXPECT_THROW(loom::normal(0.0, -1.0, {2}, 1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::normal(0.0, -1.5, {2}, 1); }),
              "normal(mean 0, stddev -1.5): the standard deviation is negative; pass stddev >= 0");
}

TEST(SamplingExponential, IsInversionOfRand) {
    const auto x = loom::exponential(2.0, {5}, 5);
    std::mt19937_64 engine(5);  // the raw words, independently of loom
    for (std::size_t i = 0; i < 5; ++i) {
        const double u = static_cast<double>(engine() >> 11) * 0x1p-53;
        EXPECT_EQ(x.data()[i], -2.0 * std::log(1.0 - u));
    }
    EXPECT_EQ(elements_of(loom::exponential(2.0, {2}, 5)),
              (std::vector<double>{0x1.1e34d44bdbfaep+1, 0x1.4193ee294cc2cp-4}));
}

TEST(SamplingExponential, MomentsAndZeroScale) {
    const auto x = loom::exponential(0.5, {static_cast<loom::index_t>(sampling_draws)}, 13);
    EXPECT_GE(*std::min_element(x.begin(), x.end()), 0.0);
    // Exponential of mean s: variance s^2, fourth central moment 9 s^4.
    expect_sampling_moments(x, 0.5, 0.25, 9.0 * 0.0625);
    EXPECT_EQ(elements_of(loom::exponential(0.0, {2}, 1)), (std::vector<double>{0.0, 0.0}));
}

TEST(SamplingExponential, RefusesNegativeScale) {
    EXPECT_EQ(message_of([] { loom::exponential(-1.0, {2}, 1); }),
              "exponential(scale -1): the scale is negative; pass scale >= 0 (the mean, 1 / rate)");
}

// --- poisson ---------------------------------------------------------------------------

TEST(SamplingPoisson, SmallLamIsKnutsMultiplication) {
    const double lam = 3.0;
    const auto x = loom::poisson(lam, {20}, 8);
    std::mt19937_64 engine(8);
    for (std::int64_t value : x) {
        std::int64_t k = 0;
        double product = static_cast<double>(engine() >> 11) * 0x1p-53;
        while (product > std::exp(-lam)) {
            ++k;
            product *= static_cast<double>(engine() >> 11) * 0x1p-53;
        }
        EXPECT_EQ(value, k);
    }
    EXPECT_EQ(elements_of(loom::poisson(lam, {6}, 8)), (std::vector<std::int64_t>{5, 4, 4, 4, 4, 1}));
}

TEST(SamplingPoisson, LargeLamFirstValuesArePinned) {
    EXPECT_EQ(elements_of(loom::poisson(100.0, {6}, 8)), (std::vector<std::int64_t>{99, 90, 94, 111, 102, 115}));
}

TEST(SamplingPoisson, MomentsAndDistribution) {
    // Poisson: variance lam, fourth central moment lam (1 + 3 lam).
    for (const double lam : {0.5, 4.0, 9.99, 10.0, 37.5, 1000.0}) {
        SCOPED_TRACE(lam);
        const auto x = loom::poisson(lam, {static_cast<loom::index_t>(sampling_draws)}, 21);
        expect_sampling_moments(x, lam, lam, lam * (1.0 + 3.0 * lam));
        expect_sampling_chi_square(x, [&](std::int64_t k) { return sampling_poisson_pmf(lam, k); }, 100000);
    }
}

TEST(SamplingPoisson, HugeLamStaysNearItsMean) {
    const double lam = 1e15;
    const auto x = loom::poisson(lam, {1000}, 2);
    for (std::int64_t value : x) EXPECT_NEAR(static_cast<double>(value), lam, 6.0 * std::sqrt(lam));
}

TEST(SamplingPoisson, ZeroLamGivesZeros) {
    EXPECT_EQ(elements_of(loom::poisson(0.0, {3}, 1)), (std::vector<std::int64_t>{0, 0, 0}));
}

TEST(SamplingPoisson, RefusesNegativeNanOrTooLargeLam) {
    EXPECT_THROW(loom::poisson(-1.0, {2}, 1), std::invalid_argument);
    EXPECT_THROW(loom::poisson(loom::testing::nan, {2}, 1), std::invalid_argument);
    EXPECT_THROW(loom::poisson(1e19, {2}, 1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::poisson(-0.5, {2}, 1); }),
              "poisson(lam -0.5): lam must be from 0 to 9223372006484770816 (poisson_lam_max, so that every count "
              "fits in int64); pass a mean in that range");
}

// --- binomial --------------------------------------------------------------------------

TEST(SamplingBinomial, SmallMeanIsInversion) {
    // n p < 10: the first count whose cumulative probability passes U.
    const std::int64_t n = 20;
    const double p = 0.2;
    const auto x = loom::binomial(n, p, {20}, 4);
    std::mt19937_64 engine(4);
    for (std::int64_t value : x) {
        double u = static_cast<double>(engine() >> 11) * 0x1p-53;
        std::int64_t k = 0;
        double mass = std::pow(0.8, 20.0);
        while (u > mass) {
            u -= mass;
            ++k;
            mass = sampling_binomial_pmf(n, p, k);
        }
        EXPECT_EQ(value, k);
    }
    EXPECT_EQ(elements_of(loom::binomial(n, p, {6}, 4)), (std::vector<std::int64_t>{5, 4, 4, 1, 4, 1}));
}

TEST(SamplingBinomial, LargeMeanFirstValuesArePinned) {
    EXPECT_EQ(elements_of(loom::binomial(1000, 0.3, {6}, 4)), (std::vector<std::int64_t>{336, 314, 283, 311, 282, 322}));
}

TEST(SamplingBinomial, MomentsAndDistribution) {
    // Binomial: variance n p q, fourth central moment n p q (1 + 3 (n - 2) p q).
    const std::pair<std::int64_t, double> cases[] = {{1, 0.3},   {20, 0.2},   {49, 0.2},  {50, 0.2},
                                                     {100, 0.9}, {1000, 0.3}, {7, 0.999}, {100000, 0.5}};
    for (const auto& trials_and_probability : cases) {
        const std::int64_t n = trials_and_probability.first;
        const double p = trials_and_probability.second;
        SCOPED_TRACE(std::to_string(n) + " " + std::to_string(p));
        const auto x = loom::binomial(n, p, {static_cast<loom::index_t>(sampling_draws)}, 22);
        const double m = static_cast<double>(n);
        const double npq = m * p * (1 - p);
        expect_sampling_moments(x, m * p, npq, npq * (1.0 + 3.0 * (m - 2.0) * p * (1 - p)));
        EXPECT_GE(*std::min_element(x.begin(), x.end()), 0);
        EXPECT_LE(*std::max_element(x.begin(), x.end()), n);
        expect_sampling_chi_square(x, [&](std::int64_t k) { return sampling_binomial_pmf(n, p, k); }, n);
    }
}

TEST(SamplingBinomial, HugeNWithTinyAndHalfP) {
    const auto few = loom::binomial(std::int64_t{1} << 62, 1e-18, {static_cast<loom::index_t>(sampling_draws)}, 3);
    const double mean = std::ldexp(1.0, 62) * 1e-18;  // 4.61..., so inversion
    expect_sampling_moments(few, mean, mean, mean * (1.0 + 3.0 * mean));
    const auto half = loom::binomial(std::int64_t{1} << 40, 0.5, {1000}, 3);
    for (std::int64_t value : half) EXPECT_NEAR(static_cast<double>(value), std::ldexp(1.0, 39), 6.0 * std::ldexp(1.0, 19));
}

TEST(SamplingBinomial, EdgeProbabilities) {
    EXPECT_EQ(elements_of(loom::binomial(5, 0.0, {2}, 1)), (std::vector<std::int64_t>{0, 0}));
    EXPECT_EQ(elements_of(loom::binomial(5, 1.0, {2}, 1)), (std::vector<std::int64_t>{5, 5}));
    EXPECT_EQ(elements_of(loom::binomial(0, 0.5, {2}, 1)), (std::vector<std::int64_t>{0, 0}));
}

TEST(SamplingBinomial, RefusesNegativeNOrBadP) {
    EXPECT_EQ(message_of([] { loom::binomial(-1, 0.5, {2}, 1); }),
              "binomial(n -1, p 0.5): the number of trials is negative; pass n >= 0");
    EXPECT_EQ(message_of([] { loom::binomial(3, 1.5, {2}, 1); }),
              "binomial(n 3, p 1.5): the probability is not in [0, 1]; pass 0 <= p <= 1");
    EXPECT_THROW(loom::binomial(3, loom::testing::nan, {2}, 1), std::invalid_argument);
    EXPECT_THROW(loom::binomial(3, -0.1, {2}, 1), std::invalid_argument);
}

// --- choice ------------------------------------------------------------------------------

TEST(SamplingChoice, UniformIndicesAreWordsModN) {
    const auto x = loom::choice(10, {4, 5}, 6);
    EXPECT_EQ(x.shape(), (shape_type{4, 5}));
    std::mt19937_64 engine(6);
    for (std::int64_t value : x) {
        std::uint64_t word = engine();
        while (word < (0 - std::uint64_t{10}) % 10) word = engine();
        EXPECT_EQ(value, static_cast<std::int64_t>(word % 10));
    }
    EXPECT_EQ(elements_of(loom::choice(10, {5}, 6)), (std::vector<std::int64_t>{0, 5, 1, 4, 4}));
}

TEST(SamplingChoice, WithProbabilitiesFollowsThem) {
    const std::vector<double> p{0.1, 0.0, 0.3, 0.6};
    const auto x = loom::choice(4, {static_cast<loom::index_t>(sampling_draws)}, 9, {.p = p});
    std::vector<double> counts(4, 0.0);
    for (std::int64_t value : x) counts.at(static_cast<std::size_t>(value)) += 1.0;
    EXPECT_EQ(counts[1], 0.0);
    // Chi-square over the three possible values, 2 degrees of freedom.
    double statistic = 0.0;
    for (std::size_t i : {0u, 2u, 3u}) {
        const double expected = p[i] * static_cast<double>(sampling_draws);
        statistic += (counts[i] - expected) * (counts[i] - expected) / expected;
    }
    EXPECT_LT(statistic, 2.0 + 5.0 * std::sqrt(4.0));
    // Each index: the first whose cumulative probability passes U.
    std::mt19937_64 engine(9);
    const double cumulative[] = {0.1, 0.1, 0.4, 1.0};
    for (std::size_t i = 0; i < 20; ++i) {
        const double u = static_cast<double>(engine() >> 11) * 0x1p-53;
        EXPECT_EQ(x.data()[i], std::upper_bound(std::begin(cumulative), std::end(cumulative), u) - std::begin(cumulative));
    }
}

TEST(SamplingChoice, WithoutReplacementGivesDistinctValues) {
    const auto x = loom::choice(10, {10}, 2, {.replace = false});
    std::vector<std::int64_t> sorted(x.begin(), x.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    const auto some = loom::choice(1000, {2, 50}, 3, {.replace = false});
    std::vector<std::int64_t> values(some.begin(), some.end());
    std::sort(values.begin(), values.end());
    EXPECT_EQ(std::adjacent_find(values.begin(), values.end()), values.end());
}

TEST(SamplingChoice, WithoutReplacementIsAPartialFisherYates) {
    // Both ways of keeping the shuffled indices (all of them for 10 of 12,
    // the moved ones alone for 20 of 100 and 3 of 10^12) give the same values.
    const std::pair<std::uint64_t, std::uint64_t> cases[] = {{12, 10}, {100, 20}, {1000000000000, 3}};
    for (const auto& population_and_count : cases) {
        const std::uint64_t population = population_and_count.first;
        const std::uint64_t count = population_and_count.second;
        std::map<std::uint64_t, std::uint64_t> order;  // order[i] == i where absent
        const auto at = [&](std::uint64_t i) { return order.count(i) ? order[i] : i; };
        std::mt19937_64 engine(23);
        std::vector<std::int64_t> expected;
        for (std::uint64_t i = 0; i < count; ++i) {
            const std::uint64_t range = population - i;
            std::uint64_t word = engine();
            while (word < (0 - range) % range) word = engine();
            const std::uint64_t j = i + word % range;
            const std::uint64_t at_i = at(i);
            const std::uint64_t at_j = at(j);
            order[i] = at_j;
            order[j] = at_i;
            expected.push_back(static_cast<std::int64_t>(at_j));
        }
        EXPECT_EQ(elements_of(loom::choice(static_cast<std::int64_t>(population), {static_cast<loom::index_t>(count)}, 23,
                                           {.replace = false})),
                  expected);
    }
}

TEST(SamplingChoice, WithoutReplacementEachElementEquallyLikelyFirst) {
    std::vector<double> counts(5, 0.0);
    loom::random_generator generator(17);
    for (int i = 0; i < 20000; ++i) counts.at(static_cast<std::size_t>(loom::choice(5, {2}, generator, {.replace = false}).data()[0])) += 1.0;
    double statistic = 0.0;
    for (double count : counts) statistic += (count - 4000.0) * (count - 4000.0) / 4000.0;
    EXPECT_LT(statistic, 4.0 + 5.0 * std::sqrt(8.0));
}

TEST(SamplingChoice, WithoutReplacementWithProbabilities) {
    // The first draw follows p; the second, the remaining probabilities:
    // P(second = 2 | first = 0) = 0.3 / 0.5.
    const std::vector<double> p{0.5, 0.2, 0.3};
    loom::random_generator generator(19);
    double first_zero = 0.0;
    double then_two = 0.0;
    for (int i = 0; i < 20000; ++i) {
        const auto x = loom::choice(3, {3}, generator, {.replace = false, .p = p});
        std::vector<std::int64_t> sorted(x.begin(), x.end());
        std::sort(sorted.begin(), sorted.end());
        ASSERT_EQ(sorted, (std::vector<std::int64_t>{0, 1, 2}));
        if (x.data()[0] == 0) {
            first_zero += 1.0;
            if (x.data()[1] == 2) then_two += 1.0;
        }
    }
    // Binomial proportions, within 5 standard errors.
    EXPECT_NEAR(first_zero / 20000.0, 0.5, 5.0 * std::sqrt(0.25 / 20000.0));
    EXPECT_NEAR(then_two / first_zero, 0.6, 5.0 * std::sqrt(0.24 / first_zero));
    const auto without_zero_probability = loom::choice(4, {2}, 5, {.replace = false, .p = {0.5, 0.0, 0.5, 0.0}});
    std::vector<std::int64_t> sorted(without_zero_probability.begin(), without_zero_probability.end());
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<std::int64_t>{0, 2}));
}

TEST(SamplingChoice, RowsOfATensor) {
    const loom::tensor<float> a{{1, 2}, {3, 4}, {5, 6}};
    const auto x = loom::choice(a, {4}, 6);
    EXPECT_EQ(x.shape(), (shape_type{4, 2}));
    const auto rows = loom::choice(3, {4}, 6);  // the same indices from the same seed
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(x.data()[2 * i], a.data()[2 * rows.data()[i]]);
        EXPECT_EQ(x.data()[2 * i + 1], a.data()[2 * rows.data()[i] + 1]);
    }
    const auto of_expression = loom::choice(a * 2.f, {2, 2}, 6);
    EXPECT_EQ(of_expression.shape(), (shape_type{2, 2, 2}));
    EXPECT_EQ(of_expression.data()[0], 2 * x.data()[0]);
    const loom::tensor<int> one_d{7, 8, 9};
    const auto picked = loom::choice(one_d, {}, 1);
    EXPECT_EQ(picked.shape(), shape_type{});
    EXPECT_TRUE(picked.data()[0] >= 7 && picked.data()[0] <= 9);
}

TEST(SamplingChoice, EmptySizeAndEmptyPopulation) {
    EXPECT_EQ(loom::choice(0, {0}, 1).size(), 0);
    EXPECT_EQ(loom::choice(5, {3, 0}, 1).shape(), (shape_type{3, 0}));
}

TEST(SamplingChoice, RefusesBadArguments) {
    EXPECT_EQ(message_of([] { loom::choice(0, {2}, 1); }),
              "choice(n 0, size [2]): the population is empty; pass n > 0 or an empty size");
    EXPECT_EQ(message_of([] { loom::choice(-3, {2}, 1); }),
              "choice(n -3, size [2]): the population is negative; pass n >= 0");
    EXPECT_EQ(message_of([] { loom::choice(3, {2, 2}, 1, {.replace = false}); }),
              "choice(n 3, size [2, 2], replace false): without replacement it cannot take 4 elements from 3; take "
              "at most 3 or pass replace = true");
    EXPECT_EQ(message_of([] { loom::choice(3, {2}, 1, {.p = {0.5, 0.5}}); }),
              "choice(n 3, size [2]): p has 2 probabilities for a population of 3; give one per element of a");
    EXPECT_EQ(message_of([] { loom::choice(3, {2}, 1, {.p = {0.5, 0.5, 0.1}}); }),
              "choice(n 3, size [2]): the probabilities p sum to 1.1, not 1; divide them by their sum");
    EXPECT_EQ(message_of([] { loom::choice(3, {2}, 1, {.p = {1.5, -0.5, 0.0}}); }),
              "choice(n 3, size [2]): p[1] is -0.5; probabilities must be finite and non-negative");
    EXPECT_THROW(loom::choice(2, {2}, 1, {.p = {loom::testing::nan, 1.0}}), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::choice(3, {3}, 1, {.replace = false, .p = {0.5, 0.5, 0.0}}); }),
              "choice(n 3, size [3], replace false): without replacement it takes 3 elements, but only 2 have a "
              "probability above 0; take fewer or pass replace = true");
    EXPECT_EQ(message_of([] { loom::choice(loom::tensor<int>(shape_type{}), {2}, 1); }),
              "choice(a of shape [], size [2]): a has no axis to choose along; pass its value as the integer n");
    // Within NumPy's tolerance, sqrt(float64 epsilon).
    EXPECT_NO_THROW(loom::choice(2, {2}, 1, {.p = {0.5, 0.5 + 1e-9}}));
}

// A size of 2^40 draws (8 TiB of indices) is refused for what it asks of the population, before anything
// of its size is allocated (allocating first gave std::bad_alloc instead).
TEST(SamplingChoice, RefusesBeforeAllocatingTheResult) {
    const shape_type huge{loom::index_t{1} << 40};
    EXPECT_EQ(message_of([&] { loom::choice(0, huge, 1); }),
              "choice(n 0, size [1099511627776]): the population is empty; pass n > 0 or an empty size");
    EXPECT_THROW(loom::choice(3, huge, 1, {.replace = false}), std::invalid_argument);
    EXPECT_THROW(loom::choice(3, huge, 1, {.replace = false, .p = {0.5, 0.5, 0.0}}), std::invalid_argument);
    EXPECT_THROW(loom::choice(loom::tensor<int>{1, 2, 3}, huge, 1, {.replace = false}), std::invalid_argument);
}

// A size whose indices, or whose rows, span more bytes than index_t counts is refused as an array of that
// shape would be ("array is too big" in NumPy), before a vector of its count is asked for.
TEST(SamplingChoice, RefusesASizeWhoseResultCannotExist) {
    const shape_type indices_too_large{(loom::index_t{1} << 60) + 1};
    EXPECT_EQ(message_of([&] { loom::choice(3, indices_too_large, 1); }),
              "shape [1152921504606846977] of 8-byte elements spans more bytes than fit in a 64-bit index (counting "
              "every size but 0); use smaller sizes");
    EXPECT_TRUE(loom::testing::contains(message_of([&] { loom::choice(3, shape_type{0, loom::index_t{1} << 61}, 1); }),
                                        "spans more bytes than fit in a 64-bit index"));
    const shape_type rows_too_large{(loom::index_t{1} << 59) + 1};
    const loom::tensor<double> population(shape_type{3, 2});
    EXPECT_TRUE(loom::testing::contains(
        message_of([&] { loom::choice(population, rows_too_large, 1, {.p = {0.5, 0.25, 0.25}}); }),
        "shape [576460752303423489, 2] of 8-byte elements spans more bytes"));
    // A negative size is told as the caller gave it, not in the shape of the rows.
    EXPECT_EQ(message_of([&] { loom::choice(population, shape_type{-1}, 1); }),
              "shape [-1] has the negative size -1 at dimension 0; sizes must be 0 or more");
}

// --- permutation and shuffle -----------------------------------------------------------

TEST(SamplingPermutation, IsAPermutation) {
    const auto x = loom::permutation(100, 14);
    std::vector<std::int64_t> sorted(x.begin(), x.end());
    std::sort(sorted.begin(), sorted.end());
    for (std::int64_t i = 0; i < 100; ++i) EXPECT_EQ(sorted[static_cast<std::size_t>(i)], i);
    EXPECT_NE(std::vector<std::int64_t>(x.begin(), x.end()), sorted);
    EXPECT_EQ(elements_of(loom::permutation(5, 14)), (std::vector<std::int64_t>{3, 1, 0, 4, 2}));
    EXPECT_EQ(loom::permutation(0, 14).shape(), (shape_type{0}));
}

TEST(SamplingPermutation, IsFisherYatesFromTheLastElement) {
    std::vector<std::int64_t> expected{0, 1, 2, 3, 4, 5, 6};
    std::mt19937_64 engine(15);
    for (std::uint64_t i = expected.size(); i > 1; --i) {
        std::uint64_t word = engine();
        while (word < (0 - i) % i) word = engine();
        std::swap(expected[i - 1], expected[word % i]);
    }
    EXPECT_EQ(elements_of(loom::permutation(7, 15)), expected);
}

TEST(SamplingPermutation, EveryOrderOfThreeEquallyLikely) {
    std::map<std::vector<std::int64_t>, double> counts;
    loom::random_generator generator(16);
    for (int i = 0; i < 60000; ++i) {
        const auto x = loom::permutation(3, generator);
        counts[std::vector<std::int64_t>(x.begin(), x.end())] += 1.0;
    }
    ASSERT_EQ(counts.size(), 6u);
    double statistic = 0.0;
    for (const auto& [order, count] : counts) statistic += (count - 10000.0) * (count - 10000.0) / 10000.0;
    EXPECT_LT(statistic, 5.0 + 5.0 * std::sqrt(10.0));
}

TEST(SamplingPermutation, OfATensorPermutesRows) {
    const loom::tensor<int> a{{0, 1, 2}, {10, 11, 12}, {20, 21, 22}, {30, 31, 32}};
    const auto x = loom::permutation(a, 3);
    ASSERT_EQ(x.shape(), (shape_type{4, 3}));
    const auto order = loom::permutation(4, 3);
    for (std::size_t i = 0; i < 4; ++i) {
        for (std::size_t j = 0; j < 3; ++j) EXPECT_EQ(x.data()[3 * i + j], a.data()[3 * order.data()[i] + j]);
    }
    EXPECT_EQ(loom::permutation(a.transpose(), 3).shape(), (shape_type{3, 4}));
    EXPECT_EQ(message_of([] { loom::permutation(loom::tensor<int>(shape_type{}), 1); }),
              "permutation(a of shape []): a has no axis to shuffle; pass a tensor of rank 1 or more, or its value "
              "as the integer n");
    EXPECT_EQ(message_of([] { loom::permutation(-2, 1); }), "permutation(n -2): n is negative; pass n >= 0");
}

TEST(SamplingShuffle, KeepsRowsIntact) {
    loom::tensor<double> a(shape_type{50, 2, 3});
    for (loom::index_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<double>(i);
    const loom::tensor<double> before(a);
    loom::random_generator generator(18);
    loom::shuffle(a, generator);
    std::vector<bool> seen(50, false);
    for (std::size_t row = 0; row < 50; ++row) {
        const auto source = static_cast<std::size_t>(a.data()[6 * row]) / 6;
        EXPECT_FALSE(seen[source]);
        seen[source] = true;
        for (std::size_t j = 0; j < 6; ++j) EXPECT_EQ(a.data()[6 * row + j], before.data()[6 * source + j]);
    }
    EXPECT_FALSE(loom::array_equal(a, before));
}

TEST(SamplingShuffle, MatchesPermutation) {
    loom::tensor<std::int64_t> a = loom::arange(9);
    loom::shuffle(a, 20);
    EXPECT_EQ(elements_of(a), elements_of(loom::permutation(9, 20)));
}

TEST(SamplingShuffle, EmptyAndRankZero) {
    loom::tensor<float> empty(shape_type{0, 3});
    loom::shuffle(empty, 1);
    EXPECT_EQ(empty.shape(), (shape_type{0, 3}));
    loom::tensor<float> scalar(shape_type{});
    EXPECT_EQ(message_of([&] { loom::shuffle(scalar, 1); }),
              "shuffle(a tensor of shape []): it has no axis to shuffle; pass a tensor of rank 1 or more");
}

TEST(SamplingSeeds, SameSeedSameValuesAndGeneratorsContinue) {
    EXPECT_EQ(elements_of(loom::poisson(30.0, {50}, 99)), elements_of(loom::poisson(30.0, {50}, 99)));
    EXPECT_EQ(elements_of(loom::binomial(500, 0.4, {50}, 99)), elements_of(loom::binomial(500, 0.4, {50}, 99)));
    EXPECT_NE(elements_of(loom::binomial(500, 0.4, {50}, 99)), elements_of(loom::binomial(500, 0.4, {50}, 98)));
    loom::random_generator generator(99);
    const auto first = loom::exponential(1.0, {3}, generator);
    const auto second = loom::exponential(1.0, {3}, generator);
    const auto both = loom::exponential(1.0, {6}, 99);
    EXPECT_EQ(elements_of(first), std::vector<double>(both.begin(), both.begin() + 3));
    EXPECT_EQ(elements_of(second), std::vector<double>(both.begin() + 3, both.end()));
}

}  // namespace
