#!/usr/bin/env python3
"""Compiles and runs the examples of a page of docs/, and compares each
one's output with the text block shown after it.

A page says which headers its examples assume ("The examples assume
`#include <loom/reduce.hpp>`, `#include <iostream>` and `using namespace
loom;`"): the examples are compiled with those headers alone, so that the
page names the smallest header that serves them. Each ```cpp block becomes
a function of one program, in the order of the page; a ```text block that
follows it, with nothing but blank lines between, is the output it must
print. A cpp block with no text block after it is compiled and run, and
must print nothing. Two first lines are understood:

    // does not compile        the block is compiled alone, and must fail
    // NumPy: np.save(...)     NumPy (/usr/bin/python3) runs the statement
                               first, in the examples' directory, to make a
                               file the example reads

    check_examples.py --compiler g++ --include DIR [--flag F ...] PAGE.md

Exits 1, naming the page, the example's line and both outputs, when an
example does not compile or prints something else.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile


def examples_of(lines):
    """(line number of the code, code, expected output or None) of each cpp block."""
    blocks = []  # (kind, first line number, text)
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        kind, start = fence.group(1), i + 1
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            i += 1
        blocks.append((kind, start + 1, "".join(lines[start:i]), start - 1, i))
        i += 1
    examples = []
    for k, (kind, line, text, _, end) in enumerate(blocks):
        if kind != "cpp":
            continue
        expected = None
        if k + 1 < len(blocks) and blocks[k + 1][0] == "text":
            between = lines[end + 1 : blocks[k + 1][3]]
            if all(not b.strip() for b in between):
                expected = blocks[k + 1][2]
        examples.append((line, text, expected))
    return examples


def assumed_includes(text):
    """The #include lines of the page's "The examples assume" paragraph."""
    match = re.search(r"The examples assume(.*?)\n\n", text, re.S)
    if not match:
        return None
    return re.findall(r"`(#include <[^>]+>)`", match.group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compiler", default="g++")
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--flag", action="append", default=[])
    parser.add_argument("page")
    arguments = parser.parse_args()

    with open(arguments.page, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines(keepends=True)
    includes = assumed_includes(text)
    if includes is None:
        print(f"{arguments.page}: no paragraph says which headers its examples assume")
        return 1
    examples = examples_of(lines)
    if not examples:
        print(f"{arguments.page}: no cpp example")
        return 1

    page = os.path.abspath(arguments.page)
    refused = [e for e in examples if e[1].startswith("// does not compile")]
    examples = [e for e in examples if not e[1].startswith("// does not compile")]
    setups = [m.group(1) for e in examples for m in [re.match(r"// NumPy: (.*)", e[1])] if m]
    # main first, so that the #line of each example applies to its own code alone.
    program = [*includes, "#include <cstdio>", "", "using namespace loom;", ""]
    program += [f"static void example_{n}();" for n in range(len(examples))]
    program.append("int main() {")
    for n in range(len(examples)):
        program.append(f'    std::printf("\\x1f example {n} \\x1f\\n"); std::fflush(stdout);')
        program.append(f"    example_{n}(); std::cout << std::flush; std::fflush(stdout);")
    program += ["}", ""]
    for n, (line, code, _) in enumerate(examples):
        program += [f"static void example_{n}() {{", f'#line {line} "{page}"', code.rstrip("\n"), "}"]

    def compile_program(work, name, program):
        source = os.path.join(work, name + ".cpp")
        with open(source, "w", encoding="utf-8") as f:
            f.write("\n".join(program) + "\n")
        command = [arguments.compiler, "-std=c++20", *(f"-I{d}" for d in arguments.include), source,
                   "-o", os.path.join(work, name), *arguments.flag]
        return subprocess.run(command, capture_output=True, text=True)

    with tempfile.TemporaryDirectory() as work:
        for line, code, _ in refused:
            alone = [*includes, "", "using namespace loom;", "", "int main() {", f'#line {line} "{page}"', code, "}"]
            if compile_program(work, "refused", alone).returncode == 0:
                print(f"{arguments.page}:{line}: the example says it does not compile, and it compiles")
                return 1
        for statement in setups:
            subprocess.run(["/usr/bin/python3", "-c", "import numpy as np\n" + statement], cwd=work, check=True)
        compiled = compile_program(work, "examples", program)
        if compiled.returncode != 0:
            print(f"{arguments.page}: the examples do not compile with {', '.join(includes)}:")
            print(compiled.stderr[:6000])
            return 1
        # The outputs of the pages show two threads where a number of threads is printed.
        environment = dict(os.environ, OMP_NUM_THREADS="2")
        ran = subprocess.run([os.path.join(work, "examples")], capture_output=True, text=True, cwd=work,
                             env=environment)
        outputs = ran.stdout.split("\x1f example ")
        printed = {}
        for part in outputs[1:]:
            number, _, output = part.partition(" \x1f\n")
            printed[int(number)] = output
        failed = False
        for n, (line, _, expected) in enumerate(examples):
            got = printed.get(n)
            if got is None:
                print(f"{arguments.page}:{line}: the example did not run (the program stopped before it):")
                print(ran.stderr[-3000:])
                return 1
            want = expected if expected is not None else ""
            if got.rstrip() != want.rstrip():
                failed = True
                print(f"{arguments.page}:{line}: the example prints\n{got}\ninstead of\n{want}")
        if ran.returncode != 0 and not failed:
            print(f"{arguments.page}: the examples' program exited with {ran.returncode}:\n{ran.stderr[-3000:]}")
            return 1
    if failed:
        return 1
    print(f"{arguments.page}: {len(examples)} examples, {sum(e[2] is not None for e in examples)} with output, "
          f"as shown, with {', '.join(includes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
