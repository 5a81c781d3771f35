#pragma once
// Assignment: the one place that decides how a value reaches memory, for
// `tensor<T> t = e`, `t = e`, `v = e`, `t = 3` and `t op= e` alike.
//
// assign(destination, value, mode) decides, in this order: whether the
// destination may be written and keeps its shape (the in-place rule), or
// takes the value's shape in new memory; then evaluate_into stores the value:
//   a. a node that computes its value as a whole (Note [whole values])
//      writes straight into the destination;
//   b. the direct path, without a plan (Note [direct path] in direct.hpp);
//   c. the plan (build_plan.hpp), through a temporary when an operand
//      overlaps the destination under another mapping (Note [aliasing]),
//      run by the one loop with the unbuffered kernel when no leaf needs a
//      block buffer (unbuffered_kernel.hpp), else the store kernel.
//
// Note [whole values]: a node whose value is not computed element by
// element (a matrix product, a reduction) declares
// `write_to(D* data, const strided_layout& layout, bool fresh)`; a value
// that is such a node is handed the destination's memory and layout (whose
// shape its own broadcasts to), and whether that memory is fresh, so that
// it can write its result there with no temporary, and decide itself what
// its own operands' overlap with the destination needs. A whole value inside
// a larger expression is computed first (Note [computed once] in
// materialize.hpp).

#include <cstddef>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/storage.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/direct.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/eval/packed_tiles.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/unbuffered_kernel.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

namespace detail {

// Memory with a layout, read as an expression leaf: a temporary being copied back.
template <element T>
struct memory_operand {
    using value_type = T;
    static constexpr bool is_loom_expression = true;
    const T* first;
    const strided_layout& where;

    const shape_type& shape() const { return where.shape(); }
    const T* data() const { return first; }
    const strided_layout& layout() const { return where; }
};

// Runs `kernel` over units [first, last) of a tiled plan with its tile
// buffers, on the stack of this call alone (Note [packed tiles]), so that
// other plans do not reserve them.
template <std::size_t TileBytes, class Kernel>
[[gnu::noinline]] void run_packed(const loop_plan& plan, Kernel& kernel, index_t first, index_t last) {
    alignas(64) std::byte memory[TileBytes];
    packed_tiles tiles(plan, memory);
    kernel.use_tiles(&tiles);
    run_plan(plan, kernel, first, last);
}

// Step c of the recipe once the plan is finished: the unbuffered kernel
// when no leaf needs a block buffer (Note [unbuffered runs]), else the store
// kernel, its cursors and their block buffers (on the stack of the thread
// that runs them), run over the plan, a piece of it per thread when it is
// large.
template <element D, expression E>
void run_store(const loop_plan& plan, const E& value) {
    const bool parallel = element_count(plan.shape()) >= parallel_min_elements;
    if (const auto splat = plan.unbuffered_splat()) {
        parallel_for(outer_units(plan), parallel, [&](index_t first, index_t last) {
            run_unbuffered<D>(plan, value, *splat, first, last);
        });
        return;
    }
    parallel_for(outer_units(plan), parallel, [&](index_t first, index_t last) {
        alignas(64) std::byte memory[buffer_bytes<E> + block_buffers::bytes_for<D>()];
        block_buffers buffers(plan, memory);
        D* const scatter = buffers.take<D>(0);
        std::size_t next = 1;
        auto root = make_cursor(value, next, buffers);
        store_kernel<D, decltype(root)> kernel(std::move(root), plan.block_length(), scatter);
        if (plan.tiled()) run_packed<tile_bytes<E, D>>(plan, kernel, first, last);
        else run_plan(plan, kernel, first, last);
    });
}

}  // namespace detail

/// Stores `value` into the memory at `data`, laid out as `layout`, whose
/// shape the value's broadcasts to (the caller has checked it). `fresh`:
/// the memory was just allocated, so no operand can overlap it.
template <element D, expression E>
void evaluate_into(D* data, const strided_layout& layout, const E& value, bool fresh) {
    static_assert(check_node<E>);
    if constexpr (whole_value<E, D>) {
        value.write_to(data, layout, fresh);                          // a. Note [whole values]
    } else if constexpr (detail::nests_whole<E>()) {
        evaluate_into(data, layout, materialize(value), fresh);       //    Note [computed once]
    } else {
        if (run_direct(data, layout, value, fresh)) return;           // b. Note [direct path]
        loop_plan plan = map_operands(data, layout, value);           // c. steps 1-2: operands mapped, checked
        if (!fresh && plan.reads_destination_differently()) {         //    step 3: Note [aliasing]
            storage<D> temporary(layout.size());
            const strided_layout contiguous(layout.shape());
            evaluate_into(temporary.data(), contiguous, value, true);
            evaluate_into(data, layout, detail::memory_operand<D>{temporary.data(), contiguous}, false);
            return;
        }
        shape_loop(plan);                                             //    steps 4-6: drop, merge, tile
        detail::run_store<D>(plan, value);                            //    the one loop, storing
    }
}

/// Writes a whole value of `shape` and element type V (Note [whole values]),
/// the same way for every node that computes its own result:
/// `compute(data, layout, fresh)` writes the value into the memory at
/// `data` laid out as `layout` and returns true, or returns false, having
/// written nothing, where it cannot (an operand meets that memory, or the
/// layout does not suit it). The destination is offered first when its
/// element type and shape are the value's; otherwise, or when `compute`
/// declines, the value is computed into new memory (which `compute` always
/// takes) and stored from there.
template <element V, element D, class Compute>
void write_whole_value(D* data, const strided_layout& layout, const shape_type& shape, bool fresh,
                       const Compute& compute) {
    if constexpr (std::same_as<D, V>) {
        if (layout.shape() == shape && compute(data, layout, fresh)) return;
    }
    detail::computed_operand<V> result(shape);
    compute(result.data(), result.layout(), true);
    evaluate_into(data, layout, result, fresh);
}

/// How an assignment treats its destination.
namespace assignment {

/// The destination's memory was just allocated for the value, with its
/// shape: nothing to check, nothing can overlap (`tensor<T> t = e`).
struct fresh_t {};
/// The destination takes the value's shape, in new memory when it changes
/// (`t = e`, NumPy's rebinding).
struct rebind_t {};
/// The destination keeps its shape; the value must broadcast to it (`v = e`, `t = 3`).
struct write_t {};
/// The destination becomes function(destination, value), keeping its shape (`t op= e`).
template <class F>
struct compound {
    F function;
};

inline constexpr fresh_t fresh{};
inline constexpr rebind_t rebind{};
inline constexpr write_t write{};

}  // namespace assignment

/// What assign() writes into: a tensor or a view with writable elements.
template <class D>
concept assignment_target = requires(D& destination) {
    { destination.data() } -> std::same_as<typename D::value_type*>;
    { destination.layout() } -> std::same_as<const strided_layout&>;
    destination.check_writable();
};

/// The one assignment decision point (see the header comment). A failed
/// assignment leaves the destination exactly as it was: every check comes
/// before the first write, and a new shape is filled in new memory before
/// it replaces the old.
template <assignment_target Destination, expression E, class Mode>
void assign(Destination& destination, const E& value, Mode mode) {
    if constexpr (std::same_as<Mode, assignment::fresh_t>) {
        evaluate_into(destination.data(), destination.layout(), value, true);
    } else if constexpr (std::same_as<Mode, assignment::rebind_t>) {
        if (value.shape() == destination.shape()) {
            evaluate_into(destination.data(), destination.layout(), value, false);
            return;
        }
        Destination renewed(uninitialized, value.shape());
        evaluate_into(renewed.data(), renewed.layout(), value, true);
        destination.swap(renewed);
    } else {
        destination.check_writable();
        check_fits_destination(destination.shape(), value.shape());
        if constexpr (std::same_as<Mode, assignment::write_t>) {
            evaluate_into(destination.data(), destination.layout(), value, false);
        } else {
            evaluate_into(destination.data(), destination.layout(),
                          make_node(mode.function, std::as_const(destination), value), false);
        }
    }
}

/// The plan that evaluating `value` into a new contiguous tensor runs: print
/// it (io/print_plan.hpp) to see the merged shape, each operand's strides and
/// the path chosen. It is for reading: its destination has no memory, so it
/// cannot be run (map_operands and shape_loop make a plan that can).
/// Throws loom::broadcast_error for an operand given another shape since the expression was built
/// (Note [stale operands] in build_plan.hpp), as evaluating it would.
template <expression E>
loop_plan plan_of(const E& value) {
    using D = value_type_of<E>;
    loop_plan plan = map_operands(static_cast<const D*>(nullptr), strided_layout(value.shape()), value);
    shape_loop(plan);
    plan.describe_kernel(simd::batch_kernel_description<reader_of<E>, D>());
    return plan;
}

}  // namespace loom
