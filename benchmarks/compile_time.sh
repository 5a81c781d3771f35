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
# loom is compiled twice: with <loom/tensor.hpp>, the header of tensors and
# expressions, and with <loom/loom.hpp>, all of it (docs/headers.md). Each
# unit is compiled 3 times with -fsyntax-only and 3 times with -c at -O2;
# the table gives the median wall time of each, and loom's -c times over
# xtensor's beside loom's targets: with <loom/tensor.hpp>, at most 0.8 of
# xtensor's time for the includes and 0.7 for the expression; with
# <loom/loom.hpp>, at most 1.0 for both.
#
# Then the three first-day programs of benchmarks/first_day (an MLP's forward
# pass and loss, a heat stencil on views, a covariance from a .npy file;
# first_day/check.sh checks each against its NumPy twin), each compiled 3
# times with -c: median wall time, CPU time (user + system) and peak memory.
# With LOOM_BASELINE set to another checkout of loom, they are compiled
# against its headers too, and the table gives the ratio to that baseline
# beside the targets: at most half of the baseline's time, at most 400 MB.
#
#   [LOOM_BASELINE=/path/to/older/loom] benchmarks/compile_time.sh [compiler [extra flags...]]
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

libraries=(loom_tensor loom xtensor eigen)
units=(include expression)
declare -A label=([loom_tensor]="loom tensor.hpp" [loom]="loom loom.hpp" [xtensor]="xtensor+xsimd"
                  [eigen]="eigen Tensor" [include]="includes only" [expression]="20-op expression")
# Where each library's headers are, when the compiler does not look there itself.
declare -A include_flag=([loom_tensor]="-isystem$root/include" [loom]="-isystem$root/include" [xtensor]=""
                         [eigen]="-isystem/usr/include/eigen3")

# --- The translation units: <library>_include.cpp, <library>_expression.cpp.

cat > "$work/loom_tensor_include.cpp" <<'EOF'
#include <loom/tensor.hpp>
EOF
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

cp "$work/loom_body.txt" "$work/loom_tensor_body.txt"
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
printf '%-16s %-18s %14s %8s\n' library "translation unit" -fsyntax-only -c
for library in "${available[@]}"; do
    for unit in "${units[@]}"; do
        printf '%-16s %-18s %14s %8s\n' "${label[$library]}" "${label[$unit]}" \
            "$(median "$library" "$unit" -fsyntax-only)" "$(median "$library" "$unit" -c)"
    done
done

# loom's targets, as ratios of its -c time to xtensor's.
declare -A target=([loom_tensor,include]=0.8 [loom_tensor,expression]=0.7 [loom,include]=1.0 [loom,expression]=1.0)
if [[ " ${available[*]} " == *" xtensor "* ]]; then
    echo
    printf '%-12s %-18s %26s %8s %5s\n' header "translation unit" "loom / xtensor+xsimd (-c)" target met
    for library in loom_tensor loom; do
        [[ " ${available[*]} " == *" $library "* ]] || continue
        for unit in "${units[@]}"; do
            ratio=$(awk -v l="$(median "$library" "$unit" -c)" -v x="$(median xtensor "$unit" -c)" \
                'BEGIN { printf "%.2f", l / x }')
            limit=${target[$library,$unit]}
            met=$(awk -v r="$ratio" -v t="$limit" 'BEGIN { print (r <= t) ? "yes" : "no" }')
            printf '%-12s %-18s %26s %8s %5s\n' "${label[$library]#loom }" "${label[$unit]}" "$ratio" "<= $limit" "$met"
        done
    done
fi

# --- The first-day programs, against the baseline's headers when given.

baseline=${LOOM_BASELINE:-}
declare -A program_runs
programs=(mlp heat covariance)
headers=(current)
if [ -n "$baseline" ]; then headers+=(baseline); fi
declare -A header_root=([current]="$root" [baseline]="$baseline")

for _ in 1 2 3; do
    for program in "${programs[@]}"; do
        for header in "${headers[@]}"; do
            /usr/bin/time -f '%e %U %S %M' -o "$work/usage.txt" \
                "$compiler" -std=c++20 -O2 "${extra_flags[@]}" -c -isystem "${header_root[$header]}/include" \
                "$root/benchmarks/first_day/$program.cpp" -o "$work/out.o"
            program_runs[$program,$header]+="$(cat "$work/usage.txt");"
        done
    done
done

# usage <program> <header>: median wall, median CPU (s) and largest peak memory (MB) of its runs.
usage() {
    local runs
    runs=$(tr ';' '\n' <<< "${program_runs[$1,$2]}" | sed '/^$/d')
    local wall cpu peak
    wall=$(awk '{ print $1 }' <<< "$runs" | sort -n | sed -n 2p)
    cpu=$(awk '{ printf "%.2f\n", $2 + $3 }' <<< "$runs" | sort -n | sed -n 2p)
    peak=$(awk '{ print $4 }' <<< "$runs" | sort -n | tail -n 1)
    echo "$wall $cpu $((peak / 1024))"
}

echo
printf '%-12s %-9s %8s %8s %10s %16s %5s\n' program headers wall cpu "peak MB" "wall / baseline" met
for program in "${programs[@]}"; do
    for header in "${headers[@]}"; do
        read -r wall cpu peak <<< "$(usage "$program" "$header")"
        ratio=- met=-
        if [ "$header" = current ] && [ -n "$baseline" ]; then
            ratio=$(awk -v c="$wall" -v b="$(usage "$program" baseline | cut -d' ' -f1)" 'BEGIN { printf "%.2f", c / b }')
            met=$(awk -v r="$ratio" -v p="$peak" 'BEGIN { print (r <= 0.5 && p <= 400) ? "yes" : "no" }')
        fi
        printf '%-12s %-9s %8s %8s %10s %16s %5s\n' "$program" "$header" "$wall" "$cpu" "$peak" "$ratio" "$met"
    done
done
echo "targets: wall at most 0.5 of the baseline's, peak memory at most 400 MB"
