// loom called from several threads at once: the thread contract of docs/evaluation.md ("Your
// threads and loom's"). User threads that read the same const tensors and evaluate into their own
// get the bits one thread gets; loom's threads come from one budget for the whole process (Note
// [one budget of threads] in eval/threads.hpp); inside an OpenMP parallel region loom runs on the
// calling thread. CI also runs this file under ThreadSanitizer (.ci/run, with LLVM's OpenMP and its
// Archer tool), which fails on any data race.

#include <gtest/gtest.h>

#include <cmath>
#include <thread>
#include <vector>

#include "loom/loom.hpp"
#include "thread_support.hpp"

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace {

using loom::index_t;
using loom::tensor;
using loom::testing::same_bits;
using loom::testing::thread_count_kept;

tensor<float> wave(index_t rows, index_t columns, float frequency) {
    tensor<float> t({rows, columns});
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = std::sin(frequency * static_cast<float>(i)) + 0.5f;
    return t;
}

// Work large enough for threads of each kind: element-wise, reductions (a float sum's bits depend
// on its order) and a product.
struct shared_work_results {
    tensor<float> elementwise;
    tensor<float> column_sums;
    tensor<float> total;
    tensor<float> product;
};

shared_work_results shared_work(const tensor<float>& a, const tensor<float>& b, const tensor<float>& m) {
    return {tensor<float>(a * b + loom::exp(a)), tensor<float>(loom::sum(a * b, 0)), tensor<float>(loom::sum(a)),
            tensor<float>(loom::matmul(m, m))};
}

bool same_results(const shared_work_results& x, const shared_work_results& y) {
    return same_bits(x.elementwise, y.elementwise) && same_bits(x.column_sums, y.column_sums) &&
           same_bits(x.total, y.total) && same_bits(x.product, y.product);
}

TEST(Concurrency, UserThreadsReadSharedTensorsAndGetOneThreadsBits) {
    const thread_count_kept kept;
    const tensor<float> a = wave(1024, 512, 0.01f), b = wave(1024, 512, 0.003f), m = wave(256, 256, 0.02f);
    loom::set_num_threads(1);
    const shared_work_results alone = shared_work(a, b, m);

    loom::set_num_threads(4);
    constexpr int users = 4, rounds = 3;
    std::vector<char> agreed(users, 0);
    std::vector<std::thread> workers;
    for (int u = 0; u < users; ++u) {
        workers.emplace_back([&, u] {
            bool all = true;
            for (int r = 0; r < rounds; ++r) all = all && same_results(shared_work(a, b, m), alone);
            agreed[static_cast<std::size_t>(u)] = all;
        });
    }
    for (std::thread& worker : workers) worker.join();
    for (int u = 0; u < users; ++u) EXPECT_TRUE(agreed[static_cast<std::size_t>(u)]) << "user thread " << u;
}

TEST(Concurrency, SetNumThreadsIsForTheWholeProcess) {
    const thread_count_kept kept;
    loom::set_num_threads(3);
    int seen = 0;
    std::thread([&] { seen = loom::num_threads(); }).join();
#if defined(_OPENMP)
    EXPECT_EQ(seen, 3);
#else
    EXPECT_EQ(seen, 1);
#endif
}

#if defined(_OPENMP) && defined(LOOM_RECORD_PATHS)

// The threads the last evaluations on this thread ran on (Note [path trace]).
int threads_of(const tensor<float>& a) {
    loom::detail::recorded_paths() = {};
    const tensor<float> doubled = a * 2.f;
    EXPECT_EQ(doubled.size(), a.size());
    return loom::detail::recorded_paths().most_threads;
}

TEST(Concurrency, EvaluationsTakeOnlyTheThreadsOthersLeaveFree) {
    const thread_count_kept kept;
    loom::set_num_threads(4);
    const tensor<float> a = wave(1024, 1024, 0.01f);
    ASSERT_EQ(loom::detail::busy_threads().load(), 0);
    EXPECT_EQ(threads_of(a), 4);
    {
        const loom::detail::thread_grant other(3);  // as another user thread's evaluation holds them
        ASSERT_EQ(other.threads(), 3);
        EXPECT_EQ(threads_of(a), 1);
    }
    {
        const loom::detail::thread_grant other(2);
        EXPECT_EQ(threads_of(a), 2);
    }
    {
        const loom::detail::thread_grant other(4);
        const loom::detail::thread_grant late(4);
        EXPECT_EQ(late.threads(), 1) << "a caller finding none free still runs, on itself";
        EXPECT_EQ(loom::detail::busy_threads().load(), 5);
    }
    EXPECT_EQ(loom::detail::busy_threads().load(), 0);
    EXPECT_EQ(threads_of(a), 4);
}

TEST(Concurrency, InsideAnOpenMPRegionLoomRunsOnTheCallingThread) {
    const thread_count_kept kept;
    loom::set_num_threads(4);
    const tensor<float> a = wave(1024, 512, 0.01f), b = wave(1024, 512, 0.003f), m = wave(256, 256, 0.02f);
    const shared_work_results outside = shared_work(a, b, m);
    std::vector<char> agreed(2, 0);
    std::vector<int> threads(2, 0);
    int team = 0;
#pragma omp parallel num_threads(2)
    {
        const auto k = static_cast<std::size_t>(omp_get_thread_num());
        if (k == 0) team = omp_get_num_threads();
        loom::detail::recorded_paths() = {};
        agreed[k] = same_results(shared_work(a, b, m), outside);
        threads[k] = loom::detail::recorded_paths().most_threads;
    }
    for (std::size_t k = 0; k < static_cast<std::size_t>(team); ++k) {
        EXPECT_TRUE(agreed[k]) << "OpenMP thread " << k;
        EXPECT_EQ(threads[k], 1) << "OpenMP thread " << k << ": loom started a region inside the user's";
    }
}

#endif

}  // namespace
