# Helpers for the scripts in this folder and for .ci/run; source it, don't run it.
# Sourcing it moves to the repository root, where every path in these scripts starts.

cd "$(dirname "${BASH_SOURCE[0]}")/.."
cores=$(nproc)

# Prints a command, then runs it.
run() {
    printf '+'
    printf ' %q' "$@"
    printf '\n'
    "$@"
}

# Configures build folder $1 with Ninja and the cmake options after it, then builds everything it has.
loom_build() {
    local dir=$1
    shift
    run cmake -S . -B "$dir" -G Ninja "$@"
    run cmake --build "$dir" -j "$cores"
}

# Runs the tests of build folder $1 (every one, unless ctest options after it select some), failing
# when there are none, and keeps the results in $1/ctest-results.xml (JUnit) for .ci/run's totals.
loom_test() {
    local dir=$1
    shift
    rm -f "$dir/ctest-results.xml"
    run ctest --test-dir "$dir" --output-on-failure --no-tests=error -j "$cores" --output-junit ctest-results.xml "$@"
}

# em++ (Debian's emscripten) with loom's headers and xsimd's, which scripts/build-web.sh links into
# build-web/include: em++ reads its own system headers, not /usr/include. Its JavaScript optimiser uses
# Debian's node-acorn, in /usr/share/nodejs, where a Node.js from elsewhere does not look.
loom_emxx() {
    NODE_PATH=/usr/share/nodejs run em++ -std=c++20 -fexceptions -Wall -Wextra -Werror -Iinclude -isystem build-web/include "$@"
}
