// Fuzzes the .npy header parser (io/npy_header.hpp). Property: any text
// either parses or throws std::runtime_error; a header that parses writes
// back (as np.save writes it) to a text that parses to the same fields, and
// to a preamble whose length is the text's.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include "loom/io/npy_header.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    loom::npy::header parsed;
    try {
        parsed = loom::npy::parse_header(text);
    } catch (const std::runtime_error&) {
        return 0;
    }
    const std::string bytes = loom::npy::header_bytes(parsed);
    const loom::npy::preamble preamble = loom::npy::parse_preamble(bytes);
    if (preamble.header_offset + preamble.header_length != bytes.size() || bytes.size() % 64 != 0) std::abort();
    if (loom::npy::parse_header(std::string_view(bytes).substr(preamble.header_offset)) != parsed) std::abort();
    return 0;
}
