// expect: address of stack memory associated with local variable 'local' returned
// A view of a local tensor's memory.
#include <loom/tensor.hpp>

auto first_two() {
    loom::tensor<float> local{1, 2, 3};
    return local(loom::range(0, 2));
}

int main() { return static_cast<int>(first_two().size()); }
