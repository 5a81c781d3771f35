// The path of an assignment (eval/choose_path.hpp, Note [choosing a path]):
// path_of reports it for every kind of expression, and the path trace of
// this test build (Note [path trace]: the unit tests define
// LOOM_RECORD_PATHS) shows that an assignment then takes that path, on the
// threads reported, streaming when reported.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
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
    EXPECT_EQ(printed(path),
              "path of [3, 4] float32: direct, runs of 4 elements, on 1 thread\n"
              "  kernel: the scalar loop\n");
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
    const loom::path_report path = loom::path_of(loom::sum(x, 1));
    EXPECT_EQ(path.kind(), path_kind::whole_value);
    EXPECT_EQ(path.shape(), shape_type{4});
    EXPECT_EQ(printed(path), "path of [4] float32: a whole value, whose node writes its result itself\n");
    EXPECT_EQ(loom::path_of(loom::matmul(x, loom::transpose(x))).kind(), path_kind::whole_value);
    const tensor<float> z = loom::sum(x, 1);
    ASSERT_FALSE(taken().empty());
    EXPECT_EQ(taken()[0], path_kind::whole_value);
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
}

TEST_F(Paths, PathOfADestinationRefusesAValueThatDoesNotFitIt) {
    const tensor<float> z({3}), a({4});
    EXPECT_THROW(loom::path_of(z, a * 2.f), loom::broadcast_error);
}

}  // namespace
