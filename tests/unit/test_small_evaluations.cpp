// Small evaluations, by the paths that skip the plan: a value of tensors of
// the destination's shape in one run (Note [one run] in eval/assign.hpp),
// and values of rank<R> tensors by the ranked path (Note [ranked path] in
// eval/static_assign.hpp), whose shapes are compared in R unrolled steps
// (equal_sizes in core/shape.hpp). Each gives NumPy's values, meets the
// destination only as NumPy's copy semantics allow, and refuses an operand
// given another shape since the expression was built.

#include <gtest/gtest.h>

#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;

// a = np.arange(12, dtype=np.float32).reshape(3, 4)
tensor<float> small_arange_3x4() {
    tensor<float> a({3, 4});
    for (int i = 0; i < 12; ++i) a.data()[i] = static_cast<float>(i);
    return a;
}

#if defined(LOOM_RECORD_PATHS)
// The paths the evaluations took since the trace was last cleared (Note [path trace]).
const std::vector<loom::path_kind>& small_paths_taken() { return loom::detail::recorded_paths().kinds; }
#endif

TEST(SmallEvaluations, ValueOfTensorsOfOneShapeIntoAnExistingTensorGivesNumPysValues) {
    const tensor<float> a = small_arange_3x4();
    tensor<float> c({3, 4});
    for (int i = 0; i < 12; ++i) c.data()[i] = static_cast<float>((2 - i / 4) * 4 + i % 4) * 0.25f;
    const tensor<float> d(shape_type{3, 4}, 1.5f);
    tensor<float> z({3, 4});
    const float* before = z.data();
#if defined(LOOM_RECORD_PATHS)
    loom::detail::recorded_paths() = {};
#endif
    z = a * a + c - d;
    // NumPy: a * a + a[::-1] * 0.25 - 1.5, a = np.arange(12, dtype=np.float32).reshape(3, 4)
    EXPECT_EQ(elements_of(z), (std::vector<float>{0.5f, 1.75f, 5.f, 10.25f, 15.5f, 24.75f, 36.f, 49.25f, 62.5f,
                                                  79.75f, 99.f, 120.25f}));
    EXPECT_EQ(z.data(), before);  // the same shape: into z's memory
#if defined(LOOM_RECORD_PATHS)
    EXPECT_EQ(small_paths_taken(), std::vector<loom::path_kind>{loom::path_kind::direct});
#endif
}

TEST(SmallEvaluations, ValueOfTensorsOfOneShapeIntoANewTensorGivesNumPysValues) {
    const tensor<float> a = small_arange_3x4();
    const tensor<float> z = a * 2.f + a;
    // NumPy: a * 2 + a
    EXPECT_EQ(elements_of(z), (std::vector<float>{0.f, 3.f, 6.f, 9.f, 12.f, 15.f, 18.f, 21.f, 24.f, 27.f, 30.f, 33.f}));
    EXPECT_EQ(z.shape(), (shape_type{3, 4}));
}

TEST(SmallEvaluations, DestinationReadAsAnOperandIsReadWhole) {
    tensor<float> z = small_arange_3x4();
    const tensor<float> a = small_arange_3x4();
    z = z * 2.f + a;  // NumPy: z = z * 2 + a
    EXPECT_EQ(elements_of(z), (std::vector<float>{0.f, 3.f, 6.f, 9.f, 12.f, 15.f, 18.f, 21.f, 24.f, 27.f, 30.f, 33.f}));
}

TEST(SmallEvaluations, OperandsOfAnotherElementTypeGiveNumPysValues) {
    tensor<int> i({3, 4});
    for (int k = 0; k < 12; ++k) i.data()[k] = k;
    const tensor<float> a = small_arange_3x4();
    const auto product = loom::eval(i * a);
    // NumPy: (np.arange(12, dtype=np.int32) * np.arange(12, dtype=np.float32)).tolist()
    const std::vector<double> numpy{0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121};
    ASSERT_EQ(product.size(), 12);
    for (int k = 0; k < 12; ++k) EXPECT_EQ(static_cast<double>(product.data()[k]), numpy[static_cast<std::size_t>(k)]);
}

TEST(SmallEvaluations, OperandsOverlappingTheDestinationElsewhereAreReadAsBefore) {
    tensor<float> x({8});
    for (int k = 0; k < 8; ++k) x.data()[k] = static_cast<float>(k);
    x(loom::range(1, 5)) = x(loom::range(0, 4)) + x(loom::range(2, 6));
    // NumPy: x = np.arange(8, dtype=np.float32); x[1:5] = x[0:4] + x[2:6]
    EXPECT_EQ(elements_of(x), (std::vector<float>{0.f, 2.f, 4.f, 6.f, 8.f, 5.f, 6.f, 7.f}));
}

TEST(SmallEvaluations, OperandOfTheSameCountAndAnotherShapeSinceBuiltIsRefused) {
    tensor<float> a = small_arange_3x4();
    const tensor<float> b = small_arange_3x4();
    const auto e = a * b;
    a = tensor<float>({2, 6});
    tensor<float> z({3, 4});
    EXPECT_THROW(z = e, loom::broadcast_error);
    EXPECT_EQ(elements_of(z), std::vector<float>(12, 0.f));  // left as it was
}

TEST(SmallEvaluations, RankedMatrixPlusRowGivesNumPysValuesEitherWay) {
    using matrix = tensor<float, loom::rank<2>>;
    using row = tensor<float, loom::rank<1>>;
    const matrix m(small_arange_3x4());
    const row r{0.5f, -1.f, 2.f, 4.f};
    // NumPy: np.arange(12, dtype=np.float32).reshape(3, 4) + [0.5, -1, 2, 4]
    const std::vector<float> numpy{0.5f, 0.f, 4.f, 7.f, 4.5f, 4.f, 8.f, 11.f, 8.5f, 8.f, 12.f, 15.f};
    matrix z = m;
    z = m + r;
    EXPECT_EQ(std::vector<float>(z.begin(), z.end()), numpy);
    const matrix swapped = r + m;  // the shape is the second operand's
    EXPECT_EQ(swapped.shape(), (shape_type{3, 4}));
    EXPECT_EQ(std::vector<float>(swapped.begin(), swapped.end()), numpy);
}

TEST(SmallEvaluations, RankedOperandGivenSizesThatNoLongerFitIsRefused) {
    using matrix = tensor<float, loom::rank<2>>;
    matrix a(small_arange_3x4());
    const matrix b(small_arange_3x4());
    const auto e = a * b;
    a = matrix(shape_type{4, 4});
    matrix z(shape_type{3, 4});
    EXPECT_THROW(z = e, loom::broadcast_error);
    EXPECT_EQ(std::vector<float>(z.begin(), z.end()), std::vector<float>(12, 0.f));
}

}  // namespace
