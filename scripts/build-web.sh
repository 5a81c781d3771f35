#!/usr/bin/env bash
# Builds the broadcasting playground (web/) into build-web/: web/playground.cpp and loom's headers
# compiled to WebAssembly by Debian's emscripten, in one script with the page's static files.
# Open build-web/index.html in a browser, from the file system or any static server; it loads
# nothing else. No arguments.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

run bash scripts/install-deps.sh web
out=build-web
mkdir -p "$out/include"
ln -sfn "$(dirname "$(dpkg -L libxsimd-dev | grep -m1 '/xsimd/xsimd.hpp$')")" "$out/include/xsimd"
# -sSINGLE_FILE puts the WebAssembly inside the script, which a page opened from the file system
# can load (a separate .wasm file would need fetch(), which file:// refuses).
loom_emxx -O2 web/playground.cpp -sSINGLE_FILE=1 -sMODULARIZE=1 -sEXPORT_NAME=createLoomPlayground \
    -sALLOW_MEMORY_GROWTH=1 -sEXPORTED_FUNCTIONS=_playground_answer -sEXPORTED_RUNTIME_METHODS=ccall \
    -sENVIRONMENT=web,node -sDISABLE_EXCEPTION_CATCHING=0 -o "$out/loom_playground.js"
run cp web/index.html web/style.css web/app.js web/lessons.js "$out/"
echo "build-web: open $out/index.html"
