#pragma once
// loom: NumPy-like tensors for C++20. Include this one header.

#include "loom/core/broadcast.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/io/print.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/broadcast_views.hpp"
#include "loom/tensor/manipulation.hpp"
#include "loom/tensor/view.hpp"
#include "loom/tensor/masking.hpp"
#include "loom/tensor/creation.hpp"
#include "loom/tensor/random.hpp"
#include "loom/tensor/compare.hpp"
