// Counting into bins and evenly spaced sequences with hostile arguments:
// data of the 16-bit float types that are not finite, edges holding NaN,
// ranges wider than a double holds, numbers of bins beyond index_t, and
// ends whose distance overflows. Expected values are NumPy 1.24's
// (/usr/bin/python3); where NumPy fails for a reason of its own (an
// IndexError, an array of impossible size), loom throws what its
// documentation says.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/create/sequences.hpp"
#include "loom/stats/counting.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::inf;
using loom::testing::message_of;
using loom::testing::nan;
using ::testing::HasSubstr;

using hostile_range = std::pair<double, double>;

// `values` as a tensor of the 16-bit float type H.
template <class H>
tensor<H> hostile_halves(const std::vector<double>& values) {
    const tensor<double> wide(std::span<const double>(values), shape_type{static_cast<index_t>(values.size())});
    return loom::astype<H>(wide);
}

// The counts of histogram2d as a flat list.
template <class Result>
std::vector<double> hostile_cells(const Result& result) {
    return elements_of(result.counts);
}

// ---- 16-bit float data that is not finite ----

TEST(HostileHistogram, HalfDataNotFiniteIsRefused) {
    // NumPy: np.histogram(np.array([1, nan], np.float16)) raises "autodetected range of [nan, nan] is not finite"
    const auto half_nan = hostile_halves<loom::float16>({1, nan});
    EXPECT_THROW((void)loom::histogram(half_nan), std::invalid_argument);
    EXPECT_THAT(message_of([&] { (void)loom::histogram(half_nan); }),
                HasSubstr("histogram: the data hold nan, so their range is not finite"));
    // NumPy: np.histogram(np.array([1, inf], np.float16)) raises "autodetected range of [1.0, inf] is not finite"
    EXPECT_THAT(message_of([] { (void)loom::histogram(hostile_halves<loom::float16>({1, inf})); }),
                HasSubstr("histogram: the data hold inf, so their range is not finite"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(hostile_halves<loom::bfloat16>({nan, 2})); }),
                HasSubstr("histogram: the data hold nan, so their range is not finite"));
    EXPECT_THAT(message_of([] { (void)loom::histogram_density(hostile_halves<loom::bfloat16>({-inf, 2}), 3); }),
                HasSubstr("histogram: the data hold -inf"));
}

TEST(HostileHistogram, HalfDataWithARangeLeaveNaNOut) {
    // NumPy: np.histogram(np.array([1, nan, 2], np.float16), 2, range=(0, 2)) -> [0, 2]
    const auto counts = loom::histogram(hostile_halves<loom::float16>({1, nan, 2}), 2, hostile_range{0, 2}).counts;
    EXPECT_EQ(elements_of(counts), (std::vector<std::int64_t>{0, 2}));
}

// ---- edges holding NaN ----

TEST(HostileHistogram, NaNEdgeCountsAsNumPy) {
    // NumPy: np.histogram([1, 2], [0, nan, 3]) -> [2, 0]; with a NaN in the data too, the same
    const tensor<double> nan_edge{0, nan, 3};
    EXPECT_EQ(elements_of(loom::histogram(tensor<double>{1, 2}, nan_edge).counts), (std::vector<std::int64_t>{2, 0}));
    EXPECT_EQ(elements_of(loom::histogram(tensor<double>{1, 2, nan}, nan_edge).counts),
              (std::vector<std::int64_t>{2, 0}));
    EXPECT_EQ(elements_of(loom::histogram(tensor<int>{1, 2}, nan_edge).counts), (std::vector<std::int64_t>{2, 0}));
    // NumPy: np.histogram(np.array([1, 2], np.float16), np.array([0, nan, 3], np.float16)) -> [2, 0]
    EXPECT_EQ(elements_of(loom::histogram(hostile_halves<loom::float16>({1, 2}),
                                          hostile_halves<loom::float16>({0, nan, 3}))
                              .counts),
              (std::vector<std::int64_t>{2, 0}));
}

TEST(HostileHistogram, NaNEdgesGiveNumPysCumulativeCounts) {
    // NumPy sorts the data (NaN last), searches each edge in them and takes differences:
    // counts may be negative, and NaN data count in the last bin when the last edge is NaN.
    const tensor<double> data{0, 1, 2, 3, nan};
    const auto counts_for = [&](const tensor<double>& edges) {
        return elements_of(loom::histogram(data, edges).counts);
    };
    // NumPy: np.histogram([0, 1, 2, 3, nan], [0, 1, nan]) -> [1, 4]
    EXPECT_EQ(counts_for(tensor<double>{0, 1, nan}), (std::vector<std::int64_t>{1, 4}));
    // NumPy: ... [nan, nan] -> [1]; [nan, 1, 2] -> [-3, 2]; [0, 1, 2, nan, nan] -> [1, 1, 2, 1]
    EXPECT_EQ(counts_for(tensor<double>{nan, nan}), (std::vector<std::int64_t>{1}));
    EXPECT_EQ(counts_for(tensor<double>{nan, 1, 2}), (std::vector<std::int64_t>{-3, 2}));
    EXPECT_EQ(counts_for(tensor<double>{0, 1, 2, nan, nan}), (std::vector<std::int64_t>{1, 1, 2, 1}));
    // NumPy: np.histogram([0, 1, 2, 3, 4, nan], [1, nan, 0, nan, 3]) -> [4, -5, 5, -1]
    const tensor<double> runs_of_numbers{1, nan, 0, nan, 3};
    EXPECT_EQ(elements_of(loom::histogram(tensor<double>{0, 1, 2, 3, 4, nan}, runs_of_numbers).counts),
              (std::vector<std::int64_t>{4, -5, 5, -1}));
}

TEST(HostileHistogram, NaNEdgesWithWeights) {
    // NumPy: np.histogram([0, 1, 2, 3, nan], [nan, 1, 2], weights=[1, 2, 3, 4, 5]) -> [-9, 5]
    const tensor<double> data{0, 1, 2, 3, nan};
    EXPECT_EQ(elements_of(loom::histogram(data, tensor<double>{nan, 1, 2}, std::nullopt, tensor<int>{1, 2, 3, 4, 5})
                              .counts),
              (std::vector<int>{-9, 5}));
    // NumPy: ... [0, 1, 2, nan, nan], weights=[1, 2, 3, 4, 5] -> [1, 2, 7, 5]
    EXPECT_EQ(elements_of(loom::histogram(data, tensor<double>{0, 1, 2, nan, nan}, std::nullopt,
                                          tensor<int>{1, 2, 3, 4, 5})
                              .counts),
              (std::vector<int>{1, 2, 7, 5}));
    // NumPy: np.histogram([1, 2, 3], [0, nan, 3], weights=[1.5, 2, 4]) -> [7.5, 0.]
    EXPECT_EQ(elements_of(loom::histogram(tensor<double>{1, 2, 3}, tensor<double>{0, nan, 3}, std::nullopt,
                                          tensor<double>{1.5, 2, 4})
                              .counts),
              (std::vector<double>{7.5, 0}));
}

TEST(HostileHistogram, HalfWeightsAreSummedAsNumbers) {
    // NumPy: np.histogram([1, 2, 3], 2, weights=np.array([0.5, -1.5, 2.25], np.float16)) -> [0.5, 0.75] (float16);
    // with bins [0, nan, 3] -> [1.25, 0.]
    const tensor<double> data{1, 2, 3};
    const auto weights = hostile_halves<loom::float16>({0.5, -1.5, 2.25});
    const auto spread = loom::histogram(data, 2, std::nullopt, weights).counts;
    EXPECT_EQ(loom::testing::elements_of(loom::astype<double>(spread)), (std::vector<double>{0.5, 0.75}));
    const auto given = loom::histogram(data, tensor<double>{0, nan, 3}, std::nullopt, weights).counts;
    EXPECT_EQ(loom::testing::elements_of(loom::astype<double>(given)), (std::vector<double>{1.25, 0}));
}

TEST(HostileHistogram2d, NaNEdgeCountsAsNumPy) {
    // NumPy: np.histogram2d([1, 2], [1, 2], bins=[[0, nan, 3], [0, 3]]) -> [[2], [0]]
    const auto two = loom::histogram2d(tensor<double>{1, 2}, tensor<double>{1, 2},
                                       std::pair{tensor<double>{0, nan, 3}, tensor<double>{0, 3}});
    EXPECT_EQ(two.counts.shape(), (shape_type{2, 1}));
    EXPECT_EQ(hostile_cells(two), (std::vector<double>{2, 0}));
    // NumPy: np.histogram2d([1, 2, nan, 5], [1, 2, 1, 1], bins=[[0, 1, nan, 3, 4], [0, 3]]) -> [[0], [3], [0], [0]]
    const auto four = loom::histogram2d(tensor<double>{1, 2, nan, 5}, tensor<double>{1, 2, 1, 1},
                                        std::pair{tensor<double>{0, 1, nan, 3, 4}, tensor<double>{0, 3}});
    EXPECT_EQ(hostile_cells(four), (std::vector<double>{0, 3, 0, 0}));
}

TEST(HostileHistogram2d, NaNEdgesSearchAsNumPyInTheDataOrder) {
    // NumPy's binary search starts from the bounds of the search before, so
    // over edges that NaN leaves unsorted the points' order matters.
    // NumPy: np.histogram2d([4, 1, 0.5, 0], [0, 0, 0, 0], bins=[[0, nan, 0], [0, 1]]) -> [[3], [0]]
    const std::pair<tensor<double>, tensor<double>> bins{tensor<double>{0, nan, 0}, tensor<double>{0, 1}};
    const tensor<double> zeros{0, 0, 0, 0};
    EXPECT_EQ(hostile_cells(loom::histogram2d(tensor<double>{4, 1, 0.5, 0}, zeros, bins)),
              (std::vector<double>{3, 0}));
    // NumPy: the points in the order [0, 0.5, 1, 4] -> [[0], [0]]
    EXPECT_EQ(hostile_cells(loom::histogram2d(tensor<double>{0, 0.5, 1, 4}, zeros, bins)),
              (std::vector<double>{0, 0}));
    // NumPy: np.histogram2d([1], [1], bins=[[nan, nan, 1], [0, 2]]) raises ValueError
    // ("invalid entry in coordinates array"): the point on the last edge searches before the first
    EXPECT_THAT(message_of([] {
                    (void)loom::histogram2d(tensor<double>{1}, tensor<double>{1},
                                            std::pair{tensor<double>{nan, nan, 1}, tensor<double>{0, 2}});
                }),
                HasSubstr("histogram2d (x): value 0 (1.0) equals the last edge, but the NaN among the edges places "
                          "it before the first"));
}

TEST(HostileDigitize, NaNAmongIncreasingBinsSearchesAsNumPy) {
    // [0, 1, nan, 2, 3] passes NumPy's check of monotonic bins; NumPy's search then depends on the order.
    const tensor<double> bins{0, 1, nan, 2, 3};
    // NumPy: np.digitize([0.5, 1.5, 2.5, 3, nan], [0, 1, nan, 2, 3]) -> [1, 2, 4, 5, 5]
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{0.5, 1.5, 2.5, 3, nan}, bins)),
              (std::vector<index_t>{1, 2, 4, 5, 5}));
    // NumPy: np.digitize([3, 0.5, 1.5, 2.5, nan], [0, 1, nan, 2, 3]) -> [2, 1, 2, 4, 5]
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{3, 0.5, 1.5, 2.5, nan}, bins)),
              (std::vector<index_t>{2, 1, 2, 4, 5}));
}

TEST(HostileDigitize, NaNAfterTheFirstBinMayDecreaseAsNumPy) {
    // NumPy's check of the bins' order takes anything but an increase after the first bins, a NaN too,
    // as a decrease. NumPy: np.digitize([1, 2], [nan, 1]) -> [1, 1]; np.digitize([1, 2], [1, nan]) -> [0, 0]
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{1, 2}, tensor<double>{nan, 1})), (std::vector<index_t>{1, 1}));
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{1, 2}, tensor<double>{1, nan})), (std::vector<index_t>{0, 0}));
    // NumPy: np.digitize([1, 2], [nan, 2, 3]) raises "bins must be monotonically increasing or decreasing"
    EXPECT_THAT(message_of([] { (void)loom::digitize(tensor<double>{1, 2}, tensor<double>{nan, 2, 3}); }),
                HasSubstr("digitize: the 3 bins must increase or decrease monotonically"));
}

// ---- ranges wider than a double holds ----

TEST(HostileHistogram, RangeWiderThanADoubleIsRefused) {
    // NumPy: np.histogram([1e308, -1e308], 4) raises IndexError (its edges are [nan, inf, inf, inf, 1e308])
    const tensor<double> wide{1e308, -1e308};
    EXPECT_THROW((void)loom::histogram(wide, 4), std::invalid_argument);
    EXPECT_THAT(message_of([&] { (void)loom::histogram(wide, 4); }),
                HasSubstr("histogram: the range [-1e+308, 1e+308] is wider than a double holds"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{0}, 4, hostile_range{-1e308, 1e308}); }),
                HasSubstr("histogram: the range [-1e+308, 1e+308] is wider than a double holds"));
    // NumPy: np.histogram2d([1e308, -1e308], [1, 2], 4) raises ValueError ("invalid entry in coordinates array")
    EXPECT_THAT(message_of([&] { (void)loom::histogram2d(wide, tensor<double>{1, 2}, 4); }),
                HasSubstr("histogram2d (x): the range [-1e+308, 1e+308] is wider than a double holds"));
    EXPECT_THAT(message_of([&] { (void)loom::histogram2d(tensor<double>{1, 2}, wide, 4); }),
                HasSubstr("histogram2d (y): the range [-1e+308, 1e+308] is wider than a double holds"));
}

TEST(HostileHistogram, WidestRangeADoubleHolds) {
    // NumPy: np.histogram([-8.988465674311579e307, 8.988465674311579e307], 4)
    //   -> [1, 0, 0, 1], edges [-8.988465674311579e307, -4.4942328371557893e307, 0, 4.494232837155789e307,
    //      8.988465674311579e307]
    const auto [counts, edges] = loom::histogram(tensor<double>{-8.988465674311579e307, 8.988465674311579e307}, 4);
    EXPECT_EQ(elements_of(counts), (std::vector<std::int64_t>{1, 0, 0, 1}));
    EXPECT_EQ(elements_of(edges), (std::vector<double>{-8.988465674311579e307, -4.4942328371557893e307, 0.0,
                                                       4.494232837155789e307, 8.988465674311579e307}));
}

// ---- numbers of bins ----

TEST(HostileHistogram, BinCountsBeyondIndexAreRefused) {
    const tensor<double> data{1, 2};
    // NumPy: np.histogram([1, 2], np.uint64(2**64 - 1)) raises "Maximum allowed size exceeded"
    EXPECT_THROW((void)loom::histogram(data, std::numeric_limits<std::uint64_t>::max()), std::length_error);
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, std::numeric_limits<std::uint64_t>::max()); }),
                HasSubstr("histogram: 18446744073709551615 bins need more edges than index_t counts"));
    // NumPy: np.histogram([1, 2], 2**63) raises IndexError
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, std::uint64_t{1} << 63); }),
                HasSubstr("histogram: 9223372036854775808 bins need more edges than index_t counts"));
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, std::numeric_limits<index_t>::max()); }),
                HasSubstr("histogram: 9223372036854775807 bins need more edges than index_t counts"));
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, 0u); }), HasSubstr("histogram: the number of bins is 0"));
    // NumPy: np.histogram([1, 2], -1) raises "`bins` must be positive, when an integer"
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, std::int8_t{-1}); }),
                HasSubstr("histogram: the number of bins is -1"));
}

TEST(HostileHistogram2d, BinCountsBeyondIndexAreRefused) {
    const tensor<double> points{1, 2};
    // NumPy: np.histogram2d([1, 2], [1, 2], 2**64 - 1) raises "Maximum allowed size exceeded"
    EXPECT_THAT(message_of([&] { (void)loom::histogram2d(points, points, std::numeric_limits<std::uint64_t>::max()); }),
                HasSubstr("histogram2d (x): 18446744073709551615 bins need more edges than index_t counts"));
    EXPECT_THAT(message_of([&] {
                    (void)loom::histogram2d(points, points, std::pair{2, std::numeric_limits<std::uint64_t>::max()});
                }),
                HasSubstr("histogram2d (y): 18446744073709551615 bins need more edges than index_t counts"));
    // NumPy: np.histogram2d([1, 2], [1, 2], 0) raises "`bins[0]` must be positive, when an integer"
    EXPECT_THAT(message_of([&] { (void)loom::histogram2d(points, points, 0); }),
                HasSubstr("histogram2d (x): the number of bins is 0"));
}

// ---- sequences whose ends are far apart ----

TEST(HostileSequences, EndsWhoseDistanceOverflowsGiveNumPysValues) {
    // NumPy: np.linspace(-1e308, 1e308, 5) -> [nan, inf, inf, inf, 1e308] (it warns)
    const std::vector<double> spread = elements_of(loom::linspace(-1e308, 1e308, 5));
    ASSERT_EQ(spread.size(), 5u);
    EXPECT_TRUE(std::isnan(spread[0]));
    EXPECT_EQ((std::vector<double>(spread.begin() + 1, spread.end())), (std::vector<double>{inf, inf, inf, 1e308}));
    // NumPy: np.logspace(0, 400, 3) -> [1.0, 1e200, inf]; with dtype=np.float32, np.logspace(0, 50, 3)
    // -> [1.0, 9.999999562023526e24, inf]
    EXPECT_EQ(elements_of(loom::logspace(0, 400, 3)), (std::vector<double>{1.0, 1e200, inf}));
    EXPECT_EQ(elements_of(loom::logspace<float>(0, 50, 3)),
              (std::vector<float>{1.0f, static_cast<float>(9.999999562023526e24), static_cast<float>(inf)}));
    // NumPy: np.geomspace(1e-300, 1e300, 3) -> [1e-300, 1.0, 1e300];
    // np.geomspace(-1e308, -1e-308, 3) -> [-1e308, -1.0, -1e-308]
    EXPECT_EQ(elements_of(loom::geomspace(1e-300, 1e300, 3)), (std::vector<double>{1e-300, 1.0, 1e300}));
    EXPECT_EQ(elements_of(loom::geomspace(-1e308, -1e-308, 3)), (std::vector<double>{-1e308, -1.0, -1e-308}));
}

TEST(HostileSequences, NegativeNumbersOfSamplesAreRefused) {
    // NumPy: np.logspace(0, 1, -1) and np.geomspace(1, 2, -1) raise "Number of samples, -1, must be non-negative."
    EXPECT_THAT(message_of([] { (void)loom::logspace(0, 1, -1); }),
                HasSubstr("logspace(0.0, 1.0, -1): the number of samples is negative"));
    EXPECT_THAT(message_of([] { (void)loom::geomspace(1, 2, -1); }),
                HasSubstr("geomspace(1.0, 2.0, -1): the number of samples is negative"));
}

}  // namespace
