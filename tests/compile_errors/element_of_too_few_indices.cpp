// expect: for the view NumPy's x[i] gives, write x(i, ellipsis)
// A tensor whose rank is in its type takes one integer index per dimension for an element: x(0) on a
// matrix, NumPy's x[0], does not compile, and says how to write the row.
#include <loom/tensor.hpp>

int main() {
    loom::tensor<float, loom::rank<2>> x(loom::shape_type{2, 3});
    return static_cast<int>(x(0));
}
