#!/bin/bash
# Builds the three first-day programs (mlp, heat, covariance), runs each and
# its NumPy twin (<name>.py, with /usr/bin/python3's NumPy), and compares
# their outputs line by line: the words must be equal and the numbers agree
# to a relative 1e-4 (float32 sums in another order). Exits 1 on a mismatch.
#
#   benchmarks/first_day/check.sh [compiler [extra flags...]]
set -euo pipefail

compiler=${1:-g++}
shift || true
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The covariance program's input: 500 rows of 6 correlated columns.
/usr/bin/python3 - "$work/data.npy" <<'PY'
import sys
import numpy as np
t = np.arange(500 * 6).reshape(500, 6)
data = np.sin(t * 0.013) + np.cos(t[:, :1] * 0.07) * np.arange(1, 7) * 0.5
np.save(sys.argv[1], data)
PY

failed=0
for program in mlp heat covariance; do
    arguments=()
    if [ "$program" = covariance ]; then arguments=("$work/data.npy"); fi
    "$compiler" -std=c++20 -O2 "$@" -I"$root/include" "$here/$program.cpp" -o "$work/$program"
    "$work/$program" "${arguments[@]}" > "$work/$program.loom"
    /usr/bin/python3 "$here/$program.py" "${arguments[@]}" > "$work/$program.numpy"
    if /usr/bin/python3 - "$work/$program.loom" "$work/$program.numpy" <<'PY'
import math, sys
loom, numpy = (open(name).read().split("\n") for name in sys.argv[1:])
def agree(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    return math.isclose(x, y, rel_tol=1e-4, abs_tol=1e-6)
ok = len(loom) == len(numpy) and all(
    len(l.split()) == len(n.split()) and all(agree(a, b) for a, b in zip(l.split(), n.split()))
    for l, n in zip(loom, numpy))
sys.exit(0 if ok else 1)
PY
    then
        echo "$program: matches NumPy"
    else
        echo "$program: DIFFERS from NumPy"
        diff "$work/$program.loom" "$work/$program.numpy" || true
        failed=1
    fi
done
exit "$failed"
