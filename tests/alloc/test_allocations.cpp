// Heap allocations of evaluation (docs/evaluation.md: assigning an expression
// runs one fused loop with no temporaries). This file replaces every form of the
// global operator new and delete, for the whole binary, with counting
// versions (read through allocation_counter.hpp), and measures windows of
// code that must allocate nothing, or exactly the result. GoogleTest's own
// allocations happen outside the counted windows.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <optional>

#include "allocation_counter.hpp"
#include "loom/loom.hpp"

namespace {

std::atomic<long> allocations{0};
std::atomic<long> deallocations{0};
std::atomic<long> bytes{0};

void* allocate(std::size_t size) {
    ++allocations;
    bytes += static_cast<long>(size);
    if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
    throw std::bad_alloc();
}

void* allocate(std::size_t size, std::align_val_t alignment) {
    ++allocations;
    bytes += static_cast<long>(size);
    const auto align = std::max(static_cast<std::size_t>(alignment), sizeof(void*));
    const std::size_t rounded = (size + align - 1) / align * align;  // aligned_alloc wants a multiple
    if (void* p = std::aligned_alloc(align, rounded == 0 ? align : rounded)) return p;
    throw std::bad_alloc();
}

void deallocate(void* p) noexcept {
    if (p == nullptr) return;
    ++deallocations;
    std::free(p);
}

}  // namespace

long loom::testing::allocation_count() { return allocations.load(); }
long loom::testing::deallocation_count() { return deallocations.load(); }
long loom::testing::allocated_bytes() { return bytes.load(); }

// ---- The replaceable global allocation functions, every form ----

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void* operator new(std::size_t size, std::align_val_t alignment) { return allocate(size, alignment); }
void* operator new[](std::size_t size, std::align_val_t alignment) { return allocate(size, alignment); }

void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return allocate(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    try {
        return allocate(size);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    try {
        return allocate(size, alignment);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    try {
        return allocate(size, alignment);
    } catch (const std::bad_alloc&) {
        return nullptr;
    }
}

void operator delete(void* p) noexcept { deallocate(p); }
void operator delete[](void* p) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { deallocate(p); }

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::heap_traffic;
using loom::testing::traffic_of;

// The OpenMP runtime allocates once, when the first parallel region starts
// (LLVM's through operator new): it is started here, before any test counts,
// so that the counts are the evaluations' own.
class StartedThreads : public ::testing::Environment {
public:
    void SetUp() override {
        tensor<float> large({2 * loom::parallel_min_elements}, 1.f);
        large += 1.f;
    }
};
const ::testing::Environment* const started_threads = ::testing::AddGlobalTestEnvironment(new StartedThreads);

// Keeps the optimiser from removing an allocation whose result is unused.
void* volatile sink = nullptr;

// ---- The counter itself ----

TEST(AllocationCounter, SeesEveryFormOfNewAndDelete) {
    const heap_traffic traffic = traffic_of([] {
        sink = ::operator new(8);
        ::operator delete(sink);
        sink = ::operator new[](8);
        ::operator delete[](sink);
        sink = ::operator new(8, std::align_val_t{64});
        ::operator delete(sink, std::align_val_t{64});
        sink = ::operator new[](8, std::align_val_t{64});
        ::operator delete[](sink, std::align_val_t{64});
        sink = ::operator new(8, std::nothrow);
        ::operator delete(sink, std::nothrow);
        sink = ::operator new[](8, std::nothrow);
        ::operator delete[](sink, std::nothrow);
        sink = ::operator new(8, std::align_val_t{64}, std::nothrow);
        ::operator delete(sink, std::align_val_t{64}, std::nothrow);
        sink = ::operator new[](8, std::align_val_t{64}, std::nothrow);
        ::operator delete[](sink, std::align_val_t{64}, std::nothrow);
        sink = ::operator new(8);
        ::operator delete(sink, 8);
        sink = ::operator new(8, std::align_val_t{64});
        ::operator delete(sink, 8, std::align_val_t{64});
    });
    EXPECT_EQ(traffic.allocations, 10);
    EXPECT_EQ(traffic.deallocations, 10);
}

TEST(AllocationCounter, AlignedNewHonoursTheAlignment) {
    void* p = ::operator new(100, std::align_val_t{64});
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 64, 0u);
    ::operator delete(p, std::align_val_t{64});
}

TEST(AllocationCounter, SeesATensorsBuffer) {
    const heap_traffic traffic = traffic_of([] { const tensor<float> t({3, 4}); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
}

// ---- Evaluation allocates nothing but the result ----

/// Operands of a ten-operation expression whose shapes broadcast to (64, 16, 32).
struct broadcast_operands {
    tensor<float> a = filled({64, 1, 32}, 1.5f);
    tensor<float> b = filled({1, 16, 32}, 2.f);
    tensor<float> c = filled({32}, 3.f);
    tensor<float> d = filled({64, 16, 1}, 4.f);
    tensor<float> e = filled({16, 32}, 1.f);
    tensor<float> f = filled({64, 1, 1}, 0.25f);

    static tensor<float> filled(const shape_type& shape, float value) { return tensor<float>(shape, value); }

    /// Ten operations; the node refers to the operands above and owns its scalars.
    auto ten_operations() const { return ((a + b) * c - d) / (e + 1.f) + loom::maximum(f, 0.5f) * 2.f - a * b; }

    // ((1.5 + 2) * 3 - 4) / (1 + 1) + max(0.25, 0.5) * 2 - 1.5 * 2 == 3.25 + 1 - 3 == 1.25
    static constexpr float expected = 1.25f;
};

TEST(Allocations, TenOperationBroadcastExpressionIntoATensorOfItsShapeAllocatesNothing) {
    const broadcast_operands o;
    tensor<float> r({64, 16, 32});
    const heap_traffic traffic = traffic_of([&] { r = o.ten_operations(); });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(traffic.deallocations, 0);
    EXPECT_EQ(r.shape(), (shape_type{64, 16, 32}));
    EXPECT_EQ(r(0, 0, 0), broadcast_operands::expected);
    EXPECT_EQ(r(-1, -1, -1), broadcast_operands::expected);
}

TEST(Allocations, BuildingAnExpressionAllocatesNothing) {
    const broadcast_operands o;
    const heap_traffic traffic = traffic_of([&] {
        const auto e = o.ten_operations();
        EXPECT_EQ(e.shape().size(), 3u);
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(Allocations, ConstructingFromAnExpressionAllocatesOnlyTheResult) {
    const broadcast_operands o;
    std::optional<tensor<float>> r;
    const heap_traffic traffic = traffic_of([&] { r.emplace(o.ten_operations()); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 0);
    EXPECT_EQ((*r)(5, 6, 7), broadcast_operands::expected);
}

TEST(Allocations, AssigningAnExpressionOfAnotherShapeReplacesTheBufferOnce) {
    const broadcast_operands o;
    tensor<float> r({2, 2});
    const heap_traffic traffic = traffic_of([&] { r = o.ten_operations(); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
    EXPECT_EQ(r.shape(), (shape_type{64, 16, 32}));
}

TEST(Allocations, CompoundAssignmentAllocatesNothing) {
    const broadcast_operands o;
    tensor<float> r({64, 16, 32}, 1.f);
    const heap_traffic traffic = traffic_of([&] { r += o.ten_operations(); });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(3, 2, 1), 1.f + broadcast_operands::expected);
}

TEST(Allocations, DestinationReadAsItsOwnOperandAllocatesNothing) {
    const broadcast_operands o;
    tensor<float> r({64, 16, 32}, 1.f);
    const heap_traffic traffic = traffic_of([&] { r = r * 2.f + o.a * o.b - r; });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(0, 0, 0), 1.f + 3.f);
}

TEST(Allocations, ContiguousExpressionAllocatesNothing) {
    const tensor<double> a({1000}, 2.0), b({1000}, 3.0);
    tensor<double> r({1000});
    const heap_traffic traffic = traffic_of([&] { r = loom::sqrt(a * b + 3.0) / (a - b); });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(999), -3.0);
}

TEST(Allocations, ScalarTensorAndEmptyTensorEvaluationsAllocateNothing) {
    const tensor<int> s(shape_type{}, 3), empty({0, 5});
    tensor<int> r0(shape_type{}), r_empty({0, 5});
    const heap_traffic traffic = traffic_of([&] {
        r0 = s * s + 1;
        r_empty = empty + s;
    });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r0(), 10);
}

TEST(Allocations, PdpdExpressionAllocatesNothing) {
    const tensor<float> a({2, 3, 4, 5}, 1.f), b({3, 4}, 2.f);
    tensor<float> r({2, 3, 4, 5});
    const heap_traffic traffic = traffic_of([&] { r = loom::add(a, b, loom::broadcast::pdpd(1)) * 2.f; });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(1, 2, 3, 4), 6.f);
}

// ---- Shapes of rank up to 8 live inline ----

TEST(Allocations, ShapesUpToRank8DoNotAllocate) {
    const heap_traffic traffic = traffic_of([] {
        for (std::size_t rank = 0; rank <= loom::inline_rank; ++rank) {
            shape_type shape(rank, 2);
            const shape_type copy = shape;
            shape = copy;
            const shape_type broadcast = loom::broadcast_shapes(shape, shape_type(rank, 1));
            const loom::strides_type strides = loom::row_major_strides(broadcast);
            EXPECT_EQ(loom::element_count(broadcast), index_t(1) << rank);
            EXPECT_EQ(strides.size(), rank);
        }
    });
    EXPECT_EQ(traffic.allocations, 0);
}

TEST(Allocations, Rank9ShapeAllocates) {
    // The counter's view of the inline limit: one rank past it goes to the heap.
    const heap_traffic traffic = traffic_of([] { const shape_type shape(loom::inline_rank + 1, 2); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
}

TEST(Allocations, Rank8TensorAllocatesOnlyItsBuffer) {
    const heap_traffic traffic = traffic_of([] {
        const tensor<float> t({2, 1, 2, 1, 2, 1, 2, 1}, 1.f);
        const tensor<float> copy = t;
    });
    EXPECT_EQ(traffic.allocations, 2);
}

TEST(Allocations, Rank8BroadcastEvaluationAllocatesNothing) {
    const tensor<float> a({2, 1, 3, 1, 2, 1, 3, 1}, 1.f), b({1, 2, 1, 3, 1, 2, 1, 3}, 2.f);
    tensor<float> r({2, 2, 3, 3, 2, 2, 3, 3});
    const heap_traffic traffic = traffic_of([&] { r = a * b + a - b; });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(1, 1, 2, 2, 1, 1, 2, 2), 1.f);
}

}  // namespace
