// numpy.fft in loom::fft: the transforms against NumPy 1.24's values (pasted
// from /usr/bin/python3 with numpy; the inputs are written beside them) and
// against a plain sum in long double for every length 1..512 and for
// lengths with large prime factors; round trips, the norm modes, n, axes,
// the frequencies and shifts, the edge cases and the errors.

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
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
using loom::testing::message_of;
using fft_c128 = std::complex<double>;

// Relative RMS error of `got` against `expected`.
template <class T>
double fft_rms_error(const std::vector<T>& got, const std::vector<T>& expected) {
    EXPECT_EQ(got.size(), expected.size());
    long double error = 0;
    long double size = 0;
    for (std::size_t i = 0; i < got.size() && i < expected.size(); ++i) {
        error += std::norm(std::complex<long double>(got[i]) - std::complex<long double>(expected[i]));
        size += std::norm(std::complex<long double>(expected[i]));
    }
    return size == 0 ? static_cast<double>(std::sqrt(error)) : static_cast<double>(std::sqrt(error / size));
}

TEST(FftTransforms, NumPysExampleOfAPureTone) {
    // np.fft.fft(np.exp(2j * np.pi * np.arange(8) / 8)): 8 at frequency 1, NumPy's values near 0 elsewhere.
    const auto x = loom::exp(fft_c128(0, 2 * std::numbers::pi / 8) * loom::arange<double>(8));
    const auto y = elements_of(loom::fft::fft(x));
    ASSERT_EQ(y.size(), 8u);
    for (std::size_t k = 0; k < 8; ++k) {
        const fft_c128 expected = k == 1 ? fft_c128(8, 0) : fft_c128(0, 0);
        EXPECT_NEAR(std::abs(y[k] - expected), 0.0, 1e-14) << k;
    }
}

TEST(FftTransforms, EveryLengthUpTo512MatchesThePlainSum) {
    for (std::size_t n = 1; n <= 512; ++n) {
        const auto x = fft_reference_signal(n);
        EXPECT_LE(fft_error_against_definition(elements_of(loom::fft::fft(fft_complex_tensor(x))), x, fft_every_output(n)),
                  1e-14)
            << n;
    }
}

TEST(FftTransforms, LargePrimesAndMixedLengthsMatchThePlainSum) {
    // Bluestein's algorithm for 4099 and 10007 and for 2 * 1009; radix 4, 2, 3, 5 and 7 for the others.
    // Every output up to 1024, a sample of them above.
    for (std::size_t n : {509u, 2018u, 4096u, 4099u, 3u * 5u * 7u * 11u, 10007u}) {
        const auto x = fft_reference_signal(n);
        const auto at = n <= 1024 ? fft_every_output(n) : loom::testing::fft_sampled_outputs(n);
        EXPECT_LE(fft_error_against_definition(elements_of(loom::fft::fft(fft_complex_tensor(x))), x, at), 1e-14) << n;
    }
}

// Every length in an optimised build. A Debug build (CI's sanitizer stage, where this test took 78 s)
// takes every length up to 1024 and one in seven above it, which still meets every kind of plan.
#ifdef NDEBUG
constexpr std::size_t fft_lengths_step_above_1024 = 1;
#else
constexpr std::size_t fft_lengths_step_above_1024 = 7;
#endif

TEST(FftTransforms, EveryLengthUpTo4096ComesBackThroughIfft) {
    for (std::size_t n = 1; n <= 4096; n += n < 1024 ? 1 : fft_lengths_step_above_1024) {
        const auto x = fft_reference_signal(n);
        const auto back = elements_of(loom::fft::ifft(loom::fft::fft(fft_complex_tensor(x))));
        EXPECT_LE(fft_rms_error(back, x), 1e-14) << n;
    }
}

TEST(FftTransforms, NormModesAndPaddingAsNumPy) {
    // np.fft.fft([1., 2, 3, 4, 5], n=7, norm="ortho"), NumPy's values.
    const tensor<double> x{1.0, 2.0, 3.0, 4.0, 5.0};
    const std::vector<fft_c128> expected{
        {5.669467095138408, 0}, {-2.467844571017525, -1.53248075335263}, {1.309064737348688, -0.5405028369441074},
        {-0.3530780583680722, 0.9270164097032625}, {-0.3530780583680722, -0.9270164097032625},
        {1.309064737348688, 0.5405028369441074}, {-2.467844571017525, 1.53248075335263}};
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft(x, 7, -1, loom::fft::norm::ortho)), expected), 1e-15);
    // np.fft.ifft([0, 4, 0, 0], norm="forward") is [4, 4j, -4, -4j]: unscaled.
    const std::vector<fft_c128> inverse{{4, 0}, {0, 4}, {-4, 0}, {0, -4}};
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::ifft(tensor<int>{0, 4, 0, 0}, std::nullopt, 0,
                                                        loom::fft::norm::forward)),
                            inverse),
              1e-15);
    // Cropping: the first three of five.
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft(x, 3)),
                            elements_of(loom::fft::fft(tensor<double>{1.0, 2.0, 3.0}))),
              1e-15);
    // backward and forward are each other's inverse with the scaling the other way.
    const auto forward = loom::fft::fft(x, std::nullopt, -1, loom::fft::norm::forward);
    EXPECT_NEAR(forward(0).real(), 3.0, 1e-15);
    const auto back = loom::fft::ifft(forward, std::nullopt, -1, loom::fft::norm::forward);
    EXPECT_LE(fft_rms_error(elements_of(back), elements_of(loom::astype<fft_c128>(x))), 1e-15);
}

TEST(FftTransforms, RealTransformsAsNumPy) {
    // np.fft.rfft([1., 2, 3, 4, 5]) and np.fft.irfft of it at n=5, NumPy's values.
    const tensor<double> x{1.0, 2.0, 3.0, 4.0, 5.0};
    const auto spectrum = loom::fft::rfft(x);
    EXPECT_EQ(spectrum.shape(), (shape_type{3}));
    EXPECT_LE(fft_rms_error(elements_of(spectrum),
                            std::vector<fft_c128>{{15, 0}, {-2.5, 3.4409548011779334}, {-2.5, 0.8122992405822659}}),
              1e-15);
    const tensor<double> back = loom::fft::irfft(spectrum, 5);
    EXPECT_LE(fft_rms_error(elements_of(back), elements_of(x)), 1e-15);
    // Without n, 2 (m - 1) points: 4 from the 3 given. np.fft.irfft([1, 2+1j, 3j]) is NumPy's:
    const tensor<fft_c128> half{fft_c128(1, 0), fft_c128(2, 1), fft_c128(0, 3)};
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::irfft(half)), std::vector<double>{1.25, -0.25, -0.75, 0.75}), 1e-15);
    // Integers give complex128 and float32 too (computed in double, as NumPy 1.24).
    static_assert(std::is_same_v<decltype(loom::fft::rfft(tensor<float>{1.0f})), tensor<fft_c128>>);
    EXPECT_EQ(elements_of(loom::fft::rfft(tensor<std::int32_t>{1, 1}))[0], fft_c128(2, 0));
}

TEST(FftTransforms, AxesViewsAndExpressions) {
    // np.fft.fft(np.arange(6.).reshape(2, 3), axis=0) and fft2 of it, NumPy's values.
    const tensor<double> m = loom::reshape(loom::arange<double>(6), {2, 3});
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft(m, std::nullopt, 0)),
                            std::vector<fft_c128>{{3, 0}, {5, 0}, {7, 0}, {-3, 0}, {-3, 0}, {-3, 0}}),
              1e-15);
    const std::vector<fft_c128> two{{15, 0}, {-3, 1.7320508075688772}, {-3, -1.7320508075688772},
                                    {-9, 0}, {0, 0},  {0, 0}};
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft2(m)), two), 1e-15);
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fftn(m)), two), 1e-15);
    // The transposed view along axis 1 is the first along axis 0.
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft(loom::transpose(m), std::nullopt, 1)),
                            elements_of(loom::transpose(loom::fft::fft(m, std::nullopt, 0)))),
              1e-15);
    // A lazy expression as input.
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::fft(m + 1.0, std::nullopt, 0)),
                            std::vector<fft_c128>{{5, 0}, {7, 0}, {9, 0}, {-3, 0}, {-3, 0}, {-3, 0}}),
              1e-15);
    // rfftn and irfftn, NumPy's values; ifft2 undoes fft2.
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::rfftn(m)),
                            std::vector<fft_c128>{{15, 0}, {-3, 1.7320508075688772}, {-9, 0}, {0, 0}}),
              1e-15);
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::irfftn(loom::fft::rfftn(m), std::vector<index_t>{2, 3})),
                            elements_of(m)),
              1e-15);
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::irfft2(loom::fft::rfft2(m), std::vector<index_t>{2, 3})),
                            elements_of(m)),
              1e-15);
    EXPECT_LE(fft_rms_error(elements_of(loom::fft::ifft2(loom::fft::fft2(m))), elements_of(loom::astype<fft_c128>(m))),
              1e-15);
    // s pads each axis: shape [4, 5].
    EXPECT_EQ(loom::fft::fftn(m, std::vector<index_t>{4, 5}).shape(), (shape_type{4, 5}));
    EXPECT_EQ(loom::fft::ifftn(m, std::vector<index_t>{4}).shape(), (shape_type{2, 4}));
    EXPECT_EQ(loom::fft::fftn(m, std::nullopt, std::vector<index_t>{0}).shape(), (shape_type{2, 3}));
}

TEST(FftTransforms, EmptyAndSizeOneEdges) {
    // An empty other axis: an empty result of the padded shape.
    const tensor<double> empty(loom::uninitialized, shape_type{0, 3});
    EXPECT_EQ(loom::fft::fft(empty, 4).shape(), (shape_type{0, 4}));
    EXPECT_EQ(loom::fft::rfft(empty).shape(), (shape_type{0, 2}));
    EXPECT_EQ(loom::fft::fft(tensor<double>{2.5})(0), fft_c128(2.5, 0));
    // np.fft.irfft([1.0], n=1) is [1.].
    EXPECT_EQ(loom::fft::irfft(tensor<double>{1.0}, 1)(0), 1.0);
}

TEST(FftTransforms, ErrorsAsNumPy) {
    const tensor<double> x{1.0, 2.0};
    EXPECT_THROW(loom::fft::fft(x, 0), std::invalid_argument);
    EXPECT_EQ(message_of([&] { (void)loom::fft::fft(x, 0); }),
              "fft: 0 is not a valid number of data points along axis 0 of shape [2]; give n >= 1");
    EXPECT_THROW(loom::fft::fft(tensor<double>(loom::uninitialized, shape_type{0})), std::invalid_argument);
    EXPECT_EQ(message_of([] { (void)loom::fft::irfft(tensor<double>(loom::uninitialized, shape_type{3, 0})); }),
              "irfft: -2 is not a valid number of data points along axis 1 of shape [3, 0]; give n >= 1 or a "
              "longer axis");
    EXPECT_THROW(loom::fft::irfft(tensor<double>{1.0}), std::invalid_argument);
    EXPECT_THROW(loom::fft::fft(x, std::nullopt, 1), std::out_of_range);
    EXPECT_THROW(loom::fft::fft(tensor<double>(shape_type{}, 1.0)), std::out_of_range);
    EXPECT_EQ(message_of([&] { (void)loom::fft::fftn(x, std::vector<index_t>{2}, std::vector<index_t>{0, 0}); }),
              "fftn: 1 sizes in s for 2 axes; give one size per axis");
    EXPECT_THROW(loom::fft::fftn(x, std::vector<index_t>{2, 2}), std::invalid_argument);
    EXPECT_THROW(loom::fft::rfftn(x, std::nullopt, std::vector<index_t>{}), std::invalid_argument);
    EXPECT_THROW(loom::fft::fft2(x), std::out_of_range);
    // Sizes whose bytes index_t cannot count are refused before anything is allocated.
    EXPECT_EQ(message_of([&] { (void)loom::fft::fft(x, index_t{1} << 61); }),
              "fft: 2305843009213693952 points along axis 0 of shape [2] take more memory than can be counted; "
              "give a smaller n");
    EXPECT_THROW(loom::fft::irfftn(x, std::vector<index_t>{index_t{1} << 62}), std::invalid_argument);
}

TEST(FftFrequencies, AsNumPy) {
    // np.fft.fftfreq(8, 0.1) and np.fft.rfftfreq(9, 0.5), NumPy's values.
    EXPECT_EQ(elements_of(loom::fft::fftfreq(8, 0.1)),
              (std::vector<double>{0.0, 1.25, 2.5, 3.75, -5.0, -3.75, -2.5, -1.25}));
    EXPECT_EQ(elements_of(loom::fft::rfftfreq(9, 0.5)),
              (std::vector<double>{0.0, 0.2222222222222222, 0.4444444444444444, 0.6666666666666666,
                                   0.8888888888888888}));
    EXPECT_EQ(elements_of(loom::fft::fftfreq(1)), std::vector<double>{0.0});
    EXPECT_EQ(message_of([] { (void)loom::fft::fftfreq(0); }), "fftfreq: window length 0; give n >= 1");
    EXPECT_THROW(loom::fft::rfftfreq(4, 0.0), std::invalid_argument);
}

TEST(FftFrequencies, ShiftsAsNumPy) {
    // np.fft.fftshift(np.fft.fftfreq(10, 0.1)), NumPy's values.
    EXPECT_EQ(elements_of(loom::fft::fftshift(loom::fft::fftfreq(10, 0.1))),
              (std::vector<double>{-5, -4, -3, -2, -1, 0, 1, 2, 3, 4}));
    // np.fft.fftshift(np.arange(9).reshape(3, 3), axes=(1,)).
    const tensor<int> m = loom::reshape(loom::arange<int>(9), {3, 3});
    EXPECT_EQ(elements_of(loom::fft::fftshift(m, std::vector<index_t>{1})),
              (std::vector<int>{2, 0, 1, 5, 3, 4, 8, 6, 7}));
    // ifftshift undoes fftshift on odd lengths too.
    const tensor<int> odd = loom::arange<int>(7);
    EXPECT_EQ(elements_of(loom::fft::ifftshift(loom::fft::fftshift(odd))), elements_of(odd));
    EXPECT_EQ(elements_of(loom::fft::ifftshift(odd)), (std::vector<int>{3, 4, 5, 6, 0, 1, 2}));
    EXPECT_THROW(loom::fft::fftshift(odd, std::vector<index_t>{1}), std::out_of_range);
}

}  // namespace
