// Heap allocations of joining (join.hpp): concatenate and the stacks
// allocate their result and nothing else. Each test asserts exactly one
// allocation, of exactly the bytes the result's storage asks for: the operands are read where
// they are (views, tensors) or evaluated straight into their place (lazy
// expressions), and shapes of rank 8 or less live inline.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <tuple>

#include "allocation_counter.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::heap_traffic;
using loom::testing::traffic_of;

// The bytes the result's storage asks for: its elements, and the room it
// takes to align them (core/storage.hpp).
template <class T>
long bytes_of(const tensor<T>& t) {
    return static_cast<long>(loom::storage<T>::allocation_bytes(t.size()));
}

TEST(JoinAllocations, ConcatenateOfViewsAllocatesOnlyTheResult) {
    const tensor<float> a({64, 32}, 1.f), b({16, 32}, 2.f);
    std::optional<tensor<float>> r;
    const heap_traffic traffic = traffic_of([&] { r.emplace(loom::concatenate({a.view(), b.view()})); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*r));
    EXPECT_EQ(r->shape(), (shape_type{80, 32}));
}

TEST(JoinAllocations, ConcatenateOfTransposedViewsAllocatesOnlyTheResult) {
    const tensor<double> a({32, 64}, 1.0), b({32, 8}, 2.0);
    std::optional<tensor<double>> r;
    const heap_traffic traffic =
        traffic_of([&] { r.emplace(loom::concatenate({a.transpose(), b.transpose()}, 0)); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*r));
    EXPECT_EQ((*r)(70, 3), 2.0);
}

TEST(JoinAllocations, ConcatenateOfATupleOfMixedTypesAllocatesOnlyTheResult) {
    const tensor<std::int32_t> a({10, 20}, 1);
    const tensor<float> b({5, 20}, 0.5f);
    std::optional<tensor<float>> r;
    const heap_traffic traffic = traffic_of([&] { r.emplace(loom::concatenate(std::tie(a, b))); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*r));
}

TEST(JoinAllocations, ConcatenateOfLazyExpressionsEvaluatesThemInPlace) {
    const tensor<float> a({40, 30}, 1.f), b({30}, 2.f);
    std::optional<tensor<float>> r;
    const heap_traffic traffic =
        traffic_of([&] { r.emplace(loom::concatenate(std::forward_as_tuple(a * 2.f + b, a - b), 1)); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*r));
    EXPECT_EQ((*r)(0, 0), 4.f);
    EXPECT_EQ((*r)(0, 59), -1.f);
}

TEST(JoinAllocations, FlatConcatenateAllocatesOnlyTheResult) {
    const tensor<int> a({8, 9}, 1), b({7}, 2);
    std::optional<tensor<int>> r;
    const heap_traffic traffic =
        traffic_of([&] { r.emplace(loom::concatenate({a.transpose(), b.view()}, loom::flat)); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*r));
}

TEST(JoinAllocations, StacksAllocateOnlyTheResult) {
    const tensor<float> x({100}, 1.f), y({100}, 2.f);
    for (int kind = 0; kind < 5; ++kind) {
        std::optional<tensor<float>> r;
        const heap_traffic traffic = traffic_of([&] {
            const auto operands = std::tie(x, y);
            if (kind == 0) r.emplace(loom::stack(operands, 1));
            if (kind == 1) r.emplace(loom::hstack(operands));
            if (kind == 2) r.emplace(loom::vstack(operands));
            if (kind == 3) r.emplace(loom::dstack(operands));
            if (kind == 4) r.emplace(loom::column_stack(operands));
        });
        EXPECT_EQ(traffic.allocations, 1) << "kind " << kind;
        EXPECT_EQ(traffic.bytes, bytes_of(*r)) << "kind " << kind;
    }
}

}  // namespace
