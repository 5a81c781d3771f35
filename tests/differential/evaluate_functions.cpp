// NumPy's further element-wise functions (log2 ... fmin), on the types
// catalogue.hpp gives them: the floating ones on floats, the others on every
// type they accept (Note [instantiation budget]).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor further_unary_call(spelling s, const tensor<T>& t) {
    constexpr dtype type = dtype_v<T>;
    if constexpr (evaluates_unary(Op, type) && unary_computation_type(Op, type) == type) return call<Op>(s, t);
    else not_instantiated(Op, type_name<T>());
}

template <operation Op, class T>
any_tensor further_binary_call(spelling s, const tensor<T>& x, const tensor<T>& y) {
    constexpr dtype type = dtype_v<T>;
    if constexpr (accepts(Op, type) && computation_type(Op, type) == type) return call<Op>(s, x, y);
    else not_instantiated(Op, type_name<T>());
}

}  // namespace

any_tensor further_unary(operation op, spelling s, const any_tensor& x) {
    return std::visit(
        [&]<class T>(const tensor<T>& t) -> any_tensor {
            switch (op) {
                case operation::log2: return further_unary_call<operation::log2>(s, t);
                case operation::log10: return further_unary_call<operation::log10>(s, t);
                case operation::exp2: return further_unary_call<operation::exp2>(s, t);
                case operation::cbrt: return further_unary_call<operation::cbrt>(s, t);
                case operation::arcsin: return further_unary_call<operation::arcsin>(s, t);
                case operation::arccos: return further_unary_call<operation::arccos>(s, t);
                case operation::arctan: return further_unary_call<operation::arctan>(s, t);
                case operation::sinh: return further_unary_call<operation::sinh>(s, t);
                case operation::cosh: return further_unary_call<operation::cosh>(s, t);
                case operation::arcsinh: return further_unary_call<operation::arcsinh>(s, t);
                case operation::arccosh: return further_unary_call<operation::arccosh>(s, t);
                case operation::arctanh: return further_unary_call<operation::arctanh>(s, t);
                case operation::deg2rad: return further_unary_call<operation::deg2rad>(s, t);
                case operation::rad2deg: return further_unary_call<operation::rad2deg>(s, t);
                case operation::trunc: return further_unary_call<operation::trunc>(s, t);
                case operation::reciprocal: return further_unary_call<operation::reciprocal>(s, t);
                case operation::isfinite: return further_unary_call<operation::isfinite>(s, t);
                case operation::nan_to_num: return further_unary_call<operation::nan_to_num>(s, t);
                case operation::relu: return further_unary_call<operation::relu>(s, t);
                default: not_instantiated(op, type_name<T>());
            }
        },
        x);
}

any_tensor further_binary(operation op, spelling s, const any_tensor& a, const any_tensor& b) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            switch (op) {
                case operation::arctan2: return further_binary_call<operation::arctan2>(s, x, y);
                case operation::hypot: return further_binary_call<operation::hypot>(s, x, y);
                case operation::copysign: return further_binary_call<operation::copysign>(s, x, y);
                case operation::heaviside: return further_binary_call<operation::heaviside>(s, x, y);
                case operation::logaddexp: return further_binary_call<operation::logaddexp>(s, x, y);
                case operation::logaddexp2: return further_binary_call<operation::logaddexp2>(s, x, y);
                case operation::fmax: return further_binary_call<operation::fmax>(s, x, y);
                case operation::fmin: return further_binary_call<operation::fmin>(s, x, y);
                default: not_instantiated(op, type_name<T>());
            }
        },
        a);
}

}  // namespace loom::differential::dispatch
