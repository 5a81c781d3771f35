#pragma once
// What the engine needs to know of an expression tree's leaves in memory
// (tensors and views), walked in tree order, the order in which the plan
// numbers them: the leaf table every path reads them from, and sums over
// them known at compile time. The walks go through the roles of Note [node
// protocol] (expr/node_protocol.hpp): a leaf is a memory_leaf, and the
// children of a node are its operands.
//
// Note [leaf table]: gather_leaves lists an expression's leaves for every
// path that choose_path picks, in one walk of its tree: it writes each
// leaf's memory, layout, element size and type into a table, with where
// its dimensions sit in the value's index space. Under element-wise
// nodes only, a leaf's dimensions are the last of its reading node's
// (NumPy's alignment), which are the last of the value's, and nothing more
// is written; a placement (PDPD's broadcast) writes the dimensions of the
// value its operand's sit at into the table's maps, and the leaves below it
// are aligned within that map. The direct path's choice, the plan's mapping
// and its test for stale operands then read the table, one function for
// every expression. A leaf of more dimensions than its reading node has
// changed shape since the expression was built (Note [stale operands] in
// build_plan.hpp): nodes cannot, and a leaf had at most their rank; so has
// a placement's own operand of another rank than the placement's map (its
// dimensions are read from the left, PDPD's rule), which the walk refuses.
//
// Cost of including: <cstddef>, <string>, <type_traits>,
// core/apply_elements.hpp, core/errors.hpp, core/layout.hpp,
// expr/expression.hpp and expr/node_protocol.hpp.

#include <cstddef>
#include <string>
#include <type_traits>

#include "loom/core/apply_elements.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/layout.hpp"
#include "loom/expr/expression.hpp"
#include "loom/expr/node_protocol.hpp"

namespace loom {

/// The sum of PerLeaf<L>::value over the leaves L in memory of E.
template <class E, template <class> class PerLeaf>
constexpr std::size_t sum_over_leaves() {
    if constexpr (memory_leaf<E>) {
        return PerLeaf<E>::value;
    } else {
        return over_children<E>([]<class... C>() { return (sum_over_leaves<C, PerLeaf>() + ... + std::size_t{0}); });
    }
}

namespace detail {
template <class Leaf>
struct one_leaf : std::integral_constant<std::size_t, 1> {};
}  // namespace detail

/// The number of leaves in memory of E: the plan's operands besides the destination.
template <class E>
inline constexpr std::size_t leaf_count = sum_over_leaves<E, detail::one_leaf>();

/// A leaf in memory of an expression, as the leaf table holds it (Note [leaf table]).
struct leaf_entry {
    const std::byte* first;        ///< its first element
    const strided_layout* layout;  ///< its layout
    index_t element_bytes;         ///< the bytes of one element
    const char* type;              ///< NumPy's name of its element type
    std::size_t reader_rank;       ///< the rank of the node reading it (the value's, for a value that is a leaf)
    /// Where the reading node's dimension map starts in leaf_table::maps, under a placement; -1 otherwise.
    std::ptrdiff_t map_at;
};

/// The leaves in memory of a value, in tree order (Note [leaf table]).
struct leaf_table {
    small_vector<leaf_entry, 16> entries;
    /// The dimension maps of placed nodes, one after another: for each of a
    /// node's dimensions, the value's dimension it sits at, or -1.
    dimension_map maps;
    /// The value's rank.
    std::size_t rank = 0;
};

namespace detail {

// Refuses an operand of shape `shape` that changed shape after its
// expression was built (Note [stale operands] in build_plan.hpp): `fits`
// says what it does not fit.
[[noreturn, gnu::noinline, gnu::cold]] inline void refuse_stale(const shape_type& shape, const std::string& fits) {
    throw broadcast_error("an operand of shape " + to_string(shape) + " does not fit " + fits +
                          ": it changed shape after the expression reading it was built; build the expression again");
}

// The maps entry of a placed node of `rank` dimensions read by a node of
// `reader_rank` whose map starts at `map_at` (-1: the value's last
// dimensions), that puts its operand's dimension j at its own dimension
// placement[j]: where that map starts. Compiled once for every expression.
[[gnu::noinline]] inline std::ptrdiff_t add_placed_map(leaf_table& table, std::ptrdiff_t map_at,
                                                       std::size_t reader_rank, std::size_t rank,
                                                       const dimension_map& placement) {
    const auto at = static_cast<std::ptrdiff_t>(table.maps.size());
    for (const index_t d : placement) {
        index_t dimension = -1;  // the value's dimension that the node's d sits at
        if (d >= 0 && map_at < 0) {
            dimension = static_cast<index_t>(table.rank - rank) + d;
        } else if (d >= 0) {
            dimension = table.maps[static_cast<std::size_t>(map_at) + reader_rank - rank + static_cast<std::size_t>(d)];
        }
        table.maps.push_back(dimension);
    }
    return at;
}

// True when a node of type E has a leaf in memory among its operands.
template <class E>
constexpr bool reads_memory = over_children<E>([]<class... C>() { return (memory_leaf<C> || ...); });

// The leaves of `value`, read by a node of `reader_rank` dimensions, written
// at `next` in tree order. Under a placement (Placed), the reader's map
// starts at `map_at` in the table's maps; elsewhere a node's rank is needed
// only by the leaves it reads, and is asked of it only then.
template <bool Placed, class E>
void add_leaf_entries(leaf_entry*& next, leaf_table& table, const E& value, std::size_t reader_rank,
                      std::ptrdiff_t map_at) {
    if constexpr (memory_leaf<E>) {
        using T = value_type_of<E>;
        *next++ = {reinterpret_cast<const std::byte*>(value.data()), &value.layout(), index_t{sizeof(T)},
                   type_name<T>(), reader_rank, map_at};
    } else if constexpr (elementwise_expression<E>) {
        std::size_t rank = 0;
        std::ptrdiff_t own_map = -1;
        if constexpr (Placed || reads_memory<E>) rank = value.shape().size();
        // Under a placement, the node's dimensions are the last of its reader's.
        if constexpr (Placed) own_map = map_at + static_cast<std::ptrdiff_t>(reader_rank - rank);
        detail::apply_elements(
            [&](const auto&... o) { (add_leaf_entries<Placed>(next, table, o, rank, own_map), ...); },
            value.operands());
    } else if constexpr (placed_expression<E>) {
        if constexpr (memory_leaf<std::remove_cvref_t<decltype(value.operand())>>) {
            if (value.operand().layout().rank() != value.map().size()) {
                refuse_stale(value.operand().shape(), "a placement of rank " + std::to_string(value.map().size()));
            }
        }
        const std::ptrdiff_t placed = add_placed_map(table, map_at, reader_rank, value.shape().size(), value.map());
        add_leaf_entries<true>(next, table, value.operand(), value.map().size(), placed);
    } else if constexpr (whole_value<E>) {
        static_assert(dependent_false<E>, "a whole value is computed before its expression's leaves are gathered");
    } else if constexpr (!constant_expression<E>) {  // a constant is no leaf in memory
        static_assert(check_node<E>);
    }
}

}  // namespace detail

/// Fills `table` with the leaves in memory of `value` (Note [leaf table]).
/// A whole value nested in `value` has been computed before (Note
/// [computed once] in materialize.hpp), so none is met here.
template <class E>
void gather_leaves(leaf_table& table, const E& value) {
    table.rank = value.shape().size();
    table.entries.resize_for_overwrite(leaf_count<E>);
    leaf_entry* next = table.entries.data();
    detail::add_leaf_entries<false>(next, table, value, table.rank, -1);
}

/// True when a PDPD placement moves some leaf of E away from NumPy's alignment.
template <class E>
constexpr bool has_placement() {
    if constexpr (placed_expression<E>) {
        return true;
    } else {
        return over_children<E>([]<class... C>() { return (has_placement<C>() || ...); });
    }
}

}  // namespace loom
