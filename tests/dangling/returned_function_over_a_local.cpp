// expect: address of stack memory associated with local variable 'local' returned
// An element-wise function of a local and an argument.
#include <loom/tensor.hpp>

auto shifted(const loom::tensor<float>& a) {
    loom::tensor<float> local{1, 2, 3};
    return loom::maximum(a, local);
}

int main() { return static_cast<int>(shifted(loom::tensor<float>{0, 0, 0}).size()); }
