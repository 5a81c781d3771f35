// expect: x.mean(...) is a reduction of <loom/reduce.hpp>: include it
// A reduction member over every axis, without <loom/reduce.hpp>, names the header too.
#include <loom/fft.hpp>

int main() {
    loom::tensor<double> x(loom::shape_type{4});
    auto mean = x.mean();
    return static_cast<int>(mean.size());
}
