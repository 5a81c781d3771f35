#pragma once
// tensor_view<T>: a window onto another array's memory, with its own shape
// and strides (in elements; 0 and negative allowed). Taking one copies no
// data. It is an expression leaf like a tensor, and, when T is not const and
// no two of its elements share memory, an assignment target.
//
// Note [view lifetime]: a view of an lvalue tensor refers to that tensor's
// memory, like std::span: the tensor must outlive the view, and assigning the
// tensor a new shape leaves old views dangling. A view taken from a
// temporary (`tensor<float>(...)(range(0, 2))`, `reshape(a + b, ...)`) owns
// that memory instead: it keeps it alive, and so do views taken from it.
//
// Assigning to a view writes its elements (`v = expr`, `v = 3`, and also
// `v = other_view`), as NumPy's `v[...] = x`; it never rebinds the view.

#include <memory>
#include <type_traits>

#include "loom/core/broadcast.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/scalar_node.hpp"
#include "loom/tensor/in_place.hpp"
#include "loom/tensor/layout.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/slice.hpp"

namespace loom {

template <element T>
class tensor;

template <class T>
class tensor_view;

namespace detail {

struct no_in_place_operators {};

// Views of const data get no compound assignments.
template <class T>
using view_base = std::conditional_t<std::is_const_v<T>, no_in_place_operators,
                                     in_place_operators<tensor_view<T>, std::remove_const_t<T>>>;

}  // namespace detail

template <class T>
class tensor_view : public detail::view_base<T>, public shape_members<tensor_view<T>> {
public:
    using value_type = std::remove_const_t<T>;
    using element_type = T;
    static_assert(element<value_type>, "a view's element type must be a loom element type");
    static constexpr bool is_loom_expression = true;

    /// A view of the memory at `data` laid out as `shape`/`strides`. `owner`
    /// keeps that memory alive when the view must own it (Note [view lifetime]).
    tensor_view(T* data, shape_type shape, strides_type strides, std::shared_ptr<const void> owner = nullptr)
        : data_(data), shape_(std::move(shape)), strides_(std::move(strides)), owner_(std::move(owner)) {}

    tensor_view(const tensor_view&) = default;
    tensor_view(tensor_view&&) noexcept = default;
    ~tensor_view() = default;

    /// A view of mutable elements is also a view of const ones.
    operator tensor_view<const value_type>() const
        requires(!std::is_const_v<T>)
    {
        return {data_, shape_, strides_, owner_};
    }

    // Assignment writes elements (see the header comment).
    tensor_view& operator=(const tensor_view& other)
        requires(!std::is_const_v<T>)
    {
        return assign(other);
    }
    tensor_view& operator=(tensor_view&& other)
        requires(!std::is_const_v<T>)
    {
        return assign(other);
    }
    template <expression E>
        requires(!std::is_const_v<T> && storable_in<value_type_of<E>, value_type>)
    tensor_view& operator=(const E& value) {
        return assign(value);
    }
    template <expression E>
        requires(!std::is_const_v<T> && higher_category_needs_astype<value_type_of<E>, value_type>)
    tensor_view& operator=(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...)
    /// Fills the viewed elements with `value`.
    template <scalar S>
        requires(!std::is_const_v<T> && storable_in<std::remove_cvref_t<S>, value_type>)
    tensor_view& operator=(S value) {
        return assign(scalar_node<value_type>(convert_scalar<value_type>(value)));
    }
    template <scalar S>
        requires(!std::is_const_v<T> && higher_category_needs_astype<std::remove_cvref_t<S>, value_type>)
    tensor_view& operator=(S value) = delete;  // refused: a result of a higher category than T; use astype<T>(...)

    const shape_type& shape() const { return shape_; }
    const strides_type& strides() const { return strides_; }
    std::size_t ndim() const { return shape_.size(); }
    index_t size() const { return element_count(shape_); }
    T* data() const { return data_; }
    /// The memory this view keeps alive, if it owns any (Note [view lifetime]).
    const std::shared_ptr<const void>& owner() const { return owner_; }
    bool is_contiguous() const { return is_row_major(shape_, strides_); }
    /// False for views of const data, and where several elements share
    /// memory (a stride-0 dimension of size 2 or more: a broadcast view).
    bool is_writable() const { return !std::is_const_v<T> && !has_repeated_elements(shape_, strides_); }

    /// Throws std::invalid_argument when elements share memory (NumPy makes
    /// such broadcast views read-only).
    void check_writable() const {
        if (has_repeated_elements(shape_, strides_)) {
            throw std::invalid_argument("cannot write through a view of shape " + to_string(shape_) +
                                        " with strides " + to_string(strides_) +
                                        ": a stride-0 dimension makes several elements share memory "
                                        "(a broadcast view is read-only); call copy() for a writable tensor");
        }
    }

    /// This view (tensors and views both answer view()).
    tensor_view view() const { return *this; }

    /// A contiguous copy of the viewed elements.
    tensor<value_type> copy() const { return tensor<value_type>(*this); }

    /// Element access (all integers; negative ones count from the end; always
    /// checked), or a sub-view when any argument is a range, all, newaxis or
    /// ellipsis.
    using shape_members<tensor_view<T>>::operator();

    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) const {
        if constexpr ((std::integral<Args> && ...)) return at(args...);
        else return selected(select(shape_, strides_, args...));
    }

    /// The sub-view that an index built at run time selects; a rank-0 view
    /// when every dimension gets an integer.
    tensor_view operator()(const index_list& items) const { return selected(select(shape_, strides_, items)); }

    template <std::integral... Indices>
    T& at(Indices... indices) const {
        if (sizeof...(Indices) != shape_.size()) {
            throw std::out_of_range(std::to_string(sizeof...(Indices)) + " indices given for a view of shape " +
                                    to_string(shape_) + "; give exactly " + std::to_string(shape_.size()) +
                                    " (or use range/all to select a sub-view)");
        }
        index_t offset = 0;
        std::size_t d = 0;
        ((offset += strides_[d] * resolve_index(static_cast<index_t>(indices), shape_[d], d, shape_), ++d), ...);
        return data_[offset];
    }

    /// How the loop engine reads this view (eval/cursors.hpp).
    template <class Builder>
    leaf_cursor<value_type> cursor(Builder& builder, const dimension_map& map) const {
        return leaf_cursor<value_type>(data_, builder.add_operand(std::as_const(data_), shape_, strides_, map));
    }

private:
    tensor_view selected(strided_layout l) const {
        return tensor_view(data_ + l.offset, std::move(l.shape), std::move(l.strides), owner_);
    }

    template <class E>
    tensor_view& assign(const E& value) {
        check_writable();
        check_fits_destination(shape_, value.shape());
        evaluate_into(data_, shape_, strides_, value);  // through a temporary if value overlaps (Note [aliasing])
        return *this;
    }

    T* data_;
    shape_type shape_;
    strides_type strides_;
    std::shared_ptr<const void> owner_;
};

}  // namespace loom
