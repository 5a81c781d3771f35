// The module tests/python/test_bridge.py runs: for each of NumPy's element
// types loom has, functions that tell what loom saw of an array (its address,
// shape and strides in elements, its values), that write into one, and that
// return loom's tensors; and the DLPack exchange both ways.

#include <complex>
#include <cstdint>
#include <optional>
#include <string>

#include <loom/loom.hpp>
#include <loom/interop/python.hpp>

namespace py = pybind11;
using loom::tensor;
using loom::tensor_view;

namespace {

std::uintptr_t address(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }

// The address of the last tensor returned to Python, before it was moved.
std::uintptr_t last_returned = 0;

template <class T>
tensor<T> returned(tensor<T> t) {
    last_returned = address(t.data());
    return t;
}

template <class List>
py::tuple tuple_of(const List& values) {
    py::list list;
    for (const auto value : values) list.append(value);
    return py::tuple(list);
}

// A view kept past the call, and the DLPack tensor it owns.
std::optional<tensor_view<const double>> held;

template <class T>
void bind_type(py::module_& m, const std::string& suffix) {
    // (address, shape, strides in elements) of the view loom took
    m.def(("seen_" + suffix).c_str(), [](tensor_view<const T> v) {
        return py::make_tuple(address(v.data()), tuple_of(v.shape()), tuple_of(v.strides()));
    });
    // the view's values, as a new array (evaluated from the view: loom reads with the strides)
    m.def(("copy_" + suffix).c_str(), [](tensor_view<const T> v) { return v; });
    // out[...] = source, through a view of mutable elements
    m.def(("assign_" + suffix).c_str(), [](tensor_view<T> out, tensor_view<const T> source) { out = source; });
    // a tensor moved into a new array
    m.def(("filled_" + suffix).c_str(), [](tensor_view<const T> v) { return returned(tensor<T>(v)); });
    if constexpr (!std::is_same_v<T, bool>) {
        // a DLPack tensor of the array's values, for np.from_dlpack
        m.def(("dlpack_" + suffix).c_str(), [](tensor_view<const T> v) {
            tensor<T> t(v);
            last_returned = address(t.data());
            return loom::python::dlpack_tensor(std::move(t));
        });
        // (address, values) of a DLPack producer's memory
        m.def(("from_dlpack_" + suffix).c_str(), [](py::object x) {
            tensor_view<const T> v = loom::python::from_dlpack<const T>(x);
            return py::make_tuple(address(v.data()), tensor<T>(v));
        });
    }
}

}  // namespace

PYBIND11_MODULE(loom_bridge_test, m) {
    loom::python::bind_dlpack(m);
    bind_type<bool>(m, "bool");
    bind_type<std::int8_t>(m, "int8");
    bind_type<std::int16_t>(m, "int16");
    bind_type<std::int32_t>(m, "int32");
    bind_type<std::int64_t>(m, "int64");
    bind_type<std::uint8_t>(m, "uint8");
    bind_type<std::uint16_t>(m, "uint16");
    bind_type<std::uint32_t>(m, "uint32");
    bind_type<std::uint64_t>(m, "uint64");
    bind_type<loom::float16>(m, "float16");
    bind_type<float>(m, "float32");
    bind_type<double>(m, "float64");
    bind_type<std::complex<float>>(m, "complex64");
    bind_type<std::complex<double>>(m, "complex128");

    m.def("last_returned", [] { return last_returned; });
    // an expression, evaluated once into the new array
    m.def("scaled_sum", [](tensor_view<const double> a, tensor_view<const double> b) { return loom::eval(2.0 * a + b); });
    // a view that outlives the call owns the DLPack tensor it was made from
    m.def("hold", [](py::object x) { held.emplace(loom::python::from_dlpack<const double>(x)); });
    m.def("held_sum", [] { return loom::tensor<double>(loom::sum(*held)).item(); });
    m.def("release", [] { held.reset(); });
    // the refusal of memory that is not on the CPU
    m.def("from_cuda", [] {
        std::int64_t shape[] = {2};
        float values[2] = {1, 2};
        DLManagedTensor managed{};
        managed.dl_tensor = {values, {kDLCUDA, 0}, 1, {kDLFloat, 32, 1}, shape, nullptr, 0};
        (void)loom::from_dlpack<float>(&managed);
    });
    // a C++ round trip: to_dlpack, then from_dlpack, which calls the deleter
    m.def("round_trip", [] {
        tensor<float> t = loom::arange<float>(6).reshape({2, 3});
        const float* data = t.data();
        tensor_view<float> v = loom::from_dlpack<float>(loom::to_dlpack(std::move(t)));
        return py::make_tuple(v.data() == data, tensor<float>(v));
    });
}
