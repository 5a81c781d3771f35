// PyTorch's broadcasting semantics page: when two tensors are
// "broadcastable", the shape of the result, and in-place operations, which
// never change the shape of the tensor they write. Each example prints what
// the page shows, then loom::explain's walk of it.

#include <iostream>
#include <string_view>

#include <loom/tensor.hpp>

using namespace loom;

namespace {

void example(const shape_type& x_shape, const shape_type& y_shape) {
    const tensor<float> x = ones<float>(x_shape), y = ones<float>(y_shape);
    std::cout << "x of shape " << x_shape << ", y of shape " << y_shape << '\n';
    try {
        const shape_type shape = (x + y).shape();
        std::cout << "(x + y).shape() is " << shape << '\n';
    } catch (const broadcast_error& error) {
        std::cout << "x + y: broadcast_error: " << error.what() << '\n';
    }
    std::cout << explain(x, y) << '\n';
}

void in_place_example(const shape_type& x_shape, const shape_type& y_shape) {
    tensor<float> x = ones<float>(x_shape);
    const tensor<float> y = ones<float>(y_shape);
    std::cout << "x of shape " << x_shape << ", y of shape " << y_shape << '\n';
    try {
        x += y;
        std::cout << "after x += y (PyTorch: x.add_(y)), x has shape " << x.shape() << '\n';
    } catch (const broadcast_error& error) {
        std::cout << "x += y: broadcast_error: " << error.what() << '\n';
    }
    std::cout << explain_in_place(x, y) << '\n';
}

}  // namespace

int main() {
    std::cout << "== General semantics\n\n";
    example({5, 7, 3}, {5, 7, 3});  // same shapes are always broadcastable
    // torch.FloatTensor() has shape (0,): PyTorch refuses it for having no dimension; loom, as
    // NumPy, because its 0 meets a 2.
    example({0}, {2, 2});
    example({5, 1, 4, 1}, {3, 1, 1});  // the trailing dimensions line up
    example({5, 2, 4, 1}, {3, 1, 1});  // in the 3rd trailing dimension 2 != 3
    example({1}, {3, 1, 7});           // lining up is not necessary

    std::cout << "== In-place semantics\n\n";
    in_place_example({5, 3, 4, 1}, {3, 1, 1});
    in_place_example({1, 3, 1}, {3, 1, 7});
}
