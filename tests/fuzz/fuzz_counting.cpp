// Fuzzes counting and statistics (<loom/stats.hpp>): histogram of float64
// and float16 data with a number of bins (hostile ones, and
// unsigned ones past int64 among them) and a range, or edges given (NaN,
// infinities, unsorted), with weights; histogram2d; bincount of int64 with
// weights and minlength; digitize with increasing, decreasing or unsorted
// bins; quantile, percentile, nanquantile, nanpercentile, median and
// nanmedian of float64 and float16 with any q, method and axis; nanmax,
// nansum, nanmean and nanargmax; cov with rowvar, bias,
// ddof, fweights and aweights. Data of 0 to 16 elements, NaN, infinities
// and the largest doubles among them.
// Property: a refusal of the documented type (docs/reductions.md, the
// functions' comments) exactly when the rules written here refuse, and
// otherwise NumPy's shape and values: histogram's counts are, bin by bin, the
// values in [e[i], e[i + 1]) (the last bin closed), as NumPy's sorted search
// counts them (NaN after every number, so that edges holding NaN give
// NumPy's counts), and computed edges are finite, increasing and span the
// range; bincount's length is max(max(x) + 1, minlength) and its counts
// exact; digitize's indices are NumPy's; quantiles lie within the lane's
// numbers (NaN for a lane holding NaN, nan forms leaving NaN out; a median
// of float16 as NumPy's mean of the two middle elements, in float32), a
// method that picks one gives an element of the lane, linear's q = 0 and 1
// give the minimum and maximum; the nan reductions equal a reference; cov's
// result is a reference computed here in long double. Calls whose valid
// result would be large are not made.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::float16;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using sizes = std::vector<index_t>;

// Results of more elements than this are not asked for.
constexpr index_t largest_result = 100000;

bool is_nan(double x) { return x != x; }

// NumPy's sort order: NaN after every number, equal to NaN.
bool sorts_before(double a, double b) { return a < b || (!is_nan(a) && is_nan(b)); }

// The values, or their first and last 8 and their count when there are more than 16: the properties'
// messages are built for every element checked, and a text of 100,000 values each time made a run
// quadratic (the input that breaks a property is in the fuzzer's artifact, whole).
std::string values_text(const std::vector<double>& v) {
    const std::size_t shown = 8;
    std::string out = "{";
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v.size() > 2 * shown && i == shown) {
            out += ", ...";
            i = v.size() - shown;
        }
        out += (i ? ", " : "") + loom::detail::number_text(v[i]);
    }
    return out + "}" + (v.size() > 2 * shown ? " (" + std::to_string(v.size()) + " values)" : "");
}

bool same_number(double got, double want) { return got == want || (is_nan(got) && is_nan(want)); }

bool close(double got, double want, double scale) {
    if (is_nan(want)) return is_nan(got);
    if (std::isinf(want)) return got == want;
    return std::fabs(got - want) <= 1e-9 * (1.0 + scale);
}

void require_refusal(const outcome& o, const std::vector<refusal>& allowed, const std::string& call) {
    if (allowed.empty()) {
        require_kind(o, refusal::none, call);
        return;
    }
    for (refusal r : allowed) {
        if (o.kind == r) return;
    }
    fail(call + ": expected " + name(allowed[0]) + ", got " + name(o.kind) + (o.refused() ? " (" + o.message + ")" : ""));
}

// A value of T from the bytes: small, or hostile (NaN and the largest doubles among them).
template <class T>
T element(byte_reader& in) {
    if constexpr (std::is_same_v<T, float16> || std::is_floating_point_v<T>) {
        return static_cast<T>(hostile_real(in));
    } else {
        const index_t v = in.hostile(-3, 8);
        return static_cast<T>(v);
    }
}

template <class T>
tensor<T> data_of(byte_reader& in, const sizes& shape) {
    tensor<T> t(shape_type(shape.begin(), shape.end()));
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = element<T>(in);
    return t;
}

template <class T>
std::vector<double> doubles(const tensor<T>& t) {
    std::vector<double> out;
    for (index_t i = 0; i < t.size(); ++i) out.push_back(static_cast<double>(t.data()[i]));
    return out;
}

template <class T>
const char* type_of() {
    if constexpr (std::is_same_v<T, double>) return "float64";
    else if constexpr (std::is_same_v<T, float>) return "float32";
    else if constexpr (std::is_same_v<T, float16>) return "float16";
    else if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "uint8";
    else if constexpr (std::is_same_v<T, std::int64_t>) return "int64";
    else return "int32";
}

// ---------------------------------------------------------------------------
// histogram
// ---------------------------------------------------------------------------

// NumPy's counts for edges given: C(j) values sort before edge j (or equal
// the last edge, for the last), bin i holds C(i + 1) - C(i).
std::vector<double> sorted_search_counts(const std::vector<double>& x, const std::vector<double>& e) {
    std::vector<double> before(e.size());
    for (std::size_t j = 0; j < e.size(); ++j) {
        double c = 0;
        for (double v : x) c += j + 1 == e.size() ? !sorts_before(e[j], v) : sorts_before(v, e[j]);
        before[j] = c;
    }
    std::vector<double> counts;
    for (std::size_t j = 0; j + 1 < e.size(); ++j) counts.push_back(before[j + 1] - before[j]);
    return counts;
}

template <class T, class E>
void check_edges_and_counts(const std::vector<double>& x, const tensor<E>& edges, const std::vector<double>& got,
                            index_t bins, double low, double high, const std::string& call) {
    require(edges.ndim() == 1 && edges.size() == bins + 1, call + ": " + std::to_string(edges.size()) + " edges for " +
                                                               std::to_string(bins) + " bins");
    // float32 edges of a range beyond float32's are infinite, as NumPy's are.
    const auto e_low = static_cast<E>(low), e_high = static_cast<E>(high);
    if (!std::isfinite(e_low) || !std::isfinite(e_high) || !std::isfinite(e_high - e_low)) return;
    const std::vector<double> e = doubles(edges);
    for (std::size_t j = 0; j < e.size(); ++j) {
        require(std::isfinite(e[j]), call + ": edge " + std::to_string(j) + " is " + std::to_string(e[j]));
        require(j == 0 || e[j - 1] <= e[j], call + ": the edges decrease at " + std::to_string(j) + ": " + values_text(e));
    }
    require(e.front() == static_cast<double>(static_cast<E>(low)) && e.back() == static_cast<double>(static_cast<E>(high)),
            call + ": the edges " + values_text(e) + " do not span the range [" + std::to_string(low) + ", " +
                std::to_string(high) + "]");
    // Kept when in the range (in double), then placed among the edges in their type.
    std::vector<double> want(static_cast<std::size_t>(bins), 0.0);
    for (double v : x) {
        if (!(v >= low && v <= high)) continue;
        const auto seen = static_cast<double>(static_cast<E>(v));
        const index_t after = std::upper_bound(e.begin(), e.end(), seen) - e.begin();
        want[static_cast<std::size_t>(std::clamp<index_t>(after - 1, 0, bins - 1))] += 1;
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
        require(got[i] == want[i], call + ": bin " + std::to_string(i) + " holds " + std::to_string(got[i]) + ", expected " +
                                       std::to_string(want[i]) + " (data " + values_text(x) + ", edges " + values_text(e) + ")");
    }
}

// histogram of T data with a number of bins (signed or unsigned) and a range, or weights.
template <class T>
void histogram_with_count(byte_reader& in, const tensor<T>& a) {
    const std::vector<double> x = doubles(a);
    // Weights and unsigned bin counts take the same paths for every data type: float64's alone try them.
    constexpr bool all_forms = std::is_same_v<T, double>;
    const unsigned form = all_forms ? in.next() % 4 : 0;
    const bool huge_unsigned = form == 3;
    const index_t bins = huge_unsigned ? 0 : in.hostile(-1, 6);
    const std::uint64_t unsigned_bins = huge_unsigned ? ~std::uint64_t(0) - in.below(3) : 0;
    loom::histogram_range range;
    if (in.flag()) range = std::pair{hostile_real(in), hostile_real(in)};
    const bool weighted = form == 1;
    const tensor<double> weights = weighted ? data_of<double>(in, sizes_of(a.shape())) : tensor<double>();
    const std::string call = std::string("histogram(") + type_of<T>() + " " + values_text(x) + ", bins " +
                             (huge_unsigned ? std::to_string(unsigned_bins) + "u" : std::to_string(bins)) +
                             (range ? ", range [" + loom::detail::number_text(range->first) + ", " +
                                          loom::detail::number_text(range->second) + "]"
                                    : "") +
                             (weighted ? ", weights" : "") + ")";

    // The rules: the bins, then the range (given, or the data's, which must be finite), then its width.
    std::vector<refusal> allowed;
    double low = 0, high = 1;
    if (huge_unsigned || bins == std::numeric_limits<index_t>::max()) allowed.push_back(refusal::length_error);
    else if (bins < 1) allowed.push_back(refusal::invalid_argument);
    if (range) {
        std::tie(low, high) = *range;
        if (low > high || !std::isfinite(low) || !std::isfinite(high)) allowed.push_back(refusal::invalid_argument);
    } else if (!x.empty()) {
        low = *std::min_element(x.begin(), x.end());
        high = *std::max_element(x.begin(), x.end());
        for (double v : x) {
            if (!std::isfinite(v)) allowed.push_back(refusal::invalid_argument);
        }
    }
    if (low == high) low -= 0.5, high += 0.5;
    if (!std::isfinite(high - low)) allowed.push_back(refusal::invalid_argument);
    if (allowed.empty() && bins > largest_result) return;
    // float32 edges of a range beyond float32's: refused as values that do not fit (linspace's refusal).
    using E = loom::histogram_edge_t<T>;
    const bool edges_fit = std::isfinite(static_cast<E>(low)) && std::isfinite(static_cast<E>(high));
    if (!edges_fit) allowed.push_back(refusal::out_of_range);

    tensor<double> counts;
    tensor<loom::histogram_edge_t<T>> edges;
    const outcome o = attempt([&] {
        if constexpr (all_forms) {
            if (huge_unsigned) {
                auto r = loom::histogram(a, unsigned_bins, range);
                counts = loom::astype<double>(r.counts);
                edges = std::move(r.edges);
                return;
            }
            if (weighted) {
                auto r = loom::histogram(a, bins, range, weights);
                counts = std::move(r.counts);
                edges = std::move(r.edges);
                return;
            }
        }
        {
            auto r = loom::histogram(a, bins, range);
            counts = loom::astype<double>(r.counts);
            edges = std::move(r.edges);
        }
    });
    require_refusal(o, allowed, call);
    if (o.refused()) {
        if (o.kind != refusal::out_of_range) require_mentions(o, "histogram");
        return;
    }
    require(counts.ndim() == 1 && counts.size() == bins, call + ": counts of shape " + text(counts.shape()));
    if (!weighted) {
        check_edges_and_counts<T>(x, edges, doubles(counts), bins, low, high, call);
        return;
    }
    // Weighted: the weights of the values a histogram without weights puts in each bin.
    tensor<double> unweighted = loom::astype<double>(loom::histogram(a, bins, range).counts);
    check_edges_and_counts<T>(x, edges, doubles(unweighted), bins, low, high, call + " (without weights)");
    double total = 0, want = 0, scale = 0;
    for (index_t i = 0; i < counts.size(); ++i) total += counts.data()[i];
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (x[i] >= low && x[i] <= high) want += weights.data()[i], scale += std::fabs(weights.data()[i]);
    }
    require(close(total, want, scale), call + ": the weights in the bins sum to " + std::to_string(total) + ", expected " +
                                           std::to_string(want));
}

// histogram with edges given, of float64 data; NumPy's sorted search is the reference.
void histogram_with_edges(byte_reader& in, const tensor<double>& a) {
    const std::vector<double> x = doubles(a);
    tensor<double> edges(shape_type{in.below(6)});
    for (index_t i = 0; i < edges.size(); ++i) edges.data()[i] = hostile_real(in);
    if (in.below(4) != 0) std::sort(edges.begin(), edges.end(), sorts_before);
    const std::vector<double> e = doubles(edges);
    const std::string call = "histogram(" + values_text(x) + ", edges " + values_text(e) + ")";
    std::vector<refusal> allowed;
    for (std::size_t j = 1; j < e.size(); ++j) {
        if (e[j - 1] > e[j]) allowed = {refusal::invalid_argument};
    }
    tensor<index_t> counts;
    tensor<double> returned;
    const outcome o = attempt([&] {
        auto r = loom::histogram(a, edges);
        counts = std::move(r.counts);
        returned = std::move(r.edges);
    });
    require_refusal(o, allowed, call);
    if (o.refused()) return;
    const std::vector<double> want = e.empty() ? std::vector<double>{} : sorted_search_counts(x, e);
    require(counts.ndim() == 1 && counts.size() == static_cast<index_t>(want.size()), call + ": counts of shape " +
                                                                                      text(counts.shape()));
    require(returned.size() == edges.size(), call + ": the edges returned are not the edges given");
    for (std::size_t j = 0; j < e.size(); ++j) {
        require(same_number(returned.data()[j], e[j]), call + ": the edges returned are not the edges given");
    }
    for (std::size_t i = 0; i < want.size(); ++i) {
        require(static_cast<double>(counts.data()[i]) == want[i],
                call + ": bin " + std::to_string(i) + " holds " + std::to_string(counts.data()[i]) + ", NumPy's " +
                    std::to_string(want[i]));
    }
}

// histogram2d of float64 points, a number of bins for x and edges or a number for y.
void histogram2d(byte_reader& in, const tensor<double>& a) {
    const tensor<double> x = loom::ravel(a);
    const tensor<double> y = data_of<double>(in, {in.below(8) != 0 ? x.size() : in.below(4)});
    const bool same_length = x.size() == y.size();
    const index_t bins_x = in.hostile(-1, 4);
    tensor<double> edges_y(shape_type{in.below(5)});
    for (index_t i = 0; i < edges_y.size(); ++i) edges_y.data()[i] = hostile_real(in);
    std::sort(edges_y.begin(), edges_y.end(), sorts_before);
    std::array<loom::histogram_range, 2> range{};
    if (in.flag()) range[0] = std::pair{hostile_real(in), hostile_real(in)};
    const bool density = in.flag();
    const std::vector<double> ex = doubles(edges_y);
    const std::string call = "histogram2d(" + values_text(doubles(x)) + ", " + values_text(doubles(y)) + ", bins " +
                             std::to_string(bins_x) + " and " + values_text(ex) + (density ? ", density" : "") + ")";
    if (bins_x > largest_result && bins_x != std::numeric_limits<index_t>::max()) return;
    tensor<double> counts;
    const outcome o = attempt([&] { counts = loom::histogram2d(x, y, std::pair{bins_x, edges_y}, range, density).counts; });
    // Refusals: points of two lengths, no edges, a bin count below 1 or too large, a range or data not finite.
    bool x_refused = bins_x < 1 || bins_x == std::numeric_limits<index_t>::max();
    if (range[0]) {
        const auto [lo, hi] = *range[0];
        x_refused = x_refused || lo > hi || !std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(hi - lo);
    } else {
        for (index_t i = 0; i < x.size(); ++i) x_refused = x_refused || !std::isfinite(x.data()[i]);
        if (x.size() > 0) {
            const double lo = *std::min_element(x.begin(), x.end()), hi = *std::max_element(x.begin(), x.end());
            x_refused = x_refused || !std::isfinite(hi - lo);
        }
    }
    const bool refused = !same_length || ex.empty() || x_refused;
    if (refused) {
        require(o.kind == refusal::invalid_argument || o.kind == refusal::length_error,
                call + ": expected a refusal, got " + name(o.kind));
        return;
    }
    require_kind(o, refusal::none, call);
    require(counts.shape() == shape_type{bins_x, static_cast<index_t>(ex.size()) - 1},
            call + ": counts of shape " + text(counts.shape()));
    if (density) return;
    // Each cell: the points in both bins; y's edges are numbers sorted (NaN last), x's spread over its range.
    double total = 0;
    for (index_t i = 0; i < counts.size(); ++i) total += counts.data()[i];
    double want = 0;
    const bool y_sorted_numbers = std::none_of(ex.begin(), ex.end(), is_nan);
    for (index_t i = 0; i < x.size() && y_sorted_numbers; ++i) {
        double lo = 0, hi = 1;
        if (range[0]) std::tie(lo, hi) = *range[0];
        else if (x.size() > 0) lo = *std::min_element(x.begin(), x.end()), hi = *std::max_element(x.begin(), x.end());
        if (lo == hi) lo -= 0.5, hi += 0.5;
        const double px = x.data()[i], py = y.data()[i];
        want += px >= lo && px <= hi && ex.size() > 1 && py >= ex.front() && py <= ex.back();
    }
    if (y_sorted_numbers) require(total == want, call + ": " + std::to_string(total) + " points counted, expected " +
                                                     std::to_string(want));
}

// ---------------------------------------------------------------------------
// bincount and digitize
// ---------------------------------------------------------------------------

template <class T>
void bincount(byte_reader& in) {
    tensor<T> x(shape_type{in.below(8)});
    for (index_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<T>(in.hostile(-1, 9));
    const index_t minlength = in.hostile(-1, 12);
    const bool weighted = in.flag();
    const bool weights_fit = in.below(8) != 0;
    const tensor<double> weights = data_of<double>(in, {weights_fit ? x.size() : x.size() + 1});
    std::string call = std::string("bincount(") + type_of<T>() + " {";
    for (index_t i = 0; i < x.size(); ++i) call += (i ? ", " : "") + std::to_string(static_cast<index_t>(x.data()[i]));
    call += "}, minlength " + std::to_string(minlength) + (weighted ? ", weights" : "") + ")";

    std::vector<refusal> allowed;
    index_t length = std::max<index_t>(minlength, 0);
    for (index_t i = 0; i < x.size(); ++i) {
        const auto v = static_cast<index_t>(x.data()[i]);
        if (v < 0) allowed.push_back(refusal::invalid_argument);
        else if (v == std::numeric_limits<index_t>::max()) allowed.push_back(refusal::length_error);
        else length = std::max(length, v + 1);
    }
    if (minlength < 0) allowed.push_back(refusal::invalid_argument);
    if (weighted && !weights_fit) allowed.push_back(refusal::invalid_argument);
    if (allowed.empty() && length > largest_result) return;
    std::vector<double> got;
    sizes shape;
    const outcome o = attempt([&] {
        if (weighted) {
            const tensor<double> r = loom::bincount(x, weights, minlength);
            shape = sizes_of(r.shape());
            got = doubles(r);
        } else {
            const tensor<index_t> r = loom::bincount(x, minlength);
            shape = sizes_of(r.shape());
            got = doubles(r);
        }
    });
    require_refusal(o, allowed, call);
    if (o.refused()) {
        require_mentions(o, "bincount");
        return;
    }
    require(shape == sizes{length}, call + ": shape " + text(shape) + ", expected [" + std::to_string(length) + "]");
    std::vector<double> want(static_cast<std::size_t>(length), 0.0);
    for (index_t i = 0; i < x.size(); ++i) {
        want[static_cast<std::size_t>(x.data()[i])] += weighted ? weights.data()[i] : 1.0;
    }
    for (std::size_t b = 0; b < want.size(); ++b) {
        require(same_number(got[b], want[b]), call + ": bin " + std::to_string(b) + " holds " + std::to_string(got[b]) +
                                                  ", expected " + std::to_string(want[b]));
    }
}

void digitize(byte_reader& in, const tensor<double>& x) {
    tensor<double> bins(shape_type{in.below(6)});
    for (index_t i = 0; i < bins.size(); ++i) bins.data()[i] = hostile_real(in);
    const unsigned order = in.next() % 4;
    if (order == 1) std::sort(bins.begin(), bins.end(), sorts_before);
    if (order == 2) std::sort(bins.begin(), bins.end(), [](double a, double b) { return sorts_before(b, a); });
    const bool right = in.flag();
    const std::vector<double> e = doubles(bins), xs = doubles(x);
    const std::string call = "digitize(" + values_text(xs) + ", " + values_text(e) + (right ? ", right" : "") + ")";
    const bool has_nan = std::any_of(e.begin(), e.end(), is_nan);
    bool increasing = true, decreasing = true;
    for (std::size_t i = 1; i < e.size(); ++i) {
        increasing = increasing && e[i - 1] <= e[i];
        decreasing = decreasing && e[i - 1] >= e[i];
    }
    tensor<index_t> got;
    const outcome o = attempt([&] { got = loom::digitize(x, bins, right); });
    const auto n = static_cast<index_t>(e.size());
    if (has_nan) {
        // NaN edges: refused, or NumPy's search among them; either way indices in [0, len(bins)].
        if (o.refused()) {
            require_kind(o, refusal::invalid_argument, call);
            return;
        }
        require(got.shape() == x.shape(), call + ": shape " + text(got.shape()));
        for (index_t v : got) require(v >= 0 && v <= n, call + ": index " + std::to_string(v));
        return;
    }
    require_refusal(o, increasing || decreasing ? std::vector<refusal>{} : std::vector<refusal>{refusal::invalid_argument},
                    call);
    if (o.refused()) return;
    require(got.shape() == x.shape(), call + ": shape " + text(got.shape()));
    for (std::size_t k = 0; k < xs.size(); ++k) {
        // Increasing: the edges at or below x (below it with right); decreasing mirrors it.
        index_t want = 0;
        for (double b : e) {
            const bool counted = right ? sorts_before(b, xs[k]) : !sorts_before(xs[k], b);
            want += increasing ? counted : !counted;
        }
        require(got.data()[k] == want, call + ": element " + std::to_string(k) + " is " + std::to_string(got.data()[k]) +
                                           ", expected " + std::to_string(want));
    }
}

// ---------------------------------------------------------------------------
// lanes: quantiles and the nan reductions
// ---------------------------------------------------------------------------

// The lanes a reduction over one axis (or all, axis nothing) reads, in the result's order.
std::vector<std::vector<double>> lanes_of(const sizes& shape, const std::vector<double>& v, std::optional<std::size_t> axis) {
    if (!axis) return {v};
    const index_t rows = shape.size() == 2 ? shape[0] : 1, columns = shape.size() == 2 ? shape[1] : shape[0];
    std::vector<std::vector<double>> lanes;
    if (shape.size() == 1) return {v};
    if (*axis == 0) {
        for (index_t c = 0; c < columns; ++c) {
            lanes.emplace_back();
            for (index_t r = 0; r < rows; ++r) lanes.back().push_back(v[static_cast<std::size_t>(r * columns + c)]);
        }
    } else {
        for (index_t r = 0; r < rows; ++r) {
            lanes.emplace_back(v.begin() + r * columns, v.begin() + (r + 1) * columns);
        }
    }
    return lanes;
}

struct axis_answer {
    bool out_of_range = false;
    std::optional<std::size_t> axis;  // nothing: flat
    loom::axis_set set = loom::flat;
    std::string text = "flat";
};

axis_answer choose_axis(byte_reader& in, std::size_t rank) {
    axis_answer a;
    if (in.flag()) return a;
    const index_t axis = in.hostile(-3, 2);
    a.set = loom::axis_set(axis);
    a.text = std::to_string(axis);
    const auto n = static_cast<index_t>(rank);
    if (axis < -n || axis >= n) a.out_of_range = true;
    else a.axis = static_cast<std::size_t>(axis < 0 ? axis + n : axis);
    return a;
}

sizes reduced_shape(const sizes& shape, const axis_answer& a, bool keepdims) {
    sizes out;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        const bool reduced = !a.axis || *a.axis == d;
        if (!reduced) out.push_back(shape[d]);
        else if (keepdims) out.push_back(1);
    }
    return out;
}

constexpr int method_count = 13;
const char* const method_names[method_count] = {
    "linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
    "interpolated_inverted_cdf", "hazen", "weibull", "median_unbiased", "normal_unbiased"};

bool picks_one(loom::quantile_method m) {
    using qm = loom::quantile_method;
    return m == qm::lower || m == qm::higher || m == qm::nearest || m == qm::inverted_cdf || m == qm::closest_observation;
}

enum quantile_op { op_quantile, op_percentile, op_nanquantile, op_nanpercentile, op_median, op_nanmedian, quantile_op_count };
const char* const quantile_names[] = {"quantile", "percentile", "nanquantile", "nanpercentile", "median", "nanmedian"};

template <class T>
void quantiles(byte_reader& in, const tensor<T>& x) {
    const auto op = static_cast<quantile_op>(in.below(quantile_op_count));
    const bool nan_form = op == op_nanquantile || op == op_nanpercentile || op == op_nanmedian;
    const bool median = op == op_median || op == op_nanmedian;
    const double scale = op == op_percentile || op == op_nanpercentile ? 100.0 : 1.0;
    const auto method = static_cast<loom::quantile_method>(in.below(method_count));
    std::vector<double> q;
    const bool q_scalar = in.flag();
    for (index_t k = q_scalar ? 1 : in.below(4); k > 0; --k) {
        const unsigned c = in.next();
        q.push_back(c < 200 ? static_cast<double>(c % 11) / 10.0 * scale : hostile_real(in));
    }
    const axis_answer a = choose_axis(in, x.ndim());
    const bool keepdims = in.flag();
    const sizes shape = sizes_of(x.shape());
    const std::vector<double> v = doubles(x);
    const std::string call = std::string(quantile_names[op]) + "(" + type_of<T>() + " " + text(shape) + " " +
                             values_text(v) + (median ? "" : ", q " + values_text(q) + ", " + method_names[int(method)]) +
                             ", axis " + a.text + (keepdims ? ", keepdims" : "") + ")";

    std::vector<refusal> allowed;
    if (!median) {
        for (double f : q) {
            if (!(f / scale >= 0 && f / scale <= 1)) allowed.push_back(refusal::invalid_argument);
        }
    }
    if (a.out_of_range) allowed.push_back(refusal::out_of_range);
    const sizes result_shape = reduced_shape(shape, a, keepdims);
    const std::vector<std::vector<double>> lanes = a.out_of_range ? std::vector<std::vector<double>>{} : lanes_of(shape, v, a.axis);
    if (!median && !nan_form && !lanes.empty() && lanes[0].empty() && !a.out_of_range) {
        allowed.push_back(refusal::invalid_argument);  // no quantile of an empty lane
    }
    using W = loom::quantile_type_t<T>;
    tensor<W> got;
    const tensor<double> qs(std::span<const double>(q), q_scalar ? shape_type{} : shape_type{static_cast<index_t>(q.size())});
    const outcome o = attempt([&] {
        switch (op) {
            case op_quantile: got = loom::quantile(x, qs, a.set, method, keepdims); break;
            case op_percentile: got = loom::percentile(x, qs, a.set, method, keepdims); break;
            case op_nanquantile: got = loom::nanquantile(x, qs, a.set, method, keepdims); break;
            case op_nanpercentile: got = loom::nanpercentile(x, qs, a.set, method, keepdims); break;
            case op_median: got = loom::median(x, a.set, keepdims); break;
            default: got = loom::nanmedian(x, a.set, keepdims); break;
        }
    });
    require_refusal(o, allowed, call);
    if (o.refused()) {
        require_mentions(o, quantile_names[op]);
        return;
    }
    sizes want_shape = median ? sizes{} : sizes_of(qs.shape());
    want_shape.insert(want_shape.end(), result_shape.begin(), result_shape.end());
    require(sizes_of(got.shape()) == want_shape, call + ": shape " + text(got.shape()) + ", expected " + text(want_shape));
    const std::size_t q_count = median ? 1 : q.size();
    for (std::size_t k = 0; k < q_count; ++k) {
        for (std::size_t l = 0; l < lanes.size(); ++l) {
            std::vector<double> lane;
            bool nan = false;
            for (double value : lanes[l]) {
                if (is_nan(value)) nan = true;
                else lane.push_back(value);
            }
            const auto r = static_cast<double>(got.data()[k * lanes.size() + l]);
            const std::string at = call + ": result " + std::to_string(k) + ", " + std::to_string(l) + " is " +
                                   loom::detail::number_text(r);
            if ((nan && !nan_form) || lane.empty()) {
                require(is_nan(r), at + ", expected NaN");
                continue;
            }
            const double least = *std::min_element(lane.begin(), lane.end());
            const double most = *std::max_element(lane.begin(), lane.end());
            // Interpolation subtracts the two elements, and the median adds them, in W.
            const double spread = static_cast<double>(static_cast<W>(most) - static_cast<W>(least));
            // NumPy's mean of the two middle elements, in float32 for float16, else in W: finite when
            // twice the largest and twice the least are (the two middle ones may both be the largest).
            using Mean = std::conditional_t<std::is_same_v<W, float16>, float, W>;
            const bool tame = std::isfinite(spread) && std::isfinite(static_cast<Mean>(most) + static_cast<Mean>(most)) &&
                              std::isfinite(static_cast<Mean>(least) + static_cast<Mean>(least));
            if (tame || (!median && picks_one(method))) {
                require(r >= least && r <= most, at + ", outside the lane's [" + std::to_string(least) + ", " +
                                                     std::to_string(most) + "]");
            }
            if (!median && picks_one(method)) {
                require(std::find(lane.begin(), lane.end(), r) != lane.end(), at + ", not an element of the lane");
            }
            if (!median && method == loom::quantile_method::linear && tame) {
                const double f = q[k] / scale;
                if (f == 0) require(r == least, at + ", not the lane's minimum");
                if (f == 1) require(r == most, at + ", not the lane's maximum");
            }
        }
    }
}

// nanmin and nanargmin, the mirrors of nanmax and nanargmax, are left out to keep the compile short.
enum nan_op { op_nanmax, op_nansum, op_nanmean, op_nanargmax, nan_op_count };
const char* const nan_names[] = {"nanmax", "nansum", "nanmean", "nanargmax"};

void nan_reductions(byte_reader& in, const tensor<double>& x) {
    const auto op = static_cast<nan_op>(in.below(nan_op_count));
    const axis_answer a = choose_axis(in, x.ndim());
    const bool keepdims = in.flag();
    const sizes shape = sizes_of(x.shape());
    const std::vector<double> v = doubles(x);
    const std::string call = std::string(nan_names[op]) + "(" + text(shape) + " " + values_text(v) + ", axis " + a.text +
                             (keepdims ? ", keepdims" : "") + ")";
    const bool arg = op == op_nanargmax;
    std::vector<refusal> allowed;
    if (a.out_of_range) allowed.push_back(refusal::out_of_range);
    const std::vector<std::vector<double>> lanes = a.out_of_range ? std::vector<std::vector<double>>{} : lanes_of(shape, v, a.axis);
    for (const auto& lane : lanes) {
        if (arg && std::all_of(lane.begin(), lane.end(), is_nan)) allowed.push_back(refusal::invalid_argument);
    }
    // NumPy refuses an extent of no elements, lanes or not, for these (no identity; argmax of nothing).
    index_t extent = 1;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (!a.axis || *a.axis == d) extent *= shape[d];
    }
    if (!a.out_of_range && extent == 0 && op != op_nansum && op != op_nanmean) allowed.push_back(refusal::invalid_argument);
    tensor<double> got;
    const outcome o = attempt([&] {
        switch (op) {
            case op_nanmax: got = loom::nanmax(x, a.set, keepdims); break;
            case op_nansum: got = loom::nansum(x, a.set, keepdims); break;
            case op_nanmean: got = loom::nanmean(x, a.set, keepdims); break;
            default: got = loom::astype<double>(loom::nanargmax(x, a.set, keepdims)); break;
        }
    });
    require_refusal(o, allowed, call);
    if (o.refused()) {
        require_mentions(o, nan_names[op]);
        return;
    }
    const sizes want_shape = reduced_shape(shape, a, keepdims);
    require(sizes_of(got.shape()) == want_shape, call + ": shape " + text(got.shape()) + ", expected " + text(want_shape));
    for (std::size_t l = 0; l < lanes.size(); ++l) {
        const std::vector<double>& lane = lanes[l];
        double want = std::numeric_limits<double>::quiet_NaN(), scale = 0;
        double sum = 0;
        std::size_t count = 0, best = 0;
        bool found = false;
        for (std::size_t i = 0; i < lane.size(); ++i) {
            if (is_nan(lane[i])) continue;
            sum += lane[i];
            scale += std::fabs(lane[i]);
            ++count;
            const bool better = !found || lane[i] > lane[best];
            if (better) best = i;
            found = true;
        }
        switch (op) {
            case op_nanmax: want = found ? lane[best] : want; break;
            case op_nansum: want = sum; break;
            case op_nanmean: want = count ? sum / static_cast<double>(count) : want, scale /= std::max<double>(1, double(count)); break;
            default: want = static_cast<double>(best); break;
        }
        const double r = got.data()[l];
        const bool exact = op != op_nansum && op != op_nanmean;
        require(exact ? same_number(r, want) : close(r, want, scale) || (std::isinf(scale) && !std::isfinite(r)),
                call + ": result " + std::to_string(l) + " is " + loom::detail::number_text(r) + ", expected " +
                    loom::detail::number_text(want));
    }
}

// ---------------------------------------------------------------------------
// cov
// ---------------------------------------------------------------------------

void covariance(byte_reader& in) {
    const sizes shape = small_sizes(in, 3, 4);
    tensor<double> m(shape_type(shape.begin(), shape.end()));
    for (index_t i = 0; i < m.size(); ++i) m.data()[i] = static_cast<double>(static_cast<int>(in.next() % 41) - 20) / 4.0;
    loom::cov_options options;
    options.rowvar = in.flag();
    options.bias = in.flag();
    if (in.flag()) options.ddof = in.hostile(-2, 4);
    // Variables and observations, as NumPy reads m (at least 2-D, transposed without rowvar).
    sizes two = shape;
    while (two.size() < 2) two.insert(two.begin(), 1);
    const bool transposed = !options.rowvar && two[0] != 1;
    const index_t variables = shape.size() > 2 ? 0 : (transposed ? two[1] : two[0]);
    const index_t observations = shape.size() > 2 ? 0 : (transposed ? two[0] : two[1]);
    const unsigned weights = in.next() % 4;
    const index_t weight_count = in.below(8) != 0 ? observations : in.below(5);
    if (weights & 1) {
        options.fweights.emplace();
        for (index_t k = 0; k < weight_count; ++k) options.fweights->push_back(in.hostile(-1, 3));
    }
    if (weights & 2) {
        options.aweights.emplace();
        for (index_t k = 0; k < weight_count; ++k) {
            const unsigned c = in.next();
            options.aweights->push_back(c < 240 ? static_cast<double>(c % 9) / 4.0 : hostile_real(in));
        }
    }
    std::string call = "cov(" + text(shape) + (options.rowvar ? "" : ", rowvar false") + (options.bias ? ", bias" : "") +
                       (options.ddof ? ", ddof " + std::to_string(*options.ddof) : "");
    if (options.fweights) call += ", fweights " + std::to_string(options.fweights->size());
    if (options.aweights) call += ", aweights " + values_text(*options.aweights);
    call += ")";

    // The reference: NumPy's cov in long double.
    std::vector<long double> w(static_cast<std::size_t>(observations), 1.0L);
    std::vector<refusal> allowed;
    if (shape.size() > 2) allowed.push_back(refusal::invalid_argument);
    const bool any_variables = variables > 0;
    if (any_variables && allowed.empty()) {
        if (options.fweights) {
            if (weight_count != observations) allowed.push_back(refusal::invalid_argument);
            for (std::size_t k = 0; k < options.fweights->size(); ++k) {
                if ((*options.fweights)[k] < 0) allowed.push_back(refusal::invalid_argument);
                else if (k < w.size()) w[k] *= static_cast<long double>((*options.fweights)[k]);
            }
        }
        if (options.aweights) {
            if (weight_count != observations) allowed.push_back(refusal::invalid_argument);
            for (std::size_t k = 0; k < options.aweights->size(); ++k) {
                if ((*options.aweights)[k] < 0) allowed.push_back(refusal::invalid_argument);
                else if (k < w.size()) w[k] *= static_cast<long double>((*options.aweights)[k]);
            }
        }
    }
    long double w_sum = 0;
    for (long double x : w) w_sum += x;
    const bool weighted = options.fweights || options.aweights;
    if (any_variables && allowed.empty() && weighted && w_sum == 0) allowed.push_back(refusal::invalid_argument);
    tensor<double> got;
    const outcome o = attempt([&] { got = loom::cov(m, options); });
    require_refusal(o, allowed, call);
    if (o.refused()) {
        require_mentions(o, "cov");
        return;
    }
    const sizes want_shape = variables == 0 ? sizes{0, 0} : variables == 1 ? sizes{} : sizes{variables, variables};
    require(sizes_of(got.shape()) == want_shape, call + ": shape " + text(got.shape()) + ", expected " + text(want_shape));
    if (variables == 0) return;
    bool finite_weights = std::isfinite(static_cast<double>(w_sum));
    for (long double x : w) finite_weights = finite_weights && std::isfinite(static_cast<double>(x));
    if (!finite_weights) return;
    const index_t ddof = options.ddof ? *options.ddof : (options.bias ? 0 : 1);
    long double fact = 0;
    if (!weighted) fact = static_cast<long double>(observations) - static_cast<long double>(ddof);
    else if (ddof == 0) fact = w_sum;
    else if (!options.aweights) fact = w_sum - static_cast<long double>(ddof);
    else {
        long double weighted_a = 0;
        for (std::size_t k = 0; k < w.size(); ++k) weighted_a += w[k] * static_cast<long double>((*options.aweights)[k]);
        fact = w_sum - static_cast<long double>(ddof) * weighted_a / w_sum;
    }
    // N - ddof <= 0 gives infinities and NaN, as NumPy's (which warns); so does
    // 1 / fact past double's range, and subnormal weights lose the means' digits.
    if (!(fact > 1e-290L) || (weighted && !(w_sum > 1e-290L))) return;
    // With weights, NumPy's factor (w_sum - ddof, or w_sum - ddof * sum(w * a) / w_sum with aweights) is
    // computed in double, where it cancels to 0 or below once it is far smaller than w_sum (giving
    // infinities and NaN, in NumPy as in loom): fweights [2, 2^62] with ddof 2^62 leave 2 here, 0 there.
    if (weighted && ddof != 0 && fact < w_sum * 1e-9L) return;
    const auto at = [&](index_t var, index_t obs) {
        const index_t row = transposed ? obs : var, column = transposed ? var : obs;
        return static_cast<long double>(m.data()[row * two[1] + column]);
    };
    // NumPy computes in double, where a weighted value past double's range (an x * w of the means, a w * a
    // of the factor) makes its sums infinite and its result infinities and NaN; long double does not
    // overflow there: x [4.25, -2.75, 4, -5] with aweights [0.5, 1.8e308, 1, 1] and ddof -2 give NaN in NumPy
    // as in loom.
    constexpr long double largest_double = std::numeric_limits<double>::max();
    for (index_t k = 0; k < observations; ++k) {
        const auto a = options.aweights ? static_cast<long double>((*options.aweights)[std::size_t(k)]) : 0.0L;
        if (w[std::size_t(k)] * a > largest_double) return;
        for (index_t i = 0; i < variables; ++i) {
            if (std::fabs(at(i, k)) * w[std::size_t(k)] > largest_double) return;
        }
    }
    std::vector<long double> means(static_cast<std::size_t>(variables), 0);
    for (index_t i = 0; i < variables; ++i) {
        for (index_t k = 0; k < observations; ++k) means[std::size_t(i)] += at(i, k) * w[std::size_t(k)];
        means[std::size_t(i)] /= weighted ? w_sum : static_cast<long double>(observations);
    }
    for (index_t i = 0; i < variables; ++i) {
        for (index_t j = 0; j < variables; ++j) {
            long double c = 0, scale = 0;
            for (index_t k = 0; k < observations; ++k) {
                const long double term = (at(i, k) - means[std::size_t(i)]) * (at(j, k) - means[std::size_t(j)]) * w[std::size_t(k)];
                c += term;
                scale += std::fabs(static_cast<double>(term));
            }
            if (scale > largest_double) continue;  // a product past double's range (above)
            const auto want = static_cast<double>(c / fact);
            const double r = got.data()[variables == 1 ? 0 : i * variables + j];
            require(close(r, want, static_cast<double>(scale / fact) * 1e3),
                    call + ": element " + std::to_string(i) + ", " + std::to_string(j) + " is " + std::to_string(r) +
                        ", expected " + std::to_string(want));
        }
    }
}

template <class T>
void histograms_of(byte_reader& in) {
    const tensor<T> a = data_of<T>(in, small_sizes(in, 2, 4));
    histogram_with_count(in, a);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned choice = in.next() % 13;
    switch (choice) {
        case 0:
        case 1: histograms_of<double>(in); break;
        case 2:
        case 3: histograms_of<float16>(in); break;
        case 4: histogram_with_edges(in, data_of<double>(in, small_sizes(in, 2, 4))); break;
        case 5: histogram2d(in, data_of<double>(in, {in.below(6)})); break;
        case 6: bincount<std::int64_t>(in); break;
        case 7: digitize(in, data_of<double>(in, small_sizes(in, 2, 3))); break;
        case 8:
        case 9: quantiles(in, data_of<double>(in, small_sizes(in, 2, 4))); break;
        case 10: quantiles(in, data_of<float16>(in, small_sizes(in, 2, 4))); break;
        case 11: nan_reductions(in, data_of<double>(in, small_sizes(in, 2, 4))); break;
        default: covariance(in); break;
    }
    return 0;
}
