"""Checks that the README's table of CMake options names every option() of the top-level CMakeLists.txt,
and no option that file does not have.

usage: check_readme_options.py PROJECT_DIR
"""

import pathlib
import re
import sys


def main():
    project = pathlib.Path(sys.argv[1])
    declared = set(re.findall(r"^option\((LOOM_[A-Z_]+)", (project / "CMakeLists.txt").read_text(), re.M))
    listed = set(re.findall(r"^\| `(LOOM_[A-Z_]+)` \|", (project / "README.md").read_text(), re.M))
    failures = [f"README.md's table of options lacks {name}, an option of CMakeLists.txt; add a row for it"
                for name in sorted(declared - listed)]
    failures += [f"README.md's table of options has {name}, which CMakeLists.txt does not declare; remove its row"
                 for name in sorted(listed - declared)]
    for failure in failures:
        print(failure)
    if not failures:
        print(f"README.md's table of options names the {len(declared)} options of CMakeLists.txt")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
