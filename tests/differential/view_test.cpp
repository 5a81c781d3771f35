// The differential test of views against NumPy: random view cases
// (view_generator.cpp) run in loom (view_evaluator.cpp) and in NumPy under
// loom's rules (view_emitter.cpp), compared exactly.
//
// LOOM_DIFF_SEED and LOOM_DIFF_VIEW_CASES choose the cases; every case
// depends on the seed and its number alone.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "comparator.hpp"
#include "numpy_runner.hpp"
#include "python_emitter.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"
#include "view_emitter.hpp"
#include "view_evaluator.hpp"
#include "view_generator.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_view_case_count = 2400;

/// Every view case with both outcomes, computed once for the whole suite.
struct view_run : run_record {
    std::vector<view_case> cases;
    std::vector<view_outcome> loom;
    std::vector<outcome> numpy;

    void execute() {
        const auto start = std::chrono::steady_clock::now();
        seed = environment_number("LOOM_DIFF_SEED", default_seed);
        const std::uint64_t count =
            environment_number("LOOM_DIFF_VIEW_CASES", default_view_case_count, largest_case_count);
        const view_case_generator generator(seed);
        for (std::uint64_t number = 0; number < count; ++number) {
            cases.push_back(generator.generate(static_cast<int>(number)));
            loom.push_back(evaluate_in_loom(cases.back()));
        }
        directory = make_scratch_directory();
        const python_module modules[] = {{rules_module_name, rules_module_source()},
                                         {views_module_name, views_module_source()}};
        numpy = run_numpy_in_batches(std::span<const view_case>(cases), view_batch_script, modules, directory,
                                     "views", numpy_python());
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    std::size_t count(bool (*predicate)(const view_case&, const outcome&)) const {
        std::size_t n = 0;
        for (std::size_t i = 0; i < cases.size(); ++i) n += predicate(cases[i], numpy[i]) ? 1 : 0;
        return n;
    }
};

bool refused(const view_case&, const outcome& numpy) { return failed(numpy); }
bool written(const view_case& c, const outcome& numpy) { return is_assignment(c.action) && !failed(numpy); }
bool written_from_itself(const view_case& c, const outcome& numpy) {
    return written(c, numpy) && c.source != view_source::scalar && c.other.base == view_base::a;
}

class ViewsAgainstNumPy : public suite_fixture<view_run> {
protected:
    static void TearDownTestSuite() {
        run_->finish("differential views: " + std::to_string(run_->cases.size()) + " cases (" +
                     std::to_string(run_->count(refused)) + " refused, " + std::to_string(run_->count(written)) +
                     " assignments, " + std::to_string(run_->count(written_from_itself)) +
                     " of them from the same tensor)");
    }

    /// Reports a mismatch of case i between loom's outcome and NumPy's.
    static void report(std::size_t i, const std::string& what) {
        const view_case& c = run_->cases[i];
        report_mismatch(
            [&] { return describe(c, run_->loom[i].result, run_->numpy[i], what, view_reproducer(c)); },
            "view case " + std::to_string(c.number) + " of seed " + std::to_string(c.seed) + ": " + what);
    }
};

TEST_F(ViewsAgainstNumPy, ResultsMatchNumPy) {
    std::size_t compared = 0;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        if (failed(run().loom[i].result) || failed(run().numpy[i])) continue;
        ++compared;
        if (const auto what = difference(run().loom[i].result, run().numpy[i], 0)) report(i, *what);
    }
    EXPECT_GT(compared, run().cases.size() / 2);
}

TEST_F(ViewsAgainstNumPy, RefusedExactlyWhenNumPyRaises) {
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const bool loom_threw = failed(run().loom[i].result);
        if (loom_threw != failed(run().numpy[i])) {
            report(i, loom_threw ? "loom threw, NumPy did not raise" : "NumPy raised, loom did not throw");
        }
    }
}

TEST_F(ViewsAgainstNumPy, FailedAssignmentLeavesTheTensorAsItWas) {
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        if (!run().loom[i].base_kept) report(i, "loom threw, and a was changed");
    }
}

std::string spelling_key(view_operation op, bool member) {
    return "view operation " + std::to_string(int(op)) + " (" + name_of(op) + ")" +
           (member ? " as a member" : has_two_spellings(op) ? " as a function" : "");
}

// The generator must keep reaching every view operation in both spellings,
// every action and source, and legal and refused assignments, or the
// comparisons above would silently cover less.
TEST_F(ViewsAgainstNumPy, CasesCoverEveryOperationActionAndSource) {
    if (run().cases.size() < default_view_case_count) GTEST_SKIP() << "coverage is checked with the default case count";
    std::map<std::string, int> counts;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const view_case& c = run().cases[i];
        for (const view_chain* chain : {&c.target, &c.other}) {
            for (const view_step& step : chain->steps) ++counts[spelling_key(step.op, step.member)];
        }
        ++counts["action " + std::to_string(int(c.action))];
        if (is_assignment(c.action)) ++counts["source " + std::to_string(int(c.source))];
        ++counts[std::string("type ") + name_of(dtype_of(c.a))];
        const shape_type& a_shape = std::visit([](const auto& t) -> const shape_type& { return t.shape(); }, c.a);
        if (!a_shape.empty() && std::size_t(a_shape.back()) * element_size(dtype_of(c.a)) == page_row_bytes)
            ++counts["a tensor with rows of 4 KiB"];
    }
    std::vector<std::string> expected;
    for (std::size_t op = 0; op < view_operation_count; ++op) {
        expected.push_back(spelling_key(view_operation(op), false));
        if (has_two_spellings(view_operation(op))) expected.push_back(spelling_key(view_operation(op), true));
    }
    for (std::size_t action = 0; action < view_action_count; ++action) {
        expected.push_back("action " + std::to_string(action));
    }
    for (int source = 0; source < 3; ++source) expected.push_back("source " + std::to_string(source));
    for (dtype type : view_dtypes) expected.push_back(std::string("type ") + name_of(type));
    expected.push_back("a tensor with rows of 4 KiB");
    for (const std::string& name : expected) EXPECT_GT(counts[name], 0) << name << " never generated";
    EXPECT_GT(run().count(refused), run().cases.size() / 10) << "too few refused cases";
    EXPECT_GT(run().count(written_from_itself), run().cases.size() / 10) << "too few overlapping assignments";
}

}  // namespace
}  // namespace loom::differential
