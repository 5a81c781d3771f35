#pragma once
// A list of operands for the functions that join several arrays
// (concatenate, stack, ...): a range of one expression type (a std::vector,
// std::array or std::span of tensors or views, or a braced list), or a tuple
// of any expression types (`std::tie(a, b)`, `std::forward_as_tuple(a, b * 2)`),
// whose element types then promote as the element-wise operators' do.

#include <cstddef>
#include <ranges>
#include <tuple>
#include <type_traits>

#include "loom/core/apply_elements.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"

namespace loom {

template <class R>
concept expression_range = std::ranges::forward_range<const R> && std::ranges::sized_range<const R> &&
                           expression<std::ranges::range_value_t<const R>>;

namespace detail {

template <class L>
inline constexpr bool is_expression_tuple_v = false;
template <class... Xs>
inline constexpr bool is_expression_tuple_v<std::tuple<Xs...>> = sizeof...(Xs) >= 1 && (expression<Xs> && ...);

template <class L>
struct list_value;
template <expression_range R>
struct list_value<R> {
    using type = value_type_of<std::ranges::range_value_t<const R>>;
};
template <class... Xs>
struct list_value<std::tuple<Xs...>> : promote_all<value_type_of<Xs>...> {};

}  // namespace detail

template <class L>
concept expression_tuple = detail::is_expression_tuple_v<std::remove_cvref_t<L>>;

/// Operands to join: a range of one expression type, or a tuple of any.
template <class L>
concept operand_list = expression_range<std::remove_cvref_t<L>> || expression_tuple<L>;

/// The element type of the joined result: the operands' type, promoted
/// across a tuple by promote_t.
template <operand_list L>
using list_value_t = typename detail::list_value<std::remove_cvref_t<L>>::type;

/// The number of operands.
template <operand_list L>
std::size_t operand_count(const L& operands) {
    if constexpr (expression_tuple<L>) return std::tuple_size_v<std::remove_cvref_t<L>>;
    else return std::ranges::size(operands);
}

/// Calls `f(i, operand)` for each operand in order, i counting from 0.
template <operand_list L, class F>
void for_each_operand(const L& operands, F&& f) {
    std::size_t i = 0;
    if constexpr (expression_tuple<L>) {
        detail::apply_elements([&](const auto&... x) { (f(i++, x), ...); }, operands);
    } else {
        for (const auto& x : operands) f(i++, x);
    }
}

}  // namespace loom
