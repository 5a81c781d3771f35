// Fuzzes the joining and splitting functions' arguments: concatenate, stack,
// hstack, vstack, split, array_split, pad, repeat and tile on operands of
// random shapes (ranks 0 to 3, sizes 0 to 4) and random axes, counts and
// widths. Property: each call either throws one of loom's documented
// exception types (std::invalid_argument, which broadcast_error is,
// std::out_of_range or std::length_error) exactly when NumPy's rules refuse
// the arguments, or returns the shape those rules give; concatenate's
// elements are also checked, one by one.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <vector>

#include "loom/loom.hpp"

namespace {

using loom::index_t;
using loom::shape_type;
using loom::tensor;

// Reads the fuzzer's bytes as small numbers; 0 once they run out.
class byte_reader {
public:
    byte_reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    unsigned next() { return position_ < size_ ? data_[position_++] : 0u; }
    index_t below(index_t bound) { return static_cast<index_t>(next() % static_cast<unsigned>(bound)); }
    index_t between(index_t low, index_t high) { return low + below(high - low + 1); }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t position_ = 0;
};

// A shape of rank 0 to 3 and sizes 0 to 4.
shape_type random_shape(byte_reader& in) {
    shape_type shape(static_cast<std::size_t>(in.below(4)));
    for (index_t& size : shape) size = in.below(5);
    return shape;
}

// `shape` filled with values that say which operand and which element they are.
tensor<int> operand(const shape_type& shape, int k) {
    tensor<int> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = k * 1000 + static_cast<int>(i);
    return t;
}

// A shape like `base`, now and then with one size or the rank changed.
shape_type similar_shape(byte_reader& in, const shape_type& base) {
    shape_type shape = base;
    const unsigned change = in.next() % 8;
    if (change == 0 && !shape.empty()) shape[static_cast<std::size_t>(in.below(static_cast<index_t>(shape.size())))] = in.below(5);
    if (change == 1) shape.push_back(in.below(5));
    return shape;
}

std::optional<std::size_t> axis_of(index_t axis, std::size_t rank) { return loom::detail::nonnegative_axis(axis, rank); }

// NumPy's concatenate: the shape, or nothing where NumPy raises.
std::optional<shape_type> concatenated(const std::vector<shape_type>& shapes, index_t axis) {
    const std::size_t rank = shapes[0].size();
    const auto a = axis_of(axis, rank);
    if (rank == 0 || !a) return std::nullopt;
    shape_type result = shapes[0];
    for (std::size_t k = 1; k < shapes.size(); ++k) {
        if (shapes[k].size() != rank) return std::nullopt;
        for (std::size_t d = 0; d < rank; ++d) {
            if (d != *a && shapes[k][d] != result[d]) return std::nullopt;
        }
        result[*a] += shapes[k][*a];
    }
    return result;
}

// The element of concatenate's result at `index`, found in the operand it came from.
int concatenated_element(const std::vector<tensor<int>>& operands, std::size_t axis, shape_type index) {
    for (const tensor<int>& x : operands) {
        if (index[axis] < x.shape()[axis]) {
            index_t flat = 0;
            for (std::size_t d = 0; d < index.size(); ++d) flat = flat * x.shape()[d] + index[d];
            return x.data()[flat];
        }
        index[axis] -= x.shape()[axis];
    }
    std::abort();
}

void check_concatenate_elements(const tensor<int>& result, const std::vector<tensor<int>>& operands, std::size_t axis) {
    shape_type index(result.ndim(), 0);
    for (index_t i = 0; i < result.size(); ++i) {
        if (result.data()[i] != concatenated_element(operands, axis, index)) std::abort();
        for (std::size_t d = index.size(); d-- > 0;) {
            if (++index[d] < result.shape()[d]) break;
            index[d] = 0;
        }
    }
}

// NumPy's atleast_1d / atleast_2d: rank 0 becomes all 1s, [n] becomes [1, n].
shape_type at_least(const shape_type& shape, std::size_t rank) {
    if (shape.size() >= rank) return shape;
    if (shape.empty()) return shape_type(rank, 1);
    shape_type result = shape;
    result.insert(result.begin(), 1);
    return result;
}

void check_shape(const tensor<int>& result, const std::optional<shape_type>& expected) {
    if (!expected || !(result.shape() == *expected)) std::abort();
}

// Runs `call`, which checks what it produced; aborts unless it throws a
// documented exception exactly when `expected` is empty, or produces `expected`.
template <class Call>
void expect(const std::optional<shape_type>& expected, Call call) {
    bool refused = false;
    try {
        call();
    } catch (const std::invalid_argument&) {
        refused = true;
    } catch (const std::out_of_range&) {
        refused = true;
    } catch (const std::length_error&) {
        refused = true;
    }
    if (refused != !expected.has_value()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned operation = in.next() % 9;
    const std::size_t count = static_cast<std::size_t>(in.between(1, 3));
    std::vector<shape_type> shapes{random_shape(in)};
    for (std::size_t k = 1; k < count; ++k) shapes.push_back(similar_shape(in, shapes[0]));
    std::vector<tensor<int>> operands;
    for (std::size_t k = 0; k < count; ++k) operands.push_back(operand(shapes[k], static_cast<int>(k)));
    const index_t axis = in.between(-5, 4);
    const shape_type& x = shapes[0];

    switch (operation) {
        case 0: {  // concatenate
            const auto expected = concatenated(shapes, axis);
            expect(expected, [&] {
                const tensor<int> r = loom::concatenate(operands, axis);
                check_shape(r, expected);
                check_concatenate_elements(r, operands, *axis_of(axis, x.size()));
            });
            break;
        }
        case 1: {  // stack: equal shapes, a new axis in [-rank-1, rank]
            std::optional<shape_type> expected;
            const auto a = axis_of(axis, x.size() + 1);
            bool equal = true;
            for (const shape_type& s : shapes) equal = equal && s == x;
            if (a && equal) {
                expected = x;
                expected->insert(expected->begin() + *a, static_cast<index_t>(count));
            }
            expect(expected, [&] { check_shape(loom::stack(operands, axis), expected); });
            break;
        }
        case 2: {  // vstack: at least 2-D, rows joined
            std::vector<shape_type> rows;
            for (const shape_type& s : shapes) rows.push_back(at_least(s, 2));
            const auto expected = concatenated(rows, 0);
            expect(expected, [&] { check_shape(loom::vstack(operands), expected); });
            break;
        }
        case 3: {  // hstack: at least 1-D, joined along axis 0 for rank 1, else axis 1
            std::vector<shape_type> columns;
            for (const shape_type& s : shapes) columns.push_back(at_least(s, 1));
            const auto expected = concatenated(columns, columns[0].size() == 1 ? 0 : 1);
            expect(expected, [&] { check_shape(loom::hstack(operands), expected); });
            break;
        }
        case 4:
        case 5: {  // split and array_split by sections
            const bool equal = operation == 4;
            const index_t sections = in.between(-1, 5);
            const auto a = axis_of(axis, x.size());
            std::optional<shape_type> expected;
            if (a && sections > 0 && (!equal || x[*a] % sections == 0)) expected = x;
            expect(expected, [&] {
                const auto parts = equal ? loom::split(operands[0], sections, axis)
                                         : loom::array_split(operands[0], sections, axis);
                if (static_cast<index_t>(parts.size()) != sections) std::abort();
                index_t total = 0;
                for (index_t k = 0; k < sections; ++k) {
                    const index_t wanted = x[*a] / sections + (k < x[*a] % sections ? 1 : 0);
                    shape_type part = x;
                    part[*a] = wanted;
                    if (!(parts[static_cast<std::size_t>(k)].shape() == part)) std::abort();
                    total += wanted;
                }
                if (total != x[*a]) std::abort();
            });
            break;
        }
        case 6: {  // pad with one (before, after) pair for every axis, constant mode
            const index_t before = in.between(-1, 3), after = in.between(-1, 3);
            std::optional<shape_type> expected;
            if (before >= 0 && after >= 0) {
                expected = x;
                for (index_t& s : *expected) s += before + after;
            }
            expect(expected, [&] { check_shape(loom::pad(operands[0], loom::pad_width{before, after}), expected); });
            break;
        }
        case 7: {  // repeat along an axis
            const index_t repeats = in.between(-1, 3);
            const auto a = axis_of(axis, x.size());
            std::optional<shape_type> expected;
            if (a && repeats >= 0) {
                expected = x;
                (*expected)[*a] *= repeats;
            }
            expect(expected, [&] { check_shape(loom::repeat(operands[0], repeats, axis), expected); });
            break;
        }
        case 8: {  // tile: the shape and the repetitions aligned on the right, leading 1s added
            std::vector<index_t> reps(static_cast<std::size_t>(in.below(4)));
            for (index_t& r : reps) r = in.between(-1, 3);
            std::optional<shape_type> expected;
            bool valid = true;
            for (index_t r : reps) valid = valid && r >= 0;
            if (valid) {
                const std::size_t rank = std::max(x.size(), reps.size());
                shape_type padded(rank - x.size(), 1);
                for (index_t s : x) padded.push_back(s);
                std::vector<index_t> aligned(rank - reps.size(), 1);
                aligned.insert(aligned.end(), reps.begin(), reps.end());
                expected = padded;
                for (std::size_t d = 0; d < rank; ++d) (*expected)[d] *= aligned[d];
            }
            expect(expected, [&] { check_shape(loom::tile(operands[0], reps), expected); });
            break;
        }
        default:
            break;
    }
    return 0;
}
