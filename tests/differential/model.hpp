#pragma once
// The data of the differential test against NumPy: element types, tensors of
// any element type, the expression tree of a case, and what evaluating a case
// gave (in loom or in NumPy).

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "loom/loom.hpp"

namespace loom::differential {

/// The element types, in the order of any_tensor's alternatives.
enum class dtype : std::uint8_t { boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float32, float64 };
inline constexpr std::size_t dtype_count = 11;

/// A tensor of any element type; the index of the alternative is its dtype.
using any_tensor = std::variant<tensor<bool>, tensor<std::int8_t>, tensor<std::int16_t>, tensor<std::int32_t>,
                                tensor<std::int64_t>, tensor<std::uint8_t>, tensor<std::uint16_t>,
                                tensor<std::uint32_t>, tensor<std::uint64_t>, tensor<float>, tensor<double>>;

template <dtype D>
using element_of = typename std::variant_alternative_t<static_cast<std::size_t>(D), any_tensor>::value_type;

namespace detail {
template <class T, std::size_t I = 0>
constexpr dtype dtype_of_element() {
    if constexpr (std::same_as<typename std::variant_alternative_t<I, any_tensor>::value_type, T>) return dtype(I);
    else return dtype_of_element<T, I + 1>();
}
}  // namespace detail

/// The dtype of element type T.
template <class T>
inline constexpr dtype dtype_v = detail::dtype_of_element<T>();

inline dtype dtype_of(const any_tensor& t) { return static_cast<dtype>(t.index()); }

/// The shape of any tensor.
inline const shape_type& shape_of(const any_tensor& t) {
    return std::visit([](const auto& x) -> const shape_type& { return x.shape(); }, t);
}

/// NumPy's name: "int8", "float32", "bool", ...
const char* name_of(dtype type);
/// The dtype of a NumPy name, or throws std::invalid_argument.
dtype dtype_named(const std::string& name);

constexpr bool is_floating(dtype t) { return t == dtype::float32 || t == dtype::float64; }
constexpr bool is_integer(dtype t) { return t != dtype::boolean && !is_floating(t); }
constexpr bool is_unsigned(dtype t) { return t >= dtype::uint8 && t <= dtype::uint64; }
/// docs/semantics.md's categories: bool 0 < integer 1 < floating 2.
constexpr int category_rank(dtype t) { return t == dtype::boolean ? 0 : is_floating(t) ? 2 : 1; }

/// loom's promote_t at run time (the generator uses it to know the types of
/// its nodes; the NumPy side computes them independently, from docs/semantics.md).
dtype promote(dtype a, dtype b);
/// loom's scalar_operand_t at run time: the type a scalar of type `scalar`
/// takes beside tensors of type `partner`.
dtype scalar_operand(dtype partner, dtype scalar);

/// Calls `f(std::type_identity<T>{})` with the element type T of `type`.
template <class F>
decltype(auto) visit_dtype(dtype type, F&& f) {
    switch (type) {
        case dtype::boolean: return f(std::type_identity<bool>{});
        case dtype::int8: return f(std::type_identity<std::int8_t>{});
        case dtype::int16: return f(std::type_identity<std::int16_t>{});
        case dtype::int32: return f(std::type_identity<std::int32_t>{});
        case dtype::int64: return f(std::type_identity<std::int64_t>{});
        case dtype::uint8: return f(std::type_identity<std::uint8_t>{});
        case dtype::uint16: return f(std::type_identity<std::uint16_t>{});
        case dtype::uint32: return f(std::type_identity<std::uint32_t>{});
        case dtype::uint64: return f(std::type_identity<std::uint64_t>{});
        case dtype::float32: return f(std::type_identity<float>{});
        case dtype::float64: return f(std::type_identity<double>{});
    }
    throw std::logic_error("unknown dtype");
}

/// The operations a case may contain: loom's element-wise functions.
enum class operation : std::uint8_t {
    input,   // leaf: one of the case's input tensors
    scalar,  // leaf: a C++ scalar operand
    negative, absolute, square, sign,
    sqrt, exp, log, log1p, expm1, sin, cos, tan, tanh, sigmoid,
    floor, ceil, round, isnan, isinf, logical_not, bitwise_not,
    astype,
    add, subtract, multiply, divide, floor_divide, remainder, power, maximum, minimum,
    equal, not_equal, less, less_equal, greater, greater_equal,
    logical_and, logical_or, logical_xor, bitwise_and, bitwise_or, bitwise_xor,
    where, clip,
    log2, log10, exp2, cbrt, arcsin, arccos, arctan, sinh, cosh, arcsinh, arccosh, arctanh, deg2rad, rad2deg,
    trunc, reciprocal, isfinite, nan_to_num, relu,
    arctan2, hypot, copysign, heaviside, logaddexp, logaddexp2, fmax, fmin,
};
inline constexpr std::size_t operation_count = static_cast<std::size_t>(operation::fmin) + 1;

struct operation_info {
    const char* function;  ///< loom's function name (NumPy's, and the Python helper's)
    const char* symbol;    ///< the C++ operator, or nullptr
    const char* alias;     ///< another loom name of the same function, or nullptr
    int arity;
    bool transcendental;  ///< on floats, rounded differently by libm and by NumPy's own kernels
};
inline constexpr operation_info operation_table[operation_count] = {
    {"input", nullptr, nullptr, 0, false},
    {"scalar", nullptr, nullptr, 0, false},
    {"negative", "-", nullptr, 1, false},
    {"absolute", nullptr, "abs", 1, false},
    {"square", nullptr, nullptr, 1, false},
    {"sign", nullptr, nullptr, 1, false},
    {"sqrt", nullptr, nullptr, 1, false},  // correctly rounded, like + - * /
    {"exp", nullptr, nullptr, 1, true},
    {"log", nullptr, nullptr, 1, true},
    {"log1p", nullptr, nullptr, 1, true},
    {"expm1", nullptr, nullptr, 1, true},
    {"sin", nullptr, nullptr, 1, true},
    {"cos", nullptr, nullptr, 1, true},
    {"tan", nullptr, nullptr, 1, true},
    {"tanh", nullptr, nullptr, 1, true},
    {"sigmoid", nullptr, nullptr, 1, true},
    {"floor", nullptr, nullptr, 1, false},
    {"ceil", nullptr, nullptr, 1, false},
    {"round", nullptr, nullptr, 1, false},
    {"isnan", nullptr, nullptr, 1, false},
    {"isinf", nullptr, nullptr, 1, false},
    {"logical_not", "!", nullptr, 1, false},
    {"bitwise_not", "~", "invert", 1, false},
    {"astype", nullptr, nullptr, 1, false},
    {"add", "+", nullptr, 2, false},
    {"subtract", "-", nullptr, 2, false},
    {"multiply", "*", nullptr, 2, false},
    {"divide", "/", "true_divide", 2, false},
    {"floor_divide", nullptr, nullptr, 2, false},
    {"remainder", "%", "mod", 2, false},
    {"power", nullptr, "pow", 2, true},  // transcendental on floats only
    {"maximum", nullptr, nullptr, 2, false},
    {"minimum", nullptr, nullptr, 2, false},
    {"equal", "==", nullptr, 2, false},
    {"not_equal", "!=", nullptr, 2, false},
    {"less", "<", nullptr, 2, false},
    {"less_equal", "<=", nullptr, 2, false},
    {"greater", ">", nullptr, 2, false},
    {"greater_equal", ">=", nullptr, 2, false},
    {"logical_and", "&&", nullptr, 2, false},
    {"logical_or", "||", nullptr, 2, false},
    {"logical_xor", nullptr, nullptr, 2, false},
    {"bitwise_and", "&", nullptr, 2, false},
    {"bitwise_or", "|", nullptr, 2, false},
    {"bitwise_xor", "^", nullptr, 2, false},
    {"where", nullptr, nullptr, 3, false},
    {"clip", nullptr, nullptr, 3, false},
    {"log2", nullptr, nullptr, 1, true},
    {"log10", nullptr, nullptr, 1, true},
    {"exp2", nullptr, nullptr, 1, true},
    {"cbrt", nullptr, nullptr, 1, true},
    {"arcsin", nullptr, nullptr, 1, true},
    {"arccos", nullptr, nullptr, 1, true},
    {"arctan", nullptr, nullptr, 1, true},
    {"sinh", nullptr, nullptr, 1, true},
    {"cosh", nullptr, nullptr, 1, true},
    {"arcsinh", nullptr, nullptr, 1, true},
    {"arccosh", nullptr, nullptr, 1, true},
    {"arctanh", nullptr, nullptr, 1, true},
    {"deg2rad", nullptr, "radians", 1, false},  // one correctly rounded product, as NumPy's
    {"rad2deg", nullptr, "degrees", 1, false},
    {"trunc", nullptr, nullptr, 1, false},
    {"reciprocal", nullptr, nullptr, 1, false},
    {"isfinite", nullptr, nullptr, 1, false},
    {"nan_to_num", nullptr, nullptr, 1, false},  // nan_to_num(x, 2.5, std::nullopt, -1e300)
    {"relu", nullptr, nullptr, 1, false},
    {"arctan2", nullptr, nullptr, 2, true},
    {"hypot", nullptr, nullptr, 2, true},
    {"copysign", nullptr, nullptr, 2, false},
    {"heaviside", nullptr, nullptr, 2, false},
    {"logaddexp", nullptr, nullptr, 2, true},
    {"logaddexp2", nullptr, nullptr, 2, true},
    {"fmax", nullptr, nullptr, 2, false},
    {"fmin", nullptr, nullptr, 2, false},
};

constexpr const operation_info& info(operation op) { return operation_table[static_cast<std::size_t>(op)]; }

/// How a node is written in C++: `a + b`, `add(a, b)`, `add(a, b, broadcast::none)`, ...
enum class spelling : std::uint8_t { function, symbol, alias, spec_none, spec_numpy };

/// A node of an expression tree.
struct node {
    operation op = operation::input;
    spelling spelled = spelling::function;
    std::vector<node> operands;
    std::size_t input = 0;          ///< operation::input: index into test_case::inputs
    any_tensor scalar;              ///< operation::scalar: rank 0, of the scalar's C++ type
    dtype target = dtype::boolean;  ///< operation::astype: the type converted to
};

node input_leaf(std::size_t input);
/// A scalar leaf: `value` is rank 0, of the scalar's C++ type.
node scalar_leaf(any_tensor value);
node apply(operation op, spelling s, std::vector<node> operands);

/// One random case: inputs and an expression over them.
struct test_case {
    std::uint64_t seed = 0;
    int number = 0;
    std::vector<any_tensor> inputs;
    node expression;
    int fused_pattern = -1;          ///< >= 0: evaluated as one loom expression (fused_patterns.hpp)
    int ulps = 0;                    ///< how far floating results may be from NumPy's (0: exact)
    dtype ulps_of = dtype::float64;  ///< the type whose ulps count: float32 if a transcendental ran in it
};

/// What evaluating a case gave.
struct outcome {
    enum class kind : std::uint8_t { value, broadcast_error, other_error };
    kind result = kind::value;
    any_tensor value;
    std::string message;  ///< the error's message
};

/// Whether the outcome is an error: loom threw, or NumPy raised.
inline bool failed(const outcome& o) { return o.result != outcome::kind::value; }

/// The expression as C++ (`maximum(a0 + 2, sqrt(a1))`).
std::string to_cpp(const node& n);
/// A tensor as `int8 [2, 3] {1, -2, 0, 3, 4, -4}` (values row-major).
std::string to_string(const any_tensor& t);
std::string to_string(const outcome& o);

}  // namespace loom::differential
