#pragma once
// choose_path: the one place that decides how an element-wise value is
// stored, and with what (the numbers it decides by are in thresholds.hpp).
//
// Note [choosing a path]: for a value that is not, and does not nest, a
// whole value (those are decided by their node type alone, assign.hpp),
// choose_path decides, in this order:
//   1. nothing, when the destination is contiguous and empty;
//   2. the direct path (Note [direct path] in direct.hpp), when the
//      destination is contiguous and direct_run accepts the leaves (none
//      placed: a view that moves its operand's dimensions) and their layouts
//      (their runs at least min_direct_run long unless the array has at
//      most direct_small_size elements); with streaming stores when its
//      result is one run into existing memory larger than the streaming
//      threshold and the kernel evaluates it in SIMD batches of exact
//      functions (Note [streaming stores]), and on threads_for(units)
//      threads when it has parallel_min_elements elements or more;
//   3. a temporary, when the destination is not fresh and the plan finds an
//      operand that shares its memory under another index mapping (Note
//      [aliasing] in plan.hpp): the value is stored into new memory by a
//      path chosen for it, then copied;
//   4. the plan, finished (dropped, merged, tiled), run by the unbuffered
//      kernel when no operand needs a block buffer (Note [unbuffered runs]),
//      else by the store kernel; on threads_for(outer units) threads when it
//      has parallel_min_elements elements or more.
// evaluate_into runs what it chose; path_of reports it (assign.hpp); the
// path trace (path_trace.hpp) lets tests check that the two agree.

#include <cstddef>
#include <optional>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/direct.hpp"
#include "loom/eval/expression_kernel.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// What choose_path decided for a value: the path, its threads, and what
/// running it needs (the direct path's leaves and run, or the finished plan).
struct chosen_path {
    /// The path (never whole_value: that is decided by the type).
    path_kind kind = path_kind::nothing;
    /// The threads it runs on.
    int threads = 1;
    /// The value's leaves (Note [leaf table] in leaves.hpp).
    leaf_table leaves;
    /// The direct path's run: the elements stored per run.
    index_t run = 0;
    /// Whether the direct path streams its stores.
    bool streams = false;
    /// The finished plan, for the unbuffered and store kernels.
    std::optional<loop_plan> plan;
};

namespace detail {

// Steps 1 and 2 of Note [choosing a path] into `path`, whose leaves are the
// value's, for the row-major memory at `data` laid out as `layout`, with
// elements of `element_bytes`, streaming its stores only if `may_stream`:
// true when they decide, false when the plan must.
inline bool choose_direct_path(chosen_path& path, const std::byte* data, const strided_layout& layout,
                               index_t element_bytes, bool fresh, bool may_stream) {
    const index_t count = layout.size();
    if (count == 0) return true;
    path.run = direct_run(data, layout, element_bytes, path.leaves.entries, fresh);
    if (path.run == 0) return false;
    path.kind = path_kind::direct;
    if (count >= parallel_min_elements) {
        path.streams = may_stream && path.run == count && !fresh &&
                       streams_into(data, element_bytes, count, path.leaves.entries);
        path.threads = threads_for(count / direct_unit(path.run, count));
    }
    return true;
}

// Steps 3 and 4 of Note [choosing a path] into `path`, whose leaves are the
// value's, for the memory at `data` laid out as `layout`, with elements of
// `element_bytes` of the type NumPy names `type`.
[[gnu::noinline]] inline void choose_plan_path(chosen_path& path, const std::byte* data, index_t element_bytes,
                                               const char* type, const strided_layout& layout, bool fresh) {
    loop_plan& plan = path.plan.emplace(map_operands(data, element_bytes, type, layout, path.leaves));
    if (!fresh && plan.reads_destination_differently()) {
        path.kind = path_kind::through_temporary;
        path.plan.reset();
        return;
    }
    shape_loop(plan);
    path.kind = plan.unbuffered_splat() ? path_kind::unbuffered : path_kind::store_kernel;
    path.threads = threads_for(outer_units(plan), element_count(plan.shape()) >= parallel_min_elements);
}

}  // namespace detail

/// Note [choosing a path] into `path`, whose leaves are the value's (Note
/// [leaf table] in leaves.hpp), for the memory at `data` laid out as
/// `layout` (whose shape the value's broadcasts to), with elements of
/// `element_bytes` of the type NumPy names `type`, streaming its stores
/// only if `may_stream` (streams_from_registers). `fresh`: the memory was
/// just allocated, so no operand can overlap it. Throws what mapping the
/// operands throws (Note [stale operands] in build_plan.hpp). Always
/// inlined: a call costs the direct path of `(3, 4) + (4,)` 45 of its 450
/// instructions; the plan's steps are compiled once for every expression.
[[gnu::always_inline]] inline void choose_path_for(chosen_path& path, const std::byte* data, index_t element_bytes,
                                                   const char* type, const strided_layout& layout, bool fresh,
                                                   bool may_stream) {
    if (layout.is_row_major() && detail::choose_direct_path(path, data, layout, element_bytes, fresh, may_stream)) {
        return;
    }
    detail::choose_plan_path(path, data, element_bytes, type, layout, fresh);
}

/// The path that stores `value` into the memory at `data`, laid out as
/// `layout`, by choose_path_for. Only the walk over the value's leaves is
/// compiled per expression (Note [one kernel per expression] in
/// expression_kernel.hpp).
template <element D, expression E>
chosen_path choose_path(const D* data, const strided_layout& layout, const E& value, bool fresh) {
    chosen_path path;
    gather_leaves(path.leaves, value);
    choose_path_for(path, reinterpret_cast<const std::byte*>(data), sizeof(D), type_name<D>(), layout, fresh,
                    streams_from_registers<E, D>);
    return path;
}

}  // namespace loom
