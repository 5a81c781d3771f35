// expect: nothing
// What must not warn: temporaries moved into the node, scalars copied, lvalue
// operands that outlive the expression, and views that own their memory.
#include <loom/tensor.hpp>

auto over_a_temporary() { return loom::tensor<float>{1, 2, 3} * 2.f; }

auto scaled(const loom::tensor<float>& a) {
    const float factor = 3.f;
    return a * factor + loom::tensor<float>{1, 2, 3};
}

auto negated_temporary() { return -loom::exp(loom::tensor<float>{1, 2}); }

auto view_of_a_temporary() { return loom::tensor<float>{1, 2, 3}(loom::range(0, 2)); }

int main() {
    const loom::tensor<float> a{1, 2, 3};
    auto e = a + loom::tensor<float>{4, 5, 6};
    auto f = loom::maximum(loom::tensor<float>{1, 2, 3}, a);
    const loom::tensor<float> r = e + f + over_a_temporary() + scaled(a) + loom::tensor<float>(view_of_a_temporary())(0);
    return static_cast<int>(r.size() + negated_temporary().size());
}
