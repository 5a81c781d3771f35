// Counting into bins (stats/counting.hpp): histogram, histogram_density,
// histogram2d, bincount and digitize. NumPy's documented examples first,
// then NaN and infinities, weights, dtypes, empty arrays and every error.
// Expected values are NumPy 1.24's (/usr/bin/python3).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"
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

using counting_range = std::pair<double, double>;

// ---- histogram ----

TEST(Histogram, NumPyExampleWithEdges) {
    // NumPy: np.histogram([1, 2, 1], bins=[0, 1, 2, 3]) -> ([0, 2, 1], [0, 1, 2, 3])
    const auto [counts, edges] = loom::histogram(tensor<int>{1, 2, 1}, tensor<int>{0, 1, 2, 3});
    static_assert(std::is_same_v<decltype(counts), const tensor<std::int64_t>>);
    static_assert(std::is_same_v<decltype(edges), const tensor<int>>);
    EXPECT_EQ(elements_of(counts), (std::vector<std::int64_t>{0, 2, 1}));
    EXPECT_EQ(elements_of(edges), (std::vector<int>{0, 1, 2, 3}));
    // NumPy: np.histogram([[1, 2, 1], [1, 0, 1]], bins=[0, 1, 2, 3]) -> [1, 4, 1]
    EXPECT_EQ(elements_of(loom::histogram(tensor<int>{{1, 2, 1}, {1, 0, 1}}, tensor<int>{0, 1, 2, 3}).counts),
              (std::vector<std::int64_t>{1, 4, 1}));
}

TEST(Histogram, NumPyExampleDensity) {
    // NumPy: np.histogram(np.arange(4), bins=np.arange(5), density=True) -> [0.25, 0.25, 0.25, 0.25]
    const auto [density, edges] = loom::histogram_density(loom::arange(4), loom::arange(5));
    static_assert(std::is_same_v<decltype(density), const tensor<double>>);
    EXPECT_EQ(elements_of(density), (std::vector<double>{0.25, 0.25, 0.25, 0.25}));
    // NumPy: a = np.arange(5); np.histogram(a, density=True)
    const auto ten = loom::histogram_density(loom::arange(5));
    EXPECT_EQ(elements_of(ten.counts), (std::vector<double>{0.5, 0.0, 0.49999999999999983, 0.0, 0.0,
                                                            0.49999999999999956, 0.0, 0.5000000000000001, 0.0,
                                                            0.5000000000000001}));
    EXPECT_EQ(elements_of(ten.edges), (std::vector<double>{0.0, 0.4, 0.8, 1.2000000000000002, 1.6, 2.0,
                                                           2.4000000000000004, 2.8000000000000003, 3.2, 3.6, 4.0}));
}

TEST(Histogram, EvenBinsOverTheDataOrARange) {
    // NumPy: np.histogram([1, 2, 3, 4, 5], 3) -> [2, 1, 2], edges [1, 2.333.., 3.666.., 5]
    const auto [counts, edges] = loom::histogram(tensor<int>{1, 2, 3, 4, 5}, 3);
    static_assert(std::is_same_v<decltype(edges), const tensor<double>>);
    EXPECT_EQ(elements_of(counts), (std::vector<std::int64_t>{2, 1, 2}));
    EXPECT_EQ(elements_of(edges), elements_of(loom::linspace(1, 5, 4)));
    // NumPy: np.histogram([0.5, 1.5, 2.5, nan, inf], 3, range=(0, 3)) -> [1, 1, 1]: NaN and inf left out
    EXPECT_EQ(elements_of(loom::histogram(tensor<double>{0.5, 1.5, 2.5, nan, inf}, 3, counting_range{0, 3}).counts),
              (std::vector<std::int64_t>{1, 1, 1}));
    // NumPy: np.histogram([1, 2, 3], bins=3, range=(0, 1)) -> [0, 0, 1]: the last bin is closed
    EXPECT_EQ(elements_of(loom::histogram(tensor<int>{1, 2, 3}, 3, counting_range{0, 1}).counts),
              (std::vector<std::int64_t>{0, 0, 1}));
}

TEST(Histogram, EdgesOfFloat32DataAreFloat32) {
    // NumPy: np.histogram(np.float32([0.1, 0.2, 0.7]), 2, range=(0.0, 1.0)) -> [2, 1], float32 [0, 0.5, 1]
    const auto [counts, edges] = loom::histogram(tensor<float>{0.1f, 0.2f, 0.7f}, 2, counting_range{0.0, 1.0});
    static_assert(std::is_same_v<decltype(edges), const tensor<float>>);
    EXPECT_EQ(elements_of(counts), (std::vector<std::int64_t>{2, 1}));
    EXPECT_EQ(elements_of(edges), (std::vector<float>{0.0f, 0.5f, 1.0f}));
    // NumPy: np.histogram(np.float32([2, 2]), 4) -> [0, 0, 2, 0], float32 edges [1.5, 1.75, 2, 2.25, 2.5]
    const auto equal = loom::histogram(tensor<float>{2, 2}, 4);
    EXPECT_EQ(elements_of(equal.counts), (std::vector<std::int64_t>{0, 0, 2, 0}));
    EXPECT_EQ(elements_of(equal.edges), (std::vector<float>{1.5f, 1.75f, 2.0f, 2.25f, 2.5f}));
}

TEST(Histogram, BoolsAndEmptyData) {
    // NumPy: np.histogram([True, False, True], 4) -> [1, 0, 0, 2], float64 edges [0, 0.25, 0.5, 0.75, 1]
    const auto b = loom::histogram(tensor<bool>{true, false, true}, 4);
    EXPECT_EQ(elements_of(b.counts), (std::vector<std::int64_t>{1, 0, 0, 2}));
    EXPECT_EQ(elements_of(b.edges), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    // NumPy: np.histogram(np.float32([]), 4) -> zeros, float32 edges over [0, 1]
    const auto none = loom::histogram(tensor<float>(shape_type{0}), 4);
    EXPECT_EQ(elements_of(none.counts), (std::vector<std::int64_t>{0, 0, 0, 0}));
    EXPECT_EQ(elements_of(none.edges), (std::vector<float>{0, 0.25f, 0.5f, 0.75f, 1}));
    // NumPy: np.histogram([1, 2], bins=[]) and bins=[1] -> no counts
    EXPECT_EQ(loom::histogram(tensor<int>{1, 2}, tensor<double>(shape_type{0})).counts.shape(), (shape_type{0}));
    EXPECT_EQ(loom::histogram(tensor<int>{1, 2}, tensor<int>{1}).counts.shape(), (shape_type{0}));
}

TEST(Histogram, RepeatedEdgesAsNumPy) {
    // NumPy: np.histogram([1, 2, 1], bins=[0, 1, 1, 3]) -> [0, 0, 3]; np.histogram([3, 3], [0, 1, 3, 3]) -> [0, 0, 2]
    EXPECT_EQ(elements_of(loom::histogram(tensor<int>{1, 2, 1}, tensor<int>{0, 1, 1, 3}).counts),
              (std::vector<std::int64_t>{0, 0, 3}));
    EXPECT_EQ(elements_of(loom::histogram(tensor<int>{3, 3}, tensor<int>{0, 1, 3, 3}).counts),
              (std::vector<std::int64_t>{0, 0, 2}));
}

TEST(Histogram, WeightsKeepTheirType) {
    // NumPy: np.histogram([1, 2, 3, 4], 2, weights=[1, 2, 3, 4]) -> [3., 7.]; int32 weights give int32
    const tensor<int> data{1, 2, 3, 4};
    const auto real = loom::histogram(data, 2, std::nullopt, tensor<double>{1, 2, 3, 4});
    EXPECT_EQ(elements_of(real.counts), (std::vector<double>{3, 7}));
    const auto whole = loom::histogram(data, 2, std::nullopt, tensor<std::int32_t>{1, 2, 3, 4});
    static_assert(std::is_same_v<decltype(whole.counts), tensor<std::int32_t>>);
    EXPECT_EQ(elements_of(whole.counts), (std::vector<std::int32_t>{3, 7}));
    // NumPy: the same with density=True -> [0.2, 0.4666666666666667]
    const auto density = loom::histogram_density(data, 2, std::nullopt, tensor<double>{1, 2, 3, 4});
    EXPECT_DOUBLE_EQ(density.counts(0), 0.2);
    EXPECT_DOUBLE_EQ(density.counts(1), 0.4666666666666667);
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data, 2, std::nullopt, tensor<double>{1, 2}); }),
                HasSubstr("histogram: the weights have shape [2] but the data [4]"));
}

TEST(Histogram, RefusesWhatNumPyRefuses) {
    const tensor<double> data{1, 2, nan};
    EXPECT_THAT(message_of([&] { (void)loom::histogram(data); }), HasSubstr("the data hold nan"));
    EXPECT_THROW((void)loom::histogram(tensor<double>{1, -inf}), std::invalid_argument);
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{1}, 0); }),
                HasSubstr("histogram: the number of bins is 0"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{1}, 2, counting_range{2, 1}); }),
                HasSubstr("histogram: the range [2.0, 1.0] has its maximum below its minimum"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{1}, 2, counting_range{0, inf}); }),
                HasSubstr("histogram: the range [0.0, inf] is not finite"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{1}, tensor<int>{0, 3, 2}); }),
                HasSubstr("histogram: the bin edges must increase monotonically, but edge 2 (2) is below edge 1 (3)"));
    EXPECT_THAT(message_of([] { (void)loom::histogram(tensor<int>{1}, tensor<int>{{0, 1}}); }),
                HasSubstr("histogram: the bin edges must have 1 dimension, but their shape is [1, 2]"));
}

// ---- histogram2d ----

TEST(Histogram2d, NumbersOfBinsPerAxis) {
    // NumPy: x = [0, 1, 1, 2, 5]; y = [0, 0, 3, 3, 4]; np.histogram2d(x, y, bins=(3, 2))
    const tensor<int> x{0, 1, 1, 2, 5}, y{0, 0, 3, 3, 4};
    const auto [h, x_edges, y_edges] = loom::histogram2d(x, y, std::pair{3, 2});
    EXPECT_EQ(h.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(h), (std::vector<double>{2, 1, 0, 1, 0, 1}));
    EXPECT_EQ(elements_of(x_edges), (std::vector<double>{0.0, 1.6666666666666667, 3.3333333333333335, 5.0}));
    EXPECT_EQ(elements_of(y_edges), (std::vector<double>{0, 2, 4}));
}

TEST(Histogram2d, EdgesDensityRangeAndWeights) {
    const tensor<int> x{0, 1, 1, 2, 5}, y{0, 0, 3, 3, 4};
    // NumPy: np.histogram2d(x, y, bins=[[0, 1, 6], [0, 2, 4]], density=True) -> [[0.1, 0], [0.02, 0.06]]
    const auto d = loom::histogram2d(x, y, std::pair{tensor<int>{0, 1, 6}, tensor<int>{0, 2, 4}}, {}, true);
    static_assert(std::is_same_v<decltype(d.x_edges), tensor<int>>);
    const std::vector<double> expected{0.1, 0.0, 0.02, 0.06};
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_DOUBLE_EQ(elements_of(d.counts)[i], expected[i]);
    // NumPy: np.histogram2d(x, y, bins=2, weights=[1, 2, 3, 4, 5], range=[(0, 4), (0, 4)]) -> [[3, 3], [0, 4]]
    const auto w = loom::histogram2d(x, y, 2, {counting_range{0, 4}, counting_range{0, 4}}, false,
                                     tensor<int>{1, 2, 3, 4, 5});
    EXPECT_EQ(elements_of(w.counts), (std::vector<double>{3, 3, 0, 4}));
    EXPECT_EQ(elements_of(w.x_edges), (std::vector<double>{0, 2, 4}));
    const auto empty = loom::histogram2d(tensor<double>(shape_type{0}), tensor<double>(shape_type{0}), 2);
    EXPECT_EQ(elements_of(empty.counts), (std::vector<double>{0, 0, 0, 0}));
}

TEST(Histogram2d, RefusesMismatchedPoints) {
    EXPECT_THAT(message_of([] { (void)loom::histogram2d(tensor<int>{1, 2}, tensor<int>{1}); }),
                HasSubstr("histogram2d: x and y must have 1 dimension and one length, but their shapes are [2] and [1]"));
    EXPECT_THROW((void)loom::histogram2d(tensor<int>{1}, tensor<int>{1}, 2, {}, false, tensor<int>{1, 2}),
                 std::invalid_argument);
    EXPECT_THAT(message_of([] { (void)loom::histogram2d(tensor<double>{nan}, tensor<double>{1}); }),
                HasSubstr("histogram2d (x): the data hold nan"));
    // NumPy: np.histogram2d([1], [1], [[], 2]) raises IndexError; one edge gives no bins
    EXPECT_THAT(message_of([] {
                    (void)loom::histogram2d(tensor<int>{1}, tensor<int>{1}, std::pair{tensor<int>(shape_type{0}), 2});
                }),
                HasSubstr("histogram2d (x): the bin edges are empty"));
    EXPECT_EQ(loom::histogram2d(tensor<int>{1}, tensor<int>{1}, std::pair{tensor<int>{1}, 2}).counts.shape(),
              (shape_type{0, 2}));
}

// ---- bincount ----

TEST(Bincount, NumPyExamples) {
    // NumPy: np.bincount(np.arange(5)) -> [1, 1, 1, 1, 1]; np.bincount([0, 1, 1, 3, 2, 1, 7]) -> [1, 3, 1, 1, 0, 0, 0, 1]
    EXPECT_EQ(elements_of(loom::bincount(loom::arange(5))), (std::vector<std::int64_t>{1, 1, 1, 1, 1}));
    EXPECT_EQ(elements_of(loom::bincount(tensor<int>{0, 1, 1, 3, 2, 1, 7})),
              (std::vector<std::int64_t>{1, 3, 1, 1, 0, 0, 0, 1}));
    // NumPy: w = [0.3, 0.5, 0.2, 0.7, 1., -0.6]; x = [0, 1, 1, 2, 2, 2]; np.bincount(x, weights=w) -> [0.3, 0.7, 1.1]
    const tensor<double> w{0.3, 0.5, 0.2, 0.7, 1., -0.6};
    EXPECT_EQ(elements_of(loom::bincount(tensor<int>{0, 1, 1, 2, 2, 2}, w)), (std::vector<double>{0.3, 0.7, 1.1}));
}

TEST(Bincount, MinlengthBoolsAndEmpty) {
    // NumPy: np.bincount([], minlength=3) -> [0, 0, 0]; np.bincount([1], minlength=3) -> [0, 1, 0];
    // np.bincount([True, False, True]) -> [1, 2]
    EXPECT_EQ(elements_of(loom::bincount(tensor<int>(shape_type{0}), 3)), (std::vector<std::int64_t>{0, 0, 0}));
    EXPECT_EQ(elements_of(loom::bincount(tensor<int>{1}, 3)), (std::vector<std::int64_t>{0, 1, 0}));
    EXPECT_EQ(elements_of(loom::bincount(tensor<bool>{true, false, true})), (std::vector<std::int64_t>{1, 2}));
    EXPECT_EQ(loom::bincount(tensor<std::uint8_t>(shape_type{0})).shape(), (shape_type{0}));
}

TEST(Bincount, RefusesNegativeValuesAndOtherRanks) {
    EXPECT_THAT(message_of([] { (void)loom::bincount(tensor<int>{0, 3, -2}); }),
                HasSubstr("bincount: x[2] is -2; every value must be 0 or more"));
    EXPECT_THAT(message_of([] { (void)loom::bincount(tensor<int>{{1}}); }),
                HasSubstr("bincount: x must have 1 dimension, but its shape is [1, 1]"));
    EXPECT_THAT(message_of([] { (void)loom::bincount(tensor<int>{1}, -1); }),
                HasSubstr("bincount: minlength is -1"));
    EXPECT_THROW((void)loom::bincount(tensor<int>{1}, tensor<double>{1, 2}), std::invalid_argument);
    EXPECT_THROW((void)loom::bincount(tensor<index_t>{std::numeric_limits<index_t>::max()}), std::length_error);
}

// ---- digitize ----

TEST(Digitize, NumPyExamples) {
    // NumPy: x = [0.2, 6.4, 3.0, 1.6]; bins = [0.0, 1.0, 2.5, 4.0, 10.0]; np.digitize(x, bins) -> [1, 4, 3, 2]
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{0.2, 6.4, 3.0, 1.6}, tensor<double>{0.0, 1.0, 2.5, 4.0, 10.0})),
              (std::vector<index_t>{1, 4, 3, 2}));
    // NumPy: x = [1.2, 10.0, 12.4, 15.5, 20.]; bins = [0, 5, 10, 15, 20]; right=True -> [1, 2, 3, 4, 4],
    // right=False -> [1, 3, 3, 4, 5]
    const tensor<double> x{1.2, 10.0, 12.4, 15.5, 20.0};
    const tensor<int> bins{0, 5, 10, 15, 20};
    EXPECT_EQ(elements_of(loom::digitize(x, bins, true)), (std::vector<index_t>{1, 2, 3, 4, 4}));
    EXPECT_EQ(elements_of(loom::digitize(x, bins)), (std::vector<index_t>{1, 3, 3, 4, 5}));
}

TEST(Digitize, DecreasingBinsNaNAndShapes) {
    // NumPy: np.digitize(x, bins[::-1]) -> [4, 2, 2, 1, 0]; right=True -> [4, 3, 2, 1, 1]
    const tensor<double> x{1.2, 10.0, 12.4, 15.5, 20.0};
    const tensor<int> down{20, 15, 10, 5, 0};
    EXPECT_EQ(elements_of(loom::digitize(x, down)), (std::vector<index_t>{4, 2, 2, 1, 0}));
    EXPECT_EQ(elements_of(loom::digitize(x, down, true)), (std::vector<index_t>{4, 3, 2, 1, 1}));
    // NumPy: np.digitize([nan, -1.0], [0., 1.]) -> [2, 0]; np.digitize([1, 2], [2, 2, 2]) -> [0, 3];
    // np.digitize([[1, 5]], [3]) -> [[0, 1]]
    EXPECT_EQ(elements_of(loom::digitize(tensor<double>{nan, -1.0}, tensor<double>{0, 1})),
              (std::vector<index_t>{2, 0}));
    EXPECT_EQ(elements_of(loom::digitize(tensor<int>{1, 2}, tensor<int>{2, 2, 2})), (std::vector<index_t>{0, 3}));
    const tensor<index_t> matrix = loom::digitize(tensor<int>{{1, 5}}, tensor<int>{3});
    EXPECT_EQ(matrix.shape(), (shape_type{1, 2}));
    EXPECT_EQ(elements_of(loom::digitize(tensor<int>{1}, tensor<int>(shape_type{0}))), (std::vector<index_t>{0}));
}

TEST(Digitize, RefusesUnsortedBins) {
    EXPECT_THAT(message_of([] { (void)loom::digitize(tensor<int>{1}, tensor<int>{1, 3, 2}); }),
                HasSubstr("digitize: the 3 bins must increase or decrease monotonically"));
    EXPECT_THROW((void)loom::digitize(tensor<int>{1}, tensor<int>{{1, 2}}), std::invalid_argument);
}

}  // namespace
