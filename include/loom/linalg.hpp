#pragma once
// <loom/linalg.hpp>: products: `matmul`, `dot`, `vdot`, `inner`, `outer`, `tensordot`, `einsum`;
// numpy.linalg in loom::linalg (`solve`, `inv`, `det`, `svd`, `norm`, ...: the solvers and
// decompositions need LAPACK, linalg/lapack.hpp); with <loom/tensor.hpp> and <loom/reduce.hpp>.
// Cost to include: 1.21 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/reduce.hpp"
#include "loom/linalg/einsum.hpp"
#include "loom/linalg/matmul.hpp"
#include "loom/linalg/products.hpp"
// numpy.linalg, in namespace loom::linalg (the solvers and decompositions need LAPACK).
#include "loom/linalg/decompositions.hpp"
#include "loom/linalg/norms.hpp"
#include "loom/linalg/multi_dot.hpp"
#include "loom/linalg/solve.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::linalg_header {};
#endif
#include "loom/core/epilogue.hpp"
