// What loom says when something is wrong: each line of code below fails, and
// the program prints the type of the exception it throws and its message.
// docs/errors.md shows this program's output.

#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string_view>

#include <loom/tensor.hpp>

using namespace loom;

namespace {

// The most specific of loom's exception types that `error` is.
std::string_view type_of(const std::exception& error) {
    if (dynamic_cast<const broadcast_error*>(&error)) return "loom::broadcast_error";
    if (dynamic_cast<const std::out_of_range*>(&error)) return "std::out_of_range";
    if (dynamic_cast<const std::length_error*>(&error)) return "std::length_error";
    if (dynamic_cast<const std::invalid_argument*>(&error)) return "std::invalid_argument";
    return "std::exception";
}

// Runs `code`, which must throw, and prints what it threw.
template <class Code>
void fails(std::string_view text, Code code) {
    std::cout << text << '\n';
    try {
        code();
        std::cout << "  (no error)\n";
    } catch (const std::exception& error) {
        std::cout << "  " << type_of(error) << ": " << error.what() << "\n\n";
    }
}

// FAILS(code) runs `code` and prints it as written, with what it threw.
#define FAILS(...) fails(#__VA_ARGS__, [&] { (void)(__VA_ARGS__); })

}  // namespace

int main() {
    tensor<float> a = ones<float>({2, 3});
    tensor<float> b = ones<float>({4});
    const tensor<float> column = ones<float>({3, 1});
    const tensor<std::int8_t> small{1, 2, 3};

    // Shapes that do not broadcast, under each rule.
    FAILS(a + b);
    FAILS(add(a, ones<float>({1, 3}), broadcast::none));
    FAILS(add(ones<float>({8, 1, 6, 1}), ones<float>({7, 1, 5}), broadcast::pdpd(1)));
    FAILS(add(ones<float>({2, 3, 4, 5}), ones<float>({4, 5}), broadcast::pdpd(3)));
    FAILS(add(ones<float>({2, 3, 4, 5}), ones<float>({4, 5}), broadcast::paddle_elementwise(1)));
    FAILS(broadcast_to(column, {3}));

    // In place, the destination never grows.
    FAILS(a += column);
    FAILS(a += ones<float>({4, 1, 3}));

    // Writing through a broadcast view.
    FAILS(broadcast_to(a, {4, 2, 3}) = 0.f);

    // Indices and axes.
    FAILS(a.at(2, 0));
    FAILS(a.at(0));
    FAILS(a.unsqueeze(3));

    // Scalars and values that do not fit.
    FAILS(small + 1000);
    FAILS(full<std::int8_t>({2}, 300));
    FAILS(arange<std::uint8_t>(250, 260));

    // Shapes and sizes.
    FAILS(tensor<float>(shape_type{2, -1}));
    FAILS(tensor<float>(shape_type{index_t{1} << 40, index_t{1} << 40}));
    FAILS(tensor<int>{{1, 2, 3}, {4, 5}});
    FAILS(a.reshape({4, 2}));
    FAILS(arange(0, 10, 0));
}
