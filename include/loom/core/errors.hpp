#pragma once
// The exception types loom throws beyond the standard ones. Each derives from
// the standard exception that names its category, so callers may catch either.

#include <stdexcept>

namespace loom {

/// Shapes that cannot be broadcast together, or a broadcast that would grow
/// an in-place destination (docs/semantics.md, "NumPy broadcasting").
class broadcast_error : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

}  // namespace loom
