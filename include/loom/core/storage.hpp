#pragma once
// The memory of a tensor: one block, owned, with deep copies, 64-byte
// aligned (a cache line, and room for any SIMD width).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/lifetimes.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/small_blocks.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace loom {

/// Tag of the constructors that leave contents unspecified: the caller
/// writes every element before one is read.
struct uninitialized_t {
    explicit uninitialized_t() = default;
};
inline constexpr uninitialized_t uninitialized{};

template <class T>
class storage {
public:
    static constexpr std::size_t alignment = 64;

    storage() = default;
    /// `count` elements, left uninitialised: the caller writes them all.
    explicit storage(index_t count) : data_(allocate(count)), count_(count), life_(data_ != nullptr) {}
    storage(const storage& other) : storage(other.count_) { std::copy_n(other.data_, count_, data_); }
    storage(storage&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)),
          count_(std::exchange(other.count_, 0)),
          life_(std::move(other.life_)) {}
    storage& operator=(storage other) noexcept {
        swap(other);
        return *this;
    }
    ~storage() { release(); }

    void swap(storage& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(count_, other.count_);
        life_.swap(other.life_);
    }

    /// The bytes that storage of `count` elements asks the allocator for:
    /// the elements and room to align them by hand (allocate()), rounded up
    /// to a size class when the block is small (Note [small blocks]).
    static constexpr std::size_t allocation_bytes(index_t count) {
        return detail::block_bytes(static_cast<std::size_t>(count) * sizeof(T) + header + alignment);
    }

    T* data() { return data_; }
    const T* data() const { return data_; }
    index_t size() const { return count_; }

#if defined(LOOM_CHECK_LIFETIMES)
    /// The liveness token of the block, which views of it keep; none when there is no block
    /// (Note [checked lifetimes] in core/lifetimes.hpp; LOOM_CHECK_LIFETIMES only).
    detail::life_token block_token() const { return life_.token(); }
    /// True when this storage's block was moved to another (LOOM_CHECK_LIFETIMES only).
    bool moved_from() const { return life_.moved_from(); }
#endif

private:
    // The block from the allocator, kept just before the aligned elements.
    static constexpr std::size_t header = sizeof(void*);

    // Plain operator new, aligned by hand: the allocator serves small blocks
    // from its fast path, where the aligned operator new takes a slower one.
    // Small blocks come from the thread's cache first (Note [small blocks]).
    static T* allocate(index_t count) {
        if (count == 0) return nullptr;
        if (static_cast<std::size_t>(count) > (std::numeric_limits<std::size_t>::max() - header - alignment) / sizeof(T)) {
            throw std::length_error("cannot allocate " + std::to_string(count) + " elements of " +
                                    std::to_string(sizeof(T)) + " bytes: the size in bytes overflows; "
                                    "use smaller shapes");
        }
        const std::size_t bytes = allocation_bytes(count);
        std::byte* const block = static_cast<std::byte*>(detail::allocate_block(bytes));
        if (bytes >= huge_page_bytes) ask_for_huge_pages(block, bytes);
        const auto address = reinterpret_cast<std::uintptr_t>(block + header);
        std::byte* const first = block + header + (alignment - address % alignment) % alignment;
        std::memcpy(first - header, &block, header);
        // Element types are implicit-lifetime: the allocation creates them.
        return reinterpret_cast<T*>(first);
    }
    // Note [huge pages]: a large block is backed by 4 KiB pages, each
    // faulted in on its first write: filling a fresh 64 MiB result costs more
    // in page faults than in arithmetic. Asking Linux for transparent huge
    // pages (2 MiB) on the pages inside the block, as NumPy does, cuts the
    // faults by 512. Only a hint: the kernel may decline, and nothing else
    // changes.
    static constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;

    static void ask_for_huge_pages([[maybe_unused]] std::byte* block, [[maybe_unused]] std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        constexpr std::uintptr_t page = 4096;
        const auto begin = (reinterpret_cast<std::uintptr_t>(block) + page - 1) / page * page;
        const auto end = (reinterpret_cast<std::uintptr_t>(block) + bytes) / page * page;
        if (end > begin) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
    }

    void release() noexcept {
        if (data_ == nullptr) return;
        void* block = nullptr;
        std::memcpy(&block, reinterpret_cast<std::byte*>(data_) - header, header);
        detail::free_block(block, allocation_bytes(count_));
    }

    T* data_ = nullptr;
    index_t count_ = 0;
    [[no_unique_address]] detail::block_life life_;
};

}  // namespace loom
