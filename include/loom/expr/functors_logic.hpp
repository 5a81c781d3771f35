#pragma once
// Comparisons (compare in the promoted type, give bool), logical operations
// (on truth values, give bool), bitwise operations (integers and bools),
// selection, and the explicit type conversion.

#include <cmath>
#include <concepts>
#include <limits>

#include "loom/core/types.hpp"

namespace loom::fn {

#define LOOM_COMPARISON_FUNCTOR(name, op)                    \
    struct name {                                            \
        template <element A, element B>                      \
        bool operator()(A a, B b) const {                    \
            using C = promote_t<A, B>;                       \
            return C(a) op C(b);                             \
        }                                                    \
    };

LOOM_COMPARISON_FUNCTOR(equal, ==)
LOOM_COMPARISON_FUNCTOR(not_equal, !=)

#undef LOOM_COMPARISON_FUNCTOR

// The ordering comparisons refuse complex numbers when the expression is
// built (hence `auto`; see functors_arithmetic.hpp).
#define LOOM_ORDERING_FUNCTOR(name, op)                                                          \
    struct name {                                                                                \
        template <element A, element B>                                                          \
        auto operator()(A a, B b) const {                                                        \
            using C = promote_t<A, B>;                                                           \
            static_assert(!complex_element<C>,                                                   \
                          "loom: complex numbers have no order; compare abs(z) or real(z)");     \
            if constexpr (complex_element<C>) return false; /* refused above: no second error */ \
            else return bool(C(a) op C(b));                                                      \
        }                                                                                        \
    };

LOOM_ORDERING_FUNCTOR(less, <)
LOOM_ORDERING_FUNCTOR(less_equal, <=)
LOOM_ORDERING_FUNCTOR(greater, >)
LOOM_ORDERING_FUNCTOR(greater_equal, >=)

#undef LOOM_ORDERING_FUNCTOR

namespace detail {

/// The truth of an element: non-zero (a complex number when either part is).
template <element A>
bool truth(A a) {
    if constexpr (complex_element<A>) return a != A(0);
    else return bool(a);
}

}  // namespace detail

struct logical_and {
    template <element A, element B>
    bool operator()(A a, B b) const {
        return detail::truth(a) && detail::truth(b);
    }
};

struct logical_or {
    template <element A, element B>
    bool operator()(A a, B b) const {
        return detail::truth(a) || detail::truth(b);
    }
};

struct logical_xor {
    template <element A, element B>
    bool operator()(A a, B b) const {
        return detail::truth(a) != detail::truth(b);
    }
};

struct logical_not {
    template <element A>
    bool operator()(A a) const {
        return !detail::truth(a);
    }
};

template <class T>
concept bitwise_operand = std::integral<T>;

#define LOOM_BITWISE_FUNCTOR(name, op)                                                                   \
    struct name {                                                                                        \
        template <element A, element B>                                                                  \
        auto operator()(A a, B b) const {                                                                \
            static_assert(bitwise_operand<A> && bitwise_operand<B>,                                      \
                          "bitwise operations take integer or bool operands only; astype floats first"); \
            using C = promote_t<A, B>;                                                                   \
            static_assert(bitwise_operand<C>,                                                            \
                          "uint64 with a signed type promotes to float64, which has no bits to operate " \
                          "on (NumPy refuses it too); astype one operand first");                        \
            return C(C(a) op C(b));                                                                      \
        }                                                                                                \
    };

LOOM_BITWISE_FUNCTOR(bitwise_and, &)
LOOM_BITWISE_FUNCTOR(bitwise_or, |)
LOOM_BITWISE_FUNCTOR(bitwise_xor, ^)

#undef LOOM_BITWISE_FUNCTOR

/// `~`: bit inversion; on bools, logical not (as NumPy).
struct bitwise_not {
    template <element A>
    auto operator()(A a) const {  // auto: refused when built (functors_arithmetic.hpp)
        static_assert(bitwise_operand<A>, "~ takes integer or bool operands only; astype floats first");
        if constexpr (std::same_as<A, bool>) return !a;
        else return A(~a);
    }
};

/// where(condition, a, b): a where the condition holds, else b.
struct where {
    template <element Condition, element A, element B>
    auto operator()(Condition condition, A a, B b) const {
        using C = promote_t<A, B>;
        return detail::truth(condition) ? C(a) : C(b);
    }
};

/// Conversion to `To`. Floating to integer truncates toward zero, as C++ and
/// NumPy do, and is defined everywhere: NaN gives 0 and values out of range
/// saturate to the nearest limit (C++ leaves these undefined).
template <element To>
struct cast {
    template <element From>
    auto operator()(From value) const {  // auto: refused when built (functors_arithmetic.hpp)
        static_assert(!complex_element<From> || complex_element<To>,
                      "loom: astype from a complex to a real type would drop the imaginary part (NumPy "
                      "warns ComplexWarning); take real(z), imag(z) or abs(z) explicitly");
        if constexpr (complex_element<From> && !complex_element<To>) {
            return To{};  // refused above: no second error
        } else if constexpr (floating_element<From> && std::integral<To> && !std::same_as<To, bool>) {
            if (value != value) return To(0);
            // Compare against limits that are exact powers of two in From.
            constexpr From upper = From(2) * From(std::numeric_limits<To>::max() / 2 + 1);
            constexpr From lower = From(std::numeric_limits<To>::min());
            if (value >= upper) return std::numeric_limits<To>::max();
            if (value <= lower) return std::numeric_limits<To>::min();
            return To(value);
        } else {
            return To(value);
        }
    }
};

}  // namespace loom::fn
