#pragma once
// The paths an assignment can take, and a trace of those taken, for tests.
//
// Note [path trace]: path_of (assign.hpp) reports the path that choose_path
// (choose_path.hpp) picks; the trace shows that the engine then takes it.
// Compiled in when LOOM_RECORD_PATHS is defined (loom's unit tests define
// it): the code that runs each path records its kind, the parallel region
// the number of threads it started, and the streaming loop that it streamed,
// on the calling thread's trace. Otherwise every recording function here is
// empty and compiles to nothing.
// Cost to include: <vector> when LOOM_RECORD_PATHS is defined, else nothing.

#if defined(LOOM_RECORD_PATHS)
#include <vector>
#endif

namespace loom {

/// How an assignment stores a value: the paths choose_path picks among, and the two that
/// evaluate_into takes before it for shapes known at compile time.
enum class path_kind : unsigned char {
    nothing,            ///< no element to store
    whole_value,        ///< the value's node writes its own result (a reduction, a product)
    direct,             ///< runs without a plan (Note [direct path] in direct.hpp)
    unbuffered,         ///< the plan, its runs handed whole to the expression's kernel (expression_kernel.hpp)
    store_kernel,       ///< the plan, run by the store kernel: blocks, scatter, tiles (store_kernel.hpp)
    through_temporary,  ///< into new memory first, then copied: an operand overlaps the destination
    static_shape,       ///< sizes known at compile time: one loop, no plan (Note [static path] in static_assign.hpp)
    ranked,             ///< rank known at compile time: row by row, no plan (Note [ranked path] in static_assign.hpp)
};

namespace detail {

#if defined(LOOM_RECORD_PATHS)
// What the evaluations on this thread did since the trace was last cleared.
struct path_trace {
    std::vector<path_kind> kinds;  // each path taken, in order
    int most_threads = 1;          // the most threads a parallel region started
    bool streamed = false;         // whether a loop streamed its stores
};

inline path_trace& recorded_paths() {
    thread_local path_trace trace;
    return trace;
}

inline void record_path(path_kind kind) { recorded_paths().kinds.push_back(kind); }
inline void record_threads(int threads) {
    if (threads > recorded_paths().most_threads) recorded_paths().most_threads = threads;
}
inline void record_streaming() { recorded_paths().streamed = true; }
#else
inline void record_path(path_kind) {}
inline void record_threads(int) {}
inline void record_streaming() {}
#endif

}  // namespace detail

}  // namespace loom
