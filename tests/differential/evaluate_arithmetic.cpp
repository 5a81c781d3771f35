// Binary arithmetic on two tensors of one type, on every type it accepts
// (divide: see computation_type).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor arithmetic_call(spelling s, const tensor<T>& x, const tensor<T>& y) {
    constexpr dtype type = dtype_v<T>;
    if constexpr (accepts(Op, type) && computation_type(Op, type) == type) return call<Op>(s, x, y);
    else not_instantiated(Op, type_name<T>());
}

}  // namespace

any_tensor arithmetic(operation op, spelling s, const any_tensor& a, const any_tensor& b) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            switch (op) {
                case operation::add: return arithmetic_call<operation::add>(s, x, y);
                case operation::subtract: return arithmetic_call<operation::subtract>(s, x, y);
                case operation::multiply: return arithmetic_call<operation::multiply>(s, x, y);
                case operation::divide: return arithmetic_call<operation::divide>(s, x, y);
                case operation::floor_divide: return arithmetic_call<operation::floor_divide>(s, x, y);
                case operation::remainder: return arithmetic_call<operation::remainder>(s, x, y);
                case operation::power: return arithmetic_call<operation::power>(s, x, y);
                case operation::maximum: return arithmetic_call<operation::maximum>(s, x, y);
                case operation::minimum: return arithmetic_call<operation::minimum>(s, x, y);
                default: not_instantiated(op, type_name<T>());
            }
        },
        a);
}

}  // namespace loom::differential::dispatch
