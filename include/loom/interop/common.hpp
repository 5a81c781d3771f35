#pragma once
// What the bridges to other libraries (interop/xtensor.hpp, interop/eigen.hpp)
// share: the checks made before another library is handed a view of loom's
// memory, and their messages. Needs no other library.
//
// Note [interop lifetimes]: a bridge copies nothing and owns nothing, in
// either direction. A loom view of another library's array refers to that
// array's memory: the array must outlive the view and every view or lazy
// expression made from it, and must not reallocate meanwhile (resizing an
// xt::xarray or an Eigen::MatrixXf, or assigning it a value of another
// shape, moves its elements). An xtensor adaptor or an Eigen map of a loom
// tensor or view refers to loom's memory the same way: the tensor must
// outlive it and keep its shape. The bridges refuse what they can see: a
// temporary array or tensor (at compile time), and a temporary loom view
// that owns the memory of a temporary tensor (at run time, since only the
// view knows).

#include <stdexcept>
#include <string>
#include <type_traits>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/tensor/adapt.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"

namespace loom::detail {

/// False, for a static_assert in a branch that only some types reach.
template <class>
inline constexpr bool always_false = false;

/// "shape [2, 3] and strides [3, 1]"
inline std::string shape_and_strides(const shape_type& shape, const strides_type& strides) {
    return "shape " + to_string(shape) + " and strides " + to_string(strides);
}

/// Throws std::invalid_argument when `v` is a temporary view that owns the
/// memory of a temporary tensor: the other library's view of it would
/// dangle at the end of the statement (Note [interop lifetimes]).
template <class T>
void check_not_owning_temporary(const char* function, const tensor_view<T>& v) {
    if (v.owner() == nullptr) return;
    throw std::invalid_argument(std::string(function) + ": the temporary view of " +
                                shape_and_strides(v.shape(), v.strides()) +
                                " owns the memory of a temporary tensor, which dies with it at the end of the "
                                "statement; name the view (auto v = ...) and pass that, or pass a tensor");
}

/// Throws std::invalid_argument when a view of mutable elements would be
/// handed to another library as mutable although several of its elements
/// share memory (a stride 0, or strides under which elements meet): loom
/// refuses writes through such a view, and the other library would not.
template <class T>
void check_shareable_for_writing(const char* function, const tensor_view<T>& v) {
    if constexpr (!std::is_const_v<T>) {
        if (v.is_writable()) return;
        throw std::invalid_argument(std::string(function) + ": the view of " +
                                    shape_and_strides(v.shape(), v.strides()) +
                                    " has elements that share memory, so writes through the other library's "
                                    "view would store one value over another; pass a view of const elements "
                                    "(tensor_view<const T>) to read it, or call copy() for a writable tensor");
    }
}

}  // namespace loom::detail
