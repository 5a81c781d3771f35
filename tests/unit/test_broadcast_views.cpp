// Broadcasting an array to a shape without copying (broadcast_views.hpp):
// broadcast_to, expand, broadcast_bidirectional and PDPD placement give
// read-only views with stride 0 on broadcast dimensions. Expected values come
// from NumPy 1.24 (/usr/bin/python3) or from the seed page each test names.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;
using ::testing::HasSubstr;
namespace broadcast = loom::broadcast;

// ---- broadcast_to (NumPy, unidirectional) ----

TEST(BroadcastTo, RowGetsStrideZeroAndSharesMemory) {
    const tensor<float> row{1, 2, 3};
    // NumPy: np.broadcast_to(row, (4, 3)) shares memory, strides (0, 1), read-only
    const auto b = loom::broadcast_to(row, {4, 3});
    EXPECT_EQ(b.shape(), (shape_type{4, 3}));
    EXPECT_EQ(b.strides(), (strides_type{0, 1}));
    EXPECT_EQ(b.data(), row.data());
    EXPECT_EQ(elements_of(b), (std::vector<float>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}));
}

TEST(BroadcastTo, ColumnGetsInnerStrideZero) {
    const tensor<float> column{{1}, {2}, {3}};
    // NumPy: np.broadcast_to(column, (3, 4)) strides (1, 0)
    const auto b = column.broadcast_to({3, 4});
    EXPECT_EQ(b.strides(), (strides_type{1, 0}));
    EXPECT_EQ(b.data(), column.data());
    EXPECT_EQ(elements_of(b), (std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3}));
}

TEST(BroadcastTo, RankZeroGoesAnywhere) {
    const tensor<float> seven(shape_type{}, 7.f);
    // NumPy: np.broadcast_to(np.array(7), (2, 3)) strides (0, 0)
    const auto b = loom::broadcast_to(seven, {2, 3});
    EXPECT_EQ(b.strides(), (strides_type{0, 0}));
    EXPECT_EQ(elements_of(b), std::vector<float>(6, 7.f));
}

TEST(BroadcastTo, SizeOneBecomesZero) {
    const tensor<float> one{7};
    // NumPy: np.broadcast_to([7], (0,)) -> shape (0,)
    EXPECT_EQ(loom::broadcast_to(one, {0}).shape(), shape_type{0});
}

TEST(BroadcastTo, MismatchedSizeThrowsNamingBothShapes) {
    const tensor<float> row{1, 2, 3};
    // NumPy: ValueError: operands could not be broadcast together with remapped
    // shapes [original->remapped]: (3,)  and requested shape (4,2)
    EXPECT_THROW(loom::broadcast_to(row, {4, 2}), loom::broadcast_error);
    EXPECT_THAT(message_of([&] { loom::broadcast_to(row, {4, 2}); }),
                HasSubstr("cannot broadcast shape [3] to [4, 2]: size 3 vs 2 at dimension 1"));
}

TEST(BroadcastTo, TargetOfLowerRankThrows) {
    const tensor<float> matrix({2, 3});
    // NumPy: ValueError: input operand has more dimensions than allowed by the axis remapping
    EXPECT_THAT(message_of([&] { loom::broadcast_to(matrix, {3}); }),
                HasSubstr("cannot broadcast shape [2, 3] to [3]: the target has fewer dimensions"));
}

TEST(BroadcastTo, NegativeSizeThrows) {
    const tensor<float> row{1, 2, 3};
    // NumPy: ValueError: all elements of broadcast shape must be non-negative
    EXPECT_THROW(loom::broadcast_to(row, {-1, 3}), std::invalid_argument);
}

TEST(BroadcastTo, OfATemporaryOwnsIt) {
    const auto b = loom::broadcast_to(tensor<float>{1, 2, 3}, {2, 3});
    const tensor<float> unrelated({64}, 9.f);
    EXPECT_NE(b.owner(), nullptr);
    EXPECT_EQ(elements_of(b), (std::vector<float>{1, 2, 3, 1, 2, 3}));
}

// ---- Broadcast views are read-only ----

TEST(BroadcastView, IsNotWritable) {
    tensor<float> row{1, 2, 3};
    const auto b = row.broadcast_to({4, 3});
    EXPECT_FALSE(b.is_writable());
    EXPECT_TRUE(row(loom::all).is_writable());
}

TEST(BroadcastView, WritingThroughItThrows) {
    tensor<float> row{1, 2, 3};
    auto b = row.broadcast_to({4, 3});
    // NumPy: ValueError: assignment destination is read-only
    EXPECT_THROW(b = 1.f, std::invalid_argument);
    EXPECT_THROW(b = tensor<float>({4, 3}), std::invalid_argument);
    EXPECT_THROW(b += 1.f, std::invalid_argument);
    EXPECT_THAT(message_of([&] { b = 1.f; }),
                HasSubstr("cannot write through a view of shape [4, 3] with strides [0, 1]"));
    EXPECT_EQ(elements_of(row), (std::vector<float>{1, 2, 3}));
}

TEST(BroadcastView, CopyIsWritableAndContiguous) {
    const tensor<float> row{1, 2, 3};
    tensor<float> copy = row.broadcast_to({2, 3}).copy();
    // NumPy: np.broadcast_to(row, (2, 3)).copy() is writeable and C-contiguous
    EXPECT_TRUE(copy.is_contiguous());
    copy(0, 0) = 9.f;
    EXPECT_EQ(elements_of(copy), (std::vector<float>{9, 2, 3, 1, 2, 3}));
    EXPECT_EQ(elements_of(row), (std::vector<float>{1, 2, 3}));
}

TEST(BroadcastView, NewaxisAndSizeOneDimensionsStayWritable) {
    tensor<float> row{1, 2, 3};
    auto v = row.unsqueeze(0);
    EXPECT_TRUE(v.is_writable());
    v = 5.f;
    EXPECT_EQ(elements_of(row), (std::vector<float>{5, 5, 5}));
}

TEST(BroadcastView, AnEmptyBroadcastViewHasNothingToShareAndIsWritable) {
    tensor<float> column({3, 1});
    auto empty = column.broadcast_to({0, 3, 4});
    EXPECT_EQ(empty.strides(), (strides_type{0, 1, 0}));
    EXPECT_TRUE(empty.is_writable());
    EXPECT_NO_THROW(empty = 1.f);
}

// ---- expand (PyTorch) ----

TEST(Expand, MinusOneKeepsTheSize) {
    const tensor<float> column{{1}, {2}, {3}};
    // torch: column.expand(-1, 4) -> (3, 4); like np.broadcast_to(column, (3, 4))
    const auto e = column.expand({-1, 4});
    EXPECT_EQ(e.shape(), (shape_type{3, 4}));
    EXPECT_EQ(e.strides(), (strides_type{1, 0}));
    EXPECT_EQ(e.data(), column.data());
}

TEST(Expand, AddsLeadingDimensions) {
    const tensor<float> row{1, 2, 3};
    const auto e = loom::expand(row, {2, -1});
    EXPECT_EQ(e.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(e), (std::vector<float>{1, 2, 3, 1, 2, 3}));
}

TEST(Expand, MinusOneOnANewDimensionThrows) {
    const tensor<float> row{1, 2, 3};
    EXPECT_THAT(message_of([&] { row.expand({-1, 3}); }),
                HasSubstr("cannot expand shape [3] to [-1, 3]: -1 at dimension 0"));
}

TEST(Expand, SizeOtherThanOneCannotGrow) {
    const tensor<float> row{1, 2, 3};
    EXPECT_THROW(row.expand({2, 6}), loom::broadcast_error);
}

// ---- OpenVINO's bidirectional Broadcast ----

TEST(BroadcastBidirectional, OpenVinoExamples) {
    // OpenVINO's broadcast rules, "Bidirectional examples": A and target B give the result shape.
    EXPECT_EQ(loom::broadcast_bidirectional(tensor<float>({5}), {1}).shape(), shape_type{5});
    EXPECT_EQ(loom::broadcast_bidirectional(tensor<float>({2, 3}), {3}).shape(), (shape_type{2, 3}));
    EXPECT_EQ(loom::broadcast_bidirectional(tensor<float>({3, 1}), {3, 4}).shape(), (shape_type{3, 4}));
    EXPECT_EQ(loom::broadcast_bidirectional(tensor<float>({3, 4}), {}).shape(), (shape_type{3, 4}));
    EXPECT_EQ(loom::broadcast_bidirectional(tensor<float>({3, 1}), {2, 1, 6}).shape(), (shape_type{2, 3, 6}));
}

TEST(BroadcastBidirectional, IsAZeroCopyViewWithTheValuesOfXTimesOnes) {
    const tensor<float> x{{1}, {2}, {3}};
    // NumPy: x * np.ones((2, 1, 6)) -> shape (2, 3, 6)
    const auto b = loom::broadcast_bidirectional(x, {2, 1, 6});
    EXPECT_EQ(b.data(), x.data());
    EXPECT_EQ(b.strides(), (strides_type{0, 1, 0}));
    std::vector<float> expected;
    for (int batch = 0; batch < 2; ++batch) {
        for (float value : {1.f, 2.f, 3.f}) expected.insert(expected.end(), 6, value);
    }
    EXPECT_EQ(elements_of(b), expected);
}

TEST(BroadcastBidirectional, MemberIsTheFreeFunction) {
    tensor<float> x{{1}, {2}, {3}};
    const auto b = x.broadcast_bidirectional({2, 1, 6});
    EXPECT_EQ(b.shape(), (shape_type{2, 3, 6}));
    EXPECT_EQ(b.strides(), (strides_type{0, 1, 0}));
    const auto owning = tensor<float>{1, 2}.broadcast_bidirectional({3, 1});
    EXPECT_NE(owning.owner(), nullptr);
}

TEST(BroadcastBidirectional, IncompatibleShapesThrow) {
    const tensor<float> x({3});
    // OpenVINO's broadcast rules: "Two corresponding dimension must have the same value, or one of them is equal to 1"
    EXPECT_THROW(loom::broadcast_bidirectional(x, {2}), loom::broadcast_error);
}

// ---- PDPD placement (OpenVINO's broadcast rules, "PDPD examples") ----

TEST(BroadcastToPdpd, OpenVinoBAtAxis1) {
    const tensor<float> b = iota_tensor<float>({3, 4});
    // A: (2, 3, 4, 5), B: (3, 4) with axis = 1 -> (2, 3, 4, 5)
    const auto v = loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd(1));
    EXPECT_EQ(v.shape(), (shape_type{2, 3, 4, 5}));
    EXPECT_EQ(v.strides(), (strides_type{0, 4, 1, 0}));
    EXPECT_EQ(v.data(), b.data());
    EXPECT_EQ(v(1, 2, 3, 4), b(2, 3));
}

TEST(BroadcastToPdpd, OpenVinoTrailingOnesOfBAreIgnored) {
    const tensor<float> b = iota_tensor<float>({3, 1});
    // A: (2, 3, 4, 5), B: (3, 1) with axis = 1 -> (2, 3, 4, 5)
    const auto v = b.broadcast_to({2, 3, 4, 5}, broadcast::pdpd(1));
    EXPECT_EQ(v.strides(), (strides_type{0, 1, 0, 0}));
    EXPECT_EQ(v(0, 2, 3, 4), 2.f);
}

TEST(BroadcastToPdpd, OpenVinoDefaultAxisAlignsTheTrailingDimensions) {
    const tensor<float> b = iota_tensor<float>({4, 5});
    // A: (2, 3, 4, 5), B: (4, 5) with axis = -1 (default) or axis = 2 -> (2, 3, 4, 5)
    EXPECT_EQ(loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd()).strides(), (strides_type{0, 0, 5, 1}));
    EXPECT_EQ(loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd(2)).strides(), (strides_type{0, 0, 5, 1}));
}

TEST(BroadcastToPdpd, OpenVinoLeadingOneOfBBroadcasts) {
    const tensor<float> b = iota_tensor<float>({1, 3});
    // A: (2, 3, 4, 5), B: (1, 3) with axis = 0 -> (2, 3, 4, 5)
    const auto v = loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd(0));
    EXPECT_EQ(v.strides(), (strides_type{0, 1, 0, 0}));
    EXPECT_EQ(v(1, 2, 0, 0), 2.f);
}

TEST(BroadcastToPdpd, OpenVinoScalarB) {
    const tensor<float> b(shape_type{}, 4.f);
    // A: (2, 3, 4, 5), B: () -> (2, 3, 4, 5)
    const auto v = loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd());
    EXPECT_EQ(v.strides(), (strides_type{0, 0, 0, 0}));
    EXPECT_EQ(elements_of(v), std::vector<float>(120, 4.f));
}

TEST(BroadcastToPdpd, OpenVinoLastDimension) {
    const tensor<float> b = iota_tensor<float>({5});
    // A: (2, 3, 4, 5), B: (5) with axis = -1 (default) or axis = 3 -> (2, 3, 4, 5)
    EXPECT_EQ(loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd()).strides(), (strides_type{0, 0, 0, 1}));
    EXPECT_EQ(loom::broadcast_to(b, {2, 3, 4, 5}, broadcast::pdpd(3)).strides(), (strides_type{0, 0, 0, 1}));
}

TEST(BroadcastToPdpd, OpenVinoOnlyBBroadcastsToA) {
    const tensor<float> b({7, 1, 5});
    // A: (8, 1, 6, 1), B: (7, 1, 5) with axis = 1 -> broadcast won't happen
    EXPECT_THROW(loom::broadcast_to(b, {8, 1, 6, 1}, broadcast::pdpd(1)), loom::broadcast_error);
}

TEST(BroadcastToPdpd, NoneNeedsIdenticalShapes) {
    const tensor<float> b({2, 3});
    EXPECT_EQ(loom::broadcast_to(b, {2, 3}, broadcast::none).data(), b.data());
    EXPECT_THROW(loom::broadcast_to(b, {4, 2, 3}, broadcast::none), loom::broadcast_error);
}

// ---- Paddle's axis examples (PaddlePaddle's broadcasting guide in Chinese) with views ----

TEST(PaddleAxisWithViews, PaddleGuideYOfShape3x1AtAxis1) {
    // x: (2, 1, 4), y: (3, 1), elementwise_add(x, y, axis=1) -> (2, 3, 4). Placing y at
    // axis 1 is dropping its trailing 1 and adding a size-1 dimension on each side.
    const tensor<float> x = iota_tensor<float>({2, 1, 4});
    const tensor<float> y{{10}, {20}, {30}};
    const auto placed = y.squeeze(1).unsqueeze(0).unsqueeze(2);
    EXPECT_EQ(placed.shape(), (shape_type{1, 3, 1}));
    EXPECT_EQ(placed.data(), y.data());
    const tensor<float> z = x + placed;
    // NumPy: x + y.reshape(3)[None, :, None]
    EXPECT_EQ(z.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(elements_of(z), (std::vector<float>{10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33,
                                                  14, 15, 16, 17, 24, 25, 26, 27, 34, 35, 36, 37}));
    EXPECT_EQ(elements_of(loom::add(x, y, broadcast::paddle_elementwise(1))), elements_of(z));
}

TEST(PaddleAxisWithViews, PaddleGuideYOfShape4x5AtAxis1Mismatches) {
    // x: (2, 3, 4, 5), y: (4, 5), elementwise_add(x, y, axis=1) -> InvalidArgumentError
    const tensor<float> y({4, 5});
    EXPECT_THROW(loom::broadcast_to(y, {2, 3, 4, 5}, broadcast::pdpd(1)), loom::broadcast_error);
    EXPECT_THROW(loom::broadcast_to(y.unsqueeze(-1), {2, 3, 4, 5}), loom::broadcast_error);
}

TEST(PaddleAxisWithViews, PaddleGuideYOfShape3AtAxis1) {
    // x: (2, 3, 4, 5), y: (3), elementwise_add(x, y, axis=1) -> (2, 3, 4, 5)
    const tensor<float> x({2, 3, 4, 5}, 1.f);
    const tensor<float> y{1, 2, 3};
    const auto placed = loom::broadcast_to(y.unsqueeze(-1).unsqueeze(-1), x.shape());
    EXPECT_EQ(placed.strides(), (strides_type{0, 1, 0, 0}));
    EXPECT_EQ(loom::broadcast_to(y, x.shape(), broadcast::pdpd(1)).strides(), placed.strides());
    const tensor<float> z = x + placed;
    // NumPy: (x + y[:, None, None])[:, :, 0, 0] -> [[2, 3, 4], [2, 3, 4]]
    EXPECT_EQ(z.shape(), (shape_type{2, 3, 4, 5}));
    EXPECT_EQ(elements_of(z(loom::all, loom::all, 0, 0)), (std::vector<float>{2, 3, 4, 2, 3, 4}));
    EXPECT_EQ(elements_of(z(1, 2, loom::all, loom::all)), std::vector<float>(20, 4.f));
}

// ---- The sequence-mask puzzle (the PyTorch blog post on broadcasting) ----

TEST(SequenceMask, PyTorchBlogMaskAndMaskedValues) {
    const tensor<std::int64_t> A{{2, 3, 4, 0, 0}, {1, 0, 0, 2, 3}, {0, 5, 6, 7, 8}};
    const tensor<std::int64_t> lengths{3, 1, 5};
    const tensor<bool> mask = loom::arange(A.shape()[1]).unsqueeze(0) < lengths.unsqueeze(1);
    // The PyTorch blog post on broadcasting: the mask, and A * mask (which keeps A's type)
    EXPECT_EQ(mask.shape(), (shape_type{3, 5}));
    EXPECT_EQ(elements_of(mask), (std::vector<bool>{true, true, true, false, false,
                                                    true, false, false, false, false,
                                                    true, true, true, true, true}));
    const auto masked = A * mask;
    static_assert(std::is_same_v<loom::value_type_of<decltype(masked)>, std::int64_t>);
    EXPECT_EQ(elements_of(masked), (std::vector<std::int64_t>{2, 3, 4, 0, 0, 1, 0, 0, 0, 0, 0, 5, 6, 7, 8}));
}

TEST(SequenceMask, PyTorchBlogOperandsAreViewsWithoutCopies) {
    const tensor<std::int64_t> lengths{3, 1, 5};
    const auto column = lengths.unsqueeze(1);
    // The PyTorch blog post on broadcasting: lengths.unsqueeze(1) is [[3], [1], [5]] of shape (3, 1)
    EXPECT_EQ(column.shape(), (shape_type{3, 1}));
    EXPECT_EQ(column.data(), lengths.data());
    const auto row = loom::arange(5).unsqueeze(0);
    EXPECT_EQ(row.shape(), (shape_type{1, 5}));
    EXPECT_NE(row.owner(), nullptr);
}

}  // namespace
