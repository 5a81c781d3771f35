// The differential test of numpy.linalg in loom::linalg (solve.hpp,
// decompositions.hpp, norms.hpp, multi_dot.hpp) against NumPy: random cases
// call det, solve (b a stack of matrices, or of vectors with one dimension
// fewer than a), inv, eigvalsh ('L' or 'U'), svd's singular values, lstsq
// (its solution, its residuals, or its rank and singular values), pinv,
// matrix_rank, cholesky, norm (vector orders along one axis, matrix orders
// along two, keepdims), cond, matrix_power and multi_dot, and check qr and
// svd by their reconstruction: Q R and U S Vh (with Q^T Q appended) must
// give back the matrix in both (with Q^H Q); eigvals are compared sorted (by
// real part, then imaginary part: random fractions and Hilbert matrices, whose
// eigenvalues are distinct), and eig by its residuals |A v - w v| and the
// lengths of its eigenvectors, each side computing its own, as loom's
// eigenvectors may differ from NumPy's by a unit factor. A complex result
// is compared as its real and imaginary parts side by side (a last axis of
// 2), and eig and eigvals as complex whatever NumPy returns (loom's are
// complex always). Matrices have zero to two batch dimensions
// of sizes 0 to 3 (1 often, so that solve's batches broadcast, and now and
// then do not) and core sizes 0 to 4 (now and then not square, or of rank
// 1); they hold random fractions (well conditioned), small integers
// (singular now and then), a scaled Hilbert matrix (ill conditioned), or a
// repeated row (exactly singular); symmetric positive-definite ones for
// cholesky and eigvalsh. The element types are bool, int32, int64, float32
// and float64, and complex64 and complex128 (random imaginary parts; an
// antisymmetric imaginary part, which keeps it Hermitian positive definite,
// for cholesky and eigvalsh; none for a repeated row, which stays exactly
// singular); each operand is read as a tensor, with its last two axes
// swapped, reversed along its last axis with step 2, through broadcast_to,
// or as the expression `x * 2`.
//
// Results compare in dtype and shape exactly, integers exactly, floating
// elements within a bound: 200 epsilons of the result type times the
// matrix size, times the largest magnitude of the matrix (of the result,
// for solve, inv, lstsq and pinv, times the condition number of a, which
// loom computes; a case whose condition number is infinite compares only
// dtype and shape, as does one that solve, inv, cholesky or a negative
// matrix_power factors when its matrices are singular to working
// precision). loom must throw exactly when NumPy raises, but for a refusal
// of such matrices as singular or not positive definite, which rests on
// the rounding of the LAPACK each side loads (Note [singular to working
// precision]).
//
// The NumPy side follows loom's documented rules where they differ
// (docs/linear-algebra-and-losses.md): lstsq's rcond is None; matrix_power
// refuses a negative power of integers and bool; matrix_rank of a matrix
// without elements is 0; pinv of an empty matrix is floating; cond with
// 'nuc' of a singular matrix is inf (NumPy raises, its SVD of NaNs not
// converging); solve refuses a singular a when b has no columns, whichever
// LAPACK NumPy loads.
//
// LOOM_DIFF_SEED and LOOM_DIFF_DECOMPOSITION_CASES choose the cases. The
// suite needs LAPACK: without LOOM_HAVE_LAPACK it is empty.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "numpy_runner.hpp"
#include "python_literals.hpp"
#include "random_source.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

#ifdef LOOM_HAVE_LAPACK

namespace loom::differential {
namespace {

constexpr std::uint64_t default_decomposition_case_count = 3000;

enum class dec_op : std::uint8_t {
    det, solve, inv, eigvalsh, svd_values, svd_reconstructed, qr_reconstructed, cholesky, lstsq_solution,
    lstsq_residuals, lstsq_rank, pinv, matrix_rank, norm_vector, norm_matrix, cond, matrix_power, eigvals,
    eig_residuals, multi_dot,
};
constexpr std::size_t dec_op_count = static_cast<std::size_t>(dec_op::multi_dot) + 1;
constexpr const char* dec_op_names[dec_op_count] = {
    "det", "solve", "inv", "eigvalsh", "svd_values", "svd_reconstructed", "qr_reconstructed", "cholesky",
    "lstsq_solution", "lstsq_residuals", "lstsq_rank", "pinv", "matrix_rank", "norm_vector", "norm_matrix", "cond",
    "matrix_power", "eigvals", "eig_residuals", "multi_dot"};

constexpr dtype dec_dtypes[] = {dtype::boolean, dtype::int32, dtype::int64, dtype::float32, dtype::float64};

/// What a matrix holds.
enum class matrix_kind : std::uint8_t { fractions, integers, hilbert, repeated_row, positive_definite };
constexpr std::size_t matrix_kind_count = 5;

/// How an operand is read.
enum class view_kind : std::uint8_t { tensor, swapped, reversed_strided, broadcast, times_two };
constexpr std::size_t view_kind_count = 5;

struct dec_operand {
    any_tensor stored;
    std::optional<any_tensor> imaginary;  ///< for a complex operand: the imaginary parts, of stored's (floating) type
    view_kind view = view_kind::tensor;
    shape_type shape;  ///< the shape as read
};

struct dec_case {
    std::uint64_t seed = 0;
    int number = 0;
    dec_op op = dec_op::det;
    matrix_kind kind = matrix_kind::fractions;
    dec_operand a, b, c;
    std::string ord = "None";   ///< norm's ord, cond's p, as Python
    std::vector<index_t> axes;  ///< norm's
    bool flag = false;          ///< eigvalsh 'U', svd full_matrices, keepdims, hermitian, qr complete
    index_t n = 0;              ///< matrix_power's power, multi_dot's operand count
};

bool uses_b(dec_op op) {
    return op == dec_op::solve || op == dec_op::multi_dot || (op >= dec_op::lstsq_solution && op <= dec_op::lstsq_rank);
}

// ---- generation ----

double element_value(random_source& random, matrix_kind kind, index_t i, index_t j) {
    switch (kind) {
        case matrix_kind::fractions: return double(random.between(-1000000, 1000000)) / 999983.0;
        case matrix_kind::hilbert: return 12.0 / double(i + j + 1);
        default: return double(random.between(-3, 3));
    }
}

/// A stack of matrices of `shape` (rank 1 or 0 taken as it is) holding `kind`.
tensor<double> matrices(random_source& random, const shape_type& shape, matrix_kind kind) {
    tensor<double> t(shape);
    const index_t cols = shape.empty() ? 1 : shape.back();
    const index_t rows = shape.size() < 2 ? 1 : shape[shape.size() - 2];
    if (t.size() == 0) return t;
    for (index_t k = 0; k < t.size() / (rows * cols); ++k) {
        double* const m = t.data() + k * rows * cols;
        for (index_t i = 0; i < rows; ++i) {
            for (index_t j = 0; j < cols; ++j) m[i * cols + j] = element_value(random, kind, i, j);
        }
        if (kind == matrix_kind::repeated_row && rows >= 2) {
            const index_t from = random.between(0, rows - 1), to = (from + 1) % rows;
            for (index_t j = 0; j < cols; ++j) m[to * cols + j] = m[from * cols + j];
        }
        if (kind == matrix_kind::positive_definite && rows == cols) {  // B B^T + rows I, from small integers
            std::vector<double> b(m, m + rows * cols);
            for (index_t i = 0; i < rows; ++i) {
                for (index_t j = 0; j < cols; ++j) {
                    double total = i == j ? double(rows) : 0.0;
                    for (index_t p = 0; p < cols; ++p) total += b[std::size_t(i * cols + p)] * b[std::size_t(j * cols + p)];
                    m[i * cols + j] = total;
                }
            }
        }
    }
    return t;
}

/// The imaginary parts of a complex matrix whose real parts are `real`, so
/// that it keeps the property `kind` gives: antisymmetric (Hermitian in
/// all), small enough to keep a positive-definite matrix positive definite;
/// 0 for a repeated row (a complex multiple of a singular matrix need not
/// come out exactly singular from complex64's LU factors, where NumPy 1.24,
/// computing in complex128, finds it singular) and for a Hilbert matrix
/// (real symmetric); random otherwise.
tensor<double> imaginary_parts(random_source& random, const tensor<double>& real, matrix_kind kind) {
    const shape_type& shape = real.shape();
    if (kind == matrix_kind::repeated_row || kind == matrix_kind::hilbert) return tensor<double>(shape);
    if (kind != matrix_kind::positive_definite) return matrices(random, shape, kind);
    tensor<double> t(shape);
    const index_t cols = shape.empty() ? 1 : shape.back();
    const index_t rows = shape.size() < 2 ? 1 : shape[shape.size() - 2];
    if (t.size() == 0 || rows != cols) return t;
    for (index_t k = 0; k < t.size() / (rows * cols); ++k) {
        double* const m = t.data() + k * rows * cols;
        for (index_t i = 0; i < rows; ++i) {
            for (index_t j = i + 1; j < cols; ++j) {
                m[i * cols + j] = double(random.between(-1000000, 1000000)) / 1999966.0;
                m[j * cols + i] = -m[i * cols + j];
            }
        }
    }
    return t;
}

any_tensor converted(const tensor<double>& t, dtype type) {
    return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> r(t.shape());
        for (index_t i = 0; i < t.size(); ++i) {
            if constexpr (std::same_as<T, bool>) r.data()[i] = t.data()[i] != 0;
            else r.data()[i] = T(t.data()[i]);
        }
        return any_tensor(std::move(r));
    });
}

/// An operand of `shape` holding `kind`, read through a random view (without
/// `x * 2` unless `expression`, as solve's and lstsq's b and multi_dot's
/// operands are read by one form alone, to keep the suite's instantiations few).
dec_operand make_operand(random_source& random, dtype type, const shape_type& shape, matrix_kind kind,
                         bool views = true, bool expression = true, bool complex = false) {
    dec_operand o;
    o.shape = shape;
    const std::size_t pick = views ? random.below(expression ? 12 : 10) : 0;
    o.view = pick < 5                          ? view_kind::tensor
             : pick < 7 && shape.size() >= 2  ? view_kind::swapped
             : pick < 9 && !shape.empty()     ? view_kind::reversed_strided
             : pick < 10 && shape.size() > 2  ? view_kind::broadcast
             : pick >= 10                     ? view_kind::times_two
                                              : view_kind::tensor;
    shape_type stored = shape;
    if (o.view == view_kind::swapped) std::swap(stored[stored.size() - 1], stored[stored.size() - 2]);
    if (o.view == view_kind::reversed_strided) stored.back() = 2 * stored.back();
    if (o.view == view_kind::broadcast) stored[0] = 1;
    tensor<double> values = matrices(random, stored, kind);
    if (o.view == view_kind::swapped && kind != matrix_kind::fractions && kind != matrix_kind::integers) {
        values = matrices(random, shape, kind);  // the kind holds for the matrix as read: stored as its transpose
        values = tensor<double>(swapaxes(values, -1, -2));
    }
    if (o.view == view_kind::reversed_strided && kind != matrix_kind::fractions && kind != matrix_kind::integers) {
        o.view = view_kind::tensor;
        values = matrices(random, shape, kind);
    }
    o.stored = converted(values, type);
    if (complex) o.imaginary = converted(imaginary_parts(random, values, kind), type);
    return o;
}

index_t dec_size(random_source& random) { return random.chance(0.08) ? 0 : random.chance(0.15) ? 1 : random.between(2, 4); }

shape_type dec_batch(random_source& random) {
    shape_type batch;
    const std::size_t rank = random.below(3);
    for (std::size_t d = 0; d < rank; ++d) {
        batch.push_back(random.chance(0.08) ? 0 : random.chance(0.4) ? 1 : random.between(2, 3));
    }
    return batch;
}

shape_type with_core(shape_type batch, index_t rows, index_t cols) {
    batch.push_back(rows);
    batch.push_back(cols);
    return batch;
}

dec_case dec_generate(std::uint64_t seed, int number) {
    random_source random(seed ^ (0x510e527fade682d1ull * std::uint64_t(number + 1)));
    dec_case c;
    c.seed = seed;
    c.number = number;
    c.op = dec_op(random.below(dec_op_count));
    dtype type = random.pick(dec_dtypes);
    const bool complex = c.op != dec_op::multi_dot && random.chance(0.3);
    if (complex) type = random.chance(0.5) ? dtype::float32 : dtype::float64;  // complex64, complex128
    const std::size_t k = random.below(10);
    c.kind = k < 5 ? matrix_kind::fractions : k < 7 ? matrix_kind::integers : k < 8 ? matrix_kind::hilbert
                                                                                 : matrix_kind::repeated_row;
    if (c.op == dec_op::cholesky || c.op == dec_op::eigvalsh) {
        if (random.chance(0.8)) c.kind = matrix_kind::positive_definite;
    }
    if (c.op == dec_op::lstsq_solution || c.op == dec_op::lstsq_residuals) c.kind = matrix_kind::fractions;
    if (complex && type == dtype::float32 &&
        (c.kind == matrix_kind::repeated_row || c.kind == matrix_kind::integers)) {
        // complex64's LU factors of a singular matrix need not be exactly singular, where NumPy 1.24's, computed in
        // complex128, are: complex64 matrices are random fractions
        c.kind = matrix_kind::fractions;
    }
    if (c.op == dec_op::eigvals || c.op == dec_op::eig_residuals) {  // distinct eigenvalues, sorted alike
        c.kind = random.chance(0.8) ? matrix_kind::fractions : matrix_kind::hilbert;
    }
    const index_t n = dec_size(random);
    const bool square = !random.chance(0.08);
    shape_type a = with_core(dec_batch(random), n, square ? n : n + 1);
    if (random.chance(0.03)) a = {n};
    const dtype b_type = random.chance(0.7) ? type : dtype::float64;
    switch (c.op) {
        case dec_op::solve: {
            shape_type b = dec_batch(random);
            const shape_type batch_a(a.begin(), a.end() - std::min<std::ptrdiff_t>(2, std::ptrdiff_t(a.size())));
            if (random.chance(0.6)) b = batch_a;
            for (index_t& d : b) {
                if (random.chance(0.3)) d = 1;
            }
            if (random.chance(0.3) && b.size() + 1 == a.size()) {
                b.push_back(n);  // a stack of vectors
            } else {
                b.push_back(random.chance(0.05) ? n + 1 : n);
                b.push_back(random.between(0, 3));
            }
            c.b = make_operand(random, complex ? type : b_type, b, matrix_kind::fractions, true, false,
                               complex && random.chance(0.5));
            break;
        }
        case dec_op::svd_values:
        case dec_op::svd_reconstructed:
        case dec_op::qr_reconstructed:
        case dec_op::pinv:
        case dec_op::matrix_rank:
            if (a.size() >= 2) a.back() = dec_size(random);
            c.flag = random.chance(0.5);
            if (c.op == dec_op::pinv || c.op == dec_op::matrix_rank) {
                c.flag = c.flag && a.size() >= 2 && a.back() == a[a.size() - 2];
                if (c.flag) c.kind = matrix_kind::positive_definite;
            }
            break;
        case dec_op::lstsq_solution:
        case dec_op::lstsq_residuals:
        case dec_op::lstsq_rank: {
            const index_t m = dec_size(random) + (random.chance(0.5) ? 2 : 0);
            a = {m, std::min(dec_size(random), m)};
            if (c.op == dec_op::lstsq_rank) a = {dec_size(random), dec_size(random)};
            if (random.chance(0.03)) a = {2, 3, 2};
            shape_type b = {random.chance(0.04) ? a[0] + 1 : a[0]};
            if (random.chance(0.5)) b.push_back(random.between(0, 3));
            c.b = make_operand(random, complex ? type : b_type, b, matrix_kind::fractions, true, false,
                               complex && random.chance(0.5));
            break;
        }
        case dec_op::eigvalsh: c.flag = random.chance(0.5); break;
        case dec_op::norm_vector: {
            static constexpr const char* orders[] = {"None", "1", "2", "np.inf", "-np.inf", "0", "3", "-1", "0.5", "'fro'"};
            c.ord = random.pick(orders);
            a = with_core(dec_batch(random), dec_size(random) + 1, dec_size(random) + 1);
            if (random.chance(0.3)) a = {dec_size(random) + 1};
            c.axes = {random.between(-index_t(a.size()), index_t(a.size()) - 1)};
            if (random.chance(0.03)) c.axes[0] = index_t(a.size());
            if (random.chance(0.15)) c.axes.clear();  // None
            c.flag = random.chance(0.3);
            break;
        }
        case dec_op::norm_matrix: {
            static constexpr const char* orders[] = {"None", "'fro'", "'nuc'", "1", "-1", "2", "-2", "np.inf", "-np.inf", "3"};
            c.ord = random.pick(orders);
            a = with_core(dec_batch(random), dec_size(random) + 1, dec_size(random) + 1);
            const index_t rank = index_t(a.size());
            const index_t first = random.between(0, rank - 1);
            index_t second = random.between(0, rank - 1);
            if (second == first && !random.chance(0.05)) second = (first + 1) % rank;
            c.axes = {random.chance(0.3) ? first - rank : first, random.chance(0.3) ? second - rank : second};
            if (random.chance(0.15) && rank == 2) c.axes.clear();
            c.flag = random.chance(0.3);
            break;
        }
        case dec_op::cond: {
            static constexpr const char* orders[] = {"None", "'fro'", "'nuc'", "1", "-1", "2", "-2", "np.inf", "-np.inf"};
            c.ord = random.pick(orders);
            if (c.kind == matrix_kind::hilbert) c.kind = matrix_kind::fractions;
            break;
        }
        case dec_op::matrix_power:
            c.n = random.between(-3, 6);
            if ((c.kind == matrix_kind::hilbert || c.kind == matrix_kind::fractions) &&
                !(complex && type == dtype::float32)) {
                c.kind = matrix_kind::integers;
            }
            break;
        case dec_op::multi_dot: {
            c.n = random.between(2, 3);  // the operands beyond a: b, and c when 3
            std::vector<index_t> sizes;
            for (index_t i = 0; i <= c.n + 1; ++i) sizes.push_back(dec_size(random) + 1);
            a = {sizes[0], sizes[1]};
            if (random.chance(0.25)) a = {sizes[1]};
            shape_type b = {sizes[1] + (random.chance(0.04) ? 1 : 0), sizes[2]};
            shape_type third = {sizes[2], sizes[3]};
            if (random.chance(0.25)) (c.n == 2 ? b : third) = {c.n == 2 ? b[0] : sizes[2]};
            if (c.kind != matrix_kind::integers) c.kind = matrix_kind::fractions;
            c.b = make_operand(random, type, b, c.kind, false);
            if (c.n == 3) c.c = make_operand(random, type, third, c.kind, false);
            break;
        }
        default: break;
    }
    c.a = make_operand(random, type, a, c.kind, true, c.op != dec_op::multi_dot, complex);
    return c;
}

// ---- loom ----

template <class T>
tensor_view<const T> read(const tensor<T>& t, const dec_operand& o) {
    switch (o.view) {
        case view_kind::swapped: return swapaxes(t, -1, -2);
        case view_kind::reversed_strided: return t(ellipsis, range(none, none, -2));
        case view_kind::broadcast: return broadcast_to(t, o.shape);
        default: return t.view();
    }
}

// The complex tensor of parts `real` and `imaginary`.
template <class T>
tensor<std::complex<T>> complex_of(const tensor<T>& real, const tensor<T>& imaginary) {
    tensor<std::complex<T>> t(real.shape());
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = std::complex<T>(real.data()[i], imaginary.data()[i]);
    return t;
}

template <class F>
any_tensor with_operand(const dec_operand& o, F&& f) {
    return std::visit([&]<class T>(const tensor<T>& t) -> any_tensor {
        if constexpr (std::floating_point<T>) {
            if (o.imaginary) {
                const tensor<std::complex<T>> z = complex_of(t, std::get<tensor<T>>(*o.imaginary));
                if (o.view == view_kind::times_two) return f(z * 2);
                return f(read(z, o));
            }
        }
        if constexpr (std::same_as<T, bool> || std::same_as<T, std::int32_t> || std::same_as<T, std::int64_t> ||
                      std::floating_point<T>) {
            if (o.view == view_kind::times_two) return f(t * 2);
            return f(read(t, o));
        } else {
            throw std::logic_error("an element type the suite does not generate");
        }
    }, o.stored);
}

template <class T>
any_tensor as_any(tensor<T> t) {
    return any_tensor(std::move(t));
}

// A complex result as its real and imaginary parts side by side, along a new last axis of 2.
template <class R>
any_tensor as_any(const tensor<std::complex<R>>& t) {
    shape_type shape = t.shape();
    shape.push_back(2);
    tensor<R> parts(shape);
    for (index_t i = 0; i < t.size(); ++i) {
        parts.data()[2 * i] = t.data()[i].real();
        parts.data()[2 * i + 1] = t.data()[i].imag();
    }
    return any_tensor(std::move(parts));
}

// Each row of eigenvalues sorted by real part, then imaginary part (numpy.sort's order of complex numbers).
template <class C>
tensor<C> sorted_rows(tensor<C> values) {
    const index_t m = values.ndim() == 0 ? 1 : values.shape().back();
    for (index_t row = 0; m > 0 && row < values.size() / m; ++row) {
        std::sort(values.data() + row * m, values.data() + (row + 1) * m, [](const C& x, const C& y) {
            return x.real() < y.real() || (x.real() == y.real() && x.imag() < y.imag());
        });
    }
    return values;
}

linalg::norm_order order_of(const std::string& text) {
    if (text == "None") return {};
    if (text == "'fro'") return "fro";
    if (text == "'nuc'") return "nuc";
    if (text == "np.inf") return std::numeric_limits<double>::infinity();
    if (text == "-np.inf") return -std::numeric_limits<double>::infinity();
    return std::stod(text);
}

axis_set axes_of(const std::vector<index_t>& axes) {
    if (axes.empty()) return flat;
    return axis_set(std::span<const index_t>(axes));
}

// The elements of several tensors of type W one after another, as one vector.
template <class W>
tensor<W> joined(std::initializer_list<const tensor<W>*> parts) {
    index_t total = 0;
    for (const auto* p : parts) total += p->size();
    tensor<W> r(shape_type{total});
    index_t at = 0;
    for (const auto* p : parts) {
        std::copy(p->begin(), p->end(), r.data() + at);
        at += p->size();
    }
    return r;
}

template <class X>
any_tensor one_in_loom(const dec_case& c, const X& x) {
    using W = linalg::detail::lapack_real_t<value_type_of<X>>;
    switch (c.op) {
        case dec_op::det: return as_any(linalg::det(x));
        case dec_op::inv: return as_any(linalg::inv(x));
        case dec_op::eigvalsh: return as_any(linalg::eigvalsh(x, c.flag ? 'U' : 'L'));
        case dec_op::svd_values: return as_any(linalg::svd(x, c.flag, false).s);
        case dec_op::svd_reconstructed: {
            const auto [u, s, vh] = linalg::svd(x, c.flag);
            const index_t k = s.shape().back();
            tensor<W> product = matmul(u(ellipsis, range(0, k)) * expand_dims(s, -2), vh(ellipsis, range(0, k), all));
            return as_any(std::move(product));
        }
        case dec_op::qr_reconstructed: {
            const auto [q, r] = linalg::qr(x, c.flag ? linalg::qr_mode::complete : linalg::qr_mode::reduced);
            tensor<W> product = matmul(q, r);
            tensor<W> gram = matmul(conj(swapaxes(q, -1, -2)), q);
            return as_any(joined<W>({&product, &gram}));
        }
        case dec_op::cholesky: return as_any(linalg::cholesky(x));
        case dec_op::pinv: return as_any(linalg::pinv(x, 1e-15, c.flag));
        case dec_op::matrix_rank: return as_any(linalg::matrix_rank(x, std::nullopt, c.flag));
        case dec_op::norm_vector:
        case dec_op::norm_matrix: return as_any(linalg::norm(x, order_of(c.ord), axes_of(c.axes), c.flag));
        case dec_op::cond: return as_any(linalg::cond(x, order_of(c.ord)));
        case dec_op::matrix_power: return as_any(linalg::matrix_power(x, c.n));
        case dec_op::eigvals: return as_any(sorted_rows(linalg::eigvals(x)));
        case dec_op::eig_residuals: {
            using C = std::complex<real_part_t<W>>;
            const auto [w, v] = linalg::eig(x);
            const tensor<real_part_t<W>> residuals(abs(matmul(astype<C>(x), v) - v * expand_dims(w, -2)));
            const tensor<real_part_t<W>> lengths = linalg::norm(v, {}, {-2});
            return as_any(joined<real_part_t<W>>({&residuals, &lengths}));
        }
        default: throw std::logic_error("not a function of one operand");
    }
}

template <class X, class Y>
any_tensor two_in_loom(const dec_case& c, const X& x, const Y& y) {
    switch (c.op) {
        case dec_op::solve: return as_any(linalg::solve(x, y));
        case dec_op::lstsq_solution: return as_any(linalg::lstsq(x, y).solution);
        case dec_op::lstsq_residuals: return as_any(linalg::lstsq(x, y).residuals);
        case dec_op::lstsq_rank: {
            using W = linalg::detail::lapack_real_t<value_type_of<X>, value_type_of<Y>>;
            using R = real_part_t<W>;
            const auto fit = linalg::lstsq(x, y);
            const tensor<R> rank(shape_type{1}, R(fit.rank));
            return as_any(joined<R>({&rank, &fit.singular_values}));
        }
        default: throw std::logic_error("not a function of two operands");
    }
}

any_tensor multi_dot_in_loom(const dec_case& c) {
    return std::visit([&]<class T>(const tensor<T>& a) -> any_tensor {
        const tensor<T>& b = std::get<tensor<T>>(c.b.stored);
        if (c.n == 2) return as_any(linalg::multi_dot(read(a, c.a), b));
        return as_any(linalg::multi_dot(read(a, c.a), b, std::get<tensor<T>>(c.c.stored)));
    }, c.a.stored);
}

outcome dec_in_loom(const dec_case& c) {
    outcome o;
    try {
        if (c.op == dec_op::multi_dot) {
            o.value = multi_dot_in_loom(c);
        } else if (uses_b(c.op)) {
            o.value = with_operand(c.a, [&](const auto& x) {
                return std::visit([&]<class B>(const tensor<B>& b) -> any_tensor {
                    if constexpr (std::floating_point<B>) {
                        if (c.b.imaginary) {
                            return two_in_loom(c, x, read(complex_of(b, std::get<tensor<B>>(*c.b.imaginary)), c.b));
                        }
                    }
                    if constexpr (std::same_as<B, bool> || std::same_as<B, std::int32_t> ||
                                  std::same_as<B, std::int64_t> || std::floating_point<B>) {
                        return two_in_loom(c, x, read(b, c.b));
                    } else {
                        throw std::logic_error("an element type the suite does not generate");
                    }
                }, c.b.stored);
            });
        } else {
            o.value = with_operand(c.a, [&](const auto& x) { return one_in_loom(c, x); });
        }
    } catch (const broadcast_error& error) {
        o.result = outcome::kind::broadcast_error;
        o.message = std::string("broadcast_error: ") + error.what();
    } catch (const linalg_error& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("linalg_error: ") + error.what();
    } catch (const std::out_of_range& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("out_of_range: ") + error.what();
    } catch (const std::invalid_argument& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("invalid_argument: ") + error.what();
    } catch (const std::exception& error) {
        o.result = outcome::kind::other_error;
        o.message = std::string("another exception: ") + error.what();
    }
    return o;
}

std::string exception_kind(const outcome& o) { return o.message.substr(0, o.message.find(':')); }

// ---- NumPy ----

constexpr const char* dec_rules_source = R"(from loom_outcomes import *
L = np.linalg

def emit(number, compute):
    try:
        r = np.asarray(compute())
        if np.iscomplexobj(r):  # as loom's side: real and imaginary parts along a last axis of 2
            r = np.stack([r.real, r.imag], -1)
    except Exception as error:
        print(number, 'raise', type(error).__name__, str(error).replace('\n', ' '))
        return
    shape = ','.join(str(s) for s in r.shape) if r.ndim else '-'
    print(number, 'ok', r.dtype.name, shape, *values_of(r))

def view(a, kind, shape):
    if kind == 1:
        return np.swapaxes(a, -1, -2)
    if kind == 2:
        return a[..., ::-2]
    if kind == 3:
        return np.broadcast_to(a, shape)
    if kind == 4:
        return np.multiply(a, 2, dtype='int32' if a.dtype == bool else a.dtype)
    return a

def real_work(x):
    return np.float32 if x.dtype in (np.float32, np.complex64) else np.float64

def work(x):
    if x.dtype.kind == 'c':
        return x.dtype
    return real_work(x)

def complex_work(x):
    return np.complex64 if real_work(x) == np.float32 else np.complex128

def solve(x, y):
    # loom: a singular a is refused whatever b is, as NumPy documents. NumPy 1.24 raises it for a b without
    # columns on the reference LAPACK, whose xgesv factors a first, and not on OpenBLAS, whose xgesv returns
    # at once: a b of one column, with the same batch and rows, asks every LAPACK the same question.
    if y.ndim + 1 != x.ndim and y.shape[-1] == 0:
        L.solve(x, np.ones(y.shape[:-1] + (1,), dtype=y.dtype))
    return L.solve(x, y)

def eigvals(x):
    return np.sort(L.eigvals(x).astype(complex_work(x)), axis=-1)

def eig_residuals(x):
    w, v = L.eig(x)
    w, v = w.astype(complex_work(x)), v.astype(complex_work(x))
    residuals = np.abs(np.matmul(x.astype(complex_work(x)), v) - v * w[..., None, :])
    return np.concatenate([residuals.ravel(), L.norm(v, axis=-2).ravel()])

def svd_reconstructed(x, full):
    u, s, vh = L.svd(x, full_matrices=full)
    k = s.shape[-1]
    return np.matmul(u[..., :k] * s[..., None, :], vh[..., :k, :])

def qr_reconstructed(x, complete):
    q, r = L.qr(x, mode='complete' if complete else 'reduced')
    return np.concatenate([np.matmul(q, r).ravel(), np.matmul(np.conj(np.swapaxes(q, -1, -2)), q).ravel()])

def pinv(x, hermitian):
    r = L.pinv(x, hermitian=hermitian)
    return r.astype(work(x))  # loom: floating, an empty one too

def matrix_rank(x, hermitian):
    if x.ndim >= 2 and x.size == 0:  # loom: 0 (NumPy finds no largest singular value)
        return np.zeros(x.shape[:-2], dtype=np.int64)
    return np.asarray(L.matrix_rank(x, hermitian=hermitian), dtype=np.int64)

def lstsq(x, y, part):
    solution, residuals, rank, s = L.lstsq(x, y, rcond=None)
    if part == 0:
        return solution
    if part == 1:
        return residuals
    return np.concatenate([np.asarray([rank], dtype=s.dtype), s])

def cond(x, p):
    try:
        return np.real(L.cond(x, p))  # loom: real (NumPy's is complex for complex x and p not None, 2, -2)
    except L.LinAlgError as error:
        if p != 'nuc' or 'SVD did not converge' not in str(error):
            raise
    # loom: a singular matrix's condition number is inf for 'nuc' too (NumPy's
    # SVD of the NaNs its inv gives does not converge)
    r = np.empty(x.shape[:-2], dtype=real_work(x))
    for i in np.ndindex(r.shape):
        try:
            r[i] = L.cond(x[i], p)
        except L.LinAlgError:
            r[i] = np.inf
    return r

def matrix_power(x, n):
    if n < 0 and x.dtype.kind not in 'fc':
        raise TypeError('a negative power of integers')  # loom: refused, not converted
    return L.matrix_power(x, n)

def norm(x, ord, axis, keepdims):
    return L.norm(x, ord, axis, keepdims)
)";

std::string axes_python(const std::vector<index_t>& axes) {
    if (axes.empty()) return "None";
    std::string text = "(";
    for (index_t d : axes) text += std::to_string(d) + ", ";
    return text + ")";
}

std::string operand_python(const std::string& name, const dec_operand& o) {
    std::string shape = "(";
    for (index_t d : o.shape) shape += std::to_string(d) + ", ";
    std::string value = python_array(o.stored);
    if (o.imaginary) {
        value = "(" + value + " + 1j * " + python_array(*o.imaginary) + ").astype('" +
                (dtype_of(o.stored) == dtype::float32 ? "complex64" : "complex128") + "')";
    }
    return name + " = view(" + value + ", " + std::to_string(int(o.view)) + ", " + shape + "))\n";
}

std::string call_python(const dec_case& c) {
    const std::string flag = c.flag ? "True" : "False";
    switch (c.op) {
        case dec_op::det: return "L.det(x)";
        case dec_op::solve: return "solve(x, y)";
        case dec_op::inv: return "L.inv(x)";
        case dec_op::eigvalsh: return std::string("L.eigvalsh(x, '") + (c.flag ? "U" : "L") + "')";
        case dec_op::svd_values: return "L.svd(x, " + flag + ", False)";
        case dec_op::svd_reconstructed: return "svd_reconstructed(x, " + flag + ")";
        case dec_op::qr_reconstructed: return "qr_reconstructed(x, " + flag + ")";
        case dec_op::cholesky: return "L.cholesky(x)";
        case dec_op::lstsq_solution: return "lstsq(x, y, 0)";
        case dec_op::lstsq_residuals: return "lstsq(x, y, 1)";
        case dec_op::lstsq_rank: return "lstsq(x, y, 2)";
        case dec_op::pinv: return "pinv(x, " + flag + ")";
        case dec_op::matrix_rank: return "matrix_rank(x, " + flag + ")";
        case dec_op::norm_vector:
        case dec_op::norm_matrix: return "norm(x, " + c.ord + ", " + axes_python(c.axes) + ", " + flag + ")";
        case dec_op::cond: return "cond(x, " + c.ord + ")";
        case dec_op::matrix_power: return "matrix_power(x, " + std::to_string(c.n) + ")";
        case dec_op::eigvals: return "eigvals(x)";
        case dec_op::eig_residuals: return "eig_residuals(x)";
        case dec_op::multi_dot: return c.n == 2 ? "L.multi_dot([x, y])" : "L.multi_dot([x, y, z])";
    }
    throw std::logic_error("unknown function");
}

std::string dec_case_python(const dec_case& c) {
    std::string text = operand_python("x", c.a);
    if (uses_b(c.op)) text += operand_python("y", c.b);
    if (c.op == dec_op::multi_dot && c.n == 3) text += operand_python("z", c.c);
    return text + "emit(" + std::to_string(c.number) + ", lambda: " + call_python(c) + ")\n";
}

// ---- comparison ----

double largest_magnitude(const any_tensor& t) {
    double m = 0;
    std::visit([&](const auto& x) {
        for (const auto v : x) m = std::max(m, std::fabs(double(v)));
    }, t);
    return m;
}

// The largest magnitude of an operand's parts.
double largest_magnitude(const dec_operand& o) {
    return std::max(largest_magnitude(o.stored), o.imaginary ? largest_magnitude(*o.imaginary) : 0.0);
}

/// The largest of condition numbers, infinite for NaN.
double worst_of(const tensor<double>& numbers) {
    double worst = 1;
    for (const double v : numbers) worst = std::isnan(v) ? std::numeric_limits<double>::infinity() : std::max(worst, v);
    return worst;
}

/// A complex operand's imaginary parts, in its own type.
template <class T>
const tensor<T>& imaginary_of(const dec_operand& o, const tensor<T>&) {
    return std::get<tensor<T>>(*o.imaginary);
}

/// The largest condition number of the matrices of a as read (1 when it has none or they are not square).
double condition(const dec_case& c) {
    const shape_type& s = c.a.shape;
    if (s.size() < 2 || element_count(s) == 0) return 1;
    try {
        const double scale = c.a.view == view_kind::times_two ? 2.0 : 1.0;
        return std::visit([&]<class T>(const tensor<T>& t) {
            if (c.a.imaginary) {  // in complex128, whatever the operand's precision, as the real ones in float64
                const tensor<std::complex<double>> z =
                    complex_of(tensor<double>(astype<double>(t)), tensor<double>(astype<double>(imaginary_of(c.a, t))));
                const tensor<std::complex<double>> values(read(z, c.a) * scale);
                return worst_of(linalg::cond(values));
            }
            const tensor<double> values = astype<double>(read(t, c.a)) * scale;
            return worst_of(linalg::cond(values));
        }, c.a.stored);
    } catch (const std::exception&) {
        return std::numeric_limits<double>::infinity();
    }
}

/// Whether the matrices of a are singular to the working precision of the case (Note [singular to working
/// precision]): condition number times epsilon times size at least 1. Whether their factors then meet an exact
/// 0, and what a solution, an inverse or a power of them holds, rests on the LAPACK's rounding.
bool singular_to_working_precision(const dec_case& c) {
    const bool single =  // float32 and complex64 work in single precision, as the result's type says
        dtype_of(c.a.stored) == dtype::float32 && (!uses_b(c.op) || dtype_of(c.b.stored) == dtype::float32);
    const double epsilon =
        single ? double(std::numeric_limits<float>::epsilon()) : std::numeric_limits<double>::epsilon();
    const double size = double(std::max<index_t>(c.a.shape.empty() ? 1 : c.a.shape.back(), 1));
    return condition(c) * epsilon * size >= 1;
}

/// How far a floating element may be from NumPy's.
double dec_tolerance(const dec_case& c, dtype result, double numpy_magnitude) {
    const double epsilon = result == dtype::float32 ? double(std::numeric_limits<float>::epsilon())
                                                    : std::numeric_limits<double>::epsilon();
    const double size = double(std::max<index_t>(c.a.shape.empty() ? 1 : c.a.shape.back(), 1));
    double scale = std::max(largest_magnitude(c.a) * (c.a.view == view_kind::times_two ? 2 : 1), 1.0);
    const bool factors = c.op == dec_op::solve || c.op == dec_op::inv || c.op == dec_op::cholesky ||
                         (c.op == dec_op::matrix_power && c.n < 0);
    if (factors && singular_to_working_precision(c)) return std::numeric_limits<double>::infinity();
    switch (c.op) {
        case dec_op::det: scale = std::pow(scale * size, size); break;
        case dec_op::solve:
        case dec_op::inv:
        case dec_op::pinv:
        case dec_op::lstsq_solution:
        case dec_op::lstsq_residuals:
        case dec_op::cholesky: scale = condition(c) * std::max(numpy_magnitude, 1.0); break;
        case dec_op::cond: scale = condition(c) * condition(c) * std::max(numpy_magnitude, 1.0); break;
        case dec_op::eigvals: scale *= condition(c); break;
        case dec_op::matrix_power:
            scale = std::max(numpy_magnitude, 1.0) * (c.n < 0 ? condition(c) : 1.0);
            break;
        case dec_op::multi_dot: scale = std::max(numpy_magnitude, 1.0) * size; break;
        default: break;
    }
    return 200 * epsilon * size * scale;
}

std::optional<std::string> compare(const dec_case& c, const any_tensor& ours, const any_tensor& theirs) {
    if (dtype_of(ours) != dtype_of(theirs)) {
        return std::string("dtype: loom ") + name_of(dtype_of(ours)) + ", NumPy " + name_of(dtype_of(theirs));
    }
    std::optional<std::string> difference;
    std::visit([&]<class T>(const tensor<T>& x) {
        const tensor<T>& y = std::get<tensor<T>>(theirs);
        if (!(x.shape() == y.shape())) {
            difference = "shape: loom " + loom::to_string(x.shape()) + ", NumPy " + loom::to_string(y.shape());
            return;
        }
        const double bound = std::floating_point<T> ? dec_tolerance(c, dtype_v<T>, largest_magnitude(theirs)) : 0.0;
        if (std::isinf(bound)) return;  // a singular matrix: only dtype and shape compare
        for (index_t i = 0; i < x.size(); ++i) {
            const double ours_i = double(x.data()[i]), theirs_i = double(y.data()[i]);
            const bool same = ours_i == theirs_i || (std::isnan(ours_i) && std::isnan(theirs_i)) ||
                              std::fabs(ours_i - theirs_i) <= bound;
            if (!same) {
                std::ostringstream text;
                text.precision(17);
                text << "element " << i << ": loom " << ours_i << ", NumPy " << theirs_i << " (allowed: " << bound
                     << ")";
                difference = text.str();
                return;
            }
        }
    }, ours);
    return difference;
}

// ---- the suite ----

struct dec_cases {
    using case_type = dec_case;
    static constexpr const char* label = "decomposition";
    static constexpr const char* title = "decompositions";
    static constexpr const char* count_variable = "LOOM_DIFF_DECOMPOSITION_CASES";
    static constexpr std::uint64_t default_count = default_decomposition_case_count;
    static constexpr const char* rules_module = "loom_decomposition_rules";
    static constexpr const char* rules_source = dec_rules_source;
    static constexpr auto generate = &dec_generate;
    static constexpr auto evaluate_in_loom = &dec_in_loom;
    static constexpr auto case_python = &dec_case_python;
    static const char* operation(const dec_case& c) { return dec_op_names[std::size_t(c.op)]; }

    // Note [singular to working precision]: the LU or Cholesky factors of a matrix whose condition number is
    // near 1/epsilon meet an exact 0 (or a negative number) on their diagonal or only a tiny positive one, as
    // the LAPACK's order of operations rounds (OpenBLAS's blocked kernels and the reference LAPACK's loops
    // differ): one side may then refuse the matrix as singular, or as not positive definite, where the other
    // factors it. loom and NumPy may load different LAPACKs.
    static bool refusal_may_differ(const dec_case& c, const outcome& ours, const outcome& theirs) {
        const std::string& refusal = failed(ours) ? ours.message : theirs.message;
        const bool by_the_values = refusal.find("ingular") != std::string::npos ||
                                   refusal.find("not positive definite") != std::string::npos;
        return by_the_values && singular_to_working_precision(c);
    }
};

class DecompositionsAgainstNumPy : public case_suite<dec_cases> {};

TEST_F(DecompositionsAgainstNumPy, ResultsMatchNumPy) {
    expect_values_match(
        [](std::size_t i) { return compare(run().cases[i], run().loom[i].value, run().numpy[i].value); });
}

TEST_F(DecompositionsAgainstNumPy, ThrowsExactlyWhenNumPyRaises) { expect_errors_exactly_where_numpy_raises(); }

// loom throws what docs/linear-algebra-and-losses.md names: linalg_error
// where NumPy's LinAlgError is about the values (a singular matrix, one not
// positive definite, an empty matrix's condition number), broadcast_error for
// solve's batch shapes that do not broadcast, out_of_range for norm's axis
// out of range, invalid_argument for shapes and orders otherwise (NumPy's
// LinAlgError or ValueError).
TEST_F(DecompositionsAgainstNumPy, ThrowsTheDocumentedExceptionTypes) {
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const outcome& ours = run().loom[i];
        const outcome& theirs = run().numpy[i];
        if (!failed(ours) || !failed(theirs)) continue;
        const std::string& m = theirs.message;
        std::string expected = "invalid_argument";
        if (m.find("Singular matrix") != std::string::npos || m.find("not positive definite") != std::string::npos ||
            m.find("empty arrays") != std::string::npos) {
            expected = "linalg_error";
        } else if (m.find("broadcast") != std::string::npos) {
            expected = "broadcast_error";
        } else if (m.starts_with("AxisError")) {
            expected = "out_of_range";
        }
        if (exception_kind(ours) != expected) report(i, "loom threw " + exception_kind(ours) + ", not " + expected);
    }
}

// The generator must keep reaching every function computed and refused,
// every kind of matrix, view and type, or the comparisons would cover less.
TEST_F(DecompositionsAgainstNumPy, CasesCoverEveryFunctionKindViewAndType) {
    if (run().cases.size() < default_decomposition_case_count) {
        GTEST_SKIP() << "coverage is checked with the default case count";
    }
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const dec_case& c = run().cases[i];
        const std::string name = dec_op_names[std::size_t(c.op)];
        const bool refused = failed(run().numpy[i]);
        ++counts[name + (refused ? " refused" : " computed")];
        if (refused && failed(run().loom[i])) ++counts["threw " + exception_kind(run().loom[i])];
        if (!refused) {
            ++counts["kind " + std::to_string(int(c.kind))];
            ++counts["view " + std::to_string(int(c.a.view))];
            ++counts[std::string("type ") + name_of(dtype_of(c.a.stored))];
            if (c.a.imaginary) ++counts[name + " complex"];
            if (c.a.shape.size() > 2) ++counts["batched"];
            if (element_count(c.a.shape) == 0) ++counts["empty"];
        }
    }
    for (const char* name : dec_op_names) EXPECT_GT(counts[std::string(name) + " computed"], 0) << name;
    for (const char* name : dec_op_names) {
        if (std::string(name) != "multi_dot") {
            EXPECT_GT(counts[std::string(name) + " complex"], 0) << name;
        }
    }
    for (const char* name : {"det", "solve", "inv", "cholesky", "lstsq_solution", "norm_vector", "norm_matrix", "cond",
                             "multi_dot"}) {
        EXPECT_GT(counts[std::string(name) + " refused"], 0) << name;
    }
    for (std::size_t kind = 0; kind < matrix_kind_count; ++kind) EXPECT_GT(counts["kind " + std::to_string(kind)], 0);
    for (std::size_t view = 0; view < view_kind_count; ++view) EXPECT_GT(counts["view " + std::to_string(view)], 0);
    for (dtype type : dec_dtypes) EXPECT_GT(counts[std::string("type ") + name_of(type)], 0) << name_of(type);
    for (const char* what : {"batched", "empty", "threw linalg_error", "threw invalid_argument",
                             "threw broadcast_error", "threw out_of_range"}) {
        EXPECT_GT(counts[what], 0) << what;
    }
}

}  // namespace
}  // namespace loom::differential

#endif
