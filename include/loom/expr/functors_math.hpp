#pragma once
// Floating-point functions. Integer and bool inputs compute in float64;
// float32 stays float32. Rounding functions keep integer types unchanged.

#include <cmath>
#include <concepts>

#include "loom/core/types.hpp"

namespace loom::fn {

#define LOOM_FLOATING_FUNCTOR(name, expression)              \
    struct name {                                            \
        template <element A>                                 \
        auto operator()(A a) const {                         \
            using R = floating_result_t<A>;                  \
            const R x = R(a);                                \
            return R(expression);                            \
        }                                                    \
    };

LOOM_FLOATING_FUNCTOR(sqrt, std::sqrt(x))
LOOM_FLOATING_FUNCTOR(exp, std::exp(x))
LOOM_FLOATING_FUNCTOR(log, std::log(x))
LOOM_FLOATING_FUNCTOR(log1p, std::log1p(x))
LOOM_FLOATING_FUNCTOR(expm1, std::expm1(x))
LOOM_FLOATING_FUNCTOR(sin, std::sin(x))
LOOM_FLOATING_FUNCTOR(cos, std::cos(x))
LOOM_FLOATING_FUNCTOR(tan, std::tan(x))
LOOM_FLOATING_FUNCTOR(tanh, std::tanh(x))
LOOM_FLOATING_FUNCTOR(sigmoid, R(1) / (R(1) + std::exp(-x)))

#undef LOOM_FLOATING_FUNCTOR

#define LOOM_ROUNDING_FUNCTOR(name, expression)              \
    struct name {                                            \
        template <element A>                                 \
        A operator()(A a) const {                            \
            if constexpr (floating_element<A>) {             \
                return expression;                           \
            } else {                                         \
                return a;                                    \
            }                                                \
        }                                                    \
    };

LOOM_ROUNDING_FUNCTOR(floor, std::floor(a))
LOOM_ROUNDING_FUNCTOR(ceil, std::ceil(a))
LOOM_ROUNDING_FUNCTOR(round, std::nearbyint(a))  // halves to even, as NumPy

#undef LOOM_ROUNDING_FUNCTOR

struct isnan {
    template <element A>
    bool operator()(A a) const {
        if constexpr (floating_element<A>) return a != a;
        else return false;
    }
};

struct isinf {
    template <element A>
    bool operator()(A a) const {
        if constexpr (floating_element<A>) return std::isinf(a);
        else return false;
    }
};

}  // namespace loom::fn
