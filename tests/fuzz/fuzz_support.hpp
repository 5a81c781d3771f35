#pragma once
// What the fuzzers of loom's argument-taking functions share: a reader of
// the fuzzer's bytes as small and hostile numbers, the documented refusals
// (docs/errors.md), shapes printed independently of loom, and the check
// that a view's elements lie inside the memory it was taken from.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "loom/loom.hpp"

namespace loom::fuzz {

using wide = __int128;

// Prints what broke and aborts, leaving the input for libFuzzer.
[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "property broken: %s\n", what.c_str());
    std::abort();
}

inline void require(bool holds, const std::string& what) {
    if (!holds) fail(what);
}

// Reads the fuzzer's bytes; 0 once they run out.
class byte_reader {
public:
    byte_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    unsigned next() { return position_ < size_ ? data_[position_++] : 0u; }
    bool flag() { return (next() & 1u) != 0; }
    index_t below(index_t bound) { return static_cast<index_t>(next() % static_cast<unsigned>(bound)); }
    index_t between(index_t low, index_t high) { return low + below(high - low + 1); }
    std::uint64_t u64() {
        std::uint64_t value = 0;
        for (int i = 0; i < 8; ++i) value = value << 8 | next();
        return value;
    }

    // A size or index: mostly small, now and then one at the limits of
    // index_t (or any 64 bits).
    index_t hostile(index_t small_low, index_t small_high) {
        const unsigned choice = next();
        if (choice < 192) return small_low + static_cast<index_t>(choice) % (small_high - small_low + 1);
        constexpr index_t max = std::numeric_limits<index_t>::max();
        constexpr index_t min = std::numeric_limits<index_t>::min();
        static constexpr index_t extremes[] = {
            0,        1,        -1,          2,           index_t{1} << 31, (index_t{1} << 31) - 1, -(index_t{1} << 31),
            index_t{1} << 32,   index_t{1} << 40,         index_t{1} << 62, (index_t{1} << 62) - 1, -(index_t{1} << 62),
            max,      max - 1,  min,         min + 1,     3037000500,       4294967296 + 1,         -2,
        };
        constexpr unsigned count = sizeof(extremes) / sizeof(extremes[0]);
        const unsigned pick = choice - 192;
        if (pick < count) return extremes[pick];
        return static_cast<index_t>(u64());
    }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t position_ = 0;
};

// `[2, 3, 4]`, written here rather than by loom, for the messages.
inline std::string text(const std::vector<index_t>& sizes) {
    std::string out = "[";
    for (std::size_t d = 0; d < sizes.size(); ++d) out += (d ? ", " : "") + std::to_string(sizes[d]);
    return out + "]";
}
inline std::string text(const shape_type& shape) { return text(std::vector<index_t>(shape.begin(), shape.end())); }

inline std::vector<index_t> sizes_of(const shape_type& shape) { return {shape.begin(), shape.end()}; }

// The documented refusals: which one a call threw, and its message.
enum class refusal { none, broadcast, invalid_argument, out_of_range, length_error };

inline const char* name(refusal r) {
    switch (r) {
        case refusal::none: return "none";
        case refusal::broadcast: return "broadcast_error";
        case refusal::invalid_argument: return "invalid_argument";
        case refusal::out_of_range: return "out_of_range";
        case refusal::length_error: return "length_error";
    }
    return "?";
}

struct outcome {
    refusal kind = refusal::none;
    std::string message;
    bool refused() const { return kind != refusal::none; }
};

// Runs `call`. Any exception but the documented ones escapes, and libFuzzer
// reports it as a crash.
template <class Call>
outcome attempt(Call call) {
    try {
        call();
    } catch (const broadcast_error& e) {
        return {refusal::broadcast, e.what()};
    } catch (const std::invalid_argument& e) {
        return {refusal::invalid_argument, e.what()};
    } catch (const std::out_of_range& e) {
        return {refusal::out_of_range, e.what()};
    } catch (const std::length_error& e) {
        return {refusal::length_error, e.what()};
    }
    return {};
}

inline void require_mentions(const outcome& o, const std::string& piece) {
    if (o.message.find(piece) == std::string::npos) {
        fail(std::string(name(o.kind)) + " message \"" + o.message + "\" does not mention " + piece);
    }
}

inline void require_kind(const outcome& o, refusal expected, const std::string& call) {
    if (o.kind != expected) {
        fail(call + ": expected " + name(expected) + ", got " + name(o.kind) + (o.refused() ? " (" + o.message + ")" : ""));
    }
}

// The offsets from `data`, in elements, of the first and last elements a
// layout reaches, computed in 128 bits (no overflow whatever the strides).
struct reach {
    wide low;
    wide high;
};

inline reach reach_of(const shape_type& shape, const strides_type& strides, wide offset) {
    reach r{offset, offset};
    for (std::size_t d = 0; d < shape.size(); ++d) {
        const wide last = wide(strides[d]) * (wide(shape[d]) - 1);
        (last < 0 ? r.low : r.high) += last;
    }
    return r;
}

// Aborts unless every element of view `v` lies in [base, base + count).
// The lowest and highest addresses bound every other one.
template <class View, class T>
void require_inside(const View& v, const T* base, index_t count, const std::string& what) {
    bool empty = false;
    for (index_t s : v.shape()) empty = empty || s == 0;
    if (empty) return;
    const wide start = wide(v.data() - base);
    const reach r = reach_of(v.shape(), v.strides(), start);
    if (r.low < 0 || r.high >= count) {
        fail(what + ": a view of shape " + text(v.shape()) + " reaches elements [" + std::to_string(std::int64_t(r.low)) +
             ", " + std::to_string(std::int64_t(r.high)) + "] of memory holding " + std::to_string(count));
    }
}

// Calls f(index, offset) for each element of `shape` in row-major order;
// offset is the element's, from `offset`, through `strides`.
template <class F>
void for_each_element(const shape_type& shape, const strides_type& strides, index_t offset, F f) {
    for (index_t s : shape) {
        if (s == 0) return;
    }
    std::vector<index_t> index(shape.size(), 0);
    index_t at = offset;
    while (true) {
        f(index, at);
        std::size_t d = shape.size();
        while (d > 0) {
            --d;
            if (++index[d] < shape[d]) {
                at += strides[d];
                break;
            }
            at -= strides[d] * (shape[d] - 1);
            index[d] = 0;
            if (d == 0) return;
        }
        if (shape.empty()) return;
    }
}

// A floating-point argument: mostly a multiple of 1/4 in [-10, 10], now and
// then a value at the limits (NaN, infinities, -0.0, subnormals, the largest
// doubles, whose differences and sums overflow), or any 64 bits.
inline double hostile_real(byte_reader& in) {
    static constexpr double values[] = {
        std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::quiet_NaN(),
        std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
        -0.0, 5e-324, 2.2250738585072014e-308, 1e-300, 0.1, 1.0 / 3.0, 1e300, -1e300, 1e308, -1e308,
        std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(), 65504.0, 65520.0, 0x1p53 + 1,
        0x1p63, -0x1p63, 0x1p64, 1e18, 3e38, 3.4028234663852886e38,
    };
    const unsigned c = in.next();
    if (c < 200) return static_cast<double>(static_cast<int>(c % 81) - 40) / 4.0;
    const unsigned pick = c - 200;
    if (pick < sizeof(values) / sizeof(values[0])) return values[pick];
    return std::bit_cast<double>(in.u64());
}

// Sizes of rank 0 to max_rank, each 0 to max_size.
inline std::vector<index_t> small_sizes(byte_reader& in, index_t max_rank, index_t max_size) {
    std::vector<index_t> sizes(static_cast<std::size_t>(in.below(max_rank + 1)));
    for (index_t& s : sizes) s = in.below(max_size + 1);
    return sizes;
}

// The product of the magnitudes of `sizes` other than 0, in 128 bits,
// held at 2^126 once it reaches that (any rank, any sizes): what is
// compared with index_t's largest value to tell a count that overflows.
inline wide nonzero_product(const std::vector<index_t>& sizes) {
    constexpr wide saturated = wide(1) << 126;
    wide product = 1;
    for (index_t s : sizes) {
        if (s == 0) continue;
        const wide magnitude = s < 0 ? -wide(s) : wide(s);
        product = product > saturated / magnitude ? saturated : product * magnitude;
    }
    return product;
}

// Whether an array of these sizes has an element count index_t holds (0 when a size is 0), as every shape a
// broadcast rule gives must (docs/errors.md: std::length_error otherwise).
inline bool has_countable_elements(const std::vector<index_t>& sizes) {
    if (std::find(sizes.begin(), sizes.end(), index_t{0}) != sizes.end()) return true;
    return nonzero_product(sizes) <= wide(std::numeric_limits<index_t>::max());
}

// A folder of its own for the files a fuzzer writes, made by mkdtemp under
// $TMPDIR (or /tmp) on first use and removed with its contents at exit, so
// that a run touches no other file (a crash, which ends the process without
// exit, leaves the folder).
inline const std::filesystem::path& scratch_directory() {
    struct folder {
        std::filesystem::path path;
        folder() {
            const char* tmp = std::getenv("TMPDIR");
            std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/loom-fuzz-XXXXXX";
            if (mkdtemp(pattern.data()) == nullptr) fail("mkdtemp could not make a scratch folder in " + pattern);
            path = pattern;
        }
        ~folder() {
            std::error_code ignored;
            std::filesystem::remove_all(path, ignored);
        }
    };
    static const folder made;
    return made.path;
}

}  // namespace loom::fuzz
