#!/usr/bin/python3
"""The peer suite in one command: configures a benchmark build (if the build directory has none), builds
the programs the suite runs, runs them and the NumPy and numexpr peers, and writes docs/performance.md.

    /usr/bin/python3 benchmarks/suite.py [--optimization 3] [--build-dir build-bench] [--jobs N] [--runs 2]
                                         [--repetitions 5] [--min-time 0.2] [--output docs/performance.md]

The C++ programs are compiled -O3 -march=native; with --optimization 2, -O2 -march=native, as most projects and
CMake's RelWithDebInfo build, in build-bench-O2, the report going to docs/performance-O2.md.

The workloads, their programs and loom's targets are in suite_workloads.py; the Python peers in
suite_python.py; the Markdown in suite_report.py. Medians of --repetitions repetitions, each at least
--min-time seconds; CPU time of the running thread, wall time for the two-thread runs and STREAM.

Every library runs in the same environment (Note [suite environment]): the suite starts itself again in
it before NumPy loads. Every program and the Python peers run --runs times, one after the other (all of
them once, then all again), and each library's figure is the lower of its medians over those runs.
"""

import os
import sys

# Note [suite environment]: every library's large buffers on transparent huge pages, and OpenBLAS
# choosing its own kernels for this processor.
# - glibc.malloc.hugetlb=1 makes malloc advise the kernel to back its large blocks with huge pages, as
#   loom's storage and NumPy's allocator already do for theirs. Without it the hand loops', Eigen's and
#   xtensor's buffers sit on 4 KiB pages, which a machine that reclaims idle pages (DAMON's "pageout")
#   takes away between one library's turn and the next: the next turn pays a fault per page, and loom
#   looks faster than it is (the report measures one workload both ways).
# - OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, where the environment sets them, pin OpenBLAS's kernels and
#   blocking to another processor's: they are removed for the suite's own processes alone.
SUITE_ENVIRONMENT = {"GLIBC_TUNABLES": "glibc.malloc.hugetlb=1"}
UNSET_FOR_SUITE = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def suite_environment():
    """The environment every program of the suite runs in: this one, with SUITE_ENVIRONMENT's settings
    and without UNSET_FOR_SUITE's."""
    environment = {key: value for key, value in os.environ.items() if key not in UNSET_FOR_SUITE}
    environment.update(SUITE_ENVIRONMENT)
    return environment


# glibc reads its tunables, and OpenBLAS its settings, when the process starts: start again in the
# suite's environment unless this process already has it.
if any(os.environ.get(key) != value for key, value in SUITE_ENVIRONMENT.items()) or \
        any(key in os.environ for key in UNSET_FOR_SUITE):
    os.execve(sys.executable, [sys.executable, *sys.argv], suite_environment())

import argparse  # noqa: E402 (after the environment is settled)
import datetime  # noqa: E402
import json  # noqa: E402
import pathlib  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402

import run  # noqa: E402 (sets OPENBLAS_NUM_THREADS=1 before NumPy loads: one thread unless a run asks for more)
import suite_python  # noqa: E402
import suite_report  # noqa: E402
from suite_workloads import HUGE_PAGE_WORKLOAD, IN_ORDER, OPERATIONS, PROGRAMS, THREADED_OPERATIONS  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
THREADS = 2


def build(build_dir, jobs, optimization):
    # The benchmark programs' own flags come after the build type's, so -O<optimization> is the one in force.
    options = [f"-DLOOM_BENCHMARK_OPTIONS=-O{optimization};-march=native", "-DLOOM_BUILD_BENCHMARKS=ON",
               "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
    if not (build_dir / "CMakeCache.txt").exists():
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build_dir), *generator, "-DCMAKE_BUILD_TYPE=Release",
                        "-DLOOM_BUILD_TESTS=OFF", "-DLOOM_BUILD_EXAMPLES=OFF", *options], check=True)
    else:  # a build directory of the user's: only what the suite needs is switched on
        subprocess.run(["cmake", "-B", str(build_dir), *options], check=True)
    targets = [f"loom_benchmark_{program}" for program in PROGRAMS]
    subprocess.run(["cmake", "--build", str(build_dir), "--target", *targets,
                    *(["-j", str(jobs)] if jobs else [])], check=True)


def compile_flags(build_dir, source):
    """The flags a benchmark program was compiled with, from the build's compile_commands.json."""
    try:
        commands = json.loads((build_dir / "compile_commands.json").read_text())
    except OSError:
        return "?"
    command = next(c["command"] for c in commands if c["file"].endswith(source))
    kept = [flag for flag in command.split()
            if flag.startswith(("-O", "-march", "-std", "-f")) or flag in ("-DNDEBUG", "-DXTENSOR_USE_XSIMD")]
    return " ".join(kept)


def processor():
    fields = {}
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
    return (f"{fields.get('model name', '?')} (family {fields.get('cpu family', '?')}, "
            f"model {fields.get('model', '?')}), {os.cpu_count()} cores")


def header(context, build_dir, runs, repetitions, min_time, load):
    versions = suite_python.versions()
    numexpr = f"numexpr {versions['numexpr']}" if versions["numexpr"] else "numexpr absent"
    cores = ", ".join(suite_python.openblas_corenames()) or "?"
    return [
        "# Performance",
        "",
        "loom beside a plain hand-written loop (the reference), xtensor, Eigen, libtorch (where installed), "
        "NumPy and numexpr, and, for matrix products, OpenBLAS. Generated by `benchmarks/suite.py` (see "
        "`benchmarks/README.md`, \"The peer suite\"); every figure and every verdict below comes from that run.",
        "",
        f"- Date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; load average "
        f"{load[0]:.2f} when the run started (other work on the machine slows the figures and widens their spread).",
        f"- Machine: {processor()}; {run.caches(run.lscpu())}.",
        f"- Compiler: {context.get('compiler', '?')}, `{compile_flags(build_dir, 'bench_fused.cpp')}`"
        + (" (and `-fopenmp` for the two-thread programs)." if "-fopenmp" in compile_flags(build_dir, "bench_threads.cpp")
           else "; no OpenMP: the hand loops run on one thread in the two-thread table."),
        f"- Peers: xtensor {context.get('xtensor', 'absent')} with `XTENSOR_USE_XSIMD` (xsimd "
        f"{context.get('xsimd', '?')}), Eigen {context.get('eigen', 'absent')}, "
        f"libtorch {context.get('libtorch', 'absent')} (one thread, `at::set_num_threads(1)`), "
        f"{context.get('openblas', 'OpenBLAS absent')} (core: {context.get('openblas_core', '?')} in the C++ "
        f"programs, {cores} in NumPy's), NumPy {versions['numpy']}, {numexpr}.",
        "- Environment of every library, the hand loops included: `GLIBC_TUNABLES=glibc.malloc.hugetlb=1`, "
        "so that every library's large buffers are on transparent huge pages as loom's and NumPy's are "
        "(\"Huge pages\" below shows why); `OPENBLAS_CORETYPE` and `OPENBLAS_L2_SIZE` unset, so that OpenBLAS "
        "picks its kernels for this processor.",
        f"- Method: {runs} runs one after the other (every program and the Python peers once, then all "
        f"again), each the median of {repetitions} repetitions of at least {min_time} s; a library's figure is "
        "the lower of its medians over the runs, the same rule for every library, and every verdict comes "
        "from those figures. CPU time of the running thread on one thread, wall time on two. The cv column "
        "is the larger of the repetitions' coefficient of variation in the run kept and the difference "
        "between the runs' medians (over the lower); a verdict missed by less is marked \"within the "
        "spread\". Every library's result is checked against the hand loop's (for NumPy and numexpr, "
        "against float64) before it is timed. Bytes count each array read once and the result written "
        "once; % STREAM is that rate over the STREAM triad's.",
    ]


def huge_page_effect(build_dir, repetitions, min_time):
    """HUGE_PAGE_WORKLOAD's medians for every C++ library, with glibc's huge pages and without them,
    as Markdown: why the suite gives every library huge pages."""
    program, benchmark_filter = HUGE_PAGE_WORKLOAD
    binary = str(build_dir / "benchmarks" / program)
    with_pages, _, _ = run.run_cpp(binary, repetitions, min_time, benchmark_filter)
    tunables = os.environ.pop("GLIBC_TUNABLES")  # the program inherits this process's environment
    try:
        without_pages, _, _ = run.run_cpp(binary, repetitions, min_time, benchmark_filter)
    finally:
        os.environ["GLIBC_TUNABLES"] = tunables
    lines = ["", "## Huge pages", "",
             f"`{program}`, `{benchmark_filter}`, run apart from the rest: each library's median (ms) without "
             "`GLIBC_TUNABLES=glibc.malloc.hugetlb=1` and with it. Without it, malloc leaves the hand loop's, "
             "Eigen's and xtensor's buffers on 4 KiB pages while loom's storage and NumPy's allocator ask for "
             "huge pages; a machine that reclaims idle 4 KiB pages, as this one does, makes the libraries "
             "without huge pages fault their pages back in. Every other figure on this page is measured "
             "with it.", "",
             "| operation | library | without (ms) | with (ms) |", "| --- | --- | ---: | ---: |"]
    for key in sorted(with_pages, key=lambda key: (key[0], suite_report.library_order(key[1]))):
        if key in without_pages:
            lines.append(f"| `{key[0]}` | {key[1]} | {without_pages[key] * 1e3:.2f} | {with_pages[key] * 1e3:.2f} |")
    return lines


def one_run(build_dir, repetitions, min_time):
    """Every program's and every Python peer's medians and spreads once, and the programs' context."""
    seconds, spreads, context = {}, {}, {}
    for program, benchmark_filter in PROGRAMS.items():
        medians, cvs, program_context = run.run_cpp(str(build_dir / "benchmarks" / program), repetitions,
                                                    min_time, benchmark_filter, interleave=program not in IN_ORDER)
        seconds.update(medians)
        spreads.update(cvs)
        context.update(program_context)
    print("running: NumPy and numexpr", file=sys.stderr)
    for medians, cvs in (suite_python.run(set(OPERATIONS), repetitions, min_time),
                         suite_python.run_threaded(THREADS, repetitions, min_time)):
        seconds.update(medians)
        spreads.update(cvs)
    return seconds, spreads, context


def best_of(runs):
    """Each figure's lower median over `runs` (a list of (seconds, spreads)), and its spread: the larger
    of that run's coefficient of variation and the difference between the runs' medians over the lower."""
    seconds, spreads = {}, {}
    for key in set().union(*(medians for medians, _ in runs)):
        measured = [(medians[key], cvs.get(key, 0.0)) for medians, cvs in runs if key in medians]
        best, cv = min(measured)
        seconds[key] = best
        spreads[key] = max(cv, max(m for m, _ in measured) / best - 1)
    return seconds, spreads


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--optimization", type=int, choices=(2, 3), default=3,
                        help="-O level of the C++ programs: 3 writes docs/performance.md, 2 docs/performance-O2.md")
    parser.add_argument("--build-dir", type=pathlib.Path, help="default: build-bench, or build-bench-O2 for -O2")
    parser.add_argument("--jobs", type=int, help="parallel compile jobs (default: the build tool's)")
    parser.add_argument("--runs", type=int, default=2, help="runs of every program, one after the other")
    parser.add_argument("--repetitions", type=int, default=5, help="at least 2 (medians need two)")
    parser.add_argument("--min-time", type=float, default=0.2, help="seconds per repetition of each benchmark")
    parser.add_argument("--output", type=pathlib.Path, help="default: as --optimization says")
    parser.add_argument("--no-build", action="store_true", help="run the programs already built")
    arguments = parser.parse_args()
    level = "" if arguments.optimization == 3 else f"-O{arguments.optimization}"
    arguments.build_dir = arguments.build_dir or pathlib.Path("build-bench" + level)
    arguments.output = arguments.output or ROOT / "docs" / f"performance{level}.md"

    load = os.getloadavg()
    if not arguments.no_build:
        build(arguments.build_dir, arguments.jobs, arguments.optimization)
    runs, context = [], {}
    for number in range(arguments.runs):
        print(f"run {number + 1} of {arguments.runs}", file=sys.stderr)
        seconds, spreads, program_context = one_run(arguments.build_dir, arguments.repetitions, arguments.min_time)
        runs.append((seconds, spreads))
        context.update(program_context)
    seconds, spreads = best_of(runs)

    triad_bytes = 3 * (1 << 24) * 8  # bench_stream.cpp: 2^24 float64 per array, two read and one written
    stream = tuple(triad_bytes / seconds[("stream_triad", threads)] / 1e9 if ("stream_triad", threads) in seconds
                   else None for threads in ("1_thread", "2_threads"))
    lines = header(context, arguments.build_dir, arguments.runs, arguments.repetitions, arguments.min_time, load)
    lines.append("- STREAM triad (`bench_stream`): " + ", ".join(
        f"{rate:.1f} GB/s on {threads}" for rate, threads in zip(stream, ("one thread", "two")) if rate) + ".")
    huge_pages = huge_page_effect(arguments.build_dir, arguments.repetitions, arguments.min_time)
    suite_report.write(arguments.output, lines, seconds, spreads, stream, huge_pages)
    missing = [name for name in list(OPERATIONS) + list(THREADED_OPERATIONS)
               if not any(op == name for op, _ in seconds)]
    if missing:
        print("no figures for:", ", ".join(missing), file=sys.stderr)
    print(f"wrote {arguments.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
