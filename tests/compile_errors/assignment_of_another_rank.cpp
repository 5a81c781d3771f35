// expect: static_assignment_ranks_differ<loom::rank<2>, loom::rank<1>
// A tensor of rank 2 keeps its rank: a value of rank 1 does not compile.
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<float, loom::rank<1>> b{1, 2, 3};
    loom::tensor<float, loom::rank<2>> z;
    z = b * 2;
}
