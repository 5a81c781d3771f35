// Comparisons, logical and bitwise operations on two tensors of one type:
// comparisons on the widest type of each kind, logical operations on bool
// (and && on float64), bitwise operations on every integral type (Note
// [instantiation budget]).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor logic_call(spelling s, const tensor<T>& x, const tensor<T>& y) {
    constexpr dtype type = dtype_v<T>;
    if constexpr (computation_type(Op, type) == type && accepts(Op, type)) return call<Op>(s, x, y);
    else not_instantiated(Op, type_name<T>());
}

}  // namespace

any_tensor logic(operation op, spelling s, const any_tensor& a, const any_tensor& b) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            switch (op) {
                case operation::equal: return logic_call<operation::equal>(s, x, y);
                case operation::not_equal: return logic_call<operation::not_equal>(s, x, y);
                case operation::less: return logic_call<operation::less>(s, x, y);
                case operation::less_equal: return logic_call<operation::less_equal>(s, x, y);
                case operation::greater: return logic_call<operation::greater>(s, x, y);
                case operation::greater_equal: return logic_call<operation::greater_equal>(s, x, y);
                case operation::logical_and: return logic_call<operation::logical_and>(s, x, y);
                case operation::logical_or: return logic_call<operation::logical_or>(s, x, y);
                case operation::logical_xor: return logic_call<operation::logical_xor>(s, x, y);
                case operation::bitwise_and: return logic_call<operation::bitwise_and>(s, x, y);
                case operation::bitwise_or: return logic_call<operation::bitwise_or>(s, x, y);
                case operation::bitwise_xor: return logic_call<operation::bitwise_xor>(s, x, y);
                default: not_instantiated(op, type_name<T>());
            }
        },
        a);
}

}  // namespace loom::differential::dispatch
