// a + b directly on tensors of different types, for the pairs whose promotion
// is subtle (Note [instantiation budget]).

#include "catalogue.hpp"
#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

any_tensor mixed_add(spelling s, const any_tensor& a, const any_tensor& b) {
    return visit_dtype(dtype_of(a), [&]<class A>(std::type_identity<A>) {
        return visit_dtype(dtype_of(b), [&]<class B>(std::type_identity<B>) -> any_tensor {
            if constexpr (has_direct_mixed_add(dtype_v<A>, dtype_v<B>))
                return call<operation::add>(s, as<A>(a), as<B>(b));
            else not_instantiated(operation::add, std::string(type_name<A>()) + " and " + type_name<B>() + " directly");
        });
    });
}

}  // namespace loom::differential::dispatch
