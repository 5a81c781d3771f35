// The floating functions: on float32 and float64, and sqrt on every type
// (Note [instantiation budget]).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor floating_call(const tensor<T>& t) {
    if constexpr (unary_computation_type(Op, dtype_v<T>) == dtype_v<T>) return call<Op>(spelling::function, t);
    else not_instantiated(Op, type_name<T>());
}

}  // namespace

any_tensor floating_function(operation op, const any_tensor& x) {
    return std::visit(
        [&]<class T>(const tensor<T>& t) -> any_tensor {
            switch (op) {
                case operation::sqrt: return floating_call<operation::sqrt>(t);
                case operation::exp: return floating_call<operation::exp>(t);
                case operation::log: return floating_call<operation::log>(t);
                case operation::log1p: return floating_call<operation::log1p>(t);
                case operation::expm1: return floating_call<operation::expm1>(t);
                case operation::sin: return floating_call<operation::sin>(t);
                case operation::cos: return floating_call<operation::cos>(t);
                case operation::tan: return floating_call<operation::tan>(t);
                case operation::tanh: return floating_call<operation::tanh>(t);
                case operation::sigmoid: return floating_call<operation::sigmoid>(t);
                default: not_instantiated(op, type_name<T>());
            }
        },
        x);
}

}  // namespace loom::differential::dispatch
