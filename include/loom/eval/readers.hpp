#pragma once
// Readers: what a kernel calls element by element. A reader is a small
// value, pointers and scalars only, that mirrors an expression tree:
// leaf_reader for a leaf whose elements lie one after another, scalar_reader
// for one value, node_reader for a function of other readers. A kernel
// copies it into a local and calls r(i) for i in [0, count), so that the
// compiler keeps its pointers in registers and vectorises the loop,
// whatever the tree (Note [blocks and readers] in cursors.hpp).
//
// in_place_reader builds one straight from the leaves' addresses, for the
// runs whose leaves need no block buffer (Note [unbuffered runs] in
// unbuffered_kernel.hpp): each leaf read where it lies, and one of them,
// the splat, as the single value it repeats along the run: a scalar_reader,
// which the compiler holds in a register, as it does a C++ scalar.

#include <array>
#include <cstddef>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/function_node.hpp"
#include "loom/expr/placed_node.hpp"
#include "loom/expr/scalar_node.hpp"

namespace loom {

template <class T>
struct leaf_reader {
    const T* block;
    T operator()(index_t i) const { return block[i]; }
};

template <class T>
struct scalar_reader {
    T value;
    T operator()(index_t) const { return value; }
};

template <class F, class... Readers>
struct node_reader {
    F function;
    std::tuple<Readers...> operands;
    auto operator()(index_t i) const {
        return std::apply([&](const Readers&... r) { return function(r(i)...); }, operands);
    }
};

/// in_place_reader's Splat when no leaf repeats.
inline constexpr std::size_t no_splat = std::numeric_limits<std::size_t>::max();

/// The reader of `value` for one run whose leaves are all read where they
/// lie: leaf k, numbered in tree order from First, starts at at[k]; leaf
/// Splat's first element is the value it repeats along the run.
template <std::size_t Splat, std::size_t First, element T>
scalar_reader<T> in_place_reader(const scalar_node<T>& value, const std::byte* const*) {
    return {value.value()};
}

template <std::size_t Splat, std::size_t First, memory_leaf L>
auto in_place_reader(const L&, const std::byte* const* at) {
    using T = value_type_of<L>;
    const T* const first = reinterpret_cast<const T*>(at[First]);
    if constexpr (First == Splat) {
        return scalar_reader<T>{*first};
    } else {
        return leaf_reader<T>{first};
    }
}

template <std::size_t Splat, std::size_t First, class Operand>
auto in_place_reader(const placed_node<Operand>& value, const std::byte* const* at) {
    return in_place_reader<Splat, First>(value.operand(), at);
}

namespace detail {

// The number of each operand's first leaf, the leaves numbered from First.
template <std::size_t First, class... Operands>
constexpr std::array<std::size_t, sizeof...(Operands)> first_leaves() {
    const std::array<std::size_t, sizeof...(Operands)> counts{leaf_count<std::remove_cvref_t<Operands>>...};
    std::array<std::size_t, sizeof...(Operands)> firsts{};
    std::size_t next = First;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        firsts[i] = next;
        next += counts[i];
    }
    return firsts;
}

template <class F, class... Readers>
node_reader<F, Readers...> make_node_reader(const F& function, Readers... operands) {
    return {function, {operands...}};
}

}  // namespace detail

template <std::size_t Splat, std::size_t First, class F, class... Operands>
auto in_place_reader(const function_node<F, Operands...>& value, const std::byte* const* at) {
    constexpr auto firsts = detail::first_leaves<First, Operands...>();
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
        return detail::make_node_reader(value.function(),
                                        in_place_reader<Splat, firsts[I]>(std::get<I>(value.operands()), at)...);
    }(std::index_sequence_for<Operands...>{});
}

}  // namespace loom
