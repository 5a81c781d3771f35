// The unary operations that keep or test their operand's type, on the types
// catalogue.hpp gives them.

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor unary_call(spelling s, const tensor<T>& t) {
    constexpr dtype type = dtype_v<T>;
    if constexpr (evaluates_unary(Op, type) && unary_computation_type(Op, type) == type) return call<Op>(s, t);
    else not_instantiated(Op, type_name<T>());
}

}  // namespace

any_tensor unary(operation op, spelling s, const any_tensor& x) {
    return std::visit(
        [&]<class T>(const tensor<T>& t) -> any_tensor {
            switch (op) {
                case operation::negative: return unary_call<operation::negative>(s, t);
                case operation::absolute: return unary_call<operation::absolute>(s, t);
                case operation::square: return unary_call<operation::square>(s, t);
                case operation::sign: return unary_call<operation::sign>(s, t);
                case operation::floor: return unary_call<operation::floor>(s, t);
                case operation::ceil: return unary_call<operation::ceil>(s, t);
                case operation::round: return unary_call<operation::round>(s, t);
                case operation::isnan: return unary_call<operation::isnan>(s, t);
                case operation::isinf: return unary_call<operation::isinf>(s, t);
                case operation::logical_not: return unary_call<operation::logical_not>(s, t);
                case operation::bitwise_not: return unary_call<operation::bitwise_not>(s, t);
                default: not_instantiated(op, type_name<T>());
            }
        },
        x);
}

}  // namespace loom::differential::dispatch
