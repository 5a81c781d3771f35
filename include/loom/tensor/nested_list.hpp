#pragma once
// Nested initializer lists as tensor literals: their shape, checked for
// raggedness, and their values in row-major order.

#include <initializer_list>
#include <stdexcept>
#include <string>

#include "loom/core/shape.hpp"

namespace loom {

template <class T, std::size_t Depth>
struct nested_list {
    using type = std::initializer_list<typename nested_list<T, Depth - 1>::type>;
};

template <class T>
struct nested_list<T, 0> {
    using type = T;
};

/// `std::initializer_list` nested `Depth` times around T.
template <class T, std::size_t Depth>
using nested_list_t = typename nested_list<T, Depth>::type;

/// The shape of a nested list, read from its first elements.
template <class T, std::size_t Depth>
shape_type nested_list_shape(const nested_list_t<T, Depth>& list) {
    shape_type shape{static_cast<index_t>(list.size())};
    if constexpr (Depth > 1) {
        if (list.size() == 0) {
            shape.resize(Depth, 0);
        } else {
            for (index_t size : nested_list_shape<T, Depth - 1>(*list.begin())) shape.push_back(size);
        }
    }
    return shape;
}

/// Copies a nested list of `shape` into `out`, row-major; throws
/// std::invalid_argument where a sub-list's length differs from the shape.
template <class T, std::size_t Depth>
T* fill_nested(const nested_list_t<T, Depth>& list, const shape_type& shape, T* out, std::size_t depth = 0) {
    const auto expected = shape[depth];
    if (static_cast<index_t>(list.size()) != expected) {
        throw std::invalid_argument("ragged nested list: a list at depth " + std::to_string(depth) + " has " +
                                    std::to_string(list.size()) + " elements where the first list there has " +
                                    std::to_string(expected) + " (shape " + to_string(shape) +
                                    "); give every list at one depth the same length");
    }
    for (const auto& item : list) {
        if constexpr (Depth == 1) *out++ = item;
        else out = fill_nested<T, Depth - 1>(item, shape, out, depth + 1);
    }
    return out;
}

}  // namespace loom
