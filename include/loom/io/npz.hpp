#pragma once
// .npz archives (NumPy's np.savez, np.savez_compressed and np.load): a zip
// archive with one .npy member per array, named after it. load_npz and
// read_npz give every array, by name and in the archive's order, as
// named_tensors; save_npz writes stored members as np.savez does, and
// save_npz_compressed deflated ones as np.savez_compressed does (which, like
// reading compressed members, needs zlib: io/deflate.hpp). A damaged or
// hostile archive is a std::runtime_error naming the file and the member
// (Note [hostile files] in io/npy.hpp; a deflated member may claim at most
// the 1032-fold expansion deflate allows).

#include <concepts>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "loom/expr/expression.hpp"
#include "loom/io/byte_source.hpp"
#include "loom/io/escaped_text.hpp"
#include "loom/io/named_tensors.hpp"
#include "loom/io/npy.hpp"
#include "loom/io/zip.hpp"
#include "loom/tensor/any_tensor.hpp"

namespace loom {

/// An array to save in an archive under `name` (`{"weights", w}`): the
/// array's .npy bytes are made when the entry is, so any expression will do.
class npz_entry {
public:
    /// The entry `name`, holding `x`'s value as .npy bytes.
    template <expression E>
    npz_entry(std::string name, const E& x) : name_(std::move(name) + ".npy"), bytes_(npy_bytes(x)) {}
    /// The entry `name`, for an array of any element type. A template, so
    /// that npy_bytes is compiled for every element type only where it is called.
    template <std::same_as<any_tensor> A>
    npz_entry(std::string name, const A& x)
        : name_(std::move(name) + ".npy"), bytes_(std::visit([](const auto& t) { return npy_bytes(t); }, x)) {}

    /// The member's name in the archive: the array's name and ".npy".
    const std::string& member_name() const { return name_; }
    /// The member's contents: the array as a .npy file.
    const std::vector<std::byte>& bytes() const { return bytes_; }

private:
    std::string name_;
    std::vector<std::byte> bytes_;
};

namespace detail {

template <byte_source S>
named_tensors read_npz_from(const S& source) {
    named_tensors arrays;
    for (const zip_entry& entry : read_zip_directory(source)) {
        constexpr std::string_view suffix = ".npy";
        if (entry.name.size() < suffix.size() || !entry.name.ends_with(suffix)) {
            throw std::runtime_error("its member '" + escaped(entry.name) + "' is not a .npy array (np.savez writes only those)");
        }
        std::string name = entry.name.substr(0, entry.name.size() - suffix.size());
        if (arrays.contains(name)) throw std::runtime_error("it holds the member '" + escaped(entry.name) + "' twice");
        const std::vector<std::byte> bytes = read_zip_member(source, entry);
        arrays.insert(std::move(name), reading("its member '" + escaped(entry.name) + "'", [&] { return read_npy_any_from(memory_source(bytes)); }));
    }
    return arrays;
}

template <class Write>
void write_npz(std::span<const npz_entry> entries, zip_method method, Write&& write) {
    std::set<std::string_view> names;
    std::vector<zip_member> members;
    for (const npz_entry& entry : entries) {
        if (!names.insert(entry.member_name()).second) {
            const std::string& name = entry.member_name();
            throw std::invalid_argument("the name '" + name.substr(0, name.size() - 4) +
                                        "' is given to two arrays; give each array its own name");
        }
        members.push_back({entry.member_name(), entry.bytes()});
    }
    write_zip(members, method, write);
}

inline void save_npz_with(const std::filesystem::path& path, std::span<const npz_entry> entries, zip_method method) {
    writing(path, [&](std::ofstream& file) {
        write_npz(entries, method, [&](const std::byte* data, std::size_t size) {
            file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
        });
    });
}

}  // namespace detail

/// Every array of the .npz archive at `path`, by name (the member's name
/// without ".npy") in the archive's order. Throws std::runtime_error naming
/// the file (and the member) when it cannot be read or is not a valid
/// archive of .npy arrays of loom's element types. A template for the
/// reason load_npy_any is one (io/npy.hpp).
/// NumPy: numpy.load of a .npz archive.
template <class Source = detail::file_source>
named_tensors load_npz(const std::filesystem::path& path) {
    return detail::reading("cannot load " + path.string(), [&] { return detail::read_npz_from(Source(path)); });
}

/// load_npz for the bytes of a .npz archive already in memory.
/// Throws std::runtime_error as load_npz does.
template <class Source = detail::memory_source>
named_tensors read_npz(std::span<const std::byte> bytes) {
    return detail::reading("cannot read .npz bytes", [&] { return detail::read_npz_from(Source(bytes)); });
}

/// Writes the arrays to `path` as np.savez does: a zip archive of stored
/// (uncompressed) .npy members, `{{"x", x}, {"y", y}}`. Throws
/// std::invalid_argument for a name given twice, std::runtime_error when the
/// file cannot be written, and std::length_error for an archive of 4 GiB or
/// more; a failed save leaves no file.
/// NumPy: numpy.savez.
inline void save_npz(const std::filesystem::path& path, std::span<const npz_entry> entries) {
    detail::save_npz_with(path, entries, detail::zip_method::stored);
}
/// save_npz of a braced list, `{{"x", x}, {"y", y}}`; throws as above.
inline void save_npz(const std::filesystem::path& path, std::initializer_list<npz_entry> entries) {
    save_npz(path, std::span<const npz_entry>(entries.begin(), entries.size()));
}

/// save_npz with deflated members, as np.savez_compressed. Needs zlib
/// (io/deflate.hpp): without it, throws std::runtime_error saying how to get it.
/// NumPy: numpy.savez_compressed. Otherwise throws as save_npz does.
inline void save_npz_compressed(const std::filesystem::path& path, std::span<const npz_entry> entries) {
    detail::save_npz_with(path, entries, detail::zip_method::deflated);
}
/// save_npz_compressed of a braced list; throws as above.
inline void save_npz_compressed(const std::filesystem::path& path, std::initializer_list<npz_entry> entries) {
    save_npz_compressed(path, std::span<const npz_entry>(entries.begin(), entries.size()));
}

/// The bytes save_npz (or, when `compressed`, save_npz_compressed) writes.
/// Throws std::invalid_argument for a name given twice, std::length_error for 4 GiB or more.
inline std::vector<std::byte> npz_bytes(std::span<const npz_entry> entries, bool compressed = false) {
    std::vector<std::byte> bytes;
    detail::write_npz(entries, compressed ? detail::zip_method::deflated : detail::zip_method::stored,
                      [&](const std::byte* data, std::size_t size) { bytes.insert(bytes.end(), data, data + size); });
    return bytes;
}

}  // namespace loom
