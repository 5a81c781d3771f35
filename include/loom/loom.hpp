#pragma once
// loom: NumPy-like tensors for C++20. Include this one header.

// clang cannot honour store_block's vectorize pragma for every expression (a
// libm call, an integer division; store_kernel.hpp), and says so at the
// function the loop was inlined into: any function of these headers.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif

// By folder, in the order of the layers (docs/architecture.md, "Layers").
#include "loom/core/axis.hpp"
#include "loom/core/broadcast.hpp"
#include "loom/core/errors.hpp"
#include "loom/core/explain.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/functions.hpp"
#include "loom/expr/operators.hpp"
#include "loom/eval/assign.hpp"
#include "loom/tensor/adapt.hpp"
#include "loom/tensor/any_tensor.hpp"
#include "loom/tensor/compare.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"
#include "loom/create/creation.hpp"
#include "loom/create/random.hpp"
#include "loom/manipulate/broadcast_views.hpp"
#include "loom/manipulate/diff.hpp"
#include "loom/manipulate/join.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/manipulate/masking.hpp"
#include "loom/manipulate/pad.hpp"
#include "loom/manipulate/repeat.hpp"
#include "loom/manipulate/roll.hpp"
#include "loom/manipulate/split.hpp"
#include "loom/sort/search.hpp"
#include "loom/sort/sort.hpp"
#include "loom/reduce/arg_reductions.hpp"
#include "loom/reduce/cumulative.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/linalg/einsum.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/products.hpp"
#include "loom/nn/gather.hpp"
#include "loom/nn/losses.hpp"
#include "loom/nn/softmax.hpp"
#include "loom/io/npy.hpp"
#include "loom/io/npz.hpp"
#include "loom/io/print.hpp"
#include "loom/io/print_path.hpp"

#if defined(__clang__)
#pragma clang diagnostic pop
#endif
