// The heat equation on a plate, explicit finite differences on views, as a
// NumPy programmer writes it on the first day (twin: heat.py).
#include <cstdio>

#include <loom/loom.hpp>

using namespace loom;

int main() {
    const index_t n = 128;
    const int steps = 200;
    const double r = 0.2;  // alpha dt / dx^2, stable up to 0.25

    tensor<double> u = zeros<double>({n, n});
    u(range(n / 4, n / 2), range(n / 4, n / 2)) = 100.0;
    u(0, all) = 50.0;

    const range inner(1, n - 1), up(0, n - 2), down(2, n);
    for (int step = 0; step < steps; ++step) {
        u(inner, inner) = u(inner, inner) + r * (u(up, inner) + u(down, inner) + u(inner, up) +
                                                 u(inner, down) - 4.0 * u(inner, inner));
    }

    std::printf("total heat %.6f\n", tensor<double>(sum(u)).item());
    std::printf("hottest %.6f\n", tensor<double>(max(u(inner, inner))).item());
    std::printf("centre %.6f\n", u(n / 2, n / 2));
    std::printf("row 1 mean %.6f\n", tensor<double>(mean(u(1, all))).item());
}
