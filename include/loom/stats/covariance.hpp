#pragma once
// cov and corrcoef, as NumPy's: the variables are the rows of a 2-D array
// (or its columns with rowvar false), a 1-D array is one variable, and the
// result, float64, is squeezed as NumPy squeezes it (one variable gives a
// rank-0 result). The centred observations are multiplied with the GEMM
// kernel of linalg/. Includes nothing beyond loom's tensor, creation,
// manipulation, reduction and matrix-product headers.

#include <cmath>
#include <concepts>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "loom/create/creation.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/manipulate/join.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// The arguments of cov and corrcoef besides the arrays, NumPy's keywords:
/// set the members (`options.rowvar = false;`) or use designated
/// initializers in this order, `cov(m, {.rowvar = false, .ddof = 0})`.
struct cov_options {
    /// Each row is a variable and each column an observation (NumPy's
    /// default); false: each column is a variable.
    bool rowvar = true;
    /// Normalise by N (true) rather than N - 1; ddof, when given, overrides it.
    bool bias = false;
    /// Normalise by N - ddof.
    std::optional<index_t> ddof{};
    /// How many times each observation occurs (NumPy's fweights).
    std::optional<std::vector<std::int64_t>> fweights{};
    /// The weight of each observation (NumPy's aweights).
    std::optional<std::vector<double>> aweights{};
};

namespace detail {

// `m` as float64 variables by observations (NumPy's array(m, ndmin=2),
// transposed without rowvar unless it has one row). Throws
// std::invalid_argument for a rank above 2.
template <expression M>
tensor<double> observations(const char* name, const char* argument, const M& m, bool rowvar) {
    const shape_type& shape = m.shape();
    if (shape.size() > 2) {
        throw std::invalid_argument(std::string(name) + ": " + argument + " of shape " + to_string(shape) +
                                    " has more than 2 dimensions; give variables by observations, 2-D");
    }
    std::vector<index_t> sizes(shape.begin(), shape.end());
    while (sizes.size() < 2) sizes.insert(sizes.begin(), 1);
    tensor<double> rows = astype<double>(reshape(view_of(m), sizes));
    if (!rowvar && rows.shape()[0] != 1) return tensor<double>(transpose(rows));
    return rows;
}

// The observation weights of `options` (fweights times aweights), checked
// against `count` observations; nothing when there are none.
inline std::optional<tensor<double>> observation_weights(const cov_options& options, index_t count) {
    std::optional<tensor<double>> w;
    const auto check = [&](const char* which, const auto& weights) {
        if (static_cast<index_t>(weights.size()) != count) {
            throw std::invalid_argument(std::string("cov: ") + which + " holds " + std::to_string(weights.size()) +
                                        " weights for " + std::to_string(count) +
                                        " observations; give one weight per observation");
        }
        for (std::size_t i = 0; i < weights.size(); ++i) {
            if (weights[i] < 0) {
                throw std::invalid_argument(std::string("cov: ") + which + "[" + std::to_string(i) + "] is " +
                                            number_text(weights[i]) + ", a negative weight; give weights of 0 or more");
            }
        }
    };
    if (options.fweights) {
        const auto& f = *options.fweights;
        check("fweights", f);
        w = tensor<double>(uninitialized, shape_type{count});
        for (index_t i = 0; i < count; ++i) w->data()[i] = static_cast<double>(f[std::size_t(i)]);
    }
    if (options.aweights) {
        const auto& a = *options.aweights;
        check("aweights", a);
        if (!w) w = tensor<double>(shape_type{count}, 1.0);
        for (index_t i = 0; i < count; ++i) w->data()[i] *= a[std::size_t(i)];
    }
    return w;
}

// NumPy's cov on the observations `x` (variables by observations). A
// template, on float64 alone, so that a file that includes this header and
// calls no cov compiles none of it (the matrix product is most of the cost).
template <std::floating_point W>
tensor<W> covariance_of(tensor<W> x, const cov_options& options) {
    const index_t ddof = options.ddof ? *options.ddof : (options.bias ? 0 : 1);
    const index_t count = x.shape()[1];
    const std::optional<tensor<double>> w = observation_weights(options, count);
    double fact = 0;
    if (!w) {
        x -= mean(x, 1, true);
        fact = double(count) - double(ddof);
    } else {
        const tensor<double> total = sum(*w);
        const double w_sum = total();
        if (w_sum == 0) {
            throw std::invalid_argument(
                "cov: the observation weights sum to 0, which cannot be normalised (NumPy raises "
                "ZeroDivisionError); give weights with a non-zero sum");
        }
        x -= sum(x * *w, 1, true) / w_sum;
        if (ddof == 0) fact = w_sum;
        else if (!options.aweights) fact = w_sum - double(ddof);
        else {
            double weighted = 0;  // sum(w * aweights)
            for (index_t i = 0; i < count; ++i) weighted += w->data()[i] * (*options.aweights)[std::size_t(i)];
            fact = w_sum - double(ddof) * weighted / w_sum;
        }
    }
    if (!(fact > 0)) fact = 0;  // NumPy warns, and gives infinities and NaN
    tensor<W> product = w ? tensor<W>(matmul(x, transpose(x * *w))) : tensor<W>(matmul(x, transpose(x)));
    product *= 1.0 / fact;
    return tensor<W>(squeeze(std::move(product)));
}

}  // namespace detail

/// numpy.cov: the covariance matrix of the variables of `m` (its rows, or
/// its columns with `options.rowvar` false), normalised by N - 1, by N with
/// `bias`, or by N - `ddof`; with `fweights` and `aweights` as NumPy's.
/// float64, squeezed: one variable gives a rank-0 result, none a [0, 0] one.
/// N - ddof <= 0 gives infinities and NaN, as NumPy (which warns).
/// Throws std::invalid_argument for m of rank above 2, for weights that do
/// not fit the observations, are negative or sum to 0.
template <expression M>
tensor<double> cov(const M& m, const cov_options& options = {}) {
    tensor<double> x = detail::observations("cov", "m", m, options.rowvar);
    if (x.shape()[0] == 0) return tensor<double>(uninitialized, shape_type{0, 0});
    return detail::covariance_of(std::move(x), options);
}

/// numpy.cov(m, y): the variables of `y` (rows, or columns without rowvar)
/// appended to those of `m`.
/// Throws as cov(m), and std::invalid_argument for y of rank above 2 or
/// with another number of observations than m.
template <expression M, expression Y>
tensor<double> cov(const M& m, const Y& y, const cov_options& options = {}) {
    // auto, whose type depends on M and Y: the concatenation below is compiled for a call, not
    // in every file that includes this.
    auto x = detail::observations("cov", "m", m, options.rowvar);
    if (x.shape()[0] == 0) return tensor<double>(uninitialized, shape_type{0, 0});
    auto more = detail::observations("cov", "y", y, options.rowvar);
    if (more.shape()[1] != x.shape()[1]) {
        throw std::invalid_argument("cov: m of shape " + to_string(m.shape()) + " and y of shape " +
                                    to_string(y.shape()) + " hold " + std::to_string(x.shape()[1]) + " and " +
                                    std::to_string(more.shape()[1]) +
                                    " observations; give both the same number of observations");
    }
    return detail::covariance_of(concatenate(std::tie(x, more), 0), options);
}

namespace detail {

// NumPy's corrcoef on a covariance matrix c: c / c for rank 0, else c divided
// by the standard deviations of both variables, clipped to [-1, 1].
template <std::floating_point W>
tensor<W> correlation_of(tensor<W> c) {
    if (c.shape().empty()) return c / c;
    const index_t n = c.shape()[0];
    std::vector<double> deviation(static_cast<std::size_t>(n), 0.0);
    for (index_t i = 0; i < n; ++i) deviation[std::size_t(i)] = std::sqrt(c.data()[i * n + i]);
    for (index_t i = 0; i < n; ++i) {
        for (index_t j = 0; j < n; ++j) {
            double& value = c.data()[i * n + j];
            value = value / deviation[std::size_t(i)] / deviation[std::size_t(j)];
            if (value < -1) value = -1;
            if (value > 1) value = 1;
        }
    }
    return c;
}

}  // namespace detail

namespace detail {

// The options corrcoef reads: rowvar. bias and ddof scale every covariance alike and cancel in a
// correlation (NumPy's corrcoef ignores them too); weights are refused, as NumPy's corrcoef takes none.
inline cov_options correlation_options(const cov_options& options) {
    if (options.fweights || options.aweights) {
        throw std::invalid_argument(
            "corrcoef: fweights and aweights are cov's, not corrcoef's (NumPy's corrcoef takes no weights); "
            "for a weighted correlation, divide cov(m, {..., .aweights = w}) by the square roots of its diagonal");
    }
    cov_options read;
    read.rowvar = options.rowvar;
    return read;
}

}  // namespace detail

/// numpy.corrcoef: the Pearson correlation coefficients of the variables
/// of `x` (rows, or columns with `.rowvar = false`), float64, clipped to
/// [-1, 1]; a rank-0 result (1, or NaN) for one variable. Takes cov's
/// options, `corrcoef(x, {.rowvar = false})`: `bias` and `ddof` cancel in a
/// correlation and change nothing, as in NumPy.
/// Throws std::invalid_argument for x of rank above 2, and for weights,
/// which NumPy's corrcoef does not take.
template <expression X>
tensor<double> corrcoef(const X& x, const cov_options& options = {}) {
    return detail::correlation_of(cov(x, detail::correlation_options(options)));
}

/// numpy.corrcoef(x, y): the variables of `y` appended to those of `x`.
/// Throws as cov(x, y), and for weights.
template <expression X, expression Y>
tensor<double> corrcoef(const X& x, const Y& y, const cov_options& options = {}) {
    return detail::correlation_of(cov(x, y, detail::correlation_options(options)));
}

}  // namespace loom
