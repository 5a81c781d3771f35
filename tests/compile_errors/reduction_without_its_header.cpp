// expect: max(...) is in <loom/reduce.hpp>: include it, or <loom/loom.hpp>
// The functions of a capability header are named in every program: with <loom/fft.hpp> alone,
// max(x) fails with one line that names the header that defines it, not "not declared".
#include <loom/fft.hpp>

int main() {
    loom::tensor<float> x(loom::shape_type{2, 3});
    auto largest = max(x);
    return static_cast<int>(largest.size());
}
