#include "generator.hpp"

#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "catalogue.hpp"
#include "fused_patterns.hpp"
#include "loom_calls.hpp"
#include "random_source.hpp"

namespace loom::differential {

namespace {

// The element type loom gives `Op` on operands of type T, read from loom's
// own node types: the generator only uses it to choose operations that apply.
template <operation Op, class T>
constexpr dtype loom_result_type() {
    using operand = const tensor<T>&;
    constexpr int arity = info(Op).arity;
    if constexpr (arity == 0 || Op == operation::astype || !accepts(Op, dtype_v<T>)) {
        return dtype_v<T>;  // never asked
    } else if constexpr (arity == 1) {
        return dtype_v<value_type_of<decltype(calls<Op>::function(std::declval<operand>()))>>;
    } else if constexpr (arity == 2) {
        return dtype_v<value_type_of<decltype(calls<Op>::function(std::declval<operand>(), std::declval<operand>()))>>;
    } else {
        return dtype_v<value_type_of<decltype(calls<Op>::function(std::declval<operand>(), std::declval<operand>(),
                                                                  std::declval<operand>()))>>;
    }
}

template <class T, std::size_t... Ops>
dtype loom_result_type(operation op, std::index_sequence<Ops...>) {
    constexpr dtype types[] = {loom_result_type<operation(Ops), T>()...};
    return types[static_cast<std::size_t>(op)];
}

dtype result_type(operation op, dtype operands) {
    return visit_dtype(operands, [&]<class T>(std::type_identity<T>) {
        return loom_result_type<T>(op, std::make_index_sequence<operation_count>{});
    });
}

/// Floating results that libm and NumPy's own (SIMD) kernels round
/// differently: compared within an ulp bound, not exactly.
bool transcendental(operation op, dtype computation) {
    return info(op).transcendental && (op != operation::power || is_floating(computation));
}

// Note [inexact subtrees]: a subtree holding a transcendental result is a few
// ulps from NumPy's. Only operations that keep such an error within the bound
// may take it: not floor, a comparison or a cast to an integer (an ulp can
// cross an integer or the other operand), nor + or - (cancellation).
bool tolerates_inexact(operation op) {
    switch (op) {
        case operation::negative:
        case operation::absolute:
        case operation::isnan:
        case operation::isinf:
        case operation::maximum:
        case operation::minimum:
        case operation::where:
        case operation::clip:
        case operation::astype:
        case operation::isfinite:
        case operation::nan_to_num:
        case operation::fmax:
        case operation::fmin: return true;
        default: return false;
    }
}

constexpr operation unary_operations[] = {
    operation::negative,    operation::absolute,   operation::square,   operation::sign,       operation::sqrt,
    operation::exp,         operation::log,        operation::log1p,    operation::expm1,      operation::sin,
    operation::cos,         operation::tan,        operation::tanh,     operation::sigmoid,    operation::floor,
    operation::ceil,        operation::round,      operation::isnan,    operation::isinf,      operation::logical_not,
    operation::bitwise_not, operation::log2,       operation::log10,    operation::exp2,       operation::cbrt,
    operation::arcsin,      operation::arccos,     operation::arctan,   operation::sinh,       operation::cosh,
    operation::arcsinh,     operation::arccosh,    operation::arctanh,  operation::deg2rad,    operation::rad2deg,
    operation::trunc,       operation::reciprocal, operation::isfinite, operation::nan_to_num, operation::relu};

constexpr operation binary_operations[] = {operation::add,         operation::subtract,     operation::multiply,
                                           operation::divide,      operation::floor_divide, operation::remainder,
                                           operation::power,       operation::maximum,      operation::minimum,
                                           operation::equal,       operation::not_equal,    operation::less,
                                           operation::less_equal,  operation::greater,      operation::greater_equal,
                                           operation::logical_and, operation::logical_or,   operation::logical_xor,
                                           operation::bitwise_and, operation::bitwise_or,   operation::bitwise_xor,
                                           operation::arctan2,     operation::hypot,        operation::copysign,
                                           operation::heaviside,   operation::logaddexp,    operation::logaddexp2,
                                           operation::fmax,        operation::fmin};

constexpr double small_floats[] = {0.0,  1.0, -1.0, 2.0,  -2.0, 3.0,   -3.0, 4.0, 0.5,
                                   -0.5, 1.5, -2.5, 0.25, 1e-3, -1e-3, 10.0, 0.1};
constexpr double special_floats[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                                     -std::numeric_limits<double>::infinity(), -0.0};

/// A subtree being built, with what the generator knows of it.
struct subtree {
    node tree;
    dtype type = dtype::boolean;
    bool inexact = false;  ///< holds a transcendental result (Note [inexact subtrees])
    shape_type shape;
};

class case_builder {
public:
    case_builder(std::uint64_t seed, int number)
        : random_(seed ^ (0x9e3779b97f4a7c15ull * (std::uint64_t(number) + 1))) {
        case_.seed = seed;
        case_.number = number;
    }

    test_case build() {
        result_shape_ = random_shape();
        if (random_.chance(0.15)) {
            fused();
        } else {
            const int depth = 1 + static_cast<int>(random_.below(4));
            case_.expression = random_tree(depth).tree;
        }
        if (random_.chance(0.06)) change_a_shape();
        // libm and NumPy's SIMD kernels each stay within a few ulps of the
        // exact result, not always on the same side (Note [inexact subtrees]).
        case_.ulps = transcendental_ ? 4 : 0;
        case_.ulps_of = transcendental_in_float32_ ? dtype::float32 : dtype::float64;
        return std::move(case_);
    }

private:
    // Shapes ------------------------------------------------------------------

    index_t random_size() { return random_.chance(0.04) ? 0 : 1 + static_cast<index_t>(random_.below(4)); }

    shape_type random_shape() {
        shape_type shape(random_.below(6));
        for (index_t& size : shape) size = random_size();
        return shape;
    }

    /// A shape that broadcasts to the result's: a suffix of it, with some sizes 1.
    shape_type operand_shape() {
        const std::size_t rank = result_shape_.size();
        const std::size_t operand_rank = random_.chance(0.6) ? rank : random_.below(rank + 1);
        shape_type shape(result_shape_.end() - static_cast<std::ptrdiff_t>(operand_rank), result_shape_.end());
        for (index_t& size : shape) {
            if (random_.chance(0.3)) size = 1;
        }
        return shape;
    }

    /// Changes one size of one input, which may make the shapes incompatible:
    /// loom must then throw broadcast_error exactly when NumPy raises.
    void change_a_shape() {
        any_tensor& victim = case_.inputs[random_.below(case_.inputs.size())];
        shape_type shape = std::visit([](const auto& t) { return t.shape(); }, victim);
        if (shape.empty()) shape.push_back(1);
        index_t& size = shape[random_.below(shape.size())];
        const index_t old_size = size;
        while (size == old_size) size = static_cast<index_t>(random_.below(5));
        victim = random_tensor(dtype_of(victim), shape);
    }

    // Values ------------------------------------------------------------------

    template <class T>
    T random_element() {
        if constexpr (std::same_as<T, bool>) {
            return random_.chance(0.5);
        } else if constexpr (std::floating_point<T>) {
            const std::size_t kind = random_.below(100);
            if (kind < 70) return static_cast<T>(random_.pick<double>(small_floats));
            if (kind < 90) return static_cast<T>(static_cast<double>(random_.between(-40, 40)) / 4);
            return static_cast<T>(random_.pick<double>(special_floats));
        } else {
            using limits = std::numeric_limits<T>;
            const std::size_t kind = random_.below(100);
            if (kind < 80) return static_cast<T>(random_.between(std::is_signed_v<T> ? -4 : 0, 4));
            if (kind < 92) return static_cast<T>(random_.between(std::is_signed_v<T> ? -100 : 0, 100));
            const T extremes[] = {limits::min(), limits::max(), T(limits::min() + 1), T(limits::max() - 1)};
            return random_.pick<T>(extremes);
        }
    }

    any_tensor random_tensor(dtype type, const shape_type& shape) {
        return visit_dtype(type, [&]<class T>(std::type_identity<T>) {
            tensor<T> t(shape);
            for (T& value : t) value = random_element<T>();
            return any_tensor(std::move(t));
        });
    }

    /// A scalar operand of C++ type `type` beside tensors of type `partner`:
    /// small, and when it is converted to the partner's type, within its range.
    any_tensor random_scalar(dtype type, dtype partner) {
        const bool converted = category_rank(type) <= category_rank(partner);
        const bool may_be_negative = !(converted && is_unsigned(partner));
        return visit_dtype(type, [&]<class S>(std::type_identity<S>) {
            S value;
            if constexpr (std::same_as<S, bool>) value = random_.chance(0.5);
            else if constexpr (std::floating_point<S>) value = static_cast<S>(random_.pick<double>(small_floats));
            else value = static_cast<S>(random_.between(may_be_negative ? -4 : 0, 4));
            return any_tensor(tensor<S>(shape_type{}, value));
        });
    }

    // Trees -------------------------------------------------------------------

    subtree input(dtype type) {
        subtree leaf;
        leaf.shape = operand_shape();
        leaf.type = type;
        leaf.tree = input_leaf(case_.inputs.size());
        case_.inputs.push_back(random_tensor(type, leaf.shape));
        return leaf;
    }

    dtype random_dtype() { return dtype(random_.below(dtype_count)); }

    subtree random_tree(int depth) {
        if (depth == 0) return input(random_dtype());
        const std::size_t kind = random_.below(100);
        if (kind < 25) return unary(depth);
        if (kind < 32) return cast(depth);
        if (kind < 85) return binary(depth);
        if (kind < 93) return where(depth);
        return clip(depth);
    }

    void note_transcendental(operation op, dtype computation) {
        if (!transcendental(op, computation)) return;
        transcendental_ = true;
        transcendental_in_float32_ = transcendental_in_float32_ || computation == dtype::float32;
    }

    /// An operand of a node at `depth`: a subtree one level down, or now and then a leaf.
    subtree operand(int depth) { return random_tree(random_.chance(0.25) ? 0 : depth - 1); }

    spelling random_spelling(operation op) {
        spelling choices[3] = {spelling::function};
        std::size_t count = 1;
        if (info(op).symbol != nullptr) choices[count++] = spelling::symbol;
        if (info(op).alias != nullptr) choices[count++] = spelling::alias;
        return choices[random_.below(count)];
    }

    template <std::size_t N>
    operation pick_operation(const operation (&candidates)[N], auto&& applies) {
        operation chosen[N];
        std::size_t count = 0;
        for (operation op : candidates) {
            if (applies(op)) chosen[count++] = op;
        }
        return chosen[random_.below(count)];
    }

    subtree unary(int depth) {
        subtree x = operand(depth);
        const operation op = pick_operation(unary_operations, [&](operation candidate) {
            const bool inexact = transcendental(candidate, x.type);
            return evaluates_unary(candidate, x.type) && (!x.inexact || tolerates_inexact(candidate)) &&
                   !(inexact && x.inexact);
        });
        subtree result;
        result.type = result_type(op, x.type);
        result.inexact = x.inexact || transcendental(op, x.type);
        note_transcendental(op, x.type);
        result.shape = x.shape;
        result.tree = apply(op, random_spelling(op), {std::move(x.tree)});
        return result;
    }

    subtree cast(int depth) {
        subtree x = operand(depth);
        dtype target = random_dtype();
        while (x.inexact && !is_floating(target)) target = random_dtype();
        subtree result;
        result.type = target;
        result.inexact = x.inexact;
        result.shape = x.shape;
        result.tree = apply(operation::astype, spelling::function, {std::move(x.tree)});
        result.tree.target = target;
        return result;
    }

    subtree binary(int depth) {
        subtree a = operand(depth);
        if (random_.chance(0.25) && !scalar_forms_for(a).empty()) return with_scalar(std::move(a));
        subtree b = operand(depth);
        const dtype promoted = promote(a.type, b.type);
        const bool exact = !a.inexact && !b.inexact;
        const operation op = pick_operation(binary_operations, [&](operation candidate) {
            return accepts(candidate, promoted) && (exact || tolerates_inexact(candidate)) &&
                   (exact || !transcendental(candidate, promoted));
        });
        spelling spelled = random_spelling(op);
        if (has_spec_form(op, computation_type(op, promoted)) && random_.chance(0.25)) {
            // broadcast::none with shapes that differ must throw; keep that rare.
            const bool same_shapes = a.shape == b.shape;
            spelled = (same_shapes || random_.chance(0.1)) && random_.chance(0.5) ? spelling::spec_none
                                                                                  : spelling::spec_numpy;
        }
        subtree result;
        result.type = result_type(op, promoted);
        result.inexact = !exact || transcendental(op, promoted);
        note_transcendental(op, promoted);
        result.shape = broadcast_shapes(a.shape, b.shape);
        result.tree = apply(op, spelled, {std::move(a.tree), std::move(b.tree)});
        return result;
    }

    /// The scalar forms that may take `t` as their tensor operand.
    static std::vector<std::size_t> scalar_forms_for(const subtree& t) {
        std::vector<std::size_t> forms;
        for (std::size_t i = 0; i < scalar_form_count; ++i) {
            const scalar_form& form = scalar_forms[i];
            const dtype promoted = promote(t.type, scalar_operand(t.type, form.scalar_type));
            const bool inexact = transcendental(form.op, promoted);
            if (has_scalar_form(i, t.type) && accepts(form.op, promoted) &&
                (!t.inexact || tolerates_inexact(form.op)) && !(inexact && t.inexact))
                forms.push_back(i);
        }
        return forms;
    }

    subtree with_scalar(subtree t) {
        const std::vector<std::size_t> forms = scalar_forms_for(t);
        const scalar_form& form = scalar_forms[forms[random_.below(forms.size())]];
        const dtype promoted = promote(t.type, scalar_operand(t.type, form.scalar_type));
        node scalar = scalar_leaf(random_scalar(form.scalar_type, t.type));
        subtree result;
        result.type = result_type(form.op, promoted);
        result.inexact = t.inexact || transcendental(form.op, promoted);
        note_transcendental(form.op, promoted);
        result.shape = t.shape;
        result.tree = form.scalar_first ? apply(form.op, form.spelled, {std::move(scalar), std::move(t.tree)})
                                        : apply(form.op, form.spelled, {std::move(t.tree), std::move(scalar)});
        return result;
    }

    /// An operand that must be exact, as where's condition and clip's bounds
    /// (Note [inexact subtrees]): an inexact one is replaced by isnan of it.
    subtree exact_operand(int depth) {
        subtree x = operand(depth);
        if (!x.inexact) return x;
        subtree test;
        test.type = dtype::boolean;
        test.shape = x.shape;
        test.tree = apply(operation::isnan, spelling::function, {std::move(x.tree)});
        return test;
    }

    subtree where(int depth) {
        subtree c = exact_operand(depth);
        subtree result;
        const std::size_t kind = random_.below(10);
        if (kind == 0) {  // where(c, 1.5, -2.0)
            result.type = where_two_scalars_type;
            result.shape = c.shape;
            result.tree =
                apply(operation::where, spelling::function,
                      {std::move(c.tree), scalar_leaf(random_scalar(where_two_scalars_type, where_two_scalars_type)),
                       scalar_leaf(random_scalar(where_two_scalars_type, where_two_scalars_type))});
            return result;
        }
        subtree a = operand(depth);
        if (kind < 3 && has_where_scalar(a.type)) {  // where(c, t, 2)
            result.type = promote(a.type, scalar_operand(a.type, where_scalar_type));
            result.inexact = a.inexact;
            result.shape = broadcast_shapes(c.shape, a.shape);
            result.tree =
                apply(operation::where, spelling::function,
                      {std::move(c.tree), std::move(a.tree), scalar_leaf(random_scalar(where_scalar_type, a.type))});
            return result;
        }
        subtree b = operand(depth);
        result.type = promote(a.type, b.type);
        result.inexact = a.inexact || b.inexact;
        result.shape = broadcast_shapes(c.shape, a.shape, b.shape);
        result.tree =
            apply(operation::where, spelling::function, {std::move(c.tree), std::move(a.tree), std::move(b.tree)});
        return result;
    }

    subtree clip(int depth) {
        subtree x = operand(depth);
        subtree result;
        result.inexact = x.inexact;
        if (has_clip_scalars(x.type) && random_.chance(0.5)) {  // clip(x, -1, 3)
            result.type = promote(x.type, scalar_operand(x.type, clip_scalar_type));
            result.shape = x.shape;
            node low = scalar_leaf(random_scalar(clip_scalar_type, x.type));
            node high = scalar_leaf(random_scalar(clip_scalar_type, x.type));
            result.tree =
                apply(operation::clip, spelling::function, {std::move(x.tree), std::move(low), std::move(high)});
            return result;
        }
        subtree low = exact_operand(depth);
        subtree high = exact_operand(depth);
        result.type = promote(promote(x.type, low.type), high.type);
        result.shape = broadcast_shapes(x.shape, low.shape, high.shape);
        result.tree =
            apply(operation::clip, spelling::function, {std::move(x.tree), std::move(low.tree), std::move(high.tree)});
        return result;
    }

    void fused() {
        const std::span<const fused_pattern> patterns = fused_patterns();
        const std::size_t index = random_.below(patterns.size());
        dtype type = random_dtype();
        while (!patterns[index].accepts(type)) type = random_dtype();
        for (int leaf = 0; leaf < 3; ++leaf) input(type);
        case_.fused_pattern = static_cast<int>(index);
        case_.expression = fused_tree(index);
    }

    random_source random_;
    shape_type result_shape_;
    test_case case_;
    bool transcendental_ = false;
    bool transcendental_in_float32_ = false;
};

}  // namespace

test_case case_generator::generate(int number) const { return case_builder(seed_, number).build(); }

}  // namespace loom::differential
