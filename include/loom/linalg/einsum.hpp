#pragma once
// einsum, as NumPy's, for one or two operands: "ij,jk->ik", "bij,bjk->bik",
// "ii->i", "ij->ji", "i,i->", "ij,j" (no "->": the output is every letter
// that appears once, in alphabetical order). A letter repeated in one
// operand takes the diagonal; a letter missing from the output is summed
// over. The work is done by what loom already has: diagonal views, sum,
// permuted views, and for two operands one batched matmul, with the shared
// letters of the output as its batch, the summed ones as its inner
// dimension. An operand constant along a dimension (stride 0, as a
// broadcast view) is read without it: the letter is then one operand's, or
// broadcast into the result, or summed as size times the value. Returns a
// new tensor of promote_t of the operands' types.

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
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
    // The output names each letter once, so its rank is at most 52; an
    // operand's subscripts may name one letter many times.
    for (const std::string& letters : spec.inputs) {
        if (letters.size() > max_rank) {
            throw_einsum(subscripts, "an operand's subscripts name " + std::to_string(letters.size()) +
                                         " dimensions, above loom's maximum rank, " + std::to_string(max_rank) +
                                         "; give at most " + std::to_string(max_rank) + " letters per operand");
        }
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

// `x` with its repeated letters replaced by their diagonals: a view of x,
// nothing copied.
template <class V>
labelled<V> take_diagonals(std::string_view subscripts, const V& x, std::string letters) {
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
    return {x.with_layout(layout), letters};
}

// `x` without the dimensions along which its elements do not change (stride
// 0, as in a broadcast view), so that a broadcast operand is read in place,
// each element once, and never copied to its full size. Sizes of 0 stay: an
// empty operand stays empty.
template <class V>
labelled<V> drop_constant(const labelled<V>& x) {
    strided_layout layout = x.view.layout();
    std::string letters = x.letters;
    for (std::size_t d = letters.size(); d-- > 0;) {
        if (layout.stride(d) == 0 && layout.extent(d) > 0) {
            layout = layout.slice_along(d, 0);
            letters.erase(d, 1);
        }
    }
    return {x.view.with_layout(layout), letters};
}

// next(x), after x's letters that are neither in `keep` nor in `other` are
// summed over, in R: the result's type, so that a sum of uint8 elements
// multiplied into an int16 result does not wrap at 256 first (NumPy
// converts the operands before it sums).
template <class R, class V, class Next>
auto sum_unshared(const labelled<V>& x, const std::string& keep, const std::string& other, Next&& next) {
    std::vector<index_t> summed;
    std::string kept;
    for (std::size_t d = 0; d < x.letters.size(); ++d) {
        if (keep.find(x.letters[d]) == std::string::npos && other.find(x.letters[d]) == std::string::npos) {
            summed.push_back(static_cast<index_t>(d));
        } else {
            kept.push_back(x.letters[d]);
        }
    }
    if (summed.empty()) return next(x);
    return next(labelled<tensor<R>>{tensor<R>(sum<R>(x.view, axis_set(summed))), kept});
}

// The size each letter names, by its character.
using letter_sizes = std::array<index_t, 128>;

template <class V>
void record_sizes(letter_sizes& sizes, const labelled<V>& x) {
    for (std::size_t d = 0; d < x.letters.size(); ++d) sizes[static_cast<unsigned char>(x.letters[d])] = x.view.shape()[d];
}

// The result's shape, refused before anything is allocated when it has more
// elements than index_t counts (the products and sums einsum computes on the
// way have fewer).
inline shape_type einsum_result_shape(std::string_view subscripts, const std::string& output, const letter_sizes& sizes,
                                      const std::string& operand_shapes) {
    shape_type shape;
    for (char c : output) shape.push_back(sizes[static_cast<unsigned char>(c)]);
    if (!checked_product<index_t>(shape)) {
        throw std::length_error("einsum \"" + std::string(subscripts) + "\": the result of shape " + to_string(shape) +
                                " for operands of shape " + operand_shapes +
                                " has more elements than fit in a 64-bit index; use smaller operands");
    }
    return shape;
}

// Sum of a letter along which every operand is constant, and which is not
// in the output: size times the value, as R multiplies (wrapping for integers).
template <class R>
struct constant_sums {
    R factor = R(1);
    bool any = false;

    void add(index_t size) {
        factor = fn::multiply{}(factor, static_cast<R>(size));
        any = true;
    }
};

// The result, of `shape`, from `computed`, whose letters are those of the
// output but the ones along which every operand was constant (broadcast
// here), times the sums of constant letters.
template <class R, class V>
tensor<R> place_in_output(const labelled<V>& computed, const std::string& output, const shape_type& shape,
                          const constant_sums<R>& constants) {
    const auto v = view_of(computed.view);
    strides_type strides;
    for (char c : output) {
        const std::size_t at = computed.letters.find(c);
        strides.push_back(at == std::string::npos ? 0 : v.layout().stride(at));
    }
    const auto placed = v.with_layout(strided_layout(shape, std::move(strides), v.layout().offset()));
    if (!constants.any) return tensor<R>(placed);
    return tensor<R>(placed * constants.factor);
}

// The order of `from`'s letters that gives `to`.
inline std::vector<index_t> letter_order(const std::string& from, const std::string& to) {
    std::vector<index_t> order;
    for (char c : to) order.push_back(static_cast<index_t>(from.find(c)));
    return order;
}

}  // namespace detail

/// numpy.einsum of one operand. A broadcast operand is read in place.
/// Throws std::invalid_argument for subscripts that do not fit the operand, naming what is wrong,
/// std::length_error for a result with more elements than fit in index_t.
template <expression X>
auto einsum(std::string_view subscripts, X&& x) {
    using T = value_type_of<X>;
    const detail::einsum_spec spec = detail::parse_einsum(subscripts, 1);
    const auto operand = view_of(std::forward<X>(x));
    const auto whole = detail::take_diagonals(subscripts, operand, spec.inputs[0]);
    detail::letter_sizes sizes{};
    detail::record_sizes(sizes, whole);
    const shape_type shape = detail::einsum_result_shape(subscripts, spec.output, sizes, to_string(operand.shape()));
    const auto varying = detail::drop_constant(whole);
    detail::constant_sums<T> constants;
    for (char c : whole.letters) {
        if (spec.output.find(c) == std::string::npos && varying.letters.find(c) == std::string::npos) {
            constants.add(sizes[static_cast<unsigned char>(c)]);
        }
    }
    return detail::sum_unshared<T>(varying, spec.output, "", [&](const auto& simple) {
        return detail::place_in_output(simple, spec.output, shape, constants);
    });
}

/// numpy.einsum of two operands. Broadcast operands are read in place.
/// Throws std::invalid_argument for subscripts that do not fit the operands, or sizes of one letter
/// that differ, std::length_error for a result with more elements than fit in index_t.
template <expression X, expression Y>
auto einsum(std::string_view subscripts, X&& x, Y&& y) {
    using R = promote_t<value_type_of<X>, value_type_of<Y>>;
    const detail::einsum_spec spec = detail::parse_einsum(subscripts, 2);
    const auto first = view_of(std::forward<X>(x));
    const auto second = view_of(std::forward<Y>(y));
    const auto whole_a = detail::take_diagonals(subscripts, first, spec.inputs[0]);
    const auto whole_b = detail::take_diagonals(subscripts, second, spec.inputs[1]);
    for (std::size_t i = 0; i < whole_a.letters.size(); ++i) {
        const char c = whole_a.letters[i];
        const std::size_t j = whole_b.letters.find(c);
        if (j == std::string::npos) continue;
        const index_t size_a = whole_a.view.shape()[i], size_b = whole_b.view.shape()[j];
        if (size_a != size_b) {
            detail::throw_einsum(subscripts, std::string("'") + c + "' names size " + std::to_string(size_a) +
                                                 " in the first operand and " + std::to_string(size_b) +
                                                 " in the second");
        }
    }
    detail::letter_sizes sizes{};
    detail::record_sizes(sizes, whole_a);
    detail::record_sizes(sizes, whole_b);
    const shape_type shape = detail::einsum_result_shape(
        subscripts, spec.output, sizes, to_string(first.shape()) + " and " + to_string(second.shape()));

    const auto varying_a = detail::drop_constant(whole_a);
    const auto varying_b = detail::drop_constant(whole_b);
    detail::constant_sums<R> constants;
    const std::string all = whole_a.letters + whole_b.letters;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const char c = all[i];
        if (all.find(c) == i && spec.output.find(c) == std::string::npos &&
            varying_a.letters.find(c) == std::string::npos && varying_b.letters.find(c) == std::string::npos) {
            constants.add(sizes[static_cast<unsigned char>(c)]);
        }
    }
    return detail::sum_unshared<R>(varying_a, spec.output, varying_b.letters, [&](const auto& a) {
        return detail::sum_unshared<R>(varying_b, spec.output, varying_a.letters, [&](const auto& b) {
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
            // Each product is of sizes of one operand's view, or of the result's shape: it fits.
            const auto product = [&](const std::string& letters) {
                index_t n = 1;
                for (char c : letters) n *= sizes[static_cast<unsigned char>(c)];
                return n;
            };
            const index_t nb = product(batch), nl = product(left), nk = product(inner), nr = product(right);
            const auto as_3d = [&](const auto& operand, const std::string& order, index_t rows, index_t columns) {
                return reshape(permute(operand.view, detail::letter_order(operand.letters, order)), {nb, rows, columns});
            };
            const tensor<R> products =
                matmul(as_3d(a, batch + left + inner, nl, nk), as_3d(b, batch + inner + right, nk, nr));
            const std::string letters = batch + left + right;
            std::vector<index_t> computed_shape;
            for (char c : letters) computed_shape.push_back(sizes[static_cast<unsigned char>(c)]);
            const detail::labelled<tensor<R>> computed{tensor<R>(reshape(products, computed_shape)), letters};
            return detail::place_in_output(computed, spec.output, shape, constants);
        });
    });
}

}  // namespace loom
