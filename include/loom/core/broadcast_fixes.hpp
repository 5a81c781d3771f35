#pragma once
// The fixes an explanation suggests for shapes its rule refuses
// (docs/explain.md, "Suggested fixes"): the reshape of one operand that only
// inserts size-1 dimensions and makes the rule accept them, in loom's and
// NumPy's spelling, for NumPy's rule, bidirectional broadcasting, the
// in-place rule, broadcast_to, matmul's batch dimensions and broadcast::none;
// in place, the new tensor `t = dst op src` when NumPy's rule accepts the
// shapes; or that no such reshape exists. explain() (core/explain.hpp) adds
// them to what it returns.
//
// Cost of including: <algorithm>, <string> and <vector>, beside core/shape.hpp
// and core/explanation.hpp.

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "loom/core/explanation.hpp"
#include "loom/core/shape.hpp"

namespace loom::detail {

// How a rule pairs an operand's size with the size it meets.
enum class size_fit {
    either_one,   // NumPy's rule: equal, or either is 1
    operand_one,  // broadcast_to and the in-place rule: equal, or the operand's is 1
    equal,        // broadcast::none: equal
};

inline bool sizes_fit(index_t operand, index_t other, size_fit fit) {
    if (operand == other) return true;
    if (fit == size_fit::equal) return false;
    return operand == 1 || (fit == size_fit::either_one && other == 1);
}

// Note [placing an operand]: a reshape that only inserts size-1 dimensions
// keeps the operand's sizes in order, so it puts them at increasing
// positions of the shape they meet (`onto`, aligned on the right), each
// where it fits. Placed right to left, each at the rightmost position where
// it fits, they find a placement whenever one exists (a size placed further
// right leaves every position to its left free for the others), and the one
// with the fewest 1s after the operand's last size, as people write it:
// y[:, np.newaxis] rather than y[:, np.newaxis, np.newaxis]. The positions
// between placed sizes take 1s, which fit anything under NumPy's rule and
// broadcast_to's. The positions left of the first placed size are not
// written, since the rules align on the right and prepend 1s themselves;
// except for broadcast::none, whose shapes must be identical, so that every
// position is written and must be 1.

// `operand` with size-1 dimensions inserted so that each of its sizes fits
// the size of `onto` it meets (Note [placing an operand]), in `placed`, with
// new_axes[d] true for each dimension inserted; false when none fits. With
// no dimension inserted, `operand` fits as it is.
inline bool place_with_ones(const shape_type& operand, const shape_type& onto, size_fit fit, shape_type& placed,
                            std::vector<bool>& new_axes) {
    std::vector<index_t> backwards;  // placed, from its last dimension
    std::size_t left = operand.size();  // the sizes of operand not placed yet
    for (std::size_t p = onto.size(); p-- > 0 && (left > 0 || fit == size_fit::equal);) {
        if (left > 0 && sizes_fit(operand[left - 1], onto[p], fit)) {
            backwards.push_back(operand[--left]);
        } else if (fit == size_fit::equal && onto[p] != 1) {
            return false;
        } else {
            backwards.push_back(-1);  // a 1 inserted
        }
    }
    if (left > 0) return false;
    placed = shape_type(backwards.size(), 1);
    new_axes.assign(backwards.size(), false);
    for (std::size_t d = 0; d < backwards.size(); ++d) {
        const index_t size = backwards[backwards.size() - 1 - d];
        new_axes[d] = size < 0;
        if (size >= 0) placed[d] = size;
    }
    return true;
}

// NumPy's rule on `shapes`: their broadcast, in `result`; false when two
// sizes differ and neither is 1, or the result has more elements than
// index_t counts.
inline bool numpy_result(const std::vector<shape_type>& shapes, shape_type& result) {
    std::size_t rank = 0;
    for (const shape_type& shape : shapes) rank = std::max(rank, shape.size());
    result = shape_type(rank, 1);
    for (const shape_type& shape : shapes) {
        for (std::size_t k = 0; k < shape.size(); ++k) {
            index_t& size = result[rank - shape.size() + k];
            if (shape[k] == size || shape[k] == 1) continue;
            if (size != 1) return false;
            size = shape[k];
        }
    }
    return checked_element_count(result).has_value();
}

// `{4, 1}`: a shape as loom's code writes it.
inline std::string braced(const shape_type& shape) {
    std::string text = "{";
    for (std::size_t d = 0; d < shape.size(); ++d) text += (d == 0 ? "" : ", ") + std::to_string(shape[d]);
    return text + "}";
}

// The fix that gives operand k of e the shape `placed`, whose new_axes are inserted.
inline reshape_fix reshape_of(const broadcast_explanation& e, std::size_t k, const shape_type& placed,
                              const std::vector<bool>& new_axes, const shape_type& result) {
    reshape_fix fix{k, e.names[k], placed, "", "", result};
    if (e.rule == explained_rule::bidirectional && k == 1) {  // the target is a shape, not a tensor
        fix.loom = "broadcast_bidirectional(x, " + braced(placed) + ")";
        return fix;
    }
    fix.loom = fix.name + ".reshape(" + braced(placed) + ")";
    if (std::count(new_axes.begin(), new_axes.end(), true) == 1) {
        const auto axis = std::find(new_axes.begin(), new_axes.end(), true) - new_axes.begin();
        fix.loom += " or unsqueeze(" + fix.name + ", " + std::to_string(axis) + ")";
    }
    fix.numpy = fix.name + "[";
    for (std::size_t d = 0; d < new_axes.size(); ++d) {
        fix.numpy += (d == 0 ? "" : ", ") + std::string(new_axes[d] ? "np.newaxis" : ":");
    }
    fix.numpy += "]";
    return fix;
}

// A matrix's shape transposed: transpose(x), NumPy's x.T. (Only matrices
// are offered a transpose: above rank 2, x.T reverses every dimension, which
// is seldom what a reader of the hint wants.)
inline shape_type transposed(const shape_type& matrix) { return shape_type{matrix[1], matrix[0]}; }

// Whether `operand` fits `onto` as it is, aligned on the right.
inline bool fits_as_is(const shape_type& operand, const shape_type& onto, size_fit fit) {
    shape_type placed;
    std::vector<bool> new_axes;
    return place_with_ones(operand, onto, fit, placed, new_axes) && placed.size() == operand.size();
}

inline std::string transpose_spelling(const std::string& name) {
    return "transpose(" + name + ") (NumPy: " + name + ".T)";
}

// NumPy's rule and bidirectional broadcasting: for each operand, the other
// operands' broadcast is what it must fit (when they do not broadcast, no
// reshape of it helps).
inline void suggest_numpy_fixes(broadcast_explanation& e) {
    const std::size_t n = e.shapes.size();
    // The operands that may be reshaped or transposed: every one, but a bidirectional broadcast's target is a shape.
    const std::size_t tensors = e.rule == explained_rule::bidirectional ? 1 : n;
    bool placeable = false;
    for (std::size_t k = 0; k < n; ++k) {
        std::vector<shape_type> others = e.shapes;
        others.erase(others.begin() + static_cast<std::ptrdiff_t>(k));
        shape_type onto, placed, result;
        std::vector<bool> new_axes;
        if (!numpy_result(others, onto) ||
            !place_with_ones(e.shapes[k], onto, size_fit::either_one, placed, new_axes) ||
            placed.size() == e.shapes[k].size()) {
            continue;
        }
        placeable = true;
        others.push_back(placed);
        if (numpy_result(others, result)) e.fixes.push_back(reshape_of(e, k, placed, new_axes, result));
    }
    // (A placement whose result is too large to count is no fix, and no reason to say that none exists.)
    if (placeable) return;
    e.no_fix = true;
    for (std::size_t k = tensors; k-- > 0;) {
        if (e.shapes[k].size() != 2) continue;
        std::vector<shape_type> shapes = e.shapes;
        shapes[k] = transposed(shapes[k]);
        shape_type result;
        if (numpy_result(shapes, result)) {
            e.transpose_hint = transpose_spelling(e.names[k]);
            return;
        }
    }
}

// The in-place rule: src reshaped to fit dst, and the new tensor t = dst op src.
inline void suggest_in_place_fixes(broadcast_explanation& e) {
    const shape_type& dst = e.shapes[0];
    const shape_type& src = e.shapes[1];
    shape_type placed;
    std::vector<bool> new_axes;
    if (place_with_ones(src, dst, size_fit::operand_one, placed, new_axes) && placed.size() > src.size()) {
        e.fixes.push_back(reshape_of(e, 1, placed, new_axes, dst));
    }
    e.assign_new = numpy_result({dst, src}, e.assigned);
    if (!e.assign_new) e.assigned.clear();
    e.no_fix = e.fixes.empty() && !e.assign_new;
    if (e.no_fix && src.size() == 2 && fits_as_is(transposed(src), dst, size_fit::operand_one)) {
        e.transpose_hint = transpose_spelling("src");
    }
}

// broadcast_to: x reshaped to fit the target, which does not change.
inline void suggest_broadcast_to_fixes(broadcast_explanation& e) {
    const shape_type& x = e.shapes[0];
    const shape_type& target = e.shapes[1];
    if (!checked_span_bytes(target, 1)) return;  // a target too large to count refuses every x
    shape_type placed;
    std::vector<bool> new_axes;
    if (place_with_ones(x, target, size_fit::operand_one, placed, new_axes) && placed.size() > x.size()) {
        e.fixes.push_back(reshape_of(e, 0, placed, new_axes, target));
        return;
    }
    e.no_fix = true;
    if (x.size() == 2 && fits_as_is(transposed(x), target, size_fit::operand_one)) {
        e.transpose_hint = transpose_spelling("x");
    }
}

// broadcast::none: a reshape that makes the shapes identical. (None found is
// not said: the rule asks for identical shapes on purpose.)
inline void suggest_identical_shapes(broadcast_explanation& e) {
    for (std::size_t k = 0; k < 2; ++k) {
        const shape_type& other = e.shapes[1 - k];
        shape_type placed;
        std::vector<bool> new_axes;
        if (place_with_ones(e.shapes[k], other, size_fit::equal, placed, new_axes) &&
            placed.size() > e.shapes[k].size() && checked_element_count(other).has_value()) {
            e.fixes.push_back(reshape_of(e, k, placed, new_axes, other));
        }
    }
}

// matmul: the batch dimensions (e.compared) follow NumPy's rule; the last two
// dimensions of the operand reshaped stay as they are.
inline void suggest_matmul_fixes(broadcast_explanation& e) {
    bool placeable = false;
    for (std::size_t k = 0; k < 2; ++k) {
        const shape_type& batch = e.compared[k];
        const shape_type& full = e.shapes[k];
        shape_type placed, result;
        std::vector<bool> new_axes;
        if (full.size() < 2 || !place_with_ones(batch, e.compared[1 - k], size_fit::either_one, placed, new_axes) ||
            placed.size() == batch.size()) {
            continue;
        }
        placeable = true;
        if (!numpy_result({placed, e.compared[1 - k]}, result)) continue;
        for (std::size_t d = full.size() - 2; d < full.size(); ++d) {
            placed.push_back(full[d]);
            new_axes.push_back(false);
        }
        const shape_type& a = e.shapes[0];
        const shape_type& b = e.shapes[1];
        if (a.size() >= 2) result.push_back(a[a.size() - 2]);
        if (b.size() >= 2) result.push_back(b.back());
        e.fixes.push_back(reshape_of(e, k, placed, new_axes, result));
    }
    e.no_fix = !placeable;
}

// Adds to e, which its rule built, the fixes of shapes refused by a step
// (not by a check, nor for a result too large to count). The PDPD rules
// place y by their axis, which is how they insert dimensions, and a loss's
// target never broadcasts: they get none.
inline void suggest_fixes(broadcast_explanation& e) {
    if (e.holds || !e.result_refusal.empty() || e.failing_step() == nullptr) return;
    switch (e.rule) {
        case explained_rule::numpy:
        case explained_rule::bidirectional: suggest_numpy_fixes(e); break;
        case explained_rule::in_place: suggest_in_place_fixes(e); break;
        case explained_rule::broadcast_to: suggest_broadcast_to_fixes(e); break;
        case explained_rule::none: suggest_identical_shapes(e); break;
        case explained_rule::matmul: suggest_matmul_fixes(e); break;
        default: break;
    }
}

}  // namespace loom::detail
