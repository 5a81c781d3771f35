// Fuzzes the text files of <loom/io.hpp>: loadtxt of any bytes, with or
// without a UTF-8 byte-order mark before them, with any delimiter,
// comments, skiprows, usecols, max_rows, ndmin and missing_as_nan, as float64
// or int64; and savetxt of float64, int64 and uint64 values (the limits, NaN
// and infinities among them) with formats of every conversion, hostile ones
// (widths and precisions past INT_MAX, two conversions, %s, %*d) and any
// bytes, read back by loadtxt, through a stream or a file in a folder of
// the fuzzer's own (removed at exit).
// Property: loadtxt throws std::invalid_argument exactly for bad options and
// otherwise gives a tensor or std::runtime_error; the tensor has rank ndmin
// to 2, no more rows than max_rows, as many columns as usecols, and reads
// the same with a byte-order mark before the text; written back with %.17g
// and read again it is the same, bit for bit. savetxt throws
// std::invalid_argument, having written nothing, or writes; it refuses an
// integer conversion exactly for floats that are not finite, beyond int64 or
// given to octal or hexadecimal, and otherwise writes integers as Python's %
// does (checked for the conversions with flags only); uint64 values that
// int64 holds print as int64 ones do (Python's % sees one integer); a
// round-trippable format (%.17g, %.17e, %d and their flags) reads back as
// the values written.

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;

template <class T>
bool same_values(const tensor<T>& a, const tensor<T>& b) {
    if (a.size() != b.size()) return false;
    for (index_t i = 0; i < a.size(); ++i) {
        const T x = a.data()[i], y = b.data()[i];
        if constexpr (std::is_floating_point_v<T>) {
            if (std::isnan(x) && std::isnan(y)) continue;
            if (std::signbit(x) != std::signbit(y)) return false;
        }
        if (x != y) return false;
    }
    return true;
}

// Loads `text` as T into `out`: the documented refusals as attempt() tells
// them, and a std::runtime_error (a line that cannot be read) in `runtime`.
template <class T>
outcome load(const std::string& text, const loom::loadtxt_options& options, tensor<T>& out, bool& runtime,
             std::string& runtime_message) {
    runtime = false;
    std::istringstream stream(text);
    return attempt([&] {
        try {
            out = loom::loadtxt<T>(stream, options);
        } catch (const std::runtime_error& e) {
            runtime = true;
            runtime_message = e.what();
        }
    });
}

template <class T>
void fuzz_load(byte_reader& in, const std::uint8_t* data, std::size_t size) {
    loom::loadtxt_options options;
    static constexpr char delimiters[] = {',', ';', '\t', ' ', '|', ':', 'x', '#', '-', '.'};
    const unsigned d = in.next();
    if (d % 3 != 0) options.delimiter = d < 128 ? delimiters[d % sizeof delimiters] : static_cast<char>(d);
    static const char* const comments[] = {"#", "", "//", "%", ",", "#!"};
    options.comments = comments[in.next() % 6];
    options.skiprows = in.hostile(-1, 3);
    for (index_t k = in.below(6) > 3 ? in.below(4) : 0; k > 0; --k) options.usecols.push_back(in.hostile(-3, 3));
    if (in.flag()) options.max_rows = in.hostile(-1, 4);
    options.ndmin = static_cast<int>(in.below(5)) - 1;
    options.missing_as_nan = in.flag();
    const bool bom = in.flag();
    const std::size_t used = std::min<std::size_t>(size, 12);
    const std::string body(reinterpret_cast<const char*>(data) + used, size - used);
    std::string call = std::string("loadtxt<") + (std::is_same_v<T, double> ? "float64" : "int64") + ">(\"" +
                       body.substr(0, 80) + "\", delimiter " +
                       (options.delimiter ? std::to_string(int(*options.delimiter)) : "none") + ", comments \"" +
                       options.comments + "\", skiprows " + std::to_string(options.skiprows) + ", usecols " +
                       std::to_string(options.usecols.size()) + ", max_rows " +
                       (options.max_rows ? std::to_string(*options.max_rows) : "none") + ", ndmin " +
                       std::to_string(options.ndmin) + (options.missing_as_nan ? ", missing_as_nan" : "") + ")";

    const bool bad_options = options.ndmin < 0 || options.ndmin > 2 || options.skiprows < 0 ||
                             (options.max_rows && *options.max_rows < 0) ||
                             (options.missing_as_nan && !std::is_floating_point_v<T>);
    tensor<T> got;
    bool runtime = false;
    std::string message;
    const outcome o = load(body, options, got, runtime, message);
    if (bad_options) {
        require_kind(o, refusal::invalid_argument, call);
        require_mentions(o, "loadtxt");
        return;
    }
    require_kind(o, refusal::none, call);

    // A byte-order mark before the text changes nothing (Python's utf-8-sig).
    if (bom && !body.starts_with("\xef\xbb\xbf")) {
        tensor<T> with_mark;
        bool marked_runtime = false;
        std::string marked_message;
        const outcome m = load("\xef\xbb\xbf" + body, options, with_mark, marked_runtime, marked_message);
        require_kind(m, refusal::none, call + " after a byte-order mark");
        require(marked_runtime == runtime, call + ": " + (runtime ? "refused" : "read") + " without a byte-order mark, " +
                                               (marked_runtime ? "refused (" + marked_message + ")" : "read") + " with one");
        if (!runtime) {
            require(with_mark.shape() == got.shape() && same_values(with_mark, got),
                    call + ": a byte-order mark changes the values read");
        }
    }
    if (runtime) {
        require(message.starts_with("cannot load text from the stream"), call + ": the message \"" + message +
                                                                              "\" does not name the stream");
        return;
    }
    require(got.ndim() >= static_cast<std::size_t>(options.ndmin) && got.ndim() <= 2,
            call + ": rank " + std::to_string(got.ndim()) + " for ndmin " + std::to_string(options.ndmin));
    if (options.max_rows && got.ndim() == 2) {
        require(got.shape()[0] <= *options.max_rows, call + ": shape " + text(got.shape()) + " has more rows than max_rows");
    }
    if (!options.usecols.empty() && got.ndim() == 2 && got.shape()[0] > 0) {
        require(got.shape()[1] == static_cast<index_t>(options.usecols.size()),
                call + ": shape " + text(got.shape()) + " for " + std::to_string(options.usecols.size()) + " usecols");
    }
    // Written back and read again: the same tensor.
    if (got.ndim() == 0 || got.size() == 0) return;
    std::ostringstream written;
    loom::savetxt(written, got, {.fmt = std::is_same_v<T, double> ? "%.17g" : "%d", .delimiter = ","});
    std::istringstream again(written.str());
    const tensor<T> back = loom::loadtxt<T>(again, {.delimiter = ',', .ndmin = static_cast<int>(got.ndim())});
    require(back.shape() == got.shape() && same_values(back, got), call + ": written back as \"" + written.str() +
                                                                       "\", it reads as another tensor");
}

// ---------------------------------------------------------------------------
// savetxt
// ---------------------------------------------------------------------------

const char* const formats[] = {
    "%.17g", "%.17e", "%.17G", "%+.17e", "% .17g", "%-30.17g", "%030.17e", "%d", "%+d", "% d", "%5d", "%-8d", "%08d",
    "%i", "%u", "%x", "%#X", "%o", "%#o", "%.3f", "%10.4e", "%g", "%.0f", "%#.0e", "%ld", "%lld", "%hd", "%Lf",
    "%.2147483647f", "%.2147483648f", "%.9999999999f", "%2147483648d", "%.2147483647d", "%99999999999d", "%%", "%s",
    "%*d", "%d %d", "x=%d;", "%", "", "%.17g%", "%c", "%n", "%5", "%.18e",
};
constexpr std::size_t format_count = sizeof formats / sizeof formats[0];

// Whether `fmt` reads back as the value it prints, for T.
template <class T>
bool round_trips(const std::string& fmt) {
    static const char* const floats[] = {"%.17g", "%.17e", "%.17G", "%+.17e", "% .17g", "%-30.17g", "%030.17e", "%.18e"};
    static const char* const integers[] = {"%d", "%+d", "% d", "%5d", "%-8d", "%08d", "%i", "%u", "%ld", "%lld", "%hd"};
    if constexpr (std::is_floating_point_v<T>) return std::find(std::begin(floats), std::end(floats), fmt) != std::end(floats);
    else return std::find(std::begin(integers), std::end(integers), fmt) != std::end(integers);
}

// A width or precision the fuzzer does not ask for: one whose text would be large, but which fits in int.
bool asks_large_text(const std::string& fmt) {
    for (std::size_t i = 0; i < fmt.size();) {
        if (fmt[i] < '0' || fmt[i] > '9') {
            ++i;
            continue;
        }
        wide value = 0;
        while (i < fmt.size() && fmt[i] >= '0' && fmt[i] <= '9') {
            if (value < (wide(1) << 40)) value = value * 10 + (fmt[i] - '0');
            ++i;
        }
        if (value > 4096 && value <= std::numeric_limits<int>::max()) return true;
    }
    return false;
}

// `value` as Python's `fmt % value` writes it, for the formats of one conversion with flags only.
template <class T>
std::optional<std::string> python_integer(const std::string& fmt, T value) {
    static const char* const known[] = {"%d", "%i", "%u", "%+d", "% d", "%x", "%X", "%#x", "%#X", "%o", "%#o"};
    if (std::find(std::begin(known), std::end(known), fmt) == std::end(known)) return std::nullopt;
    const char c = fmt.back();
    const bool negative = value < 0;
    // The magnitude in 64 unsigned bits: -2^63 too.
    auto magnitude = static_cast<std::uint64_t>(value);
    if (negative) magnitude = ~magnitude + 1;
    const unsigned base = c == 'o' ? 8 : (c == 'x' || c == 'X') ? 16 : 10;
    std::string digits;
    do {
        const auto d = static_cast<unsigned>(magnitude % base);
        digits.insert(digits.begin(), static_cast<char>(d < 10 ? '0' + d : (c == 'X' ? 'A' : 'a') + d - 10));
        magnitude /= base;
    } while (magnitude != 0);
    const std::string prefix = fmt[1] != '#' ? "" : c == 'o' ? "0o" : c == 'x' ? "0x" : "0X";
    const std::string sign = negative ? "-" : fmt[1] == '+' ? "+" : fmt[1] == ' ' ? " " : "";
    return sign + prefix + digits;
}

template <class T>
T value_of(byte_reader& in) {
    if constexpr (std::is_floating_point_v<T>) {
        return static_cast<T>(hostile_real(in));
    } else if constexpr (std::is_signed_v<T>) {
        return in.hostile(-5, 20);
    } else {
        const unsigned c = in.next();
        return c < 160 ? c % 30 : c < 200 ? std::numeric_limits<std::uint64_t>::max() - c % 4 : in.u64();
    }
}

template <class T>
std::string written_by(const tensor<T>& values, const loom::savetxt_options& options, outcome& o) {
    std::ostringstream out;
    o = attempt([&] { loom::savetxt(out, values, options); });
    return out.str();
}

template <class T>
void fuzz_save(byte_reader& in, const std::uint8_t* data, std::size_t size) {
    const bool matrix = in.flag();
    const index_t rows = in.below(4), columns = in.between(1, 3);
    tensor<T> values(matrix ? shape_type{rows, columns} : shape_type{rows});
    for (index_t i = 0; i < values.size(); ++i) values.data()[i] = value_of<T>(in);
    loom::savetxt_options options;
    const unsigned f = in.next();
    if (f < 240) {
        options.fmt = formats[f % format_count];
    } else {
        const std::size_t used = std::min<std::size_t>(size, 24);
        options.fmt.assign(reinterpret_cast<const char*>(data) + used, size - used);
    }
    if (asks_large_text(options.fmt)) return;
    // What savetxt writes between values, and the delimiter loadtxt reads it back with.
    struct delimiter_pair {
        const char* written;
        std::optional<char> read;
    };
    static const delimiter_pair delimiters[] = {{" ", {}}, {",", ','}, {"\t", {}}, {";", ';'}, {" , ", ','}, {"|", '|'}};
    const delimiter_pair& delimiter = delimiters[in.next() % 6];
    options.delimiter = delimiter.written;
    if (in.flag()) options.newline = "\r\n";
    if (in.flag()) options.header = "a header\nof two lines";
    if (in.flag()) options.footer = "the end";
    const bool to_file = in.flag();
    std::string call = "savetxt(" + text(values.shape()) + " of " +
                       (std::is_floating_point_v<T> ? "float64" : std::is_signed_v<T> ? "int64" : "uint64") + " {";
    for (index_t i = 0; i < values.size(); ++i) {
        call += (i ? ", " : "");
        if constexpr (std::is_floating_point_v<T>) call += loom::detail::number_text(values.data()[i]);
        else call += std::to_string(values.data()[i]);
    }
    call += "}, fmt \"" + options.fmt + "\", delimiter \"" + options.delimiter + "\")";

    outcome o;
    const std::string written = written_by(values, options, o);
    if (o.refused()) {
        require_kind(o, refusal::invalid_argument, call);
        require(written.empty(), call + ": refused after writing \"" + written + "\"");
        require_mentions(o, "savetxt");
    }
    // An integer conversion refuses floats that are not finite or beyond int64, and floats in octal or hexadecimal.
    const char* const letters = "diuoxXeEfFgG";
    const std::size_t percent = options.fmt.find('%');
    const std::size_t letter = percent == std::string::npos ? percent : options.fmt.find_first_of(letters, percent + 1);
    if (!o.refused() && letter != std::string::npos) {
        const char c = options.fmt[letter];
        const bool integer = std::strchr("diuoxX", c) != nullptr;
        const bool unsigned_digits = std::strchr("oxX", c) != nullptr;
        for (index_t i = 0; i < values.size() && integer; ++i) {
            const T v = values.data()[i];
            if constexpr (std::is_floating_point_v<T>) {
                require(v >= -0x1p63 && v < 0x1p63 && !unsigned_digits, call + ": an integer conversion accepts " +
                                                                            loom::detail::number_text(v));
            }
        }
    }
    // Integers as Python's % writes them, for the conversions without a width or a precision.
    if constexpr (!std::is_floating_point_v<T>) {
        if (!o.refused() && options.header.empty() && options.footer.empty()) {
            std::string want;
            bool known = true;
            for (index_t i = 0; i < values.size() && known; ++i) {
                const std::optional<std::string> v = python_integer(options.fmt, values.data()[i]);
                known = v.has_value();
                if (known) want += *v + (values.ndim() == 1 || (i + 1) % columns == 0 ? options.newline : options.delimiter);
            }
            if (known) require(written == want, call + ": writes \"" + written + "\", Python \"" + want + "\"");
        }
    }
    // uint64 values that int64 holds print as the int64 ones.
    if constexpr (std::is_unsigned_v<T>) {
        bool small = true;
        for (const T v : values) small = small && v <= static_cast<T>(std::numeric_limits<std::int64_t>::max());
        if (small) {
            const tensor<std::int64_t> signed_values = loom::astype<std::int64_t>(values);
            outcome s;
            const std::string signed_written = written_by(signed_values, options, s);
            require(s.kind == o.kind, call + ": " + name(o.kind) + " for uint64, " + name(s.kind) + " for int64");
            require(signed_written == written, call + ": uint64 writes \"" + written + "\", int64 \"" + signed_written + "\"");
        }
    }
    if (o.refused() || !round_trips<T>(options.fmt) || values.size() == 0) return;
    if constexpr (std::is_unsigned_v<T>) return;  // read back as int64 below, and loadtxt reads no uint64
    else {
        // Read back: the values written, through the stream or a file.
        const loom::loadtxt_options read{.delimiter = delimiter.read, .ndmin = static_cast<int>(values.ndim())};
        tensor<T> back;
        const outcome r = attempt([&] {
            if (to_file) {
                const std::filesystem::path path = scratch_directory() / "values.txt";
                loom::savetxt(path, values, options);
                back = loom::loadtxt<T>(path, read);
                std::filesystem::remove(path);
            } else {
                std::istringstream again(written);
                back = loom::loadtxt<T>(again, read);
            }
        });
        require_kind(r, refusal::none, call + " read back");
        require(back.shape() == values.shape() && same_values(back, values),
                call + ": \"" + written + "\" reads back as other values");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    try {
        switch (in.next() % 5) {
            case 0: fuzz_load<double>(in, data, size); break;
            case 1: fuzz_load<std::int64_t>(in, data, size); break;
            case 2: fuzz_save<double>(in, data, size); break;
            case 3: fuzz_save<std::int64_t>(in, data, size); break;
            default: fuzz_save<std::uint64_t>(in, data, size); break;
        }
    } catch (const std::runtime_error& e) {
        fail(std::string("std::runtime_error escaped: ") + e.what());
    }
    return 0;
}
