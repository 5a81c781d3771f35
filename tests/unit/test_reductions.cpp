// Reductions (reduce/): values and result types as NumPy 1.24 gives them for
// the same inputs, empty extents, errors, accuracy of float sums, results
// independent of the operand's layout, and reductions inside larger
// expressions computed once.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "counted_identity.hpp"
#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::flat;
using loom::testing::elements_of;
using loom::testing::expect_error_text;
using loom::index_t;
using loom::shape_type;
using loom::tensor;

// The example most tests reduce: NumPy's outputs for it are quoted beside each check.
tensor<float> example() {
    return tensor<float>{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8}.reshape({3, 4});
}

template <class T, class E>
tensor<T> evaluated(const E& e) {
    static_assert(std::same_as<loom::value_type_of<E>, T>, "unexpected result type");
    return tensor<T>(e);
}

TEST(Reductions, SumOverEveryAxisOneAxisAndSeveral) {
    const tensor<float> x = example();
    EXPECT_EQ(evaluated<float>(loom::sum(x)).shape(), shape_type{});
    EXPECT_EQ(evaluated<float>(loom::sum(x)).item(), 52.f);
    EXPECT_EQ(elements_of(evaluated<float>(loom::sum(x, 0))), (std::vector<float>{13, 13, 11, 15}));
    EXPECT_EQ(elements_of(evaluated<float>(loom::sum(x, 1))), (std::vector<float>{9, 22, 21}));
    EXPECT_EQ(elements_of(evaluated<float>(loom::sum(x, -1))), (std::vector<float>{9, 22, 21}));
    EXPECT_EQ(evaluated<float>(loom::sum(x, {0, 1})).item(), 52.f);
    EXPECT_EQ(evaluated<float>(loom::sum(x, {-1, 0})).item(), 52.f);
}

TEST(Reductions, AnAxisOfAnyIntegerTypeIsOneAxis) {
    const tensor<float> x = example();
    const auto rows = elements_of(evaluated<float>(loom::sum(x, 1)));
    // A loop over the axes counts in std::size_t; ndim() and shape().size() are std::size_t too.
    for (std::size_t axis = 0; axis < x.ndim(); ++axis) {
        EXPECT_EQ(elements_of(evaluated<float>(loom::sum(x, axis))), elements_of(evaluated<float>(loom::sum(x, int(axis)))));
    }
    EXPECT_EQ(elements_of(evaluated<float>(loom::mean(x, std::uint8_t{1}) * 4.f)), rows);
    EXPECT_EQ(elements_of(evaluated<float>(loom::sum(x, short{-1}))), rows);
    // Not wrapped to -1, the last axis: refused, as every axis past the shape's.
    EXPECT_THROW((void)loom::sum(x, std::size_t(-1)), std::out_of_range);
}

TEST(Reductions, KeepdimsKeepsReducedAxesAsOnes) {
    const tensor<float> x = example();
    EXPECT_EQ(tensor<float>(loom::sum(x, 1, true)).shape(), (shape_type{3, 1}));
    EXPECT_EQ(tensor<float>(loom::sum(x, 0, true)).shape(), (shape_type{1, 4}));
    EXPECT_EQ(tensor<float>(loom::sum(x, flat, true)).shape(), (shape_type{1, 1}));
    const tensor<float> cube = loom::ones<float>({2, 3, 4});
    EXPECT_EQ(tensor<float>(loom::sum(cube, {0, 2})).shape(), (shape_type{3}));
    EXPECT_EQ(tensor<float>(loom::sum(cube, {0, 2}, true)).shape(), (shape_type{1, 3, 1}));
    EXPECT_EQ(elements_of(tensor<float>(loom::sum(cube, {0, 2}))), (std::vector<float>{8, 8, 8}));
}

TEST(Reductions, MeanProdMinMaxAsNumPy) {
    const tensor<float> x = example();
    EXPECT_FLOAT_EQ(evaluated<float>(loom::mean(x)).item(), 4.3333335f);
    EXPECT_EQ(elements_of(evaluated<float>(loom::mean(x, 0))), (std::vector<float>{13.f / 3, 13.f / 3, 11.f / 3, 5}));
    EXPECT_EQ(elements_of(evaluated<float>(loom::prod(x, 1))), (std::vector<float>{12, 540, 600}));
    EXPECT_EQ(elements_of(evaluated<float>(loom::max(x, 0))), (std::vector<float>{5, 9, 5, 8}));
    EXPECT_EQ(elements_of(evaluated<float>(loom::min(x, 1))), (std::vector<float>{1, 2, 3}));
}

TEST(Reductions, VarAndStdWithDdof) {
    const tensor<float> x = example();
    EXPECT_FLOAT_EQ(evaluated<float>(loom::var(x)).item(), 5.888889f);
    const std::vector<float> var_rows = elements_of(evaluated<float>(loom::var(x, 1, 1)));
    const std::vector<float> numpy_var_rows{2.25f, 8.333333f, 4.25f};  // x.var(1, ddof=1)
    for (std::size_t i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(var_rows[i], numpy_var_rows[i]);
    const std::vector<float> std_columns = elements_of(evaluated<float>(loom::std(x, 0)));
    const std::vector<float> numpy_std_columns{0.942809f, 3.3993464f, 1.2472192f, 2.9439204f};  // x.std(0)
    for (std::size_t i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(std_columns[i], numpy_std_columns[i]);
    // n - ddof <= 0 divides by 0, as NumPy: NaN for a zero sum of squares.
    EXPECT_TRUE(std::isnan(tensor<double>(loom::var(tensor<double>{1.0}, flat, 1)).item()));
}

TEST(Reductions, ResultTypesAreNumPys) {
    const tensor<std::int32_t> i = loom::astype<std::int32_t>(example());
    EXPECT_EQ(evaluated<std::int64_t>(loom::sum(i)).item(), 52);
    EXPECT_EQ(evaluated<std::int64_t>(loom::prod(i)).item(), 3888000);
    EXPECT_EQ(elements_of(evaluated<double>(loom::mean(i, 1))), (std::vector<double>{2.25, 5.5, 5.25}));
    const std::vector<double> numpy_var{0.88888889, 11.55555556, 1.55555556, 8.66666667};  // i.var(0)
    const std::vector<double> var_columns = elements_of(evaluated<double>(loom::var(i, 0)));
    for (std::size_t k = 0; k < 4; ++k) EXPECT_NEAR(var_columns[k], numpy_var[k], 1e-8);
    EXPECT_EQ(evaluated<std::uint64_t>(loom::sum(tensor<std::uint8_t>{200, 100})).item(), 300u);
    EXPECT_EQ(evaluated<std::int64_t>(loom::sum(tensor<bool>{true, true, false})).item(), 2);
    EXPECT_EQ(evaluated<std::int32_t>(loom::max(i)).item(), 9);
    EXPECT_EQ(evaluated<std::int64_t>(loom::argmax(i)).item(), 5);
    EXPECT_EQ(evaluated<bool>(loom::any(i > 8)).item(), true);
    EXPECT_EQ(evaluated<bool>(loom::all_of(i > 1)).item(), false);
    EXPECT_EQ(evaluated<std::int64_t>(loom::count_nonzero(i - 1, flat, false)).item(), 10);
    // NumPy's dtype=: the accumulator, and the result.
    EXPECT_EQ(evaluated<double>(loom::sum<double>(example())).item(), 52.0);
    EXPECT_EQ(evaluated<double>(loom::mean<double>(example(), 1)).shape(), (shape_type{3}));
}

TEST(Reductions, IntegerSumsWrapAroundAsNumPy) {
    const tensor<std::int64_t> big{std::numeric_limits<std::int64_t>::max(), 1};
    EXPECT_EQ(tensor<std::int64_t>(loom::sum(big)).item(), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(tensor<std::int64_t>(loom::prod(tensor<std::int64_t>{std::int64_t{1} << 62, 4})).item(), 0);
}

TEST(Reductions, AnyAndAllOf) {
    const tensor<float> x = example();
    EXPECT_EQ(elements_of(evaluated<bool>(loom::any(x > 8.f, 1))), (std::vector<bool>{false, true, false}));
    EXPECT_EQ(elements_of(evaluated<bool>(loom::all_of(x >= 2.f, 0))), (std::vector<bool>{true, false, true, false}));
    EXPECT_TRUE(tensor<bool>(loom::any(tensor<double>{0.0, std::nan("")})).item());  // NaN is non-zero
    EXPECT_TRUE(tensor<bool>(loom::all_of(tensor<double>{1.0, std::nan("")})).item());
}

TEST(Reductions, AllIsTheIndexOfAWholeDimensionAndNotNumPysAll) {
    // numpy.all is all_of; `all` is NumPy's `:` in an index, and nothing else.
    const tensor<float> x = example();
    EXPECT_EQ(x(loom::all, 1).shape(), (shape_type{3}));
    static_assert(!std::invocable<loom::all_t, const tensor<bool>&>);
    expect_error_text<std::out_of_range>([&] { (void)loom::all_of(x > 0.f, 2); },
                                         "all_of: axis 2 is out of range for shape [3, 4]; use a value in [-2, 2)");
}

TEST(Reductions, NanVariantsSkipNan) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const tensor<double> n{1.0, nan, 3.0, 2.0};
    EXPECT_EQ(tensor<double>(loom::nansum(n)).item(), 6.0);
    EXPECT_EQ(tensor<double>(loom::nanmean(n)).item(), 2.0);
    EXPECT_EQ(tensor<double>(loom::nanmax(n)).item(), 3.0);
    EXPECT_EQ(tensor<double>(loom::nanmin(n)).item(), 1.0);
    EXPECT_TRUE(std::isnan(tensor<double>(loom::max(n)).item()));
    EXPECT_TRUE(std::isnan(tensor<double>(loom::min(n)).item()));
    EXPECT_TRUE(std::isnan(tensor<double>(loom::sum(n)).item()));
    EXPECT_TRUE(std::isnan(tensor<double>(loom::nanmax(tensor<double>{nan, nan})).item()));
    EXPECT_TRUE(std::isnan(tensor<double>(loom::nanmean(tensor<double>{nan})).item()));
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(n)).item(), 1);  // the first NaN, as NumPy
    EXPECT_EQ(tensor<std::int64_t>(loom::argmin(n)).item(), 1);
}

TEST(Reductions, EmptyExtentsGiveIdentitiesOrRefuse) {
    const tensor<float> empty = loom::zeros<float>({0, 3});
    EXPECT_EQ(elements_of(tensor<float>(loom::sum(empty, 0))), (std::vector<float>{0, 0, 0}));
    EXPECT_EQ(elements_of(tensor<float>(loom::prod(empty, 0))), (std::vector<float>{1, 1, 1}));
    EXPECT_FALSE(tensor<bool>(loom::any(empty)).item());
    EXPECT_TRUE(tensor<bool>(loom::all_of(empty)).item());
    EXPECT_TRUE(std::isnan(tensor<float>(loom::mean(empty)).item()));
    // A non-empty extent and no result elements: an empty result, as NumPy.
    EXPECT_EQ(tensor<float>(loom::max(empty, 1)).shape(), (shape_type{0}));
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(empty, 1)).shape(), (shape_type{0}));
    // An empty extent is refused even when the result is empty too: NumPy raises for
    // np.zeros((0, 0)).max(1) and .argmax(1).
    const tensor<float> none = loom::zeros<float>({0, 0});
    EXPECT_THROW((void)loom::max(none, 1), std::invalid_argument);
    EXPECT_THROW((void)loom::nanmin(none, {0}, true), std::invalid_argument);
    EXPECT_THROW((void)loom::argmax(none, 1), std::invalid_argument);
    EXPECT_THROW((void)loom::argmin(none, 0, true), std::invalid_argument);
    EXPECT_EQ(tensor<float>(loom::max(none, loom::axis_set{})).shape(), (shape_type{0, 0}));  // no axis reduced
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::max(empty, 0); },
        "max: shape [0, 3] has no elements along axis 0, and max of no elements has no value (no identity); "
        "reduce over a non-empty extent, or use a reduction with an identity such as sum");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::min(empty); },
        "min: shape [0, 3] has no elements along axes [0, 1], and min of no elements has no value (no identity); "
        "reduce over a non-empty extent, or use a reduction with an identity such as sum");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::argmin(empty); },
        "argmin: shape [0, 3] has no elements along axes [0, 1], so there is no index to give; use a non-empty extent");
}

TEST(Reductions, BadAxesAreRefusedWithTheShape) {
    const tensor<float> x = example();
    expect_error_text<std::out_of_range>([&] { (void)loom::sum(x, 2); },
                                         "sum: axis 2 is out of range for shape [3, 4]; use a value in [-2, 2)");
    expect_error_text<std::invalid_argument>([&] { (void)loom::mean(x, {1, -1}); },
                                             "mean: axis -1 is given twice for shape [3, 4]; give each axis once");
    expect_error_text<std::invalid_argument>([&] { (void)loom::argmax(x, {0, 1}); },
                                             "argmax: give one axis, or flat, not 2 axes, for shape [3, 4]");
    EXPECT_THROW((void)loom::cumsum(x, -3), std::out_of_range);
}

TEST(Reductions, ArgmaxAndArgminAlongAnAxisAndFlattened) {
    const tensor<float> x = example();
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(x)).item(), 5);
    EXPECT_EQ(elements_of(tensor<std::int64_t>(loom::argmax(x, 0))), (std::vector<std::int64_t>{1, 1, 2, 2}));
    EXPECT_EQ(elements_of(tensor<std::int64_t>(loom::argmin(x, 1))), (std::vector<std::int64_t>{1, 2, 1}));
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(x, 1, true)).shape(), (shape_type{3, 1}));
    // Ties give the first; the flattened index of a view is in its own row-major order.
    EXPECT_EQ(tensor<std::int64_t>(loom::argmin(x)).item(), 1);
    EXPECT_EQ(tensor<std::int64_t>(loom::argmax(x.transpose())).item(), 4);  // x.T.argmax()
    EXPECT_EQ(elements_of(tensor<std::int64_t>(loom::argmax(loom::ones<float>({3, 1}), 1))),
              (std::vector<std::int64_t>{0, 0, 0}));
}

TEST(Reductions, CumsumAndCumprod) {
    const tensor<float> x = example();
    EXPECT_EQ(elements_of(evaluated<float>(loom::cumsum(x))),
              (std::vector<float>{3, 4, 8, 9, 14, 23, 25, 31, 36, 39, 44, 52}));
    EXPECT_EQ(elements_of(tensor<float>(loom::cumsum(x, 0))),
              (std::vector<float>{3, 1, 4, 1, 8, 10, 6, 7, 13, 13, 11, 15}));
    EXPECT_EQ(elements_of(tensor<float>(loom::cumprod(x, 1))),
              (std::vector<float>{3, 3, 12, 12, 5, 45, 90, 540, 5, 15, 75, 600}));
    EXPECT_EQ(elements_of(evaluated<std::int64_t>(loom::cumsum(tensor<std::int8_t>{100, 100, 100}))),
              (std::vector<std::int64_t>{100, 200, 300}));
    EXPECT_EQ(elements_of(tensor<float>(loom::cumsum(x.transpose(), 1))),
              (std::vector<float>{3, 8, 13, 1, 10, 13, 4, 6, 11, 1, 7, 15}));
    tensor<float> in_place = example();
    in_place = loom::cumsum(in_place, 1);  // the operand is the destination
    EXPECT_EQ(elements_of(in_place), (std::vector<float>{3, 4, 8, 9, 5, 14, 16, 22, 5, 8, 13, 21}));
}

// The error of a float32 sum of 2^24 values of 0.1: a running sum stalls far
// from the true value once its increments fall below half an ulp; the
// pairwise sum stays within a few ulps.
TEST(Reductions, FloatSumsArePairwiseNotRunning) {
    const index_t n = index_t{1} << 24;
    const tensor<float> tenths = loom::full<float>({n}, 0.1f);
    const double exact = static_cast<double>(0.1f) * static_cast<double>(n);
    float running = 0;
    for (index_t i = 0; i < n; ++i) running += tenths.data()[i];
    EXPECT_GT(std::abs(running - exact) / exact, 0.1);  // the case is one where a running sum drifts
    const float pairwise = tensor<float>(loom::sum(tenths)).item();
    EXPECT_LT(std::abs(pairwise - exact) / exact, 1e-6);
    const float mean = tensor<float>(loom::mean(tenths)).item();
    EXPECT_LT(std::abs(mean - 0.1f), 1e-7f);
}

// The same logical array reduces to exactly the same values, bit for bit,
// whatever its layout: a copy, a transposed view, a strided view.
TEST(Reductions, ResultsDoNotDependOnTheLayout) {
    std::mt19937 engine(7);
    std::uniform_real_distribution<float> uniform(-1.f, 1.f);
    tensor<float> base({40, 700});
    for (float& v : base) v = uniform(engine);
    const auto transposed = base.transpose();                                 // (700, 40)
    const auto strided = base(loom::range(0, 40, 2), loom::range(1, 700, 3));  // (20, 233)
    const tensor<float> transposed_copy(transposed), strided_copy(strided);
    for (const loom::axis_set& axes : {loom::axis_set(flat), loom::axis_set(0), loom::axis_set(1)}) {
        EXPECT_EQ(elements_of(tensor<float>(loom::sum(transposed, axes))),
                  elements_of(tensor<float>(loom::sum(transposed_copy, axes))));
        EXPECT_EQ(elements_of(tensor<float>(loom::mean(transposed, axes))),
                  elements_of(tensor<float>(loom::mean(transposed_copy, axes))));
        EXPECT_EQ(elements_of(tensor<float>(loom::var(transposed, axes))),
                  elements_of(tensor<float>(loom::var(transposed_copy, axes))));
        EXPECT_EQ(elements_of(tensor<float>(loom::sum(strided, axes))),
                  elements_of(tensor<float>(loom::sum(strided_copy, axes))));
    }
}

// Note [runs folded together]: rows folded into a row of results several at
// a time are folded in their order, one after the other, as one at a time:
// the same bits, for every count of rows (whole groups and the rows left
// over), sums, products and maxima, and an element-wise operand.
TEST(Reductions, RowsFoldedTogetherGiveTheBitsOfRowsFoldedInOrder) {
    std::mt19937 engine(11);
    std::uniform_real_distribution<float> uniform(0.5f, 1.5f);
    for (const index_t rows : {index_t{1}, index_t{3}, index_t{4}, index_t{5}, index_t{9}, index_t{130}}) {
        const index_t columns = 300;
        tensor<float> a({rows, columns}), b({rows, columns});
        for (float& v : a) v = uniform(engine);
        for (float& v : b) v = uniform(engine);
        const tensor<float> row = b(0, loom::all).copy();
        const tensor<float> sums = loom::sum(a, 0), products = loom::prod(a, 0), maxima = loom::max(a, 0);
        const tensor<float> differences = loom::sum(a - b, 0), shifted = loom::sum(a + row, 0);
        for (index_t j = 0; j < columns; ++j) {
            float sum = 0, product = 1, maximum = -std::numeric_limits<float>::infinity(), difference = 0, shift = 0;
            for (index_t i = 0; i < rows; ++i) {
                sum += a.at(i, j);
                product *= a.at(i, j);
                maximum = std::max(maximum, a.at(i, j));
                difference += a.at(i, j) - b.at(i, j);
                shift += a.at(i, j) + row.at(j);
            }
            ASSERT_EQ(sums.at(j), sum) << rows << " rows, column " << j;
            ASSERT_EQ(products.at(j), product) << rows << " rows, column " << j;
            ASSERT_EQ(maxima.at(j), maximum) << rows << " rows, column " << j;
            ASSERT_EQ(differences.at(j), difference) << rows << " rows, column " << j;
            ASSERT_EQ(shifted.at(j), shift) << rows << " rows, column " << j;  // a row read again for each run
        }
    }
    // A reduced dimension between two kept ones: nine rows of each (3, 9, 70) block, 4 + 4 + 1.
    tensor<float> c({3, 9, 70});
    for (float& v : c) v = uniform(engine);
    const tensor<float> middle = loom::sum(c, 1);
    for (index_t i = 0; i < 3; ++i) {
        for (index_t k = 0; k < 70; ++k) {
            float sum = 0;
            for (index_t j = 0; j < 9; ++j) sum += c.at(i, j, k);
            ASSERT_EQ(middle.at(i, k), sum) << i << ", " << k;
        }
    }
}

TEST(Reductions, InsideAnExpressionAReductionIsComputedOnce) {
    const tensor<float> x = example();
    int calls = 0;
    const auto counted = loom::make_node(loom::testing::counted_identity{&calls}, x);
    const tensor<float> shifted = x - loom::max(counted, 1, true);
    EXPECT_EQ(calls, 12);  // one pass over x, not one per result element
    EXPECT_EQ(elements_of(shifted), (std::vector<float>{-1, -3, 0, -3, -4, 0, -7, -3, -3, -5, -3, 0}));
}

TEST(Reductions, KeepdimsResultsBroadcastInsideExpressions) {
    const tensor<double> x = loom::astype<double>(example());
    const tensor<double> softmax = loom::exp(x - loom::max(x, 1, true)) / loom::sum(loom::exp(x - loom::max(x, 1, true)), 1, true);
    const std::vector<double> row_sums = elements_of(tensor<double>(loom::sum(softmax, 1)));
    for (double s : row_sums) EXPECT_NEAR(s, 1.0, 1e-15);
    EXPECT_NEAR(softmax(1, 1), std::exp(0.0) / (std::exp(-4.0) + 1 + std::exp(-7.0) + std::exp(-3.0)), 1e-15);
}

TEST(Reductions, AssignedIntoViewsAndWithCompoundOperators) {
    tensor<float> x = example();
    x = x - loom::max(x, 1, true);  // reads x, then writes it
    EXPECT_EQ(elements_of(x), (std::vector<float>{-1, -3, 0, -3, -4, 0, -7, -3, -3, -5, -3, 0}));

    tensor<float> y = example();
    y(0, loom::all) = loom::sum(y, 0);  // the destination is part of the operand
    EXPECT_EQ(elements_of(y), (std::vector<float>{13, 13, 11, 15, 5, 9, 2, 6, 5, 3, 5, 8}));

    tensor<float> z = example();
    z += loom::sum(z, 0);  // compound: z + sum(z, 0), the sum computed before z changes
    EXPECT_EQ(elements_of(z), (std::vector<float>{16, 14, 15, 16, 18, 22, 13, 21, 18, 16, 16, 23}));

    tensor<double> widened(loom::sum(example(), 1));  // float32 result stored into float64
    EXPECT_EQ(elements_of(widened), (std::vector<double>{9, 22, 21}));

    tensor<float> filled = loom::zeros<float>({2, 3});
    filled = loom::zeros<float>({2, 3}) + loom::sum(example());  // a rank-0 result broadcast
    EXPECT_EQ(elements_of(filled), (std::vector<float>(6, 52.f)));
}

TEST(Reductions, ReadTheExpressionInOnePassWithoutCopies) {
    const tensor<float> a = example(), b = example();
    EXPECT_EQ(tensor<float>(loom::sum(a * b)).item(), 296.f);  // (x * x).sum()
    EXPECT_EQ(tensor<float>(loom::max(loom::abs(a - 2 * b), 1)).shape(), (shape_type{3}));
    EXPECT_EQ(elements_of(tensor<float>(loom::max(loom::abs(a - 2 * b), 1))), (std::vector<float>{4, 9, 8}));
}

}  // namespace
