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
#include <span>

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

// A leaf as the direct path reads it: its first element, its layout and the
// size of an element.
struct direct_leaf {
    const std::byte* first;
    const strided_layout* layout;
    index_t element_bytes;
};

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

// The run of the direct path (the smallest leaf's size) when `leaves` allow
// it into the row-major memory at `destination`, laid out as `layout` with
// elements of `element_bytes`, else 0 (Note [direct path]). One function
// for every expression, apart from the templates that gather the leaves.
inline index_t direct_run(const std::byte* destination, const strided_layout& layout, index_t element_bytes,
                          std::span<const direct_leaf> leaves, bool fresh) {
    const index_t count = layout.size();
    // Addresses compared as integers: memory of unrelated arrays has no order in C++.
    const auto destination_begin = reinterpret_cast<std::uintptr_t>(destination);
    const auto destination_end = destination_begin + static_cast<std::uintptr_t>(count * element_bytes);
    index_t run = count;
    for (const direct_leaf& leaf : leaves) {
        const strided_layout& own = *leaf.layout;
        if (!own.is_row_major() || !is_trailing_block(own.shape(), layout.shape())) return 0;
        const index_t size = own.size();
        const auto begin = reinterpret_cast<std::uintptr_t>(leaf.first);
        const auto end = begin + static_cast<std::uintptr_t>(size * leaf.element_bytes);
        if (!fresh && begin < destination_end && destination_begin < end) {
            // Only the destination itself, read whole, may meet it.
            if (begin != destination_begin || size != count || leaf.element_bytes != element_bytes) return 0;
        }
        run = std::min(run, size);
    }
    if (run < min_direct_run && count > direct_small_size) return 0;
    return run;
}

// Elements [first, last) of the direct path: runs of `run` elements (first
// and last are multiples of it), or one run when every leaf has the
// destination's size (run is then the whole count).
template <element D, expression E, std::size_t N>
void store_direct(D* data, const E& value, const std::array<direct_leaf, N>& leaves, index_t run, index_t first,
                  index_t last) {
    // A leaf's bytes, which a leaf smaller than the destination repeats.
    const auto extent = [&](std::size_t j) { return leaves[j].layout->size() * leaves[j].element_bytes; };
    std::array<const std::byte*, N> at;  // each leaf's element `first`
    for (std::size_t j = 0; j < N; ++j) {
        at[j] = leaves[j].first + (first == 0 ? 0 : first * leaves[j].element_bytes % extent(j));
    }
    if (last - first <= run) {  // one run
        store_block(data + first, in_place_reader<no_splat, 0>(value, at.data()), last - first);
        return;
    }
    // Each leaf moves on by a run, and starts again once read whole.
    std::array<const std::byte*, N> begin, end;
    std::array<index_t, N> step;
    for (std::size_t j = 0; j < N; ++j) {
        begin[j] = leaves[j].first;
        end[j] = begin[j] + extent(j);
        step[j] = run * leaves[j].element_bytes;
    }
    for (index_t done = first; done < last; done += run) {
        store_block(data + done, in_place_reader<no_splat, 0>(value, at.data()), run);
        for (std::size_t j = 0; j < N; ++j) {
            at[j] += step[j];
            if (at[j] == end[j]) at[j] = begin[j];
        }
    }
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
        std::array<detail::direct_leaf, leaf_count<E>> leaves;
        std::size_t k = 0;
        for_each_leaf(value, [&](const auto& leaf) {
            using T = value_type_of<decltype(leaf)>;
            leaves[k++] = {reinterpret_cast<const std::byte*>(leaf.data()), &leaf.layout(), sizeof(T)};
        });
        const index_t run =
            detail::direct_run(reinterpret_cast<const std::byte*>(data), layout, sizeof(D), leaves, fresh);
        if (run == 0) return false;
        if (count < parallel_min_elements) {
            detail::store_direct(data, value, leaves, run, 0, count);
            return true;
        }
        // Threads take pieces of whole runs, or of elements when there is one run.
        const index_t unit = run == count ? 1 : run;
        parallel_for(count / unit, true, [&](index_t first, index_t last) {
            detail::store_direct(data, value, leaves, run, first * unit, last * unit);
        });
        return true;
    }
}

}  // namespace loom
