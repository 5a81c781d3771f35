// Fuzzes explain (core/explain.hpp) and loom-explain (its command line,
// tools/explain_command.hpp, so that the tool's own argument parser reads
// the bytes): any bytes as the shapes and the axis given to the tool under each
// of its rules, and shapes of ranks 0 to 6 (now and then 65) with small or
// hostile sizes given to explain, explain(x, y, spec) under broadcast::none,
// numpy, pdpd(axis) and paddle_elementwise(axis), explain_bidirectional,
// explain_in_place, explain_broadcast_to, explain_matmul and
// explain_loss_target.
// Property: the tool returns 0 or 1 or throws its usage error or
// std::invalid_argument (a rank above loom's maximum), nothing else; an
// explanation holds exactly when the operation it explains accepts the
// shapes (broadcast_shapes, with or without a spec,
// broadcast_bidirectional_shape, check_fits_destination, broadcast_to) and
// then gives the operation's shape, and otherwise names the check, step or
// result that fails; explain throws std::invalid_argument exactly when a
// size is negative or the rank is above 64, as the operation does; an
// accepted result with no size 0 has fewer elements than index_t counts
// (docs/errors.md); each broadcast_error of those operations carries an
// explanation of the shapes it refused, which does not hold; each fix an
// explanation suggests (a reshape of one operand, a new tensor in place of
// an in-place operation, a transpose where it says no reshape helps), applied
// to the shapes, makes the rule accept them, with the result it states.

#include <iostream>
#include <optional>
#include <streambuf>

#include "fuzz_support.hpp"

#include "../../tools/explain_command.hpp"

namespace {

using namespace loom::fuzz;
using loom::broadcast_explanation;
using loom::index_t;
using loom::shape_type;

enum class rule { numpy, none, spec_numpy, pdpd, paddle_elementwise, bidirectional, in_place, broadcast_to, matmul, loss, count };

const char* const rule_flags[] = {"", "--none", "", "--pdpd", "--paddle-elementwise", "--bidirectional", "--in-place",
                                  "--broadcast-to", "--matmul", "--loss"};

// Discards what the tool prints.
class discard_buffer : public std::streambuf {
protected:
    int overflow(int c) override { return c; }
    std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

std::string shapes_text(const std::vector<shape_type>& shapes) {
    std::string out;
    for (const shape_type& s : shapes) out += (out.empty() ? "" : " ") + text(s);
    return out;
}

// What the operation that `r` explains does with the shapes: its shape, or
// its refusal (with the broadcast_error's explanation checked).
struct verdict {
    outcome result;
    shape_type shape;
};

void require_carried(const loom::broadcast_error& error, const std::vector<shape_type>& shapes, const std::string& call) {
    require(error.has_explanation(), call + ": the broadcast_error carries no explanation: " + error.what());
    const broadcast_explanation carried = error.explanation();
    require(!carried.holds, call + ": the explanation the broadcast_error carries holds");
    require(carried.shapes == shapes, call + ": the broadcast_error's explanation is of shapes " +
                                          shapes_text(carried.shapes));
}

template <class Call>
verdict operate(const std::vector<shape_type>& shapes, bool carries, const std::string& call, Call op) {
    verdict v;
    v.result = attempt([&] {
        try {
            v.shape = op();
        } catch (const loom::broadcast_error& error) {
            if (carries) require_carried(error, shapes, call);
            throw;
        }
    });
    return v;
}

verdict operation(rule r, index_t axis, const std::vector<shape_type>& s, const std::string& call) {
    using namespace loom;
    switch (r) {
        case rule::numpy:
            return operate(s, true, call, [&] {
                switch (s.size()) {
                    case 1: return broadcast_shapes(s[0]);
                    case 2: return broadcast_shapes(s[0], s[1]);
                    case 3: return broadcast_shapes(s[0], s[1], s[2]);
                    default: return broadcast_shapes(s[0], s[1], s[2], s[3]);
                }
            });
        case rule::none: return operate(s, true, call, [&] { return broadcast_shapes(s[0], s[1], broadcast::none); });
        case rule::spec_numpy: return operate(s, true, call, [&] { return broadcast_shapes(s[0], s[1], broadcast::numpy); });
        case rule::pdpd: return operate(s, true, call, [&] { return broadcast_shapes(s[0], s[1], broadcast::pdpd(axis)); });
        case rule::paddle_elementwise:
            return operate(s, true, call, [&] { return broadcast_shapes(s[0], s[1], broadcast::paddle_elementwise(axis)); });
        case rule::bidirectional: return operate(s, true, call, [&] { return broadcast_bidirectional_shape(s[0], s[1]); });
        case rule::in_place:
            return operate(s, true, call, [&] {
                check_shape(s[0]);
                check_shape(s[1]);
                check_fits_destination(s[0], s[1]);
                return s[0];
            });
        default:
            // broadcast_to of a view of x's shape that holds one element: nothing is allocated.
            return operate(s, false, call, [&] {
                const tensor<float> one(shape_type{});
                return broadcast_to(broadcast_to(one, s[0]), s[1]).shape();
            });
    }
}

// The explanation of `r`, or the exception explain throws.
std::optional<broadcast_explanation> explanation_of(rule r, index_t axis, const std::vector<shape_type>& s, outcome& thrown) {
    using namespace loom;
    std::optional<broadcast_explanation> e;
    thrown = attempt([&] {
        switch (r) {
            case rule::numpy: e = explain(s); break;
            case rule::none: e = explain(s[0], s[1], broadcast::none); break;
            case rule::spec_numpy: e = explain(s[0], s[1], broadcast::numpy); break;
            case rule::pdpd: e = explain(s[0], s[1], broadcast::pdpd(axis)); break;
            case rule::paddle_elementwise: e = explain(s[0], s[1], broadcast::paddle_elementwise(axis)); break;
            case rule::bidirectional: e = explain_bidirectional(s[0], s[1]); break;
            case rule::in_place: e = explain_in_place(s[0], s[1]); break;
            case rule::broadcast_to: e = explain_broadcast_to(s[0], s[1]); break;
            case rule::matmul: e = explain_matmul(s[0], s[1]); break;
            default: e = explain_loss_target(s[0], s[1]); break;
        }
    });
    return e;
}

bool has_negative(const std::vector<shape_type>& shapes) {
    for (const shape_type& s : shapes) {
        for (index_t size : s) {
            if (size < 0) return true;
        }
    }
    return false;
}

bool above_max_rank(const std::vector<shape_type>& shapes) {
    for (const shape_type& s : shapes) {
        if (s.size() > loom::max_rank) return true;
    }
    return false;
}

std::optional<bool> check(rule r, index_t axis, const std::vector<shape_type>& shapes);

// The shapes with operand k's replaced by `shape`, under `r`, are accepted, with `result`.
void require_accepted(rule r, index_t axis, std::vector<shape_type> shapes, std::size_t k, const shape_type& shape,
                      const shape_type& result, const std::string& call, const std::string& fix) {
    shapes.at(k) = shape;
    outcome thrown;
    const std::optional<broadcast_explanation> after = explanation_of(r, axis, shapes, thrown);
    require(after.has_value() && after->holds, call + ": the fix " + fix + " gives " + shapes_text(shapes) +
                                                   ", which the rule refuses");
    require(after->result == result, call + ": the fix " + fix + " states the result " + text(result) + ", not " +
                                         text(after->result));
    require(check(r, axis, shapes).value_or(false), call + ": the fix " + fix + " is refused by the operation");
}

// Each fix e suggests makes the rule accept the shapes, with the result it states; the rules that suggest
// nothing (the PDPD rules, a loss's target) suggest nothing.
void check_fixes(rule r, index_t axis, const std::vector<shape_type>& shapes, const broadcast_explanation& e,
                 const std::string& call) {
    const bool any = !e.fixes.empty() || e.assign_new || e.no_fix || !e.transpose_hint.empty();
    if (e.holds || r == rule::pdpd || r == rule::paddle_elementwise || r == rule::loss) {
        require(!any, call + ": suggests a fix where the rule suggests none");
        return;
    }
    for (const loom::reshape_fix& fix : e.fixes) {
        require(fix.operand < shapes.size() && fix.name == e.names[fix.operand], call + ": a fix of no operand");
        require(fix.shape.size() > shapes[fix.operand].size(), call + ": a fix that inserts no dimension");
        require_accepted(r, axis, shapes, fix.operand, fix.shape, fix.result, call, fix.loom);
    }
    if (e.assign_new) {
        require(r == rule::in_place, call + ": a new tensor suggested outside the in-place rule");
        const broadcast_explanation numpy = loom::explain(shapes[0], shapes[1]);
        require(numpy.holds && numpy.result == e.assigned, call + ": t = dst op src is said to have shape " +
                                                               text(e.assigned));
    }
    require(!e.no_fix || (e.fixes.empty() && !e.assign_new), call + ": says no fix, and suggests one");
    if (!e.transpose_hint.empty()) {
        require(e.no_fix, call + ": a transpose suggested beside a fix");
        const std::size_t k = std::find(e.names.begin(), e.names.end(),
                                        e.transpose_hint.substr(10, e.transpose_hint.find(')') - 10)) -
                              e.names.begin();
        require(k < shapes.size() && shapes[k].size() == 2, call + ": " + e.transpose_hint + " of no matrix");
        std::vector<shape_type> transposed = shapes;
        transposed[k] = shape_type{shapes[k][1], shapes[k][0]};
        outcome thrown;
        const std::optional<broadcast_explanation> after = explanation_of(r, axis, transposed, thrown);
        require(after.has_value() && after->holds, call + ": " + e.transpose_hint + " is refused too");
    }
}

// Explains the shapes under `r` and checks the explanation against itself
// and against the operation, and its fixes; returns whether it holds (nothing when explain threw).
std::optional<bool> check(rule r, index_t axis, const std::vector<shape_type>& shapes) {
    const std::string call = std::string("explain ") + (rule_flags[int(r)][0] ? rule_flags[int(r)] : "numpy") +
                             (r == rule::pdpd || r == rule::paddle_elementwise ? " axis " + std::to_string(axis) : "") +
                             " of " + shapes_text(shapes);
    outcome thrown;
    const std::optional<broadcast_explanation> e = explanation_of(r, axis, shapes, thrown);
    const bool invalid = has_negative(shapes) || above_max_rank(shapes);
    if (invalid) {
        require_kind(thrown, refusal::invalid_argument, call);
        // The broadcast_to here makes a view of x's shape first, which refuses
        // an x of too many elements before it sees the target.
        const bool x_uncountable = !has_negative({shapes[0]}) && !above_max_rank({shapes[0]}) &&
                                   nonzero_product(sizes_of(shapes[0])) > std::numeric_limits<index_t>::max();
        if (r != rule::matmul && r != rule::loss && !(r == rule::broadcast_to && x_uncountable)) {
            require_kind(operation(r, axis, shapes, call).result, refusal::invalid_argument, call + " (the operation)");
        }
        return std::nullopt;
    }
    require_kind(thrown, refusal::none, call);
    require(e->shapes == shapes, call + ": the explanation is of shapes " + shapes_text(e->shapes));
    if (e->holds) {
        require(e->failing_check() == nullptr && e->failing_step() == nullptr, call + ": holds, with a check or step that fails");
    } else {
        require(e->failing_check() != nullptr || e->failing_step() != nullptr || !e->result_refusal.empty(),
                call + ": does not hold, and names no check, step or result that fails");
    }
    const std::string printed = loom::to_string(*e);
    require(!printed.empty() && printed.back() == '\n', call + ": prints \"" + printed + "\"");
    check_fixes(r, axis, shapes, *e, call);

    if (r == rule::matmul || r == rule::loss) return e->holds;
    const verdict v = operation(r, axis, shapes, call);
    if (v.result.refused()) {
        require(!e->holds, call + ": holds with result " + text(e->result) + ", but the operation refuses: " + v.result.message);
        return e->holds;
    }
    require(e->holds, call + ": does not hold, but the operation gives " + text(v.shape));
    require(e->result == v.shape, call + ": gives " + text(e->result) + ", the operation " + text(v.shape));
    // (the in-place rule's result is its destination, which exists already)
    const std::vector<index_t> sizes = sizes_of(v.shape);
    if (r != rule::in_place && std::find(sizes.begin(), sizes.end(), 0) == sizes.end()) {
        require(nonzero_product(sizes) <= std::numeric_limits<index_t>::max(),
                call + ": the operation accepts a result " + text(v.shape) + " of more elements than index_t counts");
    }
    return e->holds;
}

// A shape of rank 0 to 6 (now and then 65) with small or hostile sizes, or like `base`.
shape_type random_shape(byte_reader& in, const shape_type* base) {
    const unsigned form = in.next();
    if (base != nullptr && form < 96) {
        shape_type s = *base;
        for (index_t& size : s) {
            const unsigned c = in.next() % 6;
            if (c == 0) size = 1;
            if (c == 1) size = in.hostile(0, 4);
        }
        if (!s.empty() && form % 3 == 0) s.erase(s.begin());
        return s;
    }
    const std::size_t rank = form >= 250 ? 65 : form % 7;
    shape_type s(rank);
    for (index_t& size : s) size = form >= 250 ? 1 : in.hostile(0, 4);
    return s;
}

// The tool on `args`: 0 or 1, or nothing for a usage error.
std::optional<int> run_tool(const std::vector<std::string_view>& args, const std::string& call) {
    static discard_buffer discarded;
    std::streambuf* const saved = std::cout.rdbuf(&discarded);
    std::optional<int> status;
    const outcome o = attempt([&] {
        try {
            status = loom_explain::run(args);
        } catch (const loom_explain::usage_error&) {
        }
    });
    std::cout.rdbuf(saved);
    if (o.refused()) require_kind(o, refusal::invalid_argument, call);
    if (status) require(*status == 0 || *status == 1, call + ": exit status " + std::to_string(*status));
    return status;
}

void fuzz_tool(byte_reader& in, const std::uint8_t* data, std::size_t size) {
    auto r = static_cast<rule>(in.below(static_cast<index_t>(rule::count)));
    if (r == rule::spec_numpy) r = rule::numpy;  // the tool's default rule
    std::vector<std::string> args;
    if (rule_flags[int(r)][0]) args.emplace_back(rule_flags[int(r)]);
    // The rest of the bytes, split at NUL: the axis when the rule takes one, then the shapes.
    std::string rest(reinterpret_cast<const char*>(data) + 2, size > 2 ? size - 2 : 0);
    std::size_t start = 0;
    while (start <= rest.size() && args.size() < 8) {
        const std::size_t end = std::min(rest.find('\0', start), rest.size());
        args.push_back(rest.substr(start, end - start));
        start = end + 1;
    }
    const std::vector<std::string_view> views(args.begin(), args.end());
    std::string call = "loom-explain";
    for (const std::string& a : args) call += " '" + a + "'";
    const std::optional<int> status = run_tool(views, call);

    // The shapes and the axis as the tool's parser reads them, explained and operated on here.
    std::size_t first = rule_flags[int(r)][0] ? 1 : 0;
    if (first == 0 && !args.empty() && args[0].starts_with("--")) return;  // the tool reads it as a rule
    index_t axis = -1;
    std::vector<shape_type> shapes;
    try {
        if (r == rule::pdpd || r == rule::paddle_elementwise) {
            if (first == args.size()) return;  // no axis: a usage error
            axis = loom_explain::parse_integer(args[first++], "an axis");
        }
        for (std::size_t k = first; k < args.size(); ++k) shapes.push_back(loom_explain::parse_shape(args[k]));
    } catch (const loom_explain::usage_error&) {
        require(!status, call + ": the tool accepts arguments its parser refuses");
        return;
    }
    if (r == rule::numpy ? shapes.size() < 2 : shapes.size() != 2) {
        require(!status, call + ": the tool accepts " + std::to_string(shapes.size()) + " shapes");
        return;
    }
    if (shapes.size() > 4) return;
    const std::optional<bool> holds = check(r, axis, shapes);
    if (holds) {
        require(status.has_value() && *status == (*holds ? 0 : 1),
                call + ": exit status " + (status ? std::to_string(*status) : "none") + " where the explanation " +
                    (*holds ? "holds" : "does not hold"));
    }
}

void fuzz_explain(byte_reader& in) {
    const auto r = static_cast<rule>(in.below(static_cast<index_t>(rule::count)));
    const index_t axis = in.hostile(-2, 4);
    const std::size_t count = r == rule::numpy ? static_cast<std::size_t>(in.between(1, 4)) : 2;
    std::vector<shape_type> shapes;
    for (std::size_t k = 0; k < count; ++k) shapes.push_back(random_shape(in, k == 0 ? nullptr : &shapes[0]));
    check(r, axis, shapes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    if (in.next() % 2 == 0) fuzz_tool(in, data, size);
    else fuzz_explain(in);
    return 0;
}
