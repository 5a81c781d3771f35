#pragma once
// The functions of the capability headers (<loom/reduce.hpp>, <loom/stats.hpp>,
// ...), named for every program: a call to one whose header the program
// has not included, `max(x)` with <loom/fft.hpp> alone, fails with one line
// that names the header, where the compiler would say that the name is not
// declared (Note [names of other headers]).
// Cost to include: <initializer_list> and <type_traits>.

#include <initializer_list>
#include <type_traits>

// Note [names of other headers]: each name is declared as a function template
// whose body is a static_assert naming the header, on two conditions that
// keep it out of every call it should not take:
// - it is constrained on its header's marker, a class completed at the end
//   of that header: once the header is included, it takes no call (a call
//   that fits none of the header's overloads then fails as usual);
// - it takes a loom expression where the function takes its first operand,
//   and every argument through a user-defined conversion: any function
//   that takes the arguments, the header's own when a part of it is
//   included, or a program's own function of the same name (`max(1, 2)`
//   with `using namespace loom`), is a better match.

namespace loom {

namespace detail {

// Complete at the end of each capability header (reduce.hpp's is defined by
// reduce/reduction_members.hpp, which the members test too).
struct reduction_calls_defined;
struct linalg_header;
struct nn_header;
struct manipulate_header;
struct sort_header;
struct stats_header;
struct fft_header;
struct io_header;

// True once Marker is complete: asked at a call, not where a name is
// declared. A compiler keeps its first answer for the same arguments: a
// program that calls one of these names unqualified (on anything) before it
// includes the name's header is told, for a later call that fits none of
// the header's functions, to include it (valid calls are not affected).
template <class Use, class Marker>
concept header_included = requires { sizeof(Marker); };

// A loom expression, converted: the operand a name of another header takes.
struct loom_operand_argument {
    template <class X>
        requires std::remove_cvref_t<X>::is_loom_expression
    loom_operand_argument(X&&) {}
};

// Any argument, converted (braced lists of axes included), or none.
struct any_argument {
    any_argument() = default;
    template <class A>
    any_argument(A&&) {}
    any_argument(std::initializer_list<long long>) {}
};

}  // namespace detail

// A name of `header`, whose marker is `marker`, taking its operand first (or
// second, after a subscripts string or a path).
#define LOOM_NAME_OF_HEADER(name, header, marker, ...)                                                  \
    template <class Marker = ::loom::detail::marker>                                                   \
        requires(!::loom::detail::header_included<Marker, Marker>)                                     \
    auto name(__VA_ARGS__ ::loom::detail::loom_operand_argument, ::loom::detail::any_argument = {},    \
              ::loom::detail::any_argument = {}, ::loom::detail::any_argument = {},                    \
              ::loom::detail::any_argument = {}, ::loom::detail::any_argument = {}) {                  \
        static_assert(::loom::detail::header_included<Marker, Marker>,                                 \
                      #name "(...) is in <loom/" header ".hpp>: include it, or <loom/loom.hpp>");     \
    }
#define LOOM_OPERAND_FIRST(name, header, marker) LOOM_NAME_OF_HEADER(name, header, marker, )
#define LOOM_OPERAND_SECOND(name, header, marker) LOOM_NAME_OF_HEADER(name, header, marker, ::loom::detail::any_argument, )

LOOM_OPERAND_FIRST(sum, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(mean, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(prod, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(min, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(max, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(argmin, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(argmax, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(any, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(all_of, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(var, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(stddev, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(std, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(nansum, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(nanmean, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(nanmin, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(nanmax, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(count_nonzero, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(cumsum, "reduce", reduction_calls_defined)
LOOM_OPERAND_FIRST(cumprod, "reduce", reduction_calls_defined)

LOOM_OPERAND_FIRST(matmul, "linalg", linalg_header)
LOOM_OPERAND_FIRST(dot, "linalg", linalg_header)
LOOM_OPERAND_FIRST(vdot, "linalg", linalg_header)
LOOM_OPERAND_FIRST(inner, "linalg", linalg_header)
LOOM_OPERAND_FIRST(outer, "linalg", linalg_header)
LOOM_OPERAND_FIRST(tensordot, "linalg", linalg_header)
LOOM_OPERAND_FIRST(trace, "linalg", linalg_header)
LOOM_OPERAND_SECOND(einsum, "linalg", linalg_header)
LOOM_OPERAND_SECOND(einsum_path, "linalg", linalg_header)

LOOM_OPERAND_FIRST(softmax, "nn", nn_header)
LOOM_OPERAND_FIRST(log_softmax, "nn", nn_header)
LOOM_OPERAND_FIRST(logsumexp, "nn", nn_header)
LOOM_OPERAND_FIRST(take_along_axis, "nn", nn_header)
LOOM_OPERAND_FIRST(one_hot, "nn", nn_header)
LOOM_OPERAND_FIRST(nll_loss, "nn", nn_header)
LOOM_OPERAND_FIRST(cross_entropy, "nn", nn_header)
LOOM_OPERAND_FIRST(mse_loss, "nn", nn_header)
LOOM_OPERAND_FIRST(l1_loss, "nn", nn_header)
LOOM_OPERAND_FIRST(binary_cross_entropy, "nn", nn_header)
LOOM_OPERAND_FIRST(binary_cross_entropy_with_logits, "nn", nn_header)

LOOM_OPERAND_FIRST(split, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(array_split, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(hsplit, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(vsplit, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(dsplit, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(pad, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(tile, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(repeat, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(roll, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(diff, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(meshgrid, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(unravel_index, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(atleast_1d, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(atleast_2d, "manipulate", manipulate_header)
LOOM_OPERAND_FIRST(atleast_3d, "manipulate", manipulate_header)

LOOM_OPERAND_FIRST(sort, "sort", sort_header)
LOOM_OPERAND_FIRST(argsort, "sort", sort_header)
LOOM_OPERAND_FIRST(partition, "sort", sort_header)
LOOM_OPERAND_FIRST(argpartition, "sort", sort_header)
LOOM_OPERAND_FIRST(unique, "sort", sort_header)
LOOM_OPERAND_FIRST(searchsorted, "sort", sort_header)
LOOM_OPERAND_FIRST(nonzero, "sort", sort_header)
LOOM_OPERAND_FIRST(argwhere, "sort", sort_header)
LOOM_OPERAND_FIRST(isin, "sort", sort_header)
LOOM_OPERAND_FIRST(interp, "sort", sort_header)

LOOM_OPERAND_FIRST(median, "stats", stats_header)
LOOM_OPERAND_FIRST(percentile, "stats", stats_header)
LOOM_OPERAND_FIRST(quantile, "stats", stats_header)
LOOM_OPERAND_FIRST(average, "stats", stats_header)
LOOM_OPERAND_FIRST(ptp, "stats", stats_header)
LOOM_OPERAND_FIRST(cov, "stats", stats_header)
LOOM_OPERAND_FIRST(corrcoef, "stats", stats_header)
LOOM_OPERAND_FIRST(nanmedian, "stats", stats_header)
LOOM_OPERAND_FIRST(nanpercentile, "stats", stats_header)
LOOM_OPERAND_FIRST(nanquantile, "stats", stats_header)
LOOM_OPERAND_FIRST(nanvar, "stats", stats_header)
LOOM_OPERAND_FIRST(nanstd, "stats", stats_header)
LOOM_OPERAND_FIRST(nanprod, "stats", stats_header)
LOOM_OPERAND_FIRST(nanargmin, "stats", stats_header)
LOOM_OPERAND_FIRST(nanargmax, "stats", stats_header)
LOOM_OPERAND_FIRST(nancumsum, "stats", stats_header)
LOOM_OPERAND_FIRST(nancumprod, "stats", stats_header)
LOOM_OPERAND_FIRST(histogram, "stats", stats_header)
LOOM_OPERAND_FIRST(histogram2d, "stats", stats_header)
LOOM_OPERAND_FIRST(bincount, "stats", stats_header)
LOOM_OPERAND_FIRST(digitize, "stats", stats_header)

LOOM_OPERAND_SECOND(save_npy, "io", io_header)
LOOM_OPERAND_SECOND(savetxt, "io", io_header)

namespace linalg {
LOOM_OPERAND_FIRST(solve, "linalg", linalg_header)
LOOM_OPERAND_FIRST(inv, "linalg", linalg_header)
LOOM_OPERAND_FIRST(det, "linalg", linalg_header)
LOOM_OPERAND_FIRST(slogdet, "linalg", linalg_header)
LOOM_OPERAND_FIRST(lstsq, "linalg", linalg_header)
LOOM_OPERAND_FIRST(matrix_power, "linalg", linalg_header)
LOOM_OPERAND_FIRST(cholesky, "linalg", linalg_header)
LOOM_OPERAND_FIRST(qr, "linalg", linalg_header)
LOOM_OPERAND_FIRST(svd, "linalg", linalg_header)
LOOM_OPERAND_FIRST(eigh, "linalg", linalg_header)
LOOM_OPERAND_FIRST(eigvalsh, "linalg", linalg_header)
LOOM_OPERAND_FIRST(eig, "linalg", linalg_header)
LOOM_OPERAND_FIRST(eigvals, "linalg", linalg_header)
LOOM_OPERAND_FIRST(pinv, "linalg", linalg_header)
LOOM_OPERAND_FIRST(matrix_rank, "linalg", linalg_header)
LOOM_OPERAND_FIRST(norm, "linalg", linalg_header)
LOOM_OPERAND_FIRST(cond, "linalg", linalg_header)
}  // namespace linalg

namespace fft {
LOOM_OPERAND_FIRST(fft, "fft", fft_header)
LOOM_OPERAND_FIRST(ifft, "fft", fft_header)
LOOM_OPERAND_FIRST(rfft, "fft", fft_header)
LOOM_OPERAND_FIRST(irfft, "fft", fft_header)
LOOM_OPERAND_FIRST(fft2, "fft", fft_header)
LOOM_OPERAND_FIRST(ifft2, "fft", fft_header)
LOOM_OPERAND_FIRST(rfft2, "fft", fft_header)
LOOM_OPERAND_FIRST(irfft2, "fft", fft_header)
LOOM_OPERAND_FIRST(fftn, "fft", fft_header)
LOOM_OPERAND_FIRST(ifftn, "fft", fft_header)
LOOM_OPERAND_FIRST(rfftn, "fft", fft_header)
LOOM_OPERAND_FIRST(irfftn, "fft", fft_header)
LOOM_OPERAND_FIRST(fftshift, "fft", fft_header)
LOOM_OPERAND_FIRST(ifftshift, "fft", fft_header)
}  // namespace fft

#undef LOOM_OPERAND_SECOND
#undef LOOM_OPERAND_FIRST
#undef LOOM_NAME_OF_HEADER

}  // namespace loom
