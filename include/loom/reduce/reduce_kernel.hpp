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
// into their result one after the other. The chunks, lanes and runs depend
// only on the operand's shape, never on its layout or on the instruction
// set: a transposed or strided view sums to exactly what its copy sums to
// (the plan never merges two reduced dimensions, reduce_into.hpp).

#include <array>
#include <cstddef>

#include "loom/core/shape.hpp"
#include "loom/eval/plan.hpp"
#include "loom/reduce/reducers.hpp"

namespace loom {

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
        if (strides[0] == 0) *out = R::combine(*out, reduce_run(count));
        else fold_run(out, strides[0], count);
    }

private:
    static constexpr index_t chunk = loop_plan::block_size;

    // One result from the whole run (Note [pairwise sums]).
    A reduce_run(index_t count) {
        std::array<A, 64> carries;  // carries[level]: the sum of 2^level chunks, when bit `level` of `chunks` is set
        index_t chunks = 0;
        for (index_t start = 0; start < count; start += chunk) {
            const index_t n = std::min(chunk, count - start);
            root_.load_block(start, n);
            A sum = reduce_chunk(root_.reader(start), n);
            std::size_t level = 0;
            for (index_t c = chunks; (c & 1) != 0; c >>= 1, ++level) sum = R::combine(carries[level], sum);
            carries[level] = sum;
            ++chunks;
        }
        A total = R::identity();
        bool first = true;
        for (std::size_t level = 0; chunks != 0; chunks >>= 1, ++level) {
            if ((chunks & 1) == 0) continue;
            total = first ? carries[level] : R::combine(carries[level], total);
            first = false;
        }
        return total;
    }

    template <class Reader>
    static A reduce_chunk(Reader reader, index_t n) {
        if (n < static_cast<index_t>(lanes)) {
            A sum = R::identity();
            for (index_t i = 0; i < n; ++i) sum = R::combine(sum, static_cast<A>(reader(i)));
            return sum;
        }
        std::array<A, lanes> partial;
        for (std::size_t j = 0; j < lanes; ++j) partial[j] = static_cast<A>(reader(static_cast<index_t>(j)));
        index_t i = lanes;
        for (; i + static_cast<index_t>(lanes) <= n; i += lanes) {
            for (std::size_t j = 0; j < lanes; ++j) {
                partial[j] = R::combine(partial[j], static_cast<A>(reader(i + static_cast<index_t>(j))));
            }
        }
        for (std::size_t width = lanes / 2; width > 0; width /= 2) {
            for (std::size_t j = 0; j < width; ++j) partial[j] = R::combine(partial[j], partial[j + width]);
        }
        A sum = partial[0];
        for (; i < n; ++i) sum = R::combine(sum, static_cast<A>(reader(i)));
        return sum;
    }

    // Element i of the run folds into out[i * stride].
    void fold_run(A* out, index_t stride, index_t count) {
        for (index_t start = 0; start < count; start += chunk) {
            const index_t n = std::min(chunk, count - start);
            root_.load_block(start, n);
            const auto reader = root_.reader(start);
            A* const first = out + start * stride;
            if (stride == 1) {
                for (index_t i = 0; i < n; ++i) first[i] = R::combine(first[i], static_cast<A>(reader(i)));
            } else {
                for (index_t i = 0; i < n; ++i) first[i * stride] = R::combine(first[i * stride], static_cast<A>(reader(i)));
            }
        }
    }

    Cursor root_;
};

}  // namespace loom
