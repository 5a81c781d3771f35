"""Writes the peer suite's figures as Markdown: a header on the machine and the build, a summary of
loom's targets, a table per workload, the two-thread table. Whether a target is met is computed here from
the medians, never written by hand."""

from pathlib import Path

from suite_workloads import (LIBRARIES, ONE_THREAD_OF, OPERATIONS, REFERENCE_LIBRARIES,
                             THREADED_OPERATIONS, TWO_THREAD_SPEEDUP)

UNIT_SECONDS = {"ns": 1e-9, "ms": 1e-3}
PEERS_TO_BEAT = ["xtensor", "xarray", "eigen"]


def describe_target(operation):
    kind, value = operation.target
    text = {
        "ratio": lambda: f"≤ {value:.2f} × {operation.reference}",
        "numpy": lambda: "≤ NumPy's time",
        "ahead": lambda: "faster than every peer",
        "speed": lambda: f"≥ {value} × {operation.reference}'s speed",
        "ns": lambda: f"≤ {value} ns",
        "ratio_to": lambda: f"≤ {value[1]} × {value[0]}",
    }[kind]()
    return text if kind == "ahead" else text + "; faster than xtensor and Eigen"


def compared_with(operation):
    """The library whose time loom's target names."""
    kind, value = operation.target
    return {"numpy": "numpy", "ratio_to": value[0] if kind == "ratio_to" else None}.get(kind, operation.reference)


def within_spread(margin, keys, spreads):
    """Whether a miss by `margin` (a fraction) is smaller than the larger coefficient of variation of the
    figures at `keys`: a verdict the next run may turn."""
    return margin < max((spreads.get(key, 0.0) for key in keys), default=0.0)


def missed_by(text, margin, keys, spreads):
    return f"{text} (within the spread)" if within_spread(margin, keys, spreads) else text


def slower_than(name, peers, seconds, spreads):
    """The peers among `peers` whose median is at most loom's, each with loom's margin over it, and
    "within the spread" when within_spread says so."""
    loom = seconds[(name, "loom")]
    found = []
    for peer in sorted(peers):
        if (name, peer) not in seconds or seconds[(name, peer)] > loom:
            continue
        margin = loom / seconds[(name, peer)] - 1
        spread = ", within the spread" if within_spread(margin, [(name, peer), (name, "loom")], spreads) else ""
        found.append(f"{peer} (by {margin:.1%}{spread})")
    return found


def target_verdict(name, operation, seconds, spreads):
    """(met, what is missed) for loom on one operation, from the medians in `seconds` and the
    coefficients of variation in `spreads`."""
    loom = seconds.get((name, "loom"))
    if loom is None:
        return False, "no loom figure"
    kind, value = operation.target
    reference = seconds.get((name, operation.reference))
    keys = [(name, "loom"), (name, compared_with(operation))]
    missed = []
    if kind == "ratio" and reference and loom / reference > value:
        ratio = loom / reference
        missed.append(missed_by(f"{ratio:.2f} × {operation.reference}", ratio / value - 1, keys, spreads))
    elif kind == "numpy" and (name, "numpy") in seconds and loom > seconds[(name, "numpy")]:
        ratio = loom / seconds[(name, "numpy")]
        missed.append(missed_by(f"{ratio:.2f} × NumPy's time", ratio - 1, keys, spreads))
    elif kind == "ahead":
        peers = {library for (op, library) in seconds if op == name} - REFERENCE_LIBRARIES - {"loom"}
        if behind := slower_than(name, peers, seconds, spreads):
            missed.append("slower than " + ", ".join(behind))
    elif kind == "speed" and reference and reference / loom < value:
        speed = reference / loom
        missed.append(missed_by(f"{speed:.2f} × {operation.reference}'s speed", value / speed - 1, keys, spreads))
    elif kind == "ns" and loom / 1e-9 > value:
        missed.append(missed_by(f"{loom / 1e-9:.1f} ns", loom / 1e-9 / value - 1, keys[:1], spreads))
    elif kind == "ratio_to" and (name, value[0]) in seconds and loom / seconds[(name, value[0])] > value[1]:
        ratio = loom / seconds[(name, value[0])]
        missed.append(missed_by(f"{ratio:.2f} × {value[0]}", ratio / value[1] - 1, keys, spreads))
    if kind != "ahead" and (behind := slower_than(name, PEERS_TO_BEAT, seconds, spreads)):
        missed.append("slower than " + ", ".join(behind))
    return not missed, "; ".join(missed)


def ratio_text(operation, time, reference):
    if not reference:
        return "-"
    if operation.flops:  # a speed: the reference's time over the library's
        return f"{reference / time:.2f}"
    return f"{time / reference:.2f}"


def rate_columns(operation, time, stream):
    """GB/s (or GFLOP/s) and percent of STREAM, as table cells."""
    if operation.flops:
        return f"{operation.flops / time / 1e9:.1f} GFLOP/s", "-"
    if not operation.bytes:
        return "-", "-"
    rate = operation.bytes / time / 1e9
    percent = f"{rate / stream:.0%}" if operation.memory_bound and stream else "-"
    return f"{rate:.1f}", percent


def operation_table(name, operation, seconds, spreads, stream):
    unit = operation.unit
    reference = seconds.get((name, operation.reference))
    ratio_heading = f"× {operation.reference} (speed)" if operation.flops else f"/ {operation.reference}"
    lines = [f"| library | median ({unit}) | cv | GB/s or GFLOP/s | % STREAM | {ratio_heading} | target |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for library in LIBRARIES:
        time = seconds.get((name, library))
        if time is None:
            continue
        rate, percent = rate_columns(operation, time, stream)
        spread = spreads.get((name, library))
        target = ""
        if library == "loom" and operation.target:
            met, missed = target_verdict(name, operation, seconds, spreads)
            target = "met" if met else f"**missed**: {missed}"
        lines.append(f"| {library} | {time / UNIT_SECONDS[unit]:.3f} | "
                     f"{f'{spread:.0%}' if spread is not None else '-'} | {rate} | {percent} | "
                     f"{ratio_text(operation, time, reference)} | {target} |")
    return lines


def headline(name, operation, seconds):
    """loom's figure in the terms of its target: a ratio to what the target names, or nanoseconds."""
    loom = seconds.get((name, "loom"))
    kind, value = operation.target
    against = compared_with(operation)
    if loom is None:
        return "-"
    if kind == "ns":
        return f"{loom / 1e-9:.1f} ns"
    if kind == "speed":
        return f"{seconds[(name, against)] / loom:.2f} × {against} (speed)" if (name, against) in seconds else "-"
    return f"{loom / seconds[(name, against)]:.2f} × {against}" if (name, against) in seconds else "-"


def two_thread_speedup(name, seconds):
    """loom's time on one thread over its time on two for the two-thread operation `name`, or None."""
    single = ONE_THREAD_OF.get(name)
    if (single, "loom") not in seconds or (name, "loom") not in seconds:
        return None
    return seconds[(single, "loom")] / seconds[(name, "loom")]


def summary_table(seconds, spreads):
    lines = ["| workload | operation | loom | target | met |", "| --- | --- | ---: | --- | --- |"]
    for name, operation in OPERATIONS.items():
        met, missed = target_verdict(name, operation, seconds, spreads)
        lines.append(f"| {operation.workload} | `{name}` | {headline(name, operation, seconds)} | "
                     f"{describe_target(operation)} | {'yes' if met else f'**no**: {missed}'} |")
    for name, operation in THREADED_OPERATIONS.items():
        if operation.memory_bound:
            continue
        single = ONE_THREAD_OF[name]
        speedup = two_thread_speedup(name, seconds)
        if speedup is None:
            figure, verdict = "-", "**no**: no loom figure on one thread and on two"
        else:
            figure = f"{speedup:.2f} × one thread (speed)"
            miss = missed_by(f"{speedup:.2f} ×", TWO_THREAD_SPEEDUP / speedup - 1,
                             [(name, "loom"), (single, "loom")], spreads)
            verdict = "yes" if speedup >= TWO_THREAD_SPEEDUP else f"**no**: {miss}"
        lines.append(f"| {operation.workload} | `{name}` | {figure} | ≥ {TWO_THREAD_SPEEDUP} × `{single}`'s speed | "
                     f"{verdict} |")
    return lines


def threaded_table(seconds, spreads, stream_two_threads):
    lines = []
    for name, operation in THREADED_OPERATIONS.items():
        figures = dict(((n, library), t) for (n, library), t in seconds.items() if n == name)
        if len(figures) <= 1:
            continue
        lines += ["", f"### {operation.workload} `{name}`: {operation.description}", ""]
        no_target = operation._replace(target=None)
        lines += operation_table(name, no_target, figures, spreads, stream_two_threads)
        speedup = two_thread_speedup(name, seconds)
        if speedup is not None:
            lines += ["", f"loom on two threads: {speedup:.2f} × its speed on one (`{ONE_THREAD_OF[name]}`)."]
    return lines


NOTES = Path(__file__).with_name("suite_notes.md")


def notes_section():
    """What limits the targets a run does not meet: benchmarks/suite_notes.md, written by hand from the
    profiles it cites, under a heading of its own."""
    if not NOTES.exists():
        return []
    return ["", "## What limits the targets not met", ""] + NOTES.read_text().rstrip("\n").split("\n")


def library_order(library):
    """A library's place in the tables (LIBRARIES' order; others after them)."""
    return LIBRARIES.index(library) if library in LIBRARIES else len(LIBRARIES)


def sections(text):
    """The level-two sections of a Markdown page, as (heading, lines) in order; the lines before the
    first heading are left out."""
    found = []
    for line in text.split("\n"):
        if line.startswith("## "):
            found.append((line, [line]))
        elif found:
            found[-1][1].append(line)
    return found


def kept_sections(path, written):
    """The sections of the page at `path` that the suite does not write: those written by hand (or by
    another program) under headings of their own, which a new run keeps, after its own sections. The
    suite's own are the headings of `written` and a workload's (`## W<n>`) of an older run."""
    try:
        old = Path(path).read_text()
    except OSError:
        return []
    own = {line for line in written if line.startswith("## ")}
    kept = []
    for heading, lines in sections(old):
        workload = heading[3:].split()[0]
        if heading in own or (workload[:1] == "W" and workload[1:2].isdigit()):
            continue
        while lines and not lines[-1]:
            lines.pop()
        kept += [""] + lines
    return kept


def write(path, header, seconds, spreads, stream, huge_pages=()):
    """`stream`: STREAM triad GB/s on one thread and on two, (one, two); two may be None. `huge_pages`:
    the lines of the section that measures a workload with and without glibc's huge pages. Sections of
    the page the suite does not own are kept (kept_sections)."""
    lines = header + ["", "## loom's targets", "",
                      "Computed from the medians below: loom's time over the time of what its target names "
                      "(for products, loom's speed over OpenBLAS's), or its time.", ""]
    lines += summary_table(seconds, spreads)
    lines += notes_section()
    workload = None
    for name, operation in OPERATIONS.items():
        if operation.workload != workload:
            workload = operation.workload
            lines += ["", f"## {workload}"]
        lines += ["", f"### `{name}`: {operation.description}", ""]
        lines += operation_table(name, operation, seconds, spreads, stream[0])
    lines += ["", "## Two threads", "",
              "Wall time. The hand loops use OpenMP (`#pragma omp parallel for`), Eigen its Tensor module "
              "on a two-thread `ThreadPoolDevice` (and its own threads for the product), OpenBLAS and numexpr "
              "their own threads, NumPy OpenBLAS's for the product, loom OpenMP (`set_num_threads(2)`). "
              "% STREAM is of the two-thread triad."]
    lines += threaded_table(seconds, spreads, stream[1] or stream[0])
    lines += list(huge_pages)
    lines += kept_sections(path, lines)
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")
