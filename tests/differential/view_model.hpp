#pragma once
// The data of the differential test of views: a case takes views of two
// tensors through chains of indexing and shape manipulations, then reads a
// view, combines two, or assigns into one (from a scalar, a view of the other
// tensor, or a view of the same tensor, which may overlap the destination).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "model.hpp"

namespace loom::differential {

/// The views a chain may take: loom's indexing and shape manipulations.
enum class view_operation : std::uint8_t {
    index,           // items
    reshape,         // numbers: the sizes
    ravel,
    flatten,
    copy,
    unsqueeze,       // numbers: {dim}
    expand_dims,     // numbers: {axis}
    squeeze,
    squeeze_dim,     // numbers: {dim}
    transpose,
    permute,         // numbers: the axes
    swapaxes,        // numbers: {a, b}
    moveaxis,        // numbers: {source, destination}
    flip,
    flip_axis,       // numbers: {axis}
    diagonal,        // numbers: {offset, axis1, axis2}
    broadcast_to,    // numbers: the shape
    place,           // numbers: the shape, then the axis (broadcast_to under broadcast::pdpd(axis))
    expand,          // numbers: the sizes
    broadcast_bidirectional,  // numbers: the target
};
inline constexpr std::size_t view_operation_count = std::size_t(view_operation::broadcast_bidirectional) + 1;

/// loom's name of each view operation (its free function, and member).
const char* name_of(view_operation op);

/// Whether loom spells the operation both as a member and as a free
/// function: indexing is only `x(items)`, and copy only `x.copy()`.
constexpr bool has_two_spellings(view_operation op) {
    return op != view_operation::index && op != view_operation::copy;
}

/// One step of a chain.
struct view_step {
    view_operation op = view_operation::ravel;
    index_list items;              ///< view_operation::index
    std::vector<index_t> numbers;  ///< the other arguments (see view_operation)
    bool member = false;           ///< written `x.op(...)` rather than `op(x, ...)` (has_two_spellings)
};

/// Which tensor a chain starts from.
enum class view_base : std::uint8_t { a, b };

/// A view of `a` or `b` taken step by step.
struct view_chain {
    view_base base = view_base::a;
    std::vector<view_step> steps;
};

/// What a case does with its views.
enum class view_action : std::uint8_t {
    read,             // the target view's elements
    combine,          // maximum(target, other): two views as operands of one expression
    assign,           // target = source, then a's elements
    add_assign,       // target += source, ...
    subtract_assign,  // target -= source
    multiply_assign,  // target *= source
};
inline constexpr std::size_t view_action_count = static_cast<std::size_t>(view_action::multiply_assign) + 1;

/// Where an assignment's value comes from.
enum class view_source : std::uint8_t {
    scalar,   // the case's scalar
    view,     // the other chain's view
    negated,  // -view (!view for bool): an expression over the other chain's view
};

struct view_case {
    std::uint64_t seed = 0;
    int number = 0;
    any_tensor a;  ///< the tensor the target view is taken from
    any_tensor b;  ///< of a's element type
    view_chain target;
    view_action action = view_action::read;
    view_source source = view_source::view;
    view_chain other;   ///< the second operand of combine, the value of an assignment
    any_tensor scalar;  ///< rank 0, of a's element type
};

constexpr bool is_assignment(view_action action) { return action >= view_action::assign; }

/// The bytes in a row of the generator's page-wide tensors: transposing them
/// gives the strides that loom's loop walks in tiles.
inline constexpr std::size_t page_row_bytes = 4096;

/// The size of an element of `type`, in bytes.
inline std::size_t element_size(dtype type) {
    return visit_dtype(type, []<class T>(std::type_identity<T>) { return sizeof(T); });
}

/// The case as C++, one statement per line (`auto v = a(1, range(0, 2)).transpose();`).
std::string to_cpp(const view_case& c);

}  // namespace loom::differential
