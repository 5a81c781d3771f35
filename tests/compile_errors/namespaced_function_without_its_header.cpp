// expect: solve(...) is in <loom/linalg.hpp>: include it, or <loom/loom.hpp>
// So are those of loom::linalg and loom::fft: with <loom/tensor.hpp> alone, linalg::solve(a, b)
// fails with one line that names <loom/linalg.hpp>.
#include <loom/tensor.hpp>

int main() {
    const loom::tensor<double> a = loom::eye<double>(3), b = loom::ones<double>({3});
    auto x = loom::linalg::solve(a, b);
    return static_cast<int>(x.size());
}
