#pragma once
// The random numbers of the differential tests: SplitMix64, which gives the
// same numbers on every platform (the standard distributions do not), so a
// case depends on its seed and number alone.

#include <cstddef>
#include <cstdint>
#include <span>

namespace loom::differential {

class random_source {
public:
    explicit random_source(std::uint64_t seed) : state_(seed) {}

    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, n).
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
    /// Uniform in [low, high].
    std::int64_t between(std::int64_t low, std::int64_t high) {
        return low + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(high - low + 1));
    }
    bool chance(double probability) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < probability; }
    template <class T>
    T pick(std::span<const T> choices) {
        return choices[below(choices.size())];
    }
    template <class T, std::size_t N>
    T pick(const T (&choices)[N]) {
        return choices[below(N)];
    }

private:
    std::uint64_t state_;
};

}  // namespace loom::differential
