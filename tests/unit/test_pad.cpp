// Padding (pad.hpp). Expected values are NumPy 1.24's (/usr/bin/python3):
// NumPy's documented examples with a = [1, 2, 3, 4, 5], then rank 2 corners,
// views, rank 0, empty axes and every error.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "broadcast_reference.hpp"
#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::pad_mode;
using loom::pad_width;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::iota_tensor;
using loom::testing::message_of;

const tensor<int> a{1, 2, 3, 4, 5};

TEST(Pad, ConstantWithAValue) {
    // NumPy: np.pad(a, (2, 3), 'constant', constant_values=(4, 6)) -> [4, 4, 1, 2, 3, 4, 5, 6, 6, 6]; one value here
    EXPECT_EQ(elements_of(loom::pad(a, pad_width{2, 3}, pad_mode::constant, 4)),
              (std::vector<int>{4, 4, 1, 2, 3, 4, 5, 4, 4, 4}));
}

TEST(Pad, ConstantDefaultsToZero) {
    EXPECT_EQ(elements_of(loom::pad(a, 1)), (std::vector<int>{0, 1, 2, 3, 4, 5, 0}));
}

TEST(Pad, Edge) {
    // NumPy: np.pad(a, (2, 3), 'edge') -> [1, 1, 1, 2, 3, 4, 5, 5, 5, 5]
    EXPECT_EQ(elements_of(loom::pad(a, pad_width{2, 3}, pad_mode::edge)),
              (std::vector<int>{1, 1, 1, 2, 3, 4, 5, 5, 5, 5}));
}

TEST(Pad, Reflect) {
    // NumPy: np.pad(a, (2, 3), 'reflect') -> [3, 2, 1, 2, 3, 4, 5, 4, 3, 2]
    EXPECT_EQ(elements_of(loom::pad(a, pad_width{2, 3}, pad_mode::reflect)),
              (std::vector<int>{3, 2, 1, 2, 3, 4, 5, 4, 3, 2}));
}

TEST(Pad, Symmetric) {
    // NumPy: np.pad(a, (2, 3), 'symmetric') -> [2, 1, 1, 2, 3, 4, 5, 5, 4, 3]
    EXPECT_EQ(elements_of(loom::pad(a, pad_width{2, 3}, pad_mode::symmetric)),
              (std::vector<int>{2, 1, 1, 2, 3, 4, 5, 5, 4, 3}));
}

TEST(Pad, Wrap) {
    // NumPy: np.pad(a, (2, 3), 'wrap') -> [4, 5, 1, 2, 3, 4, 5, 1, 2, 3]
    EXPECT_EQ(elements_of(loom::pad(a, pad_width{2, 3}, pad_mode::wrap)),
              (std::vector<int>{4, 5, 1, 2, 3, 4, 5, 1, 2, 3}));
}

TEST(Pad, ReflectWiderThanTheArrayKeepsReflecting) {
    // NumPy: np.pad([[1, 2], [3, 4]], ((3, 2), (2, 3)), 'reflect') -> rows alternate [3 4 3 4 3 4 3] and [1 2 ...]
    const tensor<int> r = loom::pad(tensor<int>{{1, 2}, {3, 4}}, {{3, 2}, {2, 3}}, pad_mode::reflect);
    EXPECT_EQ(r.shape(), (shape_type{7, 7}));
    EXPECT_EQ(elements_of(r(0, loom::all)), (std::vector<int>{3, 4, 3, 4, 3, 4, 3}));
    EXPECT_EQ(elements_of(r(1, loom::all)), (std::vector<int>{1, 2, 1, 2, 1, 2, 1}));
    EXPECT_EQ(elements_of(r(6, loom::all)), (std::vector<int>{3, 4, 3, 4, 3, 4, 3}));
}

TEST(Pad, SymmetricCornersComeFromTheEarlierAxes) {
    // NumPy: np.pad([[1, 2], [3, 4]], 1, 'symmetric') -> [[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 4, 4], [3, 3, 4, 4]]
    EXPECT_EQ(elements_of(loom::pad(tensor<int>{{1, 2}, {3, 4}}, 1, pad_mode::symmetric)),
              (std::vector<int>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
}

TEST(Pad, WrapWiderThanTheArrayIsPeriodic) {
    // NumPy >= 1.25: np.pad(np.arange(3), (1, 5), 'wrap') -> [2, 0, 1, 2, 0, 1, 2, 0, 1]
    // (NumPy 1.24 gives [2, 0, 1, 2, 0, 1, 2, 2, 0], a bug fixed in 1.25)
    EXPECT_EQ(elements_of(loom::pad(loom::arange(3), pad_width{1, 5}, pad_mode::wrap)),
              (std::vector<loom::index_t>{2, 0, 1, 2, 0, 1, 2, 0, 1}));
}

TEST(Pad, PerAxisWidthsOfATransposedView) {
    const tensor<int> m = iota_tensor<int>({2, 3});
    // NumPy: np.pad(m.T, ((0, 1), (1, 0)), 'edge') -> [[0, 0, 3], [1, 1, 4], [2, 2, 5], [2, 2, 5]]
    const tensor<int> r = loom::pad(m.transpose(), {{0, 1}, {1, 0}}, pad_mode::edge);
    EXPECT_EQ(r.shape(), (shape_type{4, 3}));
    EXPECT_EQ(elements_of(r), (std::vector<int>{0, 0, 3, 1, 1, 4, 2, 2, 5, 2, 2, 5}));
}

TEST(Pad, RankZeroIsUnchanged) {
    // NumPy: np.pad(np.array(5), 1) -> 5
    const tensor<int> r = loom::pad(tensor<int>(shape_type{}, 5), 1);
    EXPECT_EQ(r.shape(), shape_type{});
    EXPECT_EQ(r(), 5);
}

TEST(Pad, ConstantExtendsAnEmptyAxis) {
    // NumPy: np.pad(np.zeros((0, 2)), 1, constant_values=7) -> 2 rows of four 7s
    EXPECT_EQ(elements_of(loom::pad(tensor<int>({0, 2}), 1, pad_mode::constant, 7)), (std::vector<int>(8, 7)));
}

TEST(Pad, OtherModesCannotExtendAnEmptyAxis) {
    // NumPy: ValueError: can't extend empty axis 0 using modes other than 'constant' or 'empty'
    EXPECT_THROW(loom::pad(tensor<int>({0, 2}), 1, pad_mode::edge), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::pad(tensor<int>({0, 2}), 1, pad_mode::reflect); }),
              "pad: cannot extend the empty axis 0 of shape [0, 2] in mode reflect, which copies the array's "
              "elements; use pad_mode::constant");
}

TEST(Pad, NegativeWidthThrows) {
    // NumPy: ValueError: index can't contain negative values
    EXPECT_THROW(loom::pad(a, -1), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::pad(a, pad_width{1, -2}); }),
              "pad: the widths (1, -2) of axis 0 are negative; widths must be 0 or more");
}

TEST(Pad, NegativeWidthThrowsForARank0ArrayToo) {
    // NumPy checks the widths before it looks at the axes: np.pad(np.array(5), (-1, 0)) raises.
    EXPECT_THROW(loom::pad(tensor<int>(loom::shape_type{}, 5), pad_width{-1, 0}), std::invalid_argument);
}

TEST(Pad, WidthsForTheWrongNumberOfAxesThrow) {
    // NumPy: ValueError: operands could not be broadcast together with remapped shapes
    EXPECT_THROW(loom::pad(a, {{1, 1}, {1, 1}}), std::invalid_argument);
    EXPECT_EQ(message_of([] { loom::pad(a, {{1, 1}, {1, 1}}); }),
              "pad: 2 pairs of widths for shape [5]; give one pair for all the axes, or one per axis (1)");
}

}  // namespace
