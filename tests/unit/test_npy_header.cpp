// The .npy header: its dict parsed as NumPy's np.load reads it, written byte
// for byte as np.save writes it, and every malformed header refused with
// std::runtime_error. Expected bytes come from NumPy 1.24's np.save
// (/usr/bin/python3).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::shape_type;
using loom::npy::header;
using loom::npy::parse_descr;
using loom::npy::parse_header;
using loom::npy::parse_preamble;
using loom::testing::message_of;
using ::testing::HasSubstr;

std::string header_refusal(const std::string& text) {
    return message_of([&] { parse_header(text); });
}

std::string header_refusal_in_version_3(const std::string& text) {
    return message_of([&] { parse_header(text, 3); });
}

// ---- Parsing ----

TEST(NpyHeader, ParsesTheDictNumPyWrites) {
    const header h = parse_header("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }          \n");
    EXPECT_EQ(h.descr, "<f4");
    EXPECT_FALSE(h.fortran_order);
    EXPECT_EQ(h.shape, (shape_type{2, 3}));
}

TEST(NpyHeader, ParsesAnyKeyOrderQuotesAndSpacing) {
    const header h = parse_header("{ \"shape\":(4 ,5,6) ,'fortran_order':True,\"descr\" : '>i8'}\n");
    EXPECT_EQ(h.descr, ">i8");
    EXPECT_TRUE(h.fortran_order);
    EXPECT_EQ(h.shape, (shape_type{4, 5, 6}));
}

TEST(NpyHeader, ParsesTheShapesOfRankZeroAndOne) {
    EXPECT_EQ(parse_header("{'descr': '<i8', 'fortran_order': False, 'shape': (), }").shape, shape_type{});
    EXPECT_EQ(parse_header("{'descr': '<i8', 'fortran_order': False, 'shape': (5,), }").shape, shape_type{5});
}

TEST(NpyHeader, ParsesPythonTwosLongIntegers) {
    // NumPy's files written under Python 2 spell sizes as 3L.
    EXPECT_EQ(parse_header("{'descr': '<f8', 'fortran_order': False, 'shape': (3L, 4L), }").shape,
              (shape_type{3, 4}));
}

TEST(NpyHeader, RefusesAMissingKey) {
    EXPECT_EQ(header_refusal("{'descr': '<f4', 'fortran_order': False, }"), "its header is missing the key 'shape'");
}

TEST(NpyHeader, RefusesAnUnknownKey) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}"),
                HasSubstr("has the key 'x', which is not one of 'descr', 'fortran_order', 'shape'"));
}

TEST(NpyHeader, RefusesARepeatedKey) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': ()}"),
                HasSubstr("has the key 'descr' twice"));
}

TEST(NpyHeader, RefusesAStructuredDescr) {
    EXPECT_THAT(header_refusal("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }"),
                HasSubstr("a structured dtype"));
}

TEST(NpyHeader, RefusesANegativeSize) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }"),
                HasSubstr("a negative size at dimension 1"));
}

TEST(NpyHeader, RefusesASizePastSixtyFourBits) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }"),
                HasSubstr("does not fit in a 64-bit index"));
}

TEST(NpyHeader, RefusesAShapeWhoseElementCountOverflows) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296), }"),
                HasSubstr("shape [4294967296, 4294967296] has more elements than fit in a 64-bit index"));
}

TEST(NpyHeader, RefusesAParenthesisedIntegerAsShape) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (3), }"),
                HasSubstr("a 1-tuple is written (n,)"));
}

TEST(NpyHeader, RefusesAFortranOrderThatIsNotABool) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': 0, 'shape': (3,), }"),
                HasSubstr("where fortran_order's True or False should be"));
}

TEST(NpyHeader, RefusesAHeaderThatNeverEnds) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (3,"), HasSubstr("should be"));
    EXPECT_THAT(header_refusal("{'descr': '<f4"), HasSubstr("a string that never ends"));
}

TEST(NpyHeader, RefusesTextAfterTheDict) {
    EXPECT_THAT(header_refusal("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }  x\n"),
                HasSubstr("has 'x\\n' after the dict"));
}

// What np.load of NumPy 1.24 reads, through ast.literal_eval, and refuses.
std::string header_with_shape(const std::string& shape) {
    return "{'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ", }\n";
}

TEST(NpyHeader, ParsesParenthesesAroundTheShapeAndItsSizes) {
    const std::pair<const char*, shape_type> accepted[] = {
        {"((6),)", {6}},       {"(((6)),)", {6}},      {"((6, 1))", {6, 1}}, {"((6),(1),)", {6, 1}},
        {"((6) ,)", {6}},      {"(+(6),)", {6}},       {"(-(0),)", {0}},     {"(())", {}},
        {"(6, (1))", {6, 1}},  {"(((2, 3)))", {2, 3}}, {"( (-0) , )", {0}},
    };
    for (const auto& [text, shape] : accepted) EXPECT_EQ(parse_header(header_with_shape(text)).shape, shape) << text;
    // Python reads 200 brackets nested, the dict's among them.
    const auto nested = [](int n) { return "(" + std::string(n, '(') + "6" + std::string(n, ')') + ",)"; };
    EXPECT_EQ(parse_header(header_with_shape(nested(198))).shape, shape_type{6});
    EXPECT_THAT(header_refusal(header_with_shape(nested(199))),
                HasSubstr("in more than 199 parentheses, which Python does not read"));
}

TEST(NpyHeader, ParsesWhitespaceAndCommentsAsPythonDoes) {
    const std::pair<const char*, shape_type> accepted[] = {
        {"(6,\f)", {6}}, {"(\f6,)", {6}}, {"(6\\\n,)", {6}}, {"(6, # c\n)", {6}}, {"(6 ,\n 1)", {6, 1}},
        {"(6,\r)", {6}},
    };
    for (const auto& [text, shape] : accepted) EXPECT_EQ(parse_header(header_with_shape(text)).shape, shape) << text;
    EXPECT_EQ(parse_header("{'descr': '<f8', 'fortran_order': False, 'shape': (6,), } # end\n").shape, shape_type{6});
    EXPECT_THAT(header_refusal(header_with_shape("(6,\v)")), HasSubstr("has '\\x0b), }\\n' where a size"));
}

TEST(NpyHeader, ParsesTheLongSuffixAfterSpacesInVersionsOneAndTwo) {
    const std::pair<const char*, shape_type> accepted[] = {
        {"(6 L,)", {6}}, {"(6\tL,)", {6}}, {"((6L),)", {6}}, {"(6L , 1L , )", {6, 1}}, {"(6 \\\n L,)", {6}},
        {"(0x6L,)", {6}},
    };
    for (const auto& [text, shape] : accepted) {
        EXPECT_EQ(parse_header(header_with_shape(text), 1).shape, shape) << text;
        EXPECT_EQ(parse_header(header_with_shape(text), 2).shape, shape) << text;
        // Version 3.0 reads the header as Python 3 does, without the suffix.
        EXPECT_THAT(header_refusal_in_version_3(header_with_shape(text)), HasSubstr("Python 2's L suffix")) << text;
    }
    EXPECT_EQ(header_refusal_in_version_3(header_with_shape("(6 L,)")),
              "its header has '6 L' as the size at dimension 0 of its shape: Python 2's L suffix, which np.load "
              "reads in format versions 1.0 and 2.0 only; write the size without it");
}

TEST(NpyHeader, ReadsTheLongSuffixByTheFilesVersion) {
    // NumPy: np.load of these bytes gives array([7, 8], dtype=int8), and refuses version 3.0's.
    const std::string dict = "{'descr': '|i1', 'fortran_order': False, 'shape': (2 L,), }\n";
    const auto version_1 = loom::testing::bytes_of(loom::testing::npy_image(1, dict, "\x07\x08"));
    EXPECT_TRUE(loom::array_equal(loom::read_npy<std::int8_t>(version_1), loom::tensor<std::int8_t>{7, 8}));
    const auto version_3 = loom::testing::bytes_of(loom::testing::npy_image(3, dict, "\x07\x08"));
    EXPECT_EQ(message_of([&] { (void)loom::read_npy<std::int8_t>(version_3); }),
              "cannot read .npy bytes: its header has '2 L' as the size at dimension 0 of its shape: Python 2's L "
              "suffix, which np.load reads in format versions 1.0 and 2.0 only; write the size without it");
}

TEST(NpyHeader, RefusesWhatNumPyRefusesQuotingTheHeader) {
    const std::pair<const char*, const char*> refused[] = {
        {"((6)L,)", "has 'L,), }\\n' where ',' or ')' should be"},
        {"(6\nL,)", "has 'L,), }\\n' where ',' or ')' should be"},
        {"(6l,)", "has '6l' as the size at dimension 0"},
        {"(6LL,)", "has '6LL' as the size at dimension 0"},
        {"(6L)", "has the shape (6L), which is not a tuple"},
        {"((6))", "has the shape ((6)), which is not a tuple"},
        {"((6,),)", "has the shape ((6,),, with a tuple within the tuple of sizes"},
        {"((),)", "has the shape ((),, with a tuple within the tuple of sizes"},
        {"(6, ())", "has the shape (6, (), with a tuple within the tuple of sizes"},
        {"(+(6,),)", "has the shape (+(6,, with a sign before a tuple"},
        {"(-(),)", "has the shape (-(), with a sign before a tuple"},
        {"(-(-6),)", "has '-(-6' as the size at dimension 0"},
        {"(6 x,)", "has 'x,), }\\n' where ',' or ')' should be"},
    };
    for (const auto& [text, quoted] : refused) {
        EXPECT_THAT(header_refusal(header_with_shape(text)), HasSubstr(quoted)) << text;
    }
}

// ---- Writing ----

TEST(NpyHeader, HeaderBytesAreNumPys) {
    // NumPy: np.save(f, np.zeros((2, 3), np.float32)): the first 128 bytes.
    const std::string expected = std::string("\x93NUMPY\x01\x00v\x00", 10) +
                                 "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" +
                                 std::string(58, ' ') + "\n";
    EXPECT_EQ(loom::npy::header_bytes({"<f4", false, {2, 3}}), expected);
}

TEST(NpyHeader, HeaderBytesOfRankZeroHaveNoGrowthSpace) {
    // NumPy: np.save(f, np.zeros((), np.int64)): 128 bytes of header, dict then 62 spaces.
    const std::string bytes = loom::npy::header_bytes({"<i8", false, {}});
    EXPECT_EQ(bytes.size(), 128u);
    EXPECT_EQ(bytes.substr(10, 55), "{'descr': '<i8', 'fortran_order': False, 'shape': (), }");
}

TEST(NpyHeader, HeaderBytesOfFortranOrderGrowTheLastSize) {
    // NumPy: np.save(f, np.asfortranarray(np.zeros((2, 3)))): 'shape': (2, 3), } then 59 spaces.
    const std::string bytes = loom::npy::header_bytes({"<f8", true, {2, 3}});
    EXPECT_EQ(bytes.size(), 128u);
    EXPECT_THAT(bytes, HasSubstr("'fortran_order': True, 'shape': (2, 3), }" + std::string(59, ' ') + "\n"));
}

TEST(NpyHeader, HeaderBytesUseVersionTwoPastSixtyFourKiB) {
    // A shape long enough for a dict over 65535 bytes (NumPy switches to 2.0 there).
    const std::string bytes = loom::npy::header_bytes({"<f4", false, shape_type(30000, 1)});
    EXPECT_EQ(bytes[6], '\x02');
    EXPECT_EQ(bytes.size() % 64, 0u);
    EXPECT_EQ(bytes.back(), '\n');
    EXPECT_EQ(parse_preamble(bytes).header_length, bytes.size() - 12);
}

TEST(NpyHeader, ParsesWhatItWrites) {
    const header h{"<u2", true, {7, 0, 3}};
    const std::string bytes = loom::npy::header_bytes(h);
    EXPECT_EQ(parse_header(std::string_view(bytes).substr(10)), h);
}

TEST(NpyHeader, WritesADescrHoldingAQuoteInDoubleQuotes) {
    // As Python's repr does; no dtype has a quote, but what parses must write back.
    const header h = parse_header("{'descr': \"a'b\", 'fortran_order': False, 'shape': (), }");
    EXPECT_EQ(parse_header(std::string_view(loom::npy::header_bytes(h)).substr(10)), h);
}

// ---- The preamble and the descr ----

TEST(NpyPreamble, RefusesAWrongMagicString) {
    EXPECT_THAT(message_of([] { parse_preamble("PK\x03\x04 not npy"); }), HasSubstr("not a .npy file"));
}

TEST(NpyPreamble, RefusesAnUnknownVersion) {
    EXPECT_THAT(message_of([] { parse_preamble(std::string("\x93NUMPY\x04\x00\x10\x00\x00\x00", 12)); }),
                HasSubstr("version is 4.0; loom reads versions 1.0, 2.0 and 3.0"));
}

TEST(NpyPreamble, ReadsTheLengthOfEachVersion) {
    EXPECT_EQ(parse_preamble(std::string("\x93NUMPY\x01\x00\x34\x12", 10)).header_length, 0x1234u);
    EXPECT_EQ(parse_preamble(std::string("\x93NUMPY\x03\x00\x78\x56\x34\x12", 12)).header_length, 0x12345678u);
}

TEST(NpyDescr, NamesEveryElementType) {
    EXPECT_EQ(parse_descr("|b1").type_index, loom::any_tensor_index<bool>);
    EXPECT_EQ(parse_descr("|i1").type_index, loom::any_tensor_index<std::int8_t>);
    EXPECT_EQ(parse_descr("<u8").type_index, loom::any_tensor_index<std::uint64_t>);
    EXPECT_EQ(parse_descr("=f4").type_index, loom::any_tensor_index<float>);
    EXPECT_EQ(parse_descr("f8").type_index, loom::any_tensor_index<double>);
    EXPECT_EQ(loom::npy::descr_of<std::int16_t>(), "<i2");
    EXPECT_EQ(loom::npy::descr_of<bool>(), "|b1");
}

TEST(NpyDescr, SwapsTheBytesOfTheOtherOrderOnly) {
    EXPECT_TRUE(parse_descr(">f8").swap_bytes);
    EXPECT_FALSE(parse_descr("<f8").swap_bytes);
    EXPECT_FALSE(parse_descr(">u1").swap_bytes);  // one byte has no order
}

TEST(NpyDescr, RefusesWhatLoomCannotHold) {
    EXPECT_THAT(message_of([] { parse_descr("|O"); }), HasSubstr("holds Python objects"));
    EXPECT_THAT(message_of([] { parse_descr("<f16"); }), HasSubstr("is np.longdouble"));
    EXPECT_THAT(message_of([] { parse_descr("<c32"); }), HasSubstr("is not one of loom's element types"));
    EXPECT_THAT(message_of([] { parse_descr("<U5"); }), HasSubstr("strings"));
    EXPECT_THAT(message_of([] { parse_descr("<i3"); }), HasSubstr("is not one of loom's element types"));
    EXPECT_THAT(message_of([] { parse_descr("<i99999999999999999999"); }), HasSubstr("is not a dtype loom knows"));
    EXPECT_THAT(message_of([] { parse_descr("\xef\xbb\xbf<f\x01"); }), HasSubstr("the dtype '\\ufeff<f\\x01'"));
}

}  // namespace
