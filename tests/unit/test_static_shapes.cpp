// Static shapes: tensor<T, fixed<...>> (sizes in the type, elements inline),
// broadcasting of fixed shapes at compile time, the static path of
// assignment, and fixed tensors beside tensor<T> in every use. Expected
// values are NumPy's (numpy 1.26, printed by the lines quoted beside them).

#include <gtest/gtest.h>

#include <cmath>
#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::broadcast_fixed_t;
using loom::fixed;
using loom::index_t;
using loom::range;
using loom::shape_type;
using loom::static_shape_of_t;
using loom::tensor;
using loom::testing::evaluated;
using loom::testing::contains;
using loom::testing::message_of;

// Expects `action` to throw Error with a message containing `part`.
template <class Error, class F>
void static_shapes_expect_error(F&& action, const std::string& part) {
    EXPECT_THROW(action(), Error);
    const std::string text = message_of(action);
    EXPECT_TRUE(contains(text, part)) << text;
}

using static_shapes_m34 = tensor<float, fixed<3, 4>>;
using static_shapes_v4 = tensor<float, fixed<4>>;

static_shapes_m34 static_shapes_a() { return {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}}; }

// The examples of docs/broadcasting.md, NumPy's rule, decided at compile time.
static_assert(std::is_same_v<broadcast_fixed_t<fixed<>, fixed<>>, fixed<>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<2, 3>, fixed<1>>, fixed<2, 3>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<3>, fixed<2, 3>>, fixed<2, 3>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<2, 3, 5>, fixed<>>, fixed<2, 3, 5>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<2, 1, 5>, fixed<1, 4, 5>>, fixed<2, 4, 5>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<6, 5>, fixed<2, 1, 5>>, fixed<2, 6, 5>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<2, 1, 5>, fixed<4, 1>>, fixed<2, 4, 5>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<3, 2, 1, 4>, fixed<5, 4>>, fixed<3, 2, 5, 4>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<1, 5, 3>, fixed<5, 2, 1, 3>>, fixed<5, 2, 5, 3>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<5, 1, 4, 1>, fixed<3, 1, 1>>, fixed<5, 3, 4, 1>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<1, 8, 1>, fixed<12, 10, 1, 3>>, fixed<12, 10, 8, 3>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<0, 1, 0>, fixed<1, 2, 1>>, fixed<0, 2, 0>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<8, 1, 6, 1>, fixed<7, 1, 5>, fixed<6, 1>>, fixed<8, 7, 6, 5>>);

// The count that refuses, at compile time, fixed shapes whose broadcast has more elements than
// index_t counts (static_broadcast_too_large, Note [static broadcasting]): [2^32, 2^32]
// is refused, [2^31, 2^31] and [0, 2^32, 2^32] are not, as NumPy's np.broadcast_shapes decides.
constexpr index_t static_shapes_2_31 = index_t{1} << 31, static_shapes_2_32 = index_t{1} << 32;
static_assert(!loom::checked_element_count(std::array{static_shapes_2_32, static_shapes_2_32}).has_value());
static_assert(loom::checked_element_count(std::array{index_t{0}, static_shapes_2_32, static_shapes_2_32}) == 0);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<static_shapes_2_31, 1>, fixed<1, static_shapes_2_31>>,
                             fixed<static_shapes_2_31, static_shapes_2_31>>);
static_assert(std::is_same_v<broadcast_fixed_t<fixed<0, static_shapes_2_32, 1>, fixed<1, static_shapes_2_32>>,
                             fixed<0, static_shapes_2_32, static_shapes_2_32>>);

TEST(StaticShapes, ANodeOfFixedOperandsHasTheBroadcastShapeInItsType) {
    const static_shapes_m34 a;
    const static_shapes_v4 b;
    using sum = decltype(a + b);
    static_assert(std::is_same_v<static_shape_of_t<sum>, fixed<3, 4>>);
    static_assert(std::is_same_v<static_shape_of_t<decltype(a * 2.0f - b)>, fixed<3, 4>>);
    EXPECT_EQ((a + b).shape(), (shape_type{3, 4}));
    const tensor<float, fixed<3, 1>> c;
    EXPECT_EQ((c + b).shape(), (shape_type{3, 4}));  // a shape of neither operand
}

TEST(StaticShapes, AnOperandOfDynamicShapeMakesTheNodeDynamic) {
    const static_shapes_m34 a;
    const tensor<float> b{1, 2, 3, 4};
    static_assert(std::is_same_v<static_shape_of_t<decltype(a + b)>, loom::dynamic_shape>);
    static_assert(std::is_same_v<static_shape_of_t<decltype(a(0, all))>, loom::dynamic_shape>);
    EXPECT_EQ((a + b).shape(), (shape_type{3, 4}));
}

TEST(StaticShapes, ElementsAreInlineAndZeroUnlessGiven) {
    // Nothing else, unless each object carries a liveness token (Note [checked lifetimes]).
    static_assert(sizeof(static_shapes_m34) == 12 * sizeof(float) || loom::detail::checks_lifetimes);
    const static_shapes_m34 z;
    EXPECT_EQ(evaluated(z), std::vector<float>(12, 0.0f));
    EXPECT_EQ(z.shape(), (shape_type{3, 4}));
    EXPECT_EQ(z.strides(), (loom::strides_type{4, 1}));
    static_assert(static_shapes_m34::size() == 12 && static_shapes_m34::ndim() == 2);
}

TEST(StaticShapes, ConstructionFromValuesChecksTheShape) {
    const static_shapes_v4 v{1, 2, 3, 4};
    EXPECT_EQ(evaluated(v), (std::vector<float>{1, 2, 3, 4}));
    static_assert(!std::is_constructible_v<static_shapes_v4, float, float, float>);
    const auto a = static_shapes_a();
    EXPECT_EQ(a(2, 3), 12.0f);
    static_shapes_expect_error<std::invalid_argument>([] { tensor<int, fixed<2, 2>> t{{1, 2, 3}, {4, 5, 6}}; },
                                             "a nested list of shape [2, 3] for a tensor of fixed shape [2, 2]");
}

TEST(StaticShapes, ElementAccessCountsNegativeIndicesFromTheEndAndChecksBounds) {
    auto a = static_shapes_a();
    EXPECT_EQ(a(-1, -1), 12.0f);
    a(1, 2) = 70;
    EXPECT_EQ(a.at(1, 2), 70.0f);
    static_shapes_expect_error<std::out_of_range>([&] { (void)a(3, 0); }, "index 3");
    // Too few indices do not compile where the rank is in the type (tests/compile_errors/element_of_too_few_indices.cpp).
}

TEST(StaticShapes, SlicingGivesAnOrdinaryViewOfTheElements) {
    auto a = static_shapes_a();
    auto row = a(1, all);
    static_assert(std::is_same_v<decltype(row), loom::tensor_view<float>>);
    row = 0;
    EXPECT_EQ(evaluated(a(range(0, 3), 1)), (std::vector<float>{2, 0, 10}));
    EXPECT_EQ(evaluated(a.T()), evaluated(loom::transpose(tensor<float>(a))));
}

TEST(StaticShapes, FixedPlusFixedIsNumpysSum) {
    // np.arange(1, 13, dtype=np.float32).reshape(3, 4) + np.array([1, 2, 3, 4], np.float32)
    const auto a = static_shapes_a();
    const static_shapes_v4 b{1, 2, 3, 4};
    const static_shapes_m34 z = a + b;
    EXPECT_EQ(evaluated(z), (std::vector<float>{2, 4, 6, 8, 6, 8, 10, 12, 10, 12, 14, 16}));
    // a * b + 2 * a - b
    const static_shapes_m34 w = a * b + 2 * a - b;
    EXPECT_EQ(evaluated(w), (std::vector<float>{2, 6, 12, 20, 14, 22, 32, 44, 26, 38, 52, 68}));
}

TEST(StaticShapes, AColumnAndARowBroadcastToAShapeOfNeither) {
    // np.array([[1], [2], [3]], np.float32) - np.array([1, 2, 3, 4], np.float32)
    const tensor<float, fixed<3, 1>> c{{1}, {2}, {3}};
    const static_shapes_v4 b{1, 2, 3, 4};
    const static_shapes_m34 z = c - b;
    EXPECT_EQ(evaluated(z), (std::vector<float>{0, -1, -2, -3, 1, 0, -1, -2, 2, 1, 0, -1}));
}

TEST(StaticShapes, ResultTypesAreNumpys) {
    // (np.array([200, 100], np.uint8) + np.array([-1, 100], np.int8)).dtype is int16, values [199, 200]
    const tensor<std::uint8_t, fixed<2>> u{200, 100};
    const tensor<std::int8_t, fixed<2>> i{-1, 100};
    static_assert(std::is_same_v<loom::value_type_of<decltype(u + i)>, std::int16_t>);
    EXPECT_EQ(evaluated(u + i), (std::vector<std::int16_t>{199, 200}));
}

TEST(StaticShapes, NanPropagatesThroughTheStaticPath) {
    // np.array([1.5, np.nan], np.float32) + 1 is [2.5 nan]
    const tensor<float, fixed<2>> x{1.5f, static_cast<float>(loom::testing::nan)};
    const tensor<float, fixed<2>> y = x + 1;
    EXPECT_EQ(y(0), 2.5f);
    EXPECT_TRUE(std::isnan(y(1)));
}

TEST(StaticShapes, EmptyAndRankZeroShapes) {
    const tensor<float, fixed<0, 3>> empty;
    const tensor<float, fixed<3>> row{1, 2, 3};
    static_assert(std::is_same_v<static_shape_of_t<decltype(empty + row)>, fixed<0, 3>>);
    const tensor<float> sum = empty + row;
    EXPECT_EQ(sum.shape(), (shape_type{0, 3}));
    tensor<double, fixed<>> scalar;
    scalar = 2.5;
    EXPECT_EQ(scalar.item(), 2.5);
    const tensor<double, fixed<>> twice = scalar * 2;
    EXPECT_EQ(twice.item(), 5.0);
    EXPECT_EQ(twice.shape(), shape_type{});
}

TEST(StaticShapes, MixedFixedAndDynamicOperandsGiveNumpysValues) {
    const auto a = static_shapes_a();
    const tensor<float> b{1, 2, 3, 4};
    const tensor<float> z = a + b;
    EXPECT_EQ(evaluated(z), (std::vector<float>{2, 4, 6, 8, 6, 8, 10, 12, 10, 12, 14, 16}));
    const static_shapes_m34 y = b + a;  // the shape is checked at run time
    EXPECT_EQ(evaluated(y), evaluated(z));
}

TEST(StaticShapes, AssigningAValueOfAnotherRunTimeShapeThrows) {
    static_shapes_m34 z;
    const tensor<float> b{1, 2, 3, 4};
    static_shapes_expect_error<loom::broadcast_error>(
        [&] { z = b; }, "assignment of a value of shape [4] to a tensor of fixed shape [3, 4]: a tensor of fixed "
                        "shape keeps its shape; assign a value of shape [3, 4]");
    static_shapes_expect_error<loom::broadcast_error>([] { [[maybe_unused]] static_shapes_m34 w = tensor<float>({4, 3}); }, "fixed shape [3, 4]");
}

TEST(StaticShapes, FillAndCompoundAssignmentBroadcastIntoTheFixedShape) {
    auto a = static_shapes_a();
    a += static_shapes_v4{1, 2, 3, 4};
    EXPECT_EQ(evaluated(a(0, all)), (std::vector<float>{2, 4, 6, 8}));
    a -= tensor<float>{1, 1, 1, 1};  // a dynamic operand: checked at run time
    EXPECT_EQ(evaluated(a(0, all)), (std::vector<float>{1, 3, 5, 7}));
    static_shapes_expect_error<loom::broadcast_error>([&] { a += tensor<float>{1, 1}; }, "shapes [3, 4] and [2] are not broadcastable: size 4 vs 2 at dimension 1");
    a = 7;
    EXPECT_EQ(evaluated(a), std::vector<float>(12, 7.0f));
}

TEST(StaticShapes, AValueReadingItsDestinationIsStoredElementByElement) {
    auto a = static_shapes_a();
    const static_shapes_v4 b{1, 2, 3, 4};
    a = b + a * a;
    EXPECT_EQ(evaluated(a(2, all)), (std::vector<float>{82, 102, 124, 148}));
}

TEST(StaticShapes, AStaticValueGoesIntoTensorsAndViewsOfAnyLayout) {
    const auto a = static_shapes_a();
    const static_shapes_v4 b{1, 2, 3, 4};
    tensor<float> z({3, 4});
    z = a + b;  // the same shape: stored in place
    EXPECT_EQ(evaluated(z(2, all)), (std::vector<float>{10, 12, 14, 16}));
    tensor<float> other({2});
    other = a + b;  // another shape: rebound, as NumPy's `other = a + b`
    EXPECT_EQ(other.shape(), (shape_type{3, 4}));
    tensor<float> wide({4, 3});
    wide.T() = a + b;  // a transposed view: through the engine
    EXPECT_EQ(evaluated(wide(all, 0)), (std::vector<float>{2, 4, 6, 8}));
}

#if defined(LOOM_RECORD_PATHS)
TEST(StaticShapes, FixedAndRankedValuesRunNoPlan) {
    using loom::path_kind;
    const auto a = static_shapes_a();
    const static_shapes_v4 b{1, 2, 3, 4};
    const tensor<float, loom::rank<2>> m({3, 4});
    const tensor<float, loom::rank<1>> row({4});
    loom::detail::recorded_paths() = {};
    static_shapes_m34 z = a + b;
    tensor<float> d = a * b - 1;  // a dynamic destination of the value's shape: the static path too
    const tensor<float, loom::rank<2>> r = m + row;
    EXPECT_EQ(loom::detail::recorded_paths().kinds,
              (std::vector{path_kind::static_shape, path_kind::static_shape, path_kind::ranked}));
    // path_of reports the paths the assignments took.
    EXPECT_EQ(loom::path_of(a + b).kind(), path_kind::static_shape);
    EXPECT_EQ(loom::path_of(m + row).kind(), path_kind::ranked);
    tensor<float> wide({4, 3});
    // A transposed destination is scattered: the engine's plan, by the store kernel.
    EXPECT_EQ(loom::path_of(wide.T(), a + b).kind(), path_kind::store_kernel);
    loom::detail::recorded_paths() = {};
    wide.T() = a + b;
    EXPECT_EQ(loom::detail::recorded_paths().kinds, (std::vector{path_kind::store_kernel}));
    EXPECT_EQ(evaluated(z), evaluated(d + 1 - a * b + a + b));
    EXPECT_EQ(r.shape(), (shape_type{3, 4}));
}

TEST(StaticShapes, PathOfNamesTheStaticAndRankedPaths) {
    const auto a = static_shapes_a();
    const tensor<float, loom::rank<2>> m({3, 4});
    std::ostringstream text;
    text << loom::path_of(a * 2.f) << loom::path_of(m + m);
    EXPECT_EQ(text.str(),
              "path of [3, 4] float32: static, its sizes known at compile time: one loop, no plan and no shape check, "
              "on 1 thread\n"
              "path of [3, 4] float32: ranked, its rank known at compile time: row by row, no plan, on 1 thread\n");
}
#endif

TEST(StaticShapes, ReductionsAreNumpys) {
    // a.sum() 78.0, a.sum(0) [15, 18, 21, 24], a.mean(1) [2.5, 6.5, 10.5]
    const auto a = static_shapes_a();
    EXPECT_EQ(loom::sum(a).item(), 78.0f);
    EXPECT_EQ(evaluated(a.sum(0)), (std::vector<float>{15, 18, 21, 24}));
    EXPECT_EQ(evaluated(loom::mean(a, 1)), (std::vector<float>{2.5f, 6.5f, 10.5f}));
    EXPECT_EQ(loom::sum(a + static_shapes_v4{1, 1, 1, 1}).item(), 90.0f);
}

TEST(StaticShapes, MatmulIsNumpys) {
    // a @ np.arange(1, 9, dtype=np.float32).reshape(4, 2)
    const auto a = static_shapes_a();
    const tensor<float, fixed<4, 2>> m{{1, 2}, {3, 4}, {5, 6}, {7, 8}};
    const tensor<float, fixed<3, 2>> p = loom::matmul(a, m);
    EXPECT_EQ(evaluated(p), (std::vector<float>{50, 60, 114, 140, 178, 220}));
}

TEST(StaticShapes, PrintingIsNumpysStr) {
    // str(np.arange(1, 13, dtype=np.float32).reshape(3, 4) / 4)
    const static_shapes_m34 q = static_shapes_a() / 4;
    EXPECT_EQ(loom::to_string(q), "[[0.25 0.5  0.75 1.  ]\n [1.25 1.5  1.75 2.  ]\n [2.25 2.5  2.75 3.  ]]");
}

TEST(StaticShapes, NpyRoundTripKeepsShapeAndElements) {
    const auto a = static_shapes_a();
    const static_shapes_m34 back = loom::read_npy<float>(loom::npy_bytes(a));
    EXPECT_EQ(evaluated(back), evaluated(a));
    EXPECT_EQ(loom::npy_bytes(a), loom::npy_bytes(tensor<float>(a)));
    static_shapes_expect_error<loom::broadcast_error>(
        [] { [[maybe_unused]] tensor<float, fixed<2, 2>> wrong = loom::read_npy<float>(loom::npy_bytes(tensor<float>({3}))); },
        "fixed shape [2, 2]");
}

// A tensor<float> of the elements of `t`, copied from memory (not through an assignment).
template <class T>
tensor<float> static_shapes_dynamic_copy(const T& t) {
    return tensor<float>(std::span<const float>(t.data(), static_cast<std::size_t>(t.size())), t.shape());
}

// Differential: each expression computed with tensor<T> and with fixed
// tensors of the same values gives the same elements, exactly.
template <class Fixed>
Fixed static_shapes_random(std::mt19937& engine) {
    std::uniform_real_distribution<float> values(-4, 4);
    Fixed t;
    for (float& x : t) x = values(engine);
    return t;
}

TEST(StaticShapes, TheStaticPathGivesTheDynamicPathsElements) {
    std::mt19937 engine(20261127);
    for (int round = 0; round < 20; ++round) {
        const auto a = static_shapes_random<tensor<float, fixed<2, 3, 4>>>(engine);
        const auto b = static_shapes_random<tensor<float, fixed<3, 1>>>(engine);
        const auto c = static_shapes_random<tensor<float, fixed<4>>>(engine);
        const auto d = static_shapes_random<tensor<float, fixed<2, 1, 1>>>(engine);
        const tensor<float> da = static_shapes_dynamic_copy(a), db = static_shapes_dynamic_copy(b),
                            dc = static_shapes_dynamic_copy(c), dd = static_shapes_dynamic_copy(d);
        const tensor<float, fixed<2, 3, 4>> s1 = a * b + c - d;
        EXPECT_EQ(evaluated(s1), evaluated(da * db + dc - dd));
        const tensor<float, fixed<2, 3, 4>> s2 = loom::maximum(a, b) / (loom::abs(c) + 1) * 0.5f;
        EXPECT_EQ(evaluated(s2), evaluated(loom::maximum(da, db) / (loom::abs(dc) + 1) * 0.5f));
        const tensor<bool, fixed<3, 4>> s3 = b < c;
        EXPECT_EQ(evaluated(s3), evaluated(db < dc));
        const tensor<float, fixed<2, 3, 4>> s4 = loom::where(a > 0, b, d * 2.0);
        EXPECT_EQ(evaluated(s4), evaluated(loom::where(da > 0, db, dd * 2.0)));
    }
}

// tensor<T, rank<R>>: the rank in the type, the sizes at run time.

using static_shapes_r2 = tensor<float, loom::rank<2>>;
using static_shapes_r1 = tensor<float, loom::rank<1>>;

TEST(StaticRanks, ConstructionChecksTheRankOfTheShape) {
    const static_shapes_r2 z({2, 3});
    EXPECT_EQ(z.shape(), (shape_type{2, 3}));
    EXPECT_EQ(evaluated(z), std::vector<float>(6, 0.0f));
    static_assert(static_shapes_r2::ndim() == 2);
    EXPECT_EQ(z.extents(), (std::array<index_t, 2>{2, 3}));
    static_shapes_expect_error<std::invalid_argument>(
        [] { static_shapes_r2 w(shape_type{3}); },
        "shape [3] (rank 1) given to a tensor of rank<2>, which keeps its rank; give 2 sizes");
    const static_shapes_r2 empty;
    EXPECT_EQ(empty.shape(), (shape_type{0, 0}));
}

TEST(StaticRanks, ExpressionsOfRankedTensorsAreNumpys) {
    // np.arange(1, 13, dtype=np.float32).reshape(3, 4) * b + 2 * a - b with b = [1, 2, 3, 4]
    const static_shapes_r2 a{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    const static_shapes_r1 b{1, 2, 3, 4};
    static_assert(loom::static_rank_of_v<decltype(a * b + 2 * a - b)> == 2);
    const static_shapes_r2 w = a * b + 2 * a - b;
    EXPECT_EQ(evaluated(w), (std::vector<float>{2, 6, 12, 20, 14, 22, 32, 44, 26, 38, 52, 68}));
    const tensor<float, loom::rank<1>> column_sum = a.sum(0);
    EXPECT_EQ(evaluated(column_sum), (std::vector<float>{15, 18, 21, 24}));
}

TEST(StaticRanks, AssignmentTakesANewShapeOfTheSameRankOnly) {
    static_shapes_r2 z({1, 1});
    const static_shapes_r2 a{{1, 2}, {3, 4}};
    z = a + 1;
    EXPECT_EQ(z.shape(), (shape_type{2, 2}));
    EXPECT_EQ(evaluated(z), (std::vector<float>{2, 3, 4, 5}));
    static_shapes_expect_error<std::invalid_argument>([&] { z = tensor<float>{1, 2}; },
                                                      "shape [2] (rank 1) given to a tensor of rank<2>");
    EXPECT_EQ(z.shape(), (shape_type{2, 2}));  // a refused assignment changes nothing
    static_shapes_expect_error<std::invalid_argument>([] { static_shapes_r2 w = tensor<float>{1, 2}; },
                                                      "a value of shape [2] (rank 1)");
}

TEST(StaticRanks, TheRankedPathBroadcastsAndMatchesTheDynamicPath) {
    std::mt19937 engine(112026);
    std::uniform_real_distribution<float> values(-4, 4);
    for (int round = 0; round < 20; ++round) {
        tensor<float, loom::rank<3>> a({2, 3, 4});
        tensor<float, loom::rank<2>> b({3, 1});
        tensor<float, loom::rank<1>> c({4});
        for (float& x : a) x = values(engine);
        for (float& x : b) x = values(engine);
        for (float& x : c) x = values(engine);
        const tensor<float> da = static_shapes_dynamic_copy(a), db = static_shapes_dynamic_copy(b),
                            dc = static_shapes_dynamic_copy(c);
        const tensor<float, loom::rank<3>> r = a * b + c - 1;
        EXPECT_EQ(evaluated(r), evaluated(da * db + dc - 1));
        tensor<float, loom::rank<3>> in_place({2, 3, 4});
        in_place = b - c * a;  // the same shape: stored in place by the ranked path
        EXPECT_EQ(evaluated(in_place), evaluated(db - dc * da));
    }
}

TEST(StaticRanks, ACopyKeepsTheElementsOfSizeOneDimensions) {
    const tensor<float, loom::rank<2>> column{{100}, {200}, {300}};
    const tensor<float> copy = column;
    EXPECT_EQ(std::vector<float>(copy.begin(), copy.end()), (std::vector<float>{100, 200, 300}));
    const tensor<float, fixed<3, 1>> fixed_column = column;
    EXPECT_EQ(std::vector<float>(fixed_column.begin(), fixed_column.end()), (std::vector<float>{100, 200, 300}));
}

TEST(StaticRanks, AnOperandGivenAnotherShapeAfterTheExpressionIsRefused) {
    static_shapes_r2 a{{1, 2}, {3, 4}};
    static_shapes_r2 b{{1, 2}, {3, 4}};
    const auto sum = a + b;
    b = tensor<float>({3, 3});
    EXPECT_THROW(static_shapes_r2 r = sum, loom::broadcast_error);
}

TEST(StaticRanks, MixesWithFixedAndDynamicOperandsViewsAndPrinting) {
    const static_shapes_r2 a{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    const static_shapes_v4 f{1, 2, 3, 4};
    const tensor<float> d{1, 2, 3, 4};
    EXPECT_EQ(evaluated(a + f), evaluated(a + d));
    EXPECT_EQ(evaluated(a(all, 1)), (std::vector<float>{2, 6, 10}));
    EXPECT_EQ(loom::to_string(static_shapes_r2(a / 4)),
              "[[0.25 0.5  0.75 1.  ]\n [1.25 1.5  1.75 2.  ]\n [2.25 2.5  2.75 3.  ]]");
    const static_shapes_r2 back = loom::read_npy<float>(loom::npy_bytes(a));
    EXPECT_EQ(evaluated(back), evaluated(a));
}

}  // namespace
