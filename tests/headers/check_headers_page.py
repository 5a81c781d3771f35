"""Checks that each name the table of docs/headers.md lists for a public header is declared by that
header alone: for each row, one translation unit includes the header and names every function, class or
type the row lists in backticks with a using-declaration, and the compiler checks its syntax. A name
listed after `loom::linalg` or `loom::fft` in a row is looked up in that namespace. The row of
<loom/loom.hpp> ("all of the above") is checked with every name of the rows above it.

usage: check_headers_page.py COMPILER PROJECT_DIR WORK_DIR
"""

import pathlib
import re
import subprocess
import sys

HEADER = re.compile(r"`<(loom/[a-z_]+\.hpp)>`")
TICKED = re.compile(r"`([^`]+)`")
NAME = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(<[^>]*>)?$")
NAMESPACE = re.compile(r"^loom::([a-z_]+)$")


def rows(page):
    """(header, [(namespace, name)]) for each row of the page's first table whose first cell names one header."""
    table = []
    in_table = False
    for line in page.splitlines():
        if line.startswith("| header | brings |"):
            in_table = True
            continue
        if in_table and not line.startswith("|"):
            break
        if not in_table or line.startswith("|---"):
            continue
        header_cell, brings_cell = line.strip("|").split("|", 1)
        headers = HEADER.findall(header_cell)
        if len(headers) != 1:
            continue
        namespace = "loom"
        names = []
        for ticked in TICKED.findall(brings_cell):
            inner = NAMESPACE.match(ticked)
            if inner:
                namespace = "loom::" + inner.group(1)
                continue
            name = NAME.match(ticked)
            if name:
                names.append((namespace, name.group(1)))
        table.append((headers[0], names, "all of the above" in brings_cell))
    return table


def compiles(compiler, project, work, header, names, unit_name):
    unit = work / (unit_name + ".cpp")
    lines = [f"#include <{header}>", "namespace listed {"]
    lines += [f"using {namespace}::{name};" for namespace, name in names]
    lines += ["}  // namespace listed", "int main() {}", ""]
    unit.write_text("\n".join(lines))
    run = subprocess.run([compiler, "-std=c++20", "-fsyntax-only", f"-I{project / 'include'}", str(unit)],
                         capture_output=True, text=True)
    return run.returncode == 0, run.stderr


def main():
    compiler, project, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    work.mkdir(parents=True, exist_ok=True)
    page = project / "docs" / "headers.md"
    failures = []
    every_name = []
    checked = 0
    for header, names, all_above in rows(page.read_text()):
        if all_above:
            names = every_name
        else:
            every_name = every_name + names
        if not names:
            continue
        stem = pathlib.Path(header).stem
        ok, errors = compiles(compiler, project, work, header, names, stem)
        checked += 1
        if ok:
            continue
        # The using-declaration of name k is on line k + 3 of the unit.
        lines = {int(line) for line in re.findall(re.escape(stem) + r"\.cpp:(\d+):\d+: error", errors)}
        missing = [f"{namespace}::{name}" for k, (namespace, name) in enumerate(names) if k + 3 in lines]
        if missing:
            failures.append(f"docs/headers.md lists {', '.join(missing)} for <{header}>, which does not declare "
                            f"{'it' if len(missing) == 1 else 'them'}: correct the spelling, or move the name to "
                            f"the row of the header that declares it")
        else:
            failures.append(f"<{header}> with the names docs/headers.md lists for it does not compile:\n{errors}")
    if checked == 0:
        failures.append("docs/headers.md has no table of headers and the names they bring")
    for failure in failures:
        print(failure)
    if not failures:
        print(f"every name of docs/headers.md's {checked} rows is declared by its header alone")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
