// loom in forty lines: the program shown on the front page (README.md).
#include <iostream>

#include <loom/loom.hpp>

int main() {
    using namespace loom;

    tensor<float> m{{1, 2, 3}, {4, 5, 6}};  // shape [2, 3], from nested lists
    tensor<float> row{10, 20, 30};          // shape [3]

    auto e = m * 2.f + row;  // lazy: nothing computed yet, but the shape is checked and known
    std::cout << e.shape() << '\n';
    tensor<float> r = e;     // one fused loop, no temporaries
    std::cout << r << '\n';

    std::cout << (ones<float>({2, 3, 1, 5}) + ones<float>({3, 4, 1})).shape() << '\n';  // NumPy's rule

    r += row;  // in place: [3] broadcasts into [2, 3]
    try {
        row += m;  // would grow row from [3] to [2, 3]
    } catch (const broadcast_error& error) {
        std::cout << error.what() << '\n';
    }

    // PaddlePaddle's rule: [3] placed onto [2, 3, 4] at axis 1.
    std::cout << add(ones<float>({2, 3, 4}), row, broadcast::pdpd(1)).shape() << '\n';

    tensor<bool> big = r > 40.f;
    std::cout << big << '\n' << where(big, r, 0.f) << '\n';

    // Views copy nothing: slices, transposes, and broadcasting to a shape.
    r(all, range(1, none)) -= r(all, range(0, 2));  // overlapping views, as NumPy's r[:, 1:] -= r[:, :2]
    std::cout << r.transpose() << '\n' << broadcast_to(row, {4, 3}).strides() << '\n';

    // Reductions and products are expressions too, computed once per assignment.
    tensor<float> centred = r - mean(r, 1, true);  // keepdims: [2, 1] broadcasts against [2, 3]
    std::cout << centred << '\n' << matmul(r, r.transpose()) << '\n';
}
