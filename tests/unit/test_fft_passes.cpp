// loom::fft's self-sorting passes and its real transforms through a complex
// one of half the length (plan.hpp): rfft of every length 1..512 and irfft
// of every length 1..128 against a plain sum in long double; long
// transforms (powers of two, odd and even exponents, and lengths of factors
// 3 and 5) against the plain sum at sampled frequencies; rfft's cropping, padding, axes and norm against
// NumPy 1.24's values (pasted from /usr/bin/python3 with numpy).

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <vector>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using fftp_c128 = std::complex<double>;
using fftp_wide = std::complex<long double>;

// Reproducible values in [-1, 1) for length n, real when `real` is set.
std::vector<fftp_c128> fftp_signal(std::size_t n, bool real) {
    std::vector<fftp_c128> x(n);
    std::uint64_t state = 0x2545F4914F6CDD1DULL + n;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;
    };
    for (auto& v : x) v = fftp_c128(next(), real ? 0.0 : next());
    return x;
}

// Relative RMS error of got[k] against the transform of x by its definition
// in long double, over the outputs k in `at`.
double fftp_error_at(const std::vector<fftp_c128>& got, const std::vector<fftp_c128>& x,
                     const std::vector<std::size_t>& at) {
    const std::size_t n = x.size();
    const long double pi = 3.141592653589793238462643383279502884L;
    std::vector<fftp_wide> roots(n);
    for (std::size_t j = 0; j < n; ++j) {
        const long double angle = -2 * pi * static_cast<long double>(j) / static_cast<long double>(n);
        roots[j] = fftp_wide(std::cos(angle), std::sin(angle));
    }
    long double error = 0;
    long double size = 0;
    for (std::size_t k : at) {
        fftp_wide expected = 0;
        for (std::size_t j = 0; j < n; ++j) expected += fftp_wide(x[j]) * roots[(j * k) % n];
        error += std::norm(fftp_wide(got[k]) - expected);
        size += std::norm(expected);
    }
    return static_cast<double>(std::sqrt(error / size));
}

tensor<fftp_c128> fftp_complex_tensor(const std::vector<fftp_c128>& x) {
    tensor<fftp_c128> t(loom::uninitialized, shape_type{static_cast<index_t>(x.size())});
    std::copy(x.begin(), x.end(), t.begin());
    return t;
}

tensor<double> fftp_real_tensor(const std::vector<fftp_c128>& x) {
    tensor<double> t(loom::uninitialized, shape_type{static_cast<index_t>(x.size())});
    for (std::size_t j = 0; j < x.size(); ++j) t.data()[j] = x[j].real();
    return t;
}

TEST(FftPasses, RfftOfEveryLengthUpTo512MatchesThePlainSum) {
    for (std::size_t n = 1; n <= 512; ++n) {
        const auto x = fftp_signal(n, true);
        const auto got = elements_of(loom::fft::rfft(fftp_real_tensor(x)));
        ASSERT_EQ(got.size(), n / 2 + 1) << n;
        std::vector<std::size_t> all(n / 2 + 1);
        for (std::size_t k = 0; k < all.size(); ++k) all[k] = k;
        EXPECT_LE(fftp_error_at(got, x, all), 1e-14) << n;
        // The zero frequency, and the Nyquist frequency of an even length, are real.
        EXPECT_EQ(got.front().imag(), 0.0) << n;
        if (n % 2 == 0) {
            EXPECT_EQ(got.back().imag(), 0.0) << n;
        }
    }
}

// 32 outputs spread over the transform, the first and the last among them.
std::vector<std::size_t> fftp_sampled(std::size_t n) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < 32; ++i) at.push_back(i * (n - 1) / 31);
    return at;
}

TEST(FftPasses, LongTransformsMatchThePlainSumAtSampledFrequencies) {
    // 2^16 in passes of 4; 2^15, 2^17 and 2^19 with one pass of 2; 3^2 5^5 2^3 and 3^9 with passes of 3 and 5.
    for (std::size_t n : {1u << 15, 1u << 16, 1u << 17, 1u << 19, 9u * 3125u * 8u, 19683u}) {
        const auto x = fftp_signal(n, false);
        const auto got = elements_of(loom::fft::fft(fftp_complex_tensor(x)));
        EXPECT_LE(fftp_error_at(got, x, fftp_sampled(n)), 1e-14) << n;
        const auto back = elements_of(loom::fft::ifft(fftp_complex_tensor(got)));
        long double error = 0;
        for (std::size_t j = 0; j < n; ++j) error += std::norm(fftp_wide(back[j]) - fftp_wide(x[j]));
        EXPECT_LE(static_cast<double>(std::sqrt(error / n)), 1e-14) << n;
    }
}

TEST(FftPasses, LongRealTransformsMatchThePlainSumAtSampledFrequencies) {
    for (std::size_t n : {1u << 16, 1u << 17, 9u * 3125u * 8u, 2u * 1009u, 19683u}) {
        const auto x = fftp_signal(n, true);
        const auto got = elements_of(loom::fft::rfft(fftp_real_tensor(x)));
        EXPECT_LE(fftp_error_at(got, x, fftp_sampled(n / 2 + 1)), 1e-14) << n;
        const auto back = elements_of(loom::fft::irfft(fftp_complex_tensor(got), static_cast<index_t>(n)));
        long double error = 0;
        for (std::size_t j = 0; j < n; ++j) error += (back[j] - x[j].real()) * static_cast<long double>(back[j] - x[j].real());
        EXPECT_LE(static_cast<double>(std::sqrt(error / n)), 1e-14) << n;
    }
}

TEST(FftPasses, IrfftOfEveryLengthUpTo128MatchesThePlainSum) {
    // The n/2 + 1 given values, imaginary parts everywhere (NumPy ignores those of the zero and Nyquist frequencies).
    const long double pi = 3.141592653589793238462643383279502884L;
    for (std::size_t n = 1; n <= 128; ++n) {
        const std::size_t half = n / 2 + 1;
        const auto spectrum = fftp_signal(half, false);
        const auto got = elements_of(loom::fft::irfft(fftp_complex_tensor(spectrum), static_cast<index_t>(n)));
        ASSERT_EQ(got.size(), n) << n;
        long double error = 0;
        long double size = 0;
        for (std::size_t m = 0; m < n; ++m) {
            long double sum = 0;  // the real part of the inverse transform of the Hermitian spectrum
            for (std::size_t k = 0; k < n; ++k) {
                const fftp_wide value = k < half ? fftp_wide(spectrum[k]) : std::conj(fftp_wide(spectrum[n - k]));
                const long double angle = 2 * pi * static_cast<long double>((k * m) % n) / static_cast<long double>(n);
                sum += value.real() * std::cos(angle) - value.imag() * std::sin(angle);
            }
            sum /= static_cast<long double>(n);
            error += (got[m] - sum) * (got[m] - sum);
            size += sum * sum;
        }
        EXPECT_LE(static_cast<double>(std::sqrt(error / size)), 1e-14) << n;
    }
}

TEST(FftPasses, RfftCropsPadsAndScalesAsNumPy) {
    const tensor<double> x{1.0, 2.0, 3.0, 4.0, 5.0, 6.0};
    // np.fft.rfft([1., 2, 3, 4, 5, 6], n=8), NumPy's values.
    const std::vector<fftp_c128> padded{{21, 0}, {-9.65685424949238, -3}, {3, -4}, {1.6568542494923806, 3}, {-3, 0}};
    const auto got = elements_of(loom::fft::rfft(x, 8));
    ASSERT_EQ(got.size(), padded.size());
    for (std::size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(std::abs(got[k] - padded[k]), 0.0, 1e-14) << k;
    // np.fft.rfft([1., 2, 3, 4, 5, 6], n=4) is [10, -2+2j, -2], NumPy's values.
    EXPECT_EQ(elements_of(loom::fft::rfft(x, 4)), (std::vector<fftp_c128>{{10, 0}, {-2, 2}, {-2, 0}}));
    // np.fft.rfft([[1., 2], [3, 4], [5, 7], [0, 1]], axis=0, norm="ortho"), NumPy's values.
    const tensor<double> m = loom::reshape(tensor<double>{1, 2, 3, 4, 5, 7, 0, 1}, std::vector<index_t>{4, 2});
    const auto columns = loom::fft::rfft(m, std::nullopt, 0, loom::fft::norm::ortho);
    ASSERT_EQ(columns.shape(), (shape_type{3, 2}));
    const std::vector<fftp_c128> ortho{{4.5, 0}, {7, 0}, {-2, -1.5}, {-2.5, -1.5}, {1.5, 0}, {2, 0}};
    const auto values = elements_of(columns);
    for (std::size_t k = 0; k < values.size(); ++k) EXPECT_NEAR(std::abs(values[k] - ortho[k]), 0.0, 1e-15) << k;
}

TEST(FftPasses, RfftOfRowsAgreesWithFftOfEachRow) {
    // Several lines through one plan: each row's rfft is the first half of its complex transform.
    const std::size_t rows = 5, n = 96;
    tensor<double> m(loom::uninitialized, shape_type{static_cast<index_t>(rows), static_cast<index_t>(n)});
    const auto x = fftp_signal(rows * n, true);
    for (std::size_t i = 0; i < x.size(); ++i) m.data()[i] = x[i].real();
    const auto half = elements_of(loom::fft::rfft(m));
    const auto full = elements_of(loom::fft::fft(m));
    ASSERT_EQ(half.size(), rows * (n / 2 + 1));
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t k = 0; k <= n / 2; ++k) {
            EXPECT_NEAR(std::abs(half[r * (n / 2 + 1) + k] - full[r * n + k]), 0.0, 1e-13) << r << ' ' << k;
        }
    }
}

}  // namespace
