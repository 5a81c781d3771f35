#!/usr/bin/env python3
"""Checks the one-way include rule of docs/architecture.md, "Layers".

The table of that section is the rule: its rows, in order, are the folders of
include/loom/ (and `*.hpp`, the public headers directly in include/loom/), and
each row's last column names the folders its headers may include besides their
own. This script reads the table, then every
header under include/loom/, and fails, naming the file and the include, when

- a row names a folder that is not above it (the folders would not form a
  one-way order) or that is not in the table;
- a header is in a folder that the table does not have;
- a header includes a header of a folder its row does not name;
- the folders' includes form a cycle;
- a header of a folder that the public headers' row names is not reached from
  loom.hpp.

Usage: check_layers.py SOURCE_DIR (the repository's root). Exit status 0 when
the rule holds, 1 otherwise.
"""

import re
import sys
from pathlib import Path

RULE = 'docs/architecture.md, "Layers"'
PUBLIC = "*.hpp"  # the layer of the public headers, include/loom/*.hpp
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](loom/[^>"]+)[>"]')
ROW = re.compile(r'^\|\s*`([^`]+)`\s*\|.*\|([^|]*)\|\s*$')
FOLDER = re.compile(r'`([a-z_]+)/`')


def read_table(architecture):
    """The layers in order: a list of (name, allowed folders), where name is
    "core" for the folder core/ and "*.hpp" for the public headers."""
    lines = architecture.read_text(encoding="utf-8").splitlines()
    try:
        start = lines.index("## Layers")
    except ValueError:
        sys.exit(f"{architecture}: no section '## Layers', whose table is the rule this test checks")
    layers = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        match = ROW.match(line)
        if match and match.group(1) != "folder":
            layers.append((match.group(1).rstrip("/"), FOLDER.findall(match.group(2))))
    if not layers:
        sys.exit(f"{architecture}: the section '## Layers' has no table of folders")
    return layers


def check_table(layers):
    """Each row may name only folders of the table above it."""
    errors = []
    position = {name: i for i, (name, _) in enumerate(layers)}
    for i, (name, allowed) in enumerate(layers):
        for folder in allowed:
            if folder not in position:
                errors.append(f"{RULE}: the row of {shown(name)} names {folder}/, which is not a folder of the table")
            elif position[folder] >= i:
                errors.append(f"{RULE}: the row of {shown(name)} lets it include {folder}/, which is not above it; "
                              "the folders would not form a one-way order")
    return errors


def read_includes(root):
    """Every header under include/loom/: {path relative to include/: [(line number, included path)]}."""
    headers = {}
    for path in sorted((root / "include/loom").rglob("*.hpp")):
        includes = []
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = INCLUDE.match(line)
            if match:
                includes.append((number, match.group(1)))
        headers[path.relative_to(root / "include").as_posix()] = includes
    return headers


def shown(layer):
    """How a layer is named in messages: "core/", "the public headers"."""
    return "the public headers" if layer == PUBLIC else f"{layer}/"


def layer_of(header):
    """"core" for loom/core/shape.hpp, "*.hpp" for loom/tensor.hpp."""
    parts = header.split("/")
    return parts[1] if len(parts) > 2 else PUBLIC


def check_includes(layers, headers):
    errors = []
    allowed = dict(layers)
    for header, includes in headers.items():
        layer = layer_of(header)
        if layer not in allowed:
            errors.append(f"include/{header}: its folder {layer}/ is not in the table of {RULE}; add a row")
            continue
        for number, included in includes:
            target = layer_of(included)
            if target != layer and target not in allowed[layer]:
                may = ", ".join(f"{f}/" for f in allowed[layer]) or "nothing of loom"
                errors.append(f"include/{header}:{number}: includes \"{included}\", but {shown(layer)} may include "
                              f"only its own folder and {may} ({RULE})")
    return errors


def check_cycles(headers):
    """A cycle among the folders' includes, with one include for each step."""
    edges = {}
    for header, includes in headers.items():
        layer = layer_of(header)
        for number, included in includes:
            target = layer_of(included)
            if target != layer:
                edges.setdefault(layer, {}).setdefault(target, f"include/{header}:{number}")
    errors, state = [], {}

    def visit(layer, path):
        state[layer] = "open"
        for target, where in sorted(edges.get(layer, {}).items()):
            if state.get(target) == "open":
                cycle = path[path.index(target):] + [target]
                steps = [edges[a][b] for a, b in zip(cycle, cycle[1:])]
                errors.append("the folders form a cycle, " + " -> ".join(shown(c) for c in cycle) +
                              ": " + "; ".join(steps))
            elif target not in state:
                visit(target, path + [target])
        state[layer] = "done"

    for layer in sorted(edges):
        if layer not in state:
            visit(layer, [layer])
    return errors


def check_reached(layers, headers):
    """Every header of the folders the public headers' row names is reached from loom.hpp."""
    allowed = dict(layers)
    if PUBLIC not in allowed or "loom/loom.hpp" not in headers:
        return [f"{RULE}: no row for the public headers, `*.hpp`, or no include/loom/loom.hpp"]
    reached, stack = set(), ["loom/loom.hpp"]
    while stack:
        header = stack.pop()
        if header in reached or header not in headers:
            continue
        reached.add(header)
        stack.extend(included for _, included in headers[header])
    return [f"include/{header}: not included by loom/loom.hpp, directly or through another header"
            for header in headers
            if layer_of(header) in allowed[PUBLIC] + [PUBLIC] and header not in reached]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = Path(sys.argv[1])
    layers = read_table(root / "docs/architecture.md")
    headers = read_includes(root)
    errors = check_table(layers) + check_includes(layers, headers) + check_cycles(headers) + \
        check_reached(layers, headers)
    for error in errors:
        print(error)
    if errors:
        return 1
    print(f"{len(headers)} headers in {len(layers)} layers follow the one-way include rule of {RULE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
