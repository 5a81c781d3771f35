#pragma once
// tensor<T, fixed<3, 4>>: a tensor whose shape is part of its type, its
// elements held inline (no allocation), read by the static path when every
// operand of an expression has a fixed shape (Note [static path] in
// eval/static_assign.hpp), and by the engine like any memory leaf otherwise.
//
// Note [fixed tensors]: a specialisation of tensor<T, Shape>, not a class
// of its own, so that `tensor<float, fixed<3, 4>>` reads as what it is and
// every function written for tensor<T> (whose Shape defaults to
// dynamic_shape) keeps its meaning. Functions written for any expression
// take it as they take a tensor: it is a memory leaf whose layout, shared
// by every tensor of its type, is made once. Views of it are ordinary
// views; results of functions other than element-wise expressions are
// tensor<T>.
//
// Cost of including: <algorithm>, <array>, <memory>, <stdexcept>, <string>
// beyond tensor/tensor.hpp.

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <string>

#include "loom/core/static_shape.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// An array whose shape `fixed<Sizes...>` is part of its type, its elements held inline, zeros
/// unless given (Eigen: `Matrix<T, 3, 4>`, `TensorFixedSize`; NumPy has no equivalent: an
/// ndarray of that shape). Element-wise expressions of fixed tensors and scalars have a fixed
/// shape, broadcast at compile time (a mismatch does not compile), and are stored with no plan.
/// Assignment never changes its shape: a value of another shape does not compile, or throws
/// loom::broadcast_error when its shape is known at run time only.
template <element T, index_t... Sizes>
class tensor<T, fixed<Sizes...>> : public assignment_operators<tensor<T, fixed<Sizes...>>, T>,
                                   public owning_members<tensor<T, fixed<Sizes...>>, T>,
                                   public shape_members<tensor<T, fixed<Sizes...>>>,
                                   public expression_members<tensor<T, fixed<Sizes...>>> {
public:
    /// The element type.
    using value_type = T;
    /// Iterates over the elements in row-major order.
    using iterator = T*;
    /// Iterates over the elements in row-major order, read-only.
    using const_iterator = const T*;
    /// The shape, in the type.
    using static_shape = fixed<Sizes...>;
    static constexpr bool is_loom_expression = true;
    /// `t = expr` needs the expression to have t's shape (Note [static broadcasting]).
    static constexpr assignment::rebind_t expression_assignment{};

    /// Every element zero.
    tensor() : elements_{} {}

    /// Elements unspecified (numpy.empty): write every element before reading one.
    explicit tensor(uninitialized_t) {}

    /// The values of a rank-1 fixed tensor: `tensor<float, fixed<3>>{1, 2, 3}`; exactly as many
    /// as it has elements, checked at compile time.
    template <scalar... Values>
        requires(static_shape::rank == 1 && sizeof...(Values) == static_shape::count &&
                 sizeof...(Values) >= 1)
    explicit(sizeof...(Values) == 1) tensor(Values... values) : elements_{static_cast<T>(values)...} {}

    /// Nested lists of rank 2 to 6, of exactly the fixed shape: `tensor<int, fixed<2, 2>>{{1, 2},
    /// {3, 4}}`. Throws std::invalid_argument for a ragged list or another shape.
    tensor(nested_list_t<T, 2> values) : tensor(values, nested_depth<2>{}) {}
    /// Nested lists of rank 3, as above.
    tensor(nested_list_t<T, 3> values) : tensor(values, nested_depth<3>{}) {}
    /// Nested lists of rank 4, as above.
    tensor(nested_list_t<T, 4> values) : tensor(values, nested_depth<4>{}) {}
    /// Nested lists of rank 5, as above.
    tensor(nested_list_t<T, 5> values) : tensor(values, nested_depth<5>{}) {}
    /// Nested lists of rank 6, as above.
    tensor(nested_list_t<T, 6> values) : tensor(values, nested_depth<6>{}) {}

    /// The value of an expression of the same shape: `tensor<float, fixed<3, 4>> r = a + b;`.
    /// Another fixed shape does not compile; another shape known at run time only throws
    /// loom::broadcast_error. An expression of a higher category (floating into integer) needs astype.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor> && storable_in<value_type_of<E>, T>)
    tensor(const E& value) {
        assign(*this, value, assignment::fresh);
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    tensor(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z

    /// A copy of the elements.
    tensor(const tensor&) = default;
    /// A copy of the elements (they are inline: nothing to take).
    tensor(tensor&&) = default;
    /// Copies the elements.
    tensor& operator=(const tensor&) = default;
    /// Copies the elements.
    tensor& operator=(tensor&&) = default;
    ~tensor() = default;

    /// `t = expr` (of t's shape), `t = 3` (fills), and the compound assignments.
    using assignment_operators<tensor, T>::operator=;

    /// The size of each dimension (NumPy: ndarray.shape), the same for every tensor of this type.
    static const shape_type& shape() { return fixed_layout().shape(); }
    /// The step between neighbours along each dimension, in elements.
    static const strides_type& strides() { return fixed_layout().strides(); }
    /// The shape and strides together, made once for the type.
    static const strided_layout& layout() { return fixed_layout(); }
    /// The number of dimensions (NumPy: ndarray.ndim).
    static constexpr std::size_t ndim() { return static_shape::rank; }
    /// The number of elements (NumPy: ndarray.size).
    static constexpr index_t size() { return static_shape::count; }
    /// The first element; the others follow in row-major order.
    T* data() { return elements_.data(); }
    /// The first element, read-only.
    const T* data() const { return elements_.data(); }

    /// The one element of a tensor of one element (NumPy's item()). Does not compile for a fixed
    /// shape of another size.
    T item() const
        requires(static_shape::count == 1)
    {
        return elements_[0];
    }

    /// Iteration, copy() and `t(i, j)`: the element, or an ordinary view when any argument is not
    /// an integer, as for tensor<T> (owning_members.hpp); the shape members, views as for tensor<T>.
    using owning_members<tensor, T>::operator();
    using shape_members<tensor>::operator();

    /// Element access, checked: throws std::out_of_range for an index out of bounds; a number
    /// of indices other than the rank does not compile.
    template <std::integral... Indices>
    T& at(Indices... indices) {
        detail::require_element_indices<sizeof...(Indices), static_shape::rank>();
        return elements_[static_cast<std::size_t>(layout().offset_of("a tensor", indices...))];
    }
    /// Element access, checked, read-only, as at() is.
    template <std::integral... Indices>
    const T& at(Indices... indices) const {
        detail::require_element_indices<sizeof...(Indices), static_shape::rank>();
        return elements_[static_cast<std::size_t>(layout().offset_of("a tensor", indices...))];
    }

    /// A view of the whole tensor (of dynamic shape); from a temporary, a view that owns it.
    tensor_view<T> view() & LOOM_LIFETIMEBOUND { return {data(), layout(), nullptr, memory_watch()}; }
    /// A view of the whole tensor, of const elements.
    tensor_view<const T> view() const& LOOM_LIFETIMEBOUND { return {data(), layout(), nullptr, memory_watch()}; }
    /// A view that owns this temporary tensor (Note [view lifetime] in view.hpp).
    tensor_view<T> view() && {
        auto owned = std::make_shared<tensor>(std::move(*this));
        return {owned->data(), layout(), owned};
    }

    /// Exchanges the elements of two tensors of the same fixed shape.
    void swap(tensor& other) noexcept { elements_.swap(other.elements_); }

private:
    template <std::size_t Depth>
    struct nested_depth {};

    template <std::size_t Depth>
    tensor(nested_list_t<T, Depth> values, nested_depth<Depth>) {
        const shape_type given = nested_list_shape<T, Depth>(values);
        if (given != shape()) {
            throw std::invalid_argument("a nested list of shape " + to_string(given) + " for a tensor of fixed shape " +
                                        to_string(shape()) + "; give a list of exactly that shape");
        }
        fill_nested<T, Depth>(values, shape(), data());
    }

    // What a view of this tensor keeps to check that its elements, which it holds itself, live
    // (Note [checked lifetimes] in core/lifetimes.hpp).
    detail::memory_watch memory_watch() const {
#if defined(LOOM_CHECK_LIFETIMES)
        return detail::memory_watch(this->lifetime_token());
#else
        return {};
#endif
    }

    // One layout for every tensor of this type, made on first use.
    static const strided_layout& fixed_layout() {
        static const strided_layout layout(static_shape::shape(), sizeof(T));
        return layout;
    }

    std::array<T, static_cast<std::size_t>(static_shape::count)> elements_;
};

}  // namespace loom
