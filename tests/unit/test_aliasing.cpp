// Aliasing (Note [aliasing] in eval/plan.hpp): when an operand shares memory
// with the destination under another index mapping, the result is as if the
// operand had been read in full first. Expected values come from NumPy 1.24
// (/usr/bin/python3); that allocations happen only then is checked by the
// allocation tests (tests/alloc/test_view_allocations.cpp).

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::index_t;
using loom::none;
using loom::range;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;

TEST(Aliasing, TensorAssignedItselfPlusItsTranspose) {
    tensor<int> a = iota_tensor<int>({3, 3});
    a = a + loom::transpose(a);
    // NumPy: a = np.arange(9).reshape(3, 3); a = a + a.T
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 4, 8, 4, 8, 12, 8, 12, 16}));
}

TEST(Aliasing, TensorPlusEqualsItsTranspose) {
    tensor<int> a = iota_tensor<int>({3, 3});
    a += loom::transpose(a);
    // NumPy: a += a.T (NumPy's ufuncs copy overlapping inputs)
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 4, 8, 4, 8, 12, 8, 12, 16}));
}

TEST(Aliasing, ShiftRightByOne) {
    const index_t n = 6;
    tensor<int> a = iota_tensor<int>({n});
    a(range(1, n)) = a(range(0, n - 1));
    // NumPy: a[1:] = a[:-1]
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 0, 1, 2, 3, 4}));
}

TEST(Aliasing, ShiftLeftByOne) {
    const index_t n = 6;
    tensor<int> a = iota_tensor<int>({n});
    a(range(0, n - 1)) = a(range(1, n));
    // NumPy: a[:-1] = a[1:]
    EXPECT_EQ(elements_of(a), (std::vector<int>{1, 2, 3, 4, 5, 5}));
}

TEST(Aliasing, PlusEqualsTheNextElement) {
    const index_t n = 6;
    tensor<int> a = iota_tensor<int>({n});
    a(range(0, n - 1)) += a(range(1, n));
    // NumPy: a[:-1] += a[1:]
    EXPECT_EQ(elements_of(a), (std::vector<int>{1, 3, 5, 7, 9, 5}));
}

TEST(Aliasing, PlusEqualsThePreviousElement) {
    const index_t n = 6;
    tensor<int> a = iota_tensor<int>({n});
    a(range(1, n)) += a(range(0, n - 1));
    // NumPy: a[1:] += a[:-1] -> [0, 1, 3, 5, 7, 9], not a running sum
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 3, 5, 7, 9}));
}

TEST(Aliasing, TensorAssignedItsFlip) {
    tensor<int> a = iota_tensor<int>({6});
    a = loom::flip(a);
    // NumPy: a = np.flip(a)
    EXPECT_EQ(elements_of(a), (std::vector<int>{5, 4, 3, 2, 1, 0}));
}

TEST(Aliasing, MatrixAssignedItsFlipKeepsItsMemory) {
    tensor<int> a = iota_tensor<int>({2, 3});
    const int* memory = a.data();
    a = a.flip();
    // NumPy: a[...] = np.flip(a)
    EXPECT_EQ(elements_of(a), (std::vector<int>{5, 4, 3, 2, 1, 0}));
    EXPECT_EQ(a.data(), memory);
}

TEST(Aliasing, ReversedViewAssignedTheTensor) {
    tensor<int> a = iota_tensor<int>({6});
    a(range(none, none, -1)) = a;
    // NumPy: a[::-1] = a
    EXPECT_EQ(elements_of(a), (std::vector<int>{5, 4, 3, 2, 1, 0}));
}

TEST(Aliasing, OverlappingBlocksDownAndRight) {
    tensor<int> a = iota_tensor<int>({4, 4});
    a(range(1, none), range(1, none)) = a(range(none, -1), range(none, -1));
    // NumPy: a[1:, 1:] = a[:-1, :-1]
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 2, 3, 4, 0, 1, 2, 8, 4, 5, 6, 12, 8, 9, 10}));
}

TEST(Aliasing, OverlappingBlocksUpAndLeftThroughAnExpression) {
    tensor<int> a = iota_tensor<int>({4, 4});
    a(range(none, -1), range(none, -1)) = a(range(1, none), range(1, none)) * 10;
    // NumPy: a[:-1, :-1] = a[1:, 1:] * 10
    EXPECT_EQ(elements_of(a), (std::vector<int>{50, 60, 70, 3, 90, 100, 110, 7, 130, 140, 150, 11, 12, 13, 14, 15}));
}

TEST(Aliasing, OverlappingColumnsPlusEquals) {
    tensor<int> a = iota_tensor<int>({4, 4});
    a(all, range(1, none)) += a(all, range(none, -1));
    // NumPy: a[:, 1:] += a[:, :-1]
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 3, 5, 4, 9, 11, 13, 8, 17, 19, 21, 12, 25, 27, 29}));
}

TEST(Aliasing, ViewAssignedItselfTransposed) {
    tensor<int> a = iota_tensor<int>({4, 4});
    auto v = a(range(0, 3), range(0, 3));
    v = loom::transpose(v);
    // NumPy: v = a[0:3, 0:3]; v[...] = v.T
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 4, 8, 3, 1, 5, 9, 7, 2, 6, 10, 11, 12, 13, 14, 15}));
}

TEST(Aliasing, BroadcastRowOfTheDestination) {
    tensor<int> a = iota_tensor<int>({3, 3});
    a += a(0, all);
    // NumPy: a += a[0] (every row gets the original first row)
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 2, 4, 3, 5, 7, 6, 8, 10}));
}

TEST(Aliasing, DiagonalAssignedTheFirstRow) {
    tensor<int> a = iota_tensor<int>({3, 3});
    a.diagonal() = a(0, all);
    // NumPy: np.einsum('ii->i', a)[...] = a[0]
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 2, 3, 1, 5, 6, 7, 2}));
}

TEST(Aliasing, SteppedViewAssignedAnOverlappingSliceReadsTheOldValues) {
    tensor<int> a = iota_tensor<int>({6});
    a(range(none, none, 2)) = a(range(0, 3));
    // NumPy: np.add(a[:3], 0, out=a[::2]) -> [0, 1, 1, 3, 2, 5], as if a[:3] were copied first.
    // (NumPy 1.24's plain a[::2] = a[:3] skips the copy for 1-D arrays whose strides point the
    // same way and gives [0, 1, 1, 3, 1, 5]; loom always reads the old values.)
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 1, 3, 2, 5}));
}

TEST(Aliasing, SameMappingCasesGiveTheDirectResult) {
    tensor<int> a = iota_tensor<int>({2, 3});
    const tensor<int> b = iota_tensor<int>({2, 3}, 10);
    a += b;
    a = a * 2;
    auto v = a(1, all);
    v = v + 1;
    // NumPy: a += b; a = a * 2; a[1] = a[1] + 1
    EXPECT_EQ(elements_of(a), (std::vector<int>{20, 24, 28, 33, 37, 41}));
}

TEST(Aliasing, FlatCumsumIntoTheMemoryItReads) {
    // The flattened running sum of x, written over x's own memory seen as a
    // line (np.cumsum(x, out=x.reshape(-1))), and over it backwards.
    tensor<int> x{{1, 2}, {3, 4}};
    auto line = loom::adapt(x.data(), {4});
    line = loom::cumsum(x);
    EXPECT_EQ(elements_of(x), (std::vector<int>{1, 3, 6, 10}));
    tensor<int> y{{1, 2}, {3, 4}};
    auto backwards = loom::flip(loom::adapt(y.data(), {4}), 0);
    backwards = loom::cumsum(y);
    EXPECT_EQ(elements_of(y), (std::vector<int>{10, 6, 3, 1}));
}

TEST(Aliasing, CumsumAlongAnAxisIntoItsOwnOperandTransposed) {
    // x.T = cumsum(x, 0): the operand meets the destination under another mapping.
    tensor<int> x{{1, 2}, {3, 4}};
    auto t = x.transpose();
    t = loom::cumsum(x, 0);
    // NumPy: c = np.cumsum(x, 0) = [[1, 2], [4, 6]]; x.T[...] = c leaves x = c.T
    EXPECT_EQ(elements_of(x), (std::vector<int>{1, 4, 2, 6}));
}

// A destination of every kind of layout (permuted, reversed, stepped, of
// elements of 1 to 16 bytes) whose operand meets it under another mapping
// receives the value computed first, as NumPy gives it: the same as
// assigning the value computed from a copy of the operand.
template <class T>
void expect_aliased_assignment_as_from_a_copy() {
    tensor<T> x({4, 5, 6, 7});
    for (index_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<T>(i % 9 + 1);
    tensor<T> expected = x;
    const auto destination_of = [](tensor<T>& t) {
        return loom::permute(t(all, range(none, none, -1), range(0, none, 2), range(1, none)), {3, 1, 0, 2});
    };
    const tensor<T> value = loom::flip(destination_of(expected), 1) * T(2);  // into new memory
    destination_of(expected) = value;
    auto destination = destination_of(x);
    destination = loom::flip(destination, 1) * T(2);
    EXPECT_EQ(elements_of(x), elements_of(expected));
}

TEST(Aliasing, EveryLayoutOfTheDestinationAsFromACopy) {
    expect_aliased_assignment_as_from_a_copy<std::int8_t>();
    expect_aliased_assignment_as_from_a_copy<std::int16_t>();
    expect_aliased_assignment_as_from_a_copy<float>();
    expect_aliased_assignment_as_from_a_copy<double>();
    expect_aliased_assignment_as_from_a_copy<std::complex<double>>();
}

}  // namespace
