#pragma once
// <loom/nn.hpp>: neural-network functions: `softmax`, `log_softmax`, `logsumexp`,
// `take_along_axis`, `one_hot` and the losses; with <loom/tensor.hpp>,
// <loom/reduce.hpp> and <loom/linalg.hpp>.
// Cost to include: 1.15 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/linalg.hpp"
#include "loom/nn/gather.hpp"
#include "loom/nn/losses.hpp"
#include "loom/nn/softmax.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::nn_header {};
#endif
#include "loom/core/epilogue.hpp"
