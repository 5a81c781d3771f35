#pragma once
// loom in NumPy extensions written with pybind11, copying nothing:
//
//   a bound function's parameter tensor_view<const T> or tensor_view<T>
//       takes a NumPy array of T's dtype, with any strides (negative, 0,
//       non-contiguous), as a view of the array's memory;
//   a bound function's result tensor<T> becomes a NumPy array that owns the
//       tensor's memory (a view's elements are copied into a new tensor; a
//       lazy expression is refused at compile time: return loom::eval(...));
//   python::to_dlpack(std::move(t)), python::from_dlpack<T>(x), and the
//       class bind_dlpack(m) registers: the DLPack exchange of Python
//       (capsules named "dltensor", __dlpack__ and __dlpack_device__), on
//       interop/dlpack.hpp.
//
// This header needs pybind11 (2.10 or later, with Python's and NumPy's
// headers it finds) and dlpack/dlpack.h (Debian: pybind11-dev, python3-dev
// and libdlpack-dev) only when it is included: loom/loom.hpp does not
// include it. Cost of including: the parsing of pybind11/pybind11.h and
// pybind11/numpy.h (with Python.h), about 3 s more of g++ 12 and 160 MB
// more memory for a file that also includes loom/loom.hpp (-fsyntax-only
// on a busy machine: 8.4 to 10.6 s against 6.0 to 6.3 s); what a module
// then binds costs what its templates cost.
// Lifetimes: Note [Python lifetimes]; the rules of refusal: docs/python.md.
//
// Note [Python lifetimes]: a view a bound function takes refers to the NumPy
// array's memory and owns nothing: it is valid for the call, during which
// pybind11 holds the array. A function that keeps a view (or an expression
// made from one) past its return must keep the array too (a py::object), or
// copy the elements (v.copy()). A tensor returned to Python is moved into a
// heap object that a capsule owns, and the capsule is the new array's base:
// the array, and every NumPy view of it, keeps loom's memory alive after the
// tensor's name is gone, and the last of them frees it. DLPack follows the
// Python specification of the protocol: a capsule "dltensor" owns its
// DLManagedTensor until a consumer renames it "used_dltensor" and takes it
// over (Note [DLPack ownership] in interop/dlpack.hpp); the views
// python::from_dlpack gives call its deleter, holding the GIL, when the last
// of them is gone.

#if !__has_include(<pybind11/pybind11.h>) || !__has_include(<pybind11/numpy.h>)
#error "loom/interop/python.hpp needs pybind11's headers (Debian: pybind11-dev, with python3-dev), which are not on the include path"
#endif

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "loom/interop/common.hpp"
#include "loom/interop/dlpack.hpp"

namespace loom {

namespace detail {

// The element types NumPy has: every loom type but bfloat16.
template <class T>
concept numpy_element = element<T> && !std::same_as<T, bfloat16>;

// "np.float32", as a NumPy user writes the type (np.bool_ for bool).
template <numpy_element T>
std::string numpy_type_expression() {
    if constexpr (std::same_as<T, bool>) return "np.bool_";
    else return std::string("np.") + type_name<T>();
}

// "[2, 3]" from a NumPy array's shape.
inline std::string numpy_shape(const pybind11::array& a) {
    std::string text = "[";
    for (pybind11::ssize_t d = 0; d < a.ndim(); ++d) text += (d ? ", " : "") + std::to_string(a.shape(d));
    return text + "]";
}

// Throws pybind11::type_error or value_error, with what was expected and
// what was given, unless `source` is a NumPy array that a
// tensor_view<T> may view: T's dtype in native byte order, writable
// when T is not const, strides that are multiples of the element size,
// memory aligned for T.
template <class T>
void check_numpy_view(pybind11::handle source) {
    namespace py = pybind11;
    using value_type = std::remove_const_t<T>;
    const std::string wanted = type_name<value_type>();
    const std::string kind = std::is_const_v<T> ? "" : "writable ";
    if (!py::isinstance<py::array>(source)) {
        throw py::type_error("expected a " + kind + wanted + " array, got " +
                             std::string(py::str(py::type::handle_of(source).attr("__name__"))) +
                             ": make one with np.asarray(x, dtype=" + numpy_type_expression<value_type>() + ")");
    }
    const auto a = py::reinterpret_borrow<py::array>(source);
    if (!a.dtype().equal(py::dtype(wanted))) {
        throw py::type_error("expected a " + kind + wanted + " array, got " + std::string(py::str(a.dtype())) + " " +
                             numpy_shape(a) + ": convert it with a.astype(" + numpy_type_expression<value_type>() +
                             ")");
    }
    if (!std::is_const_v<T> && !a.writeable()) {
        throw py::value_error("expected a writable " + wanted + " array, got a read-only one " + numpy_shape(a) +
                              ": pass a writable array (a.copy() is one)");
    }
    for (py::ssize_t d = 0; d < a.ndim(); ++d) {
        if (a.strides(d) % static_cast<py::ssize_t>(sizeof(value_type)) == 0) continue;
        std::string strides = "[";
        for (py::ssize_t k = 0; k < a.ndim(); ++k) strides += (k ? ", " : "") + std::to_string(a.strides(k));
        throw py::value_error("the " + wanted + " array " + numpy_shape(a) + " has strides " + strides +
                              "] bytes, which are not multiples of its element size, " +
                              std::to_string(sizeof(value_type)) + " bytes (a field of a structured array?): " +
                              "loom counts strides in elements; pass a copy (a.copy())");
    }
    if (reinterpret_cast<std::uintptr_t>(a.data()) % alignof(value_type) != 0) {
        throw py::value_error("the " + wanted + " array " + numpy_shape(a) +
                              " is not aligned: its first element's address is not a multiple of " +
                              std::to_string(alignof(value_type)) + "; pass a copy (a.copy())");
    }
}

// A view of a NumPy array that check_numpy_view accepted.
template <class T>
tensor_view<T> numpy_view(const pybind11::array& a) {
    using value_type = std::remove_const_t<T>;
    shape_type shape;
    strides_type strides;
    for (pybind11::ssize_t d = 0; d < a.ndim(); ++d) {
        shape.push_back(static_cast<index_t>(a.shape(d)));
        strides.push_back(static_cast<index_t>(a.strides(d) / static_cast<pybind11::ssize_t>(sizeof(value_type))));
    }
    // The address of element [0, ..., 0], whatever the strides' signs (NumPy's data pointer).
    T* first = static_cast<T*>(const_cast<void*>(a.data()));
    return adapt(first, shape, strides);
}

// A new NumPy array that owns `t`'s memory (Note [Python lifetimes]).
template <numpy_element T>
pybind11::array numpy_array_owning(tensor<T>&& t) {
    namespace py = pybind11;
    auto owned = std::make_unique<tensor<T>>(std::move(t));
    std::vector<py::ssize_t> shape(owned->shape().begin(), owned->shape().end());
    std::vector<py::ssize_t> strides;
    for (const index_t stride : owned->strides()) strides.push_back(static_cast<py::ssize_t>(stride * sizeof(T)));
    T* data = owned->data();
    py::capsule base(owned.get(), [](void* p) { delete static_cast<tensor<T>*>(p); });
    owned.release();  // the capsule owns it now
    if (data == nullptr) return py::array(py::dtype(type_name<T>()), shape, strides);  // no elements: NumPy's own
    return py::array(py::dtype(type_name<T>()), std::move(shape), std::move(strides), data, base);
}

// A loom expression: a tensor, a view, or a lazy expression.
template <class E>
concept python_expression = expression<E>;

template <class E>
inline constexpr bool is_python_view = false;
template <class T>
inline constexpr bool is_python_view<tensor_view<T>> = true;

}  // namespace detail

namespace python {

/// A capsule named "dltensor" that owns a DLManagedTensor holding the tensor
/// moved into it (to_dlpack, Note [Python lifetimes]): what a __dlpack__
/// method returns. A consumer renames it "used_dltensor" and calls the
/// deleter when done; a capsule never consumed frees the tensor when it
/// is collected.
template <element T>
pybind11::capsule to_dlpack(tensor<T>&& t) {
    DLManagedTensor* managed = loom::to_dlpack(std::move(t));
    PyObject* capsule = PyCapsule_New(managed, "dltensor", [](PyObject* self) {
        // The DLPack specification's destructor: only an unconsumed capsule owns its tensor.
        if (PyCapsule_IsValid(self, "used_dltensor")) return;
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        auto* unconsumed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(self, "dltensor"));
        if (unconsumed != nullptr && unconsumed->deleter != nullptr) unconsumed->deleter(unconsumed);
        else PyErr_WriteUnraisable(self);
        PyErr_Restore(type, value, traceback);
    });
    if (capsule == nullptr) {
        managed->deleter(managed);
        throw pybind11::error_already_set();
    }
    return pybind11::reinterpret_steal<pybind11::capsule>(capsule);
}

/// A view of the memory of a DLPack producer: `x` is a capsule named
/// "dltensor" or an object with a __dlpack__ method (a NumPy array, which
/// must then be writable for DLPack, a DLPack tensor of loom's). The
/// capsule is consumed (renamed "used_dltensor") and the view owns its
/// DLManagedTensor: the view and every view made from it keep the
/// producer's memory, and the deleter runs, holding the GIL, when the last
/// is gone (Note [Python lifetimes]). Throws pybind11::value_error for a
/// consumed capsule and the refusals of loom::from_dlpack (memory not on
/// the CPU, another element type, ...), after which the capsule is
/// unconsumed and frees its tensor when it is collected.
template <class T>
    requires element<std::remove_const_t<T>>
tensor_view<T> from_dlpack(pybind11::object x) {
    namespace py = pybind11;
    py::object capsule = py::isinstance<py::capsule>(x) ? x : x.attr("__dlpack__")();
    PyObject* handle = capsule.ptr();
    if (!PyCapsule_IsValid(handle, "dltensor")) {
        throw py::value_error(PyCapsule_IsValid(handle, "used_dltensor")
                                  ? "from_dlpack: this DLPack capsule was consumed already; call __dlpack__() again"
                                  : "from_dlpack: expected a capsule named \"dltensor\" or an object with __dlpack__");
    }
    auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(handle, "dltensor"));
    auto owner = std::make_shared<detail::dlpack_consumed>();
    owner->release = [](DLManagedTensor* self) {
        if (self->deleter == nullptr) return;
        py::gil_scoped_acquire gil;  // a producer's deleter may touch Python objects (NumPy's does)
        self->deleter(self);
    };
    tensor_view<T> view = [&] {
        try {
            return detail::dlpack_view<T>("from_dlpack", managed, owner);
        } catch (const std::invalid_argument& refused) {
            throw py::value_error(refused.what());
        }
    }();
    if (PyCapsule_SetName(handle, "used_dltensor") != 0) {
        owner->managed = nullptr;  // the capsule still owns it
        throw py::error_already_set();
    }
    return view;
}

/// A tensor offered to DLPack consumers (np.from_dlpack, ...): Python sees
/// an object of the class bind_dlpack registered, whose __dlpack__()
/// returns the capsule of to_dlpack once and whose __dlpack_device__() is
/// (1, 0), the CPU.
class [[gnu::visibility("hidden")]] dlpack_tensor {
public:
    /// Owns `t`, moved into the capsule of python::to_dlpack.
    template <element T>
    explicit dlpack_tensor(tensor<T>&& t) : capsule_(python::to_dlpack(std::move(t))) {}

    /// The capsule "dltensor"; a second call throws pybind11::buffer_error.
    pybind11::capsule take(const pybind11::object& /*stream*/) {
        if (!capsule_) throw pybind11::buffer_error("this loom tensor was exported by __dlpack__ already");
        return std::move(capsule_);
    }

private:
    pybind11::capsule capsule_;
};

/// Registers the Python class `name` of dlpack_tensor in module `m`, with
/// __dlpack__(stream=None) and __dlpack_device__(); a module whose
/// functions return python::dlpack_tensor calls it in PYBIND11_MODULE.
inline void bind_dlpack(pybind11::module_& m, const char* name = "DLPackTensor") {
    namespace py = pybind11;
    py::class_<dlpack_tensor>(m, name, py::module_local(),
                              "A loom tensor for a DLPack consumer such as np.from_dlpack")
        .def("__dlpack__", &dlpack_tensor::take, py::arg("stream") = py::none())
        .def("__dlpack_device__", [](const dlpack_tensor&) { return py::make_tuple(static_cast<int>(kDLCPU), 0); });
}

}  // namespace python

}  // namespace loom

namespace pybind11::detail {

/// A NumPy array as a tensor_view<T> (Note [Python lifetimes]); a loom
/// tensor or view as a new NumPy array. A view taken from an
/// array is never a copy, so the caster converts nothing: another dtype, a
/// read-only array for a view of mutable elements, or an object other than
/// an array raises TypeError or ValueError (loom::detail::check_numpy_view).
template <class E>
    requires loom::detail::python_expression<E>
struct type_caster<E> {
    using value_type = loom::value_type_of<E>;
    static_assert(loom::detail::numpy_element<value_type>,
                  "NumPy has no bfloat16: a bound function takes and returns tensors of NumPy's types (convert "
                  "with astype<float>, or exchange bfloat16 through DLPack, loom::python::to_dlpack)");

    static constexpr auto name = const_name("numpy.ndarray");

    /// Loads a view of the array's memory; a tensor or an expression is not
    /// a parameter type (it would be a copy), and stops the build.
    bool load(handle source, bool /*convert*/) {
        if constexpr (loom::detail::is_python_view<E>) {
            loom::detail::check_numpy_view<typename E::element_type>(source);
            value.emplace(loom::detail::numpy_view<typename E::element_type>(reinterpret_borrow<array>(source)));
            return true;
        } else {
            static_assert(loom::detail::always_false<E>,
                          "a bound function takes loom::tensor_view<const T> (or tensor_view<T> to write) of a "
                          "NumPy array, never a copy: declare the parameter as a view");
            return false;
        }
    }

    /// A new NumPy array owning the tensor, moved in; a view's elements are
    /// copied into a new tensor first. A lazy expression stops the build:
    /// pybind11 converts a function's result after the function's parameters
    /// are gone, and a lazy expression refers to them (Note [closure rule] in
    /// expr/expression.hpp), so the function returns loom::eval(expression).
    template <class U>
    static handle cast(U&& source, return_value_policy /*policy*/, handle /*parent*/) {
        if constexpr (!loom::memory_leaf<E>) {
            static_assert(loom::detail::always_false<U>,
                          "a bound function returns a loom::tensor, not a lazy expression: the expression refers to "
                          "the function's parameters, which are gone when pybind11 converts the result; return "
                          "loom::eval(expression)");
            return {};
        } else if constexpr (std::is_same_v<E, loom::tensor<value_type>> && !std::is_lvalue_reference_v<U>) {
            return loom::detail::numpy_array_owning(std::move(source)).release();
        } else {
            return loom::detail::numpy_array_owning(loom::tensor<value_type>(source)).release();
        }
    }

    template <class U>
    using cast_op_type = movable_cast_op_type<U>;
    operator E*() { return &*value; }
    operator E&() { return *value; }
    operator E&&() && { return std::move(*value); }

private:
    std::optional<E> value;
};

}  // namespace pybind11::detail
