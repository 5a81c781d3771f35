#pragma once
// numpy.linalg.multi_dot: a chain of matrix products in the order of fewest
// scalar multiplications, found by the textbook O(n^3) dynamic programme
// over the chain's sizes (as NumPy's, ties going the same way), then
// computed with matmul. Needs no LAPACK.
// Cost of including: <vector> beyond products.hpp.

#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "loom/core/types.hpp"
#include "loom/expr/functions.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/products.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::linalg {

namespace detail {

template <class T, class... Rest>
struct chain_type {
    using type = T;
};

template <class T, class U, class... Rest>
struct chain_type<T, U, Rest...> {
    using type = typename chain_type<promote_t<T, U>, Rest...>::type;
};

// The split points of the cheapest order: split[i][j] is where the product
// of matrices i..j divides, as NumPy's _multi_dot_matrix_chain_order.
inline std::vector<std::vector<std::size_t>> chain_order(const std::vector<index_t>& sizes) {
    const std::size_t n = sizes.size() - 1;
    std::vector<std::vector<double>> cost(n, std::vector<double>(n, 0.0));
    std::vector<std::vector<std::size_t>> split(n, std::vector<std::size_t>(n, 0));
    for (std::size_t length = 1; length < n; ++length) {
        for (std::size_t i = 0; i + length < n; ++i) {
            const std::size_t j = i + length;
            cost[i][j] = std::numeric_limits<double>::infinity();
            for (std::size_t k = i; k < j; ++k) {
                const double q = cost[i][k] + cost[k + 1][j] + static_cast<double>(sizes[i]) *
                                                                   static_cast<double>(sizes[k + 1]) *
                                                                   static_cast<double>(sizes[j + 1]);
                if (q < cost[i][j]) {
                    cost[i][j] = q;
                    split[i][j] = k;
                }
            }
        }
    }
    return split;
}

template <class R>
tensor<R> chain_product(const std::vector<tensor<R>>& matrices, const std::vector<std::vector<std::size_t>>& split,
                        std::size_t i, std::size_t j) {
    if (i == j) return matrices[i];
    return tensor<R>(matmul(chain_product(matrices, split, i, split[i][j]),
                            chain_product(matrices, split, split[i][j] + 1, j)));
}

}  // namespace detail

/// numpy.linalg.multi_dot([a, b, c, ...]): the product of two or more
/// arrays, in the order that needs the fewest scalar multiplications. Two
/// arrays are dot(a, b); from three on, every array is a matrix but the
/// first, which may be a vector (a row), and the last, which may be a
/// vector (a column), whose dimensions are dropped from the result (two
/// vectors give rank 0). The result type is that of the products.
/// Throws std::invalid_argument for an array of another rank and for sizes
/// that do not chain.
template <expression... X>
    requires(sizeof...(X) >= 2)
auto multi_dot(X&&... arrays) {
    using R = typename detail::chain_type<value_type_of<X>...>::type;
    if constexpr (sizeof...(X) == 2) {
        return tensor<R>(dot(std::forward<X>(arrays)...));
    } else {
        std::vector<tensor<R>> matrices;
        (matrices.push_back(tensor<R>(astype<R>(view_of(std::forward<X>(arrays))))), ...);
        const bool row = matrices.front().ndim() == 1, column = matrices.back().ndim() == 1;
        if (row) matrices.front() = tensor<R>(expand_dims(matrices.front(), 0));
        if (column) matrices.back() = tensor<R>(expand_dims(matrices.back(), -1));
        std::vector<index_t> sizes;
        for (std::size_t i = 0; i < matrices.size(); ++i) {
            const shape_type& shape = matrices[i].shape();
            if (shape.size() != 2) {
                throw std::invalid_argument("multi_dot: array " + std::to_string(i) + " has shape " +
                                            to_string(shape) +
                                            "; give matrices (the first and last may be vectors)");
            }
            if (i > 0 && shape[0] != sizes.back()) {
                throw std::invalid_argument("multi_dot: array " + std::to_string(i - 1) + " has " +
                                            std::to_string(sizes.back()) + " columns and array " +
                                            std::to_string(i) + " of shape " + to_string(shape) + " has " +
                                            std::to_string(shape[0]) + " rows; they must agree");
            }
            if (i == 0) sizes.push_back(shape[0]);
            sizes.push_back(shape[1]);
        }
        tensor<R> result = detail::chain_product(matrices, detail::chain_order(sizes), 0, matrices.size() - 1);
        if (row && column) return tensor<R>(reshape(result, {}));
        if (row || column) return tensor<R>(reshape(result, {-1}));
        return result;
    }
}

}  // namespace loom::linalg
