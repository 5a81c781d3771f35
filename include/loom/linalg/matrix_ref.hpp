#pragma once
// A matrix in memory, as the linear-algebra kernels read and write it: a
// pointer to element (0, 0), the extents and the element strides.

#include "loom/core/shape.hpp"

namespace loom::linalg {

/// `rows` × `cols` elements of type T; element (i, j) is at
/// `data[i * row_stride + j * col_stride]`. Strides count elements and may be
/// of any sign; a stride of 0 repeats one row or column (a broadcast operand,
/// read in place). T is `const U` for a matrix that is only read.
template <class T>
struct matrix_ref {
    T* data;
    index_t rows, cols;
    index_t row_stride, col_stride;

    /// The same elements, read as the transpose: no element moves.
    constexpr matrix_ref transposed() const { return {data, cols, rows, col_stride, row_stride}; }
};

}  // namespace loom::linalg
