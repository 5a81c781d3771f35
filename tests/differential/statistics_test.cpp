// The differential test of the statistics (stats/*.hpp, and stddev) against
// NumPy: random cases (shapes of rank 0 to 3 with sizes 0 to 4; bool, int32,
// float32 and float64 with NaN and -0.0; tensors, transposed views and
// reversed strided views as inputs; random axes, keepdims, q, method, ddof,
// weights, rowvar, bias, fweights and aweights, invalid ones included) run through loom and through
// NumPy: the same dtype and shape, elements within a small relative
// tolerance (NumPy sums and interpolates in another order than loom), and
// loom throwing exactly when NumPy raises.
//
// The NumPy side follows loom's documented rules where they differ
// (docs/reductions.md, "Statistics"): median's and the quantiles' result is
// float64 for bool and integers and float32 for float32 with every method
// (NumPy 1.24 keeps the input's type for the methods that pick one
// element, and gives float64 for float32 with the others); ptp is not run on
// bool, which loom refuses to compile, as NumPy refuses to subtract bools;
// an axis of a rank-0 array is refused (NumPy takes 0 and -1 in places).
// Where NumPy 1.24's outcome for an array of no elements depends on its
// internal steps (an IndexError or a reshape error for some layouts, the
// nan forms dropping q's dimensions, average dividing by the result's size),
// the NumPy side gives loom's documented outcome: NaN for medians and nan
// quantiles, a refusal for quantiles of empty lanes, mean for average.
//
// LOOM_DIFF_SEED and LOOM_DIFF_STATS_CASES choose the cases.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "numpy_runner.hpp"
#include "python_literals.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_stats_case_count = 2000;

enum class stats_op : std::uint8_t {
    median, nanmedian, percentile, nanpercentile, quantile, nanquantile, nanvar, nanstd, stddev, nanargmin,
    nanargmax, nanprod, nancumsum, nancumprod, average, average_weighted, ptp, cov, corrcoef,
};
constexpr std::size_t stats_op_count = static_cast<std::size_t>(stats_op::corrcoef) + 1;
constexpr const char* stats_op_names[stats_op_count] = {
    "median", "nanmedian", "percentile", "nanpercentile", "quantile", "nanquantile", "nanvar", "nanstd", "stddev",
    "nanargmin", "nanargmax", "nanprod", "nancumsum", "nancumprod", "average", "average_weighted", "ptp", "cov",
    "corrcoef"};

constexpr dtype stats_dtypes[] = {dtype::boolean, dtype::int32, dtype::float32, dtype::float64};
constexpr quantile_method stats_methods[] = {
    quantile_method::linear, quantile_method::lower, quantile_method::higher, quantile_method::nearest,
    quantile_method::midpoint, quantile_method::inverted_cdf, quantile_method::averaged_inverted_cdf,
    quantile_method::closest_observation, quantile_method::interpolated_inverted_cdf, quantile_method::hazen,
    quantile_method::weibull, quantile_method::median_unbiased, quantile_method::normal_unbiased};
constexpr const char* stats_method_names[] = {
    "linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf", "averaged_inverted_cdf",
    "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased", "normal_unbiased"};
constexpr std::size_t stats_method_count = sizeof stats_methods / sizeof stats_methods[0];

/// How the operand is read: as it is, transposed, or reversed along its last axis with step 2.
enum class stats_view : std::uint8_t { tensor, transposed, reversed_strided };

struct stats_case {
    std::uint64_t seed = 0;
    int number = 0;
    stats_op op = stats_op::median;
    any_tensor a;
    any_tensor weights;          ///< average_weighted's
    stats_view view = stats_view::tensor;
    std::vector<index_t> axes;   ///< none: flat
    bool keepdims = false;
    std::vector<double> q;       ///< in percent
    bool q_scalar = true;
    std::size_t method = 0;
    index_t ddof = 0;            ///< cov: -1 for none
    bool flag = false;           ///< cov's rowvar, bias
    bool bias = false;
    std::optional<std::vector<std::int64_t>> fweights;  ///< cov's
    std::optional<std::vector<double>> aweights;        ///< cov's
};

// ---- generation ----

any_tensor stats_random_tensor(random_source& random, dtype type, const shape_type& shape) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> t(shape);
        for (T& x : t) {
            if constexpr (std::floating_point<T>) {
                const std::size_t kind = random.below(10);
                x = kind == 0 ? T(NAN) : kind == 1 ? T(-0.0) : T(random.between(-6, 6)) / T(4);
            } else if constexpr (std::same_as<T, bool>) {
                x = random.chance(0.5);
            } else {
                x = T(random.between(-5, 5));
            }
        }
        return any_tensor(std::move(t));
    });
}

shape_type stats_random_shape(random_source& random, std::size_t rank) {
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(random.chance(0.08) ? 0 : random.between(1, 4));
    return shape;
}

shape_type stats_viewed_shape(const shape_type& shape, stats_view view) {
    shape_type s = shape;
    if (view == stats_view::transposed) std::reverse(s.begin(), s.end());
    if (view == stats_view::reversed_strided) s.back() = (s.back() + 1) / 2;
    return s;
}

stats_case stats_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x3c6ef372fe94f82bull * std::uint64_t(number + 1)));
    stats_case c;
    c.seed = seed;
    c.number = number;
    c.op = stats_op(random.below(stats_op_count));
    dtype type = random.pick(stats_dtypes);
    if (c.op == stats_op::ptp && type == dtype::boolean) type = dtype::int32;
    const std::size_t rank = random.below(4);
    c.view = stats_view(random.below(rank == 0 ? 1 : 3));
    c.a = stats_random_tensor(random, type, stats_random_shape(random, rank));
    const shape_type seen = stats_viewed_shape(shape_of(c.a), c.view);
    const auto r = static_cast<index_t>(rank);
    const std::size_t axes = random.below(10);  // 0-3: flat, 4-8: one axis, 9: two
    const std::size_t count = axes < 4 ? 0 : axes < 9 ? 1 : 2;
    for (std::size_t i = 0; i < count; ++i) {  // now and then one out of range (every axis of rank 0 is)
        const index_t low = -r - (random.chance(0.1) || r == 0 ? 1 : 0);
        c.axes.push_back(random.between(low, r - 1 + (random.chance(0.05) || r == 0 ? 1 : 0)));
    }
    c.keepdims = random.chance(0.3);
    c.q_scalar = random.chance(0.5);
    constexpr double common_q[] = {0, 10, 12.5, 25, 40, 50, 62.5, 75, 90, 100};
    const std::size_t qs = c.q_scalar ? 1 : random.below(4);
    for (std::size_t i = 0; i < qs; ++i) {
        const std::size_t kind = random.below(20);
        c.q.push_back(kind == 0 ? -5.0 : kind == 1 ? 105.0 : kind < 10 ? random.pick(common_q)
                                                                         : double(random.between(0, 1000)) / 10);
    }
    c.method = random.below(random.chance(0.5) ? 5 : stats_method_count);
    c.ddof = random.between(c.op == stats_op::cov ? -1 : 0, 2);
    c.flag = random.chance(0.5);
    c.bias = random.chance(0.3);
    // The weights: of the seen shape, or 1-D along the axis, now and then of a shape that does not fit.
    shape_type w_shape = seen;
    if (c.axes.size() == 1 && random.chance(0.5) && !seen.empty()) {
        const index_t a = c.axes[0] < 0 ? c.axes[0] + r : c.axes[0];
        w_shape = shape_type{a >= 0 && a < r ? seen[std::size_t(a)] : 2};
    }
    if (random.chance(0.05)) w_shape = stats_random_shape(random, random.below(3));
    // cov's observation weights, one per observation (NumPy's atleast_2d, transposed without rowvar), now
    // and then one too many, or negative.
    if (c.op == stats_op::cov) {
        const index_t observations = seen.empty() ? 1 : seen.size() == 1 || c.flag ? seen.back() : seen[0];
        const index_t length = std::max<index_t>(observations + (random.chance(0.05) ? 1 : 0), 0);
        if (random.chance(0.4)) {
            c.fweights.emplace();
            for (index_t i = 0; i < length; ++i) c.fweights->push_back(random.between(random.chance(0.03) ? -1 : 0, 3));
        }
        if (random.chance(0.4)) {
            c.aweights.emplace();
            for (index_t i = 0; i < length; ++i) c.aweights->push_back(double(random.between(0, 8)) / 4);
        }
    }
    c.weights = stats_random_tensor(random, random.chance(0.5) ? dtype::int32 : dtype::float64, w_shape);
    if (std::holds_alternative<tensor<double>>(c.weights)) {  // NaN-free weights, mostly positive
        for (double& w : std::get<tensor<double>>(c.weights)) w = std::isnan(w) ? 1.0 : std::abs(w) + 0.25;
    }
    return c;
}

// ---- loom ----

template <class T>
any_tensor stats_any(tensor<T> t) {
    return any_tensor(std::move(t));
}

axis_set stats_axes(const stats_case& c) {
    if (c.axes.empty()) return flat;
    return axis_set(std::span<const index_t>(c.axes));
}

template <class X>
any_tensor stats_run_on(const stats_case& c, const X& x) {
    using T = value_type_of<X>;
    const axis_set axes = stats_axes(c);
    const quantile_method method = stats_methods[c.method];
    std::vector<double> fractions;
    for (double q : c.q) fractions.push_back(q / 100);
    const auto quantiles = [&](auto f, const std::vector<double>& qs) {
        return c.q_scalar ? stats_any(f(qs[0])) : stats_any(f(qs));
    };
    switch (c.op) {
        case stats_op::median: return stats_any(median(x, axes, c.keepdims));
        case stats_op::nanmedian: return stats_any(nanmedian(x, axes, c.keepdims));
        case stats_op::percentile:
            return quantiles([&](const auto& q) { return percentile(x, q, axes, method, c.keepdims); }, c.q);
        case stats_op::nanpercentile:
            return quantiles([&](const auto& q) { return nanpercentile(x, q, axes, method, c.keepdims); }, c.q);
        case stats_op::quantile:
            return quantiles([&](const auto& q) { return quantile(x, q, axes, method, c.keepdims); }, fractions);
        case stats_op::nanquantile:
            return quantiles([&](const auto& q) { return nanquantile(x, q, axes, method, c.keepdims); }, fractions);
        case stats_op::nanvar: return stats_any(eval(nanvar(x, axes, c.ddof, c.keepdims)));
        case stats_op::nanstd: return stats_any(eval(nanstd(x, axes, c.ddof, c.keepdims)));
        case stats_op::stddev: return stats_any(eval(stddev(x, axes, c.ddof, c.keepdims)));
        case stats_op::nanargmin: return stats_any(nanargmin(x, axes, c.keepdims));
        case stats_op::nanargmax: return stats_any(nanargmax(x, axes, c.keepdims));
        case stats_op::nanprod: return stats_any(eval(nanprod(x, axes, c.keepdims)));
        case stats_op::nancumsum: return stats_any(eval(nancumsum(x, axes)));
        case stats_op::nancumprod: return stats_any(eval(nancumprod(x, axes)));
        case stats_op::average: return stats_any(eval(average(x, axes, c.keepdims)));
        case stats_op::average_weighted:
            return std::visit(
                [&](const auto& w) -> any_tensor {
                    if constexpr (std::same_as<typename std::remove_cvref_t<decltype(w)>::value_type, double> ||
                                  std::same_as<typename std::remove_cvref_t<decltype(w)>::value_type, std::int32_t>) {
                        return stats_any(average(x, w, axes, c.keepdims));
                    } else {
                        throw std::logic_error("weights of a type the statistics suite does not generate");
                    }
                },
                c.weights);
        case stats_op::ptp:
            if constexpr (std::same_as<T, bool>) throw std::logic_error("ptp of bool is not generated");
            else return stats_any(eval(ptp(x, axes, c.keepdims)));
        case stats_op::cov: {
            cov_options options;
            options.rowvar = c.flag;
            options.bias = c.bias;
            options.fweights = c.fweights;
            options.aweights = c.aweights;
            if (c.ddof >= 0) options.ddof = c.ddof;
            return stats_any(cov(x, options));
        }
        case stats_op::corrcoef: return stats_any(corrcoef(x, {.rowvar = c.flag}));
    }
    throw std::logic_error("unknown statistics operation");
}

outcome stats_in_loom(const stats_case& c) {
    outcome o;
    try {
        o.value = std::visit(
            [&]<class T>(const tensor<T>& a) -> any_tensor {
                if constexpr (std::same_as<T, bool> || std::same_as<T, std::int32_t> || std::same_as<T, float> ||
                              std::same_as<T, double>) {
                    if (c.view == stats_view::transposed) return stats_run_on(c, a.transpose());
                    if (c.view == stats_view::reversed_strided) {
                        return stats_run_on(c, a(ellipsis, range(none, none, -2)));
                    }
                    return stats_run_on(c, a);
                } else {
                    throw std::logic_error("an element type the statistics suite does not generate");
                }
            },
            c.a);
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = error.what();
    }
    return o;
}

// ---- NumPy ----

constexpr const char* stats_rules_source = R"(from loom_outcomes import *

def view(a, kind):
    return [a, a.T, a[..., ::-2] if a.ndim else a][kind]

def in_loom_type(x, r):
    return np.asarray(r).astype('float32' if x.dtype == np.float32 else 'float64')

def along(x, axes):
    if axes is not None and x.ndim == 0:
        raise ValueError('an axis of a rank-0 array')
    return x

def median(f, x, axes, keepdims):
    if x.size == 0:  # NumPy cannot reshape an empty array over several axes: the mean of nothing, NaN
        return in_loom_type(x, np.mean(x, axes, keepdims=keepdims))
    return in_loom_type(x, f(x, axes, keepdims=keepdims))

def quantiles(f, x, q, axes, method, keepdims):
    if x.size == 0:  # NumPy's outcome depends on its layout here: loom's rule, empty lanes refused
        shape = np.sum(x, axes, keepdims=keepdims).shape
        f(np.zeros(1), q, method=method)
        if x.dtype == bool and method not in ('lower', 'higher', 'nearest', 'inverted_cdf', 'closest_observation'):
            raise TypeError('interpolating bools')
        if np.sum(x, axes).size > 0:
            raise IndexError('empty lanes')
        return np.empty(np.shape(q) + shape, 'float32' if x.dtype == np.float32 else 'float64')
    return in_loom_type(x, f(x, q, axes, method=method, keepdims=keepdims))

def nan_quantiles(f, x, q, axes, method, keepdims):
    picks_one = ('lower', 'higher', 'nearest', 'inverted_cdf', 'closest_observation')
    if x.dtype == bool and method not in picks_one:  # NumPy computes nanmean for no elements instead
        raise TypeError('interpolating bools')
    r = f(x, q, axes, method=method, keepdims=keepdims)
    if x.size == 0:  # NumPy 1.24 gives nanmean's result then, without q's dimensions
        r = np.broadcast_to(r, np.shape(q) + np.shape(r))
    return in_loom_type(x, r)

def average(x, axes, keepdims):
    try:
        return np.average(x, axes, keepdims=keepdims)
    except ZeroDivisionError:  # NumPy 1.24 divides by the result's size, 0 here
        return np.mean(x, axes, keepdims=keepdims)
)";

template <class N>
std::string stats_list(const std::vector<N>& numbers) {
    std::string text = "[";
    for (N v : numbers) text += python_number(double(v)) + ", ";
    return text + "]";
}

std::string stats_axes_python(const stats_case& c) {
    if (c.axes.size() == 1) return std::to_string(c.axes[0]);
    if (c.axes.size() == 2) return "(" + std::to_string(c.axes[0]) + ", " + std::to_string(c.axes[1]) + ")";
    return "None";
}

std::string stats_call(const stats_case& c) {
    const std::string axes = stats_axes_python(c);
    const std::string keep = std::string(", keepdims=") + (c.keepdims ? "True" : "False");
    std::string q, fractions;
    if (c.q_scalar) {
        q = python_number(c.q[0]);
        fractions = "np.true_divide(" + q + ", 100)";
    } else {
        q = "[";
        for (double v : c.q) q += python_number(v) + ", ";
        q += "]";
        fractions = "np.true_divide(" + q + ", 100)";
    }
    const std::string method = std::string(", method='") + stats_method_names[c.method] + "'";
    const std::string ddof = ", ddof=" + std::to_string(c.ddof);
    switch (c.op) {
        case stats_op::median: return "median(np.median, x, " + axes + keep + ")";
        case stats_op::nanmedian: return "median(np.nanmedian, x, " + axes + keep + ")";
        case stats_op::percentile: return "quantiles(np.percentile, x, " + q + ", " + axes + method + keep + ")";
        case stats_op::nanpercentile:
            return "nan_quantiles(np.nanpercentile, x, " + q + ", " + axes + method + keep + ")";
        case stats_op::quantile: return "quantiles(np.quantile, x, " + fractions + ", " + axes + method + keep + ")";
        case stats_op::nanquantile:
            return "nan_quantiles(np.nanquantile, x, " + fractions + ", " + axes + method + keep + ")";
        case stats_op::nanvar: return "np.nanvar(x, " + axes + ddof + keep + ")";
        case stats_op::nanstd: return "np.nanstd(x, " + axes + ddof + keep + ")";
        case stats_op::stddev: return "np.std(x, " + axes + ddof + keep + ")";
        case stats_op::nanargmin: return "np.nanargmin(x, " + axes + keep + ")";
        case stats_op::nanargmax: return "np.nanargmax(x, " + axes + keep + ")";
        case stats_op::nanprod: return "np.nanprod(x, " + axes + keep + ")";
        case stats_op::nancumsum: return "np.nancumsum(x, " + axes + ")";
        case stats_op::nancumprod: return "np.nancumprod(x, " + axes + ")";
        case stats_op::average: return "average(x, " + axes + keep + ")";
        case stats_op::average_weighted: return "np.average(x, " + axes + ", weights=w" + keep + ")";
        case stats_op::ptp: return "np.ptp(x, " + axes + keep + ")";
        case stats_op::cov: {
            std::string fweights = "None", aweights = "None";
            if (c.fweights) fweights = stats_list(*c.fweights);
            if (c.aweights) aweights = stats_list(*c.aweights);
            return std::string("np.cov(x, rowvar=") + (c.flag ? "True" : "False") + ", bias=" +
                   (c.bias ? "True" : "False") + ", ddof=" + (c.ddof < 0 ? "None" : std::to_string(c.ddof)) +
                   ", fweights=" + fweights + ", aweights=" + aweights + ")";
        }
        case stats_op::corrcoef: return std::string("np.corrcoef(x, rowvar=") + (c.flag ? "True" : "False") + ")";
    }
    throw std::logic_error("unknown statistics operation");
}

std::string stats_case_python(const stats_case& c) {
    const bool uses_axes = c.op != stats_op::cov && c.op != stats_op::corrcoef;
    return "a = " + python_array(c.a) + "\nw = " + python_array(c.weights) + "\nx = view(a, " +
           std::to_string(int(c.view)) + ")\nemit(" + std::to_string(c.number) + ", lambda: (along(x, " +
           (uses_axes ? stats_axes_python(c) : "None") + "), " + stats_call(c) + ")[1])\n";
}

// ---- comparison ----

// How loom's value differs from NumPy's, or nothing: dtype, shape, then
// elements (floats within a relative tolerance of their type, NaN equal to NaN).
std::optional<std::string> stats_difference(const any_tensor& loom, const any_tensor& numpy) {
    if (dtype_of(loom) != dtype_of(numpy)) {
        return std::string("dtype ") + name_of(dtype_of(loom)) + " vs " + name_of(dtype_of(numpy));
    }
    if (shape_of(loom) != shape_of(numpy)) {
        return "shape " + loom::to_string(shape_of(loom)) + " vs " + loom::to_string(shape_of(numpy));
    }
    return std::visit(
        [&]<class T>(const tensor<T>& ours) -> std::optional<std::string> {
            const tensor<T>& theirs = std::get<tensor<T>>(numpy);
            for (index_t i = 0; i < ours.size(); ++i) {
                const T a = ours.data()[i], b = theirs.data()[i];
                bool same = a == b;
                if constexpr (std::floating_point<T>) {
                    const double tolerance = std::same_as<T, float> ? 1e-5 : 1e-10;
                    same = same || (std::isnan(a) && std::isnan(b)) ||
                           std::abs(double(a) - double(b)) <= tolerance * (1 + std::abs(double(b)));
                }
                if (!same) return "element " + std::to_string(i) + " differs";
            }
            return std::nullopt;
        },
        loom);
}

// ---- the suite ----

struct stats_cases {
    using case_type = stats_case;
    static constexpr const char* label = "statistics";
    static constexpr const char* title = "statistics";
    static constexpr const char* count_variable = "LOOM_DIFF_STATS_CASES";
    static constexpr std::uint64_t default_count = default_stats_case_count;
    static constexpr const char* rules_module = "loom_stats_rules";
    static constexpr const char* rules_source = stats_rules_source;
    static constexpr auto generate = &stats_generate;
    static constexpr auto evaluate_in_loom = &stats_in_loom;
    static constexpr auto case_python = &stats_case_python;
    static const char* operation(const stats_case& c) { return stats_op_names[std::size_t(c.op)]; }
};

class StatisticsAgainstNumPy : public case_suite<stats_cases> {};

TEST_F(StatisticsAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) { return stats_difference(run().loom[i].value, run().numpy[i].value); });
}

TEST_F(StatisticsAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every function, method, input kind and
// type, and enough refused cases, or the comparisons above would cover less.
TEST_F(StatisticsAgainstNumPy, CasesCoverEveryFunctionMethodViewAndType) {
    if (run().cases.size() < default_stats_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const stats_case& c = run().cases[i];
        const std::string name = stats_op_names[std::size_t(c.op)];
        ++counts[name + (failed(run().numpy[i]) ? " refused" : " computed")];
        ++counts["view " + std::to_string(int(c.view))];
        ++counts[std::string("type ") + name_of(dtype_of(c.a))];
        const bool quantiles = c.op == stats_op::percentile || c.op == stats_op::nanpercentile ||
                               c.op == stats_op::quantile || c.op == stats_op::nanquantile;
        if (quantiles && !failed(run().numpy[i])) {
            ++counts[std::string("method ") + stats_method_names[c.method]];
        }
        if (c.op == stats_op::cov && (c.fweights || c.aweights)) {
            ++counts[failed(run().numpy[i]) ? "weighted cov refused" : "weighted cov computed"];
        }
        if (shape_of(c.a).size() == 0) ++counts["rank 0"];
        if (loom::element_count(shape_of(c.a)) == 0) ++counts["empty"];
    }
    for (const char* name : stats_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (const char* method : stats_method_names) EXPECT_GT(counts[std::string("method ") + method], 0) << method;
    for (int view = 0; view < 3; ++view) EXPECT_GT(counts["view " + std::to_string(view)], 0);
    for (dtype type : stats_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0);
    EXPECT_GT(counts["weighted cov computed"], 0);
    EXPECT_GT(counts["weighted cov refused"], 0);
    EXPECT_GT(counts["rank 0"], 0);
    EXPECT_GT(counts["empty"], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 20) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
