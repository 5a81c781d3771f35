// expect: takes one integer index per dimension
// A tensor of fixed shape takes as many indices as its rank for an element, at() as operator().
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<int, loom::fixed<2, 2>> x{{1, 2}, {3, 4}};
    return x.at(0, 1, 0);
}
