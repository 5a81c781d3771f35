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
// With LOOM_CHECK_LIFETIMES, reading through a view whose memory was freed
// throws (Note [checked lifetimes] in core/lifetimes.hpp).
//
// Assigning to a view writes its elements (`v = expr`, `v = 3`, and also
// `v = other_view`), as NumPy's `v[...] = x`; it never rebinds the view.

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "loom/core/broadcast.hpp"
#include "loom/core/indexing.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/lifetimes.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor_declaration.hpp"
#include "loom/tensor/assignment_operators.hpp"
#include "loom/tensor/shape_members.hpp"

namespace loom {


template <class T>
class tensor_view;

namespace detail {

// Views of const data get no assignment operators: even the copy
// assignment of this base, which a using-declaration would otherwise bring in.
struct no_assignment_operators {
    no_assignment_operators() = default;
    no_assignment_operators(const no_assignment_operators&) = default;
    no_assignment_operators& operator=(const no_assignment_operators&) = delete;
};

template <class T>
using view_base = std::conditional_t<std::is_const_v<T>, no_assignment_operators,
                                     assignment_operators<tensor_view<T>, std::remove_const_t<T>>>;

}  // namespace detail

/// A view of elements it does not own, through a strided layout, as NumPy's views of an
/// ndarray (PyTorch: a tensor view); read-only when T is const. Copying a view copies
/// no element; assigning to one writes the elements it views (Note [view lifetime]).
template <class T>
class tensor_view : public detail::view_base<T>,
                    public shape_members<tensor_view<T>>,
                    public expression_members<tensor_view<T>> {
public:
    /// The element type, without const.
    using value_type = std::remove_const_t<T>;
    /// The element type as viewed: const for a read-only view.
    using element_type = T;
    static_assert(element<value_type>, "a view's element type must be a loom element type");
    static constexpr bool is_loom_expression = true;
    /// `v = expr` writes the viewed elements; the view keeps its shape.
    static constexpr assignment::write_t expression_assignment{};

    /// A view of the memory at `data` laid out as `shape`/`strides`. `owner`
    /// keeps that memory alive when the view must own it (Note [view lifetime]).
    tensor_view(T* data, shape_type shape, strides_type strides, std::shared_ptr<const void> owner = nullptr)
        : tensor_view(data, strided_layout(std::move(shape), std::move(strides)), std::move(owner)) {}

    /// A view of the memory at `base` laid out as `layout` (whose offset
    /// counts from `base`). `watch` tells whether that memory still lives
    /// (Note [checked lifetimes] in core/lifetimes.hpp).
    tensor_view(T* base, strided_layout layout, std::shared_ptr<const void> owner = nullptr,
                detail::memory_watch watch = {})
        : base_(base), layout_(std::move(layout)), owner_(std::move(owner)), watch_(std::move(watch)) {}

    /// Another view of the same elements; none is copied.
    tensor_view(const tensor_view&) = default;
    /// Another view of the same elements; none is copied.
    tensor_view(tensor_view&&) noexcept = default;
    ~tensor_view() = default;

    /// A view of mutable elements is also a view of const ones.
    operator tensor_view<const value_type>() const
        requires(!std::is_const_v<T>)
    {
        return {base_, layout_, owner_, watch_};
    }

    // Assignment writes elements (see the header comment).
    /// `v = w` writes `w`'s elements into those `v` views, as NumPy's `v[...] = w`. Throws
    /// std::invalid_argument when `v` is not writable, loom::broadcast_error when the shapes do not
    /// fit.
    tensor_view& operator=(const tensor_view& other)
        requires(!std::is_const_v<T>)
    {
        assign(*this, other, assignment::write);
        return *this;
    }
    /// Writes the elements, as the copy assignment does.
    tensor_view& operator=(tensor_view&& other)
        requires(!std::is_const_v<T>)
    {
        assign(*this, other, assignment::write);
        return *this;
    }
    /// `v = expr`, `v = 3` and the compound assignments (assignment_operators.hpp).
    using detail::view_base<T>::operator=;

    /// The size of each dimension (NumPy: ndarray.shape).
    const shape_type& shape() const { return layout_.shape(); }
    /// The step between neighbours along each dimension, in elements (NumPy counts bytes).
    const strides_type& strides() const { return layout_.strides(); }
    /// The shape, strides and offset together.
    const strided_layout& layout() const { return layout_; }
    /// The number of dimensions (NumPy: ndarray.ndim).
    std::size_t ndim() const { return layout_.rank(); }
    /// The number of elements (NumPy: ndarray.size).
    index_t size() const { return layout_.size(); }
    /// The first element, (0, 0, ...).
    T* data() const {
        watch_.check(shape());
        return base_ + layout_.offset();
    }
    /// The memory this view keeps alive, if it owns any (Note [view lifetime]).
    const std::shared_ptr<const void>& owner() const { return owner_; }
    /// True when the elements are contiguous, in row-major order.
    bool is_contiguous() const { return layout_.is_row_major(); }
    /// False for views of const data, and where several elements share
    /// memory (a stride-0 dimension of size 2 or more: a broadcast view; or
    /// strides given to adapt() under which elements meet: Note [shared
    /// memory] in core/layout.hpp).
    bool is_writable() const { return !std::is_const_v<T> && layout_.is_unique(); }

    /// Throws std::invalid_argument when elements share memory (NumPy makes
    /// such broadcast views read-only).
    void check_writable() const {
        using sharing = strided_layout::sharing;
        const sharing how = layout_.memory_sharing();
        if (how == sharing::none) return;
        const std::string view = "cannot write through a view of shape " + to_string(shape()) + " with strides " +
                                 to_string(strides());
        if (how == sharing::broadcast) {
            throw std::invalid_argument(view +
                                        ": a stride-0 dimension makes several elements share memory "
                                        "(a broadcast view is read-only); call copy() for a writable tensor");
        }
        throw std::invalid_argument(
            view +
            (how == sharing::overlap
                 ? ": two of its elements share memory, and a write would store one value over another"
                 : ": its strides do not keep its elements apart, and its " + std::to_string(size()) +
                       " elements are more than loom compares one by one (" +
                       std::to_string(strided_layout::sharing_check_limit) + ")") +
            "; call copy() for a writable tensor, or adapt the memory with strides that keep the elements apart");
    }

    /// This view (tensors and views both answer view()).
    tensor_view view() const { return *this; }

    /// The same memory seen through `layout`, a transform of layout() (the
    /// offset counts from the same place): how every view of a view is made.
    tensor_view with_layout(strided_layout layout) const { return {base_, std::move(layout), owner_, watch_}; }

    /// A contiguous copy of the viewed elements.
    tensor<value_type> copy() const { return tensor<value_type>(*this); }

    /// Element access (all integers; negative ones count from the end; always
    /// checked), or a sub-view when any argument is a range, all, newaxis or
    /// ellipsis.
    using shape_members<tensor_view<T>>::operator();

    /// `v(i, j)`: the element, or a sub-view when any argument is not an integer.
    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) const {
        if constexpr ((std::integral<Args> && ...)) return at(args...);
        else return with_layout(layout_.select(args...));
    }

    /// The sub-view that an index built at run time selects; a rank-0 view
    /// when every dimension gets an integer.
    tensor_view operator()(const index_list& items) const { return with_layout(layout_.select(items)); }

    /// Element access, checked: throws std::out_of_range for a wrong number of indices or an index
    /// out of bounds.
    template <std::integral... Indices>
    T& at(Indices... indices) const {
        watch_.check(shape());
        return base_[layout_.offset_of("a view", indices...)];
    }

private:
    T* base_;
    strided_layout layout_;
    std::shared_ptr<const void> owner_;
    [[no_unique_address]] detail::memory_watch watch_;
};

}  // namespace loom
