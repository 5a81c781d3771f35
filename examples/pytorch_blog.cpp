// The PyTorch blog post on broadcasting: when two tensors are compatible,
// the caveat of in-place operations, the shapes losses accept, and the batch
// dimensions of a matrix product. Each example prints what the post shows,
// then loom::explain's walk of it. Its sequence-mask puzzle is
// examples/sequence_mask.cpp.

#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string_view>

#include <loom/nn.hpp>

using namespace loom;

namespace {

// Prints `code` and the shape of what `run` returns, or the error it throws.
template <class Run>
void show(std::string_view code, Run run) {
    try {
        const shape_type shape = run().shape();
        std::cout << code << " has shape " << shape << '\n';
    } catch (const std::invalid_argument& error) {
        std::cout << code << ": error: " << error.what() << '\n';
    }
}

}  // namespace

int main() {
    std::cout << "== Two tensors are broadcastable when, lined up from right to left, each pair of sizes is\n"
                 "== the same, or one of them is 1 or does not exist\n\n";
    for (const auto& [a_shape, b_shape] : {std::pair<shape_type, shape_type>{{2, 3, 4}, {2, 3, 4}},
                                           {{1, 4, 5}, {9, 4, 5}},
                                           {{1, 8, 1}, {12, 10, 1, 3}},
                                           {{0, 1, 0}, {1, 2, 1}}}) {
        const tensor<float> a = ones<float>(a_shape), b = ones<float>(b_shape);
        std::cout << "a of shape " << a_shape << ", b of shape " << b_shape << '\n';
        show("a * b", [&] { return a * b; });
        std::cout << explain(a, b) << '\n';
    }

    std::cout << "== In place, the operand operated on is never broadcast\n\n";
    {
        tensor<float> a = ones<float>({3, 3, 7});
        const tensor<float> b = ones<float>({3, 1, 7});
        show("a += b (PyTorch: a.add_(b))", [&]() -> tensor<float>& { return a += b; });
        std::cout << explain_in_place(a, b) << '\n';
    }
    {
        tensor<float> a = ones<float>({1, 3, 1});
        const tensor<float> b = ones<float>({5, 4, 3, 4});
        show("a += b (PyTorch: a.add_(b))", [&]() -> tensor<float>& { return a += b; });
        std::cout << explain_in_place(a, b) << '\n';
    }

    std::cout << "== Loss functions: the target of a class is an index, so it has no class dimension\n\n";
    {
        const tensor<float> input = zeros<float>({4, 3});  // [batch_size, num_classes]
        const tensor<std::int64_t> target{0, 2, 1, 2};    // [batch_size]
        show("cross_entropy(input [4, 3], target [4], reduction none)",
             [&] { return cross_entropy(input, target, {.reduction = loss_reduction::none}); });
        std::cout << "its mean: " << cross_entropy(input, target).item() << " (log 3, as every class is as likely)\n";
        std::cout << explain_loss_target(input, target) << '\n';
    }
    {
        const tensor<float> input = zeros<float>({2, 3, 4, 4});         // [batch_size, num_classes, d1, d2]
        const tensor<std::int64_t> target = zeros<std::int64_t>({2, 4, 4});  // [batch_size, d1, d2]
        show("cross_entropy(input [2, 3, 4, 4], target [2, 4, 4], reduction none)",
             [&] { return cross_entropy(input, target, {.reduction = loss_reduction::none}); });
        std::cout << explain_loss_target(input, target) << '\n';
        const tensor<std::int64_t> wrong = zeros<std::int64_t>({2, 3, 4});
        show("cross_entropy(input [2, 3, 4, 4], target [2, 3, 4])", [&] { return cross_entropy(input, wrong); });
        std::cout << explain_loss_target(input, wrong) << '\n';
    }
    {
        const tensor<float> input = zeros<float>({4, 5}), target = ones<float>({4, 5});  // [batch_size, ...] twice
        show("mse_loss(input [4, 5], target [4, 5], reduction none)",
             [&] { return mse_loss(input, target, loss_reduction::none); });
        std::cout << "(a simple loss takes one shape twice, as broadcast::none does)\n"
                  << explain(input, target, broadcast::none) << '\n';
    }

    std::cout << "== Matrix multiplication: the two rightmost dimensions multiply, the others broadcast\n\n";
    {
        const tensor<float> a = ones<float>({1, 1, 8, 9}), b = ones<float>({2, 3, 9, 7});
        show("matmul(a, b) (PyTorch: a @ b)", [&] { return eval(matmul(a, b)); });
        std::cout << explain_matmul(a, b) << '\n';
    }
}
