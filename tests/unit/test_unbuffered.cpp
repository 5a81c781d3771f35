// The unbuffered runs (eval/expression_kernel.hpp, Note [unbuffered
// runs]): plans whose leaves are all read in place along the inner
// dimension, one of them possibly repeating one element along each run.
// Each result is checked against NumPy's broadcasting rule written out
// index by index (broadcast_reference.hpp), and each plan's printed path
// says which kernel ran.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "planned.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::broadcast_read;
using loom::testing::iota_tensor;

template <class E>
std::string printed_path(const E& expression) {
    std::ostringstream out;
    out << loom::testing::planned(expression);
    const std::string text = out.str();
    return text.substr(text.find("path "));
}

// Every element of `z` against f applied to the elements NumPy pairs with it.
template <class Z, class F, class... T>
void expect_broadcast(const tensor<Z>& z, F f, const tensor<T>&... operands) {
    for (index_t i = 0; i < z.size(); ++i) {
        ASSERT_EQ(z.data()[i], static_cast<Z>(f(broadcast_read(operands, z.shape(), i)...))) << "element " << i;
    }
}

TEST(Unbuffered, EachLeafOfThreeRepeatsInTurn) {
    const auto full = iota_tensor<float>({6, 5}, 1.f);
    const auto other = iota_tensor<float>({6, 5}, -3.f, 0.5f);
    const auto column = iota_tensor<float>({6, 1}, 100.f, 10.f);
    const auto f = [](float x, float y, float w) { return x * y - w; };

    EXPECT_EQ(printed_path(column * full - other), "path contiguous (operand 1 repeated along each run)\n");
    tensor<float> first = column * full - other;
    expect_broadcast(first, f, column, full, other);

    EXPECT_EQ(printed_path(full * column - other), "path contiguous (operand 2 repeated along each run)\n");
    tensor<float> second = full * column - other;
    expect_broadcast(second, f, full, column, other);

    EXPECT_EQ(printed_path(full * other - column), "path contiguous (operand 3 repeated along each run)\n");
    tensor<float> third = full * other - column;
    expect_broadcast(third, f, full, other, column);
}

TEST(Unbuffered, ScalarsBesideTheRepeatedLeaf) {
    const auto a = iota_tensor<double>({4, 3, 7}, 0.25);
    const auto b = iota_tensor<double>({4, 3, 1}, -2.0);
    tensor<double> z = a * 2.0 + b - 1.5;
    expect_broadcast(z, [](double x, double y) { return x * 2.0 + y - 1.5; }, a, b);
}

TEST(Unbuffered, SequenceMaskOfMixedTypes) {
    // The sequence mask of the PaddlePaddle broadcasting page: positions (1, n) < lengths (n, 1), in int64.
    const auto positions = iota_tensor<std::int64_t>({1, 9});
    const tensor<std::int64_t> lengths{{0}, {3}, {9}, {5}};
    EXPECT_EQ(printed_path(positions < lengths), "path contiguous (operand 2 repeated along each run)\n");
    tensor<bool> mask = positions < lengths;
    expect_broadcast(mask, [](std::int64_t p, std::int64_t l) { return p < l; }, positions, lengths);

    const auto ints = iota_tensor<int>({5, 8}, -20, 3);
    const auto scale = iota_tensor<float>({5, 1}, 0.5f, 0.25f);
    tensor<float> z = ints * scale;
    expect_broadcast(z, [](int i, float s) { return static_cast<float>(i) * s; }, ints, scale);
}

TEST(Unbuffered, CompoundAssignmentRepeatsTheColumnIntoItsOwnDestination) {
    auto a = iota_tensor<float>({7, 33}, 1.f);
    const auto before = a;
    const auto column = iota_tensor<float>({7, 1}, 0.5f, 2.f);
    a += column;
    expect_broadcast(a, [](float x, float c) { return x + c; }, before, column);
}

TEST(Unbuffered, PlacedOperandRepeats) {
    // PaddlePaddle's placement: b (3,) against dimension 1 of a (2, 3, 4) repeats along the inner dimension.
    const auto a = iota_tensor<float>({2, 3, 4});
    const tensor<float> b{10.f, 20.f, 30.f};
    const auto sum = loom::add(a, b, loom::broadcast::pdpd(1));
    EXPECT_EQ(printed_path(sum), "path contiguous (operand 2 repeated along each run)\n");
    tensor<float> z = sum;
    for (index_t i = 0; i < 2; ++i) {
        for (index_t j = 0; j < 3; ++j) {
            for (index_t k = 0; k < 4; ++k) EXPECT_EQ(z(i, j, k), a(i, j, k) + b(j));
        }
    }
}

TEST(Unbuffered, StridedRowsWithoutARepeatedLeaf) {
    // Every second row of a: its rows lie apart, each read in place.
    const auto a = iota_tensor<float>({8, 6});
    const auto b = iota_tensor<float>({4, 6}, 100.f);
    const auto rows = a(loom::range(0, 8, 2), loom::all);
    EXPECT_EQ(printed_path(rows + b), "path contiguous\n");
    tensor<float> z = rows + b;
    for (index_t i = 0; i < 4; ++i) {
        for (index_t j = 0; j < 6; ++j) EXPECT_EQ(z(i, j), a(2 * i, j) + b(i, j));
    }
}

TEST(Unbuffered, IntoAViewWhoseRowsLieApart) {
    tensor<float> z({5, 9}, -1.f);
    const auto a = iota_tensor<float>({5, 4});
    const auto column = iota_tensor<float>({5, 1}, 50.f);
    z(loom::all, loom::range(2, 6)) = a + column;
    for (index_t i = 0; i < 5; ++i) {
        for (index_t j = 0; j < 9; ++j) {
            const float expected = j >= 2 && j < 6 ? a(i, j - 2) + column(i, 0) : -1.f;
            EXPECT_EQ(z(i, j), expected) << i << ", " << j;
        }
    }
}

TEST(Unbuffered, RepeatedLeafGivesTheBitsOfTheSameValuesInMemory) {
    // exp runs in xsimd batches: a splat must give what the broadcast values read from memory give.
    const auto a = iota_tensor<double>({3, 37}, -30.0, 0.7);
    const auto column = iota_tensor<double>({3, 1}, -1.25, 0.5);
    const tensor<double> spelled_out = loom::broadcast_to(column, {3, 37}).copy();
    tensor<double> repeated = loom::exp(a) * column;
    tensor<double> read = loom::exp(a) * spelled_out;
    for (index_t i = 0; i < repeated.size(); ++i) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(repeated.data()[i]), std::bit_cast<std::uint64_t>(read.data()[i]))
            << "element " << i;
    }
}

TEST(Unbuffered, LargeEvaluationSplitAcrossThreadsRepeatsEachRowsOwnElement) {
    const index_t rows = 300, columns = 1000;  // above parallel_min_elements
    static_assert(rows * columns >= loom::parallel_min_elements);
    const auto a = iota_tensor<float>({rows, columns}, 0.f, 0.001f);
    const auto column = iota_tensor<float>({rows, 1}, 7.f);
    const int threads = loom::num_threads();
    loom::set_num_threads(2);
    tensor<float> z = a - column;
    loom::set_num_threads(threads);
    expect_broadcast(z, [](float x, float c) { return x - c; }, a, column);
}

}  // namespace
