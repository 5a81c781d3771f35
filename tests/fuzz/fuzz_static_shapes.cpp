// Fuzzes the tensors whose shape or rank is in their type (docs/tensors.md,
// "Static shapes"): tensor<double, fixed<2, 3>> and tensor<double, rank<2>>
// constructed from, assigned (=) and added into (+=) values of shapes known
// at run time only: tensors of rank 0 to 3 and sizes 0 to 3, their
// transposes, expressions of them, and expressions of a fixed tensor with
// one of them; a rank<2> tensor assigned its own transpose; and rank<2>
// tensors of shapes with hostile sizes.
// Property: a fixed tensor takes exactly a value of its shape, and +=
// exactly one that broadcasts to it; a rank<2> tensor takes exactly a value
// of rank 2 (any sizes, which it takes), and += one that broadcasts to its
// shape; otherwise broadcast_error (fixed shape, +=) or std::invalid_argument
// (rank), whose message names the value's shape (and the fixed one; +=
// names the destination's shape and the broadcast one, as PyTorch's), the
// destination's elements unchanged; when taken, the elements are the
// value's (or the sums, broadcast as NumPy does), the right-hand side read
// in full before it is written (a transpose of itself); a shape of rank 2
// with a negative size is std::invalid_argument, one of too many elements
// std::length_error, another rank std::invalid_argument.

#include <cstring>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::fixed;
using loom::index_t;
using loom::rank;
using loom::shape_type;
using loom::tensor;
using sizes = std::vector<index_t>;
using fixed_23 = tensor<double, fixed<2, 3>>;
using rank_2 = tensor<double, rank<2>>;

const sizes fixed_sizes{2, 3};

// The elements of `value` (any expression) in row-major order.
template <class E>
std::vector<double> elements_of(const E& value) {
    const tensor<double> t(value);
    return std::vector<double>(t.data(), t.data() + t.size());
}

template <class D>
std::vector<double> elements_of_destination(const D& d) {
    return std::vector<double>(d.data(), d.data() + d.size());
}

// The elements of a value of shape `from` broadcast to `to` (NumPy's rule; from broadcasts to to).
std::vector<double> broadcast_elements(const std::vector<double>& v, const sizes& from, const sizes& to) {
    std::vector<double> out;
    const shape_type target(to.begin(), to.end());
    for_each_element(target, loom::strides_type(to.size(), 0), 0, [&](const std::vector<index_t>& index, index_t) {
        index_t flat = 0;
        const std::size_t offset = to.size() - from.size();
        for (std::size_t d = 0; d < from.size(); ++d) flat = flat * from[d] + (from[d] == 1 ? 0 : index[d + offset]);
        out.push_back(v[static_cast<std::size_t>(flat)]);
    });
    return out;
}

bool broadcasts(const sizes& from, const sizes& to) {
    if (from.size() > to.size()) return false;
    for (std::size_t d = 0; d < from.size(); ++d) {
        const index_t f = from[from.size() - 1 - d], t = to[to.size() - 1 - d];
        if (f != t && f != 1) return false;
    }
    return true;
}

// A destination's elements after `+=` of the value `ve` of shape `vs`, which changes them only when it `fits`
// the destination's shape `to`.
std::vector<double> after_adding(std::vector<double> destination, bool fits, const std::vector<double>& ve,
                                 const sizes& vs, const sizes& to) {
    if (!fits) return destination;
    const std::vector<double> b = broadcast_elements(ve, vs, to);
    for (std::size_t i = 0; i < destination.size(); ++i) destination[i] += b[i];
    return destination;
}

bool same(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

// The value: a tensor, its transpose, or an expression of it.
struct value_choice {
    tensor<double> t;
    int form = 0;
    std::string name;
};

template <class F>
void with_value(const value_choice& v, F f) {
    if (v.form == 1) f(loom::transpose(v.t));
    else if (v.form == 2) f(v.t * 2.0 + 1.0);
    else f(v.t);
}

template <class D>
void fill(D& d, double start) {
    for (index_t i = 0; i < d.size(); ++i) d.data()[i] = start + static_cast<double>(i);
}

// Checks an operation on destination `d` that may be refused: the refusal
// expected (none for acceptance), a message naming `named`, `d` unchanged
// when refused, and its elements `want` when accepted.
template <class D, class Op>
void check(D& d, refusal expected, const std::string& call, const sizes& named, Op op,
           const std::vector<double>& want, const sizes& want_shape) {
    const std::vector<double> before = elements_of_destination(d);
    const sizes shape_before = sizes_of(d.shape());
    const outcome o = attempt([&] { op(); });
    require_kind(o, expected, call);
    if (o.refused()) {
        require_mentions(o, text(named));
        require(sizes_of(d.shape()) == shape_before && same(elements_of_destination(d), before),
                call + ": refused, but the destination changed");
        return;
    }
    require(sizes_of(d.shape()) == want_shape, call + ": the destination has shape " + text(d.shape()));
    require(same(elements_of_destination(d), want), call + ": the destination does not hold the value's elements");
}

void run(byte_reader& in) {
    const unsigned op = in.next() % 8;
    value_choice v;
    const sizes value_sizes = small_sizes(in, 3, 3);
    v.t = tensor<double>(shape_type(value_sizes.begin(), value_sizes.end()));
    for (index_t i = 0; i < v.t.size(); ++i) v.t.data()[i] = static_cast<double>(in.next() % 50);
    v.form = static_cast<int>(in.next() % 3);
    v.name = (v.form == 1 ? "transpose of " : v.form == 2 ? "2 * x + 1 of " : "") + text(v.t.shape());
    sizes vs;
    std::vector<double> ve;
    with_value(v, [&](const auto& e) {
        vs = sizes_of(e.shape());
        ve = elements_of(e);
    });
    const bool rank_two = vs.size() == 2;
    switch (op) {
        case 0: {  // fixed_23 constructed from the value
            const std::string call = "fixed<2, 3> from " + v.name;
            std::optional<fixed_23> f;
            const outcome o = attempt([&] { with_value(v, [&](const auto& e) { f.emplace(e); }); });
            require_kind(o, vs == fixed_sizes ? refusal::none : refusal::broadcast, call);
            if (o.refused()) {
                require_mentions(o, text(vs));
                require_mentions(o, text(fixed_sizes));
            } else {
                require(same(elements_of_destination(*f), ve), call + ": elements differ");
            }
            break;
        }
        case 1: {  // f = value
            fixed_23 f;
            fill(f, 100);
            check(f, vs == fixed_sizes ? refusal::none : refusal::broadcast, "fixed<2, 3> = " + v.name, vs,
                  [&] { with_value(v, [&](const auto& e) { f = e; }); }, ve, fixed_sizes);
            break;
        }
        case 2: {  // f += value
            fixed_23 f;
            fill(f, 100);
            const bool fits = broadcasts(vs, fixed_sizes);
            const std::vector<double> want = after_adding(elements_of_destination(f), fits, ve, vs, fixed_sizes);
            // (+='s message, as PyTorch's, names the destination's shape and the broadcast one)
            check(f, fits ? refusal::none : refusal::broadcast, "fixed<2, 3> += " + v.name, fixed_sizes,
                  [&] { with_value(v, [&](const auto& e) { f += e; }); }, want, fixed_sizes);
            break;
        }
        case 3: {  // rank_2 constructed from the value, and assigned it
            const std::string call = "rank<2> from " + v.name;
            std::optional<rank_2> r;
            const outcome o = attempt([&] { with_value(v, [&](const auto& e) { r.emplace(e); }); });
            require_kind(o, rank_two ? refusal::none : refusal::invalid_argument, call);
            if (o.refused()) {
                require_mentions(o, text(vs));
            } else {
                require(sizes_of(r->shape()) == vs && same(elements_of_destination(*r), ve), call + ": shape or elements differ");
            }
            rank_2 s({1, 2});
            fill(s, 100);
            check(s, rank_two ? refusal::none : refusal::invalid_argument, "rank<2> = " + v.name, vs,
                  [&] { with_value(v, [&](const auto& e) { s = e; }); }, ve, vs);
            break;
        }
        case 4: {  // rank_2 of some shape += value
            const sizes shape{in.below(4), in.below(4)};
            rank_2 r(shape_type(shape.begin(), shape.end()));
            fill(r, 100);
            const bool fits = broadcasts(vs, shape);
            const std::vector<double> want = after_adding(elements_of_destination(r), fits, ve, vs, shape);
            check(r, fits ? refusal::none : refusal::broadcast, "rank<2> " + text(shape) + " += " + v.name, shape,
                  [&] { with_value(v, [&](const auto& e) { r += e; }); }, want, shape);
            break;
        }
        case 5: {  // f = f2 * 2 + value: the expression's shape checked when built, then f's
            fixed_23 f, g;
            fill(f, 100);
            fill(g, 7);
            shape_type built;
            const bool builds = !attempt([&] { built = loom::broadcast_shapes(shape_type{2, 3}, shape_type(vs.begin(), vs.end())); }).refused();
            const bool fits = broadcasts(vs, fixed_sizes);
            std::vector<double> want;
            if (fits) {
                const std::vector<double> b = broadcast_elements(ve, vs, fixed_sizes);
                const std::vector<double> gs = elements_of_destination(g);
                for (std::size_t i = 0; i < gs.size(); ++i) want.push_back(gs[i] * 2 + b[i]);
            }
            const std::string call = "fixed<2, 3> = fixed<2, 3> * 2 + " + v.name;
            // Refused when built, naming the value's shape, or when assigned, naming the expression's.
            check(f, builds && fits ? refusal::none : refusal::broadcast, call, builds ? sizes_of(built) : vs,
                  [&] { with_value(v, [&](const auto& e) { f = g * 2.0 + e; }); }, want, fixed_sizes);
            break;
        }
        case 6: {  // r = transpose(r): the value overlaps the destination
            const sizes shape{in.below(4), in.below(4)};
            rank_2 r(shape_type(shape.begin(), shape.end()));
            fill(r, 1);
            const std::vector<double> want = elements_of(loom::transpose(tensor<double>(r)));
            check(r, refusal::none, "rank<2> " + text(shape) + " = its transpose", shape, [&] { r = loom::transpose(r); },
                  want, sizes{shape[1], shape[0]});
            break;
        }
        default: {  // rank_2 of a shape with hostile sizes, of any rank
            sizes shape(in.below(4));
            for (index_t& s : shape) s = in.hostile(0, 3);
            const std::string call = "rank<2> of shape " + text(shape);
            bool negative = false;
            for (index_t s : shape) negative = negative || s < 0;
            const bool too_many = nonzero_product(shape) > std::numeric_limits<index_t>::max() / index_t{8};
            if (shape.size() == 2 && !negative && !too_many && nonzero_product(shape) > 4096) break;
            refusal expected = refusal::none;
            if (shape.size() != 2 || negative) expected = refusal::invalid_argument;
            else if (too_many) expected = refusal::length_error;
            const outcome o = attempt([&] { const rank_2 r(shape_type(shape.begin(), shape.end())); });
            require_kind(o, expected, call);
            if (o.refused()) require_mentions(o, text(shape));
            break;
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    run(in);
    return 0;
}
