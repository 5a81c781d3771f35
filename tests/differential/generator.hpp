#pragma once
// Random cases for the differential test: shapes of rank 0 to 5 with sizes
// 0 to 4 that broadcast (and now and then a shape changed so that they may
// not), inputs of every element type with small values and, for floats,
// fractions, NaN, infinities and -0.0, and expression trees of depth 1 to 4
// over loom's element-wise operations, with C++ scalar operands, broadcast
// specs and fused patterns now and then.

#include <cstdint>

#include "model.hpp"

namespace loom::differential {

class case_generator {
public:
    explicit case_generator(std::uint64_t seed) : seed_(seed) {}

    /// Case `number` of this seed. It depends on (seed, number) alone, so any
    /// case can be generated again by itself.
    test_case generate(int number) const;

private:
    std::uint64_t seed_;
};

}  // namespace loom::differential
