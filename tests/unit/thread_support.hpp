#pragma once
// Test support for threads: bit-for-bit comparison of results (loom's promise that the number of
// threads never changes a bit of a result) and keeping the process's number of threads.

#include <cstddef>
#include <cstring>

#include "loom/loom.hpp"

namespace loom::testing {

/// True when `a` and `b` have the same shape and the same bits: a float sum in another order would
/// differ in its last bits, which a comparison of values within a tolerance would let pass.
template <class T>
bool same_bits(const tensor<T>& a, const tensor<T>& b) {
    return a.shape() == b.shape() &&
           std::memcmp(a.data(), b.data(), sizeof(T) * static_cast<std::size_t>(a.size())) == 0;
}

/// Restores, when it goes out of scope, the number of threads loom had when it was made.
class thread_count_kept {
public:
    thread_count_kept() = default;
    thread_count_kept(const thread_count_kept&) = delete;
    thread_count_kept& operator=(const thread_count_kept&) = delete;
    ~thread_count_kept() { loom::set_num_threads(saved_); }

private:
    int saved_ = loom::num_threads();
};

}  // namespace loom::testing
