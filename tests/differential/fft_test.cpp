// The differential test of numpy.fft (fft/transforms.hpp, fft/frequencies.hpp)
// against NumPy 1.24: random cases (an operand of rank 1 to 3 of float64,
// float32, int32, complex128 or complex64, with sizes from 1 to 64, some
// primes above, now and then 0; as it is or transposed; random n, axis, s,
// axes and norm, invalid ones included) run through loom and through NumPy
// and compared as three results: the real parts and the imaginary parts
// (shape, and values within a relative RMS error of 1e-14 of the result's
// own RMS), and the result's dtype; loom throwing exactly when NumPy
// raises. loom computes in double precision as NumPy 1.24 does, so the
// dtypes compare exactly.
//
// LOOM_DIFF_SEED and LOOM_DIFF_FFT_CASES choose the cases.

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "comparator.hpp"
#include "loom/fft.hpp"
#include "numpy_runner.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_fft_case_count = 800;

enum class fft_op : std::uint8_t {
    fft, ifft, rfft, irfft, fft2, ifft2, rfft2, irfft2, fftn, ifftn, rfftn, irfftn, fftfreq, rfftfreq, fftshift,
    ifftshift,
};
constexpr std::size_t fft_op_count = static_cast<std::size_t>(fft_op::ifftshift) + 1;
constexpr const char* fft_op_names[fft_op_count] = {
    "fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "rfft2", "irfft2", "fftn", "ifftn", "rfftn", "irfftn",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift"};

enum class fft_type : std::uint8_t { float64, float32, int32, complex128, complex64 };
constexpr const char* fft_type_names[] = {"float64", "float32", "int32", "complex128", "complex64"};
constexpr const char* fft_norm_names[] = {"backward", "ortho", "forward"};

struct fft_case {
    std::uint64_t seed = 0;
    int number = 0;
    fft_op op = fft_op::fft;
    fft_type type = fft_type::float64;
    shape_type shape;
    std::vector<double> real, imag;
    bool transposed = false;
    std::optional<index_t> n;                 ///< n, or the length of fftfreq
    index_t axis = -1;
    std::optional<std::vector<index_t>> s;    ///< s of the 2-D and n-D transforms
    std::optional<std::vector<index_t>> axes; ///< their axes, and the shifts'
    std::size_t norm = 0;
    double d = 1.0;                           ///< the spacing of fftfreq
};

bool fft_real_only(fft_op op) {
    return op == fft_op::rfft || op == fft_op::rfft2 || op == fft_op::rfftn;
}

// ---- generation ----

index_t fft_size(random_source& random, bool long_axis) {
    if (random.chance(0.04)) return 0;
    if (long_axis) {
        constexpr index_t primes[] = {67, 97, 101, 127, 131, 257};
        return random.chance(0.25) ? random.pick(primes) : random.between(1, 64);
    }
    return random.between(1, 6);
}

fft_case fft_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0xbb67ae8584caa73bull * std::uint64_t(number + 1)));
    fft_case c;
    c.seed = seed;
    c.number = number;
    c.op = fft_op(random.below(fft_op_count));
    c.type = fft_type(random.below(fft_real_only(c.op) ? 3 : 5));
    const std::size_t rank = 1 + random.below(3);
    const std::size_t long_axis = random.below(rank);
    for (std::size_t d = 0; d < rank; ++d) c.shape.push_back(fft_size(random, d == long_axis));
    c.transposed = random.chance(0.3);
    index_t count = 1;
    for (index_t size : c.shape) count *= size;
    const bool complex = c.type == fft_type::complex128 || c.type == fft_type::complex64;
    for (index_t i = 0; i < count; ++i) {
        // Values a float32 holds exactly, so that every type reads the same numbers.
        c.real.push_back(c.type == fft_type::int32 ? double(random.between(-9, 9))
                                                   : double(float(random.between(-1000, 1000) / 256.0)));
        c.imag.push_back(complex ? double(float(random.between(-1000, 1000) / 256.0)) : 0.0);
    }
    const auto r = static_cast<index_t>(rank);
    if (random.chance(0.5)) c.n = random.chance(0.08) ? random.between(-1, 0) : random.between(1, 70);
    if (c.op == fft_op::fftfreq || c.op == fft_op::rfftfreq) {
        // rfftfreq of a negative n is refused by loom, where NumPy gives an empty array.
        const index_t smallest = c.op == fft_op::rfftfreq ? 0 : -1;
        c.n = random.chance(0.08) ? random.between(smallest, 0) : random.between(1, 70);
        constexpr double spacings[] = {1.0, 0.1, 2.5, -0.5};
        c.d = random.pick(spacings);
    }
    c.axis = random.chance(0.06) ? random.between(r, r + 1) * (random.chance(0.5) ? 1 : -1) : random.between(-r, r - 1);
    if (random.chance(0.6)) {
        std::vector<index_t> axes;
        const std::size_t k = random.below(rank + 1) + (random.chance(0.9) ? 0 : 1);
        for (std::size_t i = 0; i < k; ++i) axes.push_back(random.chance(0.05) ? r : random.between(-r, r - 1));
        c.axes = axes;
    }
    if (random.chance(0.5)) {
        std::vector<index_t> s;
        std::size_t k = c.axes ? c.axes->size() : 1 + random.below(rank);
        if (random.chance(0.05)) ++k;
        for (std::size_t i = 0; i < k; ++i) s.push_back(random.chance(0.04) ? 0 : random.between(1, 12));
        c.s = s;
    }
    c.norm = random.below(3);
    return c;
}

// ---- loom ----

/// The three results of a case: real parts, imaginary parts, the dtype's number in fft_type_names or 5 for bool.
struct fft_results {
    any_tensor real, imag, type;
};

template <class T>
constexpr std::int64_t fft_type_code() {
    if constexpr (std::same_as<T, double>) return 0;
    else if constexpr (std::same_as<T, float>) return 1;
    else if constexpr (std::same_as<T, std::int32_t>) return 2;
    else if constexpr (std::same_as<T, std::complex<double>>) return 3;
    else return 4;
}

template <class T>
fft_results fft_split(const tensor<T>& r) {
    tensor<double> re(r.shape()), im(r.shape());
    for (index_t i = 0; i < r.size(); ++i) {
        if constexpr (complex_element<T>) {
            re.data()[i] = double(r.data()[i].real());
            im.data()[i] = double(r.data()[i].imag());
        } else {
            re.data()[i] = double(r.data()[i]);
            im.data()[i] = 0.0;
        }
    }
    return {any_tensor(std::move(re)), any_tensor(std::move(im)), any_tensor(tensor<std::int64_t>(shape_type{},
                                                                                                   fft_type_code<T>()))};
}

template <class T>
tensor<T> fft_operand(const fft_case& c) {
    tensor<T> t(c.shape);
    for (std::size_t i = 0; i < c.real.size(); ++i) {
        if constexpr (complex_element<T>) {
            t.data()[i] = T(typename T::value_type(c.real[i]), typename T::value_type(c.imag[i]));
        } else {
            t.data()[i] = T(c.real[i]);
        }
    }
    return t;
}

template <class X>
fft_results fft_run_on(const fft_case& c, const X& x) {
    const auto mode = fft::norm(c.norm);
    const std::vector<index_t> two = c.axes ? *c.axes : std::vector<index_t>{-2, -1};
    using T = value_type_of<X>;
    switch (c.op) {
        case fft_op::fft: return fft_split(fft::fft(x, c.n, c.axis, mode));
        case fft_op::ifft: return fft_split(fft::ifft(x, c.n, c.axis, mode));
        case fft_op::irfft: return fft_split(fft::irfft(x, c.n, c.axis, mode));
        case fft_op::fft2: return fft_split(fft::fft2(x, c.s, two, mode));
        case fft_op::ifft2: return fft_split(fft::ifft2(x, c.s, two, mode));
        case fft_op::irfft2: return fft_split(fft::irfft2(x, c.s, two, mode));
        case fft_op::fftn: return fft_split(fft::fftn(x, c.s, c.axes, mode));
        case fft_op::ifftn: return fft_split(fft::ifftn(x, c.s, c.axes, mode));
        case fft_op::irfftn: return fft_split(fft::irfftn(x, c.s, c.axes, mode));
        case fft_op::fftfreq: return fft_split(fft::fftfreq(*c.n, c.d));
        case fft_op::rfftfreq: return fft_split(fft::rfftfreq(*c.n, c.d));
        case fft_op::fftshift: return fft_split(fft::fftshift(x, c.axes));
        case fft_op::ifftshift: return fft_split(fft::ifftshift(x, c.axes));
        case fft_op::rfft:
        case fft_op::rfft2:
        case fft_op::rfftn:
            if constexpr (complex_element<T>) {
                throw std::logic_error("complex input to a real transform is not generated");
            } else {
                if (c.op == fft_op::rfft) return fft_split(fft::rfft(x, c.n, c.axis, mode));
                if (c.op == fft_op::rfft2) return fft_split(fft::rfft2(x, c.s, two, mode));
                return fft_split(fft::rfftn(x, c.s, c.axes, mode));
            }
    }
    throw std::logic_error("unknown fft operation");
}

template <class T>
fft_results fft_run_typed(const fft_case& c) {
    const tensor<T> x = fft_operand<T>(c);
    if (c.transposed) return fft_run_on(c, x.transpose());
    return fft_run_on(c, x);
}

std::vector<outcome> fft_in_loom(const fft_case& c) {
    std::vector<outcome> three(3);
    try {
        fft_results r;
        switch (c.type) {
            case fft_type::float64: r = fft_run_typed<double>(c); break;
            case fft_type::float32: r = fft_run_typed<float>(c); break;
            case fft_type::int32: r = fft_run_typed<std::int32_t>(c); break;
            case fft_type::complex128: r = fft_run_typed<std::complex<double>>(c); break;
            case fft_type::complex64: r = fft_run_typed<std::complex<float>>(c); break;
        }
        three[0].value = std::move(r.real);
        three[1].value = std::move(r.imag);
        three[2].value = std::move(r.type);
    } catch (const std::exception& error) {
        for (outcome& o : three) o = {outcome::kind::other_error, {}, error.what()};
    }
    return three;
}

// ---- NumPy ----

std::string fft_python_list(const std::vector<double>& values) {
    std::string text = "[";
    for (double v : values) {
        char buffer[40];
        std::snprintf(buffer, sizeof buffer, "%.17g", v);
        text += buffer;
        text += ",";
    }
    return text + "]";
}

std::string fft_python_optional(const std::optional<std::vector<index_t>>& values) {
    return values ? fft_python_list(std::vector<double>(values->begin(), values->end())) : "None";
}

constexpr const char* fft_rules_source = R"(from loom_outcomes import *
codes = {'float64': 0, 'float32': 1, 'int32': 2, 'complex128': 3, 'complex64': 4}

def operand(real, imag, dtype, shape, transposed):
    z = np.empty(len(real), dtype)
    if z.dtype.kind == 'c':
        z.real = real
        z.imag = imag
    else:
        z[...] = real
    z = z.reshape(shape)
    return z.T if transposed else z

def ints(values):
    return None if values is None else [int(v) for v in values]

def emit(number, compute):
    try:
        r = np.asarray(compute())
    except Exception as error:
        for k in range(3):
            print(3 * number + k, 'raise', type(error).__name__, str(error).replace('\n', ' '))
        return
    shape = ','.join(str(s) for s in r.shape) if r.ndim else '-'
    for k, part in enumerate((np.real(r), np.imag(r))):
        print(3 * number + k, 'ok float64', shape, *[repr(float(v)) for v in part.ravel()])
    print(3 * number + 2, 'ok int64 -', codes[r.dtype.name])
)";

std::string fft_call(const fft_case& c) {
    const std::string n = c.n ? std::to_string(*c.n) : "None";
    const std::string norm = std::string("'") + fft_norm_names[c.norm] + "'";
    const std::string one = "(x, " + n + ", " + std::to_string(c.axis) + ", " + norm + ")";
    const std::string s = "ints(" + fft_python_optional(c.s) + ")";
    const std::string axes = "ints(" + fft_python_optional(c.axes) + ")";
    const std::string two = "(x, " + s + ", " + (c.axes ? axes : "(-2, -1)") + ", " + norm + ")";
    const std::string many = "(x, " + s + ", " + axes + ", " + norm + ")";
    char spacing[40];
    std::snprintf(spacing, sizeof spacing, "%.17g", c.d);
    switch (c.op) {
        case fft_op::fft: return "np.fft.fft" + one;
        case fft_op::ifft: return "np.fft.ifft" + one;
        case fft_op::rfft: return "np.fft.rfft" + one;
        case fft_op::irfft: return "np.fft.irfft" + one;
        case fft_op::fft2: return "np.fft.fft2" + two;
        case fft_op::ifft2: return "np.fft.ifft2" + two;
        case fft_op::rfft2: return "np.fft.rfft2" + two;
        case fft_op::irfft2: return "np.fft.irfft2" + two;
        case fft_op::fftn: return "np.fft.fftn" + many;
        case fft_op::ifftn: return "np.fft.ifftn" + many;
        case fft_op::rfftn: return "np.fft.rfftn" + many;
        case fft_op::irfftn: return "np.fft.irfftn" + many;
        case fft_op::fftfreq: return "np.fft.fftfreq(" + n + ", " + spacing + ")";
        case fft_op::rfftfreq: return "np.fft.rfftfreq(" + n + ", " + spacing + ")";
        case fft_op::fftshift: return "np.fft.fftshift(x, " + axes + ")";
        case fft_op::ifftshift: return "np.fft.ifftshift(x, " + axes + ")";
    }
    throw std::logic_error("unknown fft operation");
}

std::string fft_case_python(const fft_case& c) {
    return "x = operand(" + fft_python_list(c.real) + ", " + fft_python_list(c.imag) + ", '" +
           fft_type_names[std::size_t(c.type)] + "', " + loom::to_string(c.shape) + ", " +
           (c.transposed ? "True" : "False") + ")\nemit(" + std::to_string(c.number) + ", lambda: " + fft_call(c) +
           ")\n";
}

// ---- the suite ----

/// How the parts of loom's result differ from NumPy's, or nothing when they
/// agree: the same shapes, and a relative RMS error of at most 1e-14 over
/// both parts together.
std::optional<std::string> fft_difference(const outcome& loom_real, const outcome& loom_imag,
                                          const outcome& numpy_real, const outcome& numpy_imag) {
    const auto& lr = std::get<tensor<double>>(loom_real.value);
    const auto& li = std::get<tensor<double>>(loom_imag.value);
    const auto& nr = std::get<tensor<double>>(numpy_real.value);
    const auto& ni = std::get<tensor<double>>(numpy_imag.value);
    if (lr.shape() != nr.shape()) return "shape " + loom::to_string(lr.shape()) + " against " + loom::to_string(nr.shape());
    long double error = 0;
    long double size = 0;
    for (index_t i = 0; i < lr.size(); ++i) {
        const long double dr = (long double)lr.data()[i] - nr.data()[i];
        const long double di = (long double)li.data()[i] - ni.data()[i];
        error += dr * dr + di * di;
        size += (long double)nr.data()[i] * nr.data()[i] + (long double)ni.data()[i] * ni.data()[i];
    }
    const double relative = size == 0 ? double(std::sqrt(error)) : double(std::sqrt(error / size));
    if (relative > 1e-14 && std::sqrt(double(error)) > 1e-13) {
        return "relative RMS error " + std::to_string(relative);
    }
    return std::nullopt;
}

struct fft_cases {
    using case_type = fft_case;
    static constexpr const char* label = "fft";
    static constexpr const char* title = "fft";
    static constexpr const char* count_variable = "LOOM_DIFF_FFT_CASES";
    static constexpr std::uint64_t default_count = default_fft_case_count;
    static constexpr const char* rules_module = "loom_fft_rules";
    static constexpr const char* rules_source = fft_rules_source;
    static constexpr auto generate = &fft_generate;
    static constexpr auto evaluate_in_loom = &fft_in_loom;
    static constexpr auto case_python = &fft_case_python;
    static const char* operation(const fft_case& c) { return fft_op_names[std::size_t(c.op)]; }
    static constexpr std::size_t outcomes_per_case = 3;  ///< real parts, imaginary parts, and the dtype
    static constexpr std::size_t batch_size = 400;
};

class FftAgainstNumPy : public case_suite<fft_cases> {};

TEST_F(FftAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) -> std::optional<std::string> {
        const auto& l = run().loom;
        const auto& n = run().numpy;
        if (const auto what = fft_difference(l[3 * i], l[3 * i + 1], n[3 * i], n[3 * i + 1])) return what;
        // With no axis to transform, NumPy returns its input unchanged, of its own type (docs/fft.md).
        const fft_case& c = run().cases[i];
        const bool no_axis = c.axes && c.axes->empty() && c.op != fft_op::fftshift && c.op != fft_op::ifftshift;
        if (no_axis) return std::nullopt;
        if (const auto what = difference(l[3 * i + 2], n[3 * i + 2], 0)) return "dtype: " + *what;
        return std::nullopt;
    });
}
TEST_F(FftAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every function, type and input kind, and
// some refused cases, or the comparisons above would silently cover less.
TEST_F(FftAgainstNumPy, CasesCoverEveryFunctionAndType) {
    if (run().cases.size() < default_fft_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const fft_case& c = run().cases[i];
        ++counts[std::string(fft_op_names[std::size_t(c.op)]) + (failed(run().numpy[3 * i]) ? " refused" : " computed")];
        ++counts[std::string("type ") + fft_type_names[std::size_t(c.type)]];
        ++counts[c.transposed ? "transposed" : "as it is"];
        ++counts["norm " + std::to_string(c.norm)];
    }
    for (const char* name : fft_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (const char* name : fft_type_names) EXPECT_GT(counts[std::string("type ") + name], 0) << name;
    for (int norm = 0; norm < 3; ++norm) EXPECT_GT(counts["norm " + std::to_string(norm)], 0);
    EXPECT_GT(counts["transposed"], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 50) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
