#pragma once
// <loom/reduce.hpp>: reductions: `sum`, `mean`, `var`, `max`, `argmax`, `any`, `all_of`,
// `cumsum` and the others, lazy, over any axes; with <loom/tensor.hpp>.
// Cost to include: 1.15 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/reduce/arg_reductions.hpp"
#include "loom/reduce/cumulative.hpp"
#include "loom/reduce/reductions.hpp"
#include "loom/reduce/reduction_members.hpp"

#endif
#include "loom/core/epilogue.hpp"
