// adapt(): views over the caller's own memory (Note [adapted memory] in
// tensor/adapt.hpp). They copy nothing, write through to the caller's
// buffer, mix with tensors in expressions, are safe under aliasing as any
// view is, and refuse writes at compile time when the memory is const.
// Expected values come from NumPy 1.24 (/usr/bin/python3).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::adapt;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::tensor_view;
using loom::testing::elements_of;
using loom::testing::message_of;
using ::testing::HasSubstr;

template <class V>
concept adaptable = requires(V&& v) { adapt(std::forward<V>(v)); };

TEST(Adapt, CopiesNothing) {
    std::array<float, 6> buffer{0, 1, 2, 3, 4, 5};
    const tensor_view<float> v = adapt(buffer.data(), {2, 3});
    EXPECT_EQ(v.data(), buffer.data());
    EXPECT_EQ(v.shape(), (shape_type{2, 3}));
    EXPECT_EQ(v.strides(), (strides_type{3, 1}));
}

TEST(Adapt, WritingThroughTheViewChangesTheBuffer) {
    std::array<int, 6> buffer{0, 1, 2, 3, 4, 5};
    auto v = adapt(buffer.data(), {2, 3});
    v += tensor<int>{10, 20, 30};
    v(1, 2) = -1;
    EXPECT_EQ(buffer, (std::array<int, 6>{10, 21, 32, 13, 24, -1}));
}

TEST(Adapt, MixesWithTensorsInExpressions) {
    std::vector<double> buffer{1, 2, 3, 4, 5, 6};
    const auto v = adapt(buffer.data(), {2, 3});
    const tensor<double> column{{10}, {20}};
    // NumPy: np.arange(1, 7.).reshape(2, 3) * [[10], [20]] + 1
    EXPECT_EQ(elements_of(v * column + 1.), (std::vector<double>{11, 21, 31, 81, 101, 121}));
    tensor<double> t({2, 3});
    t = v - 1.;
    EXPECT_EQ(elements_of(t), (std::vector<double>{0, 1, 2, 3, 4, 5}));
}

TEST(Adapt, StridesAreInElementsAndMayBeNegative) {
    std::array<int, 6> buffer{0, 1, 2, 3, 4, 5};
    // Column-major [2, 3] over the buffer: NumPy's np.arange(6).reshape(3, 2).T
    EXPECT_EQ(elements_of(adapt(buffer.data(), {2, 3}, {1, 2})), (std::vector<int>{0, 2, 4, 1, 3, 5}));
    // Backwards from the last element: NumPy's np.arange(6)[::-2]
    EXPECT_EQ(elements_of(adapt(buffer.data() + 5, {3}, {-2})), (std::vector<int>{5, 3, 1}));
}

TEST(Adapt, StrideZeroRepeatsAnElementAndIsReadOnly) {
    std::array<float, 3> buffer{1, 2, 3};
    auto v = adapt(buffer.data(), {4, 3}, {0, 1});
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}));
    EXPECT_THAT(message_of([&] { v = 0.f; }), HasSubstr("cannot write through a view of shape [4, 3] with strides [0, 1]"));
    EXPECT_EQ(buffer, (std::array<float, 3>{1, 2, 3}));
}

TEST(Adapt, AliasedAssignmentGivesNumPysResult) {
    std::array<int, 9> buffer{0, 1, 2, 3, 4, 5, 6, 7, 8};
    auto v = adapt(buffer.data(), {3, 3});
    v = v + loom::transpose(v);
    // NumPy: a = np.arange(9).reshape(3, 3); a[...] = a + a.T
    EXPECT_EQ(buffer, (std::array<int, 9>{0, 4, 8, 4, 8, 12, 8, 12, 16}));
}

TEST(Adapt, InPlaceNeverGrowsTheView) {
    std::array<float, 3> buffer{1, 2, 3};
    auto v = adapt(buffer.data(), {3});
    EXPECT_THROW(v += loom::ones<float>({2, 3}), loom::broadcast_error);
    EXPECT_EQ(buffer, (std::array<float, 3>{1, 2, 3}));
}

TEST(Adapt, SpanAndVectorGiveRankOneViews) {
    std::vector<std::int64_t> values{4, 5, 6};
    auto from_vector = adapt(values);
    from_vector *= std::int64_t{2};
    EXPECT_EQ(values, (std::vector<std::int64_t>{8, 10, 12}));
    const auto from_span = adapt(std::span<std::int64_t>(values).subspan(1));
    EXPECT_EQ(from_span.shape(), shape_type{2});
    EXPECT_EQ(from_span.data(), values.data() + 1);
}

TEST(Adapt, ConstMemoryGivesAViewThatRefusesAssignment) {
    const std::vector<float> values{1, 2, 3};
    const float array[2] = {1, 2};
    static_assert(std::is_same_v<decltype(adapt(values)), tensor_view<const float>>);
    static_assert(std::is_same_v<decltype(adapt(std::span<const float>(values))), tensor_view<const float>>);
    static_assert(std::is_same_v<decltype(adapt(array, {2})), tensor_view<const float>>);
    static_assert(!std::is_assignable_v<decltype(adapt(values))&, float>);
    static_assert(!std::is_assignable_v<decltype(adapt(values))&, tensor<float>>);
    static_assert(std::is_assignable_v<tensor_view<float>&, tensor<float>>);
    EXPECT_EQ(elements_of(adapt(values) * 2.f), (std::vector<float>{2, 4, 6}));
}

TEST(Adapt, TemporaryVectorsAreRefusedAtCompileTime) {
    static_assert(!adaptable<std::vector<float>>);
    static_assert(!adaptable<const std::vector<float>>);
    static_assert(adaptable<std::vector<float>&>);
    static_assert(adaptable<const std::vector<float>&>);
}

TEST(Adapt, RefusesANegativeSize) {
    float x = 0;
    EXPECT_THROW(adapt(&x, {2, -1}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { adapt(&x, {2, -1}); }), HasSubstr("shape [2, -1] has the negative size -1"));
}

TEST(Adapt, RefusesStridesOfAnotherRank) {
    float x = 0;
    EXPECT_EQ(message_of([&] { adapt(&x, {2, 3}, {1}); }),
              "adapt: strides [1] have 1 entries for shape [2, 3] of rank 2; give one stride per dimension");
}

TEST(Adapt, RefusesANullPointerWithElements) {
    EXPECT_EQ(message_of([] { adapt(static_cast<float*>(nullptr), {2, 3}); }),
              "adapt: a null pointer cannot hold the 6 elements of shape [2, 3]; pass the address of the memory");
    EXPECT_EQ(adapt(static_cast<float*>(nullptr), {0, 3}).size(), 0);  // nothing to hold
}

TEST(Adapt, RefusesStridesReachingPastAnIndex) {
    float x = 0;
    EXPECT_THAT(message_of([&] { adapt(&x, {3}, {loom::index_t{1} << 62}); }),
                HasSubstr("reach elements beyond a 64-bit index"));
}

TEST(Adapt, StrideOfTheSmallestIndexIsRefusedWithoutOverflow) {
    // Its absolute value does not fit in an index: the check itself must not negate it.
    int x[2] = {1, 2};
    constexpr loom::index_t smallest = std::numeric_limits<loom::index_t>::min();
    EXPECT_THROW(adapt(x, {2}, {smallest}), std::invalid_argument);
    EXPECT_THAT(message_of([&] { adapt(x, {2}, {smallest}); }), HasSubstr("-9223372036854775808"));
    // A dimension of size 1 never takes its stride, whatever it is.
    const auto one = adapt(x, {1}, {smallest});
    EXPECT_EQ(one(0), 1);
    EXPECT_TRUE(one.is_writable());
}

// Note [shared memory]: strides under which two elements meet give a view
// that reads like any other and refuses writes, leaving the memory as it was.

TEST(Adapt, OverlappingStridesReadAsNumPysAsStrided) {
    const std::array<float, 4> buffer{1, 2, 3, 4};
    const auto v = adapt(buffer.data(), {2, 2}, {1, 1});
    // NumPy: as_strided(p, (2, 2), (4, 4)) is [[1, 2], [2, 3]], summing to 8.
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 2, 3}));
    EXPECT_EQ(loom::eval(loom::sum(v)).item(), 8.f);
}

TEST(Adapt, OverlappingStridesRefuseEveryKindOfWrite) {
    std::array<float, 4> buffer{1, 2, 3, 4};
    auto v = adapt(buffer.data(), {2, 2}, {1, 1});
    EXPECT_FALSE(v.is_writable());
    const auto unchanged = [&] { EXPECT_EQ(buffer, (std::array<float, 4>{1, 2, 3, 4})); };
    EXPECT_THROW(v = loom::sum(loom::ones<float>({3, 2, 2}), 0), std::invalid_argument);
    unchanged();
    EXPECT_THROW(v += 1.f, std::invalid_argument);
    unchanged();
    EXPECT_THROW(v = loom::matmul(loom::ones<float>({2, 2}), loom::ones<float>({2, 2})), std::invalid_argument);
    unchanged();
    EXPECT_THROW(v = loom::cumsum(loom::ones<float>({2, 2}), 1), std::invalid_argument);
    unchanged();
    EXPECT_THROW(v = 0.f, std::invalid_argument);
    unchanged();
    EXPECT_THAT(message_of([&] { v += 1.f; }),
                HasSubstr("cannot write through a view of shape [2, 2] with strides [1, 1]: two of its elements "
                          "share memory"));
}

TEST(Adapt, StridesThatInterleaveWithoutMeetingAreWritable) {
    // Strides 2 and 3 over [3, 3]: the larger stride is within the smaller's
    // reach (4), yet the offsets 0, 3, 6, 2, 5, 8, 4, 7, 10 are all distinct.
    std::array<std::int64_t, 11> buffer{};
    auto v = adapt(buffer.data(), {3, 3}, {2, 3});
    EXPECT_TRUE(v.is_writable());
    v = loom::arange<std::int64_t>(1, 10).reshape({3, 3});
    // NumPy: as_strided(q, (3, 3), (16, 24)) of np.zeros(11), assigned 1..9.
    EXPECT_EQ(buffer, (std::array<std::int64_t, 11>{1, 0, 4, 2, 7, 5, 3, 8, 6, 0, 9}));
}

TEST(Adapt, OverlappingStridesOverTooManyElementsToCompareAreReadOnly) {
    // 90,000 elements under the strides of the test above (which are apart,
    // but only a comparison of the offsets shows it): more than 2^16 to compare.
    std::vector<float> buffer(90002, 1.f);
    auto v = adapt(buffer.data(), {3, 30000}, {2, 3});
    EXPECT_FALSE(v.is_writable());
    EXPECT_THAT(message_of([&] { v = 0.f; }), HasSubstr("its strides do not keep its elements apart"));
    EXPECT_EQ(buffer, std::vector<float>(90002, 1.f));
    const auto apart = adapt(buffer.data(), {3, 30000}, {30000, 1});
    EXPECT_TRUE(apart.is_writable());
}

TEST(Adapt, EmptyShapeWhoseOtherSizesOverflowIsRowMajorWithoutOverflow) {
    // No element: accepted, row-major whatever its strides, and the product of
    // the other sizes (which does not fit in an index) is never formed.
    int x = 0;
    constexpr loom::index_t max = std::numeric_limits<loom::index_t>::max();
    const auto v = adapt(&x, {0, max, max}, {1, max, 1});
    EXPECT_EQ(v.size(), 0);
    EXPECT_TRUE(v.is_contiguous());
    EXPECT_TRUE(v.is_writable());
}

}  // namespace
