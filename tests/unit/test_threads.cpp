// Threads (eval/threads.hpp): large evaluations give bit for bit the results
// of one thread, whatever the number of threads, on every path of the
// engine, reductions included (reduce/reduce_on_threads.hpp), whose values
// also stay close to a double-precision reference; the thread count is
// checked.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"
#include "thread_support.hpp"

#include "loom/eval/cores_left.hpp"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <thread>
#endif

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LOOM_TEST_UNDER_TSAN 1
#endif
#elif defined(__SANITIZE_THREAD__)
#define LOOM_TEST_UNDER_TSAN 1
#endif

namespace {

using loom::flat;
using loom::index_t;
using loom::tensor;
using loom::testing::contains;
using loom::testing::expect_error_text;
using loom::testing::message_of;
using loom::testing::same_bits;

// Uniform in [low, high]; integers are whole numbers in that range.
template <class T = float>
tensor<T> random_values(loom::shape_type shape, unsigned seed, double low = -2, double high = 2) {
    std::mt19937 engine(seed);
    std::uniform_real_distribution<double> uniform(low, high);
    tensor<T> t(shape);
    for (T& v : t) v = static_cast<T>(std::is_integral_v<T> ? std::round(uniform(engine)) : uniform(engine));
    return t;
}

// Restores the number of threads a test changed.
class Threads : public ::testing::Test {
protected:
    loom::testing::thread_count_kept kept_;
};

// `evaluate()` with 1 thread, then with 2, 3 and 5: the same bits each
// time. Returns the value of one thread.
template <class Evaluate>
auto expect_same_for_every_thread_count(Evaluate evaluate) {
    loom::set_num_threads(1);
    const auto one = evaluate();
    for (int threads : {2, 3, 5}) {
        loom::set_num_threads(threads);
        EXPECT_TRUE(same_bits(evaluate(), one)) << threads << " threads";
    }
    return one;
}

TEST_F(Threads, TheDirectPathGivesTheSameBits) {
    // One run over contiguous operands, and runs of a broadcast row.
    const tensor<float> a = random_values({300, 257}, 1), b = random_values({300, 257}, 2);
    const tensor<float> row = random_values({257}, 3);
    expect_same_for_every_thread_count([&] { return tensor<float>(a * b + 0.5f); });
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::exp(a) * row + loom::tanh(b)); });
}

TEST_F(Threads, TheDirectPathReadsARowAgainForEveryRunOfEveryPiece) {
    // Note [direct path]: each thread's piece of whole runs starts the row
    // at its first element; every element as the scalar expression gives it.
    const tensor<float> a = random_values({300, 257}, 1), b = random_values({300, 257}, 2);
    const tensor<float> row = random_values({257}, 3) + 3.f;  // in [1, 5)
    const tensor<float> z = expect_same_for_every_thread_count([&] { return tensor<float>((a - b) / row); });
    for (index_t i = 0; i < 300; ++i) {
        for (index_t j = 0; j < 257; ++j) ASSERT_EQ(z.at(i, j), (a.at(i, j) - b.at(i, j)) / row.at(j)) << i << ", " << j;
    }
}

TEST_F(Threads, ColumnSumsFoldRowsInTheirOrderInEveryThreadsColumns) {
    // The `columns` split (Note [fixed partition of reductions]): each thread
    // folds every row into its columns, four rows at a time (Note [runs
    // folded together]), giving the bits of adding the rows in order.
    const tensor<float> x = random_values({700, 200}, 9);
    const tensor<float> sums = expect_same_for_every_thread_count([&] { return tensor<float>(loom::sum(x, 0)); });
    for (index_t j = 0; j < 200; ++j) {
        float sum = 0;
        for (index_t i = 0; i < 700; ++i) sum += x.at(i, j);
        ASSERT_EQ(sums.at(j), sum) << j;
    }
    // The `partition` split, whose pieces fold their rows into sets of their own.
    const tensor<float> narrow = random_values({2001, 40}, 10);
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::sum(narrow, 0)); });
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

// Reductions of a matrix: each reduction along every axis, the same bits for
// every thread count, and close to the same reduction in double precision.
// Which pieces a reduction is cut into depends on the shape (Note [fixed
// partition of reductions]): rows along axis 1; a partition of the rows,
// each piece with accumulators of its own, over every axis and along axis 0
// of a (4000, 50) matrix (50 results); columns along axis 0 of (100, 1500).

enum class reduction { sum, mean, max, prod };

template <class X>
auto reduce(reduction r, const X& x, const loom::axis_set& axes) {
    switch (r) {
        case reduction::sum: return loom::eval(loom::astype<double>(loom::sum(x, axes)));
        case reduction::mean: return loom::eval(loom::astype<double>(loom::mean(x, axes)));
        case reduction::max: return loom::eval(loom::astype<double>(loom::max(x, axes)));
        default: return loom::eval(loom::astype<double>(loom::prod(x, axes)));
    }
}

// The reduction of the matrix `x` along `axis` (-1: every axis) in double
// precision, in order, and the scale of each result's error: the sum of the
// magnitudes it adds up (over the count for a mean); 0 for max and for the
// products of expect_every_reduction_on_threads, which are exact.
struct reference {
    std::vector<double> values, scales;
};

template <class T>
reference reference_of(reduction r, const tensor<T>& x, int axis) {
    const index_t rows = x.shape()[0], columns = x.shape()[1];
    const index_t results = axis == 0 ? columns : axis == 1 ? rows : 1;
    const double identity = r == reduction::prod ? 1 : r == reduction::max ? -INFINITY : 0;
    reference ref{std::vector<double>(results, identity), std::vector<double>(results, 0)};
    for (index_t i = 0; i < rows; ++i) {
        for (index_t j = 0; j < columns; ++j) {
            const auto k = static_cast<std::size_t>(axis == 0 ? j : axis == 1 ? i : 0);
            const double v = static_cast<double>(x(i, j));
            double& value = ref.values[k];
            value = r == reduction::prod ? value * v : r == reduction::max ? std::max(value, v) : value + v;
            if (r == reduction::sum || r == reduction::mean) ref.scales[k] += std::abs(v);
        }
    }
    if (r == reduction::mean) {
        const double count = static_cast<double>(rows * columns / results);
        for (std::size_t k = 0; k < ref.values.size(); ++k) ref.values[k] /= count, ref.scales[k] /= count;
    }
    return ref;
}

// `x` (a matrix, or a view of one) reduced by `r` along each axis and over
// all: the same bits for every thread count, and within `tolerance` times
// its scale of the reference.
template <class X>
void expect_reductions_on_threads(reduction r, const X& x, double tolerance) {
    using T = loom::value_type_of<X>;
    const tensor<T> copy(x);
    for (int axis : {-1, 0, 1}) {
        const loom::axis_set axes = axis < 0 ? loom::axis_set(flat) : loom::axis_set(axis);
        const tensor<double> value = expect_same_for_every_thread_count([&] { return reduce(r, x, axes); });
        const reference ref = reference_of(r, copy, axis);
        ASSERT_EQ(static_cast<std::size_t>(value.size()), ref.values.size());
        for (std::size_t k = 0; k < ref.values.size(); ++k) {
            EXPECT_LE(std::abs(value.data()[k] - ref.values[k]), tolerance * ref.scales[k])
                << "axis " << axis << ", result " << k;
        }
    }
}

template <class T>
void expect_every_reduction_on_threads(const loom::shape_type& shape, unsigned seed, double tolerance) {
    const tensor<T> x = random_values<T>(shape, seed, -100, 100);
    // Factors 1 and -1, and for floats a few 2s and 0.5s: products that are
    // exact in any order, and neither overflow nor vanish.
    tensor<T> factors = random_values<T>(shape, seed + 1, 0, 1);
    std::mt19937 engine(seed + 2);
    for (T& f : factors) {
        const auto pick = engine() % 1000;
        f = std::is_integral_v<T> || pick > 1 ? (static_cast<double>(f) > 0.5 ? T(1) : T(-1)) : pick == 0 ? T(2) : T(0.5);
    }
    for (reduction r : {reduction::sum, reduction::mean, reduction::max}) expect_reductions_on_threads(r, x, tolerance);
    expect_reductions_on_threads(reduction::prod, factors, tolerance);
}

TEST_F(Threads, ReductionsOfFloat32GiveTheSameBits) {
    expect_every_reduction_on_threads<float>({4000, 50}, 12, 1e-5);
    expect_every_reduction_on_threads<float>({100, 1500}, 13, 1e-5);
}

TEST_F(Threads, ReductionsOfFloat64GiveTheSameBits) {
    expect_every_reduction_on_threads<double>({4000, 50}, 14, 1e-13);
    expect_every_reduction_on_threads<double>({100, 1500}, 15, 1e-13);
}

TEST_F(Threads, ReductionsOfIntegersGiveTheSameBits) {
    // Integer sums and products are exact: the tolerance is for mean's division.
    expect_every_reduction_on_threads<std::int32_t>({4000, 50}, 16, 1e-15);
    expect_every_reduction_on_threads<std::int32_t>({100, 1500}, 17, 1e-15);
}

TEST_F(Threads, ReductionsOfViewsGiveTheSameBitsAsTheirCopies) {
    // A transposed view (4000, 50), and every other row of a matrix
    // (300, 700): on every number of threads, the bits of the same
    // reductions of their copies.
    const tensor<float> wide = random_values({50, 4000}, 18, -100, 100), tall = random_values({600, 700}, 19, -100, 100);
    const auto transposed = wide.transpose();
    const auto strided = tall(loom::range(0, 600, 2), loom::all);
    const tensor<float> transposed_copy(transposed), strided_copy(strided);
    for (reduction r : {reduction::sum, reduction::mean, reduction::max}) {
        expect_reductions_on_threads(r, transposed, 1e-5);
        expect_reductions_on_threads(r, strided, 1e-5);
        for (const loom::axis_set& axes : {loom::axis_set(flat), loom::axis_set(0), loom::axis_set(1)}) {
            for (int threads : {1, 2, 3}) {
                loom::set_num_threads(threads);
                EXPECT_TRUE(same_bits(reduce(r, transposed, axes), reduce(r, transposed_copy, axes))) << threads;
                EXPECT_TRUE(same_bits(reduce(r, strided, axes), reduce(r, strided_copy, axes))) << threads;
            }
        }
    }
}

TEST_F(Threads, SumsOfExpressionsGiveTheSameBits) {
    // One long run, cut at powers of two chunks (2^20 + 1000 elements, not a
    // whole number of chunks), and the same products summed as a matrix.
    const index_t n = (index_t{1} << 20) + 1000, square = index_t{1} << 20;
    const tensor<float> a = random_values({n}, 20), b = random_values({n}, 21);
    // The sum of the first `count` products in double precision, and of their magnitudes.
    const auto exact_sum = [&](index_t count) {
        double sum = 0, magnitude = 0;
        for (index_t i = 0; i < count; ++i) {
            const double product = static_cast<double>(a.data()[i]) * static_cast<double>(b.data()[i]);
            sum += product;
            magnitude += std::abs(product);
        }
        return std::pair{sum, magnitude};
    };
    const tensor<float> flat_sum = expect_same_for_every_thread_count([&] { return tensor<float>(loom::sum(a * b)); });
    const auto [flat_exact, flat_magnitude] = exact_sum(n);
    EXPECT_LE(std::abs(flat_sum.item() - flat_exact), 1e-6 * flat_magnitude);

    const tensor<float> a_matrix = a(loom::range(0, square)).reshape({1024, 1024});
    const tensor<float> b_matrix = b(loom::range(0, square)).reshape({1024, 1024});
    const tensor<float> matrix_sum =
        expect_same_for_every_thread_count([&] { return tensor<float>(loom::sum(a_matrix * b_matrix)); });
    const auto [matrix_exact, matrix_magnitude] = exact_sum(square);
    EXPECT_LE(std::abs(matrix_sum.item() - matrix_exact), 1e-6 * matrix_magnitude);
    expect_same_for_every_thread_count([&] { return tensor<float>(loom::sum(a_matrix * b_matrix, 0)); });
    expect_same_for_every_thread_count(
        [&] { return tensor<float>(loom::sum(loom::transpose(a_matrix) * b_matrix, {0, 1}, true)); });
}

TEST_F(Threads, TheCountIsAtLeastOne) {
    loom::set_num_threads(3);
#if defined(_OPENMP)
    EXPECT_EQ(loom::num_threads(), 3);
#else
    EXPECT_EQ(loom::num_threads(), 1);
#endif
    expect_error_text<std::invalid_argument>([] { loom::set_num_threads(0); },
                                             "set_num_threads(0): the number of threads must be from 1 to " +
                                                 std::to_string(loom::max_num_threads()) +
                                                 "; give a number in that range");
    EXPECT_GE(loom::num_threads(), 1);
}

TEST_F(Threads, CountsAreJudgedAsGivenNeverNarrowed) {
    loom::set_num_threads(2);
    const int before = loom::num_threads();
    // 2^32 + 4 taken as an int would be 4; 2^31 would be -2^31.
    for (const std::int64_t threads : {std::int64_t{-1}, std::int64_t{1} << 31, (std::int64_t{1} << 32) + 4}) {
        const std::string message = message_of([&] { loom::set_num_threads(threads); });
        const std::string call = "set_num_threads(" + std::to_string(threads) + ")";
        EXPECT_TRUE(contains(message, call + ": the number of threads must be from 1 to ")) << message;
        EXPECT_THROW(loom::set_num_threads(threads), std::invalid_argument);
    }
    EXPECT_THROW(loom::set_num_threads(std::uint64_t{1} << 63), std::invalid_argument);
    EXPECT_EQ(loom::num_threads(), before);
    loom::set_num_threads(std::size_t{1});
    EXPECT_EQ(loom::num_threads(), 1);
}

// Note [cores other processes use]: the cores other processes used between
// two samples, the machine's busy time less this process's over the time
// between them, rounded, are not offered; the calling thread's always is.
TEST(CoresLeft, AreTheCoresLessThoseOtherProcessesUsedBetweenSamples) {
    using loom::detail::cores_left_between;
    using loom::detail::cpu_sample;
    const cpu_sample start{.machine_busy = 500, .own = 20, .at = 1000};
    // 0.1 s on 2 cores: the machine busy 0.2 s, all of it this process's.
    EXPECT_EQ(cores_left_between(start, {500.2, 20.2, 1000.1}, 2), 2);
    // Another process kept one core busy.
    EXPECT_EQ(cores_left_between(start, {500.3, 20.2, 1000.1}, 2), 1);
    // Others kept both busy while this process slept: the calling thread's core still counts.
    EXPECT_EQ(cores_left_between(start, {500.2, 20.0, 1000.1}, 2), 1);
    EXPECT_EQ(cores_left_between(start, {500.8, 20.0, 1000.1}, 2), 1);
    // 8 cores: 3.4 cores of others' work round to 3, 3.6 to 4; under half a core is none.
    EXPECT_EQ(cores_left_between(start, {500.34, 20.0, 1000.1}, 8), 5);
    EXPECT_EQ(cores_left_between(start, {500.36, 20.0, 1000.1}, 8), 4);
    EXPECT_EQ(cores_left_between(start, {500.04, 20.0, 1000.1}, 8), 8);
    // The ticks of /proc/stat lag the process's own clock: a negative load is none.
    EXPECT_EQ(cores_left_between(start, {500.1, 20.2, 1000.1}, 2), 2);
    // No time between the samples: nothing measured, every core.
    EXPECT_EQ(cores_left_between(start, start, 4), 4);
}

TEST(CoresLeft, ReadTheMachinesBusyTimeFromTheFirstLineOfProcStat) {
    using loom::detail::busy_seconds_of_stat;
    // user nice system idle iowait irq softirq steal guest guest_nice, in ticks of 1/100 s:
    // idle and iowait are not busy.
    EXPECT_DOUBLE_EQ(busy_seconds_of_stat("cpu  467858 7 91396 151559 959 11 338 5 0 0\ncpu0 1 2 3\n", 100),
                     (467858 + 7 + 91396 + 11 + 338 + 5) / 100.0);
    EXPECT_DOUBLE_EQ(busy_seconds_of_stat("cpu  100 0 50 9000 0 0 0 0", 1000), 0.15);
    EXPECT_LT(busy_seconds_of_stat("cpu0 1 2 3 4 5 6 7 8", 100), 0);       // a core's line, not the machine's
    EXPECT_LT(busy_seconds_of_stat("cpu  1 2 3 4 5", 100), 0);             // fields missing
    EXPECT_LT(busy_seconds_of_stat("cpu  1 2 x 4 5 6 7 8", 100), 0);       // not a number
    EXPECT_LT(busy_seconds_of_stat("intr 11 2 3 4 5 6 7 8 9", 100), 0);  // another line
    EXPECT_LT(busy_seconds_of_stat("", 100), 0);
}

#if defined(__linux__) && !defined(LOOM_TEST_UNDER_TSAN)
// One busy process per core, for about `seconds`: the machine as another
// program keeps it. (Not under ThreadSanitizer, whose runtime does not
// expect a threaded process to fork.)
class busy_processes {
public:
    busy_processes(int count, double seconds) {
        for (int k = 0; k < count; ++k) {
            const pid_t child = fork();
            if (child == 0) {
                const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
                volatile unsigned long turns = 0;
                while (std::chrono::steady_clock::now() < end) turns = turns + 1;
                _exit(0);
            }
            if (child > 0) children_.push_back(child);
        }
    }
    ~busy_processes() {
        for (const pid_t child : children_) waitpid(child, nullptr, 0);
    }
    std::size_t count() const { return children_.size(); }

private:
    std::vector<pid_t> children_;
};

// With a busy process on every core, only the calling thread's core is left
// for loom's regions (unless set_num_threads fixes their count).
TEST(CoresLeft, AreOnlyTheCallersWhenOtherProcessesKeepEveryCoreBusy) {
    if (loom::detail::cores_left() == loom::detail::every_core) {
        GTEST_SKIP() << "this process may not run on every core, or /proc/stat cannot be read: nothing is measured";
    }
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    const busy_processes busy(cores, 1.0);
    ASSERT_EQ(busy.count(), static_cast<std::size_t>(cores));
    // Samples are 0.1 s apart at least: the second call takes one after the children started, the
    // third measures from it.
    const auto wait = [] { std::this_thread::sleep_for(std::chrono::milliseconds(250)); };
    wait();
    loom::detail::cores_left();
    wait();
    loom::detail::cores_left();
    wait();
    EXPECT_EQ(loom::detail::cores_left(), 1);
#if defined(_OPENMP)
    {
        loom::testing::thread_count_kept kept;
        loom::set_num_threads(2);  // a count set is kept, whatever the load
        EXPECT_EQ(loom::detail::region_thread_budget(), 2);
    }
#endif
}
#endif

#if defined(__linux__)
// In a child process: lowers RLIMIT_NPROC to 8 and exits with 0 when set_num_threads accepts the limit and
// refuses one more with the expected text.
[[noreturn]] void threads_under_a_process_limit_of_8() {
    rlimit limit{};
    getrlimit(RLIMIT_NPROC, &limit);
    limit.rlim_cur = 8;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < 8) limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NPROC, &limit) != 0 || limit.rlim_cur != 8) std::_Exit(2);
#if defined(_OPENMP)
    const std::string expected =
        "set_num_threads(9): the number of threads must be from 1 to 8, the processes and threads this user "
        "may run (RLIMIT_NPROC, `ulimit -u`); give a number in that range, or raise the limit";
    const std::string refused = message_of([] { loom::set_num_threads(9); });
    std::cerr << refused << '\n';
    loom::set_num_threads(8);
    std::_Exit(refused == expected && loom::max_num_threads() == 8 && loom::num_threads() == 8 ? 0 : 1);
#else
    loom::set_num_threads(9);  // no thread is ever started without OpenMP
    std::_Exit(loom::max_num_threads() == loom::max_threads ? 0 : 1);
#endif
}

// RLIMIT_NPROC bounds the user's processes and threads together; a parallel
// region that cannot start its threads ends the process in libgomp. The limit
// is lowered in a child process. The kernel exempts root from the limit, but
// loom judges by its value, for anyone.
TEST_F(Threads, ACountAboveTheUsersProcessLimitIsRefused) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(threads_under_a_process_limit_of_8(), ::testing::ExitedWithCode(0), "");
}
#endif

}  // namespace
