#pragma once
// Sorting, as NumPy: sort, argsort, partition, argpartition and unique.
// The order is NumPy's: ascending, with NaN after every number. Sorting is
// stable (argsort gives equal elements in their original order, as NumPy's
// kind='stable'). Along an axis (default -1, the last), each lane of the
// axis is sorted on its own; with `flat`, the array flattened in row-major
// order is.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// NumPy's order of complex numbers: by real part, then by imaginary part,
// NaNs last: [R + Rj, R + nanj, nan + Rj, nan + nanj] (numpy.sort's notes).
template <complex_element T>
bool complex_sorts_before(T a, T b) {
    const auto ar = a.real(), ai = a.imag(), br = b.real(), bi = b.imag();
    if (ar < br) return ai == ai || bi != bi;
    if (ar > br) return bi != bi && ai == ai;
    if (ar == br || (ar != ar && br != br)) return ai < bi || (bi != bi && ai == ai);
    return br != br;
}

// NumPy's sort order: NaN after every number, and equal to NaN.
template <element T>
bool sorts_before(T a, T b) {
    if constexpr (complex_element<T>) return complex_sorts_before(a, b);
    else if constexpr (floating_element<T>) return a < b || (b != b && a == a);
    else return a < b;
}

template <element T>
bool is_nan(T value) {
    if constexpr (complex_element<T>) return value != value;
    else if constexpr (floating_element<T>) return value != value;
    else return false;
}

// Calls `f(first, last)` on each lane of `t`, a contiguous tensor whose
// last dimension holds the lanes.
template <class T, class F>
void for_each_lane(tensor<T>& t, F&& f) {
    const index_t length = t.shape().empty() ? 1 : t.shape().back();
    if (t.size() == 0) return;
    for (T* lane = t.data(); lane != t.data() + t.size(); lane += length) f(lane, lane + length);
}

// The elements of `x` with `axis` moved last, as a contiguous tensor: its
// lanes are the lanes of `axis`.
template <expression X>
tensor<value_type_of<X>> lanes_of(const X& x, std::size_t axis) {
    return moveaxis(view_of(x), static_cast<index_t>(axis), -1);
}

// `lanes` (as lanes_of gives them) put back with their last axis at `axis`.
template <class T>
tensor<T> from_lanes(tensor<T>&& lanes, std::size_t axis) {
    return moveaxis(std::move(lanes), -1, static_cast<index_t>(axis));
}

// The indices that sort each lane of `values` (stably); `values` keeps its order.
template <element T>
tensor<index_t> sorting_indices(const tensor<T>& values) {
    tensor<index_t> indices(uninitialized, values.shape());
    for_each_lane(indices, [&](index_t* first, index_t* last) {
        const T* lane = values.data() + (first - indices.data());
        std::iota(first, last, index_t{0});
        std::stable_sort(first, last, [lane](index_t i, index_t j) { return sorts_before(lane[i], lane[j]); });
    });
    return indices;
}

// The kth positions of a lane of `length`, ascending: negative ones count
// from the end; throws std::out_of_range for one outside the lane.
inline std::vector<index_t> resolved_kth(const char* name, std::vector<index_t> kth, index_t length,
                                         const shape_type& shape, std::size_t axis) {
    for (index_t& k : kth) {
        if (k < -length || k >= length) {
            throw std::out_of_range(std::string(name) + ": kth " + std::to_string(k) + " is out of range for axis " +
                                    std::to_string(axis) + " of shape " + to_string(shape) + ", of size " +
                                    std::to_string(length) + "; use a value in [" + std::to_string(-length) + ", " +
                                    std::to_string(length) + ")");
        }
        if (k < 0) k += length;
    }
    std::sort(kth.begin(), kth.end());
    kth.erase(std::unique(kth.begin(), kth.end()), kth.end());
    return kth;
}

// Puts each kth element of [first, last) where sorting would (ascending
// kth): the elements before it sort before or equal to it, those after it
// after or equal.
template <class It, class Before>
void partition_at(It first, It last, const std::vector<index_t>& kth, Before before) {
    It from = first;
    for (index_t k : kth) {
        std::nth_element(from, first + k, last, before);
        from = first + k + 1;
    }
}

}  // namespace detail

/// numpy.sort: a sorted copy of `x`, each lane along `axis` sorted.
/// Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<value_type_of<X>> sort(const X& x, index_t axis = -1) {
    using T = value_type_of<X>;
    const std::size_t a = resolve_axis("sort", axis, x.shape());
    tensor<T> lanes = detail::lanes_of(x, a);
    detail::for_each_lane(lanes, [](T* first, T* last) { std::stable_sort(first, last, detail::sorts_before<T>); });
    return detail::from_lanes(std::move(lanes), a);
}

/// numpy.sort with `axis=None`: the elements of `x`, rank 1, sorted.
template <expression X>
tensor<value_type_of<X>> sort(const X& x, flat_t) {
    return sort(flatten(x), 0);
}

/// numpy.argsort(kind='stable'): the int64 indices along `axis` that sort
/// each lane; equal elements keep their order.
/// Throws std::out_of_range for an axis out of range.
template <expression X>
tensor<index_t> argsort(const X& x, index_t axis = -1) {
    const std::size_t a = resolve_axis("argsort", axis, x.shape());
    return detail::from_lanes(detail::sorting_indices(detail::lanes_of(x, a)), a);
}

/// numpy.argsort with `axis=None`: the flat indices that sort `x` flattened.
template <expression X>
tensor<index_t> argsort(const X& x, flat_t) {
    return argsort(flatten(x), 0);
}

/// numpy.partition: a copy of `x` where, in each lane along `axis`, the
/// element at each kth position is the one sorting would put there, the
/// elements before it are not greater and those after it not less (in no
/// particular order within each side). A negative kth counts from the end.
/// Throws std::out_of_range for an axis or a kth out of range.
template <expression X>
tensor<value_type_of<X>> partition(const X& x, const std::vector<index_t>& kth, index_t axis = -1) {
    using T = value_type_of<X>;
    const std::size_t a = resolve_axis("partition", axis, x.shape());
    const std::vector<index_t> ks = detail::resolved_kth("partition", kth, x.shape()[a], x.shape(), a);
    tensor<T> lanes = detail::lanes_of(x, a);
    detail::for_each_lane(lanes, [&](T* first, T* last) {
        detail::partition_at(first, last, ks, detail::sorts_before<T>);
    });
    return detail::from_lanes(std::move(lanes), a);
}
/// numpy.partition at one position `kth`; throws as above.
template <expression X>
tensor<value_type_of<X>> partition(const X& x, index_t kth, index_t axis = -1) {
    return partition(x, std::vector<index_t>{kth}, axis);
}

/// numpy.argpartition: the int64 indices along `axis` that partition each
/// lane as partition does.
/// Throws std::out_of_range for an axis or a kth out of range.
template <expression X>
tensor<index_t> argpartition(const X& x, const std::vector<index_t>& kth, index_t axis = -1) {
    using T = value_type_of<X>;
    const std::size_t a = resolve_axis("argpartition", axis, x.shape());
    const std::vector<index_t> ks = detail::resolved_kth("argpartition", kth, x.shape()[a], x.shape(), a);
    const tensor<T> values = detail::lanes_of(x, a);
    tensor<index_t> indices(uninitialized, values.shape());
    detail::for_each_lane(indices, [&](index_t* first, index_t* last) {
        const T* lane = values.data() + (first - indices.data());
        std::iota(first, last, index_t{0});
        detail::partition_at(first, last, ks,
                             [lane](index_t i, index_t j) { return detail::sorts_before(lane[i], lane[j]); });
    });
    return detail::from_lanes(std::move(indices), a);
}
/// numpy.argpartition at one position `kth`; throws as above.
template <expression X>
tensor<index_t> argpartition(const X& x, index_t kth, index_t axis = -1) {
    return argpartition(x, std::vector<index_t>{kth}, axis);
}

/// What unique returns besides the values (NumPy's return_index,
/// return_inverse, return_counts).
struct unique_options {
    /// Also return the flat index of each value's first occurrence.
    bool return_index = false;
    /// Also return, for each element, its value's index in `values`.
    bool return_inverse = false;
    /// Also return how many times each value occurs.
    bool return_counts = false;
};

/// unique's result: the sorted distinct values and, each when asked for,
/// the flat index of each value's first occurrence, the index into `values`
/// of each element of the flattened input (so values[inverse] rebuilds it),
/// and how many times each value occurs.
template <element T>
struct unique_result {
    /// The sorted distinct values.
    tensor<T> values;
    /// With return_index: the flat index of each value's first occurrence.
    std::optional<tensor<index_t>> index;
    /// With return_inverse: each element's value's index in `values`.
    std::optional<tensor<index_t>> inverse;
    /// With return_counts: how many times each value occurs.
    std::optional<tensor<index_t>> counts;
};

namespace detail {

// Where in `order` (n positions, sorted) each distinct element starts: `same(i, j)` says whether the
// elements at positions i and j are one value.
template <class Same>
std::vector<index_t> distinct_starts(const index_t* order, index_t n, Same same) {
    std::vector<index_t> starts;
    for (index_t p = 0; p < n; ++p) {
        if (p == 0 || !same(order[p], order[p - 1])) starts.push_back(p);
    }
    return starts;
}

// What unique returns besides its values, as `options` asks: from the sorted positions `order` of the
// n elements (or sub-arrays) and where each distinct one starts in it.
template <class T>
void add_unique_extras(unique_result<T>& result, const unique_options& options, const index_t* order, index_t n,
                       const std::vector<index_t>& starts) {
    const auto count = static_cast<index_t>(starts.size());
    const auto start = [&](index_t u) { return starts[static_cast<std::size_t>(u)]; };
    if (options.return_index) {
        result.index.emplace(uninitialized, shape_type{count});
        for (index_t u = 0; u < count; ++u) result.index->data()[u] = order[start(u)];
    }
    if (options.return_inverse) {
        result.inverse.emplace(uninitialized, shape_type{n});
        index_t u = -1;
        for (index_t p = 0; p < n; ++p) {
            if (u + 1 < count && start(u + 1) == p) ++u;
            result.inverse->data()[order[p]] = u;
        }
    }
    if (options.return_counts) {
        result.counts.emplace(uninitialized, shape_type{count});
        for (index_t u = 0; u < count; ++u) result.counts->data()[u] = (u + 1 < count ? start(u + 1) : n) - start(u);
    }
}

}  // namespace detail

/// numpy.unique: the sorted distinct elements of `x` flattened, with what
/// `options` asks for. NaNs count as one value, placed last (NumPy 1.24's
/// equal_nan=True).
template <expression X>
unique_result<value_type_of<X>> unique(const X& x, unique_options options) {
    using T = value_type_of<X>;
    const tensor<T> values = flatten(x);
    const tensor<index_t> order = detail::sorting_indices(values);
    const index_t n = values.size();
    const std::vector<index_t> starts = detail::distinct_starts(order.data(), n, [&](index_t i, index_t j) {
        const T a = values.data()[i], b = values.data()[j];
        return a == b || (detail::is_nan(a) && detail::is_nan(b));
    });
    const auto count = static_cast<index_t>(starts.size());
    unique_result<T> result{tensor<T>(uninitialized, shape_type{count}), {}, {}, {}};
    for (index_t u = 0; u < count; ++u) result.values.data()[u] = values.data()[order.data()[starts[std::size_t(u)]]];
    detail::add_unique_extras(result, options, order.data(), n, starts);
    return result;
}

/// numpy.unique: the sorted distinct elements of `x` flattened.
template <expression X>
tensor<value_type_of<X>> unique(const X& x) {
    return std::move(unique(x, unique_options{}).values);
}

/// numpy.unique(x, axis=axis): the distinct sub-arrays of `x` along `axis`
/// (the rows of a matrix for axis 0), in lexicographic order, element by
/// element in NumPy's sort order; `values` has x's shape with `axis` as
/// long as their number. The index, inverse and counts count sub-arrays
/// along `axis`. Sub-arrays are the same when each element equals the
/// other's, as NumPy compares them: -0.0 and 0.0 are the same, and a
/// sub-array holding NaN is the same as no other. Equal sub-arrays keep
/// their order, as NumPy's with return_index (its sort without it is not
/// stable, which can only change which of -0.0 and 0.0 is kept).
/// Throws std::out_of_range for an axis out of range.
template <expression X>
unique_result<value_type_of<X>> unique(const X& x, index_t axis, unique_options options = {}) {
    using T = value_type_of<X>;
    const std::size_t a = resolve_axis("unique", axis, x.shape());
    // The sub-arrays as the rows of a contiguous [n, row] copy.
    const tensor<T> rows = moveaxis(x, static_cast<index_t>(a), 0);
    const index_t n = x.shape()[a];
    const index_t row = n == 0 ? 0 : rows.size() / n;
    const T* data = rows.data();
    const auto before = [&](index_t i, index_t j) {
        return std::lexicographical_compare(data + i * row, data + (i + 1) * row, data + j * row, data + (j + 1) * row,
                                            [](T p, T q) { return detail::sorts_before(p, q); });
    };
    const auto same = [&](index_t i, index_t j) {
        return std::equal(data + i * row, data + (i + 1) * row, data + j * row, [](T p, T q) { return p == q; });
    };
    std::vector<index_t> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), index_t{0});
    std::stable_sort(order.begin(), order.end(), before);
    const std::vector<index_t> starts = detail::distinct_starts(order.data(), n, same);
    const auto count = static_cast<index_t>(starts.size());
    shape_type moved_shape = rows.shape();
    moved_shape[0] = count;
    tensor<T> distinct(uninitialized, moved_shape);
    for (index_t u = 0; u < count; ++u) {
        std::copy_n(data + order[std::size_t(starts[std::size_t(u)])] * row, row, distinct.data() + u * row);
    }
    unique_result<T> result{tensor<T>(moveaxis(distinct, 0, static_cast<index_t>(a))), {}, {}, {}};
    detail::add_unique_extras(result, options, order.data(), n, starts);
    return result;
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), sort and argsort along an axis of a tensor<T>, T
// one of float, double, int32, int64, complex64 and complex128, are compiled once, in the library
// (src/sort.cpp), instead of in every file that sorts.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<float> sort<tensor<float>>(const tensor<float>&, index_t);
extern template tensor<index_t> argsort<tensor<float>>(const tensor<float>&, index_t);
extern template tensor<double> sort<tensor<double>>(const tensor<double>&, index_t);
extern template tensor<index_t> argsort<tensor<double>>(const tensor<double>&, index_t);
extern template tensor<std::int32_t> sort<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
extern template tensor<index_t> argsort<tensor<std::int32_t>>(const tensor<std::int32_t>&, index_t);
extern template tensor<std::int64_t> sort<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
extern template tensor<index_t> argsort<tensor<std::int64_t>>(const tensor<std::int64_t>&, index_t);
extern template tensor<std::complex<float>> sort<tensor<std::complex<float>>>(const tensor<std::complex<float>>&,
                                                                              index_t);
extern template tensor<index_t> argsort<tensor<std::complex<float>>>(const tensor<std::complex<float>>&, index_t);
extern template tensor<std::complex<double>> sort<tensor<std::complex<double>>>(const tensor<std::complex<double>>&,
                                                                                index_t);
extern template tensor<index_t> argsort<tensor<std::complex<double>>>(const tensor<std::complex<double>>&, index_t);
}  // namespace loom
#endif
