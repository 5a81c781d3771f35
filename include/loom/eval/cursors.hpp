#pragma once
// Cursors: how the loop engine reads an expression, one block of the inner
// loop at a time. An expression tree is mirrored by a tree of cursors:
// leaf_cursor for memory, scalar_cursor for a C++ scalar, node_cursor for a
// function of other cursors.
//
// Note [blocks and readers]: the engine walks the inner dimension in runs,
// one per outer index (or, in tiles, several, each over a range of inner
// indices: Note [tiling] in plan.hpp), cut into blocks of at most
// loop_plan::block_size elements. It calls start(inner_strides) once,
// start_run(offsets) before each run and load_block(start, count) before
// each block; then reader(start) gives a small value (pointers and scalars
// only) that the kernel copies into a local and calls as r(i) for i in
// [0, count): the compiler keeps its pointers in registers and vectorises
// the loop, whatever the tree. A leaf whose inner stride is 1 is read in place. One whose
// stride is 0 (broadcast) or anything else (a strided view) is copied into a
// buffer, so that the kernel always sees unit-stride pointers: a broadcast
// value is written into the buffer only when it is not the one already there
// (at most once per run), a strided leaf is gathered block by block.
//
// Note [stores between blocks]: a kernel that streams results to memory
// keeps the store queue full, so every store made between two blocks waits
// for a free slot and delays the next block. What is the same in every run
// is therefore stored once, in start; what changes per run, once per run, in
// start_run; load_block stores only into a buffer that must be (re)filled,
// and reader stores nothing.

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/eval/plan.hpp"

namespace loom {

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
    // Cursors are moved into their parents before any run starts: the
    // buffer holds nothing yet, so it is not copied.
    leaf_cursor(leaf_cursor&& other) noexcept : base_(other.base_), operand_(other.operand_) {}
    leaf_cursor(const leaf_cursor&) = delete;
    leaf_cursor& operator=(const leaf_cursor&) = delete;
    leaf_cursor& operator=(leaf_cursor&&) = delete;
    ~leaf_cursor() = default;

    void start(const index_t* inner_strides) { stride_ = inner_strides[operand_]; }

    void start_run(const index_t* offsets) { run_ = base_ + offsets[operand_]; }

    void load_block(index_t start, index_t count) {
        if (stride_ == 1) return;
        if (stride_ == 0 && run_ == filled_from_ && count <= filled_count_) return;
        fill_buffer(start, count);
    }

    leaf_reader<T> reader(index_t start) const { return {stride_ == 1 ? run_ + start : buffer_}; }

private:
    // The buffer's contents for this block: the broadcast value, or the
    // gathered elements.
    void fill_buffer(index_t start, index_t count) {
        if (stride_ == 0) {
            std::fill(buffer_, buffer_ + count, *run_);
            filled_from_ = run_;
            filled_count_ = count;
            return;
        }
        const T* first = run_ + start * stride_;
        for (index_t i = 0; i < count; ++i) buffer_[i] = first[i * stride_];
        filled_from_ = nullptr;
    }

    const T* base_;
    std::size_t operand_;
    index_t stride_ = 1;              // the inner stride, the same in every run
    const T* run_ = nullptr;          // the first element of the current run
    const T* filled_from_ = nullptr;  // the broadcast element the buffer repeats, if any
    index_t filled_count_ = 0;        // how many times
    alignas(64) T buffer_[loop_plan::block_size];
};

template <class T>
class scalar_cursor {
public:
    explicit scalar_cursor(T value) : value_(value) {}
    void start(const index_t*) {}
    void start_run(const index_t*) {}
    void load_block(index_t, index_t) {}
    scalar_reader<T> reader(index_t) const { return {value_}; }

private:
    T value_;
};

template <class F, class... Cursors>
class node_cursor {
public:
    explicit node_cursor(F function, Cursors&&... operands)
        : function_(function), operands_(std::move(operands)...) {}

    void start(const index_t* inner_strides) {
        std::apply([&](Cursors&... c) { (c.start(inner_strides), ...); }, operands_);
    }

    void start_run(const index_t* offsets) {
        std::apply([&](Cursors&... c) { (c.start_run(offsets), ...); }, operands_);
    }

    void load_block(index_t start, index_t count) {
        std::apply([&](Cursors&... c) { (c.load_block(start, count), ...); }, operands_);
    }

    auto reader(index_t start) const {
        return std::apply(
            [&](const Cursors&... c) {
                return node_reader<F, decltype(c.reader(start))...>{function_, {c.reader(start)...}};
            },
            operands_);
    }

private:
    F function_;
    std::tuple<Cursors...> operands_;
};

}  // namespace loom
