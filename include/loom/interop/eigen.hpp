#pragma once
// Bridges between loom and Eigen, both ways, copying nothing:
//
//   from_eigen(x)          a tensor_view of the memory of an Eigen Matrix or
//                          Array (row- or column-major, dynamic or fixed
//                          size), an Eigen::Map, Eigen::Ref or a block with
//                          direct access (Eigen::Block, row(), col(), ...),
//                          through its innerStride() and outerStride(); or of
//                          an Eigen::Tensor, TensorFixedSize or TensorMap
//                          (column-major by default, or row-major);
//   to_eigen(t)            an Eigen::Map of a contiguous rank-2 tensor, or,
//                          with Eigen::Stride, of any rank-2 view;
//   to_eigen_outer(v)      an Eigen::Map with Eigen::OuterStride of a rank-2
//                          view whose rows (or columns) are contiguous, which
//                          binds to Eigen::Ref and Eigen's fast kernels;
//   to_eigen_tensor<N>(t)  an Eigen::TensorMap of a contiguous tensor of rank N.
//
// This header needs Eigen only when it is included: loom/loom.hpp does not
// include it, and nothing else in loom needs Eigen. Including it costs the
// parsing of <Eigen/Core> and of Eigen's Tensor module
// (unsupported/Eigen/CXX11/Tensor): about 0.8 s more of g++ 12 for a file
// that also includes loom/loom.hpp; what a file then does with Eigen costs
// what Eigen code costs.
// Lifetimes: Note [interop lifetimes] in interop/common.hpp.

#if !__has_include(<Eigen/Core>) || !__has_include(<unsupported/Eigen/CXX11/Tensor>)
#error "loom/interop/eigen.hpp needs Eigen's headers, with its Tensor module (Debian: libeigen3-dev; add /usr/include/eigen3 to the include path)"
#endif

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <Eigen/Core>
#include <unsupported/Eigen/CXX11/Tensor>

#include "loom/interop/common.hpp"

namespace loom {

namespace detail {

template <class X>
struct is_eigen_plain_tensor : std::false_type {};
template <class S, int N, int Options, class I>
struct is_eigen_plain_tensor<Eigen::Tensor<S, N, Options, I>> : std::true_type {};
template <class S, class Dimensions, int Options, class I>
struct is_eigen_plain_tensor<Eigen::TensorFixedSize<S, Dimensions, Options, I>> : std::true_type {};

template <class X>
concept eigen_dense = std::is_base_of_v<Eigen::DenseBase<X>, X>;
template <class X>
concept eigen_tensor = std::is_base_of_v<Eigen::TensorBase<X, Eigen::ReadOnlyAccessors>, X>;

// An Eigen object that owns its elements (Matrix, Array, Tensor,
// TensorFixedSize), passed as a temporary: it would die before its view.
template <class E>
concept eigen_temporary_plain =
    !std::is_lvalue_reference_v<E> &&
    (std::is_base_of_v<Eigen::PlainObjectBase<std::remove_cvref_t<E>>, std::remove_cvref_t<E>> ||
     is_eigen_plain_tensor<std::remove_cvref_t<E>>::value);

template <class T, int Order>
using eigen_matrix_of =
    std::conditional_t<std::is_const_v<T>,
                       const Eigen::Matrix<std::remove_const_t<T>, Eigen::Dynamic, Eigen::Dynamic, Order>,
                       Eigen::Matrix<std::remove_const_t<T>, Eigen::Dynamic, Eigen::Dynamic, Order>>;

// The type TensorMap maps for to_eigen_tensor: a const Tensor for const elements.
template <class T, int N>
using eigen_tensor_of =
    std::conditional_t<std::is_const_v<T>, const Eigen::Tensor<std::remove_const_t<T>, N, Eigen::RowMajor, Eigen::DenseIndex>,
                       Eigen::Tensor<T, N, Eigen::RowMajor, Eigen::DenseIndex>>;

inline void check_matrix_rank(const char* function, const shape_type& shape, const strides_type& strides) {
    if (shape.size() == 2) return;
    throw std::invalid_argument(std::string(function) + ": an Eigen matrix has rank 2, and the view of " +
                                shape_and_strides(shape, strides) + " has rank " + std::to_string(shape.size()) +
                                "; reshape it to rank 2 first, or use to_eigen_tensor for rank " +
                                std::to_string(shape.size()));
}

}  // namespace detail

/// A view of the elements of an Eigen dense object with direct access (a
/// Matrix or Array, row- or column-major, dynamic or fixed size; a Map, Ref,
/// or block) or of an Eigen Tensor, TensorFixedSize or TensorMap, with its
/// shape and strides; nothing is copied. A vector type (Eigen::VectorXf,
/// RowVectorXf, m.col(j), m.row(i): one dimension of size 1 at compile
/// time) gives a rank-1 view, as pybind11 makes a 1-d NumPy array of it;
/// any other dense object a rank-2 view [rows, cols]; a tensor of rank N a
/// rank-N view. A const object, a Map of const elements or a block of a const
/// matrix gives a tensor_view<const T>. The object's memory must outlive the
/// view (Note [interop lifetimes]); a temporary Matrix, Array or Tensor is
/// refused at compile time.
template <class E>
    requires(!detail::eigen_temporary_plain<E>)
auto from_eigen(E&& x) {
    using X = std::remove_cvref_t<E>;
    if constexpr (!detail::eigen_dense<X> && !detail::eigen_tensor<X>) {
        static_assert(detail::always_false<X>,
                      "from_eigen takes an Eigen Matrix, Array, Map, Ref, block, Tensor, TensorFixedSize or TensorMap");
    } else if constexpr (!element<std::remove_const_t<typename Eigen::internal::traits<X>::Scalar>>) {
        static_assert(detail::always_false<X>,
                      "from_eigen: loom has no tensors of this element type; loom's element types are bool, the "
                      "signed and unsigned integers of 8 to 64 bits (not char), float and double");
    } else if constexpr (detail::eigen_dense<X>) {
        if constexpr ((X::Flags & Eigen::DirectAccessBit) == 0) {
            static_assert(detail::always_false<X>,
                          "from_eigen needs an Eigen object with memory and strides (direct access), which an "
                          "expression such as a + b or a reversed block does not have; evaluate it into a "
                          "Matrix or Array first (.eval())");
        } else {
            auto* data = x.data();  // const T* for a const object, a Map of const elements, a block of a const matrix
            if constexpr (X::IsVectorAtCompileTime) {
                return adapt(data, shape_type{x.size()}, strides_type{x.innerStride()});
            } else if constexpr (X::IsRowMajor) {
                return adapt(data, shape_type{x.rows(), x.cols()}, strides_type{x.outerStride(), x.innerStride()});
            } else {
                return adapt(data, shape_type{x.rows(), x.cols()}, strides_type{x.innerStride(), x.outerStride()});
            }
        }
    } else if constexpr (!requires { x.data(); }) {
        static_assert(detail::always_false<X>,
                      "from_eigen needs an Eigen tensor with memory (a Tensor, TensorFixedSize or TensorMap), "
                      "which a tensor expression does not have; evaluate it into an Eigen::Tensor first");
    } else {
        constexpr int rank = static_cast<int>(X::NumIndices);
        constexpr bool row_major = (static_cast<int>(X::Layout) == static_cast<int>(Eigen::RowMajor));
        const auto& dimensions = x.dimensions();
        shape_type shape;
        for (int d = 0; d < rank; ++d) shape.push_back(static_cast<index_t>(dimensions[d]));
        strides_type strides(shape.size(), 1);
        if constexpr (row_major) {
            for (int d = rank - 2; d >= 0; --d) strides[d] = strides[d + 1] * shape[d + 1];
        } else {
            for (int d = 1; d < rank; ++d) strides[d] = strides[d - 1] * shape[d - 1];
        }
        return adapt(x.data(), shape, strides);
    }
}

template <class E>
    requires detail::eigen_temporary_plain<E>
void from_eigen(E&&) = delete;  // refused: the temporary Matrix, Array or Tensor would die before its view

/// An Eigen::Map of a row-major dynamic matrix over the elements of a
/// tensor of rank 2 (no copy): writes through it change the tensor. Throws
/// std::invalid_argument for another rank. The tensor must outlive the map
/// and keep its shape (Note [interop lifetimes]).
template <element T>
Eigen::Map<detail::eigen_matrix_of<T, Eigen::RowMajor>> to_eigen(tensor<T>& t) {
    detail::check_matrix_rank("to_eigen", t.shape(), t.strides());
    return {t.data(), t.shape()[0], t.shape()[1]};
}

/// The same, read-only, for a const tensor.
template <element T>
Eigen::Map<detail::eigen_matrix_of<const T, Eigen::RowMajor>> to_eigen(const tensor<T>& t) {
    detail::check_matrix_rank("to_eigen", t.shape(), t.strides());
    return {t.data(), t.shape()[0], t.shape()[1]};
}

template <element T>
void to_eigen(tensor<T>&&) = delete;  // refused: the temporary tensor would die before its map
template <element T>
void to_eigen(const tensor<T>&&) = delete;  // refused: the temporary tensor would die before its map

/// An Eigen::Map with Eigen::Stride (set at run time, as Eigen 3.4 allows:
/// any, negative and 0 included) over the elements of a rank-2 view (no
/// copy). `Order` is the storage order of the Map's matrix type
/// (Eigen::RowMajor or Eigen::ColMajor); its elements are the view's either
/// way. A tensor_view<const T> gives a read-only map. Throws
/// std::invalid_argument for another rank than 2, and for a view of mutable
/// elements that share memory (pass a tensor_view<const T> to read it).
template <int Order = Eigen::RowMajor, class T>
Eigen::Map<detail::eigen_matrix_of<T, Order>, Eigen::Unaligned, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> to_eigen(
    const tensor_view<T>& v) {
    static_assert(Order == Eigen::RowMajor || Order == Eigen::ColMajor, "Order is Eigen::RowMajor or Eigen::ColMajor");
    detail::check_matrix_rank("to_eigen", v.shape(), v.strides());
    detail::check_shareable_for_writing("to_eigen", v);
    const index_t rows = v.strides()[0], cols = v.strides()[1];
    const index_t outer = Order == Eigen::RowMajor ? rows : cols;
    const index_t inner = Order == Eigen::RowMajor ? cols : rows;
    return {v.data(), v.shape()[0], v.shape()[1], Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>(outer, inner)};
}

/// As above; throws std::invalid_argument for a temporary view that owns
/// the memory of a temporary tensor (Note [interop lifetimes]).
template <int Order = Eigen::RowMajor, class T>
auto to_eigen(tensor_view<T>&& v) {
    detail::check_not_owning_temporary("to_eigen", v);
    return to_eigen<Order>(static_cast<const tensor_view<T>&>(v));
}

/// An Eigen::Map with Eigen::OuterStride over the elements of a rank-2 view
/// whose rows are contiguous (stride 1 along its last dimension; along its
/// first for Order = Eigen::ColMajor): the map Eigen::Ref<Matrix> accepts
/// and Eigen's vectorised kernels read. Throws std::invalid_argument for
/// another rank than 2, another inner stride than 1 (to_eigen takes any
/// strides), and for a view of mutable elements that share memory.
template <int Order = Eigen::RowMajor, class T>
Eigen::Map<detail::eigen_matrix_of<T, Order>, Eigen::Unaligned, Eigen::OuterStride<>> to_eigen_outer(
    const tensor_view<T>& v) {
    static_assert(Order == Eigen::RowMajor || Order == Eigen::ColMajor, "Order is Eigen::RowMajor or Eigen::ColMajor");
    detail::check_matrix_rank("to_eigen_outer", v.shape(), v.strides());
    detail::check_shareable_for_writing("to_eigen_outer", v);
    constexpr std::size_t inner_dimension = Order == Eigen::RowMajor ? 1 : 0;
    const index_t inner = v.strides()[inner_dimension];
    if (inner != 1 && v.shape()[inner_dimension] > 1) {
        throw std::invalid_argument(
            std::string("to_eigen_outer: Eigen::OuterStride needs the stride 1 along dimension ") +
            std::to_string(inner_dimension) + (Order == Eigen::RowMajor ? " (a row-major map)" : " (a column-major map)") +
            ", and the view of " + detail::shape_and_strides(v.shape(), v.strides()) + " has " +
            std::to_string(inner) + "; use to_eigen, which takes any strides" +
            (v.strides()[1 - inner_dimension] == 1 ? std::string(", or the other storage order") : std::string()) +
            ", or call copy() for a contiguous tensor");
    }
    const index_t outer = v.shape()[1 - inner_dimension] > 1 ? v.strides()[1 - inner_dimension]
                                                               : v.shape()[inner_dimension];
    return {v.data(), v.shape()[0], v.shape()[1], Eigen::OuterStride<>(outer)};
}

/// As above; throws std::invalid_argument for a temporary view that owns
/// the memory of a temporary tensor (Note [interop lifetimes]).
template <int Order = Eigen::RowMajor, class T>
auto to_eigen_outer(tensor_view<T>&& v) {
    detail::check_not_owning_temporary("to_eigen_outer", v);
    return to_eigen_outer<Order>(static_cast<const tensor_view<T>&>(v));
}

/// An Eigen::TensorMap of a row-major Eigen::Tensor of rank N over the
/// elements of a contiguous (row-major) tensor or view of rank N; nothing
/// is copied. Throws std::invalid_argument for another rank, and for a view
/// that is not contiguous (a TensorMap has no strides: call copy()).
template <int N, class T>
Eigen::TensorMap<detail::eigen_tensor_of<T, N>> to_eigen_tensor(const tensor_view<T>& v) {
    static_assert(N >= 0, "a tensor's rank is not negative");
    if (v.ndim() != static_cast<std::size_t>(N)) {
        throw std::invalid_argument("to_eigen_tensor<" + std::to_string(N) + ">: the view of " +
                                    detail::shape_and_strides(v.shape(), v.strides()) + " has rank " +
                                    std::to_string(v.ndim()) + "; ask for to_eigen_tensor<" +
                                    std::to_string(v.ndim()) + ">, or reshape it to rank " + std::to_string(N));
    }
    if (!v.is_contiguous()) {
        throw std::invalid_argument("to_eigen_tensor<" + std::to_string(N) + ">: an Eigen::TensorMap has no strides, "
                                    "and the view of " + detail::shape_and_strides(v.shape(), v.strides()) +
                                    " is not contiguous and row-major; call copy() for a contiguous tensor");
    }
    std::array<Eigen::DenseIndex, static_cast<std::size_t>(N)> dimensions{};
    for (std::size_t d = 0; d < dimensions.size(); ++d) dimensions[d] = v.shape()[d];
    return Eigen::TensorMap<detail::eigen_tensor_of<T, N>>(v.data(), dimensions);
}

/// As above; throws std::invalid_argument for a temporary view that owns
/// the memory of a temporary tensor (Note [interop lifetimes]).
template <int N, class T>
auto to_eigen_tensor(tensor_view<T>&& v) {
    detail::check_not_owning_temporary("to_eigen_tensor", v);
    return to_eigen_tensor<N>(static_cast<const tensor_view<T>&>(v));
}

/// The same over a tensor's elements.
template <int N, element T>
auto to_eigen_tensor(tensor<T>& t) {
    return to_eigen_tensor<N>(t.view());
}
/// The same over a const tensor's elements: a map of const elements.
template <int N, element T>
auto to_eigen_tensor(const tensor<T>& t) {
    return to_eigen_tensor<N>(t.view());
}
template <int N, element T>
void to_eigen_tensor(tensor<T>&&) = delete;  // refused: the temporary tensor would die before its map
template <int N, element T>
void to_eigen_tensor(const tensor<T>&&) = delete;  // refused: the temporary tensor would die before its map

}  // namespace loom
