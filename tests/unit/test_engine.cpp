// The loop engine as the later parts of loom plug into it (docs/architecture.md):
// kernels passed to the loop, any sub-range of the outer iteration space,
// reading state made more than once from one plan, the whole-value hook of
// assign(), the direct path of small arrays, and the one layout type.

#include <gtest/gtest.h>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::strided_layout;
using loom::strides_type;
using loom::tensor;
using loom::testing::contains;
using loom::testing::elements_of;
using loom::testing::message_of;

// `t` of `shape` holding its flat index.
tensor<std::int32_t> flat_index(const shape_type& shape) {
    tensor<std::int32_t> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<std::int32_t>(i);
    return t;
}

// A kernel that adds up operand 1, whatever its strides, and counts its elements.
struct sum_kernel {
    std::int64_t total = 0;
    index_t elements = 0;
    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        const auto* values = reinterpret_cast<const std::int32_t*>(data[1]);
        for (index_t i = 0; i < count; ++i) total += values[i * strides[1]];
        elements += count;
    }
};

// The finished plan of storing `value` into `destination` (planned.hpp's
// destination has no memory, so only a plan with one can be run).
template <class E>
loom::loop_plan plan_into(tensor<std::int32_t>& destination, const E& value) {
    loom::loop_plan plan = loom::map_operands(destination.data(), destination.layout(), value);
    loom::shape_loop(plan);
    return plan;
}

std::int64_t sum_of(const tensor<std::int32_t>& t) {
    std::int64_t total = 0;
    for (std::int32_t v : t) total += v;
    return total;
}

// ---- Kernels are parameters of the loop ----

TEST(EngineKernels, AKernelOfItsOwnReadsEveryElementOfAStridedOperand) {
    const tensor<std::int32_t> a = flat_index({6, 10});
    tensor<std::int32_t> z({4, 6});
    const auto plan = plan_into(z, loom::transpose(a)(loom::range(0, 10, 3), loom::all));
    sum_kernel kernel;
    loom::run_plan(plan, kernel);
    EXPECT_EQ(kernel.elements, 4 * 6);
    EXPECT_EQ(kernel.total, sum_of(loom::transpose(a)(loom::range(0, 10, 3), loom::all).copy()));
}

TEST(EngineKernels, SubRangesOfTheOuterUnitsTogetherCoverThePlanOnce) {
    const tensor<std::int32_t> a = flat_index({5, 7, 3});
    tensor<std::int32_t> z({3, 5, 7});
    const auto plan = plan_into(z, loom::permute(a, {2, 0, 1}));
    const index_t units = loom::outer_units(plan);
    ASSERT_GT(units, 2);
    for (index_t cut = 0; cut <= units; ++cut) {
        sum_kernel first, second;
        loom::run_plan(plan, first, 0, cut);
        loom::run_plan(plan, second, cut, units);
        EXPECT_EQ(first.elements + second.elements, a.size()) << "cut at " << cut;
        EXPECT_EQ(first.total + second.total, sum_of(a)) << "cut at " << cut;
    }
}

// A kernel that records, for each run, every operand's offset in elements
// from its first element, and the run's length. It declares its operands,
// as the unbuffered kernel does (sized_kernel).
template <std::size_t Operands>
struct run_recorder {
    static constexpr std::size_t operands = Operands;
    std::array<const std::int32_t*, operands> first;
    std::vector<std::array<index_t, operands + 1>> runs;  // offsets of operands 0, 1, ..., then the length
    void operator()(const std::byte* const* data, const index_t*, index_t count) {
        std::array<index_t, operands + 1> run;
        for (std::size_t k = 0; k < operands; ++k) run[k] = reinterpret_cast<const std::int32_t*>(data[k]) - first[k];
        run[operands] = count;
        runs.push_back(run);
    }
};

TEST(EngineKernels, EveryRunOfEverySubRangeStartsEachOperandAtItsOwnElement) {
    // (3, 4, 1, 5) + (4, 3, 1) -> (3, 4, 3, 5): nothing merges, so the loop
    // walks three outer dimensions, blocks of up to three runs, over every
    // range of units, whether it starts or ends within a block or both.
    const tensor<std::int32_t> a = flat_index({3, 4, 1, 5}), b = flat_index({4, 3, 1});
    tensor<std::int32_t> z({3, 4, 3, 5});
    const auto plan = plan_into(z, a + b);
    ASSERT_EQ(plan.rank(), 4u);
    ASSERT_EQ(plan.operand_count(), 3u);
    const index_t units = loom::outer_units(plan);
    ASSERT_EQ(units, 3 * 4 * 3);
    for (index_t first = 0; first < units; ++first) {
        for (index_t last = first + 1; last <= units; ++last) {
            run_recorder<3> kernel{{z.data(), a.data(), b.data()}, {}};
            loom::run_plan(plan, kernel, first, last);
            ASSERT_EQ(static_cast<index_t>(kernel.runs.size()), last - first) << "units " << first << "-" << last;
            index_t unit = first;  // runs come in the destination's order
            for (const auto& [to, from_a, from_b, count] : kernel.runs) {
                ASSERT_EQ(to, unit * 5) << "units " << first << "-" << last;
                // z's element (i, j, k, 0) reads a's (i, j, 0, 0) and b's (j, k, 0).
                const index_t i = to / 60, j = to % 60 / 15, k = to % 15 / 5;
                EXPECT_EQ(from_a, i * 20 + j * 5) << "units " << first << "-" << last << ", run at " << to;
                EXPECT_EQ(from_b, j * 3 + k) << "units " << first << "-" << last << ", run at " << to;
                EXPECT_EQ(count, 5);
                ++unit;
            }
        }
    }
}

TEST(EngineKernels, EveryRunOfATiledPlanStartsEachOperandAtItsOwnElement) {
    // A transpose, tiled in bands of tile_rows rows, each walked tile by
    // tile (Note [tiling]): the band's row r of z reads column r of a.
    const tensor<std::int32_t> a = flat_index({300, 1024});
    tensor<std::int32_t> z({1024, 300});
    const auto plan = plan_into(z, loom::transpose(a));
    ASSERT_TRUE(plan.tiled());
    ASSERT_EQ(plan.operand_count(), 2u);
    const index_t units = loom::outer_units(plan);
    for (index_t cut = 0; cut <= units; ++cut) {
        std::vector<int> seen(static_cast<std::size_t>(z.size()), 0);
        for (const auto& [first, last] : {std::pair<index_t, index_t>{0, cut}, {cut, units}}) {
            run_recorder<2> kernel{{z.data(), a.data()}, {}};
            loom::run_plan(plan, kernel, first, last);
            for (const auto& [to, from, count] : kernel.runs) {
                ASSERT_TRUE(to >= 0 && to + count <= z.size()) << "cut at " << cut << ", run at " << to;
                const index_t row = to / 300, column = to % 300;
                ASSERT_LE(column + count, 300) << "cut at " << cut << ", run at " << to;
                EXPECT_EQ(from, column * 1024 + row) << "cut at " << cut << ", run at " << to;
                for (index_t e = to; e < to + count; ++e) ++seen[static_cast<std::size_t>(e)];
            }
        }
        for (std::size_t e = 0; e < seen.size(); ++e) {
            ASSERT_EQ(seen[e], 1) << "cut at " << cut << ", element " << e;
        }
    }
}

TEST(EngineKernels, SubRangesOfATiledPlanCoverItOnce) {
    // A transpose: tiled, in bands of tile_rows rows (Note [tiling]).
    const tensor<std::int32_t> a = flat_index({300, 1024});
    tensor<std::int32_t> z({1024, 300});
    const auto plan = plan_into(z, loom::transpose(a));
    ASSERT_TRUE(plan.tiled());
    const index_t units = loom::outer_units(plan);
    EXPECT_EQ(units, 1024 / loom::loop_plan::tile_rows);
    sum_kernel first, second;
    loom::run_plan(plan, first, 0, 1);
    loom::run_plan(plan, second, 1, units);
    EXPECT_EQ(first.elements, loom::loop_plan::tile_rows * 300);
    EXPECT_EQ(first.elements + second.elements, a.size());
    EXPECT_EQ(first.total + second.total, sum_of(a));
}

TEST(EngineKernels, StoreKernelMadeTwiceFromOnePlanStoresHalvesIndependently) {
    // As two threads would: each makes its own store kernel and block buffers from the finished plan.
    const tensor<float> a = loom::arange<float>(0, 24).reshape({4, 6});
    const tensor<float> row{1, 2, 3, 4, 5, 6};
    const auto value = loom::transpose(a)(loom::all, loom::range(0, 4)) * 2.f + loom::transpose(row.reshape({1, 6}));
    tensor<float> z({6, 4});
    loom::loop_plan plan = loom::map_operands(z.data(), z.layout(), value);
    loom::shape_loop(plan);
    ASSERT_FALSE(plan.unbuffered_splat().has_value());  // the store kernel's plan
    loom::expression_kernels<float, std::remove_cvref_t<decltype(value)>> kernels(value);
    const index_t units = loom::outer_units(plan);
    for (const auto& [first, last] : {std::pair<index_t, index_t>{0, units / 2}, {units / 2, units}}) {
        alignas(64) std::byte memory[loom::store_kernel::memory_bytes];
        loom::store_kernel kernel(plan, kernels.set().in_place, memory);
        loom::run_plan(plan, kernel, first, last);
    }
    EXPECT_EQ(elements_of(z), elements_of(tensor<float>(value)));
}

// ---- The whole-value hook of assign() (Note [whole values]) ----

// A value computed as a whole, not element by element: its flat index in
// the destination's layout. It records whether it was handed fresh memory.
struct flat_index_value {
    using value_type = int;
    static constexpr bool is_loom_expression = true;
    shape_type dims;
    bool* fresh_seen;

    const shape_type& shape() const { return dims; }
    void write_to(int* data, const strided_layout& layout, bool fresh) const {
        *fresh_seen = fresh;
        for (index_t i = 0; i < layout.size(); ++i) {
            index_t offset = 0, rest = i;
            for (std::size_t d = layout.rank(); d-- > 0;) {
                offset += rest % layout.extent(d) * layout.stride(d);
                rest /= layout.extent(d);
            }
            data[offset] = static_cast<int>(i);
        }
    }
};

TEST(EngineWholeValues, ANewTensorIsHandedItsFreshMemory) {
    bool fresh = false;
    const tensor<int> t = flat_index_value{{2, 3}, &fresh};
    EXPECT_TRUE(fresh);
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(EngineWholeValues, AnExistingTensorOfTheSameShapeIsHandedItsMemoryInUse) {
    tensor<int> t({2, 3});
    const int* before = t.data();
    bool fresh = true;
    t = flat_index_value{{2, 3}, &fresh};
    EXPECT_FALSE(fresh);
    EXPECT_EQ(t.data(), before);
    EXPECT_EQ(t(1, 2), 5);
}

TEST(EngineWholeValues, AViewIsHandedItsOwnLayout) {
    tensor<int> t({3, 2}, -1);
    bool fresh = true;
    t.transpose() = flat_index_value{{2, 3}, &fresh};  // written through the transposed strides
    EXPECT_FALSE(fresh);
    EXPECT_EQ(elements_of(t), (std::vector<int>{0, 3, 1, 4, 2, 5}));
}

// ---- The direct path (Note [direct path]) ----

TEST(EngineDirectPath, TrailingShapesRepeatAlongTheLeadingDimensions) {
    const tensor<std::int32_t> a = flat_index({2, 3, 4}), m = flat_index({3, 4}), row = flat_index({4});
    const tensor<std::int32_t> z = a * 10000 + m * 100 + row + tensor<std::int32_t>(shape_type{1, 1, 4}, 7);
    for (index_t i = 0; i < 2; ++i) {
        for (index_t j = 0; j < 3; ++j) {
            for (index_t k = 0; k < 4; ++k) {
                EXPECT_EQ(z.at(i, j, k), (i * 12 + j * 4 + k) * 10000 + (j * 4 + k) * 100 + k + 7);
            }
        }
    }
}

TEST(EngineDirectPath, ARowIsReadAgainForEveryRunBesideLeavesOfTheDestinationsSize) {
    // Note [direct path]: runs of the row's size; a one-element tensor beside
    // the row would start again every run, and goes through the plan.
    const tensor<std::int32_t> a = flat_index({2, 3, 4}), row = flat_index({4});
    const tensor<std::int32_t> one(shape_type{1}, 5);
    const tensor<std::int32_t> z = a * 100 + row, w = a * 100 + row * one;
    for (index_t i = 0; i < 2; ++i) {
        for (index_t j = 0; j < 3; ++j) {
            for (index_t k = 0; k < 4; ++k) {
                EXPECT_EQ(z.at(i, j, k), (i * 12 + j * 4 + k) * 100 + k);
                EXPECT_EQ(w.at(i, j, k), (i * 12 + j * 4 + k) * 100 + k * 5);
            }
        }
    }
}

TEST(EngineDirectPath, ARowOfTheDestinationReadUnderAnotherMappingGoesThroughATemporary) {
    // NumPy: z[...] = z[0] + z reads every z[0] before writing any.
    tensor<int> z{{1, 2}, {10, 20}, {100, 200}};
    z = z(0, loom::all) + z;
    EXPECT_EQ(elements_of(z), (std::vector<int>{2, 4, 11, 22, 101, 202}));
}

TEST(EngineDirectPath, ASingleElementBesideALargeArrayIsReadThroughThePlan) {
    const tensor<float> big = loom::ones<float>({3000});
    const tensor<float> one(shape_type{1}, 2.f);
    const tensor<float> z = big * one;
    EXPECT_EQ(z(0), 2.f);
    EXPECT_EQ(z(2999), 2.f);
}

TEST(EngineDirectPath, EmptyDestinationsWriteNothing) {
    tensor<float> z(shape_type{0, 4});
    const tensor<float> row{1, 2, 3, 4};
    z += row;
    EXPECT_EQ(z.shape(), (shape_type{0, 4}));
}

// ---- The layout type ----

TEST(EngineLayout, MapsIndicesToOffsetsAndChecksThem) {
    const strided_layout layout(shape_type{2, 3}, strides_type{1, 2}, 5);
    EXPECT_EQ(layout(0, 0), 5);
    EXPECT_EQ(layout(1, 2), 5 + 1 + 4);
    EXPECT_EQ(layout(-1, -1), 5 + 1 + 4);
    EXPECT_TRUE(contains(message_of([&] { (void)layout(2, 0); }), "in shape [2, 3]"));
    EXPECT_TRUE(contains(message_of([&] { (void)layout(0); }), "1 indices given for an array of shape [2, 3]"));
}

TEST(EngineLayout, AnswersMdspansQueries) {
    const strided_layout row_major(shape_type{2, 3});
    EXPECT_TRUE(row_major.is_unique());
    EXPECT_TRUE(row_major.is_exhaustive());
    EXPECT_EQ(row_major.required_span_size(), 6);

    const strided_layout transposed = row_major.permute({1, 0});
    EXPECT_TRUE(transposed.is_exhaustive());
    EXPECT_FALSE(transposed.is_row_major());

    const strided_layout every_other(shape_type{3}, strides_type{2});
    EXPECT_TRUE(every_other.is_unique());
    EXPECT_FALSE(every_other.is_exhaustive());
    EXPECT_EQ(every_other.required_span_size(), 5);

    const strided_layout repeated(shape_type{4, 3}, strides_type{0, 1});
    EXPECT_FALSE(repeated.is_unique());

    const strided_layout reversed = strided_layout(shape_type{4}).flip(0);
    EXPECT_EQ(reversed.offset(), 3);
    EXPECT_EQ(reversed.required_span_size(), 4);
    EXPECT_EQ(strided_layout(shape_type{0, 5}).required_span_size(), 0);
}

TEST(EngineLayout, TransformsOfAnEmptyLayoutKeepOffsetZero) {
    // Note [empty layouts]: the memory of an empty array may be a null pointer.
    const strided_layout empty(shape_type{1, 2, 0});
    EXPECT_EQ(empty.slice_along(1, 1).offset(), 0);
    EXPECT_EQ(empty.flip(1).offset(), 0);
}

TEST(EngineLayout, ReshapeGivesStridesOnlyWhereNoCopyIsNeeded) {
    const strided_layout transposed = strided_layout(shape_type{2, 3}).permute({1, 0});
    EXPECT_FALSE(transposed.reshape(shape_type{6}).has_value());
    const auto split = transposed.reshape(shape_type{3, 2, 1});
    ASSERT_TRUE(split.has_value());
    EXPECT_EQ(split->strides(), (strides_type{1, 3, 3}));
}

TEST(EngineLayout, ShapesAndStridesAreDistinctTypes) {
    static_assert(!std::equality_comparable_with<shape_type, strides_type>);
    static_assert(!std::convertible_to<shape_type, strides_type>);
    static_assert(!std::convertible_to<strides_type, shape_type>);
}

// ---- Nested lists ----

TEST(EngineNestedLists, SixLevelsOfBracesGiveRankSix) {
    const tensor<int> t{{{{{{1, 2}, {3, 4}}}}}};
    EXPECT_EQ(t.shape(), (shape_type{1, 1, 1, 1, 2, 2}));
    EXPECT_EQ(t.at(0, 0, 0, 0, 1, 0), 3);
}

}  // namespace
