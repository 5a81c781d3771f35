#pragma once
// LOOM_UNROLL(n), before a loop: asks the compiler to unroll it n times.
// The loops it marks hold SIMD batches or a small matrix in an array that
// must live in registers; left a loop, as g++ leaves them at -O2, the array
// stays in memory and every step waits on a store and a load. The loops
// run a number of times known when the code is compiled, so unrolled they
// have no remainder. Compilers other than g++ and clang ignore it.
//
// Cost of including: nothing (two macros).

#if defined(__GNUC__)
#define LOOM_PRAGMA(text) _Pragma(#text)
#define LOOM_UNROLL(n) LOOM_PRAGMA(GCC unroll n)
#else
#define LOOM_UNROLL(n)
#endif
