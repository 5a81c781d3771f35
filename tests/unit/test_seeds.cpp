// Every example of the broadcasting pages loom follows, evaluated on real
// tensors. Each test suite names its page:
//   PaddleGuide         PaddlePaddle's broadcasting guide, "Broadcasting" (English)
//   PaddleGuideChinese  PaddlePaddle's broadcasting guide in Chinese, with elementwise_* axis examples
//   PyTorchBlog         the PyTorch blog post "PyTorch Broadcasting", with in-place and sequence-mask examples
//   OpenVINO            OpenVINO's "Broadcast Rules For Elementwise Operations"
//   PyTorchDocs         PyTorch's documentation, "Broadcasting semantics"
// The pages fill their operands with ones; each example is also run with
// distinct values, checked against NumPy's rule written out index by index.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "broadcast_reference.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::broadcast_error;
using loom::broadcast_spec;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::broadcast_read;
using loom::testing::contains;
using loom::testing::iota_tensor;
namespace broadcast = loom::broadcast;

bool all_equal(const tensor<float>& t, float value) {
    return std::all_of(t.begin(), t.end(), [&](float v) { return v == value; });
}

const auto plus = [](const auto& x, const auto& y) { return x + y; };
const auto times = [](const auto& x, const auto& y) { return x * y; };
const auto over = [](const auto& x, const auto& y) { return x / y; };

/// `op(ones(a), ones(b))`, as the pages write it, has shape `expected` and
/// every element `op(1, 1)`; with distinct values, every element of the
/// result combines the elements NumPy's rule pairs.
template <class Op>
void expect_numpy_example(const shape_type& a, const shape_type& b, const shape_type& expected, Op op) {
    SCOPED_TRACE(loom::to_string(a) + " with " + loom::to_string(b));
    const tensor<float> ones_a(a, 1.f), ones_b(b, 1.f);
    const tensor<float> from_ones = op(ones_a, ones_b);
    EXPECT_EQ(from_ones.shape(), expected);
    EXPECT_TRUE(all_equal(from_ones, op(1.f, 1.f)));

    const auto x = iota_tensor<double>(a, 1.0);
    const auto y = iota_tensor<double>(b, 1.0, 1000.0);
    const tensor<double> r = op(x, y);
    ASSERT_EQ(r.shape(), expected);
    for (index_t i = 0; i < r.size(); ++i) {
        ASSERT_EQ(r.data()[i], op(broadcast_read(x, expected, i), broadcast_read(y, expected, i))) << "element " << i;
    }
}

/// `ones(a) + ones(b)` throws broadcast_error when built, and says which
/// shapes and which sizes disagree: `mismatch` is "size 4 vs 6 at dimension 2".
void expect_not_broadcastable(const shape_type& a, const shape_type& b, const std::string& mismatch) {
    SCOPED_TRACE(loom::to_string(a) + " with " + loom::to_string(b));
    const tensor<float> x(a, 1.f), y(b, 1.f);
    try {
        (void)(x + y);
        ADD_FAILURE() << "no broadcast_error";
    } catch (const broadcast_error& error) {
        const std::string message = error.what();
        EXPECT_TRUE(contains(message, loom::to_string(a))) << message;
        EXPECT_TRUE(contains(message, loom::to_string(b))) << message;
        EXPECT_TRUE(contains(message, mismatch)) << message;
    }
}

/// `add(ones(a), ones(b), spec)` for the PDPD specs: shape `expected`, all
/// 2s; with distinct values, B is read as if reshaped to its placement.
void expect_placed_example(const shape_type& a, const shape_type& b, const broadcast_spec& spec,
                           const shape_type& expected) {
    SCOPED_TRACE(loom::to_string(a) + " with " + loom::to_string(b) + " at axis " + std::to_string(spec.axis));
    const tensor<float> ones_a(a, 1.f), ones_b(b, 1.f);
    const tensor<float> from_ones = loom::add(ones_a, ones_b, spec);
    EXPECT_EQ(from_ones.shape(), expected);
    EXPECT_TRUE(all_equal(from_ones, 2.f));

    const auto x = iota_tensor<double>(a, 1.0);
    const auto y = iota_tensor<double>(b, 1.0, 1000.0);
    const tensor<double> y_placed(std::span<const double>(y.data(), static_cast<std::size_t>(y.size())),
                                  loom::pdpd_placement(a, b, spec.axis));
    const tensor<double> r = loom::add(x, y, spec);
    ASSERT_EQ(r.shape(), expected);
    for (index_t i = 0; i < r.size(); ++i) {
        ASSERT_EQ(r.data()[i], broadcast_read(x, expected, i) + broadcast_read(y_placed, expected, i))
            << "element " << i;
    }
}

void expect_placement_refused(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    const tensor<float> x(a, 1.f), y(b, 1.f);
    EXPECT_THROW((void)loom::add(x, y, spec), broadcast_error)
        << loom::to_string(a) + " with " + loom::to_string(b) + " at axis " + std::to_string(spec.axis);
}

/// OpenVINO's bidirectional Broadcast of `input` to `target`: the shape of
/// `input * ones(target)`, holding input's values.
void expect_bidirectional_example(const shape_type& input, const shape_type& target, const shape_type& expected) {
    SCOPED_TRACE(loom::to_string(input) + " to " + loom::to_string(target));
    EXPECT_EQ(loom::broadcast_bidirectional_shape(input, target), expected);
    const auto x = iota_tensor<float>(input, 1.f);
    const tensor<float> r = x * tensor<float>(target, 1.f);
    ASSERT_EQ(r.shape(), expected);
    for (index_t i = 0; i < r.size(); ++i) ASSERT_EQ(r.data()[i], broadcast_read(x, expected, i)) << "element " << i;
}

/// `x += y` (PyTorch's x.add_(y)) keeps x's shape and adds y broadcast.
void expect_in_place_add(const shape_type& x_shape, const shape_type& y_shape) {
    SCOPED_TRACE(loom::to_string(x_shape) + " += " + loom::to_string(y_shape));
    auto x = iota_tensor<float>(x_shape, 1.f);
    const tensor<float> before = x;
    const auto y = iota_tensor<float>(y_shape, 1.f, 100.f);
    x += y;
    ASSERT_EQ(x.shape(), x_shape);
    for (index_t i = 0; i < x.size(); ++i) {
        ASSERT_EQ(x.data()[i], before.data()[i] + broadcast_read(y, x_shape, i)) << "element " << i;
    }
}

/// `x += y` would grow x: refused, with `message` in the error, and x left as it was.
void expect_in_place_add_refused(const shape_type& x_shape, const shape_type& y_shape, const std::string& message) {
    SCOPED_TRACE(loom::to_string(x_shape) + " += " + loom::to_string(y_shape));
    auto x = iota_tensor<float>(x_shape, 1.f);
    const tensor<float> before = x;
    const float* storage = x.data();
    const tensor<float> y(y_shape, 1.f);
    try {
        x += y;
        ADD_FAILURE() << "no broadcast_error";
    } catch (const broadcast_error& error) {
        EXPECT_TRUE(contains(error.what(), message)) << error.what();
    }
    EXPECT_EQ(x.shape(), x_shape);
    EXPECT_EQ(x.data(), storage);
    EXPECT_EQ(std::memcmp(x.data(), before.data(), sizeof(float) * static_cast<std::size_t>(x.size())), 0);
}

// ---- PaddlePaddle's broadcasting guide (English) ----

TEST(PaddleGuide, SameShapesAreBroadcastable) {
    expect_numpy_example({2, 3, 4}, {2, 3, 4}, {2, 3, 4}, plus);
}

TEST(PaddleGuide, ComparedFromBackToFront) {
    expect_numpy_example({2, 3, 1, 5}, {3, 4, 1}, {2, 3, 4, 5}, plus);
}

TEST(PaddleGuide, TrailingFourAgainstSixIsAMismatch) {
    expect_not_broadcastable({2, 3, 4}, {2, 3, 6}, "size 4 vs 6 at dimension 2");
}

TEST(PaddleGuide, ResultSizeIsTheMaxAlongEachDimension) {
    expect_numpy_example({2, 1, 4}, {3, 1}, {2, 3, 4}, plus);
}

TEST(PaddleGuide, FourAgainstTwoIsAMismatch) {
    expect_not_broadcastable({2, 1, 4}, {3, 2}, "size 4 vs 2 at dimension 2");
}

// ---- PaddlePaddle's broadcasting guide (Chinese) ----

TEST(PaddleGuideChinese, SameShapesAreBroadcastable) {
    expect_numpy_example({2, 3, 4}, {2, 3, 4}, {2, 3, 4}, plus);
}

TEST(PaddleGuideChinese, ComparedFromBackToFront) {
    expect_numpy_example({2, 3, 1, 5}, {3, 4, 1}, {2, 3, 4, 5}, plus);
}

TEST(PaddleGuideChinese, FirstComparisonFourAgainstSixIsAMismatch) {
    expect_not_broadcastable({2, 3, 4}, {2, 3, 6}, "size 4 vs 6 at dimension 2");
}

TEST(PaddleGuideChinese, ResultSizeIsTheLargerAlongEachDimension) {
    expect_numpy_example({2, 1, 4}, {3, 1}, {2, 3, 4}, plus);
}

TEST(PaddleGuideChinese, FourAgainstTwoIsAMismatch) {
    expect_not_broadcastable({2, 1, 4}, {3, 2}, "size 4 vs 2 at dimension 2");
}

TEST(PaddleGuideChinese, ElementwiseAddAtAxis1GrowsOnesOfX) {
    // elementwise_add(x (2,1,4), y (3,1), axis=1): y's trailing 1 is ignored,
    // 3 is compared with x's dimension 1, and the result is [2, 3, 4].
    expect_placed_example({2, 1, 4}, {3, 1}, broadcast::paddle_elementwise(1), {2, 3, 4});
}

TEST(PaddleGuideChinese, ElementwiseAddDefaultAxisIgnoresTrailingOnesOfY) {
    // The page's rule: axis = -1 means rank(x) - rank(y), and y's trailing 1s
    // are ignored: y (3, 1) on x (2, 3, 4) sits at axis 1 as (1, 3, 1).
    expect_placed_example({2, 3, 4}, {3, 1}, broadcast::paddle_elementwise(), {2, 3, 4});
}

TEST(PaddleGuideChinese, ElementwiseAddAtAxis1ComparesFromTheAxisForward) {
    // elementwise_add(x (2,3,4,5), y (4,5), axis=1): 4 meets 3, 5 meets 4.
    expect_placement_refused({2, 3, 4, 5}, {4, 5}, broadcast::paddle_elementwise(1));
}

TEST(PaddleGuideChinese, ElementwiseAddOfRank1AtAxis1) {
    expect_placed_example({2, 3, 4, 5}, {3}, broadcast::paddle_elementwise(1), {2, 3, 4, 5});
}

// ---- The PyTorch blog post on broadcasting ----

TEST(PyTorchBlog, SameShapesAreCompatible) {
    expect_numpy_example({2, 3, 4}, {2, 3, 4}, {2, 3, 4}, plus);
}

TEST(PyTorchBlog, LeadingOneStretches) {
    expect_numpy_example({1, 4, 5}, {9, 4, 5}, {9, 4, 5}, times);
}

TEST(PyTorchBlog, DivisionBroadcastsBothWays) {
    expect_numpy_example({1, 8, 1}, {12, 10, 1, 3}, {12, 10, 8, 3}, over);
}

TEST(PyTorchBlog, ZeroSizedDimensionsStayZero) {
    // (a * b).shape is torch.Size([0, 2, 0]).
    expect_numpy_example({0, 1, 0}, {1, 2, 1}, {0, 2, 0}, times);
}

TEST(PyTorchBlog, InPlaceAddBroadcastsTheOperand) {
    expect_in_place_add({3, 3, 7}, {3, 1, 7});
}

TEST(PyTorchBlog, InPlaceAddThatWouldGrowTheDestinationIsRefused) {
    expect_in_place_add_refused({1, 3, 1}, {5, 4, 3, 4},
                                "output with shape [1, 3, 1] doesn't match the broadcast shape [5, 4, 3, 4]");
}

TEST(PyTorchBlog, MatmulBatchDimensionsBroadcast) {
    // a (1,1,8,9) @ b (2,3,9,7) is (2,3,8,7): the batch dimensions (1,1) and
    // (2,3) broadcast by NumPy's rule, the last two multiply.
    EXPECT_EQ(loom::broadcast_shapes(shape_type{1, 1}, shape_type{2, 3}), (shape_type{2, 3}));
}

class PyTorchBlogSequenceMask : public ::testing::Test {
protected:
    const tensor<std::int64_t> A{{2, 3, 4, 0, 0}, {1, 0, 0, 2, 3}, {0, 5, 6, 7, 8}};
    // torch.arange(A.shape[1]).unsqueeze(0) and lengths.unsqueeze(1), written out.
    const tensor<std::int64_t> positions{{0, 1, 2, 3, 4}};
    const tensor<std::int64_t> lengths{{3}, {1}, {5}};
};

TEST_F(PyTorchBlogSequenceMask, OperandsHaveThePagesShapes) {
    EXPECT_EQ(positions.shape(), (shape_type{1, 5}));
    EXPECT_EQ(lengths.shape(), (shape_type{3, 1}));
}

TEST_F(PyTorchBlogSequenceMask, LessThanBroadcastsToTheMask) {
    const tensor<bool> mask = positions < lengths;
    ASSERT_EQ(mask.shape(), (shape_type{3, 5}));
    const std::vector<bool> expected{true, true, true,  false, false,  //
                                     true, false, false, false, false,  //
                                     true, true, true,  true,  true};
    EXPECT_EQ(std::vector<bool>(mask.begin(), mask.end()), expected);
}

TEST_F(PyTorchBlogSequenceMask, MaskedValuesKeepAsType) {
    const tensor<bool> mask = positions < lengths;
    const auto masked = A * mask;
    static_assert(std::is_same_v<loom::value_type_of<decltype(masked)>, std::int64_t>);
    const tensor<std::int64_t> r = masked;
    ASSERT_EQ(r.shape(), (shape_type{3, 5}));
    const std::vector<std::int64_t> expected{2, 3, 4, 0, 0,  //
                                             1, 0, 0, 0, 0,  //
                                             0, 5, 6, 7, 8};
    EXPECT_EQ(loom::testing::elements_of(r), expected);
}

TEST_F(PyTorchBlogSequenceMask, FusedInOneExpression) {
    const tensor<std::int64_t> r = A * (positions < lengths);
    const std::vector<std::int64_t> expected{2, 3, 4, 0, 0, 1, 0, 0, 0, 0, 0, 5, 6, 7, 8};
    EXPECT_EQ(loom::testing::elements_of(r), expected);
}

// ---- OpenVINO's broadcast rules ----

TEST(OpenVINO, NumpyScalarWithScalarIsScalar) {
    expect_numpy_example({}, {}, {}, plus);
}

TEST(OpenVINO, NumpyExamples) {
    expect_numpy_example({2, 3}, {1}, {2, 3}, plus);
    expect_numpy_example({3}, {2, 3}, {2, 3}, plus);
    expect_numpy_example({2, 3, 5}, {}, {2, 3, 5}, plus);
    expect_numpy_example({2, 1, 5}, {1, 4, 5}, {2, 4, 5}, plus);
    expect_numpy_example({6, 5}, {2, 1, 5}, {2, 6, 5}, plus);
    expect_numpy_example({2, 1, 5}, {4, 1}, {2, 4, 5}, plus);
    expect_numpy_example({3, 2, 1, 4}, {5, 4}, {3, 2, 5, 4}, plus);
    expect_numpy_example({1, 5, 3}, {5, 2, 1, 3}, {5, 2, 5, 3}, plus);
}

TEST(OpenVINO, NumpyMismatchOfRank1) {
    expect_not_broadcastable({3}, {2}, "size 3 vs 2 at dimension 0");
}

TEST(OpenVINO, NumpyMismatchOnTheLeftmostAxis) {
    expect_not_broadcastable({3, 1, 5}, {4, 4, 5}, "size 3 vs 4 at dimension 0");
}

TEST(OpenVINO, PdpdExamples) {
    expect_placed_example({2, 3, 4, 5}, {3, 4}, broadcast::pdpd(1), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {3, 1}, broadcast::pdpd(1), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {4, 5}, broadcast::pdpd(), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {4, 5}, broadcast::pdpd(2), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {1, 3}, broadcast::pdpd(0), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {}, broadcast::pdpd(), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {5}, broadcast::pdpd(), {2, 3, 4, 5});
    expect_placed_example({2, 3, 4, 5}, {5}, broadcast::pdpd(3), {2, 3, 4, 5});
}

TEST(OpenVINO, PdpdOnlyBroadcastsBToA) {
    expect_placement_refused({8, 1, 6, 1}, {7, 1, 5}, broadcast::pdpd(1));
}

TEST(OpenVINO, PdpdRefusalNamesTheMismatch) {
    const tensor<float> a(shape_type{8, 1, 6, 1}, 1.f), b(shape_type{7, 1, 5}, 1.f);
    try {
        (void)loom::add(a, b, broadcast::pdpd(1));
        ADD_FAILURE() << "no broadcast_error";
    } catch (const broadcast_error& error) {
        EXPECT_TRUE(contains(error.what(), "[8, 1, 6, 1]")) << error.what();
        EXPECT_TRUE(contains(error.what(), "[7, 1, 5]")) << error.what();
        EXPECT_TRUE(contains(error.what(), "size 7 vs 1 at dimension 1")) << error.what();
    }
}

TEST(OpenVINO, PdpdScalarOperandFillsA) {
    const tensor<float> a(shape_type{2, 3, 4, 5}, 1.f);
    const tensor<float> r = loom::add(a, 2.f, broadcast::pdpd());
    EXPECT_EQ(r.shape(), (shape_type{2, 3, 4, 5}));
    EXPECT_TRUE(all_equal(r, 3.f));
}

TEST(OpenVINO, NoneNeedsMatchingDimensions) {
    const tensor<float> a(shape_type{2, 3}, 1.f), b(shape_type{2, 3}, 2.f), c(shape_type{3}, 2.f);
    const tensor<float> r = loom::add(a, b, broadcast::none);
    EXPECT_TRUE(all_equal(r, 3.f));
    EXPECT_THROW((void)loom::add(a, c, broadcast::none), broadcast_error);
}

TEST(OpenVINO, BidirectionalExamples) {
    expect_bidirectional_example({5}, {1}, {5});
    expect_bidirectional_example({2, 3}, {3}, {2, 3});
    expect_bidirectional_example({3, 1}, {3, 4}, {3, 4});
    expect_bidirectional_example({3, 4}, {}, {3, 4});
    expect_bidirectional_example({3, 1}, {2, 1, 6}, {2, 3, 6});
}

// ---- PyTorch's broadcasting semantics ----

TEST(PyTorchDocs, SameShapesAreAlwaysBroadcastable) {
    expect_numpy_example({5, 7, 3}, {5, 7, 3}, {5, 7, 3}, plus);
}

TEST(PyTorchDocs, EmptyTensorAgainstTwoByTwoIsAMismatchAsInNumPy) {
    // torch.FloatTensor() is an empty 1-D tensor, shape (0,). PyTorch's page
    // refuses it for having no dimension; loom follows NumPy, which refuses
    // it because 0 meets 2: "operands could not be broadcast together with
    // shapes (0,) (2,2)" (NumPy 1.24).
    expect_not_broadcastable({0}, {2, 2}, "size 0 vs 2 at dimension 1");
}

TEST(PyTorchDocs, TrailingDimensionsLineUp) {
    expect_numpy_example({5, 1, 4, 1}, {3, 1, 1}, {5, 3, 4, 1}, plus);
}

TEST(PyTorchDocs, ThirdTrailingDimensionTwoAgainstThreeIsAMismatch) {
    expect_not_broadcastable({5, 2, 4, 1}, {3, 1, 1}, "size 2 vs 3 at dimension 1");
}

TEST(PyTorchDocs, MismatchMessageNamesShapesAndDimension) {
    const tensor<float> x(shape_type{5, 2, 4, 1}), y(shape_type{3, 1, 1});
    try {
        (void)(x + y);
        ADD_FAILURE() << "no broadcast_error";
    } catch (const broadcast_error& error) {
        EXPECT_TRUE(contains(error.what(),
                             "shapes [5, 2, 4, 1] and [3, 1, 1] are not broadcastable: size 2 vs 3 at dimension 1"))
            << error.what();
    }
}

TEST(PyTorchDocs, LiningUpIsNotNecessary) {
    expect_numpy_example({1}, {3, 1, 7}, {3, 1, 7}, plus);
}

TEST(PyTorchDocs, InPlaceAddKeepsTheDestinationShape) {
    expect_in_place_add({5, 3, 4, 1}, {3, 1, 1});
}

TEST(PyTorchDocs, InPlaceAddThatWouldGrowTheDestinationIsRefused) {
    // PyTorch: "The expanded size of the tensor (1) must match the existing
    // size (7) at non-singleton dimension 2"; loom words it as PyTorch's
    // add_ does elsewhere, with the broadcast shape.
    expect_in_place_add_refused({1, 3, 1}, {3, 1, 7},
                                "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]");
}

}  // namespace
