#pragma once
// The store kernel of the plans whose runs need no block buffer.
//
// Note [unbuffered runs]: when a plan is not tiled, its destination is
// written element after element along the inner dimension, and every leaf
// is read in place there (inner stride 1), or, for one leaf at most,
// repeats one element along each run (inner stride 0: a broadcast), no
// leaf needs a block buffer. The unbuffered kernel then makes each run's
// reader straight from the operands' addresses (in_place_reader,
// readers.hpp) and stores the whole run in one call; the repeated leaf, the
// splat, is read once per run into a scalar_reader, which the compiler
// keeps in a register as it does in a hand-written loop. It declares its
// number of operands, so that the loop moves their addresses on in an
// array whose size the expression fixes (sized_kernel, loop.hpp). The
// store kernel would instead write the element into a buffer along the run
// and read it back, and keep its cursors' state in memory between runs: on
// runs of 128 float32 elements, `(32, 64, 1, 128) + (64, 32, 1)`, this
// kernel executes about 100 instructions per run where the store kernel
// executed 320.
//
// The splat's place in the tree decides the reader's type, so it is a
// template parameter: an expression compiles one kernel per leaf that may
// repeat, besides the one where none does (whose reader is the direct
// path's). Expressions of more than loop_plan::max_splat_leaves leaves
// compile none, and a repeated leaf of theirs goes through the store
// kernel's buffer.

#include <cstddef>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

/// Stores `value`, whose leaf Splat (in tree order from 0, operand Splat + 1
/// of the plan; or no_splat) repeats along each run, into operand 0 of type
/// D (Note [unbuffered runs]).
template <element D, expression E, std::size_t Splat>
class unbuffered_kernel {
public:
    /// The destination and the leaves (sized_kernel in loop.hpp).
    static constexpr std::size_t operands = leaf_count<E> + 1;

    explicit unbuffered_kernel(const E& value) : value_(&value) {}

    void operator()(const std::byte* const* data, const index_t*, index_t count) const {
        D* const out = const_cast<D*>(reinterpret_cast<const D*>(data[0]));
        // The leaves are operands 1, 2, ...: without a splat, the direct path's reader.
        store_block(out, in_place_reader<Splat, 0>(*value_, data + 1), count);
    }

private:
    const E* value_;
};

/// Runs units [first, last) of `plan`, whose unbuffered_splat() is `splat`,
/// with the unbuffered kernel that repeats that operand.
template <element D, expression E>
void run_unbuffered(const loop_plan& plan, const E& value, std::size_t splat, index_t first, index_t last) {
    const auto run = [&]<std::size_t S>() {
        unbuffered_kernel<D, E, S> kernel(value);
        run_plan(plan, kernel, first, last);
    };
    if constexpr (leaf_count<E> <= loop_plan::max_splat_leaves) {
        [&]<std::size_t... K>(std::index_sequence<K...>) {
            const bool repeated = ((splat == K + 1 && (run.template operator()<K>(), true)) || ...);
            if (!repeated) run.template operator()<no_splat>();
        }(std::make_index_sequence<leaf_count<E>>{});
    } else {
        run.template operator()<no_splat>();  // the plan repeats no leaf of an expression this large
    }
}

}  // namespace loom
