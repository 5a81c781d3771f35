#pragma once
// What a whole value's node does (Note [whole values] in assign.hpp), as
// path_of reports it: a reduction's loop and how it is cut for threads, a
// matrix product's GEMM (its sizes, kernel, blocks and threads). The nodes
// decide these in their own layers (reduce/reduce_on_threads.hpp,
// linalg/gemm.hpp) with the types here, and run by what they decide; the
// report holds the same numbers, and io/print_path.hpp makes their text.
// Cost to include: <optional> and core/shape.hpp.

#include <optional>

#include "loom/core/shape.hpp"

namespace loom {

/// How a reduction's finished plan is cut into pieces for threads (Note
/// [fixed partition of reductions] in reduce/reduce_on_threads.hpp).
enum class reduction_split : unsigned char {
    one_piece,  ///< the calling thread runs the whole plan
    rows,       ///< the leading dimension's indices, kept, shared among threads
    columns,    ///< the inner dimension's columns, kept, shared in units of column_unit
    run,        ///< one run along a reduced dimension, cut into parts of 2^k chunks
    partition,  ///< the leading dimension, reduced, cut into pieces with accumulators of their own
};

/// How a reduction runs on threads: the split, the units of work it shares
/// among threads, and their number. Decided by detail::schedule_reduction
/// (reduce/reduce_on_threads.hpp), which the reduction runs by.
struct reduction_schedule {
    reduction_split split = reduction_split::one_piece;  ///< the rule that cut the plan
    /// The units shared among the threads: rows (rows), units of column_unit
    /// columns (columns), parts (run), pieces (partition); 1 for one piece.
    index_t units = 1;
    int threads = 1;  ///< the threads that run them
};

/// What a reduction does (path_report::reduction()).
struct reduction_path {
    shape_type operand{};                       ///< the shape of the operand reduced
    small_vector<index_t, inline_rank> axes{};  ///< the operand's axes it reduces, in increasing order
    /// The finished plan's shape: size-1 dimensions dropped, kept neighbours merged.
    shape_type loop{};
    /// The loop's reduced dimensions, in increasing order (two are never merged).
    small_vector<index_t, inline_rank> loop_reduced{};
    reduction_schedule schedule{};  ///< how the loop is cut for threads

    /// Whether each run of the loop is along a reduced dimension (folded into
    /// one result), rather than along a kept one (folded into a run of results).
    bool runs_reduced() const {
        return !loop.empty() && !loop_reduced.empty() &&
               loop_reduced.back() == static_cast<index_t>(loop.size()) - 1;
    }
};

/// The kernel that computes a matrix product.
enum class product_kernel : unsigned char {
    none,     ///< nothing to compute: the result has no element
    zeros,    ///< k is 0: every element is a sum of nothing
    blas,     ///< BLAS's gemm (Note [when matmul calls BLAS] in linalg/blas.hpp), on BLAS's threads
    blocked,  ///< loom's blocked kernel (linalg/gemm_blocking.hpp), panels of C's columns shared among threads
    complex,  ///< loom's complex kernel (linalg/gemm_complex.hpp), C's rows shared among threads
    small,    ///< loom's plain loop for matrices of at most 8 × 8 (Note [small products] in linalg/gemm.hpp), one thread
};

/// What a matrix product does (path_report::product()): its GEMM. Decided,
/// but for `batch` and BLAS, by detail::plan_gemm (linalg/gemm.hpp), which
/// gemm runs by.
struct product_path {
    index_t batch = 1;  ///< the products, one per element of the broadcast batch shape, each on its own
    index_t m = 0;      ///< each product's rows of C
    index_t n = 0;      ///< each product's columns of C
    index_t k = 0;      ///< the products summed into each element of C
    product_kernel kernel = product_kernel::none;  ///< the kernel of each product
    /// loom's blocked kernel: computed as Cᵀ = Bᵀ·Aᵀ, because C's rows are
    /// contiguous; its panels are then of C's rows.
    bool transposed = false;
    index_t mr = 0;  ///< the blocked kernel's register block: MR rows
    index_t nr = 0;  ///< the blocked kernel's register block: NR columns
    index_t kc = 0;  ///< the blocked kernel's cache block: KC along k
    index_t mc = 0;  ///< the blocked kernel's cache block: MC rows
    index_t nc = 0;  ///< the blocked kernel's cache block: NC columns
    /// The units shared among threads: panels of NR columns (blocked; of
    /// rows, transposed), rows of C (complex); 0 for the other kernels.
    index_t units = 0;
    int threads = 1;  ///< loom's threads; 0 for BLAS, whose threads are its own
};

/// What a whole value's node reports it does, into the memory it is
/// offered or into new memory: a reduction's or a product's path.
struct whole_value_path {
    /// Whether it is computed into new memory, then stored into the
    /// destination: an element type or shape other than the value's, or an
    /// operand that meets the destination (write_whole_value in assign.hpp).
    bool into_new_memory = false;
    std::optional<reduction_path> reduction{};  ///< a reduction's
    std::optional<product_path> product{};      ///< a matrix product's

    /// The threads it runs on; 0 when they are not loom's (BLAS's).
    int threads() const { return reduction ? reduction->schedule.threads : product ? product->threads : 0; }
};

}  // namespace loom
