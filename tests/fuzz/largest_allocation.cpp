// Counts every heap allocation through AddressSanitizer's allocation hooks,
// which see malloc and every form of operator new alike.

#include "largest_allocation.hpp"

#include <sanitizer/allocator_interface.h>

namespace {

std::size_t largest = 0;

void on_allocation(const volatile void*, std::size_t size) {
    if (size > largest) largest = size;
}

void on_free(const volatile void*) {}

const bool installed = __sanitizer_install_malloc_and_free_hooks(on_allocation, on_free) != 0;

}  // namespace

namespace loom::fuzz {

std::size_t largest_allocation() { return installed ? largest : 0; }
void reset_largest_allocation() { largest = 0; }

}  // namespace loom::fuzz
