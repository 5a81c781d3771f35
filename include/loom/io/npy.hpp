#pragma once
// .npy files (NumPy's np.save / np.load): load_npy<T>, load_npy_any and
// save_npy for files; read_npy<T>, read_npy_any and npy_bytes for the same
// bytes in memory. Formats 1.0, 2.0 and 3.0, C and Fortran order, either byte
// order; what is written is byte for byte what np.save writes.
//
// Note [hostile files]: a reader checks every length a file claims (header
// length, shape times item size) against the bytes that remain before it
// allocates anything, so no file, however corrupt, makes it allocate more
// than the file's own size (plus a few bytes of bookkeeping). Every problem
// is a std::runtime_error that names the file and what is wrong with it. A
// load builds a new tensor, so a failed one changes nothing of the caller's.
// Bytes after the data are ignored, as NumPy ignores them.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"
#include "loom/io/byte_source.hpp"
#include "loom/io/npy_dtype.hpp"
#include "loom/io/npy_header.hpp"
#include "loom/tensor/any_tensor.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {
namespace detail {

/// Where the elements of a .npy image are and what they are.
struct npy_layout {
    npy::header header;
    npy::element_format format;
    std::uint64_t data_offset;
};

// Note [hostile files]: the header and the data are checked against the bytes there are.
template <byte_source S>
npy_layout read_npy_layout(const S& source) {
    std::string first(static_cast<std::size_t>(std::min<std::uint64_t>(source.size(), 12)), '\0');
    source.read(0, reinterpret_cast<std::byte*>(first.data()), first.size());
    const npy::preamble preamble = npy::parse_preamble(first);
    if (preamble.header_length > source.size() - preamble.header_offset) {
        throw std::runtime_error("its header claims " + std::to_string(preamble.header_length) + " bytes, but only " +
                                 std::to_string(source.size() - preamble.header_offset) +
                                 " follow the preamble; the file is truncated or damaged");
    }
    std::string text(preamble.header_length, '\0');
    source.read(preamble.header_offset, reinterpret_cast<std::byte*>(text.data()), text.size());
    npy::header header = npy::parse_header(text, preamble.major_version);
    const npy::element_format format = npy::parse_descr(header.descr);
    const std::uint64_t data_offset = preamble.header_offset + preamble.header_length;
    const std::uint64_t available = source.size() - data_offset;
    const auto count = static_cast<std::uint64_t>(element_count(header.shape));
    if (count > available / format.item_size) {
        throw std::runtime_error("its shape " + to_string(header.shape) + " of '" + header.descr + "' needs " +
                                 (count > std::uint64_t{1} << 60 ? "more than 2^60" : std::to_string(count * format.item_size)) +
                                 " bytes of data, but only " + std::to_string(available) +
                                 " follow the header; the file is truncated or damaged");
    }
    // A tensor's sizes other than 0, times its element size, must fit in an
    // index (check_byte_size): the data of a file may fit while it describes an
    // empty array that cannot exist.
    std::optional<index_t> bytes = static_cast<index_t>(format.item_size);
    for (index_t size : header.shape) {
        bytes = checked_mul(*bytes, size == 0 ? index_t{1} : size);
        if (!bytes) {
            throw std::runtime_error("its shape " + to_string(header.shape) + " of '" + header.descr +
                                     "' spans more bytes than fit in a 64-bit index");
        }
    }
    return {std::move(header), format, data_offset};
}

/// The elements at `layout`, as a row-major tensor<T>: bytes swapped to this
/// machine's order, bools made 0 or 1, Fortran order made C order.
template <element T, byte_source S>
tensor<T> read_npy_elements(const S& source, const npy_layout& layout) {
    tensor<T> t(uninitialized, layout.header.shape);
    auto* bytes = reinterpret_cast<std::byte*>(t.data());
    const auto size = static_cast<std::size_t>(t.size());
    source.read(layout.data_offset, bytes, size * sizeof(T));
    if (layout.format.swap_bytes) {
        // A complex number's two parts are swapped each in place.
        constexpr std::size_t part = complex_element<T> ? sizeof(T) / 2 : sizeof(T);
        for (std::size_t i = 0; i < size * sizeof(T) / part; ++i) std::reverse(bytes + i * part, bytes + (i + 1) * part);
    }
    if constexpr (std::same_as<T, bool>) {
        // NumPy reads any non-zero byte as True; a bool with another byte would be undefined behaviour.
        auto* raw = reinterpret_cast<unsigned char*>(t.data());
        for (std::size_t i = 0; i < size; ++i) raw[i] = raw[i] != 0 ? 1 : 0;
    }
    if (layout.header.fortran_order && t.ndim() > 1) {
        strides_type column_major(t.ndim(), 1);
        for (std::size_t d = 1; d < t.ndim(); ++d) column_major[d] = column_major[d - 1] * t.shape()[d - 1];
        return tensor<T>(tensor_view<const T>(t.data(), t.shape(), column_major));
    }
    return t;
}

/// The elements as tensor<T>; a file of another dtype is refused with a
/// message that suggests `loader<U>` or `loader_any`.
template <element T, byte_source S>
tensor<T> read_npy_as(const S& source, std::string_view loader) {
    static_assert(!std::same_as<T, bfloat16>,
                  "NumPy has no bfloat16 dtype, so no .npy file holds one: load the file's own type and astype<bfloat16>");
    const npy_layout layout = read_npy_layout(source);
    if (layout.format.type_index != any_tensor_index<T>) {
        const auto [held, held_cpp] = with_element_type(layout.format.type_index, []<class U>(std::type_identity<U>) {
            return std::pair<std::string, std::string>(type_name<U>(), cpp_type_name<U>());
        });
        throw std::runtime_error("it holds " + held + " (dtype '" + layout.header.descr + "'), not " + type_name<T>() +
                                 "; call " + std::string(loader) + "<" + held_cpp + ">, or " + std::string(loader) +
                                 "_any when the type is not known in advance, then astype<" + cpp_type_name<T>() +
                                 ">(...)");
    }
    return read_npy_elements<T>(source, layout);
}

template <byte_source S>
any_tensor read_npy_any_from(const S& source) {
    const npy_layout layout = read_npy_layout(source);
    return with_element_type(layout.format.type_index, [&]<class T>(std::type_identity<T>) {
        return any_tensor(read_npy_elements<T>(source, layout));
    });
}

/// Runs `read`, prefixing the message of a std::runtime_error with `what`.
template <class Read>
auto reading(const std::string& what, Read&& read) {
    try {
        return read();
    } catch (const std::runtime_error& error) {
        throw std::runtime_error(what + ": " + error.what());
    }
}

/// Creates the file at `path` and calls `write(file)`. Throws
/// std::runtime_error naming the file when it cannot be written; when that
/// or `write` throws, removes the file, so a failed save leaves no partial one.
template <class Write>
void writing(const std::filesystem::path& path, Write&& write) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        throw std::runtime_error("cannot save " + path.string() +
                                 ": it cannot be opened for writing; check that its folder exists and is writable");
    }
    const auto discard = [&] {
        file.close();
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    };
    try {
        write(file);
        file.close();
        if (!file) throw std::runtime_error("writing failed; check the free space");
    } catch (const std::runtime_error& error) {
        discard();
        throw std::runtime_error("cannot save " + path.string() + ": " + error.what());
    } catch (...) {
        discard();
        throw;
    }
}

/// Calls `write(header, data, byte_count)` with x's .npy header and its
/// elements in row-major order, evaluating x first unless it is a
/// contiguous tensor or view.
template <expression E, class Write>
void with_npy_image(const E& x, Write&& write) {
    using T = value_type_of<E>;
    const auto write_from = [&](const T* data, index_t count) {
        write(npy::header_bytes({npy::descr_of<T>(), false, x.shape()}), reinterpret_cast<const char*>(data),
              static_cast<std::size_t>(count) * sizeof(T));
    };
    if constexpr (strided<E>) {
        if (x.is_contiguous()) return write_from(x.data(), x.size());
    }
    const tensor<T> contiguous(x);
    write_from(contiguous.data(), contiguous.size());
}

}  // namespace detail

/// The array in the .npy file at `path`, whose dtype must be T's (a float32
/// file for tensor<float>). Throws std::runtime_error naming the file when it
/// cannot be read, is not a valid .npy file, or holds another dtype (the
/// message says which; load_npy_any takes any).
/// NumPy: numpy.load of a .npy file.
template <element T>
tensor<T> load_npy(const std::filesystem::path& path) {
    return detail::reading("cannot load " + path.string(), [&] { return detail::read_npy_as<T>(detail::file_source(path), "load_npy"); });
}

/// The array in the .npy file at `path`, of whatever element type it holds.
/// Throws std::runtime_error as load_npy does, and for a dtype that is not
/// one of loom's (strings, objects, structured).
///
/// This and the other readers of any element type are templates only so
/// that their readers of all fourteen element types are compiled where they
/// are called: as inline functions they were instantiated in every file
/// that includes loom, a quarter of its include time.
/// NumPy: numpy.load of a .npy file.
template <class Source = detail::file_source>
any_tensor load_npy_any(const std::filesystem::path& path) {
    return detail::reading("cannot load " + path.string(), [&] { return detail::read_npy_any_from(Source(path)); });
}

/// load_npy for the bytes of a .npy file already in memory.
/// Throws std::runtime_error as load_npy does.
template <element T>
tensor<T> read_npy(std::span<const std::byte> bytes) {
    return detail::reading("cannot read .npy bytes", [&] { return detail::read_npy_as<T>(detail::memory_source(bytes), "read_npy"); });
}

/// load_npy_any for the bytes of a .npy file already in memory.
/// Throws std::runtime_error as load_npy_any does.
template <class Source = detail::memory_source>
any_tensor read_npy_any(std::span<const std::byte> bytes) {
    return detail::reading("cannot read .npy bytes", [&] { return detail::read_npy_any_from(Source(bytes)); });
}

/// Writes `x` (a tensor, a view of any strides, or any expression) to
/// `path` as np.save does: format 1.0, C order, this machine's byte order.
/// Throws std::runtime_error when the file cannot be written; a failed save
/// leaves no file.
/// NumPy: numpy.save.
template <expression E>
void save_npy(const std::filesystem::path& path, const E& x) {
    detail::writing(path, [&](std::ofstream& file) {
        detail::with_npy_image(x, [&](const std::string& header, const char* data, std::size_t size) {
            file.write(header.data(), static_cast<std::streamsize>(header.size()));
            file.write(data, static_cast<std::streamsize>(size));
        });
    });
}

/// The bytes save_npy writes for `x`.
/// Throws what evaluating `x` throws.
template <expression E>
std::vector<std::byte> npy_bytes(const E& x) {
    std::vector<std::byte> bytes;
    detail::with_npy_image(x, [&](const std::string& header, const char* data, std::size_t size) {
        bytes.resize(header.size() + size);
        std::copy_n(reinterpret_cast<const std::byte*>(header.data()), header.size(), bytes.data());
        std::copy_n(reinterpret_cast<const std::byte*>(data), size, bytes.data() + header.size());
    });
    return bytes;
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), reading and writing .npy files and bytes of
// tensor<T>, T one of bool, float, double, int32, int64, complex64 and complex128, is compiled once,
// in the library (src/io.cpp), instead of in every file that loads or saves.
#ifdef LOOM_COMPILED
namespace loom {
extern template tensor<bool> load_npy<bool>(const std::filesystem::path&);
extern template tensor<bool> read_npy<bool>(std::span<const std::byte>);
extern template void save_npy<tensor<bool>>(const std::filesystem::path&, const tensor<bool>&);
extern template std::vector<std::byte> npy_bytes<tensor<bool>>(const tensor<bool>&);
extern template tensor<float> load_npy<float>(const std::filesystem::path&);
extern template tensor<float> read_npy<float>(std::span<const std::byte>);
extern template void save_npy<tensor<float>>(const std::filesystem::path&, const tensor<float>&);
extern template std::vector<std::byte> npy_bytes<tensor<float>>(const tensor<float>&);
extern template tensor<double> load_npy<double>(const std::filesystem::path&);
extern template tensor<double> read_npy<double>(std::span<const std::byte>);
extern template void save_npy<tensor<double>>(const std::filesystem::path&, const tensor<double>&);
extern template std::vector<std::byte> npy_bytes<tensor<double>>(const tensor<double>&);
extern template tensor<std::int32_t> load_npy<std::int32_t>(const std::filesystem::path&);
extern template tensor<std::int32_t> read_npy<std::int32_t>(std::span<const std::byte>);
extern template void save_npy<tensor<std::int32_t>>(const std::filesystem::path&, const tensor<std::int32_t>&);
extern template std::vector<std::byte> npy_bytes<tensor<std::int32_t>>(const tensor<std::int32_t>&);
extern template tensor<std::int64_t> load_npy<std::int64_t>(const std::filesystem::path&);
extern template tensor<std::int64_t> read_npy<std::int64_t>(std::span<const std::byte>);
extern template void save_npy<tensor<std::int64_t>>(const std::filesystem::path&, const tensor<std::int64_t>&);
extern template std::vector<std::byte> npy_bytes<tensor<std::int64_t>>(const tensor<std::int64_t>&);
extern template tensor<std::complex<float>> load_npy<std::complex<float>>(const std::filesystem::path&);
extern template tensor<std::complex<float>> read_npy<std::complex<float>>(std::span<const std::byte>);
extern template void save_npy<tensor<std::complex<float>>>(const std::filesystem::path&,
                                                           const tensor<std::complex<float>>&);
extern template std::vector<std::byte> npy_bytes<tensor<std::complex<float>>>(const tensor<std::complex<float>>&);
extern template tensor<std::complex<double>> load_npy<std::complex<double>>(const std::filesystem::path&);
extern template tensor<std::complex<double>> read_npy<std::complex<double>>(std::span<const std::byte>);
extern template void save_npy<tensor<std::complex<double>>>(const std::filesystem::path&,
                                                            const tensor<std::complex<double>>&);
extern template std::vector<std::byte> npy_bytes<tensor<std::complex<double>>>(const tensor<std::complex<double>>&);
}  // namespace loom
#endif
