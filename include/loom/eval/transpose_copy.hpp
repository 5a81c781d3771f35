#pragma once
// Copies of small matrices that turn rows into columns, the work of a
// packed tile (Note [packed tiles] in packed_tiles.hpp), and the copy of a
// contiguous temporary into a destination of any layout (Note [aliasing] in
// plan.hpp).
//
// Note [transposing blocks]: a block of B x B elements is read as B rows
// into SIMD registers, shuffled into its columns and written as B rows:
// 2B memory accesses where an element-by-element copy makes 2B^2, and every
// access a whole vector. B is what the compiler's flags allow: 8 four-byte
// elements with AVX, 4 with SSE2, 4 eight-byte elements with AVX, 2 with
// SSE2. The shuffles move bits, not values, so one kernel serves every
// element type of a size (float and int32, double and int64). Elements of
// one, two or sixteen bytes, other instruction sets, and the edges of a
// matrix that whole blocks do not cover are copied one element at a time.

#include <cstddef>
#include <cstring>

#include "loom/core/layout.hpp"
#include "loom/core/shape.hpp"

// The one intrinsics header each needs: <immintrin.h> declares every
// instruction set's and takes longer to read than the rest of loom's
// evaluation headers.
#if defined(__AVX__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace loom::detail {

// The side of the blocks copied in registers for elements of Bytes bytes; 1: none.
template <std::size_t Bytes>
inline constexpr index_t transpose_block_side =
#if defined(__AVX__)
    Bytes == 4 ? 8 : Bytes == 8 ? 4 : 1;
#elif defined(__SSE2__)
    Bytes == 4 ? 4 : Bytes == 8 ? 2 : 1;
#else
    1;
#endif

// One block of transpose_block_side<Bytes> (Note [transposing blocks]):
// to[c * to_stride + r] = from[r * from_stride + c], strides in elements.
// Unaligned loads and stores, which may read memory of any element type.
template <std::size_t Bytes>
void transpose_block([[maybe_unused]] const std::byte* from, index_t from_stride, [[maybe_unused]] std::byte* to,
                     index_t to_stride) {
    [[maybe_unused]] const index_t s = from_stride, t = to_stride;
#if defined(__AVX__)
    if constexpr (Bytes == 4) {
        const auto* const in = reinterpret_cast<const float*>(from);
        auto* const out = reinterpret_cast<float*>(to);
        const __m256 r0 = _mm256_loadu_ps(in), r1 = _mm256_loadu_ps(in + s), r2 = _mm256_loadu_ps(in + 2 * s),
                     r3 = _mm256_loadu_ps(in + 3 * s), r4 = _mm256_loadu_ps(in + 4 * s),
                     r5 = _mm256_loadu_ps(in + 5 * s), r6 = _mm256_loadu_ps(in + 6 * s),
                     r7 = _mm256_loadu_ps(in + 7 * s);
        // Pairs of rows interleaved, then pairs of pairs, within each 128-bit half...
        const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
        const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
        const __m256 t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5);
        const __m256 t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7);
        const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
        const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
        const __m256 u4 = _mm256_shuffle_ps(t4, t6, 0x44), u5 = _mm256_shuffle_ps(t4, t6, 0xEE);
        const __m256 u6 = _mm256_shuffle_ps(t5, t7, 0x44), u7 = _mm256_shuffle_ps(t5, t7, 0xEE);
        // ...then the halves of rows 0-3 and of rows 4-7 joined.
        _mm256_storeu_ps(out, _mm256_permute2f128_ps(u0, u4, 0x20));
        _mm256_storeu_ps(out + t, _mm256_permute2f128_ps(u1, u5, 0x20));
        _mm256_storeu_ps(out + 2 * t, _mm256_permute2f128_ps(u2, u6, 0x20));
        _mm256_storeu_ps(out + 3 * t, _mm256_permute2f128_ps(u3, u7, 0x20));
        _mm256_storeu_ps(out + 4 * t, _mm256_permute2f128_ps(u0, u4, 0x31));
        _mm256_storeu_ps(out + 5 * t, _mm256_permute2f128_ps(u1, u5, 0x31));
        _mm256_storeu_ps(out + 6 * t, _mm256_permute2f128_ps(u2, u6, 0x31));
        _mm256_storeu_ps(out + 7 * t, _mm256_permute2f128_ps(u3, u7, 0x31));
    } else if constexpr (Bytes == 8) {
        const auto* const in = reinterpret_cast<const double*>(from);
        auto* const out = reinterpret_cast<double*>(to);
        const __m256d r0 = _mm256_loadu_pd(in), r1 = _mm256_loadu_pd(in + s), r2 = _mm256_loadu_pd(in + 2 * s),
                      r3 = _mm256_loadu_pd(in + 3 * s);
        const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
        const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
        _mm256_storeu_pd(out, _mm256_permute2f128_pd(t0, t2, 0x20));
        _mm256_storeu_pd(out + t, _mm256_permute2f128_pd(t1, t3, 0x20));
        _mm256_storeu_pd(out + 2 * t, _mm256_permute2f128_pd(t0, t2, 0x31));
        _mm256_storeu_pd(out + 3 * t, _mm256_permute2f128_pd(t1, t3, 0x31));
    }
#elif defined(__SSE2__)
    if constexpr (Bytes == 4) {
        const auto* const in = reinterpret_cast<const float*>(from);
        auto* const out = reinterpret_cast<float*>(to);
        const __m128 r0 = _mm_loadu_ps(in), r1 = _mm_loadu_ps(in + s), r2 = _mm_loadu_ps(in + 2 * s),
                     r3 = _mm_loadu_ps(in + 3 * s);
        const __m128 t0 = _mm_unpacklo_ps(r0, r1), t1 = _mm_unpackhi_ps(r0, r1);
        const __m128 t2 = _mm_unpacklo_ps(r2, r3), t3 = _mm_unpackhi_ps(r2, r3);
        _mm_storeu_ps(out, _mm_movelh_ps(t0, t2));
        _mm_storeu_ps(out + t, _mm_movehl_ps(t2, t0));
        _mm_storeu_ps(out + 2 * t, _mm_movelh_ps(t1, t3));
        _mm_storeu_ps(out + 3 * t, _mm_movehl_ps(t3, t1));
    } else if constexpr (Bytes == 8) {
        const auto* const in = reinterpret_cast<const double*>(from);
        auto* const out = reinterpret_cast<double*>(to);
        const __m128d r0 = _mm_loadu_pd(in), r1 = _mm_loadu_pd(in + s);
        _mm_storeu_pd(out, _mm_unpacklo_pd(r0, r1));
        _mm_storeu_pd(out + t, _mm_unpackhi_pd(r0, r1));
    }
#endif
}

// to[r * to_row + c * to_column] = from[r * from_row + c * from_column] for
// r < rows, c < columns, one element of Bytes bytes at a time; steps in
// elements. memcpy of a constant size is a single load and store. Not
// inlined into transpose_copy: clang then keeps this loop's pointers live
// across the blocks' loop, and spills them there on every block.
template <std::size_t Bytes>
[[gnu::noinline]] void copy_strided(const std::byte* from, index_t from_row, index_t from_column, std::byte* to, index_t to_row,
                  index_t to_column, index_t rows, index_t columns) {
    constexpr auto bytes = static_cast<index_t>(Bytes);
    for (index_t r = 0; r < rows; ++r) {
        for (index_t c = 0; c < columns; ++c) {
            std::memcpy(to + (r * to_row + c * to_column) * bytes, from + (r * from_row + c * from_column) * bytes, Bytes);
        }
    }
}

template <std::size_t Bytes>
void transpose_copy(const std::byte* from, index_t from_stride, std::byte* to, index_t to_stride, index_t rows,
                    index_t columns) {
    constexpr index_t side = transpose_block_side<Bytes>;
    constexpr auto bytes = static_cast<index_t>(Bytes);
    const auto at = [&](index_t r, index_t c) { return from + (r * from_stride + c) * bytes; };
    const auto to_at = [&](index_t r, index_t c) { return to + (c * to_stride + r) * bytes; };
    index_t r = 0;
    if constexpr (side > 1) {
        for (; r + side <= rows; r += side) {
            index_t c = 0;
            for (; c + side <= columns; c += side) transpose_block<Bytes>(at(r, c), from_stride, to_at(r, c), to_stride);
            if (c < columns) copy_strided<Bytes>(at(r, c), from_stride, 1, to_at(r, c), 1, to_stride, side, columns - c);
        }
    }
    if (r < rows) copy_strided<Bytes>(at(r, 0), from_stride, 1, to_at(r, 0), 1, to_stride, rows - r, columns);
}

// Calls body.template operator()<Bytes>() with Bytes = element_bytes (1,
// 2, 4, 8 or 16): one copy of a byte-moving routine per element size.
template <class Body>
void with_element_bytes(index_t element_bytes, Body&& body) {
    switch (element_bytes) {
        case 1: return body.template operator()<1>();
        case 2: return body.template operator()<2>();
        case 4: return body.template operator()<4>();
        case 8: return body.template operator()<8>();
        default: return body.template operator()<16>();  // complex<double>, the widest element
    }
}

}  // namespace loom::detail

namespace loom {

/// Copies a rows x columns matrix of elements of `element_bytes` bytes (1,
/// 2, 4, 8 or 16) so that its rows become columns: to[c * to_stride + r] =
/// from[r * from_stride + c], strides in elements (Note [transposing
/// blocks]).
inline void transpose_copy(const std::byte* from, index_t from_stride, std::byte* to, index_t to_stride, index_t rows,
                           index_t columns, index_t element_bytes) {
    detail::with_element_bytes(element_bytes, [&]<std::size_t Bytes>() {
        detail::transpose_copy<Bytes>(from, from_stride, to, to_stride, rows, columns);
    });
}

/// Copies a rows x columns matrix of elements of `element_bytes` bytes
/// between any two strided layouts, one element at a time: to[r * to_row +
/// c * to_column] = from[r * from_row + c * from_column], steps in elements.
inline void copy_strided(const std::byte* from, index_t from_row, index_t from_column, std::byte* to, index_t to_row,
                         index_t to_column, index_t rows, index_t columns, index_t element_bytes) {
    detail::with_element_bytes(element_bytes, [&]<std::size_t Bytes>() {
        detail::copy_strided<Bytes>(from, from_row, from_column, to, to_row, to_column, rows, columns);
    });
}

/// Copies a rows x columns matrix of elements of `element_bytes` bytes
/// between two strided layouts: to[r * to_row + c * to_column] = from[r *
/// from_row + c * from_column], steps in elements. When one side is
/// contiguous along the rows and the other along the columns, by blocks in
/// registers (Note [transposing blocks]); otherwise element by element.
inline void copy_matrix(const std::byte* from, index_t from_row, index_t from_column, std::byte* to, index_t to_row,
                        index_t to_column, index_t rows, index_t columns, index_t element_bytes) {
    if (from_column == 1 && to_row == 1) {
        transpose_copy(from, from_row, to, to_column, rows, columns, element_bytes);
    } else if (from_row == 1 && to_column == 1) {
        transpose_copy(from, from_column, to, to_row, columns, rows, element_bytes);
    } else {
        copy_strided(from, from_row, from_column, to, to_row, to_column, rows, columns, element_bytes);
    }
}

/// Copies `layout.size()` elements of `element_bytes` bytes, contiguous and in row-major order
/// at `from`, into the memory at `to` laid out as `layout` (any strides, of a layout that never
/// writes one element twice): a temporary's elements into the destination of an assignment it
/// stood in for (Note [aliasing] in plan.hpp). One routine per element size for every expression:
/// a whole copy when the layout is row-major, a copy per row when its rows are contiguous, and
/// otherwise copy_matrix, plane by plane of the two inner dimensions.
inline void copy_into_layout(const std::byte* from, std::byte* to, const strided_layout& layout, index_t element_bytes) {
    const index_t count = layout.size();
    if (count == 0) return;
    if (layout.is_row_major()) {
        std::memcpy(to, from, static_cast<std::size_t>(count * element_bytes));
        return;
    }
    const shape_type& shape = layout.shape();
    const strides_type& strides = layout.strides();
    const std::size_t rank = shape.size();  // at least 1: a layout of rank 0 is row-major
    const std::size_t outer_rank = rank > 2 ? rank - 2 : 0;
    const index_t columns = shape[rank - 1], to_column = strides[rank - 1];
    const index_t rows = rank >= 2 ? shape[rank - 2] : 1, to_row = rank >= 2 ? strides[rank - 2] : 0;
    const bool whole_rows = to_column == 1;
    small_vector<index_t, inline_rank> index(outer_rank, 0);
    index_t offset = 0;  // of the plane at `index`, in elements
    for (index_t first = 0; first < count; first += rows * columns) {
        const std::byte* const plane_from = from + first * element_bytes;
        std::byte* const plane_to = to + offset * element_bytes;
        if (whole_rows) {
            for (index_t r = 0; r < rows; ++r) {
                std::memcpy(plane_to + r * to_row * element_bytes, plane_from + r * columns * element_bytes,
                            static_cast<std::size_t>(columns * element_bytes));
            }
        } else {
            copy_matrix(plane_from, columns, 1, plane_to, to_row, to_column, rows, columns, element_bytes);
        }
        for (std::size_t d = outer_rank; d-- > 0;) {  // the odometer of the outer dimensions
            offset += strides[d];
            if (++index[d] < shape[d]) break;
            offset -= index[d] * strides[d];
            index[d] = 0;
        }
    }
}

}  // namespace loom
