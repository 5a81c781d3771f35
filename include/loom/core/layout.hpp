#pragma once
// strided_layout: where element (i, j, ...) of an array lives, as an offset
// plus per-dimension strides (in elements; 0 and negative allowed). The one
// layout type of tensors and views, with std::mdspan's queries (a mapping
// `layout(i, j)`, `stride(d)`, `is_unique()`, `is_exhaustive()`,
// `required_span_size()`) and the transforms that views are made of: each
// returns the layout of the same memory seen another way, and moves no data.
//
// Note [shared memory]: a view may be written through only when each of its
// elements has an address of its own, or a write would store one value over
// another (NumPy's results then depend on the order it happens to write in).
// A stride 0 over a dimension of size 2 or more shares memory (a broadcast).
// Otherwise, with the dimensions sorted by their strides' absolute values,
// the elements are apart when each stride exceeds the distance the smaller
// ones reach, which holds for every view that slicing, transposing and the
// other transforms make of a tensor. Strides given to adapt() may not: the
// addresses of up to sharing_check_limit elements are then compared, and a
// larger layout is reported as unproven, which refuses writes too.
//
// Note [empty layouts]: a layout with no elements never reads its memory, so
// its offset is 0 whatever the transform that made it: the memory of an
// empty tensor may be a null pointer, and moving one by any non-zero offset
// would be undefined behaviour.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "loom/core/broadcast.hpp"
#include "loom/core/checked_arithmetic.hpp"
#include "loom/core/indexing.hpp"
#include "loom/core/shape.hpp"

namespace loom {

/// An order of dimensions: entry d names the dimension that goes to place d.
using axis_order = small_vector<std::size_t, inline_rank>;

/// Where the elements of a tensor or view lie: a shape, strides in elements, and the
/// offset of element (0, 0, ...); the transforms views are made of (C++23: std::layout_stride's
/// mapping).
class strided_layout {
public:
    /// A contiguous row-major layout of `shape`, for elements of
    /// `element_bytes` bytes; throws for a negative size or a rank above
    /// max_rank (std::invalid_argument; check_shape), or strides that
    /// overflow, in elements or in bytes (std::length_error; check_byte_size).
    explicit strided_layout(const shape_type& shape, std::size_t element_bytes = 1)
        : shape_(shape), row_major_(true) {
        lay_out_row_major(element_bytes);
    }
    /// A layout of `shape` with `strides`; throws for a negative size or a
    /// rank above max_rank (std::invalid_argument) or more elements than
    /// index_t counts (std::length_error).
    strided_layout(shape_type shape, strides_type strides, index_t offset = 0)
        : shape_(std::move(shape)), strides_(std::move(strides)), offset_(offset) {
        check_shape(shape_);
        size_ = element_count(shape_);
        if (size_ == 0) offset_ = 0;  // Note [empty layouts]
        row_major_ = find_row_major();
    }

    /// The size of each dimension.
    const shape_type& shape() const { return shape_; }
    /// The step between neighbours along each dimension, in elements.
    const strides_type& strides() const { return strides_; }
    /// Where element (0, 0, ...) lies, in elements from the memory the layout was made from.
    index_t offset() const { return offset_; }
    /// The number of dimensions.
    std::size_t rank() const { return shape_.size(); }
    /// The size of dimension `d`.
    index_t extent(std::size_t d) const { return shape_[d]; }
    /// The stride of dimension `d`, in elements.
    index_t stride(std::size_t d) const { return strides_[d]; }
    /// The number of elements.
    index_t size() const { return size_; }

    /// The offset of element (i, j, ...): one index per dimension, negative
    /// ones counting from the end, each checked (std::out_of_range).
    template <std::integral... Indices>
    index_t operator()(Indices... indices) const {
        return offset_of("an array", indices...);
    }

    /// operator(), whose messages call the array `subject` ("a tensor", "a view").
    template <std::integral... Indices>
    index_t offset_of(const char* subject, Indices... indices) const {
        if (sizeof...(Indices) != rank()) {
            // Fewer indices than dimensions is NumPy's x[i], a sub-array, which loom spells with an ellipsis.
            throw std::out_of_range(std::to_string(sizeof...(Indices)) + " indices given for " + subject + " of shape " +
                                    to_string(shape_) + "; give exactly " + std::to_string(rank()) +
                                    (sizeof...(Indices) < rank()
                                         ? " for one element, or end with ellipsis for the view NumPy's x[i] gives: "
                                           "x(i, ellipsis)"
                                         : " (or use range/all to select a sub-view)"));
        }
        index_t at = offset_;
        std::size_t d = 0;
        ((at += strides_[d] * resolve_index(indices, shape_[d], d, shape_), ++d), ...);
        return at;
    }

    /// How the elements of a layout stand in memory (Note [shared memory]).
    enum class sharing {
        none,       ///< each element has an address of its own
        broadcast,  ///< a dimension of size 2 or more has stride 0
        overlap,    ///< two elements have one address under strides that are not 0
        unproven,   ///< strides that do not keep the elements apart, over too many elements to check
    };

    /// The most elements memory_sharing() compares one by one when the
    /// strides alone do not keep them apart.
    static constexpr index_t sharing_check_limit = index_t{1} << 16;

    /// Whether elements share memory (Note [shared memory]).
    sharing memory_sharing() const {
        if (size() <= 1) return sharing::none;
        const auto sorted = steps_by_stride();
        if (!sorted) return sharing::unproven;  // a stride of 2^63 elements: no memory holds two elements
        const steps_type& steps = *sorted;
        if (steps[0].stride == 0) return sharing::broadcast;
        // Apart when each stride is beyond the reach of the smaller ones:
        // true of every view loom's own transforms make.
        bool apart = true;
        index_t reach = 0;  // the largest distance between two elements along the steps so far
        for (const step& s : steps) {
            apart = apart && s.stride > reach;
            const auto span = checked_mul(s.stride, s.size - 1);
            const auto next = span ? checked_add(reach, *span) : std::nullopt;
            if (!next) return sharing::unproven;  // offsets beyond index_t: no memory holds them
            reach = *next;
        }
        if (apart) return sharing::none;
        if (size() > sharing_check_limit) return sharing::unproven;
        // The offsets, with every stride made positive: a negative stride
        // reverses its dimension, which moves the offsets but keeps them
        // distinct or not. None is beyond reach, so none overflows.
        std::vector<index_t> offsets{0};
        offsets.reserve(static_cast<std::size_t>(size()));
        for (const step& s : steps) {
            const std::size_t before = offsets.size();
            for (index_t i = 1; i < s.size; ++i) {
                for (std::size_t k = 0; k < before; ++k) offsets.push_back(offsets[k] + i * s.stride);
            }
        }
        std::sort(offsets.begin(), offsets.end());
        return std::adjacent_find(offsets.begin(), offsets.end()) == offsets.end() ? sharing::none : sharing::overlap;
    }

    /// True when no two elements share memory (memory_sharing() is none).
    bool is_unique() const { return memory_sharing() == sharing::none; }

    /// True when the elements fill the span from the lowest to the highest
    /// without gaps, in some order of the dimensions (a transposed
    /// contiguous array is exhaustive).
    bool is_exhaustive() const {
        if (size() <= 1) return true;
        const auto steps = steps_by_stride();
        if (!steps) return false;
        index_t expected = 1;  // a product of sizes, which the element count bounds
        for (const step& s : *steps) {
            if (s.stride != expected) return false;
            expected *= s.size;
        }
        return true;
    }

    /// True when the layout is C-contiguous (row-major, no gaps). Size-1
    /// dimensions may have any stride, as in NumPy.
    bool is_row_major() const { return row_major_; }

    /// The elements from the lowest to the highest the layout reaches, both
    /// included; 0 when it has none.
    index_t required_span_size() const {
        if (size() == 0) return 0;
        const auto [low, high] = reach();
        return high - low + 1;
    }

    /// The lowest and highest offsets, from element (0, 0, ...), of the
    /// elements of a layout that has some.
    std::pair<index_t, index_t> reach() const {
        index_t low = 0, high = 0;
        for (std::size_t d = 0; d < rank(); ++d) {
            const index_t last = strides_[d] * (shape_[d] - 1);
            (last < 0 ? low : high) += last;
        }
        return {low, high};
    }

    // ---- Transforms ----

    /// The layout that `items` (integers, ranges, all, newaxis, ellipsis)
    /// select, as NumPy's basic indexing: an integer drops its dimension, a
    /// range keeps it, newaxis inserts a size-1 dimension, an ellipsis (at
    /// most one) stands for every dimension not otherwise indexed, and
    /// dimensions left over at the end are kept whole.
    strided_layout select(std::span<const index_item> items) const {
        std::size_t consumed = 0;  // dimensions the items index
        std::size_t ellipses = 0;
        for (const index_item& item : items) {
            if (std::holds_alternative<ellipsis_t>(item)) ++ellipses;
            else if (!std::holds_alternative<newaxis_t>(item)) ++consumed;
        }
        if (ellipses > 1) {
            throw std::invalid_argument("an index may hold at most one ellipsis, but " + std::to_string(ellipses) +
                                        " were given for shape " + to_string(shape_) + "; remove all but one");
        }
        if (consumed > rank()) {
            throw std::out_of_range("too many indices: " + std::to_string(consumed) + " given for shape " +
                                    to_string(shape_) + ", which has " + std::to_string(rank()) + " dimensions");
        }
        shape_type shape;
        strides_type strides;
        index_t offset = offset_;
        std::size_t d = 0;  // the next dimension indexed
        const auto keep = [&](index_t size, index_t stride) {
            shape.push_back(size);
            strides.push_back(stride);
        };
        for (const index_item& item : items) {
            if (const index_t* index = std::get_if<index_t>(&item)) {
                offset += strides_[d] * resolve_index(item, *index, shape_[d], d, shape_);
                ++d;
            } else if (const range* r = std::get_if<range>(&item)) {
                const resolved_range resolved = resolve(*r, shape_[d], d, shape_);
                if (resolved.length > 0) offset += strides_[d] * resolved.first;
                // With one element or none the step is never taken (and stride * step might overflow).
                keep(resolved.length, resolved.length > 1 ? strides_[d] * resolved.step : strides_[d]);
                ++d;
            } else if (std::holds_alternative<all_t>(item)) {
                keep(shape_[d], strides_[d]);
                ++d;
            } else if (std::holds_alternative<newaxis_t>(item)) {
                keep(1, 0);
            } else {
                for (std::size_t n = rank() - consumed; n > 0; --n, ++d) keep(shape_[d], strides_[d]);
            }
        }
        for (; d < rank(); ++d) keep(shape_[d], strides_[d]);
        return {std::move(shape), std::move(strides), offset};
    }

    /// select() for arguments written at the call site, `t(1, range(0, 2), all)`;
    /// two ellipses are refused at compile time.
    template <index_argument... Args>
    strided_layout select(const Args&... args) const {
        constexpr std::size_t ellipses = (std::size_t{std::same_as<std::remove_cvref_t<Args>, ellipsis_t>} + ... + 0);
        static_assert(ellipses <= 1, "an index may hold at most one ellipsis");
        const std::array<index_item, sizeof...(Args)> items{index_item(args)...};
        return select(std::span<const index_item>(items));
    }

    /// Dimension d of the result is dimension order[d] of this layout
    /// (`order` is a permutation, or any selection of dimensions to keep).
    strided_layout permute(const axis_order& order) const {
        shape_type shape;
        strides_type strides;
        for (std::size_t axis : order) {
            shape.push_back(shape_[axis]);
            strides.push_back(strides_[axis]);
        }
        return {std::move(shape), std::move(strides), offset_};
    }

    /// The same elements in the same row-major order, seen as `shape` (of
    /// the same element count), when strides exist for it; nothing when
    /// only a copy can have that shape (NumPy's _attempt_nocopy_reshape).
    std::optional<strided_layout> reshape(const shape_type& shape) const {
        if (size() == 0 || is_row_major()) return strided_layout(shape, row_major_strides(shape), offset_);
        shape_type dims;
        strides_type steps;
        for (std::size_t d = 0; d < rank(); ++d) {
            if (shape_[d] != 1) {
                dims.push_back(shape_[d]);
                steps.push_back(strides_[d]);
            }
        }
        strides_type strides(shape.size(), 0);
        std::size_t oi = 0, oj = 1, ni = 0, nj = 1;
        while (ni < shape.size() && oi < dims.size()) {
            index_t np = shape[ni], op = dims[oi];
            while (np != op) {
                if (np < op) np *= shape[nj++];
                else op *= dims[oj++];
            }
            for (std::size_t ok = oi; ok + 1 < oj; ++ok) {
                if (steps[ok] != dims[ok + 1] * steps[ok + 1]) return std::nullopt;
            }
            strides[nj - 1] = steps[oj - 1];
            for (std::size_t nk = nj - 1; nk > ni; --nk) strides[nk - 1] = strides[nk] * shape[nk];
            ni = nj++;
            oi = oj++;
        }
        const index_t last = ni >= 1 ? strides[ni - 1] : 1;
        for (std::size_t nk = ni; nk < shape.size(); ++nk) strides[nk] = last;
        return strided_layout(shape, std::move(strides), offset_);
    }

    /// This layout seen as `target`, where dimension j sits at target
    /// dimension map[j] (or nowhere, -1, for a size-1 dimension a PDPD
    /// placement dropped): stride 0 along the dimensions it is broadcast
    /// over. Where a size does not broadcast (size_broadcasts), calls
    /// refuse(size, wanted, dimension), which throws.
    template <class Refuse>
    strided_layout broadcast_to(const shape_type& target, std::span<const index_t> map, Refuse refuse) const {
        strides_type strides(target.size(), 0);
        for (std::size_t j = 0; j < rank(); ++j) {
            const index_t size = shape_[j];
            const index_t d = map[j];
            const index_t wanted = d < 0 ? 1 : target[static_cast<std::size_t>(d)];
            if (!size_broadcasts(size, wanted)) refuse(size, wanted, d);
            if (d >= 0 && size == wanted) strides[static_cast<std::size_t>(d)] = strides_[j];
        }
        return {target, std::move(strides), offset_};
    }

    /// The sub-layout at index `i` of dimension `axis`, which is dropped.
    strided_layout slice_along(std::size_t axis, index_t i) const {
        shape_type shape = shape_;
        strides_type strides = strides_;
        shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(axis));
        strides.erase(strides.begin() + static_cast<std::ptrdiff_t>(axis));
        return {std::move(shape), std::move(strides), offset_ + i * strides_[axis]};
    }

    /// A new dimension of size 1 at `axis` (in [0, rank]).
    strided_layout insert_axis(std::size_t axis) const {
        shape_type shape = shape_;
        strides_type strides = strides_;
        shape.insert(shape.begin() + axis, 1);
        strides.insert(strides.begin() + axis, 0);
        return {std::move(shape), std::move(strides), offset_};
    }

    /// The elements in reverse order along `axis`.
    strided_layout flip(std::size_t axis) const {
        strides_type strides = strides_;
        strides[axis] = -strides[axis];
        return {shape_, std::move(strides), shape_[axis] > 0 ? offset_ + strides_[axis] * (shape_[axis] - 1) : offset_};
    }

    /// The diagonal of the (a, b) planes, `k` above the main one (below it
    /// when negative), as a new last dimension; a and b are removed.
    strided_layout diagonal(index_t k, std::size_t a, std::size_t b) const {
        const index_t rows = shape_[a], columns = shape_[b];
        const index_t length =
            std::max<index_t>(0, k >= 0 ? std::min(rows, columns - k) : std::min(rows + k, columns));
        index_t offset = offset_;
        if (length > 0) offset += k >= 0 ? k * strides_[b] : -k * strides_[a];
        shape_type shape;
        strides_type strides;
        for (std::size_t d = 0; d < rank(); ++d) {
            if (d == a || d == b) continue;
            shape.push_back(shape_[d]);
            strides.push_back(strides_[d]);
        }
        // With one element or none along the diagonal its stride is never
        // taken, and the sum may overflow (an empty [0, 2^63 - 1]); with more
        // it reaches an element of the layout, so it fits.
        const auto sum = checked_add(strides_[a], strides_[b]);
        if (!sum && length > 1 && element_count(shape) != 0) {
            throw std::length_error("the diagonal of shape " + to_string(shape_) + " with strides " +
                                    to_string(strides_) + " has a step beyond a 64-bit index; use a copy");
        }
        shape.push_back(length);
        strides.push_back(sum.value_or(0));
        return {std::move(shape), std::move(strides), offset};
    }

private:
    // The strides and size of a contiguous layout of shape_, and every check
    // of the sizes, in one pass: `tensor<T> t = e` makes one per evaluation.
    void lay_out_row_major(std::size_t element_bytes) {
        strides_.resize_for_overwrite(rank());
        index_t step = 1;  // the product of the sizes after d, 0s left out
        // Flags gathered with | rather than ||: no branch per dimension, which
        // is why the builtin stands here rather than checked_mul's optional.
        bool negative = false, too_many = false, empty = false;
        for (std::size_t d = rank(); d-- > 0;) {
            const index_t size = shape_[d];
            strides_[d] = step;
            negative |= size < 0;
            empty |= size == 0;
            too_many |= __builtin_mul_overflow(step, size == 0 ? 1 : size, &step);
        }
        // The bytes of the sizes, 0s left out: every factor is 1 or more,
        // so they overflow exactly when the product of the whole does.
        index_t bytes = 0;
        const bool too_many_bytes = __builtin_mul_overflow(step, static_cast<index_t>(element_bytes), &bytes);
        if (negative | too_many | too_many_bytes | (rank() > max_rank)) [[unlikely]] {
            refuse_shape(element_bytes);
        }
        size_ = empty ? 0 : step;
    }

    // Throws for the shape that lay_out_row_major found wrong, as the checks
    // made one by one would: a negative size or too high a rank
    // (check_shape), too many elements (row_major_strides), too many bytes.
    // Out of line, one call on the one cold branch: the layout's constructor
    // saved six registers for the three calls it made inline before.
    [[gnu::noinline, gnu::cold]] void refuse_shape(std::size_t element_bytes) const {
        check_shape(shape_);
        (void)row_major_strides(shape_);
        check_byte_size(shape_, element_bytes);
    }

    struct step {
        index_t stride;  // its absolute value
        index_t size;
    };
    using steps_type = small_vector<step, inline_rank>;

    // The dimensions of size 2 or more, smallest stride first, each as its
    // stride's absolute value and its size; nothing when a stride is the
    // smallest index_t, whose absolute value does not fit. A layout with two
    // elements or more has at least one.
    std::optional<steps_type> steps_by_stride() const {
        steps_type steps;
        for (std::size_t d = 0; d < rank(); ++d) {
            if (shape_[d] < 2) continue;
            const auto stride = checked_abs(strides_[d]);
            if (!stride) return std::nullopt;
            steps.push_back({*stride, shape_[d]});
        }
        // An insertion sort, stable: a layout has few dimensions.
        for (std::size_t i = 1; i < steps.size(); ++i) {
            for (std::size_t j = i; j > 0 && steps[j].stride < steps[j - 1].stride; --j) std::swap(steps[j], steps[j - 1]);
        }
        return steps;
    }

    bool find_row_major() const {
        // No element: row-major whatever the strides. The other sizes' product
        // may not fit in an index then (adapt accepts [0, 2^63 - 1, 2^63 - 1]);
        // otherwise the element count bounds it.
        if (size_ == 0) return true;
        index_t expected = 1;
        for (std::size_t d = rank(); d-- > 0;) {
            if (shape_[d] != 1 && strides_[d] != expected) return false;
            expected *= shape_[d];
        }
        return true;
    }

    // The shape and strides never change after construction (every
    // transform makes a new layout), so the element count and the row-major
    // test, asked on every evaluation, are computed once here.
    shape_type shape_;
    strides_type strides_;
    index_t offset_ = 0;
    index_t size_ = 0;
    bool row_major_ = false;
};

/// True when the `a_bytes` bytes from `a` and the `b_bytes` bytes from `b` share a byte. The
/// addresses are compared as integers: the two ranges may belong to different allocations.
inline bool byte_ranges_meet(const void* a, std::ptrdiff_t a_bytes, const void* b, std::ptrdiff_t b_bytes) {
    const auto a_begin = reinterpret_cast<std::uintptr_t>(a);
    const auto b_begin = reinterpret_cast<std::uintptr_t>(b);
    return a_begin < b_begin + static_cast<std::uintptr_t>(b_bytes) &&
           b_begin < a_begin + static_cast<std::uintptr_t>(a_bytes);
}

/// The bytes an array's elements can touch, [first + low, first + high):
/// every overlap test of loom compares two of these (the plan's aliasing,
/// the direct path's, a product's or reduction's destination against its
/// operands).
struct memory_span {
    /// The address the offsets count from; null for no memory.
    const std::byte* first = nullptr;
    /// The first byte, from `first`.
    std::ptrdiff_t low = 0;
    /// One past the last byte, from `first`.
    std::ptrdiff_t high = 0;

    /// The span of the elements of `layout` whose element (0, 0, ...) is at
    /// `data`; empty when there are none.
    template <class T>
    static memory_span of(const T* data, const strided_layout& layout) {
        return of(reinterpret_cast<const std::byte*>(data), layout, static_cast<index_t>(sizeof(T)));
    }
    /// The span of the elements of `element_bytes` bytes of `layout` whose
    /// element (0, 0, ...) is at `data`; empty when there are none.
    static memory_span of(const std::byte* data, const strided_layout& layout, index_t element_bytes) {
        if (layout.size() == 0) return {};
        const auto [low, high] = layout.reach();
        return {data, low * element_bytes, (high + 1) * element_bytes};
    }
    /// The `bytes` bytes from `first`.
    static memory_span contiguous(const void* first, index_t bytes) {
        return {static_cast<const std::byte*>(first), 0, bytes};
    }

    /// True when the two spans share a byte.
    bool meets(const memory_span& other) const {
        if (first == nullptr || other.first == nullptr) return false;
        return byte_ranges_meet(first + low, high - low, other.first + other.low, other.high - other.low);
    }
};
}  // namespace loom
