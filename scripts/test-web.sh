#!/usr/bin/env bash
# Builds the broadcasting playground (scripts/build-web.sh) and tests it in headless Chromium
# (web/tests/playground.test.js): every lesson and typed input against loom-explain, built here
# natively, and the arrays' values against NumPy; screenshots go to build-web/screenshots. Then
# loom's examples, compiled to WebAssembly and run by Node.js, must print what they print natively.
# No arguments.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

run bash scripts/build-web.sh
run g++ -std=c++20 -O1 -Iinclude tools/loom_explain.cpp -o build-web/loom-explain
if ! command -v npm >/dev/null; then
    echo "test-web: the browser tests need Node.js and npm (for puppeteer-core from the npm registry)" >&2
    exit 1
fi
# puppeteer-core drives the system's Chromium and downloads no browser.
run npm ci --prefix web/tests --no-audit --no-fund
run node web/tests/playground.test.js build-web build-web/loom-explain build-web/screenshots

# The examples whose expected output does not depend on the machine's index width, on LAPACK, on files
# or on MPI (examples/expected), compiled to WebAssembly two at a time and run by Node.js: each must
# print what it prints natively. errors.cpp's sizes need more than wasm32's 32-bit index_t; the tour,
# the toolbox and heat_diffusion call LAPACK or read and write files.
examples=(paddle_broadcasting pytorch_blog pytorch_semantics openvino_rules type_promotion sequence_mask quickstart)
mkdir -p build-web/examples
compile_example() {
    loom_emxx -O0 "examples/$1.cpp" -sSINGLE_FILE=1 -o "build-web/examples/$1.js"
}
for ((k = 0; k < ${#examples[@]}; k += 2)); do
    compile_example "${examples[k]}" &
    first=$!
    if ((k + 1 < ${#examples[@]})); then compile_example "${examples[k + 1]}"; fi
    wait "$first"
done
for example in "${examples[@]}"; do
    if ! node "build-web/examples/$example.js" >"build-web/examples/$example.txt" ||
        ! diff -u "examples/expected/$example.txt" "build-web/examples/$example.txt"; then
        echo "test-web: examples/$example.cpp in WebAssembly does not print examples/expected/$example.txt" >&2
        exit 1
    fi
done
echo "test-web: the playground passed, and ${#examples[@]} examples print in WebAssembly what they print natively"
