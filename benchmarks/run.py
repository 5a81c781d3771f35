#!/usr/bin/python3
"""Runs a benchmark program (bench_elementwise, bench_reductions, bench_small,
bench_matmul or bench_fft) and the same operations in NumPy, and prints one
table: the median time of each operation and its ratio to the reference, the
hand-written loop (for bench_matmul: OpenBLAS on one thread; for bench_fft:
NumPy's pocketfft).

    /usr/bin/python3 benchmarks/run.py [--binary build/benchmarks/bench_elementwise]
                                       [--repetitions 9] [--min-time 0.5] [--json results.json]

The operations are the ones the program reports (its benchmarks are named
<operation>/<library>); NumPy runs the same ones.

Times are CPU time of the running thread, for the C++ programs (Google
Benchmark's default) and for NumPy (time.thread_time), so that a busy
machine disturbs them less than wall time would. The C++ repetitions run in
random order (--benchmark_enable_random_interleaving); NumPy's take turns.
NumPy is given arrays of the same shapes and distribution (uniform in
[-1, 1), float32 or float64 as the operation says), not the same values:
the speed of these operations does not depend on them. NumPy's matmul calls
its BLAS (OpenBLAS where installed); OPENBLAS_NUM_THREADS=1 keeps it on one
thread, as bench_matmul keeps OpenBLAS.
"""

import argparse
import collections
import json
import os
import platform
import statistics
import subprocess
import sys
import time

# Before NumPy is imported: its BLAS reads this when it loads. Products are compared on one thread.
os.environ["OPENBLAS_NUM_THREADS"] = "1"

import numpy as np  # noqa: E402 (after the environment is set)

FLAT_SIZE = 1 << 24
SIDE = 4096
FLOAT_BYTES = 4
SMALL_ROWS, SMALL_COLS = 3, 4  # bench_small's small_add: (3, 4) + (4,)
SMALL_SIDE = 8  # bench_small's small_expr: (8, 8) operands
MATMUL_SIDE = 1024  # bench_matmul: m = n = k
MATMUL_FLOPS = 2 * MATMUL_SIDE ** 3

# What the table says of each operation: a description, the bytes it reads and writes (counted as in
# bench_elementwise.cpp; None where throughput means nothing), the unit its times are shown in, the
# floating-point operations it does (for GFLOP/s; None where not shown) and the library its ratios are to.
Operation = collections.namedtuple("Operation", ["description", "bytes", "unit", "flops", "reference"],
                                   defaults=(None, "hand"))
OPERATIONS = {
    # bench_elementwise
    "mul_add": Operation("z = a * b + c, 2^24 float32", 4 * FLAT_SIZE * FLOAT_BYTES, "ms"),
    "outer_add": Operation("z = col + row, (4096, 1) + (1, 4096) float32",
                           (2 * SIDE + SIDE * SIDE) * FLOAT_BYTES, "ms"),
    "add_in_place": Operation("z += a, 2^24 float32", 3 * FLAT_SIZE * FLOAT_BYTES, "ms"),
    "transpose_add": Operation("z = transpose(a) + b, (4096, 4096) float32", 3 * SIDE * SIDE * FLOAT_BYTES, "ms"),
    "strided_add": Operation("z = a[:, ::2] + b[:, 1::2], (4096, 4096) -> (4096, 2048) float32",
                             3 * SIDE * (SIDE // 2) * FLOAT_BYTES, "ms"),
    # bench_reductions
    "row_sums": Operation("z = sum(x, 1), (4096, 4096) float32", (SIDE * SIDE + SIDE) * FLOAT_BYTES, "ms"),
    "column_sums": Operation("z = sum(x, 0), (4096, 4096) float32", (SIDE * SIDE + SIDE) * FLOAT_BYTES, "ms"),
    "dot_sum": Operation("s = sum(a * b), 2^24 float32", 2 * FLAT_SIZE * FLOAT_BYTES, "ms"),
    "softmax_rows": Operation("z = softmax(x) along rows, (4096, 4096) float32", 3 * SIDE * SIDE * FLOAT_BYTES, "ms"),
    # bench_small
    "small_add_alloc": Operation("z = a + b, (3, 4) + (4,) float32, z allocated; numpy: np.add(a, b)", None, "ns"),
    "small_add_into": Operation("z = a + b, (3, 4) + (4,) float32, into an existing z; numpy: np.add(a, b, out=z)",
                                None, "ns"),
    "small_expr_alloc": Operation("z = a * b + c - d, (8, 8) float32, z allocated; numpy: a * b + c - d", None, "ns"),
    "small_expr_into": Operation("z = a * b + c - d, (8, 8) float32, into an existing z; numpy: "
                                 "np.multiply(a, b, out=z), np.add(z, c, out=z), np.subtract(z, d, out=z)",
                                 None, "ns"),
    # bench_matmul
    "matmul_float32": Operation(f"C = A·B, {MATMUL_SIDE}³ float32, row-major; numpy: np.matmul(a, b, out=c)",
                                None, "ms", MATMUL_FLOPS, "openblas"),
    "matmul_float64": Operation(f"C = A·B, {MATMUL_SIDE}³ float64, row-major; numpy: np.matmul(a, b, out=c)",
                                None, "ms", MATMUL_FLOPS, "openblas"),
    "matmul_batched": Operation("(1, 1, 256, 256) @ (8, 4, 256, 256) float32; numpy: np.matmul(a, b, out=c)",
                                None, "ms", 2 * 32 * 256 ** 3, "openblas"),
}
# bench_fft: complex128 transforms (float64 input for rfft), each against NumPy's pocketfft.
FFT_SUITE_LENGTHS = [1000000, 786432, 441000, 999983]  # the peer suite's W14, beside 4096 and 2^20
FFT_LENGTHS = [1 << e for e in range(10, 21)] + [3000, 4099] + FFT_SUITE_LENGTHS
RFFT_LENGTHS = [4096, 1 << 20] + FFT_SUITE_LENGTHS
for _n in FFT_LENGTHS:
    OPERATIONS[f"fft_complex_{_n}"] = Operation(f"fft, {_n} complex128; numpy: np.fft.fft(x)", None, "us",
                                                reference="numpy")
for _n in RFFT_LENGTHS:
    OPERATIONS[f"fft_real_{_n}"] = Operation(f"rfft, {_n} float64; numpy: np.fft.rfft(x)", None, "us",
                                             reference="numpy")
OPERATIONS["fft_square_256"] = Operation("fft2, (256, 256) complex128; numpy: np.fft.fft2(x)", None, "us",
                                         reference="numpy")
OPERATIONS["fft_columns_256"] = Operation("fft along axis 0, (256, 256) complex128; numpy: np.fft.fft(x, axis=0)",
                                          None, "us", reference="numpy")
LIBRARIES = ["openblas", "hand", "loom", "xtensor", "xarray", "eigen", "numpy out=", "numpy expr", "numpy"]
UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}  # seconds per unit, Google Benchmark's time units


def run_cpp(binary, repetitions, min_time, benchmark_filter=None, interleave=True):
    """Medians and coefficients of variation of a program's benchmarks, keyed (operation, library), and
    its context. Times are CPU time, or wall time for benchmarks timed so (named .../real_time). The
    repetitions of the benchmarks are interleaved at random unless `interleave` is false."""
    command = [
        binary,
        "--benchmark_format=json",
        f"--benchmark_repetitions={repetitions}",
        f"--benchmark_min_time={min_time}",
        f"--benchmark_enable_random_interleaving={'true' if interleave else 'false'}",
        "--benchmark_report_aggregates_only=true",
    ]
    if benchmark_filter:
        command.append(f"--benchmark_filter={benchmark_filter}")
    print("running:", " ".join(command), file=sys.stderr)
    output = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    medians, spreads = {}, {}
    for entry in output["benchmarks"]:
        parts = entry["run_name"].split("/")
        clock = "real_time" if parts[-1] == "real_time" else "cpu_time"
        key = tuple(parts[:-1] if clock == "real_time" else parts)
        if entry.get("aggregate_name") == "median":
            medians[key] = entry[clock] * UNITS[entry["time_unit"]]
        elif entry.get("aggregate_name") == "cv":
            spreads[key] = entry[clock]
    return medians, spreads, output["context"]


def uniform_arrays(seed, dtype=np.float32):
    """A function making arrays of a given shape, uniform in [-1, 1)."""
    generator = np.random.default_rng(seed)

    def uniform(*shape):
        return generator.uniform(-1.0, 1.0, shape).astype(dtype)

    return uniform


def elementwise_numpy():
    """bench_elementwise's operations in NumPy, as (operation, library, function); inputs made once."""
    uniform = uniform_arrays(1)
    a, b, c = uniform(FLAT_SIZE), uniform(FLAT_SIZE), uniform(FLAT_SIZE)
    col, row = uniform(SIDE, 1), uniform(1, SIDE)
    z = np.zeros(FLAT_SIZE, np.float32)
    outer = np.zeros((SIDE, SIDE), np.float32)
    accumulated = np.zeros(FLAT_SIZE, np.float32)
    square_a, square_b = uniform(SIDE, SIDE), uniform(SIDE, SIDE)
    square = np.zeros((SIDE, SIDE), np.float32)
    halves = np.zeros((SIDE, SIDE // 2), np.float32)

    def mul_add_out():
        np.multiply(a, b, out=z)
        np.add(z, c, out=z)

    def mul_add_expr():
        return a * b + c

    def outer_add_out():
        np.add(col, row, out=outer)

    def outer_add_expr():
        return col + row

    def add_in_place():
        np.add(accumulated, a, out=accumulated)

    def add_in_place_expr():
        nonlocal accumulated
        accumulated += a

    def transpose_add_out():
        np.add(square_a.T, square_b, out=square)

    def transpose_add_expr():
        return square_a.T + square_b

    def strided_add_out():
        np.add(square_a[:, ::2], square_b[:, 1::2], out=halves)

    def strided_add_expr():
        return square_a[:, ::2] + square_b[:, 1::2]

    return [
        ("mul_add", "numpy out=", mul_add_out),
        ("mul_add", "numpy expr", mul_add_expr),
        ("outer_add", "numpy out=", outer_add_out),
        ("outer_add", "numpy expr", outer_add_expr),
        ("add_in_place", "numpy out=", add_in_place),
        ("add_in_place", "numpy expr", add_in_place_expr),
        ("transpose_add", "numpy out=", transpose_add_out),
        ("transpose_add", "numpy expr", transpose_add_expr),
        ("strided_add", "numpy out=", strided_add_out),
        ("strided_add", "numpy expr", strided_add_expr),
    ]


def small_numpy():
    """bench_small's operations in NumPy, as (operation, library, function); inputs made once."""
    uniform = uniform_arrays(2)
    add_a, add_b = uniform(SMALL_ROWS, SMALL_COLS), uniform(SMALL_COLS)
    add_z = np.zeros((SMALL_ROWS, SMALL_COLS), np.float32)
    a, b, c, d = (uniform(SMALL_SIDE, SMALL_SIDE) for _ in range(4))
    z = np.zeros((SMALL_SIDE, SMALL_SIDE), np.float32)

    def add_alloc():
        return np.add(add_a, add_b)

    def add_into():
        np.add(add_a, add_b, out=add_z)

    def expr_alloc():
        return a * b + c - d

    def expr_into():
        np.multiply(a, b, out=z)
        np.add(z, c, out=z)
        np.subtract(z, d, out=z)

    return [
        ("small_add_alloc", "numpy", add_alloc),
        ("small_add_into", "numpy", add_into),
        ("small_expr_alloc", "numpy", expr_alloc),
        ("small_expr_into", "numpy", expr_into),
    ]


def reductions_numpy():
    """bench_reductions' operations in NumPy, as (operation, library, function); inputs made once."""
    uniform = uniform_arrays(3)
    x = uniform(SIDE, SIDE)
    a, b = uniform(FLAT_SIZE), uniform(FLAT_SIZE)
    sums = np.zeros(SIDE, np.float32)
    z = np.zeros((SIDE, SIDE), np.float32)

    def row_sums():
        np.sum(x, axis=1, out=sums)

    def column_sums():
        np.sum(x, axis=0, out=sums)

    def dot_sum():
        return np.sum(a * b)

    def softmax_rows():
        np.subtract(x, x.max(axis=1, keepdims=True), out=z)
        np.exp(z, out=z)
        np.divide(z, z.sum(axis=1, keepdims=True), out=z)

    return [
        ("row_sums", "numpy", row_sums),
        ("column_sums", "numpy", column_sums),
        ("dot_sum", "numpy", dot_sum),
        ("softmax_rows", "numpy", softmax_rows),
    ]


def matmul_numpy():
    """bench_matmul's operations in NumPy, as (operation, library, function); inputs made once."""
    variants = []
    for name, dtype in [("matmul_float32", np.float32), ("matmul_float64", np.float64)]:
        uniform = uniform_arrays(3, dtype)
        a, b = uniform(MATMUL_SIDE, MATMUL_SIDE), uniform(MATMUL_SIDE, MATMUL_SIDE)
        c = np.zeros((MATMUL_SIDE, MATMUL_SIDE), dtype)

        def matmul(a=a, b=b, c=c):
            np.matmul(a, b, out=c)

        variants.append((name, "numpy", matmul))
    uniform = uniform_arrays(4, np.float32)
    a, b = uniform(1, 1, 256, 256), uniform(8, 4, 256, 256)
    c = np.zeros((8, 4, 256, 256), np.float32)

    def batched():
        np.matmul(a, b, out=c)

    variants.append(("matmul_batched", "numpy", batched))
    return variants


def fft_numpy():
    """bench_fft's operations in NumPy, as (operation, library, function); inputs made once."""
    generator = np.random.default_rng(5)

    def signal(*shape):
        return generator.uniform(0.0, 1.0, shape) + 1j * generator.uniform(0.0, 1.0, shape)

    variants = []
    for n in FFT_LENGTHS:
        x = signal(n)
        variants.append((f"fft_complex_{n}", "numpy", lambda x=x: np.fft.fft(x)))
    for n in RFFT_LENGTHS:
        real = signal(n).real.copy()
        variants.append((f"fft_real_{n}", "numpy", lambda real=real: np.fft.rfft(real)))
    square = signal(256, 256)
    variants.append(("fft_square_256", "numpy", lambda: np.fft.fft2(square)))
    variants.append(("fft_columns_256", "numpy", lambda: np.fft.fft(square, axis=0)))
    return variants


# Which NumPy function makes the variants of each operation: only those a program reports are made and run.
NUMPY_VARIANTS = {
    **dict.fromkeys(["mul_add", "outer_add", "add_in_place", "transpose_add", "strided_add"], elementwise_numpy),
    **dict.fromkeys(["row_sums", "column_sums", "dot_sum", "softmax_rows"], reductions_numpy),
    **dict.fromkeys(["small_add_alloc", "small_add_into", "small_expr_alloc", "small_expr_into"], small_numpy),
    **dict.fromkeys(["matmul_float32", "matmul_float64", "matmul_batched"], matmul_numpy),
    **dict.fromkeys([operation for operation in OPERATIONS if operation.startswith("fft_")], fft_numpy),
}


def time_once(function, min_time, clock=time.thread_time):
    """Seconds per call (CPU time of this thread, unless another clock is given), over as many calls as
    fill min_time.

    The clock is read after batches of calls; a batch doubles while it takes
    under a millisecond, so that reading the clock (a system call) adds
    nothing noticeable to calls that take nanoseconds.
    """
    calls, batch, elapsed = 0, 1, 0.0
    start = clock()
    while elapsed < min_time:
        for _ in range(batch):
            function()
        calls += batch
        previous, elapsed = elapsed, clock() - start
        if elapsed - previous < 1e-3:
            batch *= 2
    return elapsed / calls


def run_numpy(operations, repetitions, min_time):
    """Medians and spreads of the NumPy variants of `operations`."""
    print(f"running: NumPy {np.__version__}, {repetitions} repetitions", file=sys.stderr)
    makers = list(dict.fromkeys(NUMPY_VARIANTS[operation] for operation in operations if operation in NUMPY_VARIANTS))
    variants = [variant for make in makers for variant in make() if variant[0] in operations]
    for _, _, function in variants:
        function()  # first touch of every output page
    return time_variants(variants, repetitions, min_time)


def time_variants(variants, repetitions, min_time, clock=time.thread_time):
    """Medians and spreads of (operation, library, function) variants, keyed (operation, library); the
    variants take turns, one repetition each."""
    samples = {(operation, library): [] for operation, library, _ in variants}
    for _ in range(repetitions):
        for operation, library, function in variants:
            samples[(operation, library)].append(time_once(function, min_time, clock))
    medians = {key: statistics.median(times) for key, times in samples.items()}
    spreads = {key: statistics.stdev(times) / statistics.mean(times) if len(times) > 1 else 0.0
               for key, times in samples.items()}
    return medians, spreads


def lscpu():
    """lscpu's fields ("Model name", "L1d cache", ...), or none where lscpu is missing."""
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
    except OSError:
        return {}
    return {key.strip(): value.strip() for key, value in (line.split(":", 1) for line in lines if ":" in line)}


def caches(fields):
    # Some virtual machines report no caches to lscpu (nor in /sys/devices/system/cpu/cpu0/cache).
    sizes = {name: fields.get(f"{name} cache") for name in ("L1d", "L2", "L3")}
    if not any(sizes.values()):
        return "caches not reported by lscpu"
    return ", ".join(f"{name} {size or '?'}" for name, size in sizes.items())


def machine():
    fields = lscpu()
    if not fields:
        return platform.processor() or platform.machine()
    return (f"{fields.get('Model name', '?')} (family {fields.get('CPU family', '?')}), "
            f"{fields.get('CPU(s)', '?')} cores, {caches(fields)}")


def print_table(seconds, spreads, context, repetitions):
    print(f"machine: {machine()}")
    print(f"C++: {context.get('compiler', '?')}, xtensor {context.get('xtensor', 'absent')}, "
          f"Eigen {context.get('eigen', 'absent')}, {context.get('openblas', 'OpenBLAS absent')}; "
          f"NumPy {np.__version__}")
    libraries = {library for _, library in seconds}
    legend = f"median CPU time of {repetitions} repetitions; cv: their standard deviation / mean"
    if libraries & {"numpy out=", "numpy expr"}:
        legend += "; 'numpy out=' passes out=, 'numpy expr' is the plain expression"
    if "numpy" in libraries:
        legend += "; 'numpy' is the NumPy spelling after 'numpy:' (the Python call included)"
    if any(OPERATIONS[operation].flops for operation, _ in seconds if operation in OPERATIONS):
        legend += "; 'x openblas': speed as a multiple of OpenBLAS's (its time over the library's)"
    print(legend)
    for operation, (description, bytes_per_op, unit, flops, reference_library) in OPERATIONS.items():
        if not any((operation, library) in seconds for library in LIBRARIES):
            continue
        reference = seconds.get((operation, reference_library))
        throughput = f"{'GB/s':>8}" if bytes_per_op else f"{'GFLOP/s':>9}" if flops else ""
        print()
        print(f"{operation}: {description}")
        ratio_heading = f"x {reference_library}" if flops else f"/ {reference_library}"
        print(f"  {'library':<12}{unit + '/op':>9}{'cv':>7}{throughput}{ratio_heading:>11}")
        for library in LIBRARIES:
            if (operation, library) not in seconds:
                continue
            t = seconds[(operation, library)]
            # Times over the reference's; for products, speeds over the reference's (GFLOP/s ratios).
            ratio = "-" if not reference else f"{reference / t:.2f}" if flops else f"{t / reference:.2f}"
            spread = f"{spreads[(operation, library)]:.0%}" if (operation, library) in spreads else "-"
            throughput = (f"{bytes_per_op / t / 1e9:>8.1f}" if bytes_per_op else
                          f"{flops / t / 1e9:>9.1f}" if flops else "")
            print(f"  {library:<12}{t / UNITS[unit]:>9.2f}{spread:>7}{throughput}{ratio:>11}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="build/benchmarks/bench_elementwise")
    parser.add_argument("--repetitions", type=int, default=9)
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds per repetition of each benchmark")
    parser.add_argument("--json", help="also write every median (seconds) to this file")
    arguments = parser.parse_args()

    seconds, spreads, context = run_cpp(arguments.binary, arguments.repetitions, arguments.min_time)
    operations = list(dict.fromkeys(operation for operation, _ in seconds))
    unknown = [operation for operation in operations if operation not in OPERATIONS]
    if unknown:
        sys.exit(f"run.py does not know these operations of {arguments.binary}: {', '.join(unknown)}; "
                 "add them to OPERATIONS and NUMPY_VARIANTS")
    numpy_seconds, numpy_spreads = run_numpy(operations, arguments.repetitions, arguments.min_time)
    seconds.update(numpy_seconds)
    spreads.update(numpy_spreads)
    print_table(seconds, spreads, context, arguments.repetitions)
    if arguments.json:
        with open(arguments.json, "w") as out:
            json.dump({"context": context, "numpy": np.__version__,
                       "median_seconds": {f"{op}/{lib}": t for (op, lib), t in seconds.items()}}, out, indent=2)


if __name__ == "__main__":
    main()
