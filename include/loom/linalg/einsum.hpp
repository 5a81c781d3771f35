#pragma once
// einsum, as NumPy's, for one or two operands: "ij,jk->ik", "bij,bjk->bik",
// "ii->i", "ij->ji", "i,i->", "ij,j" (no "->": the output is every letter
// that appears once, in alphabetical order). A letter repeated in one
// operand takes the diagonal; a letter missing from the output is summed
// over. The work is done by what loom already has: diagonal views, sum,
// permuted views, and for two operands one batched matmul, with the shared
// letters of the output as its batch, the summed ones as its inner
// dimension. Returns a new tensor of promote_t of the operands' types.

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// The parsed subscripts: one string of letters per operand, and the output's.
struct einsum_spec {
    std::vector<std::string> inputs;
    std::string output;
};

[[noreturn]] inline void throw_einsum(std::string_view subscripts, const std::string& what) {
    throw std::invalid_argument("einsum \"" + std::string(subscripts) + "\": " + what);
}

inline bool is_subscript_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

inline einsum_spec parse_einsum(std::string_view subscripts, std::size_t operands) {
    std::string text;
    for (char c : subscripts) {
        if (c != ' ') text.push_back(c);
    }
    einsum_spec spec;
    const std::size_t arrow = text.find("->");
    const std::string inputs = text.substr(0, arrow);
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = inputs.find(',', start);
        spec.inputs.push_back(inputs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (spec.inputs.size() != operands) {
        throw_einsum(subscripts, std::to_string(spec.inputs.size()) + " operand subscripts for " +
                                     std::to_string(operands) + " operands; give one per operand");
    }
    for (const std::string& letters : spec.inputs) {
        for (char c : letters) {
            if (!is_subscript_letter(c)) {
                throw_einsum(subscripts, std::string("'") + c + "' is not a subscript; use the letters a-z and A-Z"
                                         " (an ellipsis is not supported)");
            }
        }
    }
    if (arrow != std::string::npos) {
        spec.output = text.substr(arrow + 2);
        for (std::size_t i = 0; i < spec.output.size(); ++i) {
            const char c = spec.output[i];
            if (!is_subscript_letter(c)) throw_einsum(subscripts, std::string("'") + c + "' in the output is not a subscript");
            if (spec.output.find(c, i + 1) != std::string::npos) {
                throw_einsum(subscripts, std::string("the output names '") + c + "' twice");
            }
            if (std::none_of(spec.inputs.begin(), spec.inputs.end(),
                             [&](const std::string& in) { return in.find(c) != std::string::npos; })) {
                throw_einsum(subscripts, std::string("the output's '") + c + "' is in no operand");
            }
        }
    } else {
        std::string all;
        for (const std::string& in : spec.inputs) all += in;
        for (char c : all) {
            if (std::count(all.begin(), all.end(), c) == 1) spec.output.push_back(c);
        }
        std::sort(spec.output.begin(), spec.output.end());
    }
    return spec;
}

// An operand with one letter per dimension, as it is reduced step by step.
template <class V>
struct labelled {
    V view;
    std::string letters;
};

// `x` with its repeated letters replaced by their diagonals, and the letters
// that are neither in `keep` nor in `other` summed over, in R: the result's
// type, so that a sum of uint8 elements multiplied into an int16 result does
// not wrap at 256 first (NumPy converts the operands before it sums).
template <class R, class V>
auto simplify(std::string_view subscripts, const V& x, std::string letters, const std::string& keep,
              const std::string& other) {
    if (letters.size() != x.ndim()) {
        throw_einsum(subscripts, "\"" + letters + "\" names " + std::to_string(letters.size()) +
                                     " dimensions of an operand of shape " + to_string(x.shape()));
    }
    strided_layout layout = x.layout();  // (a view's `=` would write its elements, not rebind it)
    for (std::size_t i = 0; i < letters.size(); ++i) {
        const std::size_t j = letters.find(letters[i], i + 1);
        if (j == std::string::npos) continue;
        if (layout.extent(i) != layout.extent(j)) {
            throw_einsum(subscripts, std::string("'") + letters[i] + "' names sizes " + std::to_string(layout.extent(i)) +
                                         " and " + std::to_string(layout.extent(j)) + " of shape " +
                                         to_string(x.shape()));
        }
        layout = layout.diagonal(0, i, j);
        const char c = letters[i];
        letters.erase(j, 1);
        letters.erase(i, 1);
        letters.push_back(c);
        i = static_cast<std::size_t>(-1);  // start again: the letters moved
    }
    std::vector<index_t> summed;
    std::string kept;
    for (std::size_t d = 0; d < letters.size(); ++d) {
        if (keep.find(letters[d]) == std::string::npos && other.find(letters[d]) == std::string::npos) {
            summed.push_back(static_cast<index_t>(d));
        } else {
            kept.push_back(letters[d]);
        }
    }
    const auto view = x.with_layout(layout);
    if (summed.empty()) return labelled<tensor<R>>{tensor<R>(view), letters};
    return labelled<tensor<R>>{tensor<R>(sum<R>(view, axis_set(summed))), kept};
}

// The order of `from`'s letters that gives `to`.
inline std::vector<index_t> letter_order(const std::string& from, const std::string& to) {
    std::vector<index_t> order;
    for (char c : to) order.push_back(static_cast<index_t>(from.find(c)));
    return order;
}

}  // namespace detail

/// numpy.einsum of one operand.
/// Throws std::invalid_argument for subscripts that do not fit the operand, naming what is wrong.
template <expression X>
auto einsum(std::string_view subscripts, X&& x) {
    using T = value_type_of<X>;
    const detail::einsum_spec spec = detail::parse_einsum(subscripts, 1);
    auto simple = detail::simplify<T>(subscripts, view_of(std::forward<X>(x)), spec.inputs[0], spec.output, "");
    return tensor<T>(permute(simple.view, detail::letter_order(simple.letters, spec.output)));
}

/// numpy.einsum of two operands.
/// Throws std::invalid_argument for subscripts that do not fit the operands, or sizes of one letter
/// that differ.
template <expression X, expression Y>
auto einsum(std::string_view subscripts, X&& x, Y&& y) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const detail::einsum_spec spec = detail::parse_einsum(subscripts, 2);
    auto a = detail::simplify<R>(subscripts, view_of(std::forward<X>(x)), spec.inputs[0], spec.output, spec.inputs[1]);
    auto b = detail::simplify<R>(subscripts, view_of(std::forward<Y>(y)), spec.inputs[1], spec.output, spec.inputs[0]);

    // Each letter left is shared and kept (batch), shared and summed (inner), or one operand's and kept.
    std::string batch, inner, left, right;
    for (char c : a.letters) {
        const bool shared = b.letters.find(c) != std::string::npos;
        const bool kept = spec.output.find(c) != std::string::npos;
        (shared ? (kept ? batch : inner) : left).push_back(c);
    }
    for (char c : b.letters) {
        if (a.letters.find(c) == std::string::npos) right.push_back(c);
    }
    const auto size_of = [&](char c) {
        const std::size_t in_a = a.letters.find(c);
        return in_a != std::string::npos ? a.view.shape()[in_a] : b.view.shape()[b.letters.find(c)];
    };
    for (char c : batch + inner) {
        const index_t size_a = a.view.shape()[a.letters.find(c)], size_b = b.view.shape()[b.letters.find(c)];
        if (size_a != size_b) {
            detail::throw_einsum(subscripts, std::string("'") + c + "' names size " + std::to_string(size_a) +
                                                 " in the first operand and " + std::to_string(size_b) +
                                                 " in the second");
        }
    }
    const auto product = [&](const std::string& letters) {
        index_t n = 1;
        for (char c : letters) n *= size_of(c);
        return n;
    };
    const index_t nb = product(batch), nl = product(left), nk = product(inner), nr = product(right);
    const auto as_3d = [&](const auto& operand, const std::string& order, index_t rows, index_t columns) {
        return reshape(permute(operand.view, detail::letter_order(operand.letters, order)), {nb, rows, columns});
    };
    const tensor<R> products = matmul(as_3d(a, batch + left + inner, nl, nk), as_3d(b, batch + inner + right, nk, nr));
    const std::string letters = batch + left + right;
    std::vector<index_t> shape;
    for (char c : letters) shape.push_back(size_of(c));
    return tensor<R>(permute(reshape(products, shape), detail::letter_order(letters, spec.output)));
}

}  // namespace loom
