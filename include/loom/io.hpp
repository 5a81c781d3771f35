#pragma once
// <loom/io.hpp>: files: NumPy's `.npy` and `.npz` (`load_npy`, `save_npy`, `load_npz`,
// `save_npz`) and `any_tensor`, a tensor of any element type; with
// <loom/tensor.hpp>.
// Text files: `loadtxt`, `savetxt`.
// Cost to include: 1.80 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/io/npy.hpp"
#include "loom/io/npz.hpp"
#include "loom/tensor/any_tensor.hpp"
#include "loom/io/text.hpp"

// The names of this header are now its own (Note [names of other headers] in
// expr/capability_names.hpp).
struct loom::detail::io_header {};
#endif
#include "loom/core/epilogue.hpp"
