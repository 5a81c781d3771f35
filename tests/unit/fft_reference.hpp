#pragma once
// What the fft tests measure loom::fft against: reproducible signals, and the
// transform by its definition, summed in long double, at every output or at
// a sample of them (a long transform's plain sum at every output would take
// longer than everything else the tests do).

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "loom/tensor.hpp"

namespace loom::testing {

/// Reproducible values in [-1, 1) for length n; the imaginary parts are 0 when `real` is set.
inline std::vector<std::complex<double>> fft_reference_signal(std::size_t n, bool real = false) {
    std::vector<std::complex<double>> x(n);
    std::uint64_t state = 0x2545F4914F6CDD1DULL + n;
    auto next = [&state] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;
    };
    for (auto& v : x) v = std::complex<double>(next(), real ? 0.0 : next());
    return x;
}

/// x as a one-dimensional complex128 tensor.
inline tensor<std::complex<double>> fft_complex_tensor(const std::vector<std::complex<double>>& x) {
    tensor<std::complex<double>> t(uninitialized, shape_type{static_cast<index_t>(x.size())});
    for (std::size_t j = 0; j < x.size(); ++j) t.data()[j] = x[j];
    return t;
}

/// The outputs 0..count-1.
inline std::vector<std::size_t> fft_every_output(std::size_t count) {
    std::vector<std::size_t> at(count);
    for (std::size_t k = 0; k < count; ++k) at[k] = k;
    return at;
}

/// 32 outputs spread over 0..count-1, the first and the last among them.
inline std::vector<std::size_t> fft_sampled_outputs(std::size_t count) {
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < 32; ++i) at.push_back(i * (count - 1) / 31);
    return at;
}

/// Relative RMS error of got[k] against the transform of x by its definition
/// in long double, over the outputs k in `at`.
inline double fft_error_against_definition(const std::vector<std::complex<double>>& got,
                                           const std::vector<std::complex<double>>& x,
                                           const std::vector<std::size_t>& at) {
    using wide = std::complex<long double>;
    const std::size_t n = x.size();
    const long double pi = 3.141592653589793238462643383279502884L;
    std::vector<wide> roots(n);
    for (std::size_t j = 0; j < n; ++j) {
        const long double angle = -2 * pi * static_cast<long double>(j) / static_cast<long double>(n);
        roots[j] = wide(std::cos(angle), std::sin(angle));
    }
    long double error = 0;
    long double size = 0;
    for (std::size_t k : at) {
        wide expected = 0;
        for (std::size_t j = 0; j < n; ++j) expected += wide(x[j]) * roots[(j * k) % n];
        error += std::norm(wide(got[k]) - expected);
        size += std::norm(expected);
    }
    return size == 0 ? static_cast<double>(std::sqrt(error)) : static_cast<double>(std::sqrt(error / size));
}

}  // namespace loom::testing
