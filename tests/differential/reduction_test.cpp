// The differential test of reductions (reduce/: reductions.hpp,
// arg_reductions.hpp, cumulative.hpp) against NumPy: random cases call one
// of sum, prod, mean, max, min, nanmax, nanmin, nansum, nanmean, any, all,
// var, std, count_nonzero, argmax, argmin, cumsum and cumprod, or a
// reduction inside a larger expression (`x - max(x, axes, keepdims)`,
// `x / sum(x, axes, keepdims)`), on an operand of rank 0 to 4 with sizes 0
// to 5 (bool, int8, int32, int64, uint8, float32 and float64, floats with
// NaN and -0.0) read as a tensor, a transposed view or a view reversed with
// step 2, now and then inside an element-wise expression (`x * 2`,
// `abs(x - 1)`); the axes are flat, one axis (negative ones, out of range
// now and then) or a list of axes (in any order, empty, with an axis given
// twice or out of range now and then), with keepdims either way, ddof 0 to
// 2 for var and std, and now and then the dtype float64 (`sum<double>`).
// Each case runs through loom and through NumPy: the same dtype and shape,
// loom throwing exactly when NumPy raises, and the same elements. Integers,
// bools, min, max, argmax and the like compare exactly; floating results of
// the functions that add or multiply (sums, means, var, std, prod, cumsum,
// cumprod, the quotient by a sum) compare within a relative 1e-5 for float32
// and 1e-12 for float64 of a bound on their size, because loom's pairwise
// summation adds in another order than NumPy's (Note [pairwise sums]). -0.0
// compares equal to 0.0, and NaN to NaN.
//
// The NumPy side follows loom's documented rules where they differ:
// - the element-wise operand is computed in the type loom's promotion rules
//   give it (docs/semantics.md: a C++ int beside bool is int32, beside uint8
//   uint8, also for rank 0, where NumPy 1.x would choose a type by value);
// - argmax, argmin, cumsum and cumprod take one axis or flat: a list of one
//   axis is that axis (NumPy refuses any tuple, and so does loom for a list
//   of another length);
// - a rank-0 array has no axis: loom refuses any axis of it (as it does for
//   argsort, docs/joining-and-sorting.md), where NumPy accepts 0 and -1
//   given as one integer for most reductions, but not in a tuple nor for
//   var and std: the NumPy side refuses them too;
// - an empty extent is refused by max, min, nanmax, nanmin, argmax and
//   argmin exactly as NumPy raises "zero-size array ..." (even when the
//   result has no elements either), and nanmax of all-NaN is NaN.
//
// LOOM_DIFF_SEED and LOOM_DIFF_REDUCE_CASES choose the cases.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "numpy_runner.hpp"
#include "python_literals.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_reduce_case_count = 3000;

enum class reduce_op : std::uint8_t {
    sum, prod, mean, max, min, nanmax, nanmin, nansum, nanmean, any, all, var, std, count_nonzero,
    argmax, argmin, cumsum, cumprod, minus_max, over_sum,
};
constexpr std::size_t reduce_op_count = static_cast<std::size_t>(reduce_op::over_sum) + 1;
constexpr const char* reduce_op_names[reduce_op_count] = {
    "sum", "prod", "mean", "max", "min", "nanmax", "nanmin", "nansum", "nanmean", "any", "all", "var", "std",
    "count_nonzero", "argmax", "argmin", "cumsum", "cumprod", "minus_max", "over_sum"};

constexpr dtype reduce_dtypes[] = {dtype::boolean, dtype::int8,   dtype::int32,  dtype::int64,
                                   dtype::uint8,   dtype::float32, dtype::float64};

/// How the tensor is read: as it is, transposed, or reversed along its last axis with step 2.
enum class view_kind : std::uint8_t { tensor, transposed, reversed_strided };
/// The operand: the tensor (or view) itself, `x * 2` or `abs(x - 1)`.
enum class wrap_kind : std::uint8_t { none, times_two, abs_minus_one };
/// The axes: every one (flat), one, or a list.
enum class axes_kind : std::uint8_t { flat, one, list };

struct reduce_case {
    std::uint64_t seed = 0;
    int number = 0;
    reduce_op op = reduce_op::sum;
    any_tensor a;
    view_kind view = view_kind::tensor;
    wrap_kind wrap = wrap_kind::none;
    axes_kind axes = axes_kind::flat;
    std::vector<index_t> axis_list;  ///< one axis, or the list
    bool keepdims = false;
    index_t ddof = 0;
    bool as_double = false;  ///< the dtype float64 (sum, prod, mean, nansum, cumsum, cumprod)
};

bool takes_dtype(reduce_op op) {
    return op == reduce_op::sum || op == reduce_op::prod || op == reduce_op::mean || op == reduce_op::nansum ||
           op == reduce_op::cumsum || op == reduce_op::cumprod;
}

// ---- generation ----

any_tensor random_tensor(random_source& random, dtype type, const shape_type& shape) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> t(shape);
        for (T& x : t) {
            if constexpr (std::floating_point<T>) {
                const std::size_t kind = random.below(14);
                x = kind == 0 ? T(NAN) : kind == 1 ? T(-0.0) : T(random.between(-3, 3)) / T(2);
            } else if constexpr (std::same_as<T, bool>) {
                x = random.chance(0.5);
            } else {
                x = T(random.between(-3, 3));  // unsigned: 253 to 255 for the negative ones
            }
        }
        return any_tensor(std::move(t));
    });
}

/// Sizes 0 to 5, 0 and 1 often.
shape_type random_shape(random_source& random, std::size_t rank) {
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) {
        shape.push_back(random.chance(0.12) ? 0 : random.chance(0.25) ? 1 : random.between(2, 5));
    }
    return shape;
}

/// The shape that `view` gives a tensor of `shape`.
shape_type viewed_shape(const shape_type& shape, view_kind view) {
    shape_type s = shape;
    if (view == view_kind::transposed) std::reverse(s.begin(), s.end());
    if (view == view_kind::reversed_strided) s.back() = (s.back() + 1) / 2;
    return s;
}

index_t out_of_range_axis(random_source& random, index_t rank) {
    const index_t choices[] = {rank, rank + 1, -rank - 1, -rank - 2};
    return random.pick(choices);
}

void generate_axes(random_source& random, reduce_case& c, index_t rank) {
    const std::size_t kind = random.below(10);
    if (kind < 3) {
        c.axes = axes_kind::flat;
    } else if (kind < 7) {
        c.axes = axes_kind::one;
        if (rank == 0) {  // 0 and -1 are the axes NumPy takes for most reductions of a rank-0 array
            c.axis_list = {random.chance(0.5) ? random.between(-1, 0) : out_of_range_axis(random, 0)};
        } else {
            c.axis_list = {random.chance(0.08) ? out_of_range_axis(random, rank) : random.between(-rank, rank - 1)};
        }
    } else {
        c.axes = axes_kind::list;
        std::vector<index_t> order;
        for (index_t d = 0; d < rank; ++d) order.push_back(d);
        for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
        order.resize(random.below(std::size_t(rank) + 1));
        for (index_t& d : order) d = random.chance(0.3) ? d - rank : d;
        if (!order.empty() && random.chance(0.1)) {
            const index_t twice = order[random.below(order.size())];
            order.insert(order.begin() + std::ptrdiff_t(random.below(order.size() + 1)),
                         random.chance(0.5) ? twice : twice < 0 ? twice + rank : twice - rank);
        }
        if (random.chance(0.05)) order.insert(order.begin(), out_of_range_axis(random, rank));
        c.axis_list = order;
    }
}

reduce_case reduce_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0xbb67ae8584caa73bull * std::uint64_t(number + 1)));
    reduce_case c;
    c.seed = seed;
    c.number = number;
    c.op = reduce_op(random.below(reduce_op_count));
    dtype type = random.pick(reduce_dtypes);
    const std::size_t rank = random.below(5);
    c.view = view_kind(random.below(rank == 0 ? 1 : 3));
    const std::size_t wrap = random.below(8);
    c.wrap = wrap == 0 ? wrap_kind::times_two : wrap == 1 ? wrap_kind::abs_minus_one : wrap_kind::none;
    // NumPy has no subtraction of bools: x - max(x) of a bool x reads it as x * 2.
    if (c.op == reduce_op::minus_max && type == dtype::boolean && c.wrap == wrap_kind::none) {
        c.wrap = wrap_kind::times_two;
    }
    c.a = random_tensor(random, type, random_shape(random, rank));
    generate_axes(random, c, static_cast<index_t>(rank));
    c.keepdims = random.chance(0.5);
    c.ddof = random.between(0, 2);
    c.as_double = takes_dtype(c.op) && random.chance(0.2);
    return c;
}

// ---- loom ----

template <class F>
any_tensor with_type(const any_tensor& t, F&& f) {
    switch (dtype_of(t)) {
        case dtype::boolean: return f(std::get<tensor<bool>>(t));
        case dtype::int8: return f(std::get<tensor<std::int8_t>>(t));
        case dtype::int32: return f(std::get<tensor<std::int32_t>>(t));
        case dtype::int64: return f(std::get<tensor<std::int64_t>>(t));
        case dtype::uint8: return f(std::get<tensor<std::uint8_t>>(t));
        case dtype::float32: return f(std::get<tensor<float>>(t));
        case dtype::float64: return f(std::get<tensor<double>>(t));
        default: throw std::logic_error("an element type the reduction suite does not generate");
    }
}

/// The value of `e`, evaluated into a tensor of its own type.
template <class E>
any_tensor as_any(E&& e) {
    return any_tensor(tensor<value_type_of<E>>(std::forward<E>(e)));
}

axis_set axes_of(const reduce_case& c) {
    const std::vector<index_t>& l = c.axis_list;
    if (c.axes == axes_kind::flat) return flat;
    if (c.axes == axes_kind::one) return l[0];
    switch (l.size()) {
        case 0: return axis_set{};
        case 1: return {l[0]};
        case 2: return {l[0], l[1]};
        case 3: return {l[0], l[1], l[2]};
        case 4: return {l[0], l[1], l[2], l[3]};
        case 5: return {l[0], l[1], l[2], l[3], l[4]};
        case 6: return {l[0], l[1], l[2], l[3], l[4], l[5]};
        default: throw std::logic_error("more axes than the generator gives");
    }
}

template <class X>
any_tensor reduce_in_loom(const reduce_case& c, const X& x) {
    using T = value_type_of<X>;
    const axis_set axes = axes_of(c);
    const bool k = c.keepdims;
    switch (c.op) {
        case reduce_op::sum: return c.as_double ? as_any(loom::sum<double>(x, axes, k)) : as_any(loom::sum(x, axes, k));
        case reduce_op::prod:
            return c.as_double ? as_any(loom::prod<double>(x, axes, k)) : as_any(loom::prod(x, axes, k));
        case reduce_op::mean:
            return c.as_double ? as_any(loom::mean<double>(x, axes, k)) : as_any(loom::mean(x, axes, k));
        case reduce_op::max: return as_any(loom::max(x, axes, k));
        case reduce_op::min: return as_any(loom::min(x, axes, k));
        case reduce_op::nanmax: return as_any(loom::nanmax(x, axes, k));
        case reduce_op::nanmin: return as_any(loom::nanmin(x, axes, k));
        case reduce_op::nansum:
            return c.as_double ? as_any(loom::nansum<double>(x, axes, k)) : as_any(loom::nansum(x, axes, k));
        case reduce_op::nanmean: return as_any(loom::nanmean(x, axes, k));
        case reduce_op::any: return as_any(loom::any(x, axes, k));
        case reduce_op::all: return as_any(loom::all_of(x, axes, k));
        case reduce_op::var: return as_any(loom::var(x, axes, c.ddof, k));
        case reduce_op::std: return as_any(loom::std(x, axes, c.ddof, k));
        case reduce_op::count_nonzero: return as_any(loom::count_nonzero(x, axes, k));
        case reduce_op::argmax: return as_any(loom::argmax(x, axes, k));
        case reduce_op::argmin: return as_any(loom::argmin(x, axes, k));
        case reduce_op::cumsum: return c.as_double ? as_any(loom::cumsum<double>(x, axes)) : as_any(loom::cumsum(x, axes));
        case reduce_op::cumprod:
            return c.as_double ? as_any(loom::cumprod<double>(x, axes)) : as_any(loom::cumprod(x, axes));
        case reduce_op::minus_max:
            if constexpr (std::same_as<T, bool>) throw std::logic_error("the generator gives no bool x - max(x)");
            else return as_any(x - loom::max(x, axes, k));
        case reduce_op::over_sum: return as_any(x / loom::sum(x, axes, k));
    }
    throw std::logic_error("unknown reduction");
}

outcome reduce_case_in_loom(const reduce_case& c) {
    outcome o;
    try {
        o.value = with_type(c.a, [&]<class T>(const tensor<T>& a) {
            if (c.view == view_kind::tensor && c.wrap == wrap_kind::none) return reduce_in_loom(c, a);
            const tensor_view<const T> x = c.view == view_kind::transposed         ? a.transpose()
                                           : c.view == view_kind::reversed_strided ? a(ellipsis, range(none, none, -2))
                                                                                   : a.view();
            if (c.wrap == wrap_kind::times_two) return reduce_in_loom(c, x * 2);
            if (c.wrap == wrap_kind::abs_minus_one) return reduce_in_loom(c, loom::abs(x - 1));
            return reduce_in_loom(c, x);
        });
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = error.what();
    }
    return o;
}

/// The element type of the operand loom reduces.
dtype operand_dtype(const reduce_case& c) {
    return visit_dtype(dtype_of(c.a), [&]<class T>(std::type_identity<T>) {
        using X = tensor_view<const T>;
        if (c.wrap == wrap_kind::times_two) return dtype_v<value_type_of<decltype(std::declval<X>() * 2)>>;
        if (c.wrap == wrap_kind::abs_minus_one) {
            return dtype_v<value_type_of<decltype(loom::abs(std::declval<X>() - 1))>>;
        }
        return dtype_v<T>;
    });
}

// ---- NumPy ----

constexpr const char* reduce_rules_source = R"(from loom_outcomes import *

def view(a, kind):
    return [a, a.T, a[..., ::-2] if a.ndim else a][kind]

def operand(x, wrap, dtype):
    # computed in loom's type (NumPy 1.x would widen a rank-0 uint8 x - 1 by its value)
    if wrap == 1:
        return np.multiply(x, 2, dtype=dtype)
    if wrap == 2:
        return np.abs(np.subtract(x, 1, dtype=dtype))
    return x

def axes(x, axis):
    # loom: a rank-0 array has no axis (NumPy takes 0 and -1 given as one integer)
    if x.ndim == 0 and axis is not None and axis != ():
        raise ValueError('an axis of a rank-0 array')
    return axis

def one_axis(x, axis):
    # loom: a list of one axis is that axis for argmax, argmin, cumsum and cumprod
    return axes(x, axis[0] if isinstance(axis, tuple) and len(axis) == 1 else axis)
)";

std::string axes_python(const reduce_case& c) {
    if (c.axes == axes_kind::flat) return "None";
    if (c.axes == axes_kind::one) return std::to_string(c.axis_list[0]);
    std::string text = "(";
    for (index_t axis : c.axis_list) text += std::to_string(axis) + ", ";
    return text + ")";
}

std::string reduce_call(const reduce_case& c) {
    const std::string ax = "axes(x, " + axes_python(c) + ")";
    const std::string kd = std::string(", keepdims=") + (c.keepdims ? "True" : "False");
    const std::string dt = c.as_double ? ", dtype='float64'" : "";
    const std::string name = reduce_op_names[std::size_t(c.op)];
    switch (c.op) {
        case reduce_op::sum:
        case reduce_op::prod:
        case reduce_op::mean:
        case reduce_op::nansum: return "np." + name + "(x, " + ax + dt + kd + ")";
        case reduce_op::max:
        case reduce_op::min:
        case reduce_op::nanmax:
        case reduce_op::nanmin:
        case reduce_op::nanmean:
        case reduce_op::any:
        case reduce_op::all:
        case reduce_op::count_nonzero: return "np." + name + "(x, " + ax + kd + ")";
        case reduce_op::var:
        case reduce_op::std: return "np." + name + "(x, " + ax + ", ddof=" + std::to_string(c.ddof) + kd + ")";
        case reduce_op::argmax:
        case reduce_op::argmin: return "np." + name + "(x, one_axis(x, " + axes_python(c) + ")" + kd + ")";
        case reduce_op::cumsum:
        case reduce_op::cumprod: return "np." + name + "(x, one_axis(x, " + axes_python(c) + ")" + dt + ")";
        case reduce_op::minus_max: return "x - np.max(x, " + ax + kd + ")";
        case reduce_op::over_sum: return "x / np.sum(x, " + ax + kd + ")";
    }
    throw std::logic_error("unknown reduction");
}

std::string reduce_case_python(const reduce_case& c) {
    return "a = " + python_array(c.a) + "\nx = operand(view(a, " + std::to_string(int(c.view)) + "), " +
           std::to_string(int(c.wrap)) + ", '" + name_of(operand_dtype(c)) + "')\nemit(" + std::to_string(c.number) +
           ", lambda: " + reduce_call(c) + ")\n";
}

// ---- comparison ----

/// Whether floating results of `op` are sums (or products) whose order of
/// operations differs from NumPy's.
bool accumulates(reduce_op op) {
    switch (op) {
        case reduce_op::sum:
        case reduce_op::prod:
        case reduce_op::mean:
        case reduce_op::nansum:
        case reduce_op::nanmean:
        case reduce_op::var:
        case reduce_op::std:
        case reduce_op::cumsum:
        case reduce_op::cumprod:
        case reduce_op::over_sum: return true;
        default: return false;
    }
}

/// The number of elements each result element of a valid case reduces.
index_t extent_of(const reduce_case& c) {
    const shape_type shape = viewed_shape(shape_of(c.a), c.view);
    const auto rank = static_cast<index_t>(shape.size());
    if (c.axes == axes_kind::flat) return element_count(shape);
    std::vector<bool> reduced(shape.size(), false);
    for (index_t axis : c.axis_list) reduced[std::size_t(axis < 0 ? axis + rank : axis)] = true;
    index_t n = 1;
    for (std::size_t d = 0; d < shape.size(); ++d) n *= reduced[d] ? shape[d] : 1;
    return n;
}

/// The largest magnitude of the operand's elements (NaN aside), bounded from above.
double magnitude_of(const reduce_case& c) {
    double m = 0;
    std::visit([&](const auto& t) {
        for (const auto v : t) {
            const double x = std::fabs(double(v));
            if (x == x) m = std::max(m, x);
        }
    }, c.a);
    return c.wrap == wrap_kind::none ? m : 2 * m + 1;
}

/// How far a floating element of the result may be from NumPy's `theirs`.
double tolerance(const reduce_case& c, dtype result, double theirs) {
    const double relative = result == dtype::float32 ? 1e-5 : 1e-12;
    const auto n = static_cast<double>(std::max<index_t>(extent_of(c), 1));
    const double m = magnitude_of(c);
    switch (c.op) {
        case reduce_op::sum:
        case reduce_op::nansum:
        case reduce_op::cumsum: return relative * n * m;
        case reduce_op::mean:
        case reduce_op::nanmean: return relative * m;
        case reduce_op::var:  // sums of up to n squares of deviations up to 2m, over n - ddof
            return relative * 4 * m * m * n / std::max(n - double(c.ddof), 1.0);
        case reduce_op::std:  // compared squared (same_value)
            return relative * 4 * m * m * n / std::max(n - double(c.ddof), 1.0);
        case reduce_op::prod:
        case reduce_op::cumprod:
        case reduce_op::over_sum: return relative * n * std::fabs(theirs);
        default: return 0;
    }
}

enum class agreement : std::uint8_t { exact, within_tolerance, differs };

template <class T>
agreement compare_element(const reduce_case& c, T ours, T theirs) {
    if constexpr (std::floating_point<T>) {
        if (std::isnan(ours) || std::isnan(theirs)) {
            return std::isnan(ours) && std::isnan(theirs) ? agreement::exact : agreement::differs;
        }
        if (ours == theirs) return agreement::exact;  // -0.0 == 0.0
        if (!accumulates(c.op) || std::isinf(ours) || std::isinf(theirs)) return agreement::differs;
        const double a = ours, b = theirs;
        const double gap = c.op == reduce_op::std ? std::fabs(a * a - b * b) : std::fabs(a - b);
        return gap <= tolerance(c, dtype_v<T>, b) ? agreement::within_tolerance : agreement::differs;
    } else {
        return ours == theirs ? agreement::exact : agreement::differs;
    }
}

struct comparison {
    std::optional<std::string> difference;
    index_t within_tolerance = 0;  ///< elements not equal, but within the tolerance
};

comparison compare(const reduce_case& c, const any_tensor& ours, const any_tensor& theirs) {
    comparison result;
    if (dtype_of(ours) != dtype_of(theirs)) {
        result.difference = std::string("dtype: loom ") + name_of(dtype_of(ours)) + ", NumPy " + name_of(dtype_of(theirs));
        return result;
    }
    std::visit([&]<class T>(const tensor<T>& x) {
        const tensor<T>& y = std::get<tensor<T>>(theirs);
        if (!(x.shape() == y.shape())) {
            result.difference = "shape: loom " + loom::to_string(x.shape()) + ", NumPy " + loom::to_string(y.shape());
            return;
        }
        index_t differing = 0, first = -1;
        for (index_t i = 0; i < x.size(); ++i) {
            const agreement a = compare_element(c, x.data()[i], y.data()[i]);
            if (a == agreement::within_tolerance) ++result.within_tolerance;
            if (a == agreement::differs && differing++ == 0) first = i;
        }
        if (differing > 0) {
            std::ostringstream text;
            text.precision(17);
            text << differing << " of " << x.size() << " elements differ; the first, at flat index " << first
                 << ": loom " << +x.data()[first] << ", NumPy " << +y.data()[first];
            if constexpr (std::floating_point<T>) {
                if (accumulates(c.op)) text << " (allowed: " << tolerance(c, dtype_v<T>, y.data()[first]) << ")";
            }
            result.difference = text.str();
        }
    }, ours);
    return result;
}

// ---- the suite ----

struct reduce_cases {
    using case_type = reduce_case;
    static constexpr const char* label = "reduction";
    static constexpr const char* title = "reductions";
    static constexpr const char* count_variable = "LOOM_DIFF_REDUCE_CASES";
    static constexpr std::uint64_t default_count = default_reduce_case_count;
    static constexpr const char* rules_module = "loom_reduce_rules";
    static constexpr const char* rules_source = reduce_rules_source;
    static constexpr auto generate = &reduce_generate;
    static constexpr auto evaluate_in_loom = &reduce_case_in_loom;
    static constexpr auto case_python = &reduce_case_python;
    static const char* operation(const reduce_case& c) { return reduce_op_names[std::size_t(c.op)]; }
};

class ReductionsAgainstNumPy : public case_suite<reduce_cases> {
protected:
    static inline std::map<std::string, index_t> within_tolerance_;  ///< elements not equal, by function

    static void TearDownTestSuite() {
        std::string inexact;
        for (const auto& [name, count] : within_tolerance_) {
            inexact += (inexact.empty() ? "" : ", ") + name + " " + std::to_string(count);
        }
        finish_run("floating elements within the tolerance but not equal: " + (inexact.empty() ? "none" : inexact));
    }
};

TEST_F(ReductionsAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) {
        const comparison result = compare(run().cases[i], run().loom[i].value, run().numpy[i].value);
        if (result.within_tolerance > 0) {
            within_tolerance_[reduce_op_names[std::size_t(run().cases[i].op)]] += result.within_tolerance;
        }
        return result.difference;
    });
}

TEST_F(ReductionsAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every function, input kind, type and
// kind of axes, and enough refused cases, or the comparisons above would
// silently cover less.
TEST_F(ReductionsAgainstNumPy, CasesCoverEveryFunctionViewTypeAndAxes) {
    if (run().cases.size() < default_reduce_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const reduce_case& c = run().cases[i];
        const std::string name = reduce_op_names[std::size_t(c.op)];
        const bool refused = failed(run().numpy[i]);
        ++counts[name + (refused ? " refused" : " computed")];
        ++counts["view " + std::to_string(int(c.view))];
        ++counts["wrap " + std::to_string(int(c.wrap))];
        ++counts["axes " + std::to_string(int(c.axes)) + (refused ? " refused" : " computed")];
        ++counts[std::string("type ") + name_of(dtype_of(c.a))];
        if (c.as_double && !refused) ++counts["float64 dtype computed"];
        if (!refused && element_count(shape_of(c.a)) == 0) ++counts["empty computed"];
    }
    for (const char* name : reduce_op_names) {
        EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
        EXPECT_GT(counts[std::string(name) + " refused"], 0) << name;
    }
    for (int view = 0; view < 3; ++view) EXPECT_GT(counts["view " + std::to_string(view)], 0);
    for (int wrap = 0; wrap < 3; ++wrap) EXPECT_GT(counts["wrap " + std::to_string(wrap)], 0);
    for (int axes = 0; axes < 3; ++axes) {
        EXPECT_GT(counts["axes " + std::to_string(axes) + " computed"], 0) << axes;
        if (axes > 0) {
            EXPECT_GT(counts["axes " + std::to_string(axes) + " refused"], 0) << axes;
        }
    }
    for (dtype type : reduce_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0);
    EXPECT_GT(counts["float64 dtype computed"], 0);
    EXPECT_GT(counts["empty computed"], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 20) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
