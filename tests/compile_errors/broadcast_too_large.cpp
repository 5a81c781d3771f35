// expect: static_broadcast_too_large<loom::fixed<4294967296, 1>, loom::fixed<1, 4294967296>
// Fixed shapes [4294967296, 1] and [1, 4294967296] broadcast to a shape of 2^64 elements, more than
// index_t counts: building the node does not compile, as the dynamic shapes are refused when built.
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<float, loom::fixed<(loom::index_t{1} << 32), 1>> a;
    const loom::tensor<float, loom::fixed<1, (loom::index_t{1} << 32)>> b;
    auto sum = a + b;
    (void)sum;
}
