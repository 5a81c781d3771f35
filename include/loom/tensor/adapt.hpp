#pragma once
// adapt(): a tensor_view over memory the caller owns (a C array, a
// std::vector, a buffer from another library), so that it takes part in
// expressions and assignments like any view: `auto v = adapt(p, {2, 3});
// v += 1.f;` writes into p's memory.
//
// Note [adapted memory]: nothing is copied and nothing is owned. The view
// holds the pointer, so the caller's memory must outlive the view and every
// view or lazy expression made from it, and must not move (a std::vector
// that grows moves its elements, leaving the view dangling). Memory of const
// elements gives a view of const elements, which refuses assignment at
// compile time. Strides are in elements and may be 0 (the view is then
// read-only, as a broadcast view is) or negative; strides under which two
// indices reach the same element otherwise are accepted, as NumPy's
// as_strided accepts them, for reading: writing through such a view is
// refused, since a write would store one value over another (Note [shared
// memory] in core/layout.hpp). Assignments are safe under aliasing as for
// any view (Note [aliasing] in eval/plan.hpp).

#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/tensor/view.hpp"

namespace loom {

namespace detail {

// Throws std::invalid_argument when `data` cannot hold `shape` with
// `strides`, or when an element's offset would not fit in an index.
inline void check_adapted(const void* data, const shape_type& shape, const strides_type& strides) {
    check_shape(shape);
    const index_t count = element_count(shape);
    if (strides.size() != shape.size()) {
        throw std::invalid_argument("adapt: strides " + to_string(strides) + " have " + std::to_string(strides.size()) +
                                    " entries for shape " + to_string(shape) + " of rank " +
                                    std::to_string(shape.size()) + "; give one stride per dimension");
    }
    if (data == nullptr && count != 0) {
        throw std::invalid_argument("adapt: a null pointer cannot hold the " + std::to_string(count) +
                                    " elements of shape " + to_string(shape) + "; pass the address of the memory");
    }
    index_t reach = 0;  // the largest distance of an element from the first, in elements
    for (std::size_t d = 0; d < shape.size() && count != 0; ++d) {
        if (shape[d] == 1) continue;  // the stride is never taken
        const auto stride = checked_abs(strides[d]);
        const auto step = stride ? checked_mul(shape[d] - 1, *stride) : std::nullopt;
        const auto next = step ? checked_add(reach, *step) : std::nullopt;
        if (!next) {
            throw std::invalid_argument("adapt: strides " + to_string(strides) + " for shape " + to_string(shape) +
                                        " reach elements beyond a 64-bit index (the stride " +
                                        std::to_string(strides[d]) + " of dimension " + std::to_string(d) +
                                        "); use smaller strides");
        }
        reach = *next;
    }
}

}  // namespace detail

/// A row-major view of `shape` over the memory at `data`, which holds at
/// least element_count(shape) elements (Note [adapted memory]). Throws
/// std::invalid_argument for a negative size or a null `data` with elements. (NumPy: a view of
/// memory NumPy did not allocate, as numpy.frombuffer makes; PyTorch: torch.from_blob.)
template <class T>
    requires element<std::remove_const_t<T>>
tensor_view<T> adapt(T* data, const shape_type& shape) {
    detail::check_adapted(data, shape, strides_type(shape.size(), 1));
    return tensor_view<T>(data, shape, row_major_strides(shape));
}

/// A view of `shape` over the memory at `data` with `strides` in elements
/// (0 and negative allowed); every element it reaches must be the caller's.
/// Throws std::invalid_argument as the row-major adapt does, and for strides
/// of another rank than the shape.
template <class T>
    requires element<std::remove_const_t<T>>
tensor_view<T> adapt(T* data, const shape_type& shape, const strides_type& strides) {
    detail::check_adapted(data, shape, strides);
    return tensor_view<T>(data, shape, strides);
}

/// A rank-1 view of the elements of `values`.
template <class T>
    requires element<std::remove_const_t<T>>
tensor_view<T> adapt(std::span<T> values) {
    return adapt(values.data(), shape_type{static_cast<index_t>(values.size())});
}

/// A rank-1 view of the elements of a vector, which must not grow while the view is used.
template <element T>
tensor_view<T> adapt(std::vector<T>& values) {
    static_assert(!std::same_as<T, bool>, "std::vector<bool> packs its bits and holds no bools to view; copy it into a tensor<bool>");
    return adapt(std::span<T>(values));
}
/// A rank-1 read-only view of the elements of a const vector.
template <element T>
tensor_view<const T> adapt(const std::vector<T>& values) {
    static_assert(!std::same_as<T, bool>, "std::vector<bool> packs its bits and holds no bools to view; copy it into a tensor<bool>");
    return adapt(std::span<const T>(values));
}
template <element T>
void adapt(std::vector<T>&& values) = delete;  // refused: the temporary vector would die before its view
template <element T>
void adapt(const std::vector<T>&& values) = delete;  // refused: the temporary vector would die before its view

}  // namespace loom
