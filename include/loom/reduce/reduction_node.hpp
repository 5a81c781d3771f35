#pragma once
// The lazy node of a reduction: its operand (any expression), the axes it
// reduces and whether it keeps them as 1s. Its shape is known when it is
// built; its value is computed as a whole (Note [whole values] in
// eval/assign.hpp): straight into the destination when it is the whole
// right-hand side, once per assignment when it is part of a larger
// expression (Note [computed once] in eval/materialize.hpp).

#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/eval/assign.hpp"
#include "loom/eval/materialize.hpp"
#include "loom/expr/built_shape.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/reduce/axes.hpp"
#include "loom/reduce/reduce_into.hpp"

namespace loom {

namespace detail {

// Refuses a reduction without an identity (min, max) over no elements, as
// NumPy does even when the result is empty too (an axis of length 0 reduced
// beside one kept). Not a template: a node's constructor is compiled for
// every expression it reduces, its message once.
inline void require_reduced_elements(const char* name, const reduced_axes& axes, const shape_type& shape) {
    if (axes.extent(shape) != 0) return;
    throw std::invalid_argument(std::string(name) + ": shape " + to_string(shape) + " has no elements along " +
                                axes.describe() + ", and " + name +
                                " of no elements has no value (no identity); reduce over a non-empty "
                                "extent, or use a reduction with an identity such as sum");
}

}  // namespace detail

/// What is done with the reduced values before they are the result.
enum class reduction_finish {
    none,
    divide_by_extent,  ///< mean: the sum over the number of elements reduced
};

/// `R` folded over `axes` of `Operand` (a closure type: Note [closure rule]).
template <reducer R, class Operand>
class reduction_node : public expression_members<reduction_node<R, Operand>> {
public:
    using value_type = typename R::accumulator;
    static constexpr bool is_loom_expression = true;

    /// `name` is the function's, for messages; `has_identity` false (min,
    /// max) refuses an empty extent (detail::require_reduced_elements).
    template <class Arg>
    reduction_node(const char* name, Arg&& operand, const axis_set& axes, bool keepdims, bool has_identity,
                   reduction_finish finish = reduction_finish::none)
        : operand_(std::forward<Arg>(operand)),
          built_(operand_),
          name_(name),
          axes_(name, axes, operand_.shape()),
          keepdims_(keepdims),
          finish_(finish),
          shape_(axes_.result_shape(operand_.shape(), keepdims)) {
        if (!has_identity) detail::require_reduced_elements(name, axes_, operand_.shape());
    }

    const shape_type& shape() const { return shape_; }
    const Operand& operand() const { return operand_; }

    /// Writes the reduction into `data`, laid out as `layout` (whose shape
    /// the reduction's broadcasts to); `fresh`: that memory is new.
    template <element D>
    void write_to(D* data, const strided_layout& layout, bool fresh) const {
        built_.check(operand_, name_);
        decltype(auto) operand = materialize(operand_);  // Note [computed once]
        write_whole_value<value_type>(data, layout, shape_, fresh,
                                      [&](value_type* out, const strided_layout& where, bool) {
                                          if (!reduce_into<R>(out, where, operand, axes_, keepdims_)) return false;
                                          finish(out, where);
                                          return true;
                                      });
    }

    /// What write_to(data, layout, fresh) would do, for path_of (Note
    /// [whole values]): the reduction's plan and how it is cut for threads.
    template <element D>
    whole_value_path path_to(const D* data, const strided_layout& layout, bool fresh) const {
        built_.check(operand_, name_);
        decltype(auto) operand = materialize<whole_values::allocated>(operand_);
        return report_whole_value<value_type>(data, layout, shape_, fresh,
                                              [&](const value_type* out, const strided_layout& where, bool) {
                                                  return reduce_into_path(out, where, operand, axes_, keepdims_);
                                              });
    }

private:
    void finish(value_type* data, const strided_layout& layout) const {
        if (finish_ == reduction_finish::divide_by_extent) {
            using A = value_type;
            const A extent = static_cast<A>(axes_.extent(operand_.shape()));
            evaluate_into(data, layout, make_node(fn::divide{}, detail::memory_operand<A>{data, layout}, scalar_node<A>(extent)),
                          false);
        }
    }

    Operand operand_;
    [[no_unique_address]] detail::built_shape<Operand> built_;
    const char* name_;
    reduced_axes axes_;
    bool keepdims_;
    reduction_finish finish_;
    shape_type shape_;
};

}  // namespace loom
