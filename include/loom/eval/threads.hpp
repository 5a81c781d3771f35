#pragma once
// Threads: large evaluations split their outer iteration space across
// OpenMP threads, when the code is compiled with OpenMP (`-fopenmp`; CMake's
// LOOM_OPENMP option adds it). Without OpenMP everything runs on the
// calling thread and set_num_threads only records the number.
//
// Note [fixed partition]: work is cut into one contiguous piece per thread,
// the same pieces for the same size and thread count, and each element is
// computed by exactly the code that would compute it on one thread, so
// results are bit for bit those of a single thread.
//
// Note [one budget of threads]: num_threads() bounds the threads of loom's
// parallel regions in the whole process, not per calling thread. A region
// takes its threads, its caller included, from one count of busy threads,
// and starts only those that are free: user threads that evaluate at once
// (a std::thread pool, a TBB arena) share num_threads() threads instead of
// each starting that many (n² threads on n cores). A region that finds no
// thread free runs on its caller alone, with the same bits (Note [fixed
// partition]). A region asked for inside an OpenMP parallel region of the
// caller's runs on the calling thread (threads_for): regions never nest.
// Unless set_num_threads fixed the count, the budget is also no more than
// the cores other processes leave (Note [cores other processes use] in
// cores_left.hpp): on a machine they keep busy, regions run on fewer
// threads, with the same bits.

#include <algorithm>
#include <atomic>
#include <concepts>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "loom/core/shape.hpp"
#include "loom/eval/path_trace.hpp"
#include "loom/eval/thresholds.hpp"

#if defined(_OPENMP)
#include <omp.h>

#include "loom/eval/cores_left.hpp"
#endif
#if defined(__linux__)
#include <sys/resource.h>
#endif

namespace loom {

namespace detail {

inline std::atomic<int>& thread_setting() {
    static std::atomic<int> threads{0};  // 0: OpenMP's own default
    return threads;
}

}  // namespace detail

/// The number of threads large evaluations use: what set_num_threads set,
/// else OpenMP's default (OMP_NUM_THREADS, or the cores); 1 without OpenMP.
/// PyTorch: torch.get_num_threads.
inline int num_threads() {
#if defined(_OPENMP)
    const int set = detail::thread_setting().load(std::memory_order_relaxed);
    return set > 0 ? set : omp_get_max_threads();
#else
    return 1;
#endif
}

/// The most threads set_num_threads accepts. A parallel region asks the
/// OpenMP runtime for every thread at once, and a runtime that cannot start
/// them aborts the process (libomp: "OMP: Error #34") or waits for them; a
/// bound keeps that a refused argument. 1024 is above the cores of any
/// machine loom runs on.
inline constexpr int max_threads = 1024;

namespace detail {

// Note [the user's thread limit]: on Linux, RLIMIT_NPROC (`ulimit -u`)
// bounds the processes and threads of the user, all of them together, and
// libgomp ends the process ("Thread creation failed") when a parallel region
// cannot start its threads. A region of n threads holds n of them at once,
// the calling one included, so n above the soft limit always fails (for a
// user other than root, whom the kernel exempts); n within it fails only when
// the user's other processes and threads take the rest, which is not cheaply
// known (counting them reads /proc, and starting the n threads to see takes
// about 0.35 ms each). So the limit itself is the bound.

// The soft RLIMIT_NPROC, at least 1 (one thread starts no other, whatever
// the limit), or the largest int when it is unlimited or not Linux's.
inline int user_thread_limit() {
#if defined(__linux__)
    rlimit limit{};
    if (getrlimit(RLIMIT_NPROC, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        return static_cast<int>(std::clamp<rlim_t>(limit.rlim_cur, 1, std::numeric_limits<int>::max()));
    }
#endif
    return std::numeric_limits<int>::max();
}

}  // namespace detail

/// The most threads set_num_threads accepts: max_threads, and with OpenMP
/// no more than its thread limit (omp_get_thread_limit(): OMP_THREAD_LIMIT)
/// nor, on Linux, than the user may run (the soft RLIMIT_NPROC, `ulimit -u`;
/// Note [the user's thread limit]).
inline int max_num_threads() {
#if defined(_OPENMP)
    return std::min({max_threads, omp_get_thread_limit(), detail::user_thread_limit()});
#else
    return max_threads;
#endif
}

/// Sets the number of threads large evaluations use (1: no threads), from 1
/// to max_num_threads(). Any integer type: the count is judged as given, never
/// narrowed first (2^32 + 4 is refused, not taken for 4). A count set is kept
/// however busy other processes keep the machine; the default count is not
/// (Note [cores other processes use] in cores_left.hpp).
/// Throws std::invalid_argument for a number outside that range, naming it,
/// the range and, when RLIMIT_NPROC sets it, that limit.
/// PyTorch: torch.set_num_threads.
template <std::integral Count>
    requires(!std::same_as<Count, bool>)
void set_num_threads(Count threads) {
    const int most = max_num_threads();
    if (std::cmp_less(threads, 1) || std::cmp_greater(threads, most)) {
        const bool user_limit = most == detail::user_thread_limit() && most < max_threads;
        throw std::invalid_argument(
            "set_num_threads(" + std::to_string(threads) + "): the number of threads must be from 1 to " +
            std::to_string(most) +
            (user_limit ? ", the processes and threads this user may run (RLIMIT_NPROC, `ulimit -u`); give a "
                          "number in that range, or raise the limit"
                        : "; give a number in that range"));
    }
    detail::thread_setting().store(static_cast<int>(threads), std::memory_order_relaxed);
}

namespace detail {

// body(first, last) as a parallel region calls it: the body's address and
// a function that calls it, so that the region is compiled once per file,
// not once per body (as the loop over a plan: Note [one loop, compiled
// once] in loop.hpp). The body runs out of line, in that function: inlined
// into the region's outlined function, store_block's loop would have no
// source location, and clang's note that it could not vectorise some loop
// (store_kernel.hpp) could not be silenced. (On the calling thread alone,
// parallel_for calls the body inline: out of line, the direct path of a
// small array reloads every variable it captures, 15% more instructions.)
class piece_ref {
public:
    template <class Body>
    explicit piece_ref(Body& body)
        : body_(const_cast<void*>(static_cast<const void*>(&body))), call_(&call<Body>) {}

    void operator()(index_t first, index_t last) const { call_(body_, first, last); }

private:
    template <class Body>
    [[gnu::noinline]] static void call(void* body, index_t first, index_t last) {
        (*static_cast<Body*>(body))(first, last);
    }

    void* body_;
    void (*call_)(void*, index_t, index_t);
};

#if defined(_OPENMP)
// The threads of loom's parallel regions running now, their callers included
// (Note [one budget of threads]).
inline std::atomic<int>& busy_threads() {
    static std::atomic<int> busy{0};
    return busy;
}

// The threads loom's regions may hold at once: num_threads() when
// set_num_threads fixed it, else OpenMP's default count, but no more than the
// cores other processes leave (Note [cores other processes use] in
// cores_left.hpp).
inline int region_thread_budget() {
    const int set = thread_setting().load(std::memory_order_relaxed);
    if (set > 0) return set;
    return std::min(omp_get_max_threads(), cores_left());
}

// Up to `wanted` threads of the budget, the caller's included: at least that
// one, so that a caller that finds none free still counts while it works.
// Given back when the grant ends.
class thread_grant {
public:
    explicit thread_grant(int wanted) {
        const int most = region_thread_budget();
        int busy = busy_threads().load(std::memory_order_relaxed);
        do {
            granted_ = std::clamp(most - busy, 1, wanted);
        } while (!busy_threads().compare_exchange_weak(busy, busy + granted_, std::memory_order_acq_rel,
                                                       std::memory_order_relaxed));
    }
    ~thread_grant() { busy_threads().fetch_sub(granted_, std::memory_order_acq_rel); }
    thread_grant(const thread_grant&) = delete;
    thread_grant& operator=(const thread_grant&) = delete;

    int threads() const { return granted_; }

private:
    int granted_ = 1;
};

// The parallel region, in a function of its own: clang's OpenMP code asks
// the runtime for the thread's number on entering any function that holds a
// region, which starts the runtime (and allocates); small evaluations never
// enter this one.
[[gnu::noinline]] inline void run_in_threads(index_t units, int threads, piece_ref body) {
#pragma omp parallel num_threads(threads)
    {
        // Piece t: units / n of them, one more for the first units % n pieces.
        const index_t t = omp_get_thread_num(), n = omp_get_num_threads();
        if (t == 0) record_threads(static_cast<int>(n));  // Note [path trace]
        const index_t share = units / n, extra = units % n;
        const index_t first = t * share + std::min(t, extra);
        body(first, first + share + (t < extra ? 1 : 0));
    }
}
#endif

}  // namespace detail

/// The number of threads that parallel_for runs `units` units of work on:
/// num_threads(), no more than the units, when the work is `worth_threads`;
/// 1 when it is not, inside a parallel region already (regions do not
/// nest), or without OpenMP.
inline int threads_for([[maybe_unused]] index_t units, [[maybe_unused]] bool worth_threads = true) {
#if defined(_OPENMP)
    if (worth_threads && !omp_in_parallel()) {
        return static_cast<int>(std::clamp<index_t>(units, 1, num_threads()));
    }
#endif
    return 1;
}

/// Calls body(first, last) on pieces of [0, units) that cover it, one per
/// thread of `threads` (threads_for's count; Note [fixed partition]) that the
/// process's other evaluations leave free (Note [one budget of threads]), or
/// body(0, units) on the calling thread when `threads` is 1 or none is free.
template <class Body>
void parallel_for(index_t units, [[maybe_unused]] int threads, Body&& body) {
#if defined(_OPENMP)
    if (threads > 1) {
        const detail::thread_grant grant(threads);
        if (grant.threads() > 1) detail::run_in_threads(units, grant.threads(), detail::piece_ref(body));
        else body(index_t{0}, units);
        return;
    }
#endif
    body(index_t{0}, units);
}

}  // namespace loom
