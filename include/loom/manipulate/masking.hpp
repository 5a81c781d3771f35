#pragma once
// Boolean-mask and integer-array indexing. As in NumPy, reading returns a
// copy (`t[mask]`, `t[indices]`, take) and writing goes through the original
// memory (`t(mask) = value`, putmask). Writes into strided memory go through
// the loop engine as `where(mask, values, destination)`.

#include <algorithm>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/axis.hpp"
#include "loom/expr/functions.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

inline void check_mask_shape(const shape_type& shape, const shape_type& mask) {
    if (!(shape == mask)) {
        throw std::invalid_argument("a boolean mask of shape " + to_string(mask) + " cannot index shape " +
                                    to_string(shape) + "; give a mask of exactly that shape");
    }
}

// A mask that indexes `shape` has its leading dimensions' sizes (all of them, or none: NumPy's
// `x[row_mask]`); returns the dimensions of `shape` after the mask's, the shape of what each of its
// elements selects.
inline shape_type check_mask_prefix(const shape_type& shape, const shape_type& mask) {
    bool leading = mask.size() <= shape.size();
    for (std::size_t d = 0; leading && d < mask.size(); ++d) leading = mask[d] == shape[d];
    if (!leading) {
        throw std::invalid_argument("a boolean mask of shape " + to_string(mask) + " cannot index shape " +
                                    to_string(shape) + "; give a mask of that shape or of its leading dimensions");
    }
    return shape_type(shape.begin() + static_cast<std::ptrdiff_t>(mask.size()), shape.end());
}

// The shape of `count` selections of shape `each`: [count] + each.
inline shape_type selection_shape(index_t count, const shape_type& each) {
    shape_type shape{count};
    for (const index_t size : each) shape.push_back(size);
    return shape;
}

// The mask with a dimension of size 1 for each dimension of `shape` after its own, so that it
// broadcasts over the elements each of its elements selects.
inline tensor<bool> mask_over(const shape_type& shape, const tensor<bool>& mask) {
    shape_type padded = mask.shape();
    while (padded.size() < shape.size()) padded.push_back(1);
    tensor<bool> over(uninitialized, padded);
    std::copy(mask.begin(), mask.end(), over.begin());
    return over;
}

}  // namespace detail

/// The elements of `x` where `mask` is true, in row-major order, as a new
/// tensor (NumPy's `x[mask]`): rank 1 for a mask of x's shape; for a mask of
/// x's leading dimensions (a 1-D mask of rows, `x[row_mask]`), the
/// sub-arrays it selects, of shape [number selected] + the dimensions after.
/// Throws std::invalid_argument when the mask's shape is neither x's nor
/// that of its leading dimensions.
template <expression X, bool_expression M>
auto masked_select(const X& x, const M& mask) {  // declared in tensor/shape_members.hpp
    using T = value_type_of<X>;
    const shape_type each = detail::check_mask_prefix(x.shape(), mask.shape());
    const index_t block = element_count(each);
    const tensor<T> values(x);
    const tensor<bool> selected(mask);
    index_t count = 0;
    for (bool s : selected) count += s;
    tensor<T> result(uninitialized, detail::selection_shape(count, each));
    T* out = result.data();
    for (index_t i = 0; i < selected.size(); ++i) {
        if (selected.data()[i]) out = std::copy_n(values.data() + i * block, block, out);
    }
    return result;
}

/// Elements of `x` at integer `indices` (negative ones count from the end)
/// along `axis`: the result's shape is x's with that dimension replaced by
/// the indices' shape (numpy.take). Only the chosen elements are read: a
/// tensor or view is not copied first.
/// Throws std::out_of_range for an axis or an index out of range.
template <expression X, index_expression I>
auto take(const X& x, const I& indices, index_t axis) {  // declared in tensor/shape_members.hpp
    using T = value_type_of<X>;
    const auto source = view_of(x);
    // Unsigned 64-bit indices are kept as given, so that one of 2^63 or more
    // is refused (resolve_index) rather than wrapped to a negative index.
    using J = value_type_of<I>;
    using index_type = std::conditional_t<std::is_unsigned_v<J> && sizeof(J) >= sizeof(index_t), J, index_t>;
    const tensor<index_type> chosen = astype<index_type>(indices);
    const std::size_t a = resolve_axis("take", axis, source.shape());
    const auto before = source.shape().begin() + static_cast<std::ptrdiff_t>(a);

    shape_type shape(source.shape().begin(), before);
    for (index_t s : chosen.shape()) shape.push_back(s);
    for (auto d = before + 1; d != source.shape().end(); ++d) shape.push_back(*d);
    tensor<T> result(shape);

    // The result seen with the indices' dimensions as one: its slice k along
    // `a` is the source's slice chosen[k].
    shape_type rows_shape = source.shape();
    rows_shape[a] = chosen.size();
    const tensor_view<T> rows(result.data(), strided_layout(rows_shape));
    for (index_t k = 0; k < chosen.size(); ++k) {
        const index_t i = resolve_index(chosen.data()[k], source.shape()[a], a, source.shape());
        auto to = rows.with_layout(rows.layout().slice_along(a, k));
        assign(to, source.with_layout(source.layout().slice_along(a, i)), assignment::fresh);
    }
    return result;
}

/// numpy.take without an axis: `x` flattened, then indexed.
/// Throws std::out_of_range for an index out of range.
template <expression X, index_expression I>
auto take(const X& x, const I& indices) {
    return take(ravel(view_of(x)), indices, 0);
}

/// numpy.putmask: destination.flat[n] = values.flat[n % values.size] wherever
/// mask.flat[n] is true. `destination` is a tensor or a writable view.
/// Throws std::invalid_argument when the mask's shape is not the destination's, or `values` is
/// empty.
template <class D, expression V, bool_expression M>
    requires strided<D> && storable_in<value_type_of<V>, typename std::remove_cvref_t<D>::value_type>
void putmask(D&& destination, const M& mask, const V& values) {
    using T = typename std::remove_cvref_t<D>::value_type;
    detail::check_mask_shape(destination.shape(), mask.shape());
    const tensor<T> source = astype<T>(values);
    if (source.size() == 0 && destination.size() != 0) {
        throw std::invalid_argument("putmask needs at least one value to write, but the values have shape " +
                                    to_string(source.shape()));
    }
    tensor<T> cycled(destination.shape());
    for (index_t n = 0; n < cycled.size(); ++n) cycled.data()[n] = source.data()[n % source.size()];
    auto target = view_of(destination);
    target = where(mask, cycled, target);
}

/// `t(mask)`: writes where the mask is true. `= scalar` fills those elements;
/// `= values` writes a rank-1 sequence (or anything broadcastable to it) of
/// as many values as the mask has true elements, in row-major order (NumPy's
/// `t[mask] = values`). A mask of t's leading dimensions selects the
/// sub-arrays after them: the values then have shape [number selected] +
/// those dimensions, or broadcast to it.
template <class View>
class masked_assignment {  // declared in tensor/shape_members.hpp
    static constexpr bool writable = !std::is_const_v<typename View::element_type>;

public:
    /// The elements of `target` where `mask` is true; throws std::invalid_argument when the
    /// mask's shape is neither the target's nor that of its leading dimensions.
    masked_assignment(View target, const tensor<bool>& mask)
        : target_(std::move(target)),
          selected_shape_(detail::check_mask_prefix(target_.shape(), mask.shape())),
          mask_(detail::mask_over(target_.shape(), mask)) {}

    // `t(m1) = t(m2)` would only rebind this helper; write `t(m1) = t[m2]`.
    /// Copies the selection, not the elements.
    masked_assignment(const masked_assignment&) = default;
    masked_assignment& operator=(const masked_assignment&) = delete;

    /// Writes `value` into every selected element.
    template <scalar S>
        requires writable && storable_in<std::remove_cvref_t<S>, typename View::value_type>
    masked_assignment& operator=(S value) {
        target_ = where(mask_, convert_scalar<typename View::value_type>(value), target_);
        return *this;
    }

    /// Writes `values` into the selected elements in row-major order; throws loom::broadcast_error
    /// unless their shape broadcasts to [number selected] + the dimensions after the mask's.
    template <expression V>
        requires writable && storable_in<value_type_of<V>, typename View::value_type>
    masked_assignment& operator=(const V& values) {
        using T = typename View::value_type;
        index_t count = 0;
        for (bool s : mask_) count += s;
        const shape_type wanted = detail::selection_shape(count, selected_shape_);
        if (!broadcasts_to(values.shape(), wanted)) {
            throw broadcast_error("cannot assign values of shape " + to_string(values.shape()) + " to the " +
                                  std::to_string(count) + (selected_shape_.empty() ? " elements" : " sub-arrays") +
                                  " a mask selects; give shape " + to_string(wanted) + " or a scalar");
        }
        const tensor<T> source = astype<T>(broadcast_to(values, wanted));
        const index_t block = element_count(selected_shape_);
        tensor<T> scattered(target_.shape());
        const T* next = source.data();
        for (index_t n = 0; n < mask_.size(); ++n) {
            if (mask_.data()[n]) {
                std::copy_n(next, block, scattered.data() + n * block);
                next += block;
            }
        }
        target_ = where(mask_, scattered, target_);
        return *this;
    }

private:
    View target_;
    shape_type selected_shape_;  // the target's dimensions after the mask's: what each element of it selects
    tensor<bool> mask_;          // with a dimension of 1 for each of them
};

}  // namespace loom
