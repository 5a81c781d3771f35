// where and clip on operands of one type, and with scalar operands (Note
// [instantiation budget]).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

any_tensor where(const any_tensor& condition, const any_tensor& a, const any_tensor& b) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            if (dtype_of(condition) == dtype::boolean) {
                return call<operation::where>(spelling::function, as<bool>(condition), x, y);
            }
            if constexpr (keeps_condition_type(dtype_v<T>, dtype_v<T>) && !std::same_as<T, bool>) {
                return call<operation::where>(spelling::function, as<T>(condition), x, y);
            }
            not_instantiated(operation::where, std::string("a condition beside ") + type_name<T>());
        },
        a);
}

any_tensor where_scalar(const any_tensor& condition, const any_tensor& t, const any_tensor& s) {
    using S = element_of<where_scalar_type>;
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            if constexpr (has_where_scalar(dtype_v<T>)) {
                return call<operation::where>(spelling::function, as<bool>(condition), x, scalar_value<S>(s));
            }
            not_instantiated(operation::where, std::string("a scalar beside ") + type_name<T>());
        },
        t);
}

any_tensor where_two_scalars(const any_tensor& condition, const any_tensor& s1, const any_tensor& s2) {
    using S = element_of<where_two_scalars_type>;
    return call<operation::where>(spelling::function, as<bool>(condition), scalar_value<S>(s1), scalar_value<S>(s2));
}

any_tensor clip(const any_tensor& x, const any_tensor& low, const any_tensor& high) {
    return std::visit(
        [&]<class T>(const tensor<T>& t) {
            return call<operation::clip>(spelling::function, t, as<T>(low), as<T>(high));
        },
        x);
}

any_tensor clip_scalars(const any_tensor& x, const any_tensor& low, const any_tensor& high) {
    using S = element_of<clip_scalar_type>;
    return std::visit(
        [&]<class T>(const tensor<T>& t) -> any_tensor {
            if constexpr (has_clip_scalars(dtype_v<T>)) {
                return call<operation::clip>(spelling::function, t, scalar_value<S>(low), scalar_value<S>(high));
            }
            not_instantiated(operation::clip, std::string("scalars beside ") + type_name<T>());
        },
        x);
}

}  // namespace loom::differential::dispatch
