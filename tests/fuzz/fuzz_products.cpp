// Fuzzes the products: matmul, dot, vdot, inner, outer, tensordot (with a
// count of axes, or two lists of axes, hostile ones among them) and einsum
// of one or two operands with random subscripts (malformed ones among them:
// too many or too few operands, repeated output letters, an ellipsis of no
// dimension, output letters in no operand, '->' misplaced or twice, spaces), on float64
// operands of rank 0 to 4 and sizes 0 to 4 seen as themselves, transposed,
// flipped or broadcast (stride 0); now and then an operand broadcast to a
// hostile shape (2^40, 2^62 and the like, with no elements or so many that
// a result cannot be counted), or to 2^16 elements and more from a handful.
// Property: a documented exception exactly when NumPy's rules refuse (and
// loom's documented difference: tensordot refuses a negative count); otherwise NumPy's shape and the values of a reference
// computed here with plain loops (the values are small integers, so every
// sum is exact); std::length_error for a result of more elements than
// index_t counts; and no allocation larger than 4 times the result and the
// operands' own memory plus 64 KiB (a broadcast operand is never copied out
// in full).

#include <algorithm>
#include <optional>

#include "fuzz_support.hpp"
#include "largest_allocation.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using loom::tensor_view;
using sizes = std::vector<index_t>;

// An operand: a small tensor and a view of it, its elements in row-major
// order (read through the view, whose making other fuzzers check).
struct operand {
    tensor<double> t;
    std::optional<tensor_view<double>> v;
    std::string how;
    sizes shape;
    std::vector<double> values;  // empty when there are too many to list
    bool huge = false;           // more than 2^18 elements, or sizes that cannot be counted

    explicit operand(byte_reader& in) : t(base_shape(in)) {
        for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<double>(static_cast<int>(in.next() % 5) - 2);
        const unsigned choice = in.next() % 16;
        if (choice < 3) {
            v.emplace(loom::transpose(t));
            how = "transpose";
        } else if (choice < 5 && t.ndim() > 0) {
            const index_t axis = in.below(static_cast<index_t>(t.ndim()));
            v.emplace(loom::flip(t, axis));
            how = "flip " + std::to_string(axis);
        } else if (choice < 8) {
            shape_type target = t.shape();
            for (index_t& s : target) {
                if (s == 1) s = in.below(5);
            }
            if (in.flag() && target.size() < 4) target.insert(target.begin(), in.below(5));
            v.emplace(loom::broadcast_to(t, target));
            how = "broadcast";
        } else if (choice == 8) {
            // A hostile broadcast: leading sizes at the limits, and the tensor's own.
            shape_type target = t.shape();
            for (index_t& s : target) {
                if (s == 1) s = in.flag() ? index_t{1} << 16 : 3;
            }
            const index_t lead = in.hostile(0, 3);
            if (lead >= 0 && target.size() < 4) target.insert(target.begin(), lead < 4 ? index_t{1} << 40 : lead);
            const outcome o = attempt([&] { v.emplace(loom::broadcast_to(t, target)); });
            if (o.refused()) v.emplace(t.view());
            how = o.refused() ? "itself" : "broadcast";
        } else {
            v.emplace(t.view());
            how = "itself";
        }
        shape = sizes_of(v->shape());
        wide count = 1;
        bool empty = false;
        for (index_t s : shape) empty = empty || s == 0;
        for (index_t s : shape) count = empty ? 0 : count * s;
        huge = count > (1 << 18);
        if (!huge) {
            for_each_element(v->shape(), v->strides(), 0,
                             [&](const std::vector<index_t>&, index_t at) { values.push_back(v->data()[at]); });
        }
    }
    static shape_type base_shape(byte_reader& in) {
        shape_type s(static_cast<std::size_t>(in.below(5)));
        for (index_t& x : s) x = in.below(5);
        return s;
    }
    std::string describe() const { return text(shape) + (how == "itself" ? "" : " (" + how + ")"); }
    std::size_t own_bytes() const { return static_cast<std::size_t>(t.size()) * sizeof(double); }
};

// The refusals allowed (several when the arguments break several rules that
// loom may check in another order), or the shape and values.
struct expected {
    std::vector<refusal> refusals;
    sizes shape;
    std::vector<double> values;
    bool skip = false;  // valid, but too large to compute here
};

expected refuse(refusal r) { return {{r}, {}, {}, false}; }

wide count_of(const sizes& s) {
    wide n = 1;
    for (index_t x : s) {
        if (x == 0) return 0;
    }
    for (index_t x : s) {
        n *= x;
        if (n > (wide(1) << 100)) return n;
    }
    return n;
}

// The bytes a tensor of `shape` spans counting every size but 0, which loom
// (as NumPy) refuses when they do not fit in index_t.
bool too_large(const sizes& shape) {
    wide n = sizeof(double);
    for (index_t x : shape) {
        if (x != 0) n *= x;
        if (n > std::numeric_limits<index_t>::max()) return true;
    }
    return false;
}

// Einstein summation over letters: operand k's dimension d is letter
// ins[k][d]; the result has the letters of `out`. Every letter's size is in
// `size`. Too large (more than 2^18 terms) gives skip.
expected contract(const std::vector<const operand*>& ops, const std::vector<std::string>& ins, const std::string& out,
                  const std::string& letters, const std::vector<index_t>& size) {
    expected e;
    for (char c : out) e.shape.push_back(size[letters.find(c)]);
    const wide result_count = count_of(e.shape);
    if (too_large(e.shape)) return refuse(refusal::length_error);
    wide terms = 1;
    for (index_t s : size) terms = s == 0 || terms == 0 ? 0 : std::min(terms * s, wide(1) << 100);
    for (const operand* o : ops) {
        if (o->huge && terms != 0) e.skip = true;  // its elements are not listed
    }
    if (e.skip || terms > (1 << 18) || result_count > (1 << 18)) {
        e.skip = true;
        return e;
    }
    e.values.assign(static_cast<std::size_t>(result_count), 0.0);
    if (terms == 0) return e;
    std::vector<index_t> at(letters.size(), 0);
    while (true) {
        double p = 1;
        for (std::size_t k = 0; k < ops.size(); ++k) {
            index_t flat = 0;
            for (std::size_t d = 0; d < ins[k].size(); ++d) {  // a size 1 is broadcast
                flat = flat * ops[k]->shape[d] + (ops[k]->shape[d] == 1 ? 0 : at[letters.find(ins[k][d])]);
            }
            p *= ops[k]->values[static_cast<std::size_t>(flat)];
        }
        index_t o = 0;
        for (char c : out) o = o * size[letters.find(c)] + at[letters.find(c)];
        e.values[static_cast<std::size_t>(o)] += p;
        std::size_t d = letters.size();
        while (d > 0 && ++at[d - 1] == size[d - 1]) at[--d] = 0;
        if (d == 0) break;
    }
    return e;
}

// The letters of two operands whose dimensions are named ia and ib, with
// their sizes; false when one letter names two sizes (with `ones_broadcast`,
// as einsum's: two sizes other than 1 across the operands, or two sizes in
// one operand's diagonal).
bool size_letters(const operand& a, const std::string& ia, const operand* b, const std::string& ib, std::string& letters,
                  std::vector<index_t>& size, bool ones_broadcast = false) {
    const auto add = [&](const operand& o, const std::string& in) {
        for (std::size_t d = 0; d < in.size(); ++d) {
            const std::size_t at = letters.find(in[d]);
            const std::size_t first = in.find(in[d]);
            if (ones_broadcast && first < d && o.shape[first] != o.shape[d]) return false;  // a diagonal's sizes
            if (at == std::string::npos) {
                letters.push_back(in[d]);
                size.push_back(o.shape[d]);
            } else if (size[at] == o.shape[d]) {
                continue;
            } else if (!ones_broadcast) {
                return false;
            } else if (size[at] == 1) {
                size[at] = o.shape[d];
            } else if (o.shape[d] != 1) {
                return false;
            }
        }
        return true;
    };
    return add(a, ia) && (b == nullptr || add(*b, ib));
}

std::string letters_for(std::size_t rank, char first) {
    std::string s;
    for (std::size_t d = 0; d < rank; ++d) s.push_back(static_cast<char>(first + static_cast<int>(d)));
    return s;
}

// Two operands contracted: a's dimensions named ia, b's ib.
expected pairwise(const operand& a, const operand& b, const std::string& ia, const std::string& ib, const std::string& out) {
    std::string letters;
    std::vector<index_t> size;
    if (!size_letters(a, ia, &b, ib, letters, size)) return refuse(refusal::invalid_argument);
    return contract({&a, &b}, {ia, ib}, out, letters, size);
}

// Each element of one times the scalar other, as NumPy's dot and inner of a rank-0 operand.
expected scaled(const operand& a, const operand& b) {
    const operand& big = a.shape.empty() ? b : a;
    const std::string ia = letters_for(a.shape.size(), 'a'), ib = letters_for(b.shape.size(), 'a');
    return pairwise(a, b, ia, ib, letters_for(big.shape.size(), 'a'));
}

expected matmul_reference(const operand& a, const operand& b) {
    if (a.shape.empty() || b.shape.empty()) return refuse(refusal::invalid_argument);
    sizes sa = a.shape, sb = b.shape;
    if (sa.size() == 1) sa.insert(sa.begin(), 1);
    if (sb.size() == 1) sb.push_back(1);
    if (sa.back() != sb[sb.size() - 2]) return refuse(refusal::invalid_argument);
    const std::size_t ba = sa.size() - 2, bb = sb.size() - 2, rank = std::max(ba, bb);
    sizes batch(rank, 1);
    for (std::size_t j = 0; j < rank; ++j) {
        const index_t x = j + ba >= rank ? sa[j + ba - rank] : 1, y = j + bb >= rank ? sb[j + bb - rank] : 1;
        if (x != y && x != 1 && y != 1) return refuse(refusal::broadcast);
        batch[j] = x == 1 ? y : x;
    }
    // Letters: the batch 'A'.., then n 'x', k 'y', m 'z'; the operands' batch dimensions aligned on the right.
    std::string ia, ib, out = letters_for(rank, 'A');
    for (std::size_t j = 0; j < ba; ++j) ia.push_back(sa[j] == 1 && batch[rank - ba + j] != 1 ? '#' : out[rank - ba + j]);
    for (std::size_t j = 0; j < bb; ++j) ib.push_back(sb[j] == 1 && batch[rank - bb + j] != 1 ? '#' : out[rank - bb + j]);
    ia += a.shape.size() == 1 ? "y" : "xy";
    ib += b.shape.size() == 1 ? "y" : "yz";
    if (a.shape.size() > 1) out.push_back('x');
    if (b.shape.size() > 1) out.push_back('z');
    // '#' marks a dimension of size 1 broadcast: each its own letter, of size 1.
    int unique = 0;
    for (std::string* s : {&ia, &ib}) {
        for (char& c : *s) {
            if (c == '#') c = static_cast<char>('0' + unique++);
        }
    }
    std::string letters;
    std::vector<index_t> size;
    const auto add = [&](const sizes& shape, const std::string& in, std::size_t skip_front) {
        for (std::size_t d = 0; d < in.size(); ++d) {
            if (letters.find(in[d]) != std::string::npos) continue;
            letters.push_back(in[d]);
            size.push_back(shape[d + skip_front]);
        }
    };
    // Sizes from the promoted shapes (a 1-D a is [1, k]: its 'y' is at 1).
    add(sa, ia, a.shape.size() == 1 ? 1 : 0);
    add(sb, ib, 0);
    for (std::size_t j = 0; j < rank; ++j) {
        const std::size_t at = letters.find(out[j]);
        if (at == std::string::npos) {
            letters.push_back(out[j]);
            size.push_back(batch[j]);
        }
    }
    return contract({&a, &b}, {ia, ib}, out, letters, size);
}

// einsum's subscripts as NumPy (and loom) read them; the expected outcome.
expected einsum_reference(const std::string& subscripts, const std::vector<const operand*>& ops) {
    std::string text_;
    for (char c : subscripts) {
        if (c != ' ') text_.push_back(c);
    }
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    const std::size_t arrow = text_.find("->");
    const std::string inputs = text_.substr(0, arrow);
    std::vector<std::string> ins(1);
    std::vector<bool> ellipsis(1, false);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (inputs[i] == ',') {
            ins.emplace_back();
            ellipsis.push_back(false);
        } else if (inputs.compare(i, 3, "...") == 0 && !ellipsis.back()) {
            ellipsis.back() = true;  // of no dimension where the letters name them all (as generated)
            i += 2;
        } else {
            ins.back().push_back(inputs[i]);
        }
    }
    if (ins.size() != ops.size()) return refuse(refusal::invalid_argument);
    for (const std::string& in : ins) {
        for (char c : in) {
            if (!letter(c)) return refuse(refusal::invalid_argument);
        }
    }
    std::string out;
    if (arrow != std::string::npos) {
        out = text_.substr(arrow + 2);
        // "..." in the output stands for what it stands for in the inputs: no
        // dimension where the letters name them all (as generated; the other
        // cases are skipped below), so it drops out. A second one, or a '.'
        // outside one, stays and is refused below, as NumPy refuses it.
        if (const std::size_t dots = out.find("..."); dots != std::string::npos) out.erase(dots, 3);
        for (std::size_t i = 0; i < out.size(); ++i) {
            if (!letter(out[i]) || out.find(out[i], i + 1) != std::string::npos) return refuse(refusal::invalid_argument);
            if (std::none_of(ins.begin(), ins.end(), [&](const std::string& in) { return in.find(out[i]) != std::string::npos; })) {
                return refuse(refusal::invalid_argument);
            }
        }
    } else {
        std::string all;
        for (const std::string& in : ins) all += in;
        for (char c : all) {
            if (std::count(all.begin(), all.end(), c) == 1) out.push_back(c);
        }
        std::sort(out.begin(), out.end());
    }
    for (std::size_t k = 0; k < ops.size(); ++k) {
        if (ins[k].size() > ops[k]->shape.size()) return refuse(refusal::invalid_argument);
        if (ins[k].size() < ops[k]->shape.size()) {
            if (!ellipsis[k]) return refuse(refusal::invalid_argument);
            expected e;  // "..." of some dimensions: not computed here
            e.skip = true;
            return e;
        }
    }
    std::string letters;
    std::vector<index_t> size;
    if (!size_letters(*ops[0], ins[0], ops.size() > 1 ? ops[1] : nullptr, ops.size() > 1 ? ins[1] : "", letters, size,
                      true)) {
        return refuse(refusal::invalid_argument);
    }
    return contract(ops, ins, out, letters, size);
}

// Random subscripts for operands of these ranks: mostly fitting, now and then malformed.
std::string random_subscripts(byte_reader& in, const std::vector<std::size_t>& ranks) {
    static const char pool[] = "ijkliA";
    std::string s;
    std::size_t count = ranks.size();
    const unsigned twist = in.next() % 16;
    if (twist == 0) count = count == 1 ? 2 : 1;
    if (twist == 1) count += 1;
    for (std::size_t k = 0; k < count; ++k) {
        if (k > 0) s += ',';
        std::size_t rank = k < ranks.size() ? ranks[k] : 1;
        if (twist == 2) rank += 1;
        for (std::size_t d = 0; d < rank; ++d) s += pool[in.next() % 6];
        if (twist == 3 && k == 0) s += "...";
        if (twist == 4 && k == 0) s += ' ';
    }
    const unsigned arrow = in.next() % 8;
    if (arrow < 5) {
        s += "->";
        const std::size_t n = in.below(4);
        for (std::size_t d = 0; d < n; ++d) s += pool[in.next() % 6];
        if (arrow == 1) s += "m";
        if (arrow == 2) s += "->";
    } else if (arrow == 5) {
        s.insert(0, "->");
    } else if (arrow == 6) {
        s += '-';
    }
    return s;
}

template <class Make>
void check(const std::string& call, const expected& e, std::size_t budget, Make make) {
    if (e.skip) return;
    if (std::getenv("LOOM_FUZZ_SHOW") != nullptr) std::fprintf(stderr, "%s\n", call.c_str());
    std::optional<tensor<double>> r;
    reset_largest_allocation();
    const outcome o = attempt([&] { r.emplace(make()); });
    const std::size_t largest = largest_allocation();
    if (!e.refusals.empty()) {
        if (std::find(e.refusals.begin(), e.refusals.end(), o.kind) == e.refusals.end()) require_kind(o, e.refusals.front(), call);
    } else {
        require_kind(o, refusal::none, call);
        require(sizes_of(r->shape()) == e.shape, call + ": shape " + text(r->shape()) + ", NumPy's " + text(e.shape));
        for (std::size_t i = 0; i < e.values.size(); ++i) {
            require(r->data()[i] == e.values[i], call + ": element " + std::to_string(i) + " is " +
                                                     std::to_string(r->data()[i]) + ", the reference's " +
                                                     std::to_string(e.values[i]));
        }
        budget += 4 * e.values.size() * sizeof(double);
    }
    require(largest <= budget + (64 << 10), call + ": an allocation of " + std::to_string(largest) + " bytes");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned function = in.next() % 9;
    const operand a(in), b(in);
    const tensor_view<double>& va = *a.v;
    const tensor_view<double>& vb = *b.v;
    const std::size_t budget = 4 * (a.own_bytes() + b.own_bytes());
    const std::string both = a.describe() + ", " + b.describe();
    const std::size_t ra = a.shape.size(), rb = b.shape.size();
    switch (function) {
        case 0:
            check("matmul(" + both + ")", matmul_reference(a, b), budget, [&] { return tensor<double>(loom::matmul(va, vb)); });
            break;
        case 1: {
            expected e;
            if (ra == 0 || rb == 0) e = scaled(a, b);
            else {
                std::string ia = letters_for(ra, 'a'), ib = letters_for(rb, 'A');
                ia.back() = 'z';
                ib[rb == 1 ? 0 : rb - 2] = 'z';
                std::string out = ia.substr(0, ra - 1) + ib;
                out.erase(out.find('z'), 1);
                e = pairwise(a, b, ia, ib, out);
            }
            check("dot(" + both + ")", e, budget, [&] { return loom::dot(va, vb); });
            break;
        }
        case 2: {
            expected e;
            if (ra == 0 || rb == 0) e = scaled(a, b);
            else {
                std::string ia = letters_for(ra, 'a'), ib = letters_for(rb, 'A');
                ia.back() = ib.back() = 'z';
                e = pairwise(a, b, ia, ib, ia.substr(0, ra - 1) + ib.substr(0, rb - 1));
            }
            check("inner(" + both + ")", e, budget, [&] { return loom::inner(va, vb); });
            break;
        }
        case 3: {
            expected e;
            if (count_of(a.shape) != count_of(b.shape)) e = refuse(refusal::invalid_argument);
            else if (a.huge || b.huge) e.skip = true;
            else {
                double s = 0;
                for (std::size_t i = 0; i < a.values.size(); ++i) s += a.values[i] * b.values[i];
                e.values = {s};
            }
            check("vdot(" + both + ")", e, budget, [&] { return loom::vdot(va, vb); });
            break;
        }
        case 4: {
            expected e;
            const wide na = count_of(a.shape), nb = count_of(b.shape);
            // The result [na, nb] is refused as any shape is whose sizes but 0 overflow in bytes.
            if (too_large({static_cast<index_t>(na), static_cast<index_t>(nb)})) e = refuse(refusal::length_error);
            else if (na * nb > (1 << 18)) e.skip = true;
            else {
                e.shape = {static_cast<index_t>(na), static_cast<index_t>(nb)};
                for (double x : a.values) {
                    for (double y : b.values) e.values.push_back(x * y);
                }
            }
            check("outer(" + both + ")", e, budget, [&] { return loom::outer(va, vb); });
            break;
        }
        case 5: {
            const index_t n = in.hostile(-1, 3);
            expected e;
            if (n < 0 || n > static_cast<index_t>(ra) || n > static_cast<index_t>(rb)) e = refuse(refusal::invalid_argument);
            else {
                std::string ia = letters_for(ra, 'a'), ib = letters_for(rb, 'A');
                for (index_t j = 0; j < n; ++j) ib[static_cast<std::size_t>(j)] = ia[ra - static_cast<std::size_t>(n) + static_cast<std::size_t>(j)];
                e = pairwise(a, b, ia, ib, ia.substr(0, ra - static_cast<std::size_t>(n)) + ib.substr(static_cast<std::size_t>(n)));
            }
            check("tensordot(" + both + ", " + std::to_string(n) + ")", e, budget, [&] { return loom::tensordot(va, vb, n); });
            break;
        }
        case 6: {
            loom::contraction_axes axes;
            const std::size_t na = static_cast<std::size_t>(in.below(4));
            const std::size_t nb = in.below(8) == 0 ? static_cast<std::size_t>(in.below(4)) : na;
            for (std::size_t j = 0; j < na; ++j) axes.a.push_back(in.hostile(-4, 3));
            for (std::size_t j = 0; j < nb; ++j) axes.b.push_back(in.hostile(-4, 3));
            expected e;
            std::string ia = letters_for(ra, 'a'), ib = letters_for(rb, 'A');
            bool out_of_range = false, invalid = na != nb;
            std::vector<char> used_a(ra, 0), used_b(rb, 0);
            for (std::size_t j = 0; j < std::min(na, nb); ++j) {
                const index_t x = axes.a[j], y = axes.b[j];
                if (x < -static_cast<index_t>(ra) || x >= static_cast<index_t>(ra) || y < -static_cast<index_t>(rb) ||
                    y >= static_cast<index_t>(rb)) {
                    out_of_range = true;
                    continue;
                }
                const auto da = static_cast<std::size_t>(x < 0 ? x + static_cast<index_t>(ra) : x);
                const auto db = static_cast<std::size_t>(y < 0 ? y + static_cast<index_t>(rb) : y);
                if (used_a[da] || used_b[db] || a.shape[da] != b.shape[db]) invalid = true;
                used_a[da] = used_b[db] = 1;
                ib[db] = ia[da];
            }
            if (invalid || out_of_range) {
                if (na != nb) e = refuse(refusal::invalid_argument);
                else {
                    if (invalid) e.refusals.push_back(refusal::invalid_argument);
                    if (out_of_range) e.refusals.push_back(refusal::out_of_range);
                }
            } else {
                std::string out;
                for (std::size_t d = 0; d < ra; ++d) {
                    if (!used_a[d]) out.push_back(ia[d]);
                }
                for (std::size_t d = 0; d < rb; ++d) {
                    if (!used_b[d]) out.push_back(ib[d]);
                }
                e = pairwise(a, b, ia, ib, out);
            }
            check("tensordot(" + both + ", " + text(axes.a) + ", " + text(axes.b) + ")", e, budget,
                  [&] { return loom::tensordot(va, vb, axes); });
            break;
        }
        default: {
            const bool two = function == 8;
            std::vector<const operand*> ops{&a};
            if (two) ops.push_back(&b);
            std::vector<std::size_t> ranks{ra};
            if (two) ranks.push_back(rb);
            const std::string subscripts = random_subscripts(in, ranks);
            const expected e = einsum_reference(subscripts, ops);
            const std::string call = "einsum(\"" + subscripts + "\", " + (two ? both : a.describe()) + ")";
            if (two) {
                check(call, e, budget, [&] { return loom::einsum(subscripts, va, vb); });
            } else {
                check(call, e, budget, [&] { return loom::einsum(subscripts, va); });
            }
            break;
        }
    }
    return 0;
}
