#pragma once
// Text files of numbers, as NumPy's loadtxt and savetxt read and write them:
// one row per line, the values of a row split by a delimiter, comments and
// empty lines skipped; and genfromtxt's reading of empty fields as NaN.
// From and to files, std::istream and std::ostream. Numbers are read with
// std::from_chars (whatever the locale) and written as Python's % operator
// writes them with the caller's printf-style format: floats by std::snprintf,
// integers here. Includes only <cstdio> and <istream> beyond io/npy.hpp
// (whose file helpers it shares).

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/float_chars.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"
#include "loom/io/escaped_text.hpp"
#include "loom/io/format_float.hpp"
#include "loom/io/npy.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// How loadtxt reads a text file; NumPy's numpy.loadtxt arguments of the same names.
struct loadtxt_options {
    /// The character between values; none (the default) splits at runs of spaces and tabs.
    std::optional<char> delimiter{};
    /// The text that starts a comment, which runs to the end of its line; empty for none.
    std::string comments = "#";
    /// How many lines to skip first, comments and empty lines included.
    index_t skiprows = 0;
    /// The columns to read, in this order (negative ones count from the end); empty for all.
    std::vector<index_t> usecols{};
    /// How many rows of values to read at most (comments and empty lines not counted); none for all.
    std::optional<index_t> max_rows{};
    /// The least rank of the result, 0, 1 or 2: dimensions of size 1 are dropped down to it.
    int ndmin = 0;
    /// Read an empty field as NaN instead of refusing it, as numpy.genfromtxt does (floating T only).
    bool missing_as_nan = false;
    /// The longest line read, in bytes, 16 MiB unless raised (loom's own: NumPy has no limit). A
    /// longer line is refused, so that a file that is not text (/dev/zero) is not read into memory
    /// whole before it is found out.
    std::size_t max_line_length = std::size_t{1} << 24;
};

/// How savetxt writes a text file; NumPy's numpy.savetxt arguments of the same names.
struct savetxt_options {
    /// A printf-style format with exactly one conversion (d i u o x X e E f F g G), for one value.
    std::string fmt = "%.18e";
    /// The text between the values of a row.
    std::string delimiter = " ";
    /// The text after each row (and after the header and the footer).
    std::string newline = "\n";
    /// Lines written first, each after `comments`; nothing when empty.
    std::string header{};
    /// Lines written last, each after `comments`; nothing when empty.
    std::string footer{};
    /// The text before each line of the header and the footer.
    std::string comments = "# ";
};

namespace detail {

/// A line as a message quotes it: at most 60 bytes of it, escaped.
inline std::string quoted_line(std::string_view line) {
    // Appended, not `"\"" + escaped(...)`: g++ 12 at -O3 warns, wrongly, that
    // that operator+ copies overlapping memory (-Wrestrict).
    std::string quoted = "\"";
    quoted += escaped(line.size() <= 60 ? line : line.substr(0, 57));
    quoted += line.size() <= 60 ? "\"" : "...\"";
    return quoted;
}

/// Reads the next line of `in` into `line`, without its '\n', as
/// std::getline does, but stops after `limit` + 1 bytes, so that a line
/// without end takes no more memory than that. False when there is no line
/// left; badbit set when reading fails.
///
/// The line comes in pieces through istream::getline, which copies runs of
/// the stream's buffer at once (libstdc++ finds the '\n' with memchr):
/// read a character at a time, lines took a third of loadtxt's time. A
/// piece that fills its buffer before a '\n' sets failbit, cleared here to
/// read on; the caller's exception mask is set aside meanwhile, so that
/// only the states the stream ends in can throw, as with std::getline.
inline bool read_line(std::istream& in, std::string& line, std::size_t limit) {
    line.clear();
    const std::ios::iostate thrown = in.exceptions();
    in.exceptions(std::ios::goodbit);
    char piece[4096];
    bool more = true;
    while (more) {
        // At most limit + 1 bytes in all: getline stores up to its count less one.
        const std::size_t room = std::min(sizeof piece, limit + 2 - line.size());
        in.getline(piece, static_cast<std::streamsize>(room));
        const auto extracted = static_cast<std::size_t>(in.gcount());
        if (in.good()) {
            line.append(piece, extracted - 1);  // stopped at a '\n', extracted, not stored
            more = false;
        } else if (in.rdstate() == std::ios::failbit && extracted == room - 1) {  // the piece filled up
            line.append(piece, extracted);
            in.clear();
            more = line.size() <= limit;
        } else {  // the end of the stream, a failed read, or a stream that was not good to begin with
            line.append(piece, extracted);
            more = false;
        }
    }
    // A last line without '\n' is a line: only eofbit, as std::getline leaves it.
    if (!in.bad() && !line.empty()) in.clear(in.rdstate() & ~std::ios::failbit);
    const bool read = !in.bad() && (!line.empty() || !in.fail());
    in.exceptions(thrown);
    return read;
}

/// UTF-8's byte-order mark, which some editors write at the start of a text file.
inline constexpr std::string_view utf8_bom = "\xef\xbb\xbf";

inline bool is_text_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

inline std::string_view trimmed(std::string_view text) {
    while (!text.empty() && is_text_space(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_text_space(text.back())) text.remove_suffix(1);
    return text;
}

/// The fields of a line: split at runs of spaces and tabs, or at each `delimiter`, each field trimmed.
inline void split_fields(std::string_view line, std::optional<char> delimiter, std::vector<std::string_view>& fields) {
    fields.clear();
    if (!delimiter) {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && is_text_space(line[i])) ++i;
            const std::size_t start = i;
            while (i < line.size() && !is_text_space(line[i])) ++i;
            if (i > start) fields.push_back(line.substr(start, i - start));
        }
        return;
    }
    std::size_t start = 0;
    for (;;) {
        const std::size_t end = line.find(*delimiter, start);
        fields.push_back(trimmed(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
        if (end == std::string_view::npos) return;
        start = end + 1;
    }
}

/// One field as T, or nothing when it is not a whole number of T's kind.
/// A leading '+' is allowed, as NumPy allows it; a float beyond T's range is
/// infinite or zero, as NumPy reads it.
template <element T>
std::optional<T> parse_text_value(std::string_view field) {
    if (field.size() > 1 && field[0] == '+' && field[1] != '-' && field[1] != '+') field.remove_prefix(1);
    const char* const first = field.data();
    const char* const last = field.data() + field.size();
    T value{};
    const std::from_chars_result result = [&] {
        if constexpr (std::floating_point<T>) return detail::from_chars(first, last, value);
        else return std::from_chars(first, last, value);
    }();
    if (result.ptr != last || field.empty()) return std::nullopt;
    if (result.ec == std::errc::result_out_of_range) {
        if constexpr (std::floating_point<T>) {
            const std::size_t e = field.find_first_of("eE");
            const bool tiny = e != std::string_view::npos && e + 1 < field.size() && field[e + 1] == '-';
            const T magnitude = tiny ? T(0) : std::numeric_limits<T>::infinity();
            return field[0] == '-' ? -magnitude : magnitude;
        } else {
            return std::nullopt;
        }
    }
    if (result.ec != std::errc()) return std::nullopt;
    return value;
}

/// The values read, kept in blocks of a fixed size until their number is
/// known: one growing vector copied every value again at each doubling and
/// had its pages faulted in anew, a third of loadtxt's time on a large file.
template <class T>
class read_values {
public:
    void push_back(T value) {
        if (blocks_.empty() || blocks_.back().size() == block_size) {
            blocks_.emplace_back();
            blocks_.back().reserve(block_size);
        }
        blocks_.back().push_back(value);
    }
    void copy_to(T* out) const {
        for (const std::vector<T>& block : blocks_) out = std::copy(block.begin(), block.end(), out);
    }

private:
    static constexpr std::size_t block_size = 8192;  // 64 KiB of float64, below malloc's threshold for mmap
    std::vector<std::vector<T>> blocks_;
};

/// The elements read from `in` and the shape NumPy's loadtxt gives them;
/// throws std::invalid_argument for bad options and std::runtime_error,
/// naming the line, for bad text.
template <element T>
tensor<T> read_text(std::istream& in, const loadtxt_options& options) {
    if (options.ndmin < 0 || options.ndmin > 2) {
        throw std::invalid_argument("loadtxt: ndmin is " + std::to_string(options.ndmin) + "; pass 0, 1 or 2");
    }
    if (options.skiprows < 0) {
        throw std::invalid_argument("loadtxt: skiprows is " + std::to_string(options.skiprows) + "; pass 0 or more");
    }
    if (options.max_rows && *options.max_rows < 0) {
        throw std::invalid_argument("loadtxt: max_rows is " + std::to_string(*options.max_rows) +
                                    "; pass 0 or more, or leave it empty to read every row");
    }
    if (options.missing_as_nan && !std::floating_point<T>) {
        throw std::invalid_argument(std::string("loadtxt: missing_as_nan reads empty fields as NaN, which ") +
                                    type_name<T>() + " cannot hold; read float32 or float64");
    }
    read_values<T> values;
    std::vector<std::string_view> fields;
    std::optional<std::size_t> columns;  // of the result: the first row's, or usecols'
    if (!options.usecols.empty()) columns = options.usecols.size();
    std::optional<std::size_t> first_row_fields;
    index_t rows = 0;
    index_t line_number = 0;
    std::string line;
    while ((!options.max_rows || rows < *options.max_rows) && read_line(in, line, options.max_line_length)) {
        ++line_number;
        if (line.size() > options.max_line_length) {
            throw std::runtime_error("line " + std::to_string(line_number) + " is longer than max_line_length, " +
                                     std::to_string(options.max_line_length) +
                                     " bytes; check that it is a text file, or raise loadtxt_options::max_line_length");
        }
        // Skipped as Python's utf-8-sig encoding skips it.
        if (line_number == 1 && line.starts_with(utf8_bom)) line.erase(0, utf8_bom.size());
        if (line_number <= options.skiprows) continue;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::string_view content = line;
        if (!options.comments.empty()) content = content.substr(0, content.find(options.comments));
        if (trimmed(content).empty()) continue;
        const auto at = [&] { return "line " + std::to_string(line_number) + ", " + quoted_line(line) + ": "; };
        split_fields(content, options.delimiter, fields);
        if (options.usecols.empty() && first_row_fields && fields.size() != *first_row_fields) {
            throw std::runtime_error(at() + "it has " + std::to_string(fields.size()) + " columns where the first row has " +
                                     std::to_string(*first_row_fields) +
                                     "; give every row as many, or pick the columns to read with usecols");
        }
        if (!first_row_fields) first_row_fields = fields.size();
        if (!columns) columns = fields.size();
        const auto read_field = [&](std::size_t column) {
            const std::string_view field = fields[column];
            if constexpr (std::floating_point<T>) {
                if (field.empty() && options.missing_as_nan) return std::numeric_limits<T>::quiet_NaN();
            }
            if (field.empty()) {
                throw std::runtime_error(at() + "column " + std::to_string(column + 1) +
                                         " is empty; fill it in, or pass missing_as_nan = true to read it as NaN");
            }
            const std::optional<T> value = parse_text_value<T>(field);
            if (!value) {
                // The first row read may be a header line that was not skipped.
                const std::string remedy =
                    rows == 0 ? "; fix it, leave the column out with usecols, or, if line " + std::to_string(line_number) +
                                    " is a header, skip it with skiprows = " + std::to_string(line_number)
                              : "; fix it, or leave the column out with usecols";
                throw std::runtime_error(at() + "column " + std::to_string(column + 1) + ", \"" + escaped(field) +
                                         "\", is not a number of type " + type_name<T>() + remedy);
            }
            return *value;
        };
        if (options.usecols.empty()) {
            for (std::size_t column = 0; column < fields.size(); ++column) values.push_back(read_field(column));
        } else {
            const auto count = static_cast<index_t>(fields.size());
            for (const index_t wanted : options.usecols) {
                const index_t column = wanted < 0 ? wanted + count : wanted;
                if (column < 0 || column >= count) {
                    throw std::runtime_error(at() + "usecols asks for column index " + std::to_string(wanted) +
                                             ", but the line has " + std::to_string(count) +
                                             " columns; pass indices from " + std::to_string(-count) + " to " +
                                             std::to_string(count - 1));
                }
                values.push_back(read_field(static_cast<std::size_t>(column)));
            }
        }
        ++rows;
    }
    if (in.bad()) {
        throw std::runtime_error("reading failed after line " + std::to_string(line_number) +
                                 "; check that it is a readable file, not a folder");
    }
    // NumPy's ndmin rule: the rows and columns as 2-D, dimensions of size 1
    // dropped while the rank is above ndmin, then sizes of 1 prepended up to it.
    shape_type read_shape{rows, static_cast<index_t>(columns.value_or(1))};
    shape_type shape;
    for (const index_t size : read_shape) {
        if (size != 1 || options.ndmin == 2) shape.push_back(size);
    }
    while (static_cast<int>(shape.size()) < options.ndmin) shape.insert(shape.begin(), 1);
    tensor<T> result(uninitialized, shape);
    values.copy_to(result.data());
    return result;
}

/// A savetxt fmt, checked and taken apart: the text around its one
/// conversion, and the conversion's flags, width, precision and letter.
struct text_format {
    std::string fmt;     // as the caller gave it, for messages
    std::string before;  // the text before the '%'
    std::string after;   // the text after the conversion
    std::string flags;   // of "-+ #0"
    int width = 0;
    std::optional<int> precision;
    char conversion = 0;
    bool integer = false;  // d i u o x X
    std::string c_spec;  // the conversion as std::snprintf takes it for a double (floating conversions only)

    bool has(char flag) const { return flags.find(flag) != std::string::npos; }
};

/// Checks `fmt` as NumPy does for one value (exactly one '%'), and as
/// Python's % operator does for the conversion: a width or a precision past
/// INT_MAX is refused, as is a floating one whose text could be longer than
/// the INT_MAX characters std::snprintf writes. Length modifiers (h l L)
/// are read and ignored, as Python ignores them.
inline text_format parse_text_format(const std::string& fmt) {
    constexpr int int_max = std::numeric_limits<int>::max();
    const auto refuse = [&](const std::string& why, const std::string& remedy) {
        return std::invalid_argument("savetxt: fmt \"" + fmt + "\" " + why + "; " + remedy);
    };
    const std::string one_conversion =
        "give one printf-style conversion for a value, such as \"%.18e\", \"%.3f\" or \"%d\"";
    const std::size_t percent = fmt.find('%');
    if (percent == std::string::npos) throw refuse("has no conversion", one_conversion);
    if (fmt.find('%', percent + 1) != std::string::npos) throw refuse("has more than one '%'", one_conversion);
    std::size_t i = percent + 1;
    const auto skip = [&](std::string_view set) {
        const std::size_t start = i;
        while (i < fmt.size() && set.find(fmt[i]) != std::string_view::npos) ++i;
        return fmt.substr(start, i - start);
    };
    const auto number = [&](const char* what) {
        int value = 0;
        for (const char digit : skip("0123456789")) {
            const auto next = checked_mul(value, 10);
            const auto sum = next ? checked_add(*next, digit - '0') : std::nullopt;
            if (!sum) {
                throw refuse(std::string("has a ") + what + " past " + std::to_string(int_max) +
                                 ", more than a printf-style format takes",
                             std::string("give a smaller ") + what);
            }
            value = *sum;
        }
        return value;
    };
    text_format format;
    format.fmt = fmt;
    format.before = fmt.substr(0, percent);
    format.flags = skip("-+ #0");
    format.width = number("width");
    if (i < fmt.size() && fmt[i] == '.') {
        ++i;
        format.precision = number("precision");
    }
    skip("hlL");
    if (i == fmt.size()) throw refuse("ends before its conversion letter", one_conversion);
    format.conversion = fmt[i];
    format.after = fmt.substr(i + 1);
    if (std::string_view("diuoxXeEfFgG").find(format.conversion) == std::string_view::npos) {
        throw refuse(std::string("has the conversion '") + format.conversion + "', which does not print a number",
                     one_conversion);
    }
    format.integer = std::string_view("diuoxX").find(format.conversion) != std::string_view::npos;
    if (format.integer) return format;
    // The longest text of a double: a sign, the 309 integer digits of the largest, the point and the precision.
    constexpr int longest_without_precision = 311;
    if (format.precision.value_or(6) > int_max - longest_without_precision) {
        throw refuse("has the precision " + std::to_string(*format.precision) + ", for which a value's text could be longer than the " +
                         std::to_string(int_max) + " characters std::snprintf writes",
                     "give a smaller precision");
    }
    format.c_spec = "%" + format.flags + (format.width > 0 ? std::to_string(format.width) : "") +
                    (format.precision ? "." + std::to_string(*format.precision) : "") + format.conversion;
    return format;
}

/// Appends `value` printed by std::snprintf with the floating conversion of `format`.
inline void append_printed(std::string& out, const text_format& format, double value) {
    char buffer[128];
    const int length = std::snprintf(buffer, sizeof buffer, format.c_spec.c_str(), value);
    if (length < 0) {
        throw std::runtime_error("savetxt: fmt \"" + format.fmt + "\" cannot print the value " + scalar_float_text(value) +
                                 ": std::snprintf failed; give a smaller width or precision");
    }
    if (static_cast<std::size_t>(length) < sizeof buffer) {
        out.append(buffer, static_cast<std::size_t>(length));
        return;
    }
    std::string large(static_cast<std::size_t>(length) + 1, '\0');
    std::snprintf(large.data(), large.size(), format.c_spec.c_str(), value);
    out.append(large.data(), static_cast<std::size_t>(length));
}

/// Appends an integer as Python's % writes it with the integer conversion of
/// `format` (which C's printf does not: its %u, %o and %x ignore '+' and ' ',
/// and it pads with zeros or with the precision, not both): the digits of
/// `magnitude` in the conversion's base, zeros before them up to the
/// precision; before those the sign, or '+' or ' ' for a flag of those, then
/// "0o", "0x" or "0X" under '#'; the whole padded to the width with spaces
/// before it, zeros after the sign under '0', or spaces after it under '-'.
inline void append_python_integer(std::string& out, const text_format& format, bool negative,
                                  unsigned long long magnitude) {
    const char letter = format.conversion;
    const int base = letter == 'o' ? 8 : letter == 'x' || letter == 'X' ? 16 : 10;
    char buffer[24];  // 2^64 - 1 has 22 octal digits
    std::string digits(buffer, std::to_chars(buffer, buffer + sizeof buffer, magnitude, base).ptr);
    if (letter == 'X') std::transform(digits.begin(), digits.end(), digits.begin(), [](char c) { return c >= 'a' ? static_cast<char>(c - 'a' + 'A') : c; });
    const auto precision = static_cast<std::size_t>(format.precision.value_or(0));
    if (digits.size() < precision) digits.insert(0, precision - digits.size(), '0');
    std::string prefix = negative ? "-" : format.has('+') ? "+" : format.has(' ') ? " " : "";
    if (format.has('#') && base != 10) prefix += letter == 'o' ? "0o" : letter == 'x' ? "0x" : "0X";
    const std::size_t length = prefix.size() + digits.size();
    const std::size_t padding = static_cast<std::size_t>(format.width) > length ? static_cast<std::size_t>(format.width) - length : 0;
    if (format.has('-')) {
        out += prefix + digits;
        out.append(padding, ' ');
    } else if (format.has('0')) {
        out += prefix;
        out.append(padding, '0');
        out += digits;
    } else {
        out.append(padding, ' ');
        out += prefix + digits;
    }
}

/// Appends `value` printed by `format` as Python's % prints it: a NaN
/// without a sign, a float truncated for an integer conversion.
template <element T>
void append_text_value(std::string& out, const text_format& format, T value) {
    out += format.before;
    if (!format.integer) {
        const auto x = static_cast<double>(value);
        append_printed(out, format, std::isnan(x) ? std::numeric_limits<double>::quiet_NaN() : x);
    } else if constexpr (std::unsigned_integral<T>) {
        append_python_integer(out, format, false, value);
    } else {
        const auto whole = static_cast<long long>(value);  // a float's is checked by check_text_values
        const auto bits = static_cast<unsigned long long>(whole);
        append_python_integer(out, format, whole < 0, whole < 0 ? 0 - bits : bits);
    }
    out += format.after;
}

/// Refuses, before anything is written, the values an integer conversion
/// cannot print as Python would: floats in octal or hexadecimal, and floats
/// that are not finite or beyond int64.
template <element T>
void check_text_values(const tensor<T>& values, const text_format& format) {
    if constexpr (std::floating_point<T>) {
        if (!format.integer) return;
        if (format.conversion == 'o' || format.conversion == 'x' || format.conversion == 'X') {
            throw std::invalid_argument("savetxt: fmt \"" + format.fmt + "\" prints integers in base " +
                                        (format.conversion == 'o' ? "8" : "16") + ", not " + type_name<T>() +
                                        " values; use \"%d\", \"%f\" or \"%e\", or astype an integer type first");
        }
        for (const T value : values) {
            if (!(value >= T(-0x1p63) && value < T(0x1p63))) {
                throw std::invalid_argument("savetxt: fmt \"" + format.fmt + "\" prints integers, and the value " +
                                            detail::scalar_float_text(value) +
                                            " has none that int64 holds; use \"%f\", \"%e\" or \"%g\"");
            }
        }
    }
}

/// Writes x (rank 1 or 2) as NumPy's savetxt does; throws std::invalid_argument before writing
/// anything for another rank, a bad fmt, or values the fmt cannot print.
template <expression E>
void write_text(std::ostream& out, const E& x, const savetxt_options& options) {
    using T = value_type_of<E>;
    static_assert(std::is_arithmetic_v<T>, "savetxt writes bool, integer, float and double elements; astype one first");
    if (x.shape().size() != 1 && x.shape().size() != 2) {
        throw std::invalid_argument("savetxt: x has shape " + to_string(x.shape()) + ", of rank " +
                                    std::to_string(x.shape().size()) +
                                    "; a text file holds a 1-D or 2-D array, so reshape it first");
    }
    const text_format format = parse_text_format(options.fmt);
    const tensor<T> values(x);
    check_text_values(values, format);
    const index_t rows = values.shape()[0];
    const index_t columns = values.ndim() == 2 ? values.shape()[1] : 1;
    const auto write_comment = [&](const std::string& text) {
        if (text.empty()) return;
        std::string block = options.comments;
        for (const char c : text) {
            block += c;
            if (c == '\n') block += options.comments;
        }
        out << block << options.newline;
    };
    write_comment(options.header);
    std::string row_text;
    const T* value = values.data();
    for (index_t row = 0; row < rows; ++row) {
        row_text.clear();
        for (index_t column = 0; column < columns; ++column) {
            if (column > 0) row_text += options.delimiter;
            append_text_value(row_text, format, *value++);
        }
        row_text += options.newline;
        out << row_text;
    }
    write_comment(options.footer);
}

}  // namespace detail

/// The numbers of the text in `in`, one row per line, as tensor<T>
/// (float64 unless T is given): 2-D, or with dimensions of size 1 dropped
/// down to rank `options.ndmin`, as NumPy does (a single row or column is
/// 1-D, a single value rank 0). An integer T reads integers only (NumPy
/// truncates "1.5" with a warning).
/// NumPy: numpy.loadtxt (and numpy.genfromtxt with options.missing_as_nan).
/// Throws std::invalid_argument for bad options; std::runtime_error naming
/// the line and the text at fault for a value that is not a number of T's
/// kind, an empty field, a row with another number of columns, a usecols
/// index beyond a line's columns.
template <element T = double>
tensor<T> loadtxt(std::istream& in, const loadtxt_options& options = {}) {
    static_assert(std::is_arithmetic_v<T> && !std::same_as<T, bool>,
                  "loadtxt reads integers, float and double: read one of them, then astype or compare with 0");
    return detail::reading("cannot load text from the stream", [&] { return detail::read_text<T>(in, options); });
}

/// The numbers of the text file at `path`, as the other loadtxt reads them.
/// NumPy: numpy.loadtxt.
/// Throws as the other loadtxt does, the file named in the message, and
/// std::runtime_error when the file cannot be opened.
template <element T = double>
tensor<T> loadtxt(const std::filesystem::path& path, const loadtxt_options& options = {}) {
    static_assert(std::is_arithmetic_v<T> && !std::same_as<T, bool>,
                  "loadtxt reads integers, float and double: read one of them, then astype or compare with 0");
    return detail::reading("cannot load " + path.string(), [&] {
        std::ifstream file(path, std::ios::binary);
        if (!file) throw std::runtime_error("it cannot be opened for reading; check the path and its permissions");
        return detail::read_text<T>(file, options);
    });
}

/// Writes `x` (a tensor, view or expression of rank 1 or 2) to `out` as
/// text: one row per line (one value per line for rank 1), each value
/// printed by options.fmt, separated by options.delimiter.
/// NumPy: numpy.savetxt, with one format for every value (NumPy also takes
/// one per column).
/// Throws std::invalid_argument, before writing anything, for a rank other
/// than 1 or 2, a fmt that is not one conversion of a number or whose width
/// or precision cannot be honoured, or a float an integer conversion cannot
/// print (NaN, infinite, beyond int64). Integers are written as Python's %
/// writes them (a negative one for %x as -ff, flags kept for unsigned ones).
template <expression E>
void savetxt(std::ostream& out, const E& x, const savetxt_options& options = {}) {
    detail::write_text(out, x, options);
}

/// Writes `x` to the text file at `path`, as the other savetxt writes it.
/// NumPy: numpy.savetxt.
/// Throws as the other savetxt does, and std::runtime_error naming the file
/// when it cannot be written; a failed save leaves no file.
template <expression E>
void savetxt(const std::filesystem::path& path, const E& x, const savetxt_options& options = {}) {
    detail::writing(path, [&](std::ofstream& file) { detail::write_text(file, x, options); });
}

}  // namespace loom
