#pragma once
// Flat indices and the index along each dimension they stand for, as
// NumPy's unravel_index and ravel_multi_index, in row-major (C) or
// column-major (Fortran) order. Index arrays of any integer type, as the
// index arrays of integer-array indexing take them; the arrays of
// ravel_multi_index broadcast together. Includes nothing beyond loom's
// integer-array indexing and broadcasting views.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/shape.hpp"
#include "loom/manipulate/advanced_indexing.hpp"
#include "loom/manipulate/broadcast_views.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// The order of a flat index over a shape, NumPy's `order`: c, row-major,
/// the last index varying fastest ('C'), or f, column-major, the first ('F').
enum class index_order { c, f };

/// What ravel_multi_index does with an index outside its dimension,
/// NumPy's `mode`: raise refuses it, wrap takes it modulo the dimension's
/// size (-1 is the last), clip clamps it to [0, size - 1].
enum class index_mode { raise, wrap, clip };

namespace detail {

// The elements of `shape`, checked for `function`: every size 0 or more and a count that index_t holds.
inline index_t flat_extent(const char* function, const char* name, const shape_type& shape) {
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (shape[d] < 0) {
            throw std::invalid_argument(std::string(function) + ": " + name + " " + to_string(shape) +
                                        " has the negative size " + std::to_string(shape[d]) + " at dimension " +
                                        std::to_string(d) + "; sizes must be 0 or more");
        }
    }
    const auto count = checked_element_count(shape);
    if (!count) {
        throw std::length_error(std::string(function) + ": " + name + " " + to_string(shape) +
                                " has more elements than fit in a 64-bit index; use smaller sizes");
    }
    return *count;
}

// The step of a flat index for each dimension of `shape`, in `order`; the sizes other than 0 must
// multiply to a count index_t holds.
inline strides_type flat_steps(const shape_type& shape, index_order order) {
    strides_type steps(shape.size());
    index_t step = 1;
    for (std::size_t k = 0; k < shape.size(); ++k) {
        const std::size_t d = order == index_order::c ? shape.size() - 1 - k : k;
        steps[d] = step;
        step *= shape[d];
    }
    return steps;
}

}  // namespace detail

/// numpy.unravel_index: for each flat index of `indices` (an integer, a
/// braced list or an integer tensor, view or expression) into an array of
/// `shape`, its index along each dimension, in `order`: one int64 tensor
/// of indices' shape per dimension of `shape`.
/// Throws std::out_of_range for an index outside [0, size of shape) (a
/// negative one too, as NumPy), std::invalid_argument for a negative size
/// and for more than one index into a shape of rank 0, std::length_error for
/// a shape of more elements than index_t holds.
inline std::vector<tensor<index_t>> unravel_index(const index_array& indices, const shape_type& shape,
                                                 index_order order = index_order::c) {
    const index_t size = detail::flat_extent("unravel_index", "shape", shape);
    const tensor<index_t>& flat = indices.indices();
    if (shape.empty() && !flat.shape().empty()) {
        throw std::invalid_argument("unravel_index: indices of shape " + to_string(flat.shape()) +
                                    " into shape [], which has one element and no dimension to index; give one "
                                    "index, 0, as an integer");
    }
    const auto refuse = [&](const std::string& index) {
        throw std::out_of_range("unravel_index: index " + index + " is out of bounds for shape " + to_string(shape) +
                                " of " + std::to_string(size) + " elements; " +
                                (size == 0 ? std::string("no index is in bounds of an empty shape")
                                           : "give indices from 0 to " + std::to_string(size - 1)));
    };
    if (indices.beyond()) refuse(std::to_string(indices.beyond()->first));
    if (size == 0 && flat.size() > 0) refuse(std::to_string(flat.data()[0]));
    // A shape of no elements has no steps to take, and its other sizes may multiply past index_t.
    const strides_type steps = size == 0 ? strides_type(shape.size()) : detail::flat_steps(shape, order);
    std::vector<tensor<index_t>> coordinates;
    coordinates.reserve(shape.size());
    for (std::size_t d = 0; d < shape.size(); ++d) coordinates.emplace_back(uninitialized, flat.shape());
    for (index_t n = 0; n < flat.size(); ++n) {
        const index_t index = flat.data()[n];
        if (index < 0 || index >= size) refuse(std::to_string(index));
        for (std::size_t d = 0; d < shape.size(); ++d) coordinates[d].data()[n] = index / steps[d] % shape[d];
    }
    return coordinates;
}

/// numpy.ravel_multi_index: the flat index, in `order`, of each position
/// whose index along dimension d of an array of `dims` is multi_index[d]
/// (one index array per dimension, of any integer type, broadcast
/// together); an int64 tensor of their broadcast shape (rank 0 for
/// integers: `.item()` reads it). An index outside its dimension is refused
/// (index_mode::raise), wrapped or clipped as `mode` says. NumPy's `mode`
/// of one mode per dimension is not taken.
/// Throws std::invalid_argument when multi_index does not hold one array
/// per dimension, dims has a negative size, or a size of 0 while the arrays
/// hold an index (none is in bounds, even to wrap or clip);
/// std::out_of_range for an index outside its dimension with
/// index_mode::raise, and for an unsigned index of 2^63 or more with any
/// mode (NumPy wraps or clips those); loom::broadcast_error when the arrays
/// do not broadcast together; std::length_error for dims whose sizes other
/// than 0 multiply past index_t, as NumPy's "invalid dims".
inline tensor<index_t> ravel_multi_index(const std::vector<index_array>& multi_index, const shape_type& dims,
                                         index_mode mode = index_mode::raise, index_order order = index_order::c) {
    if (multi_index.size() != dims.size()) {
        throw std::invalid_argument("ravel_multi_index: " + std::to_string(multi_index.size()) +
                                    " index arrays for dims " + to_string(dims) + " of rank " +
                                    std::to_string(dims.size()) + "; give one per dimension");
    }
    detail::flat_extent("ravel_multi_index", "dims", dims);
    if (!checked_span_bytes(dims, 1)) {
        throw std::length_error("ravel_multi_index: dims " + to_string(dims) +
                                " has sizes that multiply past a 64-bit index; use smaller sizes");
    }
    shape_type positions;
    for (const index_array& a : multi_index) positions = broadcast_shapes(positions, a.indices().shape());
    for (std::size_t d = 0; d < dims.size(); ++d) {
        if (dims[d] == 0 && element_count(positions) > 0) {
            throw std::invalid_argument("ravel_multi_index: dims " + to_string(dims) + " has size 0 at dimension " +
                                        std::to_string(d) + ", where no index is in bounds, even wrapped or clipped");
        }
    }
    const strides_type steps = detail::flat_steps(dims, order);
    tensor<index_t> flat(positions);  // zeros: each dimension adds its share
    for (std::size_t d = 0; d < dims.size(); ++d) {
        const index_t size = dims[d];
        const auto refuse = [&](const std::string& index) {
            throw std::out_of_range("ravel_multi_index: index " + index + " (index array " + std::to_string(d) +
                                    ") is out of range for dimension " + std::to_string(d) + " of size " +
                                    std::to_string(size) + " in dims " + to_string(dims) + "; give indices in [0, " +
                                    std::to_string(size) + "), or pass index_mode::wrap or index_mode::clip");
        };
        if (multi_index[d].beyond()) {
            if (mode == index_mode::raise) refuse(std::to_string(multi_index[d].beyond()->first));
            throw std::out_of_range("ravel_multi_index: index " + std::to_string(multi_index[d].beyond()->first) +
                                    " (index array " + std::to_string(d) + ") is beyond int64; give indices of int64");
        }
        const tensor<index_t> spread(broadcast_to(view_of(multi_index[d].indices()), positions));
        for (index_t n = 0; n < flat.size(); ++n) {
            index_t index = spread.data()[n];
            if (index < 0 || index >= size) {
                if (mode == index_mode::raise) refuse(std::to_string(index));
                if (mode == index_mode::clip) {
                    index = index < 0 ? 0 : size - 1;
                } else {
                    index %= size;  // in (-size, size): a negative remainder is one size short
                    if (index < 0) index += size;
                }
            }
            flat.data()[n] += index * steps[d];
        }
    }
    return flat;
}

}  // namespace loom
