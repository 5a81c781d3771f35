#pragma once
// Cursors: how the loop engine reads an expression, one block of the inner
// loop at a time. An expression tree is mirrored by a tree of cursors:
// leaf_cursor for memory, scalar_cursor for a C++ scalar, node_cursor for a
// function of other cursors.
//
// Note [blocks and readers]: before each block the engine calls
// start_block(offsets, inner_strides, count). A leaf whose inner stride is 1
// then reads its memory in place; one whose stride is 0 (broadcast) or
// anything else (a strided view) is copied into a small buffer first, so
// that the kernel always sees unit-stride pointers. Then reader() gives a
// small value (pointers and scalars only) that the kernel copies into a local
// and calls as r(i): the compiler keeps its pointers in registers and
// vectorises the loop, whatever the tree.

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <utility>

#include "loom/core/shape.hpp"

namespace loom {

inline constexpr index_t cursor_block_size = 256;

template <class T>
struct leaf_reader {
    const T* block;
    T operator()(index_t i) const { return block[i]; }
};

template <class T>
struct scalar_reader {
    T value;
    T operator()(index_t) const { return value; }
};

template <class F, class... Readers>
struct node_reader {
    F function;
    std::tuple<Readers...> operands;
    auto operator()(index_t i) const {
        return std::apply([&](const Readers&... r) { return function(r(i)...); }, operands);
    }
};

/// Reads an operand in memory: `base` with the strides the plan gave operand
/// `operand` (Note [blocks and readers]).
template <class T>
class leaf_cursor {
public:
    leaf_cursor(const T* base, std::size_t operand) : base_(base), operand_(operand) {}
    // Cursors are moved into their parents before any block starts: the
    // buffer holds nothing yet, so it is not copied.
    leaf_cursor(leaf_cursor&& other) noexcept : base_(other.base_), operand_(other.operand_) {}
    leaf_cursor(const leaf_cursor&) = delete;
    leaf_cursor& operator=(const leaf_cursor&) = delete;
    leaf_cursor& operator=(leaf_cursor&&) = delete;
    ~leaf_cursor() = default;

    void start_block(const index_t* offsets, const index_t* inner_strides, index_t count) {
        const index_t offset = offsets[operand_];
        const index_t stride = inner_strides[operand_];
        if (stride == 1) {
            block_ = base_ + offset;
        } else if (stride == 0) {
            // One value for the whole run: refill only when it changes.
            if (offset != filled_offset_ || count > filled_count_) {
                std::fill(buffer_, buffer_ + count, base_[offset]);
                filled_offset_ = offset;
                filled_count_ = count;
            }
            block_ = buffer_;
        } else {
            for (index_t i = 0; i < count; ++i) buffer_[i] = base_[offset + i * stride];
            filled_offset_ = -1;
            block_ = buffer_;
        }
    }

    leaf_reader<T> reader() const { return {block_}; }

private:
    const T* base_;
    std::size_t operand_;
    const T* block_ = nullptr;
    index_t filled_offset_ = -1;
    index_t filled_count_ = 0;
    T buffer_[cursor_block_size];
};

template <class T>
class scalar_cursor {
public:
    explicit scalar_cursor(T value) : value_(value) {}
    void start_block(const index_t*, const index_t*, index_t) {}
    scalar_reader<T> reader() const { return {value_}; }

private:
    T value_;
};

template <class F, class... Cursors>
class node_cursor {
public:
    explicit node_cursor(F function, Cursors&&... operands)
        : function_(function), operands_(std::move(operands)...) {}

    void start_block(const index_t* offsets, const index_t* inner_strides, index_t count) {
        std::apply([&](Cursors&... c) { (c.start_block(offsets, inner_strides, count), ...); }, operands_);
    }

    auto reader() const {
        return std::apply(
            [&](const Cursors&... c) {
                return node_reader<F, decltype(c.reader())...>{function_, {c.reader()...}};
            },
            operands_);
    }

private:
    F function_;
    std::tuple<Cursors...> operands_;
};

}  // namespace loom
