// Fuzzes set_num_threads with hostile counts (0, negative, 1 to 8, large,
// INT_MAX, INT_MIN, any 32 bits), then evaluates an element-wise expression
// and reductions of 2^16 elements or more (parallel_min_elements: enough to
// run on threads when loom is compiled with OpenMP; on one thread without).
// Property: a count outside 1 to max_num_threads() is refused with
// std::invalid_argument and num_threads() is then unchanged; any other count
// is accepted, num_threads() then 1 or more (1 without OpenMP); either way the
// evaluations give the values of a reference computed here. The previous
// setting is restored after each run.

#include <climits>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::tensor;

int hostile_count(byte_reader& in) {
    static constexpr int counts[] = {0, -1, 1, 2, 3, 4, 8, 64, 1024, 65536, INT_MAX, INT_MAX - 1, INT_MIN, INT_MIN + 1, -2};
    const unsigned c = in.next();
    constexpr unsigned n = sizeof(counts) / sizeof(counts[0]);
    if (c < n) return counts[c];
    if (c < 128) return static_cast<int>(c % 9);
    return static_cast<int>(static_cast<std::uint32_t>(in.u64()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const int previous = loom::num_threads();
    const int wanted = hostile_count(in);
    const std::string call = "set_num_threads(" + std::to_string(wanted) + ")";
    const outcome o = attempt([&] { loom::set_num_threads(wanted); });
    require(o.kind == refusal::none || o.kind == refusal::invalid_argument,
            call + ": threw " + name(o.kind) + " (" + o.message + ")");
    const bool in_range = wanted >= 1 && wanted <= loom::max_num_threads();
    require(o.refused() != in_range, call + (in_range ? " was refused" : " was accepted") + ", where 1 to " +
                                         std::to_string(loom::max_num_threads()) + " are accepted");
    if (o.refused()) {
        require(loom::num_threads() == previous, call + " was refused but changed num_threads()");
    } else {
        require(loom::num_threads() >= 1, call + ": num_threads() is " + std::to_string(loom::num_threads()));
#if !defined(_OPENMP)
        require(loom::num_threads() == 1, call + ": num_threads() is not 1 without OpenMP");
#endif
    }

    // 2^16 to 2^16 + 255 elements, rows of `columns`.
    const index_t n = loom::parallel_min_elements + in.below(256);
    const index_t columns = in.between(1, 16);
    const index_t rows = (n + columns - 1) / columns;
    const std::int64_t shift = static_cast<std::int64_t>(in.next()) - 128;
    tensor<std::int64_t> a({rows, columns}), b({rows, columns});
    for (index_t i = 0; i < a.size(); ++i) {
        a.data()[i] = (i * 7 + shift) % 1000;
        b.data()[i] = (i % 13) - 6;
    }
    const tensor<std::int64_t> c = a * 3 + b;
    const tensor<std::int64_t> total = loom::sum(c);
    const tensor<std::int64_t> row_sums = loom::sum(a, 1);
    const tensor<std::int64_t> column_max = loom::max(b + a, 0);
    std::int64_t want_total = 0;
    std::vector<std::int64_t> want_max(static_cast<std::size_t>(columns), std::numeric_limits<std::int64_t>::min());
    for (index_t r = 0; r < rows; ++r) {
        std::int64_t row = 0;
        for (index_t k = 0; k < columns; ++k) {
            const index_t i = r * columns + k;
            const std::int64_t x = a.data()[i] * 3 + b.data()[i];
            if (c.data()[i] != x) fail(call + ": element " + std::to_string(i) + " of a * 3 + b");
            want_total += x;
            row += a.data()[i];
            auto& m = want_max[static_cast<std::size_t>(k)];
            m = std::max(m, a.data()[i] + b.data()[i]);
        }
        if (row_sums.data()[r] != row) fail(call + ": row sum " + std::to_string(r));
    }
    require(total.item() == want_total, call + ": the sum of a * 3 + b");
    for (index_t k = 0; k < columns; ++k) {
        if (column_max.data()[k] != want_max[static_cast<std::size_t>(k)]) fail(call + ": column max " + std::to_string(k));
    }

    if (!o.refused()) loom::set_num_threads(previous);
    require(loom::num_threads() == previous, call + ": the previous setting was not restored");
    return 0;
}
