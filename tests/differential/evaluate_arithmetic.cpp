// Binary arithmetic on two tensors of one type, on every type it accepts.

#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

any_tensor arithmetic(operation op, spelling s, const any_tensor& a, const any_tensor& b) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            switch (op) {
                case operation::add: return call<operation::add>(s, x, y);
                case operation::subtract:
                    if constexpr (!std::same_as<T, bool>) return call<operation::subtract>(s, x, y);
                    break;
                case operation::multiply: return call<operation::multiply>(s, x, y);
                case operation::divide: return call<operation::divide>(s, x, y);
                case operation::floor_divide: return call<operation::floor_divide>(s, x, y);
                case operation::remainder: return call<operation::remainder>(s, x, y);
                case operation::power: return call<operation::power>(s, x, y);
                case operation::maximum: return call<operation::maximum>(s, x, y);
                case operation::minimum: return call<operation::minimum>(s, x, y);
                default: break;
            }
            not_instantiated(op, type_name<T>());
        },
        a);
}

}  // namespace loom::differential::dispatch
