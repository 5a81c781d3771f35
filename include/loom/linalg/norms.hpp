#pragma once
// numpy.linalg.norm and numpy.linalg.cond. norm's vector norms and its
// matrix norms 1, -1, inf, -inf and 'fro' are reductions of loom's own
// (reduce/): they need no LAPACK; the matrix norms 2, -2 and 'nuc' take
// singular values, and cond takes singular values or inv, from LAPACK
// (Note [compiled without LAPACK] in lapack.hpp; norm, whose order is known
// only at run time, throws there instead).
// Cost of including: <cmath>, <limits>, <string> and core/float_chars.hpp beyond decompositions.hpp.

#include <cmath>
#include <complex>
#include <concepts>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/float_chars.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/linalg/decompositions.hpp"
#include "loom/linalg/lapack.hpp"
#include "loom/linalg/matrix_stack.hpp"
#include "loom/linalg/solve.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom::linalg {

/// The `ord` argument of norm and `p` of cond: nothing (NumPy's None), a
/// number (infinity included: `std::numeric_limits<double>::infinity()`),
/// or "fro" (also "f") or "nuc".
class norm_order {
public:
    /// NumPy's None: the 2-norm of vectors, the Frobenius norm of matrices.
    norm_order() = default;
    /// A numeric order p.
    template <class P>
        requires std::integral<P> || std::floating_point<P>
    norm_order(P p) : kind_(kind::number), p_(static_cast<double>(p)) {}
    /// "fro" (or "f"): the Frobenius norm; "nuc": the nuclear norm. Throws std::invalid_argument for another name.
    norm_order(const char* name) {
        const std::string text = name == nullptr ? "" : name;
        if (text == "fro" || text == "f") {
            kind_ = kind::frobenius;
        } else if (text == "nuc") {
            kind_ = kind::nuclear;
        } else {
            throw std::invalid_argument("norm: the order '" + text +
                                        "' is not a norm; give a number, \"fro\" or \"nuc\"");
        }
    }

    /// True for NumPy's None.
    bool none() const { return kind_ == kind::none; }
    /// True for "fro".
    bool frobenius() const { return kind_ == kind::frobenius; }
    /// True for "nuc".
    bool nuclear() const { return kind_ == kind::nuclear; }
    /// True for the number p.
    bool is(double p) const { return kind_ == kind::number && p_ == p; }
    /// The number, for a numeric order.
    double value() const { return p_; }
    /// The order as NumPy prints it, for messages.
    std::string text() const {
        if (none()) return "None";
        if (frobenius()) return "'fro'";
        if (nuclear()) return "'nuc'";
        // The shortest digits that read back as p: 2.0000001 stays 2.0000001, 3 prints as 3, inf as inf.
        char buffer[32];
        return std::string(buffer, loom::detail::to_chars(buffer, buffer + sizeof buffer, p_).ptr);
    }

private:
    enum class kind { none, number, frobenius, nuclear };
    kind kind_ = kind::none;
    double p_ = 0;
};

namespace detail {

inline constexpr double infinity = std::numeric_limits<double>::infinity();

// The type norm computes in and returns: float32 and complex64 give float32, every other type float64.
template <class T>
using norm_real_t =
    std::conditional_t<std::is_same_v<T, float> || std::is_same_v<T, std::complex<float>>, float, double>;

// x's elements as F: for complex x, their absolute values, from which every norm of x follows.
template <class F, class V>
auto magnitudes(const V& x) {
    if constexpr (complex_element<value_type_of<V>>) {
        return astype<F>(loom::abs(x));
    } else {
        return astype<F>(x);
    }
}

// The singular values of x's (row, col) planes, for the matrix norms 2, -2 and 'nuc'.
template <class F, class V>
tensor<F> plane_singular_values(const V& x, std::size_t row, std::size_t col) {
    if constexpr (lapack_found<F>) {
        std::vector<index_t> order;
        for (std::size_t d = 0; d < x.ndim(); ++d) {
            if (d != row && d != col) order.push_back(static_cast<index_t>(d));
        }
        order.push_back(static_cast<index_t>(row));
        order.push_back(static_cast<index_t>(col));
        return svd<lapack_real_t<value_type_of<V>>>(permute(x, order), false, false).s;
    } else {
        throw std::invalid_argument(std::string("norm: the matrix norms 2, -2 and 'nuc' need singular values: ") +
                                    LOOM_LAPACK_NEEDED("svd"));
    }
}

template <class F, class V>
tensor<F> vector_norm(const V& x, const norm_order& ord, const axis_set& axis, bool keepdims) {
    const auto values = magnitudes<F>(x);
    if (ord.frobenius() || ord.nuclear()) {
        throw std::invalid_argument("norm: the order " + ord.text() + " is a matrix norm, and x of shape " +
                                    to_string(x.shape()) + " is reduced along one axis; give two axes, or a number");
    }
    if (ord.is(infinity)) return tensor<F>(max(loom::abs(values), axis, keepdims));
    if (ord.is(-infinity)) return tensor<F>(min(loom::abs(values), axis, keepdims));
    if (ord.is(0)) return tensor<F>(sum<F>(astype<F>(not_equal(values, F(0))), axis, keepdims));
    if (ord.is(1)) return tensor<F>(sum<F>(loom::abs(values), axis, keepdims));
    if (ord.none() || ord.is(2)) return tensor<F>(loom::sqrt(sum<F>(values * values, axis, keepdims)));
    const F p = F(ord.value());
    return tensor<F>(loom::pow(sum<F>(loom::pow(loom::abs(values), p), axis, keepdims), F(1) / p));
}

template <class F, class V>
tensor<F> matrix_norm(const V& x, const norm_order& ord, index_t row_axis, index_t col_axis, bool keepdims) {
    const std::size_t row = resolve_axis("norm", row_axis, x.shape());
    const std::size_t col = resolve_axis("norm", col_axis, x.shape());
    if (row == col) {
        throw std::invalid_argument("norm: the axes " + std::to_string(row_axis) + " and " + std::to_string(col_axis) +
                                    " of x of shape " + to_string(x.shape()) +
                                    " are the same axis; give two different axes");
    }
    const auto values = magnitudes<F>(x);
    // After one axis is reduced, the other's index drops by one when it came after it.
    const index_t col_after_rows = static_cast<index_t>(col > row ? col - 1 : col);
    const index_t row_after_cols = static_cast<index_t>(row > col ? row - 1 : row);
    tensor<F> result;
    if (ord.is(2)) {
        result = tensor<F>(max(plane_singular_values<F>(x, row, col), -1));
    } else if (ord.is(-2)) {
        result = tensor<F>(min(plane_singular_values<F>(x, row, col), -1));
    } else if (ord.nuclear()) {
        result = tensor<F>(sum<F>(plane_singular_values<F>(x, row, col), -1));
    } else if (ord.is(1)) {
        result = tensor<F>(max(sum<F>(loom::abs(values), static_cast<index_t>(row)), col_after_rows));
    } else if (ord.is(-1)) {
        result = tensor<F>(min(sum<F>(loom::abs(values), static_cast<index_t>(row)), col_after_rows));
    } else if (ord.is(infinity)) {
        result = tensor<F>(max(sum<F>(loom::abs(values), static_cast<index_t>(col)), row_after_cols));
    } else if (ord.is(-infinity)) {
        result = tensor<F>(min(sum<F>(loom::abs(values), static_cast<index_t>(col)), row_after_cols));
    } else if (ord.none() || ord.frobenius()) {
        result = tensor<F>(loom::sqrt(
            sum<F>(values * values, {static_cast<index_t>(row), static_cast<index_t>(col)})));
    } else {
        throw std::invalid_argument("norm: the order " + ord.text() +
                                    " is not a matrix norm; give 1, -1, 2, -2, inf, -inf, \"fro\" or \"nuc\"");
    }
    if (!keepdims) return result;
    std::vector<index_t> kept(x.shape().begin(), x.shape().end());
    kept[row] = kept[col] = 1;
    return tensor<F>(reshape(result, kept));
}

}  // namespace detail

/// numpy.linalg.norm(x, ord, axis, keepdims). With `axis` flat (NumPy's
/// None) and no order, the 2-norm of all of x, whatever its rank; with flat
/// and an order, x must be a vector or a matrix. One axis gives vector
/// norms: ord 2 (or none), 1, inf, -inf, 0 (the count of non-zeros), or any
/// p (sum |x|^p)^(1/p); two axes give matrix norms: "fro" (or none), "nuc",
/// 1, -1 (largest and smallest column sum), inf, -inf (row sums), 2, -2
/// (largest and smallest singular value). keepdims keeps the reduced axes as
/// 1s. float32 stays float32, anything else is float64 (NumPy keeps float16
/// as it is); complex x's norms are those of its absolute values, float32
/// for complex64 and float64 for complex128. The singular-value
/// norms (2, -2, "nuc" of matrices) need LAPACK: without it they throw
/// std::invalid_argument saying how to enable it.
/// Throws std::invalid_argument for an order that does not fit the axes, a
/// rank that does not fit a flat axis with an order, more than two axes or
/// the same axis twice; std::out_of_range for an axis out of range;
/// max and min's errors for the inf norms of an empty extent, as NumPy.
template <expression X>
auto norm(X&& x, const norm_order& ord = {}, const axis_set& axis = flat, bool keepdims = false) {
    using F = detail::norm_real_t<value_type_of<X>>;
    const auto v = const_view_of(std::forward<X>(x));
    const std::size_t rank = v.ndim();
    if (axis.every()) {
        if (ord.none() || (ord.frobenius() && rank == 2) || (ord.is(2) && rank == 1)) {
            tensor<F> result(loom::sqrt(sum<F>(detail::magnitudes<F>(v) * detail::magnitudes<F>(v))));
            if (!keepdims) return result;
            return tensor<F>(reshape(result, std::vector<index_t>(rank, 1)));
        }
        if (rank == 1) return detail::vector_norm<F>(v, ord, 0, keepdims);
        if (rank == 2) return detail::matrix_norm<F>(v, ord, 0, 1, keepdims);
        throw std::invalid_argument("norm: x has shape " + to_string(v.shape()) + ", of rank " +
                                    std::to_string(rank) + ", and the order " + ord.text() +
                                    " needs a vector or a matrix; give one axis or two");
    }
    if (axis.axes().size() == 1) return detail::vector_norm<F>(v, ord, axis, keepdims);
    if (axis.axes().size() == 2) return detail::matrix_norm<F>(v, ord, axis.axes()[0], axis.axes()[1], keepdims);
    throw std::invalid_argument("norm: " + std::to_string(axis.axes().size()) + " axes given for x of shape " +
                                to_string(v.shape()) + "; give one axis (a vector norm) or two (a matrix norm)");
}

namespace detail {

template <class W, class V>
tensor<real_part_t<W>> cond(const V& x, const norm_order& p) {
    using F = real_part_t<W>;
    const char* name = "cond";
    const shape_type& shape = x.shape();
    // NumPy's first check: no elements, and none in the last two dimensions (a stack of no matrices passes).
    if (!shape.empty() && (shape.back() == 0 || (shape.size() >= 2 && shape[shape.size() - 2] == 0))) {
        throw linalg_error(std::string(name) + ": x has shape " + to_string(shape) +
                           "; the condition number of an empty matrix is not defined");
    }
    require_matrices(name, shape, "x");
    const index_t m = shape[shape.size() - 2];
    tensor<F> result;
    if (p.none() || p.is(2) || p.is(-2)) {
        const tensor<F> s = singular_values<W>(x, false);
        const index_t k = s.shape().back();
        result = tensor<F>(batch_of(x.shape()));
        for (index_t b = 0; b < result.size(); ++b) {
            const F largest = s.data()[b * k], smallest = s.data()[b * k + k - 1];
            result.data()[b] = p.is(-2) ? smallest / largest : largest / smallest;
        }
    } else {
        require_square(name, shape, "x");
        // The inverse of each matrix; a singular one's is left 0 here and its condition number set to inf below.
        auto a = column_major_stack<W>::copy_of(name, x);
        column_major_stack<W> inverse(a.batch(), m, m);
        set_identity(inverse);
        std::vector<char> singular(static_cast<std::size_t>(a.count()), 0);
        const int size = lapack_int(name, x.shape(), m);
        std::vector<int> pivots(static_cast<std::size_t>(size));
        for (index_t b = 0; b < a.count(); ++b) {
            int info = 0;
            lapack<W>::gesv(size, size, a.matrix(b), static_cast<int>(a.ld()), pivots.data(), inverse.matrix(b),
                            static_cast<int>(inverse.ld()), info);
            if (info < 0) throw_lapack_argument(name, "xgesv", info);
            if (info > 0) {
                singular[static_cast<std::size_t>(b)] = 1;
                for (index_t j = 0; j < m; ++j) {
                    for (index_t i = 0; i < m; ++i) inverse.at(b, i, j) = W(0);
                }
            }
        }
        result = tensor<F>(norm(x, p, {-2, -1}) * norm(inverse.to_tensor(), p, {-2, -1}));
        for (index_t b = 0; b < result.size(); ++b) {
            if (singular[static_cast<std::size_t>(b)] != 0) result.data()[b] = std::numeric_limits<F>::infinity();
        }
    }
    // NumPy: a NaN from a singular matrix becomes inf, unless the matrix held a NaN.
    const tensor<bool> had_nan(any(loom::isnan(x), {-2, -1}));
    for (index_t b = 0; b < result.size(); ++b) {
        if (std::isnan(result.data()[b]) && !had_nan.data()[b]) result.data()[b] = std::numeric_limits<F>::infinity();
    }
    return result;
}

}  // namespace detail

/// numpy.linalg.cond(x, p): the condition number of each matrix of x
/// [..., M, N], of the batch shape: with p none, 2 or -2 the ratio of its
/// largest and smallest singular values (or the reverse), otherwise (square
/// matrices) norm(x, p) * norm(inv(x), p) with p one of 1, -1, inf, -inf,
/// "fro", "nuc". A singular matrix's is inf, as NumPy gives. Real for
/// complex x: float32 for complex64, float64 for complex128 (NumPy 1.24's
/// is complex, its imaginary parts 0, for p other than none, 2 and -2).
/// Throws loom::linalg_error for an empty matrix or an SVD that does not
/// converge, std::invalid_argument for a rank below 2, non-square matrices
/// with a p other than none, 2 and -2, or another p.
template <expression X>
auto cond(X&& x, const norm_order& p = {}) {
    using W = detail::lapack_real_t<value_type_of<X>>;
    if constexpr (detail::lapack_found<W>) {
        return detail::cond<W>(const_view_of(std::forward<X>(x)), p);
    } else {
        static_assert(detail::lapack_found<W>, LOOM_LAPACK_NEEDED("cond"));
        return tensor<real_part_t<W>>{};  // unreached: keeps the static_assert the only error
    }
}

}  // namespace loom::linalg
