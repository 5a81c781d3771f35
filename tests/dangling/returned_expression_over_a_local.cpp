// expect: address of stack memory associated with local variable 'local' returned
// An expression that refers to a tensor local to the function that returns it.
#include <loom/tensor.hpp>

auto doubled() {
    loom::tensor<float> local{1, 2, 3};
    return local * 2.f;
}

int main() { return static_cast<int>(doubled().size()); }
