#pragma once
// A stack of matrices as LAPACK reads and writes them: the shape checks of
// numpy.linalg (rank 2 or more, square), the element type the computation
// runs in (NumPy's result type: float32 stays float32, complex64 stays
// complex64, complex128 and complex with anything but float32 is
// complex128, everything else is float64), and
// column_major_stack, which copies any expression of shape [..., M, N] once
// into column-major memory, one matrix after another, and copies results
// back into a tensor. Sizes passed to LAPACK are checked to fit its `int`.
// Cost of including: <climits>, <cmath>, <complex>, <string> and <type_traits> beyond loom's tensor headers.

#include <algorithm>
#include <climits>
#include <cmath>
#include <complex>
#include <concepts>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "loom/core/errors.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/assign.hpp"
#include "loom/expr/functions.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"

namespace loom::linalg::detail {

/// The element type loom::linalg's solvers and decompositions compute in for
/// inputs of types T..., that of numpy.linalg's results: float when every one
/// is float, complex64 when every one is float or complex64 and one is
/// complex, complex128 when one is complex and another neither float nor
/// complex64, double otherwise (ints and bool included). Other element types
/// are refused, as NumPy refuses float16.
template <class... T>
struct lapack_real {
    static_assert(((std::integral<T> || std::floating_point<T> || complex_element<T>) && ...),
                  "loom::linalg's solvers and decompositions take bool, integers, float32, float64, complex64 "
                  "and complex128, as numpy.linalg (which refuses float16): convert with astype<float>(x) first");
    /// The real type of the parts: float when every operand is float32 or complex64.
    using part = std::conditional_t<((std::is_same_v<T, float> || std::is_same_v<T, std::complex<float>>) && ...),
                                    float, double>;
    /// The type.
    using type = std::conditional_t<(complex_element<T> || ...), std::complex<part>, part>;
};

/// lapack_real<T...>::type.
template <class... T>
using lapack_real_t = typename lapack_real<T...>::type;

// Refuses a shape of rank below 2: a stack of matrices has at least one.
inline void require_matrices(const char* name, const shape_type& shape, const char* operand = "a") {
    if (shape.size() < 2) {
        throw std::invalid_argument(std::string(name) + ": " + operand + " has shape " + to_string(shape) +
                                    ", of rank " + std::to_string(shape.size()) +
                                    "; give a matrix or a stack of matrices, of rank 2 or more");
    }
}

// Refuses a stack of matrices that are not square.
inline void require_square(const char* name, const shape_type& shape, const char* operand = "a") {
    require_matrices(name, shape, operand);
    if (shape[shape.size() - 1] != shape[shape.size() - 2]) {
        throw std::invalid_argument(std::string(name) + ": " + operand + " has shape " + to_string(shape) +
                                    ", whose last two sizes differ; give square matrices, of shape [..., M, M]");
    }
}

// The batch dimensions of a stack: all but the last two.
inline shape_type batch_of(const shape_type& shape) { return shape_type(shape.begin(), shape.end() - 2); }

// `batch` with `tail` appended.
inline shape_type with_tail(shape_type batch, std::initializer_list<index_t> tail) {
    for (const index_t size : tail) batch.push_back(size);
    return batch;
}

// Which matrix of a stack of shape `shape` matrix k is, for messages:
// "the matrix at batch index [1, 0] of shape [2, 3, 4, 4]", or "the matrix of shape [4, 4]".
inline std::string which_matrix(const shape_type& shape, index_t k) {
    if (shape.size() <= 2) return "the matrix of shape " + to_string(shape);
    shape_type position(shape.size() - 2);
    for (std::size_t d = position.size(); d-- > 0;) {
        position[d] = k % shape[d];
        k /= shape[d];
    }
    return "the matrix at batch index " + to_string(position) + " of shape " + to_string(shape);
}

// A size LAPACK is given, checked to fit its int.
inline int lapack_int(const char* name, const shape_type& shape, index_t value) {
    if (value > INT_MAX) {
        throw std::length_error(std::string(name) + ": an operand of shape " + to_string(shape) +
                                " needs a LAPACK size of " + std::to_string(value) + ", beyond its 32-bit " +
                                "integers' " + std::to_string(INT_MAX) + "; give smaller matrices");
    }
    return static_cast<int>(value);
}

// The workspace size a LAPACK query (lwork = -1) returned in its first work
// element (in its real part, for a complex workspace).
template <class W>
int queried_size(W value) {
    const double size = std::ceil(static_cast<double>(std::real(value)));
    return size >= static_cast<double>(INT_MAX) ? INT_MAX : std::max(1, static_cast<int>(size));
}

// True when none of `count` values is NaN or infinite (LAPACK 3.10's xgesdd
// and xgelsd refuse such a matrix as an illegal argument; NumPy raises LinAlgError).
template <class W>
bool all_finite(const W* values, index_t count) {
    for (index_t i = 0; i < count; ++i) {
        if (!std::isfinite(std::real(values[i])) || !std::isfinite(std::imag(values[i]))) return false;
    }
    return true;
}

/// A stack of `count` matrices of `rows` × `cols` elements of W, each
/// column-major with leading dimension `ld()`, one after another, as LAPACK
/// reads and overwrites them.
template <class W>
class column_major_stack {
public:
    /// Uninitialised matrices of `rows` × `cols`, one per element of `batch`.
    column_major_stack(const shape_type& batch, index_t rows, index_t cols)
        : batch_(batch), rows_(rows), cols_(cols), count_(element_count(batch)),
          memory_(uninitialized, with_tail(batch, {cols, rows})) {}

    /// The matrices of `x` (shape [..., M, N], any layout or expression),
    /// converted to W, copied once; M and N are first checked to fit
    /// LAPACK's int (std::length_error naming `name`, the function).
    template <class X>
    static column_major_stack copy_of(const char* name, const X& x) {
        const shape_type& shape = x.shape();
        const index_t rows = shape[shape.size() - 2], cols = shape[shape.size() - 1];
        lapack_int(name, shape, rows);
        lapack_int(name, shape, cols);
        column_major_stack stack(batch_of(shape), rows, cols);
        tensor_view<W> matrices = stack.matrices();
        if (stack.memory_.size() != 0) assign(matrices, astype<W>(x), assignment::fresh);
        return stack;
    }

    /// The number of matrices.
    index_t count() const { return count_; }
    /// The rows of each matrix.
    index_t rows() const { return rows_; }
    /// The columns of each matrix.
    index_t cols() const { return cols_; }
    /// The leading dimension LAPACK is given (at least 1, as LAPACK requires).
    index_t ld() const { return std::max<index_t>(rows_, 1); }
    /// The batch shape.
    const shape_type& batch() const { return batch_; }
    /// Matrix k's element (0, 0).
    W* matrix(index_t k) { return memory_.data() + k * rows_ * cols_; }
    /// Element (i, j) of matrix k.
    W& at(index_t k, index_t i, index_t j) { return matrix(k)[i + j * rows_]; }

    /// The top-left `rows` × `cols` of every matrix, as a new row-major tensor of shape batch + [rows, cols].
    tensor<W> to_tensor(index_t rows, index_t cols) {
        tensor<W> result(uninitialized, with_tail(batch_, {rows, cols}));
        if (result.size() != 0) {
            assign(result, tensor_view<const W>(memory_.data(), layout(rows, cols)), assignment::fresh);
        }
        return result;
    }
    /// Every matrix whole, as a new row-major tensor of shape batch + [rows, cols].
    tensor<W> to_tensor() { return to_tensor(rows_, cols_); }

private:
    // The view of the top-left rows × cols of every matrix.
    strided_layout layout(index_t rows, index_t cols) const {
        strides_type strides(batch_.size() + 2);
        index_t step = rows_ * cols_;
        for (std::size_t d = batch_.size(); d-- > 0;) {
            strides[d] = step;
            step *= batch_[d];
        }
        strides[batch_.size()] = 1;
        strides[batch_.size() + 1] = rows_;
        return strided_layout(with_tail(batch_, {rows, cols}), strides);
    }

    tensor_view<W> matrices() { return tensor_view<W>(memory_.data(), layout(rows_, cols_)); }

    shape_type batch_;
    index_t rows_, cols_, count_;
    tensor<W> memory_;
};

// Sets each matrix of `stack` to the first columns of the identity.
template <class W>
void set_identity(column_major_stack<W>& stack) {
    for (index_t b = 0; b < stack.count(); ++b) {
        for (index_t j = 0; j < stack.cols(); ++j) {
            for (index_t i = 0; i < stack.rows(); ++i) stack.at(b, i, j) = W(i == j ? 1 : 0);
        }
    }
}

}  // namespace loom::linalg::detail
