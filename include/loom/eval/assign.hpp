#pragma once
// Assignment: the one place that decides how a value reaches memory, for
// `tensor<T> t = e`, `t = e`, `v = e`, `t = 3` and `t op= e` alike.
//
// assign(destination, value, mode) decides whether the destination may be
// written and keeps its shape (the in-place rule), or takes the value's
// shape in new memory; then evaluate_into stores the value:
//   a. a node that computes its value as a whole (Note [whole values])
//      writes straight into the destination;
//   b. whole values nested in the value are computed first (Note [computed
//      once] in materialize.hpp), and the rest is stored as in c;
//   c. choose_path picks the path of an element-wise value (Note [choosing
//      a path] in choose_path.hpp): the direct path, a temporary, or the
//      plan run by the unbuffered or the store kernel; run_path runs it
//      with the expression's kernels, the one part of the path compiled
//      per expression (Note [one kernel per expression] in
//      expression_kernel.hpp).
// path_of reports the path, by the same decisions, without running it.
// Before a to c, a value of fixed shape or rank takes the static or ranked
// path (Note [static path], Note [ranked path] in static_assign.hpp), and a
// value of tensors of the destination's shape one run (Note [one run]).
//
// Note [whole values]: a node whose value is not computed element by
// element (a matrix product, a reduction) declares
// `write_to(D* data, const strided_layout& layout, bool fresh)`; a value
// that is such a node is handed the destination's memory and layout (whose
// shape its own broadcasts to), and whether that memory is fresh, so that
// it can write its result there with no temporary, and decide itself what
// its own operands' overlap with the destination needs. A whole value inside
// a larger expression is computed first (Note [computed once] in
// materialize.hpp). A node may also declare `path_to(data, layout, fresh)`
// (reporting_whole_value): what write_to would do there, for path_of, by the
// functions write_to runs by (a reduction's plan and schedule, a product's
// GEMM), computing nothing; whole_value_memory decides for both where the
// value is computed.

#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/broadcast.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/storage.hpp"
#include "loom/eval/choose_path.hpp"
#include "loom/eval/direct.hpp"
#include "loom/eval/expression_kernel.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/eval/packed_tiles.hpp"
#include "loom/eval/path_report.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/static_assign.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/eval/transpose_copy.hpp"
#include "loom/eval/whole_value_path.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

namespace detail {

// Memory with a layout, read as an expression leaf: a mean's sums, divided where they are.
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

// Runs the store kernel over units [first, last) of `plan`, with its
// block buffers and, in a tiled plan, its tile buffers on the stack of this
// call alone (Note [packed tiles]), so that other paths do not reserve them.
[[gnu::noinline]] inline void run_buffered(const loop_plan& plan, kernel_ref block, index_t first, index_t last) {
    alignas(64) std::byte memory[store_kernel::memory_bytes];
    store_kernel kernel(plan, block, memory);
    if (!plan.tiled()) {
        run_plan(plan, kernel, first, last);
        return;
    }
    alignas(64) std::byte tile_memory[packed_tiles::max_bytes];
    packed_tiles tiles(plan, tile_memory);
    kernel.use_tiles(&tiles);
    run_plan(plan, kernel, first, last);
}

// The plan's path, once choose_path has finished the plan: the expression's
// kernel over the plan's runs when no leaf needs a block buffer (Note
// [unbuffered runs] in expression_kernel.hpp), else the store kernel over
// them (Note [buffered runs] in store_kernel.hpp), on `threads` threads.
// Compiled once for every expression.
[[gnu::noinline]] inline void run_planned(const loop_plan& plan, int threads, const kernel_set& kernels) {
    if (const auto splat = plan.unbuffered_splat()) {
        const kernel_ref kernel = kernels.for_splat(*splat);
        parallel_for(outer_units(plan), threads, [&](index_t first, index_t last) { run_plan(plan, kernel, first, last); });
        return;
    }
    parallel_for(outer_units(plan), threads,
                 [&](index_t first, index_t last) { run_buffered(plan, kernels.in_place, first, last); });
}

// Runs the path `path` chose into the memory at `data`, of elements of
// `element_bytes` of the type NumPy names `type`, laid out as `layout`, with
// an expression's kernels; through a temporary (Note [aliasing]), the value
// is stored into new memory by the path chosen for it there, then copied.
// Compiled once for every expression.
[[gnu::noinline]] inline void run_chosen(std::byte* data, index_t element_bytes, const char* type,
                                         const strided_layout& layout, const chosen_path& path,
                                         const kernel_set& kernels) {
    record_path(path.kind);  // Note [path trace]
    switch (path.kind) {
    case path_kind::direct:
        run_direct(data, element_bytes, path.leaves.entries, path.run, layout.size(), path.threads, path.streams,
                   kernels.in_place);
        return;
    case path_kind::unbuffered:
    case path_kind::store_kernel:
        run_planned(*path.plan, path.threads, kernels);
        return;
    case path_kind::through_temporary: {
        const std::optional<index_t> bytes = checked_mul(layout.size(), element_bytes);
        if (!bytes) {
            throw std::length_error("cannot allocate the temporary of a value of shape " + to_string(layout.shape()) +
                                    ": its size in bytes overflows; store the value into memory it does not share");
        }
        storage<std::byte> temporary(*bytes);
        const strided_layout contiguous(layout.shape());
        chosen_path into_temporary;
        into_temporary.leaves = path.leaves;
        choose_path_for(into_temporary, temporary.data(), element_bytes, type, contiguous, true, kernels.streams);
        run_chosen(temporary.data(), element_bytes, type, contiguous, into_temporary, kernels);
        copy_into_layout(temporary.data(), data, layout, element_bytes);  // a byte copy
        return;
    }
    case path_kind::nothing:
    case path_kind::whole_value:  // never chosen here: evaluate_into takes them before
    case path_kind::static_shape:
    case path_kind::ranked:
        return;
    }
}

}  // namespace detail

/// Stores `value` into the memory at `data`, laid out as `layout`, whose
/// shape the value's broadcasts to (the caller has checked it). `fresh`:
/// the memory was just allocated, so no operand can overlap it.
template <element D, expression E>
void evaluate_into(D* data, const strided_layout& layout, const E& value, bool fresh);

namespace detail {

// Note [one run]: the direct path's commonest case (Note [direct path] in
// direct.hpp), a value of tensors of one shape (`z = a * b + c - d`) into
// row-major memory of that shape, taken before choose_path: when every leaf
// is row-major with the destination's shape, and the destination has fewer
// than parallel_min_elements elements (one thread, no streaming stores),
// the value is stored by one store_block, element i of every leaf read at
// i, with no leaf gathered and no run computed: about 80 of the 840
// instructions of `z = a * b + c - d` into (8, 8) float32, for a compare per
// leaf (about 6 instructions) where a leaf has another element count
// (`m + row`), which is tested first, inline. Its checks are the direct
// path's: a leaf that meets the destination must be the destination itself
// (the same first element and element type), else the value goes the usual
// way. A leaf given another shape since the expression was built (Note
// [stale operands] in build_plan.hpp) goes the usual way too, which
// refuses it: one that does not have the destination's shape, or has more
// dimensions than the node reading it (`x + y` of shape [4] inside
// `(x + y) * m` of shape [3, 4], x and y since given m's shape). The path
// trace records the direct path, which choose_path picks for such a value.

// True when `E` is made of leaves in memory, constants and element-wise
// nodes only, with no placement: what flat_reader reads.
template <class E>
constexpr bool one_run_kind() {
    if constexpr (memory_leaf<E> || constant_expression<E>) {
        return true;
    } else if constexpr (elementwise_expression<E> && !has_placement<E>()) {
        return over_children<E>([]<class... C>() { return (one_run_kind<C>() && ...); });
    } else {
        return false;
    }
}

// True when every leaf of `value` has `count` elements: the first test of
// Note [one run], inlined, which most values that are not for it fail (a
// row beside a matrix), at a compare per leaf.
template <class E>
bool leaves_have_count(index_t count, const E& value) {
    if constexpr (memory_leaf<E>) {
        return value.layout().size() == count;
    } else if constexpr (constant_expression<E>) {
        return true;
    } else {
        return detail::apply_elements(
            [&](const auto&... operands) { return (leaves_have_count(count, operands) && ...); },
            value.operands());
    }
}

// True when every leaf of `value` is row-major with the shape of `layout`,
// and of no more dimensions than the node of `reader_rank` reading it (a
// leaf of more changed shape: Note [stale operands] in build_plan.hpp).
template <class E>
bool leaves_have_layout_shape(const strided_layout& layout, const E& value, std::size_t reader_rank) {
    if constexpr (memory_leaf<E>) {
        return value.layout().is_row_major() && value.layout().rank() <= reader_rank &&
               value.shape() == layout.shape();
    } else if constexpr (constant_expression<E>) {
        return true;
    } else {
        std::size_t rank = 0;  // asked of the node only when it reads a leaf
        if constexpr (reads_memory<E>) rank = value.shape().size();
        return detail::apply_elements(
            [&](const auto&... operands) { return (leaves_have_layout_shape(layout, operands, rank) && ...); },
            value.operands());
    }
}

// True when no leaf of `value`, each of `count` elements, meets the `count`
// elements at `data` other than as the destination itself (Note [one run]).
template <element D, class E>
bool leaves_apart(const D* data, index_t count, const E& value) {
    if constexpr (memory_leaf<E>) {
        using T = value_type_of<E>;
        if constexpr (std::same_as<T, D>) {
            if (value.data() == data) return true;  // the destination itself, read whole
        }
        // Both hold count elements, 1 or more, so neither address is null
        // (memory_span's meets tests for that): the two ranges compared alone.
        return !byte_ranges_meet(value.data(), count * index_t{sizeof(T)}, data, count * index_t{sizeof(D)});
    } else if constexpr (constant_expression<E>) {
        return true;
    } else {
        return detail::apply_elements(
            [&](const auto&... operands) { return (leaves_apart(data, count, operands) && ...); },
            value.operands());
    }
}

// Stores `value` by Note [one run] and returns true, or returns false having
// written nothing. Out of line: the path of every other value stays as it was.
template <element D, expression E>
[[gnu::noinline]] bool run_one_run(D* data, const strided_layout& layout, const E& value, bool fresh) {
    const index_t count = layout.size();
    if (!layout.is_row_major() || count == 0 || count >= parallel_min_elements ||
        !leaves_have_layout_shape(layout, value, layout.rank()) || (!fresh && !leaves_apart(data, count, value))) {
        return false;
    }
    record_path(path_kind::direct);  // Note [path trace]
    store_block(data, flat_reader(value), count);
    return true;
}

// Runs the path choose_path chose for `value` (step c of the header
// comment): the direct path on one thread without streaming stores with
// the expression's reader inlined (store_direct_inline) for a value with
// no placement, any other by run_chosen with the expression's kernels.
template <element D, expression E>
void run_path(D* data, const strided_layout& layout, const E& value, const chosen_path& path) {
    if constexpr (!has_placement<E>()) {
        if (path.kind == path_kind::direct && path.threads == 1 && !path.streams) {
            record_path(path.kind);  // Note [path trace]
            store_direct_inline(data, value, path.leaves.entries, path.run, layout.size());
            return;
        }
    }
    expression_kernels<D, E> kernels(value);
    run_chosen(reinterpret_cast<std::byte*>(data), index_t{sizeof(D)}, type_name<D>(), layout, path, kernels.set());
}

}  // namespace detail

template <element D, expression E>
void evaluate_into(D* data, const strided_layout& layout, const E& value, bool fresh) {
    static_assert(check_node<E>);
    if constexpr (statically_shaped<E>) {
        if (detail::is_static_destination<static_shape_of_t<E>>(layout)) {
            detail::run_static<static_shape_of_t<E>>(data, value);  // Note [static path]
            return;
        }
    } else if constexpr (static_rank_of_v<E> > 0) {
        constexpr auto rank = static_cast<std::size_t>(static_rank_of_v<E>);
        if (detail::is_ranked_destination<rank>(layout) && detail::run_ranked<rank>(data, layout, value)) {
            return;  // Note [ranked path]
        }
    } else if constexpr (detail::one_run_kind<E>()) {
        if (detail::leaves_have_count(layout.size(), value) && detail::run_one_run(data, layout, value, fresh)) {
            return;  // Note [one run]
        }
    }
    if constexpr (whole_value<E, D>) {
        detail::record_path(path_kind::whole_value);                    // a. Note [whole values]
        value.write_to(data, layout, fresh);
    } else if constexpr (detail::nests_whole<E>()) {
        evaluate_into(data, layout, materialize(value), fresh);         // b. Note [computed once]
    } else {
        detail::run_path(data, layout, value, choose_path(data, layout, value, fresh));  // c.
    }
}

/// Where a whole value of `shape` and element type V is computed, for the
/// destination at `data` laid out as `layout` (Note [whole values]): the
/// destination is offered to `in_place(data, layout, fresh)` first when its
/// element type and shape are the value's; otherwise, or when `in_place`
/// declines (returns false, or an empty std::optional), `apart()` computes
/// the value into new memory. Returns what the one that computed it
/// returned. write_whole_value runs by it, report_whole_value reports by it.
template <element V, class D, class InPlace, class Apart>
auto whole_value_memory(D* data, const strided_layout& layout, const shape_type& shape, bool fresh,
                        const InPlace& in_place, const Apart& apart) {
    if constexpr (std::same_as<std::remove_const_t<D>, V>) {
        if (layout.shape() == shape) {
            if (auto done = in_place(data, layout, fresh)) return done;
        }
    }
    return apart();
}

/// Writes a whole value of `shape` and element type V (Note [whole values]),
/// the same way for every node that computes its own result:
/// `compute(data, layout, fresh)` writes the value into the memory at
/// `data` laid out as `layout` and returns true, or returns false, having
/// written nothing, where it cannot (an operand meets that memory, or the
/// layout does not suit it). Where whole_value_memory says, the value is
/// computed into new memory instead (which `compute` always takes) and
/// stored from there.
template <element V, element D, class Compute>
void write_whole_value(D* data, const strided_layout& layout, const shape_type& shape, bool fresh,
                       const Compute& compute) {
    whole_value_memory<V>(data, layout, shape, fresh, compute, [&] {
        detail::computed_operand<V> result(shape);
        compute(result.data(), result.layout(), true);
        evaluate_into(data, layout, result, fresh);
        return true;
    });
}

/// What write_whole_value does with the same arguments, for path_of:
/// `describe(data, layout, fresh)` reports what the node's compute would
/// do in that memory, or nothing where compute would decline it.
template <element V, element D, class Describe>
whole_value_path report_whole_value(const D* data, const strided_layout& layout, const shape_type& shape, bool fresh,
                                    const Describe& describe) {
    return *whole_value_memory<V>(data, layout, shape, fresh, describe, [&] {
        std::optional<whole_value_path> path = describe(static_cast<const V*>(nullptr), strided_layout(shape), true);
        path->into_new_memory = true;
        return path;
    });
}

/// A whole value that reports what it does (Note [whole values]):
/// `path_to(data, layout, fresh)` says what `write_to(data, layout, fresh)`
/// would do, computing nothing.
template <class E, class D = value_type_of<E>>
concept reporting_whole_value =
    whole_value<E, D> && requires(const std::remove_cvref_t<E>& e, const D* data, const strided_layout& layout) {
        { e.path_to(data, layout, true) } -> std::same_as<whole_value_path>;
    };

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

namespace detail {

// assign() into a tensor of fixed shape Out, which keeps it: `= value` and
// `t(value)` need the value's shape to be Out, a fill or `op=` a value that
// broadcasts to Out. Decided at compile time when the value's shape is fixed
// (Note [static broadcasting]), then stored by the static path (Note [static
// path]); checked at run time otherwise.
template <class Destination, expression E, class Mode>
void assign_fixed(Destination& destination, const E& value, Mode mode) {
    using Out = static_shape_of_t<Destination>;
    if constexpr (requires { mode.function; }) {
        assign_fixed(destination, make_node(mode.function, std::as_const(destination), value), assignment::write);
    } else if constexpr (statically_shaped<E>) {
        using V = static_shape_of_t<E>;
        if constexpr (std::same_as<Mode, assignment::write_t>) {
            static_assert(assignment_verdict<std::same_as<broadcast_fixed_t<Out, V>, Out>, Out, V>::value);
        } else {
            static_assert(assignment_verdict<std::same_as<V, Out>, Out, V>::value);
        }
        run_static<Out>(destination.data(), value);
    } else {
        if constexpr (std::same_as<Mode, assignment::write_t>) {
            check_fits_destination(destination.shape(), value.shape());
        } else if (value.shape() != destination.shape()) {
            throw broadcast_error("assignment of a value of shape " + to_string(value.shape()) +
                                  " to a tensor of fixed shape " + to_string(destination.shape()) +
                                  ": a tensor of fixed shape keeps its shape; assign a value of shape " +
                                  to_string(destination.shape()) + ", or assign to a tensor<T>, which takes any shape");
        }
        evaluate_into(destination.data(), destination.layout(), value, false);
    }
}

// Refuses at compile time `t = value` into a tensor of rank<R> when the
// value's rank is known and is not R.
template <class Destination, class E, class Mode>
constexpr void check_assigned_rank() {
    constexpr std::ptrdiff_t to = static_rank_of_v<Destination>;
    constexpr std::ptrdiff_t from = static_rank_of_v<E>;
    if constexpr ((std::same_as<Mode, assignment::rebind_t> || std::same_as<Mode, assignment::fresh_t>) && to >= 0 &&
                  from >= 0) {
        static_assert(rank_verdict<from == to, rank<static_cast<std::size_t>(to)>,
                                   rank<static_cast<std::size_t>(from)>>::value);
    }
}

// value.shape() == destination.shape(): in R unrolled comparisons when the
// types of both fix their rank at R (a tensor of rank<R> given a value of
// rank R), which leaves only the sizes to compare.
template <class E, class Destination>
bool has_shape_of(const E& value, const Destination& destination) {
    constexpr std::ptrdiff_t rank = static_rank_of_v<Destination>;
    if constexpr (rank >= 0 && static_rank_of_v<E> == rank) {
        return equal_sizes<static_cast<std::size_t>(rank)>(value.shape(), destination.shape());
    } else {
        return value.shape() == destination.shape();
    }
}

// Gives `destination` new memory of `shape`, filled by `fill(renewed,
// value)` before it replaces the old (assign's rebind). Out of line, one
// copy per destination type: making and freeing a tensor cost 200 to 300
// instructions of code, which every assignment of an expression repeated.
template <class Destination>
[[gnu::noinline]] void renew(Destination& destination, const shape_type& shape,
                             void (*fill)(Destination& renewed, const void* value), const void* value) {
    Destination renewed(uninitialized, shape);
    fill(renewed, value);
    destination.swap(renewed);
}

}  // namespace detail

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
    detail::check_assigned_rank<Destination, E, Mode>();
    if constexpr (statically_shaped<Destination>) {
        detail::assign_fixed(destination, value, mode);
    } else if constexpr (std::same_as<Mode, assignment::fresh_t>) {
        evaluate_into(destination.data(), destination.layout(), value, true);
    } else if constexpr (std::same_as<Mode, assignment::rebind_t>) {
        if (detail::has_shape_of(value, destination)) {
            evaluate_into(destination.data(), destination.layout(), value, false);
            return;
        }
        detail::renew<Destination>(destination, value.shape(), [](Destination& renewed, const void* filled) {
            evaluate_into(renewed.data(), renewed.layout(), *static_cast<const E*>(filled), true);
        }, &value);
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

namespace detail {

// What path_of reports of the path that stores `value` into the memory at
// `data` laid out as `layout`: the decisions evaluate_into makes, made the
// same way (the static and ranked paths first), and nothing run.
// `through_temporary` is set when the value goes through a temporary; the
// details are then those of the path into it.
template <element D, expression E>
path_report::details reported_path(const D* data, const strided_layout& layout, const E& value, bool fresh,
                                   bool& through_temporary) {
    if constexpr (statically_shaped<E>) {
        if (is_static_destination<static_shape_of_t<E>>(layout)) {
            return {.kind = path_kind::static_shape, .threads = 1, .element_type = type_name<D>()};
        }
    } else if constexpr (static_rank_of_v<E> > 0) {
        constexpr auto rank = static_cast<std::size_t>(static_rank_of_v<E>);
        if (is_ranked_destination<rank>(layout) && ranked_path_fits<rank>(value, layout.shape())) {
            return {.kind = path_kind::ranked, .threads = 1, .element_type = type_name<D>()};
        }
    }
    if constexpr (reporting_whole_value<E, D>) {
        whole_value_path whole = value.path_to(data, layout, fresh);
        return {.kind = path_kind::whole_value, .threads = whole.threads(), .element_type = type_name<D>(),
                .whole = std::move(whole)};
    } else if constexpr (whole_value<E, D>) {
        return {.kind = path_kind::whole_value, .threads = 0, .element_type = type_name<D>()};
    } else if constexpr (nests_whole<E>()) {
        return reported_path(data, layout, materialize<whole_values::allocated>(value), fresh, through_temporary);
    } else {
        chosen_path path = choose_path(data, layout, value, fresh);
        if (path.kind == path_kind::through_temporary) {
            through_temporary = true;
            path = choose_path(static_cast<const D*>(nullptr), strided_layout(layout.shape()), value, true);
        }
        return {path.kind,   path.threads, path.run, path.streams, simd::kernel_batch_lanes<in_place_reader_of<E>, D>(),
                type_name<D>(), std::move(path.plan)};
    }
}

// path_of for a destination of element type D at `data`, laid out as `layout`.
// A whole value is not computed first: it writes into that memory itself.
template <element D, expression E>
path_report report_path(const D* data, const strided_layout& layout, const E& value, bool fresh) {
    bool through_temporary = false;
    path_report::details path = reported_path(data, layout, value, fresh, through_temporary);
    const std::size_t computed_first = whole_value<E, D> ? 0 : nested_whole_values<E>();
    return path_report(layout.shape(), std::move(path), computed_first, through_temporary);
}

}  // namespace detail

/// The path that `tensor<T> t = value` takes now (Note [choosing a path]):
/// the kind of path, its threads, its SIMD batches, its plan and tiling,
/// and the temporaries it allocates; print it (io/print_path.hpp) to read
/// it. Whole values nested in `value` are not computed: their memory is
/// allocated, to choose the path of the rest.
/// Throws loom::broadcast_error for an operand given another shape since the expression was built
/// (Note [stale operands] in build_plan.hpp), as evaluating it would.
template <expression E>
path_report path_of(const E& value) {
    using D = value_type_of<E>;
    return detail::report_path(static_cast<const D*>(nullptr), strided_layout(value.shape()), value, true);
}

/// The path that storing `value` into `destination`'s elements takes now,
/// as `destination = value` does when the destination keeps its shape (a
/// view, or a tensor of the value's shape) and `destination op= value`
/// does for its operation's value: with the destination's memory, it says
/// whether an operand overlapping it sends the value through a temporary,
/// and whether the stores stream.
/// Throws loom::broadcast_error when `value` does not broadcast to the destination's shape.
template <class Destination, expression E>
    requires requires(const Destination& d) {
        { d.layout() } -> std::same_as<const strided_layout&>;
        d.data();
    }
path_report path_of(const Destination& destination, const E& value) {
    check_fits_destination(destination.shape(), value.shape());
    return detail::report_path(destination.data(), destination.layout(), value, false);
}

}  // namespace loom
