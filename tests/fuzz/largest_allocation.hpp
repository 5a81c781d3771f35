#pragma once
// The largest heap allocation since the last reset, as AddressSanitizer's
// allocation hooks see it (largest_allocation.cpp).

#include <cstddef>

namespace loom::fuzz {

/// Bytes of the largest single allocation since reset_largest_allocation().
std::size_t largest_allocation();
void reset_largest_allocation();

}  // namespace loom::fuzz
