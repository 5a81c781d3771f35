#pragma once
// The one-dimensional discrete Fourier transform of a contiguous line of
// complex<double>: a plan holds the twiddle factors of one length, computed
// once, and applies them to as many lines as the caller has. Stockham's
// self-sorting passes of radix 2, 4, 3, 5 and 7 and a plain sum for any
// other odd factor (Note [self-sorting passes]), or Bluestein's chirp-z algorithm
// (a convolution through a power-of-two transform) for the lengths NumPy
// gives it (Note [choice of algorithm]); the transform of real input
// through a complex one of half its length (Note [real transform]).
// Infinities and NaN go through the same operations as in NumPy's
// transforms (Note [non-finite input]).
// fft_plan_for keeps the plans of the last lengths used on a thread (Note
// [plan cache]). The passes run in SIMD batches (Note [passes in batches]).
// Cost of including: <algorithm>, <cmath>, <complex>, <cstddef>, <memory>,
// <vector> and eval/batch.hpp (xsimd).

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <memory>
#include <vector>

#include "loom/core/unroll.hpp"
#include "loom/eval/batch.hpp"

namespace loom::detail {

using fft_complex = std::complex<double>;

// exp(-2 pi i k / n) for 0 <= k < n, each computed from its own small angle:
// 2 pi k / n = quarter * pi/2 + angle with the quarter turn nearest to it,
// so that |angle| = pi |8k - 2 quarter n| / (4n) <= pi/4, where cos and sin
// (in long double) are correctly rounded to within an ulp. Angles that
// differ only in their sign have the same cos and sines of opposite signs
// (in long double as in the rounding to double), and 8k - 2 quarter n is a
// multiple of g = gcd(8, 2n): the cos and sin of the n/g + 1 angles of
// 0 .. n are computed once, as a plan is made (n/8 + 1 of them when 4
// divides n; every root its own took a third of the first transform of a
// length, which makes its plan).
class fft_roots {
public:
    explicit fft_roots(std::size_t n) : n_(n), step_(n % 4 == 0 ? 8 : n % 2 == 0 ? 4 : 2), first_(n / step_ + 1) {
        const long double pi = 3.141592653589793238462643383279502884L;
        for (std::size_t r = 0; r < first_.size(); ++r) {
            const long double angle = pi * static_cast<long double>(r * step_) / (4.0L * static_cast<long double>(n));
            first_[r] = {static_cast<double>(std::cos(angle)), static_cast<double>(std::sin(angle))};
        }
    }

    fft_complex operator()(std::size_t k) const {
        const unsigned long long eight_k = 8ULL * k;
        const unsigned long long quarter = (eight_k + n_) / (2ULL * n_);
        const long long rest = static_cast<long long>(eight_k) - static_cast<long long>(2ULL * quarter * n_);
        const fft_complex& first = first_[static_cast<std::size_t>(rest < 0 ? -rest : rest) / step_];
        const double c = first.real();
        const double s = rest < 0 ? -first.imag() : first.imag();
        // exp(-i (quarter pi/2 + angle)) = (-i)^quarter (c - i s).
        switch (quarter % 4) {
            case 0: return {c, -s};
            case 1: return {-s, -c};
            case 2: return {-c, s};
            default: return {s, c};
        }
    }

private:
    std::size_t n_;
    std::size_t step_;                 // g
    std::vector<fft_complex> first_;  // cos and sin of pi r g / (4n), r = 0 .. n/g
};

// a * b without the checks for infinite parts that std::complex's operator*
// makes (C99 Annex G): the plain formula, which the compiler vectorises, and
// the one NumPy's transforms use (Note [non-finite input]).
inline fft_complex fft_times(fft_complex a, fft_complex b) {
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

// Note [self-sorting passes]: a length n = p_1 p_2 ... p_t that does not go
// through Bluestein's algorithm (Note [choice of algorithm]) is transformed
// by Stockham's autosort, a decimation in frequency in t passes that each
// read one buffer and write the other. Before pass i, with
// s = p_1 ... p_(i-1) and the sub-length l = n / s, the data holds s
// interleaved sequences of l points: point a of sequence q at q + s a. Pass i
// splits each into p = p_i sequences of m = l / p points: for j < m and
// k < p, the k-th output of the p-point DFT of the points j, j + m, ...,
// j + (p - 1) m, times exp(-2 pi i jk / l), goes to q + s (p j + k), where
// the next pass finds it as point j of sequence q + s k. After the last pass
// (l = p, m = 1) the transform lies in natural order: no bit reversal.
// Every pass reads p runs and writes p runs of s contiguous elements, and the
// innermost loop, over q, keeps one twiddle per output: pocketfft's scheme,
// where a recursive decimation in time reads its last stage at a stride of
// n/4 and misses the cache past its size. The last pass reads and writes the
// same positions, so it can run in place: the passes before it alternate
// between the caller's line and one buffer of the plan, and the last writes
// the caller's line, whichever holds its input.

// Note [passes in batches]: the butterflies of a pass that share their
// twiddles (the loop over q, Note [self-sorting passes]) run in xsimd's
// batches of complex numbers, as many butterflies at once as a batch holds
// (2 with SSE2, 4 with AVX2, 8 with AVX-512), the rest of each run one at a
// time. A batch keeps the real parts in one register and the imaginary
// parts in another, and does the scalar butterfly's operations in the same
// order: sums and differences part by part, a turn by -i as an exchange of
// the parts, a real constant times each part, a twiddle by the plain
// formula of fft_times (xsimd's product of complex batches). So the results
// are those of the scalar passes (bit for bit where the compiler fuses no
// multiply and add into one), and the speed does not wait on the
// compiler's vectoriser, which g++ 12 runs on these loops at -O3 only.

// Note [non-finite input]: in IEEE arithmetic inf * 0 is NaN, so a
// multiplication by a root of exactly 1 (or -i) turns an infinite part into
// NaN where the product is plainly the value itself. The passes therefore
// multiply only where NumPy's do: the outputs of a butterfly of j = 0 keep
// twiddles of exactly 1 unapplied, as does output 0 of a plain sum, and the
// turns by -i inside the butterflies of radix 3, 4, 5 and 7 swap and negate
// parts; the factors come in NumPy's order (a factor 2 first, then the 4s,
// then the odd primes upwards), since the order decides which values meet
// which twiddles. fft({inf, 0, 0}) is then {inf, inf, inf} and fft({1, inf})
// {inf, -inf}, as NumPy gives; NaN meets a multiplication only where
// NumPy's does too, so the complex transforms give NaN and infinities at
// the same outputs as NumPy's (tests/unit/test_hostile_fft_linalg.cpp).
// Bluestein's algorithm multiplies every input by a chirp, the first of
// which is 1, and mixes every product into every output: any infinity or
// NaN gives NaN everywhere, in NumPy too.

// Note [choice of algorithm]: a length goes through Bluestein's algorithm
// when NumPy's transforms would: 50 points or more, a prime factor above
// the square root of the length, and the estimated work of the passes more
// than that of Bluestein's (three transforms of the smallest product of
// 2, 3, 5, 7 and 11 of at least 2n - 1 points), each estimated as the
// length times the sum of its prime factors (a factor above 5 weighing 1.1
// times its size). The largest factor a plain sum then handles is 227 (for
// lengths below 20000); the same choice keeps non-finite results equal to
// NumPy's, as Bluestein's spreads NaN everywhere (Note [non-finite input]).

// NumPy's estimate of the work of the passes for n points (Note [choice of algorithm]).
inline double fft_pass_cost(std::size_t n) {
    const auto weight = [](std::size_t p) { return p <= 5 ? static_cast<double>(p) : 1.1 * static_cast<double>(p); };
    double per_point = 0;
    std::size_t rest = n;
    for (std::size_t p = 2; p * p <= rest; p += p == 2 ? 1 : 2) {
        while (rest % p == 0) per_point += weight(p), rest /= p;
    }
    if (rest > 1) per_point += weight(rest);
    return per_point * static_cast<double>(n);
}

// The smallest product of powers of 2, 3, 5, 7 and 11 of at least n (n itself up to 6).
inline std::size_t fft_smooth_size(std::size_t n) {
    if (n <= 6) return n;
    std::size_t best = 2 * n;  // a power of two at most 2n - 2 is always there
    for (std::size_t f2 = 1; f2 < best; f2 *= 2) {
        for (std::size_t f3 = f2; f3 < best; f3 *= 3) {
            for (std::size_t f5 = f3; f5 < best; f5 *= 5) {
                for (std::size_t f7 = f5; f7 < best; f7 *= 7) {
                    for (std::size_t f11 = f7; f11 < best; f11 *= 11) {
                        if (f11 >= n) best = f11;
                    }
                }
            }
        }
    }
    return best;
}

// Whether n points, of largest prime factor `largest_prime`, go through Bluestein's algorithm.
inline bool fft_chooses_bluestein(std::size_t n, std::size_t largest_prime) {
    if (n < 50 || largest_prime * largest_prime <= n) return false;
    return 3 * fft_pass_cost(fft_smooth_size(2 * n - 1)) < fft_pass_cost(n);
}

// Note [real transform]: the transform X of 2h real points x is found from
// the h-point complex transform Z of z_j = x_2j + i x_(2j+1): with E and O
// the transforms of the even and the odd points, Z_k = E_k + i O_k, and as
// E and O are Hermitian, E_k = (Z_k + conj Z_(h-k)) / 2 and
// O_k = -i (Z_k - conj Z_(h-k)) / 2; then X_k = E_k + exp(-pi i k / h) O_k
// for k = 0 .. h (Z_h being Z_0). Backwards, as X_(k+h) = conj X_(h-k):
// 2 E_k = X_k + conj X_(h-k) and 2 O_k = exp(pi i k / h) (X_k - conj X_(h-k)),
// and the inverse transform of 2 E + 2i O holds twice x's even points in its
// real parts and twice its odd ones in its imaginary parts, which is what
// the unscaled inverse of 2h points gives. Half the work of the complex
// transform of 2h points either way, as pocketfft's real transforms.

// A plan for transforms of length n (n >= 1): forward (exp(-2 pi i jk/n),
// unscaled) or, through conjugation, backward (unscaled too).
class fft_plan {
public:
    explicit fft_plan(std::size_t n) : n_(n) {
        // NumPy's order of factors (Note [non-finite input]): a 2 first, the 4s, the odd primes upwards.
        std::size_t rest = n;
        while (rest % 4 == 0) factors_.push_back(4), rest /= 4;
        if (rest % 2 == 0) factors_.insert(factors_.begin(), 2), rest /= 2;
        for (std::size_t p = 3; p * p <= rest; p += 2) {
            while (rest % p == 0) factors_.push_back(p), rest /= p;
        }
        if (rest > 1) factors_.push_back(rest);
        std::size_t largest = 1;
        for (std::size_t p : factors_) largest = p > largest ? p : largest;
        if (fft_chooses_bluestein(n, largest == 4 ? 2 : largest)) {
            make_bluestein();
        } else {
            const fft_roots root(n);
            roots_.resize(n);
            for (std::size_t k = 0; k < n; ++k) roots_[k] = root(k);
            // Each pass's twiddles exp(-2 pi i jk / l), k = 1 .. p-1, as the pass reads them: side by
            // side for each j, but the first pass's of a radix up to 7 by k, each k's for every j in a
            // row (Note [first pass in batches]).
            std::size_t s = 1;
            for (std::size_t p : factors_) {
                const std::size_t m = n / s / p;
                const bool by_k = s == 1 && p <= 7;
                std::vector<fft_complex> pass((p - 1) * m);
                for (std::size_t j = 0; j < m; ++j) {
                    for (std::size_t k = 1; k < p; ++k) pass[by_k ? (k - 1) * m + j : j * (p - 1) + k - 1] = roots_[j * k * s];
                }
                twiddles_.push_back(std::move(pass));
                s *= p;
            }
            // Only the plain sums of factors above 7 read roots_ afterwards: otherwise its memory goes back.
            if (largest <= 7) std::vector<fft_complex>().swap(roots_);
            if (factors_.size() > 1) work_.resize(n);
            scratch_.resize(largest);
        }
    }

    std::size_t size() const { return n_; }

    // data[0..n) replaced by its transform; `inverse` conjugates the roots.
    void apply(fft_complex* data, bool inverse) {
        if (n_ == 1) return;
        if (inverse) {
            for (std::size_t j = 0; j < n_; ++j) data[j] = std::conj(data[j]);
        }
        if (chirp_.empty()) {
            transform(data);
        } else {
            bluestein(data);
        }
        if (inverse) {
            for (std::size_t j = 0; j < n_; ++j) data[j] = std::conj(data[j]);
        }
    }

    // out[0..n] = the first n + 1 outputs of the forward transform of 2n real
    // points: the real parts of in[0..count), zeros after them (Note [real
    // transform]). out must not overlap in.
    void apply_real(const fft_complex* in, std::size_t count, fft_complex* out) {
        const std::size_t h = n_;
        for (std::size_t j = 0; j < h; ++j) {
            const double even = 2 * j < count ? in[2 * j].real() : 0.0;
            const double odd = 2 * j + 1 < count ? in[2 * j + 1].real() : 0.0;
            out[j] = {even, odd};
        }
        apply(out, false);
        make_half_turn();
        const fft_complex zero = out[0];
        out[0] = {zero.real() + zero.imag(), 0.0};
        out[h] = {zero.real() - zero.imag(), 0.0};
        for (std::size_t k = 1; k <= h - k; ++k) {
            const fft_complex a = out[k], b = out[h - k];
            out[k] = real_output(a, b, half_turn_[k]);
            out[h - k] = real_output(b, a, half_turn_[h - k]);
        }
    }

    // out[0..2n) = the unscaled inverse transform of the Hermitian spectrum
    // of 2n points whose first n + 1 values are in[0..count) (zeros after
    // them), the imaginary parts of in[0] and in[n] ignored: Note [real
    // transform] run backwards. in must not overlap out.
    void apply_real_inverse(const fft_complex* in, std::size_t count, double* out) {
        const std::size_t h = n_;
        make_half_turn();
        real_line_.resize(h);
        const auto value = [in, count](std::size_t k) { return k < count ? in[k] : fft_complex{}; };
        for (std::size_t k = 0; k < h; ++k) {
            // 2 E_k + 2i O_k from X_k and X_(h-k), as Z_k = E_k + i O_k.
            const fft_complex a = k == 0 ? fft_complex{value(0).real(), 0.0} : value(k);
            const fft_complex b = k == 0 ? fft_complex{value(h).real(), 0.0} : std::conj(value(h - k));
            const fft_complex odd = fft_times(a - b, std::conj(half_turn_[k]));
            real_line_[k] = (a + b) + fft_complex{-odd.imag(), odd.real()};  // + i odd
        }
        apply(real_line_.data(), true);
        for (std::size_t j = 0; j < h; ++j) {
            out[2 * j] = real_line_[j].real();
            out[2 * j + 1] = real_line_[j].imag();
        }
    }

private:
    // exp(-pi i k / n) for k <= n, computed the first time the real transforms need them.
    void make_half_turn() {
        if (!half_turn_.empty()) return;
        const fft_roots root(2 * n_);
        half_turn_.resize(n_ + 1);
        for (std::size_t k = 0; k <= n_; ++k) half_turn_[k] = root(k);
    }

    // Output k of the real transform from Z_k = a and Z_(h-k) = b (Note [real transform]).
    static fft_complex real_output(fft_complex a, fft_complex b, fft_complex root) {
        const fft_complex even = 0.5 * (a + std::conj(b));
        const fft_complex half_diff = 0.5 * (a - std::conj(b));
        const fft_complex odd{half_diff.imag(), -half_diff.real()};  // -i (a - conj(b)) / 2
        return even + fft_times(root, odd);
    }

    // The passes of Note [self-sorting passes], data to work_ and back, the last into data.
    void transform(fft_complex* data) {
        fft_complex* from = data;
        fft_complex* to = work_.data();
        std::size_t s = 1;
        for (std::size_t f = 0; f < factors_.size(); ++f) {
            const std::size_t p = factors_[f];
            const std::size_t m = n_ / s / p;
            if (f + 1 == factors_.size()) to = data;
            const fft_complex* w = twiddles_[f].data();
            switch (p) {
                case 2: pass<2>(from, to, m, s, w); break;
                case 3: pass<3>(from, to, m, s, w); break;
                case 4: pass<4>(from, to, m, s, w); break;
                case 5: pass<5>(from, to, m, s, w); break;
                case 7: pass<7>(from, to, m, s, w); break;
                default: pass_any(from, to, p, m, s, w); break;
            }
            std::swap(from, to);
            s *= p;
        }
    }

    // One pass of radix P (Note [self-sorting passes]). The loop over q runs
    // along contiguous runs with one set of twiddles, in batches (Note
    // [passes in batches]); the first pass, where s is 1, has no such run,
    // and runs in batches over j (Note [first pass in batches]). The
    // butterflies of j = 0, whose twiddles are 1, are not multiplied (Note
    // [non-finite input]).
    template <std::size_t P>
    static void pass(const fft_complex* in, fft_complex* out, std::size_t m, std::size_t s, const fft_complex* w) {
        run_of_points<P, false>(in, out, s, s * m, w);
        if (s == 1) {
            first_pass<P>(in, out, m, w);
        } else {
            for (std::size_t j = 1; j < m; ++j) run_of_points<P, true>(in + s * j, out + s * P * j, s, s * m, w + j * (P - 1));
        }
    }

    // Note [first pass in batches]: in the first pass (s = 1) the butterfly
    // of j reads in[j + r m] and writes out[P j + k]: its inputs lie in runs
    // along j, its outputs P apart. The butterflies of j = 1 .. m - 1 run in
    // batches of consecutive j, as many as a batch of complex numbers holds,
    // each input a load of a run, and each twiddle too: the plan keeps this
    // pass's twiddles by k, exp(-2 pi i jk / n) at (k - 1) m + j. The
    // outputs, P batches of the same j, are written out through a small
    // array, j by j, to their places P apart. The operations are the scalar
    // butterfly's, in its order (Note [passes in batches]).
    template <std::size_t P, class T = double>
    static void first_pass(const std::complex<T>* in, std::complex<T>* out, std::size_t m, const std::complex<T>* w) {
        std::size_t j = 1;
        if constexpr (simd::vector_element<T>) {
            using B = xsimd::batch<std::complex<T>, simd::architecture>;
            for (; j + B::size <= m; j += B::size) {
                B a[P];
                LOOM_UNROLL(8)
                for (std::size_t r = 0; r < P; ++r) a[r] = B::load_unaligned(in + j + r * m);
                butterfly(a);
                std::complex<T> outputs[P][B::size];
                a[0].store_unaligned(outputs[0]);
                LOOM_UNROLL(8)
                for (std::size_t k = 1; k < P; ++k) {
                    (a[k] * B::load_unaligned(w + (k - 1) * m + j)).store_unaligned(outputs[k]);
                }
                LOOM_UNROLL(8)
                for (std::size_t t = 0; t < B::size; ++t) {
                    LOOM_UNROLL(8)
                    for (std::size_t k = 0; k < P; ++k) out[P * (j + t) + k] = outputs[k][t];
                }
            }
        }
        for (; j < m; ++j) point<P, true>(in + j, out + P * j, m, 1, w + j, m);
    }

    // point<P, twiddled>(in + q, out + q, in_step, s, w) for q < s: as many
    // at once as a batch of complex numbers holds, the rest one by one. T is
    // double, a parameter so that the batch type is not formed where xsimd
    // has none.
    template <std::size_t P, bool twiddled, class T = double>
    static void run_of_points(const std::complex<T>* in, std::complex<T>* out, std::size_t s, std::size_t in_step,
                              const std::complex<T>* w) {
        std::size_t q = 0;
        if constexpr (simd::vector_element<T>) {
            using B = xsimd::batch<std::complex<T>, simd::architecture>;
            for (; q + B::size <= s; q += B::size) {
                B a[P];
                LOOM_UNROLL(8)
                for (std::size_t r = 0; r < P; ++r) a[r] = B::load_unaligned(in + q + r * in_step);
                butterfly(a);
                a[0].store_unaligned(out + q);
                LOOM_UNROLL(8)
                for (std::size_t k = 1; k < P; ++k) {
                    (twiddled ? a[k] * B(w[k - 1]) : a[k]).store_unaligned(out + q + k * s);
                }
            }
        }
        for (; q < s; ++q) point<P, twiddled>(in + q, out + q, in_step, s, w, 1);
    }

    // The P points in[0], in[in_step], ... transformed, times the twiddles
    // w[0], w[w_step], ... from the second on when `twiddled`, into out[0],
    // out[out_step], ...
    template <std::size_t P, bool twiddled>
    static void point(const fft_complex* in, fft_complex* out, std::size_t in_step, std::size_t out_step,
                      const fft_complex* w, std::size_t w_step) {
        fft_complex a[P];
        LOOM_UNROLL(8)
        for (std::size_t r = 0; r < P; ++r) a[r] = in[r * in_step];
        butterfly(a);
        out[0] = a[0];
        LOOM_UNROLL(8)
        for (std::size_t k = 1; k < P; ++k) out[k * out_step] = twiddled ? fft_times(a[k], w[(k - 1) * w_step]) : a[k];
    }

    // The butterflies, for one complex number (fft_complex) or a batch of
    // them (Note [passes in batches]). -i x exchanges x's parts and negates
    // one; a real constant multiplies each part alone (a complex product
    // with its imaginary 0 would make 0 * inf a NaN: Note [non-finite input]).
    template <class C>
    static C minus_i(const C& x) {
        return C(x.imag(), -x.real());
    }
    template <class C>
    static C scaled(double c, const C& x) {
        return C(c * x.real(), c * x.imag());
    }

    template <class C>
    static void butterfly(C (&a)[2]) {
        const C x = a[0], y = a[1];
        a[0] = x + y;
        a[1] = x - y;
    }

    template <class C>
    static void butterfly(C (&a)[3]) {
        const double half_sqrt3 = 0.86602540378443864676372317075293618;
        const C sum = a[1] + a[2];
        const C middle = a[0] - scaled(0.5, sum);
        const C turned = minus_i(scaled(half_sqrt3, a[1] - a[2]));  // -i sqrt(3)/2 (b - c)
        a[0] = a[0] + sum;
        a[1] = middle + turned;
        a[2] = middle - turned;
    }

    template <class C>
    static void butterfly(C (&a)[4]) {
        const C ac_sum = a[0] + a[2];
        const C ac_diff = a[0] - a[2];
        const C bd_sum = a[1] + a[3];
        const C turned = minus_i(a[1] - a[3]);  // -i (b - d)
        a[0] = ac_sum + bd_sum;
        a[1] = ac_diff + turned;
        a[2] = ac_sum - bd_sum;
        a[3] = ac_diff - turned;
    }

    template <class C>
    static void butterfly(C (&a)[5]) {
        // cos and sin of 2 pi/5 and 4 pi/5.
        const double c1 = 0.30901699437494742410229341718281906;
        const double c2 = -0.80901699437494742410229341718281906;
        const double s1 = 0.95105651629515357211643933337938214;
        const double s2 = 0.58778525229247312916870595463907277;
        const C be_sum = a[1] + a[4];
        const C be_diff = a[1] - a[4];
        const C cd_sum = a[2] + a[3];
        const C cd_diff = a[2] - a[3];
        const C real1 = a[0] + scaled(c1, be_sum) + scaled(c2, cd_sum);
        const C real2 = a[0] + scaled(c2, be_sum) + scaled(c1, cd_sum);
        const C turned1 = minus_i(scaled(s1, be_diff) + scaled(s2, cd_diff));  // -i odd1
        const C turned2 = minus_i(scaled(s2, be_diff) - scaled(s1, cd_diff));
        a[0] = a[0] + be_sum + cd_sum;
        a[1] = real1 + turned1;
        a[4] = real1 - turned1;
        a[2] = real2 + turned2;
        a[3] = real2 - turned2;
    }

    template <class C>
    static void butterfly(C (&a)[7]) {
        // cos and sin of 2 pi/7, 4 pi/7 and 6 pi/7: output k takes the pair
        // sums' and differences' cosines and sines of 2 pi k r / 7, r = 1, 2, 3.
        const double c1 = 0.62348980185873353052500488400423981;
        const double c2 = -0.22252093395631440428890256449679476;
        const double c3 = -0.90096886790241912623610231950744505;
        const double s1 = 0.78183148246802980870844452667405775;
        const double s2 = 0.97492791218182360701813168299393122;
        const double s3 = 0.43388373911755812047576833284835875;
        const C ag_sum = a[1] + a[6];
        const C ag_diff = a[1] - a[6];
        const C bf_sum = a[2] + a[5];
        const C bf_diff = a[2] - a[5];
        const C ce_sum = a[3] + a[4];
        const C ce_diff = a[3] - a[4];
        const C real1 = a[0] + scaled(c1, ag_sum) + scaled(c2, bf_sum) + scaled(c3, ce_sum);
        const C real2 = a[0] + scaled(c2, ag_sum) + scaled(c3, bf_sum) + scaled(c1, ce_sum);
        const C real3 = a[0] + scaled(c3, ag_sum) + scaled(c1, bf_sum) + scaled(c2, ce_sum);
        const C turned1 = minus_i(scaled(s1, ag_diff) + scaled(s2, bf_diff) + scaled(s3, ce_diff));  // -i odd1
        const C turned2 = minus_i(scaled(s2, ag_diff) - scaled(s3, bf_diff) - scaled(s1, ce_diff));
        const C turned3 = minus_i(scaled(s3, ag_diff) - scaled(s1, bf_diff) + scaled(s2, ce_diff));
        a[0] = a[0] + ag_sum + bf_sum + ce_sum;
        a[1] = real1 + turned1;
        a[6] = real1 - turned1;
        a[2] = real2 + turned2;
        a[5] = real2 - turned2;
        a[3] = real3 + turned3;
        a[4] = real3 - turned3;
    }

    // A pass of any (prime) factor p: each butterfly's p outputs as plain
    // sums. Output 0 is the sum alone and j = 0 takes no twiddles: their
    // roots are 1 (Note [non-finite input]).
    void pass_any(const fft_complex* in, fft_complex* out, std::size_t p, std::size_t m, std::size_t s,
                  const fft_complex* w) {
        const std::size_t p_step = n_ / p;
        for (std::size_t j = 0; j < m; ++j) {
            for (std::size_t q = 0; q < s; ++q) {
                for (std::size_t r = 0; r < p; ++r) scratch_[r] = in[q + s * (j + r * m)];
                fft_complex total = scratch_[0];
                for (std::size_t r = 1; r < p; ++r) total += scratch_[r];
                out[q + s * p * j] = total;
                for (std::size_t k = 1; k < p; ++k) {
                    fft_complex sum = scratch_[0];
                    std::size_t turn = 0;  // r k mod p, kept without a division
                    for (std::size_t r = 1; r < p; ++r) {
                        turn += k;
                        if (turn >= p) turn -= p;
                        sum += fft_times(scratch_[r], roots_[turn * p_step]);
                    }
                    out[q + s * (p * j + k)] = j == 0 ? sum : fft_times(sum, w[j * (p - 1) + k - 1]);
                }
            }
        }
    }

    // Bluestein: as jk = (j^2 + k^2 - (k - j)^2) / 2, with w_j = exp(-pi i j^2 / n)
    // X_k = w_k sum_j (x_j w_j) conj(w_{k-j}): a convolution, computed by a
    // power-of-two transform of a length of at least 2n - 1.
    void make_bluestein() {
        std::size_t length = 1;
        while (length < 2 * n_ - 1) length *= 2;
        chirp_.resize(n_);
        // j^2 mod 2n keeps the angle pi j^2 / n exact and small.
        const unsigned long long twice = 2ULL * n_;
        const fft_roots root(2 * n_);
        for (std::size_t j = 0; j < n_; ++j) {
            const unsigned long long square = (static_cast<unsigned long long>(j) * j) % twice;
            chirp_[j] = root(static_cast<std::size_t>(square));
        }
        inner_ = std::make_unique<fft_plan>(length);
        // The transform of conj(w_m) at m and at length - m, divided by the
        // length so that the backward transform of the product needs no scaling.
        filter_.assign(length, fft_complex{});
        const double scale = 1.0 / static_cast<double>(length);
        filter_[0] = std::conj(chirp_[0]) * scale;
        for (std::size_t m = 1; m < n_; ++m) filter_[m] = filter_[length - m] = std::conj(chirp_[m]) * scale;
        inner_->apply(filter_.data(), false);
        buffer_.resize(length);
    }

    void bluestein(fft_complex* data) {
        std::fill(buffer_.begin(), buffer_.end(), fft_complex{});
        for (std::size_t j = 0; j < n_; ++j) buffer_[j] = fft_times(data[j], chirp_[j]);
        inner_->apply(buffer_.data(), false);
        for (std::size_t j = 0; j < buffer_.size(); ++j) buffer_[j] = fft_times(buffer_[j], filter_[j]);
        inner_->apply(buffer_.data(), true);
        for (std::size_t k = 0; k < n_; ++k) data[k] = fft_times(buffer_[k], chirp_[k]);
    }

    std::size_t n_;
    std::vector<std::size_t> factors_;
    std::vector<fft_complex> roots_;
    std::vector<std::vector<fft_complex>> twiddles_;  // per stage, as factors_
    std::vector<fft_complex> work_;
    std::vector<fft_complex> scratch_;
    std::vector<fft_complex> chirp_;
    std::vector<fft_complex> filter_;
    std::vector<fft_complex> buffer_;
    std::vector<fft_complex> half_turn_;  // exp(-pi i k / n) for k <= n, once the real transforms need them
    std::vector<fft_complex> real_line_;  // apply_real_inverse's line, once it runs
    std::unique_ptr<fft_plan> inner_;
};

// Note [plan cache]: a plan's roots (a sine and a cosine for every eighth
// one, fft_roots, and a table of n of them) cost more than the transform
// itself, so the plans of the last few lengths transformed on a thread
// are kept, the most recent first, and a call of the same length
// (every line of an axis, every call of a loop) reuses one, as pocketfft's
// C++ version and FFTW's wisdom do. Each thread has its own, since a plan's
// buffers are written by every transform. A plan of length n holds about
// 2n complex numbers (twiddles and a buffer; 3n with a factor above 7,
// several times n for Bluestein's; n more once it served rfft of 2n
// points), 32 MiB for 2^20 points. A reference
// stays valid until the next call of fft_plan_for on the thread.
inline fft_plan& fft_plan_for(std::size_t n) {
    constexpr std::size_t kept = 4;
    thread_local std::vector<std::unique_ptr<fft_plan>> plans;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        if (plans[i]->size() == n) {
            std::rotate(plans.begin(), plans.begin() + static_cast<std::ptrdiff_t>(i),
                        plans.begin() + static_cast<std::ptrdiff_t>(i) + 1);
            return *plans.front();
        }
    }
    if (plans.size() == kept) plans.pop_back();
    plans.insert(plans.begin(), std::make_unique<fft_plan>(n));
    return *plans.front();
}

}  // namespace loom::detail
