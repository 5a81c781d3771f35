#pragma once
// Random view cases: tensors of rank 0 to 4 with sizes 0 to 5 (a tensor shaped
// around a window that fits another view: up to rank 6), chains of one
// to four random indexings and shape manipulations (now and then with an
// argument that is wrong for the shape, to check that loom refuses exactly
// what NumPy refuses), and assignments whose value is a scalar, a window of
// another tensor shaped to fit (or, now and then, not), or a window of the
// same tensor, which overlaps the destination under another mapping.

#include <cstdint>

#include "view_model.hpp"

namespace loom::differential {

class view_case_generator {
public:
    explicit view_case_generator(std::uint64_t seed) : seed_(seed) {}

    /// Case `number` of this seed; it depends on (seed, number) alone.
    view_case generate(int number) const;

private:
    std::uint64_t seed_;
};

}  // namespace loom::differential
