// Random tensors: rand, randn, randint and random_generator. The pinned first
// values were computed from the algorithms documented in random.hpp (Note
// [reproducible random values]) by an independent Python implementation of
// std::mt19937_64 (checked against the standard's 10000th output), so a change
// of algorithm is noticed. The 32-bit generator values come from NumPy 1.24's
// MT19937 with legacy seeding, which is std::mt19937's.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::testing::elements_of;

template <class T>
double mean_of(const loom::tensor<T>& t) {
    double sum = 0.0;
    for (T value : t) sum += static_cast<double>(value);
    return sum / static_cast<double>(t.size());
}

template <class T>
double variance_of(const loom::tensor<T>& t) {
    const double mean = mean_of(t);
    double sum = 0.0;
    for (T value : t) sum += (static_cast<double>(value) - mean) * (static_cast<double>(value) - mean);
    return sum / static_cast<double>(t.size());
}

// --- random_generator -------------------------------------------------------------

TEST(RandomGenerator, IsStdMt19937_64) {
    // The C++ standard fixes the 10000th output of a default-seeded mt19937_64 (seed 5489).
    loom::random_generator generator(5489);
    for (int i = 0; i < 9999; ++i) generator();
    EXPECT_EQ(generator(), 9981545732273789042u);
}

TEST(RandomGenerator, FirstWordsForSeed42) {
    loom::random_generator generator(42);
    EXPECT_EQ(generator(), 13930160852258120406u);
    EXPECT_EQ(generator(), 11788048577503494824u);
}

// --- rand -----------------------------------------------------------------------------

TEST(Rand, FirstValuesForSeed42AreTheTop53BitsOfEachWord) {
    EXPECT_EQ(elements_of(loom::rand({3}, 42)), (std::vector<double>{0x1.82a3befaddcbcp-1, 0x1.472f1f73724a0p-1,
                                                                0x1.81192cfe1cbcfp-1}));
}

TEST(Rand, Float32TakesTheTop24Bits) {
    EXPECT_EQ(elements_of(loom::rand<float>({3}, 42)),
              (std::vector<float>{0x1.82a3bep-1f, 0x1.472f1ep-1f, 0x1.81192cp-1f}));
}

TEST(Rand, HasTheShapeAskedFor) {
    const auto t = loom::rand<float>({2, 3, 4}, 1);
    EXPECT_EQ(t.shape(), (shape_type{2, 3, 4}));
}

TEST(Rand, SameSeedGivesSameValues) {
    EXPECT_EQ(elements_of(loom::rand({100}, 7)), elements_of(loom::rand({100}, 7)));
}

TEST(Rand, DifferentSeedsGiveDifferentValues) {
    EXPECT_NE(elements_of(loom::rand({100}, 7)), elements_of(loom::rand({100}, 8)));
}

TEST(Rand, GeneratorContinuesTheSequenceOfOneSeed) {
    const auto whole = elements_of(loom::rand({6}, 99));
    loom::random_generator generator(99);
    const auto first = elements_of(loom::rand({2, 2}, generator));
    const auto rest = elements_of(loom::rand({2}, generator));
    EXPECT_EQ(std::vector<double>(whole.begin(), whole.begin() + 4), first);
    EXPECT_EQ(std::vector<double>(whole.begin() + 4, whole.end()), rest);
}

TEST(Rand, ValuesLieInTheHalfOpenUnitInterval) {
    const auto t = loom::rand<float>({100000}, 3);
    EXPECT_TRUE(std::all_of(t.begin(), t.end(), [](float v) { return v >= 0.0f && v < 1.0f; }));
}

TEST(Rand, LargeDrawHasUniformMeanAndVariance) {
    const auto t = loom::rand({200000}, 11);
    EXPECT_NEAR(mean_of(t), 0.5, 0.01);
    EXPECT_NEAR(variance_of(t), 1.0 / 12.0, 0.005);
}

TEST(Rand, ThirtyTwoBitGeneratorIsDrawnTwicePerWord) {
    // Words of std::mt19937(1): (1791095845 << 32 | 4282876139) and (3093770124 << 32 | 4005303368).
    std::mt19937 generator(1);
    EXPECT_EQ(elements_of(loom::rand({2}, generator)), (std::vector<double>{0x1.ab07d097fd1e0p-2, 0x1.70ce5f19dd782p-1}));
}

TEST(Rand, EmptyShapeDrawsNothing) {
    loom::random_generator generator(5);
    EXPECT_EQ(loom::rand({0, 3}, generator).size(), 0);
    loom::random_generator fresh(5);
    EXPECT_EQ(generator(), fresh());
}

// --- randn ----------------------------------------------------------------------------

TEST(Randn, FirstValuesForSeed42FollowThePolarMethod) {
    EXPECT_EQ(elements_of(loom::randn({5}, 42)),
              (std::vector<double>{0x1.4b37d0b4daa8fp+0, 0x1.68f438d8aec29p-1, 0x1.978762f4a05dap-2,
                                   -0x1.25efc127557c3p-1, 0x1.1e599fb914974p+0}));
}

TEST(Randn, Float32RoundsTheDoubles) {
    EXPECT_EQ(elements_of(loom::randn<float>({3}, 42)),
              (std::vector<float>{0x1.4b37d0p+0f, 0x1.68f438p-1f, 0x1.978762p-2f}));
}

TEST(Randn, SameSeedGivesSameValues) {
    EXPECT_EQ(elements_of(loom::randn({101}, 5)), elements_of(loom::randn({101}, 5)));
}

TEST(Randn, DifferentSeedsGiveDifferentValues) {
    EXPECT_NE(elements_of(loom::randn({100}, 5)), elements_of(loom::randn({100}, 6)));
}

TEST(Randn, OddCountDropsTheLastSecondValue) {
    // Three values use two pairs; the next draw starts a new pair.
    loom::random_generator generator(42);
    const auto first = elements_of(loom::randn({3}, generator));
    const auto next = elements_of(loom::randn({1}, generator));
    const auto three_pairs = elements_of(loom::randn({6}, 42));
    EXPECT_EQ(first, std::vector<double>(three_pairs.begin(), three_pairs.begin() + 3));
    EXPECT_EQ(next.front(), three_pairs[4]);
}

TEST(Randn, LargeDrawHasStandardNormalMoments) {
    const auto t = loom::randn({200000}, 13);
    EXPECT_NEAR(mean_of(t), 0.0, 0.02);
    EXPECT_NEAR(variance_of(t), 1.0, 0.03);
    const auto within_one = std::count_if(t.begin(), t.end(), [](double v) { return std::fabs(v) < 1.0; });
    EXPECT_NEAR(static_cast<double>(within_one) / 200000.0, 0.6827, 0.01);
}

// --- randint --------------------------------------------------------------------------

TEST(Randint, DefaultsToInt64) {
    static_assert(std::same_as<decltype(loom::randint(0, 10, {2}, 1)), loom::tensor<index_t>>);
    SUCCEED();
}

TEST(Randint, FirstValuesForSeed42AreLowPlusWordModuloRange) {
    EXPECT_EQ(elements_of(loom::randint(0, 10, {6}, 42)), (std::vector<index_t>{6, 4, 0, 2, 1, 8}));
    EXPECT_EQ(elements_of(loom::randint<int>(-5, 5, {6}, 42)), (std::vector<int>{1, -1, -5, -3, -4, 3}));
}

TEST(Randint, ValuesLieInTheHalfOpenInterval) {
    const auto t = loom::randint<std::int16_t>(-3, 4, {10000}, 2);
    EXPECT_TRUE(std::all_of(t.begin(), t.end(), [](std::int16_t v) { return v >= -3 && v < 4; }));
}

TEST(Randint, SmallRangeIsCoveredCompletely) {
    const auto t = loom::randint<std::int32_t>(-2, 3, {1000}, 4);
    EXPECT_EQ(std::set<std::int32_t>(t.begin(), t.end()), (std::set<std::int32_t>{-2, -1, 0, 1, 2}));
}

TEST(Randint, WholeInt8RangeIsCoveredWithHighOneBeyondTheType) {
    const auto t = loom::randint<std::int8_t>(-128, 128, {20000}, 9);
    const std::set<std::int8_t> seen(t.begin(), t.end());
    EXPECT_EQ(seen.size(), 256u);
}

TEST(Randint, LargeDrawHasUniformMean) {
    const auto t = loom::randint(0, 100, {200000}, 21);
    EXPECT_NEAR(mean_of(t), 49.5, 0.5);
}

TEST(Randint, SameSeedGivesSameValues) {
    EXPECT_EQ(elements_of(loom::randint(0, 1000, {50}, 3)), elements_of(loom::randint(0, 1000, {50}, 3)));
    EXPECT_NE(elements_of(loom::randint(0, 1000, {50}, 3)), elements_of(loom::randint(0, 1000, {50}, 4)));
}

TEST(Randint, Int64ExtremesDoNotOverflow) {
    constexpr auto lowest = std::numeric_limits<std::int64_t>::min();
    constexpr auto highest = std::numeric_limits<std::int64_t>::max();
    EXPECT_EQ(elements_of(loom::randint<std::int64_t>(lowest, highest, {3}, 42)),
              (std::vector<std::int64_t>{4706788815403344598, 2564676540648719016, 4651257987612965642}));
}

TEST(Randint, FullSixtyFourBitRangeUsesEveryWord) {
    // [-2^63, 2^63): the element is the word minus 2^63.
    const std::uint64_t two_to_63 = std::uint64_t(1) << 63;
    EXPECT_EQ(elements_of(loom::randint<std::int64_t>(std::numeric_limits<std::int64_t>::min(), two_to_63, {3}, 7)),
              (std::vector<std::int64_t>{4692580601820535207, 8288144301770457442, -7057460844012410930}));
}

TEST(Randint, Uint64NearItsTop) {
    const std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
    const auto t = loom::randint<std::uint64_t>(top - 2, top, {100}, 1);
    EXPECT_TRUE(std::all_of(t.begin(), t.end(), [&](std::uint64_t v) { return v == top - 2 || v == top - 1; }));
}

TEST(Randint, EmptyIntervalThrowsInvalidArgument) {
    EXPECT_THROW(loom::randint(5, 5, {2}, 1), std::invalid_argument);
    EXPECT_THROW(loom::randint(5, 1, {2}, 1), std::invalid_argument);
}

TEST(Randint, IntervalBeyondTheTypeThrowsOutOfRange) {
    EXPECT_THROW(loom::randint<std::uint8_t>(-1, 5, {2}, 1), std::out_of_range);
    EXPECT_THROW(loom::randint<std::int8_t>(0, 129, {2}, 1), std::out_of_range);
}

}  // namespace
