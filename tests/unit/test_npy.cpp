// .npy files: save_npy and load_npy keep every element type, shape and value;
// Fortran order and the other byte order load as NumPy loads them; and a
// corrupt, truncated or hostile file is a std::runtime_error that names the
// file, never a crash or a large allocation (Note [hostile files] in
// io/npy.hpp). The round trips through NumPy itself are in
// tests/numpy_files/.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::all;
using loom::none;
using loom::range;
using loom::shape_type;
using loom::tensor;
using loom::testing::bytes_of;
using loom::testing::elements_of;
using loom::testing::message_of;
using loom::testing::npy_image;
using loom::testing::read_file;
using loom::testing::scratch_folder;
using loom::testing::text_of;
using loom::testing::write_file;
using ::testing::HasSubstr;
using ::testing::StartsWith;

const std::string dict_2x3_f4 = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n";

std::string float_bytes(std::initializer_list<float> values) {
    std::string bytes;
    for (float v : values) bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
    return bytes;
}

std::string read_refusal(const std::string& image) {
    return message_of([&] { loom::read_npy_any(bytes_of(image)); });
}

// ---- Round trips ----

template <class T>
class NpyRoundTrip : public ::testing::Test {};
using element_types = ::testing::Types<bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                                       std::uint16_t, std::uint32_t, std::uint64_t, float, double>;
TYPED_TEST_SUITE(NpyRoundTrip, element_types);

TYPED_TEST(NpyRoundTrip, KeepsTypeShapeAndExtremeValues) {
    using T = TypeParam;
    scratch_folder folder;
    const tensor<T> saved{{std::numeric_limits<T>::lowest(), T{1}, std::numeric_limits<T>::max()},
                          {T{0}, std::numeric_limits<T>::min(), T{1}}};
    loom::save_npy(folder / "x.npy", saved);
    const tensor<T> loaded = loom::load_npy<T>(folder / "x.npy");
    EXPECT_EQ(loaded.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(loaded), elements_of(saved));
    EXPECT_EQ(loom::type_name_of(loom::load_npy_any(folder / "x.npy")), loom::type_name<T>());
}

TEST(Npy, SavesATransposedViewInItsOwnOrder) {
    const tensor<int> a{{1, 2, 3}, {4, 5, 6}};
    const tensor<int> loaded = loom::read_npy<int>(loom::npy_bytes(a.transpose()));
    EXPECT_EQ(loaded.shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(loaded), (std::vector<int>{1, 4, 2, 5, 3, 6}));
}

TEST(Npy, SavesAStridedView) {
    const tensor<int> a{{1, 2, 3}, {4, 5, 6}};
    const tensor<int> loaded = loom::read_npy<int>(loom::npy_bytes(a(all, range(none, none, -2))));
    EXPECT_EQ(elements_of(loaded), (std::vector<int>{3, 1, 6, 4}));
}

TEST(Npy, SavesALazyExpression) {
    const tensor<float> a{1, 2, 3};
    const tensor<float> loaded = loom::read_npy<float>(loom::npy_bytes(a * 2.f + 1.f));
    EXPECT_EQ(elements_of(loaded), (std::vector<float>{3, 5, 7}));
}

TEST(Npy, SavesRankZeroAndEmptyArrays) {
    const tensor<double> scalar(shape_type{}, 2.5);
    const tensor<double> scalar_loaded = loom::read_npy<double>(loom::npy_bytes(scalar));
    EXPECT_EQ(scalar_loaded.shape(), shape_type{});
    EXPECT_EQ(scalar_loaded(), 2.5);
    EXPECT_EQ(loom::read_npy<double>(loom::npy_bytes(tensor<double>({3, 0}))).shape(), (shape_type{3, 0}));
}

TEST(Npy, SavedBytesAreNumPys) {
    // NumPy: np.save(f, np.array([[1, 2, 3], [4, 5, 6]], dtype=np.float32)): 128 bytes of header, then the data.
    const std::string bytes = text_of(loom::npy_bytes(tensor<float>{{1, 2, 3}, {4, 5, 6}}));
    EXPECT_EQ(bytes.size(), 152u);
    EXPECT_EQ(bytes.substr(0, 128), loom::npy::header_bytes({"<f4", false, {2, 3}}));
    EXPECT_EQ(bytes.substr(128), float_bytes({1, 2, 3, 4, 5, 6}));
}

TEST(Npy, SaveAndNpyBytesWriteTheSameBytes) {
    scratch_folder folder;
    const tensor<std::int16_t> a{{1, -2}, {3, -4}};
    loom::save_npy(folder / "a.npy", a);
    EXPECT_EQ(read_file(folder / "a.npy"), text_of(loom::npy_bytes(a)));
}

// ---- What NumPy writes that loom reads ----

TEST(Npy, LoadsFortranOrderIntoRowMajor) {
    // NumPy: np.save(f, np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3))) stores 0 3 1 4 2 5.
    std::string data;
    for (std::int32_t v : {0, 3, 1, 4, 2, 5}) data.append(reinterpret_cast<const char*>(&v), sizeof v);
    const auto t = loom::read_npy<std::int32_t>(
        bytes_of(npy_image(1, "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }\n", data)));
    EXPECT_EQ(t.shape(), (shape_type{2, 3}));
    EXPECT_EQ(elements_of(t), (std::vector<std::int32_t>{0, 1, 2, 3, 4, 5}));
}

TEST(Npy, LoadsBigEndianData) {
    // NumPy: np.save(f, np.array([[1, 2, 3], [4, 5, 6]], dtype='>i2')).
    const std::string data("\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00\x06", 12);
    const auto t = loom::read_npy<std::int16_t>(
        bytes_of(npy_image(1, "{'descr': '>i2', 'fortran_order': False, 'shape': (2, 3), }\n", data)));
    EXPECT_EQ(elements_of(t), (std::vector<std::int16_t>{1, 2, 3, 4, 5, 6}));
}

TEST(Npy, LoadsVersionTwoAndThreeHeaders) {
    const std::string data = float_bytes({1, 2, 3, 4, 5, 6});
    EXPECT_EQ(elements_of(loom::read_npy<float>(bytes_of(npy_image(2, dict_2x3_f4, data)))),
              (std::vector<float>{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(elements_of(loom::read_npy<float>(bytes_of(npy_image(3, dict_2x3_f4, data)))),
              (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST(Npy, ReadsAnyNonZeroByteAsTrue) {
    const auto t = loom::read_npy<bool>(
        bytes_of(npy_image(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }\n", std::string("\x00\x02\xff", 3))));
    EXPECT_EQ(elements_of(t), (std::vector<bool>{false, true, true}));
}

TEST(Npy, IgnoresBytesAfterTheData) {
    // As NumPy's np.load does.
    const auto t = loom::read_npy<float>(bytes_of(npy_image(1, dict_2x3_f4, float_bytes({1, 2, 3, 4, 5, 6, 7}))));
    EXPECT_EQ(t.size(), 6);
}

TEST(Npy, LoadAnyGivesTheStoredType) {
    const loom::any_tensor t = loom::read_npy_any(loom::npy_bytes(tensor<std::uint16_t>{7, 8}));
    ASSERT_TRUE(std::holds_alternative<tensor<std::uint16_t>>(t));
    EXPECT_EQ(elements_of(std::get<tensor<std::uint16_t>>(t)), (std::vector<std::uint16_t>{7, 8}));
}

// as_real is NumPy's astype of a real array: ints, bools and float16 as float64, float64 as int32 truncated.
TEST(Npy, AsRealReadsAnyRealTypeAsTheOneAsked) {
    const loom::any_tensor ints = loom::read_npy_any(loom::npy_bytes(tensor<std::int16_t>{{-3, 4}, {5, 30000}}));
    const tensor<double> as_double = loom::as_real<double>(ints);
    EXPECT_EQ(as_double.shape(), (shape_type{2, 2}));
    EXPECT_EQ(elements_of(as_double), (std::vector<double>{-3, 4, 5, 30000}));
    EXPECT_EQ(elements_of(loom::as_real<double>(loom::any_tensor(tensor<bool>{true, false}))), (std::vector<double>{1, 0}));
    EXPECT_EQ(elements_of(loom::as_real<double>(loom::any_tensor(tensor<loom::float16>{0.5f, -2.f}))),
              (std::vector<double>{0.5, -2}));
    EXPECT_EQ(elements_of(loom::as_real<std::int32_t>(loom::any_tensor(tensor<double>{1.9, -2.7}))),
              (std::vector<std::int32_t>{1, -2}));
}

TEST(Npy, AsRealRefusesComplexNumbersAndSaysWhatToTake) {
    const loom::any_tensor z = loom::read_npy_any(loom::npy_bytes(tensor<std::complex<double>>{std::complex<double>(1.0, 2.0)}));
    EXPECT_EQ(message_of([&] { loom::as_real<double>(z); }),
              "as_real<double>: the tensor of shape [1] holds complex128, whose imaginary parts a conversion would "
              "drop; take real(z), imag(z) or abs(z) of std::get<tensor<std::complex<double>>>(t)");
    EXPECT_THROW(loom::as_real<float>(loom::any_tensor(tensor<std::complex<float>>{})), std::invalid_argument);
}

// ---- Refusals ----

TEST(Npy, LoadOfAnotherDtypeSaysWhichAndWhatToCall) {
    scratch_folder folder;
    loom::save_npy(folder / "d.npy", tensor<double>{1, 2});
    EXPECT_EQ(message_of([&] { loom::load_npy<float>(folder / "d.npy"); }),
              "cannot load " + (folder / "d.npy").string() +
                  ": it holds float64 (dtype '<f8'), not float32; call load_npy<double>, or load_npy_any when the "
                  "type is not known in advance, then astype<float>(...)");
}

TEST(Npy, MissingFileIsARuntimeErrorNamingIt) {
    scratch_folder folder;
    EXPECT_THROW(loom::load_npy<float>(folder / "none.npy"), std::runtime_error);
    EXPECT_THAT(message_of([&] { loom::load_npy<float>(folder / "none.npy"); }),
                StartsWith("cannot load " + (folder / "none.npy").string() + ": it cannot be opened"));
}

TEST(Npy, SaveIntoAMissingFolderIsARuntimeError) {
    scratch_folder folder;
    EXPECT_THAT(message_of([&] { loom::save_npy(folder / "no" / "x.npy", tensor<float>{1}); }),
                HasSubstr("cannot be opened for writing; check that its folder exists"));
}

TEST(Npy, RefusesAnEmptyFile) {
    EXPECT_THAT(read_refusal(""), HasSubstr("not a .npy file"));
}

TEST(Npy, RefusesAFileEndingInThePreamble) {
    EXPECT_THAT(read_refusal("\x93NUMPY\x01"), HasSubstr("ends inside the .npy preamble"));
}

TEST(Npy, RefusesAHeaderLongerThanTheFile) {
    std::string image = npy_image(1, dict_2x3_f4);
    image[8] = image[9] = '\xff';
    EXPECT_THAT(read_refusal(image), HasSubstr("its header claims 65535 bytes, but only 60 follow the preamble"));
}

TEST(Npy, RefusesDataShorterThanTheShapeNeeds) {
    EXPECT_THAT(read_refusal(npy_image(1, dict_2x3_f4, float_bytes({1, 2, 3, 4, 5}))),
                HasSubstr("its shape [2, 3] of '<f4' needs 24 bytes of data, but only 20 follow the header"));
}

TEST(Npy, RefusesAShapeOfTwoToTheSixtyElementsBeforeAllocating) {
    EXPECT_THAT(read_refusal(npy_image(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1152921504606846976,), }\n", "12345678")),
                HasSubstr("needs 9223372036854775808 bytes of data, but only 8 follow the header"));
    EXPECT_THAT(read_refusal(npy_image(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2305843009213693952, 2), }\n")),
                HasSubstr("needs more than 2^60 bytes"));
}

TEST(Npy, RefusesAnObjectArray) {
    EXPECT_THAT(read_refusal(npy_image(1, "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }\n", "12345678")),
                HasSubstr("the dtype '|O' holds Python objects"));
}

TEST(Npy, ErrorsFromBytesSayWhereTheyCameFrom) {
    EXPECT_THAT(read_refusal("not npy"), StartsWith("cannot read .npy bytes: it does not start with"));
}

TEST(Npy, FailedLoadLeavesTheDestinationAsItWas) {
    scratch_folder folder;
    write_file(folder / "short.npy", npy_image(1, dict_2x3_f4, float_bytes({1, 2})));
    tensor<float> t{9, 9};
    EXPECT_THROW(t = loom::load_npy<float>(folder / "short.npy"), std::runtime_error);
    EXPECT_EQ(elements_of(t), (std::vector<float>{9, 9}));
}

}  // namespace
