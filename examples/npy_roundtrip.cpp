// Reads an array from a .npy file, computes with loom, and writes the result
// as .npy, for NumPy (or anything else) to read back:
//
//     npy_roundtrip [input.npy [output.npy]]
//
// The input may hold any element type; it is read as float64. With no
// arguments, the program first writes its own input, npy_roundtrip_input.npy.
// docs/files.md shows NumPy writing the input and reading the output.

#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <variant>

#include <loom/io.hpp>

using namespace loom;

int main(int argc, char** argv) {
    const std::filesystem::path input = argc > 1 ? argv[1] : "npy_roundtrip_input.npy";
    const std::filesystem::path output = argc > 2 ? argv[2] : "npy_roundtrip_output.npy";
    if (argc < 2) save_npy(input, linspace(-1, 1, 6).reshape({2, 3}));

    // Whatever real numbers the file holds, as float64 (complex numbers do not convert to a real type).
    const tensor<double> x = std::visit(
        [&](const auto& t) -> tensor<double> {
            if constexpr (complex_element<value_type_of<decltype(t)>>) {
                throw std::runtime_error(input.string() + " holds complex numbers; this example reads real ones");
            } else {
                return astype<double>(t);
            }
        },
        load_npy_any(input));
    const tensor<double> y = where(x > 0., sqrt(x), x * x);
    save_npy(output, y);

    std::cout << input.string() << ' ' << x.shape() << ":\n" << x << '\n';
    std::cout << output.string() << ":\n" << y << '\n';
}
