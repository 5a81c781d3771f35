// The playground's engine: loom compiled to WebAssembly (scripts/build-web.sh), called by the page
// (web/app.js) with one request and answering in JSON. The walk is loom-explain's own: the request's
// arguments are parsed by tools/explain_command.hpp and explained by loom::explain, and the text is
// loom::to_string of that explanation, so the page and `loom-explain` print the same words for the
// same shapes. With arrays instead of shapes, loom also computes the result and broadcasts each
// operand to the result's shape, the picture of which elements repeat along which axis.
//
// A request is lines: "shapes" or "arrays"; for arrays, the operation (add, subtract, multiply,
// divide); then loom-explain's arguments, one per line, with each SHAPE replaced by a nested list
// of numbers for arrays ("[[1, 2, 3], [4, 5, 6]]").

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <loom/loom.hpp>

#include "../tools/explain_command.hpp"

namespace playground {

// A malformed array: the page shows its message as it is (loom-explain, which reads no arrays,
// prefixes its own usage errors with its name).
struct array_error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A nested list read into a shape and its values in row-major order.
struct array_input {
    loom::shape_type shape;
    std::vector<double> values;
};

// Reads "[[1, 2], [3, 4]]", "[1.5, -2e3]" or "7" (rank 0) into a tree of lists and numbers, then
// its shape from the first element at each depth, refusing a ragged array and lists nested deeper
// than loom's largest rank (which also bounds the recursion); an array_error names the character at
// fault or the list that is ragged.
class list_reader {
public:
    explicit list_reader(std::string_view text) : text_(text) {}

    array_input read() {
        const item root = read_item(0);
        skip_spaces();
        if (at_ < text_.size()) fail("unexpected text after the array");
        array_input array;
        for (const item* at = &root; at->is_list; at = &at->items.front()) {
            array.shape.push_back(static_cast<loom::index_t>(at->items.size()));
            if (at->items.empty()) break;
        }
        flatten(root, array, 0);
        return array;
    }

private:
    struct item {
        bool is_list = false;
        double value = 0;
        std::vector<item> items;
    };

    // The array as a message quotes it: whole when short, else the 60 bytes before the fault.
    std::string quoted_text() const {
        if (text_.size() <= 60) return "array '" + std::string(text_) + "'";
        const std::size_t from = at_ > 60 ? at_ - 60 : 0;
        return "array '..." + std::string(text_.substr(from, std::min<std::size_t>(60, text_.size() - from))) + "...'";
    }

    [[noreturn]] void fail(const std::string& what) const {
        throw array_error(quoted_text() + ": " + what + " (at byte " + std::to_string(at_ + 1) + ")");
    }

    void skip_spaces() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
    }

    item read_item(std::size_t depth) {
        skip_spaces();
        if (at_ == text_.size()) fail("the array ends early");
        item read;
        if (text_[at_] == '[' && depth == loom::max_rank) {
            fail("lists nested deeper than loom's largest rank, " + std::to_string(loom::max_rank));
        }
        if (text_[at_] != '[') {
            read.value = read_number();
            return read;
        }
        read.is_list = true;
        ++at_;
        skip_spaces();
        if (at_ < text_.size() && text_[at_] == ']') {
            ++at_;
            return read;
        }
        while (true) {
            read.items.push_back(read_item(depth + 1));
            skip_spaces();
            if (at_ < text_.size() && text_[at_] == ',') {
                ++at_;
            } else if (at_ < text_.size() && text_[at_] == ']') {
                ++at_;
                return read;
            } else {
                fail("expected ',' or ']'");
            }
        }
    }

    double read_number() {
        const std::size_t start = at_;
        while (at_ < text_.size() && text_[at_] != ',' && text_[at_] != ']' && text_[at_] != ' ') ++at_;
        const std::string token(text_.substr(start, at_ - start));
        if (token.empty()) fail("a number is missing");
        char* end = nullptr;
        const double value = std::strtod(token.c_str(), &end);
        // Decimal numbers as strtod reads them (with inf, infinity and nan), but not its hexadecimal ones.
        if (end != token.c_str() + token.size() || token.find_first_of("xX") != std::string::npos) {
            at_ = start;
            fail("'" + token + "' is not a number");
        }
        return value;
    }

    // The numbers of `at`, at depth `depth` of array.shape, in row-major order.
    void flatten(const item& at, array_input& array, std::size_t depth) const {
        if (depth == array.shape.size()) {
            if (at.is_list) throw array_error(quoted_text() + " is ragged: a list where the first element has a number");
            array.values.push_back(at.value);
            return;
        }
        const auto length = static_cast<std::size_t>(array.shape[depth]);
        if (!at.is_list || at.items.size() != length) {
            throw array_error(
                quoted_text() + " is ragged: " +
                (at.is_list ? "a list of " + std::to_string(at.items.size()) : std::string("a number")) +
                " at depth " + std::to_string(depth) + " where the first has a list of " + std::to_string(length));
        }
        for (const item& inner : at.items) flatten(inner, array, depth + 1);
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

// JSON, written by hand: the page reads a handful of fields.
std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') out += std::string("\\") + c;
        else if (c == '\n') out += "\\n";
        else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
        else out += c;
    }
    return out + "\"";
}

std::string number(double value) {
    if (std::isnan(value)) return "\"nan\"";
    if (std::isinf(value)) return value < 0 ? "\"-inf\"" : "\"inf\"";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

template <class Range, class Write>
std::string list(const Range& items, Write write) {
    std::string out = "[";
    bool first = true;
    for (const auto& item : items) {
        if (!first) out += ",";
        first = false;
        out += write(item);
    }
    return out + "]";
}

std::string shape_json(const loom::shape_type& shape) {
    return list(shape, [](loom::index_t size) { return std::to_string(size); });
}

std::string values_json(const loom::tensor<double>& t) {
    std::string out = "{\"shape\":" + shape_json(t.shape()) + ",\"data\":[";
    for (loom::index_t i = 0; i < t.size(); ++i) out += (i == 0 ? "" : ",") + number(t.data()[i]);
    return out + "]}";
}

std::string explanation_json(const loom::broadcast_explanation& e) {
    const auto text = [](const std::string& s) { return json_string(s); };
    std::string out = "\"text\":" + json_string(loom::to_string(e));
    out += ",\"holds\":" + std::string(e.holds ? "true" : "false");
    out += ",\"names\":" + list(e.names, text);
    out += ",\"shapes\":" + list(e.shapes, shape_json);
    out += ",\"checks\":" + list(e.checks, [](const loom::explanation_check& c) {
               return "{\"text\":" + json_string(c.text) + ",\"holds\":" + (c.holds ? "true" : "false") + "}";
           });
    out += ",\"compared_names\":" + list(e.compared_names, text);
    out += ",\"compared\":" + list(e.compared, shape_json);
    out += ",\"front_to_back\":" + std::string(e.front_to_back ? "true" : "false");
    out += ",\"steps\":" + list(e.steps, [](const loom::explanation_step& s) {
               return "{\"dimension\":" + std::to_string(s.dimension) + ",\"sizes\":" +
                      list(s.sizes, [](loom::index_t n) { return std::to_string(n); }) +
                      ",\"result\":" + std::to_string(s.result) + ",\"holds\":" + (s.holds ? "true" : "false") +
                      ",\"reason\":" + json_string(s.reason) + "}";
           });
    if (e.holds) out += ",\"result\":" + shape_json(e.result) + ",\"compared_result\":" + shape_json(e.compared_result);
    return out;
}

loom::tensor<double> tensor_of(const array_input& array) {
    loom::tensor<double> t(array.shape);
    std::copy(array.values.begin(), array.values.end(), t.data());
    return t;
}

// x op y under `spec`.
loom::tensor<double> combine(const std::string& op, const loom::tensor<double>& x, const loom::tensor<double>& y,
                             const loom::broadcast_spec& spec) {
    if (op == "add") return loom::add(x, y, spec);
    if (op == "subtract") return loom::subtract(x, y, spec);
    if (op == "multiply") return loom::multiply(x, y, spec);
    if (op == "divide") return loom::divide(x, y, spec);
    throw loom_explain::usage_error("unknown operation '" + op + "' (add, subtract, multiply or divide)");
}

// dst op= src.
void combine_in_place(const std::string& op, loom::tensor<double>& dst, const loom::tensor<double>& src) {
    if (op == "add") dst += src;
    else if (op == "subtract") dst -= src;
    else if (op == "multiply") dst *= src;
    else if (op == "divide") dst /= src;
    else throw loom_explain::usage_error("unknown operation '" + op + "' (add, subtract, multiply or divide)");
}

// The operands broadcast to the result's shape, and the axes along which each repeats: those where
// its placed shape (e.compared, aligned on the right) has size 1 and the result does not.
std::string operands_json(const loom_explain::request& asked, const loom::broadcast_explanation& e,
                          const std::vector<loom::tensor<double>>& operands) {
    std::string out = "[";
    const std::size_t rank = e.result.size();
    for (std::size_t k = 0; k < operands.size(); ++k) {
        if (k != 0) out += ",";
        out += "{\"name\":" + json_string(e.names[k]) + ",\"values\":" + values_json(operands[k]);
        if (asked.rule != "matmul" && k < e.compared.size()) {
            const loom::tensor<double> stretched =
                k == 1 ? loom::tensor<double>(loom::broadcast_to(operands[k], e.result, loom_explain::spec_of(asked)))
                       : loom::tensor<double>(loom::broadcast_to(operands[k], e.result));
            const loom::shape_type& placed = e.compared[k];
            std::vector<std::size_t> repeats;
            for (std::size_t a = 0; a < rank; ++a) {
                const std::size_t offset = rank - placed.size();
                const loom::index_t size = a < offset ? 1 : placed[a - offset];
                if (size == 1 && e.result[a] != 1) repeats.push_back(a);
            }
            out += ",\"stretched\":" + values_json(stretched) +
                   ",\"repeats\":" + list(repeats, [](std::size_t a) { return std::to_string(a); });
        }
        out += "}";
    }
    return out + "]";
}

// The most elements the page computes and draws: a grid of more is no picture.
constexpr loom::index_t most_values = 10000;

// The result of the operation on the arrays, which the explanation accepted.
loom::tensor<double> compute(const std::string& op, const loom_explain::request& asked,
                             const std::vector<loom::tensor<double>>& operands) {
    if (asked.rule == "matmul") return loom::matmul(operands[0], operands[1]);
    if (asked.rule == "in-place") {
        loom::tensor<double> dst = operands[0];
        combine_in_place(op, dst, operands[1]);
        return dst;
    }
    if (asked.rule == "bidirectional" || asked.rule == "broadcast-to" || asked.rule == "loss") {
        throw loom_explain::usage_error("--" + asked.rule + " takes shapes, not arrays");
    }
    loom::tensor<double> result = operands[0];
    for (std::size_t k = 1; k < operands.size(); ++k) result = combine(op, result, operands[k], loom_explain::spec_of(asked));
    return result;
}

std::string answer(const std::string& request_text) {
    std::vector<std::string> lines;
    std::istringstream in(request_text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    try {
        if (lines.empty() || (lines[0] != "shapes" && lines[0] != "arrays")) {
            throw loom_explain::usage_error("a request starts with 'shapes' or 'arrays'");
        }
        const bool arrays = lines[0] == "arrays";
        const std::size_t first_argument = arrays ? 2 : 1;
        if (lines.size() < first_argument) throw loom_explain::usage_error("an arrays request names its operation");
        // The arguments as loom-explain takes them: an array's shape in place of the array.
        std::vector<std::string> arguments;
        std::vector<array_input> inputs;
        for (std::size_t k = first_argument; k < lines.size(); ++k) {
            const bool axis = k > first_argument && (lines[k - 1] == "--pdpd" || lines[k - 1] == "--paddle-elementwise");
            if (!arrays || lines[k].starts_with("--") || axis) {
                arguments.push_back(lines[k]);
                continue;
            }
            inputs.push_back(list_reader(lines[k]).read());
            arguments.push_back(loom::to_string(inputs.back().shape));
        }
        const std::vector<std::string_view> args(arguments.begin(), arguments.end());
        const loom_explain::request asked = loom_explain::parse_arguments(args);
        if (asked.rule == "help") return "{\"status\":0,\"text\":" + json_string(loom_explain::usage) + "}";
        const loom::broadcast_explanation e = loom_explain::explain_request(asked);
        std::string out = "{\"status\":" + std::string(e.holds ? "0" : "1") + ",\"rule\":" + json_string(asked.rule) +
                          "," + explanation_json(e);
        if (!e.result_refusal.empty() && sizeof(loom::index_t) < 8) {
            out += ",\"index_note\":" + json_string("This page runs loom in 32-bit WebAssembly, whose index counts "
                                                     "up to 2147483647 elements; loom on a 64-bit machine (and NumPy) "
                                                     "counts up to 9223372036854775807.");
        }
        if (arrays) {
            std::vector<loom::tensor<double>> operands;
            for (const array_input& input : inputs) operands.push_back(tensor_of(input));
            try {
                if (e.holds && loom::element_count(e.result) > most_values) {
                    throw loom_explain::usage_error("the result " + loom::to_string(e.result) + " has " +
                                                    std::to_string(loom::element_count(e.result)) +
                                                    " elements, and the playground computes at most " +
                                                    std::to_string(most_values) + ": use shapes for larger ones");
                }
                if (e.holds) {
                    const loom::tensor<double> result = compute(lines[1], asked, operands);
                    out += ",\"values\":" + values_json(result) + ",\"operands\":" + operands_json(asked, e, operands);
                }
            } catch (const std::exception& error) {
                out += ",\"values_error\":" + json_string(error.what());
            }
        }
        return out + "}";
    } catch (const array_error& error) {
        return "{\"status\":2,\"error\":" + json_string(error.what()) + "}";
    } catch (const std::exception& error) {  // loom-explain's usage errors, with its status 2
        return "{\"status\":2,\"error\":" + json_string(std::string("loom-explain: ") + error.what()) + "}";
    }
}

}  // namespace playground

extern "C" {

/// The answer to a request (see the top of this file), valid until the next call.
const char* playground_answer(const char* request) {
    static std::string last;
    last = playground::answer(request);
    return last.c_str();
}
}
