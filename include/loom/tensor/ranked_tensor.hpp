#pragma once
// tensor<T, rank<2>>: a tensor whose rank is part of its type and whose
// sizes are known at run time, stored as a tensor<T> is; its expressions
// are stored by the ranked path (Note [ranked path] in
// eval/static_assign.hpp), R nested loops and no plan.
//
// Note [ranked tensors]: a specialisation of tensor<T, Shape>, as fixed
// tensors are (Note [fixed tensors] in fixed_tensor.hpp), holding a
// tensor<T> and forwarding to it: the rank is checked where a shape comes
// in (construction, assignment, a file), and nowhere else.
//
// Cost of including: <array>, <stdexcept>, <string>, <utility> beyond tensor/tensor.hpp.

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/static_shape.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

namespace detail {

// `shape` when it has rank R; throws std::invalid_argument naming `what` otherwise.
template <std::size_t R>
const shape_type& checked_rank(const shape_type& shape, const char* what) {
    if (shape.size() != R) {
        throw std::invalid_argument(std::string(what) + " " + to_string(shape) + " (rank " + std::to_string(shape.size()) +
                                    ") given to a tensor of rank<" + std::to_string(R) +
                                    ">, which keeps its rank; give " + std::to_string(R) +
                                    " sizes, or use a tensor<T>, which takes any rank");
    }
    return shape;
}

}  // namespace detail

/// An owning, contiguous, row-major array whose rank R is part of its type and whose sizes are
/// known at run time (Eigen: `Tensor<T, R>`; NumPy has no equivalent: an ndarray of that rank).
/// Every shape given is checked to have rank R (std::invalid_argument); a value of another rank
/// does not compile, or throws std::invalid_argument when its rank is known at run time only.
template <element T, std::size_t R>
class tensor<T, rank<R>> : public assignment_operators<tensor<T, rank<R>>, T>,
                           public owning_members<tensor<T, rank<R>>, T>,
                           public shape_members<tensor<T, rank<R>>>,
                           public expression_members<tensor<T, rank<R>>> {
public:
    /// The element type.
    using value_type = T;
    /// Iterates over the elements in row-major order.
    using iterator = T*;
    /// Iterates over the elements in row-major order, read-only.
    using const_iterator = const T*;
    /// The rank, in the type.
    static constexpr std::ptrdiff_t static_rank = static_cast<std::ptrdiff_t>(R);
    static constexpr bool is_loom_expression = true;
    /// `t = expr` gives t the expression's shape, which must have rank R.
    static constexpr assignment::rebind_t expression_assignment{};

    /// A tensor of rank R whose sizes are all 0 (of one element for rank 0).
    tensor() : elements_(shape_type(R, 0)) {}

    /// A tensor of `shape`, filled with zeros. Throws std::invalid_argument unless the shape has rank R.
    explicit tensor(const shape_type& shape) : elements_(detail::checked_rank<R>(shape, "shape")) {}

    /// A tensor of the R sizes written in braces, filled with zeros: `tensor<float, rank<2>>({2, 3})`.
    explicit tensor(const index_t (&shape)[R])
        requires(R >= 1)
        : elements_(shape_type(shape, shape + R)) {}

    /// A tensor of `shape` whose contents are unspecified (numpy.empty). Throws
    /// std::invalid_argument unless the shape has rank R.
    tensor(uninitialized_t, const shape_type& shape)
        : elements_(uninitialized, detail::checked_rank<R>(shape, "shape")) {}

    /// A tensor of `shape`, every element `value`. Throws std::invalid_argument unless the shape has rank R.
    tensor(const shape_type& shape, T value) : elements_(detail::checked_rank<R>(shape, "shape"), value) {}

    /// The values of a rank-1 tensor: `tensor<float, rank<1>>{1, 2, 3}`.
    template <scalar... Values>
        requires(R == 1 && sizeof...(Values) >= 1)
    explicit(sizeof...(Values) == 1) tensor(Values... values) : elements_(values...) {}

    /// Nested lists of depth R (2 to 6): `tensor<int, rank<2>>{{1, 2}, {3, 4}}`. Throws
    /// std::invalid_argument for a ragged list.
    tensor(nested_list_t<T, R> values)
        requires(R >= 2 && R <= 6)
        : elements_(values) {}

    /// The value of an expression of rank R: `tensor<float, rank<2>> r = a * b + c;`. Another rank
    /// does not compile when the expression's is known at compile time, and throws
    /// std::invalid_argument otherwise. An expression of a higher category needs astype.
    template <expression E>
        requires(!std::same_as<std::remove_cvref_t<E>, tensor> && storable_in<value_type_of<E>, T>)
    tensor(const E& value) : elements_(uninitialized, checked_value_shape(value)) {
        assign(elements_, value, assignment::fresh);
    }
    template <expression E>
        requires higher_category_needs_astype<value_type_of<E>, T>
    tensor(const E& value) = delete;  // refused: a result of a higher category than T; use astype<T>(...), or real(z), imag(z) or abs(z) for a complex z

    /// A deep copy.
    tensor(const tensor&) = default;
    /// Takes the elements of `other`, which is left of rank R with sizes 0.
    tensor(tensor&& other) noexcept : elements_(std::exchange(other.elements_, empty_elements())) {}
    /// Copies `other`'s shape and elements.
    tensor& operator=(const tensor&) = default;
    /// Takes the elements of `other`, which is left of rank R with sizes 0.
    tensor& operator=(tensor&& other) noexcept {
        elements_ = std::exchange(other.elements_, empty_elements());
        return *this;
    }
    ~tensor() = default;

    /// `t = expr` (the expression's shape, of rank R), `t = 3` (fills), and the compound assignments.
    using assignment_operators<tensor, T>::operator=;

    /// The size of each dimension (NumPy: ndarray.shape).
    const shape_type& shape() const { return elements_.shape(); }
    /// The sizes as an array of R entries.
    std::array<index_t, R> extents() const {
        std::array<index_t, R> sizes{};
        for (std::size_t d = 0; d < R; ++d) sizes[d] = elements_.shape()[d];
        return sizes;
    }
    /// The step between neighbours along each dimension, in elements.
    const strides_type& strides() const { return elements_.strides(); }
    /// The shape and strides together.
    const strided_layout& layout() const { return elements_.layout(); }
    /// The number of dimensions (NumPy: ndarray.ndim): R.
    static constexpr std::size_t ndim() { return R; }
    /// The number of elements (NumPy: ndarray.size).
    index_t size() const { return elements_.size(); }
    /// The first element; the others follow in row-major order.
    T* data() { return elements_.data(); }
    /// The first element, read-only.
    const T* data() const { return elements_.data(); }
    /// The one element of a tensor of one element (NumPy's item()). Throws std::invalid_argument
    /// for any other size.
    T item() const { return elements_.item(); }

    /// Iteration, copy() and `t(i, j)`: the element (integers other than R in number do not
    /// compile), or an ordinary view when any argument is not an integer, as for tensor<T>
    /// (owning_members.hpp); the shape members, views as for tensor<T>.
    using owning_members<tensor, T>::operator();
    using shape_members<tensor>::operator();

    /// Element access, checked: throws std::out_of_range for an index out of bounds; a number
    /// of indices other than R does not compile.
    template <std::integral... Indices>
    T& at(Indices... indices) {
        detail::require_element_indices<sizeof...(Indices), R>();
        return elements_.at(indices...);
    }
    /// Element access, checked, read-only, as at() is.
    template <std::integral... Indices>
    const T& at(Indices... indices) const {
        detail::require_element_indices<sizeof...(Indices), R>();
        return elements_.at(indices...);
    }

    /// A view of the whole tensor; from a temporary, a view that owns the elements.
    tensor_view<T> view() & LOOM_LIFETIMEBOUND { return elements_.view(); }
    /// A view of the whole tensor, of const elements.
    tensor_view<const T> view() const& LOOM_LIFETIMEBOUND { return elements_.view(); }
    /// A view that owns the elements of this temporary tensor (Note [view lifetime] in view.hpp).
    tensor_view<T> view() && { return std::move(elements_).view(); }


#if defined(LOOM_CHECK_LIFETIMES)
    /// True when this tensor's elements were moved to another tensor and it was given none since
    /// (Note [checked lifetimes] in core/lifetimes.hpp; LOOM_CHECK_LIFETIMES only).
    bool moved_from() const { return elements_.moved_from(); }
#endif

    /// Exchanges the contents of two tensors of rank R; no element is copied.
    void swap(tensor& other) noexcept { elements_.swap(other.elements_); }

private:
    static tensor<T> empty_elements() { return tensor<T>(shape_type(R, 0)); }

    template <expression E>
    static const shape_type& checked_value_shape(const E& value) {
        if constexpr (static_rank_of_v<E> >= 0) {
            static_assert(detail::rank_verdict<static_rank_of_v<E> == static_rank, rank<R>,
                                               rank<static_cast<std::size_t>(static_rank_of_v<E>)>>::value);
            return value.shape();
        } else {
            return detail::checked_rank<R>(value.shape(), "a value of shape");
        }
    }

    tensor<T> elements_;
};

}  // namespace loom
