#pragma once
// Counting values into bins, as NumPy: histogram (and histogram_density,
// NumPy's density=True), histogram2d, bincount and digitize. Each reads its
// operands once into contiguous tensors and counts in one pass.
// Includes only <array>, <optional> and <utility> beyond loom's headers of
// creation, manipulation, searching and reductions.

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/create/creation.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/sort/search.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// histogram's `range`: NumPy's range=(lo, hi), or none for the data's
/// minimum and maximum.
using histogram_range = std::optional<std::pair<double, double>>;

/// What histogram returns: the count (or weight) in each bin, and the bins'
/// edges, one more than the counts (NumPy's (hist, bin_edges)).
template <element C, element E>
struct histogram_result {
    tensor<C> counts;  ///< NumPy's hist
    tensor<E> edges;   ///< NumPy's bin_edges
};

/// What histogram2d returns: the counts [x bins, y bins] (float64, as
/// NumPy's) and the edges along x and y.
template <element EX, element EY>
struct histogram2d_result {
    tensor<double> counts;  ///< NumPy's H
    tensor<EX> x_edges;     ///< NumPy's xedges
    tensor<EY> y_edges;     ///< NumPy's yedges
};

/// A number of bins or a rank-1 tensor of bin edges, as NumPy's `bins`.
template <class B>
concept histogram_bins = std::integral<B> || expression<B>;

/// The edges histogram makes from a number of bins: float32 for float32 data, else float64
/// (NumPy's result_type of the data and the range, as a floating type).
template <element T>
using histogram_edge_t = std::conditional_t<std::same_as<T, float>, float, double>;

namespace detail {

/// The bins' edges' type: the given edges', or histogram_edge_t.
template <element T, histogram_bins B>
struct bins_edge {
    using type = histogram_edge_t<T>;
};
template <element T, histogram_bins B>
    requires expression<B>
struct bins_edge<T, B> {
    using type = value_type_of<B>;
};
template <element T, histogram_bins B>
using bins_edge_t = typename bins_edge<T, B>::type;

// Counts are summed in double per block of this many data (NumPy's BLOCK), then added
// into the result's type, as NumPy's histogram does with floating weights.
inline constexpr index_t histogram_block = 65536;

// The data as NumPy's histogram reads them: bools as uint8.
template <element T>
using histogram_data_t = std::conditional_t<std::same_as<T, bool>, std::uint8_t, T>;

// NumPy's _get_outer_edges: the range given, or the data's minimum and
// maximum (0 and 1 for no data), widened by 0.5 each way when they are equal.
template <element T>
std::pair<double, double> outer_edges(const std::string& name, const tensor<T>& values, const histogram_range& range) {
    double low = 0.0, high = 1.0;
    if (range) {
        std::tie(low, high) = *range;
        if (low > high) {
            throw std::invalid_argument(name + ": the range [" + detail::number_text(low) + ", " +
                                        detail::number_text(high) +
                                        "] has its maximum below its minimum; pass (lo, hi) with lo <= hi");
        }
        if (!std::isfinite(low) || !std::isfinite(high)) {
            throw std::invalid_argument(name + ": the range [" + detail::number_text(low) + ", " +
                                        detail::number_text(high) + "] is not finite; pass finite bounds");
        }
    } else if (values.size() > 0) {
        const auto [least, most] = std::minmax_element(values.begin(), values.end());
        low = static_cast<double>(*least);
        high = static_cast<double>(*most);
        if constexpr (std::floating_point<T>) {
            for (const T v : values) {
                if (!std::isfinite(v)) {
                    throw std::invalid_argument(name + ": the data hold " + detail::number_text(v) +
                                                ", so their range is not finite; remove NaN and infinities, "
                                                "or pass a finite range, which leaves them out");
                }
            }
        }
    }
    if (low == high) {
        low -= 0.5;
        high += 0.5;
    }
    return {low, high};
}

template <expression B>
tensor<value_type_of<B>> checked_edges(const std::string& name, const B& bins) {
    if (bins.shape().size() != 1) {
        throw std::invalid_argument(name + ": the bin edges must have 1 dimension, but their shape is " +
                                    to_string(bins.shape()) + "; pass a rank-1 tensor, or a number of bins");
    }
    tensor<value_type_of<B>> edges(bins);
    for (index_t i = 1; i < edges.size(); ++i) {
        if (edges.data()[i - 1] > edges.data()[i]) {
            throw std::invalid_argument(name + ": the bin edges must increase monotonically, but edge " +
                                        std::to_string(i) + " (" + detail::number_text(edges.data()[i]) +
                                        ") is below edge " + std::to_string(i - 1) + " (" +
                                        detail::number_text(edges.data()[i - 1]) + ")");
        }
    }
    return edges;
}

// The edges of `bins` for `values`: the number of bins spread evenly over
// outer_edges by linspace (NumPy's), or the edges given, checked. `keep` is
// set to the range a value must lie in to be counted, when it is not the edges'.
template <class E, element T, histogram_bins B>
tensor<E> bin_edges(const std::string& name, const tensor<T>& values, const B& bins, const histogram_range& range,
                    std::optional<std::pair<double, double>>& keep) {
    if constexpr (std::integral<B>) {
        if (bins < 1) {
            throw std::invalid_argument(name + ": the number of bins is " + std::to_string(bins) +
                                        "; pass 1 or more, or a rank-1 tensor of edges");
        }
        const auto edge_count = checked_add(static_cast<index_t>(bins), index_t{1});
        if (!edge_count) {
            throw std::length_error(name + ": " + std::to_string(bins) + " bins need more edges than index_t counts; pass fewer bins");
        }
        keep = outer_edges(name, values, range);
        return linspace<E>(keep->first, keep->second, *edge_count);
    } else {
        return checked_edges(name, bins);
    }
}

// The bin of `x` among `count` bins with edges e[0..count]: i with
// e[i] <= x < e[i + 1], the last bin closed; nothing outside [e[0], e[count]] or for NaN.
template <element C>
std::optional<index_t> bin_of(C x, const C* edges, index_t count) {
    if (count == 0 || !(x >= edges[0] && x <= edges[count])) return std::nullopt;
    const index_t after = std::upper_bound(edges, edges + count + 1, x) - edges;
    return std::min(after - 1, count - 1);
}

// The bin of each value (or -1), for histogram: compared in the promoted
// type with given edges, and as NumPy's evenly spaced bins do otherwise:
// kept when in the outer range (in double), then placed among the edges in
// their type.
template <element T, element E>
std::vector<index_t> bins_of(const tensor<T>& values, const tensor<E>& edges,
                             const std::optional<std::pair<double, double>>& keep) {
    // NumPy's common type: one type as it is, integers promoted, float64 otherwise.
    using C = std::conditional_t<std::same_as<T, E>, T,
                                 std::conditional_t<std::integral<T> && std::integral<E>, promote_t<T, E>, double>>;
    const index_t count = std::max<index_t>(edges.size() - 1, 0);
    const tensor<C> compared = astype<C>(edges);
    std::vector<index_t> bins(static_cast<std::size_t>(values.size()), -1);
    for (index_t i = 0; i < values.size(); ++i) {
        const T x = values.data()[i];
        std::optional<index_t> bin;
        if (keep) {
            const auto wide = static_cast<double>(x);
            if (wide >= keep->first && wide <= keep->second) {
                const E seen = static_cast<E>(x);
                const index_t after = std::upper_bound(edges.data(), edges.data() + count + 1, seen) - edges.data();
                bin = std::clamp<index_t>(after - 1, 0, count - 1);
            }
        } else {
            bin = bin_of(static_cast<C>(x), compared.data(), count);
        }
        if (bin) bins[static_cast<std::size_t>(i)] = *bin;
    }
    return bins;
}

// The sum of the weights in each bin, in W: floating weights summed in
// double per block of histogram_block data, then added in W; integers wrap
// around as NumPy's do.
template <element W>
tensor<W> weights_in_bins(const std::vector<index_t>& bins, const W* weights, index_t count) {
    tensor<W> result(shape_type{count});
    if constexpr (std::floating_point<W>) {
        std::vector<double> block(static_cast<std::size_t>(count));
        const auto size = static_cast<index_t>(bins.size());
        for (index_t first = 0; first < size; first += histogram_block) {
            std::fill(block.begin(), block.end(), 0.0);
            for (index_t i = first; i < std::min(size, first + histogram_block); ++i) {
                if (bins[std::size_t(i)] >= 0) block[std::size_t(bins[std::size_t(i)])] += weights[i];
            }
            for (index_t b = 0; b < count; ++b) result.data()[b] += static_cast<W>(block[std::size_t(b)]);
        }
    } else {
        std::vector<std::uint64_t> sums(static_cast<std::size_t>(count), 0);
        for (std::size_t i = 0; i < bins.size(); ++i) {
            if (bins[i] >= 0) sums[std::size_t(bins[i])] += static_cast<std::uint64_t>(weights[i]);
        }
        for (index_t b = 0; b < count; ++b) result.data()[b] = static_cast<W>(sums[std::size_t(b)]);
    }
    return result;
}

inline tensor<index_t> counts_in_bins(const std::vector<index_t>& bins, index_t count) {
    tensor<index_t> result(shape_type{count});
    for (const index_t b : bins) {
        if (b >= 0) ++result.data()[b];
    }
    return result;
}

template <expression A, expression W>
tensor<value_type_of<W>> checked_weights(const std::string& name, const A& a, const W& weights) {
    static_assert(!std::same_as<value_type_of<W>, bool>, "histogram weights must be numbers; convert them with astype");
    if (!(weights.shape() == a.shape())) {
        throw std::invalid_argument(name + ": the weights have shape " + to_string(weights.shape()) +
                                    " but the data " + to_string(a.shape()) + "; give one weight per element");
    }
    return tensor<value_type_of<W>>(weights);
}

template <class Counts, element E>
tensor<double> as_density(const Counts& counts, const tensor<E>& edges) {
    // NumPy: n / db / n.sum(), db the differences of the edges in their type, as float64.
    const double total = static_cast<double>(tensor<value_type_of<Counts>>(sum(counts)).data()[0]);
    tensor<double> result(uninitialized, counts.shape());
    for (index_t i = 0; i < counts.size(); ++i) {
        const auto width = static_cast<double>(static_cast<E>(edges.data()[i + 1] - edges.data()[i]));
        result.data()[i] = static_cast<double>(counts.data()[i]) / width / total;
    }
    return result;
}

template <expression A, histogram_bins B>
auto histogram_bins_of(const std::string& name, const A& a, const B& bins, const histogram_range& range) {
    using T = histogram_data_t<value_type_of<A>>;
    using E = bins_edge_t<T, B>;
    tensor<T> values = astype<T>(a);
    std::optional<std::pair<double, double>> keep;
    tensor<E> edges = bin_edges<E>(name, values, bins, range, keep);
    std::vector<index_t> chosen = bins_of(values, edges, keep);
    return std::pair{std::move(chosen), std::move(edges)};
}

}  // namespace detail

/// numpy.histogram: the number of elements of `a` (any shape, read
/// flattened) in each bin, and the bins' edges. `bins` is a number of bins
/// spread evenly over `range` (by default the data's minimum and maximum, or
/// [0, 1] for no data, widened by 0.5 each way when they are equal), with
/// edges of histogram_edge_t; or a rank-1 tensor of edges, increasing, whose
/// type the edges keep (`range` is then unused). Bin i holds the values x
/// with e[i] <= x < e[i + 1], the last bin e[n - 1] <= x <= e[n]; values
/// outside, and NaN, are not counted. Counts are int64. Bools count as 0 and 1.
/// Throws std::invalid_argument for fewer than 1 bin, a range whose maximum is below its minimum or
/// that is not finite, data holding NaN or infinity without a range (as NumPy raises), edges of a
/// rank other than 1 or that decrease.
template <expression A, histogram_bins B = index_t>
auto histogram(const A& a, const B& bins = 10, const histogram_range& range = std::nullopt) {
    auto [chosen, edges] = detail::histogram_bins_of("histogram", a, bins, range);
    const index_t count = std::max<index_t>(edges.size() - 1, 0);
    return histogram_result<index_t, value_type_of<decltype(edges)>>{detail::counts_in_bins(chosen, count),
                                                                     std::move(edges)};
}

/// numpy.histogram with weights: the sum of the weights of the elements in
/// each bin, of the weights' type (floating weights summed in float64 per
/// block of 65536 elements, as NumPy's). `weights` has a's shape.
/// Throws as histogram does, and std::invalid_argument for weights of another shape.
template <expression A, histogram_bins B, expression W>
auto histogram(const A& a, const B& bins, const histogram_range& range, const W& weights) {
    const auto values = detail::checked_weights("histogram", a, weights);
    auto [chosen, edges] = detail::histogram_bins_of("histogram", a, bins, range);
    const index_t count = std::max<index_t>(edges.size() - 1, 0);
    return histogram_result<value_type_of<W>, value_type_of<decltype(edges)>>{
        detail::weights_in_bins(chosen, values.data(), count), std::move(edges)};
}

/// numpy.histogram with density=True: the counts divided by their total and
/// by each bin's width, so that they integrate to 1 over the range (float64;
/// NaN when nothing is counted). A function of its own, because C++ gives one
/// function one result type, and the counts are int64.
/// Throws as histogram does.
template <expression A, histogram_bins B = index_t>
auto histogram_density(const A& a, const B& bins = 10, const histogram_range& range = std::nullopt) {
    auto [counts, edges] = histogram(a, bins, range);
    return histogram_result<double, value_type_of<decltype(edges)>>{detail::as_density(counts, edges),
                                                                    std::move(edges)};
}

/// numpy.histogram with density=True and weights: the weights' sums divided
/// by their total and by each bin's width (float64).
/// Throws as histogram with weights does.
template <expression A, histogram_bins B, expression W>
auto histogram_density(const A& a, const B& bins, const histogram_range& range, const W& weights) {
    auto [counts, edges] = histogram(a, bins, range, weights);
    return histogram_result<double, value_type_of<decltype(edges)>>{detail::as_density(counts, edges),
                                                                    std::move(edges)};
}

// ---------------------------------------------------------------------------
// histogram2d
// ---------------------------------------------------------------------------

namespace detail {

/// A number of bins gives float64 edges in histogram2d, as NumPy's linspace without a dtype.
template <histogram_bins B>
using bins2d_edge_t = bins_edge_t<double, B>;

// One axis of histogram2d: its edges, and each value's bin (NumPy's
// searchsorted(edges, x, 'right'), x equal to the last edge in the last bin), or -1.
template <histogram_bins B>
std::pair<tensor<bins2d_edge_t<B>>, std::vector<index_t>> axis_bins(const std::string& name, const tensor<double>& values,
                                                                    const B& bins, const histogram_range& range) {
    using E = bins2d_edge_t<B>;
    std::optional<std::pair<double, double>> keep;
    tensor<E> edges = bin_edges<E>(name, values, bins, range, keep);
    if (edges.size() == 0) {
        throw std::invalid_argument(name + ": the bin edges are empty; pass at least one edge (histogram "
                                           "accepts none, histogram2d refuses them, as NumPy)");
    }
    const tensor<double> compared = astype<double>(edges);
    const index_t count = std::max<index_t>(edges.size() - 1, 0);
    std::vector<index_t> chosen(static_cast<std::size_t>(values.size()), -1);
    for (index_t i = 0; i < values.size(); ++i) {
        if (const auto bin = bin_of(values.data()[i], compared.data(), count)) chosen[std::size_t(i)] = *bin;
    }
    return {std::move(edges), std::move(chosen)};
}

template <expression X, expression Y, histogram_bins BX, histogram_bins BY>
auto histogram2d_of(const X& x, const Y& y, const BX& bins_x, const BY& bins_y,
                    const std::array<histogram_range, 2>& range, const std::vector<double>* weights, bool density) {
    if (x.shape().size() != 1 || !(x.shape() == y.shape())) {
        throw std::invalid_argument("histogram2d: x and y must have 1 dimension and one length, but their shapes are " +
                                    to_string(x.shape()) + " and " + to_string(y.shape()) +
                                    "; pass the points' coordinates as two rank-1 tensors");
    }
    const tensor<double> xs = astype<double>(x), ys = astype<double>(y);
    auto [x_edges, x_bins] = axis_bins("histogram2d (x)", xs, bins_x, range[0]);
    auto [y_edges, y_bins] = axis_bins("histogram2d (y)", ys, bins_y, range[1]);
    const index_t nx = std::max<index_t>(x_edges.size() - 1, 0), ny = std::max<index_t>(y_edges.size() - 1, 0);
    tensor<double> counts(shape_type{nx, ny});
    for (std::size_t i = 0; i < x_bins.size(); ++i) {
        if (x_bins[i] < 0 || y_bins[i] < 0) continue;
        counts.data()[x_bins[i] * ny + y_bins[i]] += weights ? (*weights)[i] : 1.0;
    }
    if (density) {
        // NumPy: hist / dx (along x) / dy (along y), then divided by the sum taken before.
        const double total = tensor<double>(sum(counts)).data()[0];
        for (index_t i = 0; i < nx; ++i) {
            const auto dx = static_cast<double>(static_cast<bins2d_edge_t<BX>>(x_edges.data()[i + 1] - x_edges.data()[i]));
            for (index_t j = 0; j < ny; ++j) {
                const auto dy =
                    static_cast<double>(static_cast<bins2d_edge_t<BY>>(y_edges.data()[j + 1] - y_edges.data()[j]));
                double& cell = counts.data()[i * ny + j];
                cell = cell / dx / dy / total;
            }
        }
    }
    return histogram2d_result<bins2d_edge_t<BX>, bins2d_edge_t<BY>>{std::move(counts), std::move(x_edges),
                                                                    std::move(y_edges)};
}

template <expression X, expression W>
std::vector<double> weights2d(const X& x, const W& weights) {
    if (!(weights.shape() == x.shape())) {
        throw std::invalid_argument("histogram2d: the weights have shape " + to_string(weights.shape()) +
                                    " but x and y " + to_string(x.shape()) + "; give one weight per point");
    }
    const tensor<double> values = astype<double>(weights);
    return std::vector<double>(values.begin(), values.end());
}

}  // namespace detail

/// numpy.histogram2d: the number of points (x[i], y[i]) in each cell of a
/// grid of bins, [x bins, y bins], float64 as NumPy's, with the edges along
/// x and y. `bins` serves both axes as histogram's does, except that a
/// number of bins gives float64 edges; `range` holds one histogram_range
/// per axis. The values are compared with the edges in float64. With
/// `density`, each count is divided by the total and by its cell's area.
/// Throws std::invalid_argument when x and y are not of rank 1 and one length, for empty edges (as
/// NumPy raises), and as histogram does for each axis.
template <expression X, expression Y, histogram_bins B = index_t>
auto histogram2d(const X& x, const Y& y, const B& bins = 10, const std::array<histogram_range, 2>& range = {},
                 bool density = false) {
    return detail::histogram2d_of(x, y, bins, bins, range, nullptr, density);
}

/// numpy.histogram2d with bins=[bins_x, bins_y]: each axis its own number
/// of bins or edges. Throws as histogram2d does.
template <expression X, expression Y, histogram_bins BX, histogram_bins BY>
auto histogram2d(const X& x, const Y& y, const std::pair<BX, BY>& bins, const std::array<histogram_range, 2>& range = {},
                 bool density = false) {
    return detail::histogram2d_of(x, y, bins.first, bins.second, range, nullptr, density);
}

/// numpy.histogram2d with weights: each cell holds the sum of its points'
/// weights (summed in float64), `weights` of x's shape.
/// Throws as histogram2d does, and std::invalid_argument for weights of another shape.
template <expression X, expression Y, histogram_bins B, expression W>
auto histogram2d(const X& x, const Y& y, const B& bins, const std::array<histogram_range, 2>& range, bool density,
                 const W& weights) {
    const std::vector<double> w = detail::weights2d(x, weights);
    return detail::histogram2d_of(x, y, bins, bins, range, &w, density);
}

/// numpy.histogram2d with bins=[bins_x, bins_y] and weights. Throws as above.
template <expression X, expression Y, histogram_bins BX, histogram_bins BY, expression W>
auto histogram2d(const X& x, const Y& y, const std::pair<BX, BY>& bins, const std::array<histogram_range, 2>& range,
                 bool density, const W& weights) {
    const std::vector<double> w = detail::weights2d(x, weights);
    return detail::histogram2d_of(x, y, bins.first, bins.second, range, &w, density);
}

// ---------------------------------------------------------------------------
// bincount
// ---------------------------------------------------------------------------

namespace detail {

template <expression X>
tensor<value_type_of<X>> bincount_values(const X& x, index_t minlength, index_t& length) {
    using T = value_type_of<X>;
    static_assert(std::integral<T> && !std::same_as<T, std::uint64_t>,
                  "bincount counts integers that convert to int64 safely (bool and integers but uint64), "
                  "as NumPy; convert other values with astype<index_t>");
    if (x.shape().size() != 1) {
        throw std::invalid_argument("bincount: x must have 1 dimension, but its shape is " + to_string(x.shape()) +
                                    "; pass ravel(x) to count all its elements");
    }
    if (minlength < 0) {
        throw std::invalid_argument("bincount: minlength is " + std::to_string(minlength) + "; pass 0 or more");
    }
    tensor<T> values(x);
    length = minlength;
    for (index_t i = 0; i < values.size(); ++i) {
        const auto v = static_cast<index_t>(values.data()[i]);
        if (v < 0) {
            throw std::invalid_argument("bincount: x[" + std::to_string(i) + "] is " + std::to_string(v) +
                                        "; every value must be 0 or more");
        }
        if (v == std::numeric_limits<index_t>::max()) {
            throw std::length_error("bincount: x[" + std::to_string(i) + "] is " + std::to_string(v) +
                                    ", and a count for it would need more bins than index_t counts; "
                                    "count smaller values");
        }
        length = std::max(length, v + 1);
    }
    return values;
}

}  // namespace detail

/// numpy.bincount: how many times each value 0, 1, ..., max(x) occurs in the
/// rank-1 `x` of bools or integers (int64 counts, at least `minlength` of them).
/// Throws std::invalid_argument when x does not have rank 1, holds a negative value (naming it), or
/// minlength is negative; std::length_error for a value of the largest int64.
template <expression X>
tensor<index_t> bincount(const X& x, index_t minlength = 0) {
    index_t length = 0;
    const auto values = detail::bincount_values(x, minlength, length);
    tensor<index_t> result(shape_type{length});
    for (const auto v : values) ++result.data()[static_cast<index_t>(v)];
    return result;
}

/// numpy.bincount with weights: the sum of the weights of each value (float64,
/// summed in order), `weights` of x's shape. Unlike NumPy, which gives int64
/// zeros for an empty x whatever the weights, loom gives float64 zeros (its
/// result has one type) and checks the weights' shape there too.
/// Throws as bincount does, and std::invalid_argument for weights of another shape.
template <expression X, expression W>
tensor<double> bincount(const X& x, const W& weights, index_t minlength = 0) {
    index_t length = 0;
    const auto values = detail::bincount_values(x, minlength, length);
    if (!(weights.shape() == x.shape())) {
        throw std::invalid_argument("bincount: the weights have shape " + to_string(weights.shape()) + " but x " +
                                    to_string(x.shape()) + "; give one weight per value");
    }
    const tensor<double> w = astype<double>(weights);
    tensor<double> result(shape_type{length});
    for (index_t i = 0; i < values.size(); ++i) result.data()[static_cast<index_t>(values.data()[i])] += w.data()[i];
    return result;
}

// ---------------------------------------------------------------------------
// digitize
// ---------------------------------------------------------------------------

namespace detail {

// NumPy's check_array_monotonic on the edges as float64: 1 increasing (or
// all equal, or none), -1 decreasing, 0 neither.
inline int monotonicity(const tensor<double>& edges) {
    const double* e = edges.data();
    const index_t n = edges.size();
    index_t i = 1;
    while (i < n && e[i] == e[0]) ++i;
    if (i >= n) return 1;
    if (e[i - 1] < e[i]) {
        for (++i; i < n; ++i) {
            if (e[i - 1] > e[i]) return 0;
        }
        return 1;
    }
    if (e[i - 1] > e[i]) {
        for (++i; i < n; ++i) {
            if (e[i - 1] < e[i]) return 0;
        }
        return -1;
    }
    return 0;  // a NaN next to the first values
}

}  // namespace detail

/// numpy.digitize: for each element of `x`, the index of its bin among the
/// rank-1 `bins`, increasing or decreasing: with increasing bins, i such that
/// bins[i-1] <= x < bins[i] (bins[i-1] < x <= bins[i] with `right`), 0 below
/// and len(bins) above; decreasing bins mirror it. int64, of x's shape;
/// values are compared in the promoted type, NaN after every number.
/// Throws std::invalid_argument when bins does not have rank 1 or is neither increasing nor
/// decreasing.
template <expression X, expression B>
tensor<index_t> digitize(const X& x, const B& bins, bool right = false) {
    if (bins.shape().size() != 1) {
        throw std::invalid_argument("digitize: bins must have 1 dimension, but its shape is " +
                                    to_string(bins.shape()) + "; pass a rank-1 tensor of edges");
    }
    const tensor<value_type_of<B>> edges(bins);
    const int direction = detail::monotonicity(astype<double>(edges));
    if (direction == 0) {
        throw std::invalid_argument("digitize: the " + std::to_string(edges.size()) +
                                    " bins must increase or decrease monotonically, but they go both ways; sort them");
    }
    const side s = right ? side::left : side::right;
    if (direction == 1) return searchsorted(edges, x, s);
    return tensor<index_t>(edges.size() - searchsorted(flip(edges, 0), x, s));
}

}  // namespace loom
