#!/usr/bin/env bash
# Installs the Debian packages one of loom's tasks needs, skipping those already installed:
#   bash scripts/install-deps.sh tour   build the library and run the tour (scripts/tour.sh)
#   bash scripts/install-deps.sh test   ... and build and run the tests (scripts/test.sh)
#   bash scripts/install-deps.sh ci     ... and .ci/run's other build: clang++ 14 with sanitizers, benchmarks, peers
#   bash scripts/install-deps.sh web    the broadcasting playground (scripts/build-web.sh) and its browser tests
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# xtl-dev: Debian's xsimd CMake package links to xtl without depending on it. zlib1g-dev: compressed .npz archives.
# libopenblas-dev: the reference of benchmarks/bench_matmul.cpp (and the BLAS NumPy's matmul then uses).
# libxtensor-dev and libeigen3-dev: the tests of the bridges in include/loom/interop, and peers of the benchmarks.
# python3-numexpr: a peer of benchmarks/suite.py. libomp-14-dev: OpenMP for clang++ 14, so that its build runs
# the tests with threads too. lld: links the test binaries (cmake/LoomTargetOptions.cmake), several times faster
# than GNU ld. doxygen: the API reference (the `docs` target). liblapack-dev: loom::linalg's solvers and
# decompositions (solve, inv, svd, ...), the tour's least-squares line and their tests. libopenmpi-dev: the example
# of loom inside MPI ranks (examples/mpi/) and its test, which runs two. pybind11-dev, python3-dev and libdlpack-dev:
# the example NumPy extension (examples/python/) and the tests of include/loom/interop/python.hpp.
tour_packages=(cmake ninja-build g++ libxsimd-dev xtl-dev zlib1g-dev liblapack-dev)
test_packages=("${tour_packages[@]}" libgtest-dev libgmock-dev python3-numpy libxtensor-dev libeigen3-dev
    doxygen libopenmpi-dev pybind11-dev python3-dev libdlpack-dev)
ci_packages=("${test_packages[@]}" clang-14 libclang-rt-14-dev libomp-14-dev lld libbenchmark-dev libopenblas-dev
    python3-numexpr)
# emscripten compiles the playground to WebAssembly; chromium, headless with a font to draw text, runs its tests
# (driven by puppeteer-core from the npm registry, through the machine's Node.js and npm); g++ builds loom-explain
# and NumPy computes the arrays, the references of those tests.
web_packages=(g++ libxsimd-dev emscripten chromium fonts-dejavu-core python3-numpy)

case "${1-}" in
    tour) packages=("${tour_packages[@]}") ;;
    test) packages=("${test_packages[@]}") ;;
    ci) packages=("${ci_packages[@]}") ;;
    web) packages=("${web_packages[@]}") ;;
    *)
        echo "usage: bash scripts/install-deps.sh tour|test|ci|web" >&2
        exit 2
        ;;
esac

missing=()
for package in "${packages[@]}"; do
    if [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" != "install ok installed" ]]; then
        missing+=("$package")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: the packages for '$1' are installed: ${packages[*]}"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
if ((EUID == 0)); then
    as_root=()
elif command -v sudo >/dev/null; then
    as_root=(sudo)
else
    echo "install-deps: installing packages needs root; as root, run: apt-get install ${missing[*]}" >&2
    exit 1
fi
run "${as_root[@]}" apt-get update -q
run "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
