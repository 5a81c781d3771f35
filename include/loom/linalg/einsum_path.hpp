#pragma once
// einsum_path: the order in which einsum contracts three or more operands,
// two at a time, chosen as numpy.einsum_path(..., optimize='greedy')
// chooses it, with NumPy's estimates of its cost and NumPy's printed report.
// Note [greedy contraction order]: at each step, of the pairs of operands
// that share a letter (or, when none does, of all pairs), the one whose
// contraction removes the most elements (the sizes of the two operands
// less the size of their result), then costs the fewest operations; a
// pair whose result is larger than the largest operand or the output is
// not taken, nor one that would make the path dearer than contracting all
// operands at once. What is left when no pair qualifies is contracted
// together. Ties go to the pair met first, in NumPy's order. Costs are
// counted in double: exact below 2^53 operations.
// Cost to include: <bitset>, <string>, <vector> and einsum_subscripts.hpp.

#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loom/core/shape.hpp"
#include "loom/linalg/einsum_subscripts.hpp"

namespace loom {

/// One contraction of an einsum path.
struct einsum_contraction {
    /// The positions it takes from the list of operands left, highest
    /// first; its result goes to the end of the list.
    std::vector<std::size_t> operands;
    std::string subscripts;  ///< what it computes: "kl,jk->jl"
    std::string remaining;   ///< the list of operands left after it, and the output: "ij,jl->il"
    std::size_t scaling = 0; ///< the number of letters it loops over
};

/// What einsum_path returns: numpy.einsum_path's path and report.
struct contraction_path {
    /// NumPy's path without its first item 'einsum_path': the positions
    /// contracted at each step, in ascending order ((1, 2), (0, 1)).
    std::vector<std::vector<std::size_t>> order;
    std::vector<einsum_contraction> contractions;  ///< each step, as NumPy's report lists them
    std::size_t naive_scaling = 0;                 ///< the letters of one loop over all operands
    std::size_t optimized_scaling = 0;             ///< the most letters one contraction loops over
    double naive_flops = 0;                        ///< NumPy's estimate of one loop over all operands
    double optimized_flops = 0;                    ///< NumPy's estimate of the path
    double largest_intermediate = 0;               ///< the elements of the largest result of a step
    /// The text NumPy prints, line for line (where the subscripts hold "...",
    /// NumPy spells it with letters in its set's hash order, loom with the
    /// first unused ones of A-Z, a-z).
    std::string report;
};

namespace detail {

/// A set of letters, by character.
using letter_set = std::bitset<128>;

inline letter_set set_of(std::string_view letters) {
    letter_set set;
    for (char c : letters) set.set(static_cast<unsigned char>(c));
    return set;
}

/// The number of elements of the letters of `set` (of `letters`, counting repeats).
inline double size_of(const letter_set& set, const letter_sizes& sizes) {
    double n = 1;
    for (std::size_t c = 0; c < set.size(); ++c) {
        if (set[c]) n *= static_cast<double>(sizes[c]);
    }
    return n;
}

inline double size_of(std::string_view letters, const letter_sizes& sizes) {
    double n = 1;
    for (char c : letters) n *= static_cast<double>(size_of_letter(sizes, c));
    return n;
}

/// NumPy's estimate of a contraction's operations: every combination of
/// its letters, once per operand but one (at least once), once more when
/// it sums a letter away.
inline double flop_count(const letter_set& letters, bool sums, std::size_t operands, const letter_sizes& sizes) {
    return size_of(letters, sizes) * static_cast<double>(std::max<std::size_t>(operands, 2) - 1 + (sums ? 1 : 0));
}

/// The contraction of the operands at `positions` of `inputs`.
struct contraction_of {
    letter_set result;                ///< the letters its result keeps: those needed by the output or another operand
    std::vector<letter_set> remaining;  ///< the operands left, its result last
    letter_set removed;               ///< the letters it sums away
    letter_set letters;               ///< every letter of its operands
};

inline contraction_of find_contraction(const std::vector<std::size_t>& positions, const std::vector<letter_set>& inputs,
                                       const letter_set& output) {
    contraction_of c;
    letter_set needed = output;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (std::find(positions.begin(), positions.end(), i) != positions.end()) {
            c.letters |= inputs[i];
        } else {
            c.remaining.push_back(inputs[i]);
            needed |= inputs[i];
        }
    }
    c.result = needed & c.letters;
    c.removed = c.letters & ~c.result;
    c.remaining.push_back(c.result);
    return c;
}

/// A pair the greedy search may contract next (Note [greedy contraction order]).
struct candidate_pair {
    double removed_elements = 0;  ///< compared first, the larger the better
    double cost = 0;              ///< then the smaller the better
    std::vector<std::size_t> positions;
    std::vector<letter_set> remaining;  ///< the operands left after it, its result last

    bool better_than(const candidate_pair& other) const {
        return removed_elements != other.removed_elements ? removed_elements > other.removed_elements
                                                          : cost < other.cost;
    }
};

struct greedy_bounds {
    double memory_limit;  ///< the largest result a pair may have
    double naive_cost;    ///< the cost a path may not exceed
};

inline bool consider_pair(std::vector<candidate_pair>& candidates, std::vector<std::size_t> positions,
                          const std::vector<letter_set>& inputs, const letter_set& output, const letter_sizes& sizes,
                          const greedy_bounds& bounds, double path_cost) {
    contraction_of c = find_contraction(positions, inputs, output);
    const double result_size = size_of(c.result, sizes);
    if (result_size > bounds.memory_limit) return false;
    const double removed = size_of(inputs[positions[0]], sizes) + size_of(inputs[positions[1]], sizes) - result_size;
    const double cost = flop_count(c.letters, c.removed.any(), positions.size(), sizes);
    if (path_cost + cost > bounds.naive_cost) return false;
    candidates.push_back({removed, cost, std::move(positions), std::move(c.remaining)});
    return true;
}

/// The candidates that do not involve the operands `best` contracts, their
/// positions and remaining operands as they are after it.
inline std::vector<candidate_pair> after_contraction(const std::vector<candidate_pair>& candidates,
                                                     const candidate_pair& best) {
    const std::size_t bx = best.positions[0], by = best.positions[1];
    std::vector<candidate_pair> kept;
    for (const candidate_pair& c : candidates) {
        const std::size_t x = c.positions[0], y = c.positions[1];
        if (x == bx || x == by || y == bx || y == by) continue;
        candidate_pair moved = c;
        moved.remaining.erase(moved.remaining.begin() + std::ptrdiff_t(by - (by > x) - (by > y)));
        moved.remaining.erase(moved.remaining.begin() + std::ptrdiff_t(bx - (bx > x) - (bx > y)));
        moved.remaining.insert(moved.remaining.end() - 1, best.remaining.back());
        moved.positions = {x - (x > bx) - (x > by), y - (y > bx) - (y > by)};
        kept.push_back(std::move(moved));
    }
    return kept;
}

/// The greedy path (Note [greedy contraction order]) for three or more operands.
inline std::vector<std::vector<std::size_t>> greedy_path(std::vector<letter_set> inputs, const letter_set& output,
                                                         const letter_sizes& sizes, double memory_limit) {
    std::vector<std::size_t> all(inputs.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    const contraction_of naive = find_contraction(all, inputs, output);
    const greedy_bounds bounds{memory_limit, flop_count(naive.letters, naive.removed.any(), inputs.size(), sizes)};

    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        for (std::size_t j = i + 1; j < inputs.size(); ++j) pairs.emplace_back(i, j);
    }
    std::vector<candidate_pair> candidates;
    std::vector<std::vector<std::size_t>> path;
    double path_cost = 0;
    for (std::size_t step = 0, steps = inputs.size() - 1; step < steps; ++step) {
        for (const auto& [i, j] : pairs) {
            if ((inputs[i] & inputs[j]).none()) continue;  // outer products only when nothing else qualifies
            consider_pair(candidates, {i, j}, inputs, output, sizes, bounds, path_cost);
        }
        if (candidates.empty()) {
            for (std::size_t i = 0; i < inputs.size(); ++i) {
                for (std::size_t j = i + 1; j < inputs.size(); ++j) {
                    consider_pair(candidates, {i, j}, inputs, output, sizes, bounds, path_cost);
                }
            }
            if (candidates.empty()) {
                std::vector<std::size_t> rest(inputs.size());
                for (std::size_t i = 0; i < rest.size(); ++i) rest[i] = i;
                path.push_back(std::move(rest));
                break;
            }
        }
        const candidate_pair best = *std::min_element(
            candidates.begin(), candidates.end(),
            [](const candidate_pair& a, const candidate_pair& b) { return a.better_than(b); });
        candidates = after_contraction(candidates, best);
        inputs = best.remaining;
        pairs.clear();
        for (std::size_t i = 0; i + 1 < inputs.size(); ++i) pairs.emplace_back(i, inputs.size() - 1);
        path.push_back(best.positions);
        path_cost += best.cost;
    }
    return path;
}

/// The letters of `set`, ordered as NumPy orders an intermediate result's:
/// by size, then by character.
inline std::string ordered_letters(const letter_set& set, const letter_sizes& sizes) {
    std::string letters;
    for (std::size_t c = 0; c < set.size(); ++c) {
        if (set[c]) letters.push_back(static_cast<char>(c));
    }
    std::stable_sort(letters.begin(), letters.end(),
                     [&](char a, char b) { return size_of_letter(sizes, a) < size_of_letter(sizes, b); });
    return letters;
}

inline std::string comma_separated(const std::vector<std::string>& words) {
    std::string text;
    for (std::size_t i = 0; i < words.size(); ++i) text += (i == 0 ? "" : ",") + words[i];
    return text;
}

/// `text` right-aligned in `width` characters, as printf's "%*s".
inline std::string right_aligned(const std::string& text, std::size_t width) {
    return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

inline std::string formatted(const char* format, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, format, value);
    return buffer;
}

/// The path of einsum with `spec` and letters of `sizes` (Note [greedy
/// contraction order]), with NumPy's estimates, and its report when
/// `with_report` (einsum itself needs the steps alone).
inline contraction_path einsum_contraction_path(const einsum_spec& spec, const letter_sizes& sizes,
                                                bool with_report) {
    contraction_path result;
    std::vector<letter_set> sets;
    letter_set every;
    std::size_t set_sizes = 0;
    double memory_limit = size_of(spec.output, sizes);
    for (const std::string& in : spec.inputs) {
        sets.push_back(set_of(in));
        every |= sets.back();
        set_sizes += sets.back().count();
        memory_limit = std::max(memory_limit, size_of(in, sizes));
    }
    const letter_set output = set_of(spec.output);
    result.naive_scaling = every.count();
    result.naive_flops = flop_count(every, set_sizes > every.count(), spec.inputs.size(), sizes);
    if (spec.inputs.size() <= 2 || every == output) {
        std::vector<std::size_t> all(spec.inputs.size());
        for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
        result.order.push_back(std::move(all));
    } else {
        result.order = greedy_path(sets, output, sizes, memory_limit);
    }

    std::vector<std::string> operands = spec.inputs;
    double cost = 1;
    for (std::size_t step = 0; step < result.order.size(); ++step) {
        std::vector<std::size_t> positions = result.order[step];
        std::sort(positions.rbegin(), positions.rend());
        const contraction_of c = find_contraction(positions, sets, output);
        sets = c.remaining;
        cost += flop_count(c.letters, c.removed.any(), positions.size(), sizes);
        result.optimized_scaling = std::max(result.optimized_scaling, c.letters.count());
        result.largest_intermediate = std::max(result.largest_intermediate, size_of(c.result, sizes));
        std::vector<std::string> taken;
        for (std::size_t p : positions) {
            taken.push_back(operands[p]);
            operands.erase(operands.begin() + std::ptrdiff_t(p));
        }
        operands.push_back(step + 1 == result.order.size() ? spec.output : ordered_letters(c.result, sizes));
        result.contractions.push_back({positions, comma_separated(taken) + "->" + operands.back(),
                                       comma_separated(operands) + "->" + spec.output, c.letters.count()});
    }
    result.optimized_flops = cost;
    if (!with_report) return result;

    std::string& r = result.report;
    r += "  Complete contraction:  " + comma_separated(spec.inputs) + "->" + spec.output + "\n";
    r += "         Naive scaling:  " + std::to_string(result.naive_scaling) + "\n";
    r += "     Optimized scaling:  " + std::to_string(result.optimized_scaling) + "\n";
    r += "      Naive FLOP count:  " + formatted("%.3e", result.naive_flops) + "\n";
    r += "  Optimized FLOP count:  " + formatted("%.3e", result.optimized_flops) + "\n";
    r += "   Theoretical speedup:  " + formatted("%3.3f", result.naive_flops / result.optimized_flops) + "\n";
    r += "  Largest intermediate:  " + formatted("%.3e", result.largest_intermediate) + " elements\n";
    r += std::string(74, '-') + "\n";
    r += "scaling" + right_aligned("current", 25) + right_aligned("remaining", 41) + "\n" + std::string(74, '-');
    for (const einsum_contraction& c : result.contractions) {
        r += "\n" + right_aligned(std::to_string(c.scaling), 4) + "    " + right_aligned(c.subscripts, 24) + " " +
             right_aligned(c.remaining, 40);
    }
    return result;
}

}  // namespace detail

}  // namespace loom
