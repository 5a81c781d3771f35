#pragma once
// What the peer suite's programs share: input values, aligned buffers for the
// hand loops, copies of the inputs in each library's own type, and the
// check-then-time body of every benchmark: a library's result is compared
// with the hand loop's before its time counts.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <random>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/loom.hpp"

#ifdef LOOM_HAVE_XTENSOR
#include <xtensor/xnoalias.hpp>
#include <xtensor/xtensor.hpp>
#endif

#ifdef LOOM_HAVE_EIGEN
#include <Eigen/Core>
#include <unsupported/Eigen/CXX11/Tensor>
#endif

#ifdef LOOM_HAVE_TORCH
#include <ATen/ATen.h>
#endif

namespace loom::bench {

/// `count` floats uniform in [-1, 1), from a fixed seed. (engine() >> 8) has
/// 24 random bits, which float32 holds exactly: the values are the same with
/// every compiler and standard library.
inline std::vector<float> uniform_floats(std::ptrdiff_t count, unsigned seed) {
    std::mt19937 engine(seed);
    std::vector<float> values(static_cast<std::size_t>(count));
    for (float& v : values) v = static_cast<float>(engine() >> 8) * 0x1p-23f - 1.f;
    return values;
}

/// A size as a value the compiler cannot see: the libraries take their shapes
/// at run time, so the hand loops are not compiled for particular sizes either.
inline std::ptrdiff_t at_run_time(std::ptrdiff_t size) {
    // A volatile read rather than benchmark::DoNotOptimize, whose "+m,r" constraint g++ 12 can
    // miscompile when the value is used as a call's argument.
    const volatile std::ptrdiff_t hidden = size;
    return hidden;
}

/// A 64-byte aligned array of `T`, like loom's storage: the hand loops'
/// operands and results. A new buffer is left uninitialised, as a result
/// about to be overwritten would be.
template <class T>
class aligned_buffer {
public:
    explicit aligned_buffer(std::ptrdiff_t count)
        : data_(static_cast<T*>(::operator new[](static_cast<std::size_t>(count) * sizeof(T), std::align_val_t{64}))),
          size_(count) {}
    explicit aligned_buffer(std::span<const T> values) : aligned_buffer(static_cast<std::ptrdiff_t>(values.size())) {
        std::copy(values.begin(), values.end(), data());
    }

    T* data() { return data_.get(); }
    const T* data() const { return data_.get(); }
    std::ptrdiff_t size() const { return size_; }

private:
    struct release {
        void operator()(T* p) const { ::operator delete[](p, std::align_val_t{64}); }
    };
    std::unique_ptr<T[], release> data_;
    std::ptrdiff_t size_;
};

/// The elements of a contiguous row-major result: a span, a vector, a buffer,
/// a loom tensor, an xtensor, a row-major Eigen array or tensor.
template <class Result>
auto elements(const Result& result) {
    using value = std::remove_cvref_t<decltype(*result.data())>;
    return std::span<const value>(result.data(), static_cast<std::size_t>(result.size()));
}

/// Stops the program unless `result` equals `expected` element for element,
/// within `tolerance` times the larger of 1 and the expected magnitude.
template <class T>
void check(const std::string& benchmark, std::span<const T> result, std::span<const T> expected, double tolerance) {
    if (result.size() != expected.size()) {
        std::fprintf(stderr, "%s: %zu elements, the hand loop gives %zu\n", benchmark.c_str(), result.size(),
                     expected.size());
        std::abort();
    }
    for (std::size_t i = 0; i < result.size(); ++i) {
        const double got = static_cast<double>(result[i]), want = static_cast<double>(expected[i]);
        if (!(std::abs(got - want) <= tolerance * std::max(1.0, std::abs(want)))) {
            std::fprintf(stderr, "%s: element %zu is %.9g, the hand loop gives %.9g\n", benchmark.c_str(), i, got,
                         want);
            std::abort();
        }
    }
}

/// The name of the benchmark running, for check's messages (this Google
/// Benchmark's State does not carry it); set by `add`.
inline std::string running_benchmark;

/// The body of every benchmark of the suite: evaluates once and checks the
/// result against `expected`, then times `evaluate` (which returns the result,
/// or a span of it when it writes into an existing one).
template <class T, class Evaluate>
void check_then_time(benchmark::State& state, std::span<const T> expected, double tolerance, Evaluate&& evaluate) {
    check(running_benchmark, elements(evaluate()), expected, tolerance);
    for (auto _ : state) {
        auto result = evaluate();
        benchmark::DoNotOptimize(elements(result).data());
        benchmark::ClobberMemory();
    }
}

/// Google Benchmark's byte and item counters, for the GB/s it prints.
inline void count_bytes(benchmark::State& state, std::int64_t bytes, std::int64_t items) {
    state.SetBytesProcessed(state.iterations() * bytes);
    state.SetItemsProcessed(state.iterations() * items);
}

// ------------------------------------------- the inputs in each library's type

template <class T>
loom::tensor<T> loom_of(const std::vector<T>& values, loom::shape_type shape) {
    return loom::tensor<T>(std::span<const T>(values), shape);
}

#ifdef LOOM_HAVE_XTENSOR
template <class T, std::size_t Rank>
xt::xtensor<T, Rank> xtensor_from(const std::vector<T>& values, const std::array<std::size_t, Rank>& shape) {
    xt::xtensor<T, Rank> t(shape);
    std::copy(values.begin(), values.end(), t.begin());
    return t;
}
#endif

#ifdef LOOM_HAVE_EIGEN
// Row-major, so that memory order matches loom, NumPy and the hand loops.
template <class T>
using eigen_rows = Eigen::Array<T, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
template <class T, int Rank>
using eigen_tensor_of_rank = Eigen::Tensor<T, Rank, Eigen::RowMajor>;

template <class T>
eigen_rows<T> eigen_rows_from(const std::vector<T>& values, Eigen::Index rows, Eigen::Index cols) {
    eigen_rows<T> t(rows, cols);
    std::copy(values.begin(), values.end(), t.data());
    return t;
}

template <class T, int Rank>
eigen_tensor_of_rank<T, Rank> eigen_tensor_from(const std::vector<T>& values,
                                                const std::array<Eigen::Index, Rank>& shape) {
    eigen_tensor_of_rank<T, Rank> t(shape);
    std::copy(values.begin(), values.end(), t.data());
    return t;
}
#endif

/// Registers one benchmark, timed in milliseconds, under its full name.
template <class Function>
benchmark::internal::Benchmark* add_named(const std::string& name, Function&& function) {
    return benchmark::RegisterBenchmark(name.c_str(), [name, function = std::forward<Function>(function)](
                                                          benchmark::State& state) {
               running_benchmark = name;
               function(state);
           })
        ->Unit(benchmark::kMillisecond);
}

/// Registers one benchmark of the suite, named `<workload>/<library>`.
template <class Function>
benchmark::internal::Benchmark* add(const std::string& workload, const std::string& library, Function&& function) {
    return add_named(workload + "/" + library, std::forward<Function>(function));
}

/// What every library's benchmarks of one workload share: its name, the hand
/// loop's result (computed on first use), how close a result must come to it,
/// and the bytes and elements one evaluation counts.
template <class T>
struct workload {
    std::string name;
    std::span<const T> (*expected)();
    double tolerance;
    std::int64_t bytes, items;
};

/// Registers `<workload>_into/<library>`, evaluated into a result made before
/// timing, and `<workload>_alloc/<library>`, whose evaluation makes its
/// result. `operands()` makes the inputs in the library's type (a tuple);
/// `into(z, operands...)` writes into z; `alloc(operands...)` returns a new result.
template <class T, class Operands, class Into, class Alloc>
void add_into_and_alloc(const workload<T>& work, const std::string& library, Operands operands, Into into,
                        Alloc alloc) {
    add(work.name + "_into", library, [=](benchmark::State& state) {
        auto inputs = operands();
        auto z = std::apply(alloc, inputs);
        check_then_time(state, work.expected(), work.tolerance, [&] {
            std::apply([&](const auto&... input) { into(z, input...); }, inputs);
            return elements(z);
        });
        count_bytes(state, work.bytes, work.items);
    });
    add(work.name + "_alloc", library, [=](benchmark::State& state) {
        auto inputs = operands();
        check_then_time(state, work.expected(), work.tolerance, [&] { return std::apply(alloc, inputs); });
        count_bytes(state, work.bytes, work.items);
    });
}

/// Assigns an expression into an existing result, as each library spells it.
template <class Result, class Expression>
void assign_into(Result& z, const Expression& expression) {
    z = expression;
}
#ifdef LOOM_HAVE_XTENSOR
template <class T, std::size_t Rank, class Expression>
void assign_into(xt::xtensor<T, Rank>& z, const Expression& expression) {
    xt::noalias(z) = expression;
}
#endif

/// add_into_and_alloc for a library that writes the workload as one
/// expression, `expression(operands...)`, evaluated into a `Result`.
template <class Result, class T, class Operands, class Expression>
void add_expression(const workload<T>& work, const std::string& library, Operands operands, Expression expression) {
    add_into_and_alloc(
        work, library, operands,
        [expression](Result& z, const auto&... input) { assign_into(z, expression(input...)); },
        [expression](const auto&... input) { return Result(expression(input...)); });
}

/// add_into_and_alloc for the hand loop: `loop(z, operands...)` writes
/// `size` elements at z; the allocating variant gives it a new buffer.
template <class T, class Operands, class Loop>
void add_hand_loop(const workload<T>& work, std::ptrdiff_t size, Operands operands, Loop loop,
                   const std::string& library = "hand") {
    add_into_and_alloc(
        work, library, operands, [loop](aligned_buffer<T>& z, const auto&... input) { loop(z.data(), input...); },
        [loop, size](const auto&... input) {
            aligned_buffer<T> z(at_run_time(size));
            loop(z.data(), input...);
            return z;
        });
}

#ifdef LOOM_HAVE_TORCH
/// A libtorch tensor of `values` (copied) with `shape`.
template <class T>
at::Tensor torch_from(const std::vector<T>& values, at::IntArrayRef shape) {
    return at::from_blob(const_cast<T*>(values.data()), shape, at::TensorOptions().dtype(c10::CppTypeToScalarType<T>::value))
        .clone();
}

/// A contiguous libtorch result seen as elements of `T` (`elements` reads it), so that it is checked
/// and timed like every library's.
template <class T>
struct torch_result {
    at::Tensor tensor;
    const T* data() const { return tensor.data_ptr<T>(); }
    std::int64_t size() const { return tensor.numel(); }
};

/// add_into_and_alloc for libtorch: `into(z, operands...)` writes into the tensor z with libtorch's
/// out= functions; `alloc(operands...)` returns a new tensor.
template <class T, class Operands, class Into, class Alloc>
void add_torch(const workload<T>& work, Operands operands, Into into, Alloc alloc) {
    add_into_and_alloc(
        work, "libtorch", operands,
        [into](torch_result<T>& z, const auto&... input) { into(z.tensor, input...); },
        [alloc](const auto&... input) { return torch_result<T>{alloc(input...)}; });
}
#endif

}  // namespace loom::bench
