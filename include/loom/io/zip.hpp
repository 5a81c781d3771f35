#pragma once
// The zip container of .npz files (PKWARE's APPNOTE): its central directory
// read and checked against the archive's size, members read back (stored,
// or deflated through zlib) and checked against their CRC-32, and archives
// written as Python's zipfile writes them for np.savez. Zip64 (members or
// archives of 4 GiB and more) is refused with a message saying so.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "loom/io/byte_source.hpp"
#include "loom/io/crc32.hpp"
#include "loom/io/deflate.hpp"
#include "loom/io/escaped_text.hpp"

namespace loom::detail {

enum class zip_method : std::uint16_t { stored = 0, deflated = 8 };

/// A member as the central directory describes it.
struct zip_entry {
    std::string name;
    std::uint16_t method;
    std::uint16_t flags;
    std::uint32_t crc;
    std::uint64_t compressed_size;
    std::uint64_t size;
    std::uint64_t header_offset;  ///< of the member's local header
};

inline std::uint32_t little_endian(std::span<const std::byte> bytes, std::size_t at, std::size_t width) {
    std::uint32_t value = 0;
    for (std::size_t b = width; b-- > 0;) value = value << 8 | static_cast<std::uint32_t>(bytes[at + b]);
    return value;
}

inline constexpr std::uint32_t zip_local_signature = 0x04034b50;
inline constexpr std::uint32_t zip_central_signature = 0x02014b50;
inline constexpr std::uint32_t zip_end_signature = 0x06054b50;
inline constexpr std::size_t zip_local_size = 30, zip_central_size = 46, zip_end_size = 22;

[[noreturn]] inline void refuse_zip64() {
    throw std::runtime_error("it is a zip64 archive (members or an archive of 4 GiB or more), which loom does not read; "
                             "save such arrays one by one with np.save");
}

/// The members of the zip archive in `source`, in the order of its central
/// directory. Throws std::runtime_error when it is not a zip archive, or
/// when its directory is damaged or points outside the archive.
template <byte_source S>
std::vector<zip_entry> read_zip_directory(const S& source) {
    // The end record is the last 22 bytes, unless a comment of up to 65535 bytes follows it.
    const std::uint64_t tail_size = std::min<std::uint64_t>(source.size(), zip_end_size + 0xffff);
    std::vector<std::byte> tail(static_cast<std::size_t>(tail_size));
    source.read(source.size() - tail_size, tail.data(), tail.size());
    std::size_t end = tail.size();
    for (std::size_t at = tail.size() < zip_end_size ? 0 : tail.size() - zip_end_size + 1; at-- > 0;) {
        if (little_endian(tail, at, 4) == zip_end_signature && at + zip_end_size + little_endian(tail, at + 20, 2) <= tail.size()) {
            end = at;
            break;
        }
    }
    if (end == tail.size()) throw std::runtime_error("it has no zip end record, so it is not a zip archive (.npz)");
    const std::uint64_t end_offset = source.size() - tail_size + end;
    const std::uint32_t count = little_endian(tail, end + 10, 2);
    const std::uint64_t directory_size = little_endian(tail, end + 12, 4);
    const std::uint64_t directory_offset = little_endian(tail, end + 16, 4);
    if (count == 0xffff || directory_size == 0xffffffff || directory_offset == 0xffffffff) refuse_zip64();
    if (little_endian(tail, end + 4, 2) != 0 || little_endian(tail, end + 6, 2) != 0 || little_endian(tail, end + 8, 2) != count) {
        throw std::runtime_error("it is a zip archive split over several disks, which loom does not read");
    }
    if (directory_offset > end_offset || directory_size > end_offset - directory_offset ||
        count > directory_size / zip_central_size) {
        throw std::runtime_error("its zip directory (" + std::to_string(count) + " members, " +
                                 std::to_string(directory_size) + " bytes at offset " + std::to_string(directory_offset) +
                                 ") does not fit in the archive; the file is truncated or damaged");
    }
    std::vector<std::byte> directory(static_cast<std::size_t>(directory_size));
    source.read(directory_offset, directory.data(), directory.size());

    std::vector<zip_entry> entries;
    std::size_t at = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
        if (directory.size() - at < zip_central_size || little_endian(directory, at, 4) != zip_central_signature) {
            throw std::runtime_error("its zip directory is damaged at member " + std::to_string(i));
        }
        const std::size_t name_size = little_endian(directory, at + 28, 2);
        const std::size_t record_size = zip_central_size + name_size + little_endian(directory, at + 30, 2) +
                                        little_endian(directory, at + 32, 2);
        if (directory.size() - at < record_size) throw std::runtime_error("its zip directory is damaged at member " + std::to_string(i));
        zip_entry entry{std::string(reinterpret_cast<const char*>(directory.data() + at + zip_central_size), name_size),
                        static_cast<std::uint16_t>(little_endian(directory, at + 10, 2)),
                        static_cast<std::uint16_t>(little_endian(directory, at + 8, 2)),
                        little_endian(directory, at + 16, 4),
                        little_endian(directory, at + 20, 4),
                        little_endian(directory, at + 24, 4),
                        little_endian(directory, at + 42, 4)};
        if (entry.compressed_size == 0xffffffff || entry.size == 0xffffffff || entry.header_offset == 0xffffffff) refuse_zip64();
        entries.push_back(std::move(entry));
        at += record_size;
    }
    return entries;
}

/// The uncompressed bytes of `entry`, checked against its CRC-32. Throws
/// std::runtime_error for a member outside the archive, encrypted, of
/// another compression method, damaged, or compressed without zlib.
template <byte_source S>
std::vector<std::byte> read_zip_member(const S& source, const zip_entry& entry) {
    const auto fail = [&](const std::string& why) -> std::vector<std::byte> {
        throw std::runtime_error("its member '" + escaped(entry.name) + "' " + why);
    };
    std::vector<std::byte> local(zip_local_size);
    if (entry.header_offset > source.size() || source.size() - entry.header_offset < zip_local_size) {
        return fail("starts past the end of the archive");
    }
    source.read(entry.header_offset, local.data(), local.size());
    if (little_endian(local, 0, 4) != zip_local_signature) return fail("has no local header where the directory says");
    const std::uint64_t data_offset =
        entry.header_offset + zip_local_size + little_endian(local, 26, 2) + little_endian(local, 28, 2);
    if (data_offset > source.size() || entry.compressed_size > source.size() - data_offset) {
        return fail("claims " + std::to_string(entry.compressed_size) + " bytes that the archive does not have");
    }
    if ((entry.flags & 1) != 0) return fail("is encrypted");
    std::vector<std::byte> stored(static_cast<std::size_t>(entry.compressed_size));
    std::vector<std::byte> bytes;
    if (entry.method == static_cast<std::uint16_t>(zip_method::stored)) {
        if (entry.size != entry.compressed_size) return fail("is stored, but its two sizes differ");
        source.read(data_offset, stored.data(), stored.size());
        bytes = std::move(stored);
    } else if (entry.method == static_cast<std::uint16_t>(zip_method::deflated)) {
        // Deflate expands at most 1032 to 1: a larger claim is a lie, refused before allocating.
        if (entry.size / 1032 > entry.compressed_size) {
            return fail("claims to expand " + std::to_string(entry.compressed_size) + " bytes into " +
                        std::to_string(entry.size) + ", more than deflate can");
        }
        source.read(data_offset, stored.data(), stored.size());
        try {
            bytes = inflate_raw(stored, static_cast<std::size_t>(entry.size));
        } catch (const std::runtime_error& error) {
            return fail(error.what());
        }
    } else {
        return fail("uses compression method " + std::to_string(entry.method) + "; loom reads stored (0) and deflate (8)");
    }
    if (crc32(bytes) != entry.crc) return fail("does not match its CRC-32: it is damaged");
    return bytes;
}

/// A member to write: its name and its bytes, stored or deflated.
struct zip_member {
    std::string_view name;
    std::span<const std::byte> bytes;
};

/// Writes a zip archive of `members` through `write(const std::byte*,
/// std::size_t)`, as Python's zipfile does (version 2.0, Unix permissions
/// 0600), with the fixed date 1980-01-01 so that the same arrays give the
/// same file. Throws std::length_error past what a zip without zip64 holds.
template <class Write>
void write_zip(std::span<const zip_member> members, zip_method method, Write&& write) {
    std::vector<std::byte> directory;
    std::uint64_t offset = 0;
    const auto put = [](std::vector<std::byte>& out, std::uint64_t value, std::size_t width) {
        for (std::size_t b = 0; b < width; ++b) out.push_back(static_cast<std::byte>((value >> (8 * b)) & 0xff));
    };
    const auto check_fits = [](std::uint64_t value, const std::string& what) {
        if (value >= 0xffffffff) {
            throw std::length_error(what + " reaches 4 GiB, which needs zip64, which loom does not write; "
                                           "save arrays of that size with save_npy");
        }
    };
    if (members.size() >= 0xffff) throw std::length_error("an archive of " + std::to_string(members.size()) + " members needs zip64, which loom does not write; save fewer arrays per archive");
    for (const zip_member& member : members) {
        const std::vector<std::byte> deflated =
            method == zip_method::deflated ? deflate_raw(member.bytes) : std::vector<std::byte>();
        const std::span<const std::byte> data = method == zip_method::deflated ? std::span<const std::byte>(deflated) : member.bytes;
        check_fits(member.bytes.size(), "member '" + std::string(member.name) + "'");
        // Deflate may grow data it cannot compress: a few bytes per 64 KiB.
        check_fits(data.size(), "member '" + std::string(member.name) + "', deflated,");
        check_fits(offset, "the archive");
        // The fields the local header and the directory record share, from "version needed" to the name's length.
        std::vector<std::byte> common;
        put(common, 20, 2);                                   // version needed: 2.0
        put(common, 0, 2);                                    // flags
        put(common, static_cast<std::uint16_t>(method), 2);  // compression method
        put(common, 0, 2);                                    // time 00:00:00
        put(common, 0x21, 2);                                 // date 1980-01-01
        put(common, crc32(member.bytes), 4);
        put(common, data.size(), 4);
        put(common, member.bytes.size(), 4);
        put(common, member.name.size(), 2);

        std::vector<std::byte> local;
        put(local, zip_local_signature, 4);
        local.insert(local.end(), common.begin(), common.end());
        put(local, 0, 2);  // extra field length
        const auto* name = reinterpret_cast<const std::byte*>(member.name.data());
        local.insert(local.end(), name, name + member.name.size());
        write(local.data(), local.size());
        write(data.data(), data.size());

        put(directory, zip_central_signature, 4);
        put(directory, 0x0314, 2);  // made by: Unix, 2.0
        directory.insert(directory.end(), common.begin(), common.end());
        put(directory, 0, 2);            // extra field length
        put(directory, 0, 2);            // comment length
        put(directory, 0, 2);            // disk
        put(directory, 0, 2);            // internal attributes
        put(directory, 0600u << 16, 4);  // external attributes: a Unix file, rw-------
        put(directory, offset, 4);
        directory.insert(directory.end(), name, name + member.name.size());
        offset += local.size() + data.size();
    }
    check_fits(offset, "the archive");
    std::vector<std::byte> end;
    put(end, zip_end_signature, 4);
    put(end, 0, 4);  // this disk, the directory's disk
    put(end, members.size(), 2);
    put(end, members.size(), 2);
    put(end, directory.size(), 4);
    put(end, offset, 4);
    put(end, 0, 2);  // comment length
    write(directory.data(), directory.size());
    write(end.data(), end.size());
}

}  // namespace loom::detail
