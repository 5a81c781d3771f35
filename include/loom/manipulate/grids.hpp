#pragma once
// Coordinate grids, as NumPy: meshgrid (views of its operands spread over
// the grid, or copies of them) and indices (numpy.indices, the grid of every
// index of a shape; NumPy's mgrid of integer ranges is indices plus a start).
// Includes only <array> beyond loom's shape manipulation headers.

#include <array>
#include <concepts>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "loom/manipulate/broadcast_views.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

/// meshgrid's `indexing`: NumPy's "xy" (Cartesian: the first operand varies
/// along the columns, dimension 1) or "ij" (matrix: operand i along dimension i).
enum class grid_indexing { xy, ij };

/// The keyword arguments of numpy.meshgrid, with its defaults.
struct meshgrid_options {
    grid_indexing indexing = grid_indexing::xy;  ///< NumPy's indexing="xy" or "ij"
    bool sparse = false;                         ///< each result keeps size 1 but along its own dimension
    bool copy = true;                            ///< new tensors; false gives views of the operands
};

namespace detail {

template <class... Xs>
struct grid_element {
    using type = double;
};
template <class X, class... Xs>
struct grid_element<X, Xs...> {
    using type = value_type_of<X>;
};

// The element type of meshgrid's views: const when one operand's view is.
template <class T, class... Xs>
using grid_view_element =
    std::conditional_t<(std::is_const_v<std::remove_pointer_t<decltype(view_of(std::declval<Xs>()).data())>> || ...),
                       const T, T>;

}  // namespace detail

/// numpy.meshgrid: for N operands (each flattened, as NumPy ravels them) of
/// sizes n0, ..., the N coordinate arrays of the grid [n0, ..., n(N-1)]
/// (with `indexing` xy, the default, the first two sizes exchanged: [n1, n0,
/// ...]), operand i varying along its own dimension. With `sparse`, each
/// keeps size 1 in the other dimensions. With `copy` (the default) each is a
/// new writable tensor, otherwise a view of its operand (read-only where it
/// is broadcast). The results come in a std::array, so that `auto [X, Y] =
/// meshgrid(x, y);` names them: their number is known when compiling, and all
/// have one type, tensor_view<T> (of const T when an operand is const), where
/// a view owns its copy. Unlike NumPy, the operands must have one element
/// type (convert them with astype); NumPy keeps each one's.
/// Throws std::invalid_argument for more operands than max_rank, std::length_error when the
/// grid's sizes other than 0 multiply past index_t.
template <expression... Xs>
auto meshgrid(const meshgrid_options& options, Xs&&... xs) {
    using T = typename detail::grid_element<Xs...>::type;
    static_assert((std::same_as<value_type_of<Xs>, T> && ...),
                  "meshgrid: every operand must have the same element type; convert them with astype<T>");
    using E = detail::grid_view_element<T, Xs&&...>;
    constexpr std::size_t n = sizeof...(Xs);
    // Operand i's dimension; xy exchanges the first two.
    const auto dimension_of = [&](std::size_t i) {
        return options.indexing == grid_indexing::xy && n > 1 && i < 2 ? 1 - i : i;
    };
    const std::array<index_t, n> counts{element_count(xs.shape())...};
    shape_type shape(n, 1);
    for (std::size_t i = 0; i < n; ++i) shape[dimension_of(i)] = counts[i];
    const auto coordinates = [&](auto&& x, std::size_t i) {
        std::vector<index_t> sizes(n, 1);
        sizes[dimension_of(i)] = -1;
        auto line = reshape(std::forward<decltype(x)>(x), sizes);  // a view where the layout allows, as NumPy's
        const tensor_view<E> seen = options.sparse ? tensor_view<E>(line) : tensor_view<E>(broadcast_to(line, shape));
        if (!options.copy) return seen;
        auto owned = std::make_shared<tensor<T>>(seen);
        return tensor_view<E>(owned->data(), owned->layout(), owned);
    };
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<tensor_view<E>, n>{coordinates(std::forward<Xs>(xs), I)...};
    }(std::make_index_sequence<n>{});
}

/// numpy.meshgrid with its defaults: indexing xy, not sparse, copies.
template <expression... Xs>
auto meshgrid(Xs&&... xs) {
    return meshgrid(meshgrid_options{}, std::forward<Xs>(xs)...);
}

/// numpy.indices: the int64 tensor [N, d0, ..., d(N-1)] whose slice i holds,
/// at each position of `dimensions`, its index along dimension i.
/// Throws std::invalid_argument for a negative size or a rank above max_rank - 1,
/// std::length_error when the element count overflows index_t.
inline tensor<index_t> indices(const shape_type& dimensions) {
    shape_type shape{static_cast<index_t>(dimensions.size())};
    for (const index_t size : dimensions) shape.push_back(size);
    tensor<index_t> result(uninitialized, shape);
    const index_t count = element_count(dimensions);
    index_t* out = result.data();
    shape_type index(dimensions.size(), 0);
    for (index_t flat = 0; flat < count; ++flat) {
        for (std::size_t d = 0; d < index.size(); ++d) out[static_cast<index_t>(d) * count + flat] = index[d];
        for (std::size_t d = index.size(); d-- > 0;) {  // the next index, row-major
            if (++index[d] < dimensions[d]) break;
            index[d] = 0;
        }
    }
    return result;
}

}  // namespace loom
