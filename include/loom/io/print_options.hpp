#pragma once
// How arrays are printed: NumPy's print options (np.set_printoptions), with
// NumPy's defaults. The others are fixed at NumPy's defaults: floatmode
// 'maxprec', suppress=False, sign='-'.

#include <limits>
#include <stdexcept>
#include <string>

#include "loom/core/shape.hpp"

namespace loom {

/// How arrays are printed (NumPy: numpy.set_printoptions), with NumPy's defaults.
struct print_options {
    /// At most this many digits after the point; fewer when fewer tell the
    /// values apart (NumPy's floatmode 'maxprec').
    int precision = 8;
    /// Arrays of more elements than this are summarised with "...".
    index_t threshold = 1000;
    /// Items shown at each end of a summarised dimension.
    index_t edgeitems = 3;
    /// Rows wrap before they grow longer than this many characters.
    index_t linewidth = 75;
};

/// Throws std::invalid_argument for options that make no sense: a negative
/// precision or threshold, no edge items or more than 2^62 - 1 (the items
/// shown would not be countable), no room on a line.
inline void check_print_options(const print_options& options) {
    auto require = [](bool holds, const char* name, long long value, const char* bound) {
        if (!holds) {
            throw std::invalid_argument(std::string("print_options.") + name + " is " + std::to_string(value) +
                                        "; use a value " + bound);
        }
    };
    require(options.precision >= 0, "precision", options.precision, ">= 0");
    require(options.threshold >= 0, "threshold", options.threshold, ">= 0");
    // A summarised dimension shows 2 * edgeitems + 1 items, which must be countable.
    constexpr index_t max_edgeitems = (std::numeric_limits<index_t>::max() - 1) / 2;
    require(options.edgeitems >= 1, "edgeitems", options.edgeitems, ">= 1");
    require(options.edgeitems <= max_edgeitems, "edgeitems", options.edgeitems,
            ("<= " + std::to_string(max_edgeitems)).c_str());
    require(options.linewidth >= 1, "linewidth", options.linewidth, ">= 1");
}

}  // namespace loom
