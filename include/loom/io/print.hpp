#pragma once
// Printing tensors and expressions exactly as NumPy's str(array) prints them:
// `std::cout << t`, `loom::to_string(t)`. The layout follows NumPy's
// _formatArray (numpy/core/arrayprint.py): nested brackets, rows wrapped at
// the line width, blank lines between blocks of rank 3 and up, and "..." in
// place of the middle of each long dimension once an array has more
// elements than the threshold. How each element is written is in
// io/element_format.hpp.

#include <memory>
#include <ostream>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/core/small_vector.hpp"
#include "loom/core/types.hpp"
#include "loom/expr/expression.hpp"
#include "loom/io/element_format.hpp"
#include "loom/io/print_options.hpp"
#include "loom/tensor/tensor.hpp"
#include "loom/tensor/view_of.hpp"

namespace loom {
namespace detail {

/// The shown items of a dimension of `size`: all of them, or when
/// summarised the first and last `edge` with a "..." between. Item k of
/// count() is index(k), or -1 for the "...".
class shown_items {
public:
    shown_items(index_t size, bool summarised, index_t edge)
        : size_(size), edge_(edge), summary_(summarised && 2 * edge < size) {}

    /// Items, the "..." included.
    index_t count() const { return summary_ ? 2 * edge_ + 1 : size_; }
    /// Items that are values.
    index_t value_count() const { return summary_ ? 2 * edge_ : size_; }
    index_t index(index_t k) const {
        if (!summary_ || k < edge_) return k;
        return k == edge_ ? -1 : size_ - (count() - k);
    }

private:
    index_t size_;
    index_t edge_;
    bool summary_;
};

/// Writes an array of rank >= 1 and size > 0 whose element (0, 0, ...) is
/// at `data`, reading through `strides` (in elements) only the elements it
/// shows: a broadcast view of 2^40 elements prints as fast as a small array.
template <element T>
class array_printer {
public:
    array_printer(const T* data, const shape_type& shape, const strides_type& strides, const print_options& options)
        : data_(data),
          shape_(shape),
          strides_(strides),
          options_(options),
          summarised_(element_count(shape) > options.threshold),
          format_(make_format()) {}

    std::string text() {
        // The outermost block starts after "[" on a line of `linewidth`:
        // the sub-array over dimensions `axis` and after starts `1 + axis`
        // columns in, and its lines are one column shorter for each bracket
        // that closes after it.
        struct writer {
            array_printer& printer;
            void opened(std::size_t) { printer.out_ += '['; }
            void item(std::size_t axis, index_t k) {
                if (k == 0) return;
                // Blocks of rank r are separated by r - 1 line breaks: one blank line
                // between the 2-D blocks of a 3-D array, two between 3-D blocks...
                printer.out_.append(printer.shape_.size() - axis - 1, '\n');
                printer.out_.append(1 + axis, ' ');
            }
            void gap(std::size_t) { printer.out_ += "..."; }
            void row(index_t offset) {
                const auto last = static_cast<index_t>(printer.shape_.size() - 1);
                printer.write_row(offset, 1 + last, printer.options_.linewidth - last);
            }
            void closed(std::size_t) { printer.out_ += ']'; }
        } visit{*this};
        walk(visit);
        return std::move(out_);
    }

private:
    shown_items items(std::size_t axis) const { return shown_items(shape_[axis], summarised_, options_.edgeitems); }

    /// The format is set by the elements that will be shown, and by them
    /// alone (NumPy's _leading_trailing).
    element_format<T> make_format() const {
        const index_t size = element_count(shape_);
        if (!summarised_ && strides_ == row_major_strides(shape_)) {
            return element_format<T>(std::span<const T>(data_, static_cast<std::size_t>(size)), options_);
        }
        index_t shown_count = 1;
        for (std::size_t d = 0; d < shape_.size(); ++d) shown_count *= items(d).value_count();
        const auto shown = std::make_unique<T[]>(static_cast<std::size_t>(shown_count));
        struct gatherer {
            const array_printer& printer;
            T* next;
            void opened(std::size_t) {}
            void item(std::size_t, index_t) {}
            void gap(std::size_t) {}
            void row(index_t offset) {
                const shown_items shown = printer.items(printer.shape_.size() - 1);
                for (index_t k = 0; k < shown.count(); ++k) {
                    const index_t i = shown.index(k);
                    if (i >= 0) *next++ = printer.data_[offset + i * printer.strides_.back()];
                }
            }
            void closed(std::size_t) {}
        } visit{*this, shown.get()};
        walk(visit);
        return element_format<T>(std::span<const T>(shown.get(), static_cast<std::size_t>(shown_count)), options_);
    }

    /// Walks the shown sub-arrays in order, with one frame per enclosing
    /// dimension rather than one call: a rank may be up to max_rank. The
    /// visitor hears opened(axis) where the sub-array over dimensions `axis`
    /// and after begins, item(axis, k) before its item k, gap(axis) for an
    /// item that is the "...", closed(axis) where it ends, and row(offset)
    /// for each row of the last dimension, starting at element `offset`.
    template <class Visitor>
    void walk(Visitor& visit) const {
        struct frame {
            index_t next;    // the item to visit next
            index_t offset;  // of the sub-array's first element
        };
        const std::size_t last = shape_.size() - 1;
        small_vector<frame, inline_rank> open;
        const auto enter = [&](std::size_t axis, index_t offset) {
            if (axis == last) return visit.row(offset);
            visit.opened(axis);
            open.push_back({0, offset});
        };
        enter(0, 0);
        while (!open.empty()) {
            const std::size_t axis = open.size() - 1;
            const shown_items shown = items(axis);
            frame& top = open.back();
            if (top.next == shown.count()) {
                open.pop_back();
                visit.closed(axis);
                continue;
            }
            const index_t k = top.next++;
            visit.item(axis, k);
            const index_t i = shown.index(k);
            if (i < 0) visit.gap(axis);
            else enter(axis + 1, top.offset + i * strides_[axis]);
        }
    }

    /// The last dimension: items separated by spaces, wrapped onto a new
    /// line (indented to line up) when the next would reach past `width`
    /// less the closing bracket.
    void write_row(index_t offset, index_t indent, index_t width) {
        const shown_items shown = items(shape_.size() - 1);
        const index_t room = width - 1;
        const index_t stride = strides_.back();
        index_t line_length = indent;
        out_ += '[';
        for (index_t k = 0; k < shown.count(); ++k) {
            if (k > 0) {
                out_ += ' ';
                ++line_length;
            }
            const index_t i = shown.index(k);
            word_.clear();
            if (i < 0) word_ = "...";
            else format_.append(word_, data_[offset + i * stride]);
            const auto word_length = static_cast<index_t>(word_.size());
            // A line that holds nothing yet takes the item however long it is.
            if (line_length + word_length > room && line_length > indent) {
                out_.erase(out_.find_last_not_of(' ') + 1);
                out_ += '\n';
                out_.append(static_cast<std::size_t>(indent), ' ');
                line_length = indent;
            }
            out_ += word_;
            line_length += word_length;
        }
        out_ += ']';
    }

    const T* data_;
    const shape_type& shape_;
    strides_type strides_;
    print_options options_;
    bool summarised_;
    element_format<T> format_;
    std::string out_;
    std::string word_;
};

// The text of the array of `layout` whose element (0, 0, ...) is at `data`.
template <element T>
std::string strided_text(const T* data, const strided_layout& layout, const print_options& options) {
    check_print_options(options);
    if (layout.rank() == 0) return scalar_text(data[0]);
    if (layout.size() == 0) return "[]";
    return array_printer<T>(data, layout.shape(), layout.strides(), options).text();
}

}  // namespace detail

/// The text NumPy's str() gives for the same array (NumPy: str(a), numpy.array2string).
/// For example `[[2 3 4 0 0]\n [1 0 0 2 3]]`, `[ True False]`, `[1.  2.5]`, `[]` when
/// empty; for rank 0 the bare value, `1.5`, as NumPy's str() of a scalar, which the options
/// do not change.
/// Throws std::invalid_argument for options that make no sense (see
/// check_print_options).
template <element T, class Shape>
std::string to_string(const tensor<T, Shape>& value, const print_options& options = {}) {
    return detail::strided_text<T>(value.data(), value.layout(), options);
}

/// The text of a view, read through its strides: only the elements shown
/// are read, and nothing is copied.
/// Throws as to_string of a tensor does.
template <class T>
std::string to_string(const tensor_view<T>& value, const print_options& options = {}) {
    return detail::strided_text<std::remove_const_t<T>>(value.data(), value.layout(), options);
}

/// The text of an expression's value: it is evaluated first.
/// Throws as to_string of a tensor does.
template <expression E>
    requires(!strided<E>)
std::string to_string(const E& value, const print_options& options = {}) {
    return to_string(eval(value), options);
}

/// Writes to_string(value): `std::cout << a + b` prints the sum.
/// NumPy: print(a).
template <expression E>
std::ostream& operator<<(std::ostream& os, const E& value) {
    return os << to_string(value);
}

}  // namespace loom

// With LOOM_COMPILED (CMake: link loom::compiled), the text of arrays of bool, float, double, int32,
// int64, complex64 and complex128 (to_string and operator<<) is compiled once, in the library
// (src/io.cpp), instead of in every file that prints. Every public header includes this one, so the
// check of the library's architecture (compiled_for) is here too.
#ifdef LOOM_COMPILED
#include <xsimd/xsimd.hpp>

namespace loom::detail {
/// The architecture loom::compiled was built for (xsimd's default, from its compiler flags): the library
/// defines `architecture` for its own only, so that a program compiled for another (say with
/// -march=native, against a library built without) fails to link, naming compiled_for<its architecture>,
/// instead of calling kernels built for other vector widths.
template <class Arch>
struct compiled_for {
    static const bool architecture;
};
template <>
const bool compiled_for<xsimd::default_arch>::architecture;  // defined by the library built for this one
[[gnu::used]] inline const bool* const compiled_architecture = &compiled_for<xsimd::default_arch>::architecture;

extern template std::string strided_text<bool>(const bool*, const strided_layout&, const print_options&);
extern template std::string strided_text<float>(const float*, const strided_layout&, const print_options&);
extern template std::string strided_text<double>(const double*, const strided_layout&, const print_options&);
extern template std::string strided_text<std::int32_t>(const std::int32_t*, const strided_layout&,
                                                       const print_options&);
extern template std::string strided_text<std::int64_t>(const std::int64_t*, const strided_layout&,
                                                       const print_options&);
extern template std::string strided_text<std::complex<float>>(const std::complex<float>*, const strided_layout&,
                                                              const print_options&);
extern template std::string strided_text<std::complex<double>>(const std::complex<double>*, const strided_layout&,
                                                               const print_options&);
}  // namespace loom::detail
#endif
