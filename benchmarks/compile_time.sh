#!/bin/bash
# Compile time of loom beside xtensor (with xsimd, as its performance users
# build it) and Eigen's Tensor module, for two translation units per library:
#
#   includes only     the library's headers, nothing else
#   20-op expression  the same headers and one function evaluating a float32
#                     expression of 20 operations into an existing result:
#                     exp(a) * b + tanh(c) - sqrt(abs(d)) / (a + b)
#                       + log(abs(c) + d) * a - b * c + exp(d - a) * c
#
# Each is compiled 3 times with -fsyntax-only and 3 times with -c at -O2;
# the table gives the median wall time of each, and loom's -c times over
# xtensor's beside loom's targets (at most 0.8 of xtensor's time for the
# includes, 0.7 for the expression).
#
#   benchmarks/compile_time.sh [compiler [extra flags...]]
#
# e.g. `benchmarks/compile_time.sh clang++` or
# `benchmarks/compile_time.sh g++ -march=native`. Runs from any directory;
# the translation units are written to a temporary directory and removed.
set -euo pipefail

compiler=${1:-g++}
shift || true
extra_flags=("$@")
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

libraries=(loom xtensor eigen)
units=(include expression)
declare -A label=([loom]="loom" [xtensor]="xtensor+xsimd" [eigen]="eigen Tensor"
                  [include]="includes only" [expression]="20-op expression")
# Where each library's headers are, when the compiler does not look there itself.
declare -A include_flag=([loom]="-isystem$root/include" [xtensor]="" [eigen]="-isystem/usr/include/eigen3")

# --- The translation units: <library>_include.cpp, <library>_expression.cpp.

cat > "$work/loom_include.cpp" <<'EOF'
#include <loom/loom.hpp>
EOF
cat > "$work/loom_body.txt" <<'EOF'
void evaluate(loom::tensor<float>& z, const loom::tensor<float>& a, const loom::tensor<float>& b,
              const loom::tensor<float>& c, const loom::tensor<float>& d) {
    z = loom::exp(a) * b + loom::tanh(c) - loom::sqrt(loom::abs(d)) / (a + b) +
        loom::log(loom::abs(c) + d) * a - b * c + loom::exp(d - a) * c;
}
EOF

cat > "$work/xtensor_include.cpp" <<'EOF'
#define XTENSOR_USE_XSIMD
#include <xtensor/xarray.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
EOF
cat > "$work/xtensor_body.txt" <<'EOF'
void evaluate(xt::xarray<float>& z, const xt::xarray<float>& a, const xt::xarray<float>& b,
              const xt::xarray<float>& c, const xt::xarray<float>& d) {
    xt::noalias(z) = xt::exp(a) * b + xt::tanh(c) - xt::sqrt(xt::abs(d)) / (a + b) +
                     xt::log(xt::abs(c) + d) * a - b * c + xt::exp(d - a) * c;
}
EOF

cat > "$work/eigen_include.cpp" <<'EOF'
#include <unsupported/Eigen/CXX11/Tensor>
EOF
cat > "$work/eigen_body.txt" <<'EOF'
using tensor = Eigen::Tensor<float, 1>;
void evaluate(tensor& z, const tensor& a, const tensor& b, const tensor& c, const tensor& d) {
    z = a.exp() * b + c.tanh() - d.abs().sqrt() / (a + b) + (c.abs() + d).log() * a - b * c + (d - a).exp() * c;
}
EOF

for library in "${libraries[@]}"; do
    cat "$work/${library}_include.cpp" "$work/${library}_body.txt" > "$work/${library}_expression.cpp"
done

# --- Timing.

load=$(cut -d' ' -f1-3 /proc/loadavg)

compile() {  # compile <library> <unit> <mode flag>
    local flags=(-std=c++20 -O2 "${extra_flags[@]}" "$3")
    if [ -n "${include_flag[$1]}" ]; then flags+=("${include_flag[$1]}"); fi
    if [ "$3" = -c ]; then flags+=(-o "$work/out.o"); fi
    "$compiler" "${flags[@]}" "$work/$1_$2.cpp"
}

milliseconds() { echo $(($(date +%s%N) / 1000000)); }

# A library whose headers are missing is left out of the table.
available=()
for library in "${libraries[@]}"; do
    if compile "$library" expression -fsyntax-only 2> "$work/error.txt"; then
        available+=("$library")
    else
        echo "left out $library: $(head -n 1 "$work/error.txt")" >&2
    fi
done

# The rounds interleave the translation units, so that a change in the
# machine's load falls on all of them alike.
declare -A times
for _ in 1 2 3; do
    for library in "${available[@]}"; do
        for unit in "${units[@]}"; do
            for mode in -fsyntax-only -c; do
                start=$(milliseconds)
                compile "$library" "$unit" "$mode"
                times[$library,$unit,$mode]+="$(($(milliseconds) - start)) "
            done
        done
    done
done

median() {  # median <library> <unit> <mode flag>: seconds
    tr ' ' '\n' <<< "${times[$1,$2,$3]}" | sed '/^$/d' | sort -n | sed -n 2p | awk '{printf "%.2f", $1 / 1000}'
}

# --- Report.

version=$("$compiler" --version | head -n 1)
echo "compile time, median of 3 wall times (s): $version; -std=c++20 -O2 ${extra_flags[*]}"
echo "$(nproc) cores, load average $load before the run, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
printf '%-14s %-18s %14s %8s\n' library "translation unit" -fsyntax-only -c
for library in "${available[@]}"; do
    for unit in "${units[@]}"; do
        printf '%-14s %-18s %14s %8s\n' "${label[$library]}" "${label[$unit]}" \
            "$(median "$library" "$unit" -fsyntax-only)" "$(median "$library" "$unit" -c)"
    done
done

if [[ " ${available[*]} " == *" loom "* && " ${available[*]} " == *" xtensor "* ]]; then
    declare -A target=([include]=0.8 [expression]=0.7)
    echo
    printf '%-18s %26s %8s %5s\n' "translation unit" "loom / xtensor+xsimd (-c)" target met
    for unit in "${units[@]}"; do
        ratio=$(awk -v l="$(median loom "$unit" -c)" -v x="$(median xtensor "$unit" -c)" \
            'BEGIN { printf "%.2f", l / x }')
        met=$(awk -v r="$ratio" -v t="${target[$unit]}" 'BEGIN { print (r <= t) ? "yes" : "no" }')
        printf '%-18s %26s %8s %5s\n' "${label[$unit]}" "$ratio" "<= ${target[$unit]}" "$met"
    done
fi
