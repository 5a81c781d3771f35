// expect: x.sum(...) is a reduction of <loom/reduce.hpp>: include it
// The reductions as members are declared with tensors and defined by <loom/reduce.hpp>: with
// <loom/tensor.hpp> alone, x.sum(0) fails with one line that names the header.
#include <loom/tensor.hpp>

int main() {
    loom::tensor<float> x(loom::shape_type{2, 3});
    auto sums = x.sum(0);
    return static_cast<int>(sums.size());
}
