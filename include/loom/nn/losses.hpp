#pragma once
// Loss functions as PyTorch defines them, with the loss-style broadcasting
// of the PyTorch blog post on broadcasting ("Loss Function"):
//
//   class losses    input [N, C] with target [N] of class indices, or input
//                   [N, C, d1, ..., dk] with target [N, d1, ..., dk] (the class
//                   dimension is 1), or input [C] with a rank-0 target:
//                   nll_loss (input: log-probabilities), cross_entropy
//                   (input: unnormalised scores; log_softmax over dimension 1,
//                   then nll_loss, with label smoothing)
//   simple losses   input and target of the same shape: mse_loss, l1_loss,
//                   binary_cross_entropy, binary_cross_entropy_with_logits
//
// Options: the reduction (none: one loss per target element; sum; mean,
// the default), class weights, ignore_index (targets equal to it count for
// nothing, and not in the mean's divisor), label_smoothing. With weights,
// the mean divides by the summed weights of the targets that are not
// ignored, as PyTorch. Every mismatch of shapes is an error naming both
// and the shape the target should have; PyTorch only warns when a simple
// loss's shapes differ, and broadcasts them, which hides bugs: loom refuses.
// Results are tensors of the input's float type (rank 0 unless the
// reduction is none).

#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/expr/functions.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/operators.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/nn/gather.hpp"
#include "loom/nn/softmax.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// What a loss returns: every element's loss, their sum, or their mean
/// (PyTorch's `reduction=`).
enum class loss_reduction {
    none,  ///< every target element's loss, in the target's shape (not `loom::none`, a range bound)
    mean,  ///< their mean, the default (with class weights: their sum over the weights' sum)
    sum,   ///< their sum
};

/// The options of nll_loss and cross_entropy (PyTorch's keyword arguments):
/// `cross_entropy(x, t, {.weight = w, .ignore_index = 0})`.
struct class_loss_options {
    std::optional<tensor<double>> weight = std::nullopt;  ///< one weight per class, shape [C]
    /// Targets of this class add nothing to the loss, and the mean does not count them.
    index_t ignore_index = -100;
    /// What is returned: the mean (the default), the sum, or every element's loss.
    loss_reduction reduction = loss_reduction::mean;
    double label_smoothing = 0.0;  ///< cross_entropy only, in [0, 1]
};

/// The options of the binary cross entropies.
struct binary_loss_options {
    std::optional<tensor<double>> weight = std::nullopt;  ///< broadcast to the input's shape
    std::optional<tensor<double>> pos_weight = std::nullopt;  ///< with logits only: the positive class's weight, per class (last dimension)
    /// What is returned: the mean (the default), the sum, or every element's loss.
    loss_reduction reduction = loss_reduction::mean;
};

namespace detail {

template <floating_element F>
tensor<F> reduce_loss(const tensor<F>& losses, loss_reduction reduction) {
    if (reduction == loss_reduction::none) return losses;
    if (reduction == loss_reduction::sum) return sum(losses);
    return mean(losses);
}

// The target shape a class loss needs: the input's without dimension 1 (none for a rank-1 input).
inline shape_type class_target_shape(const char* name, const shape_type& input) {
    if (input.empty()) {
        throw std::invalid_argument(std::string(name) + ": input has shape [], which has no class dimension; give "
                                    "[C], [N, C] or [N, C, d1, ...]");
    }
    shape_type expected = input;
    expected.erase(expected.begin() + (input.size() == 1 ? 0 : 1));
    return expected;
}

inline void check_class_target(const char* name, const shape_type& input, const shape_type& target) {
    const shape_type expected = class_target_shape(name, input);
    if (!(target == expected)) {
        throw std::invalid_argument(std::string(name) + ": input " + to_string(input) + " and target " +
                                    to_string(target) + " disagree: target must be " + to_string(expected) +
                                    (input.size() == 1 ? " (a class index for an input of one sample)"
                                                       : " (input without its class dimension 1)"));
    }
}

// One weight per class, as F, or none; checked against the classes.
template <floating_element F>
std::vector<F> class_weights(const char* name, const class_loss_options& options, index_t classes) {
    if (!options.weight) return {};
    const tensor<double>& weight = *options.weight;
    if (!(weight.shape() == shape_type{classes})) {
        throw std::invalid_argument(std::string(name) + ": weight has shape " + to_string(weight.shape()) + " for " +
                                    std::to_string(classes) + " classes; give one weight per class, shape [" +
                                    std::to_string(classes) + "]");
    }
    return std::vector<F>(weight.begin(), weight.end());
}

// The class dimension moved last, as a contiguous [M, C] block of rows, one per target element.
template <floating_element F, class X>
tensor<F> class_rows(const X& input) {
    if (input.ndim() <= 2) return tensor<F>(input);
    return tensor<F>(moveaxis(input, 1, -1));
}

// True when the target `t` is the index `ignore` (an unsigned target never
// equals a negative one).
template <class T>
bool is_index(T t, index_t ignore) {
    if constexpr (std::is_signed_v<T>) return static_cast<index_t>(t) == ignore;
    else return ignore >= 0 && static_cast<std::uint64_t>(t) == static_cast<std::uint64_t>(ignore);
}

// nll_loss on log-probabilities laid out as rows of C (class_rows), and the
// targets in row-major order: the per-element losses, and the divisor of
// the mean (the summed weights of the targets not ignored).
template <floating_element F, class T>
std::pair<tensor<F>, F> nll_rows(const char* name, const tensor<F>& rows, index_t classes, const tensor<T>& target,
                                 const std::vector<F>& weights, index_t ignore_index) {
    tensor<F> losses(uninitialized, target.shape());
    F divisor = 0;
    for (index_t i = 0; i < target.size(); ++i) {
        const T t = target.data()[i];
        if (is_index(t, ignore_index)) {
            losses.data()[i] = 0;
            continue;
        }
        if (is_negative(t) || static_cast<std::uint64_t>(t) >= static_cast<std::uint64_t>(classes)) {
            throw std::out_of_range(std::string(name) + ": target " + std::to_string(t) + " is out of range for " +
                                    std::to_string(classes) + " classes at " +
                                    position_text(i, target.shape()) +
                                    (classes == 0 ? "; there are none (the class dimension has size 0), so every "
                                                    "target must be ignore_index ("
                                                  : "; classes are 0 to " + std::to_string(classes - 1) +
                                                        " (or ignore_index, ") +
                                    std::to_string(ignore_index) + ")");
        }
        const auto c = static_cast<index_t>(t);
        const F w = weights.empty() ? F(1) : weights[static_cast<std::size_t>(c)];
        losses.data()[i] = -w * rows.data()[i * classes + c];
        divisor += w;
    }
    return {std::move(losses), divisor};
}

template <floating_element F>
tensor<F> reduce_class_loss(tensor<F> losses, F divisor, loss_reduction reduction) {
    if (reduction == loss_reduction::none) return losses;
    tensor<F> total = sum(losses);
    if (reduction == loss_reduction::mean) total /= divisor;  // all ignored: 0 / 0, NaN as PyTorch
    return total;
}

template <class X>
index_t class_count(const X& input) {
    return input.ndim() == 1 ? input.shape()[0] : input.shape()[1];
}

}  // namespace detail

/// PyTorch's nll_loss: `input` holds log-probabilities, [N, C], [N, C, d1,
/// ...] or [C]; `target` the class indices, [N], [N, d1, ...] or [].
/// Throws std::invalid_argument for shapes that do not pair so or a weight not of shape [C],
/// std::out_of_range for a target class outside [0, C) that is not ignore_index.
template <expression X, expression T>
    requires floating_element<value_type_of<X>> && fn::integer<value_type_of<T>>
tensor<value_type_of<X>> nll_loss(const X& input, const T& target, const class_loss_options& options = {}) {
    using F = value_type_of<X>;
    detail::check_class_target("nll_loss", input.shape(), target.shape());
    const index_t classes = detail::class_count(input);
    const std::vector<F> weights = detail::class_weights<F>("nll_loss", options, classes);
    const tensor<F> rows = detail::class_rows<F>(input);
    auto [losses, divisor] = detail::nll_rows("nll_loss", rows, classes, tensor<value_type_of<T>>(target), weights,
                                              options.ignore_index);
    return detail::reduce_class_loss(std::move(losses), divisor, options.reduction);
}

/// PyTorch's cross_entropy with class-index targets: log_softmax over the
/// class dimension, then nll_loss; with label_smoothing ε, (1 - ε) times
/// that plus ε / C times the (weighted) sum of -log-probabilities over the
/// classes, ignored targets counting for nothing.
/// Throws as nll_loss does, and std::invalid_argument for a label_smoothing outside [0, 1].
template <expression X, expression T>
    requires floating_element<value_type_of<X>> && fn::integer<value_type_of<T>>
tensor<value_type_of<X>> cross_entropy(const X& input, const T& target, const class_loss_options& options = {}) {
    using F = value_type_of<X>;
    detail::check_class_target("cross_entropy", input.shape(), target.shape());
    if (!(options.label_smoothing >= 0.0 && options.label_smoothing <= 1.0)) {
        throw std::invalid_argument("cross_entropy: label_smoothing is " + std::to_string(options.label_smoothing) +
                                    "; give a value in [0, 1]");
    }
    const index_t classes = detail::class_count(input);
    const std::vector<F> weights = detail::class_weights<F>("cross_entropy", options, classes);
    const tensor<F> rows = log_softmax(detail::class_rows<F>(input), -1);
    const tensor<value_type_of<T>> targets(target);
    auto [losses, divisor] = detail::nll_rows("cross_entropy", rows, classes, targets, weights, options.ignore_index);
    if (options.label_smoothing == 0.0) return detail::reduce_class_loss(std::move(losses), divisor, options.reduction);

    const auto smoothing = static_cast<F>(options.label_smoothing);
    tensor<F> smooth(uninitialized, targets.shape());  // -sum over classes of w_c log p_c, 0 where ignored
    for (index_t i = 0; i < targets.size(); ++i) {
        F total = 0;
        if (!detail::is_index(targets.data()[i], options.ignore_index)) {
            for (index_t c = 0; c < classes; ++c) {
                total -= (weights.empty() ? F(1) : weights[static_cast<std::size_t>(c)]) * rows.data()[i * classes + c];
            }
        }
        smooth.data()[i] = total;
    }
    const F each = smoothing / static_cast<F>(classes);
    if (options.reduction == loss_reduction::none) return tensor<F>((F(1) - smoothing) * losses + each * smooth);
    const tensor<F> nll = detail::reduce_class_loss(std::move(losses), divisor, options.reduction);
    tensor<F> smooth_total = sum(smooth);
    if (options.reduction == loss_reduction::mean) smooth_total /= divisor;
    return tensor<F>((F(1) - smoothing) * nll + each * smooth_total);
}

namespace detail {

template <class X, class T>
void check_same_shape(const char* name, const X& input, const T& target) {
    if (!(input.shape() == target.shape())) {
        throw std::invalid_argument(std::string(name) + ": input " + to_string(input.shape()) + " and target " +
                                    to_string(target.shape()) + " differ; give a target of the input's shape " +
                                    to_string(input.shape()) + " (loom does not broadcast a loss's operands)");
    }
}

template <class F>
tensor<F> optional_weight(const char* name, const std::optional<tensor<double>>& weight, const shape_type& shape) {
    if (!weight) return tensor<F>(shape, F(1));
    try {
        return tensor<F>(astype<F>(broadcast_to(*weight, shape)));
    } catch (const broadcast_error&) {
        throw broadcast_error(std::string(name) + ": weight of shape " + to_string(weight->shape()) +
                              " does not broadcast to the input's shape " + to_string(shape));
    }
}

}  // namespace detail

/// PyTorch's mse_loss: (input - target)^2, input and target of one shape.
/// Throws std::invalid_argument when the shapes differ.
template <expression X, expression T>
    requires floating_element<value_type_of<X>>
tensor<value_type_of<X>> mse_loss(const X& input, const T& target, loss_reduction reduction = loss_reduction::mean) {
    using F = value_type_of<X>;
    detail::check_same_shape("mse_loss", input, target);
    return detail::reduce_loss(tensor<F>(square(input - astype<F>(target))), reduction);
}

/// PyTorch's l1_loss: |input - target|, input and target of one shape.
/// Throws std::invalid_argument when the shapes differ.
template <expression X, expression T>
    requires floating_element<value_type_of<X>>
tensor<value_type_of<X>> l1_loss(const X& input, const T& target, loss_reduction reduction = loss_reduction::mean) {
    using F = value_type_of<X>;
    detail::check_same_shape("l1_loss", input, target);
    return detail::reduce_loss(tensor<F>(abs(input - astype<F>(target))), reduction);
}

/// PyTorch's binary_cross_entropy: -w (t log x + (1 - t) log(1 - x)) for
/// probabilities x in [0, 1], each log clamped at -100 as PyTorch's.
/// Throws std::invalid_argument when the shapes differ or an input is outside [0, 1],
/// loom::broadcast_error for a weight that does not broadcast to the input's shape.
template <expression X, expression T>
    requires floating_element<value_type_of<X>>
tensor<value_type_of<X>> binary_cross_entropy(const X& input, const T& target, const binary_loss_options& options = {}) {
    using F = value_type_of<X>;
    detail::check_same_shape("binary_cross_entropy", input, target);
    const tensor<F> x(input);
    for (F v : x) {
        if (!(v >= F(0) && v <= F(1))) {
            throw std::invalid_argument("binary_cross_entropy: input holds " + std::to_string(v) +
                                        "; its values are probabilities, in [0, 1] (for scores, use "
                                        "binary_cross_entropy_with_logits)");
        }
    }
    const tensor<F> w = detail::optional_weight<F>("binary_cross_entropy", options.weight, x.shape());
    const auto t = astype<F>(target);
    const tensor<F> losses = -w * (t * maximum(log(x), F(-100)) + (F(1) - t) * maximum(log(F(1) - x), F(-100)));
    return detail::reduce_loss(losses, options.reduction);
}

/// PyTorch's binary_cross_entropy_with_logits: binary_cross_entropy of
/// sigmoid(x), computed stably from the scores x; pos_weight p multiplies
/// the positive term: -w (p t log σ(x) + (1 - t) log(1 - σ(x))).
/// Throws std::invalid_argument when the shapes differ, loom::broadcast_error for a weight or
/// pos_weight that does not broadcast to the input's shape.
template <expression X, expression T>
    requires floating_element<value_type_of<X>>
tensor<value_type_of<X>> binary_cross_entropy_with_logits(const X& input, const T& target,
                                                          const binary_loss_options& options = {}) {
    using F = value_type_of<X>;
    detail::check_same_shape("binary_cross_entropy_with_logits", input, target);
    const tensor<F> x(input);
    const tensor<F> w = detail::optional_weight<F>("binary_cross_entropy_with_logits", options.weight, x.shape());
    const tensor<F> p = detail::optional_weight<F>("binary_cross_entropy_with_logits", options.pos_weight, x.shape());
    const auto t = astype<F>(target);
    // log(1 + exp(-|x|)) + max(-x, 0) is -log σ(x), without overflow; -log(1 - σ(x)) is that plus x.
    const tensor<F> minus_log_sigmoid = log1p(exp(-abs(x))) + maximum(-x, F(0));
    const tensor<F> losses = w * ((F(1) - t) * x + (F(1) + (p - F(1)) * t) * minus_log_sigmoid);
    return detail::reduce_loss(losses, options.reduction);
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), the losses of float and double tensors are
// compiled once, in the library (src/nn.cpp), instead of in every file that calls them: nll_loss
// and cross_entropy with an int32 or int64 tensor of classes, the others with a target tensor of
// the input's type.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<float> nll_loss<tensor<float>, tensor<std::int64_t>>(const tensor<float>&,
                                                                            const tensor<std::int64_t>&,
                                                                            const class_loss_options&);
extern template tensor<float> cross_entropy<tensor<float>, tensor<std::int64_t>>(const tensor<float>&,
                                                                                 const tensor<std::int64_t>&,
                                                                                 const class_loss_options&);
extern template tensor<float> nll_loss<tensor<float>, tensor<std::int32_t>>(const tensor<float>&,
                                                                            const tensor<std::int32_t>&,
                                                                            const class_loss_options&);
extern template tensor<float> cross_entropy<tensor<float>, tensor<std::int32_t>>(const tensor<float>&,
                                                                                 const tensor<std::int32_t>&,
                                                                                 const class_loss_options&);
extern template tensor<double> nll_loss<tensor<double>, tensor<std::int64_t>>(const tensor<double>&,
                                                                              const tensor<std::int64_t>&,
                                                                              const class_loss_options&);
extern template tensor<double> cross_entropy<tensor<double>, tensor<std::int64_t>>(const tensor<double>&,
                                                                                   const tensor<std::int64_t>&,
                                                                                   const class_loss_options&);
extern template tensor<double> nll_loss<tensor<double>, tensor<std::int32_t>>(const tensor<double>&,
                                                                              const tensor<std::int32_t>&,
                                                                              const class_loss_options&);
extern template tensor<double> cross_entropy<tensor<double>, tensor<std::int32_t>>(const tensor<double>&,
                                                                                   const tensor<std::int32_t>&,
                                                                                   const class_loss_options&);
extern template tensor<float> mse_loss<tensor<float>, tensor<float>>(const tensor<float>&, const tensor<float>&,
                                                                     loss_reduction);
extern template tensor<float> l1_loss<tensor<float>, tensor<float>>(const tensor<float>&, const tensor<float>&,
                                                                    loss_reduction);
extern template tensor<float> binary_cross_entropy<tensor<float>, tensor<float>>(const tensor<float>&,
                                                                                 const tensor<float>&,
                                                                                 const binary_loss_options&);
extern template tensor<float> binary_cross_entropy_with_logits<tensor<float>, tensor<float>>(
    const tensor<float>&, const tensor<float>&, const binary_loss_options&);
extern template tensor<double> mse_loss<tensor<double>, tensor<double>>(const tensor<double>&, const tensor<double>&,
                                                                        loss_reduction);
extern template tensor<double> l1_loss<tensor<double>, tensor<double>>(const tensor<double>&, const tensor<double>&,
                                                                       loss_reduction);
extern template tensor<double> binary_cross_entropy<tensor<double>, tensor<double>>(const tensor<double>&,
                                                                                    const tensor<double>&,
                                                                                    const binary_loss_options&);
extern template tensor<double> binary_cross_entropy_with_logits<tensor<double>, tensor<double>>(
    const tensor<double>&, const tensor<double>&, const binary_loss_options&);
}  // namespace loom
#endif
