#pragma once
// The header of a .npy file (NumPy's numpy/lib/format.py): the preamble
// (magic string, version, header length) and the header proper, a Python
// dict literal such as `{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }`.
// Parsing accepts what NumPy writes and what a Python literal of the same
// dict may look like (either quote, any spacing, comments, trailing commas,
// parentheses around the shape or its sizes), as np.load reads it through
// ast.literal_eval; it throws std::runtime_error, saying what is wrong and
// quoting the header, for anything else.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/io/escaped_text.hpp"

namespace loom::npy {

/// The three fields of a .npy header.
struct header {
    std::string descr;           ///< NumPy's dtype.str, e.g. '<f4'
    bool fortran_order = false;  ///< elements stored in column-major order
    shape_type shape;

    friend bool operator==(const header&, const header&) = default;
};

inline constexpr std::string_view magic = "\x93NUMPY";

/// The preamble: where the header text is and which encoding it has.
struct preamble {
    int major_version;           ///< 1, 2 or 3 (3: the header is UTF-8)
    std::size_t header_offset;   ///< 10 for version 1, 12 for 2 and 3
    std::uint32_t header_length; ///< bytes of header text from header_offset
};

/// Reads the first bytes of a file (at least 12, or all of a shorter file).
/// Throws std::runtime_error for a wrong magic string or an unknown version.
inline preamble parse_preamble(std::string_view first) {
    if (first.substr(0, magic.size()) != magic) {
        throw std::runtime_error("it does not start with the .npy magic string \\x93NUMPY, so it is not a .npy file");
    }
    if (first.size() < 10) throw std::runtime_error("it ends inside the .npy preamble (" + std::to_string(first.size()) + " bytes)");
    const auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(first[i])); };
    const std::uint32_t major = byte(6), minor = byte(7);
    if (major < 1 || major > 3 || minor != 0) {
        throw std::runtime_error("its .npy format version is " + std::to_string(major) + "." + std::to_string(minor) +
                                 "; loom reads versions 1.0, 2.0 and 3.0");
    }
    if (major == 1) return {1, 10, byte(8) | byte(9) << 8};
    if (first.size() < 12) throw std::runtime_error("it ends inside the .npy preamble (" + std::to_string(first.size()) + " bytes)");
    return {static_cast<int>(major), 12, byte(8) | byte(9) << 8 | byte(10) << 16 | byte(11) << 24};
}

namespace detail {

/// A cursor over the header text with the few productions of a Python literal the header uses.
class header_parser {
public:
    /// The header text of a file of format version `major_version`.
    header_parser(std::string_view text, int major_version) : text_(text), major_version_(major_version) {}

    header parse() {
        header result;
        bool seen[3] = {false, false, false};
        expect('{');
        while (skip_space(), peek() != '}') {
            const std::string key = string_literal();
            expect(':');
            skip_space();
            constexpr std::array<std::string_view, 3> keys{"descr", "fortran_order", "shape"};
            std::size_t k = 0;
            while (k < keys.size() && keys[k] != key) ++k;
            if (k == keys.size()) fail("has the key '" + loom::detail::escaped(key) + "', which is not one of 'descr', 'fortran_order', 'shape'");
            if (seen[k]) fail("has the key '" + loom::detail::escaped(key) + "' twice");
            seen[k] = true;
            if (k == 0) {
                if (peek() == '[') fail("has a list of fields as descr (a structured dtype), which loom cannot read; save each field as its own array");
                result.descr = string_literal();
            } else if (k == 1) {
                result.fortran_order = boolean_literal();
            } else {
                result.shape = shape_literal();
            }
            skip_space();
            if (peek() != ',') break;
            ++at_;
        }
        expect('}');
        skip_space();
        if (at_ != text_.size()) fail("has '" + excerpt() + "' after the dict, where only spaces may be");
        for (std::size_t k = 0; k < 3; ++k) {
            if (!seen[k]) fail(std::string("is missing the key '") + (k == 0 ? "descr" : k == 1 ? "fortran_order" : "shape") + "'");
        }
        return result;
    }

private:
    [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error("its header " + why); }

    char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }
    bool at(std::string_view word) const { return text_.substr(at_, word.size()) == word; }

    // Python's space within a line: spaces, tabs, form feeds, and a
    // backslash that continues the line.
    void skip_line_space() {
        while (peek() == ' ' || peek() == '\t' || peek() == '\f' || at("\\\n") || at("\\\r")) {
            at_ += peek() == '\\' ? (at("\\\r\n") ? 3 : 2) : 1;
        }
    }
    // Space, line ends and comments, all of which Python skips between the tokens of a bracketed literal.
    void skip_space() {
        for (skip_line_space(); peek() == '\n' || peek() == '\r' || peek() == '#'; skip_line_space()) {
            if (peek() == '#') at_ = std::min(text_.find_first_of("\r\n", at_), text_.size());
            else ++at_;
        }
    }
    // Header text as a message shows it: at most `length` bytes from `from`, escaped.
    std::string shown(std::size_t from, std::size_t length) const { return loom::detail::escaped(text_.substr(from, length)); }
    std::string excerpt() const { return shown(at_, 20); }
    void expect(char c) {
        skip_space();
        if (peek() != c) fail(std::string("has '") + excerpt() + "' where '" + c + "' should be");
        ++at_;
    }

    // A quoted string without escapes (no key or dtype NumPy writes has one).
    std::string string_literal() {
        skip_space();
        const char quote = peek();
        if (quote != '\'' && quote != '"') fail("has '" + excerpt() + "' where a quoted string should be");
        const std::size_t end = text_.find(quote, at_ + 1);
        if (end == std::string_view::npos) fail("has a string that never ends");
        std::string value(text_.substr(at_ + 1, end - at_ - 1));
        if (value.find('\\') != std::string::npos) fail("has the string '" + loom::detail::escaped(value) + "' with an escape, which no dtype has");
        at_ = end + 1;
        return value;
    }

    bool boolean_literal() {
        for (const bool value : {true, false}) {
            const std::string_view word = value ? "True" : "False";
            if (text_.substr(at_, word.size()) == word) {
                at_ += word.size();
                return value;
            }
        }
        fail("has '" + excerpt() + "' where fortran_order's True or False should be");
    }

    // Python reads at most 200 brackets nested; the header's dict is one of them.
    static constexpr int max_shape_depth = 199;

    // The header from `from` to `end` as a message shows it: at most 60 bytes, escaped.
    std::string quoted(std::size_t from, std::size_t end) const {
        const std::size_t length = std::min(end, text_.size()) - from;
        return length <= 60 ? shown(from, length) : shown(from, 57) + "...";
    }

    // The shape: a tuple of sizes, as np.load reads it through
    // ast.literal_eval. `()`, `(3,)`, `(2, 3)`, also with parentheses
    // around the tuple or around a size (`((2, 3))`, `((6),)`, `(-(0),)`):
    // the tuple is the group that holds a comma, or nothing; the groups
    // around it hold it alone, and each group within it one size. A loop
    // over the text, not a recursion, however deep the parentheses and many
    // the sizes; at most max_rank sizes are kept.
    shape_type shape_literal() {
        skip_space();
        const std::size_t start = at_;
        if (peek() != '(') fail("has '" + excerpt() + "' where the shape's '(' should be");
        const auto refuse_shape = [&](const std::string& why) {
            fail("has the shape " + quoted(start, at_ + 1) + ", " + why + "; a shape is a tuple of sizes such as (2, 3)");
        };
        shape_type shape;
        std::size_t rank = 0;
        int depth = 0;                       // groups open
        int tuple_depth = 0;                 // the tuple's group, once a comma or `()` shows which; 0 before
        // Where the sign of the size being read is, none_yet if it has none. Not an optional: g++ 12
        // at -O1 and -O2 warns that its value may be read uninitialised (-Wmaybe-uninitialized).
        constexpr std::size_t none_yet = std::string_view::npos;
        std::size_t sign_at = none_yet;
        int sign_depth = 0;                  // groups open at that sign
        char last = '(';                     // what came last: '(', ',', '-' for a sign, 'v' for a size or a group
        do {
            skip_space();
            const char c = peek();
            if (last == 'v' && c == ',') {
                if (sign_at != none_yet && depth > sign_depth) refuse_shape("with a sign before a tuple");
                if (tuple_depth == 0) tuple_depth = depth;
                if (depth != tuple_depth) refuse_shape("with a tuple within the tuple of sizes");
                sign_at = none_yet;
                last = ',';
            } else if (last == 'v' && c == ')') {
                if (--depth < sign_depth) sign_at = none_yet;
            } else if (last == 'v') {
                fail("has '" + excerpt() + "' where ',' or ')' should be");
            } else if (c == '(') {
                if (++depth > max_shape_depth) {
                    refuse_shape("in more than " + std::to_string(max_shape_depth) + " parentheses, which Python does not read");
                }
                last = '(';
            } else if (c == ')' && last == '(') {  // `()`, the empty tuple
                if (sign_at != none_yet) refuse_shape("with a sign before a tuple");
                if (tuple_depth != 0 || rank != 0) refuse_shape("with a tuple within the tuple of sizes");
                tuple_depth = depth--;
                last = 'v';
            } else if (c == ')' && last == ',') {  // the tuple's trailing comma
                --depth;
                last = 'v';
            } else if ((c == '+' || c == '-') && sign_at == none_yet) {
                sign_at = at_;
                sign_depth = depth;
                last = '-';
            } else if ((c >= '0' && c <= '9') || c == '+' || c == '-') {  // a second sign is refused with the size
                const std::size_t sign_position = sign_at == none_yet ? at_ : sign_at;  // a digit's, without a sign
                const index_t size = size_literal(rank, sign_position, text_[sign_position] == '-');
                if (rank < max_rank) shape.push_back(size);
                ++rank;
                last = 'v';
                continue;
            } else {
                fail("has '" + excerpt() + "' where a size of the shape should be");
            }
            ++at_;
        } while (depth > 0);
        // `(3)` is the int 3 in Python, not a tuple: NumPy refuses it too.
        if (tuple_depth == 0) fail("has the shape " + quoted(start, at_) + ", which is not a tuple; a 1-tuple is written (n,)");
        if (rank > max_rank) {
            fail("has a shape of rank " + std::to_string(rank) + ", above loom's maximum rank, " +
                 std::to_string(max_rank) + "; loom reads arrays of at most " + std::to_string(max_rank) +
                 " dimensions");
        }
        return shape;
    }

    // A character that may continue a Python number or name: a digit, a letter, '_' or '.'.
    bool continues_token(std::size_t i) const {
        const char c = i < text_.size() ? text_[i] : '\0';
        return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '.';
    }

    // One size of the shape, at dimension `d`, from its digits at the cursor
    // (its sign, if it has one, at `start`): a Python int literal, decimal,
    // 0x, 0o or 0b, with single underscores between digits, and Python 2's
    // L suffix after it, also after spaces, which np.load reads in format
    // versions 1.0 and 2.0 (it drops an L token after a number).
    index_t size_literal(std::size_t d, std::size_t start, bool negative) {
        const auto refuse = [&] {
            std::size_t end = at_;
            while (end < text_.size() && text_[end] != ',' && text_[end] != ')' && text_[end] != '}') ++end;
            fail("has '" + shown(start, std::min<std::size_t>(end - start, 40)) + "' as the size at dimension " +
                 std::to_string(d) + " of its shape; sizes are integers such as 6, 0x6 or 6_000");
        };
        int base = 10;
        if (peek() == '0' && at_ + 1 < text_.size()) {
            const char letter = static_cast<char>(text_[at_ + 1] | 0x20);  // lower case
            base = letter == 'x' ? 16 : letter == 'o' ? 8 : letter == 'b' ? 2 : 10;
            if (base != 10) at_ += 2;
        }
        const auto digit_value = [&](char c) {
            const int value = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : 99;
            return value < base ? value : -1;
        };
        index_t size = 0;
        bool overflow = false, nonzero_digit = false;
        std::size_t digits = 0;
        while (true) {
            // An underscore between digits, or after a base prefix.
            const bool underscore = peek() == '_' && (digits > 0 || base != 10);
            const char c = underscore && at_ + 1 < text_.size() ? text_[at_ + 1] : peek();
            const int value = digit_value(c);
            if (value < 0) {
                if (underscore) refuse();
                break;
            }
            // Python refuses a decimal 0 followed by another digit (`06`), but not `00`.
            if (base == 10 && digits > 0 && !nonzero_digit && value != 0) refuse();
            at_ += underscore ? 2 : 1;
            ++digits;
            nonzero_digit = nonzero_digit || value != 0;
            const auto next = checked_mul(size, index_t{base});
            const auto sum = next ? checked_add(*next, index_t{value}) : std::nullopt;
            overflow = overflow || !sum;
            size = sum.value_or(0);
        }
        if (digits == 0) refuse();
        const bool long_suffix_next = peek() == 'L' && !continues_token(at_ + 1);
        if (continues_token(at_) && !long_suffix_next) refuse();
        const std::size_t end = at_;
        skip_line_space();
        if (peek() == 'L' && !continues_token(at_ + 1)) {
            if (major_version_ >= 3) {
                fail("has '" + shown(start, at_ + 1 - start) + "' as the size at dimension " + std::to_string(d) +
                     " of its shape: Python 2's L suffix, which np.load reads in format versions 1.0 and 2.0 only; "
                     "write the size without it");
            }
            ++at_;
        } else {
            at_ = end;
        }
        if (negative && nonzero_digit) {
            fail("has a negative size at dimension " + std::to_string(d) + " of its shape; sizes are 0 or more");
        }
        if (overflow) {
            fail("has a size at dimension " + std::to_string(d) + " of its shape that does not fit in a 64-bit index");
        }
        return size;
    }

    std::string_view text_;
    int major_version_;
    std::size_t at_ = 0;
};

}  // namespace detail

/// The fields of a header text (what follows the preamble, padding included)
/// of a file of format version `major_version` (the preamble's).
/// Throws std::runtime_error when it is not a dict of exactly 'descr' (a
/// string), 'fortran_order' (True or False) and 'shape' (a tuple of sizes),
/// when the shape's rank is above max_rank, or when its element count overflows.
inline header parse_header(std::string_view text, int major_version = 1) {
    header result = detail::header_parser(text, major_version).parse();
    // As row_major_strides, sizes of 0 count as 1: the strides of the other sizes must fit.
    std::optional<index_t> count = 1;
    for (index_t size : result.shape) {
        count = checked_mul(*count, size == 0 ? index_t{1} : size);
        if (!count) {
            throw std::runtime_error("its shape " + to_string(result.shape) + " has more elements than fit in a 64-bit index");
        }
    }
    return result;
}

/// The header text NumPy writes for `h` before its alignment padding:
/// the dict with sorted keys, then spaces for the shape's first size (last in
/// Fortran order) to grow to 21 digits.
inline std::string header_dict(const header& h) {
    std::string shape = "(";
    for (std::size_t d = 0; d < h.shape.size(); ++d) {
        shape += std::to_string(h.shape[d]) + (d + 1 < h.shape.size() ? ", " : h.shape.size() == 1 ? "," : "");
    }
    shape += ")";
    // Python's repr quotes with ' unless the string holds one (a parsed descr never holds both).
    const char quote = h.descr.find('\'') == std::string::npos ? '\'' : '"';
    std::string text = std::string("{'descr': ") + quote + h.descr + quote + ", 'fortran_order': " + (h.fortran_order ? "True" : "False") +
                       ", 'shape': " + shape + ", }";
    if (!h.shape.empty()) {
        constexpr std::size_t growth_digits = 21;  // NumPy's GROWTH_AXIS_MAX_DIGITS
        text.append(growth_digits - std::to_string(h.fortran_order ? h.shape.back() : h.shape[0]).size(), ' ');
    }
    return text;
}

/// Everything before the data, byte for byte as NumPy's np.save writes it:
/// magic, version (1.0, or 2.0 when the header exceeds 65535 bytes), header
/// length, the dict, spaces and '\n' up to a multiple of 64 bytes.
inline std::string header_bytes(const header& h) {
    constexpr std::size_t alignment = 64;  // NumPy's ARRAY_ALIGN
    const std::string dict = header_dict(h);
    const std::size_t text_length = dict.size() + 1;  // with the final '\n'
    const auto padding_after = [&](std::size_t prefix) { return alignment - (prefix + text_length) % alignment; };
    const bool version_1 = text_length + padding_after(10) <= std::numeric_limits<std::uint16_t>::max();
    const std::size_t prefix = version_1 ? 10 : 12;
    const std::size_t padding = padding_after(prefix);
    const auto length = static_cast<std::uint32_t>(text_length + padding);
    std::string bytes(magic);
    bytes += static_cast<char>(version_1 ? 1 : 2);
    bytes += '\0';
    for (std::size_t b = 0; b < prefix - 8; ++b) bytes += static_cast<char>((length >> (8 * b)) & 0xff);
    bytes += dict;
    bytes.append(padding, ' ');
    bytes += '\n';
    return bytes;
}

}  // namespace loom::npy
