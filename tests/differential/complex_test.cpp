// The differential test of complex numbers against NumPy: random cases (a
// complex64 or complex128 operand of rank 1 to 3, sizes 0 to 4, as it is or
// transposed; a second operand of a complex, float or int32 type, of the
// same shape or one that broadcasts, now and then one that does not; parts
// among halves, -0.0, NaN and infinities) through one of the operations
// below, run in loom and in NumPy and compared: dtype, shape, both parts of
// every element (exactly, or within a few ulps where NumPy's arctan2, cos
// and complex log are its own), and loom throwing exactly when NumPy
// raises. Each case is compared as three results: the real parts, the
// imaginary parts, and whether the result is complex.
//
// LOOM_DIFF_SEED and LOOM_DIFF_COMPLEX_CASES choose the cases.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "comparator.hpp"
#include "numpy_runner.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_complex_case_count = 2000;

enum class complex_op : std::uint8_t {
    add, subtract, multiply, divide, power_integer, fused, exp_sqrt, log_sin, tanh_cos, abs_angle, parts,
    sign_square, equal, nan_or_inf, sum_axis, mean_axis, cumsum_axis, matmul, vdot, sort_axis,
};
constexpr std::size_t complex_op_count = static_cast<std::size_t>(complex_op::sort_axis) + 1;
constexpr const char* complex_op_names[complex_op_count] = {
    "add", "subtract", "multiply", "divide", "power_integer", "fused", "exp_sqrt", "log_sin", "tanh_cos",
    "abs_angle", "parts", "sign_square", "equal", "nan_or_inf", "sum_axis", "mean_axis", "cumsum_axis",
    "matmul", "vdot", "sort_axis"};

/// The operand types: the first is complex, the second any of them.
enum class operand_type : std::uint8_t { complex64, complex128, float32, float64, int32 };
constexpr const char* operand_type_names[] = {"complex64", "complex128", "float32", "float64", "int32"};

/// An operand: its type, shape, and the parts of its elements (row-major).
struct operand {
    operand_type type = operand_type::complex128;
    shape_type shape;
    std::vector<double> real, imag;
};

struct complex_case {
    std::uint64_t seed = 0;
    int number = 0;
    complex_op op = complex_op::add;
    operand a, b;
    bool transposed = false;  ///< a is read transposed
    index_t k = 0;            ///< the exponent or the axis
};

bool is_complex(operand_type t) { return t == operand_type::complex64 || t == operand_type::complex128; }

// Products of matrices and vectors are compared on finite parts only: BLAS,
// which NumPy calls, may skip a product by zero that loom computes.
bool finite_only(complex_op op) { return op == complex_op::matmul || op == complex_op::vdot; }

// ---- generation ----

double random_part(random_source& random, bool finite) {
    const std::size_t kind = random.below(finite ? 10 : 16);
    if (kind == 10) return NAN;
    if (kind == 11) return INFINITY;
    if (kind == 12) return -INFINITY;
    if (kind == 13) return -0.0;
    return double(random.between(-4, 4)) / 2;
}

operand random_operand(random_source& random, operand_type type, const shape_type& shape, bool finite) {
    operand o{type, shape, {}, {}};
    index_t size = 1;
    for (index_t extent : shape) size *= extent;
    for (index_t i = 0; i < size; ++i) {
        double re = random_part(random, finite);
        if (type == operand_type::int32) re = std::isfinite(re) ? std::trunc(re * 2) : 3;
        o.real.push_back(re);
        o.imag.push_back(is_complex(type) ? random_part(random, finite) : 0.0);
    }
    return o;
}

shape_type random_shape(random_source& random, std::size_t rank) {
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(random.chance(0.08) ? 0 : random.between(1, 4));
    return shape;
}

complex_case complex_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x3c6ef372fe94f82bull * std::uint64_t(number + 1)));
    complex_case c;
    c.seed = seed;
    c.number = number;
    c.op = complex_op(random.below(complex_op_count));
    const bool finite = finite_only(c.op);
    const operand_type a_type = random.chance(0.5) ? operand_type::complex64 : operand_type::complex128;
    constexpr operand_type b_types[] = {operand_type::complex64, operand_type::complex128, operand_type::float32,
                                        operand_type::float64, operand_type::int32};
    operand_type b_type = random.pick(b_types);
    // real(a) * imag(b) of an int32 b would be float32 times int32, which
    // docs/semantics.md makes float32 where NumPy gives float64.
    if (c.op == complex_op::parts && b_type == operand_type::int32) b_type = operand_type::float64;
    const std::size_t rank = c.op == complex_op::matmul ? 2 : 1 + random.below(3);
    shape_type a_shape = random_shape(random, rank);
    c.transposed = random.chance(0.3);
    // The shape a is seen with, transposed or not.
    shape_type seen = a_shape;
    if (c.transposed) std::reverse(seen.begin(), seen.end());
    shape_type b_shape = seen;
    if (c.op == complex_op::matmul) {
        b_shape = {seen[1], random.between(1, 4)};
    } else if (c.op == complex_op::vdot) {
        b_shape = {index_t(1)};
        for (index_t extent : seen) b_shape[0] *= extent;
    } else {
        // Broadcast: leading axes dropped, or sizes made 1.
        if (random.chance(0.3)) {
            // Never to rank 0: NumPy 1.24 casts a rank-0 array by its value, as a scalar.
            const std::size_t dropped = random.below(b_shape.size());
            b_shape = shape_type(b_shape.begin() + static_cast<std::ptrdiff_t>(dropped), b_shape.end());
        }
        for (index_t& extent : b_shape)
            if (random.chance(0.2)) extent = 1;
    }
    if (random.chance(0.05)) b_shape = random_shape(random, 1 + random.below(3));  // may not broadcast
    if (b_shape.empty()) b_shape = {1};
    c.a = random_operand(random, a_type, a_shape, finite);
    c.b = random_operand(random, b_type, b_shape, finite);
    const auto r = static_cast<index_t>(rank);
    c.k = c.op == complex_op::power_integer ? random.between(-3, 4) : random.between(-r, r - 1);
    return c;
}

// ---- loom ----

template <class T>
tensor<T> tensor_of(const operand& o) {
    tensor<T> t(o.shape);
    for (std::size_t i = 0; i < o.real.size(); ++i) {
        if constexpr (complex_element<T>) t.data()[i] = T(o.real[i], o.imag[i]);
        else t.data()[i] = static_cast<T>(o.real[i]);
    }
    return t;
}

template <class F>
decltype(auto) with_operand_type(operand_type type, F&& f) {
    switch (type) {
        case operand_type::complex64: return f(std::type_identity<std::complex<float>>{});
        case operand_type::complex128: return f(std::type_identity<std::complex<double>>{});
        case operand_type::float32: return f(std::type_identity<float>{});
        case operand_type::float64: return f(std::type_identity<double>{});
        case operand_type::int32: return f(std::type_identity<std::int32_t>{});
    }
    throw std::logic_error("unknown operand type");
}

/// The three results a case is compared on: real parts, imaginary parts,
/// and whether the result is complex.
struct three_results {
    any_tensor real, imag, complex;
};

template <class T>
three_results split(const tensor<T>& r) {
    const tensor<real_part_t<T>> re = real(r), im = imag(r);
    return {any_tensor(re), any_tensor(im), any_tensor(tensor<bool>(shape_type{}, complex_element<T>))};
}

template <class A, class B>
three_results run_on(const complex_case& c, const A& a, const tensor<B>& b) {
    switch (c.op) {
        case complex_op::add: return split(eval(a + b));
        case complex_op::subtract: return split(eval(a - b));
        case complex_op::multiply: return split(eval(a * b));
        case complex_op::divide: return split(eval(a / b));
        case complex_op::power_integer: return split(eval(power(a, std::int32_t(c.k))));
        case complex_op::fused: return split(eval(a * b - conj(a) / (b + 1)));
        case complex_op::exp_sqrt: return split(eval(exp(a) + sqrt(b)));
        case complex_op::log_sin: return split(eval(log(a) * abs(sin(a))));
        case complex_op::tanh_cos: return split(eval(tanh(a) * abs(cos(b))));  // no cancellation
        case complex_op::abs_angle: return split(eval(abs(a) * angle(b)));
        case complex_op::parts: return split(eval(real(a) * imag(b) + real(b)));
        case complex_op::sign_square: return split(eval(sign(a) + square(a)));
        case complex_op::equal: return split(eval(a == b));
        case complex_op::nan_or_inf: return split(eval(isnan(a) | isinf(b)));
        case complex_op::sum_axis: return split(eval(sum(a * b, c.k)));
        case complex_op::mean_axis: return split(eval(mean(a, c.k)));
        case complex_op::cumsum_axis: return split(eval(cumsum(a, c.k)));
        case complex_op::matmul: return split(eval(matmul(a, b)));
        case complex_op::vdot: return split(vdot(a, b));
        case complex_op::sort_axis: return split(sort(a, c.k));
    }
    throw std::logic_error("unknown complex operation");
}

std::vector<outcome> complex_in_loom(const complex_case& c) {
    std::vector<outcome> three(3);
    try {
        const auto with_complex_type = [&](auto f) {
            return c.a.type == operand_type::complex64 ? f(std::type_identity<std::complex<float>>{})
                                                       : f(std::type_identity<std::complex<double>>{});
        };
        const three_results r = with_complex_type([&]<class A>(std::type_identity<A>) {
            return with_operand_type(c.b.type, [&]<class B>(std::type_identity<B>) {
                const tensor<A> a = tensor_of<A>(c.a);
                const tensor<B> b = tensor_of<B>(c.b);
                if (c.transposed) return run_on(c, a.transpose(), b);
                return run_on(c, a, b);
            });
        });
        three[0].value = r.real;
        three[1].value = r.imag;
        three[2].value = r.complex;
    } catch (const broadcast_error& error) {
        for (outcome& o : three) o = {outcome::kind::broadcast_error, {}, error.what()};
    } catch (const std::exception& error) {
        for (outcome& o : three) o = {outcome::kind::other_error, {}, error.what()};
    }
    return three;
}

// ---- NumPy ----

std::string python_list(const std::vector<double>& values) {
    std::string text = "[";
    for (double v : values) {
        char buffer[40];
        if (std::isnan(v)) text += "nan";
        else if (std::isinf(v)) text += v > 0 ? "inf" : "-inf";
        else if (v == 0 && std::signbit(v)) text += "-0.0";
        else {
            std::snprintf(buffer, sizeof buffer, "%.17g", v);
            text += buffer;
        }
        text += ", ";
    }
    return text + "]";
}

std::string python_of(const operand& o) {
    return "operand(" + python_list(o.real) + ", " + python_list(o.imag) + ", '" +
           operand_type_names[std::size_t(o.type)] + "', " + loom::to_string(o.shape) + ")";
}

constexpr const char* complex_rules_source = R"(from loom_outcomes import *

def operand(real, imag, dtype, shape):
    z = np.empty(len(real), dtype)
    if z.dtype.kind == 'c':
        z.real = real
        z.imag = imag
    else:
        z[...] = real
    return z.reshape(shape)

def mean(a, axis):
    # loom divides every mean in its own type; NumPy's mean to a single
    # complex64 number divides in complex128, through a scalar.
    return np.true_divide(np.sum(a, axis, keepdims=True), a.shape[axis]).squeeze(axis)

def emit(number, compute):
    try:
        r = np.asarray(compute())
    except Exception as error:
        for k in range(3):
            print(3 * number + k, 'raise', type(error).__name__, str(error).replace('\n', ' '))
        return
    shape = ','.join(str(s) for s in r.shape) if r.ndim else '-'
    parts = (np.real(r), np.imag(r))
    for k in range(2):
        print(3 * number + k, 'ok', parts[k].dtype.name, shape, *values_of(parts[k]))
    print(3 * number + 2, 'ok bool -', '1' if r.dtype.kind == 'c' else '0')
)";

std::string complex_call(const complex_case& c) {
    const std::string k = std::to_string(c.k);
    switch (c.op) {
        case complex_op::add: return "a + b";
        case complex_op::subtract: return "a - b";
        case complex_op::multiply: return "a * b";
        case complex_op::divide: return "a / b";
        case complex_op::power_integer: return "np.power(a, np.int32(" + k + "))";  // not **, which takes reciprocal
        case complex_op::fused: return "a * b - np.conj(a) / (b + 1)";
        case complex_op::exp_sqrt: return "np.exp(a) + np.sqrt(b)";
        case complex_op::log_sin: return "np.log(a) * np.abs(np.sin(a))";
        case complex_op::tanh_cos: return "np.tanh(a) * np.abs(np.cos(b))";
        case complex_op::abs_angle: return "np.abs(a) * np.angle(b)";
        case complex_op::parts: return "np.real(a) * np.imag(b) + np.real(b)";
        case complex_op::sign_square: return "np.sign(a) + np.square(a)";
        case complex_op::equal: return "np.equal(a, b)";  // NumPy 1.24's == gives False for shapes that do not broadcast
        case complex_op::nan_or_inf: return "np.isnan(a) | np.isinf(b)";
        case complex_op::sum_axis: return "np.sum(a * b, " + k + ")";
        case complex_op::mean_axis: return "mean(a, " + k + ")";
        case complex_op::cumsum_axis: return "np.cumsum(a, " + k + ")";
        case complex_op::matmul: return "np.matmul(a, b)";
        case complex_op::vdot: return "np.vdot(a, b)";
        case complex_op::sort_axis: return "np.sort(a, " + k + ")";
    }
    throw std::logic_error("unknown complex operation");
}

std::string complex_case_python(const complex_case& c) {
    return "a = " + python_of(c.a) + (c.transposed ? ".T" : "") + "\nb = " + python_of(c.b) + "\nemit(" +
           std::to_string(c.number) + ", lambda: " + complex_call(c) + ")\n";
}

// ---- the suite ----

// The parts of a case's result compared within a few ulps where NumPy's own
// code may round differently from C's: arctan2 (in angle), cos of real
// numbers, and its complex logarithm. The errors are counted in float32
// ulps when an operand is of float32 parts. (Those cases multiply by real
// moduli, never by complex numbers, whose products could cancel.)
int ulps_of(complex_op op) {
    return op == complex_op::abs_angle || op == complex_op::tanh_cos || op == complex_op::log_sin ? 4 : 0;
}

dtype ulps_type(const complex_case& c) {
    const bool single = c.a.type == operand_type::complex64 || c.b.type == operand_type::complex64 ||
                        c.b.type == operand_type::float32;
    return single ? dtype::float32 : dtype::float64;
}

struct complex_cases {
    using case_type = complex_case;
    static constexpr const char* label = "complex";
    static constexpr const char* title = "complex numbers";
    static constexpr const char* count_variable = "LOOM_DIFF_COMPLEX_CASES";
    static constexpr std::uint64_t default_count = default_complex_case_count;
    static constexpr const char* rules_module = "loom_complex_rules";
    static constexpr const char* rules_source = complex_rules_source;
    static constexpr auto generate = &complex_generate;
    static constexpr auto evaluate_in_loom = &complex_in_loom;
    static constexpr auto case_python = &complex_case_python;
    static const char* operation(const complex_case& c) { return complex_op_names[std::size_t(c.op)]; }
    static constexpr std::size_t outcomes_per_case = 3;  ///< real parts, imaginary parts, complex or not
};

class ComplexAgainstNumPy : public case_suite<complex_cases> {};

TEST_F(ComplexAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) -> std::optional<std::string> {
        constexpr const char* parts[] = {"real parts", "imaginary parts", "complex or not"};
        const complex_case& c = run().cases[i];
        for (std::size_t k = 0; k < 3; ++k) {
            const std::size_t row = 3 * i + k;
            if (const auto what = difference(run().loom[row], run().numpy[row], ulps_of(c.op), ulps_type(c))) {
                return std::string(parts[k]) + ": " + *what;
            }
        }
        return std::nullopt;
    });
}
TEST_F(ComplexAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every operation and operand type, and
// some refused cases, or the comparisons above would silently cover less.
TEST_F(ComplexAgainstNumPy, CasesCoverEveryOperationAndType) {
    if (run().cases.size() < default_complex_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const complex_case& c = run().cases[i];
        ++counts[std::string(complex_op_names[std::size_t(c.op)]) + (failed(run().numpy[3 * i]) ? " refused" : " computed")];
        ++counts[std::string("a ") + operand_type_names[std::size_t(c.a.type)]];
        ++counts[std::string("b ") + operand_type_names[std::size_t(c.b.type)]];
        ++counts[c.transposed ? "transposed" : "as it is"];
    }
    for (const char* name : complex_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (const char* name : {"complex64", "complex128"}) EXPECT_GT(counts[std::string("a ") + name], 0) << name;
    for (const char* name : operand_type_names) EXPECT_GT(counts[std::string("b ") + name], 0) << name;
    EXPECT_GT(counts["transposed"], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 100) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
