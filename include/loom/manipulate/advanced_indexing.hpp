#pragma once
// Integer-array indexing of leading axes, NumPy's `x[rows, cols]` (its
// "advanced indexing"): take_at reads the elements the index arrays pick
// into a new tensor, put_at writes values there. Includes only <algorithm>,
// <cstdint>, <initializer_list>, <limits>, <optional> and <vector> beyond
// loom's tensor headers.
//
// Note [index arrays]: index array d indexes axis d; the arrays broadcast
// together (NumPy's rule) to a shape B, and the axes after the last indexed
// one are taken whole, so the selection has shape B + x.shape[k:] for k
// arrays. Position p of B picks x[i0[p], i1[p], ...], each index wrapping
// once when negative. Every index is checked before anything is read or
// written, so a refused put_at leaves the destination as it was.

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#include "loom/expr/functions.hpp"
#include "loom/manipulate/broadcast_views.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// One index array of take_at and put_at (Note [index arrays]): a tensor or expression of
/// integers of any type, a braced list `{0, 2, 1}`, or one integer, which is a rank-0 array
/// broadcast with the others (NumPy: an integer beside index arrays, `x[[0, 1], 2]`).
class index_array {
public:
    /// The integers of a tensor, view or expression; bool is a mask, not indices.
    template <index_expression I>
    index_array(const I& indices) {
        using J = value_type_of<I>;
        if constexpr (std::is_unsigned_v<J> && sizeof(J) >= sizeof(index_t)) {
            // Kept as given until checked, so that one of 2^63 or more is refused rather than wrapped.
            const tensor<J> given(indices);
            indices_ = tensor<index_t>(given.shape());
            for (index_t n = 0; n < given.size(); ++n) indices_.data()[n] = narrowed(given.data()[n], n);
        } else {
            indices_ = astype<index_t>(indices);
        }
    }
    /// A list of indices: `{0, 2, 1}`.
    index_array(std::initializer_list<index_t> indices)
        : indices_(shape_type{static_cast<index_t>(indices.size())}) {
        std::copy(indices.begin(), indices.end(), indices_.begin());
    }
    /// One integer: a rank-0 index array.
    template <std::integral I>
        requires(!std::same_as<I, bool>)
    index_array(I index) : indices_(shape_type{}) {
        indices_.data()[0] = narrowed(index, 0);
    }

    /// The indices, as given (negative ones not yet wrapped).
    const tensor<index_t>& indices() const { return indices_; }
    /// An unsigned index given that no index_t holds, out of range for any axis (the first, if
    /// any), and where it is among the indices, counted in row-major order.
    const std::optional<std::pair<std::uint64_t, index_t>>& beyond() const { return beyond_; }

private:
    // Element `n`, `index`, as an index_t; an unsigned one too large is noted in beyond_ and
    // stands as 0 until take_at or put_at refuses it.
    template <std::integral I>
    index_t narrowed(I index, index_t n) {
        if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(index_t)) {
            if (index > static_cast<std::make_unsigned_t<index_t>>(std::numeric_limits<index_t>::max())) {
                if (!beyond_) beyond_.emplace(static_cast<std::uint64_t>(index), n);
                return 0;
            }
        }
        return static_cast<index_t>(index);
    }

    tensor<index_t> indices_;
    std::optional<std::pair<std::uint64_t, index_t>> beyond_;
};

namespace detail {

// What index arrays select in an array of `shape` and `strides`: the
// broadcast shape B, the rest of the shape taken whole, and for each position
// of B the offset of its element (or sub-array) from the first element.
struct index_selection {
    shape_type positions;       // B
    shape_type rest;            // shape[k:]
    strides_type rest_strides;  // strides[k:]
    std::vector<index_t> offsets;

    // B + rest, the shape of the selection.
    shape_type shape() const {
        shape_type result = positions;
        for (index_t s : rest) result.push_back(s);
        return result;
    }
};

// The multi-index of element `flat` of `shape`, as text: "[1, 0, 2]".
inline std::string index_position_text(index_t flat, const shape_type& shape) {
    shape_type index(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        index[d] = flat % shape[d];
        flat /= shape[d];
    }
    return to_string(index);
}

inline std::string index_shapes_text(const std::vector<index_array>& arrays) {
    std::string text;
    for (std::size_t d = 0; d < arrays.size(); ++d) {
        text += (d == 0 ? "" : d + 1 == arrays.size() ? " and " : ", ") + to_string(arrays[d].indices().shape());
    }
    return text;
}

[[noreturn]] inline void throw_index_beyond(const char* function, const std::string& index, std::size_t axis,
                                            const shape_type& shape, std::size_t array, const std::string& where) {
    const index_t size = shape[axis];
    throw std::out_of_range(std::string(function) + ": index " + index + " (index array " + std::to_string(array) +
                            ", at " + where + ") is out of range for axis " + std::to_string(axis) + " of size " +
                            std::to_string(size) + " in shape " + to_string(shape) + "; use indices in [" +
                            std::to_string(-size) + ", " + std::to_string(size) + ")");
}

// Checks `arrays` against an array of `shape` and `strides` (Note [index arrays]) and
// resolves them. Throws std::out_of_range for more arrays than dimensions or an index out of
// range, loom::broadcast_error when the arrays' shapes do not broadcast together.
inline index_selection select_by_index_arrays(const char* function, const std::vector<index_array>& arrays,
                                              const shape_type& shape, const strides_type& strides) {
    const std::size_t k = arrays.size();
    if (k > shape.size()) {
        throw std::out_of_range(std::string(function) + ": " + std::to_string(k) + " index arrays for shape " +
                                to_string(shape) + ", which has " + std::to_string(shape.size()) +
                                " dimensions; give at most one index array per dimension");
    }
    index_selection selection;
    for (const index_array& a : arrays) {
        try {
            selection.positions = broadcast_shapes(selection.positions, a.indices().shape());
        } catch (const broadcast_error& e) {
            throw broadcast_error(std::string(function) + ": index arrays of shapes " + index_shapes_text(arrays) +
                                  " do not broadcast together (" + e.what() +
                                  "); give index arrays whose shapes broadcast, as NumPy requires");
        }
    }
    selection.rest.assign(shape.begin() + static_cast<std::ptrdiff_t>(k), shape.end());
    selection.rest_strides.assign(strides.begin() + static_cast<std::ptrdiff_t>(k), strides.end());
    const std::size_t rank = selection.positions.size() + selection.rest.size();
    if (rank > max_rank) detail::throw_result_rank(function, "index arrays and an array", shape, rank);
    element_count(selection.shape());  // throws std::length_error if the selection has too many elements

    const index_t count = element_count(selection.positions);
    selection.offsets.assign(static_cast<std::size_t>(count), 0);
    for (std::size_t d = 0; d < k; ++d) {
        if (const auto& beyond = arrays[d].beyond(); beyond && count != 0) {
            throw_index_beyond(function, std::to_string(beyond->first), d, shape, d,
                               index_position_text(beyond->second, arrays[d].indices().shape()));
        }
        // Array d read as broadcast to B, position by position in row-major order: `at` is the
        // position's multi-index, `from` the element of the array it reads.
        const tensor<index_t>& given_array = arrays[d].indices();
        const index_t* given_indices = given_array.data();
        const strides_type steps =
            given_array.layout()
                .broadcast_to(selection.positions, right_aligned_map(given_array.ndim(), selection.positions.size()),
                              detail::refuse_broadcast([&] {
                                  return std::string(function) + ": index arrays of shapes " + index_shapes_text(arrays);
                              }))
                .strides();
        shape_type at(selection.positions.size(), 0);
        index_t from = 0;
        const index_t size = shape[d];
        for (index_t p = 0; p < count; ++p) {
            const index_t given = given_indices[from];
            const index_t i = given < 0 ? given + size : given;
            if (i < 0 || i >= size) {
                throw_index_beyond(function, std::to_string(given), d, shape, d,
                                   index_position_text(p, selection.positions));
            }
            selection.offsets[static_cast<std::size_t>(p)] += i * strides[d];
            for (std::size_t j = at.size(); j-- > 0;) {
                from += steps[j];
                if (++at[j] < selection.positions[j]) break;
                from -= steps[j] * at[j];
                at[j] = 0;
            }
        }
    }
    return selection;
}

}  // namespace detail

/// `x[i0, i1, ...]` with index arrays (NumPy's integer-array indexing, `lsm[arange(n), labels]`;
/// PyTorch: Tensor.index): array d indexes axis d, the arrays broadcast together to a shape B,
/// the remaining axes are taken whole, and the result is a new tensor of shape
/// B + x.shape[k:] (Note [index arrays]). Negative indices count from the end. Index arrays with
/// slices between them (`x[idx, :, 2]`) are not supported: transpose the axes first.
/// Throws std::out_of_range for more arrays than dimensions or an index out of range (naming the
/// index and the axis size), loom::broadcast_error when the arrays do not broadcast.
template <expression X>
auto take_at(const X& x, const std::vector<index_array>& indices) {  // declared in tensor/shape_members.hpp
    using T = value_type_of<X>;
    const auto source = view_of(x);
    const detail::index_selection selection =
        detail::select_by_index_arrays("take_at", indices, source.shape(), source.strides());
    tensor<T> result(uninitialized, selection.shape());
    const T* first = source.data();
    if (selection.rest.empty()) {
        for (std::size_t p = 0; p < selection.offsets.size(); ++p) result.data()[p] = first[selection.offsets[p]];
        return result;
    }
    const index_t block = element_count(selection.rest);
    for (std::size_t p = 0; p < selection.offsets.size(); ++p) {
        const tensor_view<const T> from(first + selection.offsets[p], selection.rest, selection.rest_strides);
        tensor_view<T> to(result.data() + static_cast<index_t>(p) * block, strided_layout(selection.rest));
        assign(to, from, assignment::fresh);
    }
    return result;
}

/// `x[i0, i1, ...] = values` with index arrays (NumPy's integer-array assignment; PyTorch:
/// Tensor.index_put_): `values` broadcast to the selection's shape, B + x.shape[k:], are
/// written at the positions take_at reads (Note [index arrays]); where an index repeats, the
/// last write wins, as in NumPy. `destination` is a tensor or a writable view. Values are
/// read in full before anything is written, so they may overlap the destination.
/// Throws as take_at does, loom::broadcast_error when the values do not broadcast to the
/// selection, std::invalid_argument when the destination is not writable; a refused call
/// leaves the destination as it was.
template <class D, expression V>
    requires strided<D> && (!std::is_const_v<typename view_of_t<D&>::element_type>) &&
             storable_in<value_type_of<V>, typename std::remove_cvref_t<D>::value_type>
void put_at(D&& destination, const std::vector<index_array>& indices, const V& values) {
    using T = typename std::remove_cvref_t<D>::value_type;
    auto target = view_of(destination);
    target.check_writable();
    const detail::index_selection selection =
        detail::select_by_index_arrays("put_at", indices, target.shape(), target.strides());
    const shape_type shape = selection.shape();
    if (!broadcasts_to(values.shape(), shape)) {
        throw broadcast_error("put_at: values of shape " + to_string(values.shape()) +
                              " cannot be written to the selection of shape " + to_string(shape) +
                              " that the index arrays make; give values whose shape broadcasts to it");
    }
    const tensor<T> source = astype<T>(broadcast_to(values, shape));
    T* first = target.data();
    if (selection.rest.empty()) {
        for (std::size_t p = 0; p < selection.offsets.size(); ++p) first[selection.offsets[p]] = source.data()[p];
        return;
    }
    const index_t block = element_count(selection.rest);
    for (std::size_t p = 0; p < selection.offsets.size(); ++p) {
        tensor_view<T> to(first + selection.offsets[p], selection.rest, selection.rest_strides);
        const tensor_view<const T> from(source.data() + static_cast<index_t>(p) * block,
                                        strided_layout(selection.rest));
        assign(to, from, assignment::write);
    }
}

/// put_at with one value written at every selected position.
/// Throws as put_at does.
template <class D, scalar S>
    requires strided<D> && (!std::is_const_v<typename view_of_t<D&>::element_type>) &&
             storable_in<std::remove_cvref_t<S>, typename std::remove_cvref_t<D>::value_type>
void put_at(D&& destination, const std::vector<index_array>& indices, S value) {
    using T = typename std::remove_cvref_t<D>::value_type;
    put_at(std::forward<D>(destination), indices, tensor<T>(shape_type{}, convert_scalar<T>(value)));
}

}  // namespace loom
