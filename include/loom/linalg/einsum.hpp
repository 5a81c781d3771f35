#pragma once
// einsum, as NumPy's, of any number of operands: "ij,jk->ik", "bij,bjk->bik",
// "ii->i", "ij->ji", "i,i->", "ij,j" (no "->": the output is every letter
// that appears once, in alphabetical order), "...ij,...jk->...ik" ("..."
// stands for the dimensions no letter names, broadcast together),
// "ij,jk,kl->il". A letter repeated in one operand takes the diagonal; a
// letter missing from the output is summed over; a size 1 broadcasts
// against a letter's other size. The work is done by what loom already
// has: diagonal views, sum, permuted views, and for each pair of operands
// one batched matmul, with the letters the pair shares and something else
// needs as its batch, the ones it shares alone as its inner dimension.
// Three or more operands are contracted two at a time, in the order
// einsum_path chooses (einsum_path.hpp). An operand constant along a
// dimension (stride 0, as a broadcast view, or size 1) is read without it:
// the letter is then another operand's, or broadcast into the result, or
// summed as size times the value. Returns a new tensor of the operands'
// promoted type.
// Cost to include: linalg/matmul.hpp, reduce/reductions.hpp and the
// manipulations; einsum_path.hpp and einsum_subscripts.hpp add <bitset>.

#include <array>
#include <cstddef>
#include <iterator>
#include <list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "loom/core/apply_elements.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/explanation.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/linalg/einsum_path.hpp"
#include "loom/linalg/einsum_subscripts.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// An operand with one letter per dimension, as it is reduced step by step.
template <class V>
struct labelled {
    V view;
    std::string letters;
};

// `x` with its repeated letters replaced by their diagonals, whose sizes
// einsum_letter_sizes checked: a view of x, nothing copied.
template <class V>
labelled<V> take_diagonals(const V& x, std::string letters) {
    strided_layout layout = x.layout();  // (a view's `=` would write its elements, not rebind it)
    for (std::size_t i = 0; i < letters.size(); ++i) {
        const std::size_t j = letters.find(letters[i], i + 1);
        if (j == std::string::npos) continue;
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
// 0, as in a broadcast view, or size 1), so that a broadcast operand is read
// in place, each element once, and never copied to its full size. Sizes of
// 0 stay: an empty operand stays empty.
template <class V>
labelled<V> drop_constant(const labelled<V>& x) {
    strided_layout layout = x.view.layout();
    std::string letters = x.letters;
    for (std::size_t d = letters.size(); d-- > 0;) {
        if (layout.extent(d) == 1 || (layout.stride(d) == 0 && layout.extent(d) > 0)) {
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

// The shape of `letters`, refused before anything is allocated when it has
// more elements than index_t counts.
inline shape_type einsum_shape(std::string_view subscripts, const std::string& letters, const letter_sizes& sizes,
                               std::span<const shape_type> operand_shapes, const char* what) {
    shape_type shape;
    for (char c : letters) shape.push_back(size_of_letter(sizes, c));
    if (!checked_product<index_t>(shape)) {
        std::vector<std::string> shapes;
        for (const shape_type& s : operand_shapes) shapes.push_back(to_string(s));
        throw std::length_error("einsum \"" + std::string(subscripts) + "\": " + what + " of shape " +
                                to_string(shape) + " for operands of shape " + joined(shapes) +
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
        if (size == 1) return;
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

// x and y contracted into R, keeping the letters `needed` names (the
// output's and the other operands'): one batched matmul, whose batch is the
// letters both hold and something else needs, whose inner dimension is the
// letters both hold and nothing else needs, and whose rows and columns are
// each one's own letters (any that nothing else needs summed first).
template <class R, class X, class Y>
labelled<tensor<R>> contract_pair(std::string_view subscripts, const labelled<X>& x, const labelled<Y>& y,
                                  const std::string& needed, const letter_sizes& sizes,
                                  std::span<const shape_type> operand_shapes) {
    return sum_unshared<R>(x, needed, y.letters, [&](const auto& a) {
        return sum_unshared<R>(y, needed, a.letters, [&](const auto& b) {
            std::string batch, inner, left, right;
            for (char c : a.letters) {
                const bool shared = b.letters.find(c) != std::string::npos;
                const bool kept = needed.find(c) != std::string::npos;
                (shared ? (kept ? batch : inner) : left).push_back(c);
            }
            for (char c : b.letters) {
                if (a.letters.find(c) == std::string::npos) right.push_back(c);
            }
            const std::string letters = batch + left + right;
            const shape_type computed_shape =
                einsum_shape(subscripts, letters, sizes, operand_shapes, "a product of two operands");
            // Each other product is of sizes of one operand's view: it fits.
            const auto product = [&](const std::string& of) {
                index_t n = 1;
                for (char c : of) n *= size_of_letter(sizes, c);
                return n;
            };
            const index_t nb = product(batch), nl = product(left), nk = product(inner), nr = product(right);
            const auto as_3d = [&](const auto& operand, const std::string& order, index_t rows, index_t columns) {
                return reshape(permute(operand.view, letter_order(operand.letters, order)), {nb, rows, columns});
            };
            const tensor<R> products =
                matmul(as_3d(a, batch + left + inner, nl, nk), as_3d(b, batch + inner + right, nk, nr));
            return labelled<tensor<R>>{
                tensor<R>(reshape(products, std::vector<index_t>(computed_shape.begin(), computed_shape.end()))),
                letters};
        });
    });
}

// x, read as a view of R elements: x itself when it holds R, else a copy cast to R.
template <class R, class V>
labelled<tensor_view<const R>> read_as(const labelled<V>& x) {
    if constexpr (std::same_as<typename V::value_type, R>) {
        return {tensor_view<const R>(x.view), x.letters};
    } else {
        return {tensor_view<const R>(view_of(astype<R>(x.view))), x.letters};
    }
}

// Three or more operands contracted two at a time along `path`: each step
// takes its operands from the list and puts its result at the end, as
// NumPy's path reads.
template <class R>
labelled<tensor_view<const R>> contract_along(std::string_view subscripts,
                                              std::list<labelled<tensor_view<const R>>> operands,
                                              const contraction_path& path, const std::string& output,
                                              const letter_sizes& sizes, std::span<const shape_type> operand_shapes) {
    using operand = labelled<tensor_view<const R>>;  // (a view is not assigned: its `=` writes elements)
    for (const einsum_contraction& step : path.contractions) {
        std::vector<operand> taken;
        for (std::size_t p : step.operands) {  // highest first, so that the positions stay true
            const auto at = std::next(operands.begin(), std::ptrdiff_t(p));
            taken.push_back(std::move(*at));
            operands.erase(at);
        }
        std::optional<operand> result(std::move(taken[0]));
        for (std::size_t i = 1; i < taken.size(); ++i) {
            std::string needed = output;
            for (const operand& other : operands) needed += other.letters;
            for (std::size_t j = i + 1; j < taken.size(); ++j) needed += taken[j].letters;
            labelled<tensor<R>> pair = contract_pair<R>(subscripts, *result, taken[i], needed, sizes, operand_shapes);
            result.emplace(operand{tensor_view<const R>(view_of(std::move(pair.view))), std::move(pair.letters)});
        }
        operands.push_back(std::move(*result));
    }
    return std::move(operands.back());
}

// einsum of views, computed in R (Note [greedy contraction order] in
// einsum_path.hpp for three or more).
template <class R, class... V>
tensor<R> einsum_of_views(std::string_view subscripts, const V&... views) {
    const std::array<shape_type, sizeof...(V)> shapes{views.shape()...};
    const einsum_spec spec = parse_einsum(subscripts, shapes);
    const letter_sizes sizes = einsum_letter_sizes(subscripts, spec, shapes);
    const shape_type shape = einsum_shape(subscripts, spec.output, sizes, shapes, "the result");
    const auto varying = [&]<std::size_t... I>(std::index_sequence<I...>) {
        return std::tuple{drop_constant(take_diagonals(views, spec.inputs[I]))...};
    }(std::index_sequence_for<V...>{});

    // The letters along which every operand is constant and that the output does not name: summed as factors.
    std::string present;
    detail::apply_elements([&](const auto&... x) { ((present += x.letters), ...); }, varying);
    constant_sums<R> constants;
    std::string seen;
    for (const std::string& in : spec.inputs) {
        for (char c : in) {
            if (seen.find(c) != std::string::npos) continue;
            seen.push_back(c);
            if (spec.output.find(c) == std::string::npos && present.find(c) == std::string::npos) {
                constants.add(size_of_letter(sizes, c));
            }
        }
    }

    if constexpr (sizeof...(V) == 1) {
        return sum_unshared<R>(std::get<0>(varying), spec.output, "", [&](const auto& simple) {
            return place_in_output(simple, spec.output, shape, constants);
        });
    } else if constexpr (sizeof...(V) == 2) {
        return place_in_output(
            contract_pair<R>(subscripts, std::get<0>(varying), std::get<1>(varying), spec.output, sizes, shapes),
            spec.output, shape, constants);
    } else {
        std::list<labelled<tensor_view<const R>>> operands;
        detail::apply_elements([&](const auto&... x) { (operands.push_back(read_as<R>(x)), ...); }, varying);
        const contraction_path path = einsum_contraction_path(spec, sizes, false);
        return place_in_output(contract_along<R>(subscripts, std::move(operands), path, spec.output, sizes, shapes),
                               spec.output, shape, constants);
    }
}

}  // namespace detail

/// numpy.einsum of any number of operands, "..." and broadcasting included. Three or more
/// operands are contracted two at a time, in einsum_path's order. Broadcast operands are read in
/// place. The result is of the operands' promoted type (one operand: its own).
/// Throws std::invalid_argument for subscripts that do not fit the operands, naming what is wrong
/// (a letter that names two sizes other than 1 among them), loom::broadcast_error when the
/// dimensions "..." stands for do not broadcast, std::length_error for a result with more elements
/// than fit in index_t.
template <expression... X>
    requires(sizeof...(X) >= 1)
auto einsum(std::string_view subscripts, X&&... operands) {
    using R = typename detail::promote_all<value_type_of<X>...>::type;
    return detail::einsum_of_views<R>(subscripts, const_view_of(std::forward<X>(operands))...);
}

/// numpy.einsum_path(subscripts, *operands, optimize='greedy'): the order in which einsum
/// contracts the operands (Note [greedy contraction order]), NumPy's estimates of its cost and
/// NumPy's report. Reads the operands' shapes only. Throws as einsum does.
template <expression... X>
    requires(sizeof...(X) >= 1)
contraction_path einsum_path(std::string_view subscripts, const X&... operands) {
    const std::array<shape_type, sizeof...(X)> shapes{shape_type(operands.shape())...};
    const detail::einsum_spec spec = detail::parse_einsum(subscripts, shapes);
    return detail::einsum_contraction_path(spec, detail::einsum_letter_sizes(subscripts, spec, shapes), true);
}

}  // namespace loom
