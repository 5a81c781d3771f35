#pragma once
// Streaming stores: writing a large result to memory without reading it
// first.
//
// Note [streaming stores]: an ordinary store to memory that is not in the
// cache first reads the whole cache line in ("read for ownership"), so
// `z = a * b + c` into a `z` that is not in the cache moves five arrays'
// bytes, not four. A non-temporal store writes whole lines straight to
// memory, with no read and without evicting the cache. The direct path
// (Note [direct path] in direct.hpp) stores that way when its result is
// one run (every leaf contiguous with the destination's shape), the
// expression's kernel evaluates it in SIMD batches of exact functions
// (Note [batch forms] in simd.hpp), and the evaluation touches more bytes
// than streaming_threshold(), its destination's and its leaves' together:
// the elements up to the first cache line boundary and after the last are
// stored as usual, and the lines between by the kernel's streaming loop
// (simd::stream_exact_batches), each batch from its register with a
// non-temporal store (stream_register). Non-temporal stores are weakly
// ordered: each thread fences (streaming_fence) before the evaluation
// returns.
//
// From the registers, not through a buffer: computing 4 KiB of the result
// into a buffer in the L1 cache and then copying it out line by line, as
// loom first streamed, separates the loop's reads from its writes in time.
// On an AMD EPYC of the Zen 5 family (2^24 float32 into an existing z,
// streamed and not interleaved in one process, the third best of 20 of
// each, in four processes at -O3 and three at -O2), streamed over ordinary
// stores: `z = a * b + c` 0.91-1.00 through the buffer, 0.77-0.85 from the
// registers (-O2: 1.07-1.14 and 0.80-0.84); `z = sqrt(a * a + b * b) *
// 0.5f + c` 1.01-1.05 and 0.76-0.80 (-O2: 0.98-1.00 and 0.74-0.79).
//
// The threshold is 3/8 of the last-level cache (thresholds.hpp). Below it the evaluation's
// arrays stay in the cache, and a result read soon after is read from
// there: streaming would send it to memory for nothing. Above it the
// evaluation evicts its own result's first lines before it ends, so a
// later reader finds little of it in the cache whichever way it was
// written. glibc 2.36's memcpy makes a similar choice, from 3/4 of a
// thread's share of that cache (99 MiB on the machine below). Measured on
// an Intel Xeon with a 260 MiB last-level cache, two cores, streaming at
// every size to find the threshold (g++ -O3 -march=native, float32, into
// an existing z, alone and followed by `sum(z)`), `z = a * b + c` with z of:
//   - 24 MiB (96 MiB touched): 3.4 ms, 3.0 streamed; with the sum 4.2, 4.5
//     streamed (7% slower);
//   - 32 MiB (128 MiB): 4.9, 3.6; with the sum 5.8, 5.9;
//   - 48 MiB (192 MiB): 9.2-12.6, 5.9; with the sum 11.7-14.8, 9.0;
//   - 64 MiB (256 MiB): 15.2-16.4, 9.3-11.7; with the sum 18.6-19.3, 13.4-16.2.
//
// Never streamed, whatever their size: trees that the kernel evaluates in
// batches with an approximate function (exp, tanh, ...), whose tens of
// instructions an element keep the loop bound by its arithmetic, so that
// the bytes streaming saves cost no time while the stores themselves do
// (on the same machine at -O3, `z = exp(a) * b + tanh(c)` took 1.17-1.26
// times as long streamed from the registers, in a trial that streamed
// every batch loop, and 1.33-1.68 times through the buffer); trees
// the kernel evaluates by its scalar loop (complex numbers, mixed types,
// functions with no batch form), whose loop has no streaming twin; fresh
// memory, whose pages the kernel has just zeroed through the cache
// (streaming made `tensor<float> z = a * b + c` on 2^24 elements 10%
// slower); memory a leaf shares (`a += b`), whose lines the loop has just
// read (streaming made `m += column` on (4096, 4096) three times slower
// while `m` fitted the last-level cache); and every evaluation that does
// not take the direct path in one run. Streaming there too would take
// streaming loops in the plan's other kernels (the store kernel's, those
// that repeat a leaf).

#include <atomic>
#include <cstddef>

#include "loom/eval/thresholds.hpp"

#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

// Only the intrinsics of the instruction set in use: <immintrin.h> holds
// every one and takes 0.4 s to compile on its own, where the x86-64
// baseline needs only <emmintrin.h> (xsimd includes <immintrin.h> anyway
// for AVX and later).
#if defined(__AVX__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace loom {

/// True when the target has non-temporal stores (every x86-64 target).
inline constexpr bool has_streaming_stores =
#if defined(__SSE2__)
    true;
#else
    false;
#endif

/// The unit of streaming stores: a cache line.
inline constexpr std::size_t streaming_line_bytes = 64;

namespace detail {

// The size of the last-level cache as the C library reports it, or 32 MiB
// (a common server L3) where it does not.
inline std::size_t last_level_cache_bytes() {
    long bytes = 0;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    bytes = sysconf(_SC_LEVEL3_CACHE_SIZE);
#endif
    return bytes > 0 ? static_cast<std::size_t>(bytes) : std::size_t{32} << 20;
}

inline std::atomic<std::size_t>& streaming_setting() {
    static std::atomic<std::size_t> bytes{last_level_cache_bytes() / 8 * streaming_cache_eighths};
    return bytes;
}

}  // namespace detail

/// An evaluation that may stream (Note [streaming stores]) does when it
/// touches more bytes than this, its destination's and its leaves'
/// together (a leaf used twice counts twice): 3/8 of the last-level cache,
/// until set_streaming_threshold() sets it.
inline std::size_t streaming_threshold() {
    return detail::streaming_setting().load(std::memory_order_relaxed);
}

/// Sets streaming_threshold(): 0 streams every evaluation that may stream,
/// SIZE_MAX none.
inline void set_streaming_threshold(std::size_t bytes) {
    detail::streaming_setting().store(bytes, std::memory_order_relaxed);
}

/// True when an evaluation that touches `bytes` bytes streams its stores.
inline bool streams(std::size_t bytes) {
    return has_streaming_stores && bytes > streaming_threshold();
}

/// Stores a SIMD register at `to`, aligned to the register's size, with a
/// non-temporal store: one overload per register type of the instruction
/// sets the compiler's flags enable.
#if defined(__SSE2__)
inline void stream_register(void* to, __m128 value) { _mm_stream_ps(static_cast<float*>(to), value); }
inline void stream_register(void* to, __m128d value) { _mm_stream_pd(static_cast<double*>(to), value); }
inline void stream_register(void* to, __m128i value) { _mm_stream_si128(static_cast<__m128i*>(to), value); }
#endif
#if defined(__AVX__)
inline void stream_register(void* to, __m256 value) { _mm256_stream_ps(static_cast<float*>(to), value); }
inline void stream_register(void* to, __m256d value) { _mm256_stream_pd(static_cast<double*>(to), value); }
inline void stream_register(void* to, __m256i value) { _mm256_stream_si256(static_cast<__m256i*>(to), value); }
#endif
#if defined(__AVX512F__)
inline void stream_register(void* to, __m512 value) { _mm512_stream_ps(static_cast<float*>(to), value); }
inline void stream_register(void* to, __m512d value) { _mm512_stream_pd(static_cast<double*>(to), value); }
inline void stream_register(void* to, __m512i value) { _mm512_stream_si512(static_cast<__m512i*>(to), value); }
#endif

/// Orders this thread's streaming stores before its later stores, so that
/// whoever is told the result is ready sees it (Note [streaming stores]).
inline void streaming_fence() {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

}  // namespace loom
