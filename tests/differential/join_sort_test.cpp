// The differential test of joining, splitting, padding, sorting and
// searching (join.hpp, split.hpp, repeat.hpp, pad.hpp, roll.hpp, diff.hpp,
// sort.hpp, search.hpp) against NumPy: random cases (shapes of rank 0 to 3
// with sizes 0 to 4; bool, int32, int64, float32 and float64 with NaN and
// -0.0; tensors, transposed views and reversed strided views as inputs;
// random arguments, invalid ones included) run through loom and through
// NumPy, compared exactly: dtype, shape, values, and loom throwing exactly
// when NumPy raises. A function with several results (split, nonzero,
// unique) is compared on one of them, chosen by the case (or on their
// number when it chooses one past the last).
//
// The NumPy side follows loom's documented rules where they differ
// (docs/joining-and-sorting.md): promote_t for mixed types, a stable
// argsort; argsort, repeat, count_nonzero and diff along an axis, and
// nonzero, refusing rank 0; diff checking its axis when n is 0; repeat and
// tile refusing negative counts, and partition a kth out of range, for an
// empty array too; periodic wrap padding. (Its pad helper also computes
// what NumPy gives for rank 0 and for empty arrays without calling np.pad,
// which refuses the widths array it builds for them.)
//
// LOOM_DIFF_SEED and LOOM_DIFF_JOIN_CASES choose the cases.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "comparator.hpp"
#include "numpy_runner.hpp"
#include "python_literals.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_join_case_count = 3000;

enum class join_op : std::uint8_t {
    concatenate, concatenate_flat, stack, hstack, vstack, dstack, column_stack, split, array_split_indices,
    tile, repeat, repeat_flat, pad, roll, roll_flat, diff,
    sort, sort_flat, argsort, partition, unique, searchsorted, nonzero, argwhere, flatnonzero, count_nonzero,
    count_nonzero_axis, isin,
};
constexpr std::size_t join_op_count = static_cast<std::size_t>(join_op::isin) + 1;
constexpr const char* join_op_names[join_op_count] = {
    "concatenate", "concatenate_flat", "stack", "hstack", "vstack", "dstack", "column_stack", "split",
    "array_split_indices", "tile", "repeat", "repeat_flat", "pad", "roll", "roll_flat", "diff", "sort",
    "sort_flat", "argsort", "partition", "unique", "searchsorted", "nonzero", "argwhere", "flatnonzero",
    "count_nonzero", "count_nonzero_axis", "isin"};

constexpr dtype join_dtypes[] = {dtype::boolean, dtype::int32, dtype::int64, dtype::float32, dtype::float64};
constexpr const char* pad_mode_names[] = {"constant", "edge", "reflect", "symmetric", "wrap"};

/// How the first operand is read: as it is, transposed, or reversed along its last axis with step 2.
enum class view_kind : std::uint8_t { tensor, transposed, reversed_strided };

struct join_case {
    std::uint64_t seed = 0;
    int number = 0;
    join_op op = join_op::concatenate;
    any_tensor a, b;
    view_kind view = view_kind::tensor;
    index_t axis = 0;
    index_t count = 0;              ///< sections, shift, n, kth, a constant value or a chosen result
    std::vector<index_t> numbers;   ///< indices, reps, counts, widths (flattened pairs)
    bool flag = false;              ///< side::right, invert, several widths
};

// ---- generation ----

any_tensor random_tensor(random_source& random, dtype type, const shape_type& shape) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> t(shape);
        for (T& x : t) {
            if constexpr (std::floating_point<T>) {
                const std::size_t kind = random.below(12);
                x = kind == 0 ? T(NAN) : kind == 1 ? T(-0.0) : T(random.between(-3, 3)) / T(2);
            } else if constexpr (std::same_as<T, bool>) {
                x = random.chance(0.5);
            } else {
                x = T(random.between(-3, 3));
            }
        }
        return any_tensor(std::move(t));
    });
}

shape_type random_shape(random_source& random, std::size_t rank) {
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) shape.push_back(random.chance(0.1) ? 0 : random.between(1, 4));
    return shape;
}

/// The shape that `view` gives a tensor of `shape`.
shape_type viewed_shape(const shape_type& shape, view_kind view) {
    shape_type s = shape;
    if (view == view_kind::transposed) std::reverse(s.begin(), s.end());
    if (view == view_kind::reversed_strided) s.back() = (s.back() + 1) / 2;
    return s;
}

join_case join_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x6a09e667f3bcc909ull * std::uint64_t(number + 1)));
    join_case c;
    c.seed = seed;
    c.number = number;
    c.op = join_op(random.below(join_op_count));
    const dtype type = random.pick(join_dtypes);
    const std::size_t rank = random.below(4);
    c.view = view_kind(random.below(rank == 0 ? 1 : 3));
    c.a = random_tensor(random, type, random_shape(random, rank));
    const shape_type seen = viewed_shape(shape_of(c.a), c.view);
    const auto r = static_cast<index_t>(rank);
    c.axis = random.between(-r - 1, r);
    // The second operand: the first's shape seen, changed now and then; a
    // random other type for concatenate and isin.
    shape_type other = seen;
    if (!other.empty() && random.chance(0.5)) other[std::size_t(random.below(other.size()))] = random.between(0, 3);
    if (random.chance(0.08)) other = random_shape(random, random.below(4));
    const bool mixed = c.op == join_op::concatenate || c.op == join_op::concatenate_flat || c.op == join_op::isin ||
                       c.op == join_op::searchsorted;
    c.b = random_tensor(random, mixed ? random.pick(join_dtypes) : type, other);
    // The size along the axis when it is in range (kth and per-slice counts fit it then).
    const index_t n = seen.empty() ? 1 : seen[std::size_t(c.axis < 0 ? c.axis + r + 1 : c.axis) % seen.size()];
    c.count = random.between(-1, 4);
    if (c.op == join_op::partition) c.count = random.between(-n - 1, n);
    if (c.op == join_op::roll || c.op == join_op::roll_flat) c.count = random.between(-7, 7);
    if (c.op == join_op::unique) c.count = random.between(0, 3);
    if (c.op == join_op::split || c.op == join_op::array_split_indices || c.op == join_op::nonzero) {
        c.flag = random.chance(0.5);  // split: by indices
        c.count = random.between(c.op == join_op::nonzero ? 0 : -1, 4);
    }
    const std::size_t numbers = c.op == join_op::pad ? 2 * (random.chance(0.8) ? std::max<std::size_t>(rank, 1) : 1)
                                                     : random.below(4);
    for (std::size_t i = 0; i < numbers; ++i) {
        const bool negative = random.chance(0.04);
        c.numbers.push_back(negative ? -1 : c.op == join_op::split || c.op == join_op::array_split_indices
                                                ? random.between(-5, 6)
                                                : random.between(0, 3));
    }
    if (c.op == join_op::repeat && random.chance(0.5)) c.numbers.assign(std::size_t(std::max<index_t>(n, 0)), 2);
    if (c.op == join_op::pad) c.flag = random.below(5) != 0;  // reused: the mode is count mod 5
    if (c.op == join_op::pad) c.count = random.between(0, 4);
    if (c.op == join_op::searchsorted || c.op == join_op::isin) c.flag = random.chance(0.5);
    return c;
}

// ---- loom ----

template <class F>
any_tensor with_type(const any_tensor& t, F&& f) {
    switch (dtype_of(t)) {
        case dtype::boolean: return f(std::get<tensor<bool>>(t));
        case dtype::int32: return f(std::get<tensor<std::int32_t>>(t));
        case dtype::int64: return f(std::get<tensor<std::int64_t>>(t));
        case dtype::float32: return f(std::get<tensor<float>>(t));
        case dtype::float64: return f(std::get<tensor<double>>(t));
        default: throw std::logic_error("an element type the join suite does not generate");
    }
}

template <class T>
any_tensor as_any(tensor<T> t) {
    return any_tensor(std::move(t));
}

any_tensor count_of(std::size_t n) { return as_any(tensor<std::int64_t>(shape_type{}, std::int64_t(n))); }

std::vector<std::pair<index_t, index_t>> pairs_of(const std::vector<index_t>& numbers) {
    std::vector<std::pair<index_t, index_t>> pairs;
    for (std::size_t i = 0; i + 1 < numbers.size(); i += 2) pairs.emplace_back(numbers[i], numbers[i + 1]);
    return pairs;
}

template <class X>
any_tensor run_on(const join_case& c, const X& x) {
    using T = value_type_of<X>;
    const auto same_type_b = [&] { return std::get<tensor<T>>(c.b); };
    switch (c.op) {
        case join_op::concatenate:
        case join_op::concatenate_flat:
            return with_type(c.b, [&](const auto& b) {
                return c.op == join_op::concatenate ? as_any(concatenate(std::tie(x, b), c.axis))
                                                    : as_any(concatenate(std::tie(x, b), flat));
            });
        case join_op::stack: return as_any(stack({tensor<T>(x), same_type_b()}, c.axis));
        case join_op::hstack: return as_any(hstack({tensor<T>(x), same_type_b()}));
        case join_op::vstack: return as_any(vstack({tensor<T>(x), same_type_b()}));
        case join_op::dstack: return as_any(dstack({tensor<T>(x), same_type_b()}));
        case join_op::column_stack: return as_any(column_stack({tensor<T>(x), same_type_b()}));
        case join_op::split:
        case join_op::array_split_indices: {
            const auto parts = c.flag ? (c.op == join_op::split ? split(x, c.numbers, c.axis)
                                                                 : array_split(x, c.numbers, c.axis))
                                      : (c.op == join_op::split ? split(x, c.count, c.axis)
                                                                 : array_split(x, c.count, c.axis));
            const std::size_t chosen = std::size_t(std::abs(c.count)) % 4;
            return chosen < parts.size() ? as_any(parts[chosen].copy()) : count_of(parts.size());
        }
        case join_op::tile: return as_any(tile(x, c.numbers));
        case join_op::repeat:
            return as_any(repeat(x, c.numbers.empty() ? std::vector<index_t>{2} : c.numbers, c.axis));
        case join_op::repeat_flat: return as_any(repeat(x, c.count));
        case join_op::pad:
            return as_any(pad(x, pairs_of(c.numbers), pad_mode(c.flag ? c.count : 0), T(c.count)));
        case join_op::roll: return as_any(roll(x, c.count, c.axis));
        case join_op::roll_flat: return as_any(roll(x, c.count));
        case join_op::diff: return as_any(diff(x, c.count, c.axis));
        case join_op::sort: return as_any(sort(x, c.axis));
        case join_op::sort_flat: return as_any(sort(x, flat));
        case join_op::argsort: return as_any(argsort(x, c.axis));
        case join_op::partition:
            return as_any(tensor<T>(take(partition(x, c.count, c.axis), tensor<index_t>{c.count}, c.axis)));
        case join_op::unique: {
            auto u = unique(x, {.return_index = true, .return_inverse = true, .return_counts = true});
            if (c.count == 0) return as_any(std::move(u.values));
            return as_any(std::move(c.count == 1 ? *u.index : c.count == 2 ? *u.inverse : *u.counts));
        }
        case join_op::searchsorted:
            return with_type(c.b, [&](const auto& b) {
                return as_any(searchsorted(sort(x, flat), b, c.flag ? side::right : side::left));
            });
        case join_op::nonzero: {
            const auto indices = nonzero(x);
            const auto chosen = std::size_t(c.count);
            return chosen < indices.size() ? as_any(indices[chosen]) : count_of(indices.size());
        }
        case join_op::argwhere: return as_any(argwhere(x));
        case join_op::flatnonzero: return as_any(flatnonzero(x));
        case join_op::count_nonzero: return as_any(tensor<std::int64_t>(shape_type{}, count_nonzero(x)));
        case join_op::count_nonzero_axis: return as_any(tensor<std::int64_t>(count_nonzero(x, c.axis)));
        case join_op::isin: return with_type(c.b, [&](const auto& b) { return as_any(isin(x, b, c.flag)); });
    }
    throw std::logic_error("unknown join operation");
}

outcome join_in_loom(const join_case& c) {
    outcome o;
    try {
        o.value = with_type(c.a, [&]<class T>(const tensor<T>& a) {
            if (c.view == view_kind::transposed) return run_on(c, a.transpose());
            if (c.view == view_kind::reversed_strided) return run_on(c, a(ellipsis, range(none, none, -2)));
            return run_on(c, a);
        });
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = error.what();
    }
    return o;
}

// ---- NumPy ----

std::string list_of(const std::vector<index_t>& numbers) {
    return loom::to_string(shape_type(numbers.begin(), numbers.end()));
}

constexpr const char* join_rules_source = R"(from loom_outcomes import *

def view(a, kind):
    return [a, a.T, a[..., ::-2] if a.ndim else a][kind]

def chosen(results, k):
    return results[k] if k < len(results) else np.int64(len(results))

def nonzero(a):
    if a.ndim == 0:
        raise ValueError('nonzero of a rank-0 array')
    return np.nonzero(a)

def along_axis(a):
    if a.ndim == 0:
        raise ValueError('an axis of a rank-0 array')
    return a

def repeat(a, counts, *axis):
    if (np.asarray(counts) < 0).any():
        raise ValueError('negative count')
    return np.repeat(along_axis(a) if axis else a, counts, *axis)

def diff(a, n, axis):
    np.core.multiarray.normalize_axis_index(axis, along_axis(a).ndim)
    return np.diff(a, n, axis)

def partition(a, k, axis):
    n = a.shape[np.core.multiarray.normalize_axis_index(axis, along_axis(a).ndim)]
    if not -n <= k < n:
        raise ValueError('kth out of range')
    return np.take(np.partition(a, k, axis), [k], axis)

def tile(a, reps):
    if (np.asarray(reps) < 0).any():
        raise ValueError('negative repetitions')
    return np.tile(a, reps)

def pad(a, widths, mode, value):
    if (np.asarray(widths) < 0).any():  # as np.pad, before looking at the axes (a rank-0 array too)
        raise ValueError('negative widths')
    pairs = np.broadcast_to(np.asarray(widths, dtype=np.int64).reshape(-1, 2), (a.ndim, 2))
    if a.ndim == 0:
        return a.copy()
    if mode == 'constant':
        return np.pad(a, pairs, 'constant', constant_values=value)
    for d in range(a.ndim):
        if a.shape[d] == 0 and pairs[d].any():
            raise ValueError('cannot extend an empty axis')
    if a.size == 0:
        return np.zeros([s + b + e for s, (b, e) in zip(a.shape, pairs)], a.dtype)
    if mode == 'wrap':
        for d in range(a.ndim):
            a = np.take(a, np.arange(-pairs[d][0], a.shape[d] + pairs[d][1]) % a.shape[d], axis=d)
        return a
    return np.pad(a, pairs, mode)
)";

std::string join_call(const join_case& c) {
    const std::string ax = std::to_string(c.axis), k = std::to_string(c.count), numbers = list_of(c.numbers);
    const std::string t = name_of(dtype_of(c.a));
    const std::string promoted = name_of(promote(dtype_of(c.a), dtype_of(c.b)));
    const std::string b_same = "b.astype('" + t + "')";
    switch (c.op) {
        case join_op::concatenate:
            return "np.concatenate((x.astype('" + promoted + "'), b.astype('" + promoted + "')), " + ax + ")";
        case join_op::concatenate_flat:
            return "np.concatenate((x.astype('" + promoted + "'), b.astype('" + promoted + "')), axis=None)";
        case join_op::stack: return "np.stack((x, " + b_same + "), " + ax + ")";
        case join_op::hstack: return "np.hstack((x, " + b_same + "))";
        case join_op::vstack: return "np.vstack((x, " + b_same + "))";
        case join_op::dstack: return "np.dstack((x, " + b_same + "))";
        case join_op::column_stack: return "np.column_stack((x, " + b_same + "))";
        case join_op::split:
        case join_op::array_split_indices: {
            const std::string f = c.op == join_op::split ? "np.split" : "np.array_split";
            return "chosen(" + f + "(x, " + (c.flag ? numbers : k) + ", " + ax + "), " +
                   std::to_string(std::abs(c.count) % 4) + ")";
        }
        case join_op::tile: return "tile(x, " + numbers + ")";
        case join_op::repeat:
            return "repeat(x, " + (c.numbers.empty() ? std::string("[2]") : numbers) + ", " + ax + ")";
        case join_op::repeat_flat: return "repeat(x, " + k + ")";
        case join_op::pad:
            return "pad(x, " + numbers + ", '" + pad_mode_names[c.flag ? c.count : 0] + "', " + k + ")";
        case join_op::roll: return "np.roll(x, " + k + ", " + ax + ")";
        case join_op::roll_flat: return "np.roll(x, " + k + ")";
        case join_op::diff: return "diff(x, " + k + ", " + ax + ")";
        case join_op::sort: return "np.sort(x, " + ax + ")";
        case join_op::sort_flat: return "np.sort(x, axis=None)";
        case join_op::argsort: return "np.argsort(along_axis(x), " + ax + ", kind='stable')";
        case join_op::partition: return "partition(x, " + k + ", " + ax + ")";
        case join_op::unique: return "np.unique(x, True, True, True)[" + k + "]";
        case join_op::searchsorted:
            return "np.searchsorted(np.sort(x, axis=None).astype('" + promoted + "'), b.astype('" + promoted +
                   "'), '" + (c.flag ? "right" : "left") + "')";
        case join_op::nonzero: return "chosen(nonzero(x), " + k + ")";
        case join_op::argwhere: return "np.argwhere(x)";
        case join_op::flatnonzero: return "np.flatnonzero(x)";
        case join_op::count_nonzero: return "np.int64(np.count_nonzero(x))";
        case join_op::count_nonzero_axis: return "np.count_nonzero(along_axis(x), " + ax + ")";
        case join_op::isin:
            return "np.isin(x.astype('" + promoted + "'), b.astype('" + promoted + "'), invert=" +
                   (c.flag ? "True" : "False") + ")";
    }
    throw std::logic_error("unknown join operation");
}

std::string join_case_python(const join_case& c) {
    return "a = " + python_array(c.a) + "\nb = " + python_array(c.b) + "\nx = view(a, " + std::to_string(int(c.view)) +
           ")\nemit(" + std::to_string(c.number) + ", lambda: " + join_call(c) + ")\n";
}

// ---- the suite ----

struct join_cases {
    using case_type = join_case;
    static constexpr const char* label = "join";
    static constexpr const char* title = "joining and sorting";
    static constexpr const char* count_variable = "LOOM_DIFF_JOIN_CASES";
    static constexpr std::uint64_t default_count = default_join_case_count;
    static constexpr const char* rules_module = "loom_join_rules";
    static constexpr const char* rules_source = join_rules_source;
    static constexpr auto generate = &join_generate;
    static constexpr auto evaluate_in_loom = &join_in_loom;
    static constexpr auto case_python = &join_case_python;
    static const char* operation(const join_case& c) { return join_op_names[std::size_t(c.op)]; }
};

class JoinSortAgainstNumPy : public case_suite<join_cases> {};

TEST_F(JoinSortAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) { return difference(run().loom[i], run().numpy[i], 0); });
}

TEST_F(JoinSortAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// The generator must keep reaching every function, input kind and type, and
// enough refused cases, or the comparisons above would silently cover less.
TEST_F(JoinSortAgainstNumPy, CasesCoverEveryFunctionViewAndType) {
    if (run().cases.size() < default_join_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const join_case& c = run().cases[i];
        const std::string name = join_op_names[std::size_t(c.op)];
        ++counts[name + (failed(run().numpy[i]) ? " refused" : " computed")];
        ++counts["view " + std::to_string(int(c.view))];
        ++counts[std::string("type ") + name_of(dtype_of(c.a))];
    }
    for (const char* name : join_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (int view = 0; view < 3; ++view) EXPECT_GT(counts["view " + std::to_string(view)], 0);
    for (dtype type : join_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0);
    EXPECT_GT(run().refused(), run().cases.size() / 20) << "too few refused cases";
}

}  // namespace
}  // namespace loom::differential
