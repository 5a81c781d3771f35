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
#include "fft_reference.hpp"
#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::fft_complex_tensor;
using loom::testing::fft_error_against_definition;
using loom::testing::fft_every_output;
using loom::testing::fft_reference_signal;
using loom::testing::fft_sampled_outputs;
using fftp_c128 = std::complex<double>;
using fftp_wide = std::complex<long double>;

tensor<double> fftp_real_tensor(const std::vector<fftp_c128>& x) {
    tensor<double> t(loom::uninitialized, shape_type{static_cast<index_t>(x.size())});
    for (std::size_t j = 0; j < x.size(); ++j) t.data()[j] = x[j].real();
    return t;
}

TEST(FftPasses, RfftOfEveryLengthUpTo512MatchesThePlainSum) {
    for (std::size_t n = 1; n <= 512; ++n) {
        const auto x = fft_reference_signal(n, true);
        const auto got = elements_of(loom::fft::rfft(fftp_real_tensor(x)));
        ASSERT_EQ(got.size(), n / 2 + 1) << n;
        EXPECT_LE(fft_error_against_definition(got, x, fft_every_output(n / 2 + 1)), 1e-14) << n;
        // The zero frequency, and the Nyquist frequency of an even length, are real.
        EXPECT_EQ(got.front().imag(), 0.0) << n;
        if (n % 2 == 0) {
            EXPECT_EQ(got.back().imag(), 0.0) << n;
        }
    }
}

TEST(FftPasses, LongTransformsMatchThePlainSumAtSampledFrequencies) {
    // 2^16 in passes of 4; 2^15, 2^17 and 2^19 with one pass of 2; 3^2 5^5 2^3 and 3^9 with passes of 3 and 5;
    // 7^6 in passes of 7, and 441000 = 2^3 3^2 5^3 7^2 with passes of every radix.
    for (std::size_t n : {1u << 15, 1u << 16, 1u << 17, 1u << 19, 9u * 3125u * 8u, 19683u, 117649u, 441000u}) {
        const auto x = fft_reference_signal(n, false);
        const auto got = elements_of(loom::fft::fft(fft_complex_tensor(x)));
        EXPECT_LE(fft_error_against_definition(got, x, fft_sampled_outputs(n)), 1e-14) << n;
        const auto back = elements_of(loom::fft::ifft(fft_complex_tensor(got)));
        long double error = 0;
        for (std::size_t j = 0; j < n; ++j) error += std::norm(fftp_wide(back[j]) - fftp_wide(x[j]));
        EXPECT_LE(static_cast<double>(std::sqrt(error / n)), 1e-14) << n;
    }
}

TEST(FftPasses, LongRealTransformsMatchThePlainSumAtSampledFrequencies) {
    for (std::size_t n : {1u << 16, 1u << 17, 9u * 3125u * 8u, 2u * 1009u, 19683u, 2u * 117649u, 441000u}) {
        const auto x = fft_reference_signal(n, true);
        const auto got = elements_of(loom::fft::rfft(fftp_real_tensor(x)));
        EXPECT_LE(fft_error_against_definition(got, x, fft_sampled_outputs(n / 2 + 1)), 1e-14) << n;
        const auto back = elements_of(loom::fft::irfft(fft_complex_tensor(got), static_cast<index_t>(n)));
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
        const auto spectrum = fft_reference_signal(half, false);
        const auto got = elements_of(loom::fft::irfft(fft_complex_tensor(spectrum), static_cast<index_t>(n)));
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
    const auto x = fft_reference_signal(rows * n, true);
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
