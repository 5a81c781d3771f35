#pragma once
// <loom/loom.hpp>: all of loom, each capability's public header (docs/headers.md
// says which brings what; a program that uses a few compiles faster with
// those alone).
// Cost to include: 2.05 s with g++ 12 -O2 alone in a file, xtensor's three headers 1.04 s
// (docs/headers.md).

#include "loom/core/prologue.hpp"
#if LOOM_LANGUAGE_SUPPORTED

#include "loom/tensor.hpp"
#include "loom/fft.hpp"
#include "loom/io.hpp"
#include "loom/linalg.hpp"
#include "loom/manipulate.hpp"
#include "loom/nn.hpp"
#include "loom/random.hpp"
#include "loom/reduce.hpp"
#include "loom/sort.hpp"
#include "loom/stats.hpp"

#endif
#include "loom/core/epilogue.hpp"
