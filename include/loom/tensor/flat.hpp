#pragma once
// `flat`: NumPy's `axis=None`, the argument that makes a joining, sorting or
// searching function work on its operands flattened in row-major order.

namespace loom {

struct flat_t {
    explicit flat_t() = default;
};

/// `concatenate(operands, flat)`, `sort(x, flat)`: as NumPy's `axis=None`.
inline constexpr flat_t flat{};

}  // namespace loom
