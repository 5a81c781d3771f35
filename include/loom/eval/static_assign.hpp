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
// Cost of including: <array>, <cstddef>, <tuple> and the expr/ headers it names.

#include <array>
#include <cstddef>
#include <tuple>

#include "loom/core/layout.hpp"
#include "loom/core/static_shape.hpp"
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

// Element `i` of `value`, of fixed shape broadcast to Out.
template <class Out, class E>
auto static_element(const E& value, index_t i) {
    if constexpr (memory_leaf<E>) {
        return value.data()[static_offset<static_shape_of_t<E>, Out>(i)];
    } else if constexpr (constant_expression<E>) {
        return value.value();
    } else if constexpr (elementwise_expression<E>) {
        return std::apply([&](const auto&... operands) { return value.function()(static_element<Out>(operands, i)...); },
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
    for (index_t i = 0; i < Out::count; ++i) data[i] = static_cast<D>(static_element<Out>(value, i));
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

}  // namespace loom::detail
