#!/usr/bin/env python3
"""Checks that the API reference documents every function the guide pages'
tables name.

    check_reference.py XML_DIR DOCS_DIR

XML_DIR is Doxygen's XML output (the docs target writes it to
<build>/docs/xml); DOCS_DIR holds the guide pages (docs/*.md). A name is a
call written in code in a table row, `solve(a, b)` or `linalg::solve(a, b)`,
not after a dot (`np.linalg.solve(...)`, `x.sum(0)`: NumPy's names and
members), not qualified by another namespace (`std::sort(...)`), not a
variable called (a name of one letter, `t(i, j)`), another library's
member (camelCase, Eigen's `innerStride()`) or one of NOT_LOOM. It is
found when the reference documents an entity of that name in namespace
loom, in the namespace that qualifies it (loom::linalg, loom::fft) or in
the one the table's header names ("loom (namespace `loom::linalg`)"): a
function, a class (`range(...)`) or a variable, or, for an unqualified
name, a member function of one of loom's classes (`item()`). Exits 1,
naming each page, line and name not found, when one is missing.
"""

import pathlib
import re
import sys
import xml.etree.ElementTree as ElementTree

CODE = re.compile(r"`([^`]*)`")
CALL = re.compile(r"(?<![\w.:])((?:[A-Za-z_]\w*::)*)([A-Za-z_]\w*)\(")
# C++ conversions, Python's builtins and C's functions that the pages name in passing.
NOT_LOOM = {"bool", "int", "float", "double", "str", "atan2"}
TABLE_NAMESPACE = re.compile(r"namespace `(loom::\w+)`")
QUALIFIERS = {"": "loom", "loom::": "loom", "linalg::": "loom::linalg", "loom::linalg::": "loom::linalg",
              "fft::": "loom::fft", "loom::fft::": "loom::fft", "npy::": "loom::npy", "loom::npy::": "loom::npy"}


def described(compound_file):
    """Whether the compound of this XML file has a description of its own."""
    definition = ElementTree.parse(compound_file).getroot().find("compounddef")
    return any("".join(definition.find(part).itertext()).strip() for part in ("briefdescription", "detaileddescription"))


def documented(xml_dir):
    """The names Doxygen documents in each namespace, and the member
    functions of loom's classes."""
    index = ElementTree.parse(xml_dir / "index.xml").getroot()
    in_namespace, members = {}, set()
    for compound in index.iter("compound"):
        name = compound.findtext("name")
        kind = compound.get("kind")
        if kind == "namespace":
            names = in_namespace.setdefault(name, set())
            if not described(xml_dir / (compound.get("refid") + ".xml")):
                continue  # Doxygen makes no page of an undocumented namespace: its functions are not shown
            for member in compound.iter("member"):
                names.add(member.findtext("name"))
        elif kind in ("class", "struct") and name.startswith("loom::"):
            scope, _, short = name.rpartition("::")
            short = short.split("<")[0]
            in_namespace.setdefault(scope, set()).add(short)
            for member in compound.iter("member"):
                if member.get("kind") == "function":
                    members.add(member.findtext("name"))
    return in_namespace, members


def named_calls(page):
    """(line number, namespace, written name) of each call in code in a
    table row, in the namespace its qualifier, or else its table, names."""
    table_namespace = "loom"
    previous = ""
    for number, line in enumerate(page.read_text().splitlines(), 1):
        if not line.startswith("|"):
            previous = line
            continue
        if not previous.startswith("|"):  # a table's header row
            found = TABLE_NAMESPACE.search(line)
            table_namespace = found.group(1) if found else "loom"
        previous = line
        if set(line) <= set("|-: "):
            continue
        for code in CODE.findall(line):
            for qualifier, name in CALL.findall(code):
                if len(name) == 1 or name in NOT_LOOM or re.search("[a-z][A-Z]", name):
                    continue
                namespace = QUALIFIERS.get(qualifier) if qualifier else table_namespace
                if namespace is not None:  # else std::, or another library's
                    yield number, namespace, qualifier + name


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    xml_dir, docs_dir = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    in_namespace, members = documented(xml_dir)
    named, missing = set(), set()
    for page in sorted(docs_dir.glob("*.md")):
        for number, namespace, written in named_calls(page):
            name = written.rpartition("::")[2]
            named.add((namespace, name))
            if name in in_namespace.get(namespace, set()) or (name == written and name in members):
                continue
            missing.add((namespace, name))
            print(f"{page.name}:{number}: {written}(...) ({namespace}) is named in a table but is not in the API "
                  f"reference: give it a /// comment, or its namespace one in docs/api-namespaces.dox")
    print(f"{len(named) - len(missing)} of the {len(named)} names the guide pages' tables call are in the API "
          f"reference")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
