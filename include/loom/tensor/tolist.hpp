#pragma once
// tolist: the elements of a tensor or any expression as nested std::vectors,
// one level per dimension, as NumPy's ndarray.tolist gives nested lists.
// Includes only <vector> beyond loom's tensor headers.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/shape.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// The type tolist gives for rank `Rank`: std::vector nested `Rank` times around T.
template <class T, std::size_t Rank>
struct nested_vector {
    /// std::vector of the nested type of rank `Rank` - 1.
    using type = std::vector<typename nested_vector<T, Rank - 1>::type>;
};

/// Rank 0: the element itself.
template <class T>
struct nested_vector<T, 0> {
    /// T.
    using type = T;
};

/// `std::vector` nested `Rank` times around T; T itself for rank 0.
template <class T, std::size_t Rank>
using nested_vector_t = typename nested_vector<T, Rank>::type;

namespace detail {

/// The elements from `values` on, of `shape` from dimension `depth`, nested.
template <class T, std::size_t Depth>
nested_vector_t<T, Depth> nest_elements(const T*& values, const shape_type& shape, std::size_t depth) {
    if constexpr (Depth == 0) {
        return *values++;
    } else {
        nested_vector_t<T, Depth> list;
        list.reserve(static_cast<std::size_t>(shape[depth]));
        for (index_t i = 0; i < shape[depth]; ++i) list.push_back(nest_elements<T, Depth - 1>(values, shape, depth + 1));
        return list;
    }
}

}  // namespace detail

/// The elements of `x` (a tensor, a view or any expression, evaluated once)
/// as std::vectors nested Rank deep, row-major; for rank 0, the value.
/// Rank must be x's rank: `tolist<2>(m)` for a matrix.
/// NumPy: numpy.ndarray.tolist; PyTorch: torch.Tensor.tolist.
/// Throws std::invalid_argument when Rank is not x's rank.
template <std::size_t Rank, expression E>
nested_vector_t<value_type_of<E>, Rank> tolist(const E& x) {
    using T = value_type_of<E>;
    if (x.shape().size() != Rank) {
        throw std::invalid_argument("tolist<" + std::to_string(Rank) + ">: x has shape " + to_string(x.shape()) +
                                    ", of rank " + std::to_string(x.shape().size()) + "; call tolist<" +
                                    std::to_string(x.shape().size()) + ">");
    }
    const tensor<T> values(x);
    const T* next = values.data();
    return detail::nest_elements<T, Rank>(next, values.shape(), 0);
}

}  // namespace loom
