#pragma once
// What path_of (assign.hpp) returns: the path an assignment would take,
// as choose_path chose it (Note [choosing a path] in choose_path.hpp),
// with its kernel, threads, tiling and temporaries, or, for a whole value,
// what its node does (a reduction's split, a product's GEMM:
// whole_value_path.hpp). It holds numbers and the plan alone;
// io/print_path.hpp makes its text, only when printed.
// Cost to include: <optional>, plan.hpp and whole_value_path.hpp.

#include <cstddef>
#include <optional>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/whole_value_path.hpp"

namespace loom {

/// The path an assignment of a value takes (path_of), to read or to print.
class path_report {
public:
    /// What the report says of the path that stores the value itself (for
    /// a value computed through a temporary: of the path into it).
    struct details {
        path_kind kind = path_kind::nothing;   ///< the path
        int threads = 1;                       ///< the threads it runs on (0: not loom's, or not reported)
        index_t run = 0;                       ///< the direct path's elements per run
        bool streams = false;                  ///< whether the direct path streams its stores
        index_t batch_lanes = 0;               ///< lanes of the kernel's SIMD batches; 0: the scalar loop
        const char* element_type = "";         ///< the destination's element type, by NumPy's name
        std::optional<loop_plan> plan{};       ///< the finished plan of the unbuffered and store kernels
        std::optional<whole_value_path> whole{};  ///< what a whole value's node does, when it reports it
    };

    /// A report of `path` for a result of `shape`, with `computed_first`
    /// whole values nested in it computed into new memory first, stored
    /// into a temporary then copied when `through_temporary`.
    path_report(shape_type shape, details path, std::size_t computed_first, bool through_temporary)
        : shape_(std::move(shape)),
          path_(std::move(path)),
          computed_first_(computed_first),
          through_temporary_(through_temporary) {}

    /// The path that computes the value: path_kind::through_temporary when
    /// it is stored into new memory first (the rest of the report is then
    /// that of the path into the new memory).
    path_kind kind() const { return through_temporary_ ? path_kind::through_temporary : path_.kind; }
    /// The path that stores the value into its memory (the destination's, or the temporary's).
    path_kind storing_kind() const { return path_.kind; }
    /// The shape of the result stored.
    const shape_type& shape() const { return shape_; }
    /// The threads the path runs on. For a whole value, those its node
    /// decides: a reduction's (reduction()), a product's (product()), 0 for
    /// a product BLAS computes, on threads of its own, and for a node that
    /// does not report its work (an arg-reduction, a cumulative sum).
    int threads() const { return path_.threads; }
    /// The direct path's elements per run; 0 on other paths.
    index_t run() const { return path_.run; }
    /// Whether the direct path streams its stores (Note [streaming stores]).
    bool streams() const { return path_.streams; }
    /// The lanes of the SIMD batches the kernel evaluates the value in; 0
    /// when it runs the scalar loop (Note [batch forms] in simd.hpp).
    index_t batch_lanes() const { return path_.batch_lanes; }
    /// The destination's element type, by NumPy's name.
    const char* element_type() const { return path_.element_type; }
    /// The finished plan the unbuffered or the store kernel runs; null on other paths.
    const loop_plan* plan() const { return path_.plan ? &*path_.plan : nullptr; }
    /// Whether the plan walks tiles (Note [tiling] in plan.hpp).
    bool tiled() const { return path_.plan && path_.plan->tiled(); }
    /// What the value, a reduction, does: the operand's reduced axes, the
    /// finished plan's shape and reduced dimensions, and how it is cut for
    /// threads (Note [fixed partition of reductions] in
    /// reduce/reduce_on_threads.hpp); null for other values.
    const reduction_path* reduction() const {
        return path_.whole && path_.whole->reduction ? &*path_.whole->reduction : nullptr;
    }
    /// What the value, a matrix product, does: its GEMM's sizes, kernel,
    /// blocks and threads (linalg/gemm.hpp); null for other values.
    const product_path* product() const {
        return path_.whole && path_.whole->product ? &*path_.whole->product : nullptr;
    }
    /// Whether the value, a whole value that reports its work, is computed
    /// into new memory, then stored into the destination: an element type or
    /// shape other than its own, or an operand that meets the destination.
    bool computed_apart() const { return path_.whole && path_.whole->into_new_memory; }
    /// The whole values nested in the value, each computed into new memory
    /// before the rest (Note [computed once] in materialize.hpp).
    std::size_t computed_first() const { return computed_first_; }
    /// Whether the value is stored into new memory first, then copied (Note [aliasing]).
    bool through_temporary() const { return through_temporary_; }
    /// The new memory the assignment allocates besides its destination.
    std::size_t temporaries() const {
        return computed_first_ + (through_temporary_ ? 1 : 0) + (computed_apart() ? 1 : 0);
    }

private:
    shape_type shape_;
    details path_;
    std::size_t computed_first_;
    bool through_temporary_;
};

}  // namespace loom
