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
// expression_kernel.hpp): each leaf read where it lies, and one of them,
// the splat, as the single value it repeats along the run: a scalar_reader,
// which the compiler holds in a register, as it does a C++ scalar.

#include <array>
#include <cstddef>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include "loom/core/apply_elements.hpp"
#include "loom/core/shape.hpp"
#include "loom/eval/leaves.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

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
    detail::element_pack<Readers...> operands;
    auto operator()(index_t i) const {
        return detail::apply_elements([&](const Readers&... r) { return function(r(i)...); }, operands);
    }
};

/// in_place_reader's Splat when no leaf repeats.
inline constexpr std::size_t no_splat = std::numeric_limits<std::size_t>::max();

namespace detail {

// The number of each operand's first leaf, the leaves numbered from First.
template <std::size_t First, class... Operands>
constexpr std::array<std::size_t, sizeof...(Operands)> first_leaves() {
    const std::array<std::size_t, sizeof...(Operands)> counts{leaf_count<Operands>...};
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
    return {function, {{operands}...}};
}

}  // namespace detail

/// The reader of `value` for one run whose leaves are all read where they
/// lie: leaf k, numbered in tree order from First, starts at at[k]; leaf
/// Splat's first element is the value it repeats along the run. Through the
/// roles of Note [node protocol].
template <std::size_t Splat, std::size_t First, class E>
auto in_place_reader(const E& value, const std::byte* const* at) {
    using T = value_type_of<E>;
    if constexpr (memory_leaf<E>) {
        const T* const first = reinterpret_cast<const T*>(at[First]);
        if constexpr (First == Splat) {
            return scalar_reader<T>{*first};
        } else {
            return leaf_reader<T>{first};
        }
    } else if constexpr (constant_expression<E>) {
        return scalar_reader<T>{value.value()};
    } else if constexpr (elementwise_expression<E>) {
        constexpr auto firsts = over_children<E>([]<class... C>() { return detail::first_leaves<First, C...>(); });
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return detail::make_node_reader(value.function(),
                                            in_place_reader<Splat, firsts[I]>(std::get<I>(value.operands()), at)...);
        }(std::make_index_sequence<firsts.size()>{});
    } else if constexpr (placed_expression<E>) {
        return in_place_reader<Splat, First>(value.operand(), at);
    } else if constexpr (whole_value<E>) {
        static_assert(dependent_false<E>, "a whole value is computed before its expression is read: materialize it");
    } else {
        static_assert(check_node<E>);
    }
}

}  // namespace loom
