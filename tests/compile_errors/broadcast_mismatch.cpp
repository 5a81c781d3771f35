// expect: static_shapes_not_broadcastable<loom::fixed<3, 4>, loom::fixed<5>, loom::at_dimension<1>
// Fixed shapes [3, 4] and [5] do not broadcast (size 4 vs 5 at dimension 1):
// building the node does not compile.
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<float, loom::fixed<3, 4>> a;
    const loom::tensor<float, loom::fixed<5>> b;
    auto sum = a + b;
    (void)sum;
}
