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

# The examples of examples/expected but errors.cpp, whose sizes need more than the 32 bits of
# WebAssembly's index_t.
mkdir -p build-web/examples
for example in paddle_broadcasting pytorch_blog pytorch_semantics openvino_rules type_promotion sequence_mask quickstart; do
    loom_emxx -O0 "examples/$example.cpp" -sSINGLE_FILE=1 -o "build-web/examples/$example.js"
    node "build-web/examples/$example.js" >"build-web/examples/$example.txt"
    run diff -u "examples/expected/$example.txt" "build-web/examples/$example.txt"
done
echo "test-web: the playground passed, and the examples print in WebAssembly what they print natively"
