// astype<To> from every element type to every element type (121 instantiations).

#include "loom_calls.hpp"
#include "loom_dispatch.hpp"

namespace loom::differential::dispatch {

any_tensor cast(const any_tensor& x, dtype target) {
    return std::visit(
        [&](const auto& source) {
            return visit_dtype(target, [&]<class To>(std::type_identity<To>) { return result(astype<To>(source)); });
        },
        x);
}

}  // namespace loom::differential::dispatch
