#pragma once
// Searching, as NumPy: searchsorted, nonzero, argwhere, flatnonzero and
// isin (count_nonzero is a reduction: reduce/reductions.hpp). Indices are int64 (index_t). Values of two element
// types are compared in their promoted type (promote_t), as the comparison
// operators compare them.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/core/axis.hpp"
#include "loom/expr/functions.hpp"
#include "loom/sort/sort.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// Which of the equal elements searchsorted's index goes before or after.
enum class side { left, right };

namespace detail {

template <element T>
bool is_nonzero(T value) {
    return value != T(0);  // NaN is non-zero, -0.0 is zero
}

// Calls `f(flat, index)` for each non-zero element of `values` in row-major
// order, with its flat position and its index (one entry per dimension).
template <element T, class F>
void for_each_nonzero(const tensor<T>& values, F&& f) {
    shape_type index(values.ndim(), 0);
    for (index_t flat = 0; flat < values.size(); ++flat) {
        if (is_nonzero(values.data()[flat])) f(flat, index);
        for (std::size_t d = values.ndim(); d-- > 0;) {  // the next index, row-major
            if (++index[d] < values.shape()[d]) break;
            index[d] = 0;
        }
    }
}

template <element T>
index_t nonzero_count(const tensor<T>& values) {
    return std::count_if(values.begin(), values.end(), [](T v) { return is_nonzero(v); });
}

// NumPy's binary search (npy_binsearch) of `count` keys in the n elements of `sorted`, NaN last: each
// search starts from the bounds of the one before. Over sorted data that gives every key its own
// insertion index; over data that a NaN leaves unsorted (edges that pass NumPy's check of their order,
// Note [edges holding NaN] in stats/counting.hpp) it gives NumPy's indices, where a key's index depends
// on the keys before it.
template <element T>
void search_sorted(const T* sorted, index_t n, const T* keys, index_t count, side s, index_t* out) {
    const auto goes_before = [s](T a, T b) { return s == side::left ? sorts_before(a, b) : !sorts_before(b, a); };
    index_t low = 0, high = n;
    for (index_t k = 0; k < count; ++k) {
        if (k > 0 && goes_before(keys[k - 1], keys[k])) {
            high = n;
        } else {
            low = 0;
            high = high < n ? high + 1 : n;
        }
        while (low < high) {
            const index_t middle = low + (high - low) / 2;
            if (goes_before(sorted[middle], keys[k])) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        out[k] = low;
    }
}

template <element C, expression A>
tensor<C> sorted_operand(const A& a) {
    if (a.shape().size() != 1) {
        throw std::invalid_argument("searchsorted: the sorted array must have rank 1, but its shape is " +
                                    to_string(a.shape()) + "; search a rank-1 view of it (ravel, or an index)");
    }
    return astype<C>(a);
}

}  // namespace detail

/// numpy.searchsorted: for each element of `v`, the index in the sorted
/// rank-1 array `a` where inserting it keeps `a` sorted: before the elements
/// equal to it (side::left) or after them (side::right). NaN sorts last.
/// Searched as NumPy searches, so that an `a` that is not sorted (a NaN
/// inside, say) gives NumPy's indices too.
/// Throws std::invalid_argument when `a` does not have rank 1.
template <expression A, expression V>
tensor<index_t> searchsorted(const A& a, const V& v, side s = side::left) {
    using C = promote_t<value_type_of<A>, value_type_of<V>>;
    const tensor<C> sorted = detail::sorted_operand<C>(a);
    const tensor<C> values = astype<C>(v);
    tensor<index_t> result(uninitialized, values.shape());
    detail::search_sorted(sorted.data(), sorted.size(), values.data(), values.size(), s, result.data());
    return result;
}

/// numpy.searchsorted of one value: its index.
/// Throws std::invalid_argument when `a` does not have rank 1.
template <expression A, scalar S>
index_t searchsorted(const A& a, S value, side s = side::left) {
    using C = promote_t<value_type_of<A>, S>;
    const tensor<C> sorted = detail::sorted_operand<C>(a);
    const C key = static_cast<C>(value);
    index_t found = 0;
    detail::search_sorted(sorted.data(), sorted.size(), &key, 1, s, &found);
    return found;
}

/// numpy.nonzero: the indices of the non-zero elements, one int64 tensor per
/// dimension, in row-major order. Rank 0 throws std::invalid_argument
/// (deprecated in NumPy 1.24, an error in NumPy 2).
template <expression X>
std::vector<tensor<index_t>> nonzero(const X& x) {
    if (x.shape().empty()) {
        throw std::invalid_argument("nonzero of a rank-0 array (shape []) is not allowed; "
                                    "use nonzero(reshape(x, {1})), or flatnonzero(x)");
    }
    const tensor<value_type_of<X>> values(x);
    const index_t count = detail::nonzero_count(values);
    std::vector<tensor<index_t>> indices(values.ndim(), tensor<index_t>(uninitialized, shape_type{count}));
    index_t n = 0;
    detail::for_each_nonzero(values, [&](index_t, const shape_type& index) {
        for (std::size_t d = 0; d < index.size(); ++d) indices[d].data()[n] = index[d];
        ++n;
    });
    return indices;
}

/// numpy.argwhere: the indices of the non-zero elements as the rows of an
/// int64 tensor [count, ndim] (rank 0 gives [count, 0]).
template <expression X>
tensor<index_t> argwhere(const X& x) {
    const tensor<value_type_of<X>> values(x);
    const auto rank = static_cast<index_t>(values.ndim());
    tensor<index_t> result(uninitialized, shape_type{detail::nonzero_count(values), rank});
    index_t* out = result.data();
    detail::for_each_nonzero(values, [&](index_t, const shape_type& index) {
        out = std::copy(index.begin(), index.end(), out);
    });
    return result;
}

/// numpy.flatnonzero: the flat (row-major) indices of the non-zero elements.
template <expression X>
tensor<index_t> flatnonzero(const X& x) {
    const tensor<value_type_of<X>> values(x);
    tensor<index_t> result(uninitialized, shape_type{detail::nonzero_count(values)});
    index_t* out = result.data();
    detail::for_each_nonzero(values, [&](index_t flat, const shape_type&) { *out++ = flat; });
    return result;
}

/// numpy.isin: for each element of `element`, whether it equals one of
/// `test_elements` (compared in the promoted type; NaN equals nothing), or
/// the opposite with `invert`. The result has element's shape.
template <expression E, expression S>
tensor<bool> isin(const E& element, const S& test_elements, bool invert = false) {
    using C = promote_t<value_type_of<E>, value_type_of<S>>;
    const tensor<C> values = astype<C>(element);
    tensor<C> tests = astype<C>(flatten(test_elements));
    std::sort(tests.begin(), tests.end(), detail::sorts_before<C>);
    tensor<bool> result(uninitialized, values.shape());
    for (index_t i = 0; i < values.size(); ++i) {
        const C v = values.data()[i];
        const bool found =
            !detail::is_nan(v) && std::binary_search(tests.begin(), tests.end(), v, detail::sorts_before<C>);
        result.data()[i] = found != invert;
    }
    return result;
}

}  // namespace loom
