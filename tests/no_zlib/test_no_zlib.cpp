// loom built without zlib (this binary is compiled with LOOM_HAVE_ZLIB
// undefined): stored .npz archives still work, and a compressed member, read
// or written, is a std::runtime_error that says how to get zlib.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "loom/loom.hpp"

#ifdef LOOM_HAVE_ZLIB
#error "this test is compiled without zlib"
#endif

namespace {

using loom::npz_entry;
using loom::tensor;
using ::testing::HasSubstr;

// A np.savez_compressed archive of `a = np.array([1, 2, 3], np.int8)`, written by NumPy 1.24.
const unsigned char compressed_archive[] = {
#include "compressed_archive.inc"
};

TEST(WithoutZlib, StoredArchivesStillWork) {
    const std::vector<npz_entry> entries{{"a", tensor<int>{1, 2, 3}}};
    EXPECT_EQ(loom::read_npz(loom::npz_bytes(entries)).get<int>("a").size(), 3);
}

TEST(WithoutZlib, ReadingACompressedMemberSaysHowToGetZlib) {
    try {
        loom::read_npz(std::as_bytes(std::span(compressed_archive)));
        FAIL() << "no exception";
    } catch (const std::runtime_error& error) {
        EXPECT_THAT(error.what(), HasSubstr("its member 'a.npy' is compressed (deflate), and loom was built without zlib; "
                                            "install zlib (Debian: zlib1g-dev)"));
    }
}

TEST(WithoutZlib, WritingACompressedArchiveSaysHowToGetZlib) {
    const std::vector<npz_entry> entries{{"a", tensor<int>{1, 2, 3}}};
    try {
        loom::npz_bytes(entries, true);
        FAIL() << "no exception";
    } catch (const std::runtime_error& error) {
        EXPECT_THAT(error.what(), HasSubstr("compressing needs zlib, and loom was built without it"));
    }
}

TEST(WithoutZlib, SaveNpzCompressedSaysHowToGetZlibAndLeavesNoFile) {
    const std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / "loom_without_zlib.npz";
    try {
        loom::save_npz_compressed(path, {{"a", tensor<int>{1, 2, 3}}});
        FAIL() << "no exception";
    } catch (const std::runtime_error& error) {
        EXPECT_THAT(error.what(), HasSubstr("cannot save " + path.string() + ": compressing needs zlib"));
    }
    EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
