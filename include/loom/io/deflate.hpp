#pragma once
// Raw deflate streams (zip's compression method 8), through zlib when loom
// is built with it: CMake defines LOOM_HAVE_ZLIB and links zlib when it
// finds it; a program that includes loom by hand defines LOOM_HAVE_ZLIB and
// links with -lz. Without zlib, inflating and deflating throw std::runtime_error
// saying so.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#ifdef LOOM_HAVE_ZLIB
#include <zlib.h>
#endif

namespace loom::detail {

/// How a program gets zlib into loom, for the messages that need it.
inline constexpr const char* zlib_remedy =
    "install zlib (Debian: zlib1g-dev) and configure loom's CMake build again, or define LOOM_HAVE_ZLIB and link with -lz";

#ifdef LOOM_HAVE_ZLIB

// zlib counts in 32-bit chunks; longer buffers are fed one chunk at a time.
inline constexpr std::size_t zlib_chunk = std::size_t{1} << 30;

/// The `size` bytes that the raw deflate stream `in` expands to. Throws
/// std::runtime_error, with a message that continues "the member ...", when
/// the stream is damaged or expands to another size.
inline std::vector<std::byte> inflate_raw(std::span<const std::byte> in, std::size_t size) {
    struct stream : z_stream {
        stream() : z_stream{} {
            if (inflateInit2(this, -MAX_WBITS) != Z_OK) throw std::runtime_error("zlib cannot start inflating");
        }
        stream(const stream&) = delete;
        stream& operator=(const stream&) = delete;
        ~stream() { inflateEnd(this); }
    } z;
    std::vector<std::byte> out(size);
    std::size_t fed = 0, given = 0;
    for (;;) {
        if (z.avail_in == 0 && fed < in.size()) {
            z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(in.data() + fed));
            z.avail_in = static_cast<uInt>(std::min(zlib_chunk, in.size() - fed));
            fed += z.avail_in;
        }
        if (z.avail_out == 0 && given < size) {
            z.next_out = reinterpret_cast<Bytef*>(out.data() + given);
            z.avail_out = static_cast<uInt>(std::min(zlib_chunk, size - given));
            given += z.avail_out;
        }
        const int status = inflate(&z, Z_NO_FLUSH);
        if (status == Z_STREAM_END) break;
        if (status == Z_OK) continue;
        if (status == Z_BUF_ERROR && z.avail_out == 0 && given == size) {
            throw std::runtime_error("expands past the " + std::to_string(size) + " bytes it declares");
        }
        throw std::runtime_error("has a damaged deflate stream (" + std::string(z.msg != nullptr ? z.msg : "it ends early") + ")");
    }
    if (z.total_out != size) {
        throw std::runtime_error("expands to " + std::to_string(z.total_out) + " bytes, not the " +
                                 std::to_string(size) + " it declares");
    }
    return out;
}

/// `in` as a raw deflate stream, at zlib's default level (as np.savez_compressed).
inline std::vector<std::byte> deflate_raw(std::span<const std::byte> in) {
    struct stream : z_stream {
        stream() : z_stream{} {
            if (deflateInit2(this, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
                throw std::runtime_error("zlib cannot start deflating");
            }
        }
        stream(const stream&) = delete;
        stream& operator=(const stream&) = delete;
        ~stream() { deflateEnd(this); }
    } z;
    std::vector<std::byte> out;
    std::size_t fed = 0;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (z.avail_in == 0 && fed < in.size()) {
            z.next_in = reinterpret_cast<Bytef*>(const_cast<std::byte*>(in.data() + fed));
            z.avail_in = static_cast<uInt>(std::min(zlib_chunk, in.size() - fed));
            fed += z.avail_in;
        }
        const std::size_t before = out.size();
        const std::size_t room = 1 << 16;
        out.resize(before + room);
        z.next_out = reinterpret_cast<Bytef*>(out.data() + before);
        z.avail_out = room;
        status = deflate(&z, fed == in.size() ? Z_FINISH : Z_NO_FLUSH);
        if (status == Z_STREAM_ERROR) throw std::runtime_error("zlib failed to deflate");
        out.resize(before + room - z.avail_out);
    }
    return out;
}

#else

[[noreturn]] inline std::vector<std::byte> inflate_raw(std::span<const std::byte>, std::size_t) {
    throw std::runtime_error(std::string("is compressed (deflate), and loom was built without zlib; ") + zlib_remedy);
}

[[noreturn]] inline std::vector<std::byte> deflate_raw(std::span<const std::byte>) {
    throw std::runtime_error(std::string("compressing needs zlib, and loom was built without it; ") + zlib_remedy);
}

#endif

}  // namespace loom::detail
