#include "model.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace loom::differential {

namespace {

constexpr const char* dtype_names[dtype_count] = {"bool",   "int8",   "int16",  "int32",   "int64",  "uint8",
                                                  "uint16", "uint32", "uint64", "float32", "float64"};

template <template <class, class> class Rule, std::size_t... I>
constexpr auto type_table(std::index_sequence<I...>) {
    constexpr auto entry = []<std::size_t K>(std::integral_constant<std::size_t, K>) {
        using A = element_of<dtype(K / dtype_count)>;
        using B = element_of<dtype(K % dtype_count)>;
        return dtype_v<typename Rule<A, B>::type>;
    };
    return std::array<dtype, sizeof...(I)>{entry(std::integral_constant<std::size_t, I>{})...};
}

template <class A, class B>
struct promote_rule {
    using type = promote_t<A, B>;
};
template <class A, class B>
struct scalar_rule {
    using type = scalar_operand_t<A, B>;
};

constexpr auto promote_table = type_table<promote_rule>(std::make_index_sequence<dtype_count * dtype_count>{});
constexpr auto scalar_table = type_table<scalar_rule>(std::make_index_sequence<dtype_count * dtype_count>{});

constexpr const char* cpp_type_names[dtype_count] = {"bool",          "std::int8_t",  "std::int16_t",  "std::int32_t",
                                                     "std::int64_t",  "std::uint8_t", "std::uint16_t", "std::uint32_t",
                                                     "std::uint64_t", "float",        "double"};

template <class T>
std::string value_text(T value) {
    if constexpr (std::same_as<T, bool>) {
        return value ? "true" : "false";
    } else if constexpr (std::floating_point<T>) {
        if (std::isnan(value)) return "nan";
        if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", std::same_as<T, float> ? 9 : 17, static_cast<double>(value));
        return text;
    } else {
        return std::to_string(value);
    }
}

// A scalar as a C++ literal of its type: 2, 2L, 2u, 2.5, 2.5f, true.
std::string scalar_literal(const any_tensor& scalar) {
    return std::visit(
        [](const auto& t) -> std::string {
            using T = typename std::remove_cvref_t<decltype(t)>::value_type;
            const T value = t.data()[0];
            const std::string text = value_text(value);
            if constexpr (std::same_as<T, bool> || std::same_as<T, int>) return text;
            else if constexpr (std::same_as<T, long>) return text + "L";
            else if constexpr (std::same_as<T, unsigned>) return text + "u";
            else if constexpr (std::floating_point<T>) {
                const std::string literal = text.find_first_of(".e") == std::string::npos ? text + ".0" : text;
                return std::same_as<T, float> ? literal + "f" : literal;
            } else return std::string(cpp_type_names[std::size_t(dtype_v<T>)]) + "{" + text + "}";
        },
        scalar);
}

}  // namespace

const char* name_of(dtype type) { return dtype_names[static_cast<std::size_t>(type)]; }

dtype dtype_named(const std::string& name) {
    for (std::size_t i = 0; i < dtype_count; ++i) {
        if (name == dtype_names[i]) return dtype(i);
    }
    throw std::invalid_argument("'" + name + "' is not one of loom's element types");
}

dtype promote(dtype a, dtype b) {
    return promote_table[static_cast<std::size_t>(a) * dtype_count + static_cast<std::size_t>(b)];
}

dtype scalar_operand(dtype partner, dtype scalar) {
    return scalar_table[static_cast<std::size_t>(partner) * dtype_count + static_cast<std::size_t>(scalar)];
}

node input_leaf(std::size_t input) {
    node leaf;
    leaf.input = input;
    return leaf;
}

node scalar_leaf(any_tensor value) {
    node leaf;
    leaf.op = operation::scalar;
    leaf.scalar = std::move(value);
    return leaf;
}

node apply(operation op, spelling s, std::vector<node> operands) {
    node n;
    n.op = op;
    n.spelled = s;
    n.operands = std::move(operands);
    return n;
}

std::string to_cpp(const node& n) {
    const operation_info& about = info(n.op);
    switch (n.op) {
        case operation::input: return "a" + std::to_string(n.input);
        case operation::scalar: return scalar_literal(n.scalar);
        case operation::astype:
            return "astype<" + std::string(cpp_type_names[std::size_t(n.target)]) + ">(" + to_cpp(n.operands[0]) + ")";
        default: break;
    }
    if (n.spelled == spelling::symbol) {
        if (n.operands.size() == 1) return about.symbol + to_cpp(n.operands[0]);
        return "(" + to_cpp(n.operands[0]) + " " + about.symbol + " " + to_cpp(n.operands[1]) + ")";
    }
    std::string text = n.spelled == spelling::alias ? about.alias : about.function;
    text += "(";
    for (std::size_t i = 0; i < n.operands.size(); ++i) text += (i == 0 ? "" : ", ") + to_cpp(n.operands[i]);
    if (n.spelled == spelling::spec_none) text += ", broadcast::none";
    if (n.spelled == spelling::spec_numpy) text += ", broadcast::numpy";
    return text + ")";
}

std::string to_string(const any_tensor& t) {
    return std::visit(
        [](const auto& x) {
            using T = typename std::remove_cvref_t<decltype(x)>::value_type;
            std::string text = std::string(name_of(dtype_v<T>)) + " " + loom::to_string(x.shape()) + " {";
            bool first = true;
            for (const auto value : x) {
                text += (first ? "" : ", ") + value_text(value);
                first = false;
            }
            return text + "}";
        },
        t);
}

std::string to_string(const outcome& o) {
    switch (o.result) {
        case outcome::kind::value: return to_string(o.value);
        case outcome::kind::broadcast_error: return "broadcast error: " + o.message;
        case outcome::kind::other_error: return "error: " + o.message;
    }
    return "";
}

}  // namespace loom::differential
