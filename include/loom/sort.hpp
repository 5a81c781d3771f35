#pragma once
// <loom/sort.hpp>: sorting and searching: `sort`, `argsort`, `partition`, `unique`,
// `searchsorted`, `nonzero`, `count_nonzero`, `isin`; with <loom/tensor.hpp>.
// Cost to include: 1.09 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/sort/interp.hpp"
#include "loom/sort/search.hpp"
#include "loom/sort/sort.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::sort_header {};
#endif
#include "loom/core/epilogue.hpp"
