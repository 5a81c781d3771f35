// PaddlePaddle's broadcasting guide, in English and in Chinese: its rule
// (compare the shapes from back to front: the sizes must be equal, or one
// of them 1, or one of them missing), and the `axis` of its elementwise_*
// functions, which places y onto x from that axis. Each example prints what
// the guide shows, then loom::explain's walk of it, step by step.

#include <iostream>
#include <string_view>

#include <loom/tensor.hpp>

using namespace loom;

namespace {

// x of shape a, y of shape b (ones), then `call` (x + y, or elementwise_add with an
// axis): the result's shape, or the error, and the explanation.
void example(const shape_type& a, const shape_type& b, const broadcast_spec& spec, std::string_view call) {
    const tensor<float> x = ones<float>(a), y = ones<float>(b);
    std::cout << "x of shape " << a << ", y of shape " << b << '\n';
    try {
        const shape_type shape = add(x, y, spec).shape();
        std::cout << call << " has shape " << shape << '\n';
    } catch (const broadcast_error& error) {
        std::cout << call << ": broadcast_error: " << error.what() << '\n';
    }
    std::cout << explain(x, y, spec) << '\n';
}

void example(const shape_type& a, const shape_type& b) { example(a, b, broadcast::numpy, "x + y"); }

}  // namespace

int main() {
    std::cout << "== When are two tensors broadcastable?\n\n";
    example({2, 3, 4}, {2, 3, 4});     // the same shapes
    example({2, 3, 1, 5}, {3, 4, 1});  // compared from back to front, four steps
    example({2, 3, 4}, {2, 3, 6});     // the first step from the tail fails: 4 is not 6

    std::cout << "== The result's shape: prepend 1s to the shorter, then the larger size in each dimension\n\n";
    example({2, 1, 4}, {3, 1});
    example({2, 1, 4}, {3, 2});

    std::cout << "== elementwise_add(x, y, axis): y placed onto x from the axis, compared front to back\n\n";
    example({2, 1, 4}, {3, 1}, broadcast::paddle_elementwise(1), "elementwise_add(x, y, axis=1)");
    example({2, 3, 4, 5}, {4, 5}, broadcast::paddle_elementwise(1), "elementwise_add(x, y, axis=1)");
    example({2, 3, 4, 5}, {3}, broadcast::paddle_elementwise(1), "elementwise_add(x, y, axis=1)");
}
