#pragma once
// any_tensor: a tensor whose element type is known only at run time (what a
// file holds), as a std::variant with one alternative per element type.

#include <complex>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

#include "loom/core/types.hpp"
#include "loom/expr/functions.hpp"
#include "loom/tensor/tensor.hpp"

namespace loom {

/// A tensor of any element type. Read it with std::visit, or with
/// std::get<tensor<float>> when the type is known.
using any_tensor = std::variant<tensor<bool>, tensor<std::int8_t>, tensor<std::int16_t>, tensor<std::int32_t>,
                                tensor<std::int64_t>, tensor<std::uint8_t>, tensor<std::uint16_t>,
                                tensor<std::uint32_t>, tensor<std::uint64_t>, tensor<float>, tensor<double>,
                                tensor<float16>, tensor<std::complex<float>>, tensor<std::complex<double>>>;

/// The alternative of any_tensor that holds elements of type T (every
/// element type but bfloat16, which no file format loom reads holds).
template <element T>
    requires(!std::same_as<T, bfloat16>)
inline constexpr std::size_t any_tensor_index = []<std::size_t... I>(std::index_sequence<I...>) {
    return ((std::is_same_v<std::variant_alternative_t<I, any_tensor>, tensor<T>> ? I : 0) + ...);
}(std::make_index_sequence<std::variant_size_v<any_tensor>>{});

/// Calls `f(std::type_identity<T>{})` with the element type T of alternative
/// `index` of any_tensor, and returns what it returns (the same type for every T).
template <class F>
decltype(auto) with_element_type(std::size_t index, F&& f) {
    using result = decltype(f(std::type_identity<bool>{}));
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> result {
        using call = result (*)(F&);
        static constexpr call calls[] = {[](F& g) -> result {
            return g(std::type_identity<typename std::variant_alternative_t<I, any_tensor>::value_type>{});
        }...};
        if (index >= sizeof...(I)) {
            throw std::out_of_range("element type " + std::to_string(index) + " does not exist; any_tensor has " +
                                    std::to_string(sizeof...(I)) + " alternatives");
        }
        return calls[index](f);
    }(std::make_index_sequence<std::variant_size_v<any_tensor>>{});
}

/// NumPy's name of the element type an any_tensor holds: `float32`, `int64`, ...
inline std::string type_name_of(const any_tensor& t) {
    return with_element_type(t.index(), []<class T>(std::type_identity<T>) { return std::string(type_name<T>()); });
}

namespace detail {

/// The C++ spelling of T, for messages that suggest code.
template <element T>
std::string cpp_type_name() {
    if constexpr (std::same_as<T, bool>) return "bool";
    else if constexpr (std::same_as<T, float>) return "float";
    else if constexpr (std::same_as<T, double>) return "double";
    else if constexpr (std::same_as<T, std::complex<float>>) return "std::complex<float>";
    else if constexpr (std::same_as<T, std::complex<double>>) return "std::complex<double>";
    else if constexpr (half_element<T>) return std::string("loom::") + type_name<T>();
    else return std::string("std::") + type_name<T>() + "_t";
}

}  // namespace detail

/// The real elements `t` holds as a tensor<T> (NumPy: `a.astype(T)` of a
/// real array), whatever their type: for reading a file of unknown type as
/// float64, `as_real<double>(load_npy_any(path))`. Throws
/// std::invalid_argument when t holds complex numbers, whose imaginary parts
/// a conversion would drop: take the alternative and real, imag or abs of it.
template <element T>
    requires(!complex_element<T>)
tensor<T> as_real(const any_tensor& t) {
    return std::visit(
        []<class U>(const tensor<U>& held) -> tensor<T> {
            if constexpr (complex_element<U>) {
                throw std::invalid_argument("as_real<" + detail::cpp_type_name<T>() + ">: the tensor of shape " +
                                            to_string(held.shape()) + " holds " + type_name<U>() +
                                            ", whose imaginary parts a conversion would drop; take real(z), imag(z) "
                                            "or abs(z) of std::get<tensor<" + detail::cpp_type_name<U>() + ">>(t)");
            } else {
                return tensor<T>(astype<T>(held));
            }
        },
        t);
}

}  // namespace loom
