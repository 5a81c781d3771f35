// Fuzzes the whole .npy reader on bytes in memory (read_npy_any and
// read_npy<float>, the path that refuses other dtypes). Property: every
// input gives a tensor or a std::runtime_error; a tensor's elements fit in
// the input, and no allocation exceeds the input's size by more than
// bookkeeping (Note [hostile files] in io/npy.hpp).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <variant>

#include "largest_allocation.hpp"
#include "loom/loom.hpp"

namespace {

constexpr std::size_t bookkeeping = 4096;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes = std::as_bytes(std::span(data, size));
    loom::fuzz::reset_largest_allocation();
    try {
        const loom::any_tensor t = loom::read_npy_any(bytes);
        const std::size_t held = std::visit([](const auto& x) { return static_cast<std::size_t>(x.size()) * sizeof(*x.data()); }, t);
        if (held > size) std::abort();
    } catch (const std::runtime_error&) {
    }
    try {
        const loom::tensor<float> t = loom::read_npy<float>(bytes);
        if (static_cast<std::size_t>(t.size()) * sizeof(float) > size) std::abort();
    } catch (const std::runtime_error&) {
    }
    if (loom::fuzz::largest_allocation() > size + bookkeeping) std::abort();
    return 0;
}
