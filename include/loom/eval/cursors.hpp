#pragma once
// Cursors: the reading state of a reduction's kernel (reduce/), how it
// reads an expression one block of a run at a time. An expression tree is mirrored by a tree of
// cursors: leaf_cursor for memory, scalar_cursor for a C++ scalar,
// node_cursor for a function of other cursors. make_cursor builds one from
// a finished plan; it can be built as often as needed (one per thread), and
// registers nothing.
//
// Note [blocks and readers]: the loop hands a kernel runs of the inner
// dimension: each operand's address at the run's start, the inner strides
// and a count. A reduction's kernel cuts a run into blocks of at most
// loop_plan::block_size elements. It calls start_run(data, strides) once
// per run and load_block(start, count) before each block; then
// reader(start) gives a small value (pointers and scalars only) that the
// kernel copies into a local and calls as r(i) for i in [0, count): the
// compiler keeps its pointers in registers and vectorises the loop,
// whatever the tree. A leaf whose inner stride is 1 is read in place. One
// whose stride is 0 (broadcast) or anything else (a strided view) is copied
// into a block buffer, so that the kernel always sees unit-stride pointers:
// a broadcast value is written into the buffer only when it is not the one
// already there (at most once per run), a strided leaf is gathered block by
// block. Only such leaves get a buffer (block_buffers).
//
// Note [stores between blocks]: a kernel that streams results to memory
// keeps the store queue full, so every store made between two blocks waits
// for a free slot and delays the next block. What changes per run is
// therefore stored once per run, in start_run; load_block stores only into
// a buffer that must be (re)filled, and reader stores nothing.

#include <algorithm>
#include <cstddef>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/shape.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/readers.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

/// Reads operand `operand` of the plan (Note [blocks and readers]).
template <class T>
class leaf_cursor {
public:
    /// `buffer` holds a block for a leaf not read in place; null otherwise.
    leaf_cursor(std::size_t operand, T* buffer) : operand_(operand), buffer_(buffer) {}

    void start_run(const std::byte* const* data, const index_t* strides) {
        run_ = reinterpret_cast<const T*>(data[operand_]);
        stride_ = strides[operand_];
    }

    void load_block(index_t start, index_t count) {
        if (stride_ == 1) return;
        if (stride_ == 0) {
            if (run_ == filled_from_ && count <= filled_count_) return;
            std::fill(buffer_, buffer_ + count, *run_);
            filled_from_ = run_;
            filled_count_ = count;
            return;
        }
        const T* first = run_ + start * stride_;
        for (index_t i = 0; i < count; ++i) buffer_[i] = first[i * stride_];
    }

    leaf_reader<T> reader(index_t start) const { return {stride_ == 1 ? run_ + start : buffer_}; }

private:
    std::size_t operand_;
    T* buffer_;
    const T* run_ = nullptr;          // the first element of the current run
    index_t stride_ = 1;              // the inner stride
    const T* filled_from_ = nullptr;  // the broadcast element the buffer repeats, if any
    index_t filled_count_ = 0;        // how many times
};

template <class T>
class scalar_cursor {
public:
    explicit scalar_cursor(T value) : value_(value) {}
    void start_run(const std::byte* const*, const index_t*) {}
    void load_block(index_t, index_t) {}
    scalar_reader<T> reader(index_t) const { return {value_}; }

private:
    T value_;
};

template <class F, class... Cursors>
class node_cursor {
public:
    explicit node_cursor(F function, Cursors&&... operands)
        : function_(function), operands_{{std::move(operands)}...} {}

    void start_run(const std::byte* const* data, const index_t* strides) {
        detail::apply_elements([&](Cursors&... c) { (c.start_run(data, strides), ...); }, operands_);
    }

    void load_block(index_t start, index_t count) {
        detail::apply_elements([&](Cursors&... c) { (c.load_block(start, count), ...); }, operands_);
    }

    auto reader(index_t start) const {
        return detail::apply_elements(
            [&](const Cursors&... c) {
                return node_reader<F, decltype(c.reader(start))...>{function_, {{c.reader(start)}...}};
            },
            operands_);
    }

private:
    F function_;
    detail::element_pack<Cursors...> operands_;
};

/// Block buffers for the leaves a plan does not read in place, carved out of
/// memory the caller provides (on its stack: evaluation allocates nothing).
class block_buffers {
public:
    /// No leaf needs a buffer: every inner stride is 1.
    block_buffers() = default;
    block_buffers(const loop_plan& plan, std::byte* memory) : plan_(&plan), next_(memory) {}

    /// The buffer of operand k, or null when it is read in place.
    template <class T>
    T* take(std::size_t k) {
        if (plan_ == nullptr || plan_->inner_stride(k) == 1) return nullptr;
        T* buffer = reinterpret_cast<T*>(next_);
        next_ += bytes_for<T>();
        return buffer;
    }

    /// The memory one block of T takes, kept 64-byte aligned.
    template <class T>
    static constexpr std::size_t bytes_for() {
        return (sizeof(T) * loop_plan::block_size + 63) / 64 * 64;
    }

private:
    const loop_plan* plan_ = nullptr;
    std::byte* next_ = nullptr;
};

namespace detail {
template <class Leaf>
struct leaf_block_bytes : std::integral_constant<std::size_t, block_buffers::bytes_for<value_type_of<Leaf>>()> {};
}  // namespace detail

/// The memory block_buffers may take for the leaves of E.
template <class E>
inline constexpr std::size_t buffer_bytes = sum_over_leaves<E, detail::leaf_block_bytes>();

/// The cursor tree of `value`; its leaves take operand numbers from `next`
/// on, in tree order (the order map_operands registered them), through the
/// roles of Note [node protocol].
template <class E>
auto make_cursor(const E& value, std::size_t& next, block_buffers& buffers) {
    if constexpr (memory_leaf<E>) {
        using T = value_type_of<E>;
        const std::size_t k = next++;
        return leaf_cursor<T>(k, buffers.take<T>(k));
    } else if constexpr (constant_expression<E>) {
        return scalar_cursor<value_type_of<E>>(value.value());
    } else if constexpr (elementwise_expression<E>) {
        // Braced initialisation runs left to right: leaves are numbered in tree order.
        return detail::apply_elements(
            [&](const auto&... o) {
                using F = std::remove_cvref_t<decltype(value.function())>;
                return node_cursor<F, decltype(make_cursor(o, next, buffers))...>{value.function(),
                                                                                   make_cursor(o, next, buffers)...};
            },
            value.operands());
    } else if constexpr (placed_expression<E>) {
        return make_cursor(value.operand(), next, buffers);
    } else if constexpr (whole_value<E>) {
        static_assert(dependent_false<E>, "a whole value is computed before its expression is read: materialize it");
    } else {
        static_assert(check_node<E>);
    }
}

}  // namespace loom
