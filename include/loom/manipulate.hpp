#pragma once
// <loom/manipulate.hpp>: arrays joined and cut: `concatenate`, `stack`, `split`, `pad`, `tile`,
// `repeat`, `roll`, `diff`; grids (`meshgrid`, `indices`); with <loom/tensor.hpp>.
// Cost to include: 1.21 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/manipulate/diff.hpp"
#include "loom/manipulate/flat_index.hpp"
#include "loom/manipulate/grids.hpp"
#include "loom/manipulate/join.hpp"
#include "loom/manipulate/pad.hpp"
#include "loom/manipulate/repeat.hpp"
#include "loom/manipulate/roll.hpp"
#include "loom/manipulate/split.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::manipulate_header {};
#endif
#include "loom/core/epilogue.hpp"
