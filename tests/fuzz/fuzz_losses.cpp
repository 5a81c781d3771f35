// Fuzzes the losses of nn/losses.hpp: nll_loss and cross_entropy with inputs
// [C], [N, C] and [N, C, d1, d2] (or of rank 0), targets of int64 or uint8
// of the shape they need or another, class indices in range, out of range,
// negative, at the limits, or ignore_index (itself any number); class
// weights of shape [C] or another; every reduction; label_smoothing in and
// outside [0, 1] and NaN. Then mse_loss, l1_loss, binary_cross_entropy and
// binary_cross_entropy_with_logits with targets of the input's shape or
// another, probabilities outside [0, 1], weights and pos_weights that
// broadcast to the input or do not. float and double inputs.
// Property: each call throws the documented exception exactly when
// PyTorch's rules, as docs/linear-algebra-and-losses.md and losses.hpp state
// them for loom, refuse it: std::invalid_argument for shapes that do not
// pair, a weight not of shape [C], a label_smoothing outside [0, 1] or
// probabilities outside [0, 1]; std::out_of_range for a target outside
// [0, C) that is not ignore_index; broadcast_error for a weight that does
// not broadcast to the input; otherwise the result has the shape of the
// reduction (the target's for none, else rank 0) and the values of a
// reference computed here in double (within 1e-4 relative for float, 1e-9
// for double; NaN where the reference gives NaN, as a mean over no weight).

#include <cmath>
#include <optional>

#include "fuzz_support.hpp"

namespace {

using namespace loom::fuzz;
using loom::index_t;
using loom::shape_type;
using loom::tensor;
using sizes = std::vector<index_t>;

bool near(double got, double want, double tolerance) {
    if (want != want) return got != got;
    if (std::isinf(want)) return got == want;
    return std::fabs(got - want) <= tolerance * (1.0 + std::fabs(want));
}

// Row-major strides.
sizes strides_of(const sizes& shape) {
    sizes s(shape.size(), 1);
    for (std::size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * shape[d];
    return s;
}

shape_type random_shape(byte_reader& in, index_t max_rank, index_t max_size) {
    shape_type s(static_cast<std::size_t>(in.below(max_rank + 1)));
    for (index_t& x : s) x = in.below(max_size + 1);
    return s;
}

// NumPy's broadcast_to rule, `from` onto `to`.
bool reference_broadcasts(const shape_type& from, const shape_type& to) {
    if (from.size() > to.size()) return false;
    for (std::size_t j = 0; j < from.size(); ++j) {
        const index_t t = to[to.size() - from.size() + j];
        if (from[j] != 1 && from[j] != t) return false;
    }
    return true;
}

// The element of a tensor of shape `from`, broadcast to `to`, at row-major position i of `to`.
double broadcast_element(const tensor<double>& x, const shape_type& to, index_t i) {
    const sizes ts(to.begin(), to.end());
    const sizes st = strides_of(ts);
    const sizes xs = sizes_of(x.shape());
    const sizes xst = strides_of(xs);
    index_t at = 0;
    for (std::size_t d = 0; d < ts.size(); ++d) {
        const index_t index = (i / st[d]) % ts[d];
        if (d + xs.size() >= ts.size()) {
            const std::size_t j = d + xs.size() - ts.size();
            if (xs[j] != 1) at += index * xst[j];
        }
    }
    return x.data()[at];
}

std::optional<tensor<double>> random_weight(byte_reader& in, const shape_type& fitting) {
    const unsigned c = in.next() % 4;
    if (c == 0) return std::nullopt;
    shape_type s = fitting;
    if (c == 2) s = random_shape(in, 3, 4);
    if (c == 3) {  // the fitting shape with some sizes made 1 and leading ones dropped
        for (index_t& x : s) {
            if (in.flag()) x = 1;
        }
        const index_t dropped = std::min<index_t>(in.below(3), static_cast<index_t>(s.size()));
        s = shape_type(s.begin() + dropped, s.end());
    }
    tensor<double> w(s);
    for (index_t i = 0; i < w.size(); ++i) w.data()[i] = static_cast<double>(in.below(5)) / 2.0;
    return w;
}

template <class F>
void check_result(const std::string& call, const outcome& o, refusal expected, const tensor<F>& got, const sizes& shape,
                  const std::vector<double>& want) {
    require_kind(o, expected, call);
    if (o.refused()) return;
    require(sizes_of(got.shape()) == shape, call + ": shape " + text(got.shape()) + ", expected " + text(shape));
    const double tolerance = std::is_same_v<F, float> ? 1e-4 : 1e-9;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (!near(static_cast<double>(got.data()[i]), want[i], tolerance)) {
            fail(call + ": element " + std::to_string(i) + " is " + std::to_string(got.data()[i]) + ", expected " +
                 std::to_string(want[i]));
        }
    }
}

std::vector<double> reduced(const std::vector<double>& losses, loom::loss_reduction r, double divisor) {
    if (r == loom::loss_reduction::none) return losses;
    double total = 0;
    for (double x : losses) total += x;
    return {r == loom::loss_reduction::sum ? total : total / divisor};
}

template <class F, class T>
void class_loss(byte_reader& in, bool cross_entropy) {
    // input: [C], [N, C], [N, C, d...], now and then rank 0
    const unsigned form = in.next() % 8;
    shape_type shape;
    if (form == 0) shape = {in.below(5)};
    else if (form != 7) {
        shape = {in.below(4), in.below(5)};
        for (unsigned k = form % 3; k > 0 && form >= 3; --k) shape.push_back(in.below(4));
    }
    tensor<F> x(shape);
    for (index_t i = 0; i < x.size(); ++i) x.data()[i] = static_cast<F>(static_cast<int>(in.next() % 17) - 8) / F(2);
    shape_type tshape = shape;
    if (!shape.empty()) tshape.erase(tshape.begin() + (shape.size() == 1 ? 0 : 1));
    const shape_type needed = tshape;
    if (in.below(8) == 7) tshape = random_shape(in, 3, 3);
    const bool fitting_target = tshape == needed;
    const index_t classes = shape.empty() ? 0 : shape.size() == 1 ? shape[0] : shape[1];

    loom::class_loss_options options;
    const unsigned ic = in.next() % 4;
    options.ignore_index = ic == 0 ? -100 : ic == 1 ? in.below(classes + 1) : in.hostile(-3, 5);
    options.weight = random_weight(in, shape_type{classes});
    options.reduction = static_cast<loom::loss_reduction>(in.next() % 3);
    static constexpr double smoothings[] = {0.0, 0.1, 0.5, 1.0, -0.1, 1.5, std::numeric_limits<double>::quiet_NaN(), 0.0};
    if (cross_entropy) options.label_smoothing = smoothings[in.next() % 8];

    tensor<T> target(tshape);
    for (index_t i = 0; i < target.size(); ++i) {
        const unsigned c = in.next();
        std::int64_t t = static_cast<std::int64_t>(c % static_cast<unsigned>(classes + 1));
        if (c >= 200) {
            static constexpr std::int64_t specials[] = {-1, -100, 255, std::numeric_limits<std::int64_t>::min(),
                                                        std::numeric_limits<std::int64_t>::max(), 256 + 1};
            t = c < 206 ? specials[c - 200] : c < 230 ? options.ignore_index : in.hostile(-2, 5);
        }
        target.data()[i] = static_cast<T>(t);
    }

    const char* fname = cross_entropy ? "cross_entropy" : "nll_loss";
    std::string call = std::string(fname) + "(" + (std::is_same_v<F, float> ? "float " : "double ") + text(shape) +
                       ", " + (std::is_same_v<T, std::uint8_t> ? "uint8 " : "int64 ") + text(tshape) + " [";
    for (index_t i = 0; i < target.size(); ++i) call += (i ? " " : "") + std::to_string(static_cast<std::int64_t>(target.data()[i]));
    call += "], ignore " + std::to_string(options.ignore_index) + ", weight " +
            (options.weight ? text(options.weight->shape()) : std::string("none")) + ", reduction " +
            std::to_string(static_cast<int>(options.reduction)) + ", smoothing " + std::to_string(options.label_smoothing) + ")";

    // The reference's refusal, in loom's order.
    const auto ignored = [&](T t) {
        if constexpr (std::is_signed_v<T>) return static_cast<index_t>(t) == options.ignore_index;
        else return options.ignore_index >= 0 && static_cast<std::uint64_t>(t) == static_cast<std::uint64_t>(options.ignore_index);
    };
    refusal expected = refusal::none;
    const double e = options.label_smoothing;
    if (shape.empty() || !fitting_target) expected = refusal::invalid_argument;
    else if (cross_entropy && !(e >= 0.0 && e <= 1.0)) expected = refusal::invalid_argument;
    else if (options.weight && !(options.weight->shape() == shape_type{classes})) expected = refusal::invalid_argument;
    else {
        for (index_t i = 0; i < target.size(); ++i) {
            const T t = target.data()[i];
            if (ignored(t)) continue;
            if (static_cast<wide>(t) < 0 || static_cast<wide>(t) >= classes) expected = refusal::out_of_range;
        }
    }

    tensor<F> got;
    const outcome o = attempt([&] {
        got = cross_entropy ? loom::cross_entropy(x, target, options) : loom::nll_loss(x, target, options);
    });
    if (o.refused() || expected != refusal::none) {
        check_result(call, o, expected, got, {}, {});
        return;
    }

    // The reference: each target element's row of classes, its log-probabilities.
    const sizes xs = sizes_of(x.shape()), xst = strides_of(xs);
    std::vector<double> losses, smooth;
    double divisor = 0;
    for (index_t i = 0; i < target.size(); ++i) {
        index_t base = 0, step = 1;
        if (xs.size() >= 2) {
            // target index (n, d...) -> input (n, :, d...)
            const sizes ts = sizes_of(target.shape()), tst = strides_of(ts);
            for (std::size_t d = 0; d < ts.size(); ++d) {
                const index_t index = (i / tst[d]) % ts[d];
                base += index * xst[d == 0 ? 0 : d + 1];
            }
            step = xst[1];
        }
        std::vector<double> logp(static_cast<std::size_t>(classes));
        double largest = -std::numeric_limits<double>::infinity();
        for (index_t c = 0; c < classes; ++c) {
            logp[static_cast<std::size_t>(c)] = static_cast<double>(x.data()[base + c * step]);
            largest = std::max(largest, logp[static_cast<std::size_t>(c)]);
        }
        if (cross_entropy) {
            double s = 0;
            for (double v : logp) s += std::exp(v - largest);
            for (double& v : logp) v -= largest + std::log(s);
        }
        const auto weight = [&](index_t c) { return options.weight ? options.weight->data()[c] : 1.0; };
        const T t = target.data()[i];
        if (ignored(t)) {
            losses.push_back(0);
            smooth.push_back(0);
            continue;
        }
        const auto c = static_cast<index_t>(t);
        losses.push_back(-weight(c) * logp[static_cast<std::size_t>(c)]);
        divisor += weight(c);
        double s = 0;
        for (index_t k = 0; k < classes; ++k) s -= weight(k) * logp[static_cast<std::size_t>(k)];
        smooth.push_back(s);
    }
    std::vector<double> want = reduced(losses, options.reduction, divisor);
    if (cross_entropy && e != 0.0) {
        const std::vector<double> smoothed = reduced(smooth, options.reduction, divisor);
        const double each = e / static_cast<double>(classes);
        for (std::size_t i = 0; i < want.size(); ++i) want[i] = (1 - e) * want[i] + each * smoothed[i];
    }
    const sizes want_shape = options.reduction == loom::loss_reduction::none ? sizes_of(tshape) : sizes{};
    check_result(call, o, refusal::none, got, want_shape, want);
}

template <class F>
void simple_loss(byte_reader& in) {
    const unsigned which = in.next() % 4;
    static const char* const names[] = {"mse_loss", "l1_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits"};
    const shape_type shape = random_shape(in, 3, 3);
    const shape_type tshape = in.below(8) == 7 ? random_shape(in, 3, 3) : shape;
    tensor<F> x(shape);
    tensor<double> t(tshape);
    static constexpr double probabilities[] = {0.0, 0.25, 0.5, 1.0, 0.75, 1.5, -0.5, std::numeric_limits<double>::quiet_NaN()};
    for (index_t i = 0; i < x.size(); ++i) {
        const unsigned c = in.next();
        x.data()[i] = static_cast<F>(which == 2 ? probabilities[c % (c < 16 ? 8 : 5)] : (static_cast<int>(c % 17) - 8) / 2.0);
    }
    for (index_t i = 0; i < t.size(); ++i) t.data()[i] = static_cast<double>(in.below(3)) / 2.0;
    const auto reduction = static_cast<loom::loss_reduction>(in.next() % 3);
    loom::binary_loss_options options;
    options.reduction = reduction;
    if (which >= 2) options.weight = random_weight(in, shape);
    if (which == 3) options.pos_weight = random_weight(in, shape);
    const std::string call = std::string(names[which]) + "(" + text(shape) + ", " + text(tshape) + ", weight " +
                             (options.weight ? text(options.weight->shape()) : std::string("none")) + ", pos_weight " +
                             (options.pos_weight ? text(options.pos_weight->shape()) : std::string("none")) +
                             ", reduction " + std::to_string(static_cast<int>(reduction)) + ")";

    refusal expected = refusal::none;
    if (!(shape == tshape)) expected = refusal::invalid_argument;
    else if (which == 2) {
        for (index_t i = 0; i < x.size(); ++i) {
            if (!(x.data()[i] >= F(0) && x.data()[i] <= F(1))) expected = refusal::invalid_argument;
        }
    }
    if (expected == refusal::none && options.weight && !reference_broadcasts(options.weight->shape(), shape)) expected = refusal::broadcast;
    if (expected == refusal::none && options.pos_weight && !reference_broadcasts(options.pos_weight->shape(), shape)) expected = refusal::broadcast;

    tensor<F> got;
    const outcome o = attempt([&] {
        switch (which) {
            case 0: got = loom::mse_loss(x, t, reduction); break;
            case 1: got = loom::l1_loss(x, t, reduction); break;
            case 2: got = loom::binary_cross_entropy(x, t, options); break;
            default: got = loom::binary_cross_entropy_with_logits(x, t, options); break;
        }
    });
    if (o.refused() || expected != refusal::none) {
        check_result(call, o, expected, got, {}, {});
        return;
    }
    std::vector<double> losses;
    for (index_t i = 0; i < x.size(); ++i) {
        const double a = static_cast<double>(x.data()[i]), b = t.data()[i];
        const double w = options.weight ? broadcast_element(*options.weight, shape, i) : 1.0;
        const double p = options.pos_weight ? broadcast_element(*options.pos_weight, shape, i) : 1.0;
        switch (which) {
            case 0: losses.push_back((a - b) * (a - b)); break;
            case 1: losses.push_back(std::fabs(a - b)); break;
            case 2: losses.push_back(-w * (b * std::max(std::log(a), -100.0) + (1 - b) * std::max(std::log(1 - a), -100.0))); break;
            default:
                losses.push_back(w * ((1 - b) * a + (1 + (p - 1) * b) * (std::log1p(std::exp(-std::fabs(a))) + std::max(-a, 0.0))));
                break;
        }
    }
    const std::vector<double> want = reduced(losses, reduction, static_cast<double>(losses.size()));
    check_result(call, o, refusal::none, got, reduction == loom::loss_reduction::none ? sizes_of(shape) : sizes{}, want);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    byte_reader in(data, size);
    const unsigned choice = in.next() % 10;
    switch (choice) {
        case 0: class_loss<float, std::int64_t>(in, false); break;
        case 1: class_loss<double, std::int64_t>(in, false); break;
        case 2: class_loss<double, std::uint8_t>(in, false); break;
        case 3: class_loss<float, std::int64_t>(in, true); break;
        case 4: class_loss<double, std::int64_t>(in, true); break;
        case 5: class_loss<double, std::uint8_t>(in, true); break;
        case 6: simple_loss<float>(in); break;
        default: simple_loss<double>(in); break;
    }
    return 0;
}
