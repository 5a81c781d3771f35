#pragma once
// The shape of gemm's work: the type its products are summed in, the
// register block of the micro-kernel (MR × NR) and the cache blocks
// (KC, MC, NC) of the loops around it.
//
// Note: why these sizes. gemm follows the loop structure of BLIS (Van Zee and
// van de Geijn, "BLIS: A Framework for Rapidly Instantiating BLAS
// Functionality", 2015):
//
//   for jc in n, step NC          B panel: KC × NC, packed, lives in L3
//     for pc in k, step KC
//       pack B(pc:pc+KC, jc:jc+NC) into micro-panels of NR columns
//       for ic in m, step MC      A block: MC × KC, packed, lives in L2
//         pack A(ic:ic+MC, pc:pc+KC) into micro-panels of MR rows
//         for jr in NC, step NR   one KC × NR micro-panel of B stays in L1
//           for ir in MC, step MR
//             micro-kernel: C(MR × NR) += A micro-panel · B micro-panel
//
// - MR × NR: the micro-kernel keeps an MR × NR block of C in registers while
//   it runs over KC: every step loads MR/V vectors of A (V = lanes of a
//   register), broadcasts NR elements of B and issues (MR/V)·NR independent
//   fused multiply-adds. It needs more independent accumulators than FMA
//   latency × throughput (4 cycles × 2 pipes of 256 bits on Zen 4: 8 in
//   flight) and fewer loads than FMAs. With AVX-512's 32 registers the block
//   is 3 vectors × 8 columns (48 × 8 floats, 24 × 8 doubles): 24
//   accumulators, 3 registers for A, 1 for the broadcast element of B.
//   4 × 6 loads fewer, and measured the same on Zen 4 and on 1024³ products
//   on an AVX-512 Xeon; but NR = 8 divides the sizes of most matrices, where
//   6 leaves a part-empty last micro-panel: on (256, 256) products the Xeon
//   ran 3 × 8 about 2% faster. With the 16 registers of SSE2 and AVX2,
//   2 vectors × 6 columns (12 accumulators).
//   MR runs down C's columns (the driver solves Cᵀ = Bᵀ·Aᵀ when C's rows are
//   contiguous), so that a block of C is loaded and stored as whole vectors.
//   Edges: the packed panels are padded with zeros to MR and NR, the kernel
//   computes a whole block (with fewer vectors at the last rows of C) and
//   writes back only the valid part.
// - KC: one B micro-panel (KC × NR) stays in L1 (32 KiB per core here) while
//   the A micro-panels stream past it from L2: 384 × 6 floats (9 KiB) or
//   256 × 6 doubles (12 KiB), a third of L1 or less, the rest for the lines
//   of A in flight and the block of C. A long KC also amortises loading and
//   storing the block of C (once per KC steps).
// - MC: the packed A block (MC × KC) stays in L2 (1 MiB per core here, 512
//   KiB on older EPYC) while all the B micro-panels of the NC panel pass over
//   it: 192 × 384 floats (288 KiB), 192 × 256 doubles (384 KiB).
// - NC: the packed B panel (KC × NC) lives in L3; 4080 (a multiple of NR
//   near 4096) makes packing B rare and keeps the buffer at 6 to 8 MiB.
// KC from 256 to 512 and MC from 128 to 256 measured alike (within a few
// percent) on 1024³ products against OpenBLAS (benchmarks/bench_matmul.cpp)
// on AMD EPYC (Zen 4) cores; the values above sit in the middle. Any values
// keep the results correct. The packing buffers are kept per thread between
// calls (gemm.hpp): allocating and faulting in fresh pages cost a third of
// the time of 200³ products.
//
// Integers and bool use the same loops with a scalar micro-kernel (products
// summed in unsigned arithmetic: NumPy's wraparound, without the undefined
// behaviour of signed overflow); bool sums with `or` and multiplies with
// `and`.

#include <cstdint>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/batch.hpp"

namespace loom::linalg::detail {

/// The type gemm packs elements into and sums products in, for a result of
/// type R: R itself for floating types, unsigned arithmetic of at least 32
/// bits for integers (so that no product is promoted to a signed int), an
/// unsigned byte holding 0 or 1 for bool.
template <class R>
using gemm_compute_t =
    std::conditional_t<std::is_floating_point_v<R>, R,
                       std::conditional_t<std::is_same_v<R, bool>, unsigned char,
                                          std::conditional_t<(sizeof(R) <= 4), std::uint32_t, std::uint64_t>>>;

/// Whether elements of type W go through the SIMD micro-kernel.
template <class W>
inline constexpr bool gemm_uses_simd = simd::vector_element<W>;

template <class W, bool Simd = gemm_uses_simd<W>>
struct gemm_blocking;

/// Floating types: the register block is MR_VECTORS registers × NR columns.
template <class W>
struct gemm_blocking<W, true> {
    static constexpr index_t lanes = static_cast<index_t>(simd::batch<W>::size);
#if XSIMD_WITH_AVX512F
    static constexpr index_t mr_vectors = 3, nr = 8;
#else
    static constexpr index_t mr_vectors = 2, nr = 6;
#endif
    static constexpr index_t mr = mr_vectors * lanes;
    static constexpr index_t kc = sizeof(W) == 4 ? 384 : 256;
    static constexpr index_t mc = 192 / mr * mr;
    static constexpr index_t nc = 4080;
};

/// Integers and bool: a scalar register block the compiler may vectorise.
template <class W>
struct gemm_blocking<W, false> {
    static constexpr index_t mr = 8;
    static constexpr index_t nr = 4;
    static constexpr index_t kc = 256;
    static constexpr index_t mc = 128;
    static constexpr index_t nc = 2048;
};

}  // namespace loom::linalg::detail
