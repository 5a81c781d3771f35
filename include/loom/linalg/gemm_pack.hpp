#pragma once
// Packing for gemm: copies a block of A or B, converted to the type the
// products are summed in, into the order the micro-kernel reads it (see
// gemm_blocking.hpp).

#include <algorithm>
#include <type_traits>

#include "loom/core/shape.hpp"
#include "loom/linalg/gemm_blocking.hpp"

namespace loom::linalg::detail {

/// An element of an operand, as gemm computes with it for a result of type
/// R: converted to R (NumPy's cast to the result type: wraparound for
/// narrower integers, 0 or 1 for bool), then to W = gemm_compute_t<R>.
template <class R, class W, class S>
constexpr W gemm_convert(S value) {
    if constexpr (std::is_same_v<R, W>) return static_cast<W>(value);
    else if constexpr (std::is_same_v<R, bool>) return static_cast<W>(static_cast<bool>(value) ? 1 : 0);
    else return static_cast<W>(static_cast<R>(value));
}

/// Packs `count` × `depth` elements of `source` into micro-panels of `Width`:
/// element (i, p), at source[i * width_stride + p * depth_stride], goes to
/// dest[(i / Width) * Width * depth + p * Width + i % Width]. The last panel
/// is padded with zeros to `Width`, so the micro-kernel always computes a
/// whole register block. A (rows × k) packs with Width = MR, B (k × columns)
/// with Width = NR and its columns as the "width".
template <index_t Width, class R, class W, class S>
void gemm_pack(const S* source, index_t width_stride, index_t depth_stride, index_t count, index_t depth, W* dest) {
    for (index_t first = 0; first < count; first += Width) {
        const index_t width = std::min(Width, count - first);
        const S* panel = source + first * width_stride;
        if (width == Width && width_stride == 1) {
            for (index_t p = 0; p < depth; ++p) {
                const S* line = panel + p * depth_stride;
                for (index_t i = 0; i < Width; ++i) dest[p * Width + i] = gemm_convert<R, W>(line[i]);
            }
        } else if (width == Width && depth_stride == 1) {
            // Width lines read side by side, each contiguous; the writes contiguous too.
            const S* lines[Width];
            for (index_t i = 0; i < Width; ++i) lines[i] = panel + i * width_stride;
            for (index_t p = 0; p < depth; ++p) {
                for (index_t i = 0; i < Width; ++i) dest[p * Width + i] = gemm_convert<R, W>(lines[i][p]);
            }
        } else {
            // Any strides: follow the smaller one in the inner loop.
            const bool along_width = (width_stride < 0 ? -width_stride : width_stride) <=
                                     (depth_stride < 0 ? -depth_stride : depth_stride);
            if (along_width) {
                for (index_t p = 0; p < depth; ++p) {
                    for (index_t i = 0; i < width; ++i)
                        dest[p * Width + i] = gemm_convert<R, W>(panel[i * width_stride + p * depth_stride]);
                }
            } else {
                for (index_t i = 0; i < width; ++i) {
                    for (index_t p = 0; p < depth; ++p)
                        dest[p * Width + i] = gemm_convert<R, W>(panel[i * width_stride + p * depth_stride]);
                }
            }
            for (index_t p = 0; p < depth; ++p) std::fill(dest + p * Width + width, dest + (p + 1) * Width, W(0));
        }
        dest += Width * depth;
    }
}

}  // namespace loom::linalg::detail
