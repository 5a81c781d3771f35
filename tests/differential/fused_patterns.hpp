#pragma once
// Whole trees evaluated as one loom expression, with no tensor in between:
// the fusion loom promises (one loop, broadcasting at every level of the
// tree, nodes over operands of different types). Each pattern is written
// twice, side by side in fused_patterns.cpp: as C++ (what loom evaluates) and
// as a tree (what the NumPy side and the node-by-node evaluation see).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "model.hpp"

namespace loom::differential {

struct fused_pattern {
    const char* text;     ///< the C++ expression over the leaves x, y and z
    std::uint16_t types;  ///< bit i: instantiated for dtype(i) (a deep tree is costly to compile)

    constexpr bool accepts(dtype type) const { return (types >> static_cast<unsigned>(type)) & 1u; }
};

std::span<const fused_pattern> fused_patterns();

/// The tree of pattern `index` over the inputs 0, 1 and 2 (x, y and z).
node fused_tree(std::size_t index);

/// Pattern `index` as one loom expression over `leaves` (x, y, z, all of one type).
any_tensor evaluate_fused(std::size_t index, const std::vector<any_tensor>& leaves);

}  // namespace loom::differential
