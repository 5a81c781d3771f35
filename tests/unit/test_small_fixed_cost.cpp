// The shortcuts that keep the fixed cost of a small evaluation low give the
// values and errors of the general paths: a node's shape decided by inline
// and unrolled comparisons (broadcast_source_of_pair and
// broadcast_source_of_ranks in core/broadcast.hpp), the node that holds its
// own shape with no optional (Note [shared shapes] in expr/function_node.hpp),
// the ranked path's short and strided rows (Note [ranked path] in
// eval/static_assign.hpp), one run's overlap test by the two ends of each
// leaf (Note [one run] in eval/assign.hpp), and a row-major layout's
// refusals made in one cold call (core/layout.hpp). Expected values are
// NumPy's, computed with NumPy and pasted here.

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "broadcast_reference.hpp"
#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;

template <class T>
using fixed_cost_r1 = tensor<T, loom::rank<1>>;
template <class T>
using fixed_cost_r2 = tensor<T, loom::rank<2>>;

TEST(SmallFixedCost, RanksOfTwoLengthsBroadcastToNeitherOperandsShape) {
    const fixed_cost_r2<float> column{{1}, {2}, {3}};
    const fixed_cost_r1<float> row{10, 20, 30, 40};
    // NumPy: np.array([[1], [2], [3]], np.float32) + np.array([10, 20, 30, 40], np.float32)
    const std::vector<float> numpy{11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43};
    const auto sum = column + row;
    EXPECT_EQ(sum.shape(), (shape_type{3, 4}));
    const fixed_cost_r2<float> z = sum;
    EXPECT_EQ(elements_of(z), numpy);
    const auto swapped = row + column;  // the shorter operand first: (3, 4) all the same
    EXPECT_EQ(swapped.shape(), (shape_type{3, 4}));
    EXPECT_EQ(elements_of(fixed_cost_r2<float>(swapped)), numpy);
}

TEST(SmallFixedCost, RanksThatDoNotBroadcastAreRefusedWithTheirShapes) {
    const fixed_cost_r2<float> m(shape_type{3, 4});
    const fixed_cost_r1<float> row(shape_type{5});
    // NumPy: operands could not be broadcast together with shapes (3,4) (5,)
    for (const std::string& message : {message_of([&] { (void)(m + row); }), message_of([&] { (void)(row * m); })}) {
        EXPECT_TRUE(contains(message, "[3, 4]")) << message;
        EXPECT_TRUE(contains(message, "[5]")) << message;
    }
    EXPECT_THROW((void)(m - row), loom::broadcast_error);
}

TEST(SmallFixedCost, ANodeOfReferencesKeepsTheShapeItWasBuiltFor) {
    tensor<float> x = iota_tensor<float>({2, 3});
    const tensor<float> y = iota_tensor<float>({2, 3});
    const auto product = x * y;
    const auto nested = product + y - x;  // moved twice, its innermost node's shape with it
    x = iota_tensor<float>({6});
    EXPECT_EQ(product.shape(), (shape_type{2, 3}));
    EXPECT_EQ(nested.shape(), (shape_type{2, 3}));
    EXPECT_THROW((void)loom::eval(nested), loom::broadcast_error);
    x = iota_tensor<float>({2, 3});  // the built shape again: read as it is now
    // NumPy: a = np.arange(6, dtype=np.float32).reshape(2, 3); a * a + a - a
    EXPECT_EQ(elements_of(loom::eval(nested)), (std::vector<float>{0, 1, 4, 9, 16, 25}));
}

TEST(SmallFixedCost, RankedRowsShorterThanABatchGiveNumPysValues) {
    const fixed_cost_r2<float> m(iota_tensor<float>({5, 3}));
    const fixed_cost_r1<float> r{0.5f, -1.f, 2.f};
    fixed_cost_r2<float> z(shape_type{5, 3});
    z = m * r - m;
    // NumPy: m = np.arange(15, dtype=np.float32).reshape(5, 3); m * [0.5, -1, 2] - m
    EXPECT_EQ(elements_of(z), (std::vector<float>{0, -2, 2, -1.5f, -8, 5, -3, -14, 8, -4.5f, -20, 11, -6, -26, 14}));

    const fixed_cost_r2<double> d(iota_tensor<double>({2, 3}));
    const fixed_cost_r1<double> divisors{1, 2, 4};
    // NumPy: np.arange(6.).reshape(2, 3) / [1, 2, 4]
    EXPECT_EQ(elements_of(fixed_cost_r2<double>(d / divisors)), (std::vector<double>{0, 0.5, 0.5, 3, 2, 1.25}));

    const fixed_cost_r2<std::int32_t> i(iota_tensor<std::int32_t>({2, 3}));
    const fixed_cost_r1<std::int32_t> factors{3, -1, 2};
    // NumPy: np.arange(6, dtype=np.int32).reshape(2, 3) * np.array([3, -1, 2], np.int32)
    EXPECT_EQ(elements_of(fixed_cost_r2<std::int32_t>(i * factors)), (std::vector<std::int32_t>{0, -1, 4, 9, -4, 10}));
}

TEST(SmallFixedCost, RankedRowsReadWithAStrideGiveNumPysValues) {
    const fixed_cost_r2<float> column{{1}, {2}, {3}};
    const fixed_cost_r2<float> m(iota_tensor<float>({3, 4}));
    fixed_cost_r2<float> z(shape_type{3, 4});
    z = m * column;  // the column is read with stride 0 along each row
    // NumPy: np.arange(12, dtype=np.float32).reshape(3, 4) * [[1], [2], [3]]
    EXPECT_EQ(elements_of(z), (std::vector<float>{0, 1, 2, 3, 8, 10, 12, 14, 24, 27, 30, 33}));
}

TEST(SmallFixedCost, OneRunCopiesAsNumPyWhereALeafOverlapsTheDestination) {
    tensor<float> t = iota_tensor<float>({16});
    t(range(0, 8)) = t(range(4, 12)) * 2.f;
    // NumPy: t = np.arange(16, dtype=np.float32); t[0:8] = t[4:12] * 2
    EXPECT_EQ(elements_of(t), (std::vector<float>{8, 10, 12, 14, 16, 18, 20, 22, 8, 9, 10, 11, 12, 13, 14, 15}));
}

TEST(SmallFixedCost, OneRunReadsALeafThatEndsWhereTheDestinationStarts) {
    tensor<float> t = iota_tensor<float>({16});
    t(range(0, 8)) = t(range(8, 16)) * 2.f + 1.f;
    // NumPy: t = np.arange(16, dtype=np.float32); t[0:8] = t[8:16] * 2 + 1
    EXPECT_EQ(elements_of(t), (std::vector<float>{17, 19, 21, 23, 25, 27, 29, 31, 8, 9, 10, 11, 12, 13, 14, 15}));
    tensor<float> u = iota_tensor<float>({16});
    u(range(8, 16)) = u(range(0, 8)) - 1.f;  // the leaf ends where the destination starts
    EXPECT_EQ(elements_of(u), (std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, -1, 0, 1, 2, 3, 4, 5, 6}));
}

TEST(SmallFixedCost, ARowMajorLayoutRefusesAsItsChecksDoOneByOne) {
    constexpr std::int64_t big = std::numeric_limits<std::int64_t>::max() / 2;
    // A negative size is named first, even beside sizes whose product overflows.
    const std::string negative = message_of([&] { loom::strided_layout layout(shape_type{big, 4, -1}); });
    EXPECT_TRUE(contains(negative, "negative size -1")) << negative;
    EXPECT_THROW((void)loom::strided_layout(shape_type{2, -3}), std::invalid_argument);
    const std::string elements = message_of([&] { loom::strided_layout layout(shape_type{big, 4}); });
    EXPECT_TRUE(contains(elements, "more elements than fit")) << elements;
    EXPECT_THROW((void)loom::strided_layout(shape_type{big, 4}), std::length_error);
    const std::string bytes = message_of([&] { loom::strided_layout layout(shape_type{big, 0, 1}, 4); });
    EXPECT_TRUE(contains(bytes, "spans more bytes")) << bytes;
    EXPECT_THROW((void)loom::strided_layout(shape_type(loom::max_rank + 1, 1)), std::invalid_argument);
    const loom::strided_layout empty(shape_type{big, 0}, 1);  // no overflow in bytes: its size is 0
    EXPECT_EQ(empty.size(), 0);
}

TEST(SmallFixedCost, SmallResultsMadeAndFreedOnTwoThreadsKeepTheirValues) {
    const tensor<float> a = iota_tensor<float>({3, 4});
    const tensor<float> b{1, 2, 3, 4};
    const auto work = [&](std::vector<float>& last) {
        for (int i = 0; i < 200; ++i) {
            const tensor<float> z = a + b;  // a block taken from the thread's cache, and given back
            last = elements_of(z);
        }
    };
    std::vector<float> here, there;
    std::thread other([&] { work(there); });
    work(here);
    other.join();
    // NumPy: np.arange(12, dtype=np.float32).reshape(3, 4) + [1, 2, 3, 4]
    const std::vector<float> numpy{1, 3, 5, 7, 5, 7, 9, 11, 9, 11, 13, 15};
    EXPECT_EQ(here, numpy);
    EXPECT_EQ(there, numpy);
}

}  // namespace
