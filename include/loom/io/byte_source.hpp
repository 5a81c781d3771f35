#pragma once
// Where the readers of .npy and .npz take their bytes from: a file, or bytes
// already in memory. Both know their size before anything is read, so that a
// reader can check every length a file claims against the bytes it has
// before it allocates anything.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string>

namespace loom::detail {

template <class S>
concept byte_source = requires(const S& s, std::uint64_t offset, std::byte* out, std::size_t n) {
    { s.size() } -> std::same_as<std::uint64_t>;
    s.read(offset, out, n);  // throws std::runtime_error past the end
};

[[noreturn]] inline void throw_read_past_end(std::uint64_t offset, std::size_t n, std::uint64_t size) {
    throw std::runtime_error("it ends after " + std::to_string(size) + " bytes, before the " + std::to_string(n) +
                             " bytes at offset " + std::to_string(offset) + " that it claims to have");
}

/// Bytes in memory, which the caller keeps alive while reading.
class memory_source {
public:
    explicit memory_source(std::span<const std::byte> bytes) : bytes_(bytes) {}
    std::uint64_t size() const { return bytes_.size(); }
    void read(std::uint64_t offset, std::byte* out, std::size_t n) const {
        if (offset > size() || n > size() - offset) throw_read_past_end(offset, n, size());
        std::copy_n(bytes_.data() + offset, n, out);
    }

private:
    std::span<const std::byte> bytes_;
};

/// A file opened for reading; throws std::runtime_error if it cannot be.
class file_source {
public:
    explicit file_source(const std::filesystem::path& path) : file_(path, std::ios::binary) {
        std::error_code error;
        const std::uintmax_t size = std::filesystem::file_size(path, error);
        if (!file_ || error) {
            throw std::runtime_error("it cannot be opened for reading" +
                                     (error ? " (" + error.message() + ")" : std::string()) +
                                     "; check the path and its permissions");
        }
        size_ = size;
    }
    std::uint64_t size() const { return size_; }
    void read(std::uint64_t offset, std::byte* out, std::size_t n) const {
        if (offset > size_ || n > size_ - offset) throw_read_past_end(offset, n, size_);
        if (n == 0) return;
        file_.seekg(static_cast<std::streamoff>(offset));
        file_.read(reinterpret_cast<char*>(out), static_cast<std::streamsize>(n));
        if (!file_) throw std::runtime_error("reading " + std::to_string(n) + " bytes at offset " + std::to_string(offset) + " failed");
    }

private:
    mutable std::ifstream file_;
    std::uint64_t size_ = 0;
};

}  // namespace loom::detail
