// Explicit SIMD (eval/simd.hpp): which expressions run in xsimd batches,
// and how far their results may be from the scalar functions': the ulp
// bounds docs/evaluation.md states, on wide ranges of arguments, the special
// values, and results that do not depend on an element's position.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::tensor;

// The distance between a and b in units in the last place; 0 for two NaNs,
// "far" when one is NaN or infinite and the other is not the same.
template <class T>
std::int64_t ulps(T a, T b) {
    constexpr std::int64_t far = std::int64_t{1} << 60;
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : far;
    if (a == b) return 0;
    if (std::isinf(a) || std::isinf(b)) return far;
    using bits = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
    bits ia, ib;
    std::memcpy(&ia, &a, sizeof a);
    std::memcpy(&ib, &b, sizeof b);
    // Ordered as integers: negative values mirrored below zero.
    const auto ordered = [](bits i) { return i < 0 ? std::int64_t{std::numeric_limits<bits>::min()} - i : std::int64_t{i}; };
    const std::int64_t d = ordered(ia) - ordered(ib);
    return d < 0 ? -d : d;
}

// Values spread uniformly over [low, high), or, with `powers`, 2^x for such x.
template <class T>
tensor<T> arguments(double low, double high, bool powers = false, index_t count = index_t{1} << 16) {
    std::mt19937_64 engine(7);
    std::uniform_real_distribution<double> uniform(low, high);
    tensor<T> x(loom::shape_type{count});
    for (T& v : x) v = static_cast<T>(powers ? std::exp2(uniform(engine)) : uniform(engine));
    return x;
}

template <class T>
tensor<T> special_values() {
    using limits = std::numeric_limits<T>;
    return tensor<T>{limits::infinity(), -limits::infinity(), limits::quiet_NaN(), T(0), T(-0.0), limits::denorm_min(),
                     limits::min(), limits::max(), -limits::max(), T(-1), T(1), T(0.5)};
}

// The largest ulp distance between loom's `function(x)` and `scalar` applied
// to each element, and a message naming the worst argument.
template <class T, class Loom, class Scalar>
std::int64_t worst_ulps(const tensor<T>& x, Loom function, Scalar scalar, std::string& where) {
    const tensor<T> result = function(x);
    std::int64_t worst = 0;
    for (index_t i = 0; i < x.size(); ++i) {
        const std::int64_t u = ulps<T>(result.data()[i], static_cast<T>(scalar(x.data()[i])));
        if (u > worst) {
            worst = u;
            std::ostringstream text;
            text.precision(std::numeric_limits<T>::max_digits10);
            text << "at x = " << x.data()[i] << ": " << result.data()[i] << " against " << scalar(x.data()[i]);
            where = text.str();
        }
    }
    return worst;
}

#define EXPECT_WITHIN_ULPS(bound, x, loom_call, std_call)                                                        \
    do {                                                                                                        \
        std::string where;                                                                                      \
        EXPECT_LE(worst_ulps<T>(x, [](const tensor<T>& v) { return tensor<T>(loom_call); },                    \
                                [](T v) { return std_call; }, where),                                           \
                  bound)                                                                                        \
            << #loom_call << " " << where;                                                                      \
    } while (false)

template <class T>
class SimdFunctions : public ::testing::Test {};
using FloatingTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(SimdFunctions, FloatingTypes);

TYPED_TEST(SimdFunctions, StayWithinTheirUlpBoundsOverWideRanges) {
    using T = TypeParam;
    constexpr bool single = sizeof(T) == 4;
    // exp's whole range, subnormal results and overflow included.
    const tensor<T> exponents = arguments<T>(single ? -110 : -760, single ? 90 : 712);
    // Every positive magnitude, subnormal ones included.
    const tensor<T> magnitudes = arguments<T>(single ? -149 : -1074, single ? 128 : 1024, true);
    const tensor<T> angles = arguments<T>(-1e4, 1e4);
    const tensor<T> huge_angles = arguments<T>(0, single ? 127 : 1023, true);
    const tensor<T> moderate = arguments<T>(-20, 20);

    EXPECT_WITHIN_ULPS(1, exponents, loom::exp(v), std::exp(v));
    EXPECT_WITHIN_ULPS(2, exponents, loom::expm1(v), std::expm1(v));
    EXPECT_WITHIN_ULPS(1, magnitudes, loom::log(v), std::log(v));
    EXPECT_WITHIN_ULPS(1, magnitudes, loom::log1p(v), std::log1p(v));
    EXPECT_WITHIN_ULPS(1, arguments<T>(-1, 10), loom::log1p(v), std::log1p(v));
    EXPECT_WITHIN_ULPS(2, angles, loom::sin(v), std::sin(v));
    EXPECT_WITHIN_ULPS(2, huge_angles, loom::sin(v), std::sin(v));
    EXPECT_WITHIN_ULPS(2, angles, loom::cos(v), std::cos(v));
    EXPECT_WITHIN_ULPS(2, huge_angles, loom::cos(v), std::cos(v));
    EXPECT_WITHIN_ULPS(3, angles, loom::tan(v), std::tan(v));
    EXPECT_WITHIN_ULPS(3, huge_angles, loom::tan(v), std::tan(v));
    EXPECT_WITHIN_ULPS(2, moderate, loom::tanh(v), std::tanh(v));
    EXPECT_WITHIN_ULPS(4, exponents, loom::sigmoid(v), T(1) / (T(1) + std::exp(-v)));
}

TYPED_TEST(SimdFunctions, GiveTheScalarResultsAtSpecialValues) {
    using T = TypeParam;
    const tensor<T> x = special_values<T>();
    EXPECT_WITHIN_ULPS(1, x, loom::exp(v), std::exp(v));
    EXPECT_WITHIN_ULPS(1, x, loom::expm1(v), std::expm1(v));
    EXPECT_WITHIN_ULPS(1, x, loom::log(v), std::log(v));
    EXPECT_WITHIN_ULPS(1, x, loom::log1p(v), std::log1p(v));
    EXPECT_WITHIN_ULPS(1, x, loom::sin(v), std::sin(v));
    EXPECT_WITHIN_ULPS(1, x, loom::cos(v), std::cos(v));
    EXPECT_WITHIN_ULPS(1, x, loom::tan(v), std::tan(v));
    EXPECT_WITHIN_ULPS(1, x, loom::tanh(v), std::tanh(v));
    EXPECT_WITHIN_ULPS(1, x, loom::sigmoid(v), T(1) / (T(1) + std::exp(-v)));
}

TYPED_TEST(SimdFunctions, ExactFunctionsInsideABatchGiveTheScalarBits) {
    // exp makes the tree run in batches; every other function in it is exact.
    using T = TypeParam;
    const tensor<T> a = arguments<T>(-3, 3, false, 1000), b = arguments<T>(0.5, 2, false, 1000);
    const tensor<T> result = loom::exp(a) * 0 + loom::maximum(loom::sqrt(b) - a / b, loom::floor(a)) +
                             loom::clip(loom::abs(a), T(0.25), T(2));
    for (index_t i = 0; i < a.size(); ++i) {
        const T x = a.data()[i], y = b.data()[i];
        // exp(x) * 0 is +0 exactly, as exp(x) is finite and positive here.
        const T expected = T(T(T(0) + std::max(T(std::sqrt(y) - x / y), std::floor(x))) +
                             std::clamp(std::fabs(x), T(0.25), T(2)));
        ASSERT_EQ(result.data()[i], expected) << i;
    }
}

TYPED_TEST(SimdFunctions, ExactLibmFunctionsRunInBatchesWithTheScalarBits) {
    // sqrt, floor, ceil and round alone make a tree run in batches; each
    // gives std's bits, on ordinary arguments, halves (round to even, as
    // NumPy), values too large to have a fraction, and the special values.
    using T = TypeParam;
    using loom::leaf_reader;
    using loom::node_reader;
    static_assert(loom::simd::runs_in_batches<node_reader<loom::fn::sqrt, leaf_reader<T>>, T>);
    static_assert(loom::simd::runs_in_batches<
                  node_reader<loom::fn::add, node_reader<loom::fn::floor, leaf_reader<T>>, leaf_reader<T>>, T>);
    const tensor<T> specials = special_values<T>();
    const tensor<T> halves{T(-2.5), T(-1.5), T(-0.5), T(0.5), T(1.5), T(2.5), T(-0.25), T(8388607.5)};
    for (const tensor<T>& x : {arguments<T>(-1e3, 1e3, false, 4099), arguments<T>(-60, 60, true, 4099), specials, halves}) {
        const tensor<T> roots = loom::sqrt(x), floors = loom::floor(x), ceils = loom::ceil(x), rounds = loom::round(x);
        for (index_t i = 0; i < x.size(); ++i) {
            const T v = x.data()[i];
            // Equal, or both NaN, and with the same sign (-0 stays -0).
            const auto same = [](T result, T expected) {
                return ulps<T>(result, expected) == 0 && std::signbit(result) == std::signbit(expected);
            };
            ASSERT_TRUE(same(roots.data()[i], std::sqrt(v))) << v;
            ASSERT_TRUE(same(floors.data()[i], std::floor(v))) << v;
            ASSERT_TRUE(same(ceils.data()[i], std::ceil(v))) << v;
            ASSERT_TRUE(same(rounds.data()[i], std::nearbyint(v))) << v;
        }
    }
}

TYPED_TEST(SimdFunctions, AnElementDoesNotDependOnItsPosition) {
    // The same argument in every place of arrays of every length up to a few
    // batches: the last elements, after the whole batches, agree with the rest.
    using T = TypeParam;
    for (index_t n = 1; n <= 40; ++n) {
        const tensor<T> x = loom::full<T>({n}, T(0.7391));
        const tensor<T> y = loom::exp(x) + loom::tanh(x);
        for (index_t i = 1; i < n; ++i) ASSERT_EQ(y.data()[i], y.data()[0]) << "n = " << n << ", i = " << i;
    }
}

TYPED_TEST(SimdFunctions, RunsShorterThanABatchGiveTheScalarBits) {
    // Note [short runs]: rows of every length up to two AVX-512 batches,
    // added to every row of a matrix (the direct path's runs of one row) and
    // alone (one run), in batches of several widths and element by element:
    // at the x86-64 baseline only the last, in CI's -march=native build the
    // AVX and SSE batches too. No product is added, so that no contraction
    // into an FMA can differ.
    using T = TypeParam;
    for (index_t columns = 1; columns <= 33; ++columns) {
        for (const index_t rows : {index_t{1}, index_t{3}}) {
            const tensor<T> m = arguments<T>(-2, 2, false, rows * columns).reshape({rows, columns});
            const tensor<T> row = arguments<T>(0.5, 4, false, columns);
            const tensor<T> z = loom::maximum(m - row, loom::sqrt(row)) / row + m;
            for (index_t i = 0; i < rows; ++i) {
                for (index_t j = 0; j < columns; ++j) {
                    const T x = m.at(i, j), y = row.at(j);
                    const T difference = x - y, root = std::sqrt(y);
                    const T expected = T((difference > root ? difference : root) / y) + x;
                    ASSERT_EQ(z.at(i, j), expected) << "columns " << columns << ", rows " << rows << ", at " << j;
                }
            }
        }
    }
}

// Arguments inside every kernel's accurate domain, for the tests of lanes outside it.
template <class T>
tensor<T> ordinary_arguments() {
    return arguments<T>(-4, 4, false, 70);
}

TYPED_TEST(SimdFunctions, ALaneOutsideAKernelsDomainChangesNoOtherElement) {
    // A batch with such a lane is evaluated again, that lane by the scalar
    // function: the other lanes of the batch, and the other batches, keep
    // the kernel's bits, and the lane gets the scalar function's result.
    using T = TypeParam;
    using limits = std::numeric_limits<T>;
    const auto evaluate = [](const tensor<T>& x) {
        return tensor<T>(loom::exp(x) * T(0.5) + loom::tanh(x) - loom::sigmoid(x));
    };
    const auto scalar = [](T v) { return T(T(std::exp(v) * T(0.5)) + std::tanh(v)) - T(1) / (T(1) + std::exp(-v)); };
    const tensor<T> ordinary = ordinary_arguments<T>();
    const tensor<T> reference = evaluate(ordinary);
    for (const T outside : {T(1000), T(-1000), limits::infinity(), -limits::infinity(), limits::quiet_NaN()}) {
        tensor<T> x = ordinary;
        for (const index_t k : {index_t{1}, index_t{18}, index_t{19}, index_t{45}}) x.data()[k] = outside;
        const tensor<T> result = evaluate(x);
        for (index_t i = 0; i < x.size(); ++i) {
            const T expected = x.data()[i] == ordinary.data()[i] ? reference.data()[i] : scalar(x.data()[i]);
            ASSERT_EQ(ulps<T>(result.data()[i], expected), 0) << "outside " << outside << ", element " << i;
        }
    }
}

TYPED_TEST(SimdFunctions, AnInPlaceEvaluationReadsABatchBeforeItIsEvaluatedAgain) {
    // `x = exp(x) + tanh(x)` into x itself: a batch with a lane outside a
    // kernel's domain is evaluated twice, and must read x as it was both times.
    using T = TypeParam;
    tensor<T> x = ordinary_arguments<T>();
    for (const index_t k : {index_t{3}, index_t{33}, index_t{66}}) x.data()[k] = T(-1000);
    const tensor<T> copy = x.copy();
    const tensor<T> expected = loom::exp(copy) + loom::tanh(copy);
    x = loom::exp(x) + loom::tanh(x);
    for (index_t i = 0; i < x.size(); ++i) ASSERT_EQ(ulps<T>(x.data()[i], expected.data()[i]), 0) << i;
}

TYPED_TEST(SimdFunctions, NaNWinsInMaximumAndMinimumAsInTheScalarPath) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const tensor<T> a{nan, T(1), T(2), nan, T(-0.0), T(0)}, b{T(1), nan, T(1), nan, T(0), T(-0.0)};
    const tensor<T> ea = loom::exp(a), eb = loom::exp(b);
    const tensor<T> high = loom::maximum(loom::exp(a), loom::exp(b)), low = loom::minimum(loom::exp(a), loom::exp(b));
    for (index_t i = 0; i < a.size(); ++i) {
        const T x = ea.data()[i], y = eb.data()[i];
        EXPECT_EQ(ulps<T>(high.data()[i], (x > y || x != x) ? x : y), 0) << i;
        EXPECT_EQ(ulps<T>(low.data()[i], (x < y || x != x) ? x : y), 0) << i;
    }
}

TEST(Simd, BroadcastAndStridedOperandsGiveTheBitsOfContiguousOnes) {
    // The plan's block buffers feed the batches: a broadcast row, a
    // transposed operand and a scalar give what their contiguous copies do.
    const tensor<float> a = arguments<float>(-2, 2, false, 12 * 40).reshape({12, 40});
    const tensor<float> row = arguments<float>(-1, 1, false, 40);
    const tensor<float> other = arguments<float>(-1, 1, false, 40 * 12).reshape({40, 12});
    const tensor<float> rows = loom::broadcast_to(row, {12, 40}), other_t = loom::transpose(other);
    const tensor<float> strided = loom::exp(a + row) * 0.5f + loom::tanh(loom::transpose(other));
    const tensor<float> contiguous = loom::exp(a + rows) * 0.5f + loom::tanh(other_t);
    for (index_t i = 0; i < strided.size(); ++i) ASSERT_EQ(strided.data()[i], contiguous.data()[i]) << i;
}

TEST(Simd, MixedTypesAndIntegersKeepTheScalarPath) {
    // Integers compute exp in float64, through the scalar functions: exactly std::exp.
    const tensor<int> k{-3, 0, 1, 5, 40};
    const tensor<double> e = loom::exp(k);
    for (index_t i = 0; i < k.size(); ++i) EXPECT_EQ(e.data()[i], std::exp(double(k.data()[i])));
    static_assert(!loom::simd::runs_in_batches<loom::leaf_reader<int>, int>);
}

TEST(Simd, WhichExpressionsRunInBatches) {
    using loom::leaf_reader;
    using loom::node_reader;
    using loom::scalar_reader;
    using exp_of_float = node_reader<loom::fn::exp, leaf_reader<float>>;
    static_assert(loom::simd::runs_in_batches<exp_of_float, float>);
    static_assert(loom::simd::runs_in_batches<node_reader<loom::fn::add, exp_of_float, scalar_reader<float>>, float>);
    // Arithmetic only: in batches too, which g++ would not vectorise at -O2.
    static_assert(loom::simd::runs_in_batches<node_reader<loom::fn::add, leaf_reader<float>, leaf_reader<float>>, float>);
    // A function without a batch form anywhere in the tree: scalar.
    static_assert(!loom::simd::runs_in_batches<node_reader<loom::fn::power, exp_of_float, leaf_reader<float>>, float>);
    // Mixed element types: scalar.
    static_assert(!loom::simd::runs_in_batches<node_reader<loom::fn::exp, leaf_reader<float>>, double>);
}

TEST(Simd, ThePrintedPathNamesTheBatchKernel) {
    const tensor<float> a = loom::ones<float>({3, 5}), b = loom::ones<float>({5});
    const tensor<int> i = loom::ones<int>({3, 5});
    std::ostringstream batches, scalar;
    batches << loom::path_of(loom::exp(a) + b);
    scalar << loom::path_of(i + i);
    EXPECT_EQ(loom::path_of(loom::exp(a) + b).batch_lanes(), loom::simd::batch_lanes<float>);
    EXPECT_EQ(loom::path_of(a + b).batch_lanes(), loom::simd::batch_lanes<float>);
    EXPECT_EQ(loom::path_of(i + i).batch_lanes(), 0);
    EXPECT_NE(batches.str().find("  kernel: xsimd batches of "), std::string::npos) << batches.str();
    EXPECT_NE(batches.str().find(" float32 ("), std::string::npos) << batches.str();
    EXPECT_NE(scalar.str().find("  kernel: the scalar loop\n"), std::string::npos) << scalar.str();
}

}  // namespace

// ---- Reductions (Note [chunks in batches] in reduce/reduce_kernel.hpp) ----

// The sum of one chunk of 64 values as the scalar kernel folds it: 32
// lanes, value i into lane i % 32, then the lanes added as a balanced tree.
float chunk_sum(const std::vector<float>& values) {
    std::array<float, 32> lanes;
    for (std::size_t j = 0; j < 32; ++j) lanes[j] = values[j] + values[32 + j];
    for (std::size_t width = 16; width > 0; width /= 2) {
        for (std::size_t j = 0; j < width; ++j) lanes[j] = lanes[j] + lanes[j + width];
    }
    return lanes[0];
}

tensor<float> uniform_values(index_t count, unsigned seed) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> uniform(0.1f, 1.5f);
    tensor<float> t({count});
    for (float& v : t) v = uniform(engine);
    return t;
}

TEST(SimdReductions, ArithmeticChunksFoldInBatchesInTheScalarLanesOrder) {
    const tensor<float> a = uniform_values(64, 5), b = uniform_values(64, 6);
    std::vector<float> products(64);
    for (index_t i = 0; i < 64; ++i) products[static_cast<std::size_t>(i)] = a.at(i) * b.at(i);
    EXPECT_EQ(ulps(tensor<float>(loom::sum(a * b)).item(), chunk_sum(products)), 0);
}

TEST(SimdReductions, ApproximateFunctionsAreSummedWithTheScalarBits) {
    // sum(f(a) * one_hot(k)) is f(a[k]) alone: the scalar function's value,
    // not its batch form's, wherever k falls in the chunk.
    const tensor<float> a = uniform_values(64, 7);
    tensor<float> one_hot = loom::zeros<float>({64});
    for (index_t k = 0; k < 64; ++k) {
        one_hot.at(k) = 1.f;
        EXPECT_EQ(ulps(tensor<float>(loom::sum(loom::exp(a) * one_hot)).item(), std::exp(a.at(k))), 0) << k;
        EXPECT_EQ(ulps(tensor<float>(loom::sum(loom::log(a) * one_hot)).item(), std::log(a.at(k))), 0) << k;
        EXPECT_EQ(ulps(tensor<float>(loom::sum(loom::tan(a) * one_hot)).item(), std::tan(a.at(k))), 0) << k;
        EXPECT_EQ(ulps(tensor<float>(loom::sum(loom::tanh(a) * one_hot)).item(), std::tanh(a.at(k))), 0) << k;
        one_hot.at(k) = 0.f;
    }
}
