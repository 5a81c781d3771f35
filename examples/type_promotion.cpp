// The element type of an expression, for each kind of operand: prints
// `expression -> type` (NumPy's type names). docs/expressions.md shows this
// program's output. Each variable is named after its element type.

#include <cstdint>
#include <iomanip>
#include <iostream>
#include <string_view>

#include <loom/tensor.hpp>

using namespace loom;

namespace {

template <class Expression>
void row(std::string_view code, const Expression&) {
    std::cout << "  " << std::left << std::setw(26) << code << " -> " << type_name<value_type_of<Expression>>() << '\n';
}

// ROW(code) prints `code` as written and the element type of its result.
#define ROW(...) row(#__VA_ARGS__, __VA_ARGS__)

}  // namespace

int main() {
    const tensor<bool> b{true};
    const tensor<std::int8_t> i8{1};
    const tensor<std::uint8_t> u8{1};
    const tensor<std::int16_t> i16{1};
    const tensor<std::int32_t> i32{1};
    const tensor<std::int64_t> i64{1};
    const tensor<std::uint64_t> u64{1};
    const tensor<float> f32{1};
    const tensor<double> f64{1};

    std::cout << "tensor with tensor: the higher category wins (bool < integer < floating), else the wider type\n";
    ROW(b + b);
    ROW(b * i16);
    ROW(u8 + u8);
    ROW(i8 + u8);
    ROW(i32 + i64);
    ROW(u64 + i64);
    ROW(i16 + f32);
    ROW(i64 + f32);
    ROW(f32 + f64);

    std::cout << "tensor with a C++ scalar: the scalar never widens a tensor of its own category\n";
    ROW(f32 * 2.0);
    ROW(i8 + 100);
    ROW(i32 + 7L);
    ROW(u8 * 2.5f);
    ROW(i32 * 2.5);
    ROW(b + 1);

    std::cout << "operations with their own result type\n";
    ROW(i32 / i32);
    ROW(f32 / i32);
    ROW(floor_divide(i32, i32));
    ROW(i32 % 3);
    ROW(i32 < f64);
    ROW(i32 && f32);
    ROW(sqrt(i8));
    ROW(sqrt(f32));
    ROW(floor(i32));
    ROW(abs(i16));
    ROW(astype<std::int16_t>(f64));
}
