#pragma once
// CRC-32 as zip archives use it (the IEEE 802.3 polynomial, reflected), so
// that archives are written and checked without zlib.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace loom::detail {

inline constexpr std::array<std::uint32_t, 256> crc32_table = [] {
    std::array<std::uint32_t, 256> table{};
    for (std::uint32_t n = 0; n < 256; ++n) {
        std::uint32_t c = n;
        for (int k = 0; k < 8; ++k) c = (c & 1) != 0 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    return table;
}();

/// The CRC-32 of `bytes`.
inline std::uint32_t crc32(std::span<const std::byte> bytes) {
    std::uint32_t c = 0xffffffffu;
    for (std::byte b : bytes) c = crc32_table[(c ^ static_cast<std::uint32_t>(b)) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

}  // namespace loom::detail
