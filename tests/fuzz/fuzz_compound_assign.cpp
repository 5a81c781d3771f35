// Fuzzes assignment into views that overlap: a small tensor (int32 or
// float64, values at the limits of the type among them), two random views of
// it (indexed with integers, ranges, newaxis; transposed; flipped; broadcast),
// then v1 += v2, -=, *=, /= (float64), %= and floor_divide (int32), v1 = v2,
// v1 = v1 + transpose(v2), v1 = v2 * v1 - v2, or v1 += a scalar.
// Property: a call that throws (std::invalid_argument for a read-only
// destination, broadcast_error for shapes that do not fit it) leaves the
// tensor's bytes as they were; a call that succeeds leaves the tensor as
// NumPy would, the right-hand side evaluated in full before anything is
// written (the reference computes it on a copy). Integer arithmetic wraps,
// and integer division or remainder by 0 gives 0.

#include <bit>
#include <cmath>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor_view;
using sizes = std::vector<index_t>;

// Where a view's elements are, in the tensor: read from the view itself, as
// the views are the arguments here, not what is tested.
struct placed {
    sizes shape;
    std::vector<index_t> strides;
    index_t offset;
};

template <class T>
placed placement_of(const tensor_view<T>& v, const T* base) {
    return {sizes_of(v.shape()), std::vector<index_t>(v.strides().begin(), v.strides().end()), v.size() == 0 ? 0 : v.data() - base};
}

placed reversed(const placed& p) {
    placed r = p;
    std::reverse(r.shape.begin(), r.shape.end());
    std::reverse(r.strides.begin(), r.strides.end());
    return r;
}

// The element of `p` that index `index` of a shape of rank `rank` reads, aligned on the right.
index_t element_at(const placed& p, const std::vector<index_t>& index) {
    index_t at = p.offset;
    const std::size_t lead = index.size() - p.shape.size();
    for (std::size_t j = 0; j < p.shape.size(); ++j) {
        if (p.shape[j] != 1) at += index[lead + j] * p.strides[j];
    }
    return at;
}

std::optional<sizes> numpy_rule(const sizes& a, const sizes& b) {
    const std::size_t rank = std::max(a.size(), b.size());
    sizes r(rank, 1);
    for (const sizes* s : {&a, &b}) {
        for (std::size_t j = 0; j < s->size(); ++j) {
            index_t& x = r[rank - s->size() + j];
            if ((*s)[j] == 1) continue;
            if (x != 1 && x != (*s)[j]) return std::nullopt;
            x = (*s)[j];
        }
    }
    return r;
}

// True when `value` broadcasts to `destination` without changing its shape.
bool fits(const sizes& destination, const sizes& value) {
    if (value.size() > destination.size()) return false;
    for (std::size_t j = 0; j < value.size(); ++j) {
        const index_t d = destination[destination.size() - value.size() + j];
        if (value[j] != d && value[j] != 1) return false;
    }
    return true;
}

bool writable(const placed& p) {
    for (index_t s : p.shape) {
        if (s == 0) return true;
    }
    for (std::size_t d = 0; d < p.shape.size(); ++d) {
        if (p.shape[d] > 1 && p.strides[d] == 0) return false;
    }
    return true;
}

// NumPy's arithmetic: integers wrap; division and remainder by 0 give 0.
template <class T>
T wrapped(std::uint64_t x) {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x));
}

enum class op { add, subtract, multiply, divide, remainder, floor_divide, copy, plus_transposed, expression, scalar_add };

template <class T>
T apply(op o, T a, T b) {
    if constexpr (std::is_integral_v<T>) {
        using U = std::uint64_t;
        switch (o) {
            case op::add:
            case op::scalar_add: return wrapped<T>(U(a) + U(b));
            case op::subtract: return wrapped<T>(U(a) - U(b));
            case op::multiply: return wrapped<T>(U(a) * U(b));
            case op::floor_divide: {
                if (b == 0) return 0;
                if (b == -1) return wrapped<T>(U(0) - U(a));
                T q = a / b;
                if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
                return q;
            }
            case op::remainder: {
                if (b == 0 || b == -1) return 0;
                T r = a % b;
                if (r != 0 && ((r < 0) != (b < 0))) r += b;
                return r;
            }
            default: return b;
        }
    } else {
        switch (o) {
            case op::add:
            case op::scalar_add: return a + b;
            case op::subtract: return a - b;
            case op::multiply: return a * b;
            case op::divide: return a / b;
            default: return b;
        }
    }
}

template <class T>
T small_value(byte_reader& in) {
    const unsigned c = in.next();
    if constexpr (std::is_integral_v<T>) {
        if (c < 200) return static_cast<T>(static_cast<int>(c % 9) - 4);
        static constexpr T extremes[] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), -1, 0,
                                         std::numeric_limits<T>::min() + 1, 65536};
        return extremes[c % 6];
    } else {
        if (c < 200) return static_cast<T>(static_cast<int>(c % 17) - 8) / 2;
        static constexpr T extremes[] = {-0.0, std::numeric_limits<T>::infinity(), -std::numeric_limits<T>::infinity(),
                                         std::numeric_limits<T>::quiet_NaN(), 1e308, 5e-324};
        return extremes[c % 6];
    }
}

template <class T>
bool same_bytes(const std::vector<T>& a, const T* b) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if constexpr (std::is_integral_v<T>) {
            if (a[i] != b[i]) return false;
        } else {
            if (!(std::isnan(a[i]) && std::isnan(b[i])) && std::bit_cast<std::uint64_t>(a[i]) != std::bit_cast<std::uint64_t>(b[i])) {
                return false;
            }
        }
    }
    return true;
}

// A view of t: up to two of an index, a transpose, a flip and a broadcast.
template <class T>
tensor_view<T> random_view(byte_reader& in, loom::tensor<T>& t) {
    std::optional<tensor_view<T>> current(t.view());  // an optional, as assigning a view writes its elements
    for (index_t n = in.below(3); n > 0; --n) {
        const tensor_view<T>& v = *current;
        std::optional<tensor_view<T>> next;
        switch (in.next() % 5) {
            case 0:
            case 1: {
                loom::index_list items;
                for (std::size_t d = 0; d < v.ndim(); ++d) {
                    const index_t size = v.shape()[d];
                    switch (in.next() % 5) {
                        case 0: items.push_back(size > 0 ? in.below(size) : 0); break;
                        case 1: items.push_back(loom::range(in.between(-4, 4), in.between(-4, 4), in.flag() ? 1 : -1)); break;
                        case 2: items.push_back(loom::range(loom::none, loom::none, in.flag() ? 2 : -2)); break;
                        case 3: items.push_back(loom::newaxis); items.push_back(loom::all); break;
                        default: items.push_back(loom::all); break;
                    }
                }
                (void)attempt([&] { next.emplace(v(items)); });
                break;
            }
            case 2: next.emplace(loom::transpose(v)); break;
            case 3:
                if (v.ndim() > 0) next.emplace(loom::flip(v, in.below(static_cast<index_t>(v.ndim()))));
                break;
            default: {
                sizes target = sizes_of(v.shape());
                for (index_t& s : target) {
                    if (s == 1 && in.flag()) s = 2;
                }
                if (in.flag()) target.insert(target.begin(), in.between(1, 2));
                (void)attempt([&] { next.emplace(loom::broadcast_to(v, shape_type(target.begin(), target.end()))); });
                break;
            }
        }
        if (next) current.emplace(*next);
    }
    return *current;
}

template <class T>
void run(byte_reader& in) {
    shape_type shape(static_cast<std::size_t>(in.between(1, 3)));
    for (index_t& s : shape) s = in.below(8) == 0 ? 0 : in.between(1, 4);
    loom::tensor<T> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = small_value<T>(in);
    const T* base = t.data();
    tensor_view<T> v1 = random_view(in, t);
    tensor_view<T> v2 = random_view(in, t);
    const placed p1 = placement_of(v1, base), p2 = placement_of(v2, base);

    op o;
    const unsigned c = in.next() % 9;
    if constexpr (std::is_integral_v<T>) {
        static constexpr op ops[] = {op::add, op::subtract, op::multiply, op::floor_divide, op::remainder,
                                     op::copy, op::plus_transposed, op::expression, op::scalar_add};
        o = ops[c];
    } else {
        static constexpr op ops[] = {op::add, op::subtract, op::multiply, op::divide, op::divide,
                                     op::copy, op::plus_transposed, op::expression, op::scalar_add};
        o = ops[c];
    }
    const T scalar = small_value<T>(in);

    // The reference, on a copy: the right-hand side evaluated first.
    const std::vector<T> before(t.data(), t.data() + t.size());
    std::vector<T> after = before;
    bool refused_shape = false;
    sizes rhs_shape;
    std::vector<T> rhs;
    if (o == op::scalar_add) {
        rhs_shape = {};
        rhs = {scalar};
    } else if (o == op::plus_transposed || o == op::expression) {
        const placed q = o == op::plus_transposed ? reversed(p2) : p2;
        const auto r = numpy_rule(p1.shape, q.shape);
        if (!r) {
            refused_shape = true;
        } else {
            rhs_shape = *r;
            for_each_element(shape_type(r->begin(), r->end()), loom::strides_type(r->size(), 0), 0,
                             [&](const std::vector<index_t>& index, index_t) {
                                 const T a = before[static_cast<std::size_t>(element_at(p1, index))];
                                 const T b = before[static_cast<std::size_t>(element_at(q, index))];
                                 rhs.push_back(o == op::plus_transposed ? apply(op::add, a, b)
                                                                        : apply(op::subtract, apply(op::multiply, b, a), b));
                             });
        }
    } else {
        rhs_shape = p2.shape;
        for_each_element(shape_type(p2.shape.begin(), p2.shape.end()), loom::strides_type(p2.shape.size(), 0), 0,
                         [&](const std::vector<index_t>& index, index_t) {
                             rhs.push_back(before[static_cast<std::size_t>(element_at(p2, index))]);
                         });
    }
    const bool compound = o != op::copy && o != op::plus_transposed && o != op::expression;
    if (!refused_shape && !fits(p1.shape, rhs_shape)) refused_shape = true;
    const bool read_only = !writable(p1);
    if (!refused_shape && !read_only) {
        const placed r{rhs_shape, {}, 0};
        std::vector<index_t> rstrides(rhs_shape.size(), 1);
        for (std::size_t d = rhs_shape.size(); d-- > 1;) rstrides[d - 1] = rstrides[d] * rhs_shape[d];
        const placed rp{rhs_shape, rstrides, 0};
        for_each_element(shape_type(p1.shape.begin(), p1.shape.end()), loom::strides_type(p1.shape.size(), 0), 0,
                         [&](const std::vector<index_t>& index, index_t) {
                             const auto at = static_cast<std::size_t>(element_at(p1, index));
                             const T value = rhs[static_cast<std::size_t>(element_at(rp, index))];
                             after[at] = compound ? apply(o, before[at], value) : value;
                         });
    }

    const std::string call = "v1 " + text(p1.shape) + " op " + std::to_string(static_cast<int>(o)) + " v2 " + text(p2.shape);
    const outcome out = attempt([&] {
        switch (o) {
            case op::add: v1 += v2; break;
            case op::subtract: v1 -= v2; break;
            case op::multiply: v1 *= v2; break;
            case op::divide:
                if constexpr (!std::is_integral_v<T>) v1 /= v2;
                break;
            case op::remainder:
                if constexpr (std::is_integral_v<T>) v1 %= v2;
                break;
            case op::floor_divide: v1 = loom::floor_divide(v1, v2); break;
            case op::copy: v1 = v2; break;
            case op::plus_transposed: v1 = v1 + loom::transpose(v2); break;
            case op::expression: v1 = v2 * v1 - v2; break;
            case op::scalar_add: v1 += scalar; break;
        }
    });
    if (out.refused()) {
        require(same_bytes(before, t.data()), call + ": refused (" + out.message + ") after writing");
        require(refused_shape || read_only, call + ": refused without a reason: " + out.message);
        require(out.kind == refusal::broadcast || out.kind == refusal::invalid_argument, call + ": " + name(out.kind));
        if (!refused_shape) require_kind(out, refusal::invalid_argument, call);
        if (!read_only) require_kind(out, refusal::broadcast, call);
        require_mentions(out, text(p1.shape));
        return;
    }
    require(!refused_shape && !read_only, call + ": not refused");
    require(same_bytes(after, t.data()), call + ": the tensor differs from the reference");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    if (in.flag()) run<std::int32_t>(in);
    else run<double>(in);
    return 0;
}
