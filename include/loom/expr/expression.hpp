#pragma once
// What an expression is, and how a node holds its operands.
//
// Note [closure rule]: a node holds an lvalue operand by const reference and
// owns an rvalue operand (moved in). So `auto e = a + tensor<float>{1, 2, 3};`
// is safe to evaluate later: the temporary lives inside `e`. But `e` still
// refers to `a`, so `a` must outlive `e`. `auto` on an expression keeps the
// unevaluated tree; write `tensor<T> r = expr;` (or `eval(expr)`) to compute it.

#include <concepts>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/layout.hpp"
#include "loom/core/lifetimes.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/types.hpp"

namespace loom {

/// A loom expression: a tensor, a view or a lazy node. It has an element
/// type, a shape known since it was built, and can be read by the loop engine.
template <class E>
concept expression = requires(const std::remove_cvref_t<E>& e) {
    typename std::remove_cvref_t<E>::value_type;
    { e.shape() } -> std::same_as<const shape_type&>;
    requires std::remove_cvref_t<E>::is_loom_expression;
};

/// A C++ scalar that may stand beside an expression (`a * 2.0`).
template <class S>
concept scalar = element<std::remove_cvref_t<S>>;

/// Anything an operator or function accepts as an operand.
template <class X>
concept operand = expression<X> || scalar<X>;

/// The element type of an expression (NumPy: ndarray.dtype).
template <expression E>
using value_type_of = typename std::remove_cvref_t<E>::value_type;

/// How a node stores an operand passed as `E&&` (Note [closure rule]).
template <class E>
using closure_t = std::conditional_t<std::is_lvalue_reference_v<E>, const std::remove_reference_t<E>&,
                                     std::remove_cvref_t<E>>;

/// True when a node keeps an operand passed as `X&&` by reference (Note
/// [closure rule]): an lvalue expression. Scalars are always copied.
template <class X>
concept referred = std::is_lvalue_reference_v<X> && expression<X>;

// Note [lifetimebound]: clang warns when a function returns what refers to
// its local variable (-Wreturn-stack-address) if the function that made it
// marks the parameter it refers to [[clang::lifetimebound]]: `return local *
// 2.f;` and `return local(range(0, 2));` are then warnings, as returning a
// std::string_view of a local std::string is. A parameter bound to a
// temporary that the node moves in must not be marked, or clang would warn
// that the temporary dies while the node holds it safely; so under clang each
// operator and element-wise function is one overload per choice of referred
// or owned operands (LOOM_ELEMENTWISE_OVERLOADS_1 and _2 in
// expr/elementwise.hpp), marking exactly the referred ones. g++ 12 has no such
// attribute, and gets one overload. Views taken from an lvalue mark the object
// they are taken from. Without LOOM_CHECK_LIFETIMES (core/lifetimes.hpp) what
// the warnings cannot see (a dangling expression stored, not returned) is
// undefined behaviour; with it, an exception.
#if defined(__clang__)
#define LOOM_LIFETIMEBOUND [[clang::lifetimebound]]
#else
#define LOOM_LIFETIMEBOUND
#endif

/// A leaf in memory (a tensor or a view): the engine reads it through its
/// first element's address and its layout.
template <class E>
concept memory_leaf = expression<E> && requires(const std::remove_cvref_t<E>& e) {
    { e.data() } -> std::convertible_to<const value_type_of<E>*>;
    { e.layout() } -> std::same_as<const strided_layout&>;
};

// Note [expression members]: every expression, a tensor, a view or a lazy
// node, answers item(), an explicit conversion to a scalar, T() and mT(), as
// NumPy's arrays and PyTorch's tensors do (`sum(x).item()`,
// `float(loss)`, `x.T()`). The members forward to free functions declared
// here and defined where their layer can evaluate (detail::item_of in
// tensor/tensor.hpp) or make views (transpose and matrix_transpose in
// manipulate/manipulation.hpp); every public header brings those.

namespace detail {
// The one element of an expression of one element; defined in tensor/tensor.hpp.
template <expression E>
value_type_of<E> item_of(const E& value);
}  // namespace detail

template <expression X> auto transpose(X&& x);
template <expression X> auto matrix_transpose(X&& x);

/// The members every expression shares (Note [expression members]): item(), an explicit
/// conversion to a scalar, T() and mT().
template <class Derived>
class expression_members {
public:
    /// The one element of an expression of one element, whatever its rank (NumPy: ndarray.item();
    /// PyTorch: Tensor.item()): `sum(x).item()` evaluates the sum. Throws std::invalid_argument for
    /// any other size.
    auto item() const { return detail::item_of(derived()); }

    /// `static_cast<float>(e)`, `double(sum(x))`: the value of a rank-0 expression, converted to
    /// S (NumPy: float(a), int(a), bool(a); PyTorch: float(t)). Explicit only, so an expression
    /// never turns into a scalar unasked; `if (e)` is explicit too, and tests the one element.
    /// NumPy 1.25 deprecated converting an array of rank 1 or more (of one element); loom
    /// refuses it: throws std::invalid_argument naming the shape unless the rank is 0.
    template <element S>
    explicit operator S() const {
        const shape_type& shape = derived().shape();
        if (!shape.empty()) {
            throw std::invalid_argument("conversion to a scalar of an expression of shape " + to_string(shape) +
                                        ": only a rank-0 expression has one value; reduce it first or index one "
                                        "element (item() takes the element of any expression of one element)");
        }
        return static_cast<S>(derived().item());
    }

    /// Every axis reversed (NumPy: ndarray.T; PyTorch: Tensor.T): `transpose(x)`, a view of a
    /// tensor or a view, of the value of a lazy expression otherwise.
    auto T() & { return loom::transpose(derived()); }
    /// Every axis reversed, of const elements.
    auto T() const& { return loom::transpose(std::as_const(derived())); }
    /// Every axis reversed, a view that owns the temporary.
    auto T() && { return loom::transpose(std::move(derived())); }

    /// The last two axes swapped (NumPy 2: ndarray.mT; PyTorch: Tensor.mT): `matrix_transpose(x)`.
    /// Throws std::invalid_argument for a rank below 2.
    auto mT() & { return loom::matrix_transpose(derived()); }
    /// The last two axes swapped, of const elements.
    auto mT() const& { return loom::matrix_transpose(std::as_const(derived())); }
    /// The last two axes swapped, a view that owns the temporary.
    auto mT() && { return loom::matrix_transpose(std::move(derived())); }

#if defined(LOOM_CHECK_LIFETIMES)
    /// This object's liveness token, which the nodes that refer to it keep (Note [checked
    /// lifetimes] in core/lifetimes.hpp; LOOM_CHECK_LIFETIMES only).
    detail::life_token lifetime_token() const { return life_.token(); }
#endif

private:
    Derived& derived() { return static_cast<Derived&>(*this); }
    const Derived& derived() const { return static_cast<const Derived&>(*this); }

#if defined(LOOM_CHECK_LIFETIMES)
    detail::object_life life_;
#endif
};

}  // namespace loom
