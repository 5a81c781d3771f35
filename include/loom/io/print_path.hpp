#pragma once
// The path of an assignment as text (`std::cout << loom::path_of(a + b)`):
// which path stores the value, on how many threads, with which kernel, and
// the loop plan when it runs one, like NumPy's nditer dump; for a reduction
// or a matrix product, what its node does (whole_value_path.hpp).

#include <ostream>
#include <string>

#include "loom/eval/path_report.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/thresholds.hpp"
#include "loom/eval/whole_value_path.hpp"

namespace loom {

namespace detail {

// "1 thread", "2 threads".
inline std::string counted(index_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// "axis 1", "axes [0, 2]", "no axis" (with `one` "axis" and `many` "axes").
inline std::string listed(const small_vector<index_t, inline_rank>& list, const char* one, const char* many) {
    if (list.empty()) return std::string("no ") + one;
    if (list.size() == 1) return std::string(one) + " " + std::to_string(list[0]);
    return std::string(many) + " " + to_string(shape_type(list.begin(), list.end()));
}

// The lines of a reduction after the first (path_report::reduction()).
inline void write_reduction(std::ostream& os, const reduction_path& r) {
    os << "  reduces " << listed(r.axes, "axis", "axes") << " of " << to_string(r.operand) << "\n";
    os << "  loop: shape " << to_string(r.loop) << ", " << listed(r.loop_reduced, "dimension", "dimensions")
       << " reduced, runs of " << counted(r.loop.empty() ? 1 : r.loop.back(), "element", "elements")
       << (r.runs_reduced() ? ", each folded into one result\n" : " folded into runs of results\n");
    const index_t units = r.schedule.units;
    os << "  split: ";
    switch (r.schedule.split) {
    case reduction_split::one_piece:
        os << "one piece, on the calling thread\n";
        return;
    case reduction_split::rows:
        os << "rows, " << counted(units, "row", "rows") << " among the threads\n";
        return;
    case reduction_split::columns:
        os << "columns, " << counted(units, "unit", "units") << " of " << detail::column_unit
           << " columns among the threads\n";
        return;
    case reduction_split::run:
        os << "run, " << counted(units, "part", "parts")
           << " of it among the threads, their values combined pairwise\n";
        return;
    case reduction_split::partition:
        os << "partition, " << counted(units, "piece", "pieces")
           << " of the leading dimension among the threads, combined as a tree\n";
        return;
    }
}

// The lines of a matrix product after the first (path_report::product()).
inline void write_product(std::ostream& os, const product_path& p) {
    os << "  gemm: " << counted(p.batch, "product", "products") << ", m " << p.m << ", n " << p.n << ", k " << p.k
       << "\n  kernel: ";
    switch (p.kernel) {
    case product_kernel::none:
        os << "none, the result has no element\n";
        return;
    case product_kernel::zeros:
        os << "none, k is 0: every element is 0\n";
        return;
    case product_kernel::blas:
        os << "BLAS's gemm\n";
        return;
    case product_kernel::small:
        os << "loom's loop for small matrices\n";
        return;
    case product_kernel::complex:
        os << "loom's complex kernel\n  split: " << counted(p.units, "row", "rows") << " of C among the threads\n";
        return;
    case product_kernel::blocked:
        os << "loom's blocked kernel" << (p.transposed ? ", on the transposed product (C's rows are contiguous)" : "")
           << "\n  blocks: registers " << p.mr << " x " << p.nr << ", cache kc " << p.kc << ", mc " << p.mc << ", nc "
           << p.nc << "\n  split: " << counted(p.units, "panel", "panels") << " of " << p.nr
           << (p.transposed ? " rows" : " columns") << " of C among the threads\n";
        return;
    }
}

}  // namespace detail

/// Writes the plan: its shape before and after merging, each operand's type and strides, and the
/// inner loop's path (as NumPy's nditer debug_print).
inline std::ostream& operator<<(std::ostream& os, const loop_plan& plan) {
    os << "loop plan: shape " << to_string(plan.original_shape()) << ", merged to " << to_string(plan.shape())
       << "\n";
    for (std::size_t k = 0; k < plan.operand_count(); ++k) {
        os << "  operand " << k << (k == 0 ? " (destination, " : " (") << plan.operand_type(k) << "): strides "
           << to_string(plan.operand_strides(k)) << "\n";
    }
    os << "  inner loop: " << plan.inner_size() << (plan.inner_size() == 1 ? " element, " : " elements, ");
    if (const auto splat = plan.unbuffered_splat()) {
        os << "path contiguous";
        if (*splat != 0) os << " (operand " << *splat << " repeated along each run)";
        return os << "\n";
    }
    os << "path blocked by " << plan.block_length() << " (";
    for (std::size_t k = 0; k < plan.operand_count(); ++k) {
        const index_t s = plan.inner_stride(k);
        if (s == 1) continue;
        if (plan.packed(k)) os << (k == 0 ? "destination" : "operand " + std::to_string(k)) << " packed in tiles; ";
        else if (k == 0) os << "destination scattered; ";
        else os << "operand " << k << (s == 0 ? " broadcast; " : " gathered; ");
    }
    os << "the rest read directly)\n";
    if (plan.tiled()) {
        os << "  tiles of " << loop_plan::tile_rows << " x " << loop_plan::tile_columns
           << " elements over the last two dimensions\n";
    }
    return os;
}

/// Writes the path: a first line naming it, with its threads; for a
/// reduction or a matrix product, what its node does; otherwise the whole
/// values computed first and the temporary, if any, the kernel, and the
/// loop plan when the path runs one.
inline std::ostream& operator<<(std::ostream& os, const path_report& path) {
    const auto count = detail::counted;
    os << "path of " << to_string(path.shape()) << " " << path.element_type() << ": ";
    switch (path.storing_kind()) {
    case path_kind::nothing:
        return os << "nothing to store, no element\n";
    case path_kind::whole_value:
        if (!path.reduction() && !path.product()) return os << "a whole value, whose node writes its result itself\n";
        os << (path.reduction() ? "a reduction" : "a matrix product") << ", whose node writes its result itself, on "
           << (path.threads() > 0 ? count(path.threads(), "thread", "threads") : "BLAS's threads") << "\n";
        if (path.reduction()) detail::write_reduction(os, *path.reduction());
        else detail::write_product(os, *path.product());
        if (path.computed_apart()) os << "  computed into new memory, then stored into the destination\n";
        return os;
    case path_kind::static_shape:
        return os << "static, its sizes known at compile time: one loop, no plan and no shape check, on 1 thread\n";
    case path_kind::ranked:
        return os << "ranked, its rank known at compile time: row by row, no plan, on 1 thread\n";
    case path_kind::direct:
        os << "direct, "
           << (path.run() == element_count(path.shape()) ? "one run of " + count(path.run(), "element", "elements")
                                                          : "runs of " + count(path.run(), "element", "elements"));
        if (path.streams()) os << ", streaming stores";
        break;
    case path_kind::unbuffered:
        os << "the plan, unbuffered kernel";
        break;
    case path_kind::store_kernel:
        os << "the plan, store kernel";
        break;
    case path_kind::through_temporary:  // the storing path is never this one
        break;
    }
    os << ", on " << count(path.threads(), "thread", "threads") << "\n";
    if (path.computed_first() > 0) {
        os << "  first: " << count(static_cast<index_t>(path.computed_first()), "whole value", "whole values")
           << " computed into new memory\n";
    }
    if (path.through_temporary()) {
        os << "  through a temporary: an operand shares the destination's memory; the value is stored into new "
              "memory, then copied\n";
    }
    os << "  kernel: ";
    if (path.batch_lanes() > 0) {
        os << "xsimd batches of " << path.batch_lanes() << " " << path.element_type() << " ("
           << simd::batch_architecture() << ")\n";
    } else {
        os << "the scalar loop\n";
    }
    if (const loop_plan* plan = path.plan()) os << *plan;
    return os;
}

}  // namespace loom
