// expect: static_assignment_shapes_differ<loom::fixed<4, 3>, loom::fixed<3, 4>
// A tensor of fixed shape [4, 3] keeps its shape: a value of fixed shape
// [3, 4] does not compile.
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<float, loom::fixed<3, 4>> a;
    const loom::tensor<float, loom::fixed<4>> b;
    loom::tensor<float, loom::fixed<4, 3>> z;
    z = a + b;
}
