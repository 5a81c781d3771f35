// Fuzzes indexing: index_lists of integers (small, at the limits of
// index_t, unsigned ones of 2^63 and more), ranges with any start, stop and
// step (none, 0 and the limits among them), all, newaxis and ellipsis, on
// tensors of ranks 0 to 4 and sizes 0 to 4, then again on the view that
// gave; and at() with 0 to 4 indices on both.
// Property: each call throws the documented exception exactly when Python's
// rules (written here: slice.indices() for the ranges) refuse the index,
// naming the indexed shape as `[a, b]`, or returns a view of the shape those
// rules give whose every element lies inside the tensor's memory and is the
// element they select.

#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::strides_type;

// A layout as the reference sees it: sizes, strides and offset from the
// tensor's first element, in 128 bits.
struct reference_layout {
    std::vector<index_t> shape;
    std::vector<wide> strides;
    wide offset = 0;
};

// One item of an index_list, as the reference sees it.
struct item {
    enum kind_t { integer, unsigned_integer, slice, all, newaxis, ellipsis } kind = all;
    index_t value = 0;
    std::uint64_t unsigned_value = 0;
    std::optional<index_t> start, stop;
    index_t step = 1;

    loom::index_item to_loom() const {
        switch (kind) {
            case integer: return value;
            case unsigned_integer: return unsigned_value;
            case slice: return loom::range(start, stop, step);
            case all: return loom::all;
            case newaxis: return loom::newaxis;
            case ellipsis: return loom::ellipsis;
        }
        return loom::all;
    }
};

std::optional<index_t> bound(byte_reader& in) {
    const unsigned c = in.next() % 4;
    if (c == 0) return std::nullopt;
    if (c == 1) return in.hostile(-6, 6);
    return in.between(-6, 6);
}

item random_item(byte_reader& in) {
    item it;
    switch (in.next() % 10) {
        case 0:
        case 1: it.kind = item::integer; it.value = in.between(-6, 6); break;
        case 2: it.kind = item::integer; it.value = in.hostile(-6, 6); break;
        case 3: {
            static constexpr std::uint64_t values[] = {0, 2, std::uint64_t{1} << 63, (std::uint64_t{1} << 63) + 1,
                                                       ~std::uint64_t{0}, (std::uint64_t{1} << 63) - 1};
            it.kind = item::unsigned_integer;
            it.unsigned_value = values[in.below(6)];
            break;
        }
        case 4:
        case 5:
        case 6: {
            it.kind = item::slice;
            it.start = bound(in);
            it.stop = bound(in);
            const unsigned s = in.next() % 8;
            it.step = s < 5 ? index_t(s) - 2 : s == 5 ? 3 : in.hostile(-3, 3);
            break;
        }
        case 7: it.kind = item::all; break;
        case 8: it.kind = item::newaxis; break;
        default: it.kind = item::ellipsis; break;
    }
    return it;
}

// Python's slice.indices() and the length of the slice (PySlice_AdjustIndices).
struct adjusted {
    wide first, step, length;
};
adjusted adjust(const item& it, index_t size) {
    const wide step = it.step, n = size;
    const bool back = step < 0;
    const auto clip = [&](std::optional<index_t> b, wide if_none) -> wide {
        if (!b) return if_none;
        wide i = *b;
        if (i < 0) {
            i += n;
            if (i < 0) i = back ? -1 : 0;
        } else if (i >= n) {
            i = back ? n - 1 : n;
        }
        return i;
    };
    const wide start = clip(it.start, back ? n - 1 : 0);
    const wide stop = clip(it.stop, back ? -1 : n);
    wide length = 0;
    if (back && stop < start) length = (start - stop - 1) / -step + 1;
    if (!back && start < stop) length = (stop - start - 1) / step + 1;
    return {start, step, length};
}

// The layout NumPy's basic indexing selects, or the refusal it makes.
refusal select(reference_layout& l, const std::vector<item>& items) {
    std::size_t consumed = 0, ellipses = 0;
    for (const item& it : items) {
        if (it.kind == item::ellipsis) ++ellipses;
        else if (it.kind != item::newaxis) ++consumed;
    }
    if (ellipses > 1) return refusal::invalid_argument;
    if (consumed > l.shape.size()) return refusal::out_of_range;
    reference_layout r;
    r.offset = l.offset;
    std::size_t d = 0;
    for (const item& it : items) {
        switch (it.kind) {
            case item::unsigned_integer:
                if (it.unsigned_value > std::uint64_t(std::numeric_limits<index_t>::max())) return refusal::out_of_range;
                [[fallthrough]];
            case item::integer: {
                const wide v = it.kind == item::integer ? wide(it.value) : wide(it.unsigned_value);
                const wide w = v < 0 ? v + l.shape[d] : v;
                if (w < 0 || w >= l.shape[d]) return refusal::out_of_range;
                r.offset += w * l.strides[d];
                ++d;
                break;
            }
            case item::slice: {
                if (it.step == 0) return refusal::invalid_argument;
                const adjusted a = adjust(it, l.shape[d]);
                if (a.length > 0) r.offset += a.first * l.strides[d];
                r.shape.push_back(static_cast<index_t>(a.length));
                r.strides.push_back(a.length > 1 ? a.step * l.strides[d] : 0);
                ++d;
                break;
            }
            case item::all:
                r.shape.push_back(l.shape[d]);
                r.strides.push_back(l.strides[d]);
                ++d;
                break;
            case item::newaxis:
                r.shape.push_back(1);
                r.strides.push_back(0);
                break;
            case item::ellipsis:
                for (std::size_t k = l.shape.size() - consumed; k > 0; --k, ++d) {
                    r.shape.push_back(l.shape[d]);
                    r.strides.push_back(l.strides[d]);
                }
                break;
        }
    }
    for (; d < l.shape.size(); ++d) {
        r.shape.push_back(l.shape[d]);
        r.strides.push_back(l.strides[d]);
    }
    l = r;
    return refusal::none;
}

std::string describe(const std::vector<item>& items) {
    std::string out = "(";
    for (const item& it : items) {
        if (out.size() > 1) out += ", ";
        switch (it.kind) {
            case item::integer: out += std::to_string(it.value); break;
            case item::unsigned_integer: out += std::to_string(it.unsigned_value) + "u"; break;
            case item::slice:
                out += (it.start ? std::to_string(*it.start) : "") + ":" + (it.stop ? std::to_string(*it.stop) : "") +
                       ":" + std::to_string(it.step);
                break;
            case item::all: out += ":"; break;
            case item::newaxis: out += "newaxis"; break;
            case item::ellipsis: out += "..."; break;
        }
    }
    return out + ")";
}

// The view `v` must be the reference layout `l`: same shape, every element
// inside the tensor and at the offset the reference gives.
template <class View>
void check_view(const View& v, const reference_layout& l, const int* base, index_t count, const std::string& call) {
    require(sizes_of(v.shape()) == l.shape, call + ": shape " + text(v.shape()) + ", expected " + text(l.shape));
    require_inside(v, base, count, call);
    shape_type shape(l.shape.begin(), l.shape.end());
    for_each_element(shape, v.strides(), v.data() - base, [&](const std::vector<index_t>& index, index_t at) {
        wide expected = l.offset;
        for (std::size_t d = 0; d < index.size(); ++d) expected += wide(index[d]) * l.strides[d];
        require(wide(at) == expected, call + ": an element at the wrong place");
        require(base[at] == static_cast<int>(at), call + ": an element of the wrong value");
    });
}

// at() with `n` indices of type I, on a tensor or a view.
template <class I, class Array>
const int* at_of(const Array& a, const std::vector<I>& i) {
    switch (i.size()) {
        case 0: return &a.at();
        case 1: return &a.at(i[0]);
        case 2: return &a.at(i[0], i[1]);
        case 3: return &a.at(i[0], i[1], i[2]);
        case 4: return &a.at(i[0], i[1], i[2], i[3]);
        default: return &a.at(i[0], i[1], i[2], i[3], i[4]);
    }
}

template <class I, class Array>
void check_at(byte_reader& in, const Array& a, const reference_layout& l, const int* base) {
    std::vector<I> indices(static_cast<std::size_t>(in.below(6)));
    std::vector<item> items;
    for (I& i : indices) {
        item it = random_item(in);
        if constexpr (std::is_signed_v<I>) {
            i = it.kind == item::integer ? it.value : in.between(-5, 5);
            item one;
            one.kind = item::integer;
            one.value = i;
            items.push_back(one);
        } else {
            i = it.kind == item::unsigned_integer ? it.unsigned_value : in.below(5);
            item one;
            one.kind = item::unsigned_integer;
            one.unsigned_value = i;
            items.push_back(one);
        }
    }
    const int* element = nullptr;
    const outcome o = attempt([&] { element = at_of(a, indices); });
    reference_layout r = l;
    refusal expected = indices.size() == l.shape.size() ? select(r, items) : refusal::out_of_range;
    const std::string call = "at" + describe(items) + " on " + text(l.shape);
    require_kind(o, expected, call);
    if (o.refused()) {
        require_mentions(o, text(l.shape));
        return;
    }
    require(wide(element - base) == r.offset, call + ": the wrong element");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    shape_type shape(static_cast<std::size_t>(in.below(5)));
    for (index_t& s : shape) s = in.below(5);
    loom::tensor<int> t(shape);
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<int>(i);
    const int* base = t.data();

    reference_layout l;
    l.shape = sizes_of(shape);
    for (index_t s : t.strides()) l.strides.push_back(s);

    if (in.below(4) == 0) {
        if (in.flag()) check_at<index_t>(in, t, l, base);
        else check_at<std::uint64_t>(in, t, l, base);
        return 0;
    }

    std::vector<item> items(static_cast<std::size_t>(in.below(7)));
    for (item& it : items) it = random_item(in);
    loom::index_list list;
    for (const item& it : items) list.push_back(it.to_loom());
    const std::string call = "t" + describe(items) + " of " + text(l.shape);

    std::optional<loom::tensor_view<int>> v;
    const outcome o = attempt([&] { v = t(list); });
    const refusal expected = select(l, items);
    require_kind(o, expected, call);
    if (o.refused()) {
        require_mentions(o, text(shape));
        return 0;
    }
    check_view(*v, l, base, t.size(), call);

    // A second index, or at(), on the view.
    if (in.below(3) == 0) {
        if (in.flag()) check_at<index_t>(in, *v, l, base);
        else check_at<std::uint64_t>(in, *v, l, base);
        return 0;
    }
    std::vector<item> more(static_cast<std::size_t>(in.below(7)));
    for (item& it : more) it = random_item(in);
    loom::index_list second;
    for (const item& it : more) second.push_back(it.to_loom());
    const std::string call2 = call + describe(more);
    std::optional<loom::tensor_view<int>> w;
    const outcome o2 = attempt([&] { w = (*v)(second); });
    const shape_type view_shape = v->shape();
    const refusal expected2 = select(l, more);
    require_kind(o2, expected2, call2);
    if (o2.refused()) {
        require_mentions(o2, text(view_shape));
        return 0;
    }
    check_view(*w, l, base, t.size(), call2);
    return 0;
}
