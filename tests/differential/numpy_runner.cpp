#include "numpy_runner.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace loom::differential {

namespace {

void write_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream file(path);
    file << text;
    if (!file) throw std::runtime_error("cannot write " + path.string());
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::string shell_quoted(const std::string& text) {
    std::string quoted = "'";
    for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

/// Runs `command` and returns what it printed on stdout; throws if it fails.
std::string run(const std::string& command, const std::filesystem::path& stderr_path) {
    std::FILE* pipe = popen((command + " 2>" + shell_quoted(stderr_path.string())).c_str(), "r");
    if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
    std::string output;
    char buffer[1 << 16];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = pclose(pipe);
    if (status != 0) {
        throw std::runtime_error(command + " failed (status " + std::to_string(status) + "):\n" +
                                 read_file(stderr_path));
    }
    return output;
}

template <class T>
T parse_element(const std::string& word) {
    const char* text = word.c_str();
    char* end = nullptr;
    errno = 0;
    T value;
    if constexpr (std::same_as<T, bool>) value = word == "1";
    else if constexpr (std::floating_point<T>) value = static_cast<T>(std::strtod(text, &end));
    else if constexpr (std::is_signed_v<T>) value = static_cast<T>(std::strtoll(text, &end, 10));
    else value = static_cast<T>(std::strtoull(text, &end, 10));
    if constexpr (!std::same_as<T, bool>) {
        if (end == text || *end != '\0' || errno != 0)
            throw std::runtime_error("cannot read '" + word + "' as a number");
    }
    return value;
}

shape_type parse_shape(const std::string& text) {
    shape_type shape;
    if (text == "-") return shape;
    std::istringstream sizes(text);
    for (std::string size; std::getline(sizes, size, ',');) shape.push_back(std::stoll(size));
    return shape;
}

/// `ok <dtype> <shape> <values...>` or `raise <kind> <message>`, after the case number.
outcome parse_outcome(std::istringstream& line) {
    outcome o;
    std::string status, kind;
    line >> status >> kind;
    if (status == "raise") {
        o.result = kind == "broadcast" ? outcome::kind::broadcast_error : outcome::kind::other_error;
        std::getline(line >> std::ws, o.message);
        if (o.result == outcome::kind::other_error) o.message = kind + ": " + o.message;
        return o;
    }
    if (status != "ok") throw std::runtime_error("unexpected status '" + status + "'");
    std::string shape_text;
    line >> shape_text;
    dtype type;
    try {
        type = dtype_named(kind);
    } catch (const std::invalid_argument&) {
        o.result = outcome::kind::other_error;
        o.message = "NumPy gave a result of type " + kind + ", which is not one of loom's";
        return o;
    }
    const shape_type shape = parse_shape(shape_text);
    o.value = visit_dtype(type, [&]<class T>(std::type_identity<T>) {
        tensor<T> value(shape);
        std::string word;
        for (T& element : value) {
            if (!(line >> word)) throw std::runtime_error("too few values for shape " + loom::to_string(shape));
            element = parse_element<T>(word);
        }
        if (line >> word) throw std::runtime_error("too many values for shape " + loom::to_string(shape));
        return any_tensor(std::move(value));
    });
    return o;
}

}  // namespace

std::vector<outcome> run_numpy_script(std::span<const python_module> modules, const std::string& script_text,
                                      std::span<const int> numbers, const std::filesystem::path& directory,
                                      const std::string& script_name, const std::string& python) {
    for (const python_module& module : modules) write_file(directory / (module.name + ".py"), module.source);
    const std::filesystem::path script = directory / script_name;
    write_file(script, script_text);
    const std::string output =
        run(shell_quoted(python) + " " + shell_quoted(script.string()), directory / (script_name + ".stderr"));

    std::map<int, std::size_t> index_of;
    for (std::size_t i = 0; i < numbers.size(); ++i) index_of[numbers[i]] = i;
    std::vector<outcome> outcomes(numbers.size());
    std::vector<bool> seen(numbers.size(), false);
    std::istringstream lines(output);
    for (std::string text; std::getline(lines, text);) {
        std::istringstream line(text);
        int number = -1;
        line >> number;
        const auto found = index_of.find(number);
        if (found == index_of.end()) throw std::runtime_error("unexpected line from " + script.string() + ": " + text);
        try {
            outcomes[found->second] = parse_outcome(line);
        } catch (const std::exception& error) {
            throw std::runtime_error(std::string(error.what()) + " in the line for case " + std::to_string(number) +
                                     " from " + script.string());
        }
        seen[found->second] = true;
    }
    for (std::size_t i = 0; i < numbers.size(); ++i) {
        if (!seen[i]) {
            outcomes[i].result = outcome::kind::other_error;
            outcomes[i].message = "NumPy printed nothing for this case";
        }
    }
    return outcomes;
}

}  // namespace loom::differential
