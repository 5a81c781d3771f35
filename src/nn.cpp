// loom::compiled's neural-network functions: softmax, log_softmax and logsumexp, and the losses, on
// the tensor types of the extern declarations at the end of nn/softmax.hpp and nn/losses.hpp,
// compiled once here.
#include "loom/nn.hpp"

namespace loom {
template tensor<float> softmax<tensor<float>>(const tensor<float>&, index_t);
template tensor<double> softmax<tensor<double>>(const tensor<double>&, index_t);
template tensor<double> softmax<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
template tensor<double> softmax<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
template tensor<float> log_softmax<tensor<float>>(const tensor<float>&, index_t);
template tensor<double> log_softmax<tensor<double>>(const tensor<double>&, index_t);
template tensor<double> log_softmax<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
template tensor<double> log_softmax<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
template tensor<float> logsumexp<tensor<float>>(const tensor<float>&, const axis_set&, bool);
template tensor<double> logsumexp<tensor<double>>(const tensor<double>&, const axis_set&, bool);
template tensor<double> logsumexp<tensor<std::int32_t>>(const tensor<std::int32_t>&, const axis_set&, bool);
template tensor<double> logsumexp<tensor<std::int64_t>>(const tensor<std::int64_t>&, const axis_set&, bool);

template tensor<float> nll_loss<tensor<float>, tensor<std::int64_t>>(const tensor<float>&, const tensor<std::int64_t>&,
                                                                     const class_loss_options&);
template tensor<float> cross_entropy<tensor<float>, tensor<std::int64_t>>(const tensor<float>&,
                                                                          const tensor<std::int64_t>&,
                                                                          const class_loss_options&);
template tensor<float> nll_loss<tensor<float>, tensor<std::int32_t>>(const tensor<float>&, const tensor<std::int32_t>&,
                                                                     const class_loss_options&);
template tensor<float> cross_entropy<tensor<float>, tensor<std::int32_t>>(const tensor<float>&,
                                                                          const tensor<std::int32_t>&,
                                                                          const class_loss_options&);
template tensor<double> nll_loss<tensor<double>, tensor<std::int64_t>>(const tensor<double>&,
                                                                       const tensor<std::int64_t>&,
                                                                       const class_loss_options&);
template tensor<double> cross_entropy<tensor<double>, tensor<std::int64_t>>(const tensor<double>&,
                                                                            const tensor<std::int64_t>&,
                                                                            const class_loss_options&);
template tensor<double> nll_loss<tensor<double>, tensor<std::int32_t>>(const tensor<double>&,
                                                                       const tensor<std::int32_t>&,
                                                                       const class_loss_options&);
template tensor<double> cross_entropy<tensor<double>, tensor<std::int32_t>>(const tensor<double>&,
                                                                            const tensor<std::int32_t>&,
                                                                            const class_loss_options&);
template tensor<float> mse_loss<tensor<float>, tensor<float>>(const tensor<float>&, const tensor<float>&,
                                                              loss_reduction);
template tensor<float> l1_loss<tensor<float>, tensor<float>>(const tensor<float>&, const tensor<float>&,
                                                             loss_reduction);
template tensor<float> binary_cross_entropy<tensor<float>, tensor<float>>(const tensor<float>&, const tensor<float>&,
                                                                          const binary_loss_options&);
template tensor<float> binary_cross_entropy_with_logits<tensor<float>, tensor<float>>(const tensor<float>&,
                                                                                      const tensor<float>&,
                                                                                      const binary_loss_options&);
template tensor<double> mse_loss<tensor<double>, tensor<double>>(const tensor<double>&, const tensor<double>&,
                                                                 loss_reduction);
template tensor<double> l1_loss<tensor<double>, tensor<double>>(const tensor<double>&, const tensor<double>&,
                                                                loss_reduction);
template tensor<double> binary_cross_entropy<tensor<double>, tensor<double>>(const tensor<double>&,
                                                                             const tensor<double>&,
                                                                             const binary_loss_options&);
template tensor<double> binary_cross_entropy_with_logits<tensor<double>, tensor<double>>(const tensor<double>&,
                                                                                         const tensor<double>&,
                                                                                         const binary_loss_options&);
}  // namespace loom
