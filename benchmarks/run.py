#!/usr/bin/python3
"""Runs bench_elementwise and the same operations in NumPy, and prints one
table: the median time of each operation and its ratio to the hand-written
loop.

    /usr/bin/python3 benchmarks/run.py [--binary build/benchmarks/bench_elementwise]
                                       [--repetitions 9] [--min-time 0.5] [--json results.json]

Times are CPU time of the running thread, for the C++ programs (Google
Benchmark's default) and for NumPy (time.thread_time), so that a busy
machine disturbs them less than wall time would. The C++ repetitions run in
random order (--benchmark_enable_random_interleaving); NumPy's take turns.
NumPy is given arrays of the same shapes and distribution (uniform in
[-1, 1), float32), not the same values: the speed of these operations does
not depend on them.
"""

import argparse
import json
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

FLAT_SIZE = 1 << 24
SIDE = 4096
FLOAT_BYTES = 4

# Bytes each operation reads and writes, counted as in bench_elementwise.cpp.
OPERATIONS = {
    "mul_add": ("z = a * b + c, 2^24 float32", 4 * FLAT_SIZE * FLOAT_BYTES),
    "outer_add": ("z = col + row, (4096, 1) + (1, 4096) float32", (2 * SIDE + SIDE * SIDE) * FLOAT_BYTES),
    "add_in_place": ("z += a, 2^24 float32", 3 * FLAT_SIZE * FLOAT_BYTES),
    "transpose_add": ("z = transpose(a) + b, (4096, 4096) float32", 3 * SIDE * SIDE * FLOAT_BYTES),
    "strided_add": ("z = a[:, ::2] + b[:, 1::2], (4096, 4096) -> (4096, 2048) float32",
                    3 * SIDE * (SIDE // 2) * FLOAT_BYTES),
}
LIBRARIES = ["hand", "loom", "xtensor", "eigen", "numpy out=", "numpy expr"]


def run_cpp(binary, repetitions, min_time):
    command = [
        binary,
        "--benchmark_format=json",
        f"--benchmark_repetitions={repetitions}",
        f"--benchmark_min_time={min_time}",
        "--benchmark_enable_random_interleaving=true",
        "--benchmark_report_aggregates_only=true",
    ]
    print("running:", " ".join(command), file=sys.stderr)
    output = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    medians, spreads = {}, {}
    for entry in output["benchmarks"]:
        key = tuple(entry["run_name"].split("/"))
        if entry.get("aggregate_name") == "median":
            assert entry["time_unit"] == "ms", entry
            medians[key] = entry["cpu_time"] / 1e3
        elif entry.get("aggregate_name") == "cv":
            spreads[key] = entry["cpu_time"]
    return medians, spreads, output["context"]


def numpy_operations():
    """Each NumPy variant as (operation, library, function); inputs made once."""
    generator = np.random.default_rng(1)

    def uniform(*shape):
        return generator.uniform(-1.0, 1.0, shape).astype(np.float32)

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


def time_once(function, min_time):
    """CPU seconds per call, over as many calls as fill min_time."""
    calls, elapsed = 0, 0.0
    start = time.thread_time()
    while elapsed < min_time:
        function()
        calls += 1
        elapsed = time.thread_time() - start
    return elapsed / calls


def run_numpy(repetitions, min_time):
    print(f"running: NumPy {np.__version__}, {repetitions} repetitions", file=sys.stderr)
    variants = numpy_operations()
    for _, _, function in variants:
        function()  # first touch of every output page
    samples = {(operation, library): [] for operation, library, _ in variants}
    for _ in range(repetitions):
        for operation, library, function in variants:
            samples[(operation, library)].append(time_once(function, min_time))
    medians = {key: statistics.median(times) for key, times in samples.items()}
    spreads = {key: statistics.stdev(times) / statistics.mean(times) if len(times) > 1 else 0.0
               for key, times in samples.items()}
    return medians, spreads


def machine():
    description = platform.processor() or platform.machine()
    try:
        fields = dict(
            line.split(":", 1) for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines()
            if ":" in line)
        fields = {key.strip(): value.strip() for key, value in fields.items()}
        description = (f"{fields.get('Model name', description)} (family {fields.get('CPU family', '?')}), "
                       f"{fields.get('CPU(s)', '?')} cores, L1d {fields.get('L1d cache', '?')}, "
                       f"L2 {fields.get('L2 cache', '?')}, L3 {fields.get('L3 cache', '?')}")
    except OSError:
        pass
    return description


def print_table(seconds, spreads, context, repetitions):
    print(f"machine: {machine()}")
    print(f"C++: {context.get('compiler', '?')}, xtensor {context.get('xtensor', 'absent')}, "
          f"Eigen {context.get('eigen', 'absent')}; NumPy {np.__version__}")
    print(f"median CPU time of {repetitions} repetitions; cv: their standard deviation / mean; "
          "'numpy out=' passes out=, 'numpy expr' is the plain expression")
    for operation, (description, bytes_per_op) in OPERATIONS.items():
        reference = seconds.get((operation, "hand"))
        print()
        print(f"{operation}: {description}")
        print(f"  {'library':<12}{'ms/op':>9}{'cv':>7}{'GB/s':>8}{'/ hand':>9}")
        for library in LIBRARIES:
            if (operation, library) not in seconds:
                continue
            t = seconds[(operation, library)]
            ratio = f"{t / reference:.2f}" if reference else "-"
            spread = f"{spreads[(operation, library)]:.0%}" if (operation, library) in spreads else "-"
            print(f"  {library:<12}{t * 1e3:>9.2f}{spread:>7}{bytes_per_op / t / 1e9:>8.1f}{ratio:>9}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default="build/benchmarks/bench_elementwise")
    parser.add_argument("--repetitions", type=int, default=9)
    parser.add_argument("--min-time", type=float, default=0.5, help="seconds per repetition of each benchmark")
    parser.add_argument("--json", help="also write every median (seconds) to this file")
    arguments = parser.parse_args()

    seconds, spreads, context = run_cpp(arguments.binary, arguments.repetitions, arguments.min_time)
    numpy_seconds, numpy_spreads = run_numpy(arguments.repetitions, arguments.min_time)
    seconds.update(numpy_seconds)
    spreads.update(numpy_spreads)
    print_table(seconds, spreads, context, arguments.repetitions)
    if arguments.json:
        with open(arguments.json, "w") as out:
            json.dump({"context": context, "numpy": np.__version__,
                       "median_seconds": {f"{op}/{lib}": t for (op, lib), t in seconds.items()}}, out, indent=2)


if __name__ == "__main__":
    main()
