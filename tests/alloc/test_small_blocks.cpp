// The thread's cache of small blocks (Note [small blocks] in
// loom/core/small_blocks.hpp): a small buffer freed and made again comes
// from the cache, a large one does not, and every block goes back to
// operator delete when its thread ends, including a block freed after the
// cache has been emptied at the thread's end.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "allocation_counter.hpp"
#include "loom/loom.hpp"

namespace {

using loom::tensor;
using loom::testing::deallocation_count;
using loom::testing::heap_traffic;
using loom::testing::traffic_of;

#define SKIP_WITHOUT_THE_CACHE() \
    if (!LOOM_CACHE_SMALL_BLOCKS) GTEST_SKIP() << "the cache of small blocks is off in this build"

TEST(SmallBlocks, ASmallBufferFreedAndMadeAgainComesFromTheCache) {
    SKIP_WITHOUT_THE_CACHE();
    std::uintptr_t first = 0, second = 0;  // addresses, compared once both are freed
    const heap_traffic traffic = traffic_of([&] {
        {
            const tensor<float> t({3, 4}, 1.f);
            first = reinterpret_cast<std::uintptr_t>(t.data());
        }
        const tensor<float> u({4, 3}, 2.f);  // another shape, the same size class
        second = reinterpret_cast<std::uintptr_t>(u.data());
        EXPECT_EQ(u(3, 2), 2.f);
    });
    EXPECT_EQ(first, second);
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.deallocations, 1);
}

TEST(SmallBlocks, ABufferOfAnotherSizeClassIsNotTakenFromIt) {
    SKIP_WITHOUT_THE_CACHE();
    const heap_traffic traffic = traffic_of([] {
        { const tensor<float> t({3, 4}); }
        const tensor<float> u({100});  // 400 bytes: a larger class
    });
    EXPECT_EQ(traffic.allocations, 2);
    EXPECT_EQ(traffic.deallocations, 2);
}

TEST(SmallBlocks, ALargeBufferBypassesTheCache) {
    const heap_traffic traffic = traffic_of([] {
        for (int i = 0; i < 3; ++i) const tensor<double> t({1000}, 1.0);
    });
    EXPECT_EQ(traffic.allocations, 3);
    EXPECT_EQ(traffic.deallocations, 3);
}

TEST(SmallBlocks, TheCacheKeepsAFewBlocksPerClassAndFreesTheRest) {
    SKIP_WITHOUT_THE_CACHE();
    loom::detail::empty_small_block_cache();
    const long freed_before = deallocation_count();
    constexpr long kept = loom::detail::small_block_cache::slots;
    {
        std::vector<tensor<float>> many;
        many.reserve(10);
        for (int i = 0; i < 10; ++i) many.emplace_back(loom::shape_type{3, 4});
    }
    // The vector's buffer, and the tensors' blocks beyond those kept.
    EXPECT_EQ(deallocation_count() - freed_before, 1 + 10 - kept);
    loom::detail::empty_small_block_cache();
    EXPECT_EQ(deallocation_count() - freed_before, 1 + 10);
}

TEST(SmallBlocks, AThreadsBlocksGoBackWhenItEnds) {
    const heap_traffic traffic = traffic_of([] {
        std::thread worker([] {
            // Made before the cache's closer (the thread's first small
            // block makes it), so destroyed after it: the tensor's block is
            // freed once the closer has run, straight to operator delete.
            thread_local std::optional<tensor<float>> kept;
            kept.emplace(loom::shape_type{2, 2}, 1.f);
            EXPECT_EQ((*kept)(1, 1), 1.f);
            const tensor<float> passing({3, 4}, 2.f);  // in the cache when the thread ends
        });
        worker.join();
    });
    EXPECT_EQ(traffic.allocations, traffic.deallocations);
}

TEST(SmallBlocks, AThreadThatMadeNoSmallBlockKeepsNone) {
    // Its cache would have no closer to empty it when the thread ends.
    std::optional<tensor<float>> made(std::in_place, loom::shape_type{3, 4}, 1.f);
    const heap_traffic traffic = traffic_of([&] {
        std::thread worker([&] { made.reset(); });
        worker.join();
    });
    EXPECT_EQ(traffic.deallocations, traffic.allocations + 1);  // the thread's own state, and the block
}

}  // namespace
