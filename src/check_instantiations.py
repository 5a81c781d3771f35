#!/usr/bin/env python3
"""Checks that loom::compiled defines exactly what the headers declare: every `extern template`
declaration of a header's LOOM_COMPILED block has its `template` definition in src/*.cpp, and src/
defines nothing the headers do not declare (a definition without its declaration would still be
compiled in every file that uses it; a declaration without its definition fails to link).

    python3 src/check_instantiations.py [loom's root]
"""
import re
import sys
from pathlib import Path


def statements(text):
    """The explicit instantiations of `text`, each on one line, without `extern`."""
    found = re.findall(r"^(?:extern )?template (?!<)[^;]*;", text, flags=re.MULTILINE)
    one_line = (" ".join(re.sub(r"^extern ", "", s).split()) for s in found)
    return {re.sub(r"\( ", "(", s) for s in one_line}


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent)
    declared = {}
    for header in sorted((root / "include" / "loom").rglob("*.hpp")):
        for block in re.findall(r"^#ifdef LOOM_COMPILED\n(.*?)^#endif", header.read_text(), re.MULTILINE | re.DOTALL):
            for s in statements(block):
                declared[s] = header.relative_to(root)
    defined = {}
    for source in sorted((root / "src").glob("*.cpp")):
        for s in statements(source.read_text()):
            defined[s] = source.relative_to(root)
    missing = sorted(set(declared) - set(defined))
    extra = sorted(set(defined) - set(declared))
    for s in missing:
        print(f"{declared[s]} declares `extern {s}`, which no file of src/ defines: add it there")
    for s in extra:
        print(f"{defined[s]} defines `{s}`, which no header declares extern: add it to the header's LOOM_COMPILED block")
    if missing or extra:
        return 1
    print(f"{len(declared)} instantiations declared extern in the headers, each defined once in src/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
