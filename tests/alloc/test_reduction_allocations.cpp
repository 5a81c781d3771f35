// Heap allocations of reductions (reduce/): a reduction reads its operand
// in one pass where it is (a tensor, a view, an element-wise expression
// computed as it is read) and allocates its result and nothing else;
// assigned into a tensor of its shape, it allocates nothing. Inside a larger
// expression, a reduction is computed once into memory of its own (Note
// [computed once] in eval/materialize.hpp): that, and the result, are all
// that is allocated.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>

#include "allocation_counter.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::heap_traffic;
using loom::testing::traffic_of;

// The bytes a tensor of `count` elements asks for: its elements, and the
// room it takes to align them (core/storage.hpp).
template <class T>
long bytes_for(loom::index_t count) {
    return static_cast<long>(loom::storage<T>::allocation_bytes(count));
}

template <class T>
long bytes_of(const tensor<T>& t) {
    return bytes_for<T>(t.size());
}

TEST(ReductionAllocations, SumOfAProductAllocatesOnlyTheResult) {
    const tensor<float> a({256, 300}, 0.5f), b({256, 300}, 2.f);
    std::optional<tensor<float>> s;
    const heap_traffic traffic = traffic_of([&] { s.emplace(loom::sum(a * b)); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*s));
    EXPECT_EQ(s->shape(), shape_type{});
    EXPECT_EQ(s->item(), 256.f * 300.f);
}

TEST(ReductionAllocations, SumOfAProductAlongAnAxisAllocatesOnlyTheResult) {
    const tensor<float> a({256, 300}, 0.5f), b({256, 300}, 2.f);
    std::optional<tensor<float>> s;
    const heap_traffic traffic = traffic_of([&] { s.emplace(loom::sum(a * b, 1)); });
    EXPECT_EQ(traffic.allocations, 1);
    EXPECT_EQ(traffic.bytes, bytes_of(*s));
    EXPECT_EQ(s->shape(), (shape_type{256}));
    EXPECT_EQ((*s)(17), 300.f);
}

TEST(ReductionAllocations, AReductionInsideAnExpressionAllocatesItsValueAndTheResult) {
    const tensor<float> x({256, 300}, 3.f);
    std::optional<tensor<float>> r;
    const heap_traffic traffic = traffic_of([&] { r.emplace(x - loom::max(x, 1, true)); });
    EXPECT_EQ(traffic.allocations, 2);  // the result and the (256, 1) maxima
    EXPECT_EQ(traffic.bytes, bytes_of(*r) + bytes_for<float>(256));
    EXPECT_EQ(traffic.deallocations, 1);  // the maxima, once the result is computed
    EXPECT_EQ(r->shape(), (shape_type{256, 300}));
    EXPECT_EQ((*r)(255, 299), 0.f);
}

TEST(ReductionAllocations, SumOfATransposedViewAllocatesOnlyTheResult) {
    const tensor<double> x({300, 256}, 1.0);
    for (int axes = 0; axes < 3; ++axes) {
        std::optional<tensor<double>> s;
        const heap_traffic traffic = traffic_of([&] {
            if (axes == 0) s.emplace(loom::sum(x.transpose()));
            if (axes == 1) s.emplace(loom::sum(x.transpose(), 0));
            if (axes == 2) s.emplace(loom::sum(x.transpose(), 1));
        });
        EXPECT_EQ(traffic.allocations, 1) << "axes " << axes;
        EXPECT_EQ(traffic.bytes, bytes_of(*s)) << "axes " << axes;
    }
}

TEST(ReductionAllocations, AssignedIntoATensorOfItsShapeAReductionAllocatesNothing) {
    const tensor<float> x({256, 300}, 1.f);
    tensor<float> r({300});
    tensor<float> rows({256, 1});
    tensor<std::int64_t> indices({256});
    const heap_traffic traffic = traffic_of([&] {
        r = loom::sum(x, 0);
        r = loom::max(x * 2.f, 0);
        r = loom::mean(x.transpose(), 1);
        rows = loom::sum(x, 1, true);
        indices = loom::argmax(x, 1);
    });
    EXPECT_EQ(traffic.allocations, 0);
    EXPECT_EQ(r(7), 1.f);
    EXPECT_EQ(rows(3, 0), 300.f);
    EXPECT_EQ(indices(5), 0);
}

}  // namespace
