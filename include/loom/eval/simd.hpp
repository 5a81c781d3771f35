#pragma once
// Explicit SIMD for the expression's kernel: a reader (readers.hpp)
// evaluated one xsimd batch at a time, for whatever instruction set the
// compiler's flags select (SSE2 at the x86-64 baseline, AVX2 or AVX-512
// with -march=native; Note [batch architecture] in batch.hpp).
//
// Note [batch forms]: a functor has a batch form when batch_form<F> is
// specialised for it below. A reader runs in batches (runs_in_batches) when
// every value in its tree, leaves, scalars and results, is float32, or
// every one is float64, and every function has a batch form: arithmetic
// (+, *, maximum, abs, ...), the exact functions that are libm calls in
// scalar code (sqrt, which must set errno for a negative argument, floor,
// ceil and round at the x86-64 baseline), and the approximate ones (exp,
// log, sin, ...: xsimd's own algorithms, within the ulp bounds
// docs/evaluation.md gives). Arithmetic alone runs in batches too: g++ 12
// vectorises a loop of unknown length only at -O3, so at -O2 (CMake's
// RelWithDebInfo) the scalar loop of `a * b + c` took twice its time.
// Mixed element types, integers, comparisons and functions without a
// batch form run the scalar loop. The elements after the last whole batch
// are computed by the same batch functions, one lane used per element, so
// that an element's value never depends on where it falls in the array.
// Where xsimd supports no instruction set of the target (Note [batch
// architecture] in batch.hpp), only the traits are defined, false for
// every tree: the scalar loop runs.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <limits>
#include <numbers>
#include <tuple>
#include <type_traits>

#include <xsimd/xsimd.hpp>

#include "loom/core/apply_elements.hpp"
#include "loom/core/shape.hpp"
#include "loom/core/unroll.hpp"
#include "loom/eval/batch.hpp"
#include "loom/core/types.hpp"
#include "loom/eval/readers.hpp"
#include "loom/eval/streaming_stores.hpp"
#include "loom/expr/functors_arithmetic.hpp"
#include "loom/expr/functors_math.hpp"

namespace loom::simd {

/// What a batch form gives beside its scalar functor (Note [batch forms]).
enum class batch_kind {
    exact,        ///< the scalar functor's bits
    approximate,  ///< within the ulp bounds of docs/evaluation.md
};

/// F on batches, for the functors that have a batch form (Note [batch
/// forms]), and its `kind`.
template <class F>
struct batch_form;

namespace detail {

template <class F>
concept has_batch_form = requires { batch_form<F>::kind; };

// What a reader's tree holds, all of type T: whether each function has a
// batch form, and whether every one gives the scalar functor's bits (none
// approximate).
template <class Reader, class T>
struct tree_traits {
    static constexpr bool batchable = false;
    static constexpr bool exact = false;
};

// A leaf or a scalar of type T.
template <class Reader, class T>
    requires std::same_as<Reader, leaf_reader<T>> || std::same_as<Reader, scalar_reader<T>>
struct tree_traits<Reader, T> {
    static constexpr bool batchable = true;
    static constexpr bool exact = true;
};

template <class F, class... Readers, class T>
    requires has_batch_form<F>
struct tree_traits<node_reader<F, Readers...>, T> {
    static constexpr bool batchable =
        std::same_as<std::remove_cvref_t<decltype(std::declval<const node_reader<F, Readers...>&>()(0))>, T> &&
        (tree_traits<Readers, T>::batchable && ...);
    static constexpr bool exact =
        batch_form<F>::kind != batch_kind::approximate && (tree_traits<Readers, T>::exact && ...);
};

}  // namespace detail

/// True when `Reader`'s tree can be evaluated into elements of T in batches
/// with the bits of its scalar form, element for element: every value of
/// type T, every function with a batch form that is not approximate.
template <class Reader, class T>
inline constexpr bool batches_give_scalar_bits = vector_element<T> &&
                                                 detail::tree_traits<std::remove_cvref_t<Reader>, T>::batchable &&
                                                 detail::tree_traits<std::remove_cvref_t<Reader>, T>::exact;

/// True when the store kernel evaluates `Reader` into elements of T in
/// batches (Note [batch forms]).
template <class Reader, class T>
inline constexpr bool runs_in_batches = vector_element<T> &&
                                        detail::tree_traits<std::remove_cvref_t<Reader>, T>::batchable;

/// The lanes of the batches the store kernel evaluates `Reader` into
/// elements of D with (Note [batch forms]); 0 when it runs the scalar loop.
template <class Reader, class D>
constexpr index_t kernel_batch_lanes() {
    if constexpr (runs_in_batches<Reader, D>) return static_cast<index_t>(batch<D>::size);
    else return 0;
}

/// The name of the instruction set the batches are compiled for ("avx2").
inline constexpr const char* batch_architecture() { return architecture::name(); }

#if !defined(XSIMD_NO_SUPPORTED_ARCHITECTURE)

namespace detail {

// The arguments for which xsimd's exp and expm1 are as accurate as the
// scalar functions: below, xsimd's exp flushes subnormal results to 0 (in
// float64); above, both overflow to infinity up to an octave early.
template <class T>
struct exp_range;
template <>
struct exp_range<float> {
    static constexpr float low = -87.f, high = 88.f;
};
template <>
struct exp_range<double> {
    static constexpr double low = -708., high = 709.;
};

// Note [guarded lanes]: xsimd's kernel of an approximate function (exp,
// log, ...) is used on the lanes where `inside` holds, its accurate domain,
// which excludes infinities and NaNs (every comparison with a NaN is
// false); the scalar functor F computes the others. No float64 kernel sees
// those lanes (it is given 0 there): some of xsimd's float64 algorithms
// convert a multiple of the argument to a 64-bit integer lane by lane in
// C++, undefined behaviour for an argument that large. Such lanes are rare,
// and a batch loop (store_batches) evaluates each batch in two passes at most:
//   - optimistic_lanes first, with no call: every lane goes through the
//     kernel, and the batch notes whether any lane was outside;
//   - careful_lanes, out of line, for a batch that had one, each of its
//     elements alone in a batch: the kernel's result inside, the scalar
//     function's outside.
// A loop with no call in it keeps the kernels' constants in registers; one
// that may call a function reloads them around it in every batch (about a
// fifth of the instructions of `exp(a) * b + tanh(c)`). Inside lanes get the
// kernel's bits either way.
template <class F, class B, class Kernel>
[[gnu::noinline]] B redo_outside(const B& x, const typename B::batch_bool_type& inside, Kernel kernel) {
    using T = typename B::value_type;
    T xs[B::size], ys[B::size];
    x.store_unaligned(xs);
    kernel(xsimd::select(inside, x, B(0))).store_unaligned(ys);
    for (std::size_t lane = 0; lane < B::size; ++lane) {
        if (!inside.get(lane)) ys[lane] = F{}(xs[lane]);
    }
    return B::load_unaligned(ys);
}

}  // namespace detail

/// Lanes outside a kernel's domain computed by the scalar function (Note
/// [guarded lanes]).
struct careful_lanes {
    template <class F, class B, class Kernel>
    [[gnu::always_inline]] B apply(const B& x, const typename B::batch_bool_type& inside, Kernel kernel) {
        if (xsimd::all(inside)) [[likely]] return kernel(x);
        return detail::redo_outside<F>(x, inside, kernel);
    }
};

/// Every lane through the kernel, noting whether each was inside its domain
/// (Note [guarded lanes]).
template <class B>
struct optimistic_lanes {
    typename B::batch_bool_type inside = B(0) == B(0);  // every lane, until one is not

    template <class F, class Kernel>
    [[gnu::always_inline]] B apply(const B& x, const typename B::batch_bool_type& within, Kernel kernel) {
        inside = inside & within;
        // float32 kernels convert with intrinsics, defined for any lane, and
        // a batch with an outside lane is evaluated again anyway: x goes in
        // as it is, with no select on the kernel's critical path.
        if constexpr (std::same_as<typename B::value_type, float>) {
            return kernel(x);
        } else {
            return kernel(xsimd::select(within, x, B(0)));
        }
    }
};

namespace detail {

// The lanes of x in [low, high]: false for infinities outside it and NaNs.
template <class B>
typename B::batch_bool_type within(const B& x, typename B::value_type low, typename B::value_type high) {
    return (x >= B(low)) & (x <= B(high));
}

template <class B>
typename B::batch_bool_type in_exp_range(const B& x) {
    using range = exp_range<typename B::value_type>;
    return within(x, range::low, range::high);
}

// The finite lanes of x.
template <class B>
typename B::batch_bool_type finite(const B& x) {
    return xsimd::abs(x) <= B(std::numeric_limits<typename B::value_type>::max());
}

// floor and ceil from the nearest whole number, one step down or up when
// it lies on the wrong side of x. NaN and infinities come through as they
// are: nearbyint keeps them, and neither comparison holds for them.
template <class B>
B floor_by_nearest(const B& x) {
    const B whole = xsimd::nearbyint(x);
    return xsimd::select(whole > x, whole - B(1), whole);
}

template <class B>
B ceil_by_nearest(const B& x) {
    const B whole = xsimd::nearbyint(x);
    return xsimd::select(whole < x, whole + B(1), whole);
}

// The positive, finite, normal lanes of x: where xsimd's log2 and log10
// are accurate (not subnormals, like its log).
template <class B>
typename B::batch_bool_type normal_positive(const B& x) {
    using T = typename B::value_type;
    return within(x, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
}

// The lanes of x whose power of 2 is normal and finite: xsimd's exp2
// flushes subnormal results to 0, and overflows below 128 in float32.
template <class B>
typename B::batch_bool_type in_exp2_range(const B& x) {
    using T = typename B::value_type;
    return within(x, T(std::numeric_limits<T>::min_exponent - 1), T(std::numeric_limits<T>::max_exponent - 1));
}

// Beyond this magnitude tanh is ±1 in float32 and float64 alike.
inline constexpr double tanh_saturation = 20;

}  // namespace detail

#define LOOM_UNARY_BATCH_FORM(functor, batch_kind_, expression) \
    template <>                                              \
    struct batch_form<fn::functor> {                         \
        static constexpr batch_kind kind = batch_kind::batch_kind_; \
        template <class B>                                   \
        B operator()(const B& x) const {                     \
            return expression;                               \
        }                                                    \
    };

#define LOOM_BINARY_BATCH_FORM(functor, batch_kind_, expression) \
    template <>                                               \
    struct batch_form<fn::functor> {                          \
        static constexpr batch_kind kind = batch_kind::batch_kind_; \
        template <class B>                                    \
        B operator()(const B& x, const B& y) const {          \
            return expression;                                \
        }                                                     \
    };

LOOM_BINARY_BATCH_FORM(add, exact, x + y)
LOOM_BINARY_BATCH_FORM(subtract, exact, x - y)
LOOM_BINARY_BATCH_FORM(multiply, exact, x * y)
LOOM_BINARY_BATCH_FORM(divide, exact, x / y)
// NaN wins, as in the scalar functors (and NumPy's maximum and minimum).
// isnan, not x != x: xsimd's != is an ordered comparison with AVX, false for NaN.
LOOM_BINARY_BATCH_FORM(maximum, exact, xsimd::select((x > y) | xsimd::isnan(x), x, y))
LOOM_BINARY_BATCH_FORM(minimum, exact, xsimd::select((x < y) | xsimd::isnan(x), x, y))
// max() and min() keep the first of equal values (and NaN).
LOOM_BINARY_BATCH_FORM(fold_max, exact, xsimd::select((x >= y) | xsimd::isnan(x), x, y))
LOOM_BINARY_BATCH_FORM(fold_min, exact, xsimd::select((x <= y) | xsimd::isnan(x), x, y))

LOOM_UNARY_BATCH_FORM(negative, exact, -x)
LOOM_UNARY_BATCH_FORM(absolute, exact, xsimd::abs(x))
LOOM_UNARY_BATCH_FORM(square, exact, x * x)
LOOM_UNARY_BATCH_FORM(sqrt, exact, xsimd::sqrt(x))
// A rounded value has its argument's sign, -0 included, which the step from
// a whole number loses (ceil(-0.6) is -1 + 1 = +0): the sign is copied back.
// floor and ceil step from the nearest whole number, not through xsimd::floor
// and xsimd::ceil: at SSE2 those convert each float64 lane to int64 on its
// own, undefined behaviour for infinities, NaN and large values.
LOOM_UNARY_BATCH_FORM(floor, exact, xsimd::copysign(detail::floor_by_nearest(x), x))
LOOM_UNARY_BATCH_FORM(ceil, exact, xsimd::copysign(detail::ceil_by_nearest(x), x))
LOOM_UNARY_BATCH_FORM(round, exact, xsimd::copysign(xsimd::nearbyint(x), x))
// trunc is floor of the magnitude, with the argument's sign.
LOOM_UNARY_BATCH_FORM(trunc, exact, xsimd::copysign(detail::floor_by_nearest(xsimd::abs(x)), x))
LOOM_UNARY_BATCH_FORM(reciprocal, exact, B(1) / x)
LOOM_UNARY_BATCH_FORM(relu, exact, xsimd::select(x < B(0), B(0), x))
LOOM_UNARY_BATCH_FORM(deg2rad, exact,
                      x * B(std::numbers::pi_v<typename B::value_type> / typename B::value_type(180)))
LOOM_UNARY_BATCH_FORM(rad2deg, exact,
                      x * B(typename B::value_type(180) / std::numbers::pi_v<typename B::value_type>))
// A NaN loses, as in the scalar functors (and NumPy's fmax and fmin).
LOOM_BINARY_BATCH_FORM(fmax, exact, xsimd::select((x > y) | xsimd::isnan(y), x, y))
LOOM_BINARY_BATCH_FORM(fmin, exact, xsimd::select((x < y) | xsimd::isnan(y), x, y))
LOOM_BINARY_BATCH_FORM(copysign, exact, xsimd::copysign(x, y))
// The functions xsimd approximates, each given the lanes where xsimd is as
// accurate as the scalar function and the policy for the others (Note
// [guarded lanes]).
#define LOOM_APPROXIMATE_BATCH_FORM(functor, expression)         \
    template <>                                                 \
    struct batch_form<fn::functor> {                            \
        static constexpr batch_kind kind = batch_kind::approximate; \
        template <class Lanes, class B>                         \
        B operator()(Lanes& lanes, const B& x) const {          \
            return expression;                                  \
        }                                                       \
    };
#define LOOM_GUARDED_BATCH_FORM(functor, inside) \
    LOOM_APPROXIMATE_BATCH_FORM(                 \
        functor, lanes.template apply<fn::functor>(x, inside, [](const B& v) { return xsimd::functor(v); }))

LOOM_GUARDED_BATCH_FORM(exp, detail::in_exp_range(x))
LOOM_GUARDED_BATCH_FORM(expm1, detail::in_exp_range(x))
// Not subnormal arguments, 0 and negative ones: xsimd's float64 log is wrong for the first.
LOOM_GUARDED_BATCH_FORM(log, detail::within(x, std::numeric_limits<typename B::value_type>::min(),
                                            std::numeric_limits<typename B::value_type>::max()))
LOOM_GUARDED_BATCH_FORM(log1p, (x > B(-1)) & detail::finite(x))
LOOM_GUARDED_BATCH_FORM(sin, detail::finite(x))
LOOM_GUARDED_BATCH_FORM(cos, detail::finite(x))
LOOM_GUARDED_BATCH_FORM(tan, detail::finite(x))
LOOM_GUARDED_BATCH_FORM(tanh, xsimd::abs(x) <= B(detail::tanh_saturation))
LOOM_APPROXIMATE_BATCH_FORM(sigmoid, B(1) / (B(1) + batch_form<fn::exp>{}(lanes, -x)))
// NumPy's further functions that xsimd computes as closely as the ones
// above, each on the lanes inside its accurate domain (Note [guarded lanes]).
LOOM_GUARDED_BATCH_FORM(log2, detail::normal_positive(x))
LOOM_GUARDED_BATCH_FORM(log10, detail::normal_positive(x))
LOOM_GUARDED_BATCH_FORM(exp2, detail::in_exp2_range(x))
#define LOOM_RENAMED_BATCH_FORM(functor, xsimd_name, inside) \
    LOOM_APPROXIMATE_BATCH_FORM(                             \
        functor, lanes.template apply<fn::functor>(x, inside, [](const B& v) { return xsimd::xsimd_name(v); }))
LOOM_RENAMED_BATCH_FORM(arcsin, asin, xsimd::abs(x) <= B(1))
LOOM_RENAMED_BATCH_FORM(arccos, acos, xsimd::abs(x) <= B(1))
LOOM_RENAMED_BATCH_FORM(arctan, atan, detail::finite(x))
LOOM_RENAMED_BATCH_FORM(arctanh, atanh, xsimd::abs(x) < B(1))
// Not below 1, where xsimd gives infinity for large negative arguments instead of NaN.
LOOM_RENAMED_BATCH_FORM(arccosh, acosh, (x >= B(1)) & detail::finite(x))
#undef LOOM_RENAMED_BATCH_FORM

#undef LOOM_GUARDED_BATCH_FORM
#undef LOOM_APPROXIMATE_BATCH_FORM
#undef LOOM_UNARY_BATCH_FORM
#undef LOOM_BINARY_BATCH_FORM

template <>
struct batch_form<fn::clip> {
    static constexpr batch_kind kind = batch_kind::exact;
    template <class B>
    B operator()(const B& x, const B& low, const B& high) const {
        return batch_form<fn::minimum>{}(batch_form<fn::maximum>{}(x, low), high);
    }
};

/// `reader`'s tree on batches, each leaf's batch read by `read_leaf(block)`
/// from the leaf's unit-stride pointer, the approximate functions' lanes
/// outside their domain treated as `lanes` says (Note [guarded lanes]).
template <class B, class T, class ReadLeaf, class Lanes>
B evaluate(const leaf_reader<T>& reader, const ReadLeaf& read_leaf, Lanes&) {
    return read_leaf(reader.block);
}

template <class B, class T, class ReadLeaf, class Lanes>
B evaluate(const scalar_reader<T>& reader, const ReadLeaf&, Lanes&) {
    return B(reader.value);
}

template <class B, class F, class... Readers, class ReadLeaf, class Lanes>
B evaluate(const node_reader<F, Readers...>& reader, const ReadLeaf& read_leaf, Lanes& lanes) {
    return loom::detail::apply_elements(
        [&](const Readers&... r) {
            if constexpr (batch_form<F>::kind == batch_kind::approximate) {
                return batch_form<F>{}(lanes, evaluate<B>(r, read_leaf, lanes)...);
            } else {
                return batch_form<F>{}(evaluate<B>(r, read_leaf, lanes)...);
            }
        },
        reader.operands);
}

/// evaluate() with every lane outside a domain computed by the scalar function.
template <class B, class Reader, class ReadLeaf>
B evaluate(const Reader& reader, const ReadLeaf& read_leaf) {
    careful_lanes lanes;
    return evaluate<B>(reader, read_leaf, lanes);
}

namespace detail {

// Element i of `reader`'s tree, alone in every lane of a batch.
template <class B, class Reader>
[[gnu::always_inline]] inline typename B::value_type element_alone(const Reader& reader, index_t i) {
    return evaluate<B>(reader, [i](const auto* block) { return B(block[i]); }).get(0);
}

// Elements [first, last) of `reader`'s tree, each alone in every lane of a
// batch, with careful lanes: the elements after the last whole batch, and
// those of a batch that had a lane outside a kernel's domain (Note [guarded
// lanes]). An element's lanes do not depend on the other lanes of its batch,
// so either way it gets the bits it would get in any batch. One function
// for both, out of line, so that each expression compiles its tree twice
// in all (here and in the batch loop), not three times.
template <class B, class D, class Reader>
[[gnu::noinline, gnu::flatten]] void store_elements_carefully(D* out, const Reader& reader, index_t first,
                                                             index_t last) {
    for (index_t i = first; i < last; ++i) out[i] = element_alone<B>(reader, i);
}

// Stores the next Lanes results of `reader` at `i` as one batch of that
// many lanes when at least that many remain, then tries half as many.
template <std::size_t Lanes, class D, class Reader>
[[gnu::always_inline]] inline void store_narrower(D* out, const Reader& reader, index_t& i, index_t count) {
    using B = xsimd::make_sized_batch_t<D, Lanes>;
    if constexpr (!std::is_void_v<B>) {
        if (count - i >= static_cast<index_t>(Lanes)) {
            const B result = evaluate<B>(reader, [i](const auto* block) { return B::load_unaligned(block + i); });
            result.store_unaligned(out + i);
            i += static_cast<index_t>(Lanes);
        }
    }
    if constexpr (Lanes > 2) store_narrower<Lanes / 2>(out, reader, i, count);
}

}  // namespace detail

/// The lanes of a batch of T at the instruction set the compiler's flags select.
template <vector_element T>
inline constexpr index_t batch_lanes = static_cast<index_t>(batch<T>::size);

/// Note [short runs]: `count` results of `reader`, fewer than a batch of the
/// instruction set's width, stored into `out` in batches of half that
/// width, a quarter, ..., and the last elements one by one. A run of four
/// float32, the row of `(3, 4) + (4,)`, is then one SSE batch where the
/// compiler's vectorised loop would take its scalar tail after testing for
/// its AVX-512 and AVX batches. For trees whose batches give the scalar
/// bits (batches_give_scalar_bits), so each element is what the scalar loop
/// would store.
template <vector_element D, class Reader>
[[gnu::always_inline]] inline void store_short(D* out, const Reader& reader, index_t count) {
    index_t i = 0;
    if constexpr (batch<D>::size >= 4) detail::store_narrower<batch<D>::size / 2>(out, reader, i, count);
    // Fewer than the narrowest batch remain: a loop of constant length, so
    // that it is unrolled, not vectorised with a tail of its own. The
    // narrowest is 16 bytes, which every instruction set xsimd supports here has.
    constexpr index_t narrowest = 16 / static_cast<index_t>(sizeof(D));
    static_assert(batch<D>::size <= static_cast<std::size_t>(narrowest) ||
                  !std::is_void_v<xsimd::make_sized_batch_t<D, static_cast<std::size_t>(narrowest)>>);
    for (index_t k = 1; k < narrowest && i < count; ++k, ++i) out[i] = static_cast<D>(reader(i));
}

/// `count` results of `reader` stored into `out`, batch by batch, for a
/// tree whose batches give the scalar bits (batches_give_scalar_bits): no
/// lane can be outside a kernel's domain, so nothing is noted per batch;
/// the elements after the last whole batch are computed as store_batches
/// computes them. Inlined into the expression's kernel, whose runs may be a
/// few batches long (128 float32 in `(32, 64, 1, 128) + (64, 32, 1)`),
/// where store_batches' bookkeeping of lanes made the evaluation a fifth
/// slower than the compiler's own vectorised loop at -O3.
template <vector_element D, class Reader>
[[gnu::always_inline]] inline void store_exact_batches(D* out, const Reader& in_memory, index_t count) {
    const Reader reader = in_memory;
    using B = batch<D>;
    constexpr auto lanes = static_cast<index_t>(B::size);
    index_t i = 0;
    for (; i + lanes <= count; i += lanes) {
        evaluate<B>(reader, [i](const auto* block) { return B::load_unaligned(block + i); }).store_unaligned(out + i);
    }
    // The last elements as store_elements_carefully computes them, but here,
    // not by a call to it: a call in the loop of runs made g++ keep the
    // loop's addresses in memory from run to run. The loop's count says that
    // fewer than a batch remain: bounded by `count` alone, g++ -O3 warned
    // (-Waggressive-loop-optimizations) where `count` and the size of `out`
    // are constants, as for static shapes. Not unrolled: g++ -O3 unrolled it
    // to the lanes, 14% more object code for a file of five expressions. One
    // condition, so that g++ attaches the annotation at -O0 too.
    LOOM_UNROLL(1)
    for (index_t left = std::min(count - i, lanes - 1); left > 0; --left, ++i) {
        out[i] = detail::element_alone<B>(reader, i);
    }
}

/// `count` results of `reader`, a whole number of batches, stored into
/// `out`, aligned to a batch's size, with non-temporal stores (Note
/// [streaming stores] in streaming_stores.hpp), for a tree whose batches
/// give the scalar bits (batches_give_scalar_bits).
template <vector_element D, class Reader>
[[gnu::always_inline]] inline void stream_exact_batches(D* out, const Reader& in_memory, index_t count) {
    const Reader reader = in_memory;
    using B = batch<D>;
    for (index_t i = 0; i < count; i += static_cast<index_t>(B::size)) {
        const B result = evaluate<B>(reader, [i](const auto* block) { return B::load_unaligned(block + i); });
        stream_register(out + i, static_cast<typename B::register_type>(result));
    }
}

/// `count` results of `reader`, a tree with an approximate function, stored
/// into `out`, batch by batch (Note [guarded lanes]).
///
/// Flattened: g++ otherwise leaves xsimd's exp out of line, called once per
/// batch with its arguments spilled, which made `exp(a) * b + tanh(c)` 15%
/// slower. The reader is copied into a local so that its pointers stay in
/// registers: a store through an intrinsic may alias any memory, so
/// pointers read from the caller's copy were loaded again after each store.
/// A batch is stored once it is known to need no careful lanes (Note
/// [guarded lanes]), since `out` may be one of the reader's leaves.
template <vector_element D, class Reader>
[[gnu::flatten]] void store_batches(D* out, const Reader& in_memory, index_t count) {
    const Reader reader = in_memory;
    using B = batch<D>;
    constexpr auto lanes = static_cast<index_t>(B::size);
    index_t i = 0;
    while (i + lanes <= count) {
        for (; i + lanes <= count; i += lanes) {
            optimistic_lanes<B> seen;
            const B result = evaluate<B>(reader, [i](const auto* block) { return B::load_unaligned(block + i); }, seen);
            if (!xsimd::all(seen.inside)) [[unlikely]] break;
            result.store_unaligned(out + i);
        }
        if (i + lanes <= count) {
            detail::store_elements_carefully<B>(out, reader, i, i + lanes);
            i += lanes;
        }
    }
    if (i < count) detail::store_elements_carefully<B>(out, reader, i, count);
}

/// Lane j of `lanes` combined with lane j + Width by F, for j < Width, then
/// the same on the first Width lanes with Width / 2, ..., down to lane 0:
/// the last levels of a balanced tree. Each level is one batch of Width
/// lanes where the instruction set has one, else a scalar loop (g++ at -O2
/// would leave every level a scalar loop in memory). F is an exact
/// function (Note [batch forms]), so the bits are the scalar loop's.
template <class F, std::size_t Width, vector_element T>
void fold_halves(T* lanes) {
    if constexpr (Width > 0) {
        using H = xsimd::make_sized_batch_t<T, Width>;
        if constexpr (!std::is_void_v<H>) {
            batch_form<F>{}(H::load_unaligned(lanes), H::load_unaligned(lanes + Width)).store_unaligned(lanes);
        } else {
            LOOM_UNROLL(8)
            for (std::size_t j = 0; j < Width; ++j) lanes[j] = F{}(lanes[j], lanes[j + Width]);
        }
        fold_halves<F, Width / 2>(lanes);
    }
}

#else

// No instruction set has batches (Note [batch architecture] in batch.hpp): declared for the
// branches that runs_in_batches and batches_give_scalar_bits discard, never instantiated.
template <class B, class Reader, class ReadLeaf>
B evaluate(const Reader& reader, const ReadLeaf& read_leaf);
template <vector_element T>
inline constexpr index_t batch_lanes = 0;
template <vector_element D, class Reader>
void store_short(D* out, const Reader& reader, index_t count);
template <vector_element D, class Reader>
void store_exact_batches(D* out, const Reader& in_memory, index_t count);
template <vector_element D, class Reader>
void stream_exact_batches(D* out, const Reader& in_memory, index_t count);
template <vector_element D, class Reader>
void store_batches(D* out, const Reader& in_memory, index_t count);
template <class F, std::size_t Width, vector_element T>
void fold_halves(T* lanes);

#endif  // !XSIMD_NO_SUPPORTED_ARCHITECTURE

}  // namespace loom::simd

