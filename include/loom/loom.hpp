#pragma once
// loom: NumPy-like tensors for C++20. Include this one header.

// clang cannot honour store_block's vectorize pragma for every expression (a
// libm call, an integer division; store_kernel.hpp), and says so at the
// function the loop was inlined into: any function of these headers.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

#include "loom/core/broadcast.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/explain.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/io/npy.hpp"
#include "loom/io/npz.hpp"
#include "loom/io/print.hpp"
#include "loom/io/print_path.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/any_tensor.hpp"
#include "loom/tensor/adapt.hpp"
#include "loom/tensor/broadcast_views.hpp"
#include "loom/tensor/manipulation.hpp"
#include "loom/tensor/view.hpp"
#include "loom/tensor/masking.hpp"
#include "loom/tensor/creation.hpp"
#include "loom/tensor/random.hpp"
#include "loom/tensor/compare.hpp"
#include "loom/tensor/join.hpp"
#include "loom/tensor/split.hpp"
#include "loom/tensor/sort.hpp"
#include "loom/tensor/search.hpp"
#include "loom/tensor/repeat.hpp"
#include "loom/tensor/pad.hpp"
#include "loom/tensor/roll.hpp"
#include "loom/tensor/diff.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/reduce/arg_reductions.hpp"
#include "loom/reduce/cumulative.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/products.hpp"
#include "loom/linalg/einsum.hpp"
#include "loom/nn/softmax.hpp"
#include "loom/nn/gather.hpp"
#include "loom/nn/losses.hpp"

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
