#include "view_model.hpp"

#include <stdexcept>

namespace loom::differential {

namespace {

// In the order of view_operation; the two squeeze, flip and broadcast_to forms share their names.
constexpr const char* view_operation_names[view_operation_count] = {
    "index",   "reshape",   "ravel",   "flatten",  "copy",     "unsqueeze",    "expand_dims",
    "squeeze", "squeeze",   "transpose", "permute", "swapaxes", "moveaxis",     "flip",
    "flip",    "diagonal",  "broadcast_to", "broadcast_to", "expand", "broadcast_bidirectional"};

std::string bound_text(const std::optional<index_t>& bound) { return bound ? std::to_string(*bound) : "none"; }

std::string item_text(const index_item& item) {
    if (const index_t* index = std::get_if<index_t>(&item)) return std::to_string(*index);
    if (const range* r = std::get_if<range>(&item)) {
        return "range(" + bound_text(r->start) + ", " + bound_text(r->stop) + ", " + std::to_string(r->step) + ")";
    }
    if (std::holds_alternative<all_t>(item)) return "all";
    if (std::holds_alternative<newaxis_t>(item)) return "newaxis";
    return "ellipsis";
}

std::string list_text(std::vector<index_t>::const_iterator first, std::vector<index_t>::const_iterator last) {
    std::string text = "{";
    for (auto it = first; it != last; ++it) text += (it == first ? "" : ", ") + std::to_string(*it);
    return text + "}";
}

/// The step's arguments after the viewed expression, as C++.
std::string arguments_text(const view_step& step) {
    const std::vector<index_t>& n = step.numbers;
    switch (step.op) {
        case view_operation::reshape:
        case view_operation::permute:
        case view_operation::expand:
        case view_operation::broadcast_to:
        case view_operation::broadcast_bidirectional: return list_text(n.begin(), n.end());
        case view_operation::place:
            return list_text(n.begin(), n.end() - 1) + ", broadcast::pdpd(" + std::to_string(n.back()) + ")";
        default: break;
    }
    std::string text;
    for (std::size_t i = 0; i < n.size(); ++i) text += (i == 0 ? "" : ", ") + std::to_string(n[i]);
    return text;
}

std::string chain_text(const view_chain& chain) {
    std::string text = chain.base == view_base::a ? "a" : "b";
    for (const view_step& step : chain.steps) {
        if (step.op == view_operation::index) {
            std::string items;
            for (const index_item& item : step.items) items += (items.empty() ? "" : ", ") + item_text(item);
            text += "(index_list{" + items + "})";
            continue;
        }
        const std::string arguments = arguments_text(step);
        if (step.op == view_operation::copy || step.member) {
            text += "." + std::string(name_of(step.op)) + "(" + arguments + ")";
        } else {
            text = std::string(name_of(step.op)) + "(" + text + (arguments.empty() ? "" : ", " + arguments) + ")";
        }
    }
    return text;
}

constexpr const char* assignment_symbols[] = {"=", "+=", "-=", "*="};

}  // namespace

const char* name_of(view_operation op) { return view_operation_names[static_cast<std::size_t>(op)]; }

std::string to_cpp(const view_case& c) {
    std::string text = "auto v = " + chain_text(c.target) + ";";
    if (c.action == view_action::read) return text + " result = v.copy();";
    if (c.action == view_action::combine) {
        return text + " auto w = " + chain_text(c.other) + "; result = maximum(v, w);";
    }
    const char* symbol = assignment_symbols[std::size_t(c.action) - std::size_t(view_action::assign)];
    if (c.source == view_source::scalar) return text + " v " + symbol + " " + to_string(c.scalar) + "; result = a;";
    const std::string negation = dtype_of(c.a) == dtype::boolean ? "!" : "-";
    return text + " auto w = " + chain_text(c.other) + "; v " + symbol + " " +
           (c.source == view_source::negated ? negation + "w" : "w") + "; result = a;";
}

}  // namespace loom::differential
