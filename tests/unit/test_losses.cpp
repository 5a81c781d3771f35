// softmax, logsumexp, take_along_axis, one_hot and the losses (nn/), with
// the loss-style broadcasting of the PyTorch blog post on broadcasting ("Loss
// Function": [N, C] input with [N] targets, [N, C, d1, ...] with [N, d1,
// ...], same-shape simple losses). Expected values are those of NumPy 1.24
// evaluating PyTorch's definitions written out: log_softmax(z) = z - max -
// log(sum(exp(z - max))), nll = -w[t] * logp[n, t], the mean with weights
// divided by the summed weights of the targets not ignored, label smoothing
// (1 - e) * nll + e / C * sum_c(-w_c * logp_c).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::class_loss_options;
using loom::index_t;
using loom::loss_reduction;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::expect_error_text;

void expect_near(const std::vector<double>& actual, const std::vector<double>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i) EXPECT_NEAR(actual[i], expected[i], 1e-9) << "at " << i;
}

// Scores [N = 3, C = 4] and class targets [3].
const tensor<double> scores{{1.0, 2.0, 0.5, -1.0}, {0.1, 0.2, 3.0, 1.0}, {2.0, -2.0, 0.0, 0.5}};
const tensor<std::int64_t> classes{1, 2, 3};

TEST(Softmax, RowsSumToOneAndMatchNumPy) {
    const tensor<double> p = loom::softmax(scores, 1);
    expect_near(elements_of(p), {0.224207818, 0.6094600376, 0.1359889158, 0.0303432286, 0.0439774636, 0.0486026138,
                                 0.7992528163, 0.1081671063, 0.7263318859, 0.0133032325, 0.0982983315, 0.16206655});
    expect_near(elements_of(tensor<double>(loom::exp(loom::log_softmax(scores, -1)))), elements_of(p));
    const tensor<float> from_ints = loom::astype<float>(loom::softmax(tensor<std::int32_t>{1, 1}));
    EXPECT_EQ(elements_of(from_ints), (std::vector<float>{0.5f, 0.5f}));
}

TEST(Softmax, LogsumexpIsStable) {
    EXPECT_NEAR(loom::logsumexp(tensor<double>{1000, 1000}).item(), 1000.6931471805599, 1e-12);
    EXPECT_NEAR(loom::logsumexp(tensor<double>{-1000, -1000}).item(), -999.3068528194401, 1e-12);
    EXPECT_EQ(loom::logsumexp(tensor<double>{-INFINITY, -INFINITY}).item(), -INFINITY);
    EXPECT_EQ(loom::logsumexp(scores, 1).shape(), (shape_type{3}));
    EXPECT_EQ(loom::logsumexp(scores, 1, true).shape(), (shape_type{3, 1}));
    EXPECT_EQ(elements_of(loom::softmax(tensor<double>{1000, 1000})), (std::vector<double>{0.5, 0.5}));
}

TEST(TakeAlongAxis, PicksAndBroadcastsAsNumPy) {
    const tensor<std::int64_t> picks{{1}, {2}, {3}};
    EXPECT_EQ(elements_of(loom::take_along_axis(scores, picks, 1)), (std::vector<double>{2.0, 3.0, 0.5}));
    EXPECT_EQ(elements_of(loom::take_along_axis(scores, tensor<std::int32_t>{{0, -1}}, 1)),
              (std::vector<double>{1.0, -1.0, 0.1, 1.0, 2.0, 0.5}));  // np: [[0, -1]] broadcasts over the rows
    expect_error_text<std::out_of_range>(
        [] { (void)loom::take_along_axis(scores, tensor<std::int64_t>{{4}, {0}, {0}}, 1); },
        "take_along_axis: index 4 at [0, 0] is out of range for axis 1 of size 4 (shape [3, 4]); give indices from "
        "-4 to 3");
    EXPECT_THROW((void)loom::take_along_axis(scores, tensor<std::int64_t>{1, 2}, 1), std::invalid_argument);
}

TEST(OneHot, RowsWithAOneAtTheClass) {
    EXPECT_EQ(elements_of(loom::one_hot(tensor<std::int64_t>{0, 2})), (std::vector<std::int64_t>{1, 0, 0, 0, 0, 1}));
    EXPECT_EQ(loom::one_hot(tensor<std::int64_t>{{0, 1}}, 5).shape(), (shape_type{1, 2, 5}));
    expect_error_text<std::out_of_range>(
        [] { (void)loom::one_hot(tensor<std::int64_t>{0, 3}, 3); },
        "one_hot: class 3 at [1] is out of range for 3 classes; classes are 0 to 2");
}

// The PyTorch blog post on broadcasting: "Input: [batch_size, num_classes] Target: [batch_size]".
TEST(CrossEntropy, PyTorchBlogClassificationBatchWithClassTargets) {
    expect_near(elements_of(loom::cross_entropy(scores, classes, {.reduction = loss_reduction::none})),
                {0.4951818981, 0.2240779673, 1.8197482255});
    EXPECT_NEAR(loom::cross_entropy(scores, classes).item(), 0.8463360302979378, 1e-12);
    EXPECT_NEAR(loom::cross_entropy(scores, classes, {.reduction = loss_reduction::sum}).item(), 2.5390080908938133,
                1e-12);
    EXPECT_NEAR(loom::nll_loss(loom::log_softmax(scores, 1), classes).item(), 0.8463360302979378, 1e-12);
}

// The PyTorch blog post on broadcasting: "Input: [batch_size, num_classes, d1, d2, ...] Target: [batch_size, d1, d2, ...]".
TEST(CrossEntropy, PyTorchBlogSpatialInputsWithPerPixelTargets) {
    const tensor<double> pixels = tensor<double>(loom::arange<double>(0, 12).reshape({2, 3, 2}) / 4.0);
    const tensor<std::int64_t> per_pixel{{0, 2}, {1, 1}};
    const tensor<double> losses = loom::cross_entropy(pixels, per_pixel, {.reduction = loss_reduction::none});
    EXPECT_EQ(losses.shape(), (shape_type{2, 2}));
    expect_near(elements_of(losses), {1.6802696706, 0.6802696706, 1.1802696706, 1.1802696706});
    EXPECT_NEAR(loom::cross_entropy(pixels, per_pixel).item(), 1.1802696706417346, 1e-10);
}

TEST(CrossEntropy, WeightsIgnoreIndexAndLabelSmoothing) {
    const tensor<double> weight{1.0, 2.0, 0.5, 3.0};
    EXPECT_NEAR(loom::cross_entropy(scores, classes, {.weight = weight}).item(), 1.1930268102236836, 1e-12);
    EXPECT_NEAR(loom::cross_entropy(scores, classes, {.ignore_index = 2}).item(), 1.1574650617738418, 1e-12);
    EXPECT_NEAR(loom::cross_entropy(scores, classes, {.label_smoothing = 0.1}).item(), 0.9688360302979379, 1e-12);
    expect_near(elements_of(loom::cross_entropy(scores, classes,
                                                {.reduction = loss_reduction::none, .label_smoothing = 0.1})),
                {0.6326818981, 0.4165779673, 1.8572482255});
    EXPECT_NEAR(loom::cross_entropy(scores, classes, {.weight = weight, .label_smoothing = 0.1}).item(),
                1.2805584591595416, 1e-12);
    // Every target ignored: the mean is 0 / 0, NaN, as PyTorch.
    EXPECT_TRUE(std::isnan(loom::cross_entropy(scores, tensor<std::int64_t>{7, 7, 7}, {.ignore_index = 7}).item()));
}

TEST(CrossEntropy, MismatchesNameTheShapes) {
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::cross_entropy(loom::zeros<float>({4, 10, 8}), loom::zeros<std::int64_t>({4, 9})); },
        "cross_entropy: input [4, 10, 8] and target [4, 9] disagree: target must be [4, 8] (input without its class "
        "dimension 1)");
    expect_error_text<std::out_of_range>(
        [] {
            (void)loom::cross_entropy(loom::zeros<float>({4, 10}), tensor<std::int64_t>{0, 1, 2, 12});
        },
        "cross_entropy: target 12 is out of range for 10 classes at [3]; classes are 0 to 9 (or ignore_index, -100)");
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::nll_loss(scores, classes, {.weight = tensor<double>{1, 2}}); },
        "nll_loss: weight has shape [2] for 4 classes; give one weight per class, shape [4]");
    EXPECT_THROW((void)loom::cross_entropy(scores, classes, {.label_smoothing = 1.5}), std::invalid_argument);
}

// The PyTorch blog post on broadcasting: "Simple: Input: [batch_size, ...] Target: [batch_size, ...]".
TEST(SimpleLosses, PyTorchBlogSameShapeInputAndTarget) {
    const tensor<double> a{{0.5, 1.5}, {2.0, -1.0}}, b{{1.0, 1.0}, {0.0, 0.0}};
    EXPECT_EQ(loom::mse_loss(a, b).item(), 1.375);
    EXPECT_EQ(loom::mse_loss(a, b, loss_reduction::sum).item(), 5.5);
    EXPECT_EQ(elements_of(loom::mse_loss(a, b, loss_reduction::none)), (std::vector<double>{0.25, 0.25, 4, 1}));
    EXPECT_EQ(loom::l1_loss(a, b).item(), 1.0);
    const tensor<double> p{0.9, 0.2, 0.6}, q{1.0, 0.0, 1.0}, z{2.0, -1.0, 0.5};
    EXPECT_NEAR(loom::binary_cross_entropy(p, q).item(), 0.2797765635793423, 1e-12);
    EXPECT_NEAR(loom::binary_cross_entropy_with_logits(z, q).item(), 0.30475556091376726, 1e-12);
    EXPECT_NEAR(loom::binary_cross_entropy_with_logits(z, q, {.pos_weight = tensor<double>{2.0}}).item(),
                0.5050905593214603, 1e-12);
    EXPECT_EQ(loom::binary_cross_entropy(tensor<double>{0.0}, tensor<double>{1.0}).item(), 100.0);  // log clamped at -100
    EXPECT_NEAR(loom::binary_cross_entropy_with_logits(tensor<double>{-1000.0}, tensor<double>{1.0}).item(), 1000.0,
                1e-9);  // no overflow
}

TEST(SimpleLosses, DifferentShapesAreRefusedNotBroadcast) {
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::mse_loss(loom::zeros<float>({2, 3}), loom::zeros<float>({3})); },
        "mse_loss: input [2, 3] and target [3] differ; give a target of the input's shape [2, 3] (loom does not "
        "broadcast a loss's operands)");
    expect_error_text<std::invalid_argument>(
        [] { (void)loom::binary_cross_entropy(tensor<double>{1.5}, tensor<double>{1.0}); },
        "binary_cross_entropy: input holds 1.500000; its values are probabilities, in [0, 1] (for scores, use "
        "binary_cross_entropy_with_logits)");
}

}  // namespace
