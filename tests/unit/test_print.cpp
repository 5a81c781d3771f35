// Printing: every expected string below was produced by NumPy 1.24's
// str(array) (np.array2string(array, ...) where options are given), run as
// /usr/bin/python3 -c "import numpy as np; print(repr(str(np.array(...))))"
// and pasted in; the NumPy expression is in the comment beside each.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "element_values.hpp"
#include "loom/loom.hpp"

namespace {

using loom::print_options;
using loom::shape_type;
using loom::tensor;
using loom::to_string;

using loom::testing::nan;
using loom::testing::inf;

template <class T>
tensor<T> iota(const shape_type& shape, T first = 0) {
    tensor<T> t(shape);
    std::iota(t.begin(), t.end(), first);
    return t;
}

template <class T>
tensor<T> rank0(T value) {
    return tensor<T>(shape_type{}, value);
}

// ---- The PyTorch blog post on broadcasting: the sequence mask ----

struct SequenceMask002 : ::testing::Test {
    tensor<std::int64_t> A{{2, 3, 4, 0, 0}, {1, 0, 0, 2, 3}, {0, 5, 6, 7, 8}};
    tensor<std::int64_t> positions{{0, 1, 2, 3, 4}};  // arange(5) as a row, shape [1, 5]
    tensor<std::int64_t> lengths{{3}, {1}, {5}};      // shape [3, 1]
};

TEST_F(SequenceMask002, ValuesPrintAsNumPyIntegerRows) {
    // str(A)
    EXPECT_EQ(to_string(A), "[[2 3 4 0 0]\n [1 0 0 2 3]\n [0 5 6 7 8]]");
}

TEST_F(SequenceMask002, MaskPrintsTrueWithALeadingSpace) {
    // str(np.arange(5)[None, :] < np.array([3, 1, 5])[:, None])
    EXPECT_EQ(to_string(positions < lengths),
              "[[ True  True  True False False]\n [ True False False False False]\n [ True  True  True  True  True]]");
}

TEST_F(SequenceMask002, MaskedValuesPrintAsTheirSum) {
    // str(A * mask)
    std::ostringstream os;
    os << A * (positions < lengths);
    EXPECT_EQ(os.str(), "[[2 3 4 0 0]\n [1 0 0 0 0]\n [0 5 6 7 8]]");
}

// ---- Integers: right-aligned to the widest of the smallest and largest -----

TEST(PrintIntegers, Int8ExtremesAlignRight) {
    // str(np.array([-128, 0, 127], np.int8))
    EXPECT_EQ(to_string(tensor<std::int8_t>{-128, 0, 127}), "[-128    0  127]");
}

TEST(PrintIntegers, Uint8PrintsNumbersNotCharacters) {
    // str(np.array([0, 7, 255], np.uint8))
    EXPECT_EQ(to_string(tensor<std::uint8_t>{0, 7, 255}), "[  0   7 255]");
}

TEST(PrintIntegers, Int16Extremes) {
    // str(np.array([-32768, 32767], np.int16))
    EXPECT_EQ(to_string(tensor<std::int16_t>{-32768, 32767}), "[-32768  32767]");
}

TEST(PrintIntegers, Uint16Extremes) {
    // str(np.array([0, 65535], np.uint16))
    EXPECT_EQ(to_string(tensor<std::uint16_t>{0, 65535}), "[    0 65535]");
}

TEST(PrintIntegers, Int32Extremes) {
    // str(np.array([-2147483648, 5, 2147483647], np.int32))
    EXPECT_EQ(to_string(tensor<std::int32_t>{std::numeric_limits<std::int32_t>::min(), 5,
                                             std::numeric_limits<std::int32_t>::max()}),
              "[-2147483648           5  2147483647]");
}

TEST(PrintIntegers, Uint32Extremes) {
    // str(np.array([4294967295, 1], np.uint32))
    EXPECT_EQ(to_string(tensor<std::uint32_t>{std::numeric_limits<std::uint32_t>::max(), 1u}),
              "[4294967295          1]");
}

TEST(PrintIntegers, Int64Extremes) {
    // str(np.array([-9223372036854775808, 9223372036854775807], np.int64))
    EXPECT_EQ(to_string(tensor<std::int64_t>{std::numeric_limits<std::int64_t>::min(),
                                             std::numeric_limits<std::int64_t>::max()}),
              "[-9223372036854775808  9223372036854775807]");
}

TEST(PrintIntegers, Uint64Extremes) {
    // str(np.array([18446744073709551615, 0], np.uint64))
    EXPECT_EQ(to_string(tensor<std::uint64_t>{std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0}}),
              "[18446744073709551615                    0]");
}

TEST(PrintIntegers, WidthCountsTheMinusSign) {
    // str(np.array([-1, 10, 3]))
    EXPECT_EQ(to_string(tensor<int>{-1, 10, 3}), "[-1 10  3]");
}

// ---- Booleans ---------------------------------------------------------------

TEST(PrintBool, TrueIsPaddedToTheWidthOfFalse) {
    // str(np.array([True, False]))
    EXPECT_EQ(to_string(tensor<bool>{true, false}), "[ True False]");
}

TEST(PrintBool, TrueIsPaddedEvenWithoutAFalse) {
    // str(np.array([True, True]))
    EXPECT_EQ(to_string(tensor<bool>{true, true}), "[ True  True]");
}

TEST(PrintBool, FalseAlone) {
    // str(np.array([False]))
    EXPECT_EQ(to_string(tensor<bool>{false}), "[False]");
}

// ---- Floating point: positional -------------------------------------------

TEST(PrintFloat, ShorterFractionsArePaddedWithSpaces) {
    // str(np.array([1.0, 2.5]))
    EXPECT_EQ(to_string(tensor<double>{1.0, 2.5}), "[1.  2.5]");
}

TEST(PrintFloat, AtMostEightDigitsAfterThePoint) {
    // str(np.array([0.1, 1/3]))
    EXPECT_EQ(to_string(tensor<double>{0.1, 1.0 / 3.0}), "[0.1        0.33333333]");
}

TEST(PrintFloat, IntegersStoredAsFloatsKeepThePoint) {
    // str(np.array([1.0, 2.0, -3.0]))
    EXPECT_EQ(to_string(tensor<double>{1.0, 2.0, -3.0}), "[ 1.  2. -3.]");
}

TEST(PrintFloat, RoundingToEightDigitsIsHalfToEven) {
    // str(np.array([2.0**-9])): 0.001953125 is exactly halfway
    EXPECT_EQ(to_string(tensor<double>{0.001953125}), "[0.00195312]");
}

TEST(PrintFloat, ShortestDigitsNotTheBinaryExpansion) {
    // str(np.array([0.1 + 0.2]))
    EXPECT_EQ(to_string(tensor<double>{0.1 + 0.2}), "[0.3]");
}

TEST(PrintFloat, NegativeZeroKeepsItsSign) {
    // str(np.array([-0.0, 0.0]))
    EXPECT_EQ(to_string(tensor<double>{-0.0, 0.0}), "[-0.  0.]");
}

TEST(PrintFloat, PointsLineUpAcrossSignsAndWidths) {
    // str(np.array([-1.5, 10.25]))
    EXPECT_EQ(to_string(tensor<double>{-1.5, 10.25}), "[-1.5  10.25]");
}

TEST(PrintFloat, RatioOfExactlyOneThousandStaysPositional) {
    // str(np.array([1.0, 1000.0]))
    EXPECT_EQ(to_string(tensor<double>{1.0, 1000.0}), "[   1. 1000.]");
}

// ---- Floating point: scientific -------------------------------------------

TEST(PrintFloat, SmallValueIsScientific) {
    // str(np.array([1e-5]))
    EXPECT_EQ(to_string(tensor<double>{1e-5}), "[1.e-05]");
}

TEST(PrintFloat, OneHundredMillionIsScientific) {
    // str(np.array([1e8]))
    EXPECT_EQ(to_string(tensor<double>{1e8}), "[1.e+08]");
}

TEST(PrintFloat, LargeValueKeepsAllItsShortestDigits) {
    // str(np.array([123456789.0]))
    EXPECT_EQ(to_string(tensor<double>{123456789.0}), "[1.23456789e+08]");
}

TEST(PrintFloat, MixedMagnitudesShareTheDigitCount) {
    // str(np.array([1e-5, 1.2345e10]))
    EXPECT_EQ(to_string(tensor<double>{1e-5, 1.2345e10}), "[1.0000e-05 1.2345e+10]");
}

TEST(PrintFloat, RatioAboveOneThousandIsScientific) {
    // str(np.array([1.0, 1001.0]))
    EXPECT_EQ(to_string(tensor<double>{1.0, 1001.0}), "[1.000e+00 1.001e+03]");
}

TEST(PrintFloat, ThreeDigitExponentsWidenEveryExponent) {
    // str(np.array([1e100, -1e-100]))
    EXPECT_EQ(to_string(tensor<double>{1e100, -1e-100}), "[ 1.e+100 -1.e-100]");
}

TEST(PrintFloat, DigitsPaddedPastTheShortestStillReadBack) {
    // np.array2string(np.array([2.0**149, 0.1 + 0.7]), precision=16) and the
    // same with 2.0**-645: padded to 15 digits after the point, the nearest
    // texts 7.136238463529799e+44 and 6.849404215651259e-195 read back as
    // the doubles below; Dragon4 takes the text on the other side.
    const print_options sixteen{.precision = 16};
    EXPECT_EQ(to_string(tensor<double>{std::ldexp(1.0, 149), 0.1 + 0.7}, sixteen),
              "[7.136238463529800e+44 7.999999999999999e-01]");
    EXPECT_EQ(to_string(tensor<double>{std::ldexp(1.0, -645), 0.1 + 0.7}, sixteen),
              "[6.849404215651260e-195 7.999999999999999e-001]");
    // np.array2string(np.array([2.0**-645, 0.1 + 0.2]), precision=16): with
    // 16 digits the nearest text reads back.
    EXPECT_EQ(to_string(tensor<double>{std::ldexp(1.0, -645), 0.1 + 0.2}, sixteen),
              "[6.8494042156512595e-195 3.0000000000000004e-001]");
}

// ---- Floating point: nan and inf ------------------------------------------

TEST(PrintFloat, NonFiniteAlignRight) {
    // str(np.array([np.nan, np.inf, -np.inf]))
    EXPECT_EQ(to_string(tensor<double>{nan, inf, -inf}), "[ nan  inf -inf]");
}

TEST(PrintFloat, NanBesideAFraction) {
    // str(np.array([np.nan, 1.5]))
    EXPECT_EQ(to_string(tensor<double>{nan, 1.5}), "[nan 1.5]");
}

TEST(PrintFloat, NanAndPositiveInfinityAlone) {
    // str(np.array([np.nan, np.inf]))
    EXPECT_EQ(to_string(tensor<double>{nan, inf}), "[nan inf]");
}

TEST(PrintFloat, NanTakesTheWidthOfScientificValues) {
    // str(np.array([np.nan, 1.5, 1e10]))
    EXPECT_EQ(to_string(tensor<double>{nan, 1.5, 1e10}), "[    nan 1.5e+00 1.0e+10]");
}

// ---- float32: its own shortest digits -------------------------------------

TEST(PrintFloat32, PointOnePrintsAsPointOne) {
    // str(np.array([0.1], np.float32))
    EXPECT_EQ(to_string(tensor<float>{0.1f}), "[0.1]");
}

TEST(PrintFloat32, ThirdHasFloat32Digits) {
    // str(np.array([1/3], np.float32))
    EXPECT_EQ(to_string(tensor<float>{1.0f / 3.0f}), "[0.33333334]");
}

TEST(PrintFloat32, TenthsPrintShort) {
    // str(np.array([0.1, 0.2, 0.3], np.float32))
    EXPECT_EQ(to_string(tensor<float>{0.1f, 0.2f, 0.3f}), "[0.1 0.2 0.3]");
}

TEST(PrintFloat32, ScientificPadsWithTheExactDigits) {
    // str(np.array([0.1, 1.2345678e10], np.float32))
    EXPECT_EQ(to_string(tensor<float>{0.1f, 1.2345678e10f}), "[1.0000000e-01 1.2345678e+10]");
}

TEST(PrintFloat32, LargeIntegerPrintsEveryDigit) {
    // str(np.array([77658576], np.float32)): the shortest digits would give 77658580.
    EXPECT_EQ(to_string(tensor<float>{77658576.0f}), "[77658576.]");
}

TEST(PrintFloat32, OneTenThousandthIsBelowTheDoubleBound) {
    // str(np.array([1e-4, 1], np.float32)): float32(1e-4) < 1e-4
    EXPECT_EQ(to_string(tensor<float>{1e-4f, 1.0f}), "[1.e-04 1.e+00]");
}

TEST(PrintFloat32, RowsOfMixedNotation) {
    // str(np.array([[0.5, 1e-5], [np.nan, -2.0]], np.float32))
    EXPECT_EQ(to_string(tensor<float>{{0.5f, 1e-5f}, {std::numeric_limits<float>::quiet_NaN(), -2.0f}}),
              "[[ 5.e-01  1.e-05]\n [    nan -2.e+00]]");
}

// ---- Rank 0: the bare scalar, as NumPy's str of the scalar ----------------

TEST(PrintRank0, Integer) {
    // str(np.array(5)), str(np.array(np.int8(-7)))
    EXPECT_EQ(to_string(rank0(5)), "5");
    EXPECT_EQ(to_string(rank0(std::int8_t{-7})), "-7");
}

TEST(PrintRank0, BoolHasNoPadding) {
    // str(np.array(True)), str(np.array(False))
    EXPECT_EQ(to_string(rank0(true)), "True");
    EXPECT_EQ(to_string(rank0(false)), "False");
}

TEST(PrintRank0, FloatKeepsOneFractionDigit) {
    // str(np.array(1.5)), str(np.array(1.0)), str(np.array(-0.0))
    EXPECT_EQ(to_string(rank0(1.5)), "1.5");
    EXPECT_EQ(to_string(rank0(1.0)), "1.0");
    EXPECT_EQ(to_string(rank0(-0.0)), "-0.0");
}

TEST(PrintRank0, FloatIsNotCutToEightDigits) {
    // str(np.array(0.1 + 0.2)), str(np.array(123456789.0))
    EXPECT_EQ(to_string(rank0(0.1 + 0.2)), "0.30000000000000004");
    EXPECT_EQ(to_string(rank0(123456789.0)), "123456789.0");
}

TEST(PrintRank0, FloatOutsideOneTenThousandthToTenToTheSixteenIsScientific) {
    // str(np.array(1e20)), str(np.array(1.5e-05)), str(np.array(1e16)), str(np.array(0.0001))
    EXPECT_EQ(to_string(rank0(1e20)), "1e+20");
    EXPECT_EQ(to_string(rank0(1.5e-5)), "1.5e-05");
    EXPECT_EQ(to_string(rank0(1e16)), "1e+16");
    EXPECT_EQ(to_string(rank0(1e-4)), "0.0001");
}

TEST(PrintRank0, Float32HasItsOwnDigits) {
    // str(np.array(np.float32(0.1))), str(np.array(np.float32(123456789.0))),
    // str(np.array(np.float32(1e-4))): float32(1e-4) is just below 1e-4
    EXPECT_EQ(to_string(rank0(0.1f)), "0.1");
    EXPECT_EQ(to_string(rank0(123456789.0f)), "123456790.0");
    EXPECT_EQ(to_string(rank0(1e-4f)), "1e-04");
}

TEST(PrintRank0, NonFinite) {
    // str(np.array(np.nan)), str(np.array(-np.inf))
    EXPECT_EQ(to_string(rank0(nan)), "nan");
    EXPECT_EQ(to_string(rank0(-inf)), "-inf");
}

// ---- Empty arrays ---------------------------------------------------------

TEST(PrintEmpty, AnyShapeWithAZeroPrintsEmptyBrackets) {
    // str(np.zeros((0,))), str(np.zeros((2, 0), np.int32)), str(np.zeros((0, 3), bool))
    EXPECT_EQ(to_string(tensor<double>(shape_type{0})), "[]");
    EXPECT_EQ(to_string(tensor<std::int32_t>(shape_type{2, 0})), "[]");
    EXPECT_EQ(to_string(tensor<bool>(shape_type{0, 3})), "[]");
}

// ---- Nesting --------------------------------------------------------------

TEST(PrintNesting, Rank3BlocksAreSeparatedByOneBlankLine) {
    // str(np.arange(12).reshape(2, 2, 3))
    EXPECT_EQ(to_string(iota<std::int64_t>({2, 2, 3})), "[[[ 0  1  2]\n  [ 3  4  5]]\n\n [[ 6  7  8]\n  [ 9 10 11]]]");
}

TEST(PrintNesting, Rank4BlocksAreSeparatedByTwoBlankLines) {
    // str(np.arange(16).reshape(2, 2, 2, 2))
    EXPECT_EQ(to_string(iota<std::int64_t>({2, 2, 2, 2})),
              "[[[[ 0  1]\n   [ 2  3]]\n\n  [[ 4  5]\n   [ 6  7]]]\n\n\n [[[ 8  9]\n   [10 11]]\n\n  [[12 13]\n   [14 15]]]]");
}

TEST(PrintNesting, SizeOneDimensionsKeepTheirBrackets) {
    // str(np.array([[[7]]]))
    EXPECT_EQ(to_string(tensor<std::int64_t>(shape_type{1, 1, 1}, 7)), "[[[7]]]");
}

// ---- Summarisation: more than 1000 elements -------------------------------

TEST(PrintSummary, LongRowShowsThreeItemsAtEachEnd) {
    // str(np.arange(2000))
    EXPECT_EQ(to_string(iota<std::int64_t>({2000})), "[   0    1    2 ... 1997 1998 1999]");
}

TEST(PrintSummary, EveryLongDimensionIsSummarised) {
    // str(np.arange(2000).reshape(40, 50))
    EXPECT_EQ(to_string(iota<std::int64_t>({40, 50})),
              "[[   0    1    2 ...   47   48   49]\n [  50   51   52 ...   97   98   99]\n"
              " [ 100  101  102 ...  147  148  149]\n ...\n [1850 1851 1852 ... 1897 1898 1899]\n"
              " [1900 1901 1902 ... 1947 1948 1949]\n [1950 1951 1952 ... 1997 1998 1999]]");
}

TEST(PrintSummary, Rank3SummaryKeepsTheBlankLinesAroundTheEllipsis) {
    // str(np.arange(2000).reshape(10, 10, 20))
    const std::string expected =
        "[[[   0    1    2 ...   17   18   19]\n  [  20   21   22 ...   37   38   39]\n"
        "  [  40   41   42 ...   57   58   59]\n  ...\n  [ 140  141  142 ...  157  158  159]\n"
        "  [ 160  161  162 ...  177  178  179]\n  [ 180  181  182 ...  197  198  199]]\n\n"
        " [[ 200  201  202 ...  217  218  219]\n  [ 220  221  222 ...  237  238  239]\n"
        "  [ 240  241  242 ...  257  258  259]\n  ...\n  [ 340  341  342 ...  357  358  359]\n"
        "  [ 360  361  362 ...  377  378  379]\n  [ 380  381  382 ...  397  398  399]]\n\n"
        " [[ 400  401  402 ...  417  418  419]\n  [ 420  421  422 ...  437  438  439]\n"
        "  [ 440  441  442 ...  457  458  459]\n  ...\n  [ 540  541  542 ...  557  558  559]\n"
        "  [ 560  561  562 ...  577  578  579]\n  [ 580  581  582 ...  597  598  599]]\n\n"
        " ...\n\n"
        " [[1400 1401 1402 ... 1417 1418 1419]\n  [1420 1421 1422 ... 1437 1438 1439]\n"
        "  [1440 1441 1442 ... 1457 1458 1459]\n  ...\n  [1540 1541 1542 ... 1557 1558 1559]\n"
        "  [1560 1561 1562 ... 1577 1578 1579]\n  [1580 1581 1582 ... 1597 1598 1599]]\n\n"
        " [[1600 1601 1602 ... 1617 1618 1619]\n  [1620 1621 1622 ... 1637 1638 1639]\n"
        "  [1640 1641 1642 ... 1657 1658 1659]\n  ...\n  [1740 1741 1742 ... 1757 1758 1759]\n"
        "  [1760 1761 1762 ... 1777 1778 1779]\n  [1780 1781 1782 ... 1797 1798 1799]]\n\n"
        " [[1800 1801 1802 ... 1817 1818 1819]\n  [1820 1821 1822 ... 1837 1838 1839]\n"
        "  [1840 1841 1842 ... 1857 1858 1859]\n  ...\n  [1940 1941 1942 ... 1957 1958 1959]\n"
        "  [1960 1961 1962 ... 1977 1978 1979]\n  [1980 1981 1982 ... 1997 1998 1999]]]";
    EXPECT_EQ(to_string(iota<std::int64_t>({10, 10, 20})), expected);
}

TEST(PrintSummary, HiddenValuesDoNotChangeTheFormat) {
    // big = np.arange(1000, 3000, dtype=float); big[1000] = 1e10; str(big)
    tensor<double> big = iota<double>({2000}, 1000.0);
    big(1000) = 1e10;
    EXPECT_EQ(to_string(big), "[1000. 1001. 1002. ... 2997. 2998. 2999.]");
}

TEST(PrintSummary, BoolSummary) {
    // str(np.arange(2000) % 3 == 0)
    tensor<bool> every_third(shape_type{2000});
    for (loom::index_t i = 0; i < 2000; ++i) every_third(i) = i % 3 == 0;
    EXPECT_EQ(to_string(every_third), "[ True False False ... False  True False]");
}

// ---- Wrapping at 75 characters --------------------------------------------

TEST(PrintWrap, LongRowWrapsUnderTheFirstItem) {
    // str(np.arange(40))
    EXPECT_EQ(to_string(iota<std::int64_t>({40})),
              "[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
              " 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39]");
}

TEST(PrintWrap, NestedRowsWrapOneColumnFurtherIn) {
    // str(np.arange(60).reshape(2, 30))
    EXPECT_EQ(to_string(iota<std::int64_t>({2, 30})),
              "[[ 0  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23\n"
              "  24 25 26 27 28 29]\n"
              " [30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53\n"
              "  54 55 56 57 58 59]]");
}

TEST(PrintWrap, PaddedFloatsWrapWithoutTrailingSpaces) {
    // str(np.arange(20) / 3)
    EXPECT_EQ(to_string(iota<std::int64_t>({20}) / 3),
              "[0.         0.33333333 0.66666667 1.         1.33333333 1.66666667\n"
              " 2.         2.33333333 2.66666667 3.         3.33333333 3.66666667\n"
              " 4.         4.33333333 4.66666667 5.         5.33333333 5.66666667\n"
              " 6.         6.33333333]");
}

// ---- Expressions print their value ----------------------------------------

TEST(PrintExpression, SumPrintsItsValue) {
    // str(np.array([1, 2, 3], np.float32) + np.array([0.5, 0.25, 0.125], np.float32))
    const tensor<float> a{1.0f, 2.0f, 3.0f};
    const tensor<float> b{0.5f, 0.25f, 0.125f};
    std::ostringstream os;
    os << a + b;
    EXPECT_EQ(os.str(), "[1.5   2.25  3.125]");
    EXPECT_EQ(to_string(a + b), to_string(loom::eval(a + b)));
}

TEST(PrintExpression, ViewPrintsTheValuesItSees) {
    // str(np.arange(6).reshape(2, 3).T)
    const tensor<std::int64_t> t = iota<std::int64_t>({2, 3});
    std::ostringstream os;
    os << loom::transpose(t);
    EXPECT_EQ(os.str(), "[[0 3]\n [1 4]\n [2 5]]");
}

TEST(PrintExpression, StreamingATensorWritesToString) {
    const tensor<int> t{{1, 2}, {3, 4}};
    std::ostringstream os;
    os << t << '|';
    EXPECT_EQ(os.str(), to_string(t) + "|");
}

// ---- Print options (np.array2string's arguments) --------------------------

TEST(PrintOptions, PrecisionLimitsFractionDigits) {
    // np.array2string(np.array([1/3, 2/3]), precision=3)
    EXPECT_EQ(to_string(tensor<double>{1.0 / 3.0, 2.0 / 3.0}, print_options{.precision = 3}), "[0.333 0.667]");
}

TEST(PrintOptions, PrecisionZeroRoundsHalfToEven) {
    // np.array2string(np.array([0.5, 1.5, 2.5]), precision=0)
    EXPECT_EQ(to_string(tensor<double>{0.5, 1.5, 2.5}, print_options{.precision = 0}), "[0. 2. 2.]");
}

TEST(PrintOptions, ThresholdAndEdgeItems) {
    // np.array2string(np.arange(20), threshold=10, edgeitems=2)
    EXPECT_EQ(to_string(iota<std::int64_t>({20}), print_options{.threshold = 10, .edgeitems = 2}),
              "[ 0  1 ... 18 19]");
}

TEST(PrintOptions, LineWidth) {
    // np.array2string(np.arange(12), max_line_width=20)
    EXPECT_EQ(to_string(iota<std::int64_t>({12}), print_options{.linewidth = 20}), "[ 0  1  2  3  4  5\n  6  7  8  9 10 11]");
}

TEST(PrintOptions, ExtremeOptionsPrintAsNumPyPrints) {
    // np.array2string(np.array([1.5, 1/3]), precision=2**31 - 1), and of np.array([1e-300, 1/3])
    constexpr int largest_precision = std::numeric_limits<int>::max();
    EXPECT_EQ(to_string(tensor<double>{1.5, 1.0 / 3.0}, print_options{.precision = largest_precision}),
              "[1.5                0.3333333333333333]");
    EXPECT_EQ(to_string(tensor<double>{1e-300, 1.0 / 3.0}, print_options{.precision = largest_precision}),
              "[1.000000000000000e-300 3.333333333333333e-001]");
    // np.array2string(np.arange(12), threshold=0, edgeitems=2**62 - 1, max_line_width=2**63 - 1)
    constexpr loom::index_t index_max = std::numeric_limits<loom::index_t>::max();
    EXPECT_EQ(to_string(iota<std::int64_t>({12}),
                        print_options{.threshold = 0, .edgeitems = (index_max - 1) / 2, .linewidth = index_max}),
              "[ 0  1  2  3  4  5  6  7  8  9 10 11]");
    // np.array2string(np.arange(12), threshold=0, edgeitems=1, max_line_width=1), and of np.arange(3).reshape(1, 3)
    EXPECT_EQ(to_string(iota<std::int64_t>({12}), print_options{.threshold = 0, .edgeitems = 1, .linewidth = 1}),
              "[ 0\n ...\n 11]");
    EXPECT_EQ(to_string(iota<std::int64_t>({1, 3}), print_options{.linewidth = 1}), "[[0\n  1\n  2]]");
    EXPECT_THROW(to_string(tensor<double>{1.0}, print_options{.edgeitems = (index_max - 1) / 2 + 1}),
                 std::invalid_argument);
}

TEST(PrintOptions, NegativePrecisionIsRefused) {
    EXPECT_THROW(to_string(tensor<double>{1.0}, print_options{.precision = -1}), std::invalid_argument);
}

TEST(PrintOptions, ZeroEdgeItemsAreRefused) {
    EXPECT_THROW(to_string(tensor<double>{1.0}, print_options{.edgeitems = 0}), std::invalid_argument);
}

}  // namespace
