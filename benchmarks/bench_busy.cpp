// Threads on a busy machine: the program first starts one process per core
// that keeps its core busy (a loop, until the program ends), as another
// program on the same machine would; then it times, on 2^22 float32 and a
// (2048, 2048) float32 matrix:
//
//   <workload>_busy/loom             loom with its default threads (no set_num_threads call)
//   <workload>_busy/loom_one_thread  loom after set_num_threads(1)
//   <workload>_busy/hand_openmp      the hand loop under `#pragma omp parallel for`, OpenMP's default team
//   <workload>_busy/hand             the hand loop on one thread
//
// for mul_add (z = a * b + c), exp_tanh (z = exp(a) * b + tanh(c)) and
// column_sums (z = sum(x, 0)). loom's target: at most 1.1x its one-thread
// time (Note [cores other processes use] in include/loom/eval/cores_left.hpp).
// The loom_one_thread runs come after every loom run with the default count,
// which set_num_threads(1) ends for the rest of the program: run the
// program whole, or filter one group at a time. Wall time.

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "bench_context.hpp"
#include "bench_harness.hpp"
#include "loom/loom.hpp"

namespace {

using namespace loom::bench;

constexpr std::ptrdiff_t size = std::ptrdiff_t{1} << 22, side = 2048;
constexpr std::int64_t float_bytes = sizeof(float), flat_bytes = 4 * size * float_bytes,
                       sum_bytes = (size + side) * float_bytes;

struct inputs {
    std::vector<float> a = uniform_floats(size, 1), b = uniform_floats(size, 2), c = uniform_floats(size, 3);
    std::vector<float> mul_add, exp_tanh, column_sums;

    static const inputs& get() {
        static const inputs values;
        return values;
    }

private:
    inputs() : mul_add(size), exp_tanh(size), column_sums(side) {
        for (std::ptrdiff_t i = 0; i < size; ++i) {
            const auto k = static_cast<std::size_t>(i);
            mul_add[k] = a[k] * b[k] + c[k];
            exp_tanh[k] = std::exp(a[k]) * b[k] + std::tanh(c[k]);
            column_sums[k % side] += a[k];
        }
    }
};

// Sums in another order than the reference's: a relative difference of 1e-3 allows for that.
constexpr double elementwise_tolerance = 1e-5, sum_tolerance = 1e-3;

template <class Evaluate>
void add_busy(const std::string& name, const std::string& library, const std::vector<float>& expected,
              double tolerance, std::int64_t bytes, Evaluate evaluate) {
    add(name + "_busy", library, [=, &expected](benchmark::State& state) {
        std::vector<float> z(expected.size());
        check_then_time(state, std::span<const float>(expected), tolerance, [&] {
            evaluate(z.data());
            return elements(z);
        });
        count_bytes(state, bytes, size);
    })->UseRealTime();
}

// loom's three workloads as `library`, after `prepare()` (which sets the thread count, or not).
template <class Prepare>
void register_loom(const std::string& library, Prepare prepare) {
    const inputs& in = inputs::get();
    const auto shared = [](const std::vector<float>& values, loom::shape_type shape) {
        return std::make_shared<const loom::tensor<float>>(std::span<const float>(values), shape);
    };
    const auto a = shared(in.a, {size}), b = shared(in.b, {size}), c = shared(in.c, {size});
    const auto x = shared(in.a, {side, side});
    add_busy("mul_add", library, in.mul_add, elementwise_tolerance, flat_bytes, [=](float* z) {
        prepare();
        auto out = loom::adapt(z, loom::shape_type{size});
        out = *a * *b + *c;
    });
    add_busy("exp_tanh", library, in.exp_tanh, elementwise_tolerance, flat_bytes, [=](float* z) {
        prepare();
        auto out = loom::adapt(z, loom::shape_type{size});
        out = loom::exp(*a) * *b + loom::tanh(*c);
    });
    add_busy("column_sums", library, in.column_sums, sum_tolerance, sum_bytes, [=](float* z) {
        prepare();
        auto out = loom::adapt(z, loom::shape_type{side});
        out = loom::sum(*x, 0);
    });
}

// The hand loops, with OpenMP's default team (`openmp`) or on one thread.
void register_hand(const std::string& library, [[maybe_unused]] bool openmp) {
    const inputs& in = inputs::get();
    const float *a = in.a.data(), *b = in.b.data(), *c = in.c.data();
    add_busy("mul_add", library, in.mul_add, elementwise_tolerance, flat_bytes, [=](float* z) {
#pragma omp parallel for if (openmp)
        for (std::ptrdiff_t i = 0; i < size; ++i) z[i] = a[i] * b[i] + c[i];
    });
    add_busy("exp_tanh", library, in.exp_tanh, elementwise_tolerance, flat_bytes, [=](float* z) {
#pragma omp parallel for if (openmp)
        for (std::ptrdiff_t i = 0; i < size; ++i) z[i] = std::exp(a[i]) * b[i] + std::tanh(c[i]);
    });
    add_busy("column_sums", library, in.column_sums, sum_tolerance, sum_bytes, [=](float* z) {
#pragma omp parallel for if (openmp)
        for (std::ptrdiff_t j = 0; j < side; ++j) {
            float s = 0;
            for (std::ptrdiff_t i = 0; i < side; ++i) s += a[i * side + j];
            z[j] = s;
        }
    });
}

void register_benchmarks() {
    register_loom("loom", [] {});
#ifdef _OPENMP
    register_hand("hand_openmp", true);
#endif
    register_hand("hand", false);
    register_loom("loom_one_thread", [] { loom::set_num_threads(1); });
}

// One process per core, each keeping its core busy until this program ends.
class busy_cores {
public:
    busy_cores() {
#if defined(__linux__)
        for (unsigned k = 0; k < std::thread::hardware_concurrency(); ++k) {
            const pid_t child = fork();
            if (child == 0) {
                volatile std::uint64_t turns = 0;
                for (;;) turns = turns + 1;
            }
            if (child > 0) children_.push_back(child);
        }
#endif
    }
    ~busy_cores() {
#if defined(__linux__)
        for (const pid_t child : children_) kill(child, SIGKILL);
        for (const pid_t child : children_) waitpid(child, nullptr, 0);
#endif
    }
    busy_cores(const busy_cores&) = delete;
    busy_cores& operator=(const busy_cores&) = delete;

private:
    std::vector<int> children_;
};

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    inputs::get();  // the references, before the machine is busy
    add_context();
    benchmark::AddCustomContext("busy_processes", std::to_string(std::thread::hardware_concurrency()));
    register_benchmarks();
    const busy_cores busy;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
