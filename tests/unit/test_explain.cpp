// explain() against the operations it explains (core/explain.hpp): on every
// broadcasting case of test_broadcast.cpp, test_seeds.cpp,
// test_broadcast_views.cpp and the broadcasting pages (PaddlePaddle's guide,
// the PyTorch blog post, OpenVINO's broadcast rules, PyTorch's broadcasting
// semantics), the explanation and the real operation agree on the result
// shape or on the failure; a broadcast_error carries the explanation of its
// rule; the text is the guide's walk.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/loom.hpp"

namespace {

using loom::broadcast_error;
using loom::broadcast_explanation;
using loom::broadcast_spec;
using loom::shape_type;
using loom::tensor;
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

constexpr loom::index_t two_to_32 = loom::index_t{1} << 32;

// A view of `shape` over one element (stride 0 everywhere): nothing allocated, however large.
auto one_element_seen_as(const shape_type& shape) {
    return loom::broadcast_to(tensor<float>(shape_type(shape.size(), 1)), shape);
}

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
              "so x and y are not broadcastable: the 1st step fails, at dimension 2\n");
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

TEST(Explain, OrdinalsAreEnglish) {
    EXPECT_EQ(loom::detail::ordinal(1), "1st");
    EXPECT_EQ(loom::detail::ordinal(2), "2nd");
    EXPECT_EQ(loom::detail::ordinal(3), "3rd");
    EXPECT_EQ(loom::detail::ordinal(11), "11th");
    EXPECT_EQ(loom::detail::ordinal(12), "12th");
    EXPECT_EQ(loom::detail::ordinal(22), "22nd");
}

}  // namespace
