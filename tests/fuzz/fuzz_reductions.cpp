// Fuzzes the reductions: sum, prod, mean, min, max, var and std (with any
// ddof, hostile ones among them), any, all, cumsum, cumprod, argmax and
// argmin, over every axis (flat), one axis or a list of axes (empty,
// repeated, out of range, negative, at the limits of index_t), with or
// without keepdims, of int32 and float64 tensors of rank 0 to 4 and sizes 0
// to 4, or of a view of one (transposed, flipped, broadcast).
// Property: each call throws the documented exception exactly when NumPy's
// rules refuse it (std::out_of_range for an axis out of range,
// std::invalid_argument for an axis given twice, several axes where one is
// wanted, or min, max, argmin and argmax of an extent of no elements);
// otherwise the result has NumPy's shape and the values of a reference
// computed here with plain loops (floats within a relative 1e-9: loom sums
// pairwise, the reference in order).

#include <cmath>
#include <limits>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using sizes = std::vector<index_t>;

enum op { op_sum, op_prod, op_mean, op_min, op_max, op_var, op_std, op_any, op_all, op_cumsum, op_cumprod, op_argmax,
          op_argmin, op_count };
const char* const op_names[] = {"sum", "prod", "mean", "min", "max", "var", "std", "any", "all_of", "cumsum",
                                "cumprod", "argmax", "argmin"};

// The axes argument as the fuzzer chose it: flat, one index, or a list.
struct axes_choice {
    int form = 0;  // 0 flat, 1 one index, 2 a list
    std::vector<index_t> list;
};

std::string describe(const axes_choice& a) {
    if (a.form == 0) return "flat";
    if (a.form == 1) return std::to_string(a.list[0]);
    std::string s = "{";
    for (std::size_t i = 0; i < a.list.size(); ++i) s += (i ? ", " : "") + std::to_string(a.list[i]);
    return s + "}";
}

loom::axis_set to_axis_set(const axes_choice& a) {
    if (a.form == 0) return loom::flat;
    if (a.form == 1) return loom::axis_set(a.list[0]);
    return loom::axis_set(std::span<const index_t>(a.list.data(), a.list.size()));
}

// What the reference says of the axes: which dimensions are reduced, or
// which refusals are acceptable.
struct axes_answer {
    bool out_of_range = false;
    bool repeated = false;
    std::vector<bool> reduced;
};

axes_answer resolve(const axes_choice& a, std::size_t rank) {
    axes_answer r;
    r.reduced.assign(rank, a.form == 0);
    if (a.form == 0) return r;
    const auto n = static_cast<index_t>(rank);
    for (index_t axis : a.list) {
        if (axis < -n || axis >= n) {
            r.out_of_range = true;
            continue;
        }
        const auto d = static_cast<std::size_t>(axis < 0 ? axis + n : axis);
        if (r.reduced[d]) r.repeated = true;
        r.reduced[d] = true;
    }
    return r;
}

// Row-major values of a view, read through its strides.
template <class T>
std::vector<T> values_of(const tensor_view<T>& v) {
    std::vector<T> out;
    for_each_element(v.shape(), v.strides(), 0, [&](const std::vector<index_t>&, index_t at) { out.push_back(v.data()[at]); });
    return out;
}

// For each element of the result (row-major over the kept dimensions), the
// operand's values it reduces, in row-major order.
template <class T>
std::vector<std::vector<T>> groups_of(const sizes& shape, const std::vector<T>& values, const std::vector<bool>& reduced) {
    index_t results = 1;
    for (std::size_t d = 0; d < shape.size(); ++d) {
        if (!reduced[d]) results *= shape[d];
    }
    std::vector<std::vector<T>> groups(static_cast<std::size_t>(results));
    const shape_type s(shape.begin(), shape.end());
    std::size_t i = 0;
    for_each_element(s, loom::strides_type(shape.size(), 0), 0, [&](const std::vector<index_t>& index, index_t) {
        index_t flat = 0;
        for (std::size_t d = 0; d < shape.size(); ++d) {
            if (!reduced[d]) flat = flat * shape[d] + index[d];
        }
        groups[static_cast<std::size_t>(flat)].push_back(values[i++]);
    });
    return groups;
}

bool is_nan(double x) { return x != x; }

// The reduction of one group, as a double (integer sums and products wrap in int64 first).
template <class T>
double reduce_group(op o, const std::vector<T>& g, wide ddof) {
    constexpr bool integer = std::is_integral_v<T>;
    switch (o) {
        case op_sum: {
            if constexpr (integer) {
                std::uint64_t s = 0;
                for (T x : g) s += static_cast<std::uint64_t>(static_cast<std::int64_t>(x));
                return static_cast<double>(static_cast<std::int64_t>(s));
            } else {
                double s = 0;
                for (T x : g) s += x;
                return s;
            }
        }
        case op_prod: {
            if constexpr (integer) {
                std::uint64_t p = 1;
                for (T x : g) p *= static_cast<std::uint64_t>(static_cast<std::int64_t>(x));
                return static_cast<double>(static_cast<std::int64_t>(p));
            } else {
                double p = 1;
                for (T x : g) p *= x;
                return p;
            }
        }
        case op_mean: {
            double s = 0;
            for (T x : g) s += static_cast<double>(x);
            return s / static_cast<double>(g.size());
        }
        case op_min:
        case op_max: {
            double best = static_cast<double>(g[0]);
            for (T x : g) {
                const double y = static_cast<double>(x);
                if (is_nan(best)) break;
                if (is_nan(y) || (o == op_max ? y > best : y < best)) best = y;
            }
            return best;
        }
        case op_var:
        case op_std: {
            double s = 0;
            for (T x : g) s += static_cast<double>(x);
            const double m = s / static_cast<double>(g.size());
            double q = 0;
            for (T x : g) q += (static_cast<double>(x) - m) * (static_cast<double>(x) - m);
            // NumPy's divisor is max(n - ddof, 0) in int64: a difference past
            // int64's range wraps below 0, and the divisor is 0.
            const wide n = static_cast<wide>(g.size()) - ddof;
            const bool fits = n <= std::numeric_limits<index_t>::max();
            const double v = q / (n > 0 && fits ? static_cast<double>(n) : 0.0);
            return o == op_var ? v : std::sqrt(v);
        }
        case op_any:
        case op_all: {
            bool any = false, all = true;
            for (T x : g) {
                any = any || x != T(0);
                all = all && x != T(0);
            }
            return (o == op_any ? any : all) ? 1.0 : 0.0;
        }
        case op_argmax:
        case op_argmin: {
            std::size_t best = 0;
            for (std::size_t i = 1; i < g.size(); ++i) {
                const double b = static_cast<double>(g[best]), y = static_cast<double>(g[i]);
                if (is_nan(b)) break;
                if (is_nan(y) || (o == op_argmax ? y > b : y < b)) best = i;
            }
            return static_cast<double>(best);
        }
        default: std::abort();
    }
}

// cumsum and cumprod along `axis` (or flattened, axis < 0), as doubles.
template <class T>
std::vector<double> running(op o, const sizes& shape, const std::vector<T>& values, index_t axis) {
    std::vector<double> out(values.size());
    index_t stride = 1;  // of `axis`, row-major
    if (axis >= 0) {
        for (std::size_t d = static_cast<std::size_t>(axis) + 1; d < shape.size(); ++d) stride *= shape[d];
    }
    std::vector<std::uint64_t> wrapped(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const index_t along = axis < 0 ? static_cast<index_t>(i) : (static_cast<index_t>(i) / stride) % shape[static_cast<std::size_t>(axis)];
        const bool first = along == 0;
        const std::size_t previous = i - static_cast<std::size_t>(axis < 0 ? 1 : stride);
        if constexpr (std::is_integral_v<T>) {
            const auto x = static_cast<std::uint64_t>(static_cast<std::int64_t>(values[i]));
            wrapped[i] = first ? x : (o == op_cumsum ? wrapped[previous] + x : wrapped[previous] * x);
            out[i] = static_cast<double>(static_cast<std::int64_t>(wrapped[i]));
        } else {
            const double x = values[i];
            out[i] = first ? x : (o == op_cumsum ? out[previous] + x : out[previous] * x);
        }
    }
    return out;
}

bool close(double got, double want) {
    if (is_nan(want)) return is_nan(got);
    if (std::isinf(want)) return got == want;
    return std::fabs(got - want) <= 1e-9 * (1.0 + std::fabs(want));
}

template <class R, class E>
std::vector<double> collect(E&& e, sizes& shape) {
    const tensor<R> r(std::forward<E>(e));
    shape = sizes_of(r.shape());
    std::vector<double> out;
    for (index_t i = 0; i < r.size(); ++i) out.push_back(static_cast<double>(r.data()[i]));
    return out;
}

template <class T>
T element(byte_reader& in) {
    const unsigned c = in.next();
    if constexpr (std::is_floating_point_v<T>) {
        if (c >= 250) {
            static constexpr double specials[] = {std::numeric_limits<double>::quiet_NaN(),
                                                  std::numeric_limits<double>::infinity(),
                                                  -std::numeric_limits<double>::infinity(), -0.0, 0.5, 0.25};
            return static_cast<T>(specials[c - 250]);
        }
    }
    return static_cast<T>(static_cast<int>(c % 9) - 4);
}

template <class T>
void run(byte_reader& in) {
    shape_type shape(static_cast<std::size_t>(in.below(5)));
    for (index_t& s : shape) s = in.below(5);
    tensor<T> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = element<T>(in);

    // The operand: the tensor, its transpose, a flip, or a broadcast of it.
    // (a view's `=` writes its elements: each form is a view of its own)
    const unsigned form = in.next() % 4;
    const tensor_view<T> v = [&]() -> tensor_view<T> {
        if (form == 1) return loom::transpose(t);
        if (form == 2 && t.ndim() > 0) return loom::flip(t, in.below(static_cast<index_t>(t.ndim())));
        if (form == 3 && t.ndim() < 4) {
            shape_type target = shape;
            target.insert(target.begin(), in.below(4));
            for (index_t& s : target) {
                if (s == 1) s = in.below(4);
            }
            return loom::broadcast_to(t, target);
        }
        return t.view();
    }();
    const sizes xs = sizes_of(v.shape());
    const std::vector<T> values = values_of(v);

    const op o = static_cast<op>(in.next() % op_count);
    axes_choice a;
    a.form = static_cast<int>(in.next() % 3);
    if (a.form == 1) a.list.push_back(in.hostile(-5, 4));
    if (a.form == 2) {
        for (index_t k = in.below(5); k > 0; --k) a.list.push_back(in.hostile(-5, 4));
    }
    const bool keepdims = in.flag();
    const index_t ddof = (o == op_var || o == op_std) ? in.hostile(-2, 5) : 0;
    const std::string call = std::string(op_names[o]) + "(" + text(xs) + (form ? " view " + std::to_string(form) : "") +
                             ", " + describe(a) + (keepdims ? ", keepdims" : "") +
                             (o == op_var || o == op_std ? ", ddof " + std::to_string(ddof) : "") + ")";

    // The reference's refusal.
    const axes_answer r = resolve(a, xs.size());
    const bool one_axis = o == op_cumsum || o == op_cumprod || o == op_argmax || o == op_argmin;
    std::vector<refusal> allowed;
    if (one_axis && a.form == 2 && a.list.size() != 1) {
        allowed.push_back(refusal::invalid_argument);
        // argmax and argmin check the axes first: any of their faults may come first
        if ((o == op_argmax || o == op_argmin) && r.out_of_range) allowed.push_back(refusal::out_of_range);
    } else if (r.out_of_range || r.repeated) {
        if (r.out_of_range) allowed.push_back(refusal::out_of_range);
        if (r.repeated) allowed.push_back(refusal::invalid_argument);
    } else if (o == op_min || o == op_max || o == op_argmax || o == op_argmin) {
        wide extent = 1;
        for (std::size_t d = 0; d < xs.size(); ++d) {
            if (r.reduced[d]) extent *= xs[d];
        }
        if (extent == 0) allowed.push_back(refusal::invalid_argument);
    }

    sizes got_shape;
    std::vector<double> got;
    const loom::axis_set axes = to_axis_set(a);
    using S = std::conditional_t<std::is_integral_v<T>, std::int64_t, double>;
    const outcome result = attempt([&] {
        switch (o) {
            case op_sum: got = collect<S>(loom::sum(v, axes, keepdims), got_shape); break;
            case op_prod: got = collect<S>(loom::prod(v, axes, keepdims), got_shape); break;
            case op_mean: got = collect<double>(loom::mean(v, axes, keepdims), got_shape); break;
            case op_min: got = collect<T>(loom::min(v, axes, keepdims), got_shape); break;
            case op_max: got = collect<T>(loom::max(v, axes, keepdims), got_shape); break;
            case op_var: got = collect<double>(loom::var(v, axes, ddof, keepdims), got_shape); break;
            case op_std: got = collect<double>(loom::std(v, axes, ddof, keepdims), got_shape); break;
            case op_any: got = collect<bool>(loom::any(v, axes, keepdims), got_shape); break;
            case op_all: got = collect<bool>(loom::all_of(v, axes, keepdims), got_shape); break;
            case op_cumsum: got = collect<S>(loom::cumsum(v, axes), got_shape); break;
            case op_cumprod: got = collect<S>(loom::cumprod(v, axes), got_shape); break;
            case op_argmax: got = collect<std::int64_t>(loom::argmax(v, axes, keepdims), got_shape); break;
            case op_argmin: got = collect<std::int64_t>(loom::argmin(v, axes, keepdims), got_shape); break;
            default: std::abort();
        }
    });
    if (allowed.empty()) {
        require_kind(result, refusal::none, call);
    } else {
        bool fits = false;
        for (refusal k : allowed) fits = fits || result.kind == k;
        if (!fits) fail(call + ": expected " + name(allowed[0]) + ", got " + name(result.kind));
        require_mentions(result, op_names[o == op_std ? op_var : o]);
        return;
    }

    // The reference's shape and values.
    sizes want_shape;
    std::vector<double> want;
    if (o == op_cumsum || o == op_cumprod) {
        index_t axis = -1;
        if (a.form == 0) {
            want_shape = {static_cast<index_t>(values.size())};
        } else {
            want_shape = xs;
            for (std::size_t d = 0; d < xs.size(); ++d) {
                if (r.reduced[d]) axis = static_cast<index_t>(d);
            }
        }
        want = running(o, xs, values, axis);
    } else {
        for (std::size_t d = 0; d < xs.size(); ++d) {
            if (!r.reduced[d]) want_shape.push_back(xs[d]);
            else if (keepdims) want_shape.push_back(1);
        }
        for (const auto& g : groups_of(xs, values, r.reduced)) want.push_back(reduce_group(o, g, ddof));
    }
    require(got_shape == want_shape, call + ": shape " + text(got_shape) + ", expected " + text(want_shape));
    require(got.size() == want.size(), call + ": element count");
    for (std::size_t i = 0; i < got.size(); ++i) {
        if (!close(got[i], want[i])) {
            fail(call + ": element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " +
                 std::to_string(want[i]));
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    if (in.flag()) run<double>(in);
    else run<int>(in);
    return 0;
}
