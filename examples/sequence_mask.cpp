// The sequence-mask puzzle of the PyTorch blog post on broadcasting: rows of
// sequences padded with values to ignore, and the length of each; comparing
// a row of positions [1, 5] with a column of lengths [3, 1] broadcasts to
// the [3, 5] mask, and A * mask keeps A's values where the mask is true.

#include <cstdint>
#include <iostream>

#include <loom/tensor.hpp>

using namespace loom;

int main() {
    const tensor<std::int64_t> A{{2, 3, 4, 0, 0}, {1, 0, 0, 2, 3}, {0, 5, 6, 7, 8}};
    const tensor<std::int64_t> lengths{3, 1, 5};

    // torch.arange(A.shape[1]).unsqueeze(0) and lengths.unsqueeze(1): views, nothing copied.
    const auto positions = arange<std::int64_t>(A.shape()[1]).unsqueeze(0);
    const auto column = lengths.unsqueeze(1);
    std::cout << "positions = arange(A.shape()[1]).unsqueeze(0), of shape " << positions.shape() << ":\n"
              << positions << "\nlengths.unsqueeze(1), of shape " << column.shape() << ":\n"
              << column << "\n\n";

    std::cout << "mask = positions < lengths.unsqueeze(1):\n" << explain(positions, column) << '\n';
    const tensor<bool> mask = positions < column;
    std::cout << "A =\n" << A << "\nmask =\n" << mask << "\nA * mask =\n" << A * mask << '\n';
}
