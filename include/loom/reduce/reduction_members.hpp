#pragma once
// The reductions as members of tensors and views (`x.sum(1)`, `x.mean()`,
// `x.argmax(0, true)`), declared in tensor/shape_members.hpp: the calls they
// make, defined here where the free reductions are visible.
// Includes nothing beyond the reductions' own headers.
//
// Note [reduction members]: tensor/ sits below reduce/ (docs/architecture.md),
// so each member calls a function of detail::reduction_calls, declared in
// expr/reduction_calls.hpp, which this header defines as the free reduction
// of the same name. A member is the free function on the same operand: lazy,
// referring to an lvalue and owning a temporary (Note [closure rule] in
// expr/expression.hpp). The free functions stay the main spelling; the
// members are NumPy's and PyTorch's habit, `x.sum(axis)`.

#include <utility>

#include "loom/expr/reduction_calls.hpp"
#include "loom/reduce/arg_reductions.hpp"
#include "loom/reduce/reductions.hpp"

namespace loom::detail {

struct reduction_calls_defined {};

template <class Dtype, class X, class... Args>
auto reduction_calls::sum(X&& x, const Args&... args) {
    return loom::sum<Dtype>(std::forward<X>(x), args...);
}

template <class Dtype, class X, class... Args>
auto reduction_calls::prod(X&& x, const Args&... args) {
    return loom::prod<Dtype>(std::forward<X>(x), args...);
}

template <class Dtype, class X, class... Args>
auto reduction_calls::mean(X&& x, const Args&... args) {
    return loom::mean<Dtype>(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::max(X&& x, const Args&... args) {
    return loom::max(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::min(X&& x, const Args&... args) {
    return loom::min(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::argmax(X&& x, const Args&... args) {
    return loom::argmax(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::argmin(X&& x, const Args&... args) {
    return loom::argmin(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::any(X&& x, const Args&... args) {
    return loom::any(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::all_of(X&& x, const Args&... args) {
    return loom::all_of(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::var(X&& x, const Args&... args) {
    return loom::var(std::forward<X>(x), args...);
}

template <class X, class... Args>
auto reduction_calls::std(X&& x, const Args&... args) {
    return loom::std(std::forward<X>(x), args...);
}

}  // namespace loom::detail
