#pragma once
// einsum's subscripts read as NumPy reads them, for operands of given
// shapes: one letter per dimension of each operand, "..." standing for the
// dimensions no letter names, and the output after "->" or, without one,
// the implicit output: the dimensions of "...", then every letter that
// appears once, in alphabetical order. "..." is spelled out with letters
// the subscripts do not use (the first unused ones of A-Z, a-z), the same
// ones in every operand, right-aligned, so that what follows deals with
// letters alone. Then the size of each letter: a size 1 in one operand is
// broadcast against another operand's size, as NumPy does, and the
// dimensions of "..." broadcast by the rule of core/broadcast.hpp.
// Cost to include: <string>, <vector> and core/broadcast.hpp.

#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/shape.hpp"

namespace loom::detail {

/// The subscripts of einsum with "..." spelled out: one letter per
/// dimension of each operand, and the output's letters.
struct einsum_spec {
    std::vector<std::string> inputs;
    std::string output;
    std::string ellipsis;  ///< the letters "..." stands for, in the output's order
};

[[noreturn]] inline void throw_einsum(std::string_view subscripts, const std::string& what) {
    throw std::invalid_argument("einsum \"" + std::string(subscripts) + "\": " + what);
}

inline bool is_subscript_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// "the first operand", ... "the tenth operand", then "operand 11".
inline std::string operand_name(std::size_t i) {
    static constexpr const char* ordinals[] = {"first", "second", "third", "fourth", "fifth",
                                               "sixth", "seventh", "eighth", "ninth", "tenth"};
    return i < std::size(ordinals) ? std::string("the ") + ordinals[i] + " operand" : "operand " + std::to_string(i + 1);
}

/// The letters of one operand's (or the output's) subscripts and whether
/// they hold "...": the rest must be letters.
struct subscript_word {
    std::string letters;
    std::size_t ellipsis_at = std::string::npos;  ///< where "..." was, among the letters
};

inline subscript_word read_word(std::string_view subscripts, std::string_view word, const std::string& whose) {
    subscript_word read;
    for (std::size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        if (c == ' ') continue;  // spaces may stand anywhere but inside "..." and "->", as in NumPy
        if (c == '.') {
            if (word.substr(i, 3) != "...") {
                throw_einsum(subscripts, "a '.' in " + whose + " is not part of an ellipsis; write \"...\"");
            }
            if (read.ellipsis_at != std::string::npos) {
                throw_einsum(subscripts, whose + " holds \"...\" twice; give it at most once");
            }
            read.ellipsis_at = read.letters.size();
            i += 2;
        } else if (is_subscript_letter(c)) {
            read.letters.push_back(c);
        } else {
            throw_einsum(subscripts, std::string("'") + c + "' in " + whose +
                                         " is not a subscript; use the letters a-z and A-Z, and \"...\"");
        }
    }
    return read;
}

/// The subscripts of einsum for operands of `shapes`, "..." spelled out.
/// Throws std::invalid_argument naming what does not fit.
inline einsum_spec parse_einsum(std::string_view subscripts, std::span<const shape_type> shapes) {
    const std::string text(subscripts);
    const std::size_t arrow = text.find("->");
    if (arrow != std::string::npos && text.find("->", arrow + 2) != std::string::npos) {
        throw_einsum(subscripts, "\"->\" appears twice; give one output");
    }
    std::vector<std::string_view> words;
    const std::string_view inputs = std::string_view(text).substr(0, arrow);
    for (std::size_t start = 0;;) {
        const std::size_t comma = inputs.find(',', start);
        words.push_back(inputs.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    if (words.size() != shapes.size()) {
        throw_einsum(subscripts, std::to_string(words.size()) + " operand subscripts for " +
                                     std::to_string(shapes.size()) + " operands; give one per operand");
    }
    std::vector<subscript_word> read;
    std::string used;
    std::size_t longest = 0;  // the most dimensions "..." stands for in one operand
    for (std::size_t i = 0; i < words.size(); ++i) {
        read.push_back(read_word(subscripts, words[i], "the subscripts of " + operand_name(i)));
        const subscript_word& word = read.back();
        const std::size_t rank = shapes[i].size();
        // Before the count is compared with the rank, so that the message does
        // not repeat subscripts of any length.
        if (word.letters.size() > max_rank) {
            throw_einsum(subscripts, "an operand's subscripts name " + std::to_string(word.letters.size()) +
                                         " dimensions, above loom's maximum rank, " + std::to_string(max_rank) +
                                         "; give at most " + std::to_string(max_rank) + " letters per operand");
        }
        const bool has_ellipsis = word.ellipsis_at != std::string::npos;
        if (has_ellipsis ? word.letters.size() > rank : word.letters.size() != rank) {
            throw_einsum(subscripts, "\"" + std::string(words[i]) + "\" names " + std::to_string(word.letters.size()) +
                                         " dimensions of an operand of shape " + to_string(shapes[i]) +
                                         (has_ellipsis ? "; give at most one letter per dimension"
                                                       : "; give one letter per dimension, or \"...\" for those "
                                                         "no letter names"));
        }
        if (has_ellipsis) longest = std::max(longest, rank - word.letters.size());
        used += word.letters;
    }

    einsum_spec spec;
    for (char c : std::string_view("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")) {
        if (spec.ellipsis.size() < longest && used.find(c) == std::string::npos) spec.ellipsis.push_back(c);
    }
    if (spec.ellipsis.size() < longest) {
        throw_einsum(subscripts, "\"...\" stands for " + std::to_string(longest) + " dimensions, but only " +
                                     std::to_string(spec.ellipsis.size()) +
                                     " of the 52 letters are left unused to name them; name fewer dimensions");
    }
    for (std::size_t i = 0; i < read.size(); ++i) {
        std::string letters = read[i].letters;
        if (read[i].ellipsis_at != std::string::npos) {
            const std::size_t count = shapes[i].size() - letters.size();
            letters.insert(read[i].ellipsis_at, spec.ellipsis.substr(longest - count));
        }
        spec.inputs.push_back(std::move(letters));
    }

    if (arrow != std::string::npos) {
        const subscript_word output = read_word(subscripts, std::string_view(text).substr(arrow + 2), "the output");
        for (std::size_t i = 0; i < output.letters.size(); ++i) {
            const char c = output.letters[i];
            if (output.letters.find(c, i + 1) != std::string::npos) {
                throw_einsum(subscripts, std::string("the output names '") + c + "' twice");
            }
            if (used.find(c) == std::string::npos) {
                throw_einsum(subscripts, std::string("the output's '") + c + "' is in no operand");
            }
        }
        spec.output = output.letters;
        if (output.ellipsis_at != std::string::npos) {
            spec.output.insert(output.ellipsis_at, spec.ellipsis);
        } else if (longest > 0) {
            throw_einsum(subscripts, "\"...\" stands for " + std::to_string(longest) +
                                         " dimensions, which the output leaves out; write \"...\" in the output "
                                         "where they go (NumPy does not sum them either)");
        }
    } else {
        std::string once;
        for (char c : used) {
            if (std::count(used.begin(), used.end(), c) == 1) once.push_back(c);
        }
        std::sort(once.begin(), once.end());
        spec.output = spec.ellipsis + once;
    }
    return spec;
}

/// The size each letter names, by its character.
using letter_sizes = std::array<index_t, 128>;

inline index_t size_of_letter(const letter_sizes& sizes, char c) { return sizes[static_cast<unsigned char>(c)]; }

/// The size of each letter of `spec`, for operands of `shapes`. A letter
/// repeated in one operand (a diagonal) names one size in each of its
/// places; across operands, a size 1 broadcasts against another, as in
/// NumPy, and the dimensions of "..." broadcast by loom's rule, whose
/// broadcast_error names their shapes. Throws std::invalid_argument for a
/// letter that names two sizes otherwise.
inline letter_sizes einsum_letter_sizes(std::string_view subscripts, const einsum_spec& spec,
                                        std::span<const shape_type> shapes) {
    const std::vector<std::string>& letters = spec.inputs;
    for (std::size_t i = 0; i < letters.size(); ++i) {
        for (std::size_t d = 0; d < letters[i].size(); ++d) {
            const std::size_t first = letters[i].find(letters[i][d]);
            if (shapes[i][first] != shapes[i][d]) {
                throw_einsum(subscripts, std::string("'") + letters[i][d] + "' names sizes " +
                                             std::to_string(shapes[i][first]) + " and " + std::to_string(shapes[i][d]) +
                                             " of shape " + to_string(shapes[i]) +
                                             "; a letter repeated in one operand takes a diagonal of equal sizes");
            }
        }
    }
    if (!spec.ellipsis.empty()) {
        shape_type together;
        for (std::size_t i = 0; i < letters.size(); ++i) {
            shape_type own;
            for (std::size_t d = 0; d < letters[i].size(); ++d) {
                if (spec.ellipsis.find(letters[i][d]) != std::string::npos) own.push_back(shapes[i][d]);
            }
            together = broadcast_shapes(together, own);
        }
    }
    letter_sizes sizes;
    sizes.fill(-1);
    std::array<std::size_t, 128> named_by{};  // the operand whose size a letter names, when not 1
    for (std::size_t i = 0; i < letters.size(); ++i) {
        for (std::size_t d = 0; d < letters[i].size(); ++d) {
            const auto c = static_cast<unsigned char>(letters[i][d]);
            const index_t size = shapes[i][d];
            if (sizes[c] == -1 || sizes[c] == 1) {
                sizes[c] = size;
                named_by[c] = i;
            } else if (size != 1 && size != sizes[c]) {
                throw_einsum(subscripts, std::string("'") + letters[i][d] + "' names size " + std::to_string(sizes[c]) +
                                             " in " + operand_name(named_by[c]) + " and " + std::to_string(size) +
                                             " in " + operand_name(i) +
                                             "; a letter names one size in every operand, or 1 to broadcast");
            }
        }
    }
    return sizes;
}

}  // namespace loom::detail
