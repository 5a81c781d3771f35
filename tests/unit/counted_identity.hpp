#pragma once
// Test support: an element-wise function that counts the elements it is
// asked for, to show how many times an expression reads its operand
// (`make_node(counted_identity{&calls}, x)` reads as x).

namespace loom::testing {

struct counted_identity {
    int* calls;
    template <class T>
    T operator()(T x) const {
        ++*calls;
        return x;
    }
};

}  // namespace loom::testing
