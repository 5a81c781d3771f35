// OpenVINO's broadcast rules for element-wise operations: its three modes
// (none, numpy, pdpd: broadcast::none, broadcast::numpy, broadcast::pdpd
// here) and its bidirectional broadcast of an array to a shape. Each example
// prints what the page shows, then loom::explain's walk of it.

#include <iostream>

#include <loom/tensor.hpp>

using namespace loom;

namespace {

// A = ones(a), B = ones(b), add(A, B, spec): the result's shape, or the error, and the explanation.
void example(const shape_type& a, const shape_type& b, const broadcast_spec& spec) {
    const tensor<float> x = ones<float>(a), y = ones<float>(b);
    std::cout << "A: " << a << " B: " << b;
    if (spec.kind == broadcast_spec::mode::pdpd) std::cout << " axis: " << spec.axis;
    try {
        const shape_type shape = add(x, y, spec).shape();
        std::cout << " result: " << shape << '\n';
    } catch (const broadcast_error& error) {
        std::cout << "\nbroadcast_error: " << error.what() << '\n';
    }
    std::cout << explain(x, y, spec) << '\n';
}

// broadcast_bidirectional(ones(a), target): the view's shape and the explanation.
void bidirectional_example(const shape_type& a, const shape_type& target) {
    const tensor<float> x = ones<float>(a);
    std::cout << "A: " << a << " target: " << target << " result: " << broadcast_bidirectional(x, target).shape()
              << '\n'
              << explain_bidirectional(x, target) << '\n';
}

}  // namespace

int main() {
    std::cout << "== None broadcast: the dimensions must match\n\n";
    example({2, 3}, {2, 3}, broadcast::none);
    example({2, 3}, {1, 3}, broadcast::none);

    std::cout << "== Numpy broadcast\n\n";
    example({}, {}, broadcast::numpy);
    example({2, 3}, {1}, broadcast::numpy);
    example({3}, {2, 3}, broadcast::numpy);
    example({2, 3, 5}, {}, broadcast::numpy);
    example({2, 1, 5}, {1, 4, 5}, broadcast::numpy);
    example({6, 5}, {2, 1, 5}, broadcast::numpy);
    example({2, 1, 5}, {4, 1}, broadcast::numpy);
    example({3, 2, 1, 4}, {5, 4}, broadcast::numpy);
    example({1, 5, 3}, {5, 2, 1, 3}, broadcast::numpy);
    example({3}, {2}, broadcast::numpy);
    example({3, 1, 5}, {4, 4, 5}, broadcast::numpy);

    std::cout << "== PDPD broadcast: B placed onto A at axis; only B broadcasts\n\n";
    example({2, 3, 4, 5}, {3, 4}, broadcast::pdpd(1));
    example({2, 3, 4, 5}, {3, 1}, broadcast::pdpd(1));
    example({2, 3, 4, 5}, {4, 5}, broadcast::pdpd());
    example({2, 3, 4, 5}, {4, 5}, broadcast::pdpd(2));
    example({2, 3, 4, 5}, {1, 3}, broadcast::pdpd(0));
    example({2, 3, 4, 5}, {}, broadcast::pdpd());
    example({2, 3, 4, 5}, {5}, broadcast::pdpd());
    example({2, 3, 4, 5}, {5}, broadcast::pdpd(3));
    example({8, 1, 6, 1}, {7, 1, 5}, broadcast::pdpd(1));

    std::cout << "== Bidirectional broadcast: like A * ones(target); the result may differ from the target\n\n";
    bidirectional_example({5}, {1});
    bidirectional_example({2, 3}, {3});
    bidirectional_example({3, 1}, {3, 4});
    bidirectional_example({3, 4}, {});
    bidirectional_example({3, 1}, {2, 1, 6});
}
