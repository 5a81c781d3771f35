// linalg::gemm against a plain triple loop: the reference sums floating
// products in double (gemm's result must lie within k·eps·Σ|a||b| of it) and
// integer products exactly, modulo 2^64, before NumPy's wraparound into the
// result type. Sizes around the micro-kernel's register block (MR, NR) and
// beyond the cache blocks (KC, MC, NC); operands row-major, column-major
// (the transpose of a row-major matrix), strided, reversed (negative strides)
// and broadcast (stride 0); C row-major, column-major, strided, reversed.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <algorithm>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "loom/linalg/gemm.hpp"

namespace {

using loom::index_t;
using loom::linalg::gemm;
using loom::linalg::matrix_ref;

enum class layout { row_major, col_major, transposed, strided, reversed, reversed_columns, broadcast_row,
                    broadcast_column };

const char* name_of(layout l) {
    switch (l) {
        case layout::row_major: return "row-major";
        case layout::col_major: return "column-major";
        case layout::transposed: return "transposed";
        case layout::strided: return "strided";
        case layout::reversed: return "reversed";
        case layout::reversed_columns: return "reversed columns";
        case layout::broadcast_row: return "broadcast row";
        case layout::broadcast_column: return "broadcast column";
    }
    return "?";
}

template <class T>
T random_value(std::mt19937_64& engine) {
    if constexpr (std::is_same_v<T, bool>) {
        return std::bernoulli_distribution(0.1)(engine);
    } else if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(std::uniform_real_distribution<double>(-1.0, 1.0)(engine));
    } else {
        // The whole range: products and sums overflow, as they may in NumPy.
        using wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
        return static_cast<T>(std::uniform_int_distribution<wide>(std::numeric_limits<T>::min(),
                                                                  std::numeric_limits<T>::max())(engine));
    }
}

// Elements in memory; unlike std::vector, also bool elements.
template <class T>
struct elements {
    explicit elements(std::size_t count) : values(std::make_unique<T[]>(count)), count(count) {}
    elements(const elements& other) : elements(other.count) {
        std::copy_n(other.values.get(), count, values.get());
    }
    T* data() const { return values.get(); }
    std::size_t size() const { return count; }
    T& operator[](std::size_t i) const { return values[i]; }
    bool operator==(const elements& other) const {
        return std::equal(data(), data() + count, other.data(), other.data() + other.count);
    }

    std::unique_ptr<T[]> values;
    std::size_t count;
};

// A rows × cols matrix of random values in memory of the given layout.
template <class T>
struct test_matrix {
    elements<T> memory;
    matrix_ref<T> ref{};

    test_matrix(index_t rows, index_t cols, layout l, std::mt19937_64& engine)
        : memory(static_cast<std::size_t>(std::max<index_t>(storage_size(rows, cols, l), 1))) {
        index_t offset = 0, rs = cols, cs = 1;
        switch (l) {
            case layout::row_major: break;
            case layout::col_major: rs = 1, cs = rows; break;
            case layout::transposed: break;  // below: the transpose of a row-major cols × rows matrix
            case layout::strided: rs = 2 * cols + 3, cs = 2; break;
            case layout::reversed: rs = -cols, cs = -1, offset = rows * cols - 1; break;
            case layout::reversed_columns: rs = 1, cs = -rows, offset = rows * (cols - 1); break;
            case layout::broadcast_row: rs = 0, cs = 1; break;
            case layout::broadcast_column: rs = 1, cs = 0; break;
        }
        for (std::size_t i = 0; i < memory.size(); ++i) memory[i] = random_value<T>(engine);
        if (l == layout::transposed) ref = matrix_ref<T>{memory.data(), cols, rows, rows, 1}.transposed();
        else ref = {memory.data() + offset, rows, cols, rs, cs};
    }

    static index_t storage_size(index_t rows, index_t cols, layout l) {
        switch (l) {
            case layout::strided: return rows * (2 * cols + 3) + 1;
            case layout::broadcast_row: return cols;
            case layout::broadcast_column: return rows;
            default: return rows * cols;
        }
    }

    T& at(index_t i, index_t j) const { return ref.data[i * ref.row_stride + j * ref.col_stride]; }
    matrix_ref<const T> view() const { return {ref.data, ref.rows, ref.cols, ref.row_stride, ref.col_stride}; }
};

template <class R, class T>
R as_result(T value) {
    return static_cast<R>(value);
}

// Checks gemm<R>(A, B, C) for one shape and set of layouts.
template <class R, class A, class B>
void check_gemm(index_t m, index_t n, index_t k, layout la, layout lb, layout lc, bool accumulate,
                unsigned seed = 1) {
    SCOPED_TRACE(std::to_string(m) + "×" + std::to_string(k) + " · " + std::to_string(k) + "×" + std::to_string(n) +
                 ", A " + name_of(la) + ", B " + name_of(lb) + ", C " + name_of(lc) +
                 (accumulate ? ", accumulate" : "") + ", seed " + std::to_string(seed));
    std::mt19937_64 engine(seed);
    const test_matrix<A> a(m, k, la, engine);
    const test_matrix<B> b(k, n, lb, engine);
    test_matrix<R> c(m, n, lc, engine);
    const test_matrix<R> before = c;
    gemm<R, A, B>(a.view(), b.view(), c.ref, accumulate);
    // `before` shares no memory with c: compare its values at the same places.
    const auto initial = [&](index_t i, index_t j) {
        return before.memory[static_cast<std::size_t>(&c.at(i, j) - c.memory.data())];
    };

    int failures = 0;
    for (index_t i = 0; i < m && failures < 5; ++i) {
        for (index_t j = 0; j < n && failures < 5; ++j) {
            const R got = c.at(i, j);
            if constexpr (std::is_same_v<R, bool>) {
                bool any = false;
                for (index_t p = 0; p < k; ++p) any = any || (as_result<R>(a.at(i, p)) && as_result<R>(b.at(p, j)));
                const bool expected = (accumulate && initial(i, j)) || any;
                if (got != expected) ++failures;
                EXPECT_EQ(got, expected) << "at (" << i << ", " << j << ")";
            } else if constexpr (std::is_floating_point_v<R>) {
                double sum = 0.0, magnitude = 0.0;
                for (index_t p = 0; p < k; ++p) {
                    const double term =
                        static_cast<double>(as_result<R>(a.at(i, p))) * static_cast<double>(as_result<R>(b.at(p, j)));
                    sum += term;
                    magnitude += std::abs(term);
                }
                if (accumulate) {
                    sum += static_cast<double>(initial(i, j));
                    magnitude += std::abs(static_cast<double>(initial(i, j)));
                }
                const double tolerance =
                    static_cast<double>(k + 2) * static_cast<double>(std::numeric_limits<R>::epsilon()) * magnitude;
                if (!(std::abs(static_cast<double>(got) - sum) <= tolerance)) ++failures;
                EXPECT_NEAR(static_cast<double>(got), sum, tolerance) << "at (" << i << ", " << j << ")";
            } else {
                std::uint64_t sum = accumulate ? static_cast<std::uint64_t>(initial(i, j)) : 0;
                for (index_t p = 0; p < k; ++p) {
                    sum += static_cast<std::uint64_t>(as_result<R>(a.at(i, p))) *
                           static_cast<std::uint64_t>(as_result<R>(b.at(p, j)));
                }
                const R expected = static_cast<R>(sum);
                if (got != expected) ++failures;
                EXPECT_EQ(got, expected) << "at (" << i << ", " << j << ")";
            }
        }
    }
    if (m == 0 || n == 0) {
        EXPECT_EQ(c.memory, before.memory);
    }
}

constexpr layout operand_layouts[] = {layout::row_major,        layout::col_major,     layout::transposed,
                                      layout::strided,          layout::reversed,      layout::reversed_columns,
                                      layout::broadcast_row,    layout::broadcast_column};
constexpr layout result_layouts[] = {layout::row_major, layout::col_major, layout::strided, layout::reversed,
                                     layout::reversed_columns};

// Extents around the register block of type T's kernel.
template <class T>
std::vector<index_t> edge_sizes() {
    using blocking = loom::linalg::detail::gemm_blocking<loom::linalg::detail::gemm_compute_t<T>>;
    constexpr index_t mr = blocking::mr, nr = blocking::nr;
    return {0, 1, 2, nr - 1, nr, nr + 1, mr - 1, mr, mr + 1, 2 * mr + nr + 3};
}

template <class T>
void check_edge_sizes() {
    unsigned seed = 0;
    for (index_t m : edge_sizes<T>()) {
        for (index_t n : edge_sizes<T>()) {
            for (index_t k : {0, 1, 3, 17}) {
                for (bool accumulate : {false, true}) {
                    check_gemm<T, T, T>(m, n, k, layout::row_major, layout::row_major,
                                        (m + n) % 2 ? layout::row_major : layout::col_major, accumulate, ++seed);
                }
            }
        }
    }
}

TEST(Gemm, EdgeSizesFloat) { check_edge_sizes<float>(); }
TEST(Gemm, EdgeSizesDouble) { check_edge_sizes<double>(); }
TEST(Gemm, EdgeSizesInt32) { check_edge_sizes<std::int32_t>(); }
TEST(Gemm, EdgeSizesInt8) { check_edge_sizes<std::int8_t>(); }
TEST(Gemm, EdgeSizesBool) { check_edge_sizes<bool>(); }

template <class R, class A = R, class B = R>
void check_layouts(index_t m, index_t n, index_t k) {
    unsigned seed = 100;
    for (layout la : operand_layouts) {
        for (layout lb : operand_layouts) {
            for (layout lc : result_layouts) {
                ++seed;
                check_gemm<R, A, B>(m, n, k, la, lb, lc, seed % 2 == 0, seed);
            }
        }
    }
}

TEST(Gemm, LayoutsFloat) { check_layouts<float>(37, 29, 41); }
TEST(Gemm, LayoutsDouble) { check_layouts<double>(29, 37, 23); }
TEST(Gemm, LayoutsInt64) { check_layouts<std::int64_t>(19, 13, 11); }
TEST(Gemm, LayoutsUint8) { check_layouts<std::uint8_t>(13, 19, 9); }
TEST(Gemm, LayoutsBool) { check_layouts<bool>(11, 17, 7); }
// Row and column vectors: C of one row or one column, whichever way it is stored.
TEST(Gemm, LayoutsVectors) {
    check_layouts<float>(1, 33, 20);
    check_layouts<double>(33, 1, 20);
    check_layouts<std::int32_t>(1, 1, 20);
}

// Beyond every cache block: several KC steps, MC blocks and NC panels, with ragged last blocks.
template <class T>
void check_cache_blocks() {
    using blocking = loom::linalg::detail::gemm_blocking<loom::linalg::detail::gemm_compute_t<T>>;
    for (bool accumulate : {false, true}) {
        check_gemm<T, T, T>(blocking::mc + blocking::mr + 3, 2 * blocking::nr + 1, 2 * blocking::kc + 5,
                            layout::row_major, layout::col_major, layout::row_major, accumulate, 7);
        check_gemm<T, T, T>(2 * blocking::mc + 1, 3 * blocking::nr + 2, blocking::kc + 1, layout::col_major,
                            layout::row_major, layout::col_major, accumulate, 8);
        check_gemm<T, T, T>(3, blocking::nc + blocking::nr + 2, 9, layout::row_major, layout::row_major,
                            layout::col_major, accumulate, 9);
        check_gemm<T, T, T>(blocking::nc + 5, 2, blocking::kc + 3, layout::col_major, layout::row_major,
                            layout::row_major, accumulate, 10);
    }
}

TEST(Gemm, CacheBlocksFloat) { check_cache_blocks<float>(); }
TEST(Gemm, CacheBlocksDouble) { check_cache_blocks<double>(); }
TEST(Gemm, CacheBlocksInt32) { check_cache_blocks<std::int32_t>(); }

// Random shapes and layouts.
template <class R, class A = R, class B = R>
void check_random_shapes(int count, index_t largest) {
    std::mt19937_64 engine(2024);
    std::uniform_int_distribution<index_t> extent(0, largest);
    std::uniform_int_distribution<std::size_t> operand(0, std::size(operand_layouts) - 1),
        result(0, std::size(result_layouts) - 1);
    for (int i = 0; i < count; ++i) {
        check_gemm<R, A, B>(extent(engine), extent(engine), extent(engine), operand_layouts[operand(engine)],
                            operand_layouts[operand(engine)], result_layouts[result(engine)], i % 2 == 1,
                            static_cast<unsigned>(i));
    }
}

TEST(Gemm, RandomShapesFloat) { check_random_shapes<float>(40, 150); }
TEST(Gemm, RandomShapesDouble) { check_random_shapes<double>(40, 150); }
TEST(Gemm, RandomShapesIntegers) {
    check_random_shapes<std::int8_t>(15, 70);
    check_random_shapes<std::uint8_t>(15, 70);
    check_random_shapes<std::int16_t>(15, 70);
    check_random_shapes<std::int32_t>(15, 70);
    check_random_shapes<std::uint32_t>(15, 70);
    check_random_shapes<std::int64_t>(15, 70);
    check_random_shapes<std::uint64_t>(15, 70);
}
TEST(Gemm, RandomShapesBool) { check_random_shapes<bool>(30, 70); }

// Elements converted to the result type as they are packed.
TEST(Gemm, MixedTypes) {
    check_random_shapes<float, std::int8_t, float>(10, 90);
    check_random_shapes<double, float, std::int32_t>(10, 90);
    check_random_shapes<double, bool, double>(10, 90);
    check_random_shapes<float, std::int64_t, std::uint16_t>(10, 90);
    check_random_shapes<std::int16_t, std::uint8_t, std::int8_t>(10, 60);
    check_random_shapes<std::int64_t, bool, std::int32_t>(10, 60);
    check_random_shapes<std::uint8_t, bool, std::uint8_t>(10, 60);
    check_random_shapes<std::int8_t, std::int64_t, std::int8_t>(10, 60);  // wraparound of A's values into int8
}

// Wraparound: sums far beyond the range of the result type.
TEST(Gemm, IntegerWraparound) {
    for (index_t k : {1, 2, 100, 1000}) {
        std::vector<std::int8_t> a(static_cast<std::size_t>(k), 127), b(static_cast<std::size_t>(k), -128);
        std::int8_t c = 5;
        gemm<std::int8_t, std::int8_t, std::int8_t>({a.data(), 1, k, k, 1}, {b.data(), k, 1, 1, 1}, {&c, 1, 1, 1, 1},
                                                    false);
        EXPECT_EQ(c, static_cast<std::int8_t>(static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(-127 * 128)))
            << "k = " << k;
        std::vector<std::int64_t> x(static_cast<std::size_t>(k), std::numeric_limits<std::int64_t>::max());
        std::int64_t z = 3;
        gemm<std::int64_t, std::int64_t, std::int64_t>({x.data(), 1, k, k, 1}, {x.data(), k, 1, 1, 1},
                                                       {&z, 1, 1, 1, 1}, true);
        // (2^63 - 1)² = 1 mod 2^64.
        EXPECT_EQ(z, static_cast<std::int64_t>(3 + static_cast<std::uint64_t>(k))) << "k = " << k;
    }
}

// k == 0: C is zeroed, or left as it is when accumulating. m == 0 or n == 0: nothing is read.
TEST(Gemm, EmptyExtents) {
    std::vector<double> c(6, 7.0);
    gemm<double, double, double>({nullptr, 2, 0, 0, 1}, {nullptr, 0, 3, 3, 1}, {c.data(), 2, 3, 3, 1}, true);
    EXPECT_EQ(c, std::vector<double>(6, 7.0));
    gemm<double, double, double>({nullptr, 2, 0, 0, 1}, {nullptr, 0, 3, 3, 1}, {c.data(), 2, 3, 3, 1}, false);
    EXPECT_EQ(c, std::vector<double>(6, 0.0));
    bool flag = true;
    gemm<bool, bool, bool>({nullptr, 1, 0, 0, 1}, {nullptr, 0, 1, 1, 1}, {&flag, 1, 1, 1, 1}, false);
    EXPECT_FALSE(flag);
    // Operands that would fault if read.
    gemm<float, float, float>({nullptr, 0, 5, 5, 1}, {nullptr, 5, 4, 4, 1}, {nullptr, 0, 4, 4, 1}, false);
    gemm<float, float, float>({nullptr, 3, 5, 5, 1}, {nullptr, 5, 0, 0, 1}, {nullptr, 3, 0, 0, 1}, true);
}

// Broadcast operands are read in place: a 1 × k row repeated m times gives m equal rows.
TEST(Gemm, BroadcastOperandRowsAreEqual) {
    const index_t m = 70, n = 45, k = 300;
    std::mt19937_64 engine(5);
    std::vector<float> row(static_cast<std::size_t>(k)), b(static_cast<std::size_t>(k * n)), c(static_cast<std::size_t>(m * n));
    for (float& v : row) v = random_value<float>(engine);
    for (float& v : b) v = random_value<float>(engine);
    gemm<float, float, float>({row.data(), m, k, 0, 1}, {b.data(), k, n, n, 1}, {c.data(), m, n, n, 1}, false);
    for (index_t i = 1; i < m; ++i) {
        for (index_t j = 0; j < n; ++j) EXPECT_EQ(c[static_cast<std::size_t>(i * n + j)], c[static_cast<std::size_t>(j)]);
    }
}

}  // namespace
