// Threads (eval/threads.hpp): large evaluations give bit for bit the results
// of one thread, whatever the number of threads, on every path of the
// engine; the thread count is checked.

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <stdexcept>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::tensor;
using loom::testing::expect_error_text;

tensor<float> random_values(loom::shape_type shape, unsigned seed) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<float> uniform(-2.f, 2.f);
    tensor<float> t(shape);
    for (float& v : t) v = uniform(engine);
    return t;
}

bool same_bits(const tensor<float>& a, const tensor<float>& b) {
    return a.shape() == b.shape() && std::memcmp(a.data(), b.data(), sizeof(float) * a.size()) == 0;
}

// Restores the number of threads a test changed.
class Threads : public ::testing::Test {
protected:
    void TearDown() override { loom::set_num_threads(saved_); }
    int saved_ = loom::num_threads();
};

// `evaluate()` with 1 thread, then with 2, 3 and 5: the same bits each time.
template <class Evaluate>
void expect_same_for_every_thread_count(Evaluate evaluate) {
    loom::set_num_threads(1);
    const tensor<float> one = evaluate();
    for (int threads : {2, 3, 5}) {
        loom::set_num_threads(threads);
        EXPECT_TRUE(same_bits(evaluate(), one)) << threads << " threads";
    }
}

TEST_F(Threads, TheDirectPathGivesTheSameBits) {
    // One run over contiguous operands, and runs of a broadcast row.
    const tensor<float> a = random_values({300, 257}, 1), b = random_values({300, 257}, 2);
    const tensor<float> row = random_values({257}, 3);
    expect_same_for_every_thread_count([&] { return tensor<float>(a * b + 0.5f); });
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::exp(a) * row + loom::tanh(b)); });
}

TEST_F(Threads, ThePlanGivesTheSameBits) {
    // An outer broadcast, a transposed operand (tiled), a strided view.
    const tensor<float> column = random_values({1000, 1}, 4), row = random_values({1, 300}, 5);
    const tensor<float> square = random_values({1024, 1024}, 6);
    expect_same_for_every_thread_count([&] { return tensor<float>(column + row); });
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::transpose(square) + square); });
    expect_same_for_every_thread_count(
        [&] { return tensor<float>(loom::sin(square(loom::all, loom::range(0, loom::none, 3)))); });
}

TEST_F(Threads, InPlaceAndViewAssignmentsGiveTheSameBits) {
    const tensor<float> start = random_values({512, 300}, 7), row = random_values({300}, 8);
    expect_same_for_every_thread_count([&] {
        tensor<float> t = start;
        t += row;
        t(loom::range(0, loom::none, 2), loom::all) = loom::exp(t(loom::range(1, loom::none, 2), loom::all));
        return t;
    });
}

TEST_F(Threads, MatrixProductsGiveTheSameBits) {
    // Pieces of C's columns: an edge piece narrower than a micro-panel, both
    // orientations of C, a batch.
    const tensor<float> a = random_values({300, 257}, 9), b = random_values({257, 203}, 10);
    const tensor<float> batch = random_values({3, 130, 257}, 11);
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::matmul(a, b)); });
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::matmul(loom::transpose(b), loom::transpose(a))); });
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::matmul(batch, b)); });
}

TEST_F(Threads, TheCountIsAtLeastOne) {
    loom::set_num_threads(3);
#if defined(_OPENMP)
    EXPECT_EQ(loom::num_threads(), 3);
#else
    EXPECT_EQ(loom::num_threads(), 1);
#endif
    expect_error_text<std::invalid_argument>([] { loom::set_num_threads(0); },
                                             "set_num_threads(0): the number of threads must be 1 or more");
    EXPECT_GE(loom::num_threads(), 1);
}

}  // namespace
