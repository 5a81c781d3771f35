#pragma once
// Test support for files: a fresh scratch folder per test, and .npy images
// built byte by byte (the way a damaged or foreign file would be).

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace loom::testing {

/// An empty folder for the running test, removed when it ends.
class scratch_folder {
public:
    scratch_folder() {
        const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
        path_ = std::filesystem::path(::testing::TempDir()) /
                ("loom_" + std::string(test->test_suite_name()) + "_" + test->name());
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    scratch_folder(const scratch_folder&) = delete;
    scratch_folder& operator=(const scratch_folder&) = delete;
    ~scratch_folder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

private:
    std::filesystem::path path_;
};

inline std::vector<std::byte> bytes_of(const std::string& text) {
    std::vector<std::byte> bytes(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) bytes[i] = static_cast<std::byte>(text[i]);
    return bytes;
}

inline std::string text_of(const std::vector<std::byte>& bytes) {
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

/// A .npy image: magic, `version`.0, the length of `dict`, `dict` itself (no
/// padding added) and `data`.
inline std::string npy_image(int version, const std::string& dict, const std::string& data = "") {
    std::string image = "\x93NUMPY";
    image += static_cast<char>(version);
    image += '\0';
    const auto length = static_cast<std::uint32_t>(dict.size());
    for (int b = 0; b < (version == 1 ? 2 : 4); ++b) image += static_cast<char>((length >> (8 * b)) & 0xff);
    return image + dict + data;
}

inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

inline std::string read_file(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

}  // namespace loom::testing
