#pragma once
// The direct path: evaluation without a plan, for the layouts most small
// arrays have.
//
// Note [direct path]: when the destination is contiguous and every leaf in
// memory is contiguous with the destination's shape, or with its last
// dimensions (a row or a matrix repeated along the leading dimensions,
// `(3, 4) + (4,)`), no dimension needs mapping, merging or tiling: the loop
// is runs of the smallest such leaf's size, each leaf moving on by a run
// and starting again when it has been read whole (the smallest size divides
// every larger one, and the destination's). Each run is stored by the
// store kernel's store_block, through a reader made of the leaves'
// addresses (in_place_reader, readers.hpp). Aliasing reduces to one
// question: a leaf that meets the destination must be the destination
// itself, read whole; anything else leaves the decision to the plan. Runs
// shorter than min_direct_run (a leaf of one element beside a large array)
// leave it to the plan too, which repeats such a leaf along long runs
// (Note [unbuffered runs]) where the direct path would make a call per
// element.
// TensorIterator's fast_set_up and NumPy's trivial loops do the same.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "loom/core/layout.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/eval/threads.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// Runs shorter than this go through the plan (Note [direct path]), unless
/// the whole array is no larger than direct_small_size.
inline constexpr index_t min_direct_run = 16;
inline constexpr index_t direct_small_size = 1024;

namespace detail {

// A leaf as the direct path reads it: its first element, where it ends, and
// the size of an element.
struct direct_leaf {
    const std::byte* first;
    const std::byte* end;
    index_t element_bytes;
};

// Elements [first, last) of the direct path: runs of `run` elements (first
// and last are multiples of it), or one run when every leaf has the
// destination's size (run is then the whole count).
template <element D, expression E, std::size_t N>
void store_direct(D* data, const E& value, const std::array<direct_leaf, N>& leaves, index_t run, index_t first,
                  index_t last) {
    std::array<const std::byte*, N> at;
    for (std::size_t j = 0; j < N; ++j) {
        const index_t extent = leaves[j].end - leaves[j].first;
        at[j] = leaves[j].first + (first == 0 ? 0 : first * leaves[j].element_bytes % extent);
    }
    if (last - first <= run) {  // one run
        store_block(data + first, in_place_reader<no_splat, 0>(value, at.data()), last - first);
        return;
    }
    for (index_t done = first; done < last; done += run) {
        store_block(data + done, in_place_reader<no_splat, 0>(value, at.data()), run);
        // Each leaf moves on by a run, and starts again once read whole.
        for (std::size_t j = 0; j < N; ++j) {
            at[j] += run * leaves[j].element_bytes;
            if (at[j] == leaves[j].end) at[j] = leaves[j].first;
        }
    }
}

// True when `sizes`, without its leading 1s (which broadcast like absent
// dimensions), are the last sizes of `shape`.
inline bool is_trailing_block(const shape_type& sizes, const shape_type& shape) {
    if (sizes == shape) return true;  // the common case, first
    std::size_t lead = 0;
    while (lead < sizes.size() && sizes[lead] == 1) ++lead;
    if (sizes.size() - lead > shape.size()) return false;
    const std::size_t offset = shape.size() - (sizes.size() - lead);
    for (std::size_t j = lead; j < sizes.size(); ++j) {
        if (sizes[j] != shape[offset + j - lead]) return false;
    }
    return true;
}

}  // namespace detail

/// Stores `value` into the contiguous memory at `data` of `layout` by the
/// direct path, when its leaves allow it (Note [direct path]); returns false
/// without having written anything when they do not. `fresh`: the memory
/// was just allocated, so no leaf can meet it.
template <element D, expression E>
bool run_direct(D* data, const strided_layout& layout, const E& value, bool fresh) {
    if constexpr (has_placement<E>) {
        return false;
    } else {
        if (!layout.is_row_major()) return false;
        const index_t count = layout.size();
        if (count == 0) return true;
        // Addresses compared as integers: memory of unrelated arrays has no order in C++.
        const auto destination = reinterpret_cast<std::uintptr_t>(data);
        const auto destination_end = destination + static_cast<std::uintptr_t>(count) * sizeof(D);

        std::array<detail::direct_leaf, leaf_count<E>> leaves;
        index_t run = count;  // the smallest leaf's size
        bool direct = true;
        std::size_t k = 0;
        for_each_leaf(value, [&](const auto& leaf) {
            const strided_layout& own = leaf.layout();
            direct = direct && own.is_row_major() && detail::is_trailing_block(own.shape(), layout.shape());
            if (!direct) return;
            using T = value_type_of<decltype(leaf)>;
            const index_t size = own.size();
            const auto* const first = reinterpret_cast<const std::byte*>(leaf.data());
            const auto* const end = first + size * static_cast<index_t>(sizeof(T));
            const auto address = reinterpret_cast<std::uintptr_t>(first);
            if (!fresh && address < destination_end && destination < reinterpret_cast<std::uintptr_t>(end)) {
                direct = address == destination && size == count && sizeof(T) == sizeof(D);
            }
            leaves[k++] = {first, end, static_cast<index_t>(sizeof(T))};
            run = std::min(run, size);
        });
        if (!direct) return false;
        if (run < min_direct_run && count > direct_small_size) return false;

        // Threads take pieces of whole runs, or of elements when there is one run.
        const index_t unit = run == count ? 1 : run;
        parallel_for(count / unit, count >= parallel_min_elements, [&](index_t first, index_t last) {
            detail::store_direct(data, value, leaves, run, first * unit, last * unit);
        });
        return true;
    }
}

}  // namespace loom
