"""The peer suite's Python peers: NumPy and numexpr spellings of the suite's operations, each checked
against the same operation computed in float64 (or exactly, for bool results) before it is timed.

NumPy's `_into` spellings pass out= (with a scratch array where one ufunc cannot do the whole operation);
its `_alloc` spellings are the plain expression. numexpr evaluates the expression string, with out= for
`_into`. Both take arrays of the C++ programs' shapes and distribution (uniform in [-1, 1), float32), not
their values.
"""

import ctypes
import os
import tempfile
import time

import numpy as np

from run import time_variants, uniform_arrays
from suite_workloads import FFT_LENGTHS

try:
    import numexpr
except ImportError:  # numexpr is optional: its columns are left out
    numexpr = None

SIDE = 4096
FLAT = 1 << 24
HALF = np.float32(0.5)


class Variant:
    """One library's spelling of one operation: `function()` returns the result, which must match
    `expected` (float64, or bool) within `tolerance` (relative, and absolute below magnitude 1), and be
    of `dtype` (float32 unless said)."""

    def __init__(self, operation, library, function, expected, tolerance=1e-5, dtype=np.float32):
        self.operation, self.library, self.function = operation, library, function
        self.expected, self.tolerance, self.dtype = expected, tolerance, dtype

    def check(self):
        result = self.function()
        if self.expected.dtype == np.bool_:
            good = result.dtype == np.bool_ and np.array_equal(result, self.expected)
        else:
            good = result.dtype == self.dtype and np.allclose(result, self.expected, rtol=self.tolerance,
                                                              atol=self.tolerance)
        if not good:
            raise SystemExit(f"{self.operation}/{self.library}: the result ({result.dtype}) differs from the "
                             "float64 reference")


def evaluate(expression, out=None, **arrays):
    return numexpr.evaluate(expression, local_dict=arrays, out=out)


def fused():
    uniform = uniform_arrays(1)
    a, b, c = uniform(FLAT), uniform(FLAT), uniform(FLAT)
    a64, b64, c64 = (x.astype(np.float64) for x in (a, b, c))
    z, scratch = np.empty(FLAT, np.float32), np.empty(FLAT, np.float32)

    def mul_add_into():
        np.multiply(a, b, out=z)
        return np.add(z, c, out=z)

    def hypot_into():
        np.multiply(a, a, out=z)
        np.multiply(b, b, out=scratch)
        np.add(z, scratch, out=z)
        np.sqrt(z, out=z)
        np.multiply(z, HALF, out=z)
        return np.add(z, c, out=z)

    def exp_tanh_into():
        np.exp(a, out=z)
        np.multiply(z, b, out=z)
        np.tanh(c, out=scratch)
        return np.add(z, scratch, out=z)

    expected = {"mul_add": a64 * b64 + c64, "hypot": np.sqrt(a64 * a64 + b64 * b64) * 0.5 + c64,
                "exp_tanh": np.exp(a64) * b64 + np.tanh(c64)}
    expressions = {"mul_add": "a * b + c", "hypot": "sqrt(a * a + b * b) * half + c",
                   "exp_tanh": "exp(a) * b + tanh(c)"}
    variants = [
        Variant("mul_add_into", "numpy", mul_add_into, expected["mul_add"]),
        Variant("mul_add_alloc", "numpy", lambda: a * b + c, expected["mul_add"]),
        Variant("hypot_into", "numpy", hypot_into, expected["hypot"]),
        Variant("hypot_alloc", "numpy", lambda: np.sqrt(a * a + b * b) * HALF + c, expected["hypot"]),
        Variant("exp_tanh_into", "numpy", exp_tanh_into, expected["exp_tanh"]),
        Variant("exp_tanh_alloc", "numpy", lambda: np.exp(a) * b + np.tanh(c), expected["exp_tanh"]),
    ]
    if numexpr:
        for name, expression in expressions.items():
            variants += [
                Variant(f"{name}_into", "numexpr",
                        lambda e=expression: evaluate(e, out=z, a=a, b=b, c=c, half=HALF), expected[name]),
                Variant(f"{name}_alloc", "numexpr", lambda e=expression: evaluate(e, a=a, b=b, c=c, half=HALF),
                        expected[name]),
            ]
    return variants


def broadcast():
    uniform = uniform_arrays(2)
    a, col, row = uniform(SIDE, SIDE), uniform(SIDE, 1), uniform(SIDE)
    rank4, rank3 = uniform(32, 64, 1, 128), uniform(64, 32, 1)
    positions = np.arange(SIDE, dtype=np.int64)[None, :]
    lengths = np.random.default_rng(2).integers(0, SIDE + 1, (SIDE, 1), dtype=np.int64)
    square = np.empty((SIDE, SIDE), np.float32)
    rank4_z = np.empty((32, 64, 32, 128), np.float32)
    mask = np.empty((SIDE, SIDE), np.bool_)
    accumulated = a.copy()

    def add_column_in_place():
        # The check's call starts from a itself; the timed ones keep adding.
        nonlocal accumulated
        accumulated += col
        return accumulated

    def add_column_in_place_numexpr():
        return evaluate("x + col", out=accumulated_numexpr, x=accumulated_numexpr, col=col)

    accumulated_numexpr = a.copy()
    sums = {"outer_add": (col, row.reshape(1, SIDE), square), "add_row": (a, row, square),
            "add_column": (a, col, square), "add_rank4": (rank4, rank3, rank4_z)}
    variants = []
    for name, (x, y, z) in sums.items():
        expected = x.astype(np.float64) + y
        variants += [
            Variant(f"{name}_into", "numpy", lambda x=x, y=y, z=z: np.add(x, y, out=z), expected),
            Variant(f"{name}_alloc", "numpy", lambda x=x, y=y: x + y, expected),
        ]
        if numexpr:
            variants += [
                Variant(f"{name}_into", "numexpr", lambda x=x, y=y, z=z: evaluate("x + y", out=z, x=x, y=y), expected),
                Variant(f"{name}_alloc", "numexpr", lambda x=x, y=y: evaluate("x + y", x=x, y=y), expected),
            ]
    expected_mask = positions < lengths
    variants += [
        Variant("add_column_in_place", "numpy", add_column_in_place, a.astype(np.float64) + col),
        Variant("sequence_mask_into", "numpy", lambda: np.less(positions, lengths, out=mask), expected_mask),
        Variant("sequence_mask_alloc", "numpy", lambda: positions < lengths, expected_mask),
    ]
    if numexpr:
        variants += [
            Variant("add_column_in_place", "numexpr", add_column_in_place_numexpr, a.astype(np.float64) + col),
            Variant("sequence_mask_into", "numexpr",
                    lambda: evaluate("p < n", out=mask, p=positions, n=lengths), expected_mask),
            Variant("sequence_mask_alloc", "numexpr", lambda: evaluate("p < n", p=positions, n=lengths),
                    expected_mask),
        ]
    return variants


def transpose():
    variants = []
    for side in (4096, 1000):
        uniform = uniform_arrays(side)
        a, b = uniform(side, side), uniform(side, side)
        z = np.empty((side, side), np.float32)
        expected = a.astype(np.float64) + b.T
        name = f"transpose_add_{side}"
        variants += [
            Variant(f"{name}_into", "numpy", lambda a=a, b=b, z=z: np.add(a, b.T, out=z), expected),
            Variant(f"{name}_alloc", "numpy", lambda a=a, b=b: a + b.T, expected),
        ]
        if numexpr:
            variants += [
                Variant(f"{name}_into", "numexpr", lambda a=a, b=b, z=z: evaluate("a + bt", out=z, a=a, bt=b.T),
                        expected),
                Variant(f"{name}_alloc", "numexpr", lambda a=a, b=b: evaluate("a + bt", a=a, bt=b.T), expected),
            ]
    return variants


def reductions():
    uniform = uniform_arrays(3)
    x, a, b = uniform(SIDE, SIDE), uniform(FLAT), uniform(FLAT)
    sums = np.empty(SIDE, np.float32)
    x64 = x.astype(np.float64)
    row_sums, column_sums = x64.sum(axis=1), x64.sum(axis=0)
    dot_sum = np.array(np.dot(a.astype(np.float64), b))
    variants = [
        Variant("row_sums", "numpy", lambda: np.sum(x, axis=1, out=sums), row_sums, 1e-3),
        Variant("column_sums", "numpy", lambda: np.sum(x, axis=0, out=sums), column_sums, 1e-3),
        # Sums of 2^24 terms in float32 drift by more than 1e-3 of a sum near zero: checked to 1.
        Variant("dot_sum", "numpy", lambda: np.sum(a * b), dot_sum, 1.0),
    ]
    if numexpr:
        variants += [
            Variant("row_sums", "numexpr", lambda: evaluate("sum(x, axis=1)", x=x), row_sums, 1e-3),
            Variant("column_sums", "numexpr", lambda: evaluate("sum(x, axis=0)", x=x), column_sums, 1e-3),
            Variant("dot_sum", "numexpr", lambda: evaluate("sum(a * b)", a=a, b=b), dot_sum, 1.0),
        ]
    return variants


def products():
    uniform = uniform_arrays(4)
    a, b = uniform(1024, 1024), uniform(1024, 1024)
    c = np.empty((1024, 1024), np.float32)
    batch_a, batch_b = uniform(1, 1, 256, 256), uniform(8, 4, 256, 256)
    batch_c = np.empty((8, 4, 256, 256), np.float32)
    return [
        Variant("matmul_float32", "numpy", lambda: np.matmul(a, b, out=c), a.astype(np.float64) @ b, 1e-3),
        Variant("matmul_batched", "numpy", lambda: np.matmul(batch_a, batch_b, out=batch_c),
                batch_a.astype(np.float64) @ batch_b, 1e-3),
    ]


def small():
    uniform = uniform_arrays(5)
    a, b = uniform(3, 4), uniform(4)
    z = np.empty((3, 4), np.float32)
    expected = a.astype(np.float64) + b
    return [
        Variant("small_add_alloc", "numpy", lambda: np.add(a, b), expected),
        Variant("small_add_into", "numpy", lambda: np.add(a, b, out=z), expected),
    ]


def stacks():
    """Stacks of 3 x 3 matrices in float64, as bench_stacks.cpp computes them: rotations of points, and
    det, inv and solve of well-conditioned matrices (a uniform one plus 4 times the identity)."""
    uniform = uniform_arrays(7)
    rotations, points = uniform(3, 1, 3, 3).astype(np.float64), uniform(10 ** 5, 3, 1).astype(np.float64)
    matrices = uniform(10 ** 5, 3, 3).astype(np.float64) + 4 * np.eye(3)
    right = uniform(10 ** 5, 3).astype(np.float64)
    # The definitions, computed apart from the functions timed: the einsum of the products, and the
    # inverses by cofactors (the adjugate over the determinant).
    cofactors = np.stack([np.cross(matrices[:, (i + 1) % 3], matrices[:, (i + 2) % 3]) for i in range(3)], axis=1)
    determinants = np.einsum("nij,nij->n", matrices, cofactors) / 3
    inverses = np.swapaxes(cofactors, 1, 2) / determinants[:, None, None]
    return [
        Variant("stack_matmul", "numpy", lambda: np.matmul(rotations, points),
                np.einsum("rkij,njl->rnil", rotations, points), 1e-9, np.float64),
        Variant("stack_det", "numpy", lambda: np.linalg.det(matrices), determinants, 1e-9, np.float64),
        Variant("stack_inv", "numpy", lambda: np.linalg.inv(matrices), inverses, 1e-9, np.float64),
        Variant("stack_solve", "numpy", lambda: np.linalg.solve(matrices, right),
                np.einsum("nij,nj->ni", inverses, right), 1e-9, np.float64),
    ]


class RoundTrip(Variant):
    """A transform, checked by its inverse: `inverse(function())` must give `signal` back within 1e-9."""

    def __init__(self, operation, function, inverse, signal):
        super().__init__(operation, "numpy", function, signal, 1e-9, np.complex128)
        self.inverse = inverse

    def check(self):
        result = self.function()
        if result.dtype != np.complex128 or not np.allclose(self.inverse(result), self.expected, rtol=1e-9,
                                                            atol=1e-9):
            raise SystemExit(f"{self.operation}/numpy: the inverse transform does not give the signal back")


def transforms():
    """W14's transforms, of signals uniform in [0, 1) (both parts), as bench_fft.cpp's."""
    generator = np.random.default_rng(11)
    variants = []
    for n in FFT_LENGTHS:
        line = generator.uniform(0, 1, n) + 1j * generator.uniform(0, 1, n)
        real = line.real.copy()
        variants.append(RoundTrip(f"fft_complex_{n}", lambda line=line: np.fft.fft(line), np.fft.ifft, line))
        variants.append(RoundTrip(f"fft_real_{n}", lambda real=real: np.fft.rfft(real),
                                  lambda result, n=n: np.fft.irfft(result, n), real))
    return variants


def text():
    """W15: np.loadtxt of a CSV file of bench_text.cpp's form, written first to the temporary folder."""
    values = np.round(uniform_arrays(9, np.float64)(10 ** 5, 4) * 1000, 6)
    path = os.path.join(tempfile.gettempdir(), "loom_suite_text.csv")
    np.savetxt(path, values, fmt="%.6f", delimiter=",")
    return [Variant("loadtxt_csv", "numpy", lambda: np.loadtxt(path, delimiter=","), values, 1e-9, np.float64)]


def threaded():
    """Two threads where NumPy or numexpr has them: numexpr's own, and NumPy's matmul on OpenBLAS's."""
    uniform = uniform_arrays(6)
    a, b, c = uniform(FLAT), uniform(FLAT), uniform(FLAT)
    z = np.empty(FLAT, np.float32)
    square_a, square_b = uniform(1024, 1024), uniform(1024, 1024)
    product = np.empty((1024, 1024), np.float32)
    a64 = a.astype(np.float64)
    variants = [Variant("matmul_threads", "numpy", lambda: np.matmul(square_a, square_b, out=product),
                        square_a.astype(np.float64) @ square_b, 1e-3)]
    if numexpr:
        variants += [
            Variant("mul_add_threads", "numexpr", lambda: evaluate("a * b + c", out=z, a=a, b=b, c=c), a64 * b + c),
            Variant("exp_tanh_threads", "numexpr", lambda: evaluate("exp(a) * b + tanh(c)", out=z, a=a, b=b, c=c),
                    np.exp(a64) * b + np.tanh(c.astype(np.float64))),
        ]
    return variants


MAKERS = [fused, broadcast, transpose, reductions, products, small, stacks, transforms, text]


def openblas_threads(count):
    """Sets the threads of the OpenBLAS NumPy loaded, found among the process's mapped files. Debian's
    libblas.so.3 from OpenBLAS is a whole OpenBLAS of its own, with its own threads: each one is set."""
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "openblas" in line and ".so" in line}
    for path in paths:
        set_threads = getattr(ctypes.CDLL(path), "openblas_set_num_threads", None)
        if set_threads:
            set_threads(count)


def openblas_corenames():
    """The kernels each OpenBLAS NumPy loaded chose (openblas_get_corename), as openblas_threads finds
    them: what OPENBLAS_CORETYPE would pin, picked by OpenBLAS for this processor when it is unset."""
    with open("/proc/self/maps") as maps:
        paths = sorted({line.split()[-1] for line in maps if "openblas" in line and ".so" in line})
    names = []
    for path in paths:
        corename = getattr(ctypes.CDLL(path), "openblas_get_corename", None)
        if corename:
            corename.restype = ctypes.c_char_p
            names.append(corename().decode())
    return list(dict.fromkeys(names))


def checked(variants):
    for variant in variants:
        variant.check()  # also the first touch of every output page
    return [(v.operation, v.library, v.function) for v in variants]


def run(operations, repetitions, min_time):
    """Medians and spreads of the Python peers of `operations`, on one thread (CPU time)."""
    if numexpr:
        numexpr.set_num_threads(1)
    variants = [v for make in MAKERS for v in make() if v.operation in operations]
    return time_variants(checked(variants), repetitions, min_time)


def run_threaded(threads, repetitions, min_time):
    """Medians and spreads of the two-thread Python peers (wall time)."""
    if numexpr:
        numexpr.set_num_threads(threads)
    openblas_threads(threads)
    try:
        return time_variants(checked(threaded()), repetitions, min_time, clock=time.perf_counter)
    finally:
        openblas_threads(1)
        if numexpr:
            numexpr.set_num_threads(1)


def versions():
    return {"numpy": np.__version__, "numexpr": numexpr.__version__ if numexpr else None}
