// Shape manipulation (manipulation.hpp): each function as a free function and
// as a member, a view exactly where NumPy gives one (np.shares_memory) and a
// copy where it does not, and errors that show the shapes. Expected values
// come from NumPy 1.24 (/usr/bin/python3), with
// `a = np.arange(24).reshape(2, 3, 4)` unless a test says otherwise.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::all;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::tensor_view;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;

using loom::testing::a_2x3x4;

// np.shares_memory(v, t) for a view of t's layout: v starts inside t's memory.
template <class V>
bool shares_memory(const V& v, const tensor<int>& t) {
    return v.data() >= t.data() && v.data() < t.data() + t.size();
}

const std::vector<int> a_values{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};
// NumPy: a.T.ravel()
const std::vector<int> a_transposed{0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23};
// NumPy: a.transpose(1, 0, 2).ravel()
const std::vector<int> a_1_0_2{0, 1, 2, 3, 12, 13, 14, 15, 4, 5, 6, 7, 16, 17, 18, 19, 8, 9, 10, 11, 20, 21, 22, 23};

// ---- reshape ----

TEST(Reshape, ContiguousGivesAView) {
    const tensor<int> a = a_2x3x4();
    const auto r = loom::reshape(a, {4, 6});
    // NumPy: a.reshape(4, 6) shares memory, strides (6, 1)
    EXPECT_EQ(r.shape(), (shape_type{4, 6}));
    EXPECT_EQ(r.strides(), (strides_type{6, 1}));
    EXPECT_EQ(r.data(), a.data());
    EXPECT_EQ(elements_of(r), a_values);
}

TEST(Reshape, MemberIsTheFreeFunction) {
    const tensor<int> a = a_2x3x4();
    const auto member = a.reshape({4, 6});
    EXPECT_EQ(member.shape(), (shape_type{4, 6}));
    EXPECT_EQ(member.data(), a.data());
}

TEST(Reshape, MinusOneIsInferred) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.reshape(-1, 4) -> (6, 4); a.reshape(3, -1) -> (3, 8)
    EXPECT_EQ(a.reshape({-1, 4}).shape(), (shape_type{6, 4}));
    EXPECT_EQ(a.reshape({3, -1}).shape(), (shape_type{3, 8}));
}

TEST(Reshape, InsertedSizeOneDimensionsGiveAView) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.reshape(2, 1, 3, 1, 4) shares memory
    const auto r = a.reshape({2, 1, 3, 1, 4});
    EXPECT_EQ(r.shape(), (shape_type{2, 1, 3, 1, 4}));
    EXPECT_TRUE(shares_memory(r, a));
    EXPECT_EQ(elements_of(r), a_values);
}

TEST(Reshape, TransposedGivesACopyWhereNumPyDoes) {
    const tensor<int> a = a_2x3x4();
    const auto t = loom::transpose(a, {1, 0, 2});
    // NumPy: a.transpose(1, 0, 2).reshape(3, 8) and .reshape(6, 4) do not share memory
    const auto r = t.reshape({3, 8});
    EXPECT_FALSE(shares_memory(r, a));
    EXPECT_NE(r.owner(), nullptr);
    EXPECT_EQ(elements_of(r), a_1_0_2);
    EXPECT_FALSE(shares_memory(t.reshape({6, 4}), a));
}

TEST(Reshape, TransposedGivesAViewWhereNumPyDoes) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.transpose(1, 0, 2).reshape(3, 2, 2, 2) shares memory, strides (4, 12, 2, 1)
    const auto r = loom::transpose(a, {1, 0, 2}).reshape({3, 2, 2, 2});
    EXPECT_TRUE(shares_memory(r, a));
    EXPECT_EQ(r.strides(), (strides_type{4, 12, 2, 1}));
    EXPECT_EQ(elements_of(r), a_1_0_2);
}

TEST(Reshape, SteppedLastDimensionGivesAView) {
    const tensor<int> a = a_2x3x4();
    const auto s = a(all, all, range(none, none, 2));
    // NumPy: a[:, :, ::2].reshape(6, 2) strides (4, 2); .reshape(12) strides (2,); both share memory
    const auto r = s.reshape({6, 2});
    EXPECT_TRUE(shares_memory(r, a));
    EXPECT_EQ(r.strides(), (strides_type{4, 2}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}));
    EXPECT_EQ(s.reshape({12}).strides(), strides_type{2});
}

TEST(Reshape, SlicedRowsGiveAViewOnlyWhereRowsStayWhole) {
    const tensor<int> a = a_2x3x4();
    const auto s = a(all, range(1, none));
    // NumPy: a[:, 1:].reshape(2, 8) shares memory (strides (12, 1)); .reshape(4, 4) copies
    const auto view = s.reshape({2, 8});
    EXPECT_TRUE(shares_memory(view, a));
    EXPECT_EQ(view.strides(), (strides_type{12, 1}));
    const auto copy = s.reshape({4, 4});
    EXPECT_FALSE(shares_memory(copy, a));
    EXPECT_EQ(elements_of(copy), (std::vector<int>{4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}));
}

TEST(Reshape, ColumnGivesAStridedViewWhereRavelCopies) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, :, 0].reshape(-1) shares memory, strides (4,)
    const auto r = a(all, all, 0).reshape({-1});
    EXPECT_TRUE(shares_memory(r, a));
    EXPECT_EQ(r.strides(), strides_type{4});
}

TEST(Reshape, WritingThroughAViewReachesTheSource) {
    tensor<int> a = a_2x3x4();
    a.reshape({4, 6})(1, 0) = -1;
    EXPECT_EQ(a.at(0, 1, 2), -1);
}

TEST(Reshape, WritingThroughACopyLeavesTheSource) {
    tensor<int> a = a_2x3x4();
    auto copy = loom::transpose(a).reshape({24});
    copy = 0;
    EXPECT_EQ(elements_of(a), a_values);
}

TEST(Reshape, OfAConstTensorIsAConstView) {
    const tensor<int> a = a_2x3x4();
    static_assert(std::is_same_v<decltype(a.reshape({4, 6})), tensor_view<const int>>);
    static_assert(std::is_same_v<decltype(loom::transpose(a).reshape({24})), tensor_view<const int>>);
    EXPECT_EQ(loom::transpose(a).reshape({24}).size(), 24);
}

TEST(Reshape, MinusOneWithNoElements) {
    const tensor<int> empty({0, 3});
    // NumPy: np.zeros((0, 3)).reshape(-1, 5) -> shape (0, 5)
    EXPECT_EQ(empty.reshape({-1, 5}).shape(), (shape_type{0, 5}));
}

TEST(Reshape, SizesThatDoNotMultiplyThrow) {
    const tensor<int> a = a_2x3x4();
    // NumPy: ValueError: cannot reshape array of size 24 into shape (5,5)
    EXPECT_THROW(a.reshape({5, 5}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { a.reshape({5, 5}); }), HasSubstr("cannot reshape [2, 3, 4] (24 elements) into [5, 5]"));
}

TEST(Reshape, TwoMinusOnesThrow) {
    const tensor<int> a = a_2x3x4();
    // NumPy: ValueError: can only specify one unknown dimension
    EXPECT_THROW(a.reshape({-1, -1}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { a.reshape({-1, -1}); }), HasSubstr("cannot reshape [2, 3, 4] into [-1, -1]"));
}

TEST(Reshape, MinusOneThatCannotFitThrows) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.reshape(-1, 5) -> ValueError: cannot reshape array of size 24 into shape (5)
    EXPECT_THAT(message_of([&] { a.reshape({-1, 5}); }), HasSubstr("cannot reshape [2, 3, 4] (24 elements) into [-1, 5]"));
}

TEST(Reshape, MinusOneBesideZeroThrows) {
    const tensor<int> empty({0, 3});
    // NumPy: np.zeros((0, 3)).reshape(0, -1) -> ValueError: cannot reshape array of size 0 into shape (0,newaxis)
    EXPECT_THROW(empty.reshape({0, -1}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { empty.reshape({0, -1}); }), HasSubstr("cannot reshape [0, 3] into [0, -1]"));
}

TEST(Reshape, OtherNegativeSizesThrow) {
    const tensor<int> a = a_2x3x4();
    // NumPy 1.24 reads any negative size as the unknown one (a.reshape(-2, 12) is (2, 12)); loom only -1.
    EXPECT_THROW(a.reshape({-2, 12}), std::invalid_argument);
}

// ---- ravel and flatten ----

TEST(Ravel, ContiguousGivesAView) {
    const tensor<int> a = a_2x3x4();
    const auto r = loom::ravel(a);
    EXPECT_EQ(r.shape(), shape_type{24});
    EXPECT_EQ(r.data(), a.data());
    EXPECT_EQ(a.ravel().data(), a.data());
}

TEST(Ravel, ContiguousRowsGiveAView) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:1].ravel() shares memory
    EXPECT_EQ(a(range(0, 1), all, all).ravel().data(), a.data());
}

TEST(Ravel, TransposedGivesACopy) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.T.ravel() does not share memory
    const auto r = loom::transpose(a).ravel();
    EXPECT_FALSE(shares_memory(r, a));
    EXPECT_EQ(elements_of(r), a_transposed);
}

TEST(Ravel, ColumnGivesACopy) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a[:, :, 0].ravel() -> [0, 4, 8, 12, 16, 20], a copy (ravel is view only of contiguous arrays)
    const auto r = a(all, all, 0).ravel();
    EXPECT_FALSE(shares_memory(r, a));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 4, 8, 12, 16, 20}));
}

TEST(Flatten, AlwaysCopies) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.flatten() never shares memory
    const tensor<int> f = loom::flatten(a);
    EXPECT_EQ(f.shape(), shape_type{24});
    EXPECT_NE(f.data(), a.data());
    EXPECT_EQ(elements_of(f), a_values);
}

TEST(Flatten, MemberOfATransposedViewReadsRowMajor) {
    const tensor<int> a = a_2x3x4();
    // NumPy: a.T.flatten()
    EXPECT_EQ(elements_of(loom::transpose(a).flatten()), a_transposed);
}

TEST(Flatten, OfAnExpressionAndOfRankZero) {
    const tensor<int> a = a_2x3x4();
    EXPECT_EQ(elements_of(loom::flatten(a(0, all, all) * 2)),
              (std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}));
    // NumPy: np.array(5).flatten() -> array([5])
    EXPECT_EQ(loom::flatten(tensor<int>(shape_type{}, 5)).shape(), shape_type{1});
}

// ---- unsqueeze / expand_dims ----

TEST(Unsqueeze, InsertsASizeOneDimensionAsAView) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.expand_dims(a, 0) -> (1, 2, 3, 4); (a, 2) -> (2, 3, 1, 4); (a, -1) -> (2, 3, 4, 1)
    EXPECT_EQ(loom::unsqueeze(a, 0).shape(), (shape_type{1, 2, 3, 4}));
    EXPECT_EQ(loom::unsqueeze(a, 2).shape(), (shape_type{2, 3, 1, 4}));
    EXPECT_EQ(loom::unsqueeze(a, -1).shape(), (shape_type{2, 3, 4, 1}));
    EXPECT_EQ(loom::unsqueeze(a, 2).data(), a.data());
    EXPECT_EQ(elements_of(loom::unsqueeze(a, 2)), a_values);
}

TEST(Unsqueeze, MemberAndExpandDimsAreTheSame) {
    const tensor<int> a = a_2x3x4();
    EXPECT_EQ(a.unsqueeze(1).shape(), (shape_type{2, 1, 3, 4}));
    EXPECT_EQ(a.expand_dims(1).shape(), (shape_type{2, 1, 3, 4}));
    EXPECT_EQ(loom::expand_dims(a, -4).shape(), (shape_type{1, 2, 3, 4}));
}

TEST(Unsqueeze, AxisOutOfRangeNamesTheShape) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.expand_dims(a, 4) -> AxisError: axis 4 is out of bounds for array of dimension 4
    EXPECT_THROW(a.unsqueeze(4), std::out_of_range);
    EXPECT_THAT(message_of([&] { a.unsqueeze(4); }), HasSubstr("4 is out of range for shape [2, 3, 4]"));
    EXPECT_THROW(a.unsqueeze(-5), std::out_of_range);
}

// ---- squeeze ----

TEST(Squeeze, DropsEverySizeOneDimension) {
    const tensor<int> b = iota_tensor<int>({1, 2, 1, 3, 1});
    // NumPy: np.squeeze(np.arange(6).reshape(1, 2, 1, 3, 1)) -> (2, 3), strides (3, 1)
    const auto s = loom::squeeze(b);
    EXPECT_EQ(s.shape(), (shape_type{2, 3}));
    EXPECT_EQ(s.strides(), (strides_type{3, 1}));
    EXPECT_EQ(s.data(), b.data());
    EXPECT_EQ(b.squeeze().shape(), (shape_type{2, 3}));
}

TEST(Squeeze, OneDimension) {
    const tensor<int> b = iota_tensor<int>({1, 2, 1, 3, 1});
    // NumPy: np.squeeze(b, 2) -> (1, 2, 3, 1); np.squeeze(b, -1) -> (1, 2, 1, 3)
    EXPECT_EQ(loom::squeeze(b, 2).shape(), (shape_type{1, 2, 3, 1}));
    EXPECT_EQ(b.squeeze(-1).shape(), (shape_type{1, 2, 1, 3}));
    EXPECT_EQ(b.squeeze(-1).data(), b.data());
}

TEST(Squeeze, ADimensionThatIsNotOneThrows) {
    const tensor<int> b = iota_tensor<int>({1, 2, 1, 3, 1});
    // NumPy: ValueError: cannot select an axis to squeeze out which has size not equal to one
    EXPECT_THROW(b.squeeze(1), std::invalid_argument);
    EXPECT_THAT(message_of([&] { b.squeeze(1); }),
                HasSubstr("cannot squeeze dimension 1 of shape [1, 2, 1, 3, 1]: its size is 2"));
}

TEST(Squeeze, AxisOutOfRangeNamesTheShape) {
    const tensor<int> b = iota_tensor<int>({1, 2, 1, 3, 1});
    // NumPy: AxisError: axis 5 is out of bounds for array of dimension 5
    EXPECT_THROW(b.squeeze(5), std::out_of_range);
    EXPECT_THAT(message_of([&] { b.squeeze(5); }), HasSubstr("5 is out of range for shape [1, 2, 1, 3, 1]"));
}

TEST(Squeeze, RankZeroTakesAxisZeroOrMinusOne) {
    const tensor<int> scalar(shape_type{}, 7);
    // NumPy: np.squeeze(np.array(7), 0) and np.squeeze(np.array(7), -1) -> array(7), a view
    EXPECT_EQ(scalar.squeeze(0).shape(), shape_type{});
    EXPECT_EQ(scalar.squeeze(-1).data(), scalar.data());
    // NumPy: np.squeeze(np.array(7), 1) -> AxisError: axis 1 is out of bounds for array of dimension 0
    EXPECT_THROW(scalar.squeeze(1), std::out_of_range);
    EXPECT_THROW(scalar.squeeze(-2), std::out_of_range);
}

// ---- permute / transpose / swapaxes / moveaxis ----

TEST(Transpose, ReversesTheDimensionsAsAView) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.transpose(a) -> (4, 3, 2), strides (1, 4, 12)
    const auto t = loom::transpose(a);
    EXPECT_EQ(t.shape(), (shape_type{4, 3, 2}));
    EXPECT_EQ(t.strides(), (strides_type{1, 4, 12}));
    EXPECT_EQ(t.data(), a.data());
    EXPECT_EQ(elements_of(t), a_transposed);
    EXPECT_EQ(a.transpose().strides(), (strides_type{1, 4, 12}));
}

TEST(Permute, OrdersTheDimensions) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.transpose(a, (1, 2, 0)) -> (3, 4, 2), strides (4, 1, 12)
    const auto p = loom::permute(a, {1, 2, 0});
    EXPECT_EQ(p.shape(), (shape_type{3, 4, 2}));
    EXPECT_EQ(p.strides(), (strides_type{4, 1, 12}));
    EXPECT_EQ(elements_of(p), (std::vector<int>{0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17,
                                                6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23}));
    EXPECT_EQ(a.permute({1, 2, 0}).data(), a.data());
    EXPECT_EQ(a.transpose({1, 2, 0}).strides(), (strides_type{4, 1, 12}));
}

TEST(Permute, NegativeAxesCountFromTheEnd) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.transpose(a, (-1, 0, 1)) -> (4, 2, 3), strides (1, 12, 4)
    EXPECT_EQ(loom::permute(a, {-1, 0, 1}).strides(), (strides_type{1, 12, 4}));
}

TEST(Permute, RepeatedAxisThrows) {
    const tensor<int> a = a_2x3x4();
    // NumPy: ValueError: repeated axis in transpose
    EXPECT_THROW(a.permute({0, 0, 1}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { a.permute({0, 0, 1}); }),
                HasSubstr("axes [0, 0, 1] are not a permutation of the dimensions of [2, 3, 4]: axis 0 is repeated"));
}

TEST(Permute, WrongNumberOfAxesThrows) {
    const tensor<int> a = a_2x3x4();
    // NumPy: ValueError: axes don't match array
    EXPECT_THAT(message_of([&] { a.permute({0, 1}); }),
                HasSubstr("axes [0, 1] are not a permutation of the dimensions of [2, 3, 4]"));
}

TEST(Permute, AxisOutOfRangeThrows) {
    const tensor<int> a = a_2x3x4();
    EXPECT_THAT(message_of([&] { a.permute({0, 1, 3}); }), HasSubstr("axis 3 is out of range"));
}

TEST(Swapaxes, ExchangesTwoDimensions) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.swapaxes(a, 0, 2) -> strides (1, 4, 12); np.swapaxes(a, -1, 1) -> (2, 4, 3), strides (12, 1, 4)
    EXPECT_EQ(loom::swapaxes(a, 0, 2).strides(), (strides_type{1, 4, 12}));
    const auto s = a.swapaxes(-1, 1);
    EXPECT_EQ(s.shape(), (shape_type{2, 4, 3}));
    EXPECT_EQ(s.strides(), (strides_type{12, 1, 4}));
    EXPECT_EQ(s.data(), a.data());
}

TEST(Swapaxes, AxisOutOfRangeNamesTheShape) {
    const tensor<int> a = a_2x3x4();
    // NumPy: AxisError: axis2: axis 3 is out of bounds for array of dimension 3
    EXPECT_THROW(a.swapaxes(0, 3), std::out_of_range);
    EXPECT_THAT(message_of([&] { a.swapaxes(0, 3); }), HasSubstr("axis 3 is out of range for shape [2, 3, 4]"));
}

TEST(Moveaxis, MovesOneDimensionKeepingTheOthersInOrder) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.moveaxis(a, 0, -1) -> (3, 4, 2), strides (4, 1, 12); np.moveaxis(a, 2, 0) -> (4, 2, 3), strides (1, 12, 4)
    const auto m = loom::moveaxis(a, 0, -1);
    EXPECT_EQ(m.shape(), (shape_type{3, 4, 2}));
    EXPECT_EQ(m.strides(), (strides_type{4, 1, 12}));
    EXPECT_EQ(a.moveaxis(2, 0).strides(), (strides_type{1, 12, 4}));
    EXPECT_EQ(a.moveaxis(2, 0).data(), a.data());
}

TEST(Moveaxis, AxisOutOfRangeNamesTheShape) {
    const tensor<int> a = a_2x3x4();
    // NumPy: AxisError: source: axis 3 is out of bounds for array of dimension 3
    EXPECT_THAT(message_of([&] { a.moveaxis(3, 0); }), HasSubstr("source axis 3 is out of range for shape [2, 3, 4]"));
}

// ---- flip ----

TEST(Flip, ReversesEveryDimensionAsAView) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.flip(a) -> strides (-12, -4, -1), [23, 22, ..., 0]
    const auto f = loom::flip(a);
    EXPECT_EQ(f.strides(), (strides_type{-12, -4, -1}));
    EXPECT_EQ(f.data(), a.data() + 23);
    std::vector<int> reversed(a_values.rbegin(), a_values.rend());
    EXPECT_EQ(elements_of(f), reversed);
}

TEST(Flip, LeavesTheSourceUnchanged) {
    tensor<int> a = a_2x3x4();
    const auto f = a.flip();
    EXPECT_EQ(elements_of(a), a_values);
    EXPECT_EQ(f(0, 0, 0), 23);
}

TEST(Flip, OneAxis) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.flip(a, 1) -> strides (12, -4, 1); np.flip(a, -1) -> strides (12, 4, -1)
    const auto f = a.flip(1);
    EXPECT_EQ(f.strides(), (strides_type{12, -4, 1}));
    EXPECT_EQ(elements_of(f), (std::vector<int>{8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3,
                                                20, 21, 22, 23, 16, 17, 18, 19, 12, 13, 14, 15}));
    EXPECT_EQ(elements_of(loom::flip(a, -1)), (std::vector<int>{3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8,
                                                                15, 14, 13, 12, 19, 18, 17, 16, 23, 22, 21, 20}));
}

TEST(Flip, OfAConstTensorIsAConstView) {
    const tensor<int> a = a_2x3x4();
    static_assert(std::is_same_v<decltype(loom::flip(a)), tensor_view<const int>>);
    EXPECT_EQ(loom::flip(a)(0, 0, 0), 23);
}

TEST(Flip, AxisOutOfRangeNamesTheShape) {
    const tensor<int> a = a_2x3x4();
    // NumPy: AxisError: axis 3 is out of bounds for array of dimension 3
    EXPECT_THAT(message_of([&] { a.flip(3); }), HasSubstr("axis 3 is out of range for shape [2, 3, 4]"));
}

TEST(Flip, OfAnEmptyTensorStaysAtItsStart) {
    const tensor<int> empty({0, 5});
    EXPECT_EQ(loom::flip(empty).data(), empty.data());
    EXPECT_EQ(loom::flip(empty, 1).data(), empty.data());
    EXPECT_EQ(loom::flip(empty).shape(), (shape_type{0, 5}));
}

// ---- diagonal ----

TEST(Diagonal, MainDiagonalIsAView) {
    const tensor<int> m = iota_tensor<int>({3, 4});
    // NumPy: np.diagonal(np.arange(12).reshape(3, 4)) -> [0, 5, 10], strides (5,)
    const auto d = loom::diagonal(m);
    EXPECT_EQ(d.shape(), shape_type{3});
    EXPECT_EQ(d.strides(), strides_type{5});
    EXPECT_EQ(d.data(), m.data());
    EXPECT_EQ(elements_of(d), (std::vector<int>{0, 5, 10}));
}

TEST(Diagonal, Offsets) {
    const tensor<int> m = iota_tensor<int>({3, 4});
    // NumPy: offset 1 -> [1, 6, 11]; offset -1 -> [4, 9]; offset 5 -> []
    EXPECT_EQ(elements_of(m.diagonal(1)), (std::vector<int>{1, 6, 11}));
    EXPECT_EQ(elements_of(m.diagonal(-1)), (std::vector<int>{4, 9}));
    EXPECT_EQ(m.diagonal(5).shape(), shape_type{0});
}

TEST(Diagonal, OfChosenAxesGoesLast) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.diagonal(a, 0, 1, 2) -> (2, 3) [0, 5, 10, 12, 17, 22];
    //        np.diagonal(a, 1, 0, 2) -> (3, 2), strides (4, 13), [1, 14, 5, 18, 9, 22];
    //        np.diagonal(a, 0, 2, 0) -> (3, 2), [0, 13, 4, 17, 8, 21]
    EXPECT_EQ(elements_of(loom::diagonal(a, 0, 1, 2)), (std::vector<int>{0, 5, 10, 12, 17, 22}));
    const auto d = a.diagonal(1, 0, 2);
    EXPECT_EQ(d.shape(), (shape_type{3, 2}));
    EXPECT_EQ(d.strides(), (strides_type{4, 13}));
    EXPECT_EQ(elements_of(d), (std::vector<int>{1, 14, 5, 18, 9, 22}));
    EXPECT_EQ(elements_of(a.diagonal(0, 2, 0)), (std::vector<int>{0, 13, 4, 17, 8, 21}));
}

TEST(Diagonal, IsWritableUnlikeNumPys) {
    tensor<int> m = iota_tensor<int>({3, 4});
    m.diagonal() = 0;
    EXPECT_EQ(elements_of(m), (std::vector<int>{0, 1, 2, 3, 4, 0, 6, 7, 8, 9, 0, 11}));
}

TEST(Diagonal, SameAxisTwiceThrows) {
    const tensor<int> a = a_2x3x4();
    // NumPy: ValueError: axis1 and axis2 cannot be the same
    EXPECT_THROW(a.diagonal(0, 1, 1), std::invalid_argument);
    EXPECT_THAT(message_of([&] { a.diagonal(0, 1, -2); }), HasSubstr("both 1 for shape [2, 3, 4]"));
}

TEST(Diagonal, RankOneThrows) {
    const tensor<int> v = iota_tensor<int>({3});
    // NumPy: ValueError: diag requires an array of at least two dimensions
    EXPECT_THAT(message_of([&] { v.diagonal(); }), HasSubstr("at least 2 dimensions, but the shape is [3]"));
}

TEST(Diagonal, OfAnEmptyBatchStaysAtItsStart) {
    const tensor<int> empty({0, 3, 3});
    const auto d = empty.diagonal(1, 1, 2);
    EXPECT_EQ(d.shape(), (shape_type{0, 2}));
    EXPECT_EQ(d.data(), empty.data());
}

// ---- manipulations compose, and accept expressions ----

TEST(Manipulation, ChainedMembersComposeAsViews) {
    const tensor<int> a = a_2x3x4();
    // NumPy: np.flip(np.expand_dims(a.transpose(1, 0, 2), 0), 3).squeeze(0) -> (3, 2, 4), strides (4, 12, -1)
    const auto v = a.permute({1, 0, 2}).unsqueeze(0).flip(3).squeeze(0);
    EXPECT_EQ(v.shape(), (shape_type{3, 2, 4}));
    EXPECT_EQ(v.strides(), (strides_type{4, 12, -1}));
    EXPECT_TRUE(shares_memory(v, a));
}

TEST(Manipulation, OfAnExpressionOwnsItsValue) {
    const tensor<int> a = a_2x3x4();
    const auto t = loom::transpose(a * 2);
    EXPECT_NE(t.owner(), nullptr);
    EXPECT_EQ(t.shape(), (shape_type{4, 3, 2}));
    EXPECT_EQ(t(3, 2, 1), 46);
}

}  // namespace
