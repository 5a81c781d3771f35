#pragma once
// Element types, their categories and the promotion rules of docs/semantics.md
// section 1, "Types": bool < integer < floating < complex; within a category
// the wider type wins; signed with unsigned goes to the smallest signed type
// that holds both; a C++ scalar never widens a tensor of its own category.

#include <complex>
#include <concepts>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/half.hpp"

namespace loom {

/// The complex element types: `std::complex<float>` (NumPy's complex64) and
/// `std::complex<double>` (complex128).
template <class T>
concept complex_element = std::same_as<T, std::complex<float>> || std::same_as<T, std::complex<double>>;

/// The element types a tensor may hold.
template <class T>
concept element = std::same_as<T, bool> || std::same_as<T, float> || std::same_as<T, double> || half_element<T> ||
                  complex_element<T> ||
                  (std::integral<T> && !std::same_as<T, char> && !std::same_as<T, wchar_t> &&
                   !std::same_as<T, char8_t> && !std::same_as<T, char16_t> && !std::same_as<T, char32_t>);

/// The floating element types: float, double, float16 and bfloat16. Code
/// that needs float arithmetic on them computes in `arithmetic_t<T>`.
template <class T>
concept floating_element = std::floating_point<T> || half_element<T>;

/// The type arithmetic on T is computed in: float32 for float16 and
/// bfloat16 (as NumPy and PyTorch do on CPU), T itself otherwise.
template <class T>
using arithmetic_t = std::conditional_t<half_element<T>, float, T>;

/// The kinds of element types, in promotion order: bool < integer < floating < complex
/// (docs/semantics.md).
enum class category { boolean = 0, integer = 1, floating = 2,
                      complex = 3 };

/// The category of element type T.
template <element T>
inline constexpr category category_of = complex_element<T>          ? category::complex
                                        : std::same_as<T, bool>       ? category::boolean
                                        : floating_element<T>       ? category::floating
                                                                    : category::integer;

/// NumPy's name of an element type: `int32`, `float64`, `bool`, ...
template <element T>
constexpr const char* type_name() {
    if constexpr (std::same_as<T, bool>) return "bool";
    else if constexpr (std::same_as<T, float>) return "float32";
    else if constexpr (std::same_as<T, double>) return "float64";
    else if constexpr (std::same_as<T, std::complex<float>>) return "complex64";
    else if constexpr (std::same_as<T, std::complex<double>>) return "complex128";
    else if constexpr (std::same_as<T, float16>) return "float16";
    else if constexpr (std::same_as<T, bfloat16>) return "bfloat16";
    else if constexpr (std::is_signed_v<T>) {
        constexpr const char* names[] = {"int8", "int16", "", "int32", "", "", "", "int64"};
        return names[sizeof(T) - 1];
    } else {
        constexpr const char* names[] = {"uint8", "uint16", "", "uint32", "", "", "", "uint64"};
        return names[sizeof(T) - 1];
    }
}

namespace detail {

template <std::size_t Bytes>
using signed_of_size = std::conditional_t<
    Bytes == 1, std::int8_t,
    std::conditional_t<Bytes == 2, std::int16_t, std::conditional_t<Bytes == 4, std::int32_t, std::int64_t>>>;

template <class A, class B>
struct promote_integers {
    using type = std::conditional_t<(sizeof(B) > sizeof(A)), B, A>;
};

// Signed with unsigned: the smallest signed type that holds both; uint64
// with any signed type has none and goes to float64, as in NumPy.
template <class A, class B>
    requires(std::is_signed_v<A> != std::is_signed_v<B>)
struct promote_integers<A, B> {
    using S = std::conditional_t<std::is_signed_v<A>, A, B>;
    using U = std::conditional_t<std::is_signed_v<A>, B, A>;
    using type = std::conditional_t<(sizeof(S) > sizeof(U)), S,
                                    std::conditional_t<sizeof(U) == 8, double, signed_of_size<2 * sizeof(U)>>>;
};

// A real type's parts beside complex64: float32 holds bool, float16,
// bfloat16, float32 and the integers up to 16 bits; wider ones need float64
// (NumPy's rule).
template <class R>
inline constexpr bool fits_complex64 = std::same_as<R, bool> || std::same_as<R, float> || half_element<R> ||
                                       (std::integral<R> && sizeof(R) <= 2);

// Complex with anything: complex128 unless both fit in complex64.
template <class A, class B>
using promote_complex = std::conditional_t<
    (std::same_as<A, std::complex<double>> || std::same_as<B, std::complex<double>> ||
     (!complex_element<A> && !fits_complex64<A>) || (!complex_element<B> && !fits_complex64<B>)),
    std::complex<double>, std::complex<float>>;

template <class A, class B>
constexpr auto promote_impl() {
    if constexpr (std::same_as<A, B>) return A{};
    else if constexpr (complex_element<A> || complex_element<B>) return promote_complex<A, B>{};
    else if constexpr (category_of<A> != category_of<B>)
        return std::conditional_t<(category_of<A> > category_of<B>), A, B>{};
    else if constexpr (category_of<A> == category::floating && sizeof(A) == sizeof(B))
        return float{};  // float16 with bfloat16, as in PyTorch: neither holds the other
    else if constexpr (category_of<A> == category::floating)
        return std::conditional_t<(sizeof(B) > sizeof(A)), B, A>{};
    else
        return typename promote_integers<A, B>::type{};
}

}  // namespace detail

/// The common type of two tensor element types.
template <element A, element B>
using promote_t = decltype(detail::promote_impl<A, B>());

namespace detail {

// The common type of one or more element types, promote_t two at a time.
template <class A, class... Rest>
struct promote_all {
    using type = A;
};
template <class A, class B, class... Rest>
struct promote_all<A, B, Rest...> : promote_all<promote_t<A, B>, Rest...> {};

}  // namespace detail

/// The element type a C++ scalar of type S takes beside a tensor of type T:
/// T unless S is of a higher category.
template <element T, element S>
using scalar_operand_t = std::conditional_t<(category_of<S> > category_of<T>), S, T>;

/// Type of true division and of floating functions: floating types stay,
/// integers and bool give float64.
template <element T>
using floating_result_t = std::conditional_t<floating_element<T> || complex_element<T>, T, double>;

namespace detail {

template <class T>
struct real_part {
    using type = T;
};

template <class T>
struct real_part<std::complex<T>> {
    using type = T;
};

}  // namespace detail

/// The real type of an element type: float for complex64, double for
/// complex128, T itself otherwise (the type of abs, real and imag).
template <element T>
using real_part_t = typename detail::real_part<T>::type;

/// A result of category `From` may be stored into a tensor of type `To`
/// without astype: never into a lower category.
template <class From, class To>
concept storable_in = element<From> && element<To> && (category_of<From> <= category_of<To>);

/// The opposite of storable_in. Overloads that refuse such a store are
/// declared deleted and constrained on this concept, so that the compiler's
/// error names the reason and the remedy (astype).
template <class From, class To>
concept higher_category_needs_astype = element<From> && element<To> && !storable_in<From, To>;

/// Converts a C++ scalar to the element type it takes beside a tensor,
/// refusing integers that do not fit (as NumPy 2 refuses them).
template <element To, element From>
To convert_scalar(From value) {
    if constexpr (std::integral<To> && !std::same_as<To, bool> && std::integral<From> && !std::same_as<From, bool>) {
        if (!std::in_range<To>(value)) {
            throw std::out_of_range("the scalar " + std::to_string(value) + " does not fit in " + type_name<To>() +
                                    ", the element type of the tensor beside it (range [" +
                                    std::to_string(std::numeric_limits<To>::min()) + ", " +
                                    std::to_string(std::numeric_limits<To>::max()) +
                                    "]); astype the tensor to a wider type first");
        }
    }
    return static_cast<To>(value);
}

}  // namespace loom
