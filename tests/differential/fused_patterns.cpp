#include "fused_patterns.hpp"

#include "loom_calls.hpp"

namespace loom::differential {

namespace {

constexpr std::uint16_t types_of(std::initializer_list<dtype> types) {
    std::uint16_t mask = 0;
    for (dtype type : types) mask |= static_cast<std::uint16_t>(1u << static_cast<unsigned>(type));
    return mask;
}

// Each pattern is a deep tree, costly to instantiate, so each runs on a few
// types, together every type (Note [instantiation budget] in catalogue.hpp).
constexpr fused_pattern patterns[] = {
    {"(x + y) * z", types_of({dtype::boolean, dtype::int16, dtype::uint32, dtype::int64, dtype::float32})},
    {"where(x < y, x - z, y)", types_of({dtype::int8, dtype::uint64, dtype::float64})},
    {"sqrt(abs(x * y) + 1) / (z + 2)", types_of({dtype::boolean, dtype::uint16, dtype::float32})},
    {"clip(-x, y, z) == astype<std::int16_t>(x)", types_of({dtype::int64, dtype::uint8, dtype::float64})},
    {"!(x > y) || (z % 3 != 0)", types_of({dtype::int32, dtype::uint16, dtype::float32})},
    {"fmax(trunc(x), relu(y)) - copysign(reciprocal(z), x)", types_of({dtype::float32, dtype::float64})},
};

node x() { return input_leaf(0); }
node y() { return input_leaf(1); }
node z() { return input_leaf(2); }
node int_scalar(int value) { return scalar_leaf(tensor<int>(shape_type{}, value)); }
node symbol(operation op, std::vector<node> operands) { return apply(op, spelling::symbol, std::move(operands)); }
node function(operation op, std::vector<node> operands) { return apply(op, spelling::function, std::move(operands)); }

}  // namespace

std::span<const fused_pattern> fused_patterns() { return patterns; }

node fused_tree(std::size_t index) {
    switch (index) {
        case 0: return symbol(operation::multiply, {symbol(operation::add, {x(), y()}), z()});
        case 1:
            return function(operation::where,
                            {symbol(operation::less, {x(), y()}), symbol(operation::subtract, {x(), z()}), y()});
        case 2:
            return symbol(
                operation::divide,
                {function(operation::sqrt, {symbol(operation::add, {function(operation::absolute,
                                                                             {symbol(operation::multiply, {x(), y()})}),
                                                                    int_scalar(1)})}),
                 symbol(operation::add, {z(), int_scalar(2)})});
        case 3: {
            node cast = function(operation::astype, {x()});
            cast.target = dtype::int16;
            return symbol(operation::equal,
                          {function(operation::clip, {symbol(operation::negative, {x()}), y(), z()}), std::move(cast)});
        }
        case 4:
            return symbol(
                operation::logical_or,
                {symbol(operation::logical_not, {symbol(operation::greater, {x(), y()})}),
                 symbol(operation::not_equal, {symbol(operation::remainder, {z(), int_scalar(3)}), int_scalar(0)})});
        case 5:
            return symbol(
                operation::subtract,
                {function(operation::fmax, {function(operation::trunc, {x()}), function(operation::relu, {y()})}),
                 function(operation::copysign, {function(operation::reciprocal, {z()}), x()})});
        default: throw std::out_of_range("no fused pattern " + std::to_string(index));
    }
}

any_tensor evaluate_fused(std::size_t index, const std::vector<any_tensor>& leaves) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(leaves[1]);
            const tensor<T>& z = as<T>(leaves[2]);
            constexpr dtype type = dtype_v<T>;
            switch (index) {
                case 0:
                    if constexpr (patterns[0].accepts(type)) return result((x + y) * z);
                    break;
                case 1:
                    if constexpr (patterns[1].accepts(type)) return result(where(x < y, x - z, y));
                    break;
                case 2:
                    if constexpr (patterns[2].accepts(type)) return result(sqrt(abs(x * y) + 1) / (z + 2));
                    break;
                case 3:
                    if constexpr (patterns[3].accepts(type)) return result(clip(-x, y, z) == astype<std::int16_t>(x));
                    break;
                case 4:
                    if constexpr (patterns[4].accepts(type)) return result(!(x > y) || (z % 3 != 0));
                    break;
                case 5:
                    if constexpr (patterns[5].accepts(type))
                        return result(fmax(trunc(x), relu(y)) - copysign(reciprocal(z), x));
                    break;
                default: break;
            }
            throw std::logic_error("fused pattern " + std::to_string(index) + " does not accept " + type_name<T>());
        },
        leaves[0]);
}

}  // namespace loom::differential
