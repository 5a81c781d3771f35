// The differential test of the products (linalg/: matmul.hpp, products.hpp,
// einsum.hpp) against NumPy: random cases call one of matmul, dot, inner,
// vdot, outer, tensordot (n axes, or explicit pairs of axes), trace (random
// offset and axes), einsum of one to four operands (subscripts made of
// random letters: repeated letters for diagonals, letters summed over,
// outputs permuted or implicit, sizes 1 broadcast against a letter's other
// size, and "..." standing for dimensions that broadcast) and einsum_path
// (its order, and its report word for word where the subscripts hold no
// "...", whose letters NumPy draws in its set's hash order). matmul's operands have zero to three batch
// dimensions of sizes 0 to 3, 1 often so that they broadcast (and now and
// then do not), core sizes 0 to 5 (the inner sizes now and then disagree),
// and are 1-D on either side or both, or rank 0 now and then. The other
// functions take operands of rank 0 to 4 whose sizes fit (or, now and then,
// do not). The element types are bool, int8, int32, int64, uint8, float32
// and float64, mixed between the operands; each operand is read as a
// tensor, transposed, reversed along its last axis with step 2, or through
// broadcast_to from a tensor with sizes 1 in place of some of its sizes, and
// the left one now and then as the expression `x * 2`. Values are small
// integers, so that floating results are exact; in some cases the floating
// operands hold random fractions instead, and floating elements then
// compare within 4 epsilons of the result type times a bound k on the
// number of products summed into an element, times the largest magnitudes
// of both operands. Otherwise dtype, shape and elements compare exactly
// (integers wrap as NumPy's do), and loom must throw exactly when NumPy
// raises.
//
// The NumPy side follows loom's documented rules where they differ:
// - operands mixing int32 or int64 with float32 are computed in float32,
//   loom's promote_t (docs/semantics.md, "Types": the higher category wins,
//   then the wider type), where NumPy gives float64: both operands are cast
//   to loom's type before NumPy multiplies them, and so are operands of
//   which one has rank 0, whose type NumPy 1.x chooses by value (int8 beside
//   a rank-0 int32 stays int8 in np.einsum);
// - the expression `x * 2` is computed in loom's type (bool * 2 is int32);
// - tensordot refuses a negative number of axes (NumPy sums over none, as
//   for 0);
// - einsum of three or four operands is given operands of one type;
// - einsum_path refuses what einsum refuses, where NumPy's, parsed in
//   Python, lets through an output that names a letter twice or leaves out
//   the dimensions of "...";
// - a letter repeated in one operand must name one size; NumPy raises when
//   it does not, except when the first of the sizes is 0, where it gives a result
//   read from memory that is not the operand's (np.einsum('kk->k', x) of a
//   (0, 4) x has 4 elements): the NumPy side refuses it too.
//
// LOOM_DIFF_SEED and LOOM_DIFF_LINALG_CASES choose the cases.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
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

constexpr std::uint64_t default_linalg_case_count = 2000;

enum class linalg_op : std::uint8_t {
    matmul, dot, inner, vdot, outer, tensordot_n, tensordot_axes, trace, einsum1, einsum2, einsum_many, einsum_path,
};
constexpr std::size_t linalg_op_count = static_cast<std::size_t>(linalg_op::einsum_path) + 1;
constexpr const char* linalg_op_names[linalg_op_count] = {"matmul",         "dot",   "inner",   "vdot",
                                                          "outer",          "tensordot_n",     "tensordot_axes",
                                                          "trace",          "einsum1", "einsum2", "einsum_many",
                                                          "einsum_path"};

bool binary(linalg_op op) { return op != linalg_op::trace && op != linalg_op::einsum1; }
bool many(linalg_op op) { return op == linalg_op::einsum_many || op == linalg_op::einsum_path; }
bool is_einsum(linalg_op op) {
    return op == linalg_op::einsum1 || op == linalg_op::einsum2 || many(op);
}

constexpr dtype linalg_dtypes[] = {dtype::boolean, dtype::int8,   dtype::int32,  dtype::int64,
                                   dtype::uint8,   dtype::float32, dtype::float64};

/// How an operand is read: as it is, transposed, reversed along its last
/// axis with step 2, or broadcast_to its shape from sizes 1.
enum class view_kind : std::uint8_t { tensor, transposed, reversed_strided, broadcast };
constexpr std::size_t view_kind_count = 4;

struct operand_spec {
    any_tensor stored;
    view_kind view = view_kind::tensor;
    shape_type shape;  ///< the shape as read
};

struct linalg_case {
    std::uint64_t seed = 0;
    int number = 0;
    linalg_op op = linalg_op::matmul;
    operand_spec a, b;
    std::vector<operand_spec> more;  ///< einsum's third and fourth operands, of a's type
    bool times_two = false;  ///< the left operand is `x * 2`
    bool fractions = false;  ///< floating operands hold random fractions
    index_t n = 0;           ///< tensordot's number of axes, trace's offset
    std::vector<index_t> axes_a, axes_b;  ///< tensordot's pairs; trace's axis1, axis2 in axes_a
    std::string subscripts;               ///< einsum's
    double terms = 1;                     ///< einsum's bound on the products summed into one element
};

// ---- generation ----

shape_type viewed_shape_to_stored(random_source& random, const shape_type& shape, view_kind view) {
    shape_type s = shape;
    switch (view) {
        case view_kind::tensor: break;
        case view_kind::transposed: std::reverse(s.begin(), s.end()); break;
        case view_kind::reversed_strided:
            s.back() = s.back() == 0 ? 0 : 2 * s.back() - (random.chance(0.5) ? 1 : 0);
            break;
        case view_kind::broadcast:
            for (index_t& d : s) {
                if (random.chance(0.5)) d = 1;
            }
            if (!s.empty() && random.chance(0.3)) s.erase(s.begin());  // fewer dimensions
            break;
    }
    return s;
}

any_tensor random_tensor(random_source& random, dtype type, const shape_type& shape, bool fractions) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> t(shape);
        for (T& x : t) {
            if constexpr (std::floating_point<T>) {
                x = fractions ? T(double(random.between(-1000000, 1000000)) / 999983.0) : T(random.between(-3, 3));
            } else if constexpr (std::same_as<T, bool>) {
                x = random.chance(0.6);
            } else {
                x = T(random.between(-3, 3));  // unsigned: 253 to 255 for the negative ones
            }
        }
        return any_tensor(std::move(t));
    });
}

operand_spec make_operand(random_source& random, dtype type, const shape_type& shape, bool fractions) {
    operand_spec o;
    o.shape = shape;
    const std::size_t kind = random.below(10);
    o.view = kind < 4                         ? view_kind::tensor
             : kind < 6                       ? view_kind::transposed
             : kind < 8 && !shape.empty()     ? view_kind::reversed_strided
             : kind < 8                       ? view_kind::tensor
                                              : view_kind::broadcast;
    o.stored = random_tensor(random, type, viewed_shape_to_stored(random, shape, o.view), fractions);
    return o;
}

index_t small_size(random_source& random, index_t largest) {
    return random.chance(0.1) ? 0 : random.chance(0.25) ? 1 : random.between(2, largest);
}

shape_type random_shape(random_source& random, std::size_t rank, index_t largest = 4) {
    shape_type s;
    for (std::size_t d = 0; d < rank; ++d) s.push_back(small_size(random, largest));
    return s;
}

/// A size other than `size` (and, when `not_one`, other than 1).
index_t other_size(random_source& random, index_t size, bool not_one = false) {
    while (true) {
        const index_t s = random.between(0, 4);
        if (s != size && !(not_one && s == 1)) return s;
    }
}

void matmul_shapes(random_source& random, shape_type& a, shape_type& b) {
    const bool wrong_k = random.chance(0.06);
    const index_t n = random.between(0, 5), m = random.between(0, 5), k = random.between(0, 5);
    const std::size_t rank_a = random.below(4), rank_b = random.below(4);
    shape_type batch;
    for (std::size_t d = 0; d < std::max(rank_a, rank_b); ++d) {
        batch.push_back(random.chance(0.1) ? 0 : random.chance(0.4) ? 1 : random.between(2, 3));
    }
    const auto batch_of = [&](std::size_t rank) {
        shape_type s(batch.end() - std::ptrdiff_t(rank), batch.end());
        for (index_t& d : s) {
            if (random.chance(0.3)) d = 1;
        }
        return s;
    };
    a = batch_of(rank_a);
    b = batch_of(rank_b);
    if (random.chance(0.15) && !a.empty() && !b.empty()) {  // batch shapes that do not broadcast
        const std::size_t da = a.size() - 1 - random.below(std::min(a.size(), b.size()));
        const std::size_t db = b.size() - (a.size() - da);
        const bool swap = random.chance(0.5);
        a[da] = swap ? 3 : 2;
        b[db] = swap ? 2 : 3;
    }
    const std::size_t core = random.below(10);  // 0-1: a 1-D, 2-3: b 1-D, 4: both, else both 2-D
    const bool a_vector = core < 2 || core == 4, b_vector = (core >= 2 && core < 4) || core == 4;
    if (a_vector) a = {k};
    else {
        a.push_back(n);
        a.push_back(k);
    }
    const index_t kb = wrong_k ? other_size(random, k) : k;
    if (b_vector) b = {kb};
    else {
        b.push_back(kb);
        b.push_back(m);
    }
    if (random.chance(0.04)) a = {};
    if (random.chance(0.04)) b = {};
}

/// Distinct axes of a rank-`rank` shape, `count` of them, negative now and then.
std::vector<index_t> distinct_axes(random_source& random, std::size_t rank, std::size_t count) {
    std::vector<index_t> order;
    for (std::size_t d = 0; d < rank; ++d) order.push_back(index_t(d));
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
    order.resize(count);
    for (index_t& d : order) d = random.chance(0.25) ? d - index_t(rank) : d;
    return order;
}

index_t positive(index_t axis, std::size_t rank) { return axis < 0 ? axis + index_t(rank) : axis; }

constexpr char letter_pool[] = "ijklmnpqAB";

/// einsum subscripts of `count` operands with their shapes; now and then
/// "...", standing for dimensions of sizes that broadcast (none in a rank-0
/// operand for einsum_path, where NumPy's parser counts one).
void einsum_case(random_source& random, linalg_case& c, std::size_t count, std::vector<shape_type>& shapes) {
    const std::size_t letters = 1 + random.below(5);
    std::map<char, index_t> size;
    for (std::size_t i = 0; i < letters; ++i) {
        size[letter_pool[i]] = small_size(random, 3);
        c.terms *= double(std::max<index_t>(size[letter_pool[i]], 1));
    }
    const bool ellipsis = random.chance(0.3);
    const shape_type batch = ellipsis ? random_shape(random, random.below(3), 3) : shape_type{};
    std::vector<std::string> words;
    for (std::size_t k = 0; k < count; ++k) {
        std::string w;
        shape_type shape;
        for (std::size_t d = 0, rank = random.below(k == 0 ? 5 : 4); d < rank; ++d) {
            const char l = letter_pool[random.below(letters)];
            w.push_back(l);
            shape.push_back(size[l]);
        }
        if (ellipsis && random.chance(0.8)) {
            shape_type own(batch.end() - std::ptrdiff_t(random.below(batch.size() + 1)), batch.end());
            for (index_t& d : own) {
                if (random.chance(0.3)) d = 1;  // broadcast against the others
            }
            if (c.op != linalg_op::einsum_path || !(shape.empty() && own.empty())) {
                const std::size_t at = random.below(w.size() + 1);
                w.insert(at, "...");
                shape_type spliced(shape.begin(), shape.begin() + std::ptrdiff_t(at));
                for (index_t d : own) spliced.push_back(d);
                for (std::size_t d = at; d < shape.size(); ++d) spliced.push_back(shape[d]);
                shape = spliced;
            }
        }
        for (index_t& d : shape) {
            if (d > 1 && random.chance(0.04)) d = 1;  // a letter's size 1, broadcast against its other size
        }
        words.push_back(w);
        shapes.push_back(shape);
    }
    std::string text;
    for (const std::string& w : words) text += (text.empty() ? "" : ",") + w;
    if (random.chance(0.3)) {
        c.subscripts = text;  // implicit output
    } else {
        std::string present;
        for (char l : text) {
            if (l != ',' && l != '.' && present.find(l) == std::string::npos) present.push_back(l);
        }
        for (std::size_t i = present.size(); i > 1; --i) std::swap(present[i - 1], present[random.below(i)]);
        present.resize(random.below(present.size() + 1));
        if (text.find("...") != std::string::npos && !random.chance(0.1)) {
            present.insert(random.below(present.size() + 1), "...");
        }
        c.subscripts = text + "->" + present;
    }
    if (random.chance(0.1)) {  // something wrong
        const std::string& first = words[0];
        switch (ellipsis && random.chance(0.5) ? 5 : random.below(7)) {
            case 0:  // a size that does not fit
                for (shape_type& shape : shapes) {
                    if (shape.empty()) continue;
                    const std::size_t d = random.below(shape.size());
                    shape[d] = other_size(random, shape[d], true);
                    break;
                }
                break;
            case 1: c.subscripts.insert(random.below(first.size() + 1), 1, 'i'); break;  // a letter too many
            case 2: c.subscripts = count > 1 ? first + "->" : first + "," + first; break;  // operands miscounted
            case 3: c.subscripts += c.subscripts.find("->") == std::string::npos ? "->z" : "z"; break;
            case 4: c.subscripts += c.subscripts.find("->") == std::string::npos ? "->ii" : "ii"; break;
            case 5: {  // dimensions of "..." that do not broadcast: 2 and 3 in the same place of two operands
                std::vector<std::pair<std::size_t, std::size_t>> holders;  // (operand, its dimensions of "...")
                for (std::size_t k = 0; k < count; ++k) {
                    const std::size_t at = words[k].find("...");
                    const std::size_t own = shapes[k].size() - (words[k].size() - 3);
                    if (at != std::string::npos && own > 0) holders.emplace_back(k, own);
                }
                if (holders.size() >= 2) {
                    const auto [k1, own1] = holders[0];
                    const auto [k2, own2] = holders[1];
                    const std::size_t last = std::min(own1, own2);  // counted from the right
                    shapes[k1][words[k1].find("...") + own1 - last] = 2;
                    shapes[k2][words[k2].find("...") + own2 - last] = 3;
                }
                break;
            }
            default: c.subscripts.insert(random.below(first.size() + 1), 1, random.chance(0.5) ? '1' : '.'); break;
        }
    }
}

linalg_case linalg_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x3c6ef372fe94f82bull * std::uint64_t(number + 1)));
    linalg_case c;
    c.seed = seed;
    c.number = number;
    c.op = linalg_op(random.below(linalg_op_count));
    const dtype type_a = random.pick(linalg_dtypes);
    const dtype type_b = random.chance(0.5) ? type_a : random.pick(linalg_dtypes);
    c.fractions = random.chance(0.2);
    c.times_two = random.chance(0.12);
    shape_type a, b;
    switch (c.op) {
        case linalg_op::matmul: matmul_shapes(random, a, b); break;
        case linalg_op::dot:
        case linalg_op::inner: {
            a = random_shape(random, random.below(4));
            b = random_shape(random, random.below(4));
            if (!a.empty() && !b.empty() && !random.chance(0.08)) {
                const std::size_t db = c.op == linalg_op::inner || b.size() == 1 ? b.size() - 1 : b.size() - 2;
                b[db] = a.back();
            }
            break;
        }
        case linalg_op::vdot: {
            a = random_shape(random, random.below(4));
            if (random.chance(0.85)) {  // as many elements, another shape
                const index_t count = element_count(a);
                b = count == 0 ? shape_type{0} : random.chance(0.5) ? shape_type{count} : shape_type{1, count};
                if (random.chance(0.3)) b = a;
            } else {
                b = random_shape(random, random.below(4));
            }
            break;
        }
        case linalg_op::outer:
            a = random_shape(random, random.below(3));
            b = random_shape(random, random.below(3));
            break;
        case linalg_op::tensordot_n:
        case linalg_op::tensordot_axes: {
            a = random_shape(random, random.below(5), 3);
            b = random_shape(random, random.below(4), 3);
            const std::size_t most = std::min(a.size(), b.size());
            const std::size_t count = random.below(most + 1);
            if (c.op == linalg_op::tensordot_n) {
                c.n = index_t(count);
                for (std::size_t j = 0; j < count; ++j) b[j] = a[a.size() - count + j];
                if (random.chance(0.06)) c.n = random.chance(0.5) ? -1 : index_t(most) + 1;
                if (random.chance(0.05) && count > 0) b[0] = other_size(random, b[0]);
            } else {
                c.axes_a = distinct_axes(random, a.size(), count);
                c.axes_b = distinct_axes(random, b.size(), count);
                for (std::size_t j = 0; j < count; ++j) {
                    b[std::size_t(positive(c.axes_b[j], b.size()))] = a[std::size_t(positive(c.axes_a[j], a.size()))];
                }
                if (random.chance(0.12)) {  // something wrong
                    switch (random.below(4)) {
                        case 0: c.axes_a.push_back(index_t(a.size())); c.axes_b.push_back(0); break;
                        case 1: c.axes_b.push_back(0); break;
                        case 2:
                            if (count > 0) {
                                c.axes_a.push_back(c.axes_a[0]);
                                c.axes_b.push_back(c.axes_b[0]);
                            }
                            break;
                        default:
                            if (count > 0) b[std::size_t(positive(c.axes_b[0], b.size()))] += 1;
                            break;
                    }
                }
            }
            break;
        }
        case linalg_op::trace: {
            a = random_shape(random, random.below(5), 4);
            const auto rank = index_t(a.size());
            c.n = random.between(-3, 3);
            if (rank >= 2 && !random.chance(0.1)) {
                const std::vector<index_t> axes = distinct_axes(random, a.size(), 2);
                c.axes_a = axes;
            } else {
                c.axes_a = {random.between(-rank - 1, rank), random.between(-rank - 1, rank)};
            }
            break;
        }
        case linalg_op::einsum1:
        case linalg_op::einsum2:
        case linalg_op::einsum_many:
        case linalg_op::einsum_path: {
            std::vector<shape_type> shapes;
            einsum_case(random, c, c.op == linalg_op::einsum1 ? 1 : c.op == linalg_op::einsum2 ? 2 : 3 + random.below(2),
                        shapes);
            a = shapes[0];
            if (shapes.size() > 1) b = shapes[1];
            for (std::size_t k = 2; k < shapes.size(); ++k) {
                c.more.push_back(make_operand(random, type_a, shapes[k], c.fractions));
            }
            break;
        }
    }
    if (many(c.op)) c.times_two = false;
    c.a = make_operand(random, type_a, a, c.fractions);
    if (binary(c.op)) c.b = make_operand(random, many(c.op) ? type_a : type_b, b, c.fractions);
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
        default: throw std::logic_error("an element type the linalg suite does not generate");
    }
}

template <class T>
tensor_view<const T> read(const tensor<T>& t, const operand_spec& o) {
    switch (o.view) {
        case view_kind::tensor: return t.view();
        case view_kind::transposed: return t.transpose();
        case view_kind::reversed_strided: return t(ellipsis, range(none, none, -2));
        case view_kind::broadcast: return broadcast_to(t, o.shape);
    }
    throw std::logic_error("unknown view");
}

template <class T>
any_tensor as_any(tensor<T> t) {
    return any_tensor(std::move(t));
}

template <class X, class Y>
any_tensor two_in_loom(const linalg_case& c, const X& x, const Y& y) {
    switch (c.op) {
        case linalg_op::matmul: {
            tensor<promote_t<value_type_of<X>, value_type_of<Y>>> r = matmul(x, y);
            return as_any(std::move(r));
        }
        case linalg_op::dot: return as_any(dot(x, y));
        case linalg_op::inner: return as_any(inner(x, y));
        case linalg_op::vdot: return as_any(vdot(x, y));
        case linalg_op::outer: return as_any(outer(x, y));
        case linalg_op::tensordot_n: return as_any(tensordot(x, y, c.n));
        case linalg_op::tensordot_axes: return as_any(tensordot(x, y, contraction_axes{c.axes_a, c.axes_b}));
        case linalg_op::einsum2: return as_any(einsum(c.subscripts, x, y));
        default: throw std::logic_error("not a product of two operands");
    }
}

template <class X>
any_tensor one_in_loom(const linalg_case& c, const X& x) {
    if (c.op == linalg_op::trace) return as_any(trace(x, c.n, c.axes_a[0], c.axes_a[1]));
    return as_any(einsum(c.subscripts, x));
}

/// einsum_path's answer as NumPy's rules module prints it: the path as
/// Python writes its list, then the report; of the report, only the lines
/// of numbers when "..." is spelled out with letters NumPy draws in hash order.
std::string path_text(const contraction_path& path, bool letters_compare) {
    std::string text = "['einsum_path'";
    for (const std::vector<std::size_t>& step : path.order) {
        text += ", (";
        for (std::size_t i = 0; i < step.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(step[i]);
        text += step.size() == 1 ? ",)" : ")";
    }
    text += "]\n";
    if (letters_compare) return text + path.report;
    std::istringstream report(path.report);
    std::string line;
    std::getline(report, line);  // the complete contraction, "..." spelled out
    for (int i = 0; i < 6 && std::getline(report, line); ++i) text += (i == 0 ? "" : "\n") + line;
    return text;
}

template <class T>
any_tensor many_in_loom(const linalg_case& c, const std::vector<tensor_view<const T>>& v) {
    if (c.op == linalg_op::einsum_path) {
        const contraction_path path = v.size() == 3 ? einsum_path(c.subscripts, v[0], v[1], v[2])
                                                    : einsum_path(c.subscripts, v[0], v[1], v[2], v[3]);
        const std::string text = path_text(path, c.subscripts.find("...") == std::string::npos);
        tensor<std::uint8_t> bytes(shape_type{index_t(text.size())});
        std::copy(text.begin(), text.end(), bytes.data());
        return as_any(std::move(bytes));
    }
    return v.size() == 3 ? as_any(einsum(c.subscripts, v[0], v[1], v[2]))
                         : as_any(einsum(c.subscripts, v[0], v[1], v[2], v[3]));
}

outcome linalg_in_loom(const linalg_case& c) {
    outcome o;
    try {
        o.value = with_type(c.a.stored, [&]<class A>(const tensor<A>& a) {
            const tensor_view<const A> x = read(a, c.a);
            if (many(c.op)) {
                std::vector<tensor_view<const A>> operands{x, read(std::get<tensor<A>>(c.b.stored), c.b)};
                for (const operand_spec& o : c.more) operands.push_back(read(std::get<tensor<A>>(o.stored), o));
                return many_in_loom(c, operands);
            }
            if (!binary(c.op)) return c.times_two ? one_in_loom(c, x * 2) : one_in_loom(c, x);
            return with_type(c.b.stored, [&]<class B>(const tensor<B>& b) {
                const tensor_view<const B> y = read(b, c.b);
                return c.times_two ? two_in_loom(c, x * 2, y) : two_in_loom(c, x, y);
            });
        });
    } catch (const broadcast_error& error) {
        o.result = outcome::kind::broadcast_error;
        o.message = std::string("broadcast_error: ") + error.what();
    } catch (const std::out_of_range& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("out_of_range: ") + error.what();
    } catch (const std::invalid_argument& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("invalid_argument: ") + error.what();
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("another exception: ") + error.what();
    }
    return o;
}

/// The kind of exception loom threw: "broadcast_error", "out_of_range",
/// "invalid_argument" or "another exception".
std::string exception_kind(const outcome& o) { return o.message.substr(0, o.message.find(':')); }

/// The element type of the left operand as loom reads it.
dtype left_dtype(const linalg_case& c) {
    return visit_dtype(dtype_of(c.a.stored), [&]<class T>(std::type_identity<T>) {
        if (c.times_two) return dtype_v<value_type_of<decltype(std::declval<tensor_view<const T>>() * 2)>>;
        return dtype_v<T>;
    });
}

/// Whether NumPy's result type of the operands differs from loom's promote_t
/// (int32 or int64 with float32: NumPy's float64, loom's float32).
bool promotion_differs(const linalg_case& c) {
    if (!binary(c.op)) return false;
    const dtype x = left_dtype(c), y = dtype_of(c.b.stored);
    const auto wide_int = [](dtype t) { return t == dtype::int32 || t == dtype::int64; };
    return (wide_int(x) && y == dtype::float32) || (wide_int(y) && x == dtype::float32);
}

// ---- NumPy ----

constexpr const char* linalg_rules_source = R"(from loom_outcomes import *

def view(a, kind, shape):
    if kind == 1:
        return a.T
    if kind == 2:
        return a[..., ::-2]
    if kind == 3:
        return np.broadcast_to(a, shape)
    return a

def operand(x, times_two, dtype):
    # computed in loom's type (bool * 2 is int32)
    return np.multiply(x, 2, dtype=dtype) if times_two else x

def promoted(x, y, dtype):
    # loom's promote_t: int32 and int64 with float32 give float32 (NumPy: float64);
    # a rank-0 operand's type counts as any other's (NumPy 1.x chooses by value)
    if np.result_type(x.dtype, y.dtype) != np.dtype(dtype) or x.ndim == 0 or y.ndim == 0:
        return x.astype(dtype), y.astype(dtype)
    return x, y

def tensordot_n(x, y, n):
    # loom refuses a negative number of axes (NumPy sums over none)
    if n < 0:
        raise ValueError('a negative number of axes')
    return np.tensordot(x, y, n)

def letter_dimensions(letters, ndim):
    # (letter, dimension) of one operand's subscripts, "..." standing for the dimensions between
    if letters.count('...') == 1:
        head, tail = letters.split('...')
        if len(head) + len(tail) > ndim:
            return []
        return list(zip(head, range(len(head)))) + list(zip(tail, range(ndim - len(tail), ndim)))
    return list(zip(letters, range(ndim))) if len(letters) == ndim else []

def check_diagonals(subscripts, operands):
    # a letter repeated in one operand names one size: NumPy raises when the
    # sizes differ, except when one is 0, where it reads memory that is not
    # the operand's, or 1, which einsum_path broadcasts
    inputs = subscripts.replace(' ', '').split('->')[0].split(',')
    if len(inputs) != len(operands):
        return
    for letters, x in zip(inputs, operands):
        named = letter_dimensions(letters, x.ndim)
        for l, i in named:
            for m, j in named:
                if l == m and x.shape[i] != x.shape[j]:
                    raise ValueError('a repeated letter names two sizes')

def einsum(subscripts, *operands):
    check_diagonals(subscripts, operands)
    return np.einsum(subscripts, *operands)

def einsum_path(subscripts, *operands):
    # loom's einsum_path refuses what einsum refuses
    einsum(subscripts, *operands)
    path, report = np.einsum_path(subscripts, *operands, optimize='greedy')
    text = str(path) + '\n'
    if '...' in subscripts:
        text += '\n'.join(report.split('\n')[1:7])  # "..." is spelled out in hash order
    else:
        text += report
    return np.frombuffer(text.encode(), dtype=np.uint8)
)";

std::string shape_python(const shape_type& s) {
    std::string text = "(";
    for (index_t d : s) text += std::to_string(d) + ", ";
    return text + ")";
}

std::string list_python(const std::vector<index_t>& l) {
    std::string text = "[";
    for (index_t d : l) text += std::to_string(d) + ", ";
    return text + "]";
}

std::string call_python(const linalg_case& c) {
    switch (c.op) {
        case linalg_op::matmul: return "np.matmul(x, y)";
        case linalg_op::dot: return "np.dot(x, y)";
        case linalg_op::inner: return "np.inner(x, y)";
        case linalg_op::vdot: return "np.vdot(x, y)";
        case linalg_op::outer: return "np.outer(x, y)";
        case linalg_op::tensordot_n: return "tensordot_n(x, y, " + std::to_string(c.n) + ")";
        case linalg_op::tensordot_axes:
            return "np.tensordot(x, y, (" + list_python(c.axes_a) + ", " + list_python(c.axes_b) + "))";
        case linalg_op::trace:
            return "np.trace(x, " + std::to_string(c.n) + ", " + std::to_string(c.axes_a[0]) + ", " +
                   std::to_string(c.axes_a[1]) + ")";
        case linalg_op::einsum1: return "einsum('" + c.subscripts + "', x)";
        case linalg_op::einsum2: return "einsum('" + c.subscripts + "', x, y)";
        case linalg_op::einsum_many:
        case linalg_op::einsum_path: {
            std::string call = std::string(c.op == linalg_op::einsum_path ? "einsum_path" : "einsum") + "('" +
                               c.subscripts + "', x, y";
            for (std::size_t k = 0; k < c.more.size(); ++k) call += ", z" + std::to_string(k);
            return call + ")";
        }
    }
    throw std::logic_error("unknown product");
}

std::string linalg_case_python(const linalg_case& c) {
    std::string text = "a = " + python_array(c.a.stored) + "\nx = operand(view(a, " + std::to_string(int(c.a.view)) +
                       ", " + shape_python(c.a.shape) + "), " + (c.times_two ? "True" : "False") + ", '" +
                       name_of(left_dtype(c)) + "')\n";
    if (binary(c.op)) {
        text += "b = " + python_array(c.b.stored) + "\ny = view(b, " + std::to_string(int(c.b.view)) + ", " +
                shape_python(c.b.shape) + ")\n";
        if (!many(c.op)) {  // of one type
            text += std::string("x, y = promoted(x, y, '") + name_of(promote(left_dtype(c), dtype_of(c.b.stored))) + "')\n";
        }
    }
    for (std::size_t k = 0; k < c.more.size(); ++k) {
        text += "z" + std::to_string(k) + " = view(" + python_array(c.more[k].stored) + ", " +
                std::to_string(int(c.more[k].view)) + ", " + shape_python(c.more[k].shape) + ")\n";
    }
    return text + "emit(" + std::to_string(c.number) + ", lambda: " + call_python(c) + ")\n";
}

// ---- comparison ----

double magnitude(const any_tensor& t) {
    double m = 0;
    std::visit([&](const auto& x) {
        for (const auto v : x) m = std::max(m, std::fabs(double(v)));
    }, t);
    return m;
}

/// A bound on the number of products summed into one element of the
/// result; for three or four operands, times the contractions that round.
double products_bound(const linalg_case& c) {
    const auto count = [](const operand_spec& o) { return double(std::max<index_t>(element_count(o.shape), 1)); };
    if (many(c.op)) return c.terms * double(1 + c.more.size());
    return binary(c.op) ? std::min(count(c.a), count(c.b)) : count(c.a);
}

/// How far a floating element may be from NumPy's in a case with fractions.
double tolerance(const linalg_case& c, dtype result) {
    const double epsilon = result == dtype::float32 ? double(std::numeric_limits<float>::epsilon())
                                                    : std::numeric_limits<double>::epsilon();
    double magnitudes = std::max(magnitude(c.a.stored) * (c.times_two ? 2 : 1), 1.0);
    if (binary(c.op)) magnitudes *= std::max(magnitude(c.b.stored), 1.0);
    for (const operand_spec& o : c.more) magnitudes *= std::max(magnitude(o.stored), 1.0);
    return 4 * epsilon * products_bound(c) * magnitudes;
}

struct comparison {
    std::optional<std::string> difference;
    index_t within_tolerance = 0;  ///< elements not equal, but within the tolerance
};

comparison compare(const linalg_case& c, const any_tensor& ours, const any_tensor& theirs) {
    comparison result;
    if (c.op == linalg_op::einsum_path) {
        const auto text = [](const any_tensor& t) {
            const tensor<std::uint8_t>& bytes = std::get<tensor<std::uint8_t>>(t);
            return std::string(bytes.data(), bytes.data() + bytes.size());
        };
        if (text(ours) != text(theirs)) result.difference = std::string("loom's path\n") + text(ours) + "\nNumPy's\n" + text(theirs);
        return result;
    }
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
            const T ours_i = x.data()[i], theirs_i = y.data()[i];
            bool same = ours_i == theirs_i;
            if constexpr (std::floating_point<T>) {
                if (!same && c.fractions && std::isfinite(ours_i) && std::isfinite(theirs_i) &&
                    std::fabs(double(ours_i) - double(theirs_i)) <= tolerance(c, dtype_v<T>)) {
                    same = true;
                    ++result.within_tolerance;
                }
            }
            if (!same && differing++ == 0) first = i;
        }
        if (differing > 0) {
            std::ostringstream text;
            text.precision(17);
            text << differing << " of " << x.size() << " elements differ; the first, at flat index " << first
                 << ": loom " << +x.data()[first] << ", NumPy " << +y.data()[first];
            if constexpr (std::floating_point<T>) {
                if (c.fractions) text << " (allowed: " << tolerance(c, dtype_v<T>) << ")";
            }
            result.difference = text.str();
        }
    }, ours);
    return result;
}

// ---- the suite ----

struct linalg_cases {
    using case_type = linalg_case;
    static constexpr const char* label = "linalg";
    static constexpr const char* title = "linalg";
    static constexpr const char* count_variable = "LOOM_DIFF_LINALG_CASES";
    static constexpr std::uint64_t default_count = default_linalg_case_count;
    static constexpr const char* rules_module = "loom_linalg_rules";
    static constexpr const char* rules_source = linalg_rules_source;
    static constexpr auto generate = &linalg_generate;
    static constexpr auto evaluate_in_loom = &linalg_in_loom;
    static constexpr auto case_python = &linalg_case_python;
    static const char* operation(const linalg_case& c) { return linalg_op_names[std::size_t(c.op)]; }
};

class LinalgAgainstNumPy : public case_suite<linalg_cases> {
protected:
    static inline index_t within_tolerance_ = 0;

    static void TearDownTestSuite() {
        finish_run("floating elements within the tolerance but not equal: " + std::to_string(within_tolerance_));
    }
};

TEST_F(LinalgAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match([](std::size_t i) {
        const comparison result = compare(run().cases[i], run().loom[i].value, run().numpy[i].value);
        within_tolerance_ += result.within_tolerance;
        return result.difference;
    });
}

TEST_F(LinalgAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// loom throws the exception docs/errors.md names: broadcast_error for batch
// shapes of matmul, or dimensions of einsum's "...", that do not broadcast
// (where NumPy says they could not be broadcast), out_of_range for an axis of tensordot or trace out of range
// (NumPy's AxisError or IndexError), invalid_argument for anything else.
TEST_F(LinalgAgainstNumPy, ThrowsTheDocumentedExceptionTypes) {
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const outcome& ours = run().loom[i];
        const outcome& theirs = run().numpy[i];
        if (!failed(ours) || !failed(theirs)) continue;
        const linalg_case& c = run().cases[i];
        std::string expected = "invalid_argument";
        const bool not_broadcast = theirs.message.find("could not be broadcast") != std::string::npos;
        if (c.op == linalg_op::matmul && not_broadcast) expected = "broadcast_error";
        // NumPy says so of a letter's sizes too; loom's broadcast_error is for the dimensions of "..." alone.
        if (is_einsum(c.op) && not_broadcast && exception_kind(ours) == "broadcast_error") {
            expected = "broadcast_error";
        }
        if ((c.op == linalg_op::trace || c.op == linalg_op::tensordot_axes) &&
            (theirs.message.starts_with("AxisError") || theirs.message.starts_with("IndexError"))) {
            expected = "out_of_range";
        }
        if (exception_kind(ours) != expected) report(i, "loom threw " + exception_kind(ours) + ", not " + expected);
    }
}

// The generator must keep reaching every function computed and refused,
// every view, type and form of operand, or the comparisons above would
// silently cover less.
TEST_F(LinalgAgainstNumPy, CasesCoverEveryFunctionViewAndType) {
    if (run().cases.size() < default_linalg_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const linalg_case& c = run().cases[i];
        const std::string name = linalg_op_names[std::size_t(c.op)];
        const bool refused = failed(run().numpy[i]);
        ++counts[name + (refused ? " refused" : " computed")];
        if (refused && failed(run().loom[i])) ++counts["threw " + exception_kind(run().loom[i])];
        ++counts["view " + std::to_string(int(c.a.view))];
        if (binary(c.op)) ++counts["view " + std::to_string(int(c.b.view))];
        ++counts[std::string("type ") + name_of(dtype_of(c.a.stored))];
        if (c.times_two && !refused) ++counts["x * 2 computed"];
        if (c.fractions && !refused) ++counts["fractions computed"];
        if (promotion_differs(c) && !refused) ++counts["loom's promotion computed"];
        if (binary(c.op) && dtype_of(c.a.stored) != dtype_of(c.b.stored) && !refused) ++counts["mixed computed"];
        if (c.op == linalg_op::matmul && !refused) {
            const bool a1 = c.a.shape.size() == 1, b1 = c.b.shape.size() == 1;
            ++counts[a1 && b1 ? "matmul 1-D both" : a1 ? "matmul 1-D left" : b1 ? "matmul 1-D right" : "matmul batched"];
            if (c.a.shape.size() > 2 && c.b.shape.size() > 2 && c.a.shape.size() != c.b.shape.size()) {
                ++counts["matmul batch ranks differ"];
            }
        }
        if (c.op == linalg_op::matmul && refused && (c.a.shape.empty() || c.b.shape.empty())) {
            ++counts["matmul rank 0 refused"];
        }
        if (is_einsum(c.op) && !refused) {
            if (c.subscripts.find("->") == std::string::npos) ++counts["einsum implicit computed"];
            if (c.subscripts.find("...") != std::string::npos) ++counts["einsum \"...\" computed"];
            if (c.more.size() == 2) ++counts["einsum of four computed"];
        }
        if (is_einsum(c.op) && refused && exception_kind(run().loom[i]) == "broadcast_error") {
            ++counts["einsum \"...\" not broadcast"];
        }
    }
    for (const char* name : linalg_op_names) {
        EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
        if (std::string(name) != "outer") {  // outer takes any two operands
            EXPECT_GT(counts[std::string(name) + " refused"], 0) << name;
        }
    }
    for (std::size_t view = 0; view < view_kind_count; ++view) {
        EXPECT_GT(counts["view " + std::to_string(view)], 0) << view;
    }
    for (dtype type : linalg_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0);
    for (const char* what : {"x * 2 computed", "fractions computed", "loom's promotion computed", "mixed computed",
                             "matmul 1-D both", "matmul 1-D left", "matmul 1-D right", "matmul batched",
                             "matmul batch ranks differ", "matmul rank 0 refused", "einsum implicit computed",
                             "einsum \"...\" computed", "einsum of four computed", "einsum \"...\" not broadcast",
                             "threw broadcast_error", "threw out_of_range", "threw invalid_argument"}) {
        EXPECT_GT(counts[what], 0) << what;
    }
}

}  // namespace
}  // namespace loom::differential
