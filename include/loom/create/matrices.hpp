#pragma once
// Matrices made from arrays, with NumPy's names and results: diag, diagflat,
// tril, triu, vander, kron and identity. tril and triu are lazy expressions
// (a `where` of an index mask) that fuse with what they are assigned into;
// the others return new tensors, and diag of a matrix a view.
// Includes only <algorithm>, <concepts>, <cstdint> and <vector> beyond loom's tensor headers.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/create/creation.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// n + |k| as a matrix size, or std::length_error naming the call.
inline index_t diagonal_matrix_size(const char* name, index_t n, index_t k) {
    const auto magnitude = checked_abs(k);
    const auto size = magnitude ? checked_add(n, *magnitude) : std::nullopt;
    if (!size || !checked_mul(*size, *size)) {
        throw std::length_error(std::string(name) + ": a diagonal of " + std::to_string(n) + " elements at k = " +
                                std::to_string(k) + " needs a matrix larger than a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index counts; use a smaller k");
    }
    return *size;
}

// The square matrix with `values` (n contiguous elements) on its k-th diagonal.
template <element T>
tensor<T> matrix_with_diagonal(const char* name, const T* values, index_t n, index_t k) {
    const index_t size = diagonal_matrix_size(name, n, k);
    tensor<T> result(shape_type{size, size});
    const index_t row = k < 0 ? -k : 0, column = k > 0 ? k : 0;
    for (index_t i = 0; i < n; ++i) result.data()[(row + i) * size + column + i] = values[i];
    return result;
}

// A tensor of indices I of `shape` whose one dimension of size n counts 0 to n - 1.
template <std::integral I>
tensor<I> counting_along(shape_type shape) {
    tensor<I> result(uninitialized, std::move(shape));
    for (index_t i = 0; i < result.size(); ++i) result.data()[i] = static_cast<I>(i);
    return result;
}

// column - row over the last two dimensions of m's shape (one dimension
// counts as both, as NumPy's tri of m.shape[-2:]): the triangles' masks
// compare it with k, and no difference of two indices overflows. The
// indices are of the type of m's sizes, index_t, named through m so that
// the expression is built for a call, not for every file that includes this.
template <class M>
auto column_minus_row(const char* name, const M& m) {
    using index = std::remove_cvref_t<decltype(m.shape().back())>;
    const shape_type& shape = m.shape();
    if (shape.empty()) {
        throw std::invalid_argument(std::string(name) +
                                    " needs at least 1 dimension, but the shape is []; reshape it to [1, 1]");
    }
    const index_t columns = shape.back();
    const index_t rows = shape.size() >= 2 ? shape[shape.size() - 2] : columns;
    return counting_along<index>(shape_type{columns}) - counting_along<index>(shape_type{rows, 1});
}

}  // namespace detail

// ---------------------------------------------------------------------------
// Diagonals
// ---------------------------------------------------------------------------

/// numpy.diag: of a rank-1 `v`, the square matrix with v on its k-th
/// diagonal (k > 0 above the main one, k < 0 below); of a rank-2 `v`, its
/// k-th diagonal as a view (the layout transform of `diagonal`; NumPy's view
/// is read-only, loom's is writable when v is). The result is a view in both
/// cases, owning the new matrix in the first.
/// Throws std::invalid_argument for a rank other than 1 or 2, std::length_error
/// when n + |k| squared does not fit in index_t.
template <expression X>
auto diag(X&& v, index_t k = 0) {
    using T = value_type_of<X>;
    auto view = view_of(std::forward<X>(v));
    using V = decltype(view);
    if (view.ndim() == 2) return view.with_layout(view.layout().diagonal(k, 0, 1));
    if (view.ndim() != 1) {
        throw std::invalid_argument("diag: the input must have 1 or 2 dimensions, but its shape is " +
                                    to_string(view.shape()) + "; use diagonal(x, k, axis1, axis2) for a stack");
    }
    const tensor<T> values(view);
    auto owned = std::make_shared<tensor<T>>(detail::matrix_with_diagonal("diag", values.data(), values.size(), k));
    return V(owned->data(), owned->layout(), owned);
}

/// numpy.diagflat: the square matrix with the elements of `v`, flattened in
/// row-major order, on its k-th diagonal. A new tensor of v's element type.
/// Throws std::length_error when (size + |k|) squared does not fit in index_t.
template <expression X>
tensor<value_type_of<X>> diagflat(const X& v, index_t k = 0) {
    const tensor<value_type_of<X>> values(v);  // contiguous, in row-major order
    return detail::matrix_with_diagonal("diagflat", values.data(), values.size(), k);
}

// ---------------------------------------------------------------------------
// Triangles
// ---------------------------------------------------------------------------

/// numpy.tril: `m` with the elements above its k-th diagonal set to 0, over
/// the last two dimensions (a stack of matrices is done matrix by matrix; a
/// rank-1 m of size n is broadcast to [n, n] first, as NumPy). A lazy
/// expression of m's element type, `where(column - row <= k, m, 0)`: it holds
/// m as any element-wise expression does and fuses with its assignment.
/// Throws std::invalid_argument for a rank-0 m.
template <expression M>
auto tril(M&& m, index_t k = 0) {
    auto keep = less_equal(detail::column_minus_row("tril", m), k);
    return where(std::move(keep), std::forward<M>(m), value_type_of<M>(0));
}

/// numpy.triu: `m` with the elements below its k-th diagonal set to 0, over
/// the last two dimensions, as tril does (the same lazy expression, keeping
/// the elements where column - row >= k).
/// Throws std::invalid_argument for a rank-0 m.
template <expression M>
auto triu(M&& m, index_t k = 0) {
    auto keep = greater_equal(detail::column_minus_row("triu", m), k);
    return where(std::move(keep), std::forward<M>(m), value_type_of<M>(0));
}

// ---------------------------------------------------------------------------
// vander
// ---------------------------------------------------------------------------

/// The element type of vander: NumPy's promote_types(x.dtype, int64), so
/// int64 for bool and integers, float64 for uint64 and every floating type.
template <element T>
using vander_element_t = std::conditional_t<std::floating_point<T> || std::same_as<T, std::uint64_t>, double, std::int64_t>;

/// numpy.vander: the matrix [len(x), n] whose columns are powers of the
/// rank-1 `x`, x^(n-1) first (x^0 first when `increasing`); n = -1, the
/// default, means len(x) (NumPy's N=None; NumPy refuses N=-1). Each power is the previous one times x, in the result type
/// (vander_element_t), as NumPy's; integer powers wrap around as NumPy's.
/// Throws std::invalid_argument when x does not have rank 1 or n is below -1.
template <expression X>
tensor<vander_element_t<value_type_of<X>>> vander(const X& x, index_t n = -1, bool increasing = false) {
    using R = vander_element_t<value_type_of<X>>;
    if (x.shape().size() != 1) {
        throw std::invalid_argument("vander: x must have 1 dimension, but its shape is " + to_string(x.shape()) +
                                    "; pass ravel(x) for its elements");
    }
    if (n < -1) {
        throw std::invalid_argument("vander: the number of columns is " + std::to_string(n) +
                                    "; pass 0 or more, or -1 for len(x)");
    }
    const tensor<R> values = astype<R>(x);
    const index_t rows = values.size(), columns = n == -1 ? rows : n;
    tensor<R> result(shape_type{rows, columns});
    for (index_t i = 0; i < rows; ++i) {
        R* row = result.data() + i * columns;
        R power = 1;
        for (index_t j = 0; j < columns; ++j) {
            row[increasing ? j : columns - 1 - j] = power;
            if constexpr (std::floating_point<R>) power *= values.data()[i];
            else power = static_cast<R>(static_cast<std::uint64_t>(power) * static_cast<std::uint64_t>(values.data()[i]));
        }
    }
    return result;
}

// ---------------------------------------------------------------------------
// kron
// ---------------------------------------------------------------------------

/// numpy.kron: the Kronecker product of `a` and `b`, of any ranks: the
/// shorter shape is padded with 1s in front, the result's size is the product
/// of the two sizes in each dimension, and element (i * bs + j) is a[i] * b[j]
/// per dimension. Its type is the product's, promote_t; a new tensor,
/// computed in one pass over interleaved views of the operands.
/// Throws std::length_error when the result's sizes overflow index_t.
template <expression A, expression B>
auto kron(const A& a, const B& b) {
    using R = value_type_of<decltype(std::declval<const A&>() * std::declval<const B&>())>;
    const auto va = view_of(a);
    const auto vb = view_of(b);
    const std::size_t rank = std::max(va.ndim(), vb.ndim());
    const auto padded = [rank](const auto& v, bool strides) {
        std::vector<index_t> values(rank - v.ndim(), strides ? 0 : 1);
        for (std::size_t d = 0; d < v.ndim(); ++d) values.push_back(strides ? v.strides()[d] : v.shape()[d]);
        return values;
    };
    const std::vector<index_t> a_shape = padded(va, false), b_shape = padded(vb, false);
    const std::vector<index_t> a_strides = padded(va, true), b_strides = padded(vb, true);
    shape_type shape;
    for (std::size_t d = 0; d < rank; ++d) {
        const auto size = checked_mul(a_shape[d], b_shape[d]);
        if (!size) {
            throw std::length_error("kron of shapes " + to_string(va.shape()) + " and " + to_string(vb.shape()) +
                                    ": the size of dimension " + std::to_string(d) + " overflows a " +
                                    std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                    "-bit index; use smaller arrays");
        }
        shape.push_back(*size);
    }
    tensor<R> result(shape);  // throws std::length_error when the element count overflows
    if (result.size() == 0) return result;
    // Dimension d of the result, seen as [a_shape[d], b_shape[d]]; sizes of 1 are left out, so
    // that the rank stays within max_rank (more than 64 sizes above 1 would overflow the count).
    shape_type split_shape;
    strides_type out_strides, a_split, b_split;
    for (std::size_t d = 0; d < rank; ++d) {
        if (a_shape[d] != 1) {
            split_shape.push_back(a_shape[d]);
            out_strides.push_back(result.strides()[d] * b_shape[d]);
            a_split.push_back(a_strides[d]);
            b_split.push_back(0);
        }
        if (b_shape[d] != 1) {
            split_shape.push_back(b_shape[d]);
            out_strides.push_back(result.strides()[d]);
            a_split.push_back(0);
            b_split.push_back(b_strides[d]);
        }
    }
    tensor_view<const value_type_of<A>> a_seen(va.data(), split_shape, a_split);
    tensor_view<const value_type_of<B>> b_seen(vb.data(), split_shape, b_split);
    tensor_view<R> out(result.data(), std::move(split_shape), std::move(out_strides));
    out = a_seen * b_seen;
    return result;
}

// ---------------------------------------------------------------------------
// identity
// ---------------------------------------------------------------------------

/// numpy.identity: the n x n identity matrix, float64 unless T is given.
/// Throws std::invalid_argument for a negative n.
template <element T = double>
tensor<T> identity(index_t n) {
    if (n < 0) {
        throw std::invalid_argument("identity(" + std::to_string(n) +
                                    "): the matrix size is negative; pass 0 or more");
    }
    return eye<T>(n, n, 0);
}

}  // namespace loom
