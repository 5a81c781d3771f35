#include "view_generator.hpp"

#include <algorithm>
#include <numeric>
#include <span>
#include <utility>

#include "random_source.hpp"
#include "view_evaluator.hpp"

namespace loom::differential {

namespace {

constexpr std::size_t max_rank = 6;
constexpr index_t max_elements = 2000;
/// How often a step gets an argument that is wrong for the shape.
constexpr double wrong_argument_chance = 0.04;

constexpr view_operation chain_operations[] = {
    view_operation::index,     view_operation::index,        view_operation::index,     view_operation::reshape,
    view_operation::reshape,   view_operation::ravel,        view_operation::flatten,   view_operation::copy,
    view_operation::unsqueeze, view_operation::expand_dims,  view_operation::squeeze,   view_operation::squeeze_dim,
    view_operation::transpose, view_operation::permute,      view_operation::swapaxes,  view_operation::moveaxis,
    view_operation::flip,      view_operation::flip_axis,    view_operation::diagonal,  view_operation::broadcast_to,
    view_operation::place,     view_operation::expand,       view_operation::broadcast_bidirectional};

/// Steps that keep a view's shape when its dimensions have equal sizes:
/// what turns a window into another mapping of the same elements.
constexpr view_operation remapping_operations[] = {view_operation::flip_axis, view_operation::flip,
                                                   view_operation::swapaxes, view_operation::transpose};

class view_case_builder {
public:
    view_case_builder(std::uint64_t seed, int number)
        : random_(seed ^ 0x5bd1e9955bd1e995ull ^ (0x9e3779b97f4a7c15ull * (std::uint64_t(number) + 1))) {
        case_.seed = seed;
        case_.number = number;
    }

    view_case build() {
        type_ = view_dtypes[random_.below(std::size(view_dtypes))];
        a_shape_ = random_.chance(0.08) ? page_wide_shape() : random_shape();
        b_shape_ = random_shape();
        case_.action = random_action();
        switch (case_.action) {
            case view_action::read: case_.target = random_chain(view_base::a, 1 + random_.below(4)); break;
            case view_action::combine:
                case_.target = random_chain(view_base::a, 1 + random_.below(3));
                case_.other = random_.chance(0.2) ? random_chain(view_base::a, 1 + random_.below(3))
                                                  : window_of_b(shape_of(case_.target), true);
                break;
            default: assignment(); break;
        }
        case_.a = random_tensor(a_shape_);
        case_.b = random_tensor(b_shape_);
        case_.scalar = random_tensor(shape_type{});
        return std::move(case_);
    }

private:
    // Cases -------------------------------------------------------------------

    view_action random_action() {
        const std::size_t roll = random_.below(100);
        if (roll < 22) return view_action::read;
        if (roll < 32) return view_action::combine;
        if (roll < 66 || type_ == dtype::boolean) return view_action::assign;
        return view_action(std::size_t(view_action::add_assign) + random_.below(3));
    }

    void assignment() {
        const std::size_t roll = random_.below(100);
        case_.source = random_.chance(0.3) ? view_source::negated : view_source::view;
        if (roll < 12) {
            case_.source = view_source::scalar;
            case_.target = random_chain(view_base::a, 1 + random_.below(4));
        } else if (roll < 45) {
            case_.target = random_chain(view_base::a, 1 + random_.below(4));
            case_.other = window_of_b(shape_of(case_.target), false);
        } else if (roll < 92) {
            overlapping_windows();
        } else {
            case_.target = random_chain(view_base::a, 1 + random_.below(3));
            case_.other = random_chain(view_base::a, 1 + random_.below(3));
        }
    }

    /// Target and value: two windows of the same view of `a` with the same
    /// shape, each maybe remapped (flipped, axes exchanged), so they overlap
    /// under different mappings, as `a(range(1, n)) = a(range(0, n - 1))`,
    /// `a = flip(a)` or `a = transpose(a)` do.
    void overlapping_windows() {
        const std::size_t steps = random_.below(3);
        const bool broadcasts = random_.chance(0.1);
        view_chain prefix = random_chain(view_base::a, steps, broadcasts);
        const shape_type viewed = shape_of(prefix);
        if (failed_) {
            case_.target = case_.other = prefix;
            return;
        }
        shape_type lengths = viewed;
        if (random_.chance(0.6)) {
            for (index_t& length : lengths) length = std::max<index_t>(0, length - index_t(random_.below(3)));
        }
        case_.target = prefix;
        case_.other = prefix;
        case_.target.steps.push_back(window(viewed, lengths));
        case_.other.steps.push_back(window(viewed, lengths));
        for (view_chain* chain : {&case_.target, &case_.other}) {
            if (random_.chance(0.45)) chain->steps.push_back(remapping(lengths));
        }
    }

    /// A window of `b` (whose shape this chooses) shaped like `shape`, or, when
    /// `broadcasts`, like a shape that broadcasts with it; now and then like
    /// a shape that does not fit.
    view_chain window_of_b(const shape_type& shape, bool broadcasts) {
        shape_type wanted = shape;
        if (broadcasts || random_.chance(0.4)) {
            // Drop leading dimensions and make some sizes 1: the value broadcasts to the destination.
            const std::size_t dropped = random_.below(std::min<std::size_t>(wanted.size(), 2) + 1);
            for (std::size_t d = 0; d < dropped; ++d) wanted.erase(wanted.begin());
            for (index_t& size : wanted) {
                if (random_.chance(0.3)) size = 1;
            }
        }
        if (random_.chance(0.06) && !wanted.empty()) wanted[random_.below(wanted.size())] += 1;  // does not fit
        // b is larger than the window in every dimension, and its axes are permuted, so the window has steps,
        // negative strides and an order of its own.
        axis_order order(wanted.size());
        std::iota(order.begin(), order.end(), index_t{0});
        if (random_.chance(0.4)) shuffle(order);
        b_shape_.clear();
        shape_type window_lengths;
        for (index_t axis : order) {
            window_lengths.push_back(wanted[std::size_t(axis)]);
            b_shape_.push_back(wanted[std::size_t(axis)] + index_t(random_.below(3)));
        }
        view_chain chain{view_base::b, {window(b_shape_, window_lengths)}};
        if (!std::is_sorted(order.begin(), order.end())) {
            std::vector<index_t> inverse(order.size());
            for (std::size_t d = 0; d < order.size(); ++d) inverse[std::size_t(order[d])] = index_t(d);
            chain.steps.push_back(step_with(view_operation::permute, std::move(inverse)));
        }
        return chain;
    }

    // Chains ------------------------------------------------------------------

    view_chain random_chain(view_base base, std::size_t steps, bool broadcasts = true) {
        view_chain chain{base, {}};
        failed_ = false;
        for (std::size_t i = 0; i < steps && !failed_; ++i) {
            const shape_type shape = shape_of(chain);
            if (failed_) break;
            view_operation op = random_.pick(chain_operations);
            while (!broadcasts && is_broadcast(op)) op = random_.pick(chain_operations);
            chain.steps.push_back(random_step(op, shape));
        }
        shape_of(chain);  // sets failed_ for the last step
        return chain;
    }

    static bool is_broadcast(view_operation op) {
        return op == view_operation::broadcast_to || op == view_operation::place || op == view_operation::expand ||
               op == view_operation::broadcast_bidirectional;
    }

    /// The shape of the chain's view; failed_ when loom refuses the chain.
    shape_type shape_of(const view_chain& chain) {
        try {
            failed_ = false;
            return shape_of_view(a_shape_, b_shape_, chain);
        } catch (const std::exception&) {
            failed_ = true;
            return {};
        }
    }

    view_step step_with(view_operation op, std::vector<index_t> numbers = {}) {
        view_step step;
        step.op = op;
        step.numbers = std::move(numbers);
        step.member = has_two_spellings(op) && random_.chance(0.5);
        return step;
    }

    view_step random_step(view_operation op, const shape_type& shape) {
        const auto rank = static_cast<index_t>(shape.size());
        const bool wrong = random_.chance(wrong_argument_chance);
        switch (op) {
            case view_operation::index: return random_index(shape, wrong);
            case view_operation::reshape: return step_with(op, random_reshape(shape, wrong));
            case view_operation::unsqueeze:
            case view_operation::expand_dims:
                if (shape.size() >= max_rank) return step_with(view_operation::squeeze);
                return step_with(op, {wrong ? rank + 1 : random_.between(-rank - 1, rank)});
            case view_operation::squeeze_dim: {
                std::vector<index_t> ones;
                for (index_t d = 0; d < rank; ++d) {
                    if (shape[std::size_t(d)] == 1) ones.push_back(random_.chance(0.5) ? d : d - rank);
                }
                if (ones.empty() || wrong) return step_with(op, {random_axis(rank, wrong)});
                return step_with(op, {random_.pick(std::span<const index_t>(ones))});
            }
            case view_operation::permute: return step_with(op, random_permutation(rank, wrong));
            case view_operation::swapaxes:
            case view_operation::moveaxis: return step_with(op, {random_axis(rank, wrong), random_axis(rank, false)});
            case view_operation::flip_axis: return step_with(op, {random_axis(rank, wrong)});
            case view_operation::diagonal: {
                const index_t axis1 = random_axis(rank, false);
                index_t axis2 = random_axis(rank, false);
                for (int tries = 0; rank > 1 && !wrong && (axis2 - axis1) % rank == 0 && tries < 20; ++tries) {
                    axis2 = random_axis(rank, false);
                }
                return step_with(op, {random_.between(-3, 3), axis1, axis2});
            }
            case view_operation::broadcast_to: return step_with(op, broadcast_target(shape, wrong));
            case view_operation::expand: {
                std::vector<index_t> sizes = broadcast_target(shape, false);
                const std::size_t added = sizes.size() - shape.size();
                for (std::size_t d = added; d < sizes.size(); ++d) {
                    if (random_.chance(0.4)) sizes[d] = -1;
                }
                if (wrong && !sizes.empty()) sizes[0] = added > 0 ? -1 : sizes[0] + 2;
                return step_with(op, std::move(sizes));
            }
            case view_operation::place: return step_with(op, placement(shape, wrong));
            case view_operation::broadcast_bidirectional: return step_with(op, bidirectional_target(shape, wrong));
            default: return step_with(op);  // ravel, flatten, copy, squeeze, transpose, flip
        }
    }

    index_t random_axis(index_t rank, bool wrong) {
        if (wrong || rank == 0) return random_.chance(0.5) ? rank : -rank - 1;
        return random_.between(-rank, rank - 1);
    }

    view_step random_index(const shape_type& shape, bool wrong) {
        view_step step = step_with(view_operation::index);
        std::size_t indexed = shape.size();
        if (random_.chance(0.3)) indexed -= random_.below(shape.size() + 1);
        if (wrong) indexed = shape.size() + 1;
        std::size_t rank = 0;
        for (std::size_t d = 0; d < indexed; ++d) {
            const index_t size = d < shape.size() ? shape[d] : 1;
            const std::size_t kind = random_.below(4);
            if (kind == 0) {
                const bool out_of_range = size == 0 || random_.chance(0.03);
                step.items.push_back(out_of_range ? (random_.chance(0.5) ? size : -size - 1)
                                                  : random_.between(-size, size - 1));
                continue;
            }
            ++rank;
            if (kind == 1) step.items.push_back(all);
            else step.items.push_back(random_range(size));
        }
        rank += shape.size() - std::min(indexed, shape.size());
        for (int newaxes = 0; newaxes < 2 && rank < max_rank && random_.chance(0.15); ++newaxes, ++rank) {
            step.items.insert(step.items.begin() + std::ptrdiff_t(random_.below(step.items.size() + 1)), newaxis);
        }
        if (random_.chance(0.2)) {
            const int ellipses = random_.chance(0.05) ? 2 : 1;
            for (int e = 0; e < ellipses; ++e) {
                step.items.insert(step.items.begin() + std::ptrdiff_t(random_.below(step.items.size() + 1)), ellipsis);
            }
        }
        return step;
    }

    range random_range(index_t size) {
        const auto bound = [&]() -> std::optional<index_t> {
            if (random_.chance(0.3)) return none;
            return random_.between(-size - 2, size + 2);
        };
        constexpr index_t steps[] = {1, 1, 1, 2, 3, -1, -1, -2};
        const index_t step = random_.chance(0.01) ? 0 : random_.pick(steps);
        const std::optional<index_t> start = bound();
        return range(start, bound(), step);
    }

    /// A range of `length` elements of a dimension of `size` (length <= size),
    /// with a random step and direction.
    range window_range(index_t size, index_t length) {
        if (length == 0) {
            const index_t at = random_.between(0, size);
            return range(at, at, 1);
        }
        index_t step = 1;
        for (int tries = 0; tries < 4; ++tries) {
            constexpr index_t steps[] = {1, 1, 2, 3, -1, -1, -2};
            const index_t candidate = random_.pick(steps);
            if ((length - 1) * std::abs(candidate) + 1 <= size) {
                step = candidate;
                break;
            }
        }
        const index_t span = (length - 1) * std::abs(step) + 1;
        const index_t low = random_.between(0, size - span);  // the smallest index the window reaches
        const index_t first = step > 0 ? low : low + span - 1;
        const index_t last = step > 0 ? low + span - 1 : low;
        std::optional<index_t> start = first, stop = step > 0 ? last + 1 : last - 1;
        if (step > 0 && *stop >= size && random_.chance(0.5)) stop = none;
        if (step < 0 && *stop < 0) stop = none;
        if (start && random_.chance(0.3)) *start -= size;  // the same index, counted from the end
        return range(start, stop, step);
    }

    view_step window(const shape_type& shape, const shape_type& lengths) {
        view_step step = step_with(view_operation::index);
        for (std::size_t d = 0; d < shape.size(); ++d) step.items.push_back(window_range(shape[d], lengths[d]));
        return step;
    }

    /// A step that keeps `shape`: a flip, or an exchange of axes of equal size.
    view_step remapping(const shape_type& shape) {
        const auto rank = static_cast<index_t>(shape.size());
        const view_operation op = random_.pick(remapping_operations);
        std::vector<std::pair<index_t, index_t>> equal_axes;
        for (index_t i = 0; i < rank; ++i) {
            for (index_t j = i + 1; j < rank; ++j) {
                if (shape[std::size_t(i)] == shape[std::size_t(j)]) equal_axes.emplace_back(i, j);
            }
        }
        bool palindrome = true;  // transpose() keeps the shape
        for (std::size_t d = 0; d < shape.size(); ++d) {
            palindrome = palindrome && shape[d] == shape[shape.size() - 1 - d];
        }
        if (op == view_operation::swapaxes && !equal_axes.empty()) {
            const auto [i, j] = equal_axes[random_.below(equal_axes.size())];
            return step_with(op, {i, j});
        }
        if (op == view_operation::transpose && palindrome) return step_with(op);
        if (op == view_operation::flip || rank == 0) return step_with(view_operation::flip);
        return step_with(view_operation::flip_axis, {random_axis(rank, false)});
    }

    // Arguments ---------------------------------------------------------------

    std::vector<index_t> random_reshape(const shape_type& shape, bool wrong) {
        const index_t count = element_count(shape);
        std::vector<index_t> sizes(random_.below(5), 1);
        if (count == 0) {
            if (sizes.empty()) sizes.push_back(1);
            for (index_t& size : sizes) size = index_t(random_.below(4));
            sizes[random_.below(sizes.size())] = 0;
        } else {
            if (sizes.empty() && count != 1) sizes.push_back(1);
            index_t rest = count;
            for (index_t factor = 2; rest > 1; ++factor) {
                while (rest % factor == 0) {
                    sizes[random_.below(sizes.size())] *= factor;
                    rest /= factor;
                }
            }
            if (!sizes.empty() && random_.chance(0.4)) sizes[random_.below(sizes.size())] = -1;
        }
        if (wrong && !sizes.empty()) {
            index_t& size = sizes[random_.below(sizes.size())];
            size = size == -1 ? -2 : size + 1;
        }
        return sizes;
    }

    std::vector<index_t> random_permutation(index_t rank, bool wrong) {
        std::vector<index_t> axes(static_cast<std::size_t>(rank));
        std::iota(axes.begin(), axes.end(), index_t{0});
        shuffle(axes);
        for (index_t& axis : axes) {
            if (random_.chance(0.3)) axis -= rank;
        }
        if (wrong) {
            if (rank >= 2) axes[0] = axes[1];
            else axes.push_back(0);
        }
        return axes;
    }

    /// A shape `shape` broadcasts to (unidirectionally): new leading sizes,
    /// and 1s grown. Wrong: a size that is neither equal nor 1.
    std::vector<index_t> broadcast_target(const shape_type& shape, bool wrong) {
        std::vector<index_t> target;
        const std::size_t room = max_rank - std::min(max_rank, shape.size());
        for (std::size_t added = random_.below(std::min<std::size_t>(room, 2) + 1); added > 0; --added) {
            target.push_back(index_t(random_.below(4)));
        }
        for (index_t size : shape) {
            target.push_back(size == 1 && random_.chance(0.6) ? index_t(random_.below(4)) : size);
        }
        if (wrong) {
            if (shape.empty() || random_.chance(0.3)) target.insert(target.begin(), -1);
            else target.back() += 2;
        }
        return fitted(std::move(target));
    }

    /// A target `shape` broadcasts with (both ways).
    std::vector<index_t> bidirectional_target(const shape_type& shape, bool wrong) {
        std::vector<index_t> target;
        const std::size_t rank = random_.below(max_rank - 1);
        for (std::size_t d = 0; d < rank; ++d) {
            const std::size_t from_end = rank - d;
            const index_t size = from_end <= shape.size() ? shape[shape.size() - from_end] : 1;
            if (size == 1) target.push_back(index_t(random_.below(4)));
            else target.push_back(random_.chance(0.5) ? size : 1);
        }
        if (wrong) target.push_back(shape.empty() || shape.back() == 2 ? 3 : 2);
        return fitted(std::move(target));
    }

    /// A shape that `shape` can be placed onto under broadcast::pdpd(axis),
    /// followed by the axis (-1 now and then, for the trailing alignment).
    std::vector<index_t> placement(const shape_type& shape, bool wrong) {
        std::size_t trimmed = shape.size();
        while (trimmed > 0 && shape[trimmed - 1] == 1) --trimmed;
        const std::size_t room = max_rank - std::min(max_rank, shape.size());
        const std::size_t before = random_.below(std::min<std::size_t>(room, 2) + 1);
        const std::size_t after = shape.size() - trimmed + random_.below(2);
        std::vector<index_t> target;
        for (std::size_t d = 0; d < before; ++d) target.push_back(1 + index_t(random_.below(3)));
        for (std::size_t d = 0; d < trimmed; ++d) {
            target.push_back(shape[d] == 1 && random_.chance(0.5) ? 1 + index_t(random_.below(3)) : shape[d]);
        }
        for (std::size_t d = 0; d < after && target.size() < max_rank; ++d) {
            target.push_back(1 + index_t(random_.below(3)));
        }
        index_t axis = static_cast<index_t>(before);
        if (target.size() - before == shape.size() && random_.chance(0.3)) axis = -1;  // trailing alignment
        if (wrong) axis = random_.chance(0.5) ? static_cast<index_t>(target.size()) : -2;
        target = fitted(std::move(target));
        target.push_back(axis);
        return target;
    }

    /// `target`, with its sizes made smaller if it would have too many elements.
    static std::vector<index_t> fitted(std::vector<index_t> target) {
        const auto count = [&] {
            index_t n = 1;
            for (index_t size : target) n *= std::max<index_t>(size, 1);
            return n;
        };
        for (std::size_t d = 0; count() > max_elements && d < target.size(); ++d) {
            if (target[d] > 1) target[d] = 1;
        }
        return target;
    }

    // Tensors -----------------------------------------------------------------

    shape_type random_shape() {
        shape_type shape(random_.below(5));
        for (index_t& size : shape) size = random_.chance(0.05) ? 0 : 1 + index_t(random_.below(5));
        return shape;
    }

    /// A shape whose rows are 4 KiB long, so that transposed views of it take
    /// the loop's tiled path (Note [tiling] in eval/plan.hpp).
    shape_type page_wide_shape() {
        const auto row = static_cast<index_t>(page_row_bytes / element_size(type_));
        const index_t rows = 1 + index_t(random_.below(3));
        return random_.chance(0.5) ? shape_type{rows, row} : shape_type{2, rows, row};
    }

    /// Distinct-looking values, so that an element read from the wrong place shows.
    any_tensor random_tensor(const shape_type& shape) {
        return visit_dtype(type_, [&]<class T>(std::type_identity<T>) {
            tensor<T> t(shape);
            for (T& element : t) {
                if constexpr (std::same_as<T, bool>) element = random_.chance(0.5);
                else if constexpr (std::floating_point<T>) element = T(random_.between(-400, 400)) / T(8);
                else if constexpr (std::is_unsigned_v<T>) element = T(random_.below(256));
                else element = T(random_.between(-120, 120));
            }
            return any_tensor(std::move(t));
        });
    }

    template <class Sequence>
    void shuffle(Sequence& values) {
        for (std::size_t i = values.size(); i > 1; --i) std::swap(values[i - 1], values[random_.below(i)]);
    }

    using axis_order = std::vector<index_t>;

    random_source random_;
    view_case case_;
    dtype type_ = dtype::int16;
    shape_type a_shape_, b_shape_;
    bool failed_ = false;  ///< the last chain asked about is refused by loom
};

}  // namespace

view_case view_case_generator::generate(int number) const { return view_case_builder(seed_, number).build(); }

}  // namespace loom::differential
