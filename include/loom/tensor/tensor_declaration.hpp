#pragma once
// The declaration of tensor<T, Shape>, with its default shape: the headers
// that name tensor before tensor.hpp defines it include this one.
//
// Cost of including: core/static_shape.hpp and core/types.hpp.

#include "loom/core/static_shape.hpp"
#include "loom/core/types.hpp"

namespace loom {

template <element T, class Shape = dynamic_shape>
class tensor;

}  // namespace loom
