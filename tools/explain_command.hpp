#pragma once
// loom-explain's command line: its usage text, its parsing of shapes and
// rules, and run(), which prints the walk of the rule asked for (main() is
// tools/loom_explain.cpp's; a fuzzer calls run() too).

#include <charconv>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <loom/core/explain.hpp>

namespace loom_explain {


constexpr std::string_view usage = R"(usage: loom-explain [RULE] SHAPE SHAPE [SHAPE...]

Prints how a broadcast rule of loom treats the shapes, step by step, and the
result or the step that fails. A shape is its sizes separated by commas:
2,3,4 (brackets allowed: [2,3,4]); [] is the shape of rank 0.

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
    loom::index_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        throw usage_error("'" + std::string(text) + "' is not " + std::string(what));
    }
    return value;
}

inline loom::shape_type parse_shape(std::string_view text) {
    const std::string given(text);
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']') text = text.substr(1, text.size() - 2);
    loom::shape_type shape;
    if (text.empty()) return shape;
    while (true) {
        const std::size_t comma = text.find(',');
        const std::string_view size = text.substr(0, comma);
        const loom::index_t value = parse_integer(size, "a size");
        if (value < 0) throw usage_error("shape '" + given + "' has the negative size " + std::string(size));
        shape.push_back(value);
        if (comma == std::string_view::npos) return shape;
        text.remove_prefix(comma + 1);
    }
}

inline int run(const std::vector<std::string_view>& args) {
    std::size_t next = 0;
    std::string_view rule = "numpy";
    loom::index_t axis = -1;
    if (next < args.size() && args[next].starts_with("--")) {
        rule = args[next++].substr(2);
        if (rule == "help") {
            std::cout << usage;
            return 0;
        }
        if (rule == "pdpd" || rule == "paddle-elementwise") {
            if (next == args.size()) throw usage_error("--" + std::string(rule) + " needs an AXIS");
            axis = parse_integer(args[next++], "an axis");
        }
    }
    std::vector<loom::shape_type> shapes;
    for (; next < args.size(); ++next) shapes.push_back(parse_shape(args[next]));

    const bool numpy = rule == "numpy";
    if (numpy ? shapes.size() < 2 : shapes.size() != 2) {
        throw usage_error(std::string(numpy ? "NumPy's rule needs two shapes or more" : "--" + std::string(rule) +
                                                                                      " needs two shapes") +
                          ", not " + std::to_string(shapes.size()) + " (see --help)");
    }
    const loom::shape_type& x = shapes[0];
    const loom::shape_type& y = shapes[1];
    loom::broadcast_explanation e;
    if (numpy) e = loom::explain(shapes);
    else if (rule == "none") e = loom::explain(x, y, loom::broadcast::none);
    else if (rule == "pdpd") e = loom::explain(x, y, loom::broadcast::pdpd(axis));
    else if (rule == "paddle-elementwise") e = loom::explain(x, y, loom::broadcast::paddle_elementwise(axis));
    else if (rule == "bidirectional") e = loom::explain_bidirectional(x, y);
    else if (rule == "in-place") e = loom::explain_in_place(x, y);
    else if (rule == "broadcast-to") e = loom::explain_broadcast_to(x, y);
    else if (rule == "matmul") e = loom::explain_matmul(x, y);
    else if (rule == "loss") e = loom::explain_loss_target(x, y);
    else throw usage_error("unknown rule --" + std::string(rule) + " (see --help)");
    std::cout << e;
    return e.holds ? 0 : 1;
}

}  // namespace loom_explain
