// loom/interop/xtensor.hpp: loom views of xtensor arrays and xtensor views of
// loom tensors, both ways without a copy: values, writes seen on the other
// side, data pointers, shapes and strides (row- and column-major, negative
// and zero strides), const-ness, and the refusals with their messages.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>
#include <xtensor/xfixed.hpp>
#include <xtensor/xmanipulation.hpp>
#include <xtensor/xstrided_view.hpp>
#include <xtensor/xtensor.hpp>
#include <xtensor/xview.hpp>

#include "../unit/element_values.hpp"
#include "../unit/error_text.hpp"
#include "loom/interop/xtensor.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::from_xtensor;
using loom::index_t;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::tensor_view;
using loom::to_xtensor;
using loom::testing::elements_of;
using loom::testing::expect_error_text;

template <class X>
concept viewable = requires(X&& x) { from_xtensor(std::forward<X>(x)); };
template <class X>
concept exportable = requires(X&& x) { to_xtensor(std::forward<X>(x)); };

// ---- xtensor to loom ----

TEST(InteropFromXtensor, XarrayIsViewedWithoutACopy) {
    xt::xarray<float> a = {{1, 2, 3}, {4, 5, 6}};
    auto v = from_xtensor(a);
    static_assert(std::is_same_v<decltype(v), tensor_view<float>>);
    EXPECT_EQ(v.data(), a.data());
    EXPECT_EQ(v.shape(), (shape_type{2, 3}));
    EXPECT_EQ(v.strides(), (strides_type{3, 1}));
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(InteropFromXtensor, WritesThroughTheViewChangeTheArrayAndBack) {
    xt::xarray<int> a = {{1, 2, 3}, {4, 5, 6}};
    auto v = from_xtensor(a);
    v += tensor<int>{10, 20, 30};
    v(1, 2) = -1;
    EXPECT_EQ(a, (xt::xarray<int>{{11, 22, 33}, {14, 25, -1}}));
    a(0, 0) = 7;
    EXPECT_EQ(v(0, 0), 7);
}

TEST(InteropFromXtensor, ConstArrayGivesAViewOfConstElements) {
    const xt::xarray<double> a = {1.5, 2.5};
    auto v = from_xtensor(a);
    static_assert(std::is_same_v<decltype(v), tensor_view<const double>>);
    EXPECT_EQ(v.data(), a.data());
    EXPECT_FALSE(v.is_writable());
    EXPECT_EQ(elements_of(v * 2.), (std::vector<double>{3, 5}));
}

TEST(InteropFromXtensor, ColumnMajorArrayKeepsItsStrides) {
    xt::xarray<float, xt::layout_type::column_major> a = {{1, 2, 3}, {4, 5, 6}};
    auto v = from_xtensor(a);
    EXPECT_EQ(v.data(), a.data());
    EXPECT_EQ(v.strides(), (strides_type{1, 2}));
    EXPECT_FALSE(v.is_contiguous());
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 3, 4, 5, 6}));
    v(0, 1) = 20;
    EXPECT_EQ(a.data()[2], 20);
}

TEST(InteropFromXtensor, XtensorAndXtensorFixed) {
    xt::xtensor<std::int16_t, 3> a = xt::arange<std::int16_t>(24).reshape({2, 3, 4});
    auto v = from_xtensor(a);
    EXPECT_EQ(v.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(v.strides(), (strides_type{12, 4, 1}));
    EXPECT_EQ(v(1, 2, 3), 23);

    xt::xtensor_fixed<double, xt::xshape<2, 2>> f = {{1, 2}, {3, 4}};
    auto w = from_xtensor(f);
    EXPECT_EQ(w.data(), f.data());
    EXPECT_EQ(w.shape(), (shape_type{2, 2}));
    w(1, 0) = 30;
    EXPECT_EQ(f(1, 0), 30);

    xt::xtensor_fixed<float, xt::xshape<2, 3>, xt::layout_type::column_major> fc = {{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(from_xtensor(fc).strides(), (strides_type{1, 2}));
    EXPECT_EQ(elements_of(from_xtensor(fc)), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(InteropFromXtensor, StridedViewsKeepTheirOffsetAndStrides) {
    xt::xarray<int> a = xt::arange<int>(12).reshape({3, 4});
    // a[1:, ::2]
    auto v = from_xtensor(xt::view(a, xt::range(1, 3), xt::range(0, 4, 2)));
    EXPECT_EQ(v.data(), a.data() + 4);
    EXPECT_EQ(v.shape(), (shape_type{2, 2}));
    EXPECT_EQ(v.strides(), (strides_type{4, 2}));
    EXPECT_EQ(elements_of(v), (std::vector<int>{4, 6, 8, 10}));
    v = 0;
    EXPECT_EQ(a, (xt::xarray<int>{{0, 1, 2, 3}, {0, 5, 0, 7}, {0, 9, 0, 11}}));

    // An integer drops a dimension; newaxis adds one of size 1.
    auto row = from_xtensor(xt::view(a, 2, xt::newaxis(), xt::all()));
    EXPECT_EQ(row.shape(), (shape_type{1, 4}));
    EXPECT_EQ(row.data(), a.data() + 8);
    EXPECT_EQ(elements_of(row), (std::vector<int>{0, 9, 0, 11}));

    auto t = from_xtensor(xt::transpose(a));
    EXPECT_EQ(t.strides(), (strides_type{1, 4}));
    EXPECT_EQ(t(3, 1), 7);
}

TEST(InteropFromXtensor, ViewsOfColumnMajorArrays) {
    xt::xarray<double, xt::layout_type::column_major> a = {{1, 2, 3}, {4, 5, 6}};
    auto v = from_xtensor(xt::view(a, xt::all(), xt::range(1, 3)));  // a[:, 1:]
    EXPECT_EQ(v.data(), a.data() + 2);
    EXPECT_EQ(v.strides(), (strides_type{1, 2}));
    EXPECT_EQ(elements_of(v), (std::vector<double>{2, 3, 5, 6}));
    v(1, 1) = 60;
    EXPECT_EQ(a(1, 2), 60);
}

TEST(InteropFromXtensor, NegativeStrides) {
    xt::xarray<float> a = {{1, 2, 3}, {4, 5, 6}};
    auto f = from_xtensor(xt::flip(a, 1));
    EXPECT_EQ(f.strides(), (strides_type{3, -1}));
    EXPECT_EQ(f.data(), a.data() + 2);
    EXPECT_EQ(elements_of(f), (std::vector<float>{3, 2, 1, 6, 5, 4}));
    f(1, 0) = 60;
    EXPECT_EQ(a(1, 2), 60);

    auto r = from_xtensor(xt::view(a, xt::range(xt::placeholders::_, xt::placeholders::_, -1), xt::all()));
    EXPECT_EQ(r.strides(), (strides_type{-3, 1}));
    EXPECT_EQ(elements_of(r), (std::vector<float>{4, 5, 60, 1, 2, 3}));
}

TEST(InteropFromXtensor, ZeroStridesReadAndRefuseWrites) {
    // xtensor gives size-1 dimensions the stride 0.
    xt::xarray<float> column = xt::arange<float>(1, 3).reshape({2, 1});
    auto c = from_xtensor(column);
    EXPECT_EQ(c.strides(), (strides_type{1, 0}));
    EXPECT_TRUE(c.is_writable());

    // A strided view given a stride 0 broadcasts its row: readable, and writes refused.
    xt::xarray<float> memory = {1, 2, 3};
    auto broadcast = xt::strided_view(memory, std::vector<std::size_t>{2, 3}, std::vector<std::ptrdiff_t>{0, 1});
    auto b = from_xtensor(broadcast);
    EXPECT_EQ(b.data(), memory.data());
    EXPECT_EQ(b.strides(), (strides_type{0, 1}));
    EXPECT_EQ(elements_of(b), (std::vector<float>{1, 2, 3, 1, 2, 3}));
    EXPECT_FALSE(b.is_writable());
    expect_error_text<std::invalid_argument>([&] { b += 1.f; },
              "cannot write through a view of shape [2, 3] with strides [0, 1]: a stride-0 dimension makes several "
              "elements share memory (a broadcast view is read-only); call copy() for a writable tensor");
    EXPECT_EQ(memory, (xt::xarray<float>{1, 2, 3}));
}

TEST(InteropFromXtensor, AdaptorsAndEmptyAndRankZero) {
    std::vector<std::uint8_t> memory{1, 2, 3, 4};
    auto adaptor = xt::adapt(memory, std::vector<std::size_t>{2, 2});
    auto v = from_xtensor(adaptor);
    EXPECT_EQ(v.data(), memory.data());
    v(0, 1) = 20;
    EXPECT_EQ(memory[1], 20);
    EXPECT_EQ(from_xtensor(xt::adapt(memory.data(), 4, xt::no_ownership(), std::vector<std::size_t>{4})).size(), 4);

    xt::xarray<double> empty = xt::zeros<double>({0, 3});
    EXPECT_EQ(from_xtensor(empty).shape(), (shape_type{0, 3}));

    xt::xarray<double> scalar = 2.5;
    auto s = from_xtensor(scalar);
    EXPECT_EQ(s.ndim(), 0u);
    EXPECT_EQ(s(), 2.5);
}

TEST(InteropFromXtensor, RefusesAtCompileTime) {
    static_assert(viewable<xt::xarray<float>&>);
    static_assert(viewable<const xt::xtensor<bool, 1>&>);
    // A temporary container would die before its view.
    static_assert(!viewable<xt::xarray<float>>);
    // Element types loom does not have: a static_assert refuses them inside from_xtensor, which an
    // unevaluated requires-expression does not instantiate; compiling `from_xtensor(xt::xarray<char>())`
    // fails with "from_xtensor: loom has no tensors of this element type; ...".
}

// ---- loom to xtensor ----

TEST(InteropToXtensor, TensorIsAdaptedWithoutACopy) {
    tensor<float> t{{1, 2, 3}, {4, 5, 6}};
    auto x = to_xtensor(t);
    EXPECT_EQ(x.data(), t.data());
    EXPECT_EQ(x.shape(), (std::vector<std::size_t>{2, 3}));
    EXPECT_EQ(x(1, 2), 6);
    x += 1.f;
    x(0, 0) = -1;
    EXPECT_EQ(elements_of(t), (std::vector<float>{-1, 3, 4, 5, 6, 7}));
    t(1, 1) = 50;
    EXPECT_EQ(x(1, 1), 50);
    xt::xarray<float> doubled = x * 2.f;
    EXPECT_EQ(doubled(1, 1), 100);
}

TEST(InteropToXtensor, ConstTensorGivesReadOnlyAdaptor) {
    const tensor<int> t{1, 2, 3};
    auto x = to_xtensor(t);
    static_assert(std::is_const_v<std::remove_reference_t<decltype(*x.data())>>);
    EXPECT_EQ(x.data(), t.data());
    EXPECT_EQ(xt::sum(x)(), 6);
    static_assert(!exportable<tensor<int>>);
    static_assert(exportable<tensor<int>&>);
}

TEST(InteropToXtensor, StridedViewsKeepTheirStrides) {
    tensor<int> t = loom::arange<int>(12).reshape({3, 4});
    auto x = to_xtensor(t(range(1, none), range(0, none, 2)));  // t[1:, ::2]
    EXPECT_EQ(x.data() + x.data_offset(), t.data() + 4);
    EXPECT_EQ(x.shape(), (std::vector<std::size_t>{2, 2}));
    EXPECT_EQ(x.strides(), (std::vector<std::ptrdiff_t>{4, 2}));
    EXPECT_EQ(xt::xarray<int>(x), (xt::xarray<int>{{4, 6}, {8, 10}}));
    // A scalar compound assignment writes the view's elements only.
    x += 100;
    EXPECT_EQ(elements_of(t), (std::vector<int>{0, 1, 2, 3, 104, 5, 106, 7, 108, 9, 110, 11}));
    x = xt::xarray<int>{{-1, -2}, {-3, -4}};
    EXPECT_EQ(t(2, 2), -4);
    EXPECT_EQ(t(2, 3), 11);
}

TEST(InteropToXtensor, TransposedAndNegativeStrides) {
    tensor<float> t{{1, 2, 3}, {4, 5, 6}};
    auto x = to_xtensor(t.transpose());
    EXPECT_EQ(x.strides(), (std::vector<std::ptrdiff_t>{1, 3}));
    EXPECT_EQ(xt::xarray<float>(x), (xt::xarray<float>{{1, 4}, {2, 5}, {3, 6}}));

    auto f = loom::flip(t, 1);
    auto y = to_xtensor(f);
    EXPECT_EQ(y.strides(), (std::vector<std::ptrdiff_t>{3, -1}));
    EXPECT_EQ(&y(0, 0), t.data() + 2);
    EXPECT_EQ(xt::xarray<float>(y), (xt::xarray<float>{{3, 2, 1}, {6, 5, 4}}));
    y += 10.f;
    y(1, 2) = 0;
    EXPECT_EQ(elements_of(t), (std::vector<float>{11, 12, 13, 0, 15, 16}));
}

TEST(InteropToXtensor, ConstAndBroadcastViews) {
    tensor<double> row{1, 2, 3};
    // A broadcast view of const elements maps, read-only, with its stride 0.
    tensor_view<const double> b = loom::broadcast_to(std::as_const(row), {2, 3});
    auto x = to_xtensor(b);
    EXPECT_EQ(x.strides(), (std::vector<std::ptrdiff_t>{0, 1}));
    EXPECT_EQ(xt::xarray<double>(x), (xt::xarray<double>{{1, 2, 3}, {1, 2, 3}}));
    // The same view of mutable elements is refused: xtensor would write one element over another.
    tensor_view<double> m = loom::broadcast_to(row, {2, 3});
    expect_error_text<std::invalid_argument>([&] { (void)to_xtensor(m); },
              "to_xtensor: the view of shape [2, 3] and strides [0, 1] has elements that share memory, so writes "
              "through the other library's view would store one value over another; pass a view of const "
              "elements (tensor_view<const T>) to read it, or call copy() for a writable tensor");
}

TEST(InteropToXtensor, RefusesATemporaryViewThatOwnsItsTensor) {
    expect_error_text<std::invalid_argument>([] { (void)to_xtensor(tensor<float>({2, 3})(all, range(0, 2))); },
              "to_xtensor: the temporary view of shape [2, 2] and strides [3, 1] owns the memory of a temporary "
              "tensor, which dies with it at the end of the statement; name the view (auto v = ...) and pass "
              "that, or pass a tensor");
    const auto named = tensor<float>({2, 3})(all, range(0, 2));
    EXPECT_EQ(to_xtensor(named).shape(), (std::vector<std::size_t>{2, 2}));
}

TEST(InteropToXtensor, RoundTripKeepsTheMemory) {
    tensor<float> t = loom::arange<float>(6).reshape({2, 3});
    auto x = to_xtensor(t);
    auto v = from_xtensor(x);
    EXPECT_EQ(v.data(), t.data());
    auto w = to_xtensor(t.transpose());
    auto back = from_xtensor(w);
    EXPECT_EQ(back.data(), t.data());
    EXPECT_EQ(back.strides(), (strides_type{1, 3}));
    EXPECT_TRUE(loom::array_equal(back, t.transpose()));
}

TEST(InteropToXtensor, EmptyAndRankZero) {
    tensor<float> empty({0, 3});
    auto x = to_xtensor(empty.view());
    EXPECT_EQ(x.size(), 0u);
    tensor<float> scalar(shape_type{}, 4.f);
    EXPECT_EQ(to_xtensor(scalar)(), 4.f);
    EXPECT_EQ(to_xtensor(scalar.view())(), 4.f);
}

}  // namespace
