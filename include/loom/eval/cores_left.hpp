#pragma once
// The cores other processes leave this one, which bound the threads of
// loom's parallel regions when set_num_threads has not fixed their number
// (threads.hpp).
//
// Note [cores other processes use]: an OpenMP runtime's idle threads spin
// before they sleep (libgomp: 300,000 turns, unless OMP_WAIT_POLICY says
// otherwise), and the kernel charges that spinning to them when they share
// a core with another process: on a machine whose every core another
// process keeps busy, each parallel region then waits for its threads to
// be given a core back. Measured on an AMD EPYC of 2 cores with a busy
// loop on each, `z = a * b + c` of 2^22 float32 took up to 2.8x its
// one-thread time on two threads, and column sums of a (2048, 2048) float32
// matrix 1.9-4x (with OMP_WAIT_POLICY=passive, 0.8-1.0x; with the bound
// below, 0.9-1.1x and 0.5-0.9x: benchmarks/bench_busy.cpp).
// So a region takes no more threads than the cores other processes leave:
// over the last sampling_interval or more, the CPU time the whole machine
// spent (/proc/stat) less this process's own (CLOCK_PROCESS_CPUTIME_ID), in
// cores, rounded, taken from the cores this process may run on, and at
// least the calling thread's. A sample is taken when a region asks and the
// last is older than the interval; until there are two, where /proc cannot
// be read, for a process kept to some of the cores (taskset, cgroups'
// cpusets: the first line of /proc/stat sums them all) and on systems other
// than Linux, every core counts as left. On a quiet machine other
// processes use none, and regions keep every thread.
//
// Cost to include: <atomic> and <mutex>; on Linux also <sched.h>,
// <time.h>, <fcntl.h> and <unistd.h>.

#include <atomic>
#include <mutex>

#if defined(__linux__)
#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#endif

namespace loom::detail {

/// The CPU time of the machine and of this process at one moment.
struct cpu_sample {
    double machine_busy = 0;  ///< seconds every core has spent not idle, all cores summed (/proc/stat)
    double own = 0;           ///< seconds this process has run, all its threads summed
    double at = 0;            ///< seconds on a monotonic clock
};

/// The cores other processes leave of `cores` between samples `before` and
/// `after`: `cores` less the cores they used on average, rounded, at least 1
/// (Note [cores other processes use]).
inline int cores_left_between(const cpu_sample& before, const cpu_sample& after, int cores) {
    const double elapsed = after.at - before.at;
    if (!(elapsed > 0) || cores < 1) return cores < 1 ? 1 : cores;
    const double others = ((after.machine_busy - before.machine_busy) - (after.own - before.own)) / elapsed;
    if (others >= cores) return 1;
    const int used = others > 0 ? static_cast<int>(others + 0.5) : 0;  // NaN: none
    return used >= cores ? 1 : cores - used;
}

/// The seconds not idle in the first line of /proc/stat's text `text`
/// ("cpu  user nice system idle iowait irq softirq steal ...", in ticks of
/// `ticks_per_second`): user, nice, system, irq, softirq and steal summed;
/// a negative number when the line is not of that form.
inline double busy_seconds_of_stat(const char* text, double ticks_per_second) {
    if (text[0] != 'c' || text[1] != 'p' || text[2] != 'u' || text[3] != ' ') return -1;
    const char* at = text + 3;
    double fields[8] = {};
    for (double& field : fields) {
        while (*at == ' ') ++at;
        if (*at < '0' || *at > '9') return -1;
        double value = 0;
        for (; *at >= '0' && *at <= '9'; ++at) value = value * 10 + (*at - '0');
        field = value;
    }
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle ones.
    return (fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]) / ticks_per_second;
}

/// What cores_left answers where it cannot tell: more cores than any machine has.
inline constexpr int every_core = 1 << 30;

#if defined(__linux__)

/// The cores of the machine when this process may run on all of them, else
/// 0: /proc/stat's first line sums every core, and the others' load on cores
/// this process is kept off does not take any of its own.
inline int cores_of_process() {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    const int count = CPU_COUNT(&set);
    return count > 0 && count == sysconf(_SC_NPROCESSORS_ONLN) ? count : 0;
}

/// Now's sample, or false when /proc/stat or a clock cannot be read.
inline bool take_cpu_sample(cpu_sample& sample) {
    timespec own{}, now{};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &own) != 0 || clock_gettime(CLOCK_MONOTONIC, &now) != 0) return false;
    const long ticks = sysconf(_SC_CLK_TCK);
    const int file = open("/proc/stat", O_RDONLY | O_CLOEXEC);
    if (file < 0 || ticks <= 0) {
        if (file >= 0) close(file);
        return false;
    }
    char text[256];
    const ssize_t read_bytes = read(file, text, sizeof text - 1);
    close(file);
    if (read_bytes <= 0) return false;
    text[read_bytes] = '\0';
    const double busy = busy_seconds_of_stat(text, static_cast<double>(ticks));
    if (busy < 0) return false;
    sample = {busy, double(own.tv_sec) + double(own.tv_nsec) * 1e-9, double(now.tv_sec) + double(now.tv_nsec) * 1e-9};
    return true;
}

/// Seconds between samples: /proc/stat counts in ticks of 10 ms, so an
/// interval of 0.1 s measures the others' load to a tenth of a core per core.
inline constexpr double sampling_interval = 0.1;

/// The cores other processes leave this one (Note [cores other processes
/// use]), from samples at most sampling_interval apart taken by whichever
/// calling thread finds the last one old; the others read the last answer.
inline int cores_left() {
    static const int cores = cores_of_process();
    if (cores == 0) return every_core;
    static std::atomic<int> left{cores};
    static std::atomic<double> next_sample_at{0};
    static std::mutex sampling;
    static cpu_sample last;
    static bool has_last = false;

    timespec now{};
    if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return left.load(std::memory_order_relaxed);
    const double seconds = double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
    if (seconds < next_sample_at.load(std::memory_order_relaxed)) return left.load(std::memory_order_relaxed);
    const std::unique_lock lock(sampling, std::try_to_lock);
    if (!lock.owns_lock()) return left.load(std::memory_order_relaxed);  // another thread is sampling
    cpu_sample sample;
    if (!take_cpu_sample(sample)) {
        next_sample_at.store(seconds + sampling_interval, std::memory_order_relaxed);
        return left.load(std::memory_order_relaxed);
    }
    if (has_last) left.store(cores_left_between(last, sample, cores), std::memory_order_relaxed);
    last = sample;
    has_last = true;
    next_sample_at.store(sample.at + sampling_interval, std::memory_order_relaxed);
    return left.load(std::memory_order_relaxed);
}

#else

inline int cores_left() { return every_core; }

#endif

}  // namespace loom::detail
