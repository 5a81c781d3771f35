#pragma once
// Text from a file as an error message quotes it: printable ASCII as it is,
// anything else escaped as Python's repr escapes it, so that a byte-order
// mark, a control character or a byte that is not UTF-8 shows as what it is
// (`\ufeff`, `\t`, `\x00`) instead of as nothing, or as a character that
// moves the terminal's cursor. Characters beyond ASCII are escaped too
// (`\u00e9`): telling which of them print would take Unicode's tables.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace loom::detail {

/// The code point of the UTF-8 sequence of 2 to 4 bytes at the start of
/// `text`, and its length; nothing when no valid one starts there (an
/// overlong form, a surrogate and a code point past U+10FFFF are invalid).
inline std::optional<std::pair<char32_t, std::size_t>> utf8_sequence(std::string_view text) {
    const auto lead = static_cast<unsigned char>(text[0]);
    const std::size_t length = lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    if (length == 0 || length > text.size()) return std::nullopt;
    char32_t code = lead & (0x7fu >> length);
    for (std::size_t i = 1; i < length; ++i) {
        const auto next = static_cast<unsigned char>(text[i]);
        if ((next & 0xc0) != 0x80) return std::nullopt;
        code = code << 6 | (next & 0x3fu);
    }
    constexpr char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < least[length] || (code >= 0xd800 && code < 0xe000) || code > 0x10ffff) return std::nullopt;
    return std::pair{code, length};
}

/// `text` with a backslash doubled and every byte but printable ASCII
/// escaped: `\t`, `\n` and `\r`; a UTF-8 character as `\uXXXX` or
/// `\UXXXXXXXX`; any other byte as `\xNN`.
inline std::string escaped(std::string_view text) {
    const auto append_hex = [](std::string& out, char prefix, char32_t value, int digits) {
        out += '\\';
        out += prefix;
        for (int d = digits - 1; d >= 0; --d) out += "0123456789abcdef"[(value >> (4 * d)) & 0xf];
    };
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\\') out += "\\\\";
        else if (c >= 0x20 && c < 0x7f) out += c;
        else if (c == '\t') out += "\\t";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (const auto sequence = utf8_sequence(text.substr(i))) {
            const auto [code, length] = *sequence;
            if (code <= 0xffff) append_hex(out, 'u', code, 4);
            else append_hex(out, 'U', code, 8);
            i += length - 1;
        } else {
            append_hex(out, 'x', static_cast<unsigned char>(c), 2);
        }
    }
    return out;
}

}  // namespace loom::detail
