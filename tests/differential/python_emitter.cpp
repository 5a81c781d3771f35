#include "python_emitter.hpp"

#include <cmath>
#include <cstdio>

namespace loom::differential {

namespace {

// The rules are docs/semantics.md's, written here independently of loom's code, so
// that a promotion or a documented deviation that loom gets wrong shows up.
constexpr const char* rules_source = R"PY("""NumPy evaluating loom's element-wise expressions under loom's rules.

Written by loom's differential test (tests/differential/python_emitter.cpp).
Each helper converts its operands to the types docs/semantics.md ("Types")
gives, then applies NumPy, so that its results can be compared with loom's.
Where loom documents a deliberate deviation from NumPy, the helper follows
loom's rule and names the header that documents it.
"""
import sys
import warnings
from functools import reduce

import numpy as np

warnings.simplefilter('ignore')
np.seterr(all='ignore')


class BroadcastError(ValueError):
    """Shapes that loom's broadcast::none refuses and NumPy would broadcast."""


# --- Types (docs/semantics.md) ----------------------------------------------

def category(name):
    """bool 0 < integer 1 < floating 2."""
    return 0 if name == 'bool' else 2 if name.startswith('float') else 1


def bits(name):
    return 8 if name == 'bool' else int(name.lstrip('uintfloa'))


def promote(a, b):
    """The common type of two tensors: the higher category wins, else the
    wider type; signed with unsigned of the same width goes to the next wider
    signed type. docs/semantics.md states only that case; a narrower signed type with
    a wider unsigned one goes, as in NumPy, to the smallest signed type that
    holds both (int8 with uint16 is int32), and uint64 with a signed type,
    which no integer type holds, to float64."""
    if a == b:
        return a
    if category(a) != category(b):
        return a if category(a) > category(b) else b
    if category(a) == 2 or a.startswith('u') == b.startswith('u'):
        return a if bits(a) >= bits(b) else b
    signed, unsigned = (b, a) if a.startswith('u') else (a, b)
    if bits(signed) > bits(unsigned):
        return signed
    return 'float64' if bits(unsigned) == 64 else 'int%d' % (2 * bits(unsigned))


class Scalar:
    """A C++ scalar operand. Beside tensors it takes their type, unless it is
    of a higher category (int_tensor * 2.5 is double, float_tensor * 2.0 stays
    float); with no tensor beside it, it keeps its own type."""

    def __init__(self, dtype, value):
        self.dtype = dtype
        self.value = float.fromhex(value) if isinstance(value, str) else value

    def array(self, partner):
        own = partner is None or category(self.dtype) > category(partner)
        return np.array(self.value, dtype=self.dtype if own else partner)


def tensor(dtype, shape, values):
    if dtype.startswith('float'):
        values = [float.fromhex(v) for v in values]
    return np.array(values, dtype=dtype).reshape(shape)


def lift(*operands):
    """The operands as arrays (NumPy gives rank-0 results as NumPy scalars):
    scalars take their type beside the arrays among them."""
    names = [o.dtype.name for o in operands if not isinstance(o, Scalar)]
    partner = reduce(promote, names) if names else None
    return [o.array(partner) if isinstance(o, Scalar) else np.asarray(o) for o in operands]


def common(*operands):
    """The operands lifted, then converted to their promoted type."""
    arrays = lift(*operands)
    name = reduce(promote, [a.dtype.name for a in arrays])
    return [a.astype(name) for a in arrays]


def check_spec(a, b, spec):
    """broadcast::none needs identical shapes (docs/semantics.md, "Broadcast specs")."""
    if spec == 'none' and a.shape != b.shape:
        raise BroadcastError('broadcast::none needs identical shapes, got %s and %s' % (a.shape, b.shape))


# --- Binary operations: NumPy on operands of the promoted type ------------------

def binary(ufunc):
    def apply(a, b, spec='numpy'):
        a, b = common(a, b)
        check_spec(a, b, spec)
        return ufunc(a, b)
    return apply


add = binary(np.add)
subtract = binary(np.subtract)
multiply = binary(np.multiply)
divide = binary(np.true_divide)
floor_divide = binary(np.floor_divide)
remainder = binary(np.remainder)
maximum = binary(np.maximum)
minimum = binary(np.minimum)
equal = binary(np.equal)
not_equal = binary(np.not_equal)
less = binary(np.less)
less_equal = binary(np.less_equal)
greater = binary(np.greater)
greater_equal = binary(np.greater_equal)
logical_and = binary(np.logical_and)
logical_or = binary(np.logical_or)
logical_xor = binary(np.logical_xor)
bitwise_and = binary(np.bitwise_and)
bitwise_or = binary(np.bitwise_or)
bitwise_xor = binary(np.bitwise_xor)


def power(a, b, spec='numpy'):
    """loom (functors_arithmetic.hpp, power): a signed integer raised to a
    negative integer gives the integer part of 1 / a**-b, so 1 for a == 1,
    +-1 for a == -1 and 0 otherwise, where NumPy raises."""
    a, b = common(a, b)
    check_spec(a, b, spec)
    if a.dtype.kind != 'i':
        return np.power(a, b)
    negative = b < 0
    value = np.power(a, np.where(negative, np.zeros_like(b), b))
    inverse = np.where(a == 1, 1, np.where(a == -1, np.where(b % 2 == 0, 1, -1), 0))
    return np.where(negative, inverse, value).astype(a.dtype)


# --- Unary operations -------------------------------------------------------------

negative = np.negative
absolute = np.absolute
square = np.square
sign = np.sign
logical_not = np.logical_not
bitwise_not = np.invert


def rounding(ufunc):
    """loom (functors_math.hpp): rounding keeps integer and bool types; NumPy
    1.24 gives floats."""
    def apply(x):
        return ufunc(x) if x.dtype.kind == 'f' else x.copy()
    return apply


floor = rounding(np.floor)
ceil = rounding(np.ceil)
round = rounding(np.rint)  # halves to even, as np.round


def floating(function):
    """docs/semantics.md: floating functions of integers and bools give float64, and
    float32 stays float32 (NumPy gives float16 for int8)."""
    def apply(x):
        return function(x if x.dtype.kind == 'f' else x.astype(np.float64))
    return apply


sqrt = floating(np.sqrt)
exp = floating(np.exp)
log = floating(np.log)
log1p = floating(np.log1p)
expm1 = floating(np.expm1)
sin = floating(np.sin)
cos = floating(np.cos)
tan = floating(np.tan)
tanh = floating(np.tanh)
sigmoid = floating(lambda x: x.dtype.type(1) / (x.dtype.type(1) + np.exp(-x)))


def isnan(x):
    return np.isnan(x) if x.dtype.kind == 'f' else np.zeros(x.shape, bool)


def isinf(x):
    return np.isinf(x) if x.dtype.kind == 'f' else np.zeros(x.shape, bool)


def astype(x, name):
    """loom (functors_logic.hpp, cast): floating to integer truncates toward
    zero; NaN gives 0 and values out of range saturate, where NumPy's result
    is undefined."""
    if x.dtype.kind != 'f' or name in ('bool', 'float32', 'float64'):
        return x.astype(name)
    info = np.iinfo(name)
    upper = 2.0 ** (info.bits - (1 if info.min < 0 else 0))
    lower = float(info.min)
    y = x.astype(np.float64)
    inside = (y > lower) & (y < upper)
    value = np.trunc(np.where(inside, y, 0.0)).astype(name)
    value = np.where(y >= upper, np.array(info.max, name), value)
    return np.where(y <= lower, np.array(info.min, name), value).astype(name)


# --- NumPy's further functions ----------------------------------------------------

log2 = floating(np.log2)
log10 = floating(np.log10)
exp2 = floating(np.exp2)
cbrt = floating(np.cbrt)
arcsin = floating(np.arcsin)
arccos = floating(np.arccos)
arctan = floating(np.arctan)
sinh = floating(np.sinh)
cosh = floating(np.cosh)
arcsinh = floating(np.arcsinh)
arccosh = floating(np.arccosh)
arctanh = floating(np.arctanh)
deg2rad = floating(np.deg2rad)
rad2deg = floating(np.rad2deg)
trunc = rounding(np.trunc)
isfinite = np.isfinite


def reciprocal(x):
    """loom (functors_arithmetic.hpp, reciprocal): bools compute in int8, as
    in NumPy; an integer 0 gives 0, where NumPy converts 1.0 / 0 to the
    integer type (platform-dependent)."""
    if x.dtype.kind == 'b':
        x = x.astype(np.int8)
    if x.dtype.kind == 'f':
        return np.reciprocal(x)
    zero = x == 0
    return np.where(zero, np.zeros_like(x), np.reciprocal(np.where(zero, np.ones_like(x), x)))


def nan_to_num(x):
    """loom's differential call nan_to_num(x, 2.5, std::nullopt, -1e300)."""
    return np.nan_to_num(x, nan=2.5, neginf=-1e300)


def relu(x):
    """PyTorch's relu, clamp_min(x, 0): 0 below zero, otherwise x (NaN and
    -0.0 stay), in x's type."""
    return np.where(x < 0, np.zeros_like(x), x)


def binary_floating(ufunc):
    """Binary floating functions: operands of the promoted type, integers and
    bools as float64 (loom's rule; NumPy gives float16 for 8-bit types)."""
    def apply(a, b, spec='numpy'):
        a, b = common(a, b)
        check_spec(a, b, spec)
        if a.dtype.kind != 'f':
            a, b = a.astype(np.float64), b.astype(np.float64)
        return ufunc(a, b)
    return apply


arctan2 = binary_floating(np.arctan2)
hypot = binary_floating(np.hypot)
copysign = binary_floating(np.copysign)
heaviside = binary_floating(np.heaviside)
logaddexp = binary_floating(np.logaddexp)
logaddexp2 = binary_floating(np.logaddexp2)
fmax = binary(np.fmax)
fmin = binary(np.fmin)


# --- Selection --------------------------------------------------------------------

def where(condition, a, b):
    a, b = common(a, b)
    return np.where(condition, a, b)


def clip(x, low, high):
    """loom (functors_arithmetic.hpp): minimum(maximum(x, low), high), as
    NumPy's clip ufunc; np.clip itself ignores a rank-0 NaN bound (a
    deprecated NumPy behaviour), so it is not called here."""
    x, low, high = common(x, low, high)
    return np.minimum(np.maximum(x, low), high)


# --- Output, read by numpy_runner.cpp -----------------------------------------------

def emit(number, value):
    value = np.asarray(value)
    flat = value.ravel().tolist()
    if value.dtype.kind == 'f':
        text = ' '.join(v.hex() for v in flat)
    elif value.dtype.kind == 'b':
        text = ' '.join('1' if v else '0' for v in flat)
    else:
        text = ' '.join(map(str, flat))
    shape = ','.join(map(str, value.shape)) or '-'
    sys.stdout.write('%d ok %s %s %s\n' % (number, value.dtype.name, shape, text))


def report(number, kind, error):
    sys.stdout.write('%d raise %s %s\n' % (number, kind, ' '.join(str(error).split())))


def run(number, case):
    try:
        value = case()
    except BroadcastError as error:
        report(number, 'broadcast', error)
    except ValueError as error:
        report(number, 'broadcast' if 'could not be broadcast' in str(error) else 'ValueError', error)
    except Exception as error:
        report(number, type(error).__name__, error)
    else:
        emit(number, value)
)PY";

template <class T>
std::string python_literal(T value) {
    if constexpr (std::same_as<T, bool>) {
        return value ? "1" : "0";
    } else if constexpr (std::floating_point<T>) {
        if (std::isnan(value)) return "'nan'";
        char text[48];
        std::snprintf(text, sizeof text, "'%a'", static_cast<double>(value));
        return text;
    } else {
        return std::to_string(value);
    }
}

std::string python_scalar(const any_tensor& scalar) {
    return std::visit(
        [](const auto& x) {
            using T = typename std::remove_cvref_t<decltype(x)>::value_type;
            const std::string value =
                std::same_as<T, bool> ? (x.data()[0] ? "True" : "False") : python_literal(x.data()[0]);
            return std::string("Scalar('") + name_of(dtype_v<T>) + "', " + value + ")";
        },
        scalar);
}

std::string python_expression(const node& n) {
    switch (n.op) {
        case operation::input: return "a" + std::to_string(n.input);
        case operation::scalar: return python_scalar(n.scalar);
        case operation::astype: return "astype(" + python_expression(n.operands[0]) + ", '" + name_of(n.target) + "')";
        default: break;
    }
    std::string text = std::string(info(n.op).function) + "(";
    for (std::size_t i = 0; i < n.operands.size(); ++i) text += (i == 0 ? "" : ", ") + python_expression(n.operands[i]);
    if (n.spelled == spelling::spec_none) text += ", spec='none'";
    return text + ")";
}

std::string case_function(const test_case& c) {
    std::string text = "def case_" + std::to_string(c.number) + "():\n";
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        text += "    a" + std::to_string(i) + " = " + python_tensor(c.inputs[i]) + "\n";
    }
    return text + "    return " + python_expression(c.expression) + "\n";
}

}  // namespace

std::string python_shape(const shape_type& shape) {
    std::string text = "(";
    for (index_t size : shape) text += std::to_string(size) + ", ";
    if (shape.size() > 1) text.resize(text.size() - 2);
    else if (shape.size() == 1) text.pop_back();
    return text + ")";
}

std::string python_tensor(const any_tensor& t) {
    return std::visit(
        [](const auto& x) {
            using T = typename std::remove_cvref_t<decltype(x)>::value_type;
            std::string text = std::string("tensor('") + name_of(dtype_v<T>) + "', " + python_shape(x.shape()) + ", [";
            bool first = true;
            for (const T value : x) {
                text += (first ? "" : ", ") + python_literal(value);
                first = false;
            }
            return text + "])";
        },
        t);
}

const char* rules_module_source() { return rules_source; }

std::string batch_script(std::span<const test_case> cases) {
    std::string script = std::string("from ") + rules_module_name + " import *\n\n";
    for (const test_case& c : cases) {
        script += case_function(c);
        script += "run(" + std::to_string(c.number) + ", case_" + std::to_string(c.number) + ")\n\n";
    }
    return script;
}

std::string reproducer(const test_case& c) {
    return std::string("from ") + rules_module_name + " import *\n\n" + case_function(c) +
           "\nprint(repr(np.asarray(case_" + std::to_string(c.number) + "())))\n";
}

}  // namespace loom::differential
