#pragma once
// tensor<T>: an owning, contiguous, row-major array, and the leaf that every
// expression ends in. Value semantics: copies are deep, moves are cheap.

#include <initializer_list>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/broadcast.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/tensor/in_place.hpp"
#include "loom/tensor/nested_list.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/slice.hpp"
#include "loom/tensor/storage.hpp"
#include "loom/tensor/view.hpp"

namespace loom {

/// Tag of the constructor that leaves a tensor's contents unspecified.
struct uninitialized_t {
    explicit uninitialized_t() = default;
};
inline constexpr uninitialized_t uninitialized{};

template <element T>
class tensor : public in_place_operators<tensor<T>, T>, public shape_members<tensor<T>> {
public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;
    static constexpr bool is_loom_expression = true;

    /// An empty tensor of shape [0].
    tensor() : tensor(shape_type{0}) {}

    /// A tensor of `shape`, filled with zeros.
    explicit tensor(const shape_type& shape) : tensor(shape, T{}) {}

    /// A tensor of the shape written in braces, filled with zeros:
    /// `tensor<float>({2, 3})`. (An array reference, so that this beats a
    /// conversion of the braces into a rank-1 tensor; `tensor<float>{2, 3}`
    /// is the rank-1 tensor of values 2 and 3.)
    template <std::size_t Rank>
    explicit tensor(const index_t (&shape)[Rank]) : tensor(shape_type(shape, shape + Rank), T{}) {}

    /// A tensor of `shape` whose contents are unspecified (numpy.empty):
    /// write every element before reading one.
    tensor(uninitialized_t, const shape_type& shape)
        : shape_((check_sizes(shape), shape)), strides_(row_major_strides(shape)), storage_(element_count(shape)) {}

    /// A tensor of `shape`, every element `value`.
    tensor(const shape_type& shape, T value) : tensor(uninitialized, shape) {
        std::fill(begin(), end(), value);
    }

    /// A rank-1 tensor of the values given: `tensor<float>{1, 2, 3}`. Explicit
    /// for a single value, so that a scalar never converts into a tensor
    /// (`t = 3.5` on an int tensor must not compile as `t = tensor{3.5}`).
    template <scalar... Values>
        requires(sizeof...(Values) >= 1)
    explicit(sizeof...(Values) == 1) tensor(Values... values) : tensor(uninitialized, shape_type{static_cast<index_t>(sizeof...(Values))}) {
        T* out = data();
        ((*out++ = static_cast<T>(values)), ...);
    }

    /// Nested lists of rank 2 to 5: `tensor<int>{{1, 2}, {3, 4}}`. Throws
    /// std::invalid_argument for a ragged list.
    tensor(nested_list_t<T, 2> values) : tensor(uninitialized, nested_list_shape<T, 2>(values)) {
        fill_nested<T, 2>(values, shape_, data());
    }
    tensor(nested_list_t<T, 3> values) : tensor(uninitialized, nested_list_shape<T, 3>(values)) {
        fill_nested<T, 3>(values, shape_, data());
    }
    tensor(nested_list_t<T, 4> values) : tensor(uninitialized, nested_list_shape<T, 4>(values)) {
        fill_nested<T, 4>(values, shape_, data());
    }
    tensor(nested_list_t<T, 5> values) : tensor(uninitialized, nested_list_shape<T, 5>(values)) {
        fill_nested<T, 5>(values, shape_, data());
    }

    /// A copy of a flat row-major buffer viewed as `shape`.
    tensor(std::span<const T> values, const shape_type& shape) : tensor(uninitialized, shape) {
        if (static_cast<index_t>(values.size()) != size()) {
            throw std::invalid_argument("a buffer of " + std::to_string(values.size()) +
                                        " elements cannot fill shape " + to_string(shape) + ", which holds " +
                                        std::to_string(size()) + "; pass a buffer of exactly that many elements");
        }
        std::copy(values.begin(), values.end(), begin());
    }

    /// The value of an expression: `tensor<float> r = a * b + c;`. An
    /// expression of a higher category (floating into integer) needs astype.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor> && storable_in<value_type_of<E>, T>)
    tensor(const E& value) : tensor(uninitialized, value.shape()) {
        evaluate_into(data(), shape_, strides_, value);
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    tensor(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...)

    tensor(const tensor&) = default;
    tensor(tensor&& other) noexcept
        : shape_(std::exchange(other.shape_, shape_type{0})),
          strides_(std::exchange(other.strides_, strides_type{1})),
          storage_(std::move(other.storage_)) {}

    tensor& operator=(const tensor& other) {
        if (this != &other) assign(other);
        return *this;
    }
    tensor& operator=(tensor&& other) noexcept {
        shape_ = std::exchange(other.shape_, shape_type{0});
        strides_ = std::exchange(other.strides_, strides_type{1});
        storage_ = std::move(other.storage_);
        return *this;
    }
    ~tensor() = default;

    /// Gives this tensor the expression's shape and values (NumPy's `t = expr`).
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor> && storable_in<value_type_of<E>, T>)
    tensor& operator=(const E& value) {
        assign(value);
        return *this;
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    tensor& operator=(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...)

    /// Fills the tensor, keeping its shape: `t = 3`.
    template <scalar S>
        requires higher_category_needs_astype<std::remove_cvref_t<S>, T>
    tensor& operator=(S value) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    template <scalar S>
        requires storable_in<std::remove_cvref_t<S>, T>
    tensor& operator=(S value) {
        std::fill(begin(), end(), convert_scalar<T>(value));
        return *this;
    }

    const shape_type& shape() const { return shape_; }
    const strides_type& strides() const { return strides_; }
    std::size_t ndim() const { return shape_.size(); }
    index_t size() const { return storage_.size(); }
    T* data() { return storage_.data(); }
    const T* data() const { return storage_.data(); }
    bool is_contiguous() const { return true; }

    iterator begin() { return data(); }
    iterator end() { return data() + size(); }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + size(); }

    /// Element access, `t(1, -1)`: negative indices count from the end; the
    /// number of indices is always checked, their bounds unless NDEBUG is
    /// defined (std::out_of_range). With any range,
    /// all, newaxis or ellipsis among the arguments, a view instead:
    /// `t(1, range(1, 5, 2), all, newaxis, ellipsis, -1)` (NumPy's basic
    /// indexing; Note [view lifetime] in view.hpp).
    using shape_members<tensor>::operator();

    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) & {
        if constexpr ((std::integral<Args> && ...)) return data()[offset_of<!debug_build>(args...)];
        else return view()(args...);
    }
    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) const& {
        if constexpr ((std::integral<Args> && ...)) return data()[offset_of<!debug_build>(args...)];
        else return view()(args...);
    }
    template <index_argument... Args>
    auto operator()(const Args&... args) && {
        if constexpr ((std::integral<Args> && ...)) return T(data()[offset_of<!debug_build>(args...)]);
        else return std::move(*this).view()(args...);
    }

    /// The view that an index built at run time selects (`index_list`), as
    /// NumPy's `t[tuple(items)]`; a rank-0 view when every dimension gets an integer.
    tensor_view<T> operator()(const index_list& items) & { return view()(items); }
    tensor_view<const T> operator()(const index_list& items) const& { return view()(items); }
    tensor_view<T> operator()(const index_list& items) && { return std::move(*this).view()(items); }

    /// Element access, always checked.
    template <std::integral... Indices>
    T& at(Indices... indices) {
        return data()[offset_of<false>(indices...)];
    }
    template <std::integral... Indices>
    const T& at(Indices... indices) const {
        return data()[offset_of<false>(indices...)];
    }

    /// A view of the whole tensor; from a temporary, a view that owns it.
    tensor_view<T> view() & { return {data(), shape_, strides_}; }
    tensor_view<const T> view() const& { return {data(), shape_, strides_}; }
    tensor_view<T> view() && {
        auto owned = std::make_shared<tensor>(std::move(*this));
        return {owned->data(), owned->shape(), owned->strides(), owned};
    }

    /// A copy (tensors are values; this mirrors tensor_view::copy()).
    tensor copy() const { return *this; }

    /// A tensor is always writable (compound assignments ask).
    void check_writable() const {}

    /// How the loop engine reads this tensor (eval/cursors.hpp).
    template <class Builder>
    leaf_cursor<T> cursor(Builder& builder, const dimension_map& map) const {
        return leaf_cursor<T>(data(), builder.add_operand(data(), shape_, strides_, map));
    }

    void swap(tensor& other) noexcept {
        std::swap(shape_, other.shape_);
        std::swap(strides_, other.strides_);
        storage_.swap(other.storage_);
    }

private:
#ifdef NDEBUG
    static constexpr bool debug_build = false;
#else
    static constexpr bool debug_build = true;
#endif


    template <class E>
    void assign(const E& value) {
        if (value.shape() == shape_) {
            evaluate_into(data(), shape_, strides_, value);  // reuses the memory; safe under aliasing
        } else {
            tensor fresh(uninitialized, value.shape());
            evaluate_into(fresh.data(), fresh.shape_, fresh.strides_, value);
            swap(fresh);
        }
    }

    template <bool Unchecked, class... Indices>
    index_t offset_of(Indices... indices) const {
        // The count is checked in every build: a wrong count would read the
        // wrong element silently, and the test costs one comparison.
        if (sizeof...(Indices) != shape_.size()) {
            throw std::out_of_range(std::to_string(sizeof...(Indices)) + " indices given for a tensor of shape " +
                                    to_string(shape_) + "; give exactly " + std::to_string(shape_.size()) +
                                    " (or use range/all to select a sub-view)");
        }
        index_t offset = 0;
        std::size_t d = 0;
        if constexpr (Unchecked) {
            ((offset += strides_[d] * (indices < 0 ? indices + shape_[d] : indices), ++d), ...);
        } else {
            ((offset += strides_[d] * resolve_index(static_cast<index_t>(indices), shape_[d], d, shape_), ++d), ...);
        }
        return offset;
    }

    shape_type shape_;
    strides_type strides_;
    storage<T> storage_;
};

/// The value of an expression as a new tensor.
template <expression E>
tensor<value_type_of<E>> eval(const E& value) {
    return tensor<value_type_of<E>>(value);
}

}  // namespace loom
