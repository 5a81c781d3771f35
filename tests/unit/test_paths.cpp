// The path of an assignment (eval/choose_path.hpp, Note [choosing a path]):
// path_of reports it for every kind of expression, and the path trace of
// this test build (Note [path trace]: the unit tests define
// LOOM_RECORD_PATHS) shows that an assignment then takes that path, on the
// threads reported, streaming when reported.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "loom/loom.hpp"

#if !defined(LOOM_RECORD_PATHS)
#error "test_paths.cpp reads the path trace: compile it with LOOM_RECORD_PATHS defined, as the unit tests are"
#endif

namespace {

using loom::index_t;
using loom::path_kind;
using loom::shape_type;
using loom::tensor;

// Clears this thread's trace, and keeps the thread count and the streaming
// threshold of the process, which some tests change.
class Paths : public ::testing::Test {
protected:
    void SetUp() override { loom::detail::recorded_paths() = {}; }
    void TearDown() override {
        loom::set_num_threads(threads_);
        loom::set_streaming_threshold(streaming_);
    }

    // The kinds recorded since SetUp.
    static const std::vector<path_kind>& taken() { return loom::detail::recorded_paths().kinds; }

private:
    int threads_ = loom::num_threads();
    std::size_t streaming_ = loom::streaming_threshold();
};

std::string printed(const loom::path_report& path) {
    std::ostringstream os;
    os << path;
    return os.str();
}

TEST_F(Paths, SameShapesTakeTheDirectPathInOneRun) {
    const tensor<float> a = loom::ones<float>({3, 4}), b = loom::ones<float>({3, 4});
    const loom::path_report path = loom::path_of(a + b);
    EXPECT_EQ(path.kind(), path_kind::direct);
    EXPECT_EQ(path.run(), 12);
    EXPECT_EQ(path.threads(), 1);
    EXPECT_EQ(path.plan(), nullptr);
    EXPECT_EQ(path.temporaries(), 0u);
    const tensor<float> z = a + b;
    EXPECT_EQ(taken(), std::vector{path_kind::direct});
}

TEST_F(Paths, ARowRepeatedTakesTheDirectPathInRunsOfTheRow) {
    const tensor<float> a = loom::ones<float>({3, 4}), row = loom::ones<float>({4});
    const loom::path_report path = loom::path_of(a + row);
    EXPECT_EQ(path.kind(), path_kind::direct);
    EXPECT_EQ(path.run(), 4);
    // The kernel's batches are those of the instruction set the test is compiled for.
    EXPECT_EQ(printed(path), "path of [3, 4] float32: direct, runs of 4 elements, on 1 thread\n"
                             "  kernel: xsimd batches of " +
                                 std::to_string(loom::simd::batch_lanes<float>) + " float32 (" +
                                 loom::simd::batch_architecture() + ")\n");
    const tensor<float> z = a + row;
    EXPECT_EQ(taken(), std::vector{path_kind::direct});
}

TEST_F(Paths, AnEmptyResultStoresNothing) {
    const tensor<float> a({0, 3});
    EXPECT_EQ(loom::path_of(a * 2.f).kind(), path_kind::nothing);
    EXPECT_EQ(printed(loom::path_of(a * 2.f)), "path of [0, 3] float32: nothing to store, no element\n");
    const tensor<float> z = a * 2.f;
    EXPECT_EQ(taken(), std::vector{path_kind::nothing});
}

TEST_F(Paths, AColumnBesideARowTakesThePlanAndTheUnbufferedKernel) {
    const tensor<float> column = loom::ones<float>({300, 1}), row = loom::ones<float>({1, 300});
    const loom::path_report path = loom::path_of(column + row);
    EXPECT_EQ(path.kind(), path_kind::unbuffered);
    ASSERT_NE(path.plan(), nullptr);
    EXPECT_EQ(path.plan()->shape(), (shape_type{300, 300}));
    const tensor<float> z = column + row;
    EXPECT_EQ(taken(), std::vector{path_kind::unbuffered});
}

TEST_F(Paths, ShortRunsOfALargeArrayLeaveTheDirectPathToThePlan) {
    // A leaf of one element beside 4096: runs of 1, below min_direct_run, in an array above direct_small_size.
    static_assert(4096 > loom::direct_small_size && 1 < loom::min_direct_run);
    const tensor<float> a = loom::ones<float>({4096, 1}), one = loom::ones<float>({1});
    const loom::path_report path = loom::path_of(a * one);
    EXPECT_NE(path.kind(), path_kind::direct);
    const tensor<float> z = a * one;
    EXPECT_EQ(taken(), std::vector{path.kind()});
    // The same runs in a small array take the direct path.
    const tensor<float> small = loom::ones<float>({16, 1});
    EXPECT_EQ(loom::path_of(small * one).kind(), path_kind::direct);
}

TEST_F(Paths, ATransposedOperandTakesTheStoreKernelInTiles) {
    const tensor<float> a = loom::ones<float>({512, 512});
    const loom::path_report path = loom::path_of(loom::transpose(a) + a);
    EXPECT_EQ(path.kind(), path_kind::store_kernel);
    EXPECT_TRUE(path.tiled());
    const std::string text = printed(path);
    EXPECT_EQ(text.rfind("path of [512, 512] float32: the plan, store kernel, on ", 0), 0u) << text;
    EXPECT_NE(text.find("loop plan: shape [512, 512]"), std::string::npos) << text;
    EXPECT_NE(text.find("tiles of 16 x 256"), std::string::npos) << text;
    const tensor<float> z = loom::transpose(a) + a;
    EXPECT_EQ(taken(), std::vector{path_kind::store_kernel});
}

TEST_F(Paths, AnOperandOverlappingTheDestinationSendsTheValueThroughATemporary) {
    tensor<float> a = loom::arange<float>(64).reshape({8, 8});
    const loom::path_report path = loom::path_of(a, loom::transpose(a) + 1.f);
    EXPECT_EQ(path.kind(), path_kind::through_temporary);
    EXPECT_TRUE(path.through_temporary());
    EXPECT_EQ(path.temporaries(), 1u);
    EXPECT_NE(printed(path).find("  through a temporary: "), std::string::npos) << printed(path);
    // Into new memory, the same value needs none.
    EXPECT_FALSE(loom::path_of(loom::transpose(a) + 1.f).through_temporary());
    loom::detail::recorded_paths() = {};
    a = loom::transpose(a) + 1.f;
    // The temporary's elements are then copied byte for byte, on no path of their own.
    ASSERT_EQ(taken().size(), 2u);
    EXPECT_EQ(taken()[0], path_kind::through_temporary);
    EXPECT_EQ(taken()[1], path.storing_kind());  // into the temporary
    EXPECT_EQ(a(2, 5), 5 * 8 + 2 + 1.f);
}

TEST_F(Paths, AWholeValueIsReportedAsOne) {
    const tensor<float> x = loom::ones<float>({4, 5});
    const loom::path_report path = loom::path_of(loom::argmax(x, 1));
    EXPECT_EQ(path.kind(), path_kind::whole_value);
    EXPECT_EQ(path.shape(), shape_type{4});
    EXPECT_EQ(path.threads(), 0);  // an arg-reduction does not report its work
    EXPECT_EQ(printed(path), "path of [4] int64: a whole value, whose node writes its result itself\n");
    EXPECT_EQ(loom::path_of(loom::sum(x, 1)).kind(), path_kind::whole_value);
    EXPECT_EQ(loom::path_of(loom::matmul(x, loom::transpose(x))).kind(), path_kind::whole_value);
    const tensor<float> z = loom::sum(x, 1);
    ASSERT_FALSE(taken().empty());
    EXPECT_EQ(taken()[0], path_kind::whole_value);
}

// A reduction reports its own work (Note [fixed partition of reductions] in
// reduce/reduce_on_threads.hpp): the axes, the finished loop, and its split.
TEST_F(Paths, AReductionReportsItsLoopAndItsSplit) {
    const tensor<float> x = loom::ones<float>({3, 4});
    const loom::path_report path = loom::path_of(loom::sum(x, 1));
    EXPECT_EQ(path.kind(), path_kind::whole_value);
    ASSERT_NE(path.reduction(), nullptr);
    EXPECT_EQ(path.product(), nullptr);
    const loom::reduction_path& reduction = *path.reduction();
    EXPECT_EQ(reduction.operand, (shape_type{3, 4}));
    EXPECT_EQ(reduction.axes.size(), 1u);
    EXPECT_EQ(reduction.axes[0], 1);
    EXPECT_EQ(reduction.loop, (shape_type{3, 4}));
    EXPECT_TRUE(reduction.runs_reduced());
    EXPECT_EQ(reduction.schedule.split, loom::reduction_split::one_piece);
    EXPECT_EQ(path.threads(), 1);
    EXPECT_FALSE(path.computed_apart());
    EXPECT_EQ(path.temporaries(), 0u);
    EXPECT_EQ(printed(path),
              "path of [3] float32: a reduction, whose node writes its result itself, on 1 thread\n"
              "  reduces axis 1 of [3, 4]\n"
              "  loop: shape [3, 4], dimension 1 reduced, runs of 4 elements, each folded into one result\n"
              "  split: one piece, on the calling thread\n");
}

// parallel_min_elements is where a reduction's plan starts to be cut: a
// plan of one row fewer runs as one piece on the calling thread, and the
// run starts no parallel region.
TEST_F(Paths, AReductionRunsOnThreadsFromParallelMinElements) {
    loom::set_num_threads(2);
    static_assert(256 * 256 == loom::parallel_min_elements);
    const tensor<float> below = loom::ones<float>({255, 256}), at = loom::ones<float>({256, 256});

    const loom::path_report small = loom::path_of(loom::sum(below, 1));
    EXPECT_EQ(small.reduction()->schedule.split, loom::reduction_split::one_piece);
    EXPECT_EQ(small.threads(), 1);
    const tensor<float> s = loom::sum(below, 1);
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, 1);

    const loom::path_report large = loom::path_of(loom::sum(at, 1));
    EXPECT_EQ(large.reduction()->schedule.split, loom::reduction_split::rows);
    EXPECT_EQ(large.reduction()->schedule.units, 256);
    EXPECT_EQ(large.threads(), loom::threads_for(256));
    const tensor<float> l = loom::sum(at, 1);
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, large.threads());
    EXPECT_EQ(l(7), 256.f);
}

// Each rule of Note [fixed partition of reductions], reported with the units
// it cuts and run on the threads reported; one thread set, one thread runs.
TEST_F(Paths, EachSplitOfALargeReductionIsReportedAndRunsOnItsThreads) {
    const tensor<float> matrix = loom::ones<float>({256, 256}), line = loom::ones<float>({1 << 16});
    struct expected_split {
        loom::path_report path;
        loom::reduction_split split;
        index_t units;
    };
    for (const int threads : {1, 2}) {
        loom::set_num_threads(threads);
        const expected_split splits[] = {
            // The inner dimension kept, a result of 1 KiB: units of column_unit columns.
            {loom::path_of(loom::sum(matrix, 0)), loom::reduction_split::columns, 256 / loom::detail::column_unit},
            // Both reduced into one result: a piece per partition_piece_elements.
            {loom::path_of(loom::sum(matrix)), loom::reduction_split::partition,
             index_t{1 << 16} / loom::detail::partition_piece_elements},
            // One run: max_pieces parts of 2^k chunks.
            {loom::path_of(loom::sum(line)), loom::reduction_split::run, loom::detail::max_pieces},
        };
        for (const expected_split& e : splits) {
            ASSERT_NE(e.path.reduction(), nullptr);
            EXPECT_EQ(e.path.reduction()->schedule.split, e.split) << printed(e.path);
            EXPECT_EQ(e.path.reduction()->schedule.units, e.units) << printed(e.path);
            EXPECT_EQ(e.path.threads(), loom::threads_for(e.units));
        }
        EXPECT_FALSE(splits[0].path.reduction()->runs_reduced());  // runs along the kept columns
        EXPECT_TRUE(splits[2].path.reduction()->runs_reduced());
        loom::detail::recorded_paths() = {};
        const tensor<float> columns = loom::sum(matrix, 0);
        EXPECT_EQ(loom::detail::recorded_paths().most_threads, splits[0].path.threads());
        loom::detail::recorded_paths() = {};
        const tensor<float> total = loom::sum(matrix);
        EXPECT_EQ(loom::detail::recorded_paths().most_threads, splits[1].path.threads());
        loom::detail::recorded_paths() = {};
        const tensor<float> run = loom::sum(line);
        EXPECT_EQ(loom::detail::recorded_paths().most_threads, splits[2].path.threads());
        EXPECT_EQ(total.item(), float(1 << 16));
        EXPECT_EQ(run.item(), float(1 << 16));
    }
}

// write_whole_value computes a reduction into new memory when the
// destination has another element type, or an operand meets it.
TEST_F(Paths, AReductionIntoMemoryItCannotTakeIsComputedApart) {
    tensor<float> x = loom::arange<float>(16).reshape({4, 4});
    auto row = x(0, loom::all);
    const loom::path_report overlapping = loom::path_of(row, loom::sum(x, 0));
    EXPECT_TRUE(overlapping.computed_apart());
    EXPECT_EQ(overlapping.temporaries(), 1u);
    EXPECT_NE(printed(overlapping).find("  computed into new memory, then stored into the destination\n"),
              std::string::npos)
        << printed(overlapping);
    tensor<double> wider({4});
    EXPECT_TRUE(loom::path_of(wider, loom::sum(x, 0)).computed_apart());
    EXPECT_FALSE(loom::path_of(x(3, loom::all), loom::sum(x(loom::range(0, 2), loom::all), 0)).computed_apart());
    row = loom::sum(x, 0);
    EXPECT_EQ(x(0, 1), 0.f + 1.f + 5.f + 9.f + 13.f);
}

// A product reports its GEMM (linalg/gemm.hpp's plan_gemm): its sizes, its
// kernel and blocks, and the panels its threads share.
TEST_F(Paths, AProductReportsItsGemm) {
    loom::set_num_threads(2);
    using blocking = loom::linalg::detail::gemm_blocking<float>;
    const tensor<float> a = loom::ones<float>({256, 256});
    const loom::path_report path = loom::path_of(loom::matmul(a, a));
    EXPECT_EQ(path.kind(), path_kind::whole_value);
    ASSERT_NE(path.product(), nullptr);
    EXPECT_EQ(path.reduction(), nullptr);
    const loom::product_path& product = *path.product();
    EXPECT_EQ(product.batch, 1);
    EXPECT_EQ(product.m, 256);
    EXPECT_EQ(product.n, 256);
    EXPECT_EQ(product.k, 256);
    EXPECT_EQ(product.kernel, loom::product_kernel::blocked);  // 256^3 is past BLAS's products
    EXPECT_TRUE(product.transposed);  // a row-major C
    EXPECT_EQ(product.nr, blocking::nr);
    EXPECT_EQ(product.units, (256 + blocking::nr - 1) / blocking::nr);
    EXPECT_EQ(path.threads(), loom::threads_for(product.units));
    const std::string nr = std::to_string(blocking::nr);
    EXPECT_EQ(printed(path),
              "path of [256, 256] float32: a matrix product, whose node writes its result itself, on " +
                  std::to_string(path.threads()) + (path.threads() == 1 ? " thread\n" : " threads\n") +
                  "  gemm: 1 product, m 256, n 256, k 256\n"
                  "  kernel: loom's blocked kernel, on the transposed product (C's rows are contiguous)\n"
                  "  blocks: registers " + std::to_string(blocking::mr) + " x " + nr + ", cache kc " +
                  std::to_string(blocking::kc) + ", mc " + std::to_string(blocking::mc) + ", nc " +
                  std::to_string(blocking::nc) + "\n"
                  "  split: " + std::to_string(product.units) + " panels of " + nr + " rows of C among the threads\n");
    const tensor<float> z = loom::matmul(a, a);
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, path.threads());
    EXPECT_EQ(z(3, 4), 256.f);
    // Into a column-major destination, the product is not transposed: its panels are of C's columns.
    tensor<float> columns({256, 256});
    EXPECT_FALSE(loom::path_of(columns.T(), loom::matmul(a, a)).product()->transposed);
}

// parallel_min_multiply_adds is where a product starts to run on threads.
TEST_F(Paths, AProductRunsOnThreadsFromParallelMinMultiplyAdds) {
    loom::set_num_threads(2);
    static_assert(128.0 * 128 * 256 == loom::parallel_min_multiply_adds);
    const tensor<float> left = loom::ones<float>({128, 128}), right = loom::ones<float>({128, 256});
    // 128^3 multiply-adds: below, and too many for BLAS's (Note [when matmul calls BLAS]).
    static_assert(128.0 * 128 * 128 == loom::linalg::blas_real_products_below);
    const loom::path_report below = loom::path_of(loom::matmul(left, left));
    EXPECT_EQ(below.product()->kernel, loom::product_kernel::blocked);
    EXPECT_EQ(below.threads(), 1);
    const tensor<float> small = loom::matmul(left, left);
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, 1);
    // 128 x 128 x 256: at the threshold.
    const loom::path_report at = loom::path_of(loom::matmul(left, right));
    EXPECT_EQ(at.product()->kernel, loom::product_kernel::blocked);
    EXPECT_EQ(at.product()->n, 256);
    EXPECT_EQ(at.threads(), loom::threads_for(at.product()->units));
    const tensor<float> large = loom::matmul(left, right);
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, at.threads());
    EXPECT_EQ(large(127, 255), 128.f);
}

// A small float32 or float64 product is BLAS's when loom has one (Note
// [when matmul calls BLAS]), on BLAS's threads; loom's kernel's otherwise.
TEST_F(Paths, ASmallRealProductIsBlasWhenLoomHasOne) {
    const tensor<double> a = loom::ones<double>({4, 9}), b = loom::ones<double>({9, 3});
    const loom::path_report path = loom::path_of(loom::matmul(a, b));
    const bool blas = loom::linalg::blas_found;
    EXPECT_EQ(path.product()->kernel, blas ? loom::product_kernel::blas : loom::product_kernel::blocked);
    EXPECT_EQ(path.threads(), blas ? 0 : 1);
    EXPECT_EQ(printed(path).rfind(blas ? "path of [4, 3] float64: a matrix product, whose node writes its result "
                                         "itself, on BLAS's threads\n  gemm: 1 product, m 4, n 3, k 9\n"
                                         "  kernel: BLAS's gemm\n"
                                       : "path of [4, 3] float64: a matrix product, whose node writes its result "
                                         "itself, on 1 thread\n  gemm: 1 product, m 4, n 3, k 9\n"
                                         "  kernel: loom's blocked kernel",
                                  0),
              0u)
        << printed(path);
    // An integer product is never BLAS's.
    const tensor<int> i = loom::ones<int>({4, 9}), j = loom::ones<int>({9, 3});
    EXPECT_EQ(loom::path_of(loom::matmul(i, j)).product()->kernel, loom::product_kernel::blocked);
}

// Products of matrices of at most 8 x 8 run loom's loop for small matrices
// (Note [small products]), whatever the batch, the layouts and a BLAS; one
// past it in any of m, n and k does not. Complex products keep their kernel.
TEST_F(Paths, SmallProductsRunTheLoopForSmallMatrices) {
    const tensor<double> rotations = loom::ones<double>({3, 1, 3, 3}), points = loom::ones<double>({100, 3, 1});
    const loom::path_report path = loom::path_of(loom::matmul(rotations, points));
    EXPECT_EQ(path.product()->kernel, loom::product_kernel::small);
    EXPECT_EQ(path.product()->batch, 300);
    EXPECT_EQ(printed(path), "path of [3, 100, 3, 1] float64: a matrix product, whose node writes its result itself, "
                             "on 1 thread\n  gemm: 300 products, m 3, n 1, k 3\n  kernel: loom's loop for small matrices\n");
    const tensor<std::int64_t> square = loom::ones<std::int64_t>({8, 8});
    EXPECT_EQ(loom::path_of(loom::matmul(square, loom::transpose(square))).product()->kernel,
              loom::product_kernel::small);
    for (const loom::shape_type& past : {loom::shape_type{9, 8, 8}, loom::shape_type{8, 9, 8}, loom::shape_type{8, 8, 9}}) {
        const tensor<float> a = loom::ones<float>({past[0], past[2]}), b = loom::ones<float>({past[2], past[1]});
        EXPECT_NE(loom::path_of(loom::matmul(a, b)).product()->kernel, loom::product_kernel::small) << to_string(past);
    }
    const tensor<std::complex<float>> c = loom::ones<std::complex<float>>({2, 2});
    EXPECT_NE(loom::path_of(loom::matmul(c, c)).product()->kernel, loom::product_kernel::small);
}

// A batch of products is one GEMM per element of the broadcast batch shape,
// each of the same sizes; a complex product takes its own kernel, and a
// product of k = 0 none.
TEST_F(Paths, BatchedComplexAndEmptyProductsReportTheirGemm) {
    const tensor<float> stack = loom::ones<float>({2, 3, 8, 9}), matrix = loom::ones<float>({9, 7});
    const loom::product_path batched = *loom::path_of(loom::matmul(stack, matrix)).product();
    EXPECT_EQ(batched.batch, 6);
    EXPECT_EQ(batched.m, 8);
    EXPECT_EQ(batched.n, 7);
    EXPECT_EQ(batched.k, 9);
    const tensor<std::complex<double>> c = loom::ones<std::complex<double>>({3, 4});
    const loom::path_report complex = loom::path_of(loom::matmul(c, loom::transpose(c)));
    // 36 multiply-adds: below BLAS's complex products.
    EXPECT_EQ(complex.product()->kernel, loom::product_kernel::complex);
    EXPECT_EQ(complex.product()->units, 3);
    EXPECT_EQ(printed(complex),
              "path of [3, 3] complex128: a matrix product, whose node writes its result itself, on 1 thread\n"
              "  gemm: 1 product, m 3, n 3, k 4\n"
              "  kernel: loom's complex kernel\n"
              "  split: 3 rows of C among the threads\n");
    const tensor<float> none_inner({3, 0}), none_rows({0, 5});
    const loom::path_report zeros = loom::path_of(loom::matmul(none_inner, none_rows));
    EXPECT_EQ(zeros.product()->kernel, loom::product_kernel::zeros);
    EXPECT_EQ(zeros.product()->k, 0);
    EXPECT_NE(printed(zeros).find("  kernel: none, k is 0: every element is 0\n"), std::string::npos) << printed(zeros);
    const tensor<float> z = loom::matmul(none_inner, none_rows);
    EXPECT_EQ(z(2, 4), 0.f);
}

TEST_F(Paths, WholeValuesNestedAreComputedFirstAndTheRestTakesItsOwnPath) {
    const tensor<float> x = loom::ones<float>({4, 5});
    const auto centred = x - loom::max(x, 1, true) + loom::sum(x, 1, true);
    const loom::path_report path = loom::path_of(centred);
    EXPECT_EQ(path.computed_first(), 2u);
    EXPECT_EQ(path.temporaries(), 2u);
    EXPECT_EQ(path.kind(), path_kind::store_kernel) << printed(path);  // two columns repeated
    EXPECT_NE(printed(path).find("  first: 2 whole values computed into new memory\n"), std::string::npos)
        << printed(path);
    const tensor<float> z = centred;
    ASSERT_FALSE(taken().empty());
    EXPECT_EQ(taken().front(), path_kind::whole_value);
    EXPECT_EQ(taken().back(), path.kind());
    EXPECT_EQ(std::count(taken().begin(), taken().end(), path_kind::whole_value), 2);
}

TEST_F(Paths, ALargeEvaluationReportsTheThreadsItStarts) {
    loom::set_num_threads(2);
    const tensor<float> a = loom::ones<float>({1 << 17}), b = loom::ones<float>({1 << 17});
    const loom::path_report path = loom::path_of(a + b);
    EXPECT_EQ(path.kind(), path_kind::direct);
    EXPECT_EQ(path.threads(), loom::threads_for(1 << 17));
    const tensor<float> z = a + b;
    EXPECT_EQ(taken(), std::vector{path_kind::direct});
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, path.threads());
    // A transposed operand of the same size: the plan, on as many threads.
    const tensor<float> square = loom::ones<float>({512, 256});
    const loom::path_report planned = loom::path_of(loom::transpose(square) * 2.f);
    loom::detail::recorded_paths() = {};
    const tensor<float> t = loom::transpose(square) * 2.f;
    EXPECT_EQ(taken(), std::vector{planned.kind()});
    EXPECT_EQ(loom::detail::recorded_paths().most_threads, planned.threads());
}

TEST_F(Paths, AssignmentIntoExistingMemoryReportsStreamingStores) {
    loom::set_streaming_threshold(0);
    const tensor<float> a = loom::ones<float>({1 << 17}), b = loom::ones<float>({1 << 17});
    tensor<float> z = loom::zeros<float>({1 << 17});
    const loom::path_report path = loom::path_of(z, a + b);
    EXPECT_EQ(path.streams(), loom::has_streaming_stores);
    EXPECT_FALSE(loom::path_of(a + b).streams());  // fresh memory is never streamed
    loom::detail::recorded_paths() = {};
    z = a + b;
    EXPECT_EQ(taken(), std::vector{path_kind::direct});
    EXPECT_EQ(loom::detail::recorded_paths().streamed, path.streams());
    // Memory a leaf shares is never streamed.
    EXPECT_FALSE(loom::path_of(z, z + b).streams());
    // Only trees evaluated in SIMD batches of exact functions stream: not
    // one with an approximate function, nor one of the scalar loop.
    const loom::path_report approximate = loom::path_of(z, loom::exp(a) * b + loom::tanh(b));
    EXPECT_EQ(approximate.kind(), path_kind::direct);
    EXPECT_FALSE(approximate.streams());
    loom::detail::recorded_paths() = {};
    z = loom::exp(a) * b + loom::tanh(b);
    EXPECT_FALSE(loom::detail::recorded_paths().streamed);
    EXPECT_NEAR(z.data()[z.size() - 1], std::exp(1.f) + std::tanh(1.f), 1e-5f);
    const tensor<std::complex<float>> u = loom::ones<std::complex<float>>({1 << 17});
    tensor<std::complex<float>> w = loom::zeros<std::complex<float>>({1 << 17});
    EXPECT_EQ(loom::path_of(w, u * u).kind(), path_kind::direct);
    EXPECT_FALSE(loom::path_of(w, u * u).streams());
    const loom::path_report exact = loom::path_of(z, loom::sqrt(a * a + b * b));
    EXPECT_EQ(exact.streams(), loom::has_streaming_stores && exact.batch_lanes() > 0);
}

TEST_F(Paths, PathOfADestinationRefusesAValueThatDoesNotFitIt) {
    const tensor<float> z({3}), a({4});
    EXPECT_THROW(loom::path_of(z, a * 2.f), loom::broadcast_error);
}

}  // namespace
