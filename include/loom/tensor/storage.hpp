#pragma once
// The memory of a tensor: one 64-byte-aligned block (a cache line, and room
// for any SIMD width), owned, with deep copies.

#include <algorithm>
#include <cstddef>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/shape.hpp"

namespace loom {

template <class T>
class storage {
public:
    static constexpr std::align_val_t alignment{64};

    storage() = default;
    /// `count` elements, left uninitialised: the caller writes them all.
    explicit storage(index_t count) : data_(allocate(count)), count_(count) {}
    storage(const storage& other) : storage(other.count_) { std::copy_n(other.data_, count_, data_); }
    storage(storage&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
    storage& operator=(storage other) noexcept {
        swap(other);
        return *this;
    }
    ~storage() { release(); }

    void swap(storage& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(count_, other.count_);
    }

    T* data() { return data_; }
    const T* data() const { return data_; }
    index_t size() const { return count_; }

private:
    static T* allocate(index_t count) {
        if (count == 0) return nullptr;
        if (static_cast<std::size_t>(count) > std::numeric_limits<std::size_t>::max() / sizeof(T)) {
            throw std::length_error("cannot allocate " + std::to_string(count) + " elements of " +
                                    std::to_string(sizeof(T)) + " bytes: the size in bytes overflows; "
                                    "use smaller shapes");
        }
        // Element types are implicit-lifetime: the allocation creates them.
        return static_cast<T*>(::operator new(static_cast<std::size_t>(count) * sizeof(T), alignment));
    }
    void release() noexcept {
        if (data_ != nullptr) ::operator delete(data_, alignment);
    }

    T* data_ = nullptr;
    index_t count_ = 0;
};

}  // namespace loom
