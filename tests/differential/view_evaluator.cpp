#include "view_evaluator.hpp"

#include <optional>
#include <stdexcept>
#include <utility>

namespace loom::differential {

namespace {

/// The view that `step` takes of `x`, written as a member or a free function as the step says.
template <class T>
tensor_view<T> take_step(const tensor_view<T>& x, const view_step& step) {
    const std::vector<index_t>& n = step.numbers;
    const bool member = step.member;
    const auto shape = [&](std::size_t count) { return shape_type(n.begin(), n.begin() + std::ptrdiff_t(count)); };
    switch (step.op) {
        case view_operation::index: return x(step.items);
        case view_operation::reshape: return member ? x.reshape(n) : reshape(x, n);
        case view_operation::ravel: return member ? x.ravel() : ravel(x);
        case view_operation::flatten: return view_of(member ? x.flatten() : flatten(x));
        case view_operation::copy: return view_of(x.copy());
        case view_operation::unsqueeze: return member ? x.unsqueeze(n[0]) : unsqueeze(x, n[0]);
        case view_operation::expand_dims: return member ? x.expand_dims(n[0]) : expand_dims(x, n[0]);
        case view_operation::squeeze: return member ? x.squeeze() : squeeze(x);
        case view_operation::squeeze_dim: return member ? x.squeeze(n[0]) : squeeze(x, n[0]);
        case view_operation::transpose: return member ? x.transpose() : transpose(x);
        case view_operation::permute: return member ? x.permute(n) : permute(x, n);
        case view_operation::swapaxes: return member ? x.swapaxes(n[0], n[1]) : swapaxes(x, n[0], n[1]);
        case view_operation::moveaxis: return member ? x.moveaxis(n[0], n[1]) : moveaxis(x, n[0], n[1]);
        case view_operation::flip: return member ? x.flip() : flip(x);
        case view_operation::flip_axis: return member ? x.flip(n[0]) : flip(x, n[0]);
        case view_operation::diagonal:
            return member ? x.diagonal(n[0], n[1], n[2]) : diagonal(x, n[0], n[1], n[2]);
        case view_operation::broadcast_to:
            return member ? x.broadcast_to(shape(n.size())) : broadcast_to(x, shape(n.size()));
        case view_operation::place: {
            const broadcast_spec spec = broadcast::pdpd(n.back());
            return member ? x.broadcast_to(shape(n.size() - 1), spec) : broadcast_to(x, shape(n.size() - 1), spec);
        }
        case view_operation::expand: return member ? x.expand(n) : expand(x, n);
        case view_operation::broadcast_bidirectional:
            return member ? x.broadcast_bidirectional(shape(n.size())) : broadcast_bidirectional(x, shape(n.size()));
    }
    throw std::logic_error("unknown view operation");
}

/// The view that `chain` takes of `a` or `b`.
template <class T>
tensor_view<T> take_view(tensor<T>& a, tensor<T>& b, const view_chain& chain) {
    // Assigning a view writes its elements, so each step's view is constructed anew, never assigned.
    std::optional<tensor_view<T>> view(std::in_place, chain.base == view_base::a ? a.view() : b.view());
    for (const view_step& step : chain.steps) {
        tensor_view<T> next = take_step(*view, step);
        view.emplace(std::move(next));
    }
    return *view;
}

template <class T, class Value>
void assign(const tensor_view<T>& target_view, view_action action, const Value& value) {
    tensor_view<T> target = target_view;
    if (action == view_action::assign) {
        target = value;
        return;
    }
    if constexpr (std::same_as<T, bool>) {
        throw std::logic_error("compound assignments to bool views are not generated");
    } else {
        switch (action) {
            case view_action::add_assign: target += value; return;
            case view_action::subtract_assign: target -= value; return;
            case view_action::multiply_assign: target *= value; return;
            default: throw std::logic_error("not an assignment");
        }
    }
}

template <class T>
any_tensor evaluate(const view_case& c, tensor<T>& a, tensor<T>& b) {
    const tensor_view<T> target = take_view(a, b, c.target);
    if (c.action == view_action::read) return target.copy();
    if (c.action == view_action::combine) return tensor<T>(maximum(target, take_view(a, b, c.other)));
    if (c.source == view_source::scalar) {
        assign(target, c.action, std::get<tensor<T>>(c.scalar).data()[0]);
    } else {
        const tensor_view<T> source = take_view(a, b, c.other);
        if (c.source == view_source::view) assign(target, c.action, source);
        else if constexpr (std::same_as<T, bool>) assign(target, c.action, !source);
        else assign(target, c.action, -source);
    }
    return a;
}

template <class T>
view_outcome evaluate_as(const view_case& c) {
    tensor<T> a = std::get<tensor<T>>(c.a);
    tensor<T> b = std::get<tensor<T>>(c.b);
    view_outcome o;
    try {
        o.result.value = evaluate(c, a, b);
    } catch (const broadcast_error& error) {
        o.result.result = outcome::kind::broadcast_error;
        o.result.message = error.what();
    } catch (const std::exception& error) {
        o.result.result = outcome::kind::other_error;
        o.result.message = error.what();
    }
    if (o.result.result != outcome::kind::value) o.base_kept = array_equal(a, std::get<tensor<T>>(c.a));
    return o;
}

}  // namespace

view_outcome evaluate_in_loom(const view_case& c) {
    switch (dtype_of(c.a)) {
        case dtype::boolean: return evaluate_as<bool>(c);
        case dtype::uint8: return evaluate_as<std::uint8_t>(c);
        case dtype::int16: return evaluate_as<std::int16_t>(c);
        case dtype::float32: return evaluate_as<float>(c);
        case dtype::int64: return evaluate_as<std::int64_t>(c);
        default: throw std::logic_error(std::string("view cases do not use ") + name_of(dtype_of(c.a)));
    }
}

shape_type shape_of_view(const shape_type& a, const shape_type& b, const view_chain& chain) {
    tensor<std::uint8_t> a_placeholder(a, 0);
    tensor<std::uint8_t> b_placeholder(b, 0);
    return take_view(a_placeholder, b_placeholder, chain).shape();
}

}  // namespace loom::differential
