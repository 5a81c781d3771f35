"""Checks that lists in the docs stay true to the code they describe:

  readme_options  the README's table of CMake options names every option() of CMakeLists.txt, and no other;
  options_order   each options struct of include/loom (`struct <name>_options`) has its fields listed on a
                  page of docs/ in declaration order, the order C++20's designated initializers must give
                  them in, with the sentence "`<name>_options`'s fields, in the order designated
                  initializers give them: `a`, `b` and `c`.";
  headers_page    each name docs/headers.md's table lists for a public header is declared by that header
                  alone: one translation unit per row includes the header and names every function, class
                  or type the row lists with a using-declaration (a name listed after `loom::linalg` or
                  `loom::fft` is looked up there; the row of <loom/loom.hpp>, "all of the above", takes every
                  name of the rows above), and COMPILER checks its syntax.

usage: check_pages.py PROJECT_DIR readme_options|options_order
       check_pages.py PROJECT_DIR headers_page COMPILER WORK_DIR
"""

import pathlib
import re
import subprocess
import sys

STRUCT = re.compile(r"^struct (\w+_options) \{\n(.*?)^\};", re.M | re.S)
MEMBER = re.compile(r"^    (?!//|/\*)[^;(]*?\b(\w+)\s*(?:=[^;]*|\{[^;]*\})?;", re.M)
LISTED = re.compile(r"`(\w+_options)`'s fields, in the order designated initializers give them: ((?:`\w+`(?:, | and )?)+)")
HEADER = re.compile(r"`<(loom/[a-z_]+\.hpp)>`")
TICKED = re.compile(r"`([^`]+)`")
NAME = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)(<[^>]*>)?$")
NAMESPACE = re.compile(r"^loom::([a-z_]+)$")


def readme_options(project):
    """The README's table of CMake options names every option() of CMakeLists.txt, and no other."""
    declared = set(re.findall(r"^option\((LOOM_[A-Z_]+)", (project / "CMakeLists.txt").read_text(), re.M))
    listed = set(re.findall(r"^\| `(LOOM_[A-Z_]+)` \|", (project / "README.md").read_text(), re.M))
    failures = [f"README.md's table of options lacks {name}, an option of CMakeLists.txt; add a row for it"
                for name in sorted(declared - listed)]
    failures += [f"README.md's table of options has {name}, which CMakeLists.txt does not declare; remove its row"
                 for name in sorted(listed - declared)]
    return failures, f"README.md's table of options names the {len(declared)} options of CMakeLists.txt"


def declared_options(project):
    structs = {}
    for header in sorted((project / "include" / "loom").rglob("*.hpp")):
        for name, body in STRUCT.findall(header.read_text()):
            structs[name] = (header.relative_to(project), MEMBER.findall(body))
    return structs


def listed_options(project):
    pages = {}
    for page in sorted((project / "docs").glob("*.md")):
        # A sentence may be wrapped over lines: paragraphs are read as one line.
        text = re.sub(r"(?<!\n)\n(?!\n)", " ", page.read_text())
        for name, fields in LISTED.findall(text):
            pages.setdefault(name, []).append((page.relative_to(project), re.findall(r"`(\w+)`", fields)))
    return pages


def options_order(project):
    """Each options struct's fields are listed on a page in declaration order."""
    structs, pages = declared_options(project), listed_options(project)
    failures = []
    for name, (header, members) in sorted(structs.items()):
        if not pages.get(name):
            failures.append(f"{name} ({header}) has no page listing its fields; add to its page: `{name}`'s fields, "
                            f"in the order designated initializers give them: " + ", ".join(f"`{m}`" for m in members))
        for page, fields in pages.get(name, []):
            if fields != members:
                failures.append(f"{page} lists {name}'s fields as {', '.join(fields)}; {header} declares "
                                f"{', '.join(members)}, the order designated initializers must follow")
    for name in sorted(set(pages) - set(structs)):
        failures.append(f"{', '.join(str(p) for p, _ in pages[name])} lists the fields of {name}, which no header "
                        f"declares; remove the sentence or correct the name")
    return failures, f"the {len(structs)} options structs' fields are listed on their pages in declaration order"


def header_rows(page):
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


def headers_page(project, compiler, work):
    """Each name docs/headers.md's table lists for a header is declared by that header alone."""
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    page = project / "docs" / "headers.md"
    failures = []
    every_name = []
    checked = 0
    for header, names, all_above in header_rows(page.read_text()):
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
    return failures, f"every name of docs/headers.md's {checked} rows is declared by its header alone"


CHECKS = {"readme_options": readme_options, "options_order": options_order, "headers_page": headers_page}


def main():
    project, check = pathlib.Path(sys.argv[1]), CHECKS[sys.argv[2]]
    failures, success = check(project, *sys.argv[3:])
    for failure in failures:
        print(failure)
    if not failures:
        print(success)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
