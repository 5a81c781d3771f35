#pragma once
// The accumulating kernel: a reduction run by the one loop. The plan walks
// the operand's index space; the result is operand 0, with stride 0 along
// the reduced dimensions (reduce_into.hpp). A run along a reduced dimension
// (result stride 0) folds into one result element; a run along a kept one
// folds element by element into a row of results.
//
// Note [pairwise sums]: a float sum along a run is cut into chunks of
// loop_plan::block_size elements; each chunk is summed in `lanes`
// interleaved partial sums (element i into lane i % lanes), which the
// compiler keeps in vector registers, then the lanes are added as a
// balanced tree; the chunk sums are combined as a binary counter combines
// its carries, so that a run of n elements is summed as a balanced tree of
// depth about log2(n) over its chunks. The error grows as O(log n), not as
// O(n) for a running sum, like NumPy's pairwise summation. Runs are added
// into their result one after the other (on threads, a large reduction may
// add them in pieces, and cuts a long run only between whole subtrees of
// 2^k chunks: Note [fixed partition of reductions] in
// reduce_on_threads.hpp). The chunks, lanes and runs depend only on the
// operand's shape, never on its layout or on the instruction set: a
// transposed or strided view sums to exactly what its copy sums to (the
// plan never merges two reduced dimensions, reduce_into.hpp).
//
// Note [chunks in batches]: a chunk of a float32 or float64 sum, product,
// max or min whose expression has batch forms that give the scalar bits
// (arithmetic, sqrt, floor, ...; not exp or sin: Note [batch forms] in
// eval/simd.hpp) is folded in xsimd batches: the `lanes` partial results
// are lanes / B::size batches, batch k holding lanes k * B::size to
// (k + 1) * B::size - 1, so that element i still goes into lane i % lanes,
// in the same order, and every element and every partial result has the
// bits of the scalar form.
// The tree over the lanes runs in batches too: first batch with batch,
// while its width is whole batches, then halves of a batch
// (simd::fold_halves). The compilers differ in how well they vectorise
// the scalar form, whose lanes are an array: clang kept it in memory and
// ran three times g++'s instructions on `sum(a * b)`, and g++ at -O2 left
// the tree 31 scalar steps through memory, which took two thirds of
// `sum(x, 1)`.
//
// Note [runs folded together]: when the reduced dimension is not the inner
// one (`sum(x, 0)` of a matrix), every run of a block folds into the same
// run of results, element by element. Folded one run at a time, each run
// loads and stores the whole result run again; folded runs_at_once at a
// time, each result element is loaded once, combined with the runs in
// their order, and stored once: the same combinations in the same order,
// so the same bits, with a quarter of the result's loads and stores. Only
// a block whose every operand has inner stride 1 is folded so (in batches
// of results where the chunks are: Note [chunks in batches]): its runs are
// read where they lie, through one reader per run for the whole run (a
// broadcast or strided operand is read through one block buffer, which
// each run refills). Cut into blocks of loop_plan::block_size, as a run is
// for block buffers, the same fold took half as long again. On an AMD EPYC
// (Zen 5), `sum(x, 0)` of (4096, 4096) float32 takes 1.5 ms so, against
// 2.4 ms one run at a time (benchmarks/bench_reductions.cpp).

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/core/unroll.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/plan.hpp"
#include "loom/eval/simd.hpp"
#include "loom/reduce/reducers.hpp"

namespace loom {

/// Values of equal blocks of elements combined as a binary counter combines
/// its carries (Note [pairwise sums]): level k holds the value of 2^k blocks.
template <reducer R>
class carry_counter {
public:
    using A = typename R::accumulator;

    /// Adds the value of the next block.
    void add(A value) {
        std::size_t level = 0;
        for (index_t c = count_; (c & 1) != 0; c >>= 1, ++level) value = R::combine(carries_[level], value);
        carries_[level] = value;
        ++count_;
    }

    /// The value of every block added, lowest level first; `tail`, when
    /// given, is the value of fewer elements than a block that follow them,
    /// and comes first. R's identity when there is nothing.
    A total(std::optional<A> tail = std::nullopt) const {
        A total = tail.value_or(R::identity());
        bool first = !tail.has_value();
        index_t blocks = count_;
        for (std::size_t level = 0; blocks != 0; blocks >>= 1, ++level) {
            if ((blocks & 1) == 0) continue;
            total = first ? carries_[level] : R::combine(carries_[level], total);
            first = false;
        }
        return total;
    }

private:
    std::array<A, 64> carries_;
    index_t count_ = 0;
};

/// Reduces the expression that `Cursor` reads into operand 0, whose
/// elements are R's accumulators, initialised to R's identity.
template <reducer R, class Cursor>
class reduce_kernel {
public:
    using A = typename R::accumulator;

    /// Partial results per chunk: enough to fill a 64-byte vector of floats twice.
    static constexpr std::size_t lanes = 32;

    explicit reduce_kernel(Cursor root) : root_(std::move(root)) {}

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        root_.start_run(data, strides);
        A* const out = const_cast<A*>(reinterpret_cast<const A*>(data[0]));
        if (strides[0] == 0) *out = R::combine(*out, reduce_run(0, count));
        else fold_run(out, strides[0], count);
    }

    /// A block of runs from the loop (loop.hpp's rows_kernel): folded
    /// runs_at_once at a time when they all fold into one result run and are
    /// read in place (Note [runs folded together]), else one by one.
    void rows(const run_rows& runs) {
        constexpr auto group = static_cast<index_t>(runs_at_once);
        bool together = runs.rows >= group && runs.row_bytes[0] == 0 && runs.strides[0] == 1;
        for (std::size_t k = 1; k < runs.operands && together; ++k) together = runs.strides[k] == 1;
        if (!together) return for_each_run(runs, *this);
        small_vector<const std::byte*, 16> data(runs.data, runs.data + runs.operands), at(runs.operands);
        A* const out = const_cast<A*>(reinterpret_cast<const A*>(data[0]));
        index_t r = 0;
        for (; r + group <= runs.rows; r += group) fold_runs(out, data, at, runs);
        for (; r < runs.rows; ++r) {
            (*this)(data.data(), runs.strides, runs.count);
            for (std::size_t k = 1; k < runs.operands; ++k) data[k] += runs.row_bytes[k];
        }
    }

    /// Elements [first, last) of a run along a reduced dimension, reduced to
    /// one value without touching operand 0; `first` a multiple of
    /// loop_plan::block_size. A run cut into parts of 2^k chunks, the
    /// parts' values added to a carry_counter in order and a shorter last
    /// part given to its total(), gives exactly the whole run's value.
    A reduce_part(const std::byte* const* data, const index_t* strides, index_t first, index_t last) {
        root_.start_run(data, strides);
        return reduce_run(first, last);
    }

private:
    static constexpr index_t chunk = loop_plan::block_size;

    // One result from elements [first, last) of the run, `first` a multiple
    // of `chunk` (Note [pairwise sums]).
    A reduce_run(index_t first, index_t last) {
        carry_counter<R> chunks;
        // Steps of n, not chunk: a run that ends near the largest index_t
        // would otherwise step past it after its last chunk.
        for (index_t start = first, n = 0; start < last; start += n) {
            n = std::min(chunk, last - start);
            root_.load_block(start, n);
            chunks.add(reduce_chunk(root_.reader(start), n));
        }
        return chunks.total();
    }

    template <class Reader>
    static A reduce_chunk(Reader reader, index_t n) {
        if (n < static_cast<index_t>(lanes)) {
            A sum = R::identity();
            for (index_t i = 0; i < n; ++i) sum = R::combine(sum, static_cast<A>(reader(i)));
            return sum;
        }
        std::array<A, lanes> partial;
        index_t i = lanes;
        if constexpr (folds_in_batches<Reader>) {
            i = fold_batches(reader, n, partial);  // Note [chunks in batches]
        } else {
            for (std::size_t j = 0; j < lanes; ++j) partial[j] = static_cast<A>(reader(static_cast<index_t>(j)));
            for (; i + static_cast<index_t>(lanes) <= n; i += lanes) {
                for (std::size_t j = 0; j < lanes; ++j) {
                    partial[j] = R::combine(partial[j], static_cast<A>(reader(i + static_cast<index_t>(j))));
                }
            }
            for (std::size_t width = lanes / 2; width > 0; width /= 2) {
                for (std::size_t j = 0; j < width; ++j) partial[j] = R::combine(partial[j], partial[j + width]);
            }
        }
        A sum = partial[0];
        for (; i < n; ++i) sum = R::combine(sum, static_cast<A>(reader(i)));
        return sum;
    }

    // Sums, products, max and min (the reducers whose combine is an
    // element-wise function with a batch form) of float32 or float64 whose
    // expression has batch forms with the scalar bits.
    template <class Reader>
    static constexpr bool folds_in_batches = [] {
        if constexpr (simd::batches_give_scalar_bits<Reader, A> && requires { typename R::function; }) {
            return lanes % simd::batch<A>::size == 0;
        } else {
            return false;
        }
    }();

    // The batch of `reader`'s elements from `first` on.
    template <class B, class Reader>
    static B batch_at(const Reader& reader, index_t first) {
        return simd::evaluate<B>(reader, [first](const auto* block) { return B::load_unaligned(block + first); });
    }

    template <class B>
    static B combine_batches(const B& a, const B& b) {
        return simd::batch_form<typename R::function>{}(a, b);
    }

    // The whole groups of `lanes` elements of a chunk of n folded into
    // `partial`, whose lanes are then combined as a balanced tree into
    // partial[0]; returns the first element after them (Note [chunks in batches]).
    template <class Reader>
    static index_t fold_batches(const Reader& reader, index_t n, std::array<A, lanes>& partial) {
        using B = simd::batch<A>;
        constexpr std::size_t batches = lanes / B::size;
        std::array<B, batches> folded;
        LOOM_UNROLL(8)
        for (std::size_t k = 0; k < batches; ++k) folded[k] = batch_at<B>(reader, static_cast<index_t>(k * B::size));
        index_t i = lanes;
        for (; i + static_cast<index_t>(lanes) <= n; i += lanes) {
            LOOM_UNROLL(8)
            for (std::size_t k = 0; k < batches; ++k) {
                folded[k] = combine_batches(folded[k], batch_at<B>(reader, i + static_cast<index_t>(k * B::size)));
            }
        }
        // The tree's levels whose width is whole batches: lane j with lane
        // j + width is batch k with batch k + width / B::size.
        LOOM_UNROLL(8)
        for (std::size_t width = batches / 2; width > 0; width /= 2) {
            LOOM_UNROLL(8)
            for (std::size_t k = 0; k < width; ++k) folded[k] = combine_batches(folded[k], folded[k + width]);
        }
        folded[0].store_unaligned(partial.data());
        simd::fold_halves<typename R::function, B::size / 2>(partial.data());
        return i;
    }

    static constexpr std::size_t runs_at_once = 4;

    // The next runs_at_once runs of `runs`, their operands at `data` (moved
    // on past them here), folded together into the results at `out` (Note
    // [runs folded together]); `at` holds one run's operands.
    void fold_runs(A* out, small_vector<const std::byte*, 16>& data, small_vector<const std::byte*, 16>& at,
                   const run_rows& runs) {
        // The reader of run q of the next ones: its leaves are read in place,
        // so one reader serves the whole run, without cutting it into blocks.
        const auto reader_of_run = [&](index_t q) {
            for (std::size_t k = 0; k < runs.operands; ++k) at[k] = data[k] + q * runs.row_bytes[k];
            root_.start_run(at.data(), runs.strides);
            return root_.reader(0);
        };
        const auto readers = [&]<std::size_t... Q>(std::index_sequence<Q...>) {
            return std::array{reader_of_run(static_cast<index_t>(Q))...};  // braced: in order
        }(std::make_index_sequence<runs_at_once>{});
        index_t i = 0;
        if constexpr (folds_in_batches<typename decltype(readers)::value_type>) {
            using B = simd::batch<A>;
            for (; i + static_cast<index_t>(B::size) <= runs.count; i += static_cast<index_t>(B::size)) {
                B value = B::load_unaligned(out + i);
                LOOM_UNROLL(8)
                for (const auto& reader : readers) value = combine_batches(value, batch_at<B>(reader, i));
                value.store_unaligned(out + i);
            }
        }
        for (; i < runs.count; ++i) {
            A value = out[i];
            for (const auto& reader : readers) value = R::combine(value, static_cast<A>(reader(i)));
            out[i] = value;
        }
        for (std::size_t k = 1; k < runs.operands; ++k) {
            data[k] += static_cast<index_t>(runs_at_once) * runs.row_bytes[k];
        }
    }

    // Element i of the run folds into out[i * stride].
    void fold_run(A* out, index_t stride, index_t count) {
        for (index_t start = 0, n = 0; start < count; start += n) {  // steps of n: see reduce_run
            n = std::min(chunk, count - start);
            root_.load_block(start, n);
            const auto reader = root_.reader(start);
            A* const first = out + start * stride;
            if (stride == 1) {
                index_t i = 0;
                if constexpr (folds_in_batches<decltype(reader)>) {
                    using B = simd::batch<A>;
                    for (; i + static_cast<index_t>(B::size) <= n; i += static_cast<index_t>(B::size)) {
                        combine_batches(B::load_unaligned(first + i), batch_at<B>(reader, i)).store_unaligned(first + i);
                    }
                }
                for (; i < n; ++i) first[i] = R::combine(first[i], static_cast<A>(reader(i)));
            } else {
                for (index_t i = 0; i < n; ++i) first[i * stride] = R::combine(first[i * stride], static_cast<A>(reader(i)));
            }
        }
    }

    Cursor root_;
};

}  // namespace loom
