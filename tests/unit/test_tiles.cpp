// Packed tiles (eval/packed_tiles.hpp, Note [packed tiles]) and the
// transposing copies behind them (eval/transpose_copy.hpp, Note
// [transposing blocks]): every element size, every edge of the blocks,
// operands read across and destinations written across, contiguous along
// the tile's rows (transposed in blocks) or not (copied element by element).

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <complex>
#include <limits>
#include <type_traits>
#include <vector>

#include "loom/loom.hpp"
#include "planned.hpp"

namespace {

using loom::index_t;
using loom::tensor;

// ---- transpose_copy and copy_strided ----

// Copies a rows x columns matrix of Word with transpose_copy between
// padded layouts, and checks every element and that the padding is untouched.
template <class Word>
void expect_transposed(index_t rows, index_t columns) {
    const index_t from_stride = columns + 3, to_stride = rows + 5;
    std::vector<Word> from(static_cast<std::size_t>(rows * from_stride + 1));
    for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<Word>(i * 2654435761u + 1);
    const Word untouched = static_cast<Word>(0xA5A5A5A5A5A5A5A5u);
    std::vector<Word> to(static_cast<std::size_t>(columns * to_stride + 1), untouched);
    loom::transpose_copy(reinterpret_cast<const std::byte*>(from.data()), from_stride,
                         reinterpret_cast<std::byte*>(to.data()), to_stride, rows, columns, sizeof(Word));
    for (index_t c = 0; c < columns; ++c) {
        for (index_t i = 0; i < to_stride; ++i) {
            const Word got = to[static_cast<std::size_t>(c * to_stride + i)];
            if (i < rows) {
                ASSERT_EQ(got, from[static_cast<std::size_t>(i * from_stride + c)]) << rows << " x " << columns << " at " << i << ", " << c;
            } else {
                ASSERT_EQ(got, untouched) << "padding written, " << rows << " x " << columns;
            }
        }
    }
    EXPECT_EQ(to.back(), untouched);
}

template <class Word>
void expect_transposed_at_every_edge() {
    // Whole blocks (of 2, 4 or 8, depending on the element size and the
    // instruction set), and one more or one less in either direction.
    for (index_t rows : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17}) {
        for (index_t columns : {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17}) expect_transposed<Word>(rows, columns);
    }
}

TEST(TransposeCopy, OneByteElements) { expect_transposed_at_every_edge<std::uint8_t>(); }
TEST(TransposeCopy, TwoByteElements) { expect_transposed_at_every_edge<std::uint16_t>(); }
TEST(TransposeCopy, FourByteElements) { expect_transposed_at_every_edge<std::uint32_t>(); }
TEST(TransposeCopy, EightByteElements) { expect_transposed_at_every_edge<std::uint64_t>(); }

TEST(TransposeCopy, FloatsKeepTheirBits) {
    // The blocks move bits: a NaN's payload and a negative zero come through.
    std::vector<float> from(64), to(64);
    for (std::size_t i = 0; i < 64; ++i) from[i] = static_cast<float>(i) - 31.5f;
    from[9] = -0.f;
    from[18] = std::numeric_limits<float>::quiet_NaN();
    loom::transpose_copy(reinterpret_cast<const std::byte*>(from.data()), 8, reinterpret_cast<std::byte*>(to.data()), 8, 8, 8,
                         sizeof(float));
    for (index_t r = 0; r < 8; ++r) {
        for (index_t c = 0; c < 8; ++c) {
            EXPECT_EQ(std::memcmp(&to[static_cast<std::size_t>(c * 8 + r)], &from[static_cast<std::size_t>(r * 8 + c)], sizeof(float)), 0);
        }
    }
}

TEST(CopyStrided, StepsOfAnySignAndSize) {
    // A 3 x 4 matrix read backwards along its rows and every other column, into a column-major layout.
    std::vector<std::int16_t> from(40);
    for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<std::int16_t>(i);
    std::vector<std::int16_t> to(12, -1);
    const std::byte* last_row = reinterpret_cast<const std::byte*>(from.data() + 2 * 10);
    loom::copy_strided(last_row, -10, 2, reinterpret_cast<std::byte*>(to.data()), 1, 3, 3, 4, sizeof(std::int16_t));
    for (index_t r = 0; r < 3; ++r) {
        for (index_t c = 0; c < 4; ++c) EXPECT_EQ(to[static_cast<std::size_t>(r + 3 * c)], (2 - r) * 10 + 2 * c) << r << ", " << c;
    }
}

// copy_into_layout's definition, element by element: the i-th element in
// row-major order goes where the layout puts element i.
template <class T>
std::vector<T> copied_by_definition(const std::vector<T>& from, const loom::strided_layout& layout, std::vector<T> to,
                                    index_t first) {
    const loom::shape_type& shape = layout.shape();
    std::vector<index_t> index(shape.size(), 0);
    for (std::size_t i = 0; i < from.size(); ++i) {
        index_t at = first;
        for (std::size_t d = 0; d < shape.size(); ++d) at += index[d] * layout.stride(d);
        to[static_cast<std::size_t>(at)] = from[i];
        for (std::size_t d = shape.size(); d-- > 0;) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
    }
    return to;
}

// Copies shape's elements into `layout` (of that shape) over memory of
// `room` elements with element (0, ...) at `first`, and compares with the
// definition.
template <class T>
void expect_copied_into(const loom::strided_layout& layout, std::size_t room, index_t first) {
    std::vector<T> from(static_cast<std::size_t>(layout.size()));
    for (std::size_t i = 0; i < from.size(); ++i) from[i] = static_cast<T>(i % 251 + 1);
    std::vector<T> to(room, T{});
    loom::copy_into_layout(reinterpret_cast<const std::byte*>(from.data()), reinterpret_cast<std::byte*>(to.data() + first),
                           layout, sizeof(T));
    EXPECT_EQ(to, copied_by_definition(from, layout, std::vector<T>(room, T{}), first))
        << "shape " << loom::to_string(layout.shape()) << ", strides " << loom::to_string(layout.strides());
}

template <class T>
void expect_copied_into_every_layout() {
    // Row-major; rows contiguous with gaps between them; a permutation of
    // four dimensions (the inner pair transposed, in blocks); reversed and
    // stepped dimensions; a permutation of sizes that leave block edges.
    expect_copied_into<T>(loom::strided_layout(loom::shape_type{3, 4, 5}), 60, 0);
    expect_copied_into<T>(loom::strided_layout({3, 4, 5}, {40, 10, 1}), 120, 0);
    expect_copied_into<T>(loom::strided_layout({2, 3, 5, 4}, {60, 20, 1, 5}), 120, 0);
    expect_copied_into<T>(loom::strided_layout({5, 4, 3, 2}, {1, 5, 20, 60}), 120, 0);
    expect_copied_into<T>(loom::strided_layout({3, 4, 5}, {-20, 5, -1}), 60, 44);
    expect_copied_into<T>(loom::strided_layout({2, 11, 9}, {200, 2, 22}), 400, 0);
    expect_copied_into<T>(loom::strided_layout(loom::shape_type{7}, loom::strides_type{-3}), 21, 18);
    expect_copied_into<T>(loom::strided_layout({3, 0, 4}, {0, 0, 0}), 1, 0);
}

TEST(CopyIntoLayout, OneByteElements) { expect_copied_into_every_layout<std::uint8_t>(); }
TEST(CopyIntoLayout, TwoByteElements) { expect_copied_into_every_layout<std::uint16_t>(); }
TEST(CopyIntoLayout, FourByteElements) { expect_copied_into_every_layout<float>(); }
TEST(CopyIntoLayout, EightByteElements) { expect_copied_into_every_layout<double>(); }
TEST(CopyIntoLayout, SixteenByteElements) { expect_copied_into_every_layout<std::complex<double>>(); }

// ---- Evaluation through packed tiles ----

// Whole tiles and a part of one, in both directions.
constexpr index_t rows = 2 * loom::loop_plan::tile_rows + 3, columns = loom::loop_plan::tile_columns + 3;

template <class T>
tensor<T> numbered(index_t r, index_t c, int seed) {
    tensor<T> t({r, c});
    for (index_t i = 0; i < t.size(); ++i) {
        const index_t v = (i * 7 + seed) % 101;
        t.data()[i] = std::is_same_v<T, bool> ? static_cast<T>(v % 3 == 0) : static_cast<T>(v);
    }
    return t;
}

template <class T>
class PackedTiles : public ::testing::Test {};

using tiled_element_types = ::testing::Types<bool, std::int8_t, std::uint16_t, std::int32_t, std::int64_t, float, double>;
TYPED_TEST_SUITE(PackedTiles, tiled_element_types);

TYPED_TEST(PackedTiles, ATransposeIsReadInBlocks) {
    using T = TypeParam;
    const tensor<T> a = numbered<T>(columns, rows, 1);
    const auto transposed = loom::transpose(a);
    ASSERT_TRUE(loom::testing::planned(transposed).packed(1));
    const tensor<T> z = transposed;
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) ASSERT_EQ(z.at(i, j), a.at(j, i)) << i << ", " << j;
    }
}

TYPED_TEST(PackedTiles, ATransposedDestinationIsWrittenInBlocks) {
    using T = TypeParam;
    const tensor<T> a = numbered<T>(rows, columns, 2);
    tensor<T> z({columns, rows});
    z.transpose() = a;
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) ASSERT_EQ(z.at(j, i), a.at(i, j)) << i << ", " << j;
    }
}

TYPED_TEST(PackedTiles, LayoutsReversedAlongTheRowsAreCopiedElementByElement) {
    using T = TypeParam;
    // Packed, but not by blocks: the tile's rows run backwards in memory.
    const tensor<T> a = numbered<T>(columns, rows, 3);
    const auto reversed = loom::transpose(loom::flip(a, 1));
    const auto plan = loom::testing::planned(reversed);
    ASSERT_TRUE(plan.tiled() && plan.packed(1));
    const tensor<T> z = reversed;
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) ASSERT_EQ(z.at(i, j), a.at(j, rows - 1 - i)) << i << ", " << j;
    }
    tensor<T> w({columns, rows});
    loom::transpose(loom::flip(w, 1)) = z;
    EXPECT_TRUE(loom::array_equal(w, a));
}

template <class T>
void expect_arithmetic_through_tiles() {
    const tensor<T> a = numbered<T>(columns, rows, 4), b = numbered<T>(rows, columns, 5);
    const tensor<T> row = numbered<T>(1, columns, 6);
    // A transpose beside a contiguous operand and a broadcast row.
    const tensor<T> z = loom::transpose(a) * b + row;
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) {
            ASSERT_EQ(z.at(i, j), static_cast<T>(a.at(j, i) * b.at(i, j) + row.at(0, j))) << i << ", " << j;
        }
    }
    // A transposed destination read and written in the same tiles: t += e.
    tensor<T> w = a;
    w.transpose() += b;
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) ASSERT_EQ(w.at(j, i), static_cast<T>(a.at(j, i) + b.at(i, j))) << i << ", " << j;
    }
}

TEST(PackedTilesArithmetic, Int8) { expect_arithmetic_through_tiles<std::int8_t>(); }
TEST(PackedTilesArithmetic, Int32) { expect_arithmetic_through_tiles<std::int32_t>(); }
TEST(PackedTilesArithmetic, Int64) { expect_arithmetic_through_tiles<std::int64_t>(); }
TEST(PackedTilesArithmetic, Float) { expect_arithmetic_through_tiles<float>(); }
TEST(PackedTilesArithmetic, Double) { expect_arithmetic_through_tiles<double>(); }

TEST(PackedTilesArithmetic, TransposedOperandsBeyondTheFourPackedAreGathered) {
    const tensor<double> a = numbered<double>(columns, rows, 7), b = numbered<double>(columns, rows, 8);
    const auto ta = loom::transpose(a), tb = loom::transpose(b);
    const auto value = ta + tb * ta - tb + ta * tb;
    const auto plan = loom::testing::planned(value);
    ASSERT_TRUE(plan.packed(4));
    ASSERT_FALSE(plan.packed(5));
    tensor<double> z({columns, rows});
    z.transpose() = value;  // the destination is packed too, and operands 4 to 6 are gathered
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) {
            const double x = a.at(j, i), y = b.at(j, i);
            ASSERT_EQ(z.at(j, i), x + y * x - y + x * y) << i << ", " << j;
        }
    }
}

TEST(PackedTilesArithmetic, ThreeDimensionsAndATransposedInnerPair) {
    // permute(a, {0, 2, 1}) of (3, 70, 90): tiles in each of 3 matrices.
    tensor<float> a({3, 70, 90});
    for (index_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<float>(i);
    const tensor<float> z = loom::permute(a, {0, 2, 1}) * 2.f;
    ASSERT_TRUE(loom::testing::planned(loom::permute(a, {0, 2, 1}) * 2.f).tiled());
    for (index_t m = 0; m < 3; ++m) {
        for (index_t i = 0; i < 90; ++i) {
            for (index_t j = 0; j < 70; ++j) ASSERT_EQ(z.at(m, i, j), 2.f * a.at(m, j, i)) << m << ", " << i << ", " << j;
        }
    }
}

}  // namespace
