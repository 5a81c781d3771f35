#pragma once
// gemm's micro-kernels: one MR × NR block of C from a packed micro-panel of
// A (KC × MR) and one of B (KC × NR); see gemm_blocking.hpp.

#include <algorithm>
#include <type_traits>
#include <utility>

#include <xsimd/xsimd.hpp>

#include "loom/core/shape.hpp"
#include "loom/core/unroll.hpp"
#include "loom/eval/batch.hpp"
#include "loom/linalg/gemm_blocking.hpp"

namespace loom::linalg::detail {

/// Where a micro-kernel writes its block: C(i, j) at data[i * row_stride +
/// j * col_stride] for i < rows ≤ MR and j < cols ≤ NR (the valid part of a
/// block at an edge of C), added to what is there when `accumulate`.
template <class R>
struct gemm_tile {
    R* data;
    index_t row_stride, col_stride;
    index_t rows, cols;
    bool accumulate;
};

inline void gemm_prefetch_for_write([[maybe_unused]] const void* address) {
#if defined(__GNUC__)
    __builtin_prefetch(address, 1);
#endif
}

/// x·y + z, fused. xsimd 8's fma has no AVX-512 kernel: its generic x * y + z
/// becomes one instruction only where the compiler contracts across inlined
/// functions (g++ does by default, clang++ does not), so AVX-512 calls the
/// instruction itself.
template <class T>
simd::batch<T> gemm_fma(const simd::batch<T>& x, const simd::batch<T>& y, const simd::batch<T>& z) {
#if XSIMD_WITH_AVX512F
    if constexpr (sizeof(simd::batch<T>) == 64) {
        if constexpr (std::is_same_v<T, float>) return simd::batch<T>(_mm512_fmadd_ps(x, y, z));
        else return simd::batch<T>(_mm512_fmadd_pd(x, y, z));
    } else {
        return xsimd::fma(x, y, z);
    }
#else
    return xsimd::fma(x, y, z);
#endif
}

/// Floating types: the block lives in `Vectors` × NR SIMD registers. Vectors
/// is MR/V but at the last rows of C, where fewer suffice for the valid rows
/// of the block: the A micro-panel still advances by MR each step.
template <class T, index_t Vectors = gemm_blocking<T>::mr_vectors>
void gemm_microkernel_simd(index_t depth, const T* a, const T* b, const gemm_tile<T>& c) {
    using batch = simd::batch<T>;
    using blocking = gemm_blocking<T>;
    constexpr index_t lanes = blocking::lanes, vectors = Vectors, nr = blocking::nr;
    constexpr index_t mr = blocking::mr;

    batch sum[nr][vectors];
    LOOM_UNROLL(16)
    for (index_t j = 0; j < nr; ++j) {
        LOOM_UNROLL(16)
        for (index_t v = 0; v < vectors; ++v) sum[j][v] = batch(T(0));
    }
    // The block of C is needed after the loop: ask for it now.
    if (c.row_stride == 1) {
        for (index_t j = 0; j < c.cols; ++j) {
            for (index_t line = 0; line < c.rows; line += 64 / static_cast<index_t>(sizeof(T)))
                gemm_prefetch_for_write(c.data + j * c.col_stride + line);
        }
    }
    for (index_t p = 0; p < depth; ++p) {
        batch column[vectors];
        LOOM_UNROLL(16)
        for (index_t v = 0; v < vectors; ++v) column[v] = batch::load_aligned(a + v * lanes);
        LOOM_UNROLL(16)
        for (index_t j = 0; j < nr; ++j) {
            const batch element(b[j]);
            LOOM_UNROLL(16)
            for (index_t v = 0; v < vectors; ++v) sum[j][v] = gemm_fma(column[v], element, sum[j][v]);
        }
        a += mr;
        b += nr;
    }

    if (c.row_stride == 1 && c.rows == vectors * lanes && c.cols == nr) {
        LOOM_UNROLL(16)
        for (index_t j = 0; j < nr; ++j) {
            T* out = c.data + j * c.col_stride;
            LOOM_UNROLL(16)
            for (index_t v = 0; v < vectors; ++v) {
                batch value = sum[j][v];
                if (c.accumulate) value += batch::load_unaligned(out + v * lanes);
                value.store_unaligned(out + v * lanes);
            }
        }
        return;
    }
    // At an edge of C, or across a strided C: element by element, the valid part only.
    for (index_t j = 0; j < c.cols; ++j) {
        T* out = c.data + j * c.col_stride;
        for (index_t v = 0; v < vectors && v * lanes < c.rows; ++v) {
            alignas(64) T lane[lanes];
            sum[j][v].store_aligned(lane);
            for (index_t i = v * lanes; i < std::min(c.rows, (v + 1) * lanes); ++i) {
                T& target = out[i * c.row_stride];
                target = c.accumulate ? target + lane[i - v * lanes] : lane[i - v * lanes];
            }
        }
    }
}

/// The SIMD micro-kernel with as few vectors as the rows of `c` need.
template <class T, index_t... Fewer>
void gemm_microkernel_simd_rows(index_t depth, const T* a, const T* b, const gemm_tile<T>& c,
                                std::integer_sequence<index_t, Fewer...>) {
    constexpr index_t lanes = gemm_blocking<T>::lanes;
    const index_t vectors = (c.rows + lanes - 1) / lanes;
    if (vectors == gemm_blocking<T>::mr_vectors) gemm_microkernel_simd<T>(depth, a, b, c);
    else (void)((vectors == Fewer + 1 && (gemm_microkernel_simd<T, Fewer + 1>(depth, a, b, c), true)) || ...);
}

template <class T>
void gemm_microkernel_simd_rows(index_t depth, const T* a, const T* b, const gemm_tile<T>& c) {
    gemm_microkernel_simd_rows(depth, a, b, c, std::make_integer_sequence<index_t, gemm_blocking<T>::mr_vectors - 1>{});
}

/// A product term of the scalar kernel: sum + a·b in unsigned arithmetic
/// (wraparound), or sum | (a & b) for bool (R = bool).
template <class R, class W>
constexpr W gemm_multiply_add(W sum, W a, W b) {
    if constexpr (std::is_same_v<R, bool>) return static_cast<W>(sum | (a & b));
    else return static_cast<W>(sum + a * b);
}

/// Integers and bool: the block in a plain array, converted to R when stored.
template <class R, class W>
void gemm_microkernel_scalar(index_t depth, const W* a, const W* b, const gemm_tile<R>& c) {
    using blocking = gemm_blocking<W>;
    constexpr index_t mr = blocking::mr, nr = blocking::nr;
    W sum[nr][mr] = {};
    for (index_t p = 0; p < depth; ++p) {
        for (index_t j = 0; j < nr; ++j) {
            const W element = b[j];
            for (index_t i = 0; i < mr; ++i) sum[j][i] = gemm_multiply_add<R>(sum[j][i], a[i], element);
        }
        a += mr;
        b += nr;
    }
    for (index_t j = 0; j < c.cols; ++j) {
        R* out = c.data + j * c.col_stride;
        for (index_t i = 0; i < c.rows; ++i) {
            R& target = out[i * c.row_stride];
            if constexpr (std::is_same_v<R, bool>) {
                target = (c.accumulate && target) || sum[j][i] != 0;
            } else if constexpr (std::is_floating_point_v<R>) {
                target = c.accumulate ? static_cast<R>(target + sum[j][i]) : static_cast<R>(sum[j][i]);
            } else {
                // Unsigned sum, then NumPy's wraparound into R (modular since C++20).
                const W total = c.accumulate ? static_cast<W>(static_cast<W>(target) + sum[j][i]) : sum[j][i];
                target = static_cast<R>(total);
            }
        }
    }
}

}  // namespace loom::linalg::detail
