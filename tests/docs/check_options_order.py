"""Checks that each options struct of include/loom (`struct <name>_options`) has its fields listed on a
page of docs/ in declaration order, the order C++20's designated initializers must give them in, with the
sentence "`<name>_options`'s fields, in the order designated initializers give them: `a`, `b` and `c`."

usage: check_options_order.py PROJECT_DIR
"""

import pathlib
import re
import sys

STRUCT = re.compile(r"^struct (\w+_options) \{\n(.*?)^\};", re.M | re.S)
MEMBER = re.compile(r"^    (?!//|/\*)[^;(]*?\b(\w+)\s*(?:=[^;]*|\{[^;]*\})?;", re.M)
LISTED = re.compile(r"`(\w+_options)`'s fields, in the order designated initializers give them: ((?:`\w+`(?:, | and )?)+)")


def declared(project):
    structs = {}
    for header in sorted((project / "include" / "loom").rglob("*.hpp")):
        for name, body in STRUCT.findall(header.read_text()):
            structs[name] = (header.relative_to(project), MEMBER.findall(body))
    return structs


def listed(project):
    pages = {}
    for page in sorted((project / "docs").glob("*.md")):
        # A sentence may be wrapped over lines: paragraphs are read as one line.
        text = re.sub(r"(?<!\n)\n(?!\n)", " ", page.read_text())
        for name, fields in LISTED.findall(text):
            pages.setdefault(name, []).append((page.relative_to(project), re.findall(r"`(\w+)`", fields)))
    return pages


def main():
    project = pathlib.Path(sys.argv[1])
    structs, pages = declared(project), listed(project)
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
    for failure in failures:
        print(failure)
    if not failures:
        print(f"the {len(structs)} options structs' fields are listed on their pages in declaration order")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
