// The members a NumPy or PyTorch programmer reaches for first: item() and
// the explicit conversion to a scalar on every expression, T() and mT(), and
// the reductions as members (x.sum(1), x.mean(), x.argmax(0)). Expected
// values come from NumPy 1.24 (/usr/bin/python3), with
// `x = np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)` unless a test says
// otherwise.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::flat;
using loom::index_t;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using loom::testing::elements_of;
using loom::testing::message_of;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

tensor<float> items_x() { return tensor<float>{{1, 2, 3}, {4, 5, 6}}; }

// A rank-3 tensor holding 0, 1, ..., 23 (NumPy: np.arange(24).reshape(2, 3, 4)).
tensor<int> items_arange_2x3x4() {
    tensor<int> z({2, 3, 4});
    int next = 0;
    for (int& v : z) v = next++;
    return z;
}

// ---- the conversion is explicit only ----

using items_sum_type = decltype(loom::sum(std::declval<const tensor<float>&>()));
using items_product_type = decltype(std::declval<const tensor<float>&>() * 2.0f);

static_assert(!std::is_convertible_v<tensor<float>, float>, "a tensor never converts to a scalar unasked");
static_assert(!std::is_convertible_v<tensor_view<float>, float>, "nor does a view");
static_assert(!std::is_convertible_v<items_sum_type, float>, "nor does a reduction");
static_assert(!std::is_convertible_v<items_product_type, double>, "nor does an element-wise node");
static_assert(std::is_constructible_v<float, tensor<float>>, "float(t) is explicit");
static_assert(std::is_constructible_v<double, items_sum_type>, "double(sum(x)) is explicit");
static_assert(std::is_constructible_v<int, tensor_view<const float>>, "int(v) is explicit");

// ---- item() ----

TEST(ItemAndMembers, ItemOfAReductionEvaluatesIt) {
    const tensor<float> x = items_x();
    // NumPy: x.sum().item() == 21.0, x.mean().item() == 3.5
    EXPECT_EQ(loom::sum(x).item(), 21.0f);
    EXPECT_EQ(loom::mean(x).item(), 3.5f);
    EXPECT_EQ(loom::sum(x * 2).item(), 42.0f);
    // NumPy: x.argmax().item() == 5, of type int (int64 in the array)
    const auto index = loom::argmax(x).item();
    static_assert(std::is_same_v<decltype(index), const std::int64_t>);
    EXPECT_EQ(index, 5);
}

TEST(ItemAndMembers, ItemKeepsTheResultType) {
    const tensor<std::int32_t> a{1, 2, 3};
    // NumPy: np.array([1, 2, 3], dtype=np.int32).sum().dtype == int64
    static_assert(std::is_same_v<decltype(loom::sum(a).item()), std::int64_t>);
    EXPECT_EQ(loom::sum(a).item(), 6);
    static_assert(std::is_same_v<decltype(loom::any(a > 2).item()), bool>);
    EXPECT_TRUE(loom::any(a > 2).item());
    EXPECT_FALSE(loom::all_of(a > 2).item());
}

TEST(ItemAndMembers, ItemOfOneElementOfAnyRank) {
    // NumPy: (np.array([[3.0]]) * 2).item() == 6.0
    const tensor<double> one{{3.0}};
    EXPECT_EQ((one * 2).item(), 6.0);
    const tensor<float> x = items_x();
    EXPECT_EQ(x(1, range(2, 3)).item(), 6.0f);  // a view of shape [1]
    EXPECT_EQ(x(loom::index_list{1, 2}).item(), 6.0f);  // a rank-0 view
    // A product of two vectors is rank 0. NumPy: np.dot([1, 2, 3], [4, 5, 6]) == 32
    const tensor<float> u{1, 2, 3};
    const tensor<float> w{4, 5, 6};
    EXPECT_EQ(loom::matmul(u, w).item(), 32.0f);
    // NumPy: np.cumsum([6.0]).item() == 6.0, np.cumsum([1, 2, 3]).sum(keepdims=True).item() == 10
    EXPECT_EQ(loom::cumsum(tensor<float>{6.0f}, 0).item(), 6.0f);
    EXPECT_EQ(loom::sum(loom::cumsum(u, 0), 0, true).item(), 10.0f);
}

TEST(ItemAndMembers, ItemOfMoreThanOneElementNamesTheShape) {
    const tensor<float> x = items_x();
    EXPECT_THROW((void)(x + 1).item(), std::invalid_argument);
    const std::string text = message_of([&] { (void)(x + 1).item(); });
    EXPECT_THAT(text, HasSubstr("item() of an expression of shape [2, 3] (6 elements)"));
    EXPECT_THAT(text, HasSubstr("reduce it first or index one element"));
    EXPECT_THAT(message_of([&] { (void)x.view().item(); }), HasSubstr("[2, 3]"));
    EXPECT_THAT(message_of([&] { (void)loom::sum(x, 0).item(); }), HasSubstr("shape [3] (3 elements)"));
    // An empty expression has no value either.
    const tensor<float> empty({0, 3});
    EXPECT_THAT(message_of([&] { (void)(empty * 2).item(); }), HasSubstr("shape [0, 3] (0 elements)"));
}

// ---- the explicit conversion ----

TEST(ItemAndMembers, ExplicitConversionOfRankZero) {
    const tensor<float> x = items_x();
    // NumPy: float(x.sum()) == 21.0, int(x.mean()) == 3, bool(x.max() > 5) is True
    EXPECT_EQ(static_cast<float>(loom::sum(x)), 21.0f);
    EXPECT_EQ(double(loom::mean(x)), 3.5);
    EXPECT_EQ(int(loom::mean(x)), 3);
    EXPECT_TRUE(bool(loom::max(x) > 5.0f));
    EXPECT_EQ(static_cast<std::int64_t>(loom::argmin(x)), 0);
    const tensor<int> rank0(shape_type{}, 7);
    EXPECT_EQ(static_cast<double>(rank0), 7.0);
    EXPECT_EQ(float(rank0.view()), 7.0f);
    if (loom::any(x > 5.0f)) {
        SUCCEED();
    } else {
        ADD_FAILURE() << "if (any(x > 5)) tests the one element";
    }
}

TEST(ItemAndMembers, CrossEntropyConvertsToItsValue) {
    // NumPy: logits = np.array([[1, 2, 3], [1, 0, -1]], dtype=np.float32), targets [2, 0];
    // the mean of -log_softmax(logits)[np.arange(2), targets] == 0.40760595 (float32)
    const tensor<float> logits{{1, 2, 3}, {1, 0, -1}};
    const tensor<std::int64_t> targets{2, 0};
    EXPECT_NEAR(float(loom::cross_entropy(logits, targets)), 0.40760595f, 1e-6f);
    EXPECT_NEAR(loom::cross_entropy(logits, targets).item(), 0.40760595f, 1e-6f);
}

TEST(ItemAndMembers, ConversionOfHigherRankIsRefused) {
    const tensor<float> x = items_x();
    EXPECT_THROW((void)static_cast<float>(x), std::invalid_argument);
    const std::string text = message_of([&] { (void)static_cast<float>(x * 2); });
    EXPECT_THAT(text, HasSubstr("shape [2, 3]"));
    EXPECT_THAT(text, HasSubstr("reduce it first or index one element"));
    // One element of rank 1 converts in NumPy 1.24 (deprecated since 1.25); loom refuses it.
    const tensor<float> one{5.0f};
    EXPECT_THAT(message_of([&] { (void)float(one); }), HasSubstr("shape [1]"));
    EXPECT_EQ(one.item(), 5.0f);
    EXPECT_THROW((void)bool(x > 1.0f), std::invalid_argument);
}

// ---- T() and mT() ----

TEST(ItemAndMembers, TReversesEveryAxis) {
    const tensor<int> z = items_arange_2x3x4();
    const auto t = z.T();  // NumPy: z.T.shape == (4, 3, 2), z.T[3, 2, 1] == z[1, 2, 3] == 23
    EXPECT_EQ(t.shape(), (shape_type{4, 3, 2}));
    EXPECT_EQ(t(3, 2, 1), 23);
    EXPECT_EQ(t(1, 0, 1), 13);
    EXPECT_EQ(t.data(), z.data());  // a view
    const tensor<int> row{1, 2, 3};
    EXPECT_EQ(row.T().shape(), (shape_type{3}));
    const tensor<int> scalar(shape_type{}, 4);
    EXPECT_EQ(scalar.T().shape(), shape_type{});
    EXPECT_EQ(z(0, all, all).T()(3, 1), 7);  // of a view
}

TEST(ItemAndMembers, TOfExpressionsAndTemporaries) {
    const tensor<float> x = items_x();
    // NumPy: (x + 1).T.tolist() == [[2, 5], [3, 6], [4, 7]]
    EXPECT_THAT(elements_of((x + 1).T()), ElementsAre(2, 5, 3, 6, 4, 7));
    auto owned = tensor<float>{{1, 2}, {3, 4}}.T();  // owns the temporary
    EXPECT_EQ(owned(0, 1), 3.0f);
    EXPECT_THAT(elements_of(loom::sum(x, 0, true).T()), ElementsAre(5, 7, 9));
}

TEST(ItemAndMembers, MTSwapsTheLastTwoAxes) {
    tensor<int> z = items_arange_2x3x4();
    // NumPy 2: z.mT.shape == (2, 4, 3), z.mT[1, 3, 2] == 23, z.mT[0, 1, 2] == 9
    const auto m = z.mT();
    EXPECT_EQ(m.shape(), (shape_type{2, 4, 3}));
    EXPECT_EQ(m(1, 3, 2), 23);
    EXPECT_EQ(m(0, 1, 2), 9);
    EXPECT_EQ(loom::matrix_transpose(z).shape(), (shape_type{2, 4, 3}));
    z.mT()(0, 1, 2) = -9;  // writes through the view
    EXPECT_EQ(z(0, 2, 1), -9);
    const tensor<float> x = items_x();
    EXPECT_THAT(elements_of((x * 2).mT()), ElementsAre(2, 8, 4, 10, 6, 12));
    EXPECT_THAT(elements_of(x.view().mT()), ElementsAre(1, 4, 2, 5, 3, 6));
}

TEST(ItemAndMembers, MTRefusesRanksBelowTwo) {
    const tensor<float> row{1, 2, 3};
    EXPECT_THROW((void)row.mT(), std::invalid_argument);
    EXPECT_THAT(message_of([&] { (void)row.mT(); }), HasSubstr("shape [3]: rank 1"));
    const tensor<float> scalar(shape_type{}, 1.0f);
    EXPECT_THAT(message_of([&] { (void)loom::matrix_transpose(scalar); }), HasSubstr("shape []: rank 0"));
    EXPECT_THAT(message_of([&] { (void)loom::sum(items_x(), 0).mT(); }), HasSubstr("shape [3]"));
}

// ---- the reductions as members ----

TEST(ItemAndMembers, ReductionMembersMatchNumPy) {
    const tensor<float> x = items_x();
    // NumPy: x.sum() 21, x.sum(0) [5, 7, 9], x.sum(-1, keepdims=True) [[6], [15]], x.prod() 720,
    // x.mean(1) [2, 5], x.max(0) [4, 5, 6], x.min() 1
    EXPECT_EQ(x.sum().item(), 21.0f);
    EXPECT_THAT(elements_of(x.sum(0)), ElementsAre(5, 7, 9));
    const tensor<float> kept = x.sum(-1, true);
    EXPECT_EQ(kept.shape(), (shape_type{2, 1}));
    EXPECT_THAT(elements_of(kept), ElementsAre(6, 15));
    EXPECT_EQ(x.sum({0, 1}).item(), 21.0f);
    EXPECT_EQ(x.prod().item(), 720.0f);
    EXPECT_THAT(elements_of(x.mean(1)), ElementsAre(2, 5));
    EXPECT_THAT(elements_of(x.max(0)), ElementsAre(4, 5, 6));
    EXPECT_EQ(x.min().item(), 1.0f);
    // NumPy: x.argmax(1) [2, 2], x.argmin() 0, x.argmax(0, keepdims=True).shape (1, 3)
    EXPECT_THAT(elements_of(x.argmax(1)), ElementsAre(2, 2));
    EXPECT_EQ(x.argmin().item(), 0);
    EXPECT_EQ(x.argmax(0, true).shape(), (shape_type{1, 3}));
    // NumPy: (x > 3).any() True, (x > 0).all(0) [True, True, True], (x > 3).all() False
    EXPECT_TRUE(eval(x > 3.0f).any().item());
    EXPECT_THAT(elements_of(eval(x > 0.0f).all_of(0)), ElementsAre(true, true, true));
    EXPECT_FALSE(eval(x > 3.0f).all_of().item());
    // NumPy: x.std() 1.7078252, x.var(ddof=1) 3.5, x.std(axis=0) [1.5, 1.5, 1.5],
    // x.var(axis=1, ddof=1) [1, 1]
    EXPECT_NEAR(x.std().item(), 1.7078252f, 1e-6f);
    EXPECT_EQ(x.var(flat, 1).item(), 3.5f);
    EXPECT_THAT(elements_of(x.std(0)), ElementsAre(1.5f, 1.5f, 1.5f));
    EXPECT_THAT(elements_of(x.var(1, 1)), ElementsAre(1.0f, 1.0f));
    EXPECT_EQ(x.var(1, 1, true).shape(), (shape_type{2, 1}));
}

TEST(ItemAndMembers, ReductionMembersKeepNumPysTypes) {
    const tensor<std::int32_t> a{{1, 2}, {3, 4}};
    // NumPy: a.sum().dtype int64, a.mean().dtype float64, a.max().dtype int32, a.argmax().dtype int64
    static_assert(std::is_same_v<loom::value_type_of<decltype(a.sum())>, std::int64_t>);
    static_assert(std::is_same_v<loom::value_type_of<decltype(a.mean())>, double>);
    static_assert(std::is_same_v<loom::value_type_of<decltype(a.max())>, std::int32_t>);
    static_assert(std::is_same_v<loom::value_type_of<decltype(a.argmax())>, std::int64_t>);
    // NumPy: a.sum(dtype=np.float64) 10.0
    static_assert(std::is_same_v<loom::value_type_of<decltype(a.sum<double>())>, double>);
    EXPECT_EQ(a.sum<double>().item(), 10.0);
    EXPECT_EQ(a.prod<double>(0).shape(), (shape_type{2}));
    EXPECT_EQ(a.mean().item(), 2.5);
}

TEST(ItemAndMembers, ReductionMembersOfViewsAndTemporaries) {
    const tensor<float> x = items_x();
    // NumPy: x[:, :2].sum(0) [5, 7], x.T.max(1) [4, 5, 6]
    EXPECT_THAT(elements_of(x(all, range(0, 2)).sum(0)), ElementsAre(5, 7));
    EXPECT_THAT(elements_of(x.T().max(1)), ElementsAre(4, 5, 6));
    // A member of a temporary owns it: evaluated after the statement that made it.
    auto total = tensor<float>{1, 2, 3}.sum();
    auto largest = items_x().view().argmax(1);
    EXPECT_EQ(total.item(), 6.0f);
    EXPECT_THAT(elements_of(largest), ElementsAre(2, 2));
}

TEST(ItemAndMembers, ReductionMembersEdgeCases) {
    // NumPy: np.zeros((0, 3), np.float32).sum() 0.0, .sum(0) [0, 0, 0]; .max() raises ValueError
    const tensor<float> empty({0, 3});
    EXPECT_EQ(empty.sum().item(), 0.0f);
    EXPECT_THAT(elements_of(empty.sum(0)), ElementsAre(0, 0, 0));
    EXPECT_EQ(empty.prod().item(), 1.0f);
    EXPECT_THROW((void)empty.max(), std::invalid_argument);
    EXPECT_THAT(message_of([&] { (void)empty.argmin(); }), HasSubstr("[0, 3]"));
    // NumPy: np.array([1, nan, 3]).max() nan, .min() nan
    const tensor<double> with_nan{1.0, loom::testing::nan, 3.0};
    EXPECT_TRUE(std::isnan(with_nan.max().item()));
    EXPECT_TRUE(std::isnan(with_nan.min().item()));
    // Axes are checked as the free functions check them.
    const tensor<float> x = items_x();
    EXPECT_THROW((void)x.sum(2), std::out_of_range);
    EXPECT_THROW((void)x.mean({0, -2}), std::invalid_argument);
    const tensor<float> scalar(shape_type{}, 2.0f);
    EXPECT_EQ(scalar.sum().item(), 2.0f);
    EXPECT_EQ(float(scalar.mean()), 2.0f);
}

}  // namespace
