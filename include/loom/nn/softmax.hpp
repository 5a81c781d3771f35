#pragma once
// softmax, log_softmax and logsumexp, numerically stable: each subtracts the
// largest value along the axis before exponentiating, so that exp never
// overflows (logsumexp of [1000, 1000] is 1000.693..., not inf). The
// results are floats: integers and bools give float64, as the division
// would (NumPy's and SciPy's rule). Each returns a new tensor.

#include <concepts>
#include <type_traits>

#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// The element type of softmax, log_softmax and logsumexp of elements of type T.
template <element T>
using softmax_type_t = std::conditional_t<floating_element<T>, T, double>;

namespace detail {

// The largest values along `axes`, kept as 1s, refusing bad axes in the
// name of `function`. For logsumexp (`scipy`), an infinite largest value is
// replaced by 0, as SciPy does: x - it is then NaN only where x has NaN, and
// an all -inf extent gives -inf, not NaN. softmax and log_softmax keep it, as
// PyTorch does: a +inf along the axis makes the whole extent NaN.
template <element F, expression X>
tensor<F> stable_shift(const char* function, const X& x, const axis_set& axes, bool scipy) {
    const reduced_axes reduced(function, axes, x.shape());
    if (reduced.extent(x.shape()) == 0) return tensor<F>(reduced.result_shape(x.shape(), true), F(0));  // nothing to shift
    tensor<F> largest = max(astype<F>(x), axes, true);
    if (scipy) largest = where(isinf(largest), F(0), largest);
    return largest;
}

}  // namespace detail

/// log(sum(exp(x))) over `axes`, computed without overflow.
/// SciPy: scipy.special.logsumexp; PyTorch: torch.logsumexp. Throws std::out_of_range for an axis
/// out
/// of range, std::invalid_argument for an axis given twice.
template <expression X>
tensor<softmax_type_t<value_type_of<X>>> logsumexp(const X& x, const axis_set& axes = flat, bool keepdims = false) {
    using F = softmax_type_t<value_type_of<X>>;
    const tensor<F> shift = detail::stable_shift<F>("logsumexp", x, axes, true);
    tensor<F> result = log(sum(exp(astype<F>(x) - shift), axes, true)) + shift;
    if (keepdims) return result;
    const shape_type reduced = reduced_axes("logsumexp", axes, x.shape()).result_shape(x.shape(), false);
    return tensor<F>(reshape(result, std::vector<index_t>(reduced.begin(), reduced.end())));
}

/// exp(x) / sum(exp(x)) along `axis` (PyTorch's dim; negative counts from the end).
/// PyTorch: torch.softmax. Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<softmax_type_t<value_type_of<X>>> softmax(const X& x, index_t axis = -1) {
    using F = softmax_type_t<value_type_of<X>>;
    tensor<F> result = exp(astype<F>(x) - detail::stable_shift<F>("softmax", x, axis, false));
    result /= sum(result, axis, true);
    return result;
}

/// log(softmax(x)) along `axis`, computed as x - logsumexp(x) (never log of 0
/// where the value is merely small).
/// PyTorch: torch.log_softmax. Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<softmax_type_t<value_type_of<X>>> log_softmax(const X& x, index_t axis = -1) {
    using F = softmax_type_t<value_type_of<X>>;
    tensor<F> result = astype<F>(x) - detail::stable_shift<F>("log_softmax", x, axis, false);
    result -= log(sum(exp(result), axis, true));
    return result;
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), softmax, log_softmax and logsumexp of a
// tensor<T>, T one of float, double, int32 and int64, are compiled once, in the library
// (src/nn.cpp), instead of in every file that calls them.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<float> softmax<tensor<float>>(const tensor<float>&, index_t);
extern template tensor<double> softmax<tensor<double>>(const tensor<double>&, index_t);
extern template tensor<double> softmax<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
extern template tensor<double> softmax<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
extern template tensor<float> log_softmax<tensor<float>>(const tensor<float>&, index_t);
extern template tensor<double> log_softmax<tensor<double>>(const tensor<double>&, index_t);
extern template tensor<double> log_softmax<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
extern template tensor<double> log_softmax<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
extern template tensor<float> logsumexp<tensor<float>>(const tensor<float>&, const axis_set&, bool);
extern template tensor<double> logsumexp<tensor<double>>(const tensor<double>&, const axis_set&, bool);
extern template tensor<double> logsumexp<tensor<std::int32_t>>(const tensor<std::int32_t>&, const axis_set&, bool);
extern template tensor<double> logsumexp<tensor<std::int64_t>>(const tensor<std::int64_t>&, const axis_set&, bool);
}  // namespace loom
#endif
