// Fuzzes numpy.linalg's functions in loom::linalg: solve, inv, det,
// slogdet, lstsq (any rcond), matrix_power (exponents negative, 0, small and
// at the limits of index_t), cholesky, qr in each mode, svd with and without
// full_matrices and compute_uv, eigh and eigvalsh with any UPLO, eig and
// eigvals, pinv and matrix_rank (hermitian or not, any rcond or tol), norm
// (no order, numbers, infinities, "fro", "nuc"; flat, one axis, two axes,
// repeated or out of range, keepdims), cond (each p) and multi_dot of two or
// three operands; on float64, float32, complex64, complex128 and int32
// operands of ranks 0 to 4 and sizes 0 to 3 (square or not, 1 x 1, empty,
// stacks), seen as themselves or transposed, their values small integers,
// now and then NaN or infinite. Property: a documented refusal of the kind
// each function's comment names (std::invalid_argument for shapes and
// arguments that numpy.linalg refuses, loom::broadcast_error for batch shapes
// that do not broadcast, std::out_of_range for an axis out of range,
// loom::linalg_error for a singular or indefinite matrix, one that does not
// converge or holds NaN) exactly when the rules refuse, and otherwise the
// result type numpy.linalg gives (checked at compile time) and the shapes
// it gives. On well-conditioned inputs (each matrix Hermitian with a
// dominant positive diagonal), every result is checked against its
// definition: A x - b, A inv(A) - I, the normal equations of lstsq, Q R - A,
// U S Vh - A, L L^H - A, A v - w v, A pinv(A) A - A and matrix_power's
// repeated products are small, and no call refuses.

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz_support.hpp"
#include "loom/linalg.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using cd = std::complex<double>;
namespace la = loom::linalg;

// The refusals loom::linalg documents: attempt()'s, and linalg_error.
enum class linalg_refusal { none, invalid_argument, out_of_range, broadcast, length_error, linalg_error };

const char* linalg_name(linalg_refusal r) {
    switch (r) {
        case linalg_refusal::none: return "none";
        case linalg_refusal::invalid_argument: return "invalid_argument";
        case linalg_refusal::out_of_range: return "out_of_range";
        case linalg_refusal::broadcast: return "broadcast_error";
        case linalg_refusal::length_error: return "length_error";
        case linalg_refusal::linalg_error: return "linalg_error";
    }
    return "?";
}

struct linalg_outcome {
    linalg_refusal kind = linalg_refusal::none;
    std::string message;
};

// Runs `call`; any other exception escapes, and libFuzzer reports it.
template <class Call>
linalg_outcome linalg_attempt(Call call) {
    try {
        call();
    } catch (const loom::linalg_error& e) {
        return {linalg_refusal::linalg_error, e.what()};
    } catch (const loom::broadcast_error& e) {
        return {linalg_refusal::broadcast, e.what()};
    } catch (const std::invalid_argument& e) {
        return {linalg_refusal::invalid_argument, e.what()};
    } catch (const std::out_of_range& e) {
        return {linalg_refusal::out_of_range, e.what()};
    } catch (const std::length_error& e) {
        return {linalg_refusal::length_error, e.what()};
    }
    return {};
}

// What the rules give: refusals allowed (several where the arguments break
// several rules, or where values decide), and whether the call may also
// succeed (values decide: a singular matrix, NaN).
struct linalg_expected {
    std::vector<linalg_refusal> refusals;
    bool may_succeed = true;
};

linalg_expected accept() { return {}; }
linalg_expected refuse(linalg_refusal r) { return {{r}, false}; }

// Runs `call` and checks its outcome against `e`; true when it succeeded.
template <class Call>
bool linalg_check(const linalg_expected& e, const std::string& call, Call run) {
    const linalg_outcome o = linalg_attempt(run);
    if (o.kind == linalg_refusal::none) {
        if (!e.may_succeed) fail(call + ": expected " + linalg_name(e.refusals.front()) + ", got a result");
        return true;
    }
    if (std::find(e.refusals.begin(), e.refusals.end(), o.kind) == e.refusals.end()) {
        fail(call + ": expected " + (e.refusals.empty() ? std::string("a result") : linalg_name(e.refusals.front())) +
             ", got " + linalg_name(o.kind) + " (" + o.message + ")");
    }
    if (o.message.find(':') == std::string::npos) fail(call + ": the message \"" + o.message + "\" names no function");
    return false;
}

void require_shape(const shape_type& got, const std::vector<index_t>& expected, const std::string& what) {
    require(loom::fuzz::sizes_of(got) == expected, what + ": shape " + text(got) + ", expected " + text(expected));
}

// A tensor's elements in row-major order, as complex<double>.
template <class U>
std::vector<cd> values_of(const tensor<U>& t) {
    std::vector<cd> out;
    const auto v = t.view();
    for_each_element(v.shape(), v.strides(), 0, [&](const std::vector<index_t>&, index_t at) {
        if constexpr (loom::complex_element<U>) {
            out.emplace_back(static_cast<double>(v.data()[at].real()), static_cast<double>(v.data()[at].imag()));
        } else {
            out.emplace_back(static_cast<double>(v.data()[at]), 0.0);
        }
    });
    return out;
}

double largest_of(const std::vector<cd>& values) {
    double m = 0;
    for (const cd& x : values) m = std::max(m, std::abs(x));
    return m;
}

// Matrix `k` of a stack of row-major `rows` x `cols` matrices.
struct matrix_at {
    const std::vector<cd>* values;
    index_t k, rows, cols;
    cd operator()(index_t i, index_t j) const { return (*values)[static_cast<std::size_t>((k * rows + i) * cols + j)]; }
};

// A small integer value (each part, for complex T), or with `special` now
// and then NaN or an infinity, which sets `specials`.
template <class T>
T linalg_element(byte_reader& in, bool special, bool& specials) {
    const auto part = [&]() -> double {
        const unsigned c = in.next();
        if constexpr (std::is_floating_point_v<T> || loom::complex_element<T>) {
            if (special && c >= 252) {
                specials = true;
                return c == 252 ? std::numeric_limits<double>::quiet_NaN()
                                : (c == 253 ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
            }
        }
        return static_cast<double>(static_cast<int>(c % 7) - 3);
    };
    if constexpr (loom::complex_element<T>) {
        using P = typename T::value_type;
        const double re = part();
        return T(static_cast<P>(re), static_cast<P>(part()));
    } else {
        return static_cast<T>(part());
    }
}

// An operand: a tensor of small values and the view passed to loom (itself,
// or the transpose of a copy holding its transpose, so that both show the
// same elements).
template <class T>
struct linalg_operand {
    tensor<T> t;
    std::optional<tensor_view<T>> v;
    std::vector<index_t> shape;
    std::vector<cd> values;  // the view's elements, row-major
    bool transposed = false;
    bool specials = false;  // NaN or infinite values among them

    // Ranks from 0 to max_rank, sizes 0 to 3; square asks for equal last two sizes; well for dominant diagonals.
    linalg_operand(byte_reader& in, std::size_t max_rank, bool square, bool well) {
        shape.resize(static_cast<std::size_t>(in.below(static_cast<index_t>(max_rank) + 1)));
        for (index_t& s : shape) s = in.below(4);
        if (square && shape.size() >= 2) shape[shape.size() - 1] = shape[shape.size() - 2];
        tensor<T> seen{shape_type(shape.begin(), shape.end())};
        for (index_t i = 0; i < seen.size(); ++i) seen.data()[i] = linalg_element<T>(in, !well, specials);
        if (well && shape.size() >= 2) condition(seen);
        transposed = in.next() % 4 == 0;
        if (transposed) {
            t = tensor<T>(loom::transpose(seen));
            v.emplace(loom::transpose(t));
        } else {
            t = std::move(seen);
            v.emplace(t.view());
        }
        values = values_of(tensor<T>(*v));
    }

    // Each matrix Hermitian (when square) with a positive diagonal larger
    // than the rest of its row and column: well conditioned, positive definite.
    static void condition(tensor<T>& seen) {
        const shape_type& s = seen.shape();
        const index_t m = s[s.size() - 2], n = s.back();
        if (m == 0 || n == 0) return;
        const index_t count = seen.size() / (m * n);
        for (index_t k = 0; k < count; ++k) {
            T* a = seen.data() + k * m * n;
            if (m == n) {
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < i; ++j) {
                        if constexpr (loom::complex_element<T>) {
                            a[i * n + j] = std::conj(a[j * n + i]);
                        } else {
                            a[i * n + j] = a[j * n + i];
                        }
                    }
                }
            }
            for (index_t i = 0; i < std::min(m, n); ++i) {
                double total = 1;
                for (index_t j = 0; j < n; ++j) total += std::abs(static_cast<double>(std::abs(a[i * n + j])));
                for (index_t j = 0; j < m; ++j) total += std::abs(static_cast<double>(std::abs(a[j * n + i])));
                a[i * n + i] = static_cast<T>(static_cast<int>(total));
            }
        }
    }

    std::size_t rank() const { return shape.size(); }
    index_t rows() const { return shape[shape.size() - 2]; }
    index_t cols() const { return shape.back(); }
    index_t matrices() const {
        index_t count = 1;
        for (std::size_t d = 0; d + 2 < shape.size(); ++d) count *= shape[d];
        return count;
    }
    std::vector<index_t> batch() const { return {shape.begin(), shape.end() - 2}; }
    matrix_at matrix(index_t k) const { return {&values, k, rows(), cols()}; }
    std::string describe() const { return text(shape) + (transposed ? " (transposed)" : ""); }
};

std::vector<index_t> with_tail(std::vector<index_t> s, std::initializer_list<index_t> tail) {
    s.insert(s.end(), tail);
    return s;
}

// NumPy's broadcasting of two batch shapes, or nothing.
std::optional<std::vector<index_t>> broadcast(const std::vector<index_t>& a, const std::vector<index_t>& b) {
    const std::size_t rank = std::max(a.size(), b.size());
    std::vector<index_t> out(rank);
    for (std::size_t d = 0; d < rank; ++d) {
        const index_t x = d + a.size() >= rank ? a[d + a.size() - rank] : 1;
        const index_t y = d + b.size() >= rank ? b[d + b.size() - rank] : 1;
        if (x != y && x != 1 && y != 1) return std::nullopt;
        out[d] = x == 1 ? y : x;
    }
    return out;
}

// The largest |entry| of the difference of two computed quantities, against a scale.
struct residual {
    double error = 0, scale = 1;
    void add(cd difference, double size) {
        error = std::max(error, std::abs(difference));
        scale = std::max(scale, size);
    }
};

template <class T>
constexpr double linalg_tolerance() {
    return std::is_same_v<loom::linalg::detail::lapack_real_t<T>, float> ||
                   std::is_same_v<loom::linalg::detail::lapack_real_t<T>, std::complex<float>>
               ? 1e-3
               : 1e-9;
}

template <class T>
void require_small(const residual& r, const std::string& what) {
    if (!(r.error <= linalg_tolerance<T>() * r.scale)) {
        fail(what + ": residual " + std::to_string(r.error) + " against a scale of " + std::to_string(r.scale));
    }
}

cd conj_if(cd x, bool conjugate) { return conjugate ? std::conj(x) : x; }

// The norm's expected outcome and shape, by loom's documented rules (docs/linear-algebra-and-losses.md).
template <class T>
linalg_expected norm_rule(const linalg_operand<T>& x, const la::norm_order& ord, const std::optional<std::vector<index_t>>& axes,
                          bool keepdims, std::vector<index_t>& shape) {
    const std::size_t rank = x.rank();
    const auto resolve = [&](index_t a) -> std::optional<std::size_t> {
        const auto r = static_cast<index_t>(rank);
        if (a < -r || a >= r) return std::nullopt;
        return static_cast<std::size_t>(a < 0 ? a + r : a);
    };
    const auto reduce = [&](std::vector<std::size_t> gone) {
        shape.clear();
        for (std::size_t d = 0; d < rank; ++d) {
            if (std::find(gone.begin(), gone.end(), d) == gone.end()) shape.push_back(x.shape[d]);
            else if (keepdims) shape.push_back(1);
        }
    };
    const auto number = [&](double p) { return !ord.none() && !ord.frobenius() && !ord.nuclear() && ord.is(p); };
    const bool infinite = number(std::numeric_limits<double>::infinity()) || number(-std::numeric_limits<double>::infinity());
    const auto vector_rule = [&](std::size_t axis) {
        if (ord.frobenius() || ord.nuclear()) return refuse(linalg_refusal::invalid_argument);
        if (infinite && x.shape[axis] == 0) return refuse(linalg_refusal::invalid_argument);
        reduce({axis});
        return accept();
    };
    const auto matrix_rule = [&](std::size_t row, std::size_t col) {
        const bool singular = number(2) || number(-2) || ord.nuclear();
        if (!(ord.none() || ord.frobenius() || singular || number(1) || number(-1) || infinite)) {
            return refuse(linalg_refusal::invalid_argument);
        }
        // The largest or smallest of no sums or singular values.
        const bool empty = ((number(2) || number(-2)) && (x.shape[row] == 0 || x.shape[col] == 0)) ||
                           ((number(1) || number(-1)) && x.shape[col] == 0) || (infinite && x.shape[row] == 0);
        if (empty) return refuse(linalg_refusal::invalid_argument);
        reduce({row, col});
        linalg_expected e = accept();
        if (singular && x.specials) e.refusals.push_back(linalg_refusal::linalg_error);
        return e;
    };
    if (!axes) {
        if (ord.none() || (ord.frobenius() && rank == 2) || (number(2) && rank == 1)) {
            shape.assign(keepdims ? rank : 0, 1);
            return accept();
        }
        if (rank == 1) return vector_rule(0);
        if (rank == 2) return matrix_rule(0, 1);
        return refuse(linalg_refusal::invalid_argument);
    }
    if (axes->size() == 1) {
        const auto a = resolve((*axes)[0]);
        if (!a) {
            linalg_expected e = refuse(linalg_refusal::out_of_range);
            if (ord.frobenius() || ord.nuclear()) e.refusals.push_back(linalg_refusal::invalid_argument);
            return e;
        }
        return vector_rule(*a);
    }
    if (axes->size() == 2) {
        const auto r = resolve((*axes)[0]), c = resolve((*axes)[1]);
        if (!r || !c) return refuse(linalg_refusal::out_of_range);
        if (*r == *c) return refuse(linalg_refusal::invalid_argument);
        return matrix_rule(*r, *c);
    }
    return refuse(linalg_refusal::invalid_argument);
}

la::norm_order norm_order_from(unsigned choice) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    switch (choice % 12) {
        case 0: return {};
        case 1: return "fro";
        case 2: return "nuc";
        case 3: return inf;
        case 4: return -inf;
        case 5: return 0;
        case 6: return 1;
        case 7: return -1;
        case 8: return 2;
        case 9: return -2;
        case 10: return 3;
        default: return 0.5;
    }
}

template <class T>
void fuzz_linalg(byte_reader& in) {
    using W = la::detail::lapack_real_t<T>;
    using R = loom::real_part_t<W>;
    constexpr bool complex = loom::complex_element<W>;
    const unsigned operation = in.next() % 15;
    const bool well = in.next() % 3 == 0;
    const bool square = well || in.next() % 4 != 0;
    const linalg_operand<T> a(in, 4, square, well);
    const tensor_view<T>& av = *a.v;
    const std::string of = " of " + a.describe();
    const bool matrices = a.rank() >= 2;
    const bool is_square = matrices && a.rows() == a.cols();
    const bool empty = !matrices || a.rows() == 0 || a.cols() == 0;
    // Where values decide whether a call refuses: none of them when the input is well conditioned.
    const auto by_values = [&](std::initializer_list<linalg_refusal> kinds) {
        linalg_expected e = accept();
        if (!well) e.refusals = kinds;
        return e;
    };
    const auto square_rule = [&](linalg_expected e) {
        return is_square ? e : refuse(linalg_refusal::invalid_argument);
    };

    switch (operation) {
        case 0: {  // solve(a, b)
            const unsigned form = in.next() % 4;
            std::vector<index_t> bs;
            if (form == 0 && matrices) bs = with_tail(a.batch(), {a.rows(), in.below(3)});
            else if (form == 1 && matrices) bs = with_tail(a.batch(), {a.rows()});
            else if (form == 2 && matrices) bs = with_tail(std::vector<index_t>(static_cast<std::size_t>(in.below(2)), in.below(3)), {a.rows(), 1});
            else {
                bs.resize(static_cast<std::size_t>(in.below(5)));
                for (index_t& s : bs) s = in.below(4);
            }
            tensor<T> b{shape_type(bs.begin(), bs.end())};
            bool b_specials = false;
            std::vector<cd> bvalues;
            for (index_t i = 0; i < b.size(); ++i) b.data()[i] = linalg_element<T>(in, false, b_specials);
            bvalues = values_of(b);
            linalg_expected e = by_values({linalg_refusal::linalg_error});
            std::vector<index_t> shape;
            const bool vector = bs.size() + 1 == a.rank();
            if (!is_square || (!vector && bs.size() < 2)) {
                e = refuse(linalg_refusal::invalid_argument);
            } else if ((vector ? bs.back() : bs[bs.size() - 2]) != a.rows()) {
                e = refuse(linalg_refusal::invalid_argument);
            } else {
                const auto batch = broadcast(a.batch(), {bs.begin(), bs.end() - (vector ? 1 : 2)});
                if (!batch) e = refuse(linalg_refusal::broadcast);
                else shape = vector ? with_tail(*batch, {a.rows()}) : with_tail(*batch, {a.rows(), bs.back()});
            }
            tensor<W> x;
            static_assert(std::is_same_v<decltype(la::solve(av, b)), tensor<W>>);
            if (!linalg_check(e, "solve" + of + " and " + text(bs), [&] { x = la::solve(av, b); })) break;
            require_shape(x.shape(), shape, "solve" + of);
            if (!well || form > 1 || !matrices) break;
            // A x - b, matrix by matrix.
            const std::vector<cd> xv = values_of(x);
            const index_t m = a.rows(), k = form == 0 ? bs.back() : 1;
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), xm{&xv, s, m, k}, bm{&bvalues, s, m, k};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < k; ++j) {
                        cd total = 0;
                        double size = std::abs(bm(i, j));
                        for (index_t l = 0; l < m; ++l) {
                            total += am(i, l) * xm(l, j);
                            size += std::abs(am(i, l)) * std::abs(xm(l, j));
                        }
                        r.add(total - bm(i, j), size);
                    }
                }
            }
            require_small<T>(r, "solve" + of + ": A x - b");
            break;
        }
        case 1: {  // inv(a)
            tensor<W> x;
            static_assert(std::is_same_v<decltype(la::inv(av)), tensor<W>>);
            if (!linalg_check(square_rule(by_values({linalg_refusal::linalg_error})), "inv" + of, [&] { x = la::inv(av); })) break;
            require_shape(x.shape(), a.shape, "inv" + of);
            if (!well) break;
            const std::vector<cd> xv = values_of(x);
            const index_t m = a.rows();
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), xm{&xv, s, m, m};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < m; ++j) {
                        cd total = 0;
                        double size = 1;
                        for (index_t l = 0; l < m; ++l) {
                            total += am(i, l) * xm(l, j);
                            size += std::abs(am(i, l)) * std::abs(xm(l, j));
                        }
                        r.add(total - cd(i == j ? 1 : 0), size);
                    }
                }
            }
            require_small<T>(r, "inv" + of + ": A inv(A) - I");
            break;
        }
        case 2: {  // det(a) and slogdet(a)
            tensor<W> d;
            static_assert(std::is_same_v<decltype(la::det(av)), tensor<W>>);
            static_assert(std::is_same_v<decltype(la::slogdet(av)), la::slogdet_result<W>>);
            if (linalg_check(square_rule(accept()), "det" + of, [&] { d = la::det(av); })) {
                require_shape(d.shape(), a.batch(), "det" + of);
            }
            la::slogdet_result<W> parts;
            if (!linalg_check(square_rule(accept()), "slogdet" + of, [&] { parts = la::slogdet(av); })) break;
            require_shape(parts.sign.shape(), a.batch(), "slogdet's sign" + of);
            require_shape(parts.logabsdet.shape(), a.batch(), "slogdet's logabsdet" + of);
            if (!well) break;
            for (index_t s = 0; s < parts.sign.size(); ++s) {
                require(std::abs(std::abs(cd(parts.sign.data()[s])) - 1.0) <= linalg_tolerance<T>(),
                        "slogdet" + of + ": a sign of modulus other than 1 for a matrix that is not singular");
            }
            break;
        }
        case 3: {  // lstsq(a, b, rcond)
            std::vector<index_t> bs;
            const unsigned form = in.next() % 4;
            if (form == 0 && a.rank() == 2) bs = {a.rows()};
            else if (form == 1 && a.rank() == 2) bs = {a.rows(), in.below(3)};
            else {
                bs.resize(static_cast<std::size_t>(in.below(4)));
                for (index_t& s : bs) s = in.below(4);
            }
            tensor<T> b{shape_type(bs.begin(), bs.end())};
            bool b_specials = false;
            for (index_t i = 0; i < b.size(); ++i) b.data()[i] = linalg_element<T>(in, false, b_specials);
            const std::vector<cd> bvalues = values_of(b);
            const unsigned rc = in.next() % 4;
            const std::optional<double> rcond = rc == 0 ? std::optional<double>(-1.0)
                                                : rc == 1 ? std::optional<double>(0.5)
                                                          : std::nullopt;
            linalg_expected e = accept();
            if (a.specials) e.refusals = {linalg_refusal::linalg_error};
            if (a.rank() != 2 || (bs.size() != 1 && bs.size() != 2) || bs[0] != a.rows()) {
                e = refuse(linalg_refusal::invalid_argument);
            }
            la::lstsq_result<W> x;
            static_assert(std::is_same_v<decltype(la::lstsq(av, b, rcond)), la::lstsq_result<W>>);
            const std::string call = "lstsq" + of + " and " + text(bs);
            if (!linalg_check(e, call, [&] { x = la::lstsq(av, b, rcond); })) break;
            const index_t m = a.rows(), n = a.cols(), k = bs.size() == 1 ? 1 : bs[1];
            require_shape(x.solution.shape(), bs.size() == 1 ? std::vector<index_t>{n} : std::vector<index_t>{n, k},
                          call + ": the solution");
            require_shape(x.singular_values.shape(), {std::min(m, n)}, call + ": the singular values");
            require(x.rank >= 0 && x.rank <= std::min(m, n), call + ": a rank of " + std::to_string(x.rank));
            require_shape(x.residuals.shape(), x.rank == n && m > n ? std::vector<index_t>{k} : std::vector<index_t>{0},
                          call + ": the residuals");
            if (!well || rc == 1) break;
            // The normal equations: A^H (A x - b) = 0.
            const std::vector<cd> xv = values_of(x.solution);
            const matrix_at am = a.matrix(0), xm{&xv, 0, n, k}, bm{&bvalues, 0, m, k};
            residual r;
            for (index_t j = 0; j < k; ++j) {
                std::vector<cd> difference(static_cast<std::size_t>(m));
                double size = 0;
                for (index_t i = 0; i < m; ++i) {
                    cd total = -bm(i, j);
                    size = std::max(size, std::abs(bm(i, j)));
                    for (index_t l = 0; l < n; ++l) total += am(i, l) * xm(l, j);
                    difference[static_cast<std::size_t>(i)] = total;
                }
                for (index_t l = 0; l < n; ++l) {
                    cd total = 0;
                    double scale = 0;
                    for (index_t i = 0; i < m; ++i) {
                        total += std::conj(am(i, l)) * difference[static_cast<std::size_t>(i)];
                        scale += std::abs(am(i, l)) * (size + largest_of(xv) * largest_of(a.values) * double(n));
                    }
                    r.add(total, scale);
                }
            }
            require_small<T>(r, call + ": A^H (A x - b)");
            break;
        }
        case 4: {  // matrix_power(a, n)
            const index_t n = in.hostile(-3, 5);
            linalg_expected e = square_rule(accept());
            if (is_square && n < 0) {
                if constexpr (!std::is_floating_point_v<T> && !loom::complex_element<T>) {
                    e = refuse(linalg_refusal::invalid_argument);
                } else if (n == std::numeric_limits<index_t>::min()) {
                    e = refuse(linalg_refusal::invalid_argument);
                } else {
                    e = by_values({linalg_refusal::linalg_error});
                }
            }
            tensor<T> p;
            static_assert(std::is_same_v<decltype(la::matrix_power(av, n)), tensor<T>>);
            const std::string call = "matrix_power" + of + " to " + std::to_string(n);
            if (!linalg_check(e, call, [&] { p = la::matrix_power(av, n); })) break;
            require_shape(p.shape(), a.shape, call);
            if (!well || n < 0 || n > 4) break;
            // The product of n copies of a, computed here (the values are small integers: exact for integers).
            const std::vector<cd> pv = values_of(p);
            const index_t m = a.rows();
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s);
                std::vector<cd> power(static_cast<std::size_t>(m * m));
                for (index_t i = 0; i < m; ++i) power[static_cast<std::size_t>(i * m + i)] = 1;
                for (index_t step = 0; step < n; ++step) {
                    std::vector<cd> next(power.size());
                    for (index_t i = 0; i < m; ++i) {
                        for (index_t j = 0; j < m; ++j) {
                            for (index_t l = 0; l < m; ++l) next[static_cast<std::size_t>(i * m + j)] += power[static_cast<std::size_t>(i * m + l)] * am(l, j);
                        }
                    }
                    power = next;
                }
                const matrix_at pm{&pv, s, m, m};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < m; ++j) r.add(pm(i, j) - power[static_cast<std::size_t>(i * m + j)], largest_of(power));
                }
            }
            require_small<T>(r, call + ": against repeated products");
            break;
        }
        case 5: {  // cholesky(a)
            tensor<W> l;
            static_assert(std::is_same_v<decltype(la::cholesky(av)), tensor<W>>);
            if (!linalg_check(square_rule(by_values({linalg_refusal::linalg_error})), "cholesky" + of, [&] { l = la::cholesky(av); })) break;
            require_shape(l.shape(), a.shape, "cholesky" + of);
            if (!well) break;
            const std::vector<cd> lv = values_of(l);
            const index_t m = a.rows();
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), lm{&lv, s, m, m};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < m; ++j) {
                        cd total = 0;
                        for (index_t q = 0; q < m; ++q) total += lm(i, q) * conj_if(lm(j, q), complex);
                        r.add(total - am(i, j), std::abs(am(i, j)) + largest_of(a.values));
                        if (j > i) r.add(lm(i, j), 1);
                    }
                }
            }
            require_small<T>(r, "cholesky" + of + ": L L^H - A");
            break;
        }
        case 6: {  // qr(a, mode)
            const auto mode = static_cast<la::qr_mode>(in.below(3));
            la::qr_result<W> f;
            static_assert(std::is_same_v<decltype(la::qr(av, mode)), la::qr_result<W>>);
            const std::string call = "qr" + of + " in mode " + std::to_string(static_cast<int>(mode));
            if (!linalg_check(matrices ? accept() : refuse(linalg_refusal::invalid_argument), call, [&] { f = la::qr(av, mode); })) break;
            const index_t m = a.rows(), n = a.cols(), k = std::min(m, n);
            const index_t q_cols = mode == la::qr_mode::complete ? m : k;
            require_shape(f.r.shape(), with_tail(a.batch(), {q_cols, n}), call + ": R");
            require_shape(f.q.shape(), mode == la::qr_mode::r ? std::vector<index_t>{0} : with_tail(a.batch(), {m, q_cols}),
                          call + ": Q");
            if (mode == la::qr_mode::r || a.specials) break;
            const std::vector<cd> qv = values_of(f.q), rv = values_of(f.r);
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), qm{&qv, s, m, q_cols}, rm{&rv, s, q_cols, n};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < n; ++j) {
                        cd total = 0;
                        for (index_t l = 0; l < q_cols; ++l) total += qm(i, l) * rm(l, j);
                        r.add(total - am(i, j), largest_of(a.values));
                    }
                }
                for (index_t i = 0; i < q_cols; ++i) {
                    for (index_t j = 0; j < q_cols; ++j) {
                        cd total = 0;
                        for (index_t l = 0; l < m; ++l) total += std::conj(qm(l, i)) * qm(l, j);
                        r.add(total - cd(i == j ? 1 : 0), 1);
                    }
                }
            }
            require_small<T>(r, call + ": Q R - A and Q^H Q - I");
            break;
        }
        case 7: {  // svd(a, full_matrices, compute_uv)
            const bool full = in.flag(), uv = in.flag();
            la::svd_result<W> f;
            static_assert(std::is_same_v<decltype(la::svd(av, full, uv)), la::svd_result<W>>);
            const std::string call = std::string("svd") + of + (full ? ", full" : "") + (uv ? ", with U and Vh" : "");
            linalg_expected e = matrices ? accept() : refuse(linalg_refusal::invalid_argument);
            if (matrices && a.specials) e.refusals = {linalg_refusal::linalg_error};
            if (!linalg_check(e, call, [&] { f = la::svd(av, full, uv); })) break;
            const index_t m = a.rows(), n = a.cols(), k = std::min(m, n);
            require_shape(f.s.shape(), with_tail(a.batch(), {k}), call + ": S");
            require_shape(f.u.shape(), uv ? with_tail(a.batch(), {m, full ? m : k}) : std::vector<index_t>{0}, call + ": U");
            require_shape(f.vh.shape(), uv ? with_tail(a.batch(), {full ? n : k, n}) : std::vector<index_t>{0}, call + ": Vh");
            if (!uv || a.specials) break;
            const std::vector<cd> uvals = values_of(f.u), svals = values_of(f.s), vvals = values_of(f.vh);
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), um{&uvals, s, m, full ? m : k}, vm{&vvals, s, full ? n : k, n};
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < n; ++j) {
                        cd total = 0;
                        for (index_t l = 0; l < k; ++l) total += um(i, l) * svals[static_cast<std::size_t>(s * k + l)] * vm(l, j);
                        r.add(total - am(i, j), largest_of(a.values));
                    }
                }
                for (index_t l = 0; l + 1 < k; ++l) {
                    require(svals[static_cast<std::size_t>(s * k + l)].real() >= svals[static_cast<std::size_t>(s * k + l + 1)].real(),
                            call + ": singular values not descending");
                }
            }
            require_small<T>(r, call + ": U S Vh - A");
            break;
        }
        case 8: {  // eigh(a, UPLO) and eigvalsh(a, UPLO)
            static const char uplos[] = {'L', 'U', 'l', 'X'};
            const char uplo = uplos[in.next() % 4];
            linalg_expected e = square_rule(uplo != 'X' ? accept() : refuse(linalg_refusal::invalid_argument));
            if (is_square && !empty && a.specials && e.may_succeed) e.refusals = {linalg_refusal::linalg_error};
            const std::string call = "eigh" + of + " with UPLO '" + std::string(1, uplo) + "'";
            tensor<R> w;
            static_assert(std::is_same_v<decltype(la::eigvalsh(av, uplo)), tensor<R>>);
            if (linalg_check(e, "eigvalsh" + of, [&] { w = la::eigvalsh(av, uplo); })) {
                require_shape(w.shape(), with_tail(a.batch(), {a.rows()}), "eigvalsh" + of);
            }
            la::eigh_result<W> f;
            static_assert(std::is_same_v<decltype(la::eigh(av, uplo)), la::eigh_result<W>>);
            if (!linalg_check(e, call, [&] { f = la::eigh(av, uplo); })) break;
            const index_t m = a.rows();
            require_shape(f.eigenvalues.shape(), with_tail(a.batch(), {m}), call + ": the eigenvalues");
            require_shape(f.eigenvectors.shape(), a.shape, call + ": the eigenvectors");
            if (!well) break;
            const std::vector<cd> wv = values_of(f.eigenvalues), vv = values_of(f.eigenvectors);
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), vm{&vv, s, m, m};
                for (index_t j = 0; j < m; ++j) {
                    for (index_t i = 0; i < m; ++i) {
                        cd total = 0;
                        for (index_t l = 0; l < m; ++l) total += am(i, l) * vm(l, j);
                        r.add(total - wv[static_cast<std::size_t>(s * m + j)] * vm(i, j), largest_of(a.values) * double(m));
                    }
                }
            }
            require_small<T>(r, call + ": A v - w v");
            break;
        }
        case 9: {  // eig(a) and eigvals(a)
            using C = std::complex<R>;
            linalg_expected e = square_rule(a.specials && !empty ? refuse(linalg_refusal::linalg_error) : accept());
            if (is_square && !a.specials && !well) e.refusals = {linalg_refusal::linalg_error};
            tensor<C> w;
            static_assert(std::is_same_v<decltype(la::eigvals(av)), tensor<C>>);
            if (linalg_check(e, "eigvals" + of, [&] { w = la::eigvals(av); })) {
                require_shape(w.shape(), with_tail(a.batch(), {a.rows()}), "eigvals" + of);
            }
            la::eig_result<C> f;
            static_assert(std::is_same_v<decltype(la::eig(av)), la::eig_result<C>>);
            if (!linalg_check(e, "eig" + of, [&] { f = la::eig(av); })) break;
            const index_t m = a.rows();
            require_shape(f.eigenvalues.shape(), with_tail(a.batch(), {m}), "eig" + of + ": the eigenvalues");
            require_shape(f.eigenvectors.shape(), a.shape, "eig" + of + ": the eigenvectors");
            if (!well) break;
            const std::vector<cd> wv = values_of(f.eigenvalues), vv = values_of(f.eigenvectors);
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), vm{&vv, s, m, m};
                for (index_t j = 0; j < m; ++j) {
                    for (index_t i = 0; i < m; ++i) {
                        cd total = 0;
                        for (index_t l = 0; l < m; ++l) total += am(i, l) * vm(l, j);
                        r.add(total - wv[static_cast<std::size_t>(s * m + j)] * vm(i, j), largest_of(a.values) * double(m));
                    }
                }
            }
            require_small<T>(r, "eig" + of + ": A v - w v");
            break;
        }
        case 10: {  // pinv(a, rcond, hermitian)
            const double rcond = in.flag() ? 1e-15 : static_cast<double>(in.between(-1, 2)) / 2;
            const bool hermitian = in.next() % 4 == 0;
            linalg_expected e = matrices ? accept() : refuse(linalg_refusal::invalid_argument);
            if (matrices && !empty && hermitian && !is_square) e = refuse(linalg_refusal::invalid_argument);
            if (e.may_succeed && !empty && a.specials) e.refusals = {linalg_refusal::linalg_error};
            tensor<W> p;
            static_assert(std::is_same_v<decltype(la::pinv(av, rcond, hermitian)), tensor<W>>);
            const std::string call = "pinv" + of + (hermitian ? ", hermitian" : "");
            if (!linalg_check(e, call, [&] { p = la::pinv(av, rcond, hermitian); })) break;
            const index_t m = a.rows(), n = a.cols();
            require_shape(p.shape(), with_tail(a.batch(), {n, m}), call);
            if (!well || rcond != 1e-15) break;
            // A pinv(A) A = A.
            const std::vector<cd> pv = values_of(p);
            residual r;
            for (index_t s = 0; s < a.matrices(); ++s) {
                const matrix_at am = a.matrix(s), pm{&pv, s, n, m};
                std::vector<cd> ap(static_cast<std::size_t>(m * m));
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < m; ++j) {
                        for (index_t l = 0; l < n; ++l) ap[static_cast<std::size_t>(i * m + j)] += am(i, l) * pm(l, j);
                    }
                }
                for (index_t i = 0; i < m; ++i) {
                    for (index_t j = 0; j < n; ++j) {
                        cd total = 0;
                        for (index_t l = 0; l < m; ++l) total += ap[static_cast<std::size_t>(i * m + l)] * am(l, j);
                        r.add(total - am(i, j), largest_of(a.values) * largest_of(ap) * double(m));
                    }
                }
            }
            require_small<T>(r, call + ": A pinv(A) A - A");
            break;
        }
        case 11: {  // matrix_rank(a, tol, hermitian)
            const std::optional<double> tol = in.flag() ? std::nullopt : std::optional<double>(in.between(-1, 4));
            const bool hermitian = in.next() % 4 == 0;
            linalg_expected e = accept();
            if (matrices && hermitian && !is_square) e = refuse(linalg_refusal::invalid_argument);
            else if (matrices && !empty && a.specials) e.refusals = {linalg_refusal::linalg_error};
            tensor<index_t> rank;
            static_assert(std::is_same_v<decltype(la::matrix_rank(av, tol, hermitian)), tensor<index_t>>);
            const std::string call = "matrix_rank" + of + (hermitian ? ", hermitian" : "");
            if (!linalg_check(e, call, [&] { rank = la::matrix_rank(av, tol, hermitian); })) break;
            require_shape(rank.shape(), matrices ? a.batch() : std::vector<index_t>{}, call);
            const index_t most = matrices ? std::min(a.rows(), a.cols()) : 1;
            for (index_t s = 0; s < rank.size(); ++s) {
                require(rank.data()[s] >= 0 && rank.data()[s] <= most, call + ": a rank of " + std::to_string(rank.data()[s]));
                if (well && !tol && matrices) require(rank.data()[s] == most, call + ": a well-conditioned matrix of lower rank");
            }
            break;
        }
        case 12: {  // norm(a, ord, axis, keepdims)
            const la::norm_order ord = norm_order_from(in.next());
            std::optional<std::vector<index_t>> axes;
            if (in.next() % 3 != 0) {
                axes.emplace(static_cast<std::size_t>(in.below(4)));
                for (index_t& axis : *axes) axis = in.hostile(-4, 3);
            }
            const bool keepdims = in.flag();
            std::vector<index_t> shape;
            const linalg_expected e = norm_rule(a, ord, axes, keepdims, shape);
            tensor<R> result;
            static_assert(std::is_same_v<decltype(la::norm(av, ord, loom::flat, keepdims)), tensor<R>>);
            std::string call = "norm" + of + " of order " + ord.text() + (keepdims ? ", keepdims" : "");
            if (axes) call += " along " + text(*axes);
            if (!linalg_check(e, call, [&] {
                    result = axes ? la::norm(av, ord, loom::axis_set(std::span<const index_t>(*axes)), keepdims)
                                  : la::norm(av, ord, loom::flat, keepdims);
                })) {
                break;
            }
            require_shape(result.shape(), shape, call);
            break;
        }
        case 13: {  // cond(a, p)
            const la::norm_order p = norm_order_from(in.next());
            linalg_expected e = accept();
            const auto& s = a.shape;
            if (!s.empty() && (s.back() == 0 || (s.size() >= 2 && s[s.size() - 2] == 0))) {
                e = refuse(linalg_refusal::linalg_error);
            } else if (!matrices) {
                e = refuse(linalg_refusal::invalid_argument);
            } else if (!(p.none() || p.is(2) || p.is(-2))) {
                constexpr double inf = std::numeric_limits<double>::infinity();
                const bool known = p.frobenius() || p.nuclear() || p.is(1) || p.is(-1) || p.is(inf) || p.is(-inf);
                if (!is_square || !known) e = refuse(linalg_refusal::invalid_argument);
                else if (a.specials && p.nuclear()) e.refusals = {linalg_refusal::linalg_error};
            } else if (a.specials) {
                e.refusals = {linalg_refusal::linalg_error};
            }
            tensor<R> c;
            static_assert(std::is_same_v<decltype(la::cond(av, p)), tensor<R>>);
            const std::string call = "cond" + of + " of order " + p.text();
            if (!linalg_check(e, call, [&] { c = la::cond(av, p); })) break;
            require_shape(c.shape(), a.batch(), call);
            if (!well) break;
            for (index_t k = 0; k < c.size(); ++k) {
                require(c.data()[k] >= R(1) - R(linalg_tolerance<T>()) || p.is(-2) || p.is(-1) ||
                            p.is(-std::numeric_limits<double>::infinity()),
                        call + ": a condition number below 1");
            }
            break;
        }
        default: {  // multi_dot of two or three operands of rank 0 to 2
            const linalg_operand<T> b(in, 2, false, false), c(in, 2, false, false);
            const auto& sa = a.shape;
            std::vector<index_t> shape;
            linalg_expected e = accept();
            if (in.flag() && sa.size() <= 2) {
                // Two operands: numpy.dot's rules.
                if (sa.empty() || b.shape.empty()) {
                    shape = sa.empty() ? b.shape : sa;
                } else if (sa.back() != b.shape.front()) {
                    e = refuse(linalg_refusal::invalid_argument);
                } else {
                    shape.assign(sa.begin(), sa.end() - 1);
                    shape.insert(shape.end(), b.shape.begin() + 1, b.shape.end());
                }
                tensor<T> result;
                static_assert(std::is_same_v<decltype(la::multi_dot(av, *b.v)), tensor<T>>);
                const std::string call = "multi_dot" + of + " and " + b.describe();
                if (!linalg_check(e, call, [&] { result = la::multi_dot(av, *b.v); })) break;
                require_shape(result.shape(), shape, call);
                break;
            }
            const auto& sb = b.shape;
            const auto& sc = c.shape;
            if (sa.empty() || sa.size() > 2 || sb.size() != 2 || sc.empty() || sc.size() > 2) {
                e = refuse(linalg_refusal::invalid_argument);
            } else if (sa.back() != sb[0] || sb[1] != sc[0]) {
                e = refuse(linalg_refusal::invalid_argument);
            } else {
                if (sa.size() == 2) shape.push_back(sa[0]);
                if (sc.size() == 2) shape.push_back(sc[1]);
            }
            tensor<T> result;
            static_assert(std::is_same_v<decltype(la::multi_dot(av, *b.v, *c.v)), tensor<T>>);
            const std::string call = "multi_dot" + of + ", " + b.describe() + " and " + c.describe();
            if (!linalg_check(e, call, [&] { result = la::multi_dot(av, *b.v, *c.v); })) break;
            require_shape(result.shape(), shape, call);
            break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    switch (in.next() % 5) {
        case 0: fuzz_linalg<double>(in); break;
        case 1: fuzz_linalg<float>(in); break;
        case 2: fuzz_linalg<std::complex<float>>(in); break;
        case 3: fuzz_linalg<std::complex<double>>(in); break;
        default: fuzz_linalg<std::int32_t>(in); break;
    }
    return 0;
}
