#include <loom/loom.hpp>
#include <loom/interop/python.hpp>

using loom::tensor_view;

PYBIND11_MODULE(loom_example, m) {
    // out[...] = a * b + c with NumPy's broadcasting, in one loop straight into out: no temporary, no copy
    m.def("fma_into", [](tensor_view<float> out, tensor_view<const float> a, tensor_view<const float> b,
                         tensor_view<const float> c) { out = a * b + c; });
    // a new NumPy array that owns the memory loom computed the result in
    m.def("norm", [](tensor_view<const double> x, tensor_view<const double> y) { return loom::eval(loom::sqrt(x * x + y * y)); });
}
