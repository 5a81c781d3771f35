#pragma once
// named_tensors: arrays of any element type under names, in the order they
// were added, as load_npz returns them (NumPy's NpzFile, with everything read).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "loom/core/types.hpp"
#include "loom/tensor/any_tensor.hpp"

namespace loom {

/// Arrays of any element type under names, in the order they were added, as load_npz
/// returns them (NumPy: numpy.lib.npyio.NpzFile, with every member read).
class named_tensors {
public:
    /// A name and its array.
    using value_type = std::pair<std::string, any_tensor>;
    /// Iterates over the (name, array) pairs, in order.
    using const_iterator = std::vector<value_type>::const_iterator;

    /// Adds `t` (an any_tensor, or a tensor of one of its types) under `name`,
    /// after the arrays already there. Throws std::invalid_argument when the
    /// name is taken. A template, so that the array store is compiled only
    /// where an array is added.
    template <class A>
        requires std::convertible_to<A, any_tensor>
    void insert(std::string name, A&& t) {
        if (contains(name)) {
            throw std::invalid_argument("an array named '" + name + "' is there already; give each array its own name");
        }
        entries_.emplace_back(std::move(name), std::forward<A>(t));
    }

    /// The number of arrays.
    std::size_t size() const { return entries_.size(); }
    /// True when there is no array.
    bool empty() const { return entries_.empty(); }
    /// The first (name, array) pair.
    const_iterator begin() const { return entries_.begin(); }
    /// Past the last pair.
    const_iterator end() const { return entries_.end(); }

    /// True when an array is named `name`.
    bool contains(std::string_view name) const { return find(name) != entries_.end(); }

    /// The names, in order.
    std::vector<std::string> names() const {
        std::vector<std::string> result;
        for (const value_type& entry : entries_) result.push_back(entry.first);
        return result;
    }

    /// The array named `name`, of whatever element type it has. Throws
    /// std::out_of_range, listing the names there are, when there is none.
    const any_tensor& operator[](std::string_view name) const { return found(name); }
    /// The array named `name`, to modify; throws as the const operator[] does.
    any_tensor& operator[](std::string_view name) { return const_cast<any_tensor&>(found(name)); }

    /// The array named `name`, which must hold elements of type T. Throws
    /// std::out_of_range as operator[] does, and std::runtime_error naming
    /// the type it holds when that is not T.
    template <element T>
    const tensor<T>& get(std::string_view name) const {
        const any_tensor& t = found(name);
        if (const tensor<T>* typed = std::get_if<tensor<T>>(&t)) return *typed;
        throw std::runtime_error("the array '" + std::string(name) + "' holds " + type_name_of(t) + ", not " +
                                 type_name<T>() + "; get it as that type, or read operator[]'s any_tensor with "
                                 "std::visit when the type is not known in advance");
    }
    /// The array named `name`, to modify; throws as the const get does.
    template <element T>
    tensor<T>& get(std::string_view name) {
        return const_cast<tensor<T>&>(std::as_const(*this).get<T>(name));
    }

private:
    const_iterator find(std::string_view name) const {
        return std::find_if(entries_.begin(), entries_.end(), [&](const value_type& entry) { return entry.first == name; });
    }

    const any_tensor& found(std::string_view name) const {
        const const_iterator at = find(name);
        if (at != entries_.end()) return at->second;
        std::string known;
        for (const value_type& entry : entries_) known += (known.empty() ? "'" : ", '") + entry.first + "'";
        throw std::out_of_range("there is no array named '" + std::string(name) + "'; the names are " +
                                (known.empty() ? std::string("none: it is empty") : known));
    }

    std::vector<value_type> entries_;
};

}  // namespace loom
