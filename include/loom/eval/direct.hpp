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
// every larger one, and the destination's). The store kernel runs on those
// runs as on any plan's. Aliasing reduces to one question: a leaf that
// meets the destination must be the destination itself, read whole;
// anything else leaves the decision to the plan. Runs shorter than
// min_direct_run (a leaf of one element beside a large array) leave it to
// the plan too, whose broadcast buffers cost less than a call per element.
// TensorIterator's fast_set_up and NumPy's trivial loops do the same.

#include <array>
#include <cstddef>
#include <cstdint>

#include "loom/core/layout.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// Runs shorter than this go through the plan (Note [direct path]), unless
/// the whole array is no larger than direct_small_size.
inline constexpr index_t min_direct_run = 16;
inline constexpr index_t direct_small_size = 1024;

/// Stores `value` into the contiguous memory at `data` of `layout` by the
/// direct path, when its leaves allow it (Note [direct path]); returns false
/// without having written anything when they do not. `fresh`: the memory
/// was just allocated, so no leaf can meet it.
template <element D, expression E>
bool run_direct(D* data, const strided_layout& layout, const E& value, bool fresh) {
    if constexpr (has_placement<E>) {
        return false;
    } else {
        constexpr std::size_t operands = leaf_count<E> + 1;
        if (!layout.is_row_major()) return false;
        const shape_type& shape = layout.shape();
        const index_t count = layout.size();
        const auto destination = reinterpret_cast<std::uintptr_t>(data);

        std::array<const std::byte*, operands> first{reinterpret_cast<const std::byte*>(data)};
        std::array<index_t, operands> bytes{};  // each leaf's whole size, in bytes
        std::array<index_t, operands> element_bytes{static_cast<index_t>(sizeof(D))};
        index_t run = count;
        bool direct = true;
        std::size_t k = 1;
        for_each_leaf(value, [&](const auto& leaf) {
            const strided_layout& own = leaf.layout();
            const shape_type& sizes = own.shape();
            std::size_t lead = 0;  // leading 1s, which broadcast like absent dimensions
            while (lead < sizes.size() && sizes[lead] == 1) ++lead;
            const std::size_t tail = sizes.size() - lead;
            direct = direct && own.is_row_major() && tail <= shape.size() &&
                     std::equal(sizes.begin() + lead, sizes.end(), shape.end() - tail);
            if (!direct) return;
            using T = value_type_of<decltype(leaf)>;
            const index_t size = own.size();
            first[k] = reinterpret_cast<const std::byte*>(leaf.data());
            element_bytes[k] = sizeof(T);
            bytes[k] = size * static_cast<index_t>(sizeof(T));
            if (!fresh && count > 0) {
                const auto address = reinterpret_cast<std::uintptr_t>(leaf.data());
                const bool meets = address < destination + static_cast<std::uintptr_t>(count) * sizeof(D) &&
                                   destination < address + static_cast<std::uintptr_t>(bytes[k]);
                direct = !meets || (address == destination && size == count && sizeof(T) == sizeof(D));
            }
            if (size < run) run = size;
            ++k;
        });
        if (!direct) return false;
        if (count == 0) return true;
        if (run < min_direct_run && count > direct_small_size) return false;

        std::array<index_t, operands> ones;
        ones.fill(1);
        block_buffers no_buffers;
        std::size_t next = 1;
        store_kernel<D, decltype(make_cursor(value, next, no_buffers))> kernel(make_cursor(value, next, no_buffers),
                                                                              run, nullptr);
        std::array<const std::byte*, operands> at = first;
        for (index_t done = 0; done < count; done += run) {
            kernel(at.data(), ones.data(), run);
            at[0] += run * element_bytes[0];
            for (std::size_t j = 1; j < operands; ++j) {
                at[j] += run * element_bytes[j];
                if (at[j] == first[j] + bytes[j]) at[j] = first[j];
            }
        }
        return true;
    }
}

}  // namespace loom
