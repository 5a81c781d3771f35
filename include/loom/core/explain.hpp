#pragma once
// explain(): how a broadcast rule treats some shapes, step by step, as
// PaddlePaddle's broadcasting guide walks them ("1st step: y's dimension is
// 1; 2nd step: x's dimension is 1; ..."), for every rule loom applies:
// NumPy's (n-ary), the specs none, pdpd(axis) and paddle_elementwise(axis),
// bidirectional broadcasting, the in-place rule, broadcast_to, matmul's batch
// dimensions and a class loss's target (docs/explain.md). The rules
// themselves are in core/broadcast.hpp, linalg/matmul.hpp and nn/losses.hpp;
// tests/unit/test_explain.cpp checks that both agree on every case of the
// tests. broadcast_error explains the rule that threw it when asked (Note
// [explanations on demand] in core/errors.hpp). Shapes refused get the
// fixes of core/broadcast_fixes.hpp: a reshape that inserts size-1
// dimensions, or a new tensor in place of an in-place operation.
//
// Cost of including: <algorithm>, <concepts>, <limits>, <string>, <utility> and <vector>, beside
// core/shape.hpp, core/broadcast_spec.hpp, core/explanation.hpp and core/broadcast_fixes.hpp.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "loom/core/broadcast_fixes.hpp"
#include "loom/core/broadcast_spec.hpp"
#include "loom/core/explanation.hpp"
#include "loom/core/shape.hpp"

namespace loom {

/// A shape, or anything with a shape: a tensor, a view, an expression.
template <class S>
concept shaped = std::same_as<S, shape_type> || requires(const S& s) {
    { s.shape() } -> std::convertible_to<shape_type>;
};

namespace detail {

template <shaped S>
shape_type shape_of(const S& s) {
    if constexpr (std::same_as<S, shape_type>) return s;
    else return s.shape();
}

// A new explanation of `rule` for the operands `names` of `shapes`, whose
// sizes are checked (std::invalid_argument for a negative one).
inline broadcast_explanation start_explanation(explained_rule rule, std::vector<std::string> names,
                                               std::vector<shape_type> shapes) {
    for (const shape_type& shape : shapes) check_shape(shape);
    broadcast_explanation e;
    e.rule = rule;
    e.names = std::move(names);
    e.shapes = std::move(shapes);
    return e;
}

// Each compared shape's size at dimension d of the shapes aligned on the right to `rank`, -1 where it has none.
inline std::vector<index_t> sizes_at(const std::vector<shape_type>& rows, std::size_t rank, std::size_t d) {
    std::vector<index_t> sizes;
    for (const shape_type& row : rows) {
        const std::size_t offset = rank - row.size();
        sizes.push_back(d < offset ? -1 : row[d - offset]);
    }
    return sizes;
}

inline std::size_t max_rank_of(const std::vector<shape_type>& rows) {
    std::size_t rank = 0;
    for (const shape_type& row : rows) rank = std::max(rank, row.size());
    return rank;
}

// Walks e.compared from the last dimension to the first, stopping at a step
// that fails. `judge(sizes, reason)` returns the result's size there, or -1.
template <class Judge>
void walk_from_back(broadcast_explanation& e, Judge judge) {
    const std::size_t rank = max_rank_of(e.compared);
    e.result = shape_type(rank, 1);
    for (std::size_t d = rank; d-- > 0;) {
        explanation_step step{d, sizes_at(e.compared, rank, d), -1, true, ""};
        step.result = judge(step.sizes, step.reason);
        step.holds = step.result >= 0;
        e.steps.push_back(step);
        if (!step.holds) {
            e.holds = false;
            return;
        }
        e.result[d] = step.result;
    }
    e.compared_result = e.result;
}

// "y's dimension is 1", "x's and z's dimensions are 1".
inline std::string dimensions_are(const std::vector<std::string>& names, const std::string& what_one,
                                  const std::string& what_many) {
    std::vector<std::string> owners;
    for (const std::string& name : names) owners.push_back(name + "'s");
    return joined(owners) + (names.size() == 1 ? " dimension " + what_one : " dimensions " + what_many);
}

// NumPy's verdict on one dimension: the sizes equal or 1 or missing, and
// the result takes the one that is not 1. Fails naming the first two sizes
// that differ, as the guide does: "x's dimension 4 is not equal to y's dimension 6".
inline index_t numpy_step(const std::vector<std::string>& names, const std::vector<index_t>& sizes,
                          std::string& reason) {
    index_t taken = 1;
    std::size_t owner = sizes.size();
    std::vector<std::string> ones, missing;
    for (std::size_t k = 0; k < sizes.size(); ++k) {
        if (sizes[k] < 0) {
            missing.push_back(names[k]);
        } else if (sizes[k] == 1) {
            ones.push_back(names[k]);
        } else if (owner == sizes.size()) {
            owner = k;
            taken = sizes[k];
        } else if (sizes[k] != taken) {
            reason = names[owner] + "'s dimension " + std::to_string(taken) + " is not equal to " + names[k] +
                     "'s dimension " + std::to_string(sizes[k]) + ", and neither is 1";
            return -1;
        }
    }
    if (missing.empty() && (ones.empty() || ones.size() == sizes.size())) {
        reason = sizes.size() == 2 ? "the two dimensions are the same" : "the dimensions are the same";
    } else {
        std::vector<std::string> clauses;
        if (!ones.empty()) clauses.push_back(dimensions_are(ones, "is 1", "are 1"));
        if (!missing.empty()) clauses.push_back(dimensions_are(missing, "does not exist", "do not exist"));
        reason = clauses.size() == 1 ? clauses[0] : clauses[0] + ", and " + clauses[1];
    }
    return taken;
}

inline void numpy_walk(broadcast_explanation& e, const std::vector<std::string>& names) {
    walk_from_back(e, [&](const std::vector<index_t>& sizes, std::string& reason) {
        return numpy_step(names, sizes, reason);
    });
}

// Refuses `shape`, what the steps of e gave (`what` names it: "the result"),
// when they all held but `countable` is false: no array of that shape can
// exist, as `counted` says how its elements were counted.
inline void refuse_uncountable(broadcast_explanation& e, bool countable, const std::string& what,
                               const shape_type& shape, const std::string& counted) {
    if (!e.holds || countable) return;
    e.holds = false;
    e.result_refusal = what + " " + to_string(shape) + " has more elements than fit in a " +
                       std::to_string(std::numeric_limits<index_t>::digits + 1) + "-bit index" + counted +
                       "; use smaller sizes";
}

// The rules' refusal of a result whose element count does not fit in index_t
// (check_countable_result in core/broadcast.hpp).
inline void refuse_too_many_elements(broadcast_explanation& e, const std::string& what, const shape_type& shape) {
    refuse_uncountable(e, checked_element_count(shape).has_value(), what, shape, "");
}

// The PDPD placement of y onto x (core/broadcast.hpp, place_onto), as
// checks; on success e.compared is x and y placed, and `first`, `count`
// the dimensions y's sizes (without its trailing 1s) occupy.
inline bool place_checks(broadcast_explanation& e, std::size_t& first, std::size_t& count) {
    const shape_type& a = e.shapes[0];
    const shape_type& b = e.shapes[1];
    const auto check = [&](std::string text, bool holds) {
        e.checks.push_back({std::move(text), holds});
        e.holds = e.holds && holds;
        return holds;
    };
    if (!check("y's rank " + std::to_string(b.size()) + (b.size() > a.size() ? " is above" : " is not above") +
                   " x's rank " + std::to_string(a.size()) +
                   (b.size() > a.size() ? " (swap the operands, or use broadcast::numpy)" : ""),
               b.size() <= a.size())) {
        return false;
    }
    index_t start = e.axis;
    if (start == -1) {
        start = static_cast<index_t>(a.size() - b.size());
        check("axis -1 means rank(x) - rank(y) = " + std::to_string(start), true);
    } else if (!check("axis " + std::to_string(start) +
                          (start < 0 ? " is negative, and the only negative axis is -1 (y aligned with x's "
                                       "trailing dimensions)"
                                     : " is where y's first dimension goes"),
                      start >= 0)) {
        return false;
    }
    count = b.size();
    while (count > 0 && b[count - 1] == 1) --count;
    const shape_type trimmed(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(count));
    if (count != b.size()) check("y's trailing 1s are dropped: " + to_string(trimmed), true);
    first = static_cast<std::size_t>(start);
    const bool fits = first + count <= a.size();
    if (!check(to_string(trimmed) + (fits ? " fits" : " does not fit") + " in x from axis " + std::to_string(start) +
                   ": " + std::to_string(start) + " + " + std::to_string(count) + (fits ? " <= " : " > ") +
                   std::to_string(a.size()) + (fits ? "" : " (use a smaller axis)"),
               fits)) {
        return false;
    }
    shape_type placed(a.size(), 1);
    for (std::size_t j = 0; j < count; ++j) placed[first + j] = b[j];
    check("y placed onto x at axis " + std::to_string(start) + " is " + to_string(placed), true);
    e.compared_names = {"x", "y placed"};
    e.compared = {a, placed};
    return true;
}

inline broadcast_explanation explain_placed(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    const bool strict = spec.kind == broadcast_spec::mode::pdpd;
    broadcast_explanation e = start_explanation(strict ? explained_rule::pdpd : explained_rule::paddle_elementwise,
                                                {"x", "y"}, {a, b});
    e.axis = spec.axis;
    e.front_to_back = true;
    std::size_t first = 0, count = 0;
    if (!place_checks(e, first, count)) return e;
    e.result = a;
    for (std::size_t d = first; d < first + count; ++d) {
        explanation_step step{d, {a[d], e.compared[1][d]}, -1, true, ""};
        const index_t x = a[d], y = e.compared[1][d];
        if (!strict) {
            step.result = numpy_step({"x", "y"}, step.sizes, step.reason);
        } else if (y == x) {
            step.result = x;
            step.reason = "the two dimensions are the same";
        } else if (y == 1) {
            step.result = x;
            step.reason = "y's dimension is 1";
        } else if (x == 1) {
            step.reason = "y's dimension " + std::to_string(y) +
                          " would have to grow x's 1, and broadcast::pdpd only broadcasts y onto x "
                          "(broadcast::paddle_elementwise lets x's 1s grow)";
        } else {
            step.reason = "x's dimension " + std::to_string(x) + " is not equal to y's dimension " +
                          std::to_string(y) + ", and neither is 1";
        }
        step.holds = step.result >= 0;
        e.steps.push_back(step);
        if (!step.holds) {
            e.holds = false;
            return e;
        }
        e.result[d] = step.result;
    }
    e.compared_result = e.result;
    refuse_too_many_elements(e, "the result", e.result);
    return e;
}

inline broadcast_explanation explain_none(const shape_type& a, const shape_type& b) {
    broadcast_explanation e = start_explanation(explained_rule::none, {"x", "y"}, {a, b});
    e.compared_names = {"x", "y"};
    e.compared = e.shapes;
    walk_from_back(e, [](const std::vector<index_t>& sizes, std::string& reason) -> index_t {
        const std::string rule = ", and broadcast::none needs identical shapes";
        if (sizes[0] < 0 || sizes[1] < 0) {
            reason = std::string(sizes[0] < 0 ? "x" : "y") + "'s dimension does not exist" + rule;
            return -1;
        }
        if (sizes[0] != sizes[1]) {
            reason = "x's dimension " + std::to_string(sizes[0]) + " is not equal to y's dimension " +
                     std::to_string(sizes[1]) + rule;
            return -1;
        }
        reason = "the two dimensions are the same";
        return sizes[0];
    });
    refuse_too_many_elements(e, "the result", e.result);
    suggest_fixes(e);
    return e;
}

// The names of n operands of NumPy's rule: x, y, z; x1, x2, ... beyond three.
inline std::vector<std::string> operand_names(std::size_t n) {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < n; ++k) {
        names.emplace_back(1, n <= 3 ? "xyz"[k] : 'x');
        if (n > 3) names.back() += std::to_string(k + 1);
    }
    return names;
}

inline broadcast_explanation explain_numpy(std::vector<shape_type> shapes) {
    std::vector<std::string> names = operand_names(shapes.size());
    broadcast_explanation e = start_explanation(explained_rule::numpy, names, std::move(shapes));
    e.compared_names = names;
    e.compared = e.shapes;
    numpy_walk(e, names);
    refuse_too_many_elements(e, "the result", e.result);
    suggest_fixes(e);
    return e;
}

}  // namespace detail

/// How NumPy's rule broadcasts the shapes of `x`, `y`, ... (shapes,
/// tensors, views or expressions), step by step from the last dimension:
/// the explanation of broadcast_shapes and of every operator.
/// Throws std::invalid_argument for a negative size.
template <shaped X, shaped... S>
broadcast_explanation explain(const X& x, const S&... rest) {
    return detail::explain_numpy({detail::shape_of(x), detail::shape_of(rest)...});
}

/// How NumPy's rule broadcasts a list of shapes (one or more), as explain(x, y, ...) does.
/// Throws std::invalid_argument for a negative size.
inline broadcast_explanation explain(std::vector<shape_type> shapes) {
    return detail::explain_numpy(std::move(shapes));
}

/// How `spec` (broadcast::numpy, none, pdpd(axis), paddle_elementwise(axis))
/// aligns y with x: the explanation of `add(x, y, spec)`.
/// Throws std::invalid_argument for a negative size.
template <shaped X, shaped Y>
broadcast_explanation explain(const X& x, const Y& y, const broadcast_spec& spec) {
    const shape_type a = detail::shape_of(x), b = detail::shape_of(y);
    switch (spec.kind) {
        case broadcast_spec::mode::none: return detail::explain_none(a, b);
        case broadcast_spec::mode::pdpd:
        case broadcast_spec::mode::paddle_elementwise: return detail::explain_placed(a, b, spec);
        case broadcast_spec::mode::numpy: break;
    }
    return detail::explain_numpy({a, b});
}

/// How OpenVINO's bidirectional broadcast treats `x` and `target`: NumPy's
/// rule, so the result may differ from target (broadcast_bidirectional).
/// Throws std::invalid_argument for a negative size.
template <shaped X>
broadcast_explanation explain_bidirectional(const X& x, const shape_type& target) {
    broadcast_explanation e =
        detail::start_explanation(explained_rule::bidirectional, {"x", "target"}, {detail::shape_of(x), target});
    e.compared_names = e.names;
    e.compared = e.shapes;
    detail::numpy_walk(e, e.names);
    detail::refuse_too_many_elements(e, "the result", e.result);
    detail::suggest_fixes(e);
    return e;
}

/// How the in-place rule treats `dst op= src`: src must broadcast to dst,
/// which never changes its shape (docs/semantics.md, "Assignment").
/// Throws std::invalid_argument for a negative size.
template <shaped D, shaped S>
broadcast_explanation explain_in_place(const D& dst, const S& src) {
    broadcast_explanation e =
        detail::start_explanation(explained_rule::in_place, {"dst", "src"}, {detail::shape_of(dst), detail::shape_of(src)});
    e.compared_names = e.names;
    e.compared = e.shapes;
    detail::walk_from_back(e, [](const std::vector<index_t>& sizes, std::string& reason) -> index_t {
        const index_t d = sizes[0], s = sizes[1];
        if (d < 0) {
            reason = "dst's dimension does not exist, and an in-place operation never adds one to its destination";
            return -1;
        }
        if (s < 0) reason = "src's dimension does not exist";
        else if (s == d) reason = "the two dimensions are the same";
        else if (s == 1) reason = "src's dimension is 1";
        else if (d == 1) {
            reason = "dst's dimension is 1 and src's is " + std::to_string(s) +
                     ": dst would have to grow, and an in-place operation never changes its destination's shape";
            return -1;
        } else {
            reason = "dst's dimension " + std::to_string(d) + " is not equal to src's dimension " + std::to_string(s) +
                     ", and neither is 1";
            return -1;
        }
        return d;
    });
    detail::suggest_fixes(e);
    return e;
}

/// How `broadcast_to(x, target)` treats x's shape: each of x's sizes, aligned
/// on the right, must equal the target's or be 1.
/// Throws std::invalid_argument for a negative size.
template <shaped X>
broadcast_explanation explain_broadcast_to(const X& x, const shape_type& target) {
    broadcast_explanation e =
        detail::start_explanation(explained_rule::broadcast_to, {"x", "target"}, {detail::shape_of(x), target});
    e.compared_names = e.names;
    e.compared = e.shapes;
    detail::walk_from_back(e, [](const std::vector<index_t>& sizes, std::string& reason) -> index_t {
        const index_t s = sizes[0], t = sizes[1];
        if (t < 0) {
            reason = "the target's dimension does not exist, and broadcast_to never removes a dimension";
            return -1;
        }
        if (s < 0) reason = "x's dimension does not exist";
        else if (s == t) reason = "the two dimensions are the same";
        else if (s == 1) reason = "x's dimension is 1";
        else {
            reason = "x's dimension " + std::to_string(s) + " is neither the target's " + std::to_string(t) + " nor 1";
            return -1;
        }
        return t;
    });
    // broadcast_to refuses a target whose sizes other than 0 multiply past index_t, as a tensor's strides would.
    detail::refuse_uncountable(e, checked_span_bytes(target, 1).has_value(), "the target", target,
                               " (counting every size but 0)");
    detail::suggest_fixes(e);
    return e;
}

/// How matmul(a, b) treats the shapes: the last two dimensions multiply (a
/// 1-D operand gets a 1 that leaves the result again), and the batch
/// dimensions before them broadcast by NumPy's rule.
/// Throws std::invalid_argument for a negative size.
template <shaped A, shaped B>
broadcast_explanation explain_matmul(const A& a_operand, const B& b_operand) {
    broadcast_explanation e = detail::start_explanation(explained_rule::matmul, {"a", "b"},
                                                        {detail::shape_of(a_operand), detail::shape_of(b_operand)});
    shape_type a = e.shapes[0], b = e.shapes[1];
    if (a.empty() || b.empty()) {
        e.checks.push_back({std::string(a.empty() ? "a" : "b") +
                                " has rank 0, so it has no dimension to multiply (use * for a scalar product)",
                            false});
        e.holds = false;
        return e;
    }
    const bool a_vector = a.size() == 1, b_vector = b.size() == 1;
    if (a_vector) {
        a.insert(a.begin(), 1);
        e.checks.push_back({"a is 1-D: it is read as " + to_string(a) + ", and that 1 leaves the result", true});
    }
    if (b_vector) {
        b.push_back(1);
        e.checks.push_back({"b is 1-D: it is read as " + to_string(b) + ", and that 1 leaves the result", true});
    }
    const index_t n = a[a.size() - 2], k = a[a.size() - 1], k_b = b[b.size() - 2], m = b[b.size() - 1];
    const std::string product = "the last two dimensions multiply: " + to_string(shape_type{n, k}) + " @ " +
                                to_string(shape_type{k_b, m});
    if (k != k_b) {
        e.checks.push_back({product + ", whose inner sizes " + std::to_string(k) + " and " + std::to_string(k_b) +
                                " differ (a's last size must equal b's second to last)",
                            false});
        e.holds = false;
        return e;
    }
    e.checks.push_back({product + " gives " + to_string(shape_type{n, m}), true});
    e.compared_names = {"a's batch", "b's batch"};
    e.compared = {shape_type(a.begin(), a.end() - 2), shape_type(b.begin(), b.end() - 2)};
    detail::numpy_walk(e, {"a", "b"});
    detail::refuse_too_many_elements(e, "the batch shape", e.result);
    detail::suggest_fixes(e);
    if (!e.holds) return e;
    if (!a_vector) e.result.push_back(n);
    if (!b_vector) e.result.push_back(m);
    return e;
}

/// How a class loss (cross_entropy, nll_loss) pairs `input` with `target`:
/// input [N, C] with target [N], input [N, C, d1, ...] with target [N, d1,
/// ...], input [C] with target []; the target never broadcasts. The result
/// is the shape of the losses before their reduction (the target's).
/// Throws std::invalid_argument for a negative size.
template <shaped I, shaped T>
broadcast_explanation explain_loss_target(const I& input, const T& target) {
    broadcast_explanation e = detail::start_explanation(explained_rule::loss_target, {"input", "target"},
                                                        {detail::shape_of(input), detail::shape_of(target)});
    const shape_type& in = e.shapes[0];
    if (in.empty()) {
        e.checks.push_back({"input has rank 0, so it has no class dimension (give [C], [N, C] or [N, C, d1, ...])",
                            false});
        e.holds = false;
        return e;
    }
    shape_type wanted = in;
    wanted.erase(wanted.begin() + (in.size() == 1 ? 0 : 1));
    e.checks.push_back({in.size() == 1 ? "input [C] is one sample of " + std::to_string(in[0]) +
                                             " classes: the target is one class index, of shape []"
                                       : "input's dimension 1 holds its " + std::to_string(in[1]) +
                                             " classes: the target is input without it, " + to_string(wanted),
                        true});
    e.compared_names = {"target", "wanted"};
    e.compared = {e.shapes[1], wanted};
    detail::walk_from_back(e, [](const std::vector<index_t>& sizes, std::string& reason) -> index_t {
        const std::string rule = " (a loss's target never broadcasts)";
        if (sizes[0] < 0) {
            reason = "target's dimension does not exist" + rule;
            return -1;
        }
        if (sizes[1] < 0) {
            reason = "target has a dimension too many" + rule;
            return -1;
        }
        if (sizes[0] != sizes[1]) {
            reason = "target's dimension " + std::to_string(sizes[0]) + " is not the wanted " +
                     std::to_string(sizes[1]) + rule;
            return -1;
        }
        reason = "the two dimensions are the same";
        return sizes[0];
    });
    return e;
}

namespace detail {

// The explanation of a broadcast_error's refusal (Note [explanations on demand] in core/errors.hpp).
inline broadcast_explanation explain_refusal(const broadcast_refusal& refusal) {
    const std::vector<shape_type>& shapes = refusal.shapes;
    switch (refusal.rule) {
        case explained_rule::none: return explain_none(shapes[0], shapes[1]);
        case explained_rule::pdpd:
        case explained_rule::paddle_elementwise: return explain_placed(shapes[0], shapes[1], refusal.spec);
        case explained_rule::bidirectional: return explain_bidirectional(shapes[0], shapes[1]);
        case explained_rule::in_place: return explain_in_place(shapes[0], shapes[1]);
        default: return explain_numpy(shapes);
    }
}

}  // namespace detail

}  // namespace loom
