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
#include "loom/core/indexing.hpp"
#include "loom/core/layout.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/storage.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/tensor/assignment_operators.hpp"
#include "loom/tensor/nested_list.hpp"
#include "loom/tensor/owning_members.hpp"
#include "loom/tensor/shape_members.hpp"
#include "loom/tensor/tensor_declaration.hpp"
#include "loom/tensor/view.hpp"

namespace loom {

/// An owning, contiguous, row-major array of elements of type T, with value semantics:
/// copies are deep, moves are cheap (NumPy: numpy.ndarray; PyTorch: torch.Tensor). `Shape` is
/// dynamic_shape here; `tensor<T, fixed<3, 4>>` and `tensor<T, rank<2>>` put the shape or the
/// rank in the type (tensor/fixed_tensor.hpp, tensor/ranked_tensor.hpp).
template <element T, class Shape>
class tensor : public assignment_operators<tensor<T, Shape>, T>,
               public owning_members<tensor<T, Shape>, T>,
               public shape_members<tensor<T, Shape>>,
               public expression_members<tensor<T, Shape>> {
    static_assert(std::same_as<Shape, dynamic_shape>,
                  "the shape of a tensor is dynamic_shape, fixed<...> or rank<R>; include <loom/tensor.hpp> for "
                  "the last two");

public:
    /// The element type.
    using value_type = T;
    /// Iterates over the elements in row-major order.
    using iterator = T*;
    /// Iterates over the elements in row-major order, read-only.
    using const_iterator = const T*;
    static constexpr bool is_loom_expression = true;
    /// `t = expr` gives t the expression's shape, as NumPy's `t = a + b` rebinds t.
    static constexpr assignment::rebind_t expression_assignment{};

    /// An empty tensor of shape [0].
    tensor() : layout_(empty_layout()) {}

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
    /// Throws for a negative size (std::invalid_argument), or more elements
    /// or bytes than index_t counts (std::length_error).
    tensor(uninitialized_t, const shape_type& shape)
        : layout_(shape, sizeof(T)), storage_(layout_.size()) {}

    /// A tensor of `shape`, every element `value`.
    tensor(const shape_type& shape, T value) : tensor(uninitialized, shape) { std::fill(this->begin(), this->end(), value); }

    /// A rank-1 tensor of the values given: `tensor<float>{1, 2, 3}`. Explicit
    /// for a single value, so that a scalar never converts into a tensor
    /// (`t = 3.5` on an int tensor must not compile as `t = tensor{3.5}`).
    template <scalar... Values>
        requires(sizeof...(Values) >= 1)
    explicit(sizeof...(Values) == 1) tensor(Values... values)
        : tensor(uninitialized, shape_type{static_cast<index_t>(sizeof...(Values))}) {
        T* out = data();
        ((*out++ = static_cast<T>(values)), ...);
    }

    /// Nested lists of rank 2 to 6: `tensor<int>{{1, 2}, {3, 4}}`. Throws
    /// std::invalid_argument for a ragged list.
    tensor(nested_list_t<T, 2> values) : tensor(values, nested_depth<2>{}) {}
    /// Nested lists of rank 3, as above.
    tensor(nested_list_t<T, 3> values) : tensor(values, nested_depth<3>{}) {}
    /// Nested lists of rank 4, as above.
    tensor(nested_list_t<T, 4> values) : tensor(values, nested_depth<4>{}) {}
    /// Nested lists of rank 5, as above.
    tensor(nested_list_t<T, 5> values) : tensor(values, nested_depth<5>{}) {}
    /// Nested lists of rank 6, as above.
    tensor(nested_list_t<T, 6> values) : tensor(values, nested_depth<6>{}) {}
    /// Deeper lists are refused: without this, the braces of the constructor
    /// call would be taken as a list of one and give a lower rank.
    tensor(nested_list_t<T, 7> values) = delete;  // refused: nested lists go to rank 6; use a shape and reshape

    /// A copy of a flat row-major buffer viewed as `shape`.
    tensor(std::span<const T> values, const shape_type& shape)
        : tensor(uninitialized, checked_buffer_shape(values.size(), shape)) {
        std::copy(values.begin(), values.end(), this->begin());
    }

    /// The value of an expression: `tensor<float> r = a * b + c;`. An
    /// expression of a higher category (floating into integer) needs astype.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor> && storable_in<value_type_of<E>, T>)
    tensor(const E& value) : tensor(uninitialized, value.shape()) {
        assign(*this, value, assignment::fresh);
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    tensor(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z

    /// A deep copy.
    tensor(const tensor&) = default;
    /// Takes the elements of `other`, which is left empty, of shape [0].
    tensor(tensor&& other) noexcept
        : layout_(std::exchange(other.layout_, empty_layout())), storage_(std::move(other.storage_)) {}

    /// Copies `other`'s shape and elements.
    tensor& operator=(const tensor& other) {
        if (this != &other) assign(*this, other, assignment::rebind);
        return *this;
    }
    /// Takes the elements of `other`, which is left empty, of shape [0].
    tensor& operator=(tensor&& other) noexcept {
        layout_ = std::exchange(other.layout_, empty_layout());
        storage_ = std::move(other.storage_);
        return *this;
    }
    ~tensor() = default;

    /// `t = expr` (the expression's shape and values), `t = 3` (fills), and
    /// the compound assignments (assignment_operators.hpp).
    using assignment_operators<tensor, T>::operator=;

    /// The size of each dimension (NumPy: ndarray.shape).
    const shape_type& shape() const { return layout_.shape(); }
    /// The step between neighbours along each dimension, in elements (NumPy counts bytes).
    const strides_type& strides() const { return layout_.strides(); }
    /// The shape and strides together.
    const strided_layout& layout() const { return layout_; }
    /// The number of dimensions (NumPy: ndarray.ndim).
    std::size_t ndim() const { return layout_.rank(); }
    /// The number of elements (NumPy: ndarray.size).
    index_t size() const { return storage_.size(); }
    /// The first element; the others follow in row-major order.
    T* data() { return storage_.data(); }
    /// The first element, read-only; the others follow in row-major order.
    const T* data() const { return storage_.data(); }

    /// The one element of a tensor of one element, whatever its rank
    /// (NumPy's item()): the value of `sum(x)` once evaluated. Throws
    /// std::invalid_argument for any other size.
    T item() const {
        if (size() != 1) {
            throw std::invalid_argument("item() of a tensor of shape " + to_string(shape()) + " (" +
                                        std::to_string(size()) +
                                        " elements): only a tensor of one element has one value; index it instead");
        }
        return *data();
    }

    /// Iteration, copy() and element access, `t(1, -1)`, or a view when any argument is a range,
    /// all, newaxis or ellipsis: `t(1, range(1, 5, 2), all, newaxis, ellipsis, -1)` (NumPy's
    /// basic indexing; owning_members.hpp); the masks of shape_members.
    using owning_members<tensor, T>::operator();
    using shape_members<tensor>::operator();

    /// The view that an index built at run time selects (`index_list`), as
    /// NumPy's `t[tuple(items)]`; a rank-0 view when every dimension gets an integer.
    tensor_view<T> operator()(const index_list& items) & LOOM_LIFETIMEBOUND { return view()(items); }
    /// As above, of a const tensor: a view of const elements.
    tensor_view<const T> operator()(const index_list& items) const& LOOM_LIFETIMEBOUND { return view()(items); }
    /// As above, of a temporary: the view owns the tensor.
    tensor_view<T> operator()(const index_list& items) && { return std::move(*this).view()(items); }

    /// Element access, checked: throws std::out_of_range for a wrong number of indices or an
    /// index out of bounds.
    template <std::integral... Indices>
    T& at(Indices... indices) {
        return data()[layout_.offset_of("a tensor", indices...)];
    }
    /// Element access, checked, read-only; throws std::out_of_range as at() does.
    template <std::integral... Indices>
    const T& at(Indices... indices) const {
        return data()[layout_.offset_of("a tensor", indices...)];
    }

    /// A view of the whole tensor; from a temporary, a view that owns it.
    tensor_view<T> view() & LOOM_LIFETIMEBOUND { return {data(), layout_, nullptr, memory_watch()}; }
    /// A view of the whole tensor, of const elements.
    tensor_view<const T> view() const& LOOM_LIFETIMEBOUND { return {data(), layout_, nullptr, memory_watch()}; }
    /// A view that owns this temporary tensor (Note [view lifetime] in view.hpp).
    tensor_view<T> view() && {
        auto owned = std::make_shared<tensor>(std::move(*this));
        return {owned->data(), owned->layout(), owned};
    }

#if defined(LOOM_CHECK_LIFETIMES)
    /// True when this tensor's elements were moved to another tensor and it was given none since
    /// (Note [checked lifetimes] in core/lifetimes.hpp; LOOM_CHECK_LIFETIMES only).
    bool moved_from() const { return storage_.moved_from(); }
#endif

    /// Exchanges the contents of two tensors; no element is copied.
    void swap(tensor& other) noexcept {
        std::swap(layout_, other.layout_);
        storage_.swap(other.storage_);
    }

private:
    template <std::size_t Depth>
    struct nested_depth {};

    template <std::size_t Depth>
    tensor(nested_list_t<T, Depth> values, nested_depth<Depth>)
        : tensor(uninitialized, nested_list_shape<T, Depth>(values)) {
        fill_nested<T, Depth>(values, shape(), data());
    }

    // `shape` when a buffer of `count` elements fills it; checked before the
    // tensor allocates.
    static const shape_type& checked_buffer_shape(std::size_t count, const shape_type& shape) {
        check_shape(shape);
        const index_t size = element_count(shape);
        if (static_cast<std::size_t>(size) != count) {
            throw std::invalid_argument("a buffer of " + std::to_string(count) + " elements cannot fill shape " +
                                        to_string(shape) + ", which holds " + std::to_string(size) +
                                        "; pass a buffer of exactly that many elements");
        }
        return shape;
    }

    static strided_layout empty_layout() { return strided_layout(shape_type{0}, strides_type{1}); }

    // What a view of this tensor keeps to check that the memory lives (Note [checked lifetimes]).
    detail::memory_watch memory_watch() const {
#if defined(LOOM_CHECK_LIFETIMES)
        return detail::memory_watch(storage_.block_token());
#else
        return {};
#endif
    }

    strided_layout layout_;
    storage<T> storage_;
};

namespace detail {

// Declared in expr/expression.hpp (Note [expression members]).
template <expression E>
value_type_of<E> item_of(const E& value) {
    const index_t count = element_count(value.shape());
    if (count != 1) {
        throw std::invalid_argument("item() of an expression of shape " + to_string(value.shape()) + " (" +
                                    std::to_string(count) +
                                    " elements): only an expression of one element has one value; reduce it "
                                    "first or index one element");
    }
    if constexpr (memory_leaf<E>) {
        return *value.data();
    } else {
        return *tensor<value_type_of<E>>(value).data();
    }
}

}  // namespace detail

/// The value of an expression as a new tensor.
/// Throws what evaluating the expression throws.
template <expression E>
tensor<value_type_of<E>> eval(const E& value) {
    return tensor<value_type_of<E>>(value);
}

}  // namespace loom
