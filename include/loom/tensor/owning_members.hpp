#pragma once
// The members that the three tensor types (tensor<T>, tensor<T, fixed<...>>,
// tensor<T, rank<R>>) have alike, written once over each type's own data(),
// size(), at() and view(): iteration, `t(i, j)`, copy(), and what an owning,
// contiguous array answers to the engine.
// Cost to include: <concepts>, <utility> and core/indexing.hpp.

#include <concepts>
#include <utility>

#include "loom/core/indexing.hpp"

namespace loom {

/// The members every tensor type has alike; `Derived` gives data(), size(), at() and view().
template <class Derived, class T>
class owning_members {
public:
    /// The first element, for range-for and the standard algorithms.
    T* begin() { return derived().data(); }
    /// Past the last element.
    T* end() { return derived().data() + derived().size(); }
    /// The first element, read-only.
    const T* begin() const { return derived().data(); }
    /// Past the last element, read-only.
    const T* end() const { return derived().data() + derived().size(); }

    /// `t(i, j)`: the element (negative indices count from the end; the number of indices and
    /// their bounds checked, std::out_of_range), or a view when any argument is a range, all,
    /// newaxis or ellipsis (NumPy's basic indexing: `t(1, range(1, 5, 2), all)`).
    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) & LOOM_LIFETIMEBOUND {
        if constexpr ((std::integral<Args> && ...)) return derived().at(args...);
        else return derived().view()(args...);
    }
    /// `t(i, j)` of a const tensor: the element, read-only, or a view of const elements.
    template <index_argument... Args>
    decltype(auto) operator()(const Args&... args) const& LOOM_LIFETIMEBOUND {
        if constexpr ((std::integral<Args> && ...)) return derived().at(args...);
        else return derived().view()(args...);
    }
    /// `t(i, j)` of a temporary: a copy of the element, or a view that owns the tensor (Note
    /// [view lifetime] in view.hpp).
    template <index_argument... Args>
    auto operator()(const Args&... args) && {
        if constexpr ((std::integral<Args> && ...)) return T(derived().at(args...));
        else return std::move(derived()).view()(args...);
    }

    /// Always true: a tensor is contiguous and row-major.
    static constexpr bool is_contiguous() { return true; }
    /// A copy (tensors are values; this mirrors tensor_view::copy()).
    Derived copy() const { return derived(); }
    /// A tensor is always writable (assignments ask).
    void check_writable() const {}

private:
    Derived& derived() { return static_cast<Derived&>(*this); }
    const Derived& derived() const { return static_cast<const Derived&>(*this); }
};

}  // namespace loom
