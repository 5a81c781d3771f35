// .npz archives: arrays of any element type saved and loaded by name, in
// order, stored or compressed; every damaged archive a std::runtime_error
// naming the file and the member. The archives NumPy writes and reads are
// tested in tests/numpy_files/.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "element_values.hpp"
#include "error_text.hpp"
#include "file_support.hpp"
#include "loom/loom.hpp"

namespace {

using loom::npz_entry;
using loom::shape_type;
using loom::tensor;
using loom::testing::elements_of;
using loom::testing::message_of;
using loom::testing::scratch_folder;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<std::byte> two_arrays() {
    const std::vector<npz_entry> entries{{"a", tensor<float>{1, 2, 3}}, {"b", tensor<std::int64_t>{{1, 2}, {3, 4}}}};
    return loom::npz_bytes(entries);
}

std::string read_refusal(const std::vector<std::byte>& bytes) {
    return message_of([&] { loom::read_npz(bytes); });
}

// The offset of the first occurrence of `text` in `bytes`.
std::size_t offset_of(const std::vector<std::byte>& bytes, const std::string& text) {
    return loom::testing::text_of(bytes).find(text);
}

TEST(Npz, SavesAndLoadsArraysOfAnyTypeByName) {
    scratch_folder folder;
    loom::save_npz(folder / "x.npz", {{"floats", tensor<float>{1.5f, 2.5f}}, {"flags", tensor<bool>{true, false}}});
    const loom::named_tensors arrays = loom::load_npz(folder / "x.npz");
    EXPECT_EQ(elements_of(arrays.get<float>("floats")), (std::vector<float>{1.5f, 2.5f}));
    EXPECT_EQ(elements_of(arrays.get<bool>("flags")), (std::vector<bool>{true, false}));
}

TEST(Npz, KeepsTheOrderOfTheArrays) {
    const std::vector<npz_entry> entries{{"z", tensor<int>{1}}, {"a", tensor<int>{2}}, {"m", tensor<int>{3}}};
    EXPECT_THAT(loom::read_npz(loom::npz_bytes(entries)).names(), ElementsAre("z", "a", "m"));
}

TEST(Npz, SavesViewsExpressionsAndLoadedArrays) {
    const tensor<int> a{{1, 2, 3}, {4, 5, 6}};
    const loom::any_tensor loaded = loom::read_npy_any(loom::npy_bytes(tensor<double>{0.5}));
    const std::vector<npz_entry> entries{{"t", a.transpose()}, {"e", a * 10}, {"loaded", loaded}};
    const loom::named_tensors arrays = loom::read_npz(loom::npz_bytes(entries));
    EXPECT_EQ(arrays.get<int>("t").shape(), (shape_type{3, 2}));
    EXPECT_EQ(elements_of(arrays.get<int>("t")), (std::vector<int>{1, 4, 2, 5, 3, 6}));
    EXPECT_EQ(elements_of(arrays.get<int>("e")), (std::vector<int>{10, 20, 30, 40, 50, 60}));
    EXPECT_EQ(elements_of(arrays.get<double>("loaded")), (std::vector<double>{0.5}));
}

TEST(Npz, CompressedArchivesRoundTripAndAreSmaller) {
    scratch_folder folder;
    const tensor<double> zeros({100, 100});
    loom::save_npz(folder / "stored.npz", {{"zeros", zeros}});
    loom::save_npz_compressed(folder / "compressed.npz", {{"zeros", zeros}});
    EXPECT_LT(std::filesystem::file_size(folder / "compressed.npz") * 10, std::filesystem::file_size(folder / "stored.npz"));
    EXPECT_EQ(elements_of(loom::load_npz(folder / "compressed.npz").get<double>("zeros")), elements_of(zeros));
}

TEST(Npz, AnEmptyArchiveHasNoArrays) {
    EXPECT_TRUE(loom::read_npz(loom::npz_bytes(std::vector<npz_entry>{})).empty());
}

TEST(Npz, RefusesANameGivenTwice) {
    const std::vector<npz_entry> entries{{"a", tensor<int>{1}}, {"a", tensor<int>{2}}};
    EXPECT_EQ(message_of([&] { loom::npz_bytes(entries); }),
              "the name 'a' is given to two arrays; give each array its own name");
}

TEST(Npz, AFailedSaveLeavesNoFile) {
    scratch_folder folder;
    loom::testing::write_file(folder / "x.npz", "an older file");
    EXPECT_THROW(loom::save_npz(folder / "x.npz", {{"a", tensor<int>{1}}, {"a", tensor<int>{2}}}), std::invalid_argument);
    EXPECT_FALSE(std::filesystem::exists(folder / "x.npz"));
}

TEST(Npz, GetOfAnotherTypeSaysWhichItHolds) {
    const loom::named_tensors arrays = loom::read_npz(two_arrays());
    EXPECT_THAT(message_of([&] { arrays.get<double>("a"); }), StartsWith("the array 'a' holds float32, not float64"));
}

TEST(Npz, AMissingNameListsTheNames) {
    const loom::named_tensors arrays = loom::read_npz(two_arrays());
    EXPECT_THROW(arrays["c"], std::out_of_range);
    EXPECT_EQ(message_of([&] { arrays["c"]; }), "there is no array named 'c'; the names are 'a', 'b'");
}

TEST(Npz, RefusesAFileThatIsNotAZipArchive) {
    EXPECT_EQ(read_refusal(loom::npy_bytes(tensor<float>{1, 2})),
              "cannot read .npz bytes: it has no zip end record, so it is not a zip archive (.npz)");
}

TEST(Npz, RefusesATruncatedArchive) {
    std::vector<std::byte> bytes = two_arrays();
    bytes.erase(bytes.begin() + 100, bytes.begin() + 200);
    EXPECT_THAT(read_refusal(bytes), HasSubstr("does not fit in the archive; the file is truncated or damaged"));
}

TEST(Npz, RefusesAMemberWhoseBytesChanged) {
    std::vector<std::byte> bytes = two_arrays();
    bytes[offset_of(bytes, "'shape': (3,)") + 10] = std::byte{'4'};
    EXPECT_EQ(read_refusal(bytes), "cannot read .npz bytes: its member 'a.npy' does not match its CRC-32: it is damaged");
}

TEST(Npz, RefusesAMemberThatIsNotAnArray) {
    std::vector<std::byte> bytes = two_arrays();
    for (std::size_t at = 0; (at = offset_of(bytes, "b.npy")) != std::string::npos;) bytes[at + 2] = std::byte{'t'};
    EXPECT_THAT(read_refusal(bytes), HasSubstr("its member 'b.tpy' is not a .npy array"));
}

TEST(Npz, ErrorsNameTheFileAndTheMember) {
    scratch_folder folder;
    const std::vector<std::byte> dates =
        loom::testing::bytes_of(loom::testing::npy_image(1, "{'descr': '<M8[D]', 'fortran_order': False, 'shape': (), }\n", "xxxxxxxx"));
    const loom::detail::zip_member member{"dates.npy", dates};
    std::string archive;
    loom::detail::write_zip(std::span(&member, 1), loom::detail::zip_method::stored,
                            [&](const std::byte* data, std::size_t size) { archive.append(reinterpret_cast<const char*>(data), size); });
    loom::testing::write_file(folder / "bad.npz", archive);
    EXPECT_EQ(message_of([&] { loom::load_npz(folder / "bad.npz"); }),
              "cannot load " + (folder / "bad.npz").string() +
                  ": its member 'dates.npy': the dtype '<M8[D]' holds dates or times; save them as int64 (a.view(np.int64))");
}

TEST(Npz, RefusesACompressedMemberClaimingMoreThanDeflateCanExpand) {
    const std::vector<npz_entry> entries{{"a", tensor<float>{1, 2, 3}}};
    std::vector<std::byte> bytes = loom::npz_bytes(entries, true);
    // The uncompressed size of the member, in its directory record (46 bytes from the end record's 22).
    const std::size_t size_field = bytes.size() - 22 - 46 - 5 + 24;
    bytes[size_field + 3] = std::byte{0x7f};
    EXPECT_THAT(read_refusal(bytes), HasSubstr("more than deflate can"));
}

TEST(NamedTensors, InsertRefusesATakenName) {
    loom::named_tensors arrays;
    arrays.insert("a", tensor<int>{1});
    EXPECT_THROW(arrays.insert("a", tensor<int>{2}), std::invalid_argument);
    EXPECT_EQ(arrays.size(), 1u);
}

}  // namespace
