// Fuzzes the shape manipulations with random, often hostile, arguments (axes
// and sizes at the limits of index_t among them): reshape (with -1),
// transpose, permute, squeeze (all or one dimension), unsqueeze,
// expand_dims, moveaxis, swapaxes, flip (one axis or all), diagonal (offset,
// axis1, axis2), ravel and flatten, chained one to four deep from a tensor
// of rank 0 to 4 and sizes 0 to 4.
// Property: each call throws the documented exception exactly when NumPy's
// rules (and loom's documented choices, docs/tensors.md) refuse it, with the
// shape it was given in the message as `[a, b]`; otherwise it returns the
// shape those rules give and the same elements in the same order as the
// reference computed here, and a view of the tensor has every element
// inside the tensor's memory.

#include <algorithm>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor_view;
using sizes = std::vector<index_t>;

// An array as the reference sees it: its shape and its elements in
// row-major order.
struct array {
    sizes shape;
    std::vector<int> values;
};

std::optional<std::size_t> axis_in(index_t axis, std::size_t rank) {
    const auto r = static_cast<index_t>(rank);
    if (axis < -r || axis >= r) return std::nullopt;
    return static_cast<std::size_t>(axis < 0 ? axis + r : axis);
}

// Row-major strides of `shape`, for reading the reference's values.
std::vector<index_t> strides_of(const sizes& shape) {
    std::vector<index_t> s(shape.size(), 1);
    for (std::size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
    return s;
}

// Calls f(index) for every index of `shape` in row-major order.
template <class F>
void for_each_index(const sizes& shape, F f) {
    const shape_type s(shape.begin(), shape.end());
    loom::strides_type unused(shape.size(), 0);
    for_each_element(s, unused, 0, [&](const std::vector<index_t>& index, index_t) { f(index); });
}

// The array with its dimensions in `order` (result dimension d is x's order[d]).
array permuted(const array& x, const std::vector<std::size_t>& order) {
    array r;
    for (std::size_t d : order) r.shape.push_back(x.shape[d]);
    const auto stride = strides_of(x.shape);
    for_each_index(r.shape, [&](const std::vector<index_t>& index) {
        index_t flat = 0;
        for (std::size_t d = 0; d < order.size(); ++d) flat += index[d] * stride[order[d]];
        r.values.push_back(x.values[static_cast<std::size_t>(flat)]);
    });
    return r;
}

std::vector<std::size_t> identity(std::size_t rank) {
    std::vector<std::size_t> order(rank);
    for (std::size_t d = 0; d < rank; ++d) order[d] = d;
    return order;
}

array flipped(const array& x, std::size_t axis) {
    array r{x.shape, {}};
    const auto stride = strides_of(x.shape);
    for_each_index(r.shape, [&](const std::vector<index_t>& index) {
        index_t flat = 0;
        for (std::size_t d = 0; d < index.size(); ++d) {
            flat += (d == axis ? x.shape[d] - 1 - index[d] : index[d]) * stride[d];
        }
        r.values.push_back(x.values[static_cast<std::size_t>(flat)]);
    });
    return r;
}

// numpy.diagonal; `length` computed in 128 bits, whatever the offset.
array diagonal_of(const array& x, index_t k, std::size_t a, std::size_t b) {
    const wide rows = x.shape[a], columns = x.shape[b];
    wide length = k >= 0 ? std::min(rows, columns - k) : std::min(rows + k, columns);
    if (length < 0) length = 0;
    array r;
    for (std::size_t d = 0; d < x.shape.size(); ++d) {
        if (d != a && d != b) r.shape.push_back(x.shape[d]);
    }
    r.shape.push_back(static_cast<index_t>(length));
    const auto stride = strides_of(x.shape);
    for_each_index(r.shape, [&](const std::vector<index_t>& index) {
        index_t flat = 0;
        std::size_t j = 0;
        for (std::size_t d = 0; d < x.shape.size(); ++d) {
            if (d == a) flat += (index.back() + (k < 0 ? -k : 0)) * stride[d];
            else if (d == b) flat += (index.back() + (k > 0 ? k : 0)) * stride[d];
            else flat += index[j++] * stride[d];
        }
        r.values.push_back(x.values[static_cast<std::size_t>(flat)]);
    });
    return r;
}

// numpy.reshape's checks, as loom documents them: one -1 inferred, other
// negative sizes refused, a product of the sizes other than 0 past index_t
// refused with length_error.
std::optional<refusal> reshape_refusal(const array& x, const sizes& wanted, sizes& shape) {
    shape = wanted;
    std::optional<std::size_t> inferred;
    wide nonzero = 1;  // the sizes other than 0 must multiply within index_t, even beside a 0
    bool zero = false;
    for (std::size_t d = 0; d < wanted.size(); ++d) {
        if (wanted[d] == -1 && !inferred) {
            inferred = d;
            continue;
        }
        if (wanted[d] < 0) return refusal::invalid_argument;
        zero = zero || wanted[d] == 0;
        nonzero *= wanted[d] == 0 ? 1 : wanted[d];
        if (nonzero > std::numeric_limits<index_t>::max()) return refusal::length_error;
    }
    const index_t known = zero ? 0 : static_cast<index_t>(nonzero);
    const auto count = static_cast<index_t>(x.values.size());
    if (inferred) {
        if (known == 0 || count % known != 0) return refusal::invalid_argument;
        shape[*inferred] = count / known;
    } else if (known != count) {
        return refusal::invalid_argument;
    }
    return std::nullopt;
}

struct step {
    std::optional<array> expected;  // nothing when refused
    refusal kind = refusal::none;
};

step refuse(refusal kind) { return {std::nullopt, kind}; }

// Compares the view against the reference: shape, elements, and, for a view
// of the tensor, every element inside it.
void check(const tensor_view<int>& v, const array& expected, const int* base, index_t count, const std::string& call) {
    require(sizes_of(v.shape()) == expected.shape, call + ": shape " + text(v.shape()) + ", expected " + text(expected.shape));
    require(v.size() == static_cast<index_t>(expected.values.size()), call + ": the element count");
    if (v.owner() == nullptr) require_inside(v, base, count, call);
    std::size_t k = 0;
    for_each_element(v.shape(), v.strides(), 0, [&](const std::vector<index_t>&, index_t at) {
        require(v.data()[at] == expected.values[k++], call + ": an element differs");
    });
}

index_t hostile_axis(byte_reader& in) { return in.hostile(-5, 5); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    shape_type shape(static_cast<std::size_t>(in.below(5)));
    for (index_t& s : shape) s = in.below(5);
    loom::tensor<int> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<int>(i);
    const int* base = t.data();

    array x{sizes_of(shape), std::vector<int>(t.data(), t.data() + t.size())};
    std::optional<tensor_view<int>> current(t.view());
    const auto& v = [&]() -> const tensor_view<int>& { return *current; };
    std::string call = "t" + text(x.shape);
    const index_t steps = in.between(1, 4);
    for (index_t n = 0; n < steps; ++n) {
        const std::size_t rank = x.shape.size();
        std::optional<tensor_view<int>> result;
        step s;
        const unsigned operation = in.next() % 14;
        switch (operation) {
            case 0: {  // reshape
                sizes wanted(static_cast<std::size_t>(in.below(6)));
                for (index_t& w : wanted) {
                    const unsigned c = in.next() % 4;
                    w = c == 0 ? -1 : c == 1 ? in.hostile(-2, 6) : in.below(7);
                }
                call += ".reshape(" + text(wanted) + ")";
                sizes r;
                if (const auto refused = reshape_refusal(x, wanted, r)) s = refuse(*refused);
                else s.expected = array{r, x.values};
                const outcome o = attempt([&] { result.emplace(loom::reshape(v(), wanted)); });
                s.kind = s.expected ? refusal::none : s.kind;
                require_kind(o, s.kind, call);
                if (o.refused()) require_mentions(o, text(x.shape));
                if (o.refused()) return 0;
                break;
            }
            case 1:  // transpose
                call += ".transpose()";
                s.expected = [&] {
                    auto order = identity(rank);
                    std::reverse(order.begin(), order.end());
                    return permuted(x, order);
                }();
                result.emplace(loom::transpose(v()));
                break;
            case 2: {  // permute / transpose(axes)
                sizes axes(in.below(3) == 0 ? static_cast<std::size_t>(in.below(6)) : rank);
                std::vector<std::size_t> order = identity(rank);
                for (std::size_t d = rank; d > 1; --d) std::swap(order[d - 1], order[static_cast<std::size_t>(in.below(static_cast<index_t>(d)))]);
                for (std::size_t d = 0; d < axes.size(); ++d) {
                    const unsigned c = in.next() % 8;
                    if (d < rank && c < 5) axes[d] = static_cast<index_t>(order[d]) - (c == 4 ? static_cast<index_t>(rank) : 0);
                    else axes[d] = hostile_axis(in);
                }
                call += ".permute(" + text(axes) + ")";
                bool valid = axes.size() == rank;
                std::vector<std::size_t> resolved;
                std::vector<bool> seen(rank, false);
                for (index_t a : axes) {
                    const auto d = axis_in(a, rank);
                    if (!d || seen[*d]) {
                        valid = false;
                        break;
                    }
                    seen[*d] = true;
                    resolved.push_back(*d);
                }
                if (valid) s.expected = permuted(x, resolved);
                else s.kind = refusal::invalid_argument;
                const outcome o = attempt([&] { result.emplace(in.flag() ? loom::permute(v(), axes) : loom::transpose(v(), axes)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 3: {  // squeeze()
                call += ".squeeze()";
                array r{{}, x.values};
                for (index_t d : x.shape) {
                    if (d != 1) r.shape.push_back(d);
                }
                s.expected = r;
                result.emplace(loom::squeeze(v()));
                break;
            }
            case 4: {  // squeeze(dim)
                const index_t dim = hostile_axis(in);
                call += ".squeeze(" + std::to_string(dim) + ")";
                const auto d = axis_in(dim, rank);
                if (rank == 0 && (dim == 0 || dim == -1)) s.expected = x;
                else if (!d) s.kind = refusal::out_of_range;
                else if (x.shape[*d] != 1) s.kind = refusal::invalid_argument;
                else {
                    array r = x;
                    r.shape.erase(r.shape.begin() + static_cast<std::ptrdiff_t>(*d));
                    s.expected = r;
                }
                const outcome o = attempt([&] { result.emplace(loom::squeeze(v(), dim)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 5: {  // unsqueeze / expand_dims
                const index_t dim = hostile_axis(in);
                const bool numpy_name = in.flag();
                call += (numpy_name ? ".expand_dims(" : ".unsqueeze(") + std::to_string(dim) + ")";
                if (const auto d = axis_in(dim, rank + 1)) {
                    array r = x;
                    r.shape.insert(r.shape.begin() + static_cast<std::ptrdiff_t>(*d), 1);
                    s.expected = r;
                } else {
                    s.kind = refusal::out_of_range;
                }
                const outcome o = attempt([&] { result.emplace(numpy_name ? loom::expand_dims(v(), dim) : loom::unsqueeze(v(), dim)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 6:
            case 7: {  // moveaxis, swapaxes
                const bool move = operation == 6;
                const index_t a = hostile_axis(in), b = hostile_axis(in);
                call += std::string(move ? ".moveaxis(" : ".swapaxes(") + std::to_string(a) + ", " + std::to_string(b) + ")";
                const auto da = axis_in(a, rank), db = axis_in(b, rank);
                if (!da || !db) {
                    s.kind = refusal::out_of_range;
                } else {
                    auto order = identity(rank);
                    if (move) {
                        order.erase(order.begin() + static_cast<std::ptrdiff_t>(*da));
                        order.insert(order.begin() + static_cast<std::ptrdiff_t>(*db), *da);
                    } else {
                        std::swap(order[*da], order[*db]);
                    }
                    s.expected = permuted(x, order);
                }
                const outcome o = attempt([&] { result.emplace(move ? loom::moveaxis(v(), a, b) : loom::swapaxes(v(), a, b)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 8: {  // flip(axis)
                const index_t axis = hostile_axis(in);
                call += ".flip(" + std::to_string(axis) + ")";
                if (const auto d = axis_in(axis, rank)) s.expected = flipped(x, *d);
                else s.kind = refusal::out_of_range;
                const outcome o = attempt([&] { result.emplace(loom::flip(v(), axis)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 9: {  // flip()
                call += ".flip()";
                array r = x;
                for (std::size_t d = 0; d < rank; ++d) r = flipped(r, d);
                s.expected = r;
                result.emplace(loom::flip(v()));
                break;
            }
            case 10:
            case 11: {  // diagonal
                const index_t k = in.flag() ? in.between(-5, 5) : in.hostile(-5, 5);
                const index_t a = in.flag() ? in.between(-4, 3) : hostile_axis(in);
                const index_t b = in.flag() ? in.between(-4, 3) : hostile_axis(in);
                call += ".diagonal(" + std::to_string(k) + ", " + std::to_string(a) + ", " + std::to_string(b) + ")";
                const auto da = axis_in(a, rank), db = axis_in(b, rank);
                if (rank < 2) s.kind = refusal::invalid_argument;
                else if (!da || !db) s.kind = refusal::out_of_range;
                else if (*da == *db) s.kind = refusal::invalid_argument;
                else s.expected = diagonal_of(x, k, *da, *db);
                const outcome o = attempt([&] { result.emplace(loom::diagonal(v(), k, a, b)); });
                require_kind(o, s.kind, call);
                if (o.refused()) {
                    require_mentions(o, text(x.shape));
                    return 0;
                }
                break;
            }
            case 12:  // ravel
                call += ".ravel()";
                s.expected = array{{static_cast<index_t>(x.values.size())}, x.values};
                result.emplace(loom::ravel(v()));
                break;
            default:  // flatten, a copy
                call += ".flatten()";
                s.expected = array{{static_cast<index_t>(x.values.size())}, x.values};
                result.emplace(loom::flatten(v()).view());
                require(result->owner() != nullptr, call + ": the copy is not owned");
                break;
        }
        check(*result, *s.expected, base, t.size(), call);
        current.emplace(*result);
        x = *s.expected;
    }
    return 0;
}
