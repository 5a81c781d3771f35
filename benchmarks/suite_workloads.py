"""The peer suite's workloads: which program runs each, what it computes, the bytes or floating-point
operations one evaluation counts, its reference library, and loom's target on it.

Each entry is one benchmark operation (the part of a benchmark's name before "/<library>"); a workload of
the suite (W1, W2, ...) has one or more of them.
"""

import collections
import math

SIDE = 4096
FLAT = 1 << 24
FLOAT = 4
INT64 = 8

# What loom is held to on an operation, checked on the measured medians by suite_report.target_verdict:
#   ("ratio", r)      loom's time at most r times the reference's
#   ("numpy", None)   loom's time at most NumPy's (allocating variants: NumPy's plain expression)
#   ("ahead", None)   loom faster than every other library measured (the hand loops excepted)
#   ("speed", r)      loom's speed at least r times the reference's (products: OpenBLAS)
#   ("ns", t)         loom's time at most t nanoseconds
#   ("ratio_to", (library, r))  loom's time at most r times that library's
# Every operation also asks loom to be faster than xtensor and Eigen.
Operation = collections.namedtuple(
    "Operation", ["workload", "program", "description", "bytes", "flops", "unit", "reference", "target",
                  "memory_bound"])


def _op(workload, program, description, bytes_=None, flops=None, unit="ms", reference="hand", target=None,
        memory_bound=True):
    return Operation(workload, program, description, bytes_, flops, unit, reference, target, memory_bound)


def _into_and_alloc(workload, program, name, description, bytes_, into_target=("ratio", 1.10),
                    alloc_target=("numpy", None), memory_bound=True):
    return {
        f"{name}_into": _op(workload, program, f"{description}, into an existing result", bytes_,
                            target=into_target, memory_bound=memory_bound),
        f"{name}_alloc": _op(workload, program, f"{description}, result allocated", bytes_,
                             target=alloc_target, memory_bound=memory_bound),
    }


STACK = 10 ** 5
FLOAT64 = 8
SQUARE = SIDE * SIDE
RANK4_RESULT = 32 * 64 * 32 * 128
SMALL_MATMUL_FLOPS = 2 * 32 * 256 ** 3

OPERATIONS = {
    **_into_and_alloc("W1", "bench_fused", "mul_add", "z = a * b + c, 2^24 float32", 4 * FLAT * FLOAT),
    **_into_and_alloc("W2", "bench_fused", "hypot", "z = sqrt(a * a + b * b) * 0.5f + c, 2^24 float32",
                      4 * FLAT * FLOAT),
    **_into_and_alloc("W2e", "bench_fused", "exp_tanh", "z = exp(a) * b + tanh(c), 2^24 float32",
                      4 * FLAT * FLOAT, into_target=("ahead", None), alloc_target=("ahead", None),
                      memory_bound=False),
    **_into_and_alloc("W3", "bench_broadcast", "outer_add", "z = col + row, (4096, 1) + (1, 4096) float32",
                      (SQUARE + 2 * SIDE) * FLOAT),
    **_into_and_alloc("W4", "bench_broadcast", "add_row", "z = a + row, (4096, 4096) + (4096,) float32",
                      (2 * SQUARE + SIDE) * FLOAT),
    **_into_and_alloc("W4", "bench_broadcast", "add_column", "z = a + col, (4096, 4096) + (4096, 1) float32",
                      (2 * SQUARE + SIDE) * FLOAT),
    **_into_and_alloc("W5", "bench_broadcast", "add_rank4",
                      "z = a + b, (32, 64, 1, 128) + (64, 32, 1) -> (32, 64, 32, 128) float32",
                      (RANK4_RESULT + 32 * 64 * 128 + 64 * 32) * FLOAT),
    "add_column_in_place": _op("W6", "bench_broadcast", "a += col, (4096, 4096) += (4096, 1) float32",
                               (2 * SQUARE + SIDE) * FLOAT, target=("ratio", 1.10)),
    "row_sums": _op("W7", "bench_reductions", "z = sum(x, 1), (4096, 4096) float32, into an existing result",
                    (SQUARE + SIDE) * FLOAT, target=("ratio", 1.10)),
    "column_sums": _op("W7", "bench_reductions", "z = sum(x, 0), (4096, 4096) float32, into an existing result",
                       (SQUARE + SIDE) * FLOAT, target=("ratio", 1.10)),
    "dot_sum": _op("W7", "bench_reductions", "s = sum(a * b), 2^24 float32", 2 * FLAT * FLOAT,
                   target=("ratio", 1.10)),
    "matmul_float32": _op("W8", "bench_matmul", "C = A·B, 1024³ float32, into an existing C",
                          flops=2 * 1024 ** 3, reference="openblas", target=("speed", 0.8), memory_bound=False),
    "matmul_batched": _op("W8", "bench_matmul", "(1, 1, 256, 256) @ (8, 4, 256, 256) float32, into an existing C",
                          flops=SMALL_MATMUL_FLOPS, reference="openblas", target=("speed", 0.8),
                          memory_bound=False),
    **_into_and_alloc("W9", "bench_broadcast", "sequence_mask",
                      "mask = positions < lengths, (1, 4096) int64 < (4096, 1) int64 -> bool",
                      SQUARE + 2 * SIDE * INT64),
    "small_add_alloc": _op("W10", "bench_small", "z = a + b, (3, 4) + (4,) float32, result allocated", unit="ns",
                           target=("ns", 40), memory_bound=False),
    "small_add_into": _op("W10", "bench_small", "z = a + b, (3, 4) + (4,) float32, into an existing result",
                          unit="ns", target=("ns", 15), memory_bound=False),
    **_into_and_alloc("W11", "bench_transpose", "transpose_add_4096", "z = a + transpose(b), (4096, 4096) float32",
                      3 * SQUARE * FLOAT, into_target=("ratio_to", ("hand_tiled", 1.2)),
                      alloc_target=("ratio_to", ("hand_tiled", 1.2))),
    **_into_and_alloc("W11", "bench_transpose", "transpose_add_1000", "z = a + transpose(b), (1000, 1000) float32",
                      3 * 1000 * 1000 * FLOAT, into_target=("ratio_to", ("hand_tiled", 1.2)),
                      alloc_target=("ratio_to", ("hand_tiled", 1.2))),
    "stack_matmul": _op("W12", "bench_stacks", "matmul([3, 1, 3, 3], [N, 3, 1]), N = 10^5 float64, result allocated",
                        bytes_=(3 * STACK * 3 + STACK * 3 + 27) * FLOAT64, reference="numpy", target=("numpy", None),
                        memory_bound=False),
    "stack_det": _op("W13", "bench_stacks", "det of [N, 3, 3], N = 10^5 float64", bytes_=STACK * 10 * FLOAT64,
                     reference="numpy", target=("numpy", None), memory_bound=False),
    "stack_inv": _op("W13", "bench_stacks", "inv of [N, 3, 3], N = 10^5 float64", bytes_=STACK * 18 * FLOAT64,
                     reference="numpy", target=("numpy", None), memory_bound=False),
    "stack_solve": _op("W13", "bench_stacks", "solve([N, 3, 3], [N, 3]), N = 10^5 float64",
                       bytes_=STACK * 15 * FLOAT64, reference="numpy", target=("numpy", None), memory_bound=False),
}

# W14: fft of complex128 and rfft of float64 lines, at a small and a large power of two, lengths of
# factors 2, 3 and 5 (and 7: 441,000) and a prime; 5 n log2 n floating-point operations for fft, half
# that for rfft (the usual count, for any algorithm). Each checked by its inverse before it is timed.
FFT_LENGTHS = (4096, 1 << 20, 10 ** 6, 3 << 18, 441000, 999983)
for _n in FFT_LENGTHS:
    OPERATIONS[f"fft_complex_{_n}"] = _op("W14", "bench_fft", f"fft of {_n} complex128 points",
                                          flops=round(5 * _n * math.log2(_n)), reference="numpy",
                                          target=("numpy", None), memory_bound=False)
    OPERATIONS[f"fft_real_{_n}"] = _op("W14", "bench_fft", f"rfft of {_n} float64 points",
                                       flops=round(2.5 * _n * math.log2(_n)), reference="numpy",
                                       target=("numpy", None), memory_bound=False)

# W15: a CSV file of 10^5 rows of 4 values as np.savetxt(fmt="%.6f", delimiter=",") writes them, read into
# float64; its bytes are the file's (about 4.4 MB).
OPERATIONS["loadtxt_csv"] = _op("W15", "bench_text", "loadtxt of a CSV file, 10^5 rows of 4 float64 values",
                                reference="numpy", target=("numpy", None), memory_bound=False)

# A busy machine: bench_busy starts a busy process on every core, then times loom with its default threads
# (no set_num_threads call), the hand loop with OpenMP's default team and on one thread, and loom after
# set_num_threads(1), in that order; wall time. loom with its default threads at most 1.1 times its time on
# one thread: its threads must not make it slower where other programs keep the cores busy.
BUSY_SIZE, BUSY_SIDE = 1 << 22, 2048
for _name, _workload, _description, _bytes in (
        ("mul_add", "W1", "z = a * b + c, 2^22 float32", 4 * BUSY_SIZE * FLOAT),
        ("exp_tanh", "W2e", "z = exp(a) * b + tanh(c), 2^22 float32", 4 * BUSY_SIZE * FLOAT),
        ("column_sums", "W7", f"z = sum(x, 0), ({BUSY_SIDE}, {BUSY_SIDE}) float32",
         (BUSY_SIDE * BUSY_SIDE + BUSY_SIDE) * FLOAT)):
    OPERATIONS[f"{_name}_busy"] = _op(_workload, "bench_busy", f"{_description}, a busy process on every core",
                                      _bytes, reference="loom_one_thread",
                                      target=("ratio_to", ("loom_one_thread", 1.1)), memory_bound=False)

# Two threads where a library has them; wall time. Their reference is the hand loop with OpenMP.
THREADED_OPERATIONS = {
    "mul_add_threads": _op("W1", "bench_threads", "z = a * b + c, 2^24 float32", 4 * FLAT * FLOAT),
    "exp_tanh_threads": _op("W2e", "bench_threads", "z = exp(a) * b + tanh(c), 2^24 float32", 4 * FLAT * FLOAT,
                            memory_bound=False),
    "row_sums_threads": _op("W7", "bench_threads", "z = sum(x, 1), (4096, 4096) float32", (SQUARE + SIDE) * FLOAT),
    "column_sums_threads": _op("W7", "bench_threads", "z = sum(x, 0), (4096, 4096) float32",
                               (SQUARE + SIDE) * FLOAT),
    "dot_sum_threads": _op("W7", "bench_threads", "s = sum(a * b), 2^24 float32", 2 * FLAT * FLOAT),
    "matmul_threads": _op("W8", "bench_threads", "C = A·B, 1024³ float32", flops=2 * 1024 ** 3,
                          reference="openblas", memory_bound=False),
}

# The one-thread operation each two-thread one repeats: suite_report gives loom's speed-up over it, and
# holds the compute-bound ones to TWO_THREAD_SPEEDUP. A memory-bound one gains what the second core adds
# to the memory bandwidth; the % STREAM of its table is a reference, not a ceiling (streamed stores,
# reductions that write no array and the caches take loom above it).
ONE_THREAD_OF = {
    "mul_add_threads": "mul_add_into",
    "exp_tanh_threads": "exp_tanh_into",
    "row_sums_threads": "row_sums",
    "column_sums_threads": "column_sums",
    "dot_sum_threads": "dot_sum",
    "matmul_threads": "matmul_float32",
}
TWO_THREAD_SPEEDUP = 1.8

# Each program and the benchmarks of it the suite runs (a Google Benchmark filter; None: all of them).
PROGRAMS = {
    "bench_stream": None,
    "bench_fused": None,
    "bench_broadcast": None,
    "bench_transpose": None,
    "bench_reductions": "^(row_sums|column_sums|dot_sum)/",
    "bench_matmul": "^matmul_(float32|batched)/",
    "bench_small": "^small_add_",
    "bench_stacks": None,
    "bench_fft": "^fft_(complex|real)_(" + "|".join(str(n) for n in FFT_LENGTHS) + ")/",
    "bench_text": None,
    "bench_threads": None,
    "bench_busy": None,
}
# The programs whose benchmarks run in the order they are registered, not interleaved at random:
# bench_busy's set_num_threads(1) ends loom's default thread count for the rest of the program.
IN_ORDER = {"bench_busy"}

# The workload measured with and without glibc's huge pages (suite.py's Note [suite environment]):
# (program, Google Benchmark filter). Allocating a result is where 4 KiB pages cost most.
HUGE_PAGE_WORKLOAD = ("bench_fused", "^mul_add_alloc/")

# The order of the libraries in each table: references first, then loom, then its peers.
LIBRARIES = ["hand", "hand_openmp", "hand_tiled", "openblas", "loom", "loom_one_thread", "xtensor", "xarray", "eigen",
             "libtorch", "numpy", "numexpr"]
REFERENCE_LIBRARIES = {"hand", "hand_openmp", "hand_tiled", "openblas", "loom_one_thread"}
