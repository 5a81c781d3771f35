// loom-explain: prints how a broadcast rule treats some shapes, step by step
// (loom::explain, docs/explain.md).
//
//     loom-explain 2,3,1,5 3,4,1
//     loom-explain --pdpd 1 2,3,4,5 3
//     loom-explain --in-place 1,3,1 5,4,3,4
//     loom-explain --matmul 1,1,8,9 2,3,9,7
//
// Exit status: 0 when the rule accepts the shapes, 1 when it refuses them
// (the walk is printed up to the step that fails), 2 for a usage error.

#include <exception>
#include <iostream>
#include <string_view>
#include <vector>

#include "explain_command.hpp"

int main(int argc, char** argv) {
    const std::vector<std::string_view> args(argv + 1, argv + argc);
    try {
        return loom_explain::run(args);
    } catch (const std::exception& error) {  // usage_error, and std::invalid_argument for a rank above loom's maximum
        std::cerr << "loom-explain: " << error.what() << '\n';
        return 2;
    }
}
