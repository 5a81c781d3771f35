#pragma once
// The heap allocation counter of the allocation tests. This binary replaces
// the global operator new and delete once, in test_allocations.cpp, which
// also defines the two counts below; every file of the binary measures with
// traffic_of.

#include "loom/core/small_blocks.hpp"

namespace loom::testing {

/// Calls of any form of the global operator new so far.
long allocation_count();
/// Calls of any form of the global operator delete (with a non-null pointer) so far.
long deallocation_count();
/// Bytes asked for by every call of operator new so far.
long allocated_bytes();

struct heap_traffic {
    long allocations;
    long deallocations;
    long bytes;  ///< asked for by the allocations
};

/// The allocations and deallocations made while `action` runs. The thread's
/// cache of small blocks (Note [small blocks] in loom/core/small_blocks.hpp)
/// is emptied before and after: a block it held before cannot stand in for
/// an allocation of `action`, and a block `action` gives back to it is
/// counted as freed. A block freed and taken again within `action` is
/// counted once.
template <class F>
heap_traffic traffic_of(F&& action) {
    loom::detail::empty_small_block_cache();
    const long allocated_before = allocation_count();
    const long freed_before = deallocation_count();
    const long bytes_before = allocated_bytes();
    action();
    loom::detail::empty_small_block_cache();
    return {allocation_count() - allocated_before, deallocation_count() - freed_before,
            allocated_bytes() - bytes_before};
}

}  // namespace loom::testing
