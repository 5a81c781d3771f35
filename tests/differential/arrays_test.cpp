// The differential test of matrices, rotations and counting (create/matrices.hpp,
// rot90 and flip in manipulate/manipulation.hpp, stats/counting.hpp) against
// NumPy: random cases (shapes of rank 0 to 3 with sizes 0 to 4; bool, int32,
// int64, float32 and float64 with NaN, infinities and -0.0 now and then;
// tensors and transposed views as inputs; random arguments, invalid ones
// included) run through loom and through NumPy, compared exactly: dtype,
// shape, values, and loom throwing exactly when NumPy raises. histogram's
// cases compare the counts or the edges, chosen by the case; histogram2d's
// its counts, with a number of bins or x's edges, a range for both axes or
// none, with or without density.
//
// The NumPy side follows loom's documented rules where they differ
// (docs/tensors.md, docs/joining-and-sorting.md): kron's operands promoted by
// promote_t first; bincount given only bools and integers, which loom
// accepts (it refuses other types when compiling), and with weights but no
// values giving float64 zeros and checking the weights' length.
//
// LOOM_DIFF_SEED and LOOM_DIFF_ARRAYS_CASES choose the cases.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "comparator.hpp"
#include "loom/loom.hpp"
#include "loom/stats/counting.hpp"
#include "numpy_runner.hpp"
#include "python_literals.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_arrays_case_count = 3000;

enum class arrays_op : std::uint8_t {
    tril, triu, kron, diag, diagflat, vander, rot90, flip_axes, histogram, histogram_edges, histogram_density,
    histogram_weights, histogram2d, bincount, bincount_weights, digitize,
};
constexpr std::size_t arrays_op_count = static_cast<std::size_t>(arrays_op::digitize) + 1;
constexpr const char* arrays_op_names[arrays_op_count] = {
    "tril", "triu", "kron", "diag", "diagflat", "vander", "rot90", "flip_axes", "histogram", "histogram_edges",
    "histogram_density", "histogram_weights", "histogram2d", "bincount", "bincount_weights", "digitize"};

constexpr dtype arrays_dtypes[] = {dtype::boolean, dtype::int32, dtype::int64, dtype::float32, dtype::float64};
constexpr dtype arrays_integer_dtypes[] = {dtype::boolean, dtype::int32, dtype::int64};
constexpr dtype arrays_weight_dtypes[] = {dtype::int32, dtype::int64, dtype::float32, dtype::float64};

struct arrays_case {
    std::uint64_t seed = 0;
    int number = 0;
    arrays_op op = arrays_op::tril;
    any_tensor a, b, y;                ///< y: histogram2d's second coordinates
    bool transposed = false;           ///< `a` read through its transpose
    index_t k = 0;                     ///< k, bins, minlength, a count of columns
    std::vector<index_t> axes;         ///< rot90's and flip's axes
    std::optional<std::pair<double, double>> range;
    bool flag = false;                 ///< right, increasing, the edges (not the counts) of a histogram, density
    bool edges = false;                ///< histogram2d: edges for x (b) rather than a number of bins
};

// ---- generation ----

any_tensor arrays_random_tensor(random_source& random, dtype type, const shape_type& shape, bool unusual) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> t(shape);
        for (T& x : t) {
            if constexpr (std::floating_point<T>) {
                const std::size_t kind = unusual ? random.below(16) : 15;
                x = kind == 0 ? T(NAN) : kind == 1 ? T(-0.0) : kind == 2 ? T(INFINITY) : T(random.between(-6, 6)) / T(2);
            } else if constexpr (std::same_as<T, bool>) {
                x = random.chance(0.5);
            } else {
                x = T(random.between(unusual ? -1 : 0, 6));
            }
        }
        return any_tensor(std::move(t));
    });
}

shape_type arrays_random_shape(random_source& random, std::size_t rank) {
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(random.chance(0.1) ? 0 : random.between(1, 4));
    return shape;
}

// Rank-1 edges of `type`: increasing (mostly), decreasing or unsorted.
any_tensor arrays_random_edges(random_source& random, dtype type, std::size_t order) {
    any_tensor edges = arrays_random_tensor(random, type, shape_type{random.between(0, 5)}, false);
    return std::visit([&]<class T>(tensor<T> t) {
        if (order != 2) std::sort(t.begin(), t.end());
        if (order == 1) std::reverse(t.begin(), t.end());
        return any_tensor(std::move(t));
    }, std::move(edges));
}

arrays_case arrays_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x3c6ef372fe94f82bull * std::uint64_t(number + 1)));
    arrays_case c;
    c.seed = seed;
    c.number = number;
    c.op = arrays_op(random.below(arrays_op_count));
    const bool counting = c.op == arrays_op::bincount || c.op == arrays_op::bincount_weights;
    const dtype type = counting ? random.pick(arrays_integer_dtypes) : random.pick(arrays_dtypes);
    std::size_t rank = random.below(4);
    if ((counting || c.op == arrays_op::histogram2d) && random.chance(0.85)) rank = 1;
    c.a = arrays_random_tensor(random, type, arrays_random_shape(random, rank), random.chance(0.3));
    c.transposed = rank >= 2 && random.chance(0.3);
    c.k = random.between(-4, 4);
    c.flag = random.chance(0.5);
    const auto r = static_cast<index_t>(rank);
    switch (c.op) {
        case arrays_op::kron:
            c.b = arrays_random_tensor(random, random.pick(arrays_dtypes), arrays_random_shape(random, random.below(4)),
                                       false);
            break;
        case arrays_op::vander: c.k = random.between(-2, 4); break;
        case arrays_op::rot90:
        case arrays_op::flip_axes: {
            const std::size_t count = c.op == arrays_op::rot90 ? (random.chance(0.9) ? 2 : 1) : random.below(4);
            for (std::size_t i = 0; i < count; ++i) c.axes.push_back(random.between(-r - 1, r));
            c.k = random.between(-5, 5);
            break;
        }
        case arrays_op::histogram:
        case arrays_op::histogram_edges:
        case arrays_op::histogram_density:
            c.k = random.between(0, 5);
            if (random.chance(0.4)) {
                const double low = double(random.between(-4, 4)) / 2;
                c.range = std::pair{low, low + double(random.between(-1, 4)) / 2};
            }
            if (c.op == arrays_op::histogram_edges) {
                c.b = arrays_random_edges(random, random.pick(arrays_dtypes), random.chance(0.8) ? 0 : 2);
            }
            break;
        case arrays_op::histogram_weights:
            c.k = random.between(0, 5);
            c.b = arrays_random_tensor(random, random.pick(arrays_weight_dtypes),
                                       random.chance(0.9) ? shape_of(c.a) : shape_type{2}, false);
            break;
        case arrays_op::histogram2d: {
            c.k = random.between(0, 4);
            // y of x's length mostly; x's edges in b now and then
            shape_type y_shape = shape_of(c.a);
            if (random.chance(0.1) && !y_shape.empty()) y_shape[0] += 1;
            c.edges = random.chance(0.3);
            c.b = c.edges ? arrays_random_edges(random, random.pick(arrays_dtypes), random.chance(0.9) ? 0 : 2)
                          : arrays_random_tensor(random, random.pick(arrays_dtypes), y_shape, random.chance(0.2));
            if (c.edges) c.y = arrays_random_tensor(random, random.pick(arrays_dtypes), y_shape, random.chance(0.2));
            else c.y = c.b;
            if (random.chance(0.4)) {
                const double low = double(random.between(-4, 4)) / 2;
                c.range = std::pair{low, low + double(random.between(-1, 4)) / 2};
            }
            break;
        }
        case arrays_op::bincount:
        case arrays_op::bincount_weights:
            c.k = random.between(-1, 5);
            c.b = arrays_random_tensor(random, dtype::float64, random.chance(0.9) ? shape_of(c.a)
                                                                                   : shape_type{2},
                                       false);
            break;
        case arrays_op::digitize:
            c.b = random.chance(0.1) ? arrays_random_tensor(random, random.pick(arrays_dtypes), shape_type{2, 2}, false)
                                     : arrays_random_edges(random, random.pick(arrays_dtypes), random.below(3));
            break;
        default: break;
    }
    return c;
}

// ---- loom ----

template <class F>
any_tensor arrays_with_type(const any_tensor& t, F&& f) {
    switch (dtype_of(t)) {
        case dtype::boolean: return f(std::get<tensor<bool>>(t));
        case dtype::int32: return f(std::get<tensor<std::int32_t>>(t));
        case dtype::int64: return f(std::get<tensor<std::int64_t>>(t));
        case dtype::float32: return f(std::get<tensor<float>>(t));
        case dtype::float64: return f(std::get<tensor<double>>(t));
        default: throw std::logic_error("an element type the arrays suite does not generate");
    }
}

template <class T>
any_tensor arrays_any(tensor<T> t) {
    return any_tensor(std::move(t));
}

template <class X>
any_tensor arrays_run_on(const arrays_case& c, const X& x) {
    using T = value_type_of<X>;
    switch (c.op) {
        case arrays_op::tril: return arrays_any(tensor<T>(tril(x, c.k)));
        case arrays_op::triu: return arrays_any(tensor<T>(triu(x, c.k)));
        case arrays_op::kron:
            return arrays_with_type(c.b, [&](const auto& b) { return arrays_any(kron(x, b)); });
        case arrays_op::diag: return arrays_any(tensor<T>(diag(x, c.k)));
        case arrays_op::diagflat: return arrays_any(diagflat(x, c.k));
        case arrays_op::vander: return arrays_any(vander(x, c.k, c.flag));
        case arrays_op::rot90: return arrays_any(tensor<T>(rot90(x, c.k, c.axes)));
        case arrays_op::flip_axes: return arrays_any(tensor<T>(flip(x, c.axes)));
        case arrays_op::histogram: {
            auto [counts, edges] = histogram(x, c.k, c.range);
            return c.flag ? arrays_any(std::move(edges)) : arrays_any(std::move(counts));
        }
        case arrays_op::histogram_edges:
            return arrays_with_type(c.b, [&](const auto& b) { return arrays_any(histogram(x, b).counts); });
        case arrays_op::histogram_density: return arrays_any(histogram_density(x, c.k, c.range).counts);
        case arrays_op::histogram_weights:
            return arrays_with_type(c.b, [&]<class W>(const tensor<W>& w) -> any_tensor {
                if constexpr (std::same_as<W, bool>) throw std::logic_error("weights are numbers");
                else return arrays_any(histogram(x, c.k, c.range, w).counts);
            });
        case arrays_op::histogram2d:
            return arrays_with_type(c.y, [&](const auto& y) {
                const std::array ranges{c.range, c.range};
                if (!c.edges) return arrays_any(histogram2d(x, y, c.k, ranges, c.flag).counts);
                return arrays_with_type(c.b, [&](const auto& edges) {
                    return arrays_any(histogram2d(x, y, std::pair{edges, c.k}, ranges, c.flag).counts);
                });
            });
        case arrays_op::bincount:
        case arrays_op::bincount_weights:
            if constexpr (std::integral<T> && !std::same_as<T, std::uint64_t>) {
                if (c.op == arrays_op::bincount) return arrays_any(bincount(x, c.k));
                return arrays_any(bincount(x, std::get<tensor<double>>(c.b), c.k));
            } else {
                throw std::logic_error("bincount cases are of bools and integers");
            }
        case arrays_op::digitize:
            return arrays_with_type(c.b, [&](const auto& b) { return arrays_any(digitize(x, b, c.flag)); });
    }
    throw std::logic_error("unknown arrays operation");
}

outcome arrays_in_loom(const arrays_case& c) {
    outcome o;
    try {
        o.value = arrays_with_type(c.a, [&]<class T>(const tensor<T>& a) {
            return c.transposed ? arrays_run_on(c, a.transpose()) : arrays_run_on(c, a);
        });
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = error.what();
    }
    return o;
}

// ---- NumPy ----

constexpr const char* arrays_rules_source = R"(from loom_outcomes import *

def vander(x, n, increasing):
    return np.vander(x, None if n == -1 else n, increasing)

def bincount_weighted(x, weights, minlength):
    # NumPy returns int64 zeros for no values, whatever the weights; loom float64 zeros, and checks the weights
    if len(x) == 0:
        if np.ndim(weights) != 1 or len(weights) != 0:
            raise ValueError('the weights and list do not have the same length')
        return np.bincount(x, minlength=minlength).astype('float64')
    return np.bincount(x, weights, minlength=minlength)

def histogram_part(x, bins, range, edges):
    return np.histogram(x, bins, range)[1 if edges else 0]
)";

std::string arrays_call(const arrays_case& c) {
    const std::string k = std::to_string(c.k);
    const std::string axes = loom::to_string(shape_type(c.axes.begin(), c.axes.end()));
    const std::string range =
        c.range ? "(" + python_number(c.range->first) + ", " + python_number(c.range->second) + ")"
                : "None";
    switch (c.op) {
        case arrays_op::tril: return "np.tril(x, " + k + ")";
        case arrays_op::triu: return "np.triu(x, " + k + ")";
        case arrays_op::kron: {
            const std::string promoted = name_of(promote(dtype_of(c.a), dtype_of(c.b)));
            return "np.kron(x.astype('" + promoted + "'), b.astype('" + promoted + "'))";
        }
        case arrays_op::diag: return "np.diag(x, " + k + ")";
        case arrays_op::diagflat: return "np.diagflat(x, " + k + ")";
        case arrays_op::vander: return "vander(x, " + k + ", " + (c.flag ? "True" : "False") + ")";
        case arrays_op::rot90: return "np.rot90(x, " + k + ", " + axes + ")";
        case arrays_op::flip_axes: return "np.flip(x, tuple(" + axes + "))";
        case arrays_op::histogram:
            return "histogram_part(x, " + k + ", " + range + ", " + (c.flag ? "True" : "False") + ")";
        case arrays_op::histogram_edges: return "np.histogram(x, b)[0]";
        case arrays_op::histogram_density: return "np.histogram(x, " + k + ", " + range + ", density=True)[0]";
        case arrays_op::histogram_weights: return "np.histogram(x, " + k + ", " + range + ", weights=b)[0]";
        case arrays_op::histogram2d:
            return "np.histogram2d(x, y, " + (c.edges ? "[b, " + k + "]" : k) + ", " +
                   (c.range ? "[" + range + ", " + range + "]" : "None") + ", " + (c.flag ? "True" : "False") +
                   ")[0]";
        case arrays_op::bincount: return "np.bincount(x, minlength=" + k + ")";
        case arrays_op::bincount_weights: return "bincount_weighted(x, b, " + k + ")";
        case arrays_op::digitize: return "np.digitize(x, b, " + std::string(c.flag ? "True" : "False") + ")";
    }
    throw std::logic_error("unknown arrays operation");
}

std::string arrays_case_python(const arrays_case& c) {
    std::string text = "a = " + python_array(c.a) + "\n";
    const bool uses_b = c.op == arrays_op::kron || c.op == arrays_op::histogram_edges ||
                        c.op == arrays_op::histogram_weights || c.op == arrays_op::bincount_weights ||
                        c.op == arrays_op::digitize || c.op == arrays_op::histogram2d;
    if (uses_b) text += "b = " + python_array(c.b) + "\n";
    if (c.op == arrays_op::histogram2d) text += "y = " + python_array(c.y) + "\n";
    return text + "x = a.T if " + (c.transposed ? "True" : "False") + " else a\nemit(" + std::to_string(c.number) +
           ", lambda: " + arrays_call(c) + ")\n";
}

// ---- the suite ----

struct arrays_cases {
    using case_type = arrays_case;
    static constexpr const char* label = "arrays";
    static constexpr const char* title = "matrices and counting";
    static constexpr const char* count_variable = "LOOM_DIFF_ARRAYS_CASES";
    static constexpr std::uint64_t default_count = default_arrays_case_count;
    static constexpr const char* rules_module = "loom_arrays_rules";
    static constexpr const char* rules_source = arrays_rules_source;
    static constexpr auto generate = &arrays_generate;
    static constexpr auto evaluate_in_loom = &arrays_in_loom;
    static constexpr auto case_python = &arrays_case_python;
    static const char* operation(const arrays_case& c) { return arrays_op_names[std::size_t(c.op)]; }
};

class ArraysAgainstNumPy : public case_suite<arrays_cases> {};

TEST_F(ArraysAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) { return difference(run().loom[i], run().numpy[i], 0); });
}

TEST_F(ArraysAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every function and type, and enough
// refused cases, or the comparisons above would silently cover less.
TEST_F(ArraysAgainstNumPy, CasesCoverEveryFunctionAndType) {
    if (run().cases.size() < default_arrays_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const arrays_case& c = run().cases[i];
        const std::string name = arrays_op_names[std::size_t(c.op)];
        ++counts[name + (failed(run().numpy[i]) ? " refused" : " computed")];
        ++counts[std::string("type ") + name_of(dtype_of(c.a))];
        counts["transposed"] += c.transposed ? 1 : 0;
    }
    for (const char* name : arrays_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (dtype type : arrays_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0);
    EXPECT_GT(counts["transposed"], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 20) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
