// A fused computation from physics: the explicit finite-difference step of
// the heat equation on a square plate, u += r * (the four neighbours - 4 u),
// written as one loom expression, and the same step written as NumPy code
// often is, one temporary array per operation. The initial temperature is a
// Gaussian spot, built by broadcasting a column of x against a row of y.
//
// It prints the temperature field and checks that both ways agree; how long
// each took goes to stderr, so that the output compared by the tests does
// not depend on the machine.

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>

#include <loom/reduce.hpp>

using namespace loom;

namespace {

constexpr index_t n = 256;     // grid points along each side
constexpr int steps = 100;     // time steps
constexpr double r = 0.2;      // alpha dt / dx^2: the explicit scheme is stable up to 0.25

const range interior(1, n - 1), before(0, n - 2), after(2, n);  // the interior, and its neighbours' rows and columns

// One step, fused: one loop over the interior, no temporaries.
void step_fused(const tensor<double>& u, tensor<double>& next) {
    next(interior, interior) =
        u(interior, interior) + r * (u(before, interior) + u(after, interior) + u(interior, before) + u(interior, after) -
                               4.0 * u(interior, interior));
}

// The same step, one new array per operation.
void step_with_temporaries(const tensor<double>& u, tensor<double>& next) {
    const tensor<double> up = u(before, interior), down = u(after, interior);
    const tensor<double> left = u(interior, before), right = u(interior, after), centre = u(interior, interior);
    tensor<double> sum = up + down;
    sum = sum + left;
    sum = sum + right;
    const tensor<double> four_centre = 4.0 * centre;
    const tensor<double> laplacian = sum - four_centre;
    const tensor<double> change = r * laplacian;
    const tensor<double> updated = centre + change;
    next(interior, interior) = updated;
}

// `steps` steps from u0, timed; the boundary keeps u0's values.
template <class Step>
tensor<double> run(const tensor<double>& u0, Step step, double& milliseconds) {
    tensor<double> u = u0.copy(), next = u0.copy();
    const auto start = std::chrono::steady_clock::now();
    for (int s = 0; s < steps; ++s) {
        step(u, next);
        std::swap(u, next);
    }
    milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return u;
}

}  // namespace

int main() {
    const tensor<double> x = linspace(0, 1, n).reshape({n, 1});  // a column
    const tensor<double> y = linspace(0, 1, n).reshape({1, n});  // a row
    const auto dx = x - 0.5, dy = y - 0.5;
    std::cout << "u0 = exp(-((x - 0.5)^2 + (y - 0.5)^2) / 0.01), with x a column and y a row:\n"
              << explain(dx * dx, dy * dy) << '\n';
    const tensor<double> u0 = exp(-(dx * dx + dy * dy) / 0.01);

    std::cout << "one step, u(interior, interior) + r * (u(before, interior) + ...): the shifted views\n"
                 "of the interior all have its shape\n"
              << explain(u0(interior, interior), u0(before, interior), u0(interior, after)) << '\n';

    double fused_ms = 0, temporaries_ms = 0;
    const tensor<double> fused = run(u0, step_fused, fused_ms);
    const tensor<double> with_temporaries = run(u0, step_with_temporaries, temporaries_ms);

    const print_options options{.precision = 4, .threshold = 1000, .edgeitems = 3, .linewidth = 75};
    const range centre(n / 4, 3 * n / 4 + 1, n / 8);
    std::cout << std::fixed << std::setprecision(6) << "heat before: " << tensor<double>(sum(u0)).item()
              << ", after " << steps << " steps: " << tensor<double>(sum(fused)).item() << '\n'
              << "the temperature every " << n / 8 << " points around the centre, after " << steps << " steps:\n"
              << to_string(tensor<double>(fused(centre, centre)), options) << '\n'
              << "fused and with temporaries agree to 1e-12: "
              << (tensor<double>(max(abs(fused - with_temporaries))).item() < 1e-12 ? "yes" : "no") << '\n';

    std::fprintf(stderr, "%d steps of a %td x %td grid: fused %.1f ms, with temporaries %.1f ms (%.1fx)\n", steps, n,
                 n, fused_ms, temporaries_ms, temporaries_ms / fused_ms);
}
