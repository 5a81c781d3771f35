#pragma once
// The `descr` of a .npy header (NumPy's dtype.str, such as '<f4'): the
// element type it names and its byte order, and the descr of each of loom's
// element types.

#include <bit>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "loom/core/types.hpp"
#include "loom/io/escaped_text.hpp"
#include "loom/tensor/any_tensor.hpp"

namespace loom::npy {

/// What a descr says about the stored elements.
struct element_format {
    std::size_t type_index;  ///< the alternative of any_tensor that holds them
    std::size_t item_size;   ///< bytes per element
    bool swap_bytes;         ///< stored in the byte order opposite to this machine's
};

/// The descr NumPy writes for T on this machine: '|b1', '<i4', '<f8', ...
/// ('|' where the byte order does not apply, else the machine's order).
template <element T>
std::string descr_of() {
    static_assert(!std::same_as<T, bfloat16>, "NumPy has no bfloat16 dtype, so a .npy file cannot hold one: save "
                                              "astype<float>(x), which holds every bfloat16 value exactly");
    if constexpr (complex_element<T>) {
        // '<c8', '<c16': both parts in the machine's byte order.
        return std::string{std::endian::native == std::endian::little ? '<' : '>', 'c'} + std::to_string(sizeof(T));
    }
    const char kind = std::same_as<T, bool> ? 'b' : floating_element<T> ? 'f' : std::is_signed_v<T> ? 'i' : 'u';
    const char order = sizeof(T) == 1 ? '|' : std::endian::native == std::endian::little ? '<' : '>';
    return std::string{order, kind} + std::to_string(sizeof(T));
}

/// The element type and byte order of a descr such as '<f4', '>i2', '|u1',
/// '=f8' or 'b1'. Throws std::runtime_error for any dtype that is not one of
/// loom's element types, saying which dtype it is.
inline element_format parse_descr(std::string_view descr) {
    const auto refuse = [&](const std::string& why) -> element_format {
        throw std::runtime_error("the dtype '" + loom::detail::escaped(descr) + "' " + why);
    };
    std::string_view rest = descr;
    bool swap = false;
    if (!rest.empty() && (rest[0] == '<' || rest[0] == '>' || rest[0] == '|' || rest[0] == '=')) {
        const bool big = rest[0] == '>';
        const bool little = rest[0] == '<';
        swap = (big && std::endian::native == std::endian::little) || (little && std::endian::native == std::endian::big);
        rest.remove_prefix(1);
    }
    if (rest.empty()) return refuse("names no type");
    const char kind = rest[0];
    if (kind == 'O') return refuse("holds Python objects, which only Python can read; save an array of numbers");
    if (kind == 'V') return refuse("holds raw records (void), which loom cannot read; save each field as its own array");
    if (kind == 'U' || kind == 'S' || kind == 'a') return refuse("holds strings, which loom cannot read; save numbers");
    if (kind == 'M' || kind == 'm') return refuse("holds dates or times; save them as int64 (a.view(np.int64))");
    std::size_t size = 0;
    for (char digit : rest.substr(1)) {
        if (digit < '0' || digit > '9' || size > 16) return refuse("is not a dtype loom knows");
        size = size * 10 + static_cast<std::size_t>(digit - '0');
    }
    const auto index_of = [&]<class T>(std::type_identity<T>) {
        return element_format{any_tensor_index<T>, sizeof(T), swap && sizeof(T) > 1};
    };
    switch (kind) {
        case 'b':
            if (size == 1) return index_of(std::type_identity<bool>{});
            break;
        case 'i':
            if (size == 1) return index_of(std::type_identity<std::int8_t>{});
            if (size == 2) return index_of(std::type_identity<std::int16_t>{});
            if (size == 4) return index_of(std::type_identity<std::int32_t>{});
            if (size == 8) return index_of(std::type_identity<std::int64_t>{});
            break;
        case 'u':
            if (size == 1) return index_of(std::type_identity<std::uint8_t>{});
            if (size == 2) return index_of(std::type_identity<std::uint16_t>{});
            if (size == 4) return index_of(std::type_identity<std::uint32_t>{});
            if (size == 8) return index_of(std::type_identity<std::uint64_t>{});
            break;
        case 'f':
            if (size == 4) return index_of(std::type_identity<float>{});
            if (size == 8) return index_of(std::type_identity<double>{});
            if (size == 2) return index_of(std::type_identity<float16>{});
            if (size == 12 || size == 16) {
                return refuse("is np.longdouble, which loom does not have; convert it first (a.astype(np.float64))");
            }
            break;
        case 'c':
            if (size == 8) return index_of(std::type_identity<std::complex<float>>{});
            if (size == 16) return index_of(std::type_identity<std::complex<double>>{});
            break;
        default:
            break;
    }
    return refuse("is not one of loom's element types (bool, int8 to int64, uint8 to uint64, float16, float32, "
                  "float64, complex64, complex128)");
}

}  // namespace loom::npy
