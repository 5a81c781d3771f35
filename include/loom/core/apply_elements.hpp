#pragma once
// apply_elements(f, t): f called with the elements of t, a std::tuple or
// an element_pack, as std::apply(f, t) calls it with a tuple's; and
// element_pack, a tuple of the engine's own for the values it makes per
// expression (readers, kernels).
//
// Note [apply without invoke]: std::apply works out whether its call is
// noexcept and makes it through std::invoke, and each of those is a stack
// of trait templates instantiated again for every lambda and tuple type.
// The engine's walks call it once per node of every expression, so those
// traits were a tenth of the front end's time for a first-day program
// (clang -ftime-trace: __apply_impl, __invoke, is_nothrow_invocable and
// their helpers). Here the call is a plain call of a lambda, the only kind
// of function the walks pass. For the same reason the engine's own tuples
// are element_packs: aggregates of one base per element, made with braces,
// where each std::tuple type instantiates its constructors' constraints
// (_TupleConstraints, is_convertible, is_constructible and their __and_).
// A node's operands stay a std::tuple: that is what the node protocol asks
// of a node (expr/node_protocol.hpp).
//
// Cost of including: <cstddef>, <tuple>, <type_traits> and <utility>.

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace loom::detail {

// Element I of an element_pack, of type T.
template <std::size_t I, class T>
struct pack_slot {
    T value;
};

template <class Indices, class... T>
struct element_pack_of;

template <std::size_t... I, class... T>
struct element_pack_of<std::index_sequence<I...>, T...> : pack_slot<I, T>... {};

/// A tuple of values, made with one pair of braces per element:
/// `element_pack<A, B>{{a}, {b}}`.
template <class... T>
using element_pack = element_pack_of<std::index_sequence_for<T...>, T...>;

/// Element I of an element_pack, found from its base.
template <std::size_t I, class T>
constexpr T& pack_element(pack_slot<I, T>& slot) {
    return slot.value;
}
template <std::size_t I, class T>
constexpr const T& pack_element(const pack_slot<I, T>& slot) {
    return slot.value;
}

template <class F, class... T, std::size_t... I>
constexpr decltype(auto) apply_elements(F&& f, element_pack_of<std::index_sequence<I...>, T...>& elements) {
    return f(pack_element<I>(elements)...);
}
template <class F, class... T, std::size_t... I>
constexpr decltype(auto) apply_elements(F&& f, const element_pack_of<std::index_sequence<I...>, T...>& elements) {
    return f(pack_element<I>(elements)...);
}

template <class F, class... T>
constexpr decltype(auto) apply_elements(F&& f, std::tuple<T...>& elements) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
        return f(std::get<I>(elements)...);
    }(std::index_sequence_for<T...>{});
}
template <class F, class... T>
constexpr decltype(auto) apply_elements(F&& f, const std::tuple<T...>& elements) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
        return f(std::get<I>(elements)...);
    }(std::index_sequence_for<T...>{});
}

}  // namespace loom::detail
