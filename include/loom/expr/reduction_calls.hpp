#pragma once
// The calls behind the reduction members of tensors and views (`x.sum(1)`,
// tensor/shape_members.hpp), declared here and defined in
// reduce/reduction_members.hpp (Note [reduction members] there): both layers
// may include expr/, and tensor/ cannot include reduce/ (docs/architecture.md).
// Cost to include: expr/capability_names.hpp.

#include "loom/expr/capability_names.hpp"

namespace loom {

class axis_set;       // reduce/axes.hpp
struct default_dtype;  // reduce/reducers.hpp

namespace detail {

// True when the calls are defined: reduce/reduction_members.hpp, which
// defines them, completes reduction_calls_defined (capability_names.hpp).
// What the members test before calling, so that a member used without that
// header fails with one line naming it; a template of `Use` (the member's
// own argument) so that it is decided where the member is used.
template <class Use>
concept reduction_calls_usable = header_included<Use, reduction_calls_defined>;

// Each calls the free reduction of its name.
struct reduction_calls {
    template <class Dtype, class X, class... Args> static auto sum(X&& x, const Args&... args);
    template <class Dtype, class X, class... Args> static auto prod(X&& x, const Args&... args);
    template <class Dtype, class X, class... Args> static auto mean(X&& x, const Args&... args);
    template <class X, class... Args> static auto max(X&& x, const Args&... args);
    template <class X, class... Args> static auto min(X&& x, const Args&... args);
    template <class X, class... Args> static auto argmax(X&& x, const Args&... args);
    template <class X, class... Args> static auto argmin(X&& x, const Args&... args);
    template <class X, class... Args> static auto any(X&& x, const Args&... args);
    template <class X, class... Args> static auto all_of(X&& x, const Args&... args);
    template <class X, class... Args> static auto var(X&& x, const Args&... args);
    template <class X, class... Args> static auto std(X&& x, const Args&... args);
};

}  // namespace detail

}  // namespace loom
