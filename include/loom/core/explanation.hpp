#pragma once
// What explain() returns and broadcast_error carries (docs/explain.md): the
// shapes a broadcast rule compares, aligned, the rule's checks, one step
// per dimension with its verdict and reason, and the result or the step
// that fails, with the fixes that would make the rule accept the shapes;
// printed in the words of PaddlePaddle's broadcasting guide.
//
// Cost of including: <algorithm>, <string> and <vector>, beside core/shape.hpp and
// core/broadcast_spec.hpp.

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "loom/core/broadcast_spec.hpp"
#include "loom/core/shape.hpp"

namespace loom {

/// The rules explain() knows, one per kind of broadcasting loom does.
enum class explained_rule {
    numpy,               ///< NumPy's rule, for any number of shapes
    none,                ///< broadcast::none: identical shapes
    pdpd,                ///< broadcast::pdpd(axis): y placed onto x; only y broadcasts
    paddle_elementwise,  ///< broadcast::paddle_elementwise(axis): y placed onto x, then NumPy's rule
    bidirectional,       ///< broadcast_bidirectional: NumPy's rule between x and a target
    in_place,            ///< `dst op= src`: src broadcasts to dst, which never grows
    broadcast_to,        ///< broadcast_to: x broadcasts to exactly the target
    matmul,              ///< matmul: the last two dimensions multiply, the batch dimensions broadcast
    loss_target,         ///< a class loss: the target is the input without its class dimension 1
};

/// One check a rule makes before it compares dimensions (a PDPD placement,
/// matmul's inner sizes, the target a loss needs).
struct explanation_check {
    std::string text;   ///< what is checked, and what it gives
    bool holds = true;  ///< false for the check that fails
};

/// One dimension compared: the sizes there and what the rule makes of them.
struct explanation_step {
    std::size_t dimension = 0;  ///< the dimension of the compared shapes, counted from the left
    std::vector<index_t> sizes; ///< each compared shape's size there, -1 where it has no such dimension
    index_t result = -1;        ///< the size the result takes there, -1 when the step fails
    bool holds = true;          ///< false for the step that fails
    std::string reason;         ///< why, in the guide's words: "y's dimension is 1"
};

/// A reshape of one operand that only inserts size-1 dimensions, keeping its
/// sizes in order, and makes the rule accept the shapes (docs/explain.md,
/// "Suggested fixes").
struct reshape_fix {
    std::size_t operand = 0;  ///< the operand reshaped: its index in names and shapes
    std::string name;         ///< its name: "y"
    shape_type shape;         ///< its shape after the fix: [4, 1]
    std::string loom;         ///< loom's spelling: "y.reshape({4, 1}) or unsqueeze(y, 1)"
    std::string numpy;        ///< NumPy's spelling: "y[:, np.newaxis]"; empty for a bidirectional
                              ///< broadcast's target, which NumPy has no call for
    shape_type result;        ///< the result's shape with the fix (dst's, in place; the target, for broadcast_to)
};

/// How a broadcast rule treats some shapes, step by step (explain()).
struct broadcast_explanation {
    explained_rule rule = explained_rule::numpy;  ///< which rule
    index_t axis = -1;                  ///< the axis of the PDPD rules, as given
    std::vector<std::string> names;     ///< the operands' names: x, y, ...; dst, src; a, b; input, target
    std::vector<shape_type> shapes;     ///< the operands' shapes, as given
    std::vector<explanation_check> checks;  ///< what the rule checks first, in order; the walk needs them all to hold
    std::vector<std::string> compared_names;  ///< the rows compared dimension by dimension ("y placed", "a's batch")
    std::vector<shape_type> compared;   ///< their shapes, aligned on the right in the printed table
    bool front_to_back = false;         ///< the steps go from the left (the PDPD rules, from the axis)
    std::vector<explanation_step> steps;  ///< the dimensions compared, in the order compared, up to one that fails
    bool holds = true;                  ///< true when the rule accepts the shapes
    std::string result_refusal;         ///< why the rule refuses what every step held for: a result with more
                                        ///< elements than index_t counts; empty otherwise
    shape_type compared_result;         ///< what the steps give: the last row of the table (matmul's batch shape)
    shape_type result;                  ///< the result's shape, when the rule accepts the shapes
    std::vector<reshape_fix> fixes;     ///< when a step fails: each operand's reshape that makes the rule accept
                                        ///< the shapes (NumPy's rule, bidirectional, in place: src, broadcast_to:
                                        ///< x, matmul's batch dimensions, none: a reshape to identical shapes)
    bool assign_new = false;            ///< in place, when NumPy's rule accepts dst and src: a new tensor,
                                        ///< t = dst op src, takes the result that dst cannot
    shape_type assigned;                ///< the shape of t = dst op src, when assign_new
    bool no_fix = false;                ///< a step fails, and neither a reshape of one operand that inserts
                                        ///< size-1 dimensions nor (in place) a new tensor helps; false for the
                                        ///< rules that suggest nothing (the PDPD rules, loss targets, none)
    std::string transpose_hint;         ///< when no_fix: the transpose of an operand that the rule would accept,
                                        ///< "transpose(y) (NumPy: y.T)", which pairs other elements; or empty

    /// The step that fails, or nullptr (all steps hold, or a check failed
    /// first, or the result is refused: result_refusal).
    const explanation_step* failing_step() const {
        const auto it = std::find_if(steps.begin(), steps.end(), [](const explanation_step& s) { return !s.holds; });
        return it == steps.end() ? nullptr : &*it;
    }
    /// The check that fails, or nullptr.
    const explanation_check* failing_check() const {
        const auto it = std::find_if(checks.begin(), checks.end(), [](const explanation_check& c) { return !c.holds; });
        return it == checks.end() ? nullptr : &*it;
    }
};

/// The rule that refused some shapes, the shapes and, for the PDPD rules,
/// the spec: what a broadcast_error makes its explanation from when asked
/// (Note [explanations on demand] in core/errors.hpp).
struct broadcast_refusal {
    explained_rule rule = explained_rule::numpy;  ///< numpy, none, pdpd, paddle_elementwise, bidirectional or in_place
    std::vector<shape_type> shapes;               ///< the shapes refused, in the rule's order
    broadcast_spec spec{};                        ///< the spec of the PDPD rules
};

namespace detail {

// "1st", "2nd", "3rd", "4th", ..., "11th", "21st".
inline std::string ordinal(std::size_t n) {
    const std::size_t tens = n % 100, units = n % 10;
    const char* suffix = "th";
    if (tens < 11 || tens > 13) suffix = units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th";
    return std::to_string(n) + suffix;
}

inline std::string size_text(index_t size) { return size < 0 ? "-" : std::to_string(size); }

// "x", "x and y", "x, y and z"; "x or y" with `last` " or ".
inline std::string joined(const std::vector<std::string>& words, const char* last = " and ") {
    std::string text;
    for (std::size_t k = 0; k < words.size(); ++k) {
        if (k != 0) text += k + 1 == words.size() ? last : ", ";
        text += words[k];
    }
    return text;
}

inline std::string rule_title(const broadcast_explanation& e) {
    switch (e.rule) {
        case explained_rule::numpy: return "NumPy's rule";
        case explained_rule::none: return "broadcast::none";
        case explained_rule::pdpd: return "broadcast::pdpd(" + std::to_string(e.axis) + ")";
        case explained_rule::paddle_elementwise: return "broadcast::paddle_elementwise(" + std::to_string(e.axis) + ")";
        case explained_rule::bidirectional: return "bidirectional broadcast";
        case explained_rule::in_place: return "in place";
        case explained_rule::broadcast_to: return "broadcast_to";
        case explained_rule::matmul: return "matmul";
        case explained_rule::loss_target: return "class loss target";
    }
    return "";
}

// What the last line says the rule made of the operands.
inline std::string verdict(const broadcast_explanation& e) {
    const std::string all = joined(e.names);
    const std::string first = e.names.empty() ? "" : e.names.front();
    const std::string second = e.names.size() > 1 ? e.names[1] : "";
    switch (e.rule) {
        case explained_rule::in_place:
            return e.holds ? "src fits into dst, which keeps its shape" : "src does not fit into dst";
        case explained_rule::broadcast_to:
            return e.holds ? "x broadcasts to the target" : "x does not broadcast to the target";
        case explained_rule::matmul:
            return e.holds ? "a @ b is defined" : "a @ b is not defined";
        case explained_rule::loss_target:
            return e.holds ? "the target fits the input" : "the target does not fit the input";
        case explained_rule::pdpd:
        case explained_rule::paddle_elementwise:
            return e.holds ? second + " broadcasts onto " + first : second + " does not broadcast onto " + first;
        default:
            return all + (e.holds ? " are broadcastable" : " are not broadcastable");
    }
}

// What a fix leaves the rule: "broadcasts with x to [4, 3]".
inline std::string fix_outcome(const broadcast_explanation& e, const reshape_fix& fix) {
    std::vector<std::string> others;
    for (std::size_t k = 0; k < e.names.size(); ++k) {
        if (k != fix.operand) others.push_back(e.names[k]);
    }
    switch (e.rule) {
        case explained_rule::in_place: return "fits into dst " + to_string(fix.result);
        case explained_rule::broadcast_to: return "broadcasts to the target " + to_string(fix.result);
        case explained_rule::none: return "is " + others.front() + "'s shape";
        case explained_rule::matmul:
            return "and " + others.front() + " have batch dimensions that broadcast; a @ b has shape " +
                   to_string(fix.result);
        default: return "broadcasts with " + joined(others) + " to " + to_string(fix.result);
    }
}

// Why no fix is offered: "no reshape of x or y that inserts size-1 dimensions, up to rank 3, makes them
// broadcastable". The search keeps every operand within the rank of the largest compared shape, so the
// text says so: above it, a size-1 dimension always fits ([2] as [2, 1] with [3] gives an outer [2, 3]).
inline std::string no_fix_text(const broadcast_explanation& e) {
    std::size_t rank = 0;
    for (const shape_type& row : e.compared) rank = std::max(rank, row.size());
    const std::string inserting = " that inserts size-1 dimensions ";
    const std::string within = ", up to rank " + std::to_string(rank) + ", ";
    switch (e.rule) {
        case explained_rule::in_place:
            return "no reshape of src" + inserting + "fits it into dst, and NumPy's rule refuses t = dst op src too";
        case explained_rule::broadcast_to: return "no reshape of x" + inserting + "broadcasts it to the target";
        case explained_rule::matmul:
            return "no reshape of a or b that inserts size-1 batch dimensions" + within +
                   "makes their batch dimensions broadcast";
        default:
            return "no reshape of " + joined(e.names, " or ") + " that inserts size-1 dimensions" + within +
                   "makes them broadcastable";
    }
}

// The lines after the verdict: one per fix, or why there is none.
inline std::string fix_lines(const broadcast_explanation& e) {
    std::string text;
    for (const reshape_fix& fix : e.fixes) {
        text += "fix: " + fix.loom + (fix.numpy.empty() ? "" : " (NumPy: " + fix.numpy + ")") + ": " + fix.name +
                " " + to_string(fix.shape) + " " + fix_outcome(e, fix) + '\n';
    }
    if (e.assign_new) {
        text += "fix: assign to a new tensor, t = dst op src: t has shape " + to_string(e.assigned) + '\n';
    }
    if (e.no_fix) {
        text += "no fix: " + no_fix_text(e) +
                (e.transpose_hint.empty() ? "" : "; " + e.transpose_hint + " would, but a transpose changes which "
                                                                           "elements meet") +
                '\n';
    }
    return text;
}

}  // namespace detail

/// The explanation as text: the rule and the operands, the rule's checks,
/// the compared shapes right-aligned in columns (`-` where a shape has no
/// such dimension), the numbered steps, and the result or what fails: a
/// step, a check, or the result itself (result_refusal); then one line per
/// fix, or one saying that there is none.
inline std::string to_string(const broadcast_explanation& e) {
    std::string text = detail::rule_title(e) + ":";
    for (std::size_t k = 0; k < e.names.size(); ++k) {
        text += (k == 0 ? " " : k + 1 == e.names.size() ? " and " : ", ") + e.names[k] + " " + to_string(e.shapes[k]);
    }
    text += '\n';
    for (const explanation_check& check : e.checks) {
        text += "  - " + check.text + '\n';
    }

    if (!e.compared.empty() && e.failing_check() == nullptr) {
        // The table: one row per compared shape, and the result's when there is one.
        std::vector<std::string> row_names = e.compared_names;
        std::vector<shape_type> rows = e.compared;
        if (e.holds) {
            row_names.push_back(e.rule == explained_rule::matmul ? "batch" : "result");
            rows.push_back(e.compared_result);
        }
        std::size_t rank = 0, name_width = 0, width = 1;
        for (std::size_t r = 0; r < rows.size(); ++r) {
            rank = std::max(rank, rows[r].size());
            name_width = std::max(name_width, row_names[r].size());
            for (index_t size : rows[r]) width = std::max(width, std::to_string(size).size());
        }
        if (rank == 0) text += "  (no dimension to compare: rank 0 broadcasts with anything)\n";
        for (std::size_t r = 0; r < rows.size() && rank > 0; ++r) {
            std::string line = "  " + std::string(name_width - row_names[r].size(), ' ') + row_names[r];
            for (std::size_t d = 0; d < rank; ++d) {
                const std::size_t offset = rank - rows[r].size();
                const std::string cell = d < offset ? "-" : std::to_string(rows[r][d - offset]);
                line += "  " + std::string(width - cell.size(), ' ') + cell;
            }
            text += line + '\n';
        }
        if (!e.steps.empty()) {
            text += e.front_to_back ? "compared from the axis, front to back:\n" : "compared from back to front:\n";
        }
        for (std::size_t s = 0; s < e.steps.size(); ++s) {
            const explanation_step& step = e.steps[s];
            std::vector<std::string> sizes;
            for (index_t size : step.sizes) sizes.push_back(detail::size_text(size));
            text += "  " + detail::ordinal(s + 1) + " step (dimension " + std::to_string(step.dimension) + "): " +
                    detail::joined(sizes) + (step.holds ? " -> " + std::to_string(step.result) : "") + ": " +
                    step.reason + '\n';
        }
    }

    text += "so " + detail::verdict(e);
    if (e.holds) return text + "; the result has shape " + to_string(e.result) + '\n';
    if (!e.result_refusal.empty()) return text + ": " + e.result_refusal + '\n';
    std::size_t failing = 0;
    while (failing < e.steps.size() && e.steps[failing].holds) ++failing;
    if (failing < e.steps.size()) {
        return text + ": the " + detail::ordinal(failing + 1) + " step fails, at dimension " +
               std::to_string(e.steps[failing].dimension) + '\n' + detail::fix_lines(e);
    }
    return text + ": the last check fails\n";
}

/// Writes to_string(e).
template <class Stream>
    requires requires(Stream& os, const std::string& s) { os << s; }
Stream& operator<<(Stream& os, const broadcast_explanation& e) {
    os << to_string(e);
    return os;
}

}  // namespace loom
