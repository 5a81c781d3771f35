#pragma once
// loom-explain's command line: its usage text, its parsing of shapes and
// rules, and run(), which prints the walk of the rule asked for (main() is
// tools/loom_explain.cpp's; a fuzzer calls run() too).

#include <charconv>
#include <iostream>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <loom/core/explain.hpp>

namespace loom_explain {


constexpr std::string_view usage = R"(usage: loom-explain [RULE] SHAPE SHAPE [SHAPE...]

Prints how a broadcast rule of loom treats the shapes, step by step, and the
result or the step that fails. A shape is its sizes separated by commas:
2,3,4 (brackets and spaces allowed: "[2, 3, 4]"); [] is the shape of rank 0.

RULE (default: NumPy's rule, for two shapes or more):
  --none                     broadcast::none: x and y must be identical
  --pdpd AXIS                broadcast::pdpd(AXIS): y placed onto x; only y broadcasts
  --paddle-elementwise AXIS  broadcast::paddle_elementwise(AXIS): y placed onto x, then NumPy's rule
  --bidirectional            broadcast_bidirectional(x, target)
  --in-place                 dst op= src: src broadcasts to dst, which never grows
  --broadcast-to             broadcast_to(x, target)
  --matmul                   matmul(a, b): the batch dimensions broadcast
  --loss                     a class loss's input and target ([N, C] with [N], [N, C, d...] with [N, d...])
  --help                     prints this help

Exit status: 0 when the rule accepts the shapes, 1 when it refuses them,
2 for a usage error.
)";

// A usage error: its message goes to stderr, and the status is 2.
struct usage_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

inline loom::index_t parse_integer(std::string_view text, std::string_view what) {
    if (text.empty()) throw usage_error(std::string(what) + " is missing");
    loom::index_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error == std::errc::result_out_of_range) {
        throw usage_error("'" + std::string(text) + "' is beyond what loom's index_t holds (" +
                          std::to_string(std::numeric_limits<loom::index_t>::min()) + " to " +
                          std::to_string(std::numeric_limits<loom::index_t>::max()) + "), so it is not " +
                          std::string(what));
    }
    if (error != std::errc{} || end != text.data() + text.size()) {
        throw usage_error("'" + std::string(text) + "' is not " + std::string(what));
    }
    return value;
}

// `text` without the spaces before and after it.
inline std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(' ');
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(' ') - first + 1);
}

// "2,3,4", "[2, 3, 4]" (spaces around sizes allowed, as NumPy prints shapes), "" or "[]".
inline loom::shape_type parse_shape(std::string_view text) {
    const std::string given(text);
    text = trimmed(text);
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = trimmed(text.substr(1, text.size() - 2));
    loom::shape_type shape;
    if (text.empty()) return shape;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view size = trimmed(text.substr(0, comma));
        if (size.empty()) throw usage_error("shape '" + given + "' has a size missing: give one between each two commas");
        const loom::index_t value = parse_integer(size, "a size");
        if (value < 0) throw usage_error("shape '" + given + "' has the negative size " + std::string(size));
        shape.push_back(value);
        if (comma == std::string_view::npos) return shape;
        text.remove_prefix(comma + 1);
    }
}

/// What the command line asks for: a rule, its axis (the PDPD rules) and the shapes.
struct request {
    std::string rule = "numpy";  ///< numpy, none, pdpd, paddle-elementwise, bidirectional, in-place, broadcast-to, matmul, loss or help
    loom::index_t axis = -1;
    std::vector<loom::shape_type> shapes;
};

/// Reads the arguments; throws usage_error for a malformed one.
inline request parse_arguments(const std::vector<std::string_view>& args) {
    request asked;
    std::size_t next = 0;
    if (next < args.size() && args[next].starts_with("--")) {
        asked.rule = std::string(args[next++].substr(2));
        if (asked.rule == "help") return asked;
        if (asked.rule == "pdpd" || asked.rule == "paddle-elementwise") {
            if (next == args.size()) throw usage_error("--" + asked.rule + " needs an AXIS");
            asked.axis = parse_integer(args[next++], "an axis");
        }
    }
    for (; next < args.size(); ++next) asked.shapes.push_back(parse_shape(args[next]));
    return asked;
}

/// The broadcast_spec of the rule asked for: none, pdpd(axis) and paddle_elementwise(axis) as asked,
/// NumPy's for every other rule.
inline loom::broadcast_spec spec_of(const request& asked) {
    if (asked.rule == "none") return loom::broadcast::none;
    if (asked.rule == "pdpd") return loom::broadcast::pdpd(asked.axis);
    if (asked.rule == "paddle-elementwise") return loom::broadcast::paddle_elementwise(asked.axis);
    return loom::broadcast::numpy;
}

/// The walk of the rule asked for; throws usage_error for an unknown rule or
/// a wrong number of shapes, std::invalid_argument for a rank above loom's maximum.
inline loom::broadcast_explanation explain_request(const request& asked) {
    const std::vector<loom::shape_type>& shapes = asked.shapes;
    const std::string& rule = asked.rule;
    const bool numpy = rule == "numpy";
    if (numpy ? shapes.size() < 2 : shapes.size() != 2) {
        throw usage_error(std::string(numpy ? "NumPy's rule needs two shapes or more" : "--" + rule + " needs two shapes") +
                          ", not " + std::to_string(shapes.size()) + " (see --help)");
    }
    const loom::shape_type& x = shapes[0];
    const loom::shape_type& y = shapes[1];
    if (numpy) return loom::explain(shapes);
    if (rule == "none" || rule == "pdpd" || rule == "paddle-elementwise") return loom::explain(x, y, spec_of(asked));
    if (rule == "bidirectional") return loom::explain_bidirectional(x, y);
    if (rule == "in-place") return loom::explain_in_place(x, y);
    if (rule == "broadcast-to") return loom::explain_broadcast_to(x, y);
    if (rule == "matmul") return loom::explain_matmul(x, y);
    if (rule == "loss") return loom::explain_loss_target(x, y);
    throw usage_error("unknown rule --" + rule + " (see --help)");
}

/// Prints the help, or the walk of the rule asked for to `out`; returns the exit status
/// (0 accepted, 1 refused). Throws as parse_arguments and explain_request do.
inline int run(const std::vector<std::string_view>& args, std::ostream& out = std::cout) {
    const request asked = parse_arguments(args);
    if (asked.rule == "help") {
        out << usage;
        return 0;
    }
    const loom::broadcast_explanation e = explain_request(asked);
    out << e;
    return e.holds ? 0 : 1;
}

}  // namespace loom_explain
