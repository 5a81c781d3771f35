// Binary operations with a C++ scalar operand, in the forms of scalar_forms,
// on the tensor types has_scalar_form gives each.

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

namespace {

template <std::size_t Form, class T>
any_tensor scalar_call(const tensor<T>& t, const any_tensor& scalar) {
    constexpr scalar_form form = scalar_forms[Form];
    using S = element_of<form.scalar_type>;
    if constexpr (!has_scalar_form(Form, dtype_v<T>)) {
        not_instantiated(form.op, std::string("a scalar form on ") + type_name<T>());
    } else if constexpr (form.scalar_first) {
        return call<form.op>(form.spelled, scalar_value<S>(scalar), t);
    } else {
        return call<form.op>(form.spelled, t, scalar_value<S>(scalar));
    }
}

template <class T, std::size_t... Forms>
any_tensor scalar_call(std::size_t form, const tensor<T>& t, const any_tensor& scalar, std::index_sequence<Forms...>) {
    any_tensor value;
    const bool found = ((form == Forms && (value = scalar_call<Forms>(t, scalar), true)) || ...);
    if (!found) throw std::logic_error("no scalar form " + std::to_string(form));
    return value;
}

}  // namespace

any_tensor with_scalar(std::size_t form, const any_tensor& t, const any_tensor& scalar) {
    return std::visit(
        [&]<class T>(const tensor<T>& x) {
            return scalar_call(form, x, scalar, std::make_index_sequence<scalar_form_count>{});
        },
        t);
}

}  // namespace loom::differential::dispatch
