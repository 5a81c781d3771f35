#pragma once
// cumsum and cumprod, as NumPy's: the running sum or product along an axis
// (the result has the operand's shape), or of the flattened array in
// row-major order (a rank-1 result) when no axis is given. Result types are
// sum's and prod's (sum_type_t); the running value is computed in order,
// element after element, as NumPy's add.accumulate does.
//
// The operand is first stored, converted, into the result's memory (one
// pass of the engine, which handles any aliasing with the destination);
// then a plan over the result alone, with the axis moved to the inner
// dimension, hands a kernel one line per run, which it accumulates in place.

#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/axis.hpp"
#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/loop.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/expr/built_shape.hpp"
#include "loom/expr/functions.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reducers.hpp"

namespace loom {

namespace detail {

// Each run is one line of the axis, accumulated in place.
template <reducer R>
struct running_kernel {
    using A = typename R::accumulator;
    void operator()(const std::byte* const* data, const index_t* strides, index_t count) const {
        A* const line = const_cast<A*>(reinterpret_cast<const A*>(data[0]));
        const index_t stride = strides[0];
        for (index_t i = 1; i < count; ++i) line[i * stride] = R::combine(line[(i - 1) * stride], line[i * stride]);
    }
};

}  // namespace detail

/// The lazy node of cumsum and cumprod.
template <reducer R, class Operand>
class cumulative_node : public expression_members<cumulative_node<R, Operand>> {
public:
    using value_type = typename R::accumulator;
    static constexpr bool is_loom_expression = true;

    /// Along `axis`; flattened when it is `flat`.
    template <class Arg>
    cumulative_node(const char* name, Arg&& operand, const axis_set& axis)
        : operand_(std::forward<Arg>(operand)), built_(operand_), name_(name), flat_(axis.every()), axis_(0) {
        if (flat_) {
            shape_ = shape_type{element_count(operand_.shape())};
        } else {
            if (axis.axes().size() != 1) {
                throw std::invalid_argument(std::string(name) + ": give one axis, or flat, for shape " +
                                            to_string(operand_.shape()));
            }
            axis_ = resolve_axis(name, axis.axes()[0], operand_.shape());
            shape_ = operand_.shape();
        }
    }

    const shape_type& shape() const { return shape_; }

    template <element D>
    void write_to(D* data, const strided_layout& layout, bool fresh) const {
        built_.check(operand_, name_);
        write_whole_value<value_type>(
            data, layout, shape_, fresh, [&](value_type* out, const strided_layout& where, bool fresh_memory) {
                if (!flat_) {
                    evaluate_into(out, where, astype<value_type>(materialize(operand_)), fresh_memory);
                    accumulate(out, where);
                    return true;
                }
                // Flattened: the operand stored in its own shape, row-major, is the line the result runs along.
                if (!where.is_row_major()) return false;
                evaluate_into(out, strided_layout(operand_.shape()), astype<value_type>(materialize(operand_)),
                              fresh_memory);
                accumulate(out, where);
                return true;
            });
    }

private:
    void accumulate(value_type* data, const strided_layout& layout) const {
        const std::size_t axis = flat_ ? 0 : axis_;
        if (layout.size() == 0 || layout.extent(axis) < 2) return;
        loop_plan plan(layout.shape());
        plan.add_operand(data, layout, layout.strides());
        plan.move_to_inner(axis);
        detail::running_kernel<R> kernel;
        run_plan(plan, kernel);
    }

    Operand operand_;
    [[no_unique_address]] detail::built_shape<Operand> built_;
    const char* name_;
    bool flat_;
    std::size_t axis_;
    shape_type shape_;
};

/// numpy.cumsum: the running sum along `axis`, or of the flattened array
/// when `axis` is `flat` (the default).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis.
template <class Dtype = default_dtype, expression X>
auto cumsum(X&& x, const axis_set& axis = flat) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return cumulative_node<sum_reducer<A>, closure_t<X&&>>("cumsum", std::forward<X>(x), axis);
}

/// numpy.cumprod: the running product along `axis`, or of the flattened
/// array when `axis` is `flat` (the default).
/// Throws std::out_of_range for an axis out of range, std::invalid_argument for more than one axis.
template <class Dtype = default_dtype, expression X>
auto cumprod(X&& x, const axis_set& axis = flat) {
    using A = detail::dtype_or<Dtype, sum_type_t<value_type_of<X>>>;
    return cumulative_node<prod_reducer<A>, closure_t<X&&>>("cumprod", std::forward<X>(x), axis);
}

}  // namespace loom
