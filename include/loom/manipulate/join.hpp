#pragma once
// Joining arrays, as NumPy: concatenate, stack, hstack, vstack, dstack and
// column_stack; and atleast_1d, atleast_2d and atleast_3d, the views of one
// array with the ranks those joins give their operands. The operands are an
// operand_list (operand_list.hpp): tensors, views or lazy expressions, of one
// type in a range or braced list, or of any types in a tuple, whose element
// types promote as the operators' do.
//
// Each function checks every operand's shape against operand 0's, allocates
// its result once, and assigns each operand to the view of the result that
// it fills: an operand is never copied first, and a lazy expression is
// evaluated straight into its place.

#include <cstddef>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>

#include "loom/core/axis.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/manipulate/operand_list.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {

namespace detail {

// An operand's shape as it is joined: its own, with size-1 dimensions
// inserted at `inserted` (ascending dimensions of `shape`). vstack joins a
// row [3] as [1, 3]; stack gives every operand a new axis.
struct joined_shape {
    shape_type shape;
    small_vector<std::size_t, 4> inserted;
};

inline joined_shape with_ones_at(const shape_type& shape, std::initializer_list<std::size_t> positions) {
    joined_shape joined{{}, small_vector<std::size_t, 4>(positions)};
    auto position = positions.begin();
    std::size_t next = 0;
    for (std::size_t d = 0; d < shape.size() + positions.size(); ++d) {
        if (position != positions.end() && *position == d) {
            joined.shape.push_back(1);
            ++position;
        } else {
            joined.shape.push_back(shape[next++]);
        }
    }
    return joined;
}

inline joined_shape as_is(const shape_type& shape) { return {shape, {}}; }

// numpy.atleast_1d, atleast_2d and atleast_3d, and column_stack's columns.
inline joined_shape at_least_1d(const shape_type& shape) {
    return shape.empty() ? with_ones_at(shape, {0}) : as_is(shape);
}
inline joined_shape at_least_2d(const shape_type& shape) {
    if (shape.empty()) return with_ones_at(shape, {0, 1});
    return shape.size() == 1 ? with_ones_at(shape, {0}) : as_is(shape);
}
inline joined_shape at_least_3d(const shape_type& shape) {
    if (shape.empty()) return with_ones_at(shape, {0, 1, 2});
    if (shape.size() == 1) return with_ones_at(shape, {0, 2});
    return shape.size() == 2 ? with_ones_at(shape, {2}) : as_is(shape);
}
inline joined_shape as_column(const shape_type& shape) {
    if (shape.empty()) return with_ones_at(shape, {0, 1});
    return shape.size() == 1 ? with_ones_at(shape, {1}) : as_is(shape);
}

inline std::string joined_text(const shape_type& shape, const joined_shape& joined) {
    return to_string(shape) + (joined.inserted.empty() ? "" : " (joined as " + to_string(joined.shape) + ")");
}

template <operand_list L>
void check_not_empty(const char* name, const L& operands) {
    if (operand_count(operands) == 0) {
        throw std::invalid_argument(std::string(name) + ": need at least one operand to join; pass a non-empty list");
    }
}

template <operand_list L>
std::size_t first_rank(const L& operands) {
    std::size_t rank = 0;
    for_each_operand(operands, [&](std::size_t i, const auto& x) {
        if (i == 0) rank = x.shape().size();
    });
    return rank;
}

// total + size, where total is what operands 0 to i - 1 add up to (what():
// their sizes along the axis, or their element counts) and size operand
// i's, of shape shape(). Throws std::length_error instead of overflowing;
// the texts are made only then, so that a join allocates nothing else.
template <class What, class Shape>
index_t add_operand_size(const char* name, index_t total, index_t size, std::size_t i, const What& what,
                         const Shape& shape) {
    const auto sum = checked_add(total, size);
    if (!sum) {
        throw std::length_error(std::string(name) + ": " + what() + " add up past what a " +
                                std::to_string(std::numeric_limits<index_t>::digits + 1) +
                                "-bit index holds at operand " + std::to_string(i) + ", of shape " + shape() + " (" +
                                std::to_string(total) + " + " + std::to_string(size) +
                                "); join fewer or smaller arrays");
    }
    return *sum;
}

// Assigns `x` to the part of `result` that starts at `start` along `axis`
// and has x's joined shape, seen without its inserted dimensions (so with
// x's own shape).
template <element R, expression X>
void write_part(tensor<R>& result, std::size_t axis, index_t start, const joined_shape& joined, const X& x) {
    if (element_count(joined.shape) == 0) return;  // nothing to write (Note [empty layouts] in core/layout.hpp)
    shape_type shape;
    strides_type strides;
    auto inserted = joined.inserted.begin();
    for (std::size_t d = 0; d < joined.shape.size(); ++d) {
        if (inserted != joined.inserted.end() && *inserted == d) {
            ++inserted;
            continue;
        }
        shape.push_back(joined.shape[d]);
        strides.push_back(result.strides()[d]);
    }
    tensor_view<R> part(result.data() + start * result.strides()[axis], std::move(shape), std::move(strides));
    part = x;
}

// The recipe of every joining function: each operand's shape as joined
// (`joined_shape_of`), checked against operand 0's; the result, allocated
// once; each operand assigned to its part.
template <operand_list L, class JoinedShapeOf>
tensor<list_value_t<L>> join(const char* name, const L& operands, index_t axis, JoinedShapeOf joined_shape_of) {
    check_not_empty(name, operands);
    shape_type first_shape, result_shape;
    std::size_t a = 0;
    for_each_operand(operands, [&](std::size_t i, const auto& x) {  // 1. the result's shape
        const joined_shape joined = joined_shape_of(x.shape());
        if (i == 0) {
            if (joined.shape.empty()) {
                throw std::invalid_argument(std::string(name) +
                                            ": operand 0 has shape [], and zero-dimensional arrays cannot be "
                                            "concatenated; use stack, or reshape them to [1]");
            }
            first_shape = x.shape();
            a = resolve_axis(name, axis, joined.shape);
            result_shape = joined.shape;
            return;
        }
        const joined_shape first = joined_shape_of(first_shape);
        if (joined.shape.size() != first.shape.size()) {
            throw std::invalid_argument(
                std::string(name) + ": operand " + std::to_string(i) + " has shape " + joined_text(x.shape(), joined) +
                " but operand 0 has " + joined_text(first_shape, first) + "; all the input arrays must have the "
                "same number of dimensions (" + std::to_string(joined.shape.size()) + " vs " +
                std::to_string(first.shape.size()) + "): reshape or expand_dims them to one rank");
        }
        for (std::size_t d = 0; d < joined.shape.size(); ++d) {
            if (d != a && joined.shape[d] != first.shape[d]) {
                throw std::invalid_argument(std::string(name) + ": operand " + std::to_string(i) + " has shape " +
                                            joined_text(x.shape(), joined) + " but operand 0 has " +
                                            joined_text(first_shape, first) + "; every dimension but axis " +
                                            std::to_string(a) + " must agree");
            }
        }
        result_shape[a] = add_operand_size(
            name, result_shape[a], joined.shape[a], i, [&] { return "the sizes along axis " + std::to_string(a); },
            [&] { return joined_text(x.shape(), joined); });
    });
    tensor<list_value_t<L>> result(uninitialized, result_shape);  // 2. allocated once
    index_t start = 0;
    for_each_operand(operands, [&](std::size_t, const auto& x) {  // 3. each operand into its part
        const joined_shape joined = joined_shape_of(x.shape());
        write_part(result, a, start, joined, x);
        start += joined.shape[a];
    });
    return result;
}

template <operand_list L>
tensor<list_value_t<L>> join_flat(const L& operands) {
    check_not_empty("concatenate", operands);
    index_t total = 0;
    for_each_operand(operands, [&](std::size_t i, const auto& x) {
        total = add_operand_size(
            "concatenate", total, element_count(x.shape()), i, [] { return std::string("the element counts"); },
            [&] { return to_string(x.shape()); });
    });
    tensor<list_value_t<L>> result(uninitialized, shape_type{total});
    index_t start = 0;
    for_each_operand(operands, [&](std::size_t, const auto& x) {
        const index_t size = element_count(x.shape());
        if (size == 0) return;
        // The operand's elements in row-major order fill the next `size` places.
        tensor_view<list_value_t<L>> part(result.data() + start, x.shape(), row_major_strides(x.shape()));
        part = x;
        start += size;
    });
    return result;
}

template <operand_list L>
tensor<list_value_t<L>> stack_operands(const L& operands, index_t axis) {
    check_not_empty("stack", operands);
    shape_type first;
    for_each_operand(operands, [&](std::size_t i, const auto& x) {
        if (i == 0) first = x.shape();
        else if (!(x.shape() == first)) {
            throw std::invalid_argument("stack: operand " + std::to_string(i) + " has shape " +
                                        to_string(x.shape()) + " but operand 0 has " + to_string(first) +
                                        "; all the input arrays must have the same shape");
        }
    });
    const std::size_t a = resolve_axis("stack", axis, first, first.size() + 1);
    return join("stack", operands, static_cast<index_t>(a),
                [a](const shape_type& shape) { return with_ones_at(shape, {a}); });
}

template <operand_list L>
tensor<list_value_t<L>> hstack_operands(const L& operands) {
    check_not_empty("hstack", operands);
    return join("hstack", operands, first_rank(operands) <= 1 ? 0 : 1, at_least_1d);  // 1-d operands join end to end
}

}  // namespace detail

/// numpy.concatenate: the operands joined along `axis` (negative counts from
/// the end). Every operand has the same rank, not 0, and the same size in
/// every dimension but `axis`. The result is the only allocation.
/// Throws std::invalid_argument for no operand, or operands whose ranks or sizes do not fit,
/// std::out_of_range for an axis out of range.
template <operand_list L>
auto concatenate(const L& operands, index_t axis = 0) {
    return detail::join("concatenate", operands, axis, detail::as_is);
}
/// numpy.concatenate of a braced list, `concatenate({a, b}, 1)`; throws as above.
template <expression X>
auto concatenate(std::initializer_list<X> operands, index_t axis = 0) {
    return detail::join("concatenate", operands, axis, detail::as_is);
}

/// numpy.concatenate with `axis=None`: the operands flattened (row-major)
/// and joined into one rank-1 tensor; any shapes, rank 0 included.
/// Throws std::invalid_argument for no operand.
template <operand_list L>
auto concatenate(const L& operands, flat_t) {
    return detail::join_flat(operands);
}
/// numpy.concatenate of a braced list with `axis=None`; throws as above.
template <expression X>
auto concatenate(std::initializer_list<X> operands, flat_t) {
    return detail::join_flat(operands);
}

/// numpy.stack: operands of one shape joined along a new axis `axis`, in
/// [-ndim-1, ndim].
/// Throws std::invalid_argument for no operand or shapes that differ, std::out_of_range for an
/// axis out of range.
template <operand_list L>
auto stack(const L& operands, index_t axis = 0) {
    return detail::stack_operands(operands, axis);
}
/// numpy.stack of a braced list; throws as above.
template <expression X>
auto stack(std::initializer_list<X> operands, index_t axis = 0) {
    return detail::stack_operands(operands, axis);
}

/// numpy.hstack: rank-1 operands joined end to end, others along axis 1;
/// rank 0 counts as [1].
/// Throws std::invalid_argument for no operand, or operands whose ranks or sizes do not fit.
template <operand_list L>
auto hstack(const L& operands) {
    return detail::hstack_operands(operands);
}
/// numpy.hstack of a braced list; throws as above.
template <expression X>
auto hstack(std::initializer_list<X> operands) {
    return detail::hstack_operands(operands);
}

/// numpy.vstack: rows; a rank-1 operand [n] is joined as [1, n], rank 0 as [1, 1].
/// Throws std::invalid_argument for no operand, or operands whose ranks or sizes do not fit.
template <operand_list L>
auto vstack(const L& operands) {
    return detail::join("vstack", operands, 0, detail::at_least_2d);
}
/// numpy.vstack of a braced list; throws as above.
template <expression X>
auto vstack(std::initializer_list<X> operands) {
    return detail::join("vstack", operands, 0, detail::at_least_2d);
}

/// numpy.dstack: along axis 2; [n] is joined as [1, n, 1], [m, n] as [m, n, 1].
/// Throws std::invalid_argument for no operand, or operands whose ranks or sizes do not fit.
template <operand_list L>
auto dstack(const L& operands) {
    return detail::join("dstack", operands, 2, detail::at_least_3d);
}
/// numpy.dstack of a braced list; throws as above.
template <expression X>
auto dstack(std::initializer_list<X> operands) {
    return detail::join("dstack", operands, 2, detail::at_least_3d);
}

/// numpy.column_stack: along axis 1; a rank-1 operand [n] is a column [n, 1].
/// Throws std::invalid_argument for no operand, or operands whose ranks or sizes do not fit.
template <operand_list L>
auto column_stack(const L& operands) {
    return detail::join("column_stack", operands, 1, detail::as_column);
}
/// numpy.column_stack of a braced list; throws as above.
template <expression X>
auto column_stack(std::initializer_list<X> operands) {
    return detail::join("column_stack", operands, 1, detail::as_column);
}

namespace detail {

// x seen with the size-1 dimensions that `at_least` inserts.
template <expression X>
auto with_inserted_ones(X&& x, joined_shape (*at_least)(const shape_type&)) {
    auto v = view_of(std::forward<X>(x));
    strided_layout layout = v.layout();
    for (const std::size_t d : at_least(v.shape()).inserted) layout = layout.insert_axis(d);
    return v.with_layout(std::move(layout));
}

}  // namespace detail

/// numpy.atleast_1d of one array: a view of `x`, rank 0 seen as [1].
template <expression X>
auto atleast_1d(X&& x) {
    return detail::with_inserted_ones(std::forward<X>(x), detail::at_least_1d);
}

/// numpy.atleast_2d of one array: a view of `x`, [] seen as [1, 1] and [n] as [1, n].
template <expression X>
auto atleast_2d(X&& x) {
    return detail::with_inserted_ones(std::forward<X>(x), detail::at_least_2d);
}

/// numpy.atleast_3d of one array: a view of `x`, [] seen as [1, 1, 1], [n] as
/// [1, n, 1] and [m, n] as [m, n, 1].
template <expression X>
auto atleast_3d(X&& x) {
    return detail::with_inserted_ones(std::forward<X>(x), detail::at_least_3d);
}

}  // namespace loom
