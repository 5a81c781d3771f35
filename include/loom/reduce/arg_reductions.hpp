#pragma once
// argmax and argmin, as NumPy's: the index (int64) of the first largest or
// smallest element along one axis, or in the flattened array (`flat`, or
// no axis). A NaN counts as larger and smaller than everything: the first
// NaN's index is the result where there is one. An empty extent is an error.
//
// Both run on the one engine. Along an axis, the plan moves that axis to the
// inner dimension, so that each run of the loop is one whole line and its
// result; flattened, the loop walks the array in row-major order, never
// merging or reordering, and the kernel counts the elements it has seen.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/build_plan.hpp"
#include "loom/eval/cursors.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/expr/built_shape.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reduce_into.hpp"

namespace loom {

namespace detail {

// Whether `x` displaces `best`: strictly beyond it, or the first NaN.
template <bool Largest, class T>
bool displaces(T x, T best) {
    static_assert(!complex_element<T>,
                  "loom: complex numbers have no order, so no argmax or argmin; take it of abs(z) or real(z)");
    if constexpr (floating_element<T>) {
        if (best != best) return false;
        if (x != x) return true;
    }
    return Largest ? x > best : x < best;
}

// Along an axis: each run is one line, whose result is operand 0.
template <bool Largest, class T, class Cursor>
class arg_line_kernel {
public:
    explicit arg_line_kernel(Cursor root) : root_(std::move(root)) {}

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        auto* const out = const_cast<std::int64_t*>(reinterpret_cast<const std::int64_t*>(data[0]));
        if (strides[0] != 0) {  // the axis has length 1 and was dropped: each element is its own line
            for (index_t i = 0; i < count; ++i) out[i * strides[0]] = 0;
            return;
        }
        root_.start_run(data, strides);
        T best{};
        index_t at = 0;
        for (index_t start = 0, n = 0; start < count; start += n) {  // steps of n: see reduce_run in reduce_kernel.hpp
            n = std::min(loop_plan::block_size, count - start);
            root_.load_block(start, n);
            const auto reader = root_.reader(start);
            if (start == 0) best = reader(0);
            for (index_t i = start == 0 ? 1 : 0; i < n; ++i) {
                const T x = reader(i);
                if (displaces<Largest>(x, best)) {
                    best = x;
                    at = start + i;
                }
            }
        }
        *out = at;
    }

private:
    Cursor root_;
};

// Flattened: the runs come in row-major order; the result is kept here.
template <bool Largest, class T, class Cursor>
class arg_stream_kernel {
public:
    explicit arg_stream_kernel(Cursor root) : root_(std::move(root)) {}

    void operator()(const std::byte* const* data, const index_t* strides, index_t count) {
        root_.start_run(data, strides);
        for (index_t start = 0, n = 0; start < count; start += n) {  // steps of n: see reduce_run in reduce_kernel.hpp
            n = std::min(loop_plan::block_size, count - start);
            root_.load_block(start, n);
            const auto reader = root_.reader(start);
            const bool first = seen_ == 0;
            if (first) best_ = reader(0);
            for (index_t i = first ? 1 : 0; i < n; ++i) {
                const T x = reader(i);
                if (displaces<Largest>(x, best_)) {
                    best_ = x;
                    at_ = seen_ + i;
                }
            }
            seen_ += n;
        }
    }

    index_t result() const { return at_; }

private:
    Cursor root_;
    T best_{};
    index_t at_ = 0;
    index_t seen_ = 0;
};

// Refuses argmax or argmin over more than one axis, or over no elements (as
// NumPy, even when the result is empty too). Not a template: compiled once,
// not with each node's constructor.
inline void require_one_axis_with_elements(const char* name, const axis_set& axis, const reduced_axes& axes,
                                           const shape_type& shape) {
    if (!axis.every() && axis.axes().size() != 1) {
        throw std::invalid_argument(std::string(name) + ": give one axis, or flat, not " +
                                    std::to_string(axis.axes().size()) + " axes, for shape " + to_string(shape));
    }
    if (axes.extent(shape) == 0) {
        throw std::invalid_argument(std::string(name) + ": shape " + to_string(shape) + " has no elements along " +
                                    axes.describe() + ", so there is no index to give; use a non-empty extent");
    }
}

}  // namespace detail

/// The lazy node of argmax (Largest) and argmin.
template <bool Largest, class Operand>
class arg_reduction_node : public expression_members<arg_reduction_node<Largest, Operand>> {
public:
    using value_type = std::int64_t;
    static constexpr bool is_loom_expression = true;

    template <class Arg>
    arg_reduction_node(Arg&& operand, const axis_set& axis, bool keepdims)
        : operand_(std::forward<Arg>(operand)),
          built_(operand_),
          axes_(name(), axis, operand_.shape()),
          flat_(axis.every()),
          keepdims_(keepdims),
          shape_(axes_.result_shape(operand_.shape(), keepdims)) {
        detail::require_one_axis_with_elements(name(), axis, axes_, operand_.shape());
    }

    const shape_type& shape() const { return shape_; }

    template <element D>
    void write_to(D* data, const strided_layout& layout, bool fresh) const {
        built_.check(operand_, name());
        write_whole_value<value_type>(data, layout, shape_, fresh,
                                      [&](value_type* out, const strided_layout& where, bool) {
                                          return compute(out, where);
                                      });
    }

private:
    static const char* name() { return Largest ? "argmax" : "argmin"; }

    // Returns false, having written nothing, when `result` meets an operand.
    bool compute(value_type* result, const strided_layout& layout) const {
        if (layout.size() == 0) return true;
        decltype(auto) operand = materialize(operand_);
        using E = std::remove_cvref_t<decltype(operand)>;
        using T = value_type_of<E>;
        loop_plan plan = map_reduction(result, layout, detail::result_strides(layout, axes_, keepdims_), operand);
        if (plan.destination_meets_operands()) return false;
        if (!flat_) {
            for (std::size_t d = 0; d < axes_.rank(); ++d) {
                if (axes_.reduces(d)) plan.move_to_inner(d);
            }
        }
        plan.drop_unit_dimensions();
        plan.merge_dimensions(true);

        alignas(64) std::byte memory[std::max<std::size_t>(buffer_bytes<E>, 1)];
        block_buffers buffers(plan, memory);
        std::size_t next = 1;
        using Cursor = decltype(make_cursor(operand, next, buffers));
        if (flat_) {
            detail::arg_stream_kernel<Largest, T, Cursor> kernel(make_cursor(operand, next, buffers));
            run_plan(plan, kernel);
            *result = kernel.result();
        } else {
            detail::arg_line_kernel<Largest, T, Cursor> kernel(make_cursor(operand, next, buffers));
            run_plan(plan, kernel);
        }
        return true;
    }

    Operand operand_;
    [[no_unique_address]] detail::built_shape<Operand> built_;
    reduced_axes axes_;
    bool flat_;
    bool keepdims_;
    shape_type shape_;
};

/// numpy.argmax: the index of the first largest element along `axis`, or
/// in the flattened array when `axis` is `flat` (the default).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis
/// or an extent of no elements.
template <expression X>
auto argmax(X&& x, const axis_set& axis = flat, bool keepdims = false) {
    return arg_reduction_node<true, closure_t<X&&>>(std::forward<X>(x), axis, keepdims);
}

/// numpy.argmin: the index of the first smallest element along `axis`, or
/// in the flattened array when `axis` is `flat` (the default).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis
/// or an extent of no elements.
template <expression X>
auto argmin(X&& x, const axis_set& axis = flat, bool keepdims = false) {
    return arg_reduction_node<false, closure_t<X&&>>(std::forward<X>(x), axis, keepdims);
}

}  // namespace loom
