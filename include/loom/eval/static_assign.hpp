#pragma once
// Note [static path]: an element-wise value whose shape is fixed
// (static_shape_of_t, expr/static_shape_of.hpp), stored into memory that
// is row-major with that shape, needs no plan, no shape check and no
// choice of path: one straight loop over the compile-time element count,
// each leaf (a tensor of fixed shape, or a constant) read at an offset
// whose strides are compile-time constants, 0 along the dimensions it is
// broadcast over. No leaf can overlap such a destination except the
// destination itself, read at the very element being written: a fixed
// leaf owns its elements, and one that broadcasts to the value's shape and
// holds as many elements as the destination has that shape.
//
// Cost of including: <array>, <cstddef>, core/apply_elements.hpp, eval/readers.hpp,
// eval/store_kernel.hpp and the expr/ headers it names.

#include <array>
#include <cstddef>

#include "loom/core/apply_elements.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/static_shape.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/store_kernel.hpp"
#include "loom/expr/node_protocol.hpp"
#include "loom/expr/static_shape_of.hpp"

namespace loom::detail {

// The strides of fixed shape Leaf read in fixed shape Out, which it
// broadcasts to: row-major strides, 0 along dimensions of size 1 or absent,
// aligned on the right.
template <class Leaf, class Out>
constexpr std::array<index_t, Out::rank> static_strides() {
    std::array<index_t, Out::rank> strides{};
    index_t step = 1;
    for (std::size_t j = Leaf::rank; j-- > 0;) {
        const std::size_t d = Out::rank - Leaf::rank + j;
        strides[d] = Leaf::sizes[j] == 1 ? 0 : step;
        step *= Leaf::sizes[j];
    }
    return strides;
}

// The offset of element `i` (row-major in Out) in a leaf of fixed shape Leaf.
template <class Leaf, class Out>
constexpr index_t static_offset(index_t i) {
    if constexpr (Leaf::count == Out::count) {
        return i;  // the same sizes, perhaps below leading 1s
    } else {
        constexpr std::array<index_t, Out::rank> strides = static_strides<Leaf, Out>();
        index_t offset = 0;
        for (std::size_t d = Out::rank; d-- > 0;) {
            offset += (i % Out::sizes[d]) * strides[d];
            i /= Out::sizes[d];
        }
        return offset;
    }
}

// True when every leaf of `E` (fixed shapes) holds Out's count of elements:
// each is read at the destination's offsets, none is broadcast.
template <class Out, class E>
constexpr bool flat_static() {
    if constexpr (memory_leaf<E>) return static_shape_of_t<E>::count == Out::count;
    else if constexpr (elementwise_expression<E>) {
        return over_children<E>([]<class... C>() { return (flat_static<Out, C>() && ...); });
    } else return true;
}

// The reader of `value` whose leaves are read from `first` on, element i at
// i (eval/readers.hpp): a value none of whose leaves is broadcast.
template <class E>
auto flat_reader(const E& value) {
    using T = value_type_of<E>;
    if constexpr (memory_leaf<E>) {
        return leaf_reader<T>{value.data()};
    } else if constexpr (constant_expression<E>) {
        return scalar_reader<T>{value.value()};
    } else {
        return detail::apply_elements([&](const auto&... operands) {
            return make_node_reader(value.function(), flat_reader(operands)...);
        }, value.operands());
    }
}

// Element `i` of `value`, of fixed shape broadcast to Out.
template <class Out, class E>
auto static_element(const E& value, index_t i) {
    if constexpr (memory_leaf<E>) {
        return value.data()[static_offset<static_shape_of_t<E>, Out>(i)];
    } else if constexpr (constant_expression<E>) {
        return value.value();
    } else if constexpr (elementwise_expression<E>) {
        return detail::apply_elements(
            [&](const auto&... operands) { return value.function()(static_element<Out>(operands, i)...); },
            value.operands());
    } else {
        static_assert(dependent_false<E>, "a value of fixed shape is a tensor of fixed shape, a scalar, or an "
                                          "element-wise node of them");
    }
}

/// Stores `value`, of a fixed shape that broadcasts to Out, into the row-major memory at `data`
/// of shape Out (Note [static path]).
template <class Out, element D, expression E>
void run_static(D* data, const E& value) {
    record_path(path_kind::static_shape);  // Note [path trace]
    if constexpr (flat_static<Out, E>()) {
        store_block(data, flat_reader(value), Out::count);  // every leaf read as the destination is
    } else {
        for (index_t i = 0; i < Out::count; ++i) data[i] = static_cast<D>(static_element<Out>(value, i));
    }
}

/// True when `layout` is row-major with the sizes of fixed shape Out.
template <class Out>
bool is_static_destination(const strided_layout& layout) {
    if (!layout.is_row_major() || layout.rank() != Out::rank) return false;
    for (std::size_t d = 0; d < Out::rank; ++d) {
        if (layout.extent(d) != Out::sizes[d]) return false;
    }
    return true;
}

/// True when `layout` is row-major of rank R: a destination the ranked path may store into
/// (Note [ranked path]), when the value's leaves fit its sizes.
template <std::size_t R>
bool is_ranked_destination(const strided_layout& layout) {
    return layout.is_row_major() && layout.rank() == R;
}

// Note [ranked path]: an element-wise value whose rank R is known at
// compile time (its leaves are tensors of rank<R> or fixed shapes, and
// constants: static_rank_of_v), stored into row-major memory of rank R,
// runs R nested loops with no plan: each leaf's strides in the
// destination's index space are computed once (0 where it is broadcast),
// each row of the last dimension is one straight loop. A leaf given a shape
// that no longer fits the destination since the expression was built (Note
// [stale operands] in build_plan.hpp) is left to the engine, which refuses
// it. What no leaf can overlap is as in Note [static path]: the leaves own
// their elements. Every rank here is a type's (a rank<R> tensor keeps its
// rank), so shapes are compared in R unrolled steps (equal_sizes) and a
// leaf's strides computed over its type's rank: 100 to 170 fewer
// instructions per evaluation of `m + row` and `a * b + c - d` on rank<2>
// tensors than loops over run-time ranks took.

template <std::size_t R, class T>
struct ranked_leaf {
    const T* first;
    std::array<index_t, R> strides;
    const T* row = nullptr;

    void seek(const std::array<index_t, R>& index) {
        row = first;
        for (std::size_t d = 0; d + 1 < R; ++d) row += index[d] * strides[d];
    }
    // The next row along dimension R - 2, which the caller knows has one.
    void advance() { row += strides[R - 2]; }
    T operator()(index_t j) const { return row[j * strides[R - 1]]; }
    bool unit_inner() const { return strides[R - 1] == 1; }
    leaf_reader<T> row_reader() const { return {row}; }
};

template <std::size_t R, class T>
struct ranked_constant {
    T value;
    void seek(const std::array<index_t, R>&) {}
    void advance() {}
    T operator()(index_t) const { return value; }
    bool unit_inner() const { return true; }
    scalar_reader<T> row_reader() const { return {value}; }
};

template <std::size_t R, class F, class... Readers>
struct ranked_node {
    F function;
    detail::element_pack<Readers...> operands;

    void seek(const std::array<index_t, R>& index) {
        detail::apply_elements([&](Readers&... r) { (r.seek(index), ...); }, operands);
    }
    void advance() {
        detail::apply_elements([](Readers&... r) { (r.advance(), ...); }, operands);
    }
    auto operator()(index_t j) const {
        return detail::apply_elements([&](const Readers&... r) { return function(r(j)...); }, operands);
    }
    bool unit_inner() const {
        return detail::apply_elements([](const Readers&... r) { return (r.unit_inner() && ...); }, operands);
    }
    auto row_reader() const {
        return detail::apply_elements(
            [&](const Readers&... r) { return make_node_reader(function, r.row_reader()...); },
            operands);
    }
};

// The reader of `value` in a destination of shape `out`, of rank R; `fits`
// turns false for a leaf that does not broadcast to `out`, `flat` for a leaf
// of another shape than `out`. Inlined into run_ranked, so that the strides
// stay in registers instead of being stored and read back whole.
template <std::size_t R, class E>
[[gnu::always_inline]] inline auto ranked_reader(const E& value, const shape_type& out, bool& fits, bool& flat) {
    using T = value_type_of<E>;
    if constexpr (memory_leaf<E>) {
        // The leaf's rank L is its type's (a tensor of rank<L> or of fixed
        // shape keeps it), at most R: the loop below has a constant trip count.
        constexpr std::size_t L = static_cast<std::size_t>(static_rank_of_v<E>);
        static_assert(static_rank_of_v<E> >= 0 && L <= R);
        const shape_type& shape = value.shape();
        ranked_leaf<R, T> leaf{value.data(), {}};
        if constexpr (L != R) flat = false;
        index_t step = 1;
        for (std::size_t j = L; j-- > 0;) {
            const std::size_t d = R - L + j;
            if (shape[j] != out[d]) {
                if (shape[j] != 1) fits = false;
                flat = false;
            }
            leaf.strides[d] = shape[j] == 1 ? 0 : step;
            step *= shape[j];
        }
        return leaf;
    } else if constexpr (constant_expression<E>) {
        return ranked_constant<R, T>{value.value()};
    } else {
        static_assert(elementwise_expression<E>, "a value of known rank is a tensor, a scalar, or an element-wise "
                                                 "node of them");
        return detail::apply_elements(
            [&](const auto&... operands) {
                return ranked_node<R, std::remove_cvref_t<decltype(value.function())>,
                                   decltype(ranked_reader<R>(operands, out, fits, flat))...>{
                    value.function(), {{ranked_reader<R>(operands, out, fits, flat)}...}};
            },
            value.operands());
    }
}

// True when every leaf of `value`, of rank R known at compile time, has the
// shape `out`, of rank R: a leaf of another rank never has, one of rank R
// is compared in R unrolled steps.
template <std::size_t R, class E>
bool leaves_have_shape(const E& value, const shape_type& out) {
    if constexpr (memory_leaf<E>) {
        if constexpr (static_rank_of_v<E> != static_cast<std::ptrdiff_t>(R)) return false;
        else return equal_sizes<R>(value.shape(), out);
    } else if constexpr (elementwise_expression<E>) {
        return detail::apply_elements(
            [&](const auto&... operands) { return (leaves_have_shape<R>(operands, out) && ...); },
            value.operands());
    } else {
        return true;
    }
}

// `count` results of `reader` stored at `out`: by simd::store_short when
// they are fewer than a SIMD batch (Note [short runs] in simd.hpp), as the
// direct path stores its runs, else by store_block. The rows of `m + row`
// on (3, 4) float32 are four elements each, which store_block would store
// one by one, out of line, as the tail of a batch loop that never runs.
template <element D, class Reader>
void store_row(D* out, const Reader& reader, index_t count) {
    if constexpr (simd::batches_give_scalar_bits<Reader, D>) {
        if (count < simd::batch_lanes<D>) return simd::store_short(out, reader, count);
    }
    store_block(out, reader, count);
}

/// Whether run_ranked stores `value` into row-major memory of shape `out`, of rank R: path_of's
/// question, asked without storing.
template <std::size_t R, expression E>
bool ranked_path_fits(const E& value, const shape_type& out) {
    if (leaves_have_shape<R>(value, out)) return true;
    bool fits = true;
    bool flat = true;
    [[maybe_unused]] const auto reader = ranked_reader<R>(value, out, fits, flat);
    return fits;
}

/// Stores `value`, of rank R known at compile time, into the row-major memory at `data` laid
/// out as `layout`, of rank R, by the ranked path (Note [ranked path]); false, having written
/// nothing, when a leaf does not fit the layout's shape. Inlined into evaluate_into, its one
/// caller for each value type, so that no code is repeated: the call, and the registers each
/// function saved, cost 20 to 25 instructions per evaluation of `m + row` or `a * b + c - d`.
template <std::size_t R, element D, expression E>
[[gnu::always_inline]] inline bool run_ranked(D* data, const strided_layout& layout, const E& value) {
    static_assert(R >= 1);
    const shape_type& out = layout.shape();
    if (leaves_have_shape<R>(value, out)) {  // every leaf read as the destination is: no strides
        record_path(path_kind::ranked);      // Note [path trace]
        store_row(data, flat_reader(value), layout.size());
        return true;
    }
    bool fits = true;
    bool flat = true;
    auto reader = ranked_reader<R>(value, out, fits, flat);
    if (!fits) return false;
    record_path(path_kind::ranked);  // Note [path trace]
    index_t rows = 1;
    for (std::size_t d = 0; d + 1 < R; ++d) rows *= out[d];
    index_t length = out[R - 1];
    if (length == 0 || rows == 0) return true;
    std::array<index_t, R> index{};
    if (flat) {  // every leaf read as the destination is: one row of every element
        length *= rows;
        rows = 1;
    }
    // Rows along which every leaf is read element after element go to the
    // store kernel's block loop; others are read with their strides.
    // One loop for each (the test out of the loop). The next row is one
    // step of every leaf along dimension R - 2, and a seek from the index
    // only past that dimension's end: a row of `m + row` costs its store
    // and a few adds.
    const auto each_row = [&](auto store) {
        reader.seek(index);
        for (index_t r = 0;;) {
            store(data);
            if (++r == rows) return;
            data += length;
            if constexpr (R >= 2) {
                if (++index[R - 2] < out[R - 2]) {
                    reader.advance();
                    continue;
                }
                index[R - 2] = 0;
                for (std::size_t d = R - 2; d-- > 0;) {
                    if (++index[d] < out[d]) break;
                    index[d] = 0;
                }
                reader.seek(index);
            }
        }
    };
    if (flat || reader.unit_inner() || length == 1) {
        each_row([&](D* to) { store_row(to, reader.row_reader(), length); });
    } else {
        each_row([&](D* to) {
            for (index_t j = 0; j < length; ++j) to[j] = static_cast<D>(reader(j));
        });
    }
    return true;
}

}  // namespace loom::detail
