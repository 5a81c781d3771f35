#pragma once
// The loop plan: the shape the loop walks and, for every operand, its
// address, its stride in that shape's index space and the memory it spans.
// eval/build_plan.hpp fills it, step by step; this header holds the steps.
//
// Note [merging dimensions]: dimensions d and d+1 walk memory like one
// dimension of size n_d * n_{d+1} when, for every operand,
// stride[d] == stride[d+1] * n_{d+1}. Merging them gives longer inner runs,
// which is where SIMD and the per-block overheads pay off. Size-1 dimensions
// are dropped first: their stride never matters. Same rule as NumPy's nditer
// and PyTorch's TensorIterator.
//
// Note [aliasing]: the loop reads operand k at element i and then writes the
// destination at element i. That is safe when operand k *is* the destination
// (same address, same strides in the plan: `a += b`, `a = a * 2`), and when
// the two spans of memory do not meet. Otherwise (`a = a + transpose(a)`,
// overlapping slices) an element could be overwritten before it is read, so
// the expression is evaluated into a temporary first, as NumPy does. The test
// compares memory extents first, so it costs a few comparisons per operand.
//
// Note [tiling]: an operand read across its rows (inner stride neither 0
// nor +-1) that is contiguous along another dimension (stride +-1), a
// transposed array, is the worst case of a walk row by row: every element
// it gives is on another cache line, one instruction each, and when its
// rows lie a multiple of 4 KiB apart those lines fall in the same cache
// sets and evict each other before the next row could use them. The plan
// then moves that other dimension next to the inner one, and the loop walks
// the two in tiles of tile_rows x tile_columns elements, which the store
// kernel packs (Note [packed tiles] in packed_tiles.hpp): the operand is
// read in whole vectors along the dimension in which it is contiguous, a
// tile at a time, while its lines are in cache. The same holds for a
// destination written across its rows. Only the order of the visits
// changes, which is safe because the result at an index reads every
// operand at that index alone (Note [aliasing]). Two dimensions that hold
// fewer elements than a tile stay row by row: they are in cache whatever
// the order.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "loom/core/layout.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"

namespace loom {

/// The loop that evaluates an expression: the shape it walks (after dropping, merging and
/// tiling) and each operand's strides in it. path_of reports the plan a path runs (io/print_path.hpp prints it).
class loop_plan {
public:
    /// A plan over `shape`, whose operand 0 will be the destination.
    explicit loop_plan(const shape_type& shape) : original_shape_(shape), shape_(shape) {}

    /// Registers the operand at `data`, laid out as `layout`, whose strides
    /// in the plan's index space are `strides` (0 where it is broadcast);
    /// returns its number. Operand 0 is the destination.
    template <element T>
    std::size_t add_operand(const T* data, const strided_layout& layout, const strides_type& strides) {
        return add_operand(reinterpret_cast<const std::byte*>(data), sizeof(T), type_name<T>(), layout, strides);
    }
    /// add_operand for elements of `element_size` bytes of the type NumPy names `type`.
    std::size_t add_operand(const std::byte* data, index_t element_size, const char* type, const strided_layout& layout,
                            const strides_type& strides) {
        const std::size_t rank = shape_.size();
        const std::size_t first = strides_.size();
        strides_.resize(first + rank);
        for (std::size_t d = 0; d < rank; ++d) strides_[first + d] = shape_[d] == 1 ? 0 : strides[d];
        operands_.push_back({type, element_size, data, memory_span::of(data, layout, element_size)});
        return operands_.size() - 1;
    }

    /// True when some operand must not be read while the destination (operand
    /// 0) is written, because it shares memory with it under another index
    /// mapping (Note [aliasing]). Call before the dimensions change.
    bool reads_destination_differently() const {
        const memory_span& destination = operands_[0].span;
        for (std::size_t k = 1; k < operand_count(); ++k) {
            if (!operands_[k].span.meets(destination)) continue;
            const bool same_mapping = operands_[k].data == operands_[0].data &&
                                      std::equal(strides_.begin() + k * rank(), strides_.begin() + (k + 1) * rank(),
                                                 strides_.begin());
            if (!same_mapping) return true;
        }
        return false;
    }

    /// Drops the size-1 dimensions (their strides never matter); a plan of
    /// one element keeps one dimension of size 1, stride 1 for every operand
    /// so that it takes the contiguous path.
    void drop_unit_dimensions() {
        std::size_t kept = 0;
        for (std::size_t d = 0; d < rank(); ++d) {
            if (shape_[d] != 1) move_dimension(d, kept++);
        }
        if (kept == 0) {
            shape_ = {1};
            strides_.clear();
            strides_.resize(operand_count(), 1);
            return;
        }
        compact(kept);
    }

    /// True when some operand shares memory with the destination at all,
    /// under any mapping: a reduction, which writes each result element
    /// many times, must then compute into new memory.
    bool destination_meets_operands() const {
        for (std::size_t k = 1; k < operand_count(); ++k) {
            if (operands_[k].span.meets(operands_[0].span)) return true;
        }
        return false;
    }

    /// Merges neighbouring dimensions that are contiguous for every operand
    /// (Note [merging dimensions]). With `keep_reduced_apart`, two
    /// dimensions along which the destination does not move (a reduction's
    /// reduced dimensions) stay apart, so that the runs a reduction folds
    /// depend on the operand's shape only, not on its layout (Note
    /// [pairwise sums] in reduce/reduce_kernel.hpp).
    void merge_dimensions(bool keep_reduced_apart = false) {
        std::size_t kept = 1;  // dimension 0 is kept; each later one joins the last kept or follows it
        for (std::size_t d = 1; d < rank(); ++d) {
            const bool reduced = keep_reduced_apart && stride(0, d) == 0;
            if (!reduced && mergeable(kept - 1, d)) {
                shape_[kept - 1] *= shape_[d];
                for (std::size_t k = 0; k < operand_count(); ++k) strides_[k * rank() + kept - 1] = stride(k, d);
            } else {
                move_dimension(d, kept++);
            }
        }
        compact(kept);
    }

    /// Note [tiling]: the first operand read across its rows and
    /// contiguous along another dimension has that dimension moved next to
    /// the inner one, and the last two dimensions are walked in tiles, when
    /// the two hold at least a tile's elements.
    void choose_tiling() {
        if (rank() < 2) return;
        // Elements wider than 8 bytes (complex128) are not copied into tiles.
        for (std::size_t k = 0; k < operand_count(); ++k)
            if (element_size(k) > 8) return;
        for (std::size_t k = 0; k < operand_count(); ++k) {
            if (!reads_across(k)) continue;
            for (std::size_t d = 0; d + 1 < rank(); ++d) {
                if (std::abs(stride(k, d)) != 1 || shape_[d] * inner_size() < tile_rows * tile_columns) continue;
                move_before_inner(d);
                tiled_ = true;
                return;
            }
        }
    }

    /// Dimension d becomes the inner one, the others keeping their order: a
    /// kernel that must see whole lines of one dimension (an index along
    /// it, a running sum) gets one line per run. Call before the dimensions
    /// are dropped or merged, and do not tile the plan after.
    void move_to_inner(std::size_t d) {
        const auto rotate = [&](index_t* first) { std::rotate(first + d, first + d + 1, first + rank()); };
        rotate(shape_.data());
        for (std::size_t k = 0; k < operand_count(); ++k) rotate(strides_.data() + k * rank());
    }

    /// The shape the loop walks, after dropping, merging and tiling.
    const shape_type& shape() const { return shape_; }
    /// The destination's shape, before dropping and merging.
    const shape_type& original_shape() const { return original_shape_; }
    /// The number of dimensions the loop walks.
    std::size_t rank() const { return shape_.size(); }
    /// The number of operands, the destination (operand 0) included.
    std::size_t operand_count() const { return operands_.size(); }
    /// The name of operand k's element type.
    const char* operand_type(std::size_t k) const { return operands_[k].type; }
    /// The size of operand k's elements, in bytes.
    index_t element_size(std::size_t k) const { return operands_[k].element_size; }
    /// Operand k's first element; the destination's is writable memory.
    const std::byte* operand_data(std::size_t k) const { return operands_[k].data; }
    /// Operand k's stride along dimension d of the loop (0 where it is broadcast).
    index_t stride(std::size_t k, std::size_t d) const { return strides_[k * rank() + d]; }
    /// Operand k's strides in the loop, one per dimension.
    strides_type operand_strides(std::size_t k) const {
        return strides_type(strides_.begin() + k * rank(), strides_.begin() + (k + 1) * rank());
    }
    /// The length of the inner loop: the last dimension.
    index_t inner_size() const { return shape_.back(); }
    /// Operand k's stride in the inner loop.
    index_t inner_stride(std::size_t k) const { return stride(k, rank() - 1); }
    /// True when the loop visits no element.
    bool empty() const { return std::find(shape_.begin(), shape_.end(), 0) != shape_.end(); }

    /// True when every operand steps by one element in the inner dimension:
    /// the inner loop then reads memory directly, in runs of inner_size().
    bool inner_contiguous() const {
        for (std::size_t k = 0; k < operand_count(); ++k) {
            if (inner_stride(k) != 1) return false;
        }
        return true;
    }

    /// The operand that the unbuffered kernel repeats along each run (Note
    /// [unbuffered runs] in expression_kernel.hpp): 0 (the destination, which
    /// never repeats) when every operand's inner stride is 1; k when operand
    /// k's is 0 and every other's 1, in an expression of at most
    /// max_splat_leaves leaves; none when the plan is tiled or some operand
    /// needs a block buffer.
    std::optional<std::size_t> unbuffered_splat() const {
        if (tiled_ || inner_stride(0) != 1) return std::nullopt;
        std::size_t splat = 0;
        for (std::size_t k = 1; k < operand_count(); ++k) {
            const index_t stride = inner_stride(k);
            if (stride == 1) continue;
            if (stride != 0 || splat != 0) return std::nullopt;
            splat = k;
        }
        if (splat != 0 && operand_count() - 1 > max_splat_leaves) return std::nullopt;
        return splat;
    }
    /// The most leaves of an expression whose broadcast operand the unbuffered kernel repeats.
    static constexpr std::size_t max_splat_leaves = 3;

    /// Elements per block of the inner loop: the whole run when it is
    /// contiguous, otherwise block_size (operands whose inner stride is not 1
    /// are gathered or broadcast into a block buffer first), or a tile's
    /// width when tiled.
    index_t block_length() const {
        if (inner_contiguous()) return inner_size();
        return std::min<index_t>(inner_size(), tiled_ ? tile_columns : block_size);
    }

    /// Elements per block when the inner run is not contiguous.
    static constexpr index_t block_size = 256;

    /// True when the loop walks the last two dimensions in tiles (Note [tiling]).
    bool tiled() const { return tiled_; }
    /// True when the store kernel reads operand k (or writes the
    /// destination, k = 0) through a tile buffer: in a tiled plan, the first
    /// max_packed operands whose inner stride is not 0 or +-1, the
    /// destination included (Note [packed tiles] in packed_tiles.hpp).
    bool packed(std::size_t k) const {
        if (!tiled_ || !reads_across(k)) return false;
        std::size_t before = 0;
        for (std::size_t j = 0; j < k; ++j) before += reads_across(j);
        return before < max_packed;
    }
    /// The most operands a tiled plan reads through tile buffers.
    static constexpr std::size_t max_packed = 4;
    // Short, wide tiles, for the operands read along their rows: a band
    // reads 16 rows of each at a time, few enough streams for the hardware
    // prefetchers to follow, and each run is long. With the same memory per
    // tile, 16 x 256 ran z = a + transpose(b) 1.1 to 1.9 times as fast as
    // 64 x 64 on an AVX-512 machine, from (1000, 1000) to (4096, 4096), in
    // float32 and float64.
    static constexpr index_t tile_rows = 16;      ///< along the second last dimension
    static constexpr index_t tile_columns = 256;  ///< along the inner one
    static_assert(tile_columns <= block_size, "a tile's row is read through block buffers of block_size elements");

private:
    // Operand k steps more than one element along the inner dimension (Note [tiling]).
    bool reads_across(std::size_t k) const { return std::abs(inner_stride(k)) > 1; }

    // Dimension `outer` (already kept) and `d` walk memory as one for every operand.
    bool mergeable(std::size_t outer, std::size_t d) const {
        for (std::size_t k = 0; k < operand_count(); ++k) {
            if (stride(k, outer) != stride(k, d) * shape_[d]) return false;
        }
        return true;
    }

    // Copies dimension `from` to place `to` (to <= from), for the shape and every operand.
    void move_dimension(std::size_t from, std::size_t to) {
        shape_[to] = shape_[from];
        for (std::size_t k = 0; k < operand_count(); ++k) strides_[k * rank() + to] = stride(k, from);
    }

    // Dimension d becomes the second last; the dimensions after it move up by one.
    void move_before_inner(std::size_t d) {
        const auto rotate = [&](index_t* first) { std::rotate(first + d, first + d + 1, first + rank() - 1); };
        rotate(shape_.data());
        for (std::size_t k = 0; k < operand_count(); ++k) rotate(strides_.data() + k * rank());
    }

    // Keeps the first `kept` dimensions, of the shape and of every operand.
    void compact(std::size_t kept) {
        const std::size_t old_rank = rank();
        for (std::size_t k = 0; k < operand_count(); ++k) {
            for (std::size_t d = 0; d < kept; ++d) strides_[k * kept + d] = strides_[k * old_rank + d];
        }
        strides_.resize(operand_count() * kept);
        shape_.resize(kept);
    }

    struct operand {
        const char* type;  // element type, by NumPy's name
        index_t element_size;
        const std::byte* data;
        memory_span span;
    };

    shape_type original_shape_;
    shape_type shape_;
    bool tiled_ = false;
    small_vector<operand, 16> operands_;
    small_vector<index_t, 16 * inline_rank> strides_;  // operand k's strides at [k * rank, (k + 1) * rank)
};

}  // namespace loom
