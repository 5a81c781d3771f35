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

// A range as messages show it: [lo, hi].
inline std::string range_text(double low, double high) {
    return "[" + detail::number_text(low) + ", " + detail::number_text(high) + "]";
}

// The data's minimum and maximum, refused when a value is not finite (NumPy's autodetected range).
template <element T>
std::pair<double, double> data_range(const std::string& name, const tensor<T>& values) {
    if constexpr (floating_element<T>) {
        for (const T v : values) {
            if (!std::isfinite(static_cast<double>(v))) {
                throw std::invalid_argument(name + ": the data hold " + detail::number_text(v) +
                                            ", so their range is not finite; remove NaN and infinities, "
                                            "or pass a finite range, which leaves them out");
            }
        }
    }
    const auto [least, most] = std::minmax_element(values.begin(), values.end());
    return {static_cast<double>(*least), static_cast<double>(*most)};
}

// NumPy's _get_outer_edges: the range given, or the data's minimum and
// maximum (0 and 1 for no data), widened by 0.5 each way when they are equal.
// Its width must be finite too, for bins spread evenly over it.
template <element T>
std::pair<double, double> outer_edges(const std::string& name, const tensor<T>& values, const histogram_range& range) {
    double low = 0.0, high = 1.0;
    if (range) {
        std::tie(low, high) = *range;
        if (low > high) {
            throw std::invalid_argument(name + ": the range " + range_text(low, high) +
                                        " has its maximum below its minimum; pass (lo, hi) with lo <= hi");
        }
        if (!std::isfinite(low) || !std::isfinite(high)) {
            throw std::invalid_argument(name + ": the range " + range_text(low, high) +
                                        " is not finite; pass finite bounds");
        }
    } else if (values.size() > 0) {
        std::tie(low, high) = data_range(name, values);
    }
    if (low == high) {
        low -= 0.5;
        high += 0.5;
    }
    if (!std::isfinite(high - low)) {
        throw std::invalid_argument(name + ": the range " + range_text(low, high) +
                                    " is wider than a double holds, so bins cannot be spread over it; "
                                    "pass a narrower range, which leaves the values outside it out");
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

// A number of bins as index_t, refused unless positive and with its bins + 1 edges counted by index_t.
template <std::integral B>
index_t checked_bin_count(const std::string& name, B bins) {
    if (bins < 1) {
        throw std::invalid_argument(name + ": the number of bins is " + std::to_string(bins) +
                                    "; pass 1 or more, or a rank-1 tensor of edges");
    }
    // Positive, so every integer type converts to uintmax_t unchanged.
    if (static_cast<std::uintmax_t>(bins) >= static_cast<std::uintmax_t>(std::numeric_limits<index_t>::max())) {
        throw std::length_error(name + ": " + std::to_string(bins) +
                                " bins need more edges than index_t counts; pass fewer bins");
    }
    return static_cast<index_t>(bins);
}

// The edges of `bins` for `values`: the number of bins spread evenly over
// outer_edges by linspace (NumPy's), or the edges given, checked. `keep` is
// set to the range a value must lie in to be counted, when it is not the edges'.
template <class E, element T, histogram_bins B>
tensor<E> bin_edges(const std::string& name, const tensor<T>& values, const B& bins, const histogram_range& range,
                    std::optional<std::pair<double, double>>& keep) {
    if constexpr (std::integral<B>) {
        const index_t count = checked_bin_count(name, bins);
        keep = outer_edges(name, values, range);
        return linspace<E>(keep->first, keep->second, count + 1);
    } else {
        return checked_edges(name, bins);
    }
}

// Note [edges holding NaN]: NumPy's histogram with edges given sorts the data
// (NaN last) and searches each edge in them: C(j) values sort before edge j
// (or equal it, for the last edge), and bin i holds C(i + 1) - C(i). For
// edges that are numbers that is one bin per value, e[i] <= x < e[i + 1], the
// last bin closed. A NaN edge passes the check of increasing edges but sorts
// after every number, so that a value may then add 1 to one bin and take 1
// from another (NumPy's counts may be negative), and NaN data count in the
// last bin when the last edge is NaN. Between NaN edges the edges are numbers
// that increase, so one binary search per such run finds a value's part.
//
// histogram2d (and digitize) search the values among the edges instead,
// with NumPy's binary search, which starts each search from the bounds of
// the one before: over edges that NaN leaves unsorted, a value's bin then
// depends on the values before it, and only that search gives NumPy's.

// The runs of consecutive edges that are numbers, [first, end) each.
struct edge_run {
    index_t first;
    index_t end;
};

template <element C>
std::vector<edge_run> number_runs(const tensor<C>& edges) {
    std::vector<edge_run> runs;
    for (index_t i = 0; i < edges.size(); ++i) {
        if (is_nan(edges.data()[i])) continue;
        if (runs.empty() || runs.back().end != i) runs.push_back({i, i});
        runs.back().end = i + 1;
    }
    return runs;
}

// Calls add(bin, +1 or -1) for each of the `count` bins of edges
// e[0..count] whose count `x` changes, `runs` the edges' runs of numbers
// (Note [edges holding NaN]).
template <element C, class Add>
void shares_of(C x, const C* edges, index_t count, const std::vector<edge_run>& runs, Add&& add) {
    if (is_nan(x)) {  // NaN sorts before no edge but a NaN last one
        if (count > 0 && is_nan(edges[count])) add(count - 1, 1);
        return;
    }
    for (const edge_run& run : runs) {
        // The first edge of the run that x sorts before (or, the last edge, equals), or the run's end.
        index_t before = std::upper_bound(edges + run.first, edges + std::min(run.end, count), x) - edges;
        if (before == count && run.end > count && x > edges[count]) before = count + 1;
        if (before == run.first) continue;  // as before the NaN edge ahead of the run: no change
        if (run.first > 0) add(run.first - 1, -1);
        if (before <= count) add(before - 1, 1);
    }
}

// The data of a histogram as it counts them (bools as uint8), its edges, and
// the range a value must lie in to be counted when the edges are spread over
// it (nothing when they are given).
template <element T, element E>
struct binned_data {
    tensor<T> values;
    tensor<E> edges;
    std::optional<std::pair<double, double>> keep;

    index_t bins() const { return std::max<index_t>(edges.size() - 1, 0); }
};

// Calls add(i, bin, +1 or -1) for each bin whose count value i changes: with
// edges spread over a range, the value's bin when it lies in the range (in
// double), placed among the edges in their type, as NumPy's evenly spaced
// bins do; with edges given, compared in NumPy's common type (one type as
// it is, integers promoted, float64 otherwise) as Note [edges holding NaN] says.
template <element T, element E, class Add>
void for_each_share(const binned_data<T, E>& data, Add&& add) {
    const index_t count = data.bins();
    const T* values = data.values.data();
    if (data.keep) {
        const E* edges = data.edges.data();
        for (index_t i = 0; i < data.values.size(); ++i) {
            const auto wide = static_cast<double>(values[i]);
            if (!(wide >= data.keep->first && wide <= data.keep->second)) continue;
            const index_t after = std::upper_bound(edges, edges + count + 1, static_cast<E>(values[i])) - edges;
            add(i, std::clamp<index_t>(after - 1, 0, count - 1), 1);
        }
        return;
    }
    using C = std::conditional_t<std::same_as<T, E>, T,
                                 std::conditional_t<std::integral<T> && std::integral<E>, promote_t<T, E>, double>>;
    const tensor<C> compared = astype<C>(data.edges);
    const std::vector<edge_run> runs = number_runs(compared);
    for (index_t i = 0; i < data.values.size(); ++i) {
        const auto add_for_value = [&](index_t bin, int sign) { add(i, bin, sign); };
        shares_of(static_cast<C>(values[i]), compared.data(), count, runs, add_for_value);
    }
}

// The sum of the weights in each bin, in W: floating weights summed in
// double per block of histogram_block data, then added in W; integers wrap
// around as NumPy's do.
template <element T, element E, element W>
tensor<W> weights_in_bins(const binned_data<T, E>& data, const W* weights) {
    const index_t count = data.bins();
    tensor<W> result(shape_type{count});
    if constexpr (floating_element<W>) {
        std::vector<double> block(static_cast<std::size_t>(count), 0.0);
        const auto add_block = [&] {
            for (index_t b = 0; b < count; ++b) result.data()[b] += static_cast<W>(block[std::size_t(b)]);
            std::fill(block.begin(), block.end(), 0.0);
        };
        index_t block_start = 0;
        for_each_share(data, [&](index_t i, index_t bin, int sign) {
            if (i >= block_start + histogram_block) {
                add_block();
                block_start = i - i % histogram_block;
            }
            block[std::size_t(bin)] += sign * static_cast<double>(weights[i]);
        });
        add_block();
    } else {
        std::vector<std::uint64_t> sums(static_cast<std::size_t>(count), 0);
        for_each_share(data, [&](index_t i, index_t bin, int sign) {
            const auto weight = static_cast<std::uint64_t>(weights[i]);
            sums[std::size_t(bin)] += sign > 0 ? weight : 0 - weight;
        });
        for (index_t b = 0; b < count; ++b) result.data()[b] = static_cast<W>(sums[std::size_t(b)]);
    }
    return result;
}

template <element T, element E>
tensor<index_t> counts_in_bins(const binned_data<T, E>& data) {
    tensor<index_t> result(shape_type{data.bins()});
    for_each_share(data, [&](index_t, index_t bin, int sign) { result.data()[bin] += sign; });
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

// The data of a histogram of `a` and its edges for `bins` and `range`.
template <expression A, histogram_bins B>
auto binned(const std::string& name, const A& a, const B& bins, const histogram_range& range) {
    using T = histogram_data_t<value_type_of<A>>;
    binned_data<T, bins_edge_t<T, B>> data{astype<T>(a), {}, std::nullopt};
    data.edges = bin_edges<bins_edge_t<T, B>>(name, data.values, bins, range, data.keep);
    return data;
}

}  // namespace detail

/// numpy.histogram: the number of elements of `a` (any shape, read
/// flattened) in each bin, and the bins' edges. `bins` is a number of bins
/// spread evenly over `range` (by default the data's minimum and maximum, or
/// [0, 1] for no data, widened by 0.5 each way when they are equal), with
/// edges of histogram_edge_t; or a rank-1 tensor of edges, increasing, whose
/// type the edges keep (`range` is then unused). Bin i holds the values x
/// with e[i] <= x < e[i + 1], the last bin e[n - 1] <= x <= e[n]; values
/// outside, and NaN, are not counted. Edges given that hold NaN count as
/// NumPy's do (Note [edges holding NaN]): a value may take from a bin, NaN
/// data count in the last bin when the last edge is NaN. Counts are int64.
/// Bools count as 0 and 1.
/// Throws std::invalid_argument for fewer than 1 bin, a range whose maximum is below its minimum, that
/// is not finite or that is wider than a double holds, data holding NaN or infinity without a range
/// (as NumPy raises; float16 and bfloat16 data too), edges of a rank other than 1 or that decrease;
/// std::length_error for a number of bins whose edges index_t does not count.
template <expression A, histogram_bins B = index_t>
auto histogram(const A& a, const B& bins = 10, const histogram_range& range = std::nullopt) {
    auto data = detail::binned("histogram", a, bins, range);
    return histogram_result<index_t, value_type_of<decltype(data.edges)>>{detail::counts_in_bins(data),
                                                                          std::move(data.edges)};
}

/// numpy.histogram with weights: the sum of the weights of the elements in
/// each bin, of the weights' type (floating weights summed in float64 per
/// block of 65536 elements, as NumPy's). `weights` has a's shape.
/// Throws as histogram does, and std::invalid_argument for weights of another shape.
template <expression A, histogram_bins B, expression W>
auto histogram(const A& a, const B& bins, const histogram_range& range, const W& weights) {
    const auto values = detail::checked_weights("histogram", a, weights);
    auto data = detail::binned("histogram", a, bins, range);
    return histogram_result<value_type_of<W>, value_type_of<decltype(data.edges)>>{
        detail::weights_in_bins(data, values.data()), std::move(data.edges)};
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
// searchsorted(edges, x, 'right') - 1, x equal to the last edge in the last bin), or -1.
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
    const index_t count = edges.size() - 1;
    const tensor<index_t> after = searchsorted(compared, values, side::right);
    std::vector<index_t> chosen(static_cast<std::size_t>(values.size()), -1);
    for (index_t i = 0; i < values.size(); ++i) {
        const double x = values.data()[i];
        const index_t bin = after.data()[i] - (x == compared.data()[count] ? 2 : 1);
        if (bin < -1) {  // only NaN among the edges puts the last edge's value before the first edge
            throw std::invalid_argument(name + ": value " + std::to_string(i) + " (" + number_text(x) +
                                        ") equals the last edge, but the NaN among the edges places it before the "
                                        "first (NumPy raises ValueError); pass edges that are numbers");
        }
        if (bin >= 0 && bin < count) chosen[std::size_t(i)] = bin;
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
/// per axis. The values are compared with the edges in float64, each
/// placed by NumPy's binary search (with edges holding NaN, a point's bin
/// depends on the points before it, as in NumPy: Note [edges holding NaN]).
/// With `density`, each count is divided by the total and by its cell's area.
/// Throws std::invalid_argument when x and y are not of rank 1 and one length, for empty edges (as
/// NumPy raises), for a value equal to the last edge that edges holding NaN place before the first
/// (NumPy raises ValueError), and as histogram does for each axis.
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
// all equal, or none), -1 decreasing, 0 neither. As NumPy's, whatever does
// not increase after the first values (a NaN too) may decrease.
inline int monotonicity(const tensor<double>& edges) {
    const double* e = edges.data();
    const index_t n = edges.size();
    index_t i = 1;
    while (i < n && e[i] == e[0]) ++i;
    if (i >= n) return 1;
    const bool increasing = e[i - 1] < e[i];
    for (++i; i < n; ++i) {
        if (increasing ? e[i - 1] > e[i] : e[i - 1] < e[i]) return 0;
    }
    return increasing ? 1 : -1;
}

}  // namespace detail

/// numpy.digitize: for each element of `x`, the index of its bin among the
/// rank-1 `bins`, increasing or decreasing: with increasing bins, i such that
/// bins[i-1] <= x < bins[i] (bins[i-1] < x <= bins[i] with `right`), 0 below
/// and len(bins) above; decreasing bins mirror it. int64, of x's shape;
/// values are compared in the promoted type, NaN after every number, by
/// NumPy's binary search (bins holding NaN inside pass NumPy's check of
/// their order, and a value's index then depends on the values before it,
/// as in NumPy: Note [edges holding NaN]).
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
