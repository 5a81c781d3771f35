// Boolean-mask and integer-array indexing (masking.hpp): reading copies,
// writing goes through the original memory. Expected values come from NumPy
// 1.24 (/usr/bin/python3), with `a = np.arange(6).reshape(2, 3)` and
// `m = a % 2 == 0` unless a test says otherwise.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

tensor<int> ints_2x3() { return iota_tensor<int>({2, 3}); }
tensor<bool> even(const tensor<int>& a) { return a % 2 == 0; }

template <class T, class I>
concept indexable_by = requires(const T& t, const I& i) { t[i]; };
template <class T, class V>
concept mask_assignable_from = requires(T& t, const tensor<bool>& m, const V& v) { t(m) = v; };

// ---- t[mask] ----

TEST(MaskSelect, GivesTheSelectedElementsInRowMajorOrder) {
    const tensor<int> a = ints_2x3();
    // NumPy: a[m] -> [0, 2, 4]
    const tensor<int> selected = a[even(a)];
    EXPECT_EQ(selected.shape(), shape_type{3});
    EXPECT_EQ(elements_of(selected), (std::vector<int>{0, 2, 4}));
}

TEST(MaskSelect, IsACopy) {
    tensor<int> a = ints_2x3();
    tensor<int> selected = a[even(a)];
    selected = 0;
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(MaskSelect, OfAViewFollowsTheViewsOrder) {
    const tensor<int> a = ints_2x3();
    const auto t = a.transpose();
    // NumPy: a.T[m.T] -> [0, 4, 2]
    EXPECT_EQ(elements_of(t[even(a).transpose()]), (std::vector<int>{0, 4, 2}));
}

TEST(MaskSelect, TakesAMaskExpression) {
    const tensor<int> a = ints_2x3();
    // NumPy: a[a > 2] -> [3, 4, 5]
    EXPECT_EQ(elements_of(a[a > 2]), (std::vector<int>{3, 4, 5}));
}

TEST(MaskSelect, NoneSelectedGivesAnEmptyTensor) {
    const tensor<int> a = ints_2x3();
    EXPECT_EQ(a[a > 10].shape(), shape_type{0});
}

TEST(MaskSelect, MaskOfAnotherShapeThrows) {
    const tensor<int> a = ints_2x3();
    const tensor<bool> wrong({3, 2}, true);
    // NumPy: IndexError: boolean index did not match indexed array along dimension 0;
    // dimension is 2 but corresponding boolean dimension is 3
    EXPECT_THROW(a[wrong], std::invalid_argument);
    EXPECT_THAT(message_of([&] { a[wrong]; }), HasSubstr("a boolean mask of shape [3, 2] cannot index shape [2, 3]"));
}

// A mask of the leading dimensions selects the sub-arrays after them, as NumPy's x[row_mask].
TEST(MaskSelect, AMaskOfLeadingDimensionsSelectsSubArrays) {
    const tensor<int> a = ints_2x3();
    // NumPy: a[[True, False]] -> [[0, 1, 2]]; a[np.array([False, True])] on a view of its columns
    const tensor<int> first = a[tensor<bool>{true, false}];
    EXPECT_EQ(first.shape(), (shape_type{1, 3}));
    EXPECT_EQ(elements_of(first), (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(elements_of(a.transpose()[tensor<bool>{false, true, true}]), (std::vector<int>{1, 4, 2, 5}));
    // NumPy: x = np.arange(24).reshape(2, 3, 4); x[[[True, False, True], [False, True, False]]] has shape (3, 4)
    const tensor<int> x = iota_tensor<int>({2, 3, 4});
    const tensor<int> picked = x[tensor<bool>{{true, false, true}, {false, true, false}}];
    EXPECT_EQ(picked.shape(), (shape_type{3, 4}));
    EXPECT_EQ(elements_of(picked), (std::vector<int>{0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19}));
    // NumPy: a[np.array(True)].shape == (1, 2, 3) and a[np.array(False)].shape == (0, 2, 3)
    EXPECT_EQ(a[tensor<bool>(shape_type{}, true)].shape(), (shape_type{1, 2, 3}));
    EXPECT_EQ(a[tensor<bool>(shape_type{}, false)].shape(), (shape_type{0, 2, 3}));
    EXPECT_THAT(message_of([&] { a[tensor<bool>{true, false, true}]; }),
                HasSubstr("a boolean mask of shape [3] cannot index shape [2, 3]; give a mask of that shape or of "
                          "its leading dimensions"));
}

// ---- t[indices] and take ----

TEST(IndexSelect, TakesRowsAlongTheFirstAxis) {
    const tensor<int> a = ints_2x3();
    // NumPy: a[[1, 0, 1]] -> [[3, 4, 5], [0, 1, 2], [3, 4, 5]]
    const tensor<int> rows = a[tensor<int>{1, 0, 1}];
    EXPECT_EQ(rows.shape(), (shape_type{3, 3}));
    EXPECT_EQ(elements_of(rows), (std::vector<int>{3, 4, 5, 0, 1, 2, 3, 4, 5}));
}

TEST(IndexSelect, NegativeIndicesCountFromTheEnd) {
    const tensor<int> a = ints_2x3();
    // NumPy: a[[-1]] -> [[3, 4, 5]]
    EXPECT_EQ(elements_of(a[tensor<std::int64_t>{-1}]), (std::vector<int>{3, 4, 5}));
}

TEST(IndexSelect, IsACopy) {
    tensor<int> a = ints_2x3();
    tensor<int> rows = a[tensor<int>{0}];
    rows = 9;
    EXPECT_EQ(elements_of(a), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(IndexSelect, BoolTensorsAreMasksNotIndices) {
    static_assert(indexable_by<tensor<int>, tensor<bool>>);
    static_assert(indexable_by<tensor<int>, tensor<std::uint8_t>>);
    static_assert(!indexable_by<tensor<int>, tensor<float>>, "float indices are refused");
    SUCCEED();
}

TEST(Take, WithoutAxisIndexesTheFlattenedArray) {
    const tensor<int> a = ints_2x3();
    // NumPy: np.take(a, [0, 5, -1]) -> [0, 5, 5]
    EXPECT_EQ(elements_of(loom::take(a, tensor<int>{0, 5, -1})), (std::vector<int>{0, 5, 5}));
}

TEST(Take, WithoutAxisOfAStridedView) {
    const tensor<int> a = ints_2x3();
    // NumPy: np.take(a.T, [1, 2]) -> [3, 1]
    EXPECT_EQ(elements_of(loom::take(a.transpose(), tensor<int>{1, 2})), (std::vector<int>{3, 1}));
}

TEST(Take, AlongAnAxis) {
    const tensor<int> a = ints_2x3();
    // NumPy: np.take(a, [2, 0], axis=1) -> [[2, 0], [5, 3]]
    const tensor<int> t = loom::take(a, tensor<int>{2, 0}, 1);
    EXPECT_EQ(t.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{2, 0, 5, 3}));
}

TEST(Take, NegativeAxisAndIndex) {
    const tensor<int> a = ints_2x3();
    // NumPy: np.take(a, [-1], axis=-1) -> [[2], [5]]
    const tensor<int> t = loom::take(a, tensor<int>{-1}, -1);
    EXPECT_EQ(t.shape(), (shape_type{2, 1}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{2, 5}));
}

TEST(Take, IndicesOfHigherRankReplaceTheAxis) {
    const tensor<int> a = ints_2x3();
    const tensor<int> indices{{0, 1}, {2, 2}};
    // NumPy: np.take(a, [[0, 1], [2, 2]], axis=1) -> shape (2, 2, 2), [0, 1, 2, 2, 3, 4, 5, 5]
    const tensor<int> t = loom::take(a, indices, 1);
    EXPECT_EQ(t.shape(), (shape_type{2, 2, 2}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{0, 1, 2, 2, 3, 4, 5, 5}));
    // NumPy: np.take(a, [[0, 1], [1, 0]], axis=0) -> shape (2, 2, 3)
    EXPECT_EQ(elements_of(loom::take(a, tensor<int>{{0, 1}, {1, 0}}, 0)),
              (std::vector<int>{0, 1, 2, 3, 4, 5, 3, 4, 5, 0, 1, 2}));
}

TEST(Take, FromAnExpression) {
    const tensor<int> a = ints_2x3();
    EXPECT_EQ(elements_of(loom::take(a * 10, tensor<int>{1}, 0)), (std::vector<int>{30, 40, 50}));
}

TEST(Take, IndexOutOfRangeNamesTheAxisAndSize) {
    const tensor<int> a = ints_2x3();
    // NumPy: IndexError: index 3 is out of bounds for axis 0 with size 2
    EXPECT_THROW(loom::take(a, tensor<int>{3}, 0), std::out_of_range);
    EXPECT_THAT(message_of([&] { loom::take(a, tensor<int>{3}, 0); }),
                HasSubstr("index 3 is out of range for dimension 0 of size 2"));
}

TEST(Take, AxisOutOfRangeNamesTheShape) {
    const tensor<int> a = ints_2x3();
    // NumPy: AxisError: axis 2 is out of bounds for array of dimension 2
    EXPECT_THAT(message_of([&] { loom::take(a, tensor<int>{0}, 2); }), HasSubstr("axis 2 is out of range for shape [2, 3]"));
}

// ---- putmask ----

TEST(Putmask, CyclesTheValuesByFlatIndex) {
    tensor<int> x = iota_tensor<int>({6});
    loom::putmask(x, x > 2, tensor<int>{10, 20});
    // NumPy: np.putmask(x, x > 2, [10, 20]) -> [0, 1, 2, 20, 10, 20]
    EXPECT_EQ(elements_of(x), (std::vector<int>{0, 1, 2, 20, 10, 20}));
}

TEST(Putmask, WritesThroughAStridedView) {
    tensor<int> x = ints_2x3();
    auto v = x(all, range(none, none, -1));
    loom::putmask(v, v > 2, tensor<int>{10, 20});
    // NumPy: v = x[:, ::-1]; np.putmask(v, v > 2, [10, 20]) -> x = [[0, 1, 2], [20, 10, 20]]
    EXPECT_EQ(elements_of(x), (std::vector<int>{0, 1, 2, 20, 10, 20}));
}

TEST(Putmask, EmptyValuesThrow) {
    tensor<int> x = iota_tensor<int>({6});
    // NumPy 1.24 silently does nothing here; loom refuses values it cannot cycle.
    EXPECT_THROW(loom::putmask(x, x > 2, tensor<int>(shape_type{0})), std::invalid_argument);
    EXPECT_EQ(elements_of(x), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(Putmask, MaskOfAnotherShapeThrows) {
    tensor<int> x = ints_2x3();
    EXPECT_THROW(loom::putmask(x, tensor<bool>({3, 2}, true), tensor<int>{1}), std::invalid_argument);
}

TEST(Putmask, ThroughABroadcastViewThrows) {
    tensor<int> row{1, 2, 3};
    auto b = row.broadcast_to({2, 3});
    EXPECT_THROW(loom::putmask(b, tensor<bool>({2, 3}, true), tensor<int>{0}), std::invalid_argument);
    EXPECT_EQ(elements_of(row), (std::vector<int>{1, 2, 3}));
}

// ---- t(mask) = value ----

TEST(MaskAssign, ScalarFillsTheSelectedElements) {
    tensor<int> b = ints_2x3();
    b(b > 2) = 0;
    // NumPy: b[b > 2] = 0
    EXPECT_EQ(elements_of(b), (std::vector<int>{0, 1, 2, 0, 0, 0}));
}

TEST(MaskAssign, ValuesGoInRowMajorOrder) {
    tensor<int> b = ints_2x3();
    b(even(b)) = tensor<int>{10, 20, 30};
    // NumPy: b[b % 2 == 0] = [10, 20, 30]
    EXPECT_EQ(elements_of(b), (std::vector<int>{10, 1, 20, 3, 30, 5}));
}

TEST(MaskAssign, OneValueBroadcasts) {
    tensor<int> b = ints_2x3();
    b(even(b)) = tensor<int>{7};
    // NumPy: b[b % 2 == 0] = [7]
    EXPECT_EQ(elements_of(b), (std::vector<int>{7, 1, 7, 3, 7, 5}));
}

TEST(MaskAssign, WritesThroughAView) {
    tensor<int> b = ints_2x3();
    auto v = b(all, range(1, none));
    v(v > 3) = -1;
    // NumPy: v = b[:, 1:]; v[v > 3] = -1
    EXPECT_EQ(elements_of(b), (std::vector<int>{0, 1, 2, 3, -1, -1}));
}

TEST(MaskAssign, CountMismatchThrowsAndChangesNothing) {
    tensor<int> b = ints_2x3();
    // NumPy: ValueError: NumPy boolean array indexing assignment cannot assign 2 input
    // values to the 3 output values where the mask is true
    EXPECT_THROW((b(even(b)) = tensor<int>{1, 2}), loom::broadcast_error);
    EXPECT_THAT(message_of([&] { b(even(b)) = tensor<int>{1, 2}; }),
                HasSubstr("cannot assign values of shape [2] to the 3 elements a mask selects"));
    EXPECT_EQ(elements_of(b), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(MaskAssign, MaskOfAnotherShapeThrows) {
    tensor<int> b = ints_2x3();
    EXPECT_THAT(message_of([&] { b(tensor<bool>({2, 1}, true)) = 0; }),
                HasSubstr("a boolean mask of shape [2, 1] cannot index shape [2, 3]"));
}

TEST(MaskAssign, AMaskOfLeadingDimensionsWritesSubArrays) {
    // NumPy: b = np.arange(6).reshape(2, 3); b[[False, True]] = 9; then b[[True, True]] = [10, 20, 30]
    tensor<int> b = ints_2x3();
    b(tensor<bool>{false, true}) = 9;
    EXPECT_EQ(elements_of(b), (std::vector<int>{0, 1, 2, 9, 9, 9}));
    b(tensor<bool>{true, true}) = tensor<int>{10, 20, 30};
    EXPECT_EQ(elements_of(b), (std::vector<int>{10, 20, 30, 10, 20, 30}));
    b(tensor<bool>{true, false}) = tensor<int>{{7, 8, 9}};
    EXPECT_EQ(elements_of(b), (std::vector<int>{7, 8, 9, 10, 20, 30}));
    // NumPy: ValueError, shape mismatch: value array of shape (2,) could not be broadcast to indexing result of shape (1,3)
    EXPECT_THAT(message_of([&] { b(tensor<bool>{true, false}) = tensor<int>{1, 2}; }),
                HasSubstr("cannot assign values of shape [2] to the 1 sub-arrays a mask selects; give shape [1, 3]"));
    EXPECT_EQ(elements_of(b), (std::vector<int>{7, 8, 9, 10, 20, 30}));
}

TEST(MaskAssign, HigherCategoryDoesNotCompile) {
    static_assert(mask_assignable_from<tensor<int>, int>);
    static_assert(mask_assignable_from<tensor<float>, int>);
    static_assert(!mask_assignable_from<tensor<int>, double>, "a float into int elements needs astype");
    static_assert(!mask_assignable_from<tensor<int>, tensor<float>>, "a float into int elements needs astype");
    SUCCEED();
}

TEST(MaskAssign, ConstViewsAndMaskedReadsAreNotTargets) {
    static_assert(!mask_assignable_from<loom::tensor_view<const int>, int>);
    static_assert(mask_assignable_from<loom::tensor_view<int>, int>);
    // t(m1) = t(m2) would not read t[m2]; it does not compile (t(m1) = t[m2] does).
    static_assert(!std::is_assignable_v<decltype(std::declval<tensor<int>&>()(std::declval<const tensor<bool>&>())),
                                        decltype(std::declval<tensor<int>&>()(std::declval<const tensor<bool>&>()))>);
    SUCCEED();
}

TEST(MaskAssign, MaskedReadOfTheSameTensorAsValues) {
    tensor<int> b = ints_2x3();
    b(b < 3) = b[b > 2];
    // NumPy: b[b < 3] = b[b > 2]
    EXPECT_EQ(elements_of(b), (std::vector<int>{3, 4, 5, 3, 4, 5}));
}

TEST(MaskAssign, ScalarThatDoesNotFitThrows) {
    tensor<std::int8_t> small = iota_tensor<std::int8_t>({4});
    EXPECT_THROW(small(small > 1) = 1000, std::out_of_range);
    EXPECT_EQ(elements_of(small), (std::vector<std::int8_t>{0, 1, 2, 3}));
}

}  // namespace
