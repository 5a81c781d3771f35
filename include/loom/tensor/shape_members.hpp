#pragma once
// The shape manipulations as members, `t.unsqueeze(0)` as PyTorch writes
// them, for tensors and views alike. Each forwards to the free function of
// the same name (manipulate/manipulation.hpp, manipulate/broadcast_views.hpp),
// keeping the value category: a member called on a temporary tensor returns
// a view that owns it. The reductions as members, `t.sum(1)`, forward the
// same way (Note [reduction members] in reduce/reduction_members.hpp).

#include <utility>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/shape.hpp"
#include "loom/expr/expression.hpp"
#include "loom/tensor/tensor_declaration.hpp"
#include "loom/expr/reduction_calls.hpp"

namespace loom {

/// A bool expression: a mask.
template <class M>
concept bool_expression = expression<M> && std::same_as<value_type_of<M>, bool>;

/// An integer expression: indices.
template <class I>
concept index_expression = expression<I> && std::integral<value_type_of<I>> && !std::same_as<value_type_of<I>, bool>;

// The indexing by masks and indices, defined in manipulate/masking.hpp.
template <class View>
class masked_assignment;
template <expression X, bool_expression M> auto masked_select(const X& x, const M& mask);
template <expression X, index_expression I> auto take(const X& x, const I& indices, index_t axis);
// Integer-array indexing, defined in manipulate/advanced_indexing.hpp.
class index_array;
template <expression X> auto take_at(const X& x, const std::vector<index_array>& indices);

// Declared here so that the members below can name them; defined in
// manipulate/manipulation.hpp and manipulate/broadcast_views.hpp (default
// arguments live here).
template <expression X> auto reshape(X&& x, const std::vector<index_t>& sizes);
template <expression X> auto ravel(X&& x);
template <expression X> auto flatten(const X& x);
template <expression X> auto unsqueeze(X&& x, index_t dim);
template <expression X> auto expand_dims(X&& x, index_t axis);
template <expression X> auto squeeze(X&& x);
template <expression X> auto squeeze(X&& x, index_t dim);
template <expression X> auto permute(X&& x, const std::vector<index_t>& axes);
template <expression X> auto transpose(X&& x);
template <expression X> auto transpose(X&& x, const std::vector<index_t>& axes);
template <expression X> auto swapaxes(X&& x, index_t a, index_t b);
template <expression X> auto moveaxis(X&& x, index_t source, index_t destination);
template <expression X> auto flip(X&& x);
template <expression X> auto flip(X&& x, index_t axis);
template <expression X> auto diagonal(X&& x, index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1);
template <expression X> auto broadcast_to(X&& x, const shape_type& shape);
template <expression X> auto broadcast_to(X&& x, const shape_type& shape, const broadcast_spec& spec);
template <expression X> auto expand(X&& x, const std::vector<index_t>& sizes);
template <expression X> auto broadcast_bidirectional(X&& x, const shape_type& target);

// A reduction member used without <loom/reduce.hpp>, which defines the calls
// (detail::reduction_calls_usable): one line that names the header, where
// the compiler would say that no member takes the arguments, or that the
// call's type cannot be deduced.
#define LOOM_REDUCTION_NEEDS_HEADER(name)                                                              \
    "x." #name "(...) is a reduction of <loom/reduce.hpp>: include it, or <loom/loom.hpp>"
#define LOOM_REDUCTION_WITHOUT_HEADER(name)                                                            \
    template <class First, class... Rest>                                                             \
        requires(!detail::reduction_calls_usable<First>)                                              \
    auto name(const First&, const Rest&...) const {                                                   \
        static_assert(detail::reduction_calls_usable<First>, LOOM_REDUCTION_NEEDS_HEADER(name));      \
    }

// A reduction member over every axis, on an lvalue (the result refers to
// it) and on a temporary (the result owns it), and used without its header.
#define LOOM_REDUCTION_OVER_EVERY_AXIS(name)                                                           \
    auto name() const& {                                                                              \
        static_assert(detail::reduction_calls_usable<Derived>, LOOM_REDUCTION_NEEDS_HEADER(name));    \
        return detail::reduction_calls::name(derived());                                              \
    }                                                                                                 \
    auto name() && {                                                                                  \
        static_assert(detail::reduction_calls_usable<Derived>, LOOM_REDUCTION_NEEDS_HEADER(name));    \
        return detail::reduction_calls::name(std::move(derived()));                                   \
    }                                                                                                 \
    LOOM_REDUCTION_WITHOUT_HEADER(name)

// A reduction member over every axis and over `axes`.
#define LOOM_REDUCTION_MEMBER(name)                                                                    \
    LOOM_REDUCTION_OVER_EVERY_AXIS(name)                                                              \
    auto name(const axis_set& axes, bool keepdims = false) const& {                                   \
        return detail::reduction_calls::name(derived(), axes, keepdims);                              \
    }                                                                                                 \
    auto name(const axis_set& axes, bool keepdims = false) && {                                       \
        return detail::reduction_calls::name(std::move(derived()), axes, keepdims);                   \
    }

// As above, with NumPy's `dtype=` as a template argument: `x.sum<double>()`.
#define LOOM_DTYPE_REDUCTION_MEMBER(name)                                                              \
    template <class Dtype = default_dtype>                                                            \
    auto name() const& {                                                                              \
        static_assert(detail::reduction_calls_usable<Dtype>, LOOM_REDUCTION_NEEDS_HEADER(name));      \
        return detail::reduction_calls::name<Dtype>(derived());                                       \
    }                                                                                                 \
    template <class Dtype = default_dtype>                                                            \
    auto name() && {                                                                                  \
        static_assert(detail::reduction_calls_usable<Dtype>, LOOM_REDUCTION_NEEDS_HEADER(name));      \
        return detail::reduction_calls::name<Dtype>(std::move(derived()));                            \
    }                                                                                                 \
    LOOM_REDUCTION_WITHOUT_HEADER(name)                                                               \
    template <class Dtype = default_dtype>                                                            \
    auto name(const axis_set& axes, bool keepdims = false) const& {                                   \
        return detail::reduction_calls::name<Dtype>(derived(), axes, keepdims);                       \
    }                                                                                                 \
    template <class Dtype = default_dtype>                                                            \
    auto name(const axis_set& axes, bool keepdims = false) && {                                       \
        return detail::reduction_calls::name<Dtype>(std::move(derived()), axes, keepdims);            \
    }

// var and std, whose ddof comes before keepdims as in the free functions.
#define LOOM_DDOF_REDUCTION_MEMBER(name)                                                               \
    LOOM_REDUCTION_OVER_EVERY_AXIS(name)                                                              \
    auto name(const axis_set& axes, index_t ddof = 0, bool keepdims = false) const& {                 \
        return detail::reduction_calls::name(derived(), axes, ddof, keepdims);                        \
    }                                                                                                 \
    auto name(const axis_set& axes, index_t ddof = 0, bool keepdims = false) && {                     \
        return detail::reduction_calls::name(std::move(derived()), axes, ddof, keepdims);             \
    }

#define LOOM_SHAPE_MEMBER(name, parameters, ...)                                                         \
    auto name parameters & { return loom::name(derived() __VA_OPT__(, ) __VA_ARGS__); }                  \
    auto name parameters const& { return loom::name(std::as_const(derived()) __VA_OPT__(, ) __VA_ARGS__); } \
    auto name parameters && { return loom::name(std::move(derived()) __VA_OPT__(, ) __VA_ARGS__); }

/// The shape members of tensor and tensor_view: each calls the free function of its name
/// (`t.transpose()` is `transpose(t)`), on a temporary too.
template <class Derived>
class shape_members {
public:
    LOOM_SHAPE_MEMBER(reshape, (const std::vector<index_t>& sizes), sizes)
    LOOM_SHAPE_MEMBER(ravel, ())
    LOOM_SHAPE_MEMBER(unsqueeze, (index_t dim), dim)
    LOOM_SHAPE_MEMBER(expand_dims, (index_t axis), axis)
    LOOM_SHAPE_MEMBER(squeeze, ())
    LOOM_SHAPE_MEMBER(squeeze, (index_t dim), dim)
    LOOM_SHAPE_MEMBER(permute, (const std::vector<index_t>& axes), axes)
    LOOM_SHAPE_MEMBER(transpose, ())
    LOOM_SHAPE_MEMBER(transpose, (const std::vector<index_t>& axes), axes)
    LOOM_SHAPE_MEMBER(swapaxes, (index_t a, index_t b), a, b)
    LOOM_SHAPE_MEMBER(moveaxis, (index_t source, index_t destination), source, destination)
    LOOM_SHAPE_MEMBER(flip, ())
    LOOM_SHAPE_MEMBER(flip, (index_t axis), axis)
    LOOM_SHAPE_MEMBER(diagonal, (index_t offset = 0, index_t axis1 = 0, index_t axis2 = 1), offset, axis1, axis2)
    LOOM_SHAPE_MEMBER(broadcast_to, (const shape_type& shape), shape)
    LOOM_SHAPE_MEMBER(broadcast_to, (const shape_type& shape, const broadcast_spec& spec), shape, spec)
    LOOM_SHAPE_MEMBER(expand, (const std::vector<index_t>& sizes), sizes)
    LOOM_SHAPE_MEMBER(broadcast_bidirectional, (const shape_type& target), target)

    // The reductions (Note [reduction members] in reduce/reduction_members.hpp): each takes
    // nothing (every axis) or the free function's arguments, and needs <loom/reduce.hpp>.
    /// `x.sum(axes, keepdims)`: sum(x, axes, keepdims) (NumPy: ndarray.sum; PyTorch: Tensor.sum).
    LOOM_DTYPE_REDUCTION_MEMBER(sum)
    /// `x.prod(axes, keepdims)`: prod(x, axes, keepdims) (NumPy: ndarray.prod).
    LOOM_DTYPE_REDUCTION_MEMBER(prod)
    /// `x.mean(axes, keepdims)`: mean(x, axes, keepdims) (NumPy: ndarray.mean).
    LOOM_DTYPE_REDUCTION_MEMBER(mean)
    /// `x.max(axes, keepdims)`: max(x, axes, keepdims) (NumPy: ndarray.max).
    LOOM_REDUCTION_MEMBER(max)
    /// `x.min(axes, keepdims)`: min(x, axes, keepdims) (NumPy: ndarray.min).
    LOOM_REDUCTION_MEMBER(min)
    /// `x.argmax(axis, keepdims)`: argmax(x, axis, keepdims) (NumPy: ndarray.argmax).
    LOOM_REDUCTION_MEMBER(argmax)
    /// `x.argmin(axis, keepdims)`: argmin(x, axis, keepdims) (NumPy: ndarray.argmin).
    LOOM_REDUCTION_MEMBER(argmin)
    /// `x.any(axes, keepdims)`: any(x, axes, keepdims) (NumPy: ndarray.any).
    LOOM_REDUCTION_MEMBER(any)
    /// `x.all_of(axes, keepdims)`: all_of(x, axes, keepdims) (NumPy: ndarray.all; `all` is the
    /// index of a whole dimension).
    LOOM_REDUCTION_MEMBER(all_of)
    /// `x.var(axes, ddof, keepdims)`: var(x, axes, ddof, keepdims) (NumPy: ndarray.var).
    LOOM_DDOF_REDUCTION_MEMBER(var)
    /// `x.std(axes, ddof, keepdims)`: std(x, axes, ddof, keepdims) (NumPy: ndarray.std).
    LOOM_DDOF_REDUCTION_MEMBER(std)

    /// A contiguous rank-1 copy.
    auto flatten() const { return loom::flatten(derived()); }

    /// `t[mask]`: a rank-1 copy of the elements where `mask` is true.
    template <bool_expression M>
    auto operator[](const M& mask) const {
        return loom::masked_select(derived(), mask);
    }
    /// `t[indices]`: a copy of the rows at `indices` (numpy.take along axis 0).
    template <index_expression I>
    auto operator[](const I& indices) const {
        return loom::take(derived(), indices, 0);
    }
    /// `t[{rows, cols}]`: a copy of the elements the index arrays pick, take_at(t, {rows, cols})
    /// (NumPy's `t[rows, cols]`). The copy is const, so that `t[{rows, cols}] = v`, which would
    /// write into it, does not compile: put_at(t, {rows, cols}, v) writes into t.
    template <class D = Derived>
    const tensor<value_type_of<D>> operator[](const std::vector<index_array>& indices) const {
        return loom::take_at(derived(), indices);
    }
    /// `t(mask) = value`: writes where `mask` is true (manipulate/masking.hpp).
    template <bool_expression M>
    auto operator()(const M& mask) {
        using view_type = decltype(derived().view());
        return masked_assignment<view_type>(derived().view(), eval(mask));
    }

private:
    Derived& derived() { return static_cast<Derived&>(*this); }
    const Derived& derived() const { return static_cast<const Derived&>(*this); }
};

#undef LOOM_SHAPE_MEMBER
#undef LOOM_REDUCTION_MEMBER
#undef LOOM_DTYPE_REDUCTION_MEMBER
#undef LOOM_DDOF_REDUCTION_MEMBER
#undef LOOM_REDUCTION_OVER_EVERY_AXIS
#undef LOOM_REDUCTION_WITHOUT_HEADER
#undef LOOM_REDUCTION_NEEDS_HEADER

}  // namespace loom
