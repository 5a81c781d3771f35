// The first lines of every public header (<loom/tensor.hpp>, <loom/loom.hpp>,
// ...), which ends with core/epilogue.hpp; no include guard, so that each
// public header gets them.
//
// A compiler not in C++20 mode stops here with one sentence: the public
// header compiles the rest of itself only under LOOM_LANGUAGE_SUPPORTED,
// so that no error about concepts or requires-clauses follows.
//
// clang cannot honour store_block's vectorize pragma for every expression (a
// libm call, an integer division; eval/store_kernel.hpp), and says so at the
// function the loop was inlined into: any function of loom's headers. The
// warning is off from here to the epilogue.

#if defined(_MSVC_LANG) ? _MSVC_LANG >= 202002L : __cplusplus >= 202002L
#define LOOM_LANGUAGE_SUPPORTED 1
#else
#define LOOM_LANGUAGE_SUPPORTED 0
#error "loom needs C++20: compile with -std=c++20 (CMake: target_compile_features(your_target PRIVATE cxx_std_20))"
#endif

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpass-failed"
#endif
