// Matrix products (linalg/): matmul with NumPy's 1-D promotion and batch
// broadcasting (the example of the PyTorch blog post on broadcasting among them),
// operands of any layout, products inside expressions computed once,
// aliasing, errors; tensordot, dot, inner, vdot, outer, trace and einsum
// against NumPy 1.24's outputs for the same inputs.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "counted_identity.hpp"
#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::expect_error_text;

// The product of a (..., n, k) and b (..., k, m) row-major tensors of equal
// batch shape, by the definition: the reference for the batched cases.
template <class T>
std::vector<T> reference_product(const tensor<T>& a, const tensor<T>& b) {
    const index_t n = a.shape()[a.ndim() - 2], k = a.shape().back(), m = b.shape().back();
    const index_t batches = a.size() / (n * k);
    std::vector<T> c(static_cast<std::size_t>(batches * n * m), T(0));
    for (index_t s = 0; s < batches; ++s) {
        for (index_t i = 0; i < n; ++i) {
            for (index_t j = 0; j < m; ++j) {
                T total = 0;
                for (index_t p = 0; p < k; ++p) total += a.data()[s * n * k + i * k + p] * b.data()[s * k * m + p * m + j];
                c[static_cast<std::size_t>((s * n + i) * m + j)] = total;
            }
        }
    }
    return c;
}

tensor<double> counting(index_t count, double scale = 1.0) {
    tensor<double> t = loom::arange<double>(0, static_cast<double>(count));
    t *= scale;
    return t;
}

// The PyTorch blog post on broadcasting, "Broadcasting during Matrix Multiplication":
// (1, 1, 8, 9) @ (2, 3, 9, 7) -> (2, 3, 8, 7).
TEST(Matmul, PyTorchBlogBatchDimensionsBroadcast) {
    const tensor<double> a = counting(72, 0.5).reshape({1, 1, 8, 9});
    const tensor<double> b = counting(378, 0.25).reshape({2, 3, 9, 7});
    const tensor<double> c = loom::matmul(a, b);
    EXPECT_EQ(c.shape(), (shape_type{2, 3, 8, 7}));
    const tensor<double> a_repeated = loom::broadcast_to(a, {2, 3, 8, 9});  // what the broadcast means
    EXPECT_EQ(elements_of(c), reference_product(a_repeated, b));
}

TEST(Matmul, OneDimensionalOperandsArePromotedAndTheAddedDimensionRemoved) {
    const tensor<double> m = counting(6).reshape({2, 3}), v{1, 2, 3};
    const tensor<double> dot = loom::matmul(v, v);
    EXPECT_EQ(dot.shape(), shape_type{});
    EXPECT_EQ(dot.item(), 14.0);
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(m, v))), (std::vector<double>{8, 26}));
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(tensor<double>{1, 1}, m))), (std::vector<double>{3, 5, 7}));
    const tensor<double> stack = counting(12).reshape({2, 2, 3});
    EXPECT_EQ(tensor<double>(loom::matmul(stack, v)).shape(), (shape_type{2, 2}));         // np: (2, 2)
    EXPECT_EQ(tensor<double>(loom::matmul(v, stack.transpose({0, 2, 1}))).shape(), (shape_type{2, 2}));
}

TEST(Matmul, OperandsOfAnyLayoutAndExpressions) {
    const tensor<double> a = counting(12).reshape({3, 4}), b = counting(20, 0.5).reshape({4, 5});
    const std::vector<double> expected = elements_of(tensor<double>(loom::matmul(a, b)));
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(a.transpose().transpose(), b))), expected);
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(loom::flip(loom::flip(a, 0), 0), b * 1.0))), expected);
    const tensor<double> strided = counting(24).reshape({3, 8});
    const tensor<double> every_other = strided(loom::all, loom::range(0, 8, 2));
    EXPECT_EQ(elements_of(tensor<double>(loom::matmul(strided(loom::all, loom::range(0, 8, 2)), b))),
              elements_of(tensor<double>(loom::matmul(every_other, b))));
}

TEST(Matmul, ResultTypesAndExactIntegers) {
    const tensor<std::int32_t> i{{1, 2}, {3, 4}};
    const auto product = loom::matmul(i, i);
    static_assert(std::same_as<loom::value_type_of<decltype(product)>, std::int32_t>);
    EXPECT_EQ(elements_of(tensor<std::int32_t>(product)), (std::vector<std::int32_t>{7, 10, 15, 22}));
    const tensor<bool> p{{true, false}, {false, false}}, q{{true, true}, {false, true}};
    EXPECT_EQ(elements_of(tensor<bool>(loom::matmul(p, q))), (std::vector<bool>{true, true, false, false}));
    const tensor<std::uint8_t> wrap{{200, 100}};
    const tensor<std::uint8_t> column{{2}, {1}};
    EXPECT_EQ(tensor<std::uint8_t>(loom::matmul(wrap, column)).item(), 244);  // 500 mod 256, as NumPy
    static_assert(std::same_as<loom::value_type_of<decltype(loom::matmul(i, tensor<float>{{1}, {2}}))>, float>);
}

// Products of at most 8 x 8 matrices run a loop of their own (Note [small
// products]), larger ones gemm: both give the product by the definition, for
// every size on either side of the bound, operands read transposed, and
// stacks whose batches broadcast (rotating points by three matrices).
TEST(Matmul, SmallProductsAsTheDefinitionOnEitherSideOfTheBound) {
    for (index_t n = 1; n <= 9; ++n) {
        const index_t m = 10 - n, k = 1 + (n * 5) % 9;
        const tensor<double> a = counting(2 * n * k, 0.5).reshape({2, n, k}), b = counting(2 * k * m, -1.0).reshape({2, k, m});
        EXPECT_EQ(elements_of(tensor<double>(loom::matmul(a, b))), reference_product(a, b)) << n << ' ' << m << ' ' << k;
        const tensor<double> a_columns = tensor<double>(a.transpose({0, 2, 1})).transpose({0, 2, 1});
        EXPECT_EQ(elements_of(tensor<double>(loom::matmul(a_columns, b))), reference_product(a, b));
        const tensor<std::int64_t> i = loom::astype<std::int64_t>(a * 2.0), j = loom::astype<std::int64_t>(b);
        EXPECT_EQ(elements_of(tensor<std::int64_t>(loom::matmul(i, j))), reference_product(i, j));
    }
    const tensor<float> rotations = loom::astype<float>(counting(27, 0.25).reshape({3, 1, 3, 3}));
    const tensor<float> points = loom::astype<float>(counting(15).reshape({5, 3, 1}));
    const tensor<float> rotated = loom::matmul(rotations, points);
    EXPECT_EQ(rotated.shape(), (shape_type{3, 5, 3, 1}));
    const tensor<float> each = loom::broadcast_to(rotations, {3, 5, 3, 3}).copy();
    const tensor<float> every = loom::broadcast_to(points, {3, 5, 3, 1}).copy();
    EXPECT_EQ(elements_of(rotated), reference_product(each, every));
}

TEST(Matmul, InsideAnExpressionTheProductIsComputedOnce) {
    const tensor<double> a = counting(6).reshape({2, 3}), b = counting(12).reshape({3, 4});
    const tensor<double> bias{1, 2, 3, 4};
    int calls = 0;
    const tensor<double> r = loom::matmul(loom::make_node(loom::testing::counted_identity{&calls}, a), b) + bias;
    EXPECT_EQ(calls, 6);  // the lazy operand read once, not once per result element
    EXPECT_EQ(elements_of(r), (std::vector<double>{21, 25, 29, 33, 57, 70, 83, 96}));
}

TEST(Matmul, TheDestinationMayBeAnOperand) {
    tensor<double> a = counting(4).reshape({2, 2});
    a = loom::matmul(a, a);
    EXPECT_EQ(elements_of(a), (std::vector<double>{2, 3, 6, 11}));
    tensor<double> b = counting(4).reshape({2, 2});
    b += loom::matmul(b, b);
    EXPECT_EQ(elements_of(b), (std::vector<double>{2, 4, 8, 14}));
    tensor<double> c = counting(4).reshape({2, 2});
    c(loom::all, 0) = loom::matmul(c, tensor<double>{1, 1});  // into a column of an operand
    EXPECT_EQ(elements_of(c), (std::vector<double>{1, 1, 5, 3}));
}

TEST(Matmul, ErrorsNameTheShapes) {
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::matmul(loom::ones<float>({2, 8, 9}), loom::ones<float>({8, 7})); },
        "matmul: a has shape [2, 8, 9] and b has shape [8, 7]; the inner sizes 9 and 8 must agree");
    expect_error_text<loom::broadcast_error>(
        [] { (void)loom::matmul(loom::ones<float>({2, 8, 9}), loom::ones<float>({3, 9, 7})); },
        "matmul: a has shape [2, 8, 9] and b has shape [3, 9, 7]; their batch shapes [2] and [3] do not broadcast: "
        "shapes [2] and [3] are not broadcastable: size 2 vs 3 at dimension 0 (shapes align on the right; each pair "
        "of sizes must be equal or one of them 1)");
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::matmul(loom::full<float>({}, 2.f), loom::ones<float>({2})); },
        "matmul: a has shape [] and b has shape [2]; an operand of rank 0 has no dimension to multiply (use * for a "
        "scalar product)");
}

TEST(Matmul, EmptyDimensions) {
    EXPECT_EQ(elements_of(tensor<float>(loom::matmul(loom::ones<float>({2, 0}), loom::ones<float>({0, 3})))),
              (std::vector<float>(6, 0.f)));
    EXPECT_EQ(tensor<float>(loom::matmul(loom::ones<float>({0, 2}), loom::ones<float>({2, 3}))).shape(),
              (shape_type{0, 3}));
    EXPECT_EQ(tensor<float>(loom::matmul(loom::ones<float>({0, 2, 2}), loom::ones<float>({3, 1, 2, 2}))).shape(),
              (shape_type{3, 0, 2, 2}));
    // Batches of products of inner size 0: zeros, and the operands' (absent) memory never addressed.
    EXPECT_EQ(elements_of(tensor<float>(loom::matmul(loom::ones<float>({2, 2, 0}), loom::ones<float>({2, 0, 3})))),
              (std::vector<float>(12, 0.f)));
    EXPECT_EQ(elements_of(tensor<std::int32_t>(loom::matmul(loom::zeros<std::int32_t>({3, 0}), loom::zeros<std::int32_t>({0})))),
              (std::vector<std::int32_t>(3, 0)));
}

// np.arange(24.).reshape(2, 3, 4) and np.arange(24.).reshape(4, 3, 2).
TEST(Products, TensordotAsNumPy) {
    const tensor<double> a = counting(24).reshape({2, 3, 4}), b = counting(24).reshape({4, 3, 2});
    const tensor<double> t = loom::tensordot(a, b, {{1, 0}, {1, 2}});
    EXPECT_EQ(t.shape(), (shape_type{4, 4}));
    EXPECT_EQ(elements_of(t), (std::vector<double>{200, 560, 920, 1280, 215, 611, 1007, 1403, 230, 662, 1094, 1526,
                                                   245, 713, 1181, 1649}));
    EXPECT_EQ(loom::tensordot(a, b, 1).shape(), (shape_type{2, 3, 3, 2}));
    const tensor<double> m = counting(6).reshape({2, 3});
    EXPECT_EQ(loom::tensordot(m, m, 2).item(), 55.0);
    EXPECT_EQ(loom::tensordot(m, m, 0).shape(), (shape_type{2, 3, 2, 3}));
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::tensordot(a, b, {{0}, {0}}); },
        "tensordot: a has shape [2, 3, 4] and b has shape [4, 3, 2]; axis 0 of a (size 2) and axis 0 of b (size 4) "
        "are summed together and must have the same size");
}

TEST(Products, DotInnerVdotOuterTraceAsNumPy) {
    const tensor<double> m = counting(6).reshape({2, 3}), v{1, 2, 3};
    EXPECT_EQ(elements_of(loom::dot(m, v)), (std::vector<double>{8, 26}));
    EXPECT_EQ(loom::dot(v, v).item(), 14.0);
    EXPECT_EQ(elements_of(loom::dot(m, m.transpose())), (std::vector<double>{5, 14, 14, 50}));
    EXPECT_EQ(elements_of(loom::dot(v, loom::full<double>({}, 2.0))), (std::vector<double>{2, 4, 6}));
    const tensor<double> a = counting(24).reshape({2, 3, 4}), b = counting(24).reshape({4, 3, 2});
    EXPECT_EQ(loom::dot(a, loom::transpose(b, {1, 0, 2})).shape(), (shape_type{2, 3, 3, 2}));
    EXPECT_EQ(elements_of(loom::inner(m, m)), (std::vector<double>{5, 14, 14, 50}));
    EXPECT_EQ(loom::vdot(m, m).item(), 55.0);
    EXPECT_EQ(loom::vdot(m, m.reshape({3, 2})).item(), 55.0);
    EXPECT_EQ(elements_of(loom::outer(v, tensor<std::int32_t>{1, 2})), (std::vector<double>{1, 2, 2, 4, 3, 6}));
    EXPECT_EQ(loom::trace(m).item(), 4.0);
    EXPECT_EQ(elements_of(loom::trace(a, 1, 1, 2)), (std::vector<double>{18, 54}));
    static_assert(std::same_as<decltype(loom::trace(tensor<std::int32_t>{{1}}))::value_type, std::int64_t>);
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::dot(m, m); },
        "dot: a has shape [2, 3] and b has shape [2, 3]; the last size of a, 3, and the second last size of b, 2, "
        "must agree");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::vdot(m, v); },
        "vdot: a has shape [2, 3] and b has shape [3]; 6 and 3 elements; give arrays of as many elements");
}

// The subscripts of the examples of numpy.einsum's documentation and of
// the matrix patterns, on np.arange inputs.
TEST(Einsum, OneAndTwoOperandsAsNumPy) {
    const tensor<double> a = counting(6).reshape({2, 3}), b = counting(12).reshape({3, 4});
    const tensor<double> s = counting(9).reshape({3, 3}), v{1, 2, 3};
    const tensor<double> p = counting(24).reshape({2, 3, 4}), q = counting(40).reshape({2, 4, 5});
    EXPECT_EQ(elements_of(loom::einsum("ij,jk->ik", a, b)), elements_of(tensor<double>(loom::matmul(a, b))));
    EXPECT_EQ(elements_of(loom::einsum("bij,bjk->bik", p, q)), elements_of(tensor<double>(loom::matmul(p, q))));
    EXPECT_EQ(elements_of(loom::einsum("ii->i", s)), (std::vector<double>{0, 4, 8}));
    EXPECT_EQ(elements_of(loom::einsum("ij->ji", a)), (std::vector<double>{0, 3, 1, 4, 2, 5}));
    EXPECT_EQ(loom::einsum("i,i->", v, v).item(), 14.0);
    EXPECT_EQ(elements_of(loom::einsum("ij,j", a, v)), (std::vector<double>{8, 26}));  // implicit output
    EXPECT_EQ(loom::einsum("ii", s).item(), 12.0);                                    // the trace
    EXPECT_EQ(loom::einsum("ij->", a).item(), 15.0);
    EXPECT_EQ(elements_of(loom::einsum("ij->j", a)), (std::vector<double>{3, 5, 7}));
    EXPECT_EQ(elements_of(loom::einsum("i,j->ij", v, v)), (std::vector<double>{1, 2, 3, 2, 4, 6, 3, 6, 9}));
    EXPECT_EQ(elements_of(loom::einsum("bij,bjk->ik", p, q)),
              (std::vector<double>{1580, 1640, 1700, 1760, 1820, 2140, 2232, 2324, 2416, 2508, 2700, 2824, 2948,
                                   3072, 3196}));
    EXPECT_EQ(loom::einsum("ijk->kji", p).shape(), (shape_type{4, 3, 2}));
    EXPECT_EQ(elements_of(loom::einsum("ij,ij->i", a, a)), (std::vector<double>{5, 50}));
    EXPECT_EQ(elements_of(loom::einsum("ij,kj->ik", a, a)), (std::vector<double>{5, 14, 14, 50}));
}

// A letter one operand sums over alone is summed in the result's type, as
// NumPy converts the operands first: 200 + 100 does not wrap at 256 as uint8.
TEST(Einsum, ALetterSummedInOneOperandIsSummedInTheResultType) {
    const tensor<std::uint8_t> a = {{200, 7}, {9, 100}};
    const tensor<std::int16_t> b{3};
    const tensor<std::int16_t> diagonal = loom::einsum("ii,j", a, b);
    EXPECT_EQ(elements_of(diagonal), (std::vector<std::int16_t>{900}));
    const tensor<std::int16_t> rows = loom::einsum("ij,k->k", a, b);
    EXPECT_EQ(elements_of(rows), (std::vector<std::int16_t>{948}));
    const tensor<double> both = loom::einsum("ij,j->j", a, tensor<double>{1, 2});
    EXPECT_EQ(elements_of(both), (std::vector<double>{209, 214}));
    EXPECT_EQ(loom::einsum("ii", a).item(), std::uint8_t(44));  // one operand: its own type, as NumPy's
}

TEST(Einsum, BadSubscriptsAreRefused) {
    const tensor<double> a = counting(6).reshape({2, 3});
    expect_error_text<std::invalid_argument>([&] { (void)loom::einsum("ij,jk->ik", a, a); },
                                             "einsum \"ij,jk->ik\": 'j' names size 3 in the first operand and 2 in "
                                             "the second operand; a letter names one size in every operand, or 1 to "
                                             "broadcast");
    expect_error_text<std::invalid_argument>([&] { (void)loom::einsum("ij->k", a); },
                                             "einsum \"ij->k\": the output's 'k' is in no operand");
    expect_error_text<std::invalid_argument>([&] { (void)loom::einsum("ijk->i", a); },
                                             "einsum \"ijk->i\": \"ijk\" names 3 dimensions of an operand of "
                                             "shape [2, 3]; give one letter per dimension, or \"...\" for those no "
                                             "letter names");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::einsum("...i->i", a); },
        "einsum \"...i->i\": \"...\" stands for 1 dimensions, which the output leaves out; write \"...\" in the "
        "output where they go (NumPy does not sum them either)");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::einsum("i.j", a); },
        "einsum \"i.j\": a '.' in the subscripts of the first operand is not part of an ellipsis; write \"...\"");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::einsum("...i...", a); },
        "einsum \"...i...\": the subscripts of the first operand holds \"...\" twice; give it at most once");
    expect_error_text<std::invalid_argument>(
        [&] { (void)loom::einsum("ij,jk->ik->i", a, a); }, "einsum \"ij,jk->ik->i\": \"->\" appears twice; give one output");
    EXPECT_THROW((void)loom::einsum("ij,jk", a), std::invalid_argument);
    EXPECT_THROW((void)loom::einsum("ij,jk,kl", a, a, a), std::invalid_argument);
    // Spaces stand anywhere but inside "..." and "->", as in NumPy.
    EXPECT_EQ(elements_of(loom::einsum(" i j -> j", a)), (std::vector<double>{3, 5, 7}));
    EXPECT_THROW((void)loom::einsum(".. .i", a), std::invalid_argument);
    EXPECT_THROW((void)loom::einsum("ij - > j", a), std::invalid_argument);
}

// Three or more operands are contracted two at a time, in einsum_path's
// order: each result is NumPy's (np.einsum of the same np.arange inputs).
TEST(Einsum, AnyNumberOfOperandsAsNumPy) {
    const tensor<double> a = counting(6).reshape({2, 3}), b = counting(12).reshape({3, 4});
    const tensor<double> c = counting(20).reshape({4, 5});
    const tensor<double> chain = loom::einsum("ij,jk,kl", a, b, c);
    EXPECT_EQ(elements_of(chain), elements_of(tensor<double>(loom::matmul(loom::matmul(a, b), c))));
    EXPECT_EQ(elements_of(chain), (std::vector<double>{810, 908, 1006, 1104, 1202, 2520, 2816, 3112, 3408, 3704}));
    const tensor<double> v = counting(4);
    EXPECT_EQ(loom::einsum("i,i,i->", v, tensor<double>(v + 1.0), tensor<double>(v + 2.0)).item(), 90.0);
    // Mixed types are promoted together (int8 with float32 and int32: float32), a broadcast operand read in place.
    const tensor<std::int8_t> small = {{1, 2}, {3, 4}};
    const tensor<float> column = {{1.f}, {2.f}};
    const tensor<std::int32_t> row = {5, 6};
    const tensor<float> mixed = loom::einsum("ij,jk,k->i", small, loom::broadcast_to(column, {2, 2}), row);
    EXPECT_EQ(elements_of(mixed), (std::vector<float>{55, 121}));  // [[1, 2], [3, 4]] @ [[1, 1], [2, 2]] @ [5, 6]
    // A letter only one operand holds and the output does not name is summed within it first.
    EXPECT_EQ(loom::einsum("ij,jk,kl->", a, b, c).item(), 20590.0);
}

// "..." stands for the dimensions no letter names, broadcast together by
// NumPy's rule; a size 1 broadcasts against a letter's other size.
TEST(Einsum, EllipsisAndSizeOneBroadcastAsNumPy) {
    const tensor<double> p = counting(12).reshape({2, 1, 2, 3}), q = counting(18).reshape({3, 3, 2});
    const tensor<double> batched = loom::einsum("...ij,...jk->...ik", p, q);
    EXPECT_EQ(batched.shape(), (shape_type{2, 3, 2, 2}));
    EXPECT_EQ(elements_of(batched), (std::vector<double>{10, 13, 28, 40, 28, 31, 100, 112, 46, 49, 172, 184, 46, 67,
                                                         64, 94, 172, 193, 244, 274, 298, 319, 424, 454}));
    EXPECT_EQ(loom::einsum("...i,...i", loom::ones<double>({2, 1, 3}), loom::ones<double>({4, 3})).shape(),
              (shape_type{2, 4}));
    EXPECT_EQ(loom::einsum("ba...,a", loom::ones<double>({2, 3, 4}), loom::ones<double>({3})).shape(),
              (shape_type{4, 2}));  // implicit: the dimensions of "...", then the letters in order
    EXPECT_EQ(loom::einsum("i...->i", counting(2)).shape(), (shape_type{2}));  // "..." of no dimension
    const tensor<double> a = counting(6).reshape({2, 3});
    EXPECT_EQ(elements_of(loom::einsum("ij,j->i", a, tensor<double>{2})), (std::vector<double>{6, 24}));
    EXPECT_EQ(elements_of(loom::einsum("ij,ij->", a, tensor<double>{{1}, {2}})), (std::vector<double>{27}));
    EXPECT_THROW((void)loom::einsum("...,...", loom::ones<double>({2, 3}), loom::ones<double>({3, 2})),
                 loom::broadcast_error);
}

// einsum_path answers as numpy.einsum_path(..., optimize='greedy'): its
// order, its estimates and its report, line for line (NumPy 1.24's text).
TEST(EinsumPath, GreedyOrderAndReportAsNumPy) {
    const tensor<double> m = loom::ones<double>({10, 10}), t = loom::ones<double>({10, 10, 10, 10});
    const loom::contraction_path five = loom::einsum_path("ea,fb,abcd,gc,hd->efgh", m, m, t, m, m);
    EXPECT_EQ(five.order, (std::vector<std::vector<std::size_t>>{{0, 2}, {0, 3}, {0, 2}, {0, 1}}));
    EXPECT_EQ(five.naive_flops, 5e8);
    EXPECT_EQ(five.optimized_flops, 8e5 + 1);  // NumPy counts one more
    EXPECT_EQ(five.report,
              "  Complete contraction:  ea,fb,abcd,gc,hd->efgh\n"
              "         Naive scaling:  8\n"
              "     Optimized scaling:  5\n"
              "      Naive FLOP count:  5.000e+08\n"
              "  Optimized FLOP count:  8.000e+05\n"
              "   Theoretical speedup:  624.999\n"
              "  Largest intermediate:  1.000e+04 elements\n"
              "--------------------------------------------------------------------------\n"
              "scaling                  current                                remaining\n"
              "--------------------------------------------------------------------------\n"
              "   5               abcd,ea->bcde                      fb,gc,hd,bcde->efgh\n"
              "   5               bcde,fb->cdef                         gc,hd,cdef->efgh\n"
              "   5               cdef,gc->defg                            hd,defg->efgh\n"
              "   5               defg,hd->efgh                               efgh->efgh");
    const loom::contraction_path chain = loom::einsum_path(
        "ij,jk,kl,lm", loom::ones<double>({2, 30}), loom::ones<double>({30, 4}), loom::ones<double>({4, 50}),
        loom::ones<double>({50, 3}));
    EXPECT_EQ(chain.order, (std::vector<std::vector<std::size_t>>{{2, 3}, {0, 1}, {0, 1}}));
    EXPECT_EQ(chain.largest_intermediate, 12);
    EXPECT_EQ(chain.contractions.at(0).subscripts, "lm,kl->mk");  // an intermediate's letters by size, as NumPy's
    EXPECT_EQ(chain.contractions.at(0).remaining, "ij,jk,mk->im");
    EXPECT_EQ(chain.report.substr(0, chain.report.find("\n---")),
              "  Complete contraction:  ij,jk,kl,lm->im\n"
              "         Naive scaling:  5\n"
              "     Optimized scaling:  3\n"
              "      Naive FLOP count:  1.440e+05\n"
              "  Optimized FLOP count:  1.729e+03\n"
              "   Theoretical speedup:  83.285\n"
              "  Largest intermediate:  1.200e+01 elements");
    // One or two operands: one step, as NumPy leaves them to einsum.
    EXPECT_EQ(loom::einsum_path("ij,jk", m, m).order, (std::vector<std::vector<std::size_t>>{{0, 1}}));
}

}  // namespace
