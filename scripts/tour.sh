#!/usr/bin/env bash
# Builds loom's tour (examples/tour.cpp) in ./build and runs it, installing the Debian packages it
# needs first. No arguments.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

run bash scripts/install-deps.sh tour
run cmake -S . -B build -G Ninja -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Release \
    -DLOOM_BUILD_TESTS=OFF -DLOOM_BUILD_EXAMPLES=ON
run cmake --build build -j "$cores" --target loom_example_tour
run build/examples/tour
