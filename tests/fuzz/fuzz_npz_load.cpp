// Fuzzes the whole .npz reader on bytes in memory (read_npz: the zip
// directory, stored and deflated members, and the .npy reader of each).
// Property: every input gives arrays or a std::runtime_error, and neither
// the arrays nor any allocation exceed what the input can hold: its size,
// or 1032 times it for a deflated member (deflate's largest expansion).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <variant>

#include "largest_allocation.hpp"
#include "loom/loom.hpp"

namespace {

constexpr std::size_t bookkeeping = 65536 + 4096;  // the zip end record's search window, and small things
constexpr std::size_t deflate_expansion = 1032;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    loom::fuzz::reset_largest_allocation();
    try {
        const loom::named_tensors arrays = loom::read_npz(std::as_bytes(std::span(data, size)));
        std::size_t held = 0;
        for (const auto& [name, t] : arrays) {
            held += std::visit([](const auto& x) { return static_cast<std::size_t>(x.size()) * sizeof(*x.data()); }, t);
        }
        if (held > deflate_expansion * size) std::abort();
    } catch (const std::runtime_error&) {
    }
    if (loom::fuzz::largest_allocation() > deflate_expansion * size + bookkeeping) std::abort();
    return 0;
}
