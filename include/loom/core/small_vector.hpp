#pragma once
// A vector with inline storage for its first N elements, used for shapes and
// strides so that tensors of ordinary rank never touch the heap for them.

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <type_traits>

namespace loom {

template <class T, std::size_t N>
class small_vector {
    static_assert(std::is_trivially_copyable_v<T>, "small_vector holds trivially copyable values only");

public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;

    small_vector() = default;
    small_vector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    explicit small_vector(size_type count, const T& value = T{}) {
        resize(count, value);
    }
    template <std::input_iterator It>
    small_vector(It first, It last) { assign(first, last); }

    small_vector(const small_vector& other) {
        if (other.size_ <= N) {
            copy_inline(other);
        } else {
            copy_from(other);
        }
    }
    small_vector(small_vector&& other) noexcept { steal(other); }
    small_vector& operator=(const small_vector& other) {
        if (this != &other) copy_from(other);
        return *this;
    }
    small_vector& operator=(small_vector&& other) noexcept {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    ~small_vector() { release(); }

    template <std::input_iterator It>
    void assign(It first, It last) {
        size_ = 0;
        for (; first != last; ++first) push_back(static_cast<T>(*first));
    }

    void push_back(const T& value) {
        reserve(size_ + 1);
        data()[size_++] = value;
    }
    void insert(const_iterator pos, const T& value) {
        const auto at = static_cast<size_type>(pos - begin());
        push_back(value);
        std::rotate(begin() + at, end() - 1, end());
    }
    void erase(const_iterator pos) {
        const auto at = static_cast<size_type>(pos - begin());
        std::copy(begin() + at + 1, end(), begin() + at);
        --size_;
    }
    void pop_back() { --size_; }
    void resize(size_type count, const T& value = T{}) {
        reserve(count);
        std::fill(data() + std::min(size_, count), data() + count, value);
        size_ = count;
    }
    /// resize() without writing the new elements, for a caller that writes
    /// them all before reading one.
    void resize_for_overwrite(size_type count) {
        reserve(count);
        size_ = count;
    }
    void clear() { size_ = 0; }
    void reserve(size_type wanted) {
        if (wanted > capacity_) grow(wanted);
    }

    T* data() { return data_; }
    const T* data() const { return data_; }
    size_type size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T& operator[](size_type i) { return data()[i]; }
    const T& operator[](size_type i) const { return data()[i]; }
    T& back() { return data()[size_ - 1]; }
    const T& back() const { return data()[size_ - 1]; }
    iterator begin() { return data(); }
    iterator end() { return data() + size_; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + size_; }

    /// True while the elements live in the inline buffer (no heap allocation).
    bool is_inline() const { return data_ == inline_; }

    // A plain loop: shapes are short, and std::equal would call memcmp.
    friend bool operator==(const small_vector& a, const small_vector& b) {
        if (a.size_ != b.size_) return false;
        for (size_type i = 0; i < a.size_; ++i) {
            if (!(a[i] == b[i])) return false;
        }
        return true;
    }

private:
    // Element by element: a shape has a few, and std::copy would call memmove.
    // Out of line: the copy constructor's common case, copy_inline, is then
    // a few moves with no call, no saved registers and no stack realignment
    // for this path's allocation (35 instructions a copy before).
    [[gnu::noinline]] void copy_from(const small_vector& other) {
        reserve(other.size_);
        for (size_type i = 0; i < other.size_; ++i) data_[i] = other.data_[i];
        size_ = other.size_;
    }

    // Into an empty inline vector, other's elements when it has at most N:
    // the whole inline buffer in one copy of a constant size, which the
    // compiler makes a few vector moves, where a loop over size_ elements
    // costs a branch each and a vectorised loop's prologue. memcpy copies
    // the bytes past size_ as they are, which reading them as T would not.
    // A heap buffer holding at most N elements has room for more than N.
    // g++ takes those bytes for a read of uninitialised values and warns, in
    // the function this one is inlined into, where no pragma here reaches;
    // the empty asm hides which object the bytes come from.
    void copy_inline(const small_vector& other) noexcept {
        const T* source = other.data_;
#if defined(__GNUC__) && !defined(__clang__)
        __asm__("" : "+r"(source));
#endif
        std::memcpy(inline_, source, sizeof inline_);
        size_ = other.size_;
    }

    // Into an empty inline vector: takes other's heap memory, or copies its inline buffer.
    void steal(small_vector& other) noexcept {
        if (other.is_inline()) {
            copy_inline(other);
        } else {
            data_ = other.data_;
            capacity_ = other.capacity_;
            size_ = other.size_;
            other.data_ = other.inline_;
            other.capacity_ = N;
        }
        other.size_ = 0;
    }

    // Out of line: a shape of more than N dimensions is rare, and its
    // allocation inline made every function that sizes a vector (a layout's
    // strides) save registers and realign its stack.
    [[gnu::noinline]] void grow(size_type wanted) {
        const size_type grown = std::max(wanted, 2 * capacity_);
        T* const bigger = new T[grown];
        std::copy(begin(), end(), bigger);
        release();
        data_ = bigger;
        capacity_ = grown;
    }

    // Back to the empty inline buffer's memory, the heap's freed.
    void release() noexcept {
        if (!is_inline()) delete[] data_;
        data_ = inline_;
        capacity_ = N;
    }

    // Left uninitialised: only the first size_ elements are ever read, and
    // zeroing N of them would cost every shape that is made.
    T inline_[N];
    T* data_ = inline_;  // inline_, or memory from the heap
    size_type size_ = 0;
    size_type capacity_ = N;
};

}  // namespace loom
