// The unary operations that keep or test their operand's type, on every type
// they accept.

#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

any_tensor unary(operation op, spelling s, const any_tensor& x) {
    return std::visit(
        [&]<class T>(const tensor<T>& t) -> any_tensor {
            constexpr bool boolean = std::same_as<T, bool>;
            switch (op) {
                case operation::negative:
                    if constexpr (!boolean) return call<operation::negative>(s, t);
                    break;
                case operation::absolute: return call<operation::absolute>(s, t);
                case operation::square: return call<operation::square>(s, t);
                case operation::sign:
                    if constexpr (!boolean) return call<operation::sign>(s, t);
                    break;
                case operation::floor: return call<operation::floor>(s, t);
                case operation::ceil: return call<operation::ceil>(s, t);
                case operation::round: return call<operation::round>(s, t);
                case operation::isnan: return call<operation::isnan>(s, t);
                case operation::isinf:
                    if constexpr (std::floating_point<T>) return call<operation::isinf>(s, t);
                    break;
                case operation::logical_not: return call<operation::logical_not>(s, t);
                case operation::bitwise_not:
                    if constexpr (std::integral<T>) return call<operation::bitwise_not>(s, t);
                    break;
                default: break;
            }
            not_instantiated(op, type_name<T>());
        },
        x);
}

}  // namespace loom::differential::dispatch
