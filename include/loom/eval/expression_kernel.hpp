#pragma once
// The expression's kernel: the one piece of the store path compiled for
// each expression (Note [one kernel per expression]).
//
// Note [one kernel per expression]: an assignment compiles, for its
// expression, little more than the walks over its leaves (Note [leaf
// table] in leaves.hpp, Note [one run] in assign.hpp) and this kernel: it stores `count` results of the
// expression into operand 0, reading every leaf where it lies, element i
// of each at i. Everything around it is compiled once, whatever the
// expression: the direct path hands it runs of leaves that lie in order
// (direct.hpp), the plan's loop hands it runs (loop.hpp), and the store
// kernel hands it blocks of runs whose leaves it has first gathered or
// repeated into block buffers, and whose results it scatters
// (store_kernel.hpp); the temporary of aliasing, tiles, streaming stores
// and threads are theirs. So a file of many expressions compiles the
// engine once and a kernel per expression.
//
// Note [unbuffered runs]: when a plan is not tiled, its destination is
// written element after element along the inner dimension, and every leaf
// is read in place there (inner stride 1), or, for one leaf at most,
// repeats one element along each run (inner stride 0: a broadcast), no
// leaf needs a block buffer: the loop hands the kernel whole runs. The
// repeated leaf, the splat, is read once per run into a scalar_reader,
// which the compiler keeps in a register as it does in a hand-written
// loop; the store kernel would instead repeat it along a buffer and read
// it back. On runs of 128 float32 elements, `(32, 64, 1, 128) + (64, 32,
// 1)`, the kernel that repeats the splat executes about 100 instructions
// per run where the store kernel executed 320. The splat's place in the
// tree decides the reader's type, so it is a template parameter: an
// expression compiles one kernel per leaf that may repeat, besides the one
// where none does. Expressions of more than loop_plan::max_splat_leaves
// leaves compile none, and a repeated leaf of theirs goes through the
// store kernel's buffer.
//
// Cost of including: core/apply_elements.hpp, eval/loop.hpp, eval/plan.hpp,
// eval/readers.hpp, eval/simd.hpp and eval/store_kernel.hpp (their own
// costs), <array> and <span>.

#include <array>
#include <cstddef>
#include <span>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/shape.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/simd.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// The reader an expression kernel makes of E, for its SIMD batches (path_of).
template <class E>
using in_place_reader_of =
    decltype(in_place_reader<no_splat, 0>(std::declval<const E&>(), std::declval<const std::byte* const*>()));

/// True when the expression kernel of E into elements of D is a
/// streaming_kernel: E is evaluated in SIMD batches of exact functions, the
/// only trees the direct path streams (Note [streaming stores] in
/// streaming_stores.hpp; choose_path).
template <class E, class D>
inline constexpr bool streams_from_registers = simd::batches_give_scalar_bits<in_place_reader_of<E>, D>;

/// Stores `value` into operand 0 of type D, run by run, every leaf read in
/// place; leaf Splat (in tree order from 0, operand Splat + 1 of the loop;
/// or no_splat) repeats its first element along each run (Note [one kernel
/// per expression], Note [unbuffered runs]). It reads no strides: every
/// operand it is handed steps by one element.
template <element D, expression E, std::size_t Splat>
class expression_kernel {
public:
    /// The destination and the leaves (sized_kernel in loop.hpp).
    static constexpr std::size_t operands = leaf_count<E> + 1;

    explicit expression_kernel(const E& value) : value_(&value) {}

    void operator()(const std::byte* const* data, const index_t*, index_t count) const {
        // Operand 0 is the destination, the one operand the loop writes.
        D* const out = const_cast<D*>(reinterpret_cast<const D*>(data[0]));
        const auto reader = in_place_reader<Splat, 0>(*value_, data + 1);
        if constexpr (simd::batches_give_scalar_bits<decltype(reader), D>) {
            // Note [short runs] in simd.hpp.
            if (count < simd::batch_lanes<D>) return simd::store_short(out, reader, count);
        }
        store_block(out, reader, count);
    }

    /// The runs of `runs`, run_rows::streamed, each batch stored from its
    /// register with a non-temporal store (Note [streaming stores] in
    /// streaming_stores.hpp): for the trees evaluated in SIMD batches of
    /// exact functions, the only ones the direct path streams.
    void stream(const run_rows& runs) const
        requires(Splat == no_splat && streams_from_registers<E, D>)
    {
        auto stream_run = [this](const std::byte* const* data, const index_t*, index_t count) {
            D* const out = const_cast<D*>(reinterpret_cast<const D*>(data[0]));
            simd::stream_exact_batches(out, in_place_reader<Splat, 0>(*value_, data + 1), count);
        };
        for_each_run(runs, stream_run);
    }

private:
    const E* value_;
};

/// An expression's kernels as the engine's functions, compiled once, take
/// them: the kernel that reads every leaf in place, and the kernels that
/// repeat one leaf (Note [unbuffered runs]).
struct kernel_set {
    /// Every leaf read in place.
    kernel_ref in_place;
    /// splats[k - 1] repeats operand k; empty for an expression of more
    /// than loop_plan::max_splat_leaves leaves.
    std::span<const kernel_ref> splats;
    /// Whether `in_place` streams the runs it is handed as streamed (streams_from_registers).
    bool streams;

    /// The kernel for loop_plan::unbuffered_splat()'s answer `operand` (0: none repeats).
    kernel_ref for_splat(std::size_t operand) const { return operand == 0 ? in_place : splats[operand - 1]; }
};

/// The kernels of storing `value` into elements of D, which must outlive them.
template <element D, expression E>
class expression_kernels {
public:
    explicit expression_kernels(const E& value) : in_place_(value), splats_(make_splats(value, leaves())) {}
    expression_kernels(const expression_kernels&) = delete;
    expression_kernels& operator=(const expression_kernels&) = delete;

    kernel_set set() {
        return {in_place_, std::span<const kernel_ref>(splat_refs_.data(), splat_refs_.size()),
                streams_from_registers<E, D>};
    }

private:
    static constexpr std::size_t splat_count = leaf_count<E> <= loop_plan::max_splat_leaves ? leaf_count<E> : 0;
    static auto leaves() { return std::make_index_sequence<splat_count>{}; }

    template <std::size_t... K>
    static auto make_splats(const E& value, std::index_sequence<K...>) {
        return detail::element_pack<expression_kernel<D, E, K>...>{{expression_kernel<D, E, K>(value)}...};
    }
    template <std::size_t... K>
    std::array<kernel_ref, splat_count> refs(std::index_sequence<K...>) {
        return {kernel_ref(detail::pack_element<K>(splats_))...};
    }

    expression_kernel<D, E, no_splat> in_place_;
    decltype(make_splats(std::declval<const E&>(), leaves())) splats_;
    std::array<kernel_ref, splat_count> splat_refs_ = refs(leaves());
};

}  // namespace loom
