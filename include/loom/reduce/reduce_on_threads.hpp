#pragma once
// Reductions on threads: how the finished plan of a large reduction is cut
// into pieces for threads, so that every number of threads gives the same
// bits.
//
// Note [fixed partition of reductions]: a plan of fewer than
// parallel_min_elements elements runs on the calling thread as one piece,
// starting no parallel region. A larger one is cut by the first rule that fits
// (the leading and inner dimensions are the plan's, after size-1 dimensions
// are dropped and neighbours merged; a reduced dimension is never merged):
//   rows       the leading dimension is kept and is not the inner one (row
//              sums): pieces of its indices, each with every run under
//              them. Pieces write disjoint result elements, each folded as
//              on one thread.
//   columns    the inner dimension is kept, and the plan is that dimension
//              alone or the result is too large for a partition (column
//              sums of a (4096, 4096) array): pieces of every run's columns,
//              in units of column_unit. Disjoint again.
//   run        the plan is one run along a reduced dimension (a full sum of
//              a rank-1 operand, `sum(a * b)`): it is cut into parts of 2^k
//              chunks (Note [pairwise sums]), k the least that makes at
//              most max_pieces parts, and the parts' values go through the
//              carry counter the run's own chunks go through. Each part is
//              one of the run's balanced subtrees, so the value is the
//              one-piece value, bit for bit.
//   partition  the leading dimension is reduced and the result takes at
//              most partition_set_bytes (a full sum of a matrix; the column
//              sums of a matrix of at most 128 float32 or 64 float64
//              columns): pieces of the leading dimension's indices, their
//              number set by the plan's shape alone (one per
//              partition_piece_elements elements, at most max_pieces and
//              the dimension's length); each piece folds into accumulators
//              of its own, and the pieces' accumulators are then combined
//              as a balanced tree (piece 0 with 1, 2 with 3, then 0 with 2,
//              ...). Runs are pairwise as always; within a piece they are
//              added one after the other, as on one thread.
//   otherwise  (the leading and inner dimensions reduced, a larger result)
//              the calling thread runs the plan as one piece.
// The rule and the pieces depend on the shapes, the reduced axes and the
// result type only: never on the number of threads, which only decides
// which thread runs which piece, nor on the operand's layout (which
// dimensions are kept or reduced, and the lengths of the reduced ones, do
// not depend on it), so a strided or transposed view still reduces to the
// bits its copy does. Only `partition` gives other bits than one piece
// would, and no less accurate ones: each piece adds fewer runs one after
// the other than the whole plan would, and the pieces meet as a tree.
// argmax, argmin, cumsum and cumprod run on the calling thread.

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/threads.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/eval/whole_value_path.hpp"
#include "loom/expr/expression.hpp"
#include "loom/reduce/reduce_kernel.hpp"
#include "loom/reduce/reducers.hpp"

namespace loom {

namespace detail {

/// The rule of Note [fixed partition of reductions] for `plan`, whose
/// result takes `result_bytes`.
inline reduction_split choose_split(const loop_plan& plan, index_t result_bytes) {
    if (plan.empty() || element_count(plan.shape()) < parallel_min_elements) return reduction_split::one_piece;
    const bool single = plan.rank() == 1, few_results = result_bytes <= partition_set_bytes;
    if (!single && plan.stride(0, 0) != 0) return reduction_split::rows;
    if (plan.inner_stride(0) != 0 && (single || !few_results)) return reduction_split::columns;
    if (single) return reduction_split::run;
    return few_results ? reduction_split::partition : reduction_split::one_piece;
}

/// The number of pieces a `partition` plan is cut into.
inline index_t partition_pieces(const loop_plan& plan) {
    const index_t by_size = std::clamp<index_t>(element_count(plan.shape()) / partition_piece_elements, 1, max_pieces);
    return std::min(by_size, plan.shape()[0]);
}

/// A run of `elements` cut into `count` parts of `size` elements, a power
/// of two chunks (the last part may be shorter), at most max_pieces of them.
struct run_parts {
    index_t elements;
    index_t size;
    index_t count;

    /// The first element after part p.
    index_t end(index_t p) const { return p * size + std::min(size, elements - p * size); }
};

/// The parts of a run of `elements`. A broadcast view's run may hold up to
/// the largest index_t elements, so the divisions round up without adding
/// to it, and no part ends past it.
inline run_parts parts_of_run(index_t elements) {
    const auto parts = [elements](index_t size) { return elements / size + (elements % size != 0); };
    index_t size = loop_plan::block_size;
    while (parts(size) > max_pieces) size *= 2;
    return {elements, size, parts(size)};
}

/// How the finished reduction `plan`, whose result takes `result_bytes`, is
/// cut and on how many threads it runs: the split (choose_split), the units
/// the split shares among threads, and threads_for(units). The reduction
/// runs by it (reduce_into.hpp), and path_of reports it.
inline reduction_schedule schedule_reduction(const loop_plan& plan, index_t result_bytes) {
    const reduction_split split = choose_split(plan, result_bytes);
    index_t units = 1;
    switch (split) {
        case reduction_split::one_piece: return {split, 1, 1};  // (threads_for asks OpenMP: a small reduction's cost)
        case reduction_split::rows: units = plan.shape()[0]; break;
        case reduction_split::columns: units = (plan.inner_size() + column_unit - 1) / column_unit; break;
        case reduction_split::run: units = parts_of_run(plan.inner_size()).count; break;
        case reduction_split::partition: units = partition_pieces(plan); break;
    }
    return {split, units, threads_for(units)};
}

// Calls use(kernel) with a reduce_kernel for `value` over `plan` whose
// cursors and block buffers belong to the calling thread.
template <reducer R, expression E, class Use>
void with_reduce_kernel(const loop_plan& plan, const E& value, Use&& use) {
    alignas(64) std::byte memory[std::max<std::size_t>(buffer_bytes<E>, 1)];
    block_buffers buffers(plan, memory);
    std::size_t next = 1;
    reduce_kernel<R, decltype(make_cursor(value, next, buffers))> kernel(make_cursor(value, next, buffers));
    use(kernel);
}

// A loop kernel that hands on every run with its operands' addresses
// moved: by `shift` bytes for operand 0 alone (a piece's own
// accumulators), then by `first` elements along the run for every operand,
// trimmed to `count` elements (a piece's columns).
template <class Kernel>
class moved_runs {
public:
    moved_runs(Kernel& kernel, const loop_plan& plan, std::ptrdiff_t shift, index_t first, index_t count)
        : kernel_(kernel), plan_(plan), shift_(shift), first_(first), count_(count), data_(plan.operand_count()) {}

    void operator()(const std::byte* const* data, const index_t* strides, index_t) {
        move(data, strides);
        kernel_(data_.data(), strides, count_);
    }

    /// A block of runs, moved alike, for a kernel that takes blocks (loop.hpp's rows_kernel).
    void rows(const run_rows& runs) {
        move(runs.data, runs.strides);
        run_rows moved = runs;
        moved.data = data_.data();
        moved.count = count_;
        if constexpr (rows_kernel<Kernel>) kernel_.rows(moved);
        else for_each_run(moved, kernel_);
    }

private:
    void move(const std::byte* const* data, const index_t* strides) {
        for (std::size_t k = 0; k < data_.size(); ++k) data_[k] = data[k] + first_ * strides[k] * plan_.element_size(k);
        data_[0] += shift_;
    }

    Kernel& kernel_;
    const loop_plan& plan_;
    std::ptrdiff_t shift_;
    index_t first_, count_;
    small_vector<const std::byte*, 16> data_;
};

// Piece `piece` of `pieces` over [0, units) starts here (as parallel_for's threads do).
inline index_t piece_start(index_t units, index_t pieces, index_t piece) {
    return piece * (units / pieces) + std::min(piece, units % pieces);
}

template <reducer R, expression E>
void reduce_rows(const loop_plan& plan, const E& value, const reduction_schedule& work) {
    const index_t rows = work.units, units_per_row = outer_units(plan) / rows;
    parallel_for(rows, work.threads, [&](index_t first, index_t last) {
        with_reduce_kernel<R>(plan, value,
                              [&](auto& kernel) { run_plan(plan, kernel, first * units_per_row, last * units_per_row); });
    });
}

template <reducer R, expression E>
void reduce_columns(const loop_plan& plan, const E& value, const reduction_schedule& work) {
    const index_t columns = plan.inner_size();
    parallel_for(work.units, work.threads, [&](index_t first, index_t last) {
        with_reduce_kernel<R>(plan, value, [&](auto& kernel) {
            const index_t start = first * column_unit, end = std::min(columns, last * column_unit);
            moved_runs window(kernel, plan, 0, start, end - start);
            run_plan(plan, window);
        });
    });
}

template <reducer R, expression E>
void reduce_run_in_parts(const loop_plan& plan, const E& value, const reduction_schedule& work) {
    using A = typename R::accumulator;
    const index_t count = plan.inner_size();
    const run_parts cut = parts_of_run(count);
    const index_t part = cut.size, parts = cut.count;

    small_vector<const std::byte*, 16> data(plan.operand_count());
    small_vector<index_t, 16> strides(plan.operand_count());
    for (std::size_t k = 0; k < plan.operand_count(); ++k) {
        data[k] = plan.operand_data(k);
        strides[k] = plan.inner_stride(k);
    }
    std::array<A, max_pieces> values{};  // each part writes its own; zeroed because g++ without OpenMP cannot see that (-Wmaybe-uninitialized)
    parallel_for(parts, work.threads, [&](index_t first, index_t last) {
        with_reduce_kernel<R>(plan, value, [&](auto& kernel) {
            for (index_t p = first; p < last; ++p) {
                values[p] = kernel.reduce_part(data.data(), strides.data(), p * part, cut.end(p));
            }
        });
    });

    const bool short_last = count % part != 0;
    carry_counter<R> whole_parts;
    for (index_t p = 0; p < parts - (short_last ? 1 : 0); ++p) whole_parts.add(values[p]);
    A* const result = const_cast<A*>(reinterpret_cast<const A*>(plan.operand_data(0)));
    *result = R::combine(*result, whole_parts.total(short_last ? std::optional<A>(values[parts - 1]) : std::nullopt));
}

/// Runs the finished reduction `plan` (operand 0 the result, holding R's
/// identity) as `work` (schedule_reduction) says, whose split is not `partition`.
template <reducer R, expression E>
void reduce_on_threads(const loop_plan& plan, const E& value, const reduction_schedule& work) {
    switch (work.split) {
        case reduction_split::rows: return reduce_rows<R>(plan, value, work);
        case reduction_split::columns: return reduce_columns<R>(plan, value, work);
        case reduction_split::run: return reduce_run_in_parts<R>(plan, value, work);
        default: with_reduce_kernel<R>(plan, value, [&](auto& kernel) { run_plan(plan, kernel); });
    }
}

/// The `partition` split into `pieces` (partition_pieces) on `threads`
/// threads (both schedule_reduction's): `plan` reduces
/// into `results` contiguous accumulators at its operand 0, and each piece
/// into its own set, partition_set_bytes further on (whole cache lines, so
/// that no two pieces share one); all hold R's identity. The sets are then
/// combined into the first.
template <reducer R, expression E>
void run_partition(const loop_plan& plan, const E& value, index_t results, index_t pieces, int threads) {
    using A = typename R::accumulator;
    const index_t rows = plan.shape()[0], stride = partition_set_bytes / static_cast<index_t>(sizeof(A));
    const index_t units_per_row = outer_units(plan) / rows;
    parallel_for(pieces, threads, [&](index_t first, index_t last) {
        with_reduce_kernel<R>(plan, value, [&](auto& kernel) {
            for (index_t p = first; p < last; ++p) {
                const std::ptrdiff_t shift = p * partition_set_bytes;
                moved_runs own(kernel, plan, shift, 0, plan.inner_size());
                run_plan(plan, own, piece_start(rows, pieces, p) * units_per_row,
                         piece_start(rows, pieces, p + 1) * units_per_row);
            }
        });
    });

    A* const sets = const_cast<A*>(reinterpret_cast<const A*>(plan.operand_data(0)));
    for (index_t width = 1; width < pieces; width *= 2) {
        for (index_t p = 0; p + width < pieces; p += 2 * width) {
            A* const into = sets + p * stride;
            const A* const from = sets + (p + width) * stride;
            for (index_t j = 0; j < results; ++j) into[j] = R::combine(into[j], from[j]);
        }
    }
}

}  // namespace detail

}  // namespace loom
