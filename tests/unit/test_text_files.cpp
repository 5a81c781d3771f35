// Text files (loadtxt, savetxt) and tolist. The expected texts and values
// were produced once with NumPy 1.24 (numpy.savetxt into a StringIO,
// numpy.loadtxt and numpy.genfromtxt of the same strings) and are written
// here literally, so the tests do not need NumPy.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::message_of;

template <class T = double>
tensor<T> text_loaded(const std::string& text, const loom::loadtxt_options& options = {}) {
    std::istringstream in(text);
    return loom::loadtxt<T>(in, options);
}

template <class E>
std::string text_saved(const E& x, const loom::savetxt_options& options = {}) {
    std::ostringstream out;
    loom::savetxt(out, x, options);
    return out.str();
}

// --- savetxt ---------------------------------------------------------------------------------

TEST(TextSave, DefaultFormatIsNumpys) {
    const tensor<double> a{{1.5, -2.0}, {3.0, loom::testing::nan}};
    EXPECT_EQ(text_saved(a), "1.500000000000000000e+00 -2.000000000000000000e+00\n3.000000000000000000e+00 nan\n");
}

TEST(TextSave, OneDimensionWritesOneValuePerLine) {
    // NumPy's example: x = np.arange(0.0, 5.0, 1.0); np.savetxt(f, x, delimiter=',')
    EXPECT_EQ(text_saved(loom::arange(0.0, 5.0, 1.0), {.delimiter = ","}),
              "0.000000000000000000e+00\n1.000000000000000000e+00\n2.000000000000000000e+00\n"
              "3.000000000000000000e+00\n4.000000000000000000e+00\n");
    EXPECT_EQ(text_saved(tensor<double>{1.0, 2.5, loom::testing::inf}),
              "1.000000000000000000e+00\n2.500000000000000000e+00\ninf\n");
}

TEST(TextSave, FmtHeaderFooterCommentsDelimiter) {
    const tensor<std::int64_t> a{{1, 2}, {3, 4}};
    EXPECT_EQ(text_saved(a, {.fmt = "%d", .delimiter = ",", .header = "a,b\nsecond", .footer = "end", .comments = "// "}),
              "// a,b\n// second\n1,2\n3,4\n// end\n");
    const tensor<double> x = loom::arange(0.0, 5.0, 1.0);
    const tensor<double> twice = x * 2.0;
    EXPECT_EQ(text_saved(loom::stack({x, twice}), {.fmt = "%1.4e"}),
              "0.0000e+00 1.0000e+00 2.0000e+00 3.0000e+00 4.0000e+00\n"
              "0.0000e+00 2.0000e+00 4.0000e+00 6.0000e+00 8.0000e+00\n");
    EXPECT_EQ(text_saved(tensor<double>{1, 2}, {.fmt = "%.2f", .header = "h"}), "# h\n1.00\n2.00\n");
}

TEST(TextSave, NewlineAndWidth) {
    EXPECT_EQ(text_saved(tensor<double>{{0.1, 2e-7}}, {.fmt = "%10.4f", .newline = "\r\n"}), "    0.1000     0.0000\r\n");
    EXPECT_EQ(text_saved(tensor<double>{{0.1, 2e-7}}, {.fmt = "%g"}), "0.1 2e-07\n");
}

TEST(TextSave, IntegerConversionsAsPython) {
    EXPECT_EQ(text_saved(tensor<double>{{1.25, -2.75}}, {.fmt = "%d"}), "1 -2\n");
    EXPECT_EQ(text_saved(tensor<double>{{1.5, -1.5}}, {.fmt = "%i|"}), "1| -1|\n");
    EXPECT_EQ(text_saved(tensor<std::int64_t>{{1, -2}}, {.fmt = "%+05d"}), "+0001 -0002\n");
    EXPECT_EQ(text_saved(tensor<std::int64_t>{{255, 16}}, {.fmt = "%x"}), "ff 10\n");
    EXPECT_EQ(text_saved(tensor<std::int64_t>{{255, 16}}, {.fmt = "%#06X"}), "0X00FF 0X0010\n");
    EXPECT_EQ(text_saved(tensor<std::uint64_t>{{18446744073709551615u}}, {.fmt = "%d"}), "18446744073709551615\n");
    EXPECT_EQ(text_saved(tensor<int>{{-3}}, {.fmt = "%u"}), "-3\n");  // Python's %u is %d
    EXPECT_EQ(text_saved(tensor<double>{{1.7, -0.5, -2.5}}, {.fmt = "%+05d"}), "+0001 +0000 -0002\n");
    EXPECT_EQ(text_saved(tensor<bool>{{true, false}}, {.fmt = "%+d"}), "+1 +0\n");
}

TEST(TextSave, FlagsOfIntegerConversionsAsPython) {
    // NumPy: np.savetxt(f, np.array([[2**64 - 1, 5]], dtype=np.uint64), fmt=...), and of
    // np.array([[-255, 0, 5]]): C's %u, %o and %x drop '+' and ' ', Python's keep them.
    const tensor<std::uint64_t> u{{18446744073709551615u, 5}};
    const tensor<std::int64_t> i{{-255, 0, 5}};
    const struct {
        const char* fmt;
        const char* unsigned_text;
        const char* signed_text;
    } cases[] = {
        {"%+d", "+18446744073709551615 +5\n", "-255 +0 +5\n"},
        {"% d", " 18446744073709551615  5\n", "-255  0  5\n"},
        {"%+25d", "    +18446744073709551615                        +5\n",
         "                     -255                        +0                        +5\n"},
        {"%-+25d|", "+18446744073709551615    | +5                       |\n",
         "-255                     | +0                       | +5                       |\n"},
        {"%+025d", "+000018446744073709551615 +000000000000000000000005\n",
         "-000000000000000000000255 +000000000000000000000000 +000000000000000000000005\n"},
        {"%+.22d", "+0018446744073709551615 +0000000000000000000005\n",
         "-0000000000000000000255 +0000000000000000000000 +0000000000000000000005\n"},
        {"%+u", "+18446744073709551615 +5\n", "-255 +0 +5\n"},
        {"%+x", "+ffffffffffffffff +5\n", "-ff +0 +5\n"},
        {"% X", " FFFFFFFFFFFFFFFF  5\n", "-FF  0  5\n"},
        {"%#o", "0o1777777777777777777777 0o5\n", "-0o377 0o0 0o5\n"},
        {"%#x", "0xffffffffffffffff 0x5\n", "-0xff 0x0 0x5\n"},
        {"%#010o", "0o1777777777777777777777 0o00000005\n", "-0o0000377 0o00000000 0o00000005\n"},
        {"%-#6x|", "0xffffffffffffffff| 0x5   |\n", "-0xff | 0x0   | 0x5   |\n"},
        {"%010.3d", "18446744073709551615 0000000005\n", "-000000255 0000000000 0000000005\n"},
        {"%#5.3o", "0o1777777777777777777777 0o005\n", "-0o377 0o000 0o005\n"},
        {"%.0d", "18446744073709551615 5\n", "-255 0 5\n"},
        {"%03.5d", "18446744073709551615 00005\n", "-00255 00000 00005\n"},
    };
    for (const auto& c : cases) {
        EXPECT_EQ(text_saved(u, {.fmt = c.fmt}), c.unsigned_text) << c.fmt;
        EXPECT_EQ(text_saved(i, {.fmt = c.fmt}), c.signed_text) << c.fmt;
    }
    EXPECT_EQ(text_saved(tensor<std::int8_t>{{-128}}, {.fmt = "%x"}), "-80\n");
    EXPECT_EQ(text_saved(tensor<std::int64_t>{{-9223372036854775807 - 1}}, {.fmt = "%x"}), "-8000000000000000\n");
}

TEST(TextSave, RefusesWidthsAndPrecisionsPrintfCannotHonour) {
    // Python refuses precisions past INT_MAX ("precision too big"); printf takes no larger width either.
    const tensor<double> a{1.5};
    EXPECT_EQ(message_of([&] { text_saved(a, {.fmt = "%.9999999999f"}); }),
              "savetxt: fmt \"%.9999999999f\" has a precision past 2147483647, more than a printf-style format "
              "takes; give a smaller precision");
    EXPECT_EQ(message_of([&] { text_saved(tensor<int>{1}, {.fmt = "%2147483648d"}); }),
              "savetxt: fmt \"%2147483648d\" has a width past 2147483647, more than a printf-style format takes; "
              "give a smaller width");
    EXPECT_THROW(text_saved(tensor<int>{1}, {.fmt = "%.99999999999999999999d"}), std::invalid_argument);
    EXPECT_THROW(text_saved(a, {.fmt = "%99999999999999999999.1f"}), std::invalid_argument);
    // The text of 1e308 with that precision would be longer than the INT_MAX characters snprintf writes.
    EXPECT_EQ(message_of([&] { text_saved(a, {.fmt = "%.2147483647f"}); }),
              "savetxt: fmt \"%.2147483647f\" has the precision 2147483647, for which a value's text could be "
              "longer than the 2147483647 characters std::snprintf writes; give a smaller precision");
    // The largest width and precision are read, leading zeros and all.
    EXPECT_EQ(text_saved(a, {.fmt = "%.000002f"}), "1.50\n");
    EXPECT_EQ(text_saved(tensor<int>{7}, {.fmt = "%.0000000000000000000003d"}), "007\n");
}

TEST(TextSave, OtherTypesAndSpecialValues) {
    EXPECT_EQ(text_saved(tensor<std::int32_t>{{1, 2}}), "1.000000000000000000e+00 2.000000000000000000e+00\n");
    EXPECT_EQ(text_saved(tensor<bool>{true, false}), "1.000000000000000000e+00\n0.000000000000000000e+00\n");
    EXPECT_EQ(text_saved(tensor<double>{{-loom::testing::nan, 1e300, -0.0}}, {.fmt = "%.3g"}), "nan 1e+300 -0\n");
    EXPECT_EQ(text_saved(tensor<float>{{3.14159f}}, {.fmt = "%.10f"}), "3.1415901184\n");
}

TEST(TextSave, EmptyArrays) {
    EXPECT_EQ(text_saved(loom::zeros({0, 3})), "");
    EXPECT_EQ(text_saved(loom::zeros({2, 0})), "\n\n");
}

TEST(TextSave, ViewsAndExpressions) {
    const tensor<int> a{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(text_saved(a.transpose(), {.fmt = "%d"}), "1 4\n2 5\n3 6\n");
    EXPECT_EQ(text_saved(a * 2, {.fmt = "%d", .delimiter = "\t"}), "2\t4\t6\n8\t10\t12\n");
}

TEST(TextSave, RefusesBadFormatsAndRanks) {
    const tensor<double> a{{1.5}};
    EXPECT_EQ(message_of([&] { text_saved(a, {.fmt = "%f %f"}); }),
              "savetxt: fmt \"%f %f\" has more than one '%'; give one printf-style conversion for a value, such as "
              "\"%.18e\", \"%.3f\" or \"%d\"");
    EXPECT_EQ(message_of([&] { text_saved(a, {.fmt = "abc"}); }),
              "savetxt: fmt \"abc\" has no conversion; give one printf-style conversion for a value, such as "
              "\"%.18e\", \"%.3f\" or \"%d\"");
    for (const char* fmt : {"%s", "%r", "%*d", "%.2", "value %+.2e%%", "%(x)d", "%c", "%n", "%a"}) {
        EXPECT_THROW(text_saved(a, {.fmt = fmt}), std::invalid_argument) << fmt;
    }
    EXPECT_EQ(message_of([] { text_saved(tensor<double>(shape_type{})); }),
              "savetxt: x has shape [], of rank 0; a text file holds a 1-D or 2-D array, so reshape it first");
    EXPECT_THROW(text_saved(loom::zeros({2, 2, 2})), std::invalid_argument);
    EXPECT_EQ(message_of([] { text_saved(tensor<double>{{1.0, loom::testing::nan}}, {.fmt = "%d"}); }),
              "savetxt: fmt \"%d\" prints integers, and the value nan has none that int64 holds; use \"%f\", \"%e\" "
              "or \"%g\"");
    EXPECT_THROW(text_saved(tensor<double>{1e19}, {.fmt = "%d"}), std::invalid_argument);
    EXPECT_EQ(message_of([] { text_saved(tensor<double>{1.0}, {.fmt = "%x"}); }),
              "savetxt: fmt \"%x\" prints integers in base 16, not float64 values; use \"%d\", \"%f\" or \"%e\", or "
              "astype an integer type first");
    // Nothing was written before the refusal.
    std::ostringstream out;
    EXPECT_THROW(loom::savetxt(out, tensor<double>{1.0, loom::testing::nan}, {.fmt = "%d"}), std::invalid_argument);
    EXPECT_EQ(out.str(), "");
}

// --- loadtxt ---------------------------------------------------------------------------------

TEST(TextLoad, NumpysExamples) {
    // np.loadtxt(StringIO("0 1\n2 3"))
    const auto a = text_loaded("0 1\n2 3");
    EXPECT_EQ(a.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(a), (std::vector<double>{0, 1, 2, 3}));
    // np.loadtxt(StringIO("1,0,2\n3,0,4"), delimiter=',', usecols=(0, 2))
    const auto b = text_loaded("1,0,2\n3,0,4", {.delimiter = ',', .usecols = {0, 2}});
    EXPECT_EQ(b.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(b), (std::vector<double>{1, 2, 3, 4}));
}

TEST(TextLoad, ShapesFollowNdmin) {
    // NumPy's shapes for each text and ndmin.
    const struct {
        const char* text;
        int ndmin;
        shape_type shape;
    } cases[] = {{"1 2 3\n", 0, {3}},  {"1 2 3\n", 2, {1, 3}}, {"1\n2\n", 2, {2, 1}}, {"1\n2\n", 0, {2}},
                 {"5\n", 0, {}},       {"5\n", 1, {1}},       {"", 0, {0}},          {"", 2, {0, 1}},
                 {"", 1, {0}},         {"5\n", 2, {1, 1}},    {"1 2\n3 4\n", 1, {2, 2}}};
    for (const auto& c : cases) {
        EXPECT_EQ(text_loaded(c.text, {.ndmin = c.ndmin}).shape(), c.shape) << c.text << " ndmin " << c.ndmin;
    }
    EXPECT_EQ(text_loaded("# c\n", {.usecols = {0, 1}}).shape(), (shape_type{0, 2}));
    EXPECT_EQ(text_loaded("1 2\n", {.max_rows = 0}).shape(), (shape_type{0}));
}

TEST(TextLoad, NumbersAsNumpyReadsThem) {
    const auto a = text_loaded("+1.5 -2 1e3 nan NaN inf -Infinity\n");
    const auto values = elements_of(a);
    EXPECT_EQ(values[0], 1.5);
    EXPECT_EQ(values[1], -2.0);
    EXPECT_EQ(values[2], 1000.0);
    EXPECT_TRUE(std::isnan(values[3]) && std::isnan(values[4]));
    EXPECT_EQ(values[5], loom::testing::inf);
    EXPECT_EQ(values[6], -loom::testing::inf);
    const auto extreme = elements_of(text_loaded("1e999 -1e999 1e-999 -1e-999"));
    EXPECT_EQ(extreme, (std::vector<double>{loom::testing::inf, -loom::testing::inf, 0.0, -0.0}));
    EXPECT_TRUE(std::signbit(extreme[3]));
    EXPECT_EQ(elements_of(text_loaded<float>("1.5 2.25\n3 1e-3")), (std::vector<float>{1.5f, 2.25f, 3.f, 1e-3f}));
    EXPECT_EQ(elements_of(text_loaded<std::int32_t>("1 -2 +3")), (std::vector<std::int32_t>{1, -2, 3}));
}

TEST(TextLoad, CommentsSkiprowsMaxRowsAndLineEnds) {
    const auto a = text_loaded("a\n1 2 #x\n\n# y\n3 4\n5 6\n", {.skiprows = 1, .max_rows = 2});
    EXPECT_EQ(a.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(a), (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(elements_of(text_loaded("1 2\r\n3 4\r\n")), (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(elements_of(text_loaded("1;2 % three\n", {.delimiter = ';', .comments = "%"})), (std::vector<double>{1, 2}));
    EXPECT_EQ(elements_of(text_loaded("1;2\n", {.delimiter = ';', .comments = ""})), (std::vector<double>{1, 2}));
    EXPECT_EQ(elements_of(text_loaded(" 1 , 2 \n", {.delimiter = ','})), (std::vector<double>{1, 2}));
    EXPECT_EQ(elements_of(text_loaded("1\t2   3\n")), (std::vector<double>{1, 2, 3}));
}

TEST(TextLoad, UsecolsNegativeAndRowsOfDifferentLengths) {
    EXPECT_EQ(elements_of(text_loaded("1 2\n3 4 5\n", {.usecols = {0, 1}})), (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(elements_of(text_loaded("1 2\n3 4 5\n", {.usecols = {-1}})), (std::vector<double>{2, 5}));
    EXPECT_EQ(elements_of(text_loaded("1 2 3\n", {.usecols = {2, 0, 2}})), (std::vector<double>{3, 1, 3}));
}

TEST(TextLoad, MissingAsNanIsGenfromtxtsReading) {
    // np.genfromtxt(StringIO("1,,3\n4,nan,NaN"), delimiter=',')
    const auto a = text_loaded("1,,3\n4,nan,NaN", {.delimiter = ',', .missing_as_nan = true});
    EXPECT_EQ(a.shape(), (shape_type{2, 3}));
    const auto values = elements_of(a);
    EXPECT_EQ(values[0], 1.0);
    EXPECT_TRUE(std::isnan(values[1]));
    EXPECT_EQ(values[2], 3.0);
    EXPECT_EQ(values[3], 4.0);
    EXPECT_TRUE(std::isnan(values[4]) && std::isnan(values[5]));
    EXPECT_TRUE(std::isnan(elements_of(text_loaded<float>("1, ", {.delimiter = ',', .missing_as_nan = true}))[1]));
}

TEST(TextLoad, MalformedLinesNameTheLineAndText) {
    EXPECT_EQ(message_of([] { text_loaded("# header\n1 2\n3\n"); }),
              "cannot load text from the stream: line 3, \"3\": it has 1 columns where the first row has 2; give "
              "every row as many, or pick the columns to read with usecols");
    EXPECT_EQ(message_of([] { text_loaded("1 2 x\n"); }),
              "cannot load text from the stream: line 1, \"1 2 x\": column 3, \"x\", is not a number of type float64; "
              "fix it, leave the column out with usecols, or, if line 1 is a header, skip it with skiprows = 1");
    // A header line not skipped: the first row read is told skiprows, counting the comment before it.
    EXPECT_EQ(message_of([] { text_loaded("# made by hand\nx,y\n1,2\n", {.delimiter = ','}); }),
              "cannot load text from the stream: line 2, \"x,y\": column 1, \"x\", is not a number of type float64; "
              "fix it, leave the column out with usecols, or, if line 2 is a header, skip it with skiprows = 2");
    EXPECT_EQ(elements_of(text_loaded("# made by hand\nx,y\n1,2\n", {.delimiter = ',', .skiprows = 2})),
              (std::vector<double>{1, 2}));
    EXPECT_EQ(message_of([] { text_loaded("1,2,,4\n", {.delimiter = ','}); }),
              "cannot load text from the stream: line 1, \"1,2,,4\": column 3 is empty; fill it in, or pass "
              "missing_as_nan = true to read it as NaN");
    EXPECT_EQ(message_of([] { text_loaded("1 2\n", {.usecols = {5}}); }),
              "cannot load text from the stream: line 1, \"1 2\": usecols asks for column index 5, but the line has "
              "2 columns; pass indices from -2 to 1");
    // NumPy reads these as floats and truncates or wraps; loom refuses them.
    EXPECT_THROW(text_loaded<std::int32_t>("1.5"), std::runtime_error);
    EXPECT_THROW(text_loaded<std::int32_t>("3000000000"), std::runtime_error);
    for (const char* bad : {"0x1p3", "1_000", "+-1", "- 1", "1..2", "--1"}) {
        EXPECT_THROW(text_loaded(bad), std::runtime_error) << bad;
    }
    const std::string long_line = "1 " + std::string(100, 'y');
    EXPECT_TRUE(loom::testing::contains(message_of([&] { text_loaded(long_line); }),
                                        "line 1, \"1 " + std::string(55, 'y') + "...\": column 2"));
}

TEST(TextLoad, SkipsAByteOrderMark) {
    // NumPy: np.loadtxt(f, encoding='utf-8-sig') of the same bytes gives [[1., 2.], [3., 4.]].
    const auto a = text_loaded("\xef\xbb\xbf" "1 2\n3 4\n");
    EXPECT_EQ(a.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(a), (std::vector<double>{1, 2, 3, 4}));
    EXPECT_EQ(elements_of(text_loaded("\xef\xbb\xbf" "# c\n5\n", {.skiprows = 1})), (std::vector<double>{5}));
    // Only at the start of the text.
    EXPECT_EQ(message_of([] { text_loaded("1 2\n\xef\xbb\xbf" "3 4\n"); }),
              "cannot load text from the stream: line 2, \"\\ufeff3 4\": column 1, \"\\ufeff3\", is not a number of "
              "type float64; fix it, or leave the column out with usecols");
}

TEST(TextLoad, MessagesEscapeWhatDoesNotPrint) {
    EXPECT_EQ(message_of([] { text_loaded("1 \x01x\\\n"); }),
              "cannot load text from the stream: line 1, \"1 \\x01x\\\\\": column 2, \"\\x01x\\\\\", is not a number "
              "of type float64; fix it, leave the column out with usecols, or, if line 1 is a header, skip it with "
              "skiprows = 1");
    EXPECT_TRUE(loom::testing::contains(message_of([] { text_loaded("1,a\tb\xff\xc3\xa9\xf0\x9f\x98\x80\n", {.delimiter = ','}); }),
                                        "column 2, \"a\\tb\\xff\\u00e9\\U0001f600\""));
    // A character cut by the 57 bytes quoted of a long line shows as its bytes.
    const std::string long_line = std::string(56, '1') + "\xc3\xa9 x x x x";
    EXPECT_TRUE(loom::testing::contains(message_of([&] { text_loaded(long_line); }),
                                        "line 1, \"" + std::string(56, '1') + "\\xc3...\""));
}

TEST(TextLoad, RefusesALineLongerThanTheLimit) {
    const std::string line(100, '1');
    EXPECT_EQ(elements_of(text_loaded(line + "\n", {.max_line_length = 100})).size(), 1u);
    EXPECT_EQ(message_of([&] { text_loaded("1\n" + line + "1\n", {.max_line_length = 100}); }),
              "cannot load text from the stream: line 2 is longer than max_line_length, 100 bytes; check that it is "
              "a text file, or raise loadtxt_options::max_line_length");
    // A skipped line too: every line is read before it is skipped.
    EXPECT_THROW(text_loaded(line + "1\n2\n", {.skiprows = 1, .max_line_length = 100}), std::runtime_error);
}

TEST(TextLoad, ReadsLinesLongerThanAPieceAndLeavesTheStreamAfterTheLastOneRead) {
    // Lines are read in pieces of 4096 bytes: one of 3 x 4000 values crosses two of them.
    std::string row;
    for (int k = 0; k < 4000; ++k) {
        if (k > 0) row += ' ';
        row += std::to_string(k % 10);
    }
    const auto wide = text_loaded(row + "\n" + row);  // the last line without '\n'
    ASSERT_EQ(wide.shape(), (shape_type{2, 4000}));
    EXPECT_EQ(wide.data()[3999], 9.0);
    EXPECT_EQ(wide.data()[4000 + 4095 % 4000], 5.0);
    // max_rows stops right after the line it last read, where the caller reads on.
    std::istringstream in("1 2\n3 4\nrest\n");
    EXPECT_EQ(elements_of(loom::loadtxt<double>(in, {.max_rows = 1})), (std::vector<double>{1, 2}));
    std::string next;
    std::getline(in, next);
    EXPECT_EQ(next, "3 4");
    // A stream already failed reads as an empty one, its state kept.
    std::istringstream failed("1 2\n");
    failed.setstate(std::ios::failbit);
    EXPECT_EQ(loom::loadtxt<double>(failed).shape(), text_loaded("").shape());
    EXPECT_TRUE(failed.fail());
}

TEST(TextLoad, RefusesBadOptions) {
    EXPECT_EQ(message_of([] { text_loaded("1", {.ndmin = 3}); }), "loadtxt: ndmin is 3; pass 0, 1 or 2");
    EXPECT_THROW(text_loaded("1", {.skiprows = -1}), std::invalid_argument);
    EXPECT_THROW(text_loaded("1", {.max_rows = -1}), std::invalid_argument);
    EXPECT_EQ(message_of([] { text_loaded<int>("1", {.missing_as_nan = true}); }),
              "loadtxt: missing_as_nan reads empty fields as NaN, which int32 cannot hold; read float32 or float64");
}

// --- files ---------------------------------------------------------------------------------

TEST(TextFiles, RoundTripThroughAFile) {
    const loom::testing::scratch_folder folder;
    const tensor<double> a{{0.1, -2.5e-300, 1e300}, {3.0, -0.0, 123456789.123}};
    loom::savetxt(folder / "a.txt", a);
    const auto back = loom::loadtxt(folder / "a.txt");
    EXPECT_TRUE(loom::array_equal(back, a));  // %.18e keeps every double exactly
    loom::savetxt(folder / "b.csv", a, {.fmt = "%.6g", .delimiter = ",", .header = "x,y,z"});
    EXPECT_EQ(loom::testing::read_file(folder / "b.csv"), "# x,y,z\n0.1,-2.5e-300,1e+300\n3,-0,1.23457e+08\n");
    EXPECT_TRUE(loom::allclose(loom::loadtxt(folder / "b.csv", {.delimiter = ','}), a, 1e-5));
    const tensor<std::int64_t> i{-9223372036854775807 - 1, 9223372036854775807};
    loom::savetxt(folder / "i.txt", i, {.fmt = "%d"});
    EXPECT_TRUE(loom::array_equal(loom::loadtxt<std::int64_t>(folder / "i.txt"), i));
}

TEST(TextFiles, ErrorsNameTheFile) {
    const loom::testing::scratch_folder folder;
    const auto missing = folder / "missing.txt";
    EXPECT_EQ(message_of([&] { loom::loadtxt(missing); }),
              "cannot load " + missing.string() + ": it cannot be opened for reading; check the path and its permissions");
    loom::testing::write_file(folder / "bad.txt", "1 2\n3 four\n");
    EXPECT_EQ(message_of([&] { loom::loadtxt(folder / "bad.txt"); }),
              "cannot load " + (folder / "bad.txt").string() +
                  ": line 2, \"3 four\": column 2, \"four\", is not a number of type float64; fix it, or leave the "
                  "column out with usecols");
    // A refused save leaves no file.
    EXPECT_THROW(loom::savetxt(folder / "no.txt", tensor<double>{loom::testing::nan}, {.fmt = "%d"}),
                 std::invalid_argument);
    EXPECT_FALSE(std::filesystem::exists(folder / "no.txt"));
    EXPECT_THROW(loom::savetxt(folder / "absent" / "x.txt", tensor<double>{1.0}), std::runtime_error);
    std::filesystem::create_directory(folder / "dir");
    EXPECT_EQ(message_of([&] { loom::loadtxt(folder / "dir"); }),
              "cannot load " + (folder / "dir").string() +
                  ": reading failed after line 0; check that it is a readable file, not a folder");
}

TEST(TextFiles, AFileWithoutLineEndsIsRefusedAtTheLimit) {
    if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
    EXPECT_EQ(message_of([] { loom::loadtxt("/dev/zero"); }),
              "cannot load /dev/zero: line 1 is longer than max_line_length, 16777216 bytes; check that it is a text "
              "file, or raise loadtxt_options::max_line_length");
}

// --- tolist --------------------------------------------------------------------------------

TEST(TextToList, NestedVectorsOfEachRank) {
    const tensor<int> m{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(loom::tolist<2>(m), (std::vector<std::vector<int>>{{1, 2, 3}, {4, 5, 6}}));
    EXPECT_EQ(loom::tolist<2>(m.transpose()), (std::vector<std::vector<int>>{{1, 4}, {2, 5}, {3, 6}}));
    EXPECT_EQ(loom::tolist<1>(loom::arange(3) * 2), (std::vector<std::int64_t>{0, 2, 4}));
    EXPECT_EQ(loom::tolist<0>(tensor<double>(shape_type{}, 2.5)), 2.5);
    EXPECT_EQ(loom::tolist<3>(loom::zeros<float>({2, 0, 3})), (std::vector<std::vector<std::vector<float>>>{{}, {}}));
    EXPECT_EQ(loom::tolist<1>(loom::reshape(m > 2, {6})), (std::vector<bool>{false, false, true, true, true, true}));
}

TEST(TextToList, RefusesAnotherRank) {
    const tensor<int> m{{1, 2, 3}, {4, 5, 6}};
    EXPECT_EQ(message_of([&] { loom::tolist<1>(m); }), "tolist<1>: x has shape [2, 3], of rank 2; call tolist<2>");
    EXPECT_THROW(loom::tolist<0>(m), std::invalid_argument);
}

}  // namespace
