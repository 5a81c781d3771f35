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
// Where xsimd supports no instruction set of the target (WebAssembly, for
// one: xsimd 8.1 defines XSIMD_NO_SUPPORTED_ARCHITECTURE and no batch type),
// there are no batches: no element type is a vector_element, and every loop
// is the scalar one.
//
// Cost of including: <concepts> and <xsimd/xsimd.hpp>.

#include <concepts>

#include <xsimd/xsimd.hpp>

namespace loom::simd {

#if defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)

/// No instruction set: the scalar loops only.
struct scalar_architecture {
    static constexpr const char* name() { return "scalar"; }
};
using architecture = scalar_architecture;

/// Declared only: no batch exists, and no code that needs one is instantiated.
template <class T>
struct batch;

/// The element types evaluated in batches: none here.
template <class T>
concept vector_element = false;

#else

/// The instruction set of loom's batches (Note [batch architecture]).
#if XSIMD_WITH_AVX512BW && !defined(__OPTIMIZE__)
using architecture = xsimd::avx512dq;
#else
using architecture = xsimd::default_arch;
#endif

/// A batch of T for that instruction set.
template <class T>
using batch = xsimd::batch<T, architecture>;

/// The element types evaluated in batches: float32 and float64, where the
/// instruction set has registers for them (ARMv7's NEON has none for float64).
template <class T>
concept vector_element = (std::same_as<T, float> || std::same_as<T, double>) && xsimd::has_simd_register<T>::value;

#endif

}  // namespace loom::simd
