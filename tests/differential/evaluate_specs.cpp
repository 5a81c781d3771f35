// The named binary functions with an explicit broadcast spec (none or numpy),
// on the types has_spec_form accepts.

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <operation Op, class T>
any_tensor spec_call(const tensor<T>& x, const tensor<T>& y, const broadcast_spec& spec) {
    if constexpr (has_spec_form(Op, dtype_v<T>)) return result(calls<Op>::function(x, y, spec));
    else not_instantiated(Op, std::string(type_name<T>()) + " with a broadcast spec");
}

}  // namespace

any_tensor with_spec(operation op, spelling s, const any_tensor& a, const any_tensor& b) {
    const broadcast_spec spec = s == spelling::spec_none ? broadcast::none : broadcast::numpy;
    return std::visit(
        [&]<class T>(const tensor<T>& x) -> any_tensor {
            const tensor<T>& y = as<T>(b);
            switch (op) {
                case operation::add: return spec_call<operation::add>(x, y, spec);
                case operation::subtract: return spec_call<operation::subtract>(x, y, spec);
                case operation::multiply: return spec_call<operation::multiply>(x, y, spec);
                case operation::divide: return spec_call<operation::divide>(x, y, spec);
                case operation::floor_divide: return spec_call<operation::floor_divide>(x, y, spec);
                case operation::remainder: return spec_call<operation::remainder>(x, y, spec);
                case operation::power: return spec_call<operation::power>(x, y, spec);
                case operation::maximum: return spec_call<operation::maximum>(x, y, spec);
                case operation::minimum: return spec_call<operation::minimum>(x, y, spec);
                case operation::equal: return spec_call<operation::equal>(x, y, spec);
                case operation::not_equal: return spec_call<operation::not_equal>(x, y, spec);
                case operation::less: return spec_call<operation::less>(x, y, spec);
                case operation::less_equal: return spec_call<operation::less_equal>(x, y, spec);
                case operation::greater: return spec_call<operation::greater>(x, y, spec);
                case operation::greater_equal: return spec_call<operation::greater_equal>(x, y, spec);
                case operation::logical_and: return spec_call<operation::logical_and>(x, y, spec);
                case operation::logical_or: return spec_call<operation::logical_or>(x, y, spec);
                case operation::logical_xor: return spec_call<operation::logical_xor>(x, y, spec);
                case operation::bitwise_and: return spec_call<operation::bitwise_and>(x, y, spec);
                case operation::bitwise_or: return spec_call<operation::bitwise_or>(x, y, spec);
                case operation::bitwise_xor: return spec_call<operation::bitwise_xor>(x, y, spec);
                case operation::arctan2: return spec_call<operation::arctan2>(x, y, spec);
                case operation::hypot: return spec_call<operation::hypot>(x, y, spec);
                case operation::copysign: return spec_call<operation::copysign>(x, y, spec);
                case operation::heaviside: return spec_call<operation::heaviside>(x, y, spec);
                case operation::logaddexp: return spec_call<operation::logaddexp>(x, y, spec);
                case operation::logaddexp2: return spec_call<operation::logaddexp2>(x, y, spec);
                case operation::fmax: return spec_call<operation::fmax>(x, y, spec);
                case operation::fmin: return spec_call<operation::fmin>(x, y, spec);
                default: not_instantiated(op, type_name<T>());
            }
        },
        a);
}

}  // namespace loom::differential::dispatch
