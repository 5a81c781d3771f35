#pragma once
// <loom/random.hpp>: random tensors: `rand`, `randn`, `randint`, seeded generators; with
// <loom/tensor.hpp>.
// Sampling: `uniform`, `normal`, `exponential`, `poisson`, `binomial`, `choice`, `permutation`, `shuffle`.
// Cost to include: 1.13 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/create/random.hpp"
#include "loom/create/sampling.hpp"

#endif
#include "loom/core/epilogue.hpp"
