// Hostile input to the transforms and to norm: infinities and NaN through
// fft, ifft, rfft and irfft against NumPy 1.24's results (pasted from
// /usr/bin/python3 with numpy), the orders norm quotes in its messages as
// they were given, and rolls by shifts at the limits of index_t.

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_text.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::message_of;
using hostile_c128 = std::complex<double>;

constexpr double hostile_inf = std::numeric_limits<double>::infinity();
constexpr double hostile_nan = std::numeric_limits<double>::quiet_NaN();

// 'F' for a finite value, '+' or '-' for an infinity, 'N' for NaN.
char hostile_class(double v) {
    if (std::isnan(v)) return 'N';
    if (std::isinf(v)) return v > 0 ? '+' : '-';
    return 'F';
}

// The classes of the real and imaginary parts of each element, in order.
std::string hostile_classes(const tensor<hostile_c128>& t) {
    std::string text;
    for (index_t i = 0; i < t.size(); ++i) {
        text += hostile_class(t.data()[i].real());
        text += hostile_class(t.data()[i].imag());
    }
    return text;
}

std::string hostile_classes(const tensor<double>& t) {
    std::string text;
    for (index_t i = 0; i < t.size(); ++i) text += hostile_class(t.data()[i]);
    return text;
}

tensor<hostile_c128> hostile_line(const std::vector<hostile_c128>& x) {
    tensor<hostile_c128> t(loom::uninitialized, shape_type{static_cast<index_t>(x.size())});
    for (std::size_t i = 0; i < x.size(); ++i) t.data()[i] = x[i];
    return t;
}

// Equal elements, NaN equal to NaN, infinities of the same sign, finite parts to 1e-12.
void expect_same_values(const tensor<hostile_c128>& got, const std::vector<hostile_c128>& expected) {
    ASSERT_EQ(got.size(), static_cast<index_t>(expected.size()));
    const auto same = [](double a, double b) {
        if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
        if (std::isinf(a) || std::isinf(b)) return a == b;
        return std::abs(a - b) <= 1e-12 * (1 + std::abs(b));
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const hostile_c128 g = got.data()[i];
        EXPECT_TRUE(same(g.real(), expected[i].real()) && same(g.imag(), expected[i].imag()))
            << "element " << i << ": " << g << ", NumPy " << expected[i];
    }
}

// ---- Transforms of infinities and NaN: the examples ----

TEST(HostileFft, InfinityAmongZerosGivesInfinityEverywhereAsNumPy) {
    // NumPy: np.fft.fft([np.inf, 0, 0]) -> [inf+0j, inf+0j, inf+0j]
    expect_same_values(loom::fft::fft(hostile_line({hostile_inf, 0, 0})),
                       {{hostile_inf, 0}, {hostile_inf, 0}, {hostile_inf, 0}});
}

TEST(HostileFft, InfinityInTheSecondOfTwoPointsKeepsTheImaginaryPartsZero) {
    // NumPy: np.fft.fft([1, np.inf]) -> [inf+0j, -inf+0j]
    expect_same_values(loom::fft::fft(hostile_line({1, hostile_inf})), {{hostile_inf, 0}, {-hostile_inf, 0}});
}

TEST(HostileFft, InverseOfNaNKeepsTheFiniteImaginaryParts) {
    // NumPy: np.fft.ifft([np.nan, 1+1j]) -> [nan+0.5j, nan-0.5j]
    expect_same_values(loom::fft::ifft(hostile_line({hostile_nan, {1, 1}})), {{hostile_nan, 0.5}, {hostile_nan, -0.5}});
}

TEST(HostileFft, InfinityTurnsWithTheRootsOfSeven) {
    // NumPy: np.fft.fft([0, np.inf, 0, 0, 0, 0, 0])
    const double i = hostile_inf;
    expect_same_values(loom::fft::fft(hostile_line({0, i, 0, 0, 0, 0, 0})),
                       {{i, 0}, {i, -i}, {-i, -i}, {-i, -i}, {-i, i}, {-i, i}, {i, i}});
}

TEST(HostileFft, APrimeNumPyTransformsByPassesKeepsItsInfinities) {
    // NumPy: np.fft.fft(np.r_[0, np.inf, np.zeros(65)])[:3] -> [inf+0j, inf-infj, inf-infj]
    std::vector<hostile_c128> x(67);
    x[1] = hostile_inf;
    const tensor<hostile_c128> got = loom::fft::fft(hostile_line(x));
    EXPECT_EQ(hostile_classes(got).substr(0, 6), "+F+-+-");
}

TEST(HostileFft, APrimeThroughBluesteinGivesNaNEverywhere) {
    // NumPy: np.fft.fft(np.r_[0, np.inf, np.zeros(99)]) -> nan+nanj at every frequency
    std::vector<hostile_c128> x(101);
    x[1] = hostile_inf;
    EXPECT_EQ(hostile_classes(loom::fft::fft(hostile_line(x))), std::string(202, 'N'));
}

TEST(HostileFft, RealTransformOfInfinityAmongZeros) {
    // NumPy: np.fft.rfft([np.inf, 0, 0, 0]) -> [inf+0j, inf+0j, inf+0j]
    expect_same_values(loom::fft::rfft(tensor<double>{hostile_inf, 0, 0, 0}),
                       {{hostile_inf, 0}, {hostile_inf, 0}, {hostile_inf, 0}});
}

TEST(HostileFft, InverseRealTransformKeepsTheOutputsAnInfinityDoesNotReach) {
    // NumPy: np.fft.irfft([1, np.inf, 1], 4) -> [inf, 0, -inf, 0]
    const tensor<double> got = loom::fft::irfft(hostile_line({1, hostile_inf, 1}), 4);
    ASSERT_EQ(got.size(), 4);
    EXPECT_EQ(got.data()[0], hostile_inf);
    EXPECT_EQ(got.data()[1], 0.0);
    EXPECT_EQ(got.data()[2], -hostile_inf);
    EXPECT_EQ(got.data()[3], 0.0);
}

TEST(HostileFft, InverseRealTransformIgnoresNaNInTheImaginaryPartOfTheZeroFrequency) {
    // NumPy: np.fft.irfft([complex(4, np.nan), 0, 0], 4) -> [1, 1, 1, 1] (and 3 points: [4/3, 4/3, 4/3])
    const tensor<double> even = loom::fft::irfft(hostile_line({{4, hostile_nan}, 0, 0}), 4);
    for (index_t k = 0; k < 4; ++k) EXPECT_DOUBLE_EQ(even.data()[k], 1.0);
    const tensor<double> odd = loom::fft::irfft(hostile_line({{4, hostile_nan}, 0}), 3);
    for (index_t k = 0; k < 3; ++k) EXPECT_DOUBLE_EQ(odd.data()[k], 4.0 / 3.0);
}

// ---- Transforms of infinities and NaN: a systematic sweep ----

// The inputs of the sweep, as the generator below makes them: for m <= 8
// every position, else 0, 1, m/2 and m-1, holds each special value in a line
// of zeros and in the ramp 0.5 + 0.25 k (+ 0.125 k i but for rfft); then the
// pairs (inf, -inf), (inf, inf), (nan, inf), (-inf, nan) at positions (0, 1)
// and (1, m-1) among zeros.
std::vector<std::vector<hostile_c128>> hostile_sweep_inputs(bool real, index_t m) {
    const std::vector<hostile_c128> specials{{hostile_inf, 0}, {-hostile_inf, 0}, {hostile_nan, 0}, {hostile_inf, 1},
                                             {1, -hostile_inf}, {hostile_inf, hostile_inf}, {hostile_nan, 1}};
    std::vector<index_t> positions;
    if (m <= 8) {
        for (index_t j = 0; j < m; ++j) positions.push_back(j);
    } else {
        positions = {0, 1, m / 2, m - 1};
    }
    std::vector<std::vector<hostile_c128>> inputs;
    for (std::size_t v = 0; v < (real ? 3 : specials.size()); ++v) {
        for (index_t j : positions) {
            for (bool ramp : {false, true}) {
                std::vector<hostile_c128> x(static_cast<std::size_t>(m));
                for (index_t k = 0; ramp && k < m; ++k) {
                    const auto d = static_cast<double>(k);
                    x[static_cast<std::size_t>(k)] = {0.5 + 0.25 * d, real ? 0.0 : 0.125 * d};
                }
                x[static_cast<std::size_t>(j)] = specials[v];
                inputs.push_back(x);
            }
        }
    }
    const double pairs[4][2] = {{hostile_inf, -hostile_inf}, {hostile_inf, hostile_inf}, {hostile_nan, hostile_inf},
                                {-hostile_inf, hostile_nan}};
    for (const auto& pair : pairs) {
        for (const auto& [j, k] : {std::pair<index_t, index_t>{0, 1}, {1, m - 1}}) {
            if (!(j < k && k < m)) continue;
            std::vector<hostile_c128> x(static_cast<std::size_t>(m));
            x[static_cast<std::size_t>(j)] = pair[0];
            x[static_cast<std::size_t>(k)] = pair[1];
            inputs.push_back(x);
        }
    }
    return inputs;
}

// The classes of every output of the sweep's transforms, joined by '|'.
std::string hostile_sweep_classes(const std::string& kind, index_t n) {
    const bool real = kind == "rfft";
    const index_t m = kind == "irfft" ? n / 2 + 1 : n;
    std::string text;
    for (const auto& x : hostile_sweep_inputs(real, m)) {
        if (!text.empty()) text += '|';
        const tensor<hostile_c128> line = hostile_line(x);
        if (kind == "fft") text += hostile_classes(loom::fft::fft(line, n));
        if (kind == "ifft") text += hostile_classes(loom::fft::ifft(line, n));
        if (kind == "rfft") text += hostile_classes(loom::fft::rfft(tensor<double>(loom::real(line)), n));
        if (kind == "irfft") text += hostile_classes(loom::fft::irfft(line, n));
    }
    return text;
}

// FNV-1a, 64 bits.
std::uint64_t hostile_fnv(const std::string& text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
    return hash;
}

// NumPy's classes of the sweep, hashed: generated by the same sweep in
// Python (np.fft.fft(x, n), ifft, rfft(x.real, n), irfft(x, n); 'N' for NaN,
// '+'/'-' for the infinities, 'F' for finite values, real then imaginary
// part of each output, the inputs' strings joined by '|'). The real
// transforms are checked at the lengths where NumPy's real passes give what
// its complex transform does (docs/fft.md).
struct hostile_sweep_case {
    const char* kind;
    index_t n;
    std::uint64_t numpy_hash;
};

TEST(HostileFft, InfinitiesAndNaNGiveNumPysClassesAtEveryOutput) {
    const hostile_sweep_case cases[] = {
        {"fft", 1, 0xd9506768e702c6dfULL},
        {"fft", 2, 0x690b13cdbb4c5635ULL},
        {"fft", 3, 0x9f95b2f586c884ddULL},
        {"fft", 4, 0xbcb33add84d0e101ULL},
        {"fft", 5, 0xed41ceb7785912e9ULL},
        {"fft", 6, 0xd0a89ae48d8ed473ULL},
        {"fft", 7, 0xbb42a88e73f89bf5ULL},
        {"fft", 8, 0x1669c24e886a983dULL},
        {"fft", 16, 0x0b5ffed37aae23bdULL},
        {"fft", 30, 0x71e182096d7535b1ULL},
        {"fft", 49, 0x4a8bf48e76bf9935ULL},
        {"fft", 64, 0x20185d15e63f7173ULL},
        {"fft", 67, 0x7c9a16278dc92239ULL},
        {"fft", 101, 0xc6c9a892b5beafbbULL},
        {"ifft", 1, 0xd9506768e702c6dfULL},
        {"ifft", 2, 0x690b13cdbb4c5635ULL},
        {"ifft", 3, 0xead499644b9ef679ULL},
        {"ifft", 4, 0x172097061a1b6885ULL},
        {"ifft", 5, 0x49f29ca9f05718a1ULL},
        {"ifft", 6, 0x4d79a45529c7b427ULL},
        {"ifft", 7, 0xde3239c9c1d66959ULL},
        {"ifft", 8, 0xf46a25630b880921ULL},
        {"ifft", 16, 0x1bd828a64b418a79ULL},
        {"ifft", 30, 0xf08b0ef11c707ca5ULL},
        {"ifft", 49, 0xd170a108614fb0dbULL},
        {"ifft", 64, 0xb019ec57127d0213ULL},
        {"ifft", 67, 0x9067d329ce6fe68dULL},
        {"ifft", 101, 0xc6c9a892b5beafbbULL},
        {"rfft", 1, 0x925635533d4b1a1bULL},
        {"rfft", 2, 0xc489e6fb322dd01dULL},
        {"rfft", 3, 0xdd4c1add7433ca01ULL},
        {"rfft", 4, 0x026649adfb888fa8ULL},
        {"rfft", 5, 0x25490442d64a208fULL},
        {"rfft", 7, 0x84fdd2091fa591afULL},
        {"rfft", 67, 0x84991107b6c5b5f1ULL},
        {"irfft", 1, 0x954c3612278fdf23ULL},
        {"irfft", 2, 0x66addc42cbdf2313ULL},
        {"irfft", 3, 0x6646b9c4291c6576ULL},
        {"irfft", 4, 0xfa3c104b9b8b56a9ULL},
        {"irfft", 5, 0xa592474de112b11fULL},
        {"irfft", 6, 0xe308a98c02af866dULL},
        {"irfft", 7, 0x35eb10d497578b8bULL},
        {"irfft", 12, 0x404adb715637f4a1ULL},
        {"irfft", 67, 0xfc2fa8996ae721f7ULL},
    };
    for (const auto& c : cases) {
        const std::string classes = hostile_sweep_classes(c.kind, c.n);
        EXPECT_EQ(hostile_fnv(classes), c.numpy_hash) << c.kind << " of " << c.n << " points: " << classes;
    }
}

// ---- norm's messages quote the order as given ----

TEST(HostileNorm, AnOrderNearTwoIsQuotedWithAllItsDigits) {
    const tensor<double> m{{1, 2}, {3, 4}};
    EXPECT_EQ(message_of([&] { (void)loom::linalg::norm(m, 2.0000001); }),
              "norm: the order 2.0000001 is not a matrix norm; give 1, -1, 2, -2, inf, -inf, \"fro\" or \"nuc\"");
}

TEST(HostileNorm, ASmallOrderIsNotRoundedToZero) {
    const tensor<double> m{{1, 2}, {3, 4}};
    EXPECT_EQ(message_of([&] { (void)loom::linalg::norm(m, 1e-7); }),
              "norm: the order 1e-07 is not a matrix norm; give 1, -1, 2, -2, inf, -inf, \"fro\" or \"nuc\"");
}

TEST(HostileNorm, NaNAndWholeOrdersAreQuotedAsNumbers) {
    const tensor<double> m{{1, 2}, {3, 4}};
    EXPECT_TRUE(loom::testing::contains(message_of([&] { (void)loom::linalg::norm(m, hostile_nan); }),
                                        "the order nan is not a matrix norm"));
    EXPECT_TRUE(loom::testing::contains(message_of([&] { (void)loom::linalg::norm(m, -3); }),
                                        "the order -3 is not a matrix norm"));
    const tensor<double> t(shape_type{2, 2, 2});
    EXPECT_TRUE(loom::testing::contains(message_of([&] { (void)loom::linalg::norm(t, 0.5); }),
                                        "and the order 0.5 needs a vector or a matrix"));
}

// ---- roll by shifts at the limits of index_t ----

TEST(HostileRoll, ShiftsAtTheLimitsOfIndexRollByTheirRemainder) {
    const tensor<int> x{0, 1, 2, 3, 4};
    // NumPy: np.roll(np.arange(5), -2**63) and np.roll(np.arange(5), 2**63 - 1) -> [3, 4, 0, 1, 2]
    EXPECT_TRUE(loom::array_equal(loom::roll(x, std::numeric_limits<index_t>::min(), 0), tensor<int>{3, 4, 0, 1, 2}));
    EXPECT_TRUE(loom::array_equal(loom::roll(x, std::numeric_limits<index_t>::max(), 0), tensor<int>{3, 4, 0, 1, 2}));
}

}  // namespace
