#include "view_emitter.hpp"

#include "python_emitter.hpp"

namespace loom::differential {

namespace {

// loom's rules for views (docs/tensors.md, docs/broadcasting.md), written
// here independently of loom's code. Where NumPy has the operation, NumPy
// computes it; the helpers only make NumPy's views writable where loom's are
// and apply loom's assignment rule.
constexpr const char* views_source = R"PY("""NumPy taking loom's views and assigning into them under loom's rules.

Written by loom's differential test (tests/differential/view_emitter.cpp).
NumPy computes every view; these helpers follow loom where it deliberately
differs:
- writing is refused exactly when two elements of the destination share
  memory (a stride-0 dimension of size 2 or more, in a view that has
  elements; NumPy gives some empty arrays stride-0 dimensions), so broadcast views that
  repeat nothing and diagonals are writable, where NumPy marks every
  broadcast_to result and every diagonal read-only;
- reshape takes -1 as the one unknown size, and refuses other negative
  sizes (NumPy 1.24 takes any negative size as unknown);
- an assignment never changes its destination's shape, `=` included (NumPy
  lets `v[...] = x` drop leading 1s of x);
- the value of an assignment is evaluated before anything is written, as
  for ufuncs; NumPy's plain `v[...] = w` between overlapping 1-d views with
  different steps may read elements it has already written.
"""
import numpy as np

from loom_numpy_rules import *


def reshape(x, sizes):
    if any(size < -1 for size in sizes):
        raise ValueError('a negative size other than -1 in %s' % (sizes,))
    return np.reshape(x, sizes)


def writable(view):
    """NumPy's read-only views as loom's writable ones (the memory is a's or b's)."""
    view.flags.writeable = True
    return view


def index(x, *items):
    """x[items], a view also when every item is an integer (NumPy would give a scalar)."""
    if not any(item is Ellipsis for item in items):
        items = items + (Ellipsis,)
    return x[items]


def flip(x, axis=None):
    """numpy.flip, a view also for rank 0 (NumPy would give a scalar)."""
    if axis is None:
        return x[(slice(None, None, -1),) * x.ndim + (Ellipsis,)]
    return np.flip(x, axis)


def diagonal(x, offset, axis1, axis2):
    return writable(np.diagonal(x, offset, axis1, axis2))


def broadcast_to(x, shape):
    return writable(np.broadcast_to(x, tuple(shape)))


def expand(x, sizes):
    """torch.expand: -1 keeps a size; a new leading dimension needs its size."""
    added = len(sizes) - x.ndim
    if added < 0:
        raise ValueError('expand: %d sizes for %d dimensions' % (len(sizes), x.ndim))
    shape = []
    for d, size in enumerate(sizes):
        if size == -1:
            if d < added:
                raise ValueError('expand: -1 for the new dimension %d' % d)
            size = x.shape[d - added]
        shape.append(size)
    return broadcast_to(x, shape)


def broadcast_bidirectional(x, target):
    """OpenVINO's bidirectional Broadcast: x seen as the broadcast of its shape and target."""
    return broadcast_to(x, np.broadcast_shapes(x.shape, tuple(target)))


def place(x, shape, axis):
    """broadcast_to under broadcast::pdpd(axis) (docs/semantics.md, "Broadcast
    specs"): x without its trailing 1s is placed at axis (-1: aligned with the
    trailing dimensions), padded with 1s to the target's rank; only x broadcasts."""
    if x.ndim > len(shape):
        raise ValueError('pdpd: x has a higher rank than the target')
    if axis == -1:
        axis = len(shape) - x.ndim
    if axis < 0:
        raise ValueError('pdpd: the only negative axis is -1')
    trimmed = tuple(x.shape)
    while trimmed and trimmed[-1] == 1:
        trimmed = trimmed[:-1]
    if axis + len(trimmed) > len(shape):
        raise ValueError('pdpd: x does not fit from that axis')
    placed = (1,) * axis + trimmed + (1,) * (len(shape) - axis - len(trimmed))
    return broadcast_to(x.reshape(placed), shape)


UPDATES = {'+=': np.add, '-=': np.subtract, '*=': np.multiply}


def assign(target, symbol, value):
    """`target symbol value` as loom does it; raises where loom throws."""
    if target.size > 0 and any(size > 1 and stride == 0 for size, stride in zip(target.shape, target.strides)):
        raise ValueError('elements of the destination share memory')
    value = np.asarray(value)
    if np.broadcast_shapes(target.shape, value.shape) != target.shape:
        raise ValueError('the value of shape %s would change the destination of shape %s'
                         % (value.shape, target.shape))
    if symbol == '=':
        target[...] = value.copy()
    else:
        UPDATES[symbol](target, value, out=target)
)PY";

std::string bound_text(const std::optional<index_t>& bound) { return bound ? std::to_string(*bound) : "None"; }

std::string item_text(const index_item& item) {
    if (const index_t* index = std::get_if<index_t>(&item)) return std::to_string(*index);
    if (const range* r = std::get_if<range>(&item)) {
        return "slice(" + bound_text(r->start) + ", " + bound_text(r->stop) + ", " + std::to_string(r->step) + ")";
    }
    if (std::holds_alternative<all_t>(item)) return "slice(None)";
    if (std::holds_alternative<newaxis_t>(item)) return "None";
    return "Ellipsis";
}

std::string numbers_text(const std::vector<index_t>& numbers, std::size_t first, std::size_t last) {
    std::string text;
    for (std::size_t i = first; i < last; ++i) text += (i == first ? "" : ", ") + std::to_string(numbers[i]);
    return text;
}

std::string tuple_text(const std::vector<index_t>& numbers, std::size_t count) {
    return "(" + numbers_text(numbers, 0, count) + (count == 1 ? ",)" : ")");
}

/// `step` applied to the Python variable `x`.
std::string python_step(const view_step& step, const std::string& x) {
    const std::vector<index_t>& n = step.numbers;
    switch (step.op) {
        case view_operation::index: {
            std::string text = "index(" + x;
            for (const index_item& item : step.items) text += ", " + item_text(item);
            return text + ")";
        }
        case view_operation::reshape: return "reshape(" + x + ", " + tuple_text(n, n.size()) + ")";
        case view_operation::ravel: return "np.ravel(" + x + ")";
        case view_operation::flatten: return x + ".flatten()";
        case view_operation::copy: return x + ".copy()";
        case view_operation::unsqueeze:
        case view_operation::expand_dims: return "np.expand_dims(" + x + ", " + numbers_text(n, 0, 1) + ")";
        case view_operation::squeeze: return "np.squeeze(" + x + ")";
        case view_operation::squeeze_dim: return "np.squeeze(" + x + ", " + numbers_text(n, 0, 1) + ")";
        case view_operation::transpose: return "np.transpose(" + x + ")";
        case view_operation::permute: return "np.transpose(" + x + ", " + tuple_text(n, n.size()) + ")";
        case view_operation::swapaxes: return "np.swapaxes(" + x + ", " + numbers_text(n, 0, 2) + ")";
        case view_operation::moveaxis: return "np.moveaxis(" + x + ", " + numbers_text(n, 0, 2) + ")";
        case view_operation::flip: return "flip(" + x + ")";
        case view_operation::flip_axis: return "flip(" + x + ", " + numbers_text(n, 0, 1) + ")";
        case view_operation::diagonal: return "diagonal(" + x + ", " + numbers_text(n, 0, 3) + ")";
        case view_operation::broadcast_to: return "broadcast_to(" + x + ", " + tuple_text(n, n.size()) + ")";
        case view_operation::place:
            return "place(" + x + ", " + tuple_text(n, n.size() - 1) + ", " + std::to_string(n.back()) + ")";
        case view_operation::expand: return "expand(" + x + ", " + tuple_text(n, n.size()) + ")";
        case view_operation::broadcast_bidirectional:
            return "broadcast_bidirectional(" + x + ", " + tuple_text(n, n.size()) + ")";
    }
    return "";
}

/// Statements that bind `name` to the chain's view.
std::string python_chain(const view_chain& chain, const std::string& name) {
    std::string text = "    " + name + " = " + (chain.base == view_base::a ? "a" : "b") + "\n";
    for (const view_step& step : chain.steps) text += "    " + name + " = " + python_step(step, name) + "\n";
    return text;
}

constexpr const char* assignment_symbols[] = {"=", "+=", "-=", "*="};

std::string case_function(const view_case& c) {
    std::string text = "def view_case_" + std::to_string(c.number) + "():\n";
    text += "    a = " + python_tensor(c.a) + "\n";
    text += "    b = " + python_tensor(c.b) + "\n";
    text += python_chain(c.target, "v");
    if (c.action == view_action::read) return text + "    return v.copy()\n";
    if (c.action == view_action::combine) return text + python_chain(c.other, "w") + "    return np.maximum(v, w)\n";
    std::string value;
    if (c.source == view_source::scalar) {
        value = python_tensor(c.scalar);
    } else {
        text += python_chain(c.other, "w");
        value = c.source == view_source::view            ? "w"
                : dtype_of(c.a) == dtype::boolean       ? "np.logical_not(w)"
                                                        : "np.negative(w)";
    }
    const char* symbol = assignment_symbols[std::size_t(c.action) - std::size_t(view_action::assign)];
    return text + "    assign(v, '" + symbol + "', " + value + ")\n    return a\n";
}

std::string script_header() { return std::string("from ") + views_module_name + " import *\n\n"; }

}  // namespace

const char* views_module_source() { return views_source; }

std::string view_batch_script(std::span<const view_case> cases) {
    std::string script = script_header();
    for (const view_case& c : cases) {
        script += case_function(c);
        script += "run(" + std::to_string(c.number) + ", view_case_" + std::to_string(c.number) + ")\n\n";
    }
    return script;
}

std::string view_reproducer(const view_case& c) {
    return script_header() + case_function(c) + "\nprint(repr(view_case_" + std::to_string(c.number) + "()))\n";
}

}  // namespace loom::differential
