#pragma once
// The loop plan: the shape the loop walks and, for every operand, its stride
// in that shape's index space and the memory it spans. Building it is a
// recipe (evaluate_into in assign.hpp); this header holds its steps and its
// printed form.
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
// Note [tiling]: an operand that walks the inner dimension with a stride of a
// multiple of 4 KiB but another dimension with stride 1 or -1 (`transpose(a) + b`
// for a (1024, 1024) float32 `a`, or such a transposed destination) touches at
// every element a line that falls in the same cache sets as the line before,
// and a new page: the lines a row brings in have evicted each other before
// the next row could use them. The plan then moves that other dimension next
// to the inner one, and the loop walks the two in tiles of tile_rows x
// tile_columns elements: a tile row touches only tile_columns such lines, few
// enough for the caches' sets to keep them until the next rows use them.
// (Other layouts stay in cache from row to row, and the tiles' short runs
// would only add overhead there.) Only the order of the visits changes, which
// is safe because the result at an index reads every operand at that index
// alone (Note [aliasing]).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <string>

#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

class loop_plan {
public:
    /// A plan over `shape`, whose operand 0 will be the destination.
    explicit loop_plan(shape_type shape) : original_shape_(shape), shape_(std::move(shape)) {}

    /// Registers an operand (memory at `data` with its own shape and
    /// strides, placed in the result by `map`); returns its index. Size-1 and
    /// unmapped dimensions get stride 0, so a broadcast operand is read
    /// without copies.
    template <element T>
    std::size_t add_operand(const T* data, const shape_type& shape, const strides_type& strides,
                            const dimension_map& map) {
        check_fits(shape, map);
        const std::size_t rank = shape_.size();
        strides_.resize(strides_.size() + rank, 0);
        index_t* planned = strides_.end() - rank;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (map[d] >= 0 && shape[d] != 1) planned[map[d]] = strides[d];
        }
        operands_.push_back({type_name<T>(), sizeof(T), memory_span::of(data, shape, strides)});
        return operands_.size() - 1;
    }

    /// True when some operand must not be read while the destination (operand
    /// 0) is written, because it shares memory with it under another index
    /// mapping (Note [aliasing]). Call before coalesce().
    bool reads_destination_differently() const {
        const memory_span& destination = operands_[0].span;
        for (std::size_t k = 1; k < operand_count(); ++k) {
            if (!operands_[k].span.meets(destination)) continue;
            const bool same_mapping = operands_[k].span.first == destination.first &&
                                      std::equal(strides_.begin() + k * rank(), strides_.begin() + (k + 1) * rank(),
                                                 strides_.begin());
            if (!same_mapping) return true;
        }
        return false;
    }

    /// Drops size-1 dimensions and merges dimensions that are contiguous for
    /// every operand (Note [merging dimensions]), then chooses whether the
    /// last two dimensions are walked in tiles (Note [tiling]). Leaves at
    /// least one dimension. Works in place: nothing is allocated for ranks up to 8.
    void coalesce() {
        const std::size_t rank = shape_.size();
        const std::size_t count = operand_count();
        std::size_t kept = 0;  // dimensions written so far, in place, at the front
        for (std::size_t d = 0; d < rank; ++d) {
            if (shape_[d] == 1) continue;
            const bool joins_previous = kept > 0 && mergeable(kept - 1, d);
            const std::size_t target = joins_previous ? kept - 1 : kept++;
            for (std::size_t k = 0; k < count; ++k) strides_[k * rank + target] = strides_[k * rank + d];
            shape_[target] = joins_previous ? shape_[target] * shape_[d] : shape_[d];
        }
        if (kept == 0) {  // rank 0, or every size 1: a single element, which any stride reaches;
            shape_ = {1};  // stride 1 lets it take the contiguous path
            strides_.clear();
            strides_.resize(count, 1);
            return;
        }
        compact(rank, kept);
        choose_tiling();
    }

    const shape_type& shape() const { return shape_; }
    const shape_type& original_shape() const { return original_shape_; }
    std::size_t rank() const { return shape_.size(); }
    std::size_t operand_count() const { return operands_.size(); }
    const char* operand_type(std::size_t k) const { return operands_[k].type; }
    index_t stride(std::size_t k, std::size_t d) const { return strides_[k * rank() + d]; }
    strides_type operand_strides(std::size_t k) const {
        return strides_type(strides_.begin() + k * rank(), strides_.begin() + (k + 1) * rank());
    }
    index_t inner_size() const { return shape_.back(); }
    index_t inner_stride(std::size_t k) const { return stride(k, rank() - 1); }

    /// True when every operand steps by one element in the inner dimension:
    /// the inner loop then reads memory directly, in runs of inner_size().
    bool inner_contiguous() const {
        for (std::size_t k = 0; k < operand_count(); ++k) {
            if (inner_stride(k) != 1) return false;
        }
        return true;
    }

    /// Elements per block of the inner loop: the whole run when it is
    /// contiguous, otherwise block_size (operands whose inner stride is not 1
    /// are gathered or broadcast into a block buffer first), or a tile's
    /// width when tiled.
    index_t block_length() const {
        if (inner_contiguous()) return inner_size();
        return std::min<index_t>(inner_size(), tiled_ ? tile_columns : block_size);
    }

    static constexpr index_t block_size = 256;

    /// True when the loop walks the last two dimensions in tiles (Note [tiling]).
    bool tiled() const { return tiled_; }
    static constexpr index_t tile_rows = 128;    ///< along the second last dimension
    static constexpr index_t tile_columns = 16;  ///< along the inner one
    /// Inner strides that are multiples of this many bytes are tiled.
    static constexpr index_t aliasing_stride_bytes = 4096;

    /// The plan as text, like NumPy's nditer dump: shapes, per-operand
    /// strides, and the inner-loop path.
    friend std::ostream& operator<<(std::ostream& os, const loop_plan& plan) {
        os << "loop plan: shape " << to_string(plan.original_shape_) << ", merged to " << to_string(plan.shape_)
           << "\n";
        for (std::size_t k = 0; k < plan.operand_count(); ++k) {
            os << "  operand " << k << (k == 0 ? " (destination, " : " (") << plan.operands_[k].type << "): strides "
               << to_string(plan.operand_strides(k)) << "\n";
        }
        os << "  inner loop: " << plan.inner_size() << (plan.inner_size() == 1 ? " element, " : " elements, ");
        if (plan.inner_contiguous()) return os << "path contiguous\n";
        os << "path blocked by " << plan.block_length() << " (";
        for (std::size_t k = 0; k < plan.operand_count(); ++k) {
            const index_t s = plan.inner_stride(k);
            if (s == 1) continue;
            if (k == 0) os << "destination scattered; ";
            else os << "operand " << k << (s == 0 ? " broadcast; " : " gathered; ");
        }
        os << "the rest read directly)\n";
        if (plan.tiled()) {
            os << "  tiles of " << tile_rows << " x " << tile_columns << " elements over the last two dimensions\n";
        }
        return os;
    }

private:
    // Note [stale operands]: an expression refers to its lvalue operands, and
    // its shape was fixed when it was built. An operand reassigned to another
    // shape since then would be read past its end: it is refused here.
    void check_fits(const shape_type& shape, const dimension_map& map) const {
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (shape[d] == 1) continue;
            if (map[d] < 0 || shape[d] != shape_[static_cast<std::size_t>(map[d])]) {
                throw broadcast_error("an operand of shape " + to_string(shape) + " does not fit the loop over " +
                                      to_string(original_shape_) +
                                      ": it changed shape after the expression reading it was built; "
                                      "build the expression again");
            }
        }
    }

    // Dimension `outer` (already kept) and `d` walk memory as one for every operand.
    bool mergeable(std::size_t outer, std::size_t d) const {
        const std::size_t rank = shape_.size();
        for (std::size_t k = 0; k < operand_count(); ++k) {
            if (strides_[k * rank + outer] != strides_[k * rank + d] * shape_[d]) return false;
        }
        return true;
    }

    // Note [tiling]: the first operand that walks the inner dimension with a
    // stride of a multiple of aliasing_stride_bytes and another dimension with
    // stride 1 or -1 has that dimension moved next to the inner one.
    void choose_tiling() {
        const std::size_t rank = shape_.size();
        if (rank < 2) return;
        for (std::size_t k = 0; k < operand_count(); ++k) {
            const index_t inner_bytes = stride(k, rank - 1) * operands_[k].element_size;
            if (inner_bytes == 0 || inner_bytes % aliasing_stride_bytes != 0) continue;
            for (std::size_t d = 0; d + 1 < rank; ++d) {
                if (std::abs(stride(k, d)) != 1) continue;
                move_before_inner(d);
                tiled_ = true;
                return;
            }
        }
    }

    // Dimension d becomes the second last; the dimensions after it move up by one.
    void move_before_inner(std::size_t d) {
        const std::size_t rank = shape_.size();
        const auto rotate = [&](index_t* first) { std::rotate(first + d, first + d + 1, first + rank - 1); };
        rotate(shape_.data());
        for (std::size_t k = 0; k < operand_count(); ++k) rotate(strides_.data() + k * rank);
    }

    // Shrinks every operand's strides from `old_rank` to their first `rank` entries.
    void compact(std::size_t old_rank, std::size_t rank) {
        for (std::size_t k = 0; k < operand_count(); ++k) {
            for (std::size_t d = 0; d < rank; ++d) strides_[k * rank + d] = strides_[k * old_rank + d];
        }
        strides_.resize(operand_count() * rank);
        shape_.resize(rank);
    }

    shape_type original_shape_;
    shape_type shape_;
    bool tiled_ = false;
    // The bytes an operand can touch: [first + low, first + high).
    struct memory_span {
        const std::byte* first = nullptr;
        std::ptrdiff_t low = 0;
        std::ptrdiff_t high = 0;

        template <class T>
        static memory_span of(const T* data, const shape_type& shape, const strides_type& strides) {
            memory_span span{reinterpret_cast<const std::byte*>(data), 0, 0};
            for (std::size_t d = 0; d < shape.size(); ++d) {
                if (shape[d] == 0) return {};
                const std::ptrdiff_t reach = strides[d] * (shape[d] - 1) * static_cast<std::ptrdiff_t>(sizeof(T));
                (reach < 0 ? span.low : span.high) += reach;
            }
            span.high += static_cast<std::ptrdiff_t>(sizeof(T));
            return span;
        }
        bool meets(const memory_span& other) const {
            if (first == nullptr || other.first == nullptr) return false;
            // Compare as integers: the two spans may belong to different allocations.
            const auto begin = reinterpret_cast<std::uintptr_t>(first) + low;
            const auto end = reinterpret_cast<std::uintptr_t>(first) + high;
            const auto other_begin = reinterpret_cast<std::uintptr_t>(other.first) + other.low;
            const auto other_end = reinterpret_cast<std::uintptr_t>(other.first) + other.high;
            return begin < other_end && other_begin < end;
        }
    };
    struct operand {
        const char* type;  // element type, by NumPy's name
        index_t element_size;
        memory_span span;
    };

    small_vector<operand, 16> operands_;
    small_vector<index_t, 16 * inline_rank> strides_;  // operand k's strides at [k * rank, (k + 1) * rank)
};

}  // namespace loom
