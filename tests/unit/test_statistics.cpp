// The statistics of <loom/stats.hpp>: median, percentile and quantile with
// NumPy's methods, the NaN-ignoring family, average, ptp, cov and corrcoef,
// and stddev. The expected values are NumPy's (1.24), from the examples of
// its documentation or computed with it; each test names its source.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/stats.hpp"

namespace {

using loom::flat;
using loom::index_t;
using loom::quantile_method;
using loom::shape_type;
using loom::tensor;
using loom::testing::evaluated;
using loom::testing::inf;
using loom::testing::message_of;
using loom::testing::nan;

// Expects the elements of `e` to be `expected`, NaN matching NaN, within a few ulps.
template <class E>
void stats_expect_values(const E& e, const std::vector<double>& expected) {
    const auto values = evaluated(e);
    ASSERT_EQ(values.size(), expected.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double v = static_cast<double>(values[i]);
        if (std::isnan(expected[i])) {
            EXPECT_TRUE(std::isnan(v)) << "element " << i << " is " << v << ", NumPy's NaN";
        } else if (std::isinf(expected[i])) {
            EXPECT_EQ(v, expected[i]) << "element " << i;
        } else {
            EXPECT_NEAR(v, expected[i], 1e-12 * (1 + std::abs(expected[i]))) << "element " << i;
        }
    }
}

// NumPy's documentation example of median and percentile.
const tensor<double> stats_example{{10, 7, 4}, {3, 2, 1}};

TEST(StatsMedian, NumPyDocumentedExample) {
    stats_expect_values(loom::median(stats_example), {3.5});
    stats_expect_values(loom::median(stats_example, 0), {6.5, 4.5, 2.5});
    stats_expect_values(loom::median(stats_example, 1), {7, 2});
    EXPECT_EQ(loom::median(stats_example, 1, true).shape(), (shape_type{2, 1}));
    EXPECT_EQ(loom::median(stats_example).shape(), shape_type{});
}

TEST(StatsMedian, SeveralAxesNegativeAxesAndKeepdims) {
    const tensor<int> x = loom::reshape(loom::arange<int>(24), {2, 3, 4});
    // NumPy: np.median(np.arange(24).reshape(2, 3, 4), axis=(0, -1), keepdims=True)
    const auto m = loom::median(x, {0, -1}, true);
    EXPECT_EQ(m.shape(), (shape_type{1, 3, 1}));
    stats_expect_values(m, {7.5, 11.5, 15.5});
}

TEST(StatsMedian, ResultTypesAreNumPys) {
    static_assert(std::is_same_v<decltype(loom::median(tensor<float>{1.f}))::value_type, float>);
    static_assert(std::is_same_v<decltype(loom::median(tensor<int>{1}))::value_type, double>);
    static_assert(std::is_same_v<decltype(loom::median(tensor<bool>{true}))::value_type, double>);
    // NumPy: np.median(np.array([[3,1,4,1],[5,9,2,6]], np.float32), axis=1) is float32 [2, 5.5]
    stats_expect_values(loom::median(tensor<float>{{3, 1, 4, 1}, {5, 9, 2, 6}}, 1), {2, 5.5});
    // NumPy: np.median([True, False, True]) == 1.0
    stats_expect_values(loom::median(tensor<bool>{true, false, true}), {1});
}

TEST(StatsMedian, NaNAndEmptyAreNumPys) {
    stats_expect_values(loom::median(tensor<double>{1, nan, 3}), {nan});
    stats_expect_values(loom::median(tensor<double>{{1, nan}, {2, 3}}, 1), {nan, 2.5});
    // NumPy warns and gives NaN for the median of nothing.
    stats_expect_values(loom::median(tensor<double>(shape_type{0})), {nan});
    stats_expect_values(loom::median(tensor<double>(shape_type{2, 0}), 1), {nan, nan});
    EXPECT_EQ(loom::median(tensor<double>(shape_type{2, 0}), 0).shape(), (shape_type{0}));
    // NumPy: np.median([inf, inf]) is inf (the mean of the middle two).
    stats_expect_values(loom::median(tensor<double>{inf, inf}), {inf});
    stats_expect_values(loom::median(tensor<double>(shape_type{}, 4.0)), {4});
}

// NumPy's median of 16-bit floats is the mean of the middle two, which NumPy adds in float32: two values
// near float16's largest, 65504, give 65504, not infinity (float32 and float64 add in their own type).
TEST(StatsMedian, SixteenBitFloatsAddTheMiddleTwoInFloat) {
    const tensor<loom::float16> largest{loom::float16(65504.f), loom::float16(65504.f)};
    EXPECT_EQ(static_cast<float>(loom::median(largest).item()), 65504.f);
    const tensor<loom::float16> with_nan{loom::float16(65504.f), loom::float16(nan), loom::float16(65504.f)};
    EXPECT_EQ(static_cast<float>(loom::nanmedian(with_nan).item()), 65504.f);
    // NumPy: np.median(np.array([0.1, 0.2, 0.3, 0.7], np.float16)) is float16 0.25
    const tensor<loom::bfloat16> quarter{loom::bfloat16(0.1f), loom::bfloat16(0.2f), loom::bfloat16(0.3f),
                                         loom::bfloat16(0.7f)};
    const float middle_two = float(loom::bfloat16(0.2f)) + float(loom::bfloat16(0.3f));
    EXPECT_EQ(loom::median(quarter).item(), loom::bfloat16(middle_two / 2));
    stats_expect_values(loom::median(tensor<float>{3.4e38f, 3.4e38f}), {inf});  // NumPy: inf, added in float32
}

TEST(StatsPercentile, NumPyDocumentedExample) {
    stats_expect_values(loom::percentile(stats_example, 50), {3.5});
    stats_expect_values(loom::percentile(stats_example, 50, 0), {6.5, 4.5, 2.5});
    stats_expect_values(loom::percentile(stats_example, 50, 1), {7, 2});
    EXPECT_EQ(loom::percentile(stats_example, 50, 1, quantile_method::linear, true).shape(), (shape_type{2, 1}));
}

TEST(StatsPercentile, EveryMethodAsNumPy) {
    const tensor<int> x{1, 2, 3, 4};
    // NumPy: np.percentile([1, 2, 3, 4], 40, method=m)
    stats_expect_values(loom::percentile(x, 40, flat, quantile_method::linear), {2.2});
    stats_expect_values(loom::percentile(x, 40, flat, quantile_method::lower), {2});
    stats_expect_values(loom::percentile(x, 40, flat, quantile_method::higher), {3});
    stats_expect_values(loom::percentile(x, 40, flat, quantile_method::nearest), {2});
    stats_expect_values(loom::percentile(x, 40, flat, quantile_method::midpoint), {2.5});
}

TEST(StatsPercentile, NumPysOtherMethodsAsNumPy) {
    const tensor<int> x{1, 2, 3, 4, 5, 6, 7};
    const std::vector<double> q{0, 10, 40, 50, 100};
    const auto at = [&](quantile_method method) { return loom::percentile(x, q, flat, method); };
    // NumPy: np.percentile([1, 2, 3, 4, 5, 6, 7], [0, 10, 40, 50, 100], method=m)
    stats_expect_values(at(quantile_method::inverted_cdf), {1, 1, 3, 4, 7});
    stats_expect_values(at(quantile_method::averaged_inverted_cdf), {1, 1, 3, 4, 7});
    stats_expect_values(at(quantile_method::closest_observation), {1, 1, 3, 3, 7});
    stats_expect_values(at(quantile_method::interpolated_inverted_cdf), {1, 1, 2.8000000000000003, 3.5, 7});
    stats_expect_values(at(quantile_method::hazen), {1, 1.2000000000000002, 3.3000000000000003, 4, 7});
    stats_expect_values(at(quantile_method::weibull), {1, 1, 3.2, 4, 7});
    stats_expect_values(at(quantile_method::median_unbiased), {1, 1.0666666666666667, 3.266666666666667, 4, 7});
    stats_expect_values(at(quantile_method::normal_unbiased), {1, 1.1, 3.2750000000000004, 4, 7});
    // NumPy: np.quantile([3., 1, 4, 1], [0.125, 0.5, 0.9], method=m)
    const tensor<double> y{3, 1, 4, 1};
    const std::vector<double> f{0.125, 0.5, 0.9};
    stats_expect_values(loom::quantile(y, f, flat, quantile_method::averaged_inverted_cdf), {1, 2, 4});
    stats_expect_values(loom::quantile(y, f, flat, quantile_method::interpolated_inverted_cdf), {1, 1, 3.6});
    stats_expect_values(loom::quantile(y, f, flat, quantile_method::closest_observation), {1, 1, 4});
    // bool: the methods that pick one element only, as NumPy.
    EXPECT_THROW(loom::percentile(tensor<bool>{true}, 50, flat, quantile_method::hazen), std::invalid_argument);
    stats_expect_values(loom::percentile(tensor<bool>{true, false}, 50, flat, quantile_method::inverted_cdf), {0});
}

TEST(StatsQuantile, NearestBreaksTiesToEvenAsNumPy) {
    // NumPy: np.quantile([1, 2, 3, 4], [0.5, 1/6], method='nearest') == [3, 1]
    stats_expect_values(loom::quantile(tensor<int>{1, 2, 3, 4}, {0.5, 1.0 / 6}, flat, quantile_method::nearest),
                        {3, 1});
    // NumPy: np.quantile([1, 2, 3, 4, 5], [0.125, 0.375], method='nearest') == [1, 3]
    stats_expect_values(
        loom::quantile(tensor<int>{1, 2, 3, 4, 5}, {0.125, 0.375}, flat, quantile_method::nearest), {1, 3});
}

TEST(StatsQuantile, MidpointAlongAnAxisInFloat32) {
    // NumPy: np.quantile(np.array([[3,1,4,1],[5,9,2,6]], np.float32), [0.3, 0.5], axis=1, method='midpoint')
    const auto q = loom::quantile(tensor<float>{{3, 1, 4, 1}, {5, 9, 2, 6}}, {0.3, 0.5}, 1, quantile_method::midpoint);
    static_assert(std::is_same_v<decltype(q)::value_type, float>);
    EXPECT_EQ(q.shape(), (shape_type{2, 2}));
    stats_expect_values(q, {1, 3.5, 2, 5.5});
}

TEST(StatsPercentile, QsDimensionComesFirstAsNumPys) {
    const tensor<int> x = loom::reshape(loom::arange<int>(24), {2, 3, 4});
    // NumPy: np.percentile(np.arange(24).reshape(2, 3, 4), [10, 90], axis=(0, 2), keepdims=True)
    const auto p = loom::percentile(x, {10, 90}, {0, 2}, quantile_method::linear, true);
    EXPECT_EQ(p.shape(), (shape_type{2, 1, 3, 1}));
    stats_expect_values(p, {0.7000000000000001, 4.7, 8.7, 14.3, 18.3, 22.3});
    // A q tensor of shape [2, 2]: its shape first (NumPy: (2, 2, 2) for axis=1 of a [2, 3]).
    const tensor<double> qs{{10, 20}, {30, 40}};
    EXPECT_EQ(loom::percentile(tensor<int>{{0, 1, 2}, {3, 4, 5}}, qs, 1).shape(), (shape_type{2, 2, 2}));
}

TEST(StatsPercentile, NaNAndInfinityAsNumPy) {
    stats_expect_values(loom::percentile(tensor<double>{1, nan, 3}, 50), {nan});
    stats_expect_values(loom::percentile(tensor<double>{{1, nan}, {2, 3}}, 50, 1), {nan, 2.5});
    // NumPy's interpolation b - (b - a)(1 - t) gives NaN next to an infinity.
    stats_expect_values(loom::percentile(tensor<double>{1, inf}, 50), {nan});
    stats_expect_values(loom::percentile(tensor<double>{1, inf}, 100), {nan});
    stats_expect_values(loom::percentile(tensor<double>{1, inf}, 100, flat, quantile_method::higher), {inf});
}

TEST(StatsPercentile, EmptyLanesAreRefusedAsNumPyRaises) {
    // NumPy raises IndexError for np.percentile([], 50); an empty result is fine.
    EXPECT_THROW(loom::percentile(tensor<double>(shape_type{0}), 50), std::invalid_argument);
    EXPECT_THROW(loom::percentile(tensor<double>(shape_type{2, 0}), 50, 1), std::invalid_argument);
    EXPECT_EQ(loom::percentile(tensor<double>(shape_type{2, 0}), 50, 0).shape(), (shape_type{0}));
    EXPECT_EQ(message_of([] { loom::quantile(tensor<double>(shape_type{2, 0}), 0.5, 1); }),
              "quantile: the axis 1 of shape [2, 0] hold no elements, of which no quantile exists (NumPy raises "
              "IndexError); give a non-empty array, or use the nan form, which gives NaN");
}

TEST(StatsPercentile, QOutOfRangeIsRefusedWithItsValue) {
    const tensor<int> x{1, 2, 3};
    EXPECT_EQ(message_of([&] { loom::percentile(x, 101); }),
              "percentile: q 101.0 is outside [0, 100]; give values in [0, 100]");
    EXPECT_EQ(message_of([&] { loom::quantile(x, -0.1); }),
              "quantile: q -0.1 is outside [0, 1]; give values in [0, 1]");
    EXPECT_THROW(loom::quantile(x, {0.5, nan}), std::invalid_argument);
    EXPECT_THROW(loom::nanpercentile(x, -1), std::invalid_argument);
    EXPECT_THROW(loom::percentile(x, 50, {0, 0}), std::invalid_argument);
    EXPECT_THROW(loom::percentile(x, 50, 1), std::out_of_range);
}

TEST(StatsPercentile, BoolInterpolationIsRefusedAsNumPyRaises) {
    const tensor<bool> b{true, false, true};
    EXPECT_THROW(loom::percentile(b, 40), std::invalid_argument);
    EXPECT_THROW(loom::percentile(b, 40, flat, quantile_method::midpoint), std::invalid_argument);
    // NumPy: np.percentile([True, False, True], 40, method='higher') is True (1.0 here).
    stats_expect_values(loom::percentile(b, 40, flat, quantile_method::higher), {1});
}

TEST(StatsPercentile, ReadsViewsAndExpressions) {
    const tensor<double> x{{1, 5}, {2, 6}, {3, 7}};
    stats_expect_values(loom::median(x.transpose(), 1), {2, 6});
    stats_expect_values(loom::percentile(x * 2.0, 50, 0), {4, 12});
    stats_expect_values(loom::median(x(loom::range(loom::none, loom::none, -1), 0)), {2});
}

// NumPy's documentation example of nanmedian and nanpercentile.
TEST(StatsNanMedian, NumPyDocumentedExample) {
    tensor<double> a{{10, 7, 4}, {3, 2, 1}};
    a(0, 1) = nan;
    stats_expect_values(loom::nanmedian(a), {3});
    stats_expect_values(loom::nanmedian(a, 0), {6.5, 2, 2.5});
    stats_expect_values(loom::nanmedian(a, 1), {7, 2});
    stats_expect_values(loom::nanpercentile(a, 50), {3});
    // NumPy: np.nanpercentile(a, [25, 75], axis=0)
    stats_expect_values(loom::nanpercentile(a, {25, 75}, 0), {4.75, 2, 1.75, 8.25, 2, 3.25});
    stats_expect_values(loom::nanquantile(a, 0.5, 1), {7, 2});
}

TEST(StatsNanMedian, AllNaNAndEmptyLanesGiveNaN) {
    stats_expect_values(loom::nanmedian(tensor<double>{nan, nan}), {nan});
    stats_expect_values(loom::nanpercentile(tensor<double>{{nan, nan}, {1, 2}}, 50, 1), {nan, 1.5});
    stats_expect_values(loom::nanpercentile(tensor<double>(shape_type{0}), 50), {nan});
    stats_expect_values(loom::nanquantile(tensor<double>(shape_type{2, 0}), 0.5, 1), {nan, nan});
    stats_expect_values(loom::nanmedian(tensor<int>{1, 2}), {1.5});
}

TEST(StatsNanVar, NumPyDocumentedExample) {
    const tensor<double> a{{1, nan}, {3, 4}};
    stats_expect_values(loom::nanvar(a), {1.5555555555555554});
    stats_expect_values(loom::nanvar(a, 0), {1, 0});
    stats_expect_values(loom::nanvar(a, 1), {0, 0.25});
    stats_expect_values(loom::nanstd(a), {1.247219128924647});
    stats_expect_values(loom::nanstd(a, 0), {1, 0});
    stats_expect_values(loom::nanstd(a, 1), {0, 0.5});
}

TEST(StatsNanVar, DdofKeepdimsAndNoFreedomAsNumPy) {
    const tensor<double> a{{1, nan, 3}, {4, 5, nan}};
    // NumPy: np.nanvar(a, ddof=1) and np.nanstd(a, 0, ddof=1)
    stats_expect_values(loom::nanvar(a, flat, 1), {2.9166666666666665});
    stats_expect_values(loom::nanstd(a, 0, 1), {2.1213203435596424, nan, nan});
    EXPECT_EQ(loom::eval(loom::nanvar(a, 1, 0, true)).shape(), (shape_type{2, 1}));
    stats_expect_values(loom::nanvar(tensor<double>{nan, nan}), {nan});
    // Integers hold no NaN: NumPy gives var's result, inf for n - ddof <= 0.
    stats_expect_values(loom::nanvar(tensor<int>{1, 2, 3}, flat, 3), {inf});
    static_assert(std::is_same_v<loom::value_type_of<decltype(loom::nanvar(tensor<float>{1.f}))>, float>);
}

TEST(StatsNanArg, NumPyDocumentedExample) {
    const tensor<double> a{{nan, 4}, {2, 3}};
    EXPECT_EQ(evaluated(loom::nanargmin(a)), (std::vector<std::int64_t>{2}));
    EXPECT_EQ(evaluated(loom::nanargmax(a)), (std::vector<std::int64_t>{1}));
    EXPECT_EQ(evaluated(loom::nanargmin(a, 0)), (std::vector<std::int64_t>{1, 1}));
    EXPECT_EQ(evaluated(loom::nanargmin(a, 1)), (std::vector<std::int64_t>{1, 0}));
    EXPECT_EQ(evaluated(loom::nanargmax(a, 0)), (std::vector<std::int64_t>{1, 0}));
    EXPECT_EQ(evaluated(loom::nanargmax(a, -1)), (std::vector<std::int64_t>{1, 1}));
    EXPECT_EQ(loom::nanargmax(a, 1, true).shape(), (shape_type{2, 1}));
    EXPECT_EQ(loom::nanargmax(a, flat, true).shape(), (shape_type{1, 1}));
    EXPECT_EQ(evaluated(loom::nanargmax(tensor<int>{3, 7, 7})), (std::vector<std::int64_t>{1}));
}

TEST(StatsNanArg, SliceWithNoNumberIsRefusedAsNumPyRaises) {
    EXPECT_THROW(loom::nanargmax(tensor<double>{{nan, nan}, {1, 2}}, 1), std::invalid_argument);
    EXPECT_THROW(loom::nanargmin(tensor<double>(shape_type{0})), std::invalid_argument);
    EXPECT_THROW(loom::nanargmin(tensor<int>(shape_type{2, 0}), 1), std::invalid_argument);
    EXPECT_EQ(loom::nanargmin(tensor<double>(shape_type{0, 3}), 1).shape(), (shape_type{0}));
    EXPECT_THROW(loom::nanargmax(tensor<double>{1, 2}, {0, 0}), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::nanargmax(tensor<double>{{nan, nan}, {1, 2}}, 1); }),
              "nanargmax: a slice over the axis 1 of shape [2, 2] holds no number (all NaN, or empty; NumPy raises "
              "ValueError); give slices with a number in each, or use nanmax, which gives NaN there");
}

TEST(StatsNanProd, NumPyDocumentedExamples) {
    const tensor<double> a{{1, 2}, {3, nan}};
    stats_expect_values(loom::nanprod(a), {6});
    stats_expect_values(loom::nanprod(a, 0), {3, 2});
    stats_expect_values(loom::nanprod(tensor<double>{nan}), {1});
    static_assert(std::is_same_v<loom::value_type_of<decltype(loom::nanprod(tensor<int>{1}))>, std::int64_t>);
}

TEST(StatsNanCumulative, NumPyDocumentedExamples) {
    const tensor<double> a{{1, 2}, {3, nan}};
    stats_expect_values(loom::nancumsum(a), {1, 3, 6, 6});
    stats_expect_values(loom::nancumsum(a, 0), {1, 2, 4, 2});
    stats_expect_values(loom::nancumsum(a, 1), {1, 3, 3, 3});
    stats_expect_values(loom::nancumprod(a), {1, 2, 6, 6});
    stats_expect_values(loom::nancumprod(a, 0), {1, 2, 3, 2});
    stats_expect_values(loom::nancumprod(a, 1), {1, 2, 3, 3});
    stats_expect_values(loom::nancumsum(tensor<double>{nan}), {0});
}

TEST(StatsAverage, NumPyDocumentedExamples) {
    stats_expect_values(loom::average(loom::arange<int>(1, 5)), {2.5});
    // NumPy: np.average(np.arange(1, 11), weights=np.arange(10, 0, -1)) == 4.0
    stats_expect_values(loom::average(loom::arange<int>(1, 11), loom::arange<int>(10, 0, -1)), {4});
    const tensor<int> data = loom::reshape(loom::arange<int>(6), {3, 2});
    stats_expect_values(loom::average(data, tensor<double>{0.25, 0.75}, 1), {0.75, 2.75, 4.75});
}

TEST(StatsAverage, ReturnedGivesTheSumOfWeightsOfTheAveragesShape) {
    // NumPy: np.average([[1,2,3],[4,5,7]], 0, [1, 2], returned=True, keepdims=True)
    const auto r = loom::average_returned(tensor<int>{{1, 2, 3}, {4, 5, 7}}, tensor<double>{1, 2}, 0, true);
    EXPECT_EQ(r.average.shape(), (shape_type{1, 3}));
    stats_expect_values(r.average, {3, 4, 5.666666666666667});
    stats_expect_values(r.sum_of_weights, {3, 3, 3});
    // Weights of the array's shape, all axes: NumPy 3.0
    stats_expect_values(loom::average(tensor<int>{{1, 2, 3}, {4, 5, 7}}, tensor<int>{{1, 2, 3}, {0, 0, 1}}), {3});
}

TEST(StatsAverage, WeightsThatDoNotFitOrSumToZeroAreRefused) {
    const tensor<int> x{{1, 2, 3}, {4, 5, 7}};
    EXPECT_EQ(message_of([&] { loom::average(x, tensor<double>{1, -1}, 0); }),
              "average: weights of shape [2] sum to 0 in a slice of shape [2, 3], which cannot be normalised "
              "(NumPy raises ZeroDivisionError); give weights with a non-zero sum over each slice");
    EXPECT_THROW(loom::average(x, tensor<double>{1, 2}), std::invalid_argument);     // NumPy: TypeError, no axis
    EXPECT_THROW(loom::average(x, tensor<double>{1, 2}, 1), std::invalid_argument);  // NumPy: ValueError, length
    EXPECT_THROW(loom::average(x, tensor<double>{{1, 2}}, 0), std::invalid_argument);  // NumPy: TypeError, not 1-D
    EXPECT_THROW(loom::average(tensor<double>(shape_type{0}), tensor<double>(shape_type{0})), std::invalid_argument);
    stats_expect_values(loom::average(tensor<double>(shape_type{0})), {nan});
}

TEST(StatsPtp, NumPyDocumentedExamples) {
    const tensor<int> x{{4, 9, 2, 10}, {6, 9, 7, 12}};
    stats_expect_values(loom::ptp(x, 1), {8, 6});
    stats_expect_values(loom::ptp(x, 0), {2, 0, 5, 2});
    stats_expect_values(loom::ptp(x), {10});
    // NumPy wraps around in the input's type.
    const tensor<std::int8_t> y{{1, 127}, {0, 127}, {-1, 127}, {-2, 127}};
    EXPECT_EQ(evaluated(loom::ptp(y, 1)), (std::vector<std::int8_t>{126, 127, -128, -127}));
    EXPECT_THROW(loom::eval(loom::ptp(tensor<double>(shape_type{0}))), std::invalid_argument);
}

// cov's options with the fields a test sets (designated initializers that
// leave fields out warn with g++ -Wextra).
loom::cov_options stats_options(bool rowvar, bool bias = false, std::optional<index_t> ddof = std::nullopt,
                                std::optional<std::vector<std::int64_t>> fweights = std::nullopt,
                                std::optional<std::vector<double>> aweights = std::nullopt) {
    loom::cov_options options;
    options.rowvar = rowvar;
    options.bias = bias;
    options.ddof = ddof;
    options.fweights = std::move(fweights);
    options.aweights = std::move(aweights);
    return options;
}

TEST(StatsCov, NumPyDocumentedExamples) {
    const tensor<int> x = loom::transpose(tensor<int>{{0, 2}, {1, 1}, {2, 0}});
    stats_expect_values(loom::cov(x), {1, -1, -1, 1});
    const tensor<double> a{-2.1, -1, 4.3};
    const tensor<double> b{3, 1.1, 0.12};
    const tensor<double> both = loom::stack({a, b});
    const std::vector<double> expected{11.709999999999999, -4.2860000000000005, -4.2860000000000005,
                                       2.1441333333333334};
    stats_expect_values(loom::cov(both), expected);
    stats_expect_values(loom::cov(a, b), expected);
    const auto one = loom::cov(a);
    EXPECT_EQ(one.shape(), shape_type{});  // one variable: rank 0, as NumPy squeezes
    stats_expect_values(one, {11.709999999999999});
}

TEST(StatsCov, RowvarBiasDdofAndWeightsAsNumPy) {
    const tensor<int> m{{1, 2, 3}, {4, 5, 7}};
    // NumPy: np.cov(m, rowvar=False), bias=True, ddof=3, fweights=[1,2,1] with aweights=[0.5,1,2], ddof=0
    stats_expect_values(loom::cov(m, stats_options(false)), {4.5, 4.5, 6, 4.5, 4.5, 6, 6, 6, 8});
    stats_expect_values(loom::cov(m, stats_options(true, true)), {0.66666666666666663, 1, 1, 1.5555555555555554});
    stats_expect_values(loom::cov(m, stats_options(true, false, 3)), {inf, inf, inf, inf});
    stats_expect_values(
        loom::cov(m, stats_options(true, false, std::nullopt, std::vector<std::int64_t>{1, 2, 1},
                                         std::vector<double>{0.5, 1, 2})),
        {0.64285714285714279, 1.0714285714285714, 1.0714285714285714, 1.857142857142857});
    stats_expect_values(loom::cov(m, stats_options(true, false, 0, std::vector<std::int64_t>{1, 2, 1})),
                        {0.5, 0.75, 0.75, 1.1875});
    EXPECT_EQ(loom::cov(tensor<double>(shape_type{0, 3})).shape(), (shape_type{0, 0}));
}

TEST(StatsCov, BadArgumentsAreRefused) {
    const tensor<int> m{{1, 2, 3}, {4, 5, 7}};
    EXPECT_EQ(message_of([] { loom::cov(tensor<double>(shape_type{2, 2, 2})); }),
              "cov: m of shape [2, 2, 2] has more than 2 dimensions; give variables by observations, 2-D");
    using frequencies = std::vector<std::int64_t>;
    EXPECT_THROW(loom::cov(m, stats_options(true, false, std::nullopt, frequencies{1, 2})), std::invalid_argument);
    EXPECT_EQ(message_of([&] { loom::cov(m, stats_options(true, false, std::nullopt, frequencies{1, -2, 1})); }),
              "cov: fweights[1] is -2, a negative weight; give weights of 0 or more");
    EXPECT_THROW(loom::cov(m, stats_options(true, false, std::nullopt, std::nullopt, std::vector<double>{0, 0, 0})),
                 std::invalid_argument);
    EXPECT_THROW(loom::cov(m, tensor<int>{1, 2}), std::invalid_argument);
}

TEST(StatsCorrcoef, NumPysValues) {
    const tensor<double> a{-2.1, -1, 4.3};
    const tensor<double> b{3, 1.1, 0.12};
    const std::vector<double> expected{1, -0.8553578095227946, -0.8553578095227946, 1};
    stats_expect_values(loom::corrcoef(loom::stack({a, b})), expected);
    stats_expect_values(loom::corrcoef(a, b), expected);
    stats_expect_values(loom::corrcoef(loom::stack({a, b}, 1), {.rowvar = false}), expected);
    stats_expect_values(loom::corrcoef(a), {1});
    stats_expect_values(loom::corrcoef(tensor<double>{1, 1, 1}), {nan});  // NumPy: 0 / 0
}

// corrcoef takes cov's options: bias and ddof cancel, as NumPy's corrcoef ignores them (even a ddof that
// leaves cov no degrees of freedom); weights, which NumPy's corrcoef does not take, are refused.
TEST(StatsCorrcoef, TakesCovsOptions) {
    const tensor<double> a{-2.1, -1, 4.3};
    const tensor<double> b{3, 1.1, 0.12};
    const std::vector<double> expected{1, -0.8553578095227946, -0.8553578095227946, 1};
    stats_expect_values(loom::corrcoef(a, b, {.bias = true}), expected);
    stats_expect_values(loom::corrcoef(a, b, {.ddof = 3}), expected);
    stats_expect_values(loom::corrcoef(loom::stack({a, b}, 1), {.rowvar = false, .bias = true, .ddof = 0}), expected);
    EXPECT_EQ(message_of([&] { loom::corrcoef(a, b, {.aweights = std::vector<double>{1, 2, 3}}); }),
              "corrcoef: fweights and aweights are cov's, not corrcoef's (NumPy's corrcoef takes no weights); "
              "for a weighted correlation, divide cov(m, {..., .aweights = w}) by the square roots of its diagonal");
    EXPECT_THROW(loom::corrcoef(a, {.fweights = std::vector<std::int64_t>{1, 1, 1}}), std::invalid_argument);
}

TEST(StatsHalf, Float16StaysFloat16AsNumPysFloat16) {
    const tensor<loom::float16> h{{1.5f, NAN, 3.f}, {4.f, 5.25f, 2.f}};
    static_assert(std::is_same_v<decltype(loom::median(h))::value_type, loom::float16>);
    static_assert(std::is_same_v<loom::value_type_of<decltype(loom::nanvar(h))>, loom::float16>);
    // NumPy, on the same float16 array: np.median(h, 1), np.nanmedian(h, 1), np.nanvar(h, 1),
    // np.nanstd(h), np.nanprod(h, 0), np.nanargmax(h, 1)
    stats_expect_values(loom::median(h, 1), {nan, 4});
    stats_expect_values(loom::nanmedian(h, 1), {2.25, 4});
    stats_expect_values(loom::nanvar(h, 1), {0.5625, 1.7919921875});
    stats_expect_values(loom::nanstd(h), {1.3564453125});
    stats_expect_values(loom::nanprod(h, 0), {6, 5.25, 6});
    EXPECT_EQ(evaluated(loom::nanargmax(h, 1)), (std::vector<std::int64_t>{2, 1}));
    // float16 stays float16 here; NumPy 1.24's np.nanpercentile(h, 40, 1) is float64 [2.1, 3.6].
    stats_expect_values(loom::nanpercentile(h, 40, 1), {2.099609375, 3.599609375});
}

TEST(StatsStddev, IsLoomStdUnderAnUnambiguousName) {
    const tensor<double> x{{1, 2}, {3, 5}};
    EXPECT_EQ(evaluated(loom::stddev(x, 0, 1)), evaluated(loom::std(x, 0, 1)));
    // NumPy: np.std([[1, 2], [3, 5]]) == 1.479019945774904
    stats_expect_values(loom::stddev(x), {1.479019945774904});
}

}  // namespace
