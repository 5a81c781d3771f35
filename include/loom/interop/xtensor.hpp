#pragma once
// Bridges between loom and xtensor, both ways, copying nothing:
//
//   from_xtensor(x)  a tensor_view of the memory of an xtensor array: an
//                    xt::xarray, xt::xtensor or xt::xtensor_fixed (row- or
//                    column-major), an adaptor (xt::adapt), or a strided
//                    view (xt::view with integers, ranges, all and newaxis;
//                    xt::strided_view, xt::transpose, xt::flip, ...);
//   to_xtensor(t)    an xtensor expression over the memory of a loom tensor
//                    (an xt::xarray_adaptor) or view (an xt::xstrided_view).
//
// This header needs xtensor (and xtl, which xtensor needs) only when it is
// included: loom/loom.hpp does not include it, and nothing else in loom
// needs xtensor. Including it costs the parsing of xtensor's xadapt.hpp and
// xstrided_view.hpp (with xarray, xtensor and xfixed, which they bring):
// about 0.5 s more of g++ 12 for a file that also includes loom/loom.hpp;
// what a file then does with xtensor costs what xtensor code costs.
// Lifetimes: Note [interop lifetimes] in interop/common.hpp.

#if !__has_include(<xtensor/xadapt.hpp>) || !__has_include(<xtensor/xstrided_view.hpp>)
#error "loom/interop/xtensor.hpp needs xtensor's headers (Debian: libxtensor-dev), which are not on the include path"
#endif

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <xtensor/xadapt.hpp>
#include <xtensor/xarray.hpp>
#include <xtensor/xfixed.hpp>
#include <xtensor/xstrided_view.hpp>
#include <xtensor/xtensor.hpp>

#include "loom/interop/common.hpp"

namespace loom {

namespace detail {

// True for storage an xtensor container borrows rather than owns: a
// reference, or a buffer adaptor without ownership (what xt::adapt makes).
template <class S>
struct xtensor_storage_is_borrowed : std::is_reference<S> {};
template <class CP, class A>
struct xtensor_storage_is_borrowed<xt::xbuffer_adaptor<CP, xt::no_ownership, A>> : std::true_type {};

// An xtensor container that owns its elements (xarray, xtensor,
// xtensor_fixed): a temporary one would die before its view.
template <class X>
concept xtensor_owning_container =
    std::is_base_of_v<xt::xcontainer<X>, X> && !xtensor_storage_is_borrowed<typename X::storage_type>::value;

// A temporary container, which would die before a view of its memory.
template <class E>
concept xtensor_temporary_container =
    !std::is_lvalue_reference_v<E> && xtensor_owning_container<std::remove_cvref_t<E>>;

// An xtensor expression with memory and strides in elements.
template <class X>
concept xtensor_strided = requires(X& x) {
    x.data();
    x.strides();
    x.shape();
};

}  // namespace detail

/// A view of the elements of an xtensor array, with its shape and strides
/// (row- or column-major, negative where xt::flip or a range with a negative
/// step made them, 0 where xtensor set them for a size-1 dimension or an
/// adaptor was given them); nothing is copied. A const array, or a view of
/// one, gives a tensor_view<const T>. The array must outlive the view (Note
/// [interop lifetimes]); a temporary container is refused at compile time.
/// Views whose elements share memory (stride 0) refuse writes, as any loom
/// view does (Note [adapted memory] in tensor/adapt.hpp).
template <class E>
    requires(!detail::xtensor_temporary_container<E>)
auto from_xtensor(E&& x) {
    using X = std::remove_cvref_t<E>;
    if constexpr (!xt::is_xexpression<X>::value) {
        static_assert(detail::always_false<X>,
                      "from_xtensor takes an xtensor array: an xt::xarray, xt::xtensor, xt::xtensor_fixed, an "
                      "adaptor or a strided view");
    } else if constexpr (!detail::xtensor_strided<std::remove_reference_t<E>>) {
        static_assert(detail::always_false<X>,
                      "from_xtensor needs an xtensor expression with memory and strides, which a lazy expression, "
                      "a broadcast, an index_view or a view with keep() or drop() slices does not have; evaluate "
                      "it into an array first (xt::xarray<T> a = expression;)");
    } else if constexpr (!element<std::remove_cvref_t<decltype(*x.data())>>) {
        static_assert(detail::always_false<X>,
                      "from_xtensor: loom has no tensors of this element type; loom's element types are bool, "
                      "the signed and unsigned integers of 8 to 64 bits (not char), float and double");
    } else {
        const auto& xshape = x.shape();
        const auto& xstrides = x.strides();
        shape_type shape;
        strides_type strides;
        for (std::size_t d = 0; d < xshape.size(); ++d) {
            shape.push_back(static_cast<index_t>(xshape[d]));
            strides.push_back(static_cast<index_t>(xstrides[d]));
        }
        auto* first = x.data();  // const T* for a const array
        if constexpr (requires { x.data_offset(); }) first += x.data_offset();
        return adapt(first, shape, strides);
    }
}

template <class E>
    requires detail::xtensor_temporary_container<E>
void from_xtensor(E&&) = delete;  // refused: the temporary array would die before its view

/// A row-major xt::xarray_adaptor over the elements of a tensor (no copy):
/// writes through it change the tensor. The tensor must outlive the adaptor
/// and keep its shape (Note [interop lifetimes]).
template <element T>
auto to_xtensor(tensor<T>& t) {
    std::vector<std::size_t> shape(t.shape().begin(), t.shape().end());
    return xt::adapt(t.data(), static_cast<std::size_t>(t.size()), xt::no_ownership(), std::move(shape));
}

/// A read-only xt::xarray_adaptor over the elements of a const tensor.
template <element T>
auto to_xtensor(const tensor<T>& t) {
    std::vector<std::size_t> shape(t.shape().begin(), t.shape().end());
    return xt::adapt(t.data(), static_cast<std::size_t>(t.size()), xt::no_ownership(), std::move(shape));
}

template <element T>
void to_xtensor(tensor<T>&&) = delete;  // refused: the temporary tensor would die before its adaptor
template <element T>
void to_xtensor(const tensor<T>&&) = delete;  // refused: the temporary tensor would die before its adaptor

/// An xt::xstrided_view with the view's shape and strides (any, negative
/// and 0 included) over the memory the view reaches; nothing is copied.
/// A tensor_view<const T> gives a read-only one. Throws
/// std::invalid_argument for a view of mutable elements that share memory
/// (pass a tensor_view<const T> to read it). The memory the view refers to
/// must outlive the result (Note [interop lifetimes]).
///
/// Why not xt::adapt with strides: xtensor's scalar compound assignment
/// (`a += 1`) walks an adaptor's buffer in order, whatever its strides, so
/// it would write elements outside a strided view. A strided view over an
/// adaptor of the span the view reaches walks by the strides.
template <class T>
auto to_xtensor(const tensor_view<T>& v) {
    detail::check_shareable_for_writing("to_xtensor", v);
    index_t low = 0, span = 0;
    if (v.size() != 0) {
        const auto [lowest, highest] = v.layout().reach();
        low = lowest;
        span = highest - lowest + 1;
    }
    T* base = v.data() + low;
    std::vector<std::size_t> shape(v.shape().begin(), v.shape().end());
    std::vector<std::ptrdiff_t> strides(v.strides().begin(), v.strides().end());
    auto memory = xt::adapt(base, static_cast<std::size_t>(span), xt::no_ownership(),
                            std::vector<std::size_t>{static_cast<std::size_t>(span)});
    return xt::strided_view(std::move(memory), std::move(shape), std::move(strides), static_cast<std::size_t>(-low),
                            xt::layout_type::dynamic);
}

/// As above; throws std::invalid_argument for a temporary view that owns
/// the memory of a temporary tensor (Note [interop lifetimes]).
template <class T>
auto to_xtensor(tensor_view<T>&& v) {
    detail::check_not_owning_temporary("to_xtensor", v);
    return to_xtensor(static_cast<const tensor_view<T>&>(v));
}

}  // namespace loom
