// explain() against the operations it explains (core/explain.hpp): on every
// broadcasting case of test_broadcast.cpp, test_seeds.cpp,
// test_broadcast_views.cpp and the broadcasting pages (PaddlePaddle's guide,
// the PyTorch blog post, OpenVINO's broadcast rules, PyTorch's broadcasting
// semantics), the explanation and the real operation agree on the result
// shape or on the failure; a broadcast_error carries the explanation of its
// rule; the text is the guide's walk. The fixes it suggests for shapes
// refused (core/broadcast_fixes.hpp) make the rule accept them, and where it
// says there is none, no insertion of size-1 dimensions into one operand
// helps.

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/loom.hpp"
#include "view_test_support.hpp"

namespace {

using loom::broadcast_error;
using loom::broadcast_explanation;
using loom::broadcast_spec;
using loom::shape_type;
using loom::tensor;
using loom::testing::one_element_seen_as;
using loom::testing::two_to_32;
namespace broadcast = loom::broadcast;

struct pair_case {
    shape_type a, b;
};

// Two shapes under NumPy's rule (add, broadcast_shapes), from the tests and the pages.
const std::vector<pair_case> numpy_cases{
    // test_broadcast.cpp
    {{2, 3}, {2, 3}}, {{4}, {2, 3, 4}}, {{2, 3, 4}, {3, 1}}, {{8, 1, 6, 1}, {7, 1, 5}}, {{}, {}}, {{}, {2, 3}},
    {{0, 3}, {}}, {{0}, {1}}, {{1, 4}, {0, 1}}, {{0, 3}, {0, 3}}, {{0}, {3}}, {{2, 0}, {3}}, {{3}, {4}},
    {{5, 2, 4, 1}, {3, 1, 1}}, {{2, 3, 4}, {5}}, {{2, 1}, {3}}, {{2, 3}, {4}}, {{2, 3}, {1, 3}},
    // PaddlePaddle's broadcasting guide (test_seeds.cpp)
    {{2, 3, 4}, {2, 3, 4}}, {{2, 3, 1, 5}, {3, 4, 1}}, {{2, 3, 4}, {2, 3, 6}}, {{2, 1, 4}, {3, 1}},
    {{2, 1, 4}, {3, 2}},
    // the PyTorch blog post, with its sequence mask
    {{1, 4, 5}, {9, 4, 5}}, {{1, 8, 1}, {12, 10, 1, 3}}, {{0, 1, 0}, {1, 2, 1}}, {{1, 5}, {3, 1}}, {{3, 5}, {3, 5}},
    // OpenVINO's broadcast rules, NumPy examples
    {{2, 3}, {1}}, {{3}, {2, 3}}, {{2, 3, 5}, {}}, {{2, 1, 5}, {1, 4, 5}}, {{6, 5}, {2, 1, 5}}, {{2, 1, 5}, {4, 1}},
    {{3, 2, 1, 4}, {5, 4}}, {{1, 5, 3}, {5, 2, 1, 3}}, {{3}, {2}}, {{3, 1, 5}, {4, 4, 5}},
    // PyTorch's broadcasting semantics
    {{5, 7, 3}, {5, 7, 3}}, {{0}, {2, 2}}, {{5, 1, 4, 1}, {3, 1, 1}}, {{1}, {3, 1, 7}},
    // docs/broadcasting.md
    {{5, 1, 4, 1}, {3, 1, 1}}, {{2, 1, 4}, {3, 2}},
};

struct spec_case {
    shape_type a, b;
    broadcast_spec spec;
};

// Two shapes under a spec (add(a, b, spec)): OpenVINO's PDPD examples, the
// Chinese guide's elementwise_add examples, test_broadcast.cpp's.
const std::vector<spec_case> spec_cases{
    {{2, 3, 4, 5}, {3, 4}, broadcast::pdpd(1)}, {{2, 3, 4, 5}, {3, 1}, broadcast::pdpd(1)},
    {{2, 3, 4, 5}, {4, 5}, broadcast::pdpd()}, {{2, 3, 4, 5}, {4, 5}, broadcast::pdpd(2)},
    {{2, 3, 4, 5}, {1, 3}, broadcast::pdpd(0)}, {{2, 3, 4, 5}, {}, broadcast::pdpd()},
    {{2, 3, 4, 5}, {5}, broadcast::pdpd()}, {{2, 3, 4, 5}, {5}, broadcast::pdpd(3)},
    {{8, 1, 6, 1}, {7, 1, 5}, broadcast::pdpd(1)}, {{2, 1, 4}, {3, 1}, broadcast::pdpd(1)},
    {{3, 4}, {2, 3, 4}, broadcast::pdpd()}, {{2, 3, 4}, {4}, broadcast::pdpd(-2)},
    {{2, 3, 4, 5}, {4, 5}, broadcast::pdpd(3)}, {{2, 3, 4, 5}, {4, 1}, broadcast::pdpd(3)},
    {{2, 3}, {}, broadcast::pdpd()},
    {{2, 1, 4}, {3, 1}, broadcast::paddle_elementwise(1)}, {{2, 3, 4}, {3, 1}, broadcast::paddle_elementwise()},
    {{2, 3, 4, 5}, {4, 5}, broadcast::paddle_elementwise(1)}, {{2, 3, 4, 5}, {3}, broadcast::paddle_elementwise(1)},
    {{8, 1, 6, 1}, {7, 1, 5}, broadcast::paddle_elementwise(1)},
    {{2, 3}, {2, 3}, broadcast::none}, {{}, {}, broadcast::none}, {{2, 3}, {3}, broadcast::none},
    {{2, 3}, {1, 3}, broadcast::none}, {{2, 1}, {3}, broadcast::numpy}, {{3}, {2}, broadcast::numpy},
};

// x and a target shape: broadcast_bidirectional (OpenVINO's examples) and broadcast_to.
const std::vector<pair_case> bidirectional_cases{
    {{5}, {1}}, {{2, 3}, {3}}, {{3, 1}, {3, 4}}, {{3, 4}, {}}, {{3, 1}, {2, 1, 6}}, {{3, 2}, {3, 4}}, {{3}, {2}},
};
const std::vector<pair_case> broadcast_to_cases{
    {{3}, {4, 3}},  {{3, 1}, {3, 4}}, {{}, {2, 3}}, {{1}, {0}},        {{3}, {4, 2}},     {{2, 3}, {3}},
    {{3, 1}, {2, 3, 4}}, {{2, 3}, {4, 2, 3}}, {{1, 3}, {3}}, {{2, 3}, {2, 3}}, {{3}, {2, 6}}, {{3, 1}, {3, 1}},
};

// dst op= src: test_broadcast.cpp's, the PyTorch pages' in-place examples, docs/broadcasting.md's.
const std::vector<pair_case> in_place_cases{
    {{5, 3, 4, 1}, {3, 1, 1}}, {{2, 3}, {}}, {{0, 3}, {1, 3}}, {{1, 3, 1}, {5, 4, 3, 4}}, {{}, {}}, {{}, {1}},
    {{}, {1, 1}}, {{2, 3}, {4}}, {{3, 3, 7}, {3, 1, 7}}, {{1, 3, 1}, {3, 1, 7}}, {{2, 3}, {3, 1}},
    {{2, 3}, {4, 1, 3}}, {{2, 3}, {1, 3}},
};

// matmul: the PyTorch blog post's batch example, 1-D operands, mismatches.
const std::vector<pair_case> matmul_cases{
    {{1, 1, 8, 9}, {2, 3, 9, 7}}, {{2, 3}, {3, 4}}, {{3}, {3}},       {{3}, {3, 4}},         {{2, 3}, {3}},
    {{}, {3}},                    {{2, 3}, {4, 5}}, {{9}, {2, 9, 7}}, {{2, 1, 3, 4}, {5, 4, 2}}, {{2, 3, 4}, {3, 4, 5}},
    {{4, 0, 3}, {1, 3, 2}},
};

// A class loss's input and target: the PyTorch blog post's patterns, and mismatches.
const std::vector<pair_case> loss_cases{
    {{4, 3}, {4}}, {{2, 3, 5, 6}, {2, 5, 6}}, {{3}, {}}, {{4, 3}, {3}}, {{4, 3}, {4, 1}},
    {{}, {}},      {{2, 3, 5}, {2, 4}},      {{4, 3}, {4, 3}}, {{2, 3, 5}, {2, 5}}, {{3}, {1}},
};

tensor<float> ones(const shape_type& shape) { return tensor<float>(shape, 1.f); }

// The explanation agrees with what `operation` did: the same result shape,
// or both refuse. A refusal by the operation is a std::invalid_argument
// (broadcast_error, or the core-size and loss errors) where a step or a check
// fails, or a std::length_error where the result is refused.
template <class Operation>
void expect_agreement(const broadcast_explanation& e, Operation operation) {
    SCOPED_TRACE(loom::to_string(e));
    try {
        const shape_type result = operation();
        EXPECT_TRUE(e.holds);
        EXPECT_EQ(result, e.result);
    } catch (const std::invalid_argument& error) {
        EXPECT_FALSE(e.holds) << error.what();
        EXPECT_TRUE(e.failing_step() != nullptr || e.failing_check() != nullptr);
    } catch (const std::length_error& error) {
        EXPECT_FALSE(e.holds) << error.what();
        EXPECT_FALSE(e.result_refusal.empty());
        EXPECT_TRUE(e.failing_step() == nullptr && e.failing_check() == nullptr);
    }
}

// A broadcast_error thrown by `operation` carries `e`.
template <class Operation>
void expect_carried(const broadcast_explanation& e, Operation operation) {
    try {
        operation();
    } catch (const broadcast_error& error) {
        ASSERT_TRUE(error.has_explanation()) << error.what();
        EXPECT_EQ(loom::to_string(error.explanation()), loom::to_string(e));
    }
}

TEST(Explain, NumpyAgreesWithAddAndBroadcastShapes) {
    for (const pair_case& c : numpy_cases) {
        const broadcast_explanation e = loom::explain(c.a, c.b);
        expect_agreement(e, [&] { return loom::broadcast_shapes(c.a, c.b); });
        expect_agreement(e, [&] { return shape_type((ones(c.a) + ones(c.b)).shape()); });
        expect_carried(e, [&] { (void)(ones(c.a) + ones(c.b)); });
        EXPECT_EQ(loom::to_string(loom::explain(ones(c.a), ones(c.b) * 2.f)), loom::to_string(e));
    }
}

TEST(Explain, NumpyOfThreeOrMoreShapes) {
    const std::vector<std::vector<shape_type>> cases{
        {{2, 1}, {1, 3}, {4, 1, 1}}, {{}, {0, 1}, {5}}, {{2, 1}, {1, 3}, {5, 1}}, {{8, 1, 6, 1}, {7, 1, 5}, {6, 1}}};
    for (const auto& c : cases) {
        const broadcast_explanation e = loom::explain(c[0], c[1], c[2]);
        expect_agreement(e, [&] { return loom::broadcast_shapes(c[0], c[1], c[2]); });
        expect_agreement(e, [&] { return shape_type(loom::where(ones(c[0]) > 0.f, ones(c[1]), ones(c[2])).shape()); });
        expect_carried(e, [&] { loom::broadcast_shapes(c[0], c[1], c[2]); });
    }
    const broadcast_explanation four = loom::explain(shape_type{2, 1}, shape_type{3}, shape_type{}, shape_type{1, 1});
    EXPECT_EQ(four.names, (std::vector<std::string>{"x1", "x2", "x3", "x4"}));
    EXPECT_EQ(four.result, (shape_type{2, 3}));
}

TEST(Explain, SpecsAgreeWithAddUnderTheSpec) {
    for (const spec_case& c : spec_cases) {
        const broadcast_explanation e = loom::explain(c.a, c.b, c.spec);
        expect_agreement(e, [&] { return loom::broadcast_shapes(c.a, c.b, c.spec); });
        expect_agreement(e, [&] { return shape_type(loom::add(ones(c.a), ones(c.b), c.spec).shape()); });
        expect_carried(e, [&] { (void)loom::add(ones(c.a), ones(c.b), c.spec); });
    }
}

TEST(Explain, BidirectionalAgreesWithBroadcastBidirectional) {
    for (const pair_case& c : bidirectional_cases) {
        const broadcast_explanation e = loom::explain_bidirectional(c.a, c.b);
        expect_agreement(e, [&] { return shape_type(loom::broadcast_bidirectional(ones(c.a), c.b).shape()); });
        expect_carried(e, [&] { loom::broadcast_bidirectional_shape(c.a, c.b); });
    }
}

TEST(Explain, BroadcastToAgreesWithBroadcastTo) {
    for (const pair_case& c : broadcast_to_cases) {
        expect_agreement(loom::explain_broadcast_to(c.a, c.b),
                         [&] { return shape_type(loom::broadcast_to(ones(c.a), c.b).shape()); });
    }
}

TEST(Explain, InPlaceAgreesWithCompoundAssignment) {
    for (const pair_case& c : in_place_cases) {
        const broadcast_explanation e = loom::explain_in_place(c.a, c.b);
        expect_agreement(e, [&] {
            tensor<float> dst = ones(c.a);
            dst += ones(c.b);
            return dst.shape();
        });
        expect_carried(e, [&] {
            tensor<float> dst = ones(c.a);
            dst += ones(c.b);
        });
    }
}

TEST(Explain, MatmulAgreesWithMatmul) {
    for (const pair_case& c : matmul_cases) {
        expect_agreement(loom::explain_matmul(c.a, c.b),
                         [&] { return shape_type(loom::matmul(ones(c.a), ones(c.b)).shape()); });
    }
}

TEST(Explain, LossTargetAgreesWithCrossEntropy) {
    for (const pair_case& c : loss_cases) {
        expect_agreement(loom::explain_loss_target(c.a, c.b), [&] {
            const tensor<std::int64_t> target(c.b, 0);
            return loom::cross_entropy(ones(c.a), target, {.reduction = loom::loss_reduction::none}).shape();
        });
    }
}

// ---- Results with more elements than an index counts ----

// The explanation refuses, and agrees with `operation`, which must refuse too.
template <class Operation>
void expect_refused(const broadcast_explanation& e, Operation operation) {
    EXPECT_FALSE(e.holds) << loom::to_string(e);
    expect_agreement(e, operation);
}

TEST(Explain, EveryRuleAgreesOnAResultTooLargeToCount) {
    const shape_type column{two_to_32, 1}, row{1, two_to_32}, square{two_to_32, two_to_32};
    expect_refused(loom::explain(column, row), [&] { return loom::broadcast_shapes(column, row); });
    expect_refused(loom::explain(one_element_seen_as(column), one_element_seen_as(row)),
                   [&] { return (one_element_seen_as(column) + one_element_seen_as(row)).shape(); });
    expect_refused(loom::explain({column, row, shape_type{1}}),
                   [&] { return loom::broadcast_shapes(column, row, shape_type{1}); });
    const shape_type long_row{two_to_32};
    expect_refused(loom::explain(row, long_row, broadcast::paddle_elementwise(0)),
                   [&] { return loom::broadcast_shapes(row, long_row, broadcast::paddle_elementwise(0)); });
    expect_refused(loom::explain(square, long_row, broadcast::pdpd(0)),
                   [&] { return loom::broadcast_shapes(square, long_row, broadcast::pdpd(0)); });
    expect_refused(loom::explain(square, square, broadcast::none),
                   [&] { return loom::broadcast_shapes(square, square, broadcast::none); });
    expect_refused(loom::explain_bidirectional(column, row),
                   [&] { return loom::broadcast_bidirectional_shape(column, row); });
    expect_refused(loom::explain_in_place(column, row), [&] {
        loom::check_fits_destination(column, row);
        return column;
    });
    // broadcast_to counts every size of the target but 0, as a tensor's strides would.
    const shape_type empty_target{two_to_32, two_to_32, 0};
    expect_refused(loom::explain_broadcast_to(shape_type{1}, empty_target),
                   [&] { return shape_type(loom::broadcast_to(ones({1}), empty_target).shape()); });
    expect_refused(loom::explain_matmul(shape_type{two_to_32, 1, 2, 3}, shape_type{1, two_to_32, 3, 4}), [&] {
        return shape_type(loom::matmul(one_element_seen_as({two_to_32, 1, 2, 3}),
                                       one_element_seen_as({1, two_to_32, 3, 4})).shape());
    });
}

TEST(Explain, AResultWithAZeroIsCountedAsEmpty) {
    // NumPy: np.broadcast_shapes((0, 2**32, 1), (1, 2**32)) == (0, 2**32, 2**32).
    const shape_type a{0, two_to_32, 1}, b{1, two_to_32};
    const broadcast_explanation e = loom::explain(a, b);
    EXPECT_TRUE(e.holds);
    EXPECT_TRUE(e.result_refusal.empty());
    expect_agreement(e, [&] { return loom::broadcast_shapes(a, b); });
}

TEST(Explain, PrintsTheResultTooLargeToCount) {
    const broadcast_explanation e = loom::explain(shape_type{two_to_32, 1}, shape_type{1, two_to_32});
    EXPECT_FALSE(e.holds);
    EXPECT_EQ(e.failing_step(), nullptr);
    EXPECT_EQ(loom::to_string(e),
              "NumPy's rule: x [4294967296, 1] and y [1, 4294967296]\n"
              "  x  4294967296           1\n"
              "  y           1  4294967296\n"
              "compared from back to front:\n"
              "  1st step (dimension 1): 1 and 4294967296 -> 4294967296: x's dimension is 1\n"
              "  2nd step (dimension 0): 4294967296 and 1 -> 4294967296: y's dimension is 1\n"
              "so x and y are not broadcastable: the result [4294967296, 4294967296] has more elements than fit "
              "in a 64-bit index; use smaller sizes\n");
}

TEST(Explain, PrintsThePaddleGuidesWalk) {
    EXPECT_EQ(loom::to_string(loom::explain(shape_type{2, 3, 1, 5}, shape_type{3, 4, 1})),
              "NumPy's rule: x [2, 3, 1, 5] and y [3, 4, 1]\n"
              "       x  2  3  1  5\n"
              "       y  -  3  4  1\n"
              "  result  2  3  4  5\n"
              "compared from back to front:\n"
              "  1st step (dimension 3): 5 and 1 -> 5: y's dimension is 1\n"
              "  2nd step (dimension 2): 1 and 4 -> 4: x's dimension is 1\n"
              "  3rd step (dimension 1): 3 and 3 -> 3: the two dimensions are the same\n"
              "  4th step (dimension 0): 2 and - -> 2: y's dimension does not exist\n"
              "so x and y are broadcastable; the result has shape [2, 3, 4, 5]\n");
}

TEST(Explain, PrintsTheStepThatFails) {
    const broadcast_explanation e = loom::explain(shape_type{2, 3, 4}, shape_type{2, 3, 6});
    ASSERT_NE(e.failing_step(), nullptr);
    EXPECT_EQ(e.failing_step()->dimension, 2u);
    EXPECT_EQ(loom::to_string(e),
              "NumPy's rule: x [2, 3, 4] and y [2, 3, 6]\n"
              "  x  2  3  4\n"
              "  y  2  3  6\n"
              "compared from back to front:\n"
              "  1st step (dimension 2): 4 and 6: x's dimension 4 is not equal to y's dimension 6, and neither is 1\n"
              "so x and y are not broadcastable: the 1st step fails, at dimension 2\n"
              "no fix: no reshape of x or y that inserts size-1 dimensions, up to rank 3, makes them broadcastable\n");
}

TEST(Explain, ThePdpdRulesWalkFromTheAxis) {
    const broadcast_explanation e = loom::explain(shape_type{8, 1, 6, 1}, shape_type{7, 1, 5}, broadcast::pdpd(1));
    ASSERT_NE(e.failing_step(), nullptr);
    EXPECT_EQ(e.failing_step()->dimension, 1u);  // the dimension the error names: size 7 vs 1 at dimension 1
    EXPECT_TRUE(e.front_to_back);
    const broadcast_explanation placed =
        loom::explain(shape_type{2, 3, 4, 5}, shape_type{4, 5}, broadcast::pdpd(3));
    ASSERT_NE(placed.failing_check(), nullptr);
    EXPECT_EQ(placed.failing_step(), nullptr);
}

TEST(Explain, ErrorsWithoutARuleOfTheirOwnHaveAnEmptyExplanation) {
    const broadcast_error error("words alone");
    EXPECT_FALSE(error.has_explanation());
    EXPECT_TRUE(error.explanation().names.empty());
    EXPECT_EQ(std::string(error.what()), "words alone");
}

TEST(Explain, NegativeSizesAreInvalid) {
    EXPECT_THROW(loom::explain(shape_type{-1}, shape_type{2}), std::invalid_argument);
    EXPECT_THROW(loom::explain_broadcast_to(shape_type{2}, shape_type{-2}), std::invalid_argument);
}

// ---- Suggested fixes ----

using loom::reshape_fix;

// What to_string(e) prints from the first `start` on: the verdict and the fixes.
std::string printed_from(const broadcast_explanation& e, const std::string& start) {
    const std::string text = loom::to_string(e);
    return text.substr(std::min(text.find(start), text.size()));
}

// The one fix of e, checked to be of operand `operand`.
const reshape_fix& only_fix(const broadcast_explanation& e, std::size_t operand) {
    EXPECT_EQ(e.fixes.size(), 1u) << loom::to_string(e);
    EXPECT_FALSE(e.no_fix);
    EXPECT_EQ(e.fixes.at(0).operand, operand);
    EXPECT_EQ(e.fixes.at(0).name, e.names.at(operand));
    return e.fixes.at(0);
}

TEST(ExplainFixes, AColumnForTheFirstDimension) {
    // x [4, 3] and y [4]: y meant as a column.
    const broadcast_explanation e = loom::explain(shape_type{4, 3}, shape_type{4});
    const reshape_fix& fix = only_fix(e, 1);
    EXPECT_EQ(fix.shape, (shape_type{4, 1}));
    EXPECT_EQ(fix.loom, "y.reshape({4, 1}) or unsqueeze(y, 1)");
    EXPECT_EQ(fix.numpy, "y[:, np.newaxis]");
    EXPECT_EQ(fix.result, (shape_type{4, 3}));
    EXPECT_EQ(loom::to_string(e),
              "NumPy's rule: x [4, 3] and y [4]\n"
              "  x  4  3\n"
              "  y  -  4\n"
              "compared from back to front:\n"
              "  1st step (dimension 1): 3 and 4: x's dimension 3 is not equal to y's dimension 4, and neither is 1\n"
              "so x and y are not broadcastable: the 1st step fails, at dimension 1\n"
              "fix: y.reshape({4, 1}) or unsqueeze(y, 1) (NumPy: y[:, np.newaxis]): y [4, 1] broadcasts with x to "
              "[4, 3]\n");
    // Both spellings compile, and give the shape said.
    const tensor<float> x = ones({4, 3}), y = ones({4});
    EXPECT_EQ(shape_type((x + y.reshape({4, 1})).shape()), fix.result);
    EXPECT_EQ(shape_type((x + loom::unsqueeze(y, 1)).shape()), fix.result);
}

TEST(ExplainFixes, ADimensionInsertedInTheMiddle) {
    const reshape_fix fix = only_fix(loom::explain(shape_type{2, 3, 4}, shape_type{2, 4}), 1);
    EXPECT_EQ(fix.shape, (shape_type{2, 1, 4}));
    EXPECT_EQ(fix.loom, "y.reshape({2, 1, 4}) or unsqueeze(y, 1)");
    EXPECT_EQ(fix.numpy, "y[:, np.newaxis, :]");
    EXPECT_EQ(fix.result, (shape_type{2, 3, 4}));
}

TEST(ExplainFixes, TwoDimensionsInsertedAreAReshapeOnly) {
    const reshape_fix fix = only_fix(loom::explain(shape_type{3, 4, 5}, shape_type{3}), 1);
    EXPECT_EQ(fix.shape, (shape_type{3, 1, 1}));
    EXPECT_EQ(fix.loom, "y.reshape({3, 1, 1})");
    EXPECT_EQ(fix.numpy, "y[:, np.newaxis, np.newaxis]");
    EXPECT_EQ(fix.result, (shape_type{3, 4, 5}));
}

TEST(ExplainFixes, ThePaddleGuidesRefusalsHaveNone) {
    // [2, 3, 4] with [2, 3, 6]: both have the largest rank, and can take no dimension more. [2, 1, 4] with
    // [3, 2]: y's 2 fits only x's 1, and then y's 3 meets x's 2.
    for (const auto& [a, b] : {std::pair<shape_type, shape_type>{{2, 3, 4}, {2, 3, 6}}, {{2, 1, 4}, {3, 2}}}) {
        const broadcast_explanation e = loom::explain(a, b);
        EXPECT_TRUE(e.fixes.empty());
        EXPECT_TRUE(e.no_fix);
        EXPECT_EQ(e.transpose_hint, "");
        EXPECT_EQ(printed_from(e, "so x"),
                  "so x and y are not broadcastable: the 1st step fails, at dimension 2\n"
                  "no fix: no reshape of x or y that inserts size-1 dimensions, up to rank 3, makes them "
                  "broadcastable\n");
    }
}

TEST(ExplainFixes, SizesInAnotherOrderNeedATranspose) {
    const broadcast_explanation e = loom::explain(shape_type{2, 3}, shape_type{3, 2});
    EXPECT_TRUE(e.no_fix);
    EXPECT_EQ(e.transpose_hint, "transpose(y) (NumPy: y.T)");
    EXPECT_EQ(printed_from(e, "no fix"),
              "no fix: no reshape of x or y that inserts size-1 dimensions, up to rank 2, makes them broadcastable; "
              "transpose(y) (NumPy: y.T) would, but a transpose changes which elements meet\n");
}

TEST(ExplainFixes, ThreeOperandsReshapeTheOneThatDisagrees) {
    // y [4] meets x [4, 3] and z [1, 3], which broadcast to [4, 3]; a reshape of x or of z leaves y refusing the
    // other.
    const broadcast_explanation e = loom::explain(shape_type{4, 3}, shape_type{4}, shape_type{1, 3});
    const reshape_fix& fix = only_fix(e, 1);
    EXPECT_EQ(fix.shape, (shape_type{4, 1}));
    EXPECT_EQ(fix.result, (shape_type{4, 3}));
    EXPECT_NE(loom::to_string(e).find("y [4, 1] broadcasts with x and z to [4, 3]\n"), std::string::npos);
    // x [2] and y [3] refuse each other, whatever z is, and neither fits into the broadcast of the two others.
    const broadcast_explanation conflict = loom::explain(shape_type{2}, shape_type{3}, shape_type{4, 1});
    EXPECT_TRUE(conflict.fixes.empty());
    EXPECT_TRUE(conflict.no_fix);
    EXPECT_NE(loom::to_string(conflict).find("no reshape of x, y or z that inserts"), std::string::npos);
}

TEST(ExplainFixes, TheOperandOfLowerRankIsTheOneReshaped) {
    // x [2, 5] and y [2, 3, 1]: x as [2, 1, 5]; y has the largest rank, and gets no dimension more.
    const reshape_fix fix = only_fix(loom::explain(shape_type{2, 5}, shape_type{2, 3, 1}), 0);
    EXPECT_EQ(fix.shape, (shape_type{2, 1, 5}));
    EXPECT_EQ(fix.loom, "x.reshape({2, 1, 5}) or unsqueeze(x, 1)");
    EXPECT_EQ(fix.result, (shape_type{2, 3, 5}));
}

TEST(ExplainFixes, InPlaceSuggestsANewTensorAndAReshapeOfSrc) {
    // dst [3, 1] += src [3]: dst would grow to [3, 3]; src as a column fits into dst.
    const broadcast_explanation e = loom::explain_in_place(shape_type{3, 1}, shape_type{3});
    const reshape_fix& fix = only_fix(e, 1);
    EXPECT_EQ(fix.shape, (shape_type{3, 1}));
    EXPECT_EQ(fix.loom, "src.reshape({3, 1}) or unsqueeze(src, 1)");
    EXPECT_EQ(fix.numpy, "src[:, np.newaxis]");
    EXPECT_EQ(fix.result, (shape_type{3, 1}));
    EXPECT_TRUE(e.assign_new);
    EXPECT_EQ(e.assigned, (shape_type{3, 3}));
    EXPECT_EQ(printed_from(e, "so src"),
              "so src does not fit into dst: the 1st step fails, at dimension 1\n"
              "fix: src.reshape({3, 1}) or unsqueeze(src, 1) (NumPy: src[:, np.newaxis]): src [3, 1] fits into dst "
              "[3, 1]\n"
              "fix: assign to a new tensor, t = dst op src: t has shape [3, 3]\n");
    tensor<float> dst = ones({3, 1});
    const tensor<float> src = ones({3});
    dst += loom::unsqueeze(src, 1);
    EXPECT_EQ(shape_type(dst.shape()), fix.result);
}

TEST(ExplainFixes, InPlaceWhereOnlyANewTensorHelps) {
    // The PyTorch blog post's example: dst [1, 3, 1] += src [5, 4, 3, 4].
    const broadcast_explanation e = loom::explain_in_place(shape_type{1, 3, 1}, shape_type{5, 4, 3, 4});
    EXPECT_TRUE(e.fixes.empty());
    EXPECT_FALSE(e.no_fix);
    EXPECT_TRUE(e.assign_new);
    EXPECT_EQ(e.assigned, (shape_type{5, 4, 3, 4}));
    // and where NumPy's rule refuses them too, nothing helps: [2, 3] and [4].
    const broadcast_explanation none = loom::explain_in_place(shape_type{2, 3}, shape_type{4});
    EXPECT_FALSE(none.assign_new);
    EXPECT_TRUE(none.no_fix);
    EXPECT_EQ(printed_from(none, "no fix"),
              "no fix: no reshape of src that inserts size-1 dimensions fits it into dst, and NumPy's rule refuses "
              "t = dst op src too\n");
}

TEST(ExplainFixes, ACompoundAssignmentsErrorCarriesTheFixes) {
    tensor<float> dst = ones({4, 3});
    try {
        dst += ones({4});
        ADD_FAILURE() << "[4, 3] += [4] did not throw";
    } catch (const broadcast_error& error) {
        const broadcast_explanation e = error.explanation();
        const reshape_fix& fix = only_fix(e, 1);
        EXPECT_EQ(fix.shape, (shape_type{4, 1}));
        EXPECT_EQ(fix.result, (shape_type{4, 3}));
        EXPECT_FALSE(e.assign_new);
    }
}

TEST(ExplainFixes, BroadcastToReshapesXAndNeverTheTarget) {
    const broadcast_explanation e = loom::explain_broadcast_to(shape_type{4}, shape_type{4, 3});
    const reshape_fix& fix = only_fix(e, 0);
    EXPECT_EQ(fix.shape, (shape_type{4, 1}));
    EXPECT_EQ(fix.result, (shape_type{4, 3}));
    EXPECT_EQ(shape_type(loom::broadcast_to(ones({4}).reshape({4, 1}), {4, 3}).shape()), fix.result);
    EXPECT_EQ(printed_from(e, "fix"),
              "fix: x.reshape({4, 1}) or unsqueeze(x, 1) (NumPy: x[:, np.newaxis]): x [4, 1] broadcasts to the target "
              "[4, 3]\n");
    // The target's sizes never change: x [3] meets the target [3, 1]'s 3 only as [3, 1], and x [4] meets no size
    // of [1, 3] (its 1 does not grow).
    EXPECT_EQ(only_fix(loom::explain_broadcast_to(shape_type{3}, shape_type{3, 1}), 0).shape, (shape_type{3, 1}));
    const broadcast_explanation none = loom::explain_broadcast_to(shape_type{4}, shape_type{1, 3});
    EXPECT_TRUE(none.fixes.empty());
    EXPECT_TRUE(none.no_fix);
    EXPECT_NE(loom::to_string(none).find("no fix: no reshape of x that inserts size-1 dimensions broadcasts it to "
                                         "the target\n"),
              std::string::npos);
}

TEST(ExplainFixes, BidirectionalReshapesXOrWritesAnotherTarget) {
    const reshape_fix x_fix = only_fix(loom::explain_bidirectional(shape_type{4}, shape_type{4, 3}), 0);
    EXPECT_EQ(x_fix.loom, "x.reshape({4, 1}) or unsqueeze(x, 1)");
    EXPECT_EQ(x_fix.result, (shape_type{4, 3}));
    const broadcast_explanation e = loom::explain_bidirectional(shape_type{4, 3}, shape_type{4});
    const reshape_fix& target_fix = only_fix(e, 1);
    EXPECT_EQ(target_fix.shape, (shape_type{4, 1}));
    EXPECT_EQ(target_fix.loom, "broadcast_bidirectional(x, {4, 1})");
    EXPECT_EQ(target_fix.numpy, "");
    EXPECT_EQ(target_fix.result, (shape_type{4, 3}));
    EXPECT_EQ(shape_type(loom::broadcast_bidirectional(ones({4, 3}), {4, 1}).shape()), target_fix.result);
    EXPECT_EQ(printed_from(e, "fix"),
              "fix: broadcast_bidirectional(x, {4, 1}): target [4, 1] broadcasts with x to [4, 3]\n");
}

TEST(ExplainFixes, MatmulReshapesTheBatchDimensions) {
    // a [2, 3, 4] @ b [2, 5, 4, 6]: a's batch [2] against b's [2, 5].
    const broadcast_explanation e = loom::explain_matmul(shape_type{2, 3, 4}, shape_type{2, 5, 4, 6});
    const reshape_fix& fix = only_fix(e, 0);
    EXPECT_EQ(fix.shape, (shape_type{2, 1, 3, 4}));
    EXPECT_EQ(fix.loom, "a.reshape({2, 1, 3, 4}) or unsqueeze(a, 1)");
    EXPECT_EQ(fix.numpy, "a[:, np.newaxis, :, :]");
    EXPECT_EQ(fix.result, (shape_type{2, 5, 3, 6}));
    EXPECT_EQ(shape_type(loom::matmul(loom::unsqueeze(ones({2, 3, 4}), 1), ones({2, 5, 4, 6})).shape()), fix.result);
    // Inner sizes that differ are no broadcasting matter: nothing is suggested.
    const broadcast_explanation inner = loom::explain_matmul(shape_type{2, 3}, shape_type{4, 5});
    EXPECT_TRUE(inner.fixes.empty());
    EXPECT_FALSE(inner.no_fix);
    const broadcast_explanation none = loom::explain_matmul(shape_type{2, 3, 4}, shape_type{5, 4, 6});
    EXPECT_TRUE(none.no_fix);
}

TEST(ExplainFixes, TheOtherRulesSuggestWhatIsTrue) {
    // broadcast::none: a reshape to identical shapes, when there is one, and no "no fix" otherwise.
    const reshape_fix fix = only_fix(loom::explain(shape_type{1, 3}, shape_type{3}, broadcast::none), 1);
    EXPECT_EQ(fix.shape, (shape_type{1, 3}));
    EXPECT_EQ(fix.numpy, "y[np.newaxis, :]");
    const broadcast_explanation none = loom::explain(shape_type{2, 3}, shape_type{3}, broadcast::none);
    EXPECT_TRUE(none.fixes.empty());
    EXPECT_FALSE(none.no_fix);
    // The PDPD rules place y by their axis, and a loss's target never broadcasts: nothing.
    for (const broadcast_explanation& e :
         {loom::explain(shape_type{8, 1, 6, 1}, shape_type{7, 1, 5}, broadcast::pdpd(1)),
          loom::explain(shape_type{2, 3, 4, 5}, shape_type{4, 5}, broadcast::paddle_elementwise(1)),
          loom::explain_loss_target(shape_type{4, 3}, shape_type{4, 1})}) {
        EXPECT_FALSE(e.holds);
        EXPECT_TRUE(e.fixes.empty());
        EXPECT_FALSE(e.no_fix);
        EXPECT_EQ(loom::to_string(e).find("fix"), std::string::npos);
    }
    // A result too large to count is refused after every step held: no reshape mends that.
    const broadcast_explanation large = loom::explain(shape_type{two_to_32, 1}, shape_type{1, two_to_32});
    EXPECT_TRUE(large.fixes.empty());
    EXPECT_FALSE(large.no_fix);
}

// ---- The fixes, on random small shapes ----

enum class fixed_rule { numpy, bidirectional, in_place, broadcast_to, matmul, none };

broadcast_explanation explain_as(fixed_rule rule, const std::vector<shape_type>& s) {
    switch (rule) {
        case fixed_rule::numpy: return loom::explain(s);
        case fixed_rule::bidirectional: return loom::explain_bidirectional(s[0], s[1]);
        case fixed_rule::in_place: return loom::explain_in_place(s[0], s[1]);
        case fixed_rule::broadcast_to: return loom::explain_broadcast_to(s[0], s[1]);
        case fixed_rule::matmul: return loom::explain_matmul(s[0], s[1]);
        case fixed_rule::none: break;
    }
    return loom::explain(s[0], s[1], broadcast::none);
}

// Every shape made of `shape` with size-1 dimensions inserted, up to rank
// `max_rank`, keeping its last `kept` dimensions last (matmul's matrices).
std::vector<shape_type> insertions(const shape_type& shape, std::size_t max_rank, std::size_t kept) {
    std::vector<shape_type> out;
    const std::size_t moved = shape.size() - kept;
    for (std::size_t rank = shape.size() + 1; rank <= max_rank; ++rank) {
        const std::size_t slots = rank - kept;
        for (unsigned mask = 0; mask < (1u << slots); ++mask) {
            if (static_cast<std::size_t>(std::popcount(mask)) != moved) continue;
            shape_type s;
            std::size_t next = 0;
            for (std::size_t d = 0; d < slots; ++d) s.push_back((mask >> d & 1u) ? shape[next++] : 1);
            for (std::size_t d = moved; d < shape.size(); ++d) s.push_back(shape[d]);
            out.push_back(s);
        }
    }
    return out;
}

// The shape NumPy's indexing `spelling` (y[:, np.newaxis]) gives `shape`.
shape_type numpy_indexed(const std::string& spelling, const shape_type& shape) {
    shape_type out;
    std::size_t next = 0;
    const std::string inside = spelling.substr(spelling.find('[') + 1, spelling.size() - spelling.find('[') - 2);
    for (std::size_t at = 0; at <= inside.size();) {
        const std::size_t comma = std::min(inside.find(", ", at), inside.size());
        const std::string entry = inside.substr(at, comma - at);
        if (entry == ":") out.push_back(next < shape.size() ? shape[next++] : -1);
        else if (entry == "np.newaxis") out.push_back(1);
        else ADD_FAILURE() << "unexpected index " << entry << " in " << spelling;
        at = comma + 2;
    }
    EXPECT_EQ(next, shape.size()) << spelling;
    return out;
}

TEST(ExplainFixes, EveryFixMakesTheRuleAcceptAndNoFixMeansNone) {
    std::mt19937 random(20261129);
    // Ranks from `low` to `high`, sizes 1 to 3, and now and then 0.
    const auto random_shape = [&](std::size_t low, std::size_t high) {
        shape_type s(std::uniform_int_distribution<std::size_t>(low, high)(random));
        std::uniform_int_distribution<int> size_of(0, 30);
        for (loom::index_t& size : s) size = size_of(random) == 0 ? 0 : 1 + size_of(random) % 3;
        return s;
    };
    int fixes = 0, none = 0;
    for (int round = 0; round < 6000; ++round) {
        const auto rule = static_cast<fixed_rule>(round % 6);
        const bool matmul = rule == fixed_rule::matmul;
        const std::size_t count = rule == fixed_rule::numpy ? 2 + round / 6 % 2 : 2;
        std::vector<shape_type> shapes;
        for (std::size_t k = 0; k < count; ++k) {
            shapes.push_back(matmul ? random_shape(2, 4) : random_shape(0, 3));
        }
        if (matmul) shapes[1][shapes[1].size() - 2] = shapes[0].back();  // inner sizes that agree
        const broadcast_explanation e = explain_as(rule, shapes);
        SCOPED_TRACE(loom::to_string(e));
        std::size_t max_rank = 0;
        for (const shape_type& s : shapes) max_rank = std::max(max_rank, s.size());
        if (e.holds) {
            EXPECT_TRUE(e.fixes.empty() && !e.no_fix && !e.assign_new);
            continue;
        }
        // Each fix, applied, makes the rule accept the shapes, with the result said.
        for (const reshape_fix& fix : e.fixes) {
            ++fixes;
            std::vector<shape_type> fixed = shapes;
            fixed[fix.operand] = fix.shape;
            const broadcast_explanation after = explain_as(rule, fixed);
            EXPECT_TRUE(after.holds) << loom::to_string(after);
            EXPECT_EQ(after.result, fix.result);
            EXPECT_LE(fix.shape.size(), max_rank);
            const std::vector<shape_type> possible = insertions(shapes[fix.operand], max_rank, matmul ? 2 : 0);
            EXPECT_NE(std::find(possible.begin(), possible.end(), fix.shape), possible.end());
            if (!fix.numpy.empty()) {
                EXPECT_EQ(numpy_indexed(fix.numpy, shapes[fix.operand]), fix.shape) << fix.numpy;
            }
        }
        if (e.assign_new) {
            EXPECT_EQ(rule, fixed_rule::in_place);
            const broadcast_explanation numpy = loom::explain(shapes[0], shapes[1]);
            EXPECT_TRUE(numpy.holds);
            EXPECT_EQ(numpy.result, e.assigned);
        }
        if (!e.transpose_hint.empty()) {
            EXPECT_TRUE(e.no_fix);
            const std::string name = e.transpose_hint.substr(10, e.transpose_hint.find(')') - 10);
            const std::size_t k = std::find(e.names.begin(), e.names.end(), name) - e.names.begin();
            ASSERT_LT(k, shapes.size());
            std::vector<shape_type> transposed = shapes;
            transposed[k] = shape_type{shapes[k][1], shapes[k][0]};
            EXPECT_TRUE(explain_as(rule, transposed).holds);
        }
        if (e.failing_step() == nullptr) {  // a check failed first (matmul): no search
            EXPECT_TRUE(e.fixes.empty() && !e.no_fix);
            continue;
        }
        // Brute force: an operand has a fix exactly when some insertion of size-1 dimensions into it makes the
        // rule accept the shapes (dst and broadcast_to's target are not reshaped).
        bool any = false;
        for (std::size_t k = 0; k < shapes.size(); ++k) {
            if ((rule == fixed_rule::in_place && k == 0) || (rule == fixed_rule::broadcast_to && k == 1)) continue;
            bool helps = false;
            for (const shape_type& s : insertions(shapes[k], max_rank, matmul ? 2 : 0)) {
                std::vector<shape_type> tried = shapes;
                tried[k] = s;
                helps = helps || explain_as(rule, tried).holds;
            }
            const bool listed =
                std::any_of(e.fixes.begin(), e.fixes.end(), [&](const reshape_fix& f) { return f.operand == k; });
            EXPECT_EQ(listed, helps) << "operand " << k;
            any = any || helps;
        }
        if (rule != fixed_rule::none) {
            EXPECT_EQ(e.no_fix, !any && !e.assign_new);
        }
        none += e.no_fix;
    }
    EXPECT_GT(fixes, 300);
    EXPECT_GT(none, 300);
}

TEST(Explain, OrdinalsAreEnglish) {
    EXPECT_EQ(loom::detail::ordinal(1), "1st");
    EXPECT_EQ(loom::detail::ordinal(2), "2nd");
    EXPECT_EQ(loom::detail::ordinal(3), "3rd");
    EXPECT_EQ(loom::detail::ordinal(11), "11th");
    EXPECT_EQ(loom::detail::ordinal(12), "12th");
    EXPECT_EQ(loom::detail::ordinal(22), "22nd");
}

}  // namespace
