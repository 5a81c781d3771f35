// Builds one broadcasting expression through the loom::loom target and checks its values.
#include <cstdio>

#include <loom/loom.hpp>

int main() {
    const loom::tensor<float> matrix{{1, 2, 3}, {4, 5, 6}};
    const loom::tensor<float> row{10, 20, 30};
    const loom::tensor<float> result = matrix * 2.f + row;  // [2, 3] with [3] -> [2, 3]

    const float expected[2][3] = {{12, 24, 36}, {18, 30, 42}};
    if (loom::to_string(result.shape()) != "[2, 3]") {
        std::printf("loom_consumer: shape %s, expected [2, 3]\n", loom::to_string(result.shape()).c_str());
        return 1;
    }
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) {
            if (result(i, j) != expected[i][j]) {
                std::printf("loom_consumer: result(%d, %d) is %g, expected %g\n", i, j, result(i, j), expected[i][j]);
                return 1;
            }
        }
    }
    std::printf("loom_consumer: matrix * 2 + row is correct\n");
    return 0;
}
