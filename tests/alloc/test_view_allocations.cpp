// Heap allocations of views: taking a view (indexing, shape manipulation,
// broadcasting to a shape) copies nothing and allocates nothing, reading
// views inside an expression allocates nothing, and aliasing costs a
// temporary only when an operand overlaps the destination under another
// index mapping (Note [aliasing] in eval/plan.hpp).

#include <gtest/gtest.h>

#include <vector>

#include "allocation_counter.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::ellipsis;
using loom::index_t;
using loom::newaxis;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::heap_traffic;
using loom::testing::traffic_of;

// ---- Taking views ----

TEST(ViewAllocations, IndexingAllocatesNothing) {
    tensor<float> a({4, 5, 6}, 1.f);
    const heap_traffic traffic = traffic_of([&] {
        const auto v = a(1, range(none, none, -2), all);
        const auto w = a(newaxis, ellipsis, range(1, 4));
        const auto x = v(all, 3)(range(0, 2));
        EXPECT_EQ(w.shape(), (shape_type{1, 4, 5, 3}));
        EXPECT_EQ(x.size(), 2);
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(ViewAllocations, ShapeManipulationsThatGiveViewsAllocateNothing) {
    tensor<float> a({2, 3, 4}, 1.f);
    const std::vector<index_t> order{2, 0, 1}, sizes{4, 6};  // the arguments' own memory, made outside
    const heap_traffic traffic = traffic_of([&] {
        EXPECT_EQ(loom::transpose(a).ndim(), 3u);
        EXPECT_EQ(loom::permute(a, order).ndim(), 3u);
        EXPECT_EQ(a.swapaxes(0, 2).ndim(), 3u);
        EXPECT_EQ(a.moveaxis(0, -1).ndim(), 3u);
        EXPECT_EQ(a.unsqueeze(1).squeeze().ndim(), 3u);
        EXPECT_EQ(a.unsqueeze(1).squeeze(1).ndim(), 3u);
        EXPECT_EQ(a.flip().ndim(), 3u);
        EXPECT_EQ(a.flip(1).ndim(), 3u);
        EXPECT_EQ(a.diagonal(0, 1, 2).ndim(), 2u);
        EXPECT_EQ(a.reshape(sizes).data(), a.data());
        EXPECT_EQ(a.ravel().data(), a.data());
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(ViewAllocations, FlattenAllocatesOnlyTheResult) {
    const tensor<float> a({20, 30}, 1.f);
    const heap_traffic traffic = traffic_of([&] { EXPECT_EQ(loom::transpose(a).flatten().size(), 600); });
    EXPECT_EQ(traffic.allocations, 1);
}

// ---- Broadcasting to a shape is zero-copy ----

TEST(ViewAllocations, BroadcastToAllocatesNothing) {
    const tensor<float> row{1, 2, 3};
    const heap_traffic traffic = traffic_of([&] {
        const auto b = loom::broadcast_to(row, {1000, 3});
        EXPECT_EQ(b.data(), row.data());
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(ViewAllocations, PdpdPlacementAllocatesNothing) {
    const tensor<float> b({3, 4}, 1.f);
    const heap_traffic traffic = traffic_of([&] {
        const auto v = loom::broadcast_to(b, {2, 3, 4, 5}, loom::broadcast::pdpd(1));
        EXPECT_EQ(v.data(), b.data());
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(ViewAllocations, ExpandAllocatesNothing) {
    const tensor<float> column({3, 1}, 1.f);
    const std::vector<index_t> sizes{-1, 4};
    const heap_traffic traffic = traffic_of([&] { EXPECT_EQ(column.expand(sizes).data(), column.data()); });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(ViewAllocations, BroadcastBidirectionalAllocatesNothing) {
    const tensor<float> x({3, 1}, 1.f);
    const heap_traffic traffic = traffic_of([&] {
        EXPECT_EQ(loom::broadcast_bidirectional(x, {2, 1, 6}).shape(), (shape_type{2, 3, 6}));
    });
    EXPECT_EQ(traffic.allocations, 0);
}

// ---- Reading and writing through views ----

TEST(ViewAllocations, BroadcastAndTransposedViewsInAnExpressionAllocateNothing) {
    const tensor<float> row({300}, 2.f), square({300, 300}, 1.f);
    tensor<float> r({300, 300});
    const heap_traffic traffic = traffic_of([&] {
        r = loom::broadcast_to(row, {300, 300}) * loom::transpose(square) + square(all, range(none, none, -1));
    });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(299, 0), 3.f);
}

TEST(ViewAllocations, AssigningIntoAViewAllocatesNothing) {
    tensor<float> a({100, 100}, 1.f);
    const tensor<float> b({50}, 2.f);
    const heap_traffic traffic = traffic_of([&] {
        a(range(0, none, 2), range(50, none)) = b * 3.f;
        a(1, all) += 1.f;
        a(ellipsis, 0) = 0.f;
    });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(a(0, 99), 6.f);
}

// ---- Aliasing: a temporary only under another index mapping ----

TEST(AliasingAllocations, PlusEqualsAnotherTensorAllocatesNothing) {
    tensor<float> a({64, 64}, 1.f);
    const tensor<float> b({64, 64}, 2.f);
    const heap_traffic traffic = traffic_of([&] { a += b; });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(AliasingAllocations, TensorTimesTwoIntoItselfAllocatesNothing) {
    tensor<float> a({64, 64}, 1.f);
    const heap_traffic traffic = traffic_of([&] { a = a * 2.f; });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(a(63, 63), 2.f);
}

TEST(AliasingAllocations, ViewPlusOneIntoItselfAllocatesNothing) {
    tensor<float> a({64, 64}, 1.f);
    const heap_traffic traffic = traffic_of([&] {
        auto v = a(range(1, none, 3), range(none, none, -1));
        v = v + 1.f;
        v += v;
    });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(a(1, 0), 4.f);
}

TEST(AliasingAllocations, TransposeOfTheDestinationCostsOneTemporary) {
    tensor<float> a({64, 64}, 1.f);
    const heap_traffic traffic = traffic_of([&] { a = a + loom::transpose(a); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
    EXPECT_EQ(a(0, 63), 2.f);
}

TEST(AliasingAllocations, OverlappingShiftCostsOneTemporary) {
    const index_t n = 1000;
    tensor<float> a({n}, 1.f);
    const heap_traffic traffic = traffic_of([&] { a(range(1, n)) = a(range(0, n - 1)) * 2.f; });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
}

TEST(AliasingAllocations, DisjointSlicesOfOneTensorAllocateNothing) {
    const index_t n = 1000;
    tensor<float> a({n}, 1.f);
    const heap_traffic traffic = traffic_of([&] { a(range(0, n / 2)) = a(range(n / 2, n)) * 2.f; });
    EXPECT_EQ(traffic.allocations, 0);
}

}  // namespace
