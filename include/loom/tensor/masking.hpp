#pragma once
// Boolean-mask and integer-array indexing. As in NumPy, reading returns a
// copy (`t[mask]`, `t[indices]`, take) and writing goes through the original
// memory (`t(mask) = value`, putmask). Writes into strided memory go through
// the loop engine as `where(mask, values, destination)`.

#include <string>
#include <utility>

#include "loom/expr/functions.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

template <class T>
tensor<T> contiguous(const T* data, index_t size, const shape_type& shape) {
    return tensor<T>(std::span<const T>(data, static_cast<std::size_t>(size)), shape);
}

inline void check_mask_shape(const shape_type& shape, const shape_type& mask) {
    if (!(shape == mask)) {
        throw std::invalid_argument("a boolean mask of shape " + to_string(mask) + " cannot index shape " +
                                    to_string(shape) + "; give a mask of exactly that shape");
    }
}

}  // namespace detail

/// The elements of `x` where `mask` is true, in row-major order, as a new
/// rank-1 tensor (NumPy's `x[mask]`).
template <expression X, bool_expression M>
auto masked_select(const X& x, const M& mask) {  // declared in shape_members.hpp
    using T = value_type_of<X>;
    detail::check_mask_shape(x.shape(), mask.shape());
    const tensor<T> values(x);
    const tensor<bool> selected(mask);
    index_t count = 0;
    for (bool s : selected) count += s;
    tensor<T> result(shape_type{count});
    T* out = result.data();
    for (index_t i = 0; i < values.size(); ++i) {
        if (selected.data()[i]) *out++ = values.data()[i];
    }
    return result;
}

/// Elements of `x` at integer `indices` (negative ones count from the end)
/// along `axis`: the result's shape is x's with that dimension replaced by
/// the indices' shape (numpy.take).
template <expression X, index_expression I>
auto take(const X& x, const I& indices, index_t axis) {  // declared in shape_members.hpp
    using T = value_type_of<X>;
    const tensor<T> values(x);
    const tensor<index_t> chosen = astype<index_t>(indices);
    const std::size_t a = normalize_axis(axis, values.ndim());
    const index_t size = values.shape()[a];
    index_t outer = 1, inner = 1;
    for (std::size_t d = 0; d < a; ++d) outer *= values.shape()[d];
    for (std::size_t d = a + 1; d < values.ndim(); ++d) inner *= values.shape()[d];

    shape_type shape(values.shape().begin(), values.shape().begin() + static_cast<std::ptrdiff_t>(a));
    for (index_t s : chosen.shape()) shape.push_back(s);
    for (std::size_t d = a + 1; d < values.ndim(); ++d) shape.push_back(values.shape()[d]);
    tensor<T> result(shape);
    T* out = result.data();
    for (index_t o = 0; o < outer; ++o) {
        for (index_t index : chosen) {
            const index_t i = resolve_index(index, size, a, values.shape());
            const T* row = values.data() + (o * size + i) * inner;
            out = std::copy(row, row + inner, out);
        }
    }
    return result;
}

/// numpy.take without an axis: `x` flattened, then indexed.
template <expression X, index_expression I>
auto take(const X& x, const I& indices) {
    using T = value_type_of<X>;
    const tensor<T> values(x);
    return take(detail::contiguous(values.data(), values.size(), shape_type{values.size()}), indices, 0);
}

/// numpy.putmask: destination.flat[n] = values.flat[n % values.size] wherever
/// mask.flat[n] is true. `destination` is a tensor or a writable view.
template <class D, expression V, bool_expression M>
    requires strided<D>
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
/// `t[mask] = values`).
template <class View>
class masked_assignment {  // declared in shape_members.hpp
public:
    masked_assignment(View target, tensor<bool> mask) : target_(std::move(target)), mask_(std::move(mask)) {
        detail::check_mask_shape(target_.shape(), mask_.shape());
    }

    template <scalar S>
    masked_assignment& operator=(S value) {
        target_ = where(mask_, value, target_);
        return *this;
    }

    template <expression V>
    masked_assignment& operator=(const V& values) {
        using T = typename View::value_type;
        index_t count = 0;
        for (bool s : mask_) count += s;
        const shape_type wanted{count};
        if (!(broadcast_shapes(values.shape(), wanted) == wanted)) {
            throw broadcast_error("cannot assign values of shape " + to_string(values.shape()) + " to the " +
                                  std::to_string(count) + " elements a mask selects; give shape " +
                                  to_string(wanted) + " or a scalar");
        }
        const tensor<T> source = astype<T>(broadcast_to(values, wanted));
        tensor<T> scattered(target_.shape());
        const T* next = source.data();
        for (index_t n = 0; n < scattered.size(); ++n) {
            if (mask_.data()[n]) scattered.data()[n] = *next++;
        }
        target_ = where(mask_, scattered, target_);
        return *this;
    }

private:
    View target_;
    tensor<bool> mask_;
};

}  // namespace loom
