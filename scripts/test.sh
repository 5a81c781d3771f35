#!/usr/bin/env bash
# Builds loom's tests and examples in ./build with g++ (Release, warnings as errors) and runs every
# test with ctest, installing the Debian packages they need first. No arguments.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

run bash scripts/install-deps.sh test
loom_build build -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Release -DLOOM_WERROR=ON -DLOOM_SANITIZE=OFF \
    -DLOOM_BUILD_TESTS=ON -DLOOM_BUILD_EXAMPLES=ON -DLOOM_BUILD_BENCHMARKS=OFF
loom_test build
