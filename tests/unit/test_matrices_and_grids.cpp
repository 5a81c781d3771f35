// Matrices, grids and the views that rearrange arrays (create/matrices.hpp,
// create/sequences.hpp, manipulate/grids.hpp, and rot90, flip over several
// axes, broadcast_arrays, atleast_1d/2d/3d, unravel_index and
// ravel_multi_index in manipulate/): NumPy's
// documented examples first, then dtypes, empty and rank-0 arrays, views and
// every error. Expected values are NumPy 1.24's (/usr/bin/python3).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::message_of;
using ::testing::HasSubstr;

tensor<int> matrices_arange(const shape_type& shape) {
    tensor<int> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<int>(i);
    return t;
}

// ---- diag and diagflat ----

TEST(Diag, NumPyExampleDiagonalsOfAMatrix) {
    // NumPy: x = np.arange(9).reshape((3,3)); np.diag(x), np.diag(x, k=1), np.diag(x, k=-1)
    const tensor<int> x = matrices_arange({3, 3});
    EXPECT_EQ(elements_of(loom::diag(x)), (std::vector<int>{0, 4, 8}));
    EXPECT_EQ(elements_of(loom::diag(x, 1)), (std::vector<int>{1, 5}));
    EXPECT_EQ(elements_of(loom::diag(x, -1)), (std::vector<int>{3, 7}));
}

TEST(Diag, NumPyExampleMatrixOfADiagonal) {
    // NumPy: np.diag(np.diag(x)) -> [[0, 0, 0], [0, 4, 0], [0, 0, 8]]
    const tensor<int> x = matrices_arange({3, 3});
    const tensor<int> m = loom::diag(loom::diag(x));
    EXPECT_EQ(m.shape(), (shape_type{3, 3}));
    EXPECT_EQ(elements_of(m), (std::vector<int>{0, 0, 0, 0, 4, 0, 0, 0, 8}));
}

TEST(Diag, OffsetDiagonalGrowsTheMatrix) {
    // NumPy: np.diag([1, 2], -1) -> [[0, 0, 0], [1, 0, 0], [0, 2, 0]]
    const tensor<double> m = loom::diag(tensor<double>{1, 2}, -1);
    EXPECT_EQ(m.shape(), (shape_type{3, 3}));
    EXPECT_EQ(elements_of(m), (std::vector<double>{0, 0, 0, 1, 0, 0, 0, 2, 0}));
}

TEST(Diag, OfAMatrixIsAViewOfItsMemory) {
    tensor<int> x = matrices_arange({3, 4});
    auto d = loom::diag(x, 1);
    EXPECT_EQ(d.data(), x.data() + 1);
    d = 9;
    EXPECT_EQ(x(1, 2), 9);
}

TEST(Diag, BeyondTheMatrixIsEmptyAndEmptyInputGivesEmptyMatrix) {
    EXPECT_EQ(loom::diag(matrices_arange({2, 3}), 5).shape(), (shape_type{0}));
    EXPECT_EQ(loom::diag(tensor<float>(shape_type{0})).shape(), (shape_type{0, 0}));
    EXPECT_EQ(loom::diag(tensor<float>(shape_type{0}), 2).shape(), (shape_type{2, 2}));
}

TEST(Diag, RefusesOtherRanksAndHugeOffsets) {
    EXPECT_THAT(message_of([] { (void)loom::diag(tensor<int>(shape_type{2, 2, 2})); }),
                HasSubstr("diag: the input must have 1 or 2 dimensions, but its shape is [2, 2, 2]"));
    EXPECT_THROW((void)loom::diag(tensor<int>(shape_type{})), std::invalid_argument);
    EXPECT_THROW((void)loom::diag(tensor<int>{1}, std::numeric_limits<index_t>::min()), std::length_error);
    EXPECT_THROW((void)loom::diag(tensor<int>{1}, index_t{1} << 40), std::length_error);
}

TEST(Diagflat, NumPyExamples) {
    // NumPy: np.diagflat([[1, 2], [3, 4]]) and np.diagflat([1, 2], 1)
    const tensor<int> m = loom::diagflat(tensor<int>{{1, 2}, {3, 4}});
    EXPECT_EQ(m.shape(), (shape_type{4, 4}));
    EXPECT_EQ(elements_of(m), (std::vector<int>{1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4}));
    EXPECT_EQ(elements_of(loom::diagflat(tensor<int>{1, 2}, 1)), (std::vector<int>{0, 1, 0, 0, 0, 2, 0, 0, 0}));
    EXPECT_EQ(loom::diagflat(tensor<int>(shape_type{}, 7)).shape(), (shape_type{1, 1}));
}

// ---- tril and triu ----

TEST(Triangles, NumPyExamples) {
    // NumPy: np.tril([[1,2,3],[4,5,6],[7,8,9],[10,11,12]], -1) and np.triu(..., -1)
    const tensor<int> m{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}};
    EXPECT_EQ(elements_of(loom::tril(m, -1)), (std::vector<int>{0, 0, 0, 4, 0, 0, 7, 8, 0, 10, 11, 12}));
    EXPECT_EQ(elements_of(loom::triu(m, -1)), (std::vector<int>{1, 2, 3, 4, 5, 6, 0, 8, 9, 0, 0, 12}));
}

TEST(Triangles, StacksAreDoneMatrixByMatrix) {
    // NumPy: np.tril(np.arange(60).reshape(3, 4, 5))[1]
    const tensor<int> t = loom::tril(matrices_arange({3, 4, 5}));
    EXPECT_EQ(t.shape(), (shape_type{3, 4, 5}));
    EXPECT_EQ(elements_of(t(1, loom::all, loom::all)), (std::vector<int>{20, 0, 0, 0, 0, 25, 26, 0, 0, 0, 30, 31, 32, 0, 0, 35, 36, 37, 38, 0}));
}

TEST(Triangles, ARowIsBroadcastToASquare) {
    // NumPy: np.tril([1, 2, 3]) and np.triu([1, 2, 3], 1)
    const tensor<int> row{1, 2, 3};
    const tensor<int> lower = loom::tril(row);
    EXPECT_EQ(lower.shape(), (shape_type{3, 3}));
    EXPECT_EQ(elements_of(lower), (std::vector<int>{1, 0, 0, 1, 2, 0, 1, 2, 3}));
    EXPECT_EQ(elements_of(loom::triu(row, 1)), (std::vector<int>{0, 2, 3, 0, 0, 3, 0, 0, 0}));
}

TEST(Triangles, AreLazyKeepTheTypeAndTakeExtremeOffsets) {
    tensor<float> m(shape_type{2, 3}, 1.5f);
    auto lower = loom::tril(m);  // an expression: it reads m when assigned
    static_assert(std::is_same_v<loom::value_type_of<decltype(lower)>, float>);
    m = 2.0f;
    EXPECT_EQ(elements_of(lower), (std::vector<float>{2, 0, 0, 2, 2, 0}));
    EXPECT_EQ(elements_of(loom::tril(m, std::numeric_limits<index_t>::max())), std::vector<float>(6, 2.0f));
    EXPECT_EQ(elements_of(loom::triu(m, std::numeric_limits<index_t>::min())), std::vector<float>(6, 2.0f));
    EXPECT_EQ(elements_of(loom::triu(m, std::numeric_limits<index_t>::max())), std::vector<float>(6, 0.0f));
    const tensor<bool> b = loom::triu(tensor<bool>(shape_type{2, 2}, true));
    EXPECT_EQ(elements_of(b), (std::vector<bool>{true, true, false, true}));
    EXPECT_EQ(tensor<int>(loom::tril(tensor<int>(shape_type{0, 3}))).shape(), (shape_type{0, 3}));
}

TEST(Triangles, RefuseRankZero) {
    EXPECT_THAT(message_of([] { (void)loom::tril(tensor<int>(shape_type{}, 1)); }),
                HasSubstr("tril needs at least 1 dimension, but the shape is []"));
    EXPECT_THROW((void)loom::triu(tensor<int>(shape_type{}, 1)), std::invalid_argument);
}

// ---- vander ----

TEST(Vander, NumPyExamples) {
    // NumPy: x = np.array([1, 2, 3, 5]); np.vander(x, 3), np.vander(x), np.vander(x, increasing=True)
    const tensor<int> x{1, 2, 3, 5};
    const auto three = loom::vander(x, 3);
    static_assert(std::is_same_v<decltype(three), const tensor<std::int64_t>>);
    EXPECT_EQ(three.shape(), (shape_type{4, 3}));
    EXPECT_EQ(elements_of(three), (std::vector<std::int64_t>{1, 1, 1, 4, 2, 1, 9, 3, 1, 25, 5, 1}));
    EXPECT_EQ(elements_of(loom::vander(x)),
              (std::vector<std::int64_t>{1, 1, 1, 1, 8, 4, 2, 1, 27, 9, 3, 1, 125, 25, 5, 1}));
    EXPECT_EQ(elements_of(loom::vander(x, -1, true)),
              (std::vector<std::int64_t>{1, 1, 1, 1, 1, 2, 4, 8, 1, 3, 9, 27, 1, 5, 25, 125}));
}

TEST(Vander, TypesAsNumPyPromotesWithInt64) {
    // NumPy: np.vander(np.array([1.5, -2], np.float32), 3) is float64 [[2.25, 1.5, 1], [4, -2, 1]]
    const auto v = loom::vander(tensor<float>{1.5f, -2.0f}, 3);
    static_assert(std::is_same_v<decltype(v), const tensor<double>>);
    EXPECT_EQ(elements_of(v), (std::vector<double>{2.25, 1.5, 1, 4, -2, 1}));
    static_assert(std::is_same_v<decltype(loom::vander(tensor<std::uint64_t>{1})), tensor<double>>);
    static_assert(std::is_same_v<decltype(loom::vander(tensor<bool>{true})), tensor<std::int64_t>>);
    EXPECT_EQ(loom::vander(tensor<int>{1, 2}, 0).shape(), (shape_type{2, 0}));
    EXPECT_EQ(loom::vander(tensor<int>(shape_type{0})).shape(), (shape_type{0, 0}));
}

TEST(Vander, IntegerPowersWrapAsNumPys) {
    // NumPy: np.vander([2**32], 3) -> [[0, 4294967296, 1]] (2^64 wraps to 0)
    EXPECT_EQ(elements_of(loom::vander(tensor<std::int64_t>{std::int64_t{1} << 32}, 3)),
              (std::vector<std::int64_t>{0, std::int64_t{1} << 32, 1}));
}

TEST(Vander, RefusesOtherRanksAndNegativeColumns) {
    EXPECT_THAT(message_of([] { (void)loom::vander(tensor<int>(shape_type{2, 2})); }),
                HasSubstr("vander: x must have 1 dimension, but its shape is [2, 2]"));
    EXPECT_THAT(message_of([] { (void)loom::vander(tensor<int>{1}, -2); }),
                HasSubstr("vander: the number of columns is -2"));
}

// ---- kron ----

TEST(Kron, NumPyExamples) {
    // NumPy: np.kron([1, 10, 100], [5, 6, 7]) and np.kron([5, 6, 7], [1, 10, 100])
    EXPECT_EQ(elements_of(loom::kron(tensor<int>{1, 10, 100}, tensor<int>{5, 6, 7})),
              (std::vector<int>{5, 6, 7, 50, 60, 70, 500, 600, 700}));
    EXPECT_EQ(elements_of(loom::kron(tensor<int>{5, 6, 7}, tensor<int>{1, 10, 100})),
              (std::vector<int>{5, 50, 500, 6, 60, 600, 7, 70, 700}));
    // NumPy: np.kron(np.eye(2), np.ones((2, 2)))
    const tensor<double> k = loom::kron(loom::eye(2), loom::ones({2, 2}));
    EXPECT_EQ(k.shape(), (shape_type{4, 4}));
    EXPECT_EQ(elements_of(k), (std::vector<double>{1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1}));
}

TEST(Kron, NumPyExampleOfDifferentRanks) {
    // NumPy: a = np.arange(100).reshape((2,5,2,5)); b = np.arange(24).reshape((2,3,4)); c = np.kron(a, b)
    // c.shape (2, 10, 6, 20), c[1, 5, 3, 17] 1027, c.sum() 1366200
    const tensor<int> c = loom::kron(matrices_arange({2, 5, 2, 5}), matrices_arange({2, 3, 4}));
    EXPECT_EQ(c.shape(), (shape_type{2, 10, 6, 20}));
    EXPECT_EQ(c(1, 5, 3, 17), 1027);
    EXPECT_EQ(tensor<std::int64_t>(loom::sum(c))(), 1366200);
}

TEST(Kron, TypesScalarsViewsAndEmpty) {
    // NumPy: np.kron(bool, bool) is bool, np.kron(int8, float32) float32, np.kron(3, [[1, 2]]) [[3, 6]]
    static_assert(std::is_same_v<decltype(loom::kron(tensor<bool>{true}, tensor<bool>{true})), tensor<bool>>);
    static_assert(std::is_same_v<decltype(loom::kron(tensor<std::int8_t>{1}, tensor<float>{2})), tensor<float>>);
    const tensor<int> three(shape_type{}, 3);
    const tensor<int> row{{1, 2}};
    EXPECT_EQ(loom::kron(three, row).shape(), (shape_type{1, 2}));
    EXPECT_EQ(elements_of(loom::kron(row, three)), (std::vector<int>{3, 6}));
    const tensor<int> m = matrices_arange({2, 3});
    // NumPy: np.kron(np.arange(6).reshape(2, 3).T, [1, -1])
    EXPECT_EQ(elements_of(loom::kron(m.transpose(), tensor<int>{1, -1})),
              (std::vector<int>{0, 0, 3, -3, 1, -1, 4, -4, 2, -2, 5, -5}));
    EXPECT_EQ(loom::kron(m, tensor<int>(shape_type{0, 2})).shape(), (shape_type{0, 6}));
}

TEST(Kron, RefusesSizesThatOverflow) {
    const auto huge = loom::broadcast_to(tensor<int>{1}, shape_type{index_t{1} << 40});
    EXPECT_THAT(message_of([&] { (void)loom::kron(huge, huge); }), HasSubstr("kron of shapes"));
    EXPECT_THROW((void)loom::kron(huge, huge), std::length_error);
}

// ---- identity, logspace, geomspace ----

TEST(Identity, NumPyExampleAndErrors) {
    const tensor<double> i = loom::identity(3);
    EXPECT_EQ(elements_of(i), (std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(loom::identity<int>(0).shape(), (shape_type{0, 0}));
    EXPECT_THAT(message_of([] { (void)loom::identity(-1); }), HasSubstr("identity(-1): the matrix size is negative"));
}

// NumPy's power on a machine with AVX-512 is SVML's, which can differ from the
// correctly rounded std::pow in the last bit (215.44346900318843 there, ...845 from
// glibc): the values within four units in the last place.
void matrices_expect_near_numpy(const std::vector<double>& loom_values, const std::vector<double>& numpy_values) {
    ASSERT_EQ(loom_values.size(), numpy_values.size());
    for (std::size_t i = 0; i < loom_values.size(); ++i) EXPECT_DOUBLE_EQ(loom_values[i], numpy_values[i]) << i;
}

TEST(Logspace, NumPyExamples) {
    // NumPy: np.logspace(2.0, 3.0, num=4), endpoint=False, base=2.0
    matrices_expect_near_numpy(elements_of(loom::logspace(2.0, 3.0, 4)), {100.0, 215.44346900318843, 464.15888336127773, 1000.0});
    matrices_expect_near_numpy(elements_of(loom::logspace(2.0, 3.0, 4, false)),
                      {100.0, 177.82794100389228, 316.2277660168379, 562.341325190349});
    matrices_expect_near_numpy(elements_of(loom::logspace(2.0, 3.0, 4, true, 2.0)),
                      {4.0, 5.039684199579493, 6.349604207872797, 8.0});
    EXPECT_EQ(loom::logspace(0, 1).shape(), (shape_type{50}));
    // NumPy: np.logspace(0, 1, 3, dtype=np.float32)
    EXPECT_EQ(elements_of(loom::logspace<float>(0, 1, 3)), (std::vector<float>{1.0f, 3.1622776985168457f, 10.0f}));
    EXPECT_THROW((void)loom::logspace(0, 1, -1), std::invalid_argument);
}

TEST(Geomspace, NumPyExamples) {
    // NumPy: np.geomspace(1, 1000, num=4), endpoint=False; np.geomspace(-1000, -1, num=4); the ends are exact
    EXPECT_EQ(elements_of(loom::geomspace(1, 1000, 4)), (std::vector<double>{1, 10, 100, 1000}));
    matrices_expect_near_numpy(elements_of(loom::geomspace(1, 1000, 4, false)),
                      {1.0, 5.62341325190349, 31.622776601683796, 177.82794100389228});
    matrices_expect_near_numpy(elements_of(loom::geomspace(1, 1000, 5)),
                      {1.0, 5.62341325190349, 31.622776601683796, 177.82794100389228, 1000.0});
    EXPECT_EQ(elements_of(loom::geomspace(-1000, -1, 4)), (std::vector<double>{-1000, -100, -10, -1}));
    EXPECT_EQ(elements_of(loom::geomspace(1000, 1, 4)), (std::vector<double>{1000, 100, 10, 1}));
    EXPECT_EQ(elements_of(loom::geomspace(5, 7, 1)), (std::vector<double>{5}));
    EXPECT_EQ(loom::geomspace(1, 2, 0).shape(), (shape_type{0}));
}

TEST(Geomspace, SignsAsNumPy) {
    // NumPy: np.geomspace(-1, 1, 3) -> [-1, nan, 1] (a warning, not an error); zero raises
    const auto v = elements_of(loom::geomspace(-1, 1, 3));
    EXPECT_EQ(v[0], -1.0);
    EXPECT_TRUE(std::isnan(v[1]));
    EXPECT_EQ(v[2], 1.0);
    EXPECT_THAT(message_of([] { (void)loom::geomspace(0, 1, 3); }),
                HasSubstr("geomspace(0.0, 1.0, 3): a geometric sequence cannot include zero"));
    EXPECT_THROW((void)loom::geomspace(-1, 0, 3), std::invalid_argument);
    EXPECT_THROW((void)loom::geomspace(1, 2, -1), std::invalid_argument);
}

// ---- meshgrid and indices ----

TEST(Meshgrid, NumPyExampleCartesian) {
    // NumPy: x = np.linspace(0, 1, 3); y = np.linspace(0, 1, 2); xv, yv = np.meshgrid(x, y)
    tensor<double> x = loom::linspace(0, 1, 3), y = loom::linspace(0, 1, 2);
    auto [xv, yv] = loom::meshgrid(x, y);
    EXPECT_EQ(xv.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(xv), (std::vector<double>{0, 0.5, 1, 0, 0.5, 1}));
    EXPECT_EQ(elements_of(yv), (std::vector<double>{0, 0, 0, 1, 1, 1}));
    xv(0, 0) = 7;  // a copy: writable, and x is unchanged
    EXPECT_EQ(x(0), 0.0);
}

TEST(Meshgrid, NumPyExampleSparse) {
    // NumPy: xv, yv = np.meshgrid(x, y, sparse=True): shapes (1, 3) and (2, 1)
    const tensor<double> x = loom::linspace(0, 1, 3), y = loom::linspace(0, 1, 2);
    auto [xv, yv] = loom::meshgrid({.sparse = true}, x, y);
    EXPECT_EQ(xv.shape(), (shape_type{1, 3}));
    EXPECT_EQ(yv.shape(), (shape_type{2, 1}));
    EXPECT_EQ(elements_of(yv), (std::vector<double>{0, 1}));
}

TEST(Meshgrid, MatrixIndexingThreeOperandsAndViews) {
    // NumPy: np.meshgrid([1, 2], [3, 4, 5], [6], indexing='ij') -> shapes (2, 3, 1)
    tensor<int> a{1, 2}, b{3, 4, 5}, c{6};
    auto grid = loom::meshgrid({.indexing = loom::grid_indexing::ij}, a, b, c);
    for (const auto& g : grid) EXPECT_EQ(g.shape(), (shape_type{2, 3, 1}));
    EXPECT_EQ(elements_of(grid[1]), (std::vector<int>{3, 4, 5, 3, 4, 5}));
    // NumPy: the same with xy -> shapes (3, 2, 1)
    EXPECT_EQ(loom::meshgrid(a, b, c)[0].shape(), (shape_type{3, 2, 1}));
    // copy=False: views of the operands, read-only where broadcast
    auto views = loom::meshgrid({.copy = false}, a, b);
    EXPECT_EQ(views[0].data(), a.data());
    EXPECT_FALSE(views[0].is_writable());
    auto sparse_views = loom::meshgrid({.sparse = true, .copy = false}, a, b);
    sparse_views[1](1, 0) = 40;
    EXPECT_EQ(b(1), 40);
    // Operands of any rank are flattened; one operand keeps its own order
    EXPECT_EQ(loom::meshgrid(tensor<int>{{1, 2}, {3, 4}})[0].shape(), (shape_type{4}));
    const tensor<int> fixed{1, 2};
    static_assert(std::is_same_v<decltype(loom::meshgrid(fixed)[0]), loom::tensor_view<const int>&>);
    EXPECT_EQ(loom::meshgrid().size(), 0u);
}

TEST(Indices, NumPyExample) {
    // NumPy: grid = np.indices((2, 3)); grid[0] [[0, 0, 0], [1, 1, 1]], grid[1] [[0, 1, 2], [0, 1, 2]]
    const tensor<index_t> grid = loom::indices({2, 3});
    EXPECT_EQ(grid.shape(), (shape_type{2, 2, 3}));
    EXPECT_EQ(elements_of(grid), (std::vector<index_t>{0, 0, 0, 1, 1, 1, 0, 1, 2, 0, 1, 2}));
    EXPECT_EQ(loom::indices({}).shape(), (shape_type{0}));
    EXPECT_EQ(loom::indices({3, 0}).shape(), (shape_type{2, 3, 0}));
    EXPECT_THROW((void)loom::indices({-1}), std::invalid_argument);
}

// ---- rot90, flip over several axes ----

TEST(Rot90, NumPyExamples) {
    // NumPy: m = np.array([[1, 2], [3, 4]]); np.rot90(m), np.rot90(m, 2); m = np.arange(8).reshape((2, 2, 2));
    // np.rot90(m, 1, (1, 2))
    const tensor<int> m{{1, 2}, {3, 4}};
    EXPECT_EQ(elements_of(loom::rot90(m)), (std::vector<int>{2, 4, 1, 3}));
    EXPECT_EQ(elements_of(loom::rot90(m, 2)), (std::vector<int>{4, 3, 2, 1}));
    EXPECT_EQ(elements_of(loom::rot90(matrices_arange({2, 2, 2}), 1, {1, 2})), (std::vector<int>{1, 3, 0, 2, 5, 7, 4, 6}));
}

TEST(Rot90, NegativeTurnsAndViews) {
    // NumPy: np.rot90(np.arange(6).reshape(2, 3), -1) -> [[3, 0], [4, 1], [5, 2]]; k = 3 the same, k = 4 itself
    tensor<int> m = matrices_arange({2, 3});
    EXPECT_EQ(loom::rot90(m, -1).shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(loom::rot90(m, -1)), (std::vector<int>{3, 0, 4, 1, 5, 2}));
    EXPECT_EQ(elements_of(loom::rot90(m, 3)), (std::vector<int>{3, 0, 4, 1, 5, 2}));
    EXPECT_EQ(elements_of(loom::rot90(m, -4)), elements_of(m));
    // NumPy: np.rot90(m, 1, (1, 0)) is np.rot90(m, -1)
    EXPECT_EQ(elements_of(loom::rot90(m, 1, {1, 0})), (std::vector<int>{3, 0, 4, 1, 5, 2}));
    loom::rot90(m)(0, 0) = 50;  // a view: [[2, 5], [1, 4], [0, 3]] starts at m(0, 2)
    EXPECT_EQ(m(0, 2), 50);
}

TEST(Rot90, RefusesBadAxes) {
    const tensor<int> m = matrices_arange({2, 3});
    EXPECT_THAT(message_of([&] { (void)loom::rot90(m, 1, {0}); }), HasSubstr("rot90: axes [0] must be 2 axes"));
    EXPECT_THAT(message_of([&] { (void)loom::rot90(m, 1, {1, -1}); }),
                HasSubstr("rot90: axes [1, -1] name dimension 1 of shape [2, 3] twice"));
    EXPECT_THROW((void)loom::rot90(m, 1, {0, 2}), std::out_of_range);
    EXPECT_THROW((void)loom::rot90(tensor<int>{1, 2}), std::out_of_range);
}

TEST(FlipAxes, NumPyExampleAndErrors) {
    // NumPy: A = np.arange(8).reshape((2, 2, 2)); np.flip(A, (0, 2)) -> [[[5, 4], [7, 6]], [[1, 0], [3, 2]]]
    const tensor<int> a = matrices_arange({2, 2, 2});
    EXPECT_EQ(elements_of(loom::flip(a, {0, 2})), (std::vector<int>{5, 4, 7, 6, 1, 0, 3, 2}));
    EXPECT_EQ(elements_of(loom::flip(a, {-1, 0})), (std::vector<int>{5, 4, 7, 6, 1, 0, 3, 2}));
    EXPECT_EQ(elements_of(loom::flip(a, {})), elements_of(a));  // NumPy: np.flip(A, ()) is A
    EXPECT_EQ(elements_of(loom::flip(a, {1})), (std::vector<int>{2, 3, 0, 1, 6, 7, 4, 5}));
    EXPECT_THAT(message_of([&] { (void)loom::flip(a, {0, -3}); }),
                HasSubstr("flip: axis -3 of shape [2, 2, 2] is repeated in [0, -3]"));
    EXPECT_THROW((void)loom::flip(a, {0, 3}), std::out_of_range);
}

// ---- broadcast_arrays and atleast ----

TEST(BroadcastArrays, NumPyExample) {
    // NumPy: x = np.array([[1, 2, 3]]); y = np.array([[4], [5]]); np.broadcast_arrays(x, y)
    const tensor<int> x{{1, 2, 3}};
    const tensor<double> y{{4}, {5}};
    auto [bx, by] = loom::broadcast_arrays(x, y);
    EXPECT_EQ(bx.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(bx), (std::vector<int>{1, 2, 3, 1, 2, 3}));
    EXPECT_EQ(elements_of(by), (std::vector<double>{4, 4, 4, 5, 5, 5}));
    EXPECT_EQ(bx.data(), x.data());
    auto [only] = loom::broadcast_arrays(x);
    EXPECT_EQ(only.shape(), (shape_type{1, 3}));
    EXPECT_THROW((void)loom::broadcast_arrays(x, tensor<int>{1, 2}), loom::broadcast_error);
}

TEST(AtLeast, NumPyExamples) {
    // NumPy: np.atleast_1d(1.0).shape (1,); np.atleast_2d(3.0) [[3.]]; np.atleast_2d(np.arange(3)).shape (1, 3)
    // np.atleast_3d(3.0).shape (1, 1, 1); np.atleast_3d(np.arange(3)).shape (1, 3, 1);
    // np.atleast_3d(np.arange(12).reshape(4, 3)).shape (4, 3, 1)
    const tensor<double> scalar(shape_type{}, 3.0);
    EXPECT_EQ(loom::atleast_1d(scalar).shape(), (shape_type{1}));
    EXPECT_EQ(loom::atleast_2d(scalar).shape(), (shape_type{1, 1}));
    EXPECT_EQ(loom::atleast_3d(scalar).shape(), (shape_type{1, 1, 1}));
    tensor<int> row = matrices_arange({3});
    EXPECT_EQ(loom::atleast_2d(row).shape(), (shape_type{1, 3}));
    EXPECT_EQ(loom::atleast_3d(row).shape(), (shape_type{1, 3, 1}));
    EXPECT_EQ(loom::atleast_3d(matrices_arange({4, 3})).shape(), (shape_type{4, 3, 1}));
    EXPECT_EQ(loom::atleast_1d(matrices_arange({2, 2, 2, 2})).shape(), (shape_type{2, 2, 2, 2}));
    loom::atleast_3d(row)(0, 2, 0) = 9;  // a view of row
    EXPECT_EQ(row(2), 9);
}


// ---- unravel_index and ravel_multi_index ----

TEST(UnravelIndex, NumPyExamples) {
    // NumPy: np.unravel_index([22, 41, 37], (7, 6)), the same with order='F' of [31, 41, 13], and (6, 7, 8, 9)
    const auto c = loom::unravel_index(tensor<int>{22, 41, 37}, {7, 6});
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(elements_of(c[0]), (std::vector<index_t>{3, 6, 6}));
    EXPECT_EQ(elements_of(c[1]), (std::vector<index_t>{4, 5, 1}));
    const auto f = loom::unravel_index({31, 41, 13}, {7, 6}, loom::index_order::f);
    EXPECT_EQ(elements_of(f[0]), (std::vector<index_t>{3, 6, 6}));
    EXPECT_EQ(elements_of(f[1]), (std::vector<index_t>{4, 5, 1}));
    const auto one = loom::unravel_index(std::uint16_t{1621}, {6, 7, 8, 9});
    ASSERT_EQ(one.size(), 4u);
    for (std::size_t d = 0; d < 4; ++d) EXPECT_EQ(one[d].shape(), shape_type{});
    EXPECT_EQ((std::vector<index_t>{one[0].item(), one[1].item(), one[2].item(), one[3].item()}),
              (std::vector<index_t>{3, 1, 4, 1}));
}

TEST(UnravelIndex, KeepsTheIndicesShapeAndRoundTrips) {
    const tensor<std::int64_t> flat{{5, 1}, {2, 0}};
    const auto coordinates = loom::unravel_index(flat, {2, 3});
    EXPECT_EQ(coordinates[0].shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(coordinates[0]), (std::vector<index_t>{1, 0, 0, 0}));
    EXPECT_EQ(elements_of(coordinates[1]), (std::vector<index_t>{2, 1, 2, 0}));
    EXPECT_EQ(elements_of(loom::ravel_multi_index({coordinates[0], coordinates[1]}, {2, 3})),
              (std::vector<index_t>{5, 1, 2, 0}));
    EXPECT_TRUE(loom::unravel_index(0, {}).empty());  // NumPy: ()
    EXPECT_EQ(loom::unravel_index(tensor<int>(shape_type{0}), {2, 3})[1].shape(), (shape_type{0}));
}

TEST(UnravelIndex, RefusesIndicesOutOfBoundsAndBadShapes) {
    EXPECT_EQ(message_of([] { loom::unravel_index(6, {2, 3}); }),
              "unravel_index: index 6 is out of bounds for shape [2, 3] of 6 elements; give indices from 0 to 5");
    EXPECT_THROW(loom::unravel_index({0, -1}, {2, 3}), std::out_of_range);  // NumPy: out of bounds too
    EXPECT_THROW(loom::unravel_index(std::numeric_limits<std::uint64_t>::max(), {2, 3}), std::out_of_range);
    EXPECT_EQ(message_of([] { loom::unravel_index(0, {0, 3}); }),
              "unravel_index: index 0 is out of bounds for shape [0, 3] of 0 elements; no index is in bounds of an "
              "empty shape");
    EXPECT_THROW(loom::unravel_index({0}, {}), std::invalid_argument);  // NumPy: not supported for 0d arrays
    EXPECT_EQ(message_of([] { loom::unravel_index(1, {2, -3}); }),
              "unravel_index: shape [2, -3] has the negative size -3 at dimension 1; sizes must be 0 or more");
    EXPECT_THROW(loom::unravel_index(1, {index_t{1} << 40, index_t{1} << 40}), std::length_error);
    // No elements: no index is in bounds, and none is asked for from an empty array (NumPy gives empty arrays).
    const shape_type none_of_huge{0, index_t{1} << 40, index_t{1} << 40};
    EXPECT_THROW(loom::unravel_index(0, none_of_huge), std::out_of_range);
    EXPECT_EQ(loom::unravel_index(tensor<int>(shape_type{0}), none_of_huge, loom::index_order::f)[2].shape(),
              (shape_type{0}));
}

TEST(RavelMultiIndex, NumPyExamples) {
    // NumPy: arr = np.array([[3, 6, 6], [4, 5, 1]]); np.ravel_multi_index(arr, (7, 6)), with order='F',
    // with (4, 6) and mode='clip', with (4, 4) and mode='wrap'; (3, 1, 4, 1) into (6, 7, 8, 9)
    const tensor<int> rows{3, 6, 6};
    const tensor<int> cols{4, 5, 1};
    EXPECT_EQ(elements_of(loom::ravel_multi_index({rows, cols}, {7, 6})), (std::vector<index_t>{22, 41, 37}));
    EXPECT_EQ(elements_of(loom::ravel_multi_index({rows, cols}, {7, 6}, loom::index_mode::raise, loom::index_order::f)),
              (std::vector<index_t>{31, 41, 13}));
    EXPECT_EQ(elements_of(loom::ravel_multi_index({rows, cols}, {4, 6}, loom::index_mode::clip)),
              (std::vector<index_t>{22, 23, 19}));
    EXPECT_EQ(elements_of(loom::ravel_multi_index({rows, cols}, {4, 4}, loom::index_mode::wrap)),
              (std::vector<index_t>{12, 9, 9}));
    EXPECT_EQ(loom::ravel_multi_index({3, 1, 4, 1}, {6, 7, 8, 9}).item(), 1621);
    EXPECT_EQ(loom::ravel_multi_index({3, 1, 4, 1}, {6, 7, 8, 9}, loom::index_mode::raise, loom::index_order::f).item(),
              513);
    // NumPy: np.ravel_multi_index((np.uint8(200), -7), (7, 6), mode='wrap') is 29.
    EXPECT_EQ(loom::ravel_multi_index({std::uint8_t{200}, -7}, {7, 6}, loom::index_mode::wrap).item(), 29);
    EXPECT_EQ(loom::ravel_multi_index({}, {}).item(), 0);
}

TEST(RavelMultiIndex, BroadcastsItsIndexArrays) {
    // NumPy: np.ravel_multi_index(([1, 0], [[2], [1]]), (2, 3))
    const auto flat = loom::ravel_multi_index({{1, 0}, tensor<int>{{2}, {1}}}, {2, 3});
    EXPECT_EQ(flat.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(flat), (std::vector<index_t>{5, 2, 4, 1}));
    EXPECT_THROW(loom::ravel_multi_index({{1, 0}, {0, 1, 2}}, {2, 3}), loom::broadcast_error);
}

TEST(RavelMultiIndex, RefusesWhatNumPyRefuses) {
    EXPECT_EQ(message_of([] { loom::ravel_multi_index({{1, 0}, {2, 3}}, {2, 3}); }),
              "ravel_multi_index: index 3 (index array 1) is out of range for dimension 1 of size 3 in dims [2, 3]; "
              "give indices in [0, 3), or pass index_mode::wrap or index_mode::clip");
    EXPECT_THROW(loom::ravel_multi_index({-1, 0}, {2, 3}), std::out_of_range);
    EXPECT_EQ(message_of([] { loom::ravel_multi_index({{1, 0}}, {2, 3}); }),
              "ravel_multi_index: 1 index arrays for dims [2, 3] of rank 2; give one per dimension");
    // NumPy: "cannot unravel if shape has zero entries", whatever the mode.
    EXPECT_EQ(message_of([] { loom::ravel_multi_index({0, 0}, {0, 3}, loom::index_mode::clip); }),
              "ravel_multi_index: dims [0, 3] has size 0 at dimension 0, where no index is in bounds, even wrapped "
              "or clipped");
    EXPECT_THROW(loom::ravel_multi_index({0, 0}, {2, -3}), std::invalid_argument);
    EXPECT_THROW(loom::ravel_multi_index({0, 0}, {index_t{1} << 40, index_t{1} << 40}), std::length_error);
    // NumPy: "invalid dims" even with a 0 among them; no index into a size of 0 is no refusal.
    EXPECT_THROW(loom::ravel_multi_index({0, 0, 0}, {0, index_t{1} << 40, index_t{1} << 40}), std::length_error);
    EXPECT_EQ(loom::ravel_multi_index({tensor<int>(shape_type{0}), tensor<int>(shape_type{0})}, {2, 0}).shape(),
              (shape_type{0}));
    EXPECT_THROW(loom::ravel_multi_index({std::numeric_limits<std::uint64_t>::max(), 0}, {2, 3}), std::out_of_range);
}

}  // namespace
