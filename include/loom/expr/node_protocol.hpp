#pragma once
// Note [node protocol]: what the engine reads of an expression tree. Each
// value in a tree plays exactly one of five roles, and each role is a
// concept on the members the value provides:
//
//   memory_leaf            data(), layout()       elements in memory (a tensor, a view)
//   constant_expression    value()                one value for every element (a C++ scalar)
//   elementwise_expression function(), operands() function() applied element by element to
//                                                 the operands, aligned on the right (NumPy's rule)
//   placed_expression      operand(), map()       the operand's dimension j sits at dimension
//                                                 map()[j] of shape(), or nowhere when it is -1
//   whole_value            write_to(data, layout, fresh)
//                                                 computes its own result into memory
//                                                 (a reduction, a product: Note [whole values]
//                                                 in eval/assign.hpp)
//
// besides value_type, shape() and is_loom_expression, which every
// expression has. Every walk of the engine (building the plan, cursors,
// in-place readers, visiting and counting leaves, computing whole values
// first, describing a plan) asks for the role and never for a node's type,
// so that a new kind of node is one header that provides one role's
// members, and the engine reads it on every path. A type that plays no
// role, or more than one, is refused by check_node with one sentence.
//
// Cost of including: <tuple>, <type_traits>, <utility> and expr/expression.hpp.

#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/expr/expression.hpp"

namespace loom {

namespace detail {

template <class T>
inline constexpr bool is_tuple = false;
template <class... T>
inline constexpr bool is_tuple<std::tuple<T...>> = true;

// std::tuple<A, B...> of the types without references and const.
template <class Tuple>
struct decayed_tuple;
template <class... T>
struct decayed_tuple<std::tuple<T...>> {
    using type = std::tuple<std::remove_cvref_t<T>...>;
};

}  // namespace detail

/// One value for every element: a C++ scalar in an expression.
template <class E>
concept constant_expression = expression<E> && requires(const std::remove_cvref_t<E>& e) {
    { e.value() } -> std::same_as<value_type_of<E>>;
};

/// A function applied element by element to operands aligned on the right.
template <class E>
concept elementwise_expression = expression<E> && requires(const std::remove_cvref_t<E>& e) {
    e.function();
    e.operands();
} && detail::is_tuple<std::remove_cvref_t<decltype(std::declval<const std::remove_cvref_t<E>&>().operands())>>;

/// An operand seen through a placement of its dimensions in the node's shape.
template <class E>
concept placed_expression = expression<E> && requires(const std::remove_cvref_t<E>& e) {
    e.operand();
    { e.map() } -> std::same_as<const dimension_map&>;
};

/// A value that writes itself into memory of element type D laid out as a
/// layout whose shape its own broadcasts to; `fresh` says the memory was
/// just allocated, so that nothing it reads can overlap it.
template <class E, class D = value_type_of<E>>
concept whole_value = expression<E> && requires(const std::remove_cvref_t<E>& e, D* data,
                                                const strided_layout& layout) {
    e.write_to(data, layout, true);
};

namespace detail {

template <class E>
constexpr int role_count() {
    if constexpr (!expression<E>) {
        return 0;
    } else {
        return int{memory_leaf<E>} + int{constant_expression<E>} + int{elementwise_expression<E>} +
               int{placed_expression<E>} + int{whole_value<E>};
    }
}

template <class E>
struct children {
    using type = std::tuple<>;
};
template <elementwise_expression E>
struct children<E> {
    using type = typename decayed_tuple<std::remove_cvref_t<decltype(std::declval<const E&>().operands())>>::type;
};
template <placed_expression E>
struct children<E> {
    using type = std::tuple<std::remove_cvref_t<decltype(std::declval<const E&>().operand())>>;
};

}  // namespace detail

/// False, for a static_assert in a branch that only some types reach.
template <class>
inline constexpr bool dependent_false = false;

/// True when E plays exactly one role of Note [node protocol].
template <class E>
concept engine_node = detail::role_count<std::remove_cvref_t<E>>() == 1;

namespace detail {

// A class, so that the assertion fires where the check is named, before
// the errors of code that went on with a type the engine cannot read.
template <class E>
struct node_check {
    static_assert(engine_node<E>,
                  "the engine reads an expression through exactly one role: a memory leaf (data(), layout()), a "
                  "constant (value()), an element-wise node (function(), operands()), a placed operand (operand(), "
                  "map()) or a whole value (write_to(data, layout, fresh)); this type plays none of them, or more "
                  "than one");
    static constexpr bool value = true;
};

}  // namespace detail

/// Refuses, at compile time, a type the engine cannot read (Note [node
/// protocol]): `static_assert(check_node<E>)` names the roles when E plays none.
template <class E>
inline constexpr bool check_node = detail::node_check<std::remove_cvref_t<E>>::value;

/// The operands of node E, as the types they have without references and
/// const (std::tuple<...>; empty for leaves, constants and whole values, whose
/// operands the engine does not walk).
template <class E>
using children_t = typename detail::children<std::remove_cvref_t<E>>::type;

/// f.template operator()<Children...>() for the children of E: how the
/// type-level walks of the engine recurse.
template <class E, class F>
constexpr auto over_children(F f) {
    return [&]<class... Children>(std::tuple<Children...>*) {
        return f.template operator()<Children...>();
    }(static_cast<children_t<E>*>(nullptr));
}

}  // namespace loom
