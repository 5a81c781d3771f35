#pragma once
// A cache, per thread, of the small blocks of memory that the buffers of
// small tensors live in.
//
// Note [small blocks]: making a small tensor costs more in the allocator
// than in the arithmetic: `tensor<float> z = a + b` on a (3, 4) result spent
// about 140 of its 720 instructions in operator new, malloc and free. Each
// thread keeps up to `slots` freed blocks of each size class (multiples of
// 64 bytes, up to 1 KiB), and a new buffer of that class takes one of them
// before it asks operator new. (NumPy keeps freed small buffers for reuse
// too, in one cache for the process.)
//
// The cache is plain thread-local memory with a trivial destructor: it
// needs no guard on access, and it stays valid for as long as the thread
// runs. Its blocks go back to operator delete when the thread ends, through
// a thread-local closer made when the thread first allocates a small block.
// A thread keeps blocks only once its closer exists, and none once the
// closer has run, so that a block freed at the end (a static tensor,
// destroyed after main's thread-local objects) goes straight to operator
// delete. Small blocks are rounded up to their class whether or not the
// cache is on, so that files built with and without it can share buffers.
// Under AddressSanitizer the cache is off, so that every use of a freed
// buffer is seen; `-DLOOM_CACHE_SMALL_BLOCKS=0` turns it off too (1 turns
// it on).

#include <cstddef>
#include <new>

#if !defined(LOOM_CACHE_SMALL_BLOCKS)
#if defined(__SANITIZE_ADDRESS__)
#define LOOM_CACHE_SMALL_BLOCKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LOOM_CACHE_SMALL_BLOCKS 0
#endif
#endif
#endif
#if !defined(LOOM_CACHE_SMALL_BLOCKS)
#define LOOM_CACHE_SMALL_BLOCKS 1
#endif

namespace loom::detail {

struct small_block_cache {
    static constexpr std::size_t class_bytes = 64;  // block sizes are multiples of it
    static constexpr std::size_t classes = 16;      // blocks of up to 1 KiB
    static constexpr unsigned char slots = 4;       // blocks kept per class

    // Where the thread is in the cache's life, one byte so that freeing a
    // block tests it once.
    enum : unsigned char {
        no_closer,  // the closer that empties the cache at the thread's end is not made yet
        keeping,    // the closer exists: blocks are kept
        closed,     // the closer has run: blocks go straight back
    };

    void* blocks[classes][slots];
    unsigned char count[classes];
    unsigned char state;
};

// Constant-initialised, trivially destructible (Note [small blocks]).
inline thread_local small_block_cache thread_blocks{};

/// Gives every block that this thread's cache holds back to operator delete.
inline void empty_small_block_cache() noexcept {
    small_block_cache& cache = thread_blocks;
    for (std::size_t size_class = 0; size_class < small_block_cache::classes; ++size_class) {
        while (cache.count[size_class] > 0) ::operator delete(cache.blocks[size_class][--cache.count[size_class]]);
    }
}

struct small_block_closer {
    ~small_block_closer() {
        empty_small_block_cache();
        thread_blocks.state = small_block_cache::closed;
    }
};

// Out of line: once per thread.
[[gnu::noinline]] inline void make_small_block_closer() {
    static thread_local small_block_closer closer;  // destroyed when the thread ends
    thread_blocks.state = small_block_cache::keeping;
}

// The size class of a block of `bytes` (1 or more); classes and above: a large block.
constexpr std::size_t size_class_of(std::size_t bytes) {
    return (bytes - 1) / small_block_cache::class_bytes;
}

/// The bytes of the block that allocate_block(bytes) returns: `bytes`,
/// rounded up to its size class when the block is small.
constexpr std::size_t block_bytes(std::size_t bytes) {
    const std::size_t size_class = size_class_of(bytes);
    return size_class < small_block_cache::classes ? (size_class + 1) * small_block_cache::class_bytes : bytes;
}

/// A block of block_bytes(bytes): from this thread's cache when it holds one
/// of that size class, else from operator new.
inline void* allocate_block(std::size_t bytes) {
    const std::size_t size_class = size_class_of(bytes);
    if (LOOM_CACHE_SMALL_BLOCKS && size_class < small_block_cache::classes) {
        small_block_cache& cache = thread_blocks;
        if (cache.count[size_class] > 0) return cache.blocks[size_class][--cache.count[size_class]];
        if (cache.state == small_block_cache::no_closer) make_small_block_closer();
    }
    return ::operator new(block_bytes(bytes));
}

/// Gives back a block that allocate_block(bytes) returned: to this thread's
/// cache while it keeps blocks and has room for this one, else to operator
/// delete.
inline void free_block(void* block, std::size_t bytes) noexcept {
    const std::size_t size_class = size_class_of(bytes);
    if (LOOM_CACHE_SMALL_BLOCKS && size_class < small_block_cache::classes) {
        small_block_cache& cache = thread_blocks;
        if (cache.state == small_block_cache::keeping && cache.count[size_class] < small_block_cache::slots) {
            cache.blocks[size_class][cache.count[size_class]++] = block;
            return;
        }
    }
    ::operator delete(block);
}

}  // namespace loom::detail
