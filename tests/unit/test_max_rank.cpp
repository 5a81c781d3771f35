// loom's maximum rank, 64 (PyTorch's; NumPy's is 32): every shape that
// comes from a caller is checked against it where a tensor, view or layout
// is made of it, so that no rank is unbounded; printing walks the
// dimensions without a call per dimension.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::max_rank;
using loom::shape_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::message_of;

const shape_type ones_of_max_rank(max_rank, 1);
const shape_type ones_beyond_max_rank(max_rank + 1, 1);

template <class F>
void expect_rank_refused(F&& make) {
    const std::string message = message_of(make);
    EXPECT_TRUE(contains(message, "rank 65 is beyond loom's maximum rank, 64")) << message;
    EXPECT_THROW(make(), std::invalid_argument);
}

TEST(MaxRank, IsPyTorchsLimit) { EXPECT_EQ(max_rank, 64u); }

TEST(MaxRank, TensorsOfTheMaximumRankWork) {
    const tensor<float> t = loom::ones<float>(ones_of_max_rank);
    EXPECT_EQ(t.ndim(), max_rank);
    const tensor<float> u = t + t * 2.f;
    EXPECT_EQ(u.size(), 1);
    EXPECT_EQ(loom::eval(loom::sum(u)).item(), 3.f);
}

TEST(MaxRank, ShapesBeyondItAreRefusedWhereverTheyAreMade) {
    expect_rank_refused([] { tensor<float> t(ones_beyond_max_rank); });
    expect_rank_refused([] { (void)loom::zeros<int>(ones_beyond_max_rank); });
    expect_rank_refused([] { (void)loom::full<double>(ones_beyond_max_rank, 1.0); });
    const tensor<float> scalar = loom::ones<float>({});
    expect_rank_refused([&] { (void)loom::broadcast_to(scalar, ones_beyond_max_rank); });
    const tensor<float> t = loom::ones<float>({1});
    expect_rank_refused([&] { (void)loom::reshape(t, std::vector<index_t>(max_rank + 1, 1)); });
    float value = 1;
    expect_rank_refused([&] { (void)loom::adapt(&value, ones_beyond_max_rank); });
}

TEST(MaxRank, ExpandingATensorOfTheMaximumRankIsRefused) {
    const tensor<float> t = loom::ones<float>(ones_of_max_rank);
    expect_rank_refused([&] { (void)loom::expand_dims(t, 0); });
}

TEST(MaxRank, FunctionsWhoseResultGainsARankNameThemselves) {
    // one_hot adds a dimension to its indices; tile takes the rank of its repetitions when it is larger.
    const tensor<std::int64_t> classes = loom::zeros<std::int64_t>(ones_of_max_rank);
    const std::string ones = loom::to_string(ones_of_max_rank);
    loom::testing::expect_error_text<std::invalid_argument>(
        [&] { (void)loom::one_hot(classes, 2); },
        "one_hot: the result from indices of shape " + ones +
            " would have rank 65, beyond loom's maximum rank, 64; the result may have at most 64 dimensions");
    const tensor<float> t = loom::ones<float>({2});
    loom::testing::expect_error_text<std::invalid_argument>(
        [&] { (void)loom::tile(t, std::vector<index_t>(max_rank + 1, 1)); },
        "tile: the result from an operand of shape [2] would have rank 65, beyond loom's maximum rank, 64; the "
        "result may have at most 64 dimensions");
}

TEST(MaxRank, BroadcastingBeyondItIsRefused) {
    expect_rank_refused([] { (void)loom::broadcast_shapes(ones_of_max_rank, ones_beyond_max_rank); });
}

TEST(MaxRank, PrintingTheMaximumRankNestsItsBrackets) {
    const tensor<int> t = loom::full<int>(ones_of_max_rank, 5);
    const std::string text = loom::to_string(t);
    EXPECT_EQ(text, std::string(max_rank, '[') + "5" + std::string(max_rank, ']'));
}

TEST(MaxRank, PrintingASummarisedArrayOfHighRankMatchesNumPy) {
    // NumPy: str(np.arange(2 ** 11).reshape((2,) * 11)) with the default
    // threshold of 1000 shows the first and last 3 of each dimension: all
    // of a dimension of 2. Its first line and last line:
    const tensor<int> t = loom::arange<int>(0, 2048).reshape(std::vector<index_t>(11, 2));
    const std::string text = loom::to_string(t);
    EXPECT_EQ(text.substr(0, text.find('\n')), "[[[[[[[[[[[   0    1]");
    EXPECT_EQ(text.substr(text.rfind('\n') + 1), "          [2046 2047]]]]]]]]]]]");
}

}  // namespace
