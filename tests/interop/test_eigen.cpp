// loom/interop/eigen.hpp: loom views of Eigen matrices, arrays, maps, blocks
// and tensors, and Eigen maps of loom tensors, both ways without a copy:
// values, writes seen on the other side, data pointers, shapes and strides
// (row- and column-major, strided blocks, negative and zero strides),
// const-ness, and the refusals with their messages.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <Eigen/Core>
#include <unsupported/Eigen/CXX11/Tensor>

#include "../unit/element_values.hpp"
#include "../unit/error_text.hpp"
#include "loom/interop/eigen.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::from_eigen;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::strides_type;
using loom::tensor;
using loom::tensor_view;
using loom::to_eigen;
using loom::to_eigen_outer;
using loom::to_eigen_tensor;
using loom::testing::elements_of;
using loom::testing::expect_error_text;

template <class X>
concept viewable = requires(X&& x) { from_eigen(std::forward<X>(x)); };
template <class X>
concept mappable = requires(X&& x) { to_eigen(std::forward<X>(x)); };

using row_major_matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// ---- Eigen to loom ----

TEST(InteropFromEigen, ColumnMajorMatrixKeepsItsStrides) {
    Eigen::MatrixXf m(2, 3);
    m << 1, 2, 3, 4, 5, 6;
    auto v = from_eigen(m);
    static_assert(std::is_same_v<decltype(v), tensor_view<float>>);
    EXPECT_EQ(v.data(), m.data());
    EXPECT_EQ(v.shape(), (shape_type{2, 3}));
    EXPECT_EQ(v.strides(), (strides_type{1, 2}));
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(InteropFromEigen, WritesGoBothWays) {
    Eigen::MatrixXd m = Eigen::MatrixXd::Zero(2, 3);
    auto v = from_eigen(m);
    v += tensor<double>{10, 20, 30};
    v(1, 2) = -1;
    Eigen::MatrixXd expected(2, 3);
    expected << 10, 20, 30, 10, 20, -1;
    EXPECT_EQ(m, expected);
    m(0, 1) = 7;
    EXPECT_EQ(v(0, 1), 7);
}

TEST(InteropFromEigen, RowMajorAndFixedSize) {
    row_major_matrix r(2, 3);
    r << 1, 2, 3, 4, 5, 6;
    auto v = from_eigen(r);
    EXPECT_EQ(v.strides(), (strides_type{3, 1}));
    EXPECT_TRUE(v.is_contiguous());
    EXPECT_EQ(elements_of(v), (std::vector<float>{1, 2, 3, 4, 5, 6}));

    Eigen::Matrix<std::int32_t, 2, 2> f;
    f << 1, 2, 3, 4;
    auto w = from_eigen(f);
    EXPECT_EQ(w.data(), f.data());
    EXPECT_EQ(w.shape(), (shape_type{2, 2}));
    EXPECT_EQ(w.strides(), (strides_type{1, 2}));
    w(0, 1) = 20;
    EXPECT_EQ(f(0, 1), 20);

    Eigen::Array<std::uint8_t, 2, 3, Eigen::RowMajor> a;
    a << 1, 2, 3, 4, 5, 6;
    EXPECT_EQ(from_eigen(a).strides(), (strides_type{3, 1}));
    EXPECT_EQ(from_eigen(a)(1, 0), 4);
}

TEST(InteropFromEigen, ConstMatrixGivesAViewOfConstElements) {
    const Eigen::MatrixXd m = Eigen::MatrixXd::Constant(2, 2, 1.5);
    auto v = from_eigen(m);
    static_assert(std::is_same_v<decltype(v), tensor_view<const double>>);
    EXPECT_EQ(v.data(), m.data());
    EXPECT_EQ(elements_of(v * 2.), (std::vector<double>{3, 3, 3, 3}));

    Eigen::MatrixXd mutable_matrix = m;
    Eigen::Map<const Eigen::MatrixXd> const_map(mutable_matrix.data(), 2, 2);
    static_assert(std::is_same_v<decltype(from_eigen(const_map)), tensor_view<const double>>);
}

TEST(InteropFromEigen, VectorsAreRankOne) {
    Eigen::VectorXf column(3);
    column << 1, 2, 3;
    auto c = from_eigen(column);
    EXPECT_EQ(c.shape(), (shape_type{3}));
    EXPECT_EQ(c.strides(), (strides_type{1}));

    Eigen::MatrixXf m(3, 4);
    m << 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
    auto row = from_eigen(m.row(1));  // a row of a column-major matrix: stride 3
    EXPECT_EQ(row.shape(), (shape_type{4}));
    EXPECT_EQ(row.strides(), (strides_type{3}));
    EXPECT_EQ(elements_of(row), (std::vector<float>{4, 5, 6, 7}));
    row = 0.f;
    EXPECT_EQ(m(1, 3), 0);
    auto col = from_eigen(m.col(2));
    EXPECT_EQ(col.data(), m.data() + 6);
    EXPECT_EQ(elements_of(col), (std::vector<float>{2, 0, 10}));
}

TEST(InteropFromEigen, StridedBlocksAndMaps) {
    Eigen::MatrixXi m(4, 5);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 5; ++j) m(i, j) = 10 * i + j;
    auto b = from_eigen(m.block(1, 2, 2, 3));  // rows 1-2, columns 2-4
    EXPECT_EQ(b.data(), &m(1, 2));
    EXPECT_EQ(b.shape(), (shape_type{2, 3}));
    EXPECT_EQ(b.strides(), (strides_type{1, 4}));
    EXPECT_EQ(elements_of(b), (std::vector<int>{12, 13, 14, 22, 23, 24}));
    b *= 2;
    EXPECT_EQ(m(2, 4), 48);
    EXPECT_EQ(m(0, 4), 4);

    // A Map with an inner and an outer stride: every other element of every other column.
    std::vector<double> memory(24);
    for (std::size_t k = 0; k < memory.size(); ++k) memory[k] = static_cast<double>(k);
    Eigen::Map<Eigen::MatrixXd, Eigen::Unaligned, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> map(
        memory.data(), 3, 2, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>(8, 2));
    auto s = from_eigen(map);
    EXPECT_EQ(s.data(), memory.data());
    EXPECT_EQ(s.strides(), (strides_type{2, 8}));
    EXPECT_EQ(elements_of(s), (std::vector<double>{0, 8, 2, 10, 4, 12}));

    // A block of a row-major matrix: strides [outerStride, 1].
    Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> rm = m;
    auto rb = from_eigen(rm.block(1, 2, 2, 3));
    EXPECT_EQ(rb.data(), &rm(1, 2));
    EXPECT_EQ(rb.strides(), (strides_type{5, 1}));
    EXPECT_EQ(elements_of(rb), elements_of(b));

    Eigen::Ref<Eigen::MatrixXi> ref = m.block(0, 1, 4, 2);
    auto r = from_eigen(ref);
    EXPECT_EQ(r.data(), &m(0, 1));
    EXPECT_EQ(r.strides(), (strides_type{1, 4}));
}

TEST(InteropFromEigen, Tensors) {
    Eigen::Tensor<float, 3> c(2, 3, 4);  // column-major by default
    for (int k = 0; k < 24; ++k) c.data()[k] = static_cast<float>(k);
    auto v = from_eigen(c);
    EXPECT_EQ(v.data(), c.data());
    EXPECT_EQ(v.shape(), (shape_type{2, 3, 4}));
    EXPECT_EQ(v.strides(), (strides_type{1, 2, 6}));
    EXPECT_EQ(v(1, 2, 3), c(1, 2, 3));
    v(1, 0, 2) = -1;
    EXPECT_EQ(c(1, 0, 2), -1);

    Eigen::Tensor<std::int64_t, 2, Eigen::RowMajor> r(2, 3);
    r.setValues({{1, 2, 3}, {4, 5, 6}});
    auto w = from_eigen(r);
    EXPECT_EQ(w.strides(), (strides_type{3, 1}));
    EXPECT_EQ(elements_of(w), (std::vector<std::int64_t>{1, 2, 3, 4, 5, 6}));

    Eigen::TensorMap<Eigen::Tensor<float, 2>> map(c.data(), 4, 6);
    auto m = from_eigen(map);
    EXPECT_EQ(m.data(), c.data());
    EXPECT_EQ(m.strides(), (strides_type{1, 4}));

    const Eigen::Tensor<float, 3>& constant = c;
    static_assert(std::is_same_v<decltype(from_eigen(constant)), tensor_view<const float>>);
    Eigen::TensorMap<const Eigen::Tensor<float, 2>> const_map(c.data(), 4, 6);
    static_assert(std::is_same_v<decltype(from_eigen(const_map)), tensor_view<const float>>);

    Eigen::TensorFixedSize<double, Eigen::Sizes<2, 2>> fixed;
    fixed.setValues({{1, 2}, {3, 4}});
    auto f = from_eigen(fixed);
    EXPECT_EQ(f.strides(), (strides_type{1, 2}));
    EXPECT_EQ(f(1, 0), 3);

    Eigen::Tensor<double, 0> scalar;
    scalar() = 2.5;
    EXPECT_EQ(from_eigen(scalar)(), 2.5);
}

TEST(InteropFromEigen, RefusesTemporariesAtCompileTime) {
    static_assert(viewable<Eigen::MatrixXf&>);
    static_assert(!viewable<Eigen::MatrixXf>);
    static_assert(!viewable<Eigen::Tensor<float, 2>>);
    // A block, a map or a ref is a view of memory that lives on.
    static_assert(viewable<Eigen::Block<Eigen::MatrixXf>>);
}

// ---- loom to Eigen ----

TEST(InteropToEigen, TensorIsMappedWithoutACopy) {
    tensor<float> t{{1, 2, 3}, {4, 5, 6}};
    auto m = to_eigen(t);
    static_assert(std::is_same_v<decltype(m), Eigen::Map<row_major_matrix>>);
    EXPECT_EQ(m.data(), t.data());
    EXPECT_EQ(m.rows(), 2);
    EXPECT_EQ(m.cols(), 3);
    EXPECT_EQ(m(1, 0), 4);
    m *= 2.f;
    m(0, 0) = -1;
    EXPECT_EQ(elements_of(t), (std::vector<float>{-1, 4, 6, 8, 10, 12}));
    t(1, 2) = 0;
    EXPECT_EQ(m(1, 2), 0);
    // Eigen computes with it: a product into an Eigen matrix.
    Eigen::MatrixXf product = m * m.transpose();
    EXPECT_EQ(product(0, 0), 1 + 16 + 36);
}

TEST(InteropToEigen, ConstTensorGivesAReadOnlyMap) {
    const tensor<double> t{{1, 2}, {3, 4}};
    auto m = to_eigen(t);
    static_assert(std::is_same_v<decltype(m), Eigen::Map<const Eigen::Matrix<double, -1, -1, Eigen::RowMajor>>>);
    EXPECT_EQ(m.data(), t.data());
    EXPECT_EQ(m.sum(), 10);
    static_assert(!mappable<tensor<double>>);
    static_assert(mappable<tensor<double>&>);
}

TEST(InteropToEigen, StridedViewsMapWithStride) {
    tensor<int> t = loom::arange<int>(12).reshape({3, 4});
    auto m = to_eigen(t(range(1, none), range(0, none, 2)));  // t[1:, ::2]
    EXPECT_EQ(m.data(), t.data() + 4);
    EXPECT_EQ(m.rows(), 2);
    EXPECT_EQ(m.outerStride(), 4);
    EXPECT_EQ(m.innerStride(), 2);
    EXPECT_EQ(m(1, 1), 10);
    m.array() += 100;
    EXPECT_EQ(elements_of(t), (std::vector<int>{0, 1, 2, 3, 104, 5, 106, 7, 108, 9, 110, 11}));

    // A transposed view as a column-major Map (inner stride 1) and as a row-major one: the same elements.
    auto c = to_eigen<Eigen::ColMajor>(t.transpose());
    EXPECT_EQ(c.innerStride(), 1);
    EXPECT_EQ(c.outerStride(), 4);
    EXPECT_EQ(c(3, 2), t(2, 3));
    auto r = to_eigen(t.transpose());
    EXPECT_EQ(r.innerStride(), 4);
    EXPECT_EQ(r.outerStride(), 1);
    EXPECT_EQ(r, c);

    // Negative strides, which Eigen 3.4 takes at run time.
    tensor<float> f{{1, 2, 3}, {4, 5, 6}};
    auto flipped = to_eigen(loom::flip(f, 1));
    EXPECT_EQ(flipped.innerStride(), -1);
    EXPECT_EQ(flipped(0, 0), 3);
    EXPECT_EQ(flipped(1, 2), 4);
    flipped(1, 0) = 60;
    EXPECT_EQ(f(1, 2), 60);
}

TEST(InteropToEigen, OuterStrideMaps) {
    tensor<float> t = loom::arange<float>(12).reshape({3, 4});
    auto m = to_eigen_outer(t(all, range(1, 3)));  // t[:, 1:3]: contiguous rows
    static_assert(std::is_same_v<decltype(m), Eigen::Map<row_major_matrix, Eigen::Unaligned, Eigen::OuterStride<>>>);
    EXPECT_EQ(m.data(), t.data() + 1);
    EXPECT_EQ(m.outerStride(), 4);
    EXPECT_EQ(m.innerStride(), 1);
    EXPECT_EQ(m(2, 1), 10);
    Eigen::Ref<row_major_matrix> ref = m;  // binds without a copy
    ref(0, 0) = -5;
    EXPECT_EQ(t(0, 1), -5);

    // Column-major: the transpose of contiguous rows.
    tensor<double> u = loom::arange<double>(6).reshape({2, 3});
    auto c = to_eigen_outer<Eigen::ColMajor>(u.transpose());
    static_assert(std::is_same_v<decltype(c), Eigen::Map<Eigen::MatrixXd, Eigen::Unaligned, Eigen::OuterStride<>>>);
    Eigen::Ref<Eigen::MatrixXd> column_ref = c;
    EXPECT_EQ(column_ref.data(), u.data());
    EXPECT_EQ(column_ref(2, 1), 5);

    expect_error_text<std::invalid_argument>([&] { (void)to_eigen_outer(u.transpose()); },
              "to_eigen_outer: Eigen::OuterStride needs the stride 1 along dimension 1 (a row-major map), and the "
              "view of shape [3, 2] and strides [1, 3] has 3; use to_eigen, which takes any strides, or the other "
              "storage order, or call copy() for a contiguous tensor");
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen_outer(t(all, range(0, none, 2))); },
              "to_eigen_outer: Eigen::OuterStride needs the stride 1 along dimension 1 (a row-major map), and the "
              "view of shape [3, 2] and strides [4, 2] has 2; use to_eigen, which takes any strides, or call "
              "copy() for a contiguous tensor");
}

TEST(InteropToEigen, RefusesOtherRanks) {
    tensor<float> t({2, 3, 4});
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen(t); },
              "to_eigen: an Eigen matrix has rank 2, and the view of shape [2, 3, 4] and strides [12, 4, 1] has "
              "rank 3; reshape it to rank 2 first, or use to_eigen_tensor for rank 3");
    tensor<float> v{1, 2, 3};
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen(v.view()); },
              "to_eigen: an Eigen matrix has rank 2, and the view of shape [3] and strides [1] has rank 1; reshape "
              "it to rank 2 first, or use to_eigen_tensor for rank 1");
    EXPECT_EQ(to_eigen(v.view().unsqueeze(1)).rows(), 3);
}

TEST(InteropToEigen, RefusesMutableViewsWhoseElementsShareMemory) {
    tensor<double> row{1, 2, 3};
    tensor_view<double> b = loom::broadcast_to(row, {2, 3});
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen(b); },
              "to_eigen: the view of shape [2, 3] and strides [0, 1] has elements that share memory, so writes "
              "through the other library's view would store one value over another; pass a view of const "
              "elements (tensor_view<const T>) to read it, or call copy() for a writable tensor");
    // Read-only, the same view maps, with its stride 0.
    auto m = to_eigen(tensor_view<const double>(b));
    EXPECT_EQ(m.outerStride(), 0);
    EXPECT_EQ(m(1, 2), 3);
    EXPECT_EQ(m.sum(), 12);
}

TEST(InteropToEigen, RefusesATemporaryViewThatOwnsItsTensor) {
    expect_error_text<std::invalid_argument>([] { (void)to_eigen(tensor<float>({2, 3})(all, range(0, 2))); },
              "to_eigen: the temporary view of shape [2, 2] and strides [3, 1] owns the memory of a temporary "
              "tensor, which dies with it at the end of the statement; name the view (auto v = ...) and pass "
              "that, or pass a tensor");
}

TEST(InteropToEigen, TensorMaps) {
    tensor<float> t = loom::arange<float>(24).reshape({2, 3, 4});
    auto m = to_eigen_tensor<3>(t);
    static_assert(std::is_same_v<decltype(m), Eigen::TensorMap<Eigen::Tensor<float, 3, Eigen::RowMajor>>>);
    EXPECT_EQ(m.data(), t.data());
    EXPECT_EQ(m.dimension(0), 2);
    EXPECT_EQ(m.dimension(2), 4);
    EXPECT_EQ(m(1, 2, 3), 23);
    m(0, 1, 2) = -1;
    EXPECT_EQ(t(0, 1, 2), -1);
    Eigen::Tensor<float, 0, Eigen::RowMajor> total = m.sum();
    EXPECT_EQ(total(), 276 - 6 - 1);

    const tensor<float>& constant = t;
    auto c = to_eigen_tensor<3>(constant);
    static_assert(std::is_same_v<decltype(c), Eigen::TensorMap<const Eigen::Tensor<float, 3, Eigen::RowMajor>>>);
    EXPECT_EQ(c(1, 0, 0), 12);

    // A contiguous view maps; a strided one does not.
    auto rows = to_eigen_tensor<3>(t(range(1, 2), all, all));
    EXPECT_EQ(rows.data(), t.data() + 12);
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen_tensor<3>(t(all, all, range(0, 2))); },
              "to_eigen_tensor<3>: an Eigen::TensorMap has no strides, and the view of shape [2, 3, 2] and "
              "strides [12, 4, 1] is not contiguous and row-major; call copy() for a contiguous tensor");
    expect_error_text<std::invalid_argument>([&] { (void)to_eigen_tensor<2>(t); },
              "to_eigen_tensor<2>: the view of shape [2, 3, 4] and strides [12, 4, 1] has rank 3; ask for "
              "to_eigen_tensor<3>, or reshape it to rank 2");
}

TEST(InteropToEigen, RoundTripKeepsTheMemory) {
    Eigen::MatrixXf m = Eigen::MatrixXf::Random(3, 2);
    auto v = from_eigen(m);
    auto back = to_eigen<Eigen::ColMajor>(v);
    EXPECT_EQ(back.data(), m.data());
    EXPECT_EQ(back, m);
    tensor<float> t = loom::arange<float>(6).reshape({2, 3});
    auto map = to_eigen(t);
    EXPECT_EQ(from_eigen(map).data(), t.data());
    EXPECT_TRUE(loom::array_equal(from_eigen(map), t));
}

}  // namespace
