#pragma once
// The instruction set of loom's SIMD batches, and their type.
//
// Note [batch architecture]: loom's batches are xsimd's, for the
// instruction set the compiler's flags select (xsimd::default_arch), with
// one exception: an unoptimised build (no __OPTIMIZE__, as -O0 leaves it)
// on a processor with AVX-512BW takes AVX-512DQ instead. There xsimd 8.1's
// AVX-512BW `select` names 8- and 16-bit blends that g++ defines at -O0 as
// macros casting their arguments, which fail to compile for the 32-bit
// batches that xsimd's log and exp select with (`invalid cast ... to type
// '__v32hi'`): a debug build with -march=native would not compile. The
// two have the same float32 and float64 batches, computed by the same
// AVX-512F and DQ kernels.
//
// Cost of including: <xsimd/xsimd.hpp>.

#include <xsimd/xsimd.hpp>

namespace loom::simd {

/// The instruction set of loom's batches (Note [batch architecture]).
#if XSIMD_WITH_AVX512BW && !defined(__OPTIMIZE__)
using architecture = xsimd::avx512dq;
#else
using architecture = xsimd::default_arch;
#endif

/// A batch of T for that instruction set.
template <class T>
using batch = xsimd::batch<T, architecture>;

}  // namespace loom::simd
