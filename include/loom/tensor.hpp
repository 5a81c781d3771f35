#pragma once
// <loom/tensor.hpp>: `tensor<T>` and its views, lazy expressions with the element-wise
// functions and operators, broadcasting (and its explanations), assignment,
// creation (`zeros`, `arange`, `linspace`, ...), shape manipulation and
// indexing (`reshape`, `transpose`, `t(range(0, 2), all)`, masks), comparison
// (`allclose`), views of memory (`adapt`), and printing to streams.
// Nested std::vectors of the elements: `tolist`.
// Cost to include: 1.14 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

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
#include "loom/tensor/compare.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"
#include "loom/create/creation.hpp"
#include "loom/create/matrices.hpp"
#include "loom/create/sequences.hpp"
#include "loom/create/windows.hpp"
#include "loom/manipulate/broadcast_views.hpp"
#include "loom/manipulate/manipulation.hpp"
#include "loom/manipulate/masking.hpp"
#include "loom/manipulate/advanced_indexing.hpp"
#include "loom/io/print.hpp"
#include "loom/io/print_path.hpp"
#include "loom/tensor/tolist.hpp"
#include "loom/tensor/fixed_tensor.hpp"
#include "loom/tensor/ranked_tensor.hpp"

#endif
#include "loom/core/epilogue.hpp"
