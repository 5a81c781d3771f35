// Note [node protocol] (expr/node_protocol.hpp): the engine reads every
// node through its role, so node kinds defined here, in this file alone,
// are evaluated on every path: into new memory, rebinding, writing into an
// existing tensor or view, compound assignment, nested in a larger
// expression (through a temporary and in place), large enough for
// threads, with a whole value nested, and in path_of.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;

// ---- An element-wise node: x clamped to [low, high], three operands ----

struct clamp_function {
    template <class T>
    T operator()(T x, T low, T high) const {
        return std::min(std::max(x, low), high);
    }
};

template <class X, class L, class H>
class clamp_node {
public:
    using value_type = loom::value_type_of<X>;
    static constexpr bool is_loom_expression = true;

    template <class A, class B, class C>
    clamp_node(A&& x, B&& low, C&& high)
        : operands_(std::forward<A>(x), std::forward<B>(low), std::forward<C>(high)),
          shape_(loom::broadcast_shapes(std::get<0>(operands_).shape(), std::get<1>(operands_).shape(),
                                        std::get<2>(operands_).shape())) {}

    const shape_type& shape() const { return shape_; }
    clamp_function function() const { return {}; }
    const std::tuple<X, L, H>& operands() const { return operands_; }

private:
    std::tuple<X, L, H> operands_;
    shape_type shape_;
};

template <class A, class B, class C>
auto clamp(A&& x, B&& low, C&& high) {
    return clamp_node<loom::closure_t<A&&>, loom::closure_t<B&&>, loom::closure_t<C&&>>(
        std::forward<A>(x), std::forward<B>(low), std::forward<C>(high));
}

// ---- A constant node: one value everywhere, rank 0 ----

template <class T>
class fill_value {
public:
    using value_type = T;
    static constexpr bool is_loom_expression = true;
    explicit fill_value(T value) : value_(value) {}
    const shape_type& shape() const { return rank_zero_; }
    T value() const { return value_; }

private:
    T value_;
    shape_type rank_zero_;
};

// ---- A placed node: a vector of size n seen as a column [n, 1] ----

template <class X>
class column_node {
public:
    using value_type = loom::value_type_of<X>;
    static constexpr bool is_loom_expression = true;

    template <class A>
    explicit column_node(A&& x) : operand_(std::forward<A>(x)), shape_{operand_.shape()[0], 1}, map_{0} {}

    const shape_type& shape() const { return shape_; }
    const X& operand() const { return operand_; }
    const loom::dimension_map& map() const { return map_; }

private:
    X operand_;
    shape_type shape_;
    loom::dimension_map map_;
};

template <class A>
auto column(A&& x) {
    return column_node<loom::closure_t<A&&>>(std::forward<A>(x));
}

// ---- A whole value: the total of its operand, rank 0 ----

template <class X>
class total_node {
public:
    using value_type = loom::value_type_of<X>;
    static constexpr bool is_loom_expression = true;

    template <class A>
    explicit total_node(A&& x) : operand_(std::forward<A>(x)) {}

    const shape_type& shape() const { return rank_zero_; }

    template <loom::element D>
    void write_to(D* data, const loom::strided_layout& layout, bool fresh) const {
        loom::write_whole_value<value_type>(data, layout, rank_zero_, fresh,
                                            [&](value_type* out, const loom::strided_layout&, bool) {
                                                const tensor<value_type> values = operand_;
                                                value_type total{};
                                                for (const value_type v : values) total += v;
                                                *out = total;
                                                return true;
                                            });
    }

private:
    X operand_;
    shape_type rank_zero_;
};

template <class A>
auto total(A&& x) {
    return total_node<loom::closure_t<A&&>>(std::forward<A>(x));
}

// An expression the engine cannot read: it has a shape and nothing else.
struct no_role {
    using value_type = float;
    static constexpr bool is_loom_expression = true;
    const shape_type& shape() const;
};

TEST(NodeProtocol, EachKindPlaysOneRole) {
    using clamped = clamp_node<const tensor<float>&, fill_value<float>, fill_value<float>>;
    static_assert(loom::elementwise_expression<clamped>);
    static_assert(loom::constant_expression<fill_value<float>>);
    static_assert(loom::placed_expression<column_node<const tensor<float>&>>);
    static_assert(loom::whole_value<total_node<const tensor<float>&>>);
    static_assert(loom::engine_node<clamped> && loom::engine_node<total_node<tensor<float>>>);
    static_assert(loom::expression<no_role> && !loom::engine_node<no_role>);
    SUCCEED();
}

TEST(NodeProtocol, ElementWiseNodeIntoNewMemoryAndRebinding) {
    const tensor<float> x{{-2, 0.5f, 3}, {1, -1, 0.25f}};
    const tensor<float> high{1, 2, 0.5f};
    const tensor<float> fresh = clamp(x, fill_value<float>(0.f), high);
    // NumPy: np.clip(x, 0, [1, 2, 0.5])
    EXPECT_EQ(elements_of(fresh), (std::vector<float>{0, 0.5f, 0.5f, 1, 0, 0.25f}));
    tensor<float> rebound{7};
    rebound = clamp(x, fill_value<float>(0.f), high);
    EXPECT_EQ(rebound.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(rebound), elements_of(fresh));
}

TEST(NodeProtocol, ElementWiseNodeWrittenAndCompounded) {
    tensor<int> x{{5, -5, 2}, {0, 9, -1}};
    tensor<int> out({2, 3});
    out = clamp(x, fill_value<int>(-1), fill_value<int>(3));
    EXPECT_EQ(elements_of(out), (std::vector<int>{3, -1, 2, 0, 3, -1}));
    out += clamp(x, fill_value<int>(0), fill_value<int>(1));
    EXPECT_EQ(elements_of(out), (std::vector<int>{4, -1, 3, 0, 4, -1}));
    // Into a transposed view of the tensor it reads: through a temporary.
    auto t = x.transpose();
    t = clamp(x.transpose(), fill_value<int>(0), fill_value<int>(4));
    EXPECT_EQ(elements_of(x), (std::vector<int>{4, 0, 2, 0, 4, 0}));
}

TEST(NodeProtocol, PlacedNodeBroadcastsAsItsMapSays) {
    const tensor<float> v{1, 2, 3};
    const tensor<float> row{10, 20};
    const tensor<float> sum = column(v) + row;
    EXPECT_EQ(sum.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(sum), (std::vector<float>{11, 21, 12, 22, 13, 23}));
    EXPECT_EQ(elements_of(loom::eval(clamp(column(v), row * 0.f, fill_value<float>(2.f)))),
              (std::vector<float>{1, 1, 2, 2, 2, 2}));
}

TEST(NodeProtocol, NestedInLargerExpressionsAndUnderThreads) {
    // Large enough for the engine to cut the loop into pieces for threads.
    const index_t n = index_t{1} << 18;
    const tensor<double> x = loom::arange<double>(0, static_cast<double>(n)) - static_cast<double>(n / 2);
    const tensor<double> clamped = loom::abs(clamp(x * 2.0, fill_value<double>(-100.0), fill_value<double>(50.0))) + 1.0;
    for (const int threads : {1, 2, 4}) {
        loom::set_num_threads(threads);
        const tensor<double> again = loom::abs(clamp(x * 2.0, fill_value<double>(-100.0), fill_value<double>(50.0))) + 1.0;
        EXPECT_TRUE(loom::array_equal(again, clamped));
    }
    loom::set_num_threads(1);
    EXPECT_EQ(clamped(0), 101.0);
    EXPECT_EQ(clamped(n / 2), 1.0);
    EXPECT_EQ(clamped(n - 1), 51.0);
}

TEST(NodeProtocol, WholeValueAloneAndNested) {
    const tensor<std::int64_t> x{{1, 2}, {3, 4}};
    const tensor<std::int64_t> t = total(x);
    EXPECT_EQ(t.item(), 10);
    // Computed once, then read as a leaf by the element-wise expression.
    const tensor<std::int64_t> shifted = x - total(x) + clamp(x, fill_value<std::int64_t>(2), fill_value<std::int64_t>(3));
    EXPECT_EQ(elements_of(shifted), (std::vector<std::int64_t>{-7, -6, -4, -3}));
    // A whole value below the new element-wise node: computed first, the node rebuilt over it.
    const tensor<std::int64_t> below =
        clamp(total(x) - x, fill_value<std::int64_t>(2), fill_value<std::int64_t>(8));
    EXPECT_EQ(elements_of(below), (std::vector<std::int64_t>{8, 8, 7, 6}));
    // Into memory of another element type: through a temporary.
    tensor<double> as_double(shape_type{});
    as_double = total(x);
    EXPECT_EQ(as_double.item(), 10.0);
}

TEST(NodeProtocol, PathOfReadsTheNewKinds) {
    const tensor<float> x = loom::ones<float>({4, 3});
    const tensor<float> v{1, 2, 3, 4};
    // A placed leaf takes the plan, which maps the destination, x and v; the constant is no operand.
    const loom::path_report path = loom::path_of(clamp(x, column(v), fill_value<float>(2.f)));
    ASSERT_NE(path.plan(), nullptr);
    EXPECT_EQ(path.plan()->operand_count(), 3u);
    EXPECT_EQ(path.plan()->original_shape(), (shape_type{4, 3}));
    // A whole value of the new kind is reported as one, nested or not.
    EXPECT_EQ(loom::path_of(total(x)).kind(), loom::path_kind::whole_value);
    const loom::path_report nested = loom::path_of(x - total(x));
    EXPECT_EQ(nested.computed_first(), 1u);
    EXPECT_EQ(nested.kind(), loom::path_kind::direct);
}

}  // namespace
