#!/usr/bin/env python3
"""Where a clang compile's time goes, from the JSON that `clang++ -ftime-trace` writes beside the
object: the front end (reading headers, grouped by where they come from, and instantiating
templates) against the back end (optimising and generating code), and the templates and functions
that cost the most. compile_time.sh calls it with LOOM_TIME_TRACE=1; alone:

    benchmarks/time_trace.py unit.json [more.json ...]

Header and function times are exclusive: an event's own time, without the events nested in it (a
header's parse time without the headers it includes). Instantiations are counted from the outermost
ones, each with all it triggers. The object's code size is read beside the trace (x.o for x.json)."""

import json
import re
import subprocess
import sys
from collections import Counter


def events(trace):
    """The trace's complete events ("ph": "X") of the compiling thread, in start order."""
    found = [e for e in trace["traceEvents"] if e.get("ph") == "X" and not e["name"].startswith("Total ")]
    return sorted(found, key=lambda e: (e["ts"], -e["dur"]))


def exclusive(found, names):
    """(event, exclusive microseconds) of the events named in `names`, each without the time of the
    events of those names nested in it."""
    chosen = [e for e in found if e["name"] in names]
    own = {}
    stack = []
    for e in chosen:
        while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
            stack.pop()
        own[id(e)] = e["dur"]
        if stack:
            own[id(stack[-1])] -= e["dur"]
        stack.append(e)
    return [(e, own[id(e)]) for e in chosen]


def origin(header):
    """Who a header belongs to: loom, xtensor, xsimd, Eigen, the C++ standard library, or the system."""
    for name, pattern in (("loom", r"/loom/"), ("xtensor", r"/xtensor/|/xtl/"), ("xsimd", r"/xsimd/"),
                          ("eigen", r"/eigen3/|/Eigen/|/unsupported/"), ("C++ standard library", r"/c\+\+/")):
        if re.search(pattern, header):
            return name
    return "system (C library, compiler intrinsics)"


def totals(trace):
    """The trace's own 'Total ...' events, in seconds, by name."""
    return {e["name"][6:]: e["dur"] / 1e6 for e in trace["traceEvents"] if e.get("name", "").startswith("Total ")}


def outermost(found, names):
    """(event, microseconds) of the events named in `names` that no other of them contains: the
    instantiations the code itself asks for, each with all those it triggers."""
    chosen = [e for e in found if e["name"] in names]
    kept, end = [], -1
    for e in chosen:
        if e["ts"] >= end:
            kept.append((e, e["dur"]))
            end = e["ts"] + e["dur"]
    return kept


def demangled(names):
    """`names` demangled by c++filt, where it is installed; as they are otherwise."""
    try:
        result = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return list(names)
    return result.stdout.split("\n")[: len(names)]


def unqualified_template(detail):
    """A function's or class's name without its template arguments and parameters."""
    depth, name = 0, ""
    for ch in detail:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif depth == 0:
            if ch == "(":
                break
            name += ch
    return name.strip()


def code_bytes(path):
    """The code (text) bytes of the object beside the trace (x.json, x.o), or None."""
    try:
        result = subprocess.run(["size", path[: -len(".json")] + ".o"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return int(result.stdout.split("\n")[1].split()[0])


def report(path):
    with open(path) as f:
        trace = json.load(f)
    found = events(trace)
    total = totals(trace)
    code = code_bytes(path)
    print(f"{path}: {total.get('ExecuteCompiler', 0):.2f} s" + (f", {code / 1024:.0f} KB of code" if code else ""))
    print(f"  front end {total.get('Frontend', 0):.2f} s: reading headers {total.get('Source', 0):.2f} s, "
          f"instantiating functions {total.get('InstantiateFunction', 0):.2f} s and classes "
          f"{total.get('InstantiateClass', 0):.2f} s (nested in the rest)")
    print(f"  back end {total.get('Backend', 0):.2f} s: optimising {total.get('Optimizer', 0):.2f} s, "
          f"generating code {total.get('CodeGenPasses', 0):.2f} s")

    by_origin = Counter()
    for e, own in exclusive(found, {"Source"}):
        by_origin[origin(e["args"]["detail"])] += own
    print("  reading headers, by whose they are:")
    for name, micros in by_origin.most_common():
        print(f"    {micros / 1e6:6.2f} s  {name}")

    by_template = Counter()
    for e, micros in outermost(found, {"InstantiateFunction", "InstantiateClass"}):
        by_template[unqualified_template(e["args"]["detail"])] += micros
    print("  instantiation asked for by the code itself, by template (with all it triggers):")
    for name, micros in by_template.most_common(8):
        print(f"    {micros / 1e6:6.2f} s  {name}")

    timed = exclusive(found, {"OptFunction", "CodeGen Function"})
    names = demangled([e["args"]["detail"] for e, _ in timed])
    by_function = Counter()
    for (_, own), name in zip(timed, names):
        by_function[unqualified_template(name).split(" ")[-1]] += own  # without a return type
    if by_function:
        attributed = sum(by_function.values()) / 1e6
        print(f"  optimising and generating one function at a time ({attributed:.2f} s of the back end), "
              "by function template:")
        for name, micros in by_function.most_common(8):
            print(f"    {micros / 1e6:6.2f} s  {name}")

if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for trace_path in sys.argv[1:]:
        report(trace_path)
