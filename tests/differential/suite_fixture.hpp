#pragma once
// The GoogleTest fixtures the differential suites derive from.
//
// suite_fixture: the run (a run_record with the suite's cases and outcomes)
// is computed once for the whole suite, every test fails at once if it
// could not complete, and mismatches are reported in full for the first few
// only.
//
// case_suite: a suite of random cases, each run through loom and through
// NumPy, one outcome per case on each side. A description of the cases
// (join_sort_test.cpp's join_cases, for one) gives what differs:
//   case_type                  with members `seed` and `number`
//   label                      "join": names the cases in messages and the scripts
//   title                      "joining and sorting": names the suite in its summary
//   count_variable             "LOOM_DIFF_JOIN_CASES": chooses the case count
//   default_count              the count when that variable is unset
//   rules_module, rules_source the Python module the scripts import (a
//                              batch's script imports it, then runs the
//                              Python of each case); it starts with
//                              `from loom_outcomes import *`, which brings
//                              NumPy as np and emit() (outcomes_module_source)
//   generate(seed, number)     a case
//   evaluate_in_loom(case)     loom's outcome
//   case_python(case)          one case as Python, for messages
//   operation(case)            the name of the function a case calls
// and, optionally:
//   outcomes_per_case          more than one (evaluate_in_loom then returns
//                              them in a std::vector, and a case's script
//                              prints as many)
//   batch_size                 the cases a NumPy process takes (else 1200)

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "model.hpp"
#include "numpy_runner.hpp"
#include "run_settings.hpp"

namespace loom::differential {

/// What every suite's rules module imports first: NumPy as np (its warnings
/// silenced), nan and inf, and emit(number, compute), which prints one
/// case's outcome as the runner reads it: NumPy's result, or the exception
/// it raised. values_of(r) gives the result's elements as printed.
inline constexpr const char* outcomes_module_source = R"(import warnings
import numpy as np
warnings.simplefilter('ignore')
nan, inf = float('nan'), float('inf')

def values_of(r):
    if r.dtype == bool:
        return ['1' if v else '0' for v in r.ravel()]
    if r.dtype.kind == 'f':
        return [repr(float(v)) for v in r.ravel()]
    return [str(int(v)) for v in r.ravel()]

def emit(number, compute):
    try:
        r = np.asarray(compute())
    except Exception as error:
        print(number, 'raise', type(error).__name__, str(error).replace('\n', ' '))
        return
    shape = ','.join(str(s) for s in r.shape) if r.ndim else '-'
    print(number, 'ok', r.dtype.name, shape, *values_of(r))
)";

template <class Record>
class suite_fixture : public testing::Test {
protected:
    static constexpr int printed_failure_limit = 20;

    static void SetUpTestSuite() {
        run_ = std::make_unique<Record>();
        try {
            run_->execute();
        } catch (const std::exception& error) {
            run_->failure = error.what();
        }
    }

    void SetUp() override { ASSERT_TRUE(run_->failure.empty()) << run_->failure; }

    static const Record& run() { return *run_; }

    /// Counts a mismatch and adds a failure: `details()` (called only then)
    /// for the first printed_failure_limit mismatches, `summary` after that.
    template <class Details>
    static void report_mismatch(Details details, const std::string& summary) {
        if (++run_->mismatches <= printed_failure_limit) {
            ADD_FAILURE() << details() << "  (the Python is in " << run_->directory.string() << ")";
        } else {
            ADD_FAILURE() << summary << " (details shown for the first " << printed_failure_limit
                          << " mismatches only)";
        }
    }

    static inline std::unique_ptr<Record> run_;
};

/// The cases Cases describes (the comment at the top of this file), loom's
/// outcome of each and NumPy's.
template <class Cases>
struct case_run : run_record {
    using case_type = typename Cases::case_type;

    /// The outcomes of each case, on each side.
    static constexpr std::size_t per_case = [] {
        if constexpr (requires { Cases::outcomes_per_case; }) return std::size_t{Cases::outcomes_per_case};
        else return std::size_t{1};
    }();

    std::vector<case_type> cases;
    std::vector<outcome> loom;   ///< per_case for each case
    std::vector<outcome> numpy;  ///< per_case for each case

    void execute() {
        const auto start = std::chrono::steady_clock::now();
        seed = environment_number("LOOM_DIFF_SEED", default_seed);
        const std::uint64_t count =
            environment_number(Cases::count_variable, Cases::default_count, largest_case_count / per_case);
        for (std::uint64_t number = 0; number < count; ++number) {
            cases.push_back(Cases::generate(seed, static_cast<int>(number)));
            if constexpr (per_case == 1) {
                loom.push_back(Cases::evaluate_in_loom(cases.back()));
            } else {
                for (outcome& o : Cases::evaluate_in_loom(cases.back())) loom.push_back(std::move(o));
            }
        }
        directory = make_scratch_directory();
        numpy = numpy_outcomes();
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    /// The cases NumPy refused.
    std::size_t refused() const {
        std::size_t n = 0;
        for (std::size_t i = 0; i < numpy.size(); i += per_case) n += failed(numpy[i]) ? 1 : 0;
        return n;
    }

private:
    // The Python that prints NumPy's outcomes of `batch`.
    static std::string batch_script(std::span<const case_type> batch) {
        std::string script = std::string("from ") + Cases::rules_module + " import *\n";
        for (const case_type& c : batch) script += Cases::case_python(c);
        return script;
    }

    std::vector<outcome> numpy_outcomes() const {
        const python_module modules[] = {{"loom_outcomes", outcomes_module_source},
                                         {Cases::rules_module, Cases::rules_source}};
        std::size_t batch_size = 1200;
        if constexpr (requires { Cases::batch_size; }) batch_size = Cases::batch_size;
        if constexpr (per_case == 1) {
            return run_numpy_in_batches(std::span<const case_type>(cases), batch_script, modules, directory,
                                        Cases::label, numpy_python(), batch_size);
        } else {
            // run_numpy_in_batches expects the numbers a batch prints: per_case for each case.
            struct numbered {
                const case_type* c;
                int number;
            };
            std::vector<numbered> rows;
            for (const case_type& c : cases) {
                for (std::size_t k = 0; k < per_case; ++k) {
                    rows.push_back({&c, static_cast<int>(per_case * static_cast<std::size_t>(c.number) + k)});
                }
            }
            const auto script_of = [](std::span<const numbered> batch) {
                std::vector<case_type> batch_cases;
                for (const numbered& row : batch) {
                    if (static_cast<std::size_t>(row.number) % per_case == 0) batch_cases.push_back(*row.c);
                }
                return batch_script(batch_cases);
            };
            return run_numpy_in_batches(std::span<const numbered>(rows), script_of, modules, directory, Cases::label,
                                        numpy_python(), batch_size * per_case);
        }
    }
};

template <class Cases>
class case_suite : public suite_fixture<case_run<Cases>> {
protected:
    using fixture = suite_fixture<case_run<Cases>>;
    using fixture::run;
    using fixture::run_;

    static void TearDownTestSuite() { finish_run(""); }

    /// Prints the run's summary: its cases, how many of each function NumPy
    /// computed and refused, and `remark` when it is not empty.
    static void finish_run(const std::string& remark) {
        std::map<std::string, std::pair<int, int>> counts;  // computed, refused by NumPy
        for (std::size_t i = 0; i < run_->numpy.size() / case_run<Cases>::per_case; ++i) {  // none if the run failed
            auto& [computed, refused] = counts[Cases::operation(run_->cases[i])];
            ++(failed(first_outcome(run_->numpy, i)) ? refused : computed);
        }
        std::string per_function;
        for (const auto& [name, count] : counts) {
            per_function += (per_function.empty() ? "" : ", ") + name + " " + std::to_string(count.first) + "/" +
                            std::to_string(count.second);
        }
        run_->finish(std::string("differential ") + Cases::title + ": " + std::to_string(run_->cases.size()) +
                     " cases (computed/refused by NumPy: " + per_function + (remark.empty() ? "" : "; " + remark) +
                     ")");
    }

    /// Adds a failure for case i: `what`, the case, both outcomes, its Python
    /// and how to run it again.
    static void report(std::size_t i, const std::string& what) {
        const auto& c = run_->cases[i];
        const std::string name = std::string(Cases::label) + " case " + std::to_string(c.number);
        const auto text = [&] {
            return name + " of seed " + std::to_string(c.seed) + " (" + Cases::operation(c) +
                   "; run again with LOOM_DIFF_SEED=" + std::to_string(c.seed) + " " + Cases::count_variable + "=" +
                   std::to_string(c.number + 1) + "): " + what + "\n  loom: " + outcomes_text(run_->loom, i) +
                   "\n  NumPy: " + outcomes_text(run_->numpy, i) + "\n  Python:\n" + Cases::case_python(c);
        };
        fixture::report_mismatch(text, name + ": " + what);
    }

    /// Reports every case that loom and NumPy both computed where
    /// `difference(i)` (an optional message) says their values differ, and
    /// expects more than half the cases to have been compared.
    template <class Difference>
    static void expect_values_match(Difference difference) {
        std::size_t compared = 0;
        for (std::size_t i = 0; i < run().cases.size(); ++i) {
            if (failed(first_outcome(run().loom, i)) || failed(first_outcome(run().numpy, i))) continue;
            ++compared;
            if (const auto what = difference(i)) report(i, *what);
        }
        EXPECT_GT(compared, run().cases.size() / 2);
    }

    /// Case i's first outcome in `outcomes`, which is an error when the case is refused.
    static const outcome& first_outcome(const std::vector<outcome>& outcomes, std::size_t i) {
        return outcomes[case_run<Cases>::per_case * i];
    }

    /// Case i's outcomes in `outcomes`, separated by " | ".
    static std::string outcomes_text(const std::vector<outcome>& outcomes, std::size_t i) {
        std::string text;
        for (std::size_t k = 0; k < case_run<Cases>::per_case; ++k) {
            text += (k == 0 ? "" : " | ") + to_string(outcomes[case_run<Cases>::per_case * i + k]);
        }
        return text;
    }

    /// Reports every case where loom threw and NumPy did not raise, or the other way round, but for those
    /// where Cases says one side's refusal may rest on rounding (refusal_may_differ).
    static void expect_errors_exactly_where_numpy_raises() {
        for (std::size_t i = 0; i < run().cases.size(); ++i) {
            const outcome& ours = first_outcome(run().loom, i);
            const outcome& theirs = first_outcome(run().numpy, i);
            if (failed(ours) == failed(theirs)) continue;
            if constexpr (requires { Cases::refusal_may_differ(run().cases[i], ours, theirs); }) {
                if (Cases::refusal_may_differ(run().cases[i], ours, theirs)) continue;
            }
            report(i, failed(ours) ? "loom threw, NumPy did not raise" : "NumPy raised, loom did not throw");
        }
    }
};

}  // namespace loom::differential
