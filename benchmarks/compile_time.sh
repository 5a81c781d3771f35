#!/bin/bash
# Compile time of loom beside xtensor and Eigen's Tensor module: the median
# of 3 compilations of a translation unit that only includes the library, and
# of one that also evaluates z = a * b + c on float32, with
# g++ -std=c++20 -O2, both -fsyntax-only and a full -c.
#
#   benchmarks/compile_time.sh [compiler]      (default g++; run from anywhere)
#
# Prints a table in seconds. Each translation unit is written to a temporary
# directory; nothing is kept.
set -euo pipefail

compiler=${1:-g++}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Per library: the headers (<name>.hpp.txt) and a function that evaluates
# z = a * b + c with them (<name>.body.txt).
cat > "$work/loom.hpp.txt" <<'EOF'
#include <loom/loom.hpp>
EOF
cat > "$work/loom.body.txt" <<'EOF'
void evaluate(loom::tensor<float>& z, const loom::tensor<float>& a, const loom::tensor<float>& b,
              const loom::tensor<float>& c) {
    z = a * b + c;
}
EOF
cat > "$work/xtensor.hpp.txt" <<'EOF'
#include <xtensor/xarray.hpp>
#include <xtensor/xmath.hpp>
EOF
cat > "$work/xtensor.body.txt" <<'EOF'
#include <xtensor/xnoalias.hpp>
void evaluate(xt::xarray<float>& z, const xt::xarray<float>& a, const xt::xarray<float>& b,
              const xt::xarray<float>& c) {
    xt::noalias(z) = a * b + c;
}
EOF
cat > "$work/eigen.hpp.txt" <<'EOF'
#include <unsupported/Eigen/CXX11/Tensor>
EOF
cat > "$work/eigen.body.txt" <<'EOF'
void evaluate(Eigen::Tensor<float, 1>& z, const Eigen::Tensor<float, 1>& a, const Eigen::Tensor<float, 1>& b,
              const Eigen::Tensor<float, 1>& c) {
    z = a * b + c;
}
EOF

declare -A include_flags=(
    [loom]="-I$root/include"
    [xtensor]=""
    [eigen]="-I/usr/include/eigen3"
)

# Median wall time, in seconds, of 3 runs of the command given.
median_of_3() {
    local times=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s%N)
        "$@" > /dev/null
        end=$(date +%s%N)
        times+=("$(((end - start) / 1000000))")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 2p | awk '{printf "%.2f", $1 / 1000}'
}

load=$(cut -d' ' -f1-3 /proc/loadavg)
echo "compile time, median of 3 (seconds): $compiler -std=c++20 -O2; $(nproc) cores, load average $load"
printf '%-9s %-22s %14s %10s\n' library "translation unit" "-fsyntax-only" "-c"
for library in loom xtensor eigen; do
    cp "$work/$library.hpp.txt" "$work/${library}_include.cpp"
    cat "$work/$library.hpp.txt" "$work/$library.body.txt" > "$work/${library}_expression.cpp"
    for unit in include expression; do
        source_file="$work/${library}_${unit}.cpp"
        flags=(-std=c++20 -O2)
        if [ -n "${include_flags[$library]}" ]; then flags+=("${include_flags[$library]}"); fi
        syntax=$(median_of_3 "$compiler" "${flags[@]}" -fsyntax-only "$source_file")
        full=$(median_of_3 "$compiler" "${flags[@]}" -c "$source_file" -o "$work/out.o")
        label=$([ "$unit" = include ] && echo "includes only" || echo "+ z = a * b + c")
        printf '%-9s %-22s %14.2f %10.2f\n' "$library" "$label" "$syntax" "$full"
    done
done
