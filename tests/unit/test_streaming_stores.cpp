// Streaming stores (eval/streaming_stores.hpp, Note [streaming stores]),
// with the threshold at 0 whatever this machine's cache unless a test sets
// it: the decision (the bytes touched against the threshold, memory shared
// with a leaf); evaluations that stream (the direct path in one run, into
// existing memory that the expression does not read, evaluated in SIMD
// batches of exact functions) at every alignment and at lengths around the
// cache lines; and those that do not stream (fresh memory, a repeated row,
// compound assignment, a result of the scalar loop). Each is
// checked element by element against a plain loop, and the memory around
// the destination untouched.

#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::range;
using loom::tensor;

// Streams every evaluation the rule allows, whatever this machine's cache, for the length of a test.
class StreamingStores : public ::testing::Test {
protected:
    void SetUp() override {
        saved_ = loom::streaming_threshold();
        loom::set_streaming_threshold(0);
    }
    void TearDown() override { loom::set_streaming_threshold(saved_); }

private:
    std::size_t saved_ = 0;
};

// Large enough for threads, and so for streaming stores.
constexpr index_t large = loom::parallel_min_elements;

// Values with few significant bits, so that a * b + c rounds the same whether or not the compiler
// fuses it into one multiply-add, and that fit every element type tested.
template <class T>
tensor<T> repeating(const loom::shape_type& shape, index_t period) {
    tensor<T> result(shape);
    for (index_t i = 0; i < result.size(); ++i) result.data()[i] = static_cast<T>(i % period - period / 2);
    return result;
}

// z(offset : offset + count) = x + y, into a tensor whose buffer starts on a cache line, against
// the plain sums; the elements of z outside the range keep their value.
template <class T>
void expect_streamed_sum(index_t offset, index_t count) {
    const auto x = repeating<T>({count}, 61), y = repeating<T>({count}, 37);
    constexpr T untouched = T(1);
    tensor<T> z = loom::full<T>({offset + count + 64}, untouched);
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(z.data()) % 64, 0u);
    const loom::path_report path = loom::path_of(z(range(offset, offset + count)), x + y);
    ASSERT_EQ(path.streams(), loom::has_streaming_stores && path.batch_lanes() > 0);
    z(range(offset, offset + count)) = x + y;
    for (index_t i = 0; i < z.size(); ++i) {
        const bool inside = i >= offset && i < offset + count;
        const T expected = inside ? static_cast<T>(x.data()[i - offset] + y.data()[i - offset]) : untouched;
        ASSERT_EQ(z.data()[i], expected) << "offset " << offset << ", count " << count << ", element " << i;
    }
}

template <class T>
void expect_streamed_sums() {
    const index_t line = 64 / static_cast<index_t>(sizeof(T)), page = 4096 / static_cast<index_t>(sizeof(T));
    for (index_t offset = 0; offset < line; offset += (line > 8 ? 3 : 1)) {
        for (const index_t count : {large, large + 1, large + line - 1, large + page + 3}) {
            expect_streamed_sum<T>(offset, count);
        }
    }
}

TEST(StreamingThreshold, IsSetAndRead) {
    const std::size_t saved = loom::streaming_threshold();
    EXPECT_GT(saved, 0u);
    loom::set_streaming_threshold(1000);
    EXPECT_EQ(loom::streaming_threshold(), 1000u);
    EXPECT_EQ(loom::streams(1001), loom::has_streaming_stores);
    EXPECT_FALSE(loom::streams(1000));
    loom::set_streaming_threshold(saved);
    EXPECT_EQ(loom::streaming_threshold(), saved);
}

// A tensor or view as the direct path sees a leaf.
template <class L>
loom::leaf_entry leaf_of(const L& leaf) {
    return {reinterpret_cast<const std::byte*>(leaf.data()), &leaf.layout(), sizeof(float), "float32", leaf.ndim(), -1};
}

// Whether the direct path in one run into the `large` float32 elements at `destination` streams.
template <std::size_t N>
bool streams_into(const float* destination, const std::array<loom::leaf_entry, N>& leaves) {
    return loom::detail::streams_into(reinterpret_cast<const std::byte*>(destination), sizeof(float), large, leaves);
}

TEST_F(StreamingStores, DecidedByTheBytesTouchedAndBySharedMemory) {
    const tensor<float> a({large});
    tensor<float> z({large}), both({2 * large});
    const index_t bytes = 2 * large * index_t{sizeof(float)};  // z's and a's
    EXPECT_EQ(streams_into(z.data(), std::array{leaf_of(a)}), loom::has_streaming_stores);
    loom::set_streaming_threshold(static_cast<std::size_t>(bytes) - 1);
    EXPECT_EQ(streams_into(z.data(), std::array{leaf_of(a)}), loom::has_streaming_stores);
    loom::set_streaming_threshold(static_cast<std::size_t>(bytes));
    EXPECT_FALSE(streams_into(z.data(), std::array{leaf_of(a)}));
    loom::set_streaming_threshold(0);
    // The destination itself read, or a leaf that shares part of its memory.
    EXPECT_FALSE(streams_into(z.data(), std::array{leaf_of(a), leaf_of(z)}));
    const auto shifted = both(range(large / 2, large / 2 + large));
    EXPECT_FALSE(streams_into(both.data(), std::array{leaf_of(shifted)}));
    const auto after = both(range(large, 2 * large));
    EXPECT_EQ(streams_into(both.data(), std::array{leaf_of(after)}), loom::has_streaming_stores);
}

TEST_F(StreamingStores, EveryAlignmentAndLength) {
    expect_streamed_sums<float>();
    expect_streamed_sums<double>();
    expect_streamed_sums<std::int8_t>();
    expect_streamed_sums<std::int16_t>();
}

TEST_F(StreamingStores, IntoAnExistingResultAndAllocated) {
    const auto a = repeating<float>({67, 1024}, 61), b = repeating<float>({67, 1024}, 37);
    const auto c = repeating<float>({67, 1024}, 29);
    tensor<float> into({67, 1024});
    into = a * b * 0.25f + c;
    const tensor<float> allocated = a * b * 0.25f + c;
    for (index_t i = 0; i < a.size(); ++i) {
        const float expected = a.data()[i] * b.data()[i] * 0.25f + c.data()[i];
        ASSERT_EQ(into.data()[i], expected) << "element " << i;
        ASSERT_EQ(allocated.data()[i], expected) << "element " << i;
    }
}

TEST_F(StreamingStores, OneByteResults) {
    const auto a = repeating<std::int8_t>({large + 5}, 101);
    tensor<bool> positive({large + 5});
    EXPECT_FALSE(loom::path_of(positive, a > std::int8_t{0}).streams());  // the scalar loop's
    positive = a > std::int8_t{0};
    for (index_t i = 0; i < a.size(); ++i) ASSERT_EQ(positive.data()[i], a.data()[i] > 0) << "element " << i;
}

TEST_F(StreamingStores, EvaluationsThatDoNotStreamAreUnchanged) {
    const auto a = repeating<double>({67, 1024}, 61);
    const auto row = repeating<double>({1024}, 37);
    tensor<double> z({67, 1024});
    z = a - row;  // a repeated row: runs shorter than the destination
    auto in_place = a;
    in_place += a * 2.;  // the destination is read
    for (index_t i = 0; i < a.size(); ++i) {
        ASSERT_EQ(z.data()[i], a.data()[i] - row.data()[i % 1024]) << "element " << i;
        ASSERT_EQ(in_place.data()[i], a.data()[i] * 3.) << "element " << i;
    }
}

}  // namespace
