#!/usr/bin/env python3
"""The examples of a page of docs/, as a program whose output is compared
with the page's.

A page says which headers its examples assume ("The examples assume
`#include <loom/reduce.hpp>`, `#include <iostream>` and `using namespace
loom;`"): the program includes those alone, so that the page names the
smallest header that serves them. Each ```cpp block becomes a function of
the program, in the order of the page; a ```text block that follows it,
with nothing but blank lines between, is the output it must print. A cpp
block with no text block after it must print nothing. Two first lines of a
block are understood:

    // does not compile        the block becomes a program of its own,
                               which must fail to compile
    // NumPy: np.save(...)     NumPy runs the statement first, in the
                               examples' directory, to make a file the
                               example reads

    check_examples.py generate PAGE.md DIR
        writes DIR/examples.cpp, and DIR/refused_<n>.cpp for each block
        that does not compile; prints how many of those there are
    check_examples.py compare --program FILE [--numpy PYTHON] PAGE.md
        runs the NumPy statements and the program in a new directory, and
        compares each example's output with the page's; exits 1, naming
        the example's line and both outputs, when one differs
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

REFUSED = "// does not compile"
MARKER = "\x1f example {} \x1f\n"


def examples_of(page):
    """(line of the code, code, expected output or None) of each cpp block."""
    with open(page, encoding="utf-8") as f:
        lines = f.read().splitlines(keepends=True)
    blocks = []  # (kind, first line of the code (1-based), code, line of the opening fence, of the closing)
    i = 0
    while i < len(lines):
        fence = re.match(r"^```(\w*)\s*$", lines[i])
        if not fence:
            i += 1
            continue
        opening = i
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            i += 1
        blocks.append((fence.group(1), opening + 2, "".join(lines[opening + 1 : i]), opening, i))
        i += 1
    examples = []
    for k, (kind, line, code, _, closing) in enumerate(blocks):
        if kind != "cpp":
            continue
        expected = None
        if k + 1 < len(blocks) and blocks[k + 1][0] == "text":
            if all(not between.strip() for between in lines[closing + 1 : blocks[k + 1][3]]):
                expected = blocks[k + 1][2]
        examples.append((line, code, expected))
    return examples


def assumed_includes(page):
    """The #include lines of the page's "The examples assume" paragraph."""
    with open(page, encoding="utf-8") as f:
        match = re.search(r"The examples assume(.*?)\n\n", f.read(), re.S)
    if not match:
        sys.exit(f"{page}: no paragraph says which headers its examples assume ('The examples assume ...')")
    return re.findall(r"`(#include <[^>]+>)`", match.group(1))


def generate(page, directory):
    includes = assumed_includes(page)
    examples = examples_of(page)
    if not examples:
        sys.exit(f"{page}: no cpp example")
    where = os.path.abspath(page)
    running = [e for e in examples if not e[1].startswith(REFUSED)]
    refused = [e for e in examples if e[1].startswith(REFUSED)]
    # main first, so that the #line of each example applies to its own code alone.
    program = [*includes, "#include <cstdio>", "", "using namespace loom;", ""]
    program += [f"static void example_{n}();" for n in range(len(running))]
    program.append("int main() {")
    for n in range(len(running)):
        program.append(f'    std::printf("\\x1f example {n} \\x1f\\n");')
        program.append(f"    std::fflush(stdout);")
        program.append(f"    example_{n}();")
        program.append(f"    std::cout << std::flush;")
    program += ["}", ""]
    for n, (line, code, _) in enumerate(running):
        program += [f"static void example_{n}() {{", f'#line {line} "{where}"', code.rstrip("\n"), "}"]
    os.makedirs(directory, exist_ok=True)
    write_if_changed(os.path.join(directory, "examples.cpp"), "\n".join(program) + "\n")
    for n, (line, code, _) in enumerate(refused):
        alone = [*includes, "", "using namespace loom;", "", "int main() {", f'#line {line} "{where}"', code, "}"]
        write_if_changed(os.path.join(directory, f"refused_{n}.cpp"), "\n".join(alone) + "\n")
    print(len(refused))


def write_if_changed(path, text):
    """Writes the file only when its text changes, so that the build does not compile it again."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def compare(page, program, numpy):
    examples = [e for e in examples_of(page) if not e[1].startswith(REFUSED)]
    with tempfile.TemporaryDirectory() as work:
        for _, code, _ in examples:
            statement = re.match(r"// NumPy: (.*)", code)
            if statement:
                subprocess.run([numpy, "-c", "import numpy as np\n" + statement.group(1)], cwd=work, check=True)
        # The outputs of the pages show two threads where a number of threads is printed.
        ran = subprocess.run([os.path.abspath(program)], capture_output=True, text=True, cwd=work,
                             env=dict(os.environ, OMP_NUM_THREADS="2"))
    printed = {}
    for part in ran.stdout.split("\x1f example ")[1:]:
        number, _, output = part.partition(" \x1f\n")
        printed[int(number)] = output
    failed = False
    for n, (line, _, expected) in enumerate(examples):
        if n not in printed:
            print(f"{page}:{line}: the example did not run; the program stopped before it:\n{ran.stderr[-3000:]}")
            return 1
        if printed[n].rstrip() != (expected or "").rstrip():
            failed = True
            print(f"{page}:{line}: the example prints\n{printed[n]}\ninstead of\n{expected or ''}")
    if ran.returncode != 0 and not failed:
        print(f"{page}: the examples' program exited with {ran.returncode}:\n{ran.stderr[-3000:]}")
        return 1
    if not failed:
        print(f"{page}: {len(examples)} examples print what the page shows")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command", required=True)
    generating = commands.add_parser("generate")
    generating.add_argument("page")
    generating.add_argument("directory")
    comparing = commands.add_parser("compare")
    comparing.add_argument("--program", required=True)
    comparing.add_argument("--numpy", default="/usr/bin/python3")
    comparing.add_argument("page")
    arguments = parser.parse_args()
    if arguments.command == "generate":
        generate(arguments.page, arguments.directory)
        return 0
    return compare(arguments.page, arguments.program, arguments.numpy)


if __name__ == "__main__":
    sys.exit(main())
