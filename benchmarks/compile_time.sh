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
# the table gives the median user CPU time of each (the machine may be
# shared: the CPU time a compile takes moves less with the load than its
# wall time), and loom's -c times over xtensor's beside loom's targets: with
# <loom/tensor.hpp>, at most 0.8 of xtensor's time for the includes and 0.7
# for the expression; with <loom/loom.hpp>, at most 1.0 for both.
#
# Then the three first-day programs of benchmarks/first_day (an MLP's forward
# pass and loss, a heat stencil on views, a covariance from a .npy file;
# first_day/check.sh checks each against its NumPy twin), each compiled 3
# times with -c, four ways: header-only as loom is by default; with
# -DLOOM_COMPILED, the extern declarations of loom::compiled (the library's
# own build is not counted: it is built once for all of a project's files);
# with a precompiled header of <loom/loom.hpp> forced in first, as
# loom_precompile_headers and CMake do; and with both. The precompiled
# headers' own build (once per project target) is listed apart. The table
# gives the median user CPU time and the largest peak memory of each. With
# LOOM_BASELINE set to another checkout of loom, the programs are compiled
# against its headers too, and the table gives each way's ratio to that
# baseline beside the targets: at most half of the baseline's time, at most
# 400 MB.
#
# With LOOM_INSTRUCTIONS=1, the two translation units of each library are
# also compiled once more with -c, counting the instructions the compiler
# runs (perf stat's instructions:u, or where perf cannot read the counters,
# those of the compiler proper under valgrind's callgrind, some minutes
# each), with loom's ratios to xtensor's: a count moves with the code
# compiled, not with the machine's load.
#
# With LOOM_TIME_TRACE=1 and a clang compiler, the 20-op expression of each
# library and the three first-day programs are also compiled once with
# -ftime-trace, and benchmarks/time_trace.py says where each one's time goes:
# the headers read, by whose they are (loom's, the standard library's,
# xsimd's...), the templates instantiated, and the back end.
#
#   [LOOM_BASELINE=/path/to/older/loom] [LOOM_INSTRUCTIONS=1] [LOOM_TIME_TRACE=1] benchmarks/compile_time.sh [compiler [extra flags...]]
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

compile() {  # compile <library> <unit> <mode flag>, its user CPU time written to $work/usage.txt
    local flags=(-std=c++20 -O2 "${extra_flags[@]}" "$3")
    if [ -n "${include_flag[$1]}" ]; then flags+=("${include_flag[$1]}"); fi
    if [ "$3" = -c ]; then flags+=(-o "$work/out.o"); fi
    /usr/bin/time -f '%U' -o "$work/usage.txt" "$compiler" "${flags[@]}" "$work/$1_$2.cpp"
}


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
                compile "$library" "$unit" "$mode"
                times[$library,$unit,$mode]+="$(cat "$work/usage.txt") "
            done
        done
    done
done

median() {  # median <library> <unit> <mode flag>: user CPU seconds
    tr ' ' '\n' <<< "${times[$1,$2,$3]}" | sed '/^$/d' | sort -n | sed -n 2p | awk '{printf "%.2f", $1}'
}

# --- Report.

version=$("$compiler" --version | head -n 1)
echo "compile time, median of 3 user CPU times (s): $version; -std=c++20 -O2 ${extra_flags[*]}"
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

# --- Instruction counts, with LOOM_INSTRUCTIONS=1.

count_instructions() {  # count_instructions <library> <unit>: the instructions of one -c compile
    local flags=(-std=c++20 -O2 "${extra_flags[@]}" -c -o "$work/out.o")
    if [ -n "${include_flag[$1]}" ]; then flags+=("${include_flag[$1]}"); fi
    local counted
    counted=$(perf stat -x, -e instructions:u "$compiler" "${flags[@]}" "$work/$1_$2.cpp" 2>&1 >/dev/null |
        awk -F, '/instructions/ { print $1 }') || true
    if [[ "$counted" =~ ^[0-9]+$ ]]; then echo "$counted"; return; fi
    # The largest count of the processes the driver starts is the compiler proper's.
    valgrind --tool=callgrind --trace-children=yes --trace-children-skip='*/as,*/collect2,*/ld' \
        --callgrind-out-file=/dev/null "$compiler" "${flags[@]}" "$work/$1_$2.cpp" 2>&1 |
        awk '/Collected :/ { print $4 }' | sort -n | tail -n 1
}

if [ "${LOOM_INSTRUCTIONS:-0}" = 1 ]; then
    declare -A instructions
    echo
    printf '%-16s %-18s %16s %14s\n' library "translation unit" "instructions" "/ xtensor's"
    for library in "${available[@]}"; do
        for unit in "${units[@]}"; do
            instructions[$library,$unit]=$(count_instructions "$library" "$unit")
        done
    done
    for library in "${available[@]}"; do
        for unit in "${units[@]}"; do
            ratio=-
            if [[ " ${available[*]} " == *" xtensor "* ]]; then
                ratio=$(awk -v l="${instructions[$library,$unit]}" -v x="${instructions[xtensor,$unit]}" \
                    'BEGIN { printf "%.2f", l / x }')
            fi
            printf '%-16s %-18s %16s %14s\n' "${label[$library]}" "${label[$unit]}" "${instructions[$library,$unit]}" "$ratio"
        done
    done
fi

# --- Where the time goes, with LOOM_TIME_TRACE=1 and clang.

if [ "${LOOM_TIME_TRACE:-0}" = 1 ]; then
    echo
    traces=()
    for library in "${available[@]}"; do
        flags=(-std=c++20 -O2 "${extra_flags[@]}" -c -ftime-trace -ftime-trace-granularity=50 -o "$work/${library}_expression.o")
        if [ -n "${include_flag[$library]}" ]; then flags+=("${include_flag[$library]}"); fi
        "$compiler" "${flags[@]}" "$work/${library}_expression.cpp" && traces+=("$work/${library}_expression.json")
    done
    for program in mlp heat covariance; do
        "$compiler" -std=c++20 -O2 "${extra_flags[@]}" -c -ftime-trace -ftime-trace-granularity=50 -isystem "$root/include" \
            -o "$work/$program.o" "$root/benchmarks/first_day/$program.cpp" && traces+=("$work/$program.json")
    done
    if [ "${#traces[@]}" -gt 0 ]; then
        python3 "$root/benchmarks/time_trace.py" "${traces[@]}" | sed "s|$work/||"
    fi
fi

# --- The first-day programs, four ways, and against the baseline's headers when given.

baseline=${LOOM_BASELINE:-}
declare -A program_runs
programs=(mlp heat covariance)
ways=(header-only compiled pch compiled+pch)
if [ -n "$baseline" ]; then ways+=(baseline); fi

# The precompiled headers, as CMake makes them: a header that includes <loom/loom.hpp>, compiled with
# the programs' flags, and forced into each program with -include (g++ reads <name>.gch beside it,
# clang <name>.pch).
pch_suffix=gch
if "$compiler" --version | grep -q clang; then pch_suffix=pch; fi
declare -A pch_flags=([pch]="" [compiled+pch]="-DLOOM_COMPILED")
declare -A pch_usage
for way in pch compiled+pch; do
    mkdir -p "$work/$way"
    echo '#include <loom/loom.hpp>' > "$work/$way/loom_pch.hpp"
    # shellcheck disable=SC2086
    /usr/bin/time -f '%U %M' -o "$work/usage.txt" \
        "$compiler" -std=c++20 -O2 "${extra_flags[@]}" ${pch_flags[$way]} -isystem "$root/include" -x c++-header \
        "$work/$way/loom_pch.hpp" -o "$work/$way/loom_pch.hpp.$pch_suffix"
    pch_usage[$way]=$(cat "$work/usage.txt")
done

way_flags() {  # way_flags <way>: the include and macro flags of one way
    case $1 in
        header-only) echo "-isystem $root/include" ;;
        compiled) echo "-isystem $root/include -DLOOM_COMPILED" ;;
        pch) echo "-isystem $root/include -include $work/pch/loom_pch.hpp" ;;
        compiled+pch) echo "-isystem $root/include -DLOOM_COMPILED -include $work/compiled+pch/loom_pch.hpp" ;;
        baseline) echo "-isystem $baseline/include" ;;
    esac
}

for _ in 1 2 3; do
    for program in "${programs[@]}"; do
        for way in "${ways[@]}"; do
            # shellcheck disable=SC2046
            /usr/bin/time -f '%U %M' -o "$work/usage.txt" \
                "$compiler" -std=c++20 -O2 "${extra_flags[@]}" -c $(way_flags "$way") \
                "$root/benchmarks/first_day/$program.cpp" -o "$work/out.o"
            program_runs[$program,$way]+="$(cat "$work/usage.txt");"
        done
    done
done

# usage <program> <way>: median user CPU time (s) and largest peak memory (MB) of its runs.
usage() {
    local runs
    runs=$(tr ';' '\n' <<< "${program_runs[$1,$2]}" | sed '/^$/d')
    local cpu peak
    cpu=$(awk '{ printf "%.2f\n", $1 }' <<< "$runs" | sort -n | sed -n 2p)
    peak=$(awk '{ print $2 }' <<< "$runs" | sort -n | tail -n 1)
    echo "$cpu $((peak / 1024))"
}

echo
printf '%-12s %-13s %8s %10s %14s %5s\n' program way "user s" "peak MB" "/ baseline" met
for program in "${programs[@]}"; do
    for way in "${ways[@]}"; do
        read -r cpu peak <<< "$(usage "$program" "$way")"
        ratio=- met=-
        if [ "$way" != baseline ] && [ -n "$baseline" ]; then
            ratio=$(awk -v c="$cpu" -v b="$(usage "$program" baseline | cut -d' ' -f1)" 'BEGIN { printf "%.2f", c / b }')
            met=$(awk -v r="$ratio" -v p="$peak" 'BEGIN { print (r <= 0.5 && p <= 400) ? "yes" : "no" }')
        fi
        printf '%-12s %-13s %8s %10s %14s %5s\n' "$program" "$way" "$cpu" "$peak" "$ratio" "$met"
    done
done
for way in pch compiled+pch; do
    read -r cpu peak <<< "${pch_usage[$way]}"
    printf 'the precompiled <loom/loom.hpp> of %s, built once: %.2f s user, %d MB\n' "$way" "$cpu" "$((peak / 1024))"
done
echo "targets: user CPU time at most 0.5 of the baseline's, peak memory at most 400 MB"
