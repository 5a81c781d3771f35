// The differential test against NumPy: random cases (generator.cpp) are
// evaluated in loom (evaluator.cpp) and in NumPy under loom's rules
// (python_emitter.cpp, numpy_runner.cpp), and compared (comparator.cpp).
//
// LOOM_DIFF_SEED and LOOM_DIFF_CASES choose the cases (defaults in
// run_settings.hpp and below); every case depends on the seed and its number
// alone. The compile definition LOOM_NUMPY_PYTHON names a Python that has NumPy.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "catalogue.hpp"
#include "comparator.hpp"
#include "evaluator.hpp"
#include "fused_patterns.hpp"
#include "generator.hpp"
#include "numpy_runner.hpp"
#include "python_emitter.hpp"
#include "run_settings.hpp"
#include "suite_fixture.hpp"

namespace loom::differential {
namespace {

constexpr std::uint64_t default_case_count = 2400;

/// Every case with both outcomes, computed once for the whole suite.
struct differential_run : run_record {
    std::vector<test_case> cases;
    std::vector<outcome> loom;          ///< fused when the case is
    std::vector<outcome> node_by_node;  ///< for fused cases only
    std::vector<outcome> numpy;

    void execute() {
        const auto start = std::chrono::steady_clock::now();
        seed = environment_number("LOOM_DIFF_SEED", default_seed);
        const std::uint64_t count = environment_number("LOOM_DIFF_CASES", default_case_count, largest_case_count);
        const case_generator generator(seed);
        for (std::uint64_t number = 0; number < count; ++number) {
            cases.push_back(generator.generate(static_cast<int>(number)));
            loom.push_back(evaluate_in_loom(cases.back()));
            node_by_node.push_back(cases.back().fused_pattern >= 0 ? evaluate_node_by_node(cases.back()) : outcome{});
        }
        directory = make_scratch_directory();
        const python_module modules[] = {{rules_module_name, rules_module_source()}};
        numpy = run_numpy_in_batches(std::span<const test_case>(cases), batch_script, modules, directory, "batch",
                                     numpy_python());
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }

    std::size_t fused_count() const {
        return static_cast<std::size_t>(
            std::count_if(cases.begin(), cases.end(), [](const test_case& c) { return c.fused_pattern >= 0; }));
    }
    std::size_t broadcast_error_count() const {
        return static_cast<std::size_t>(std::count_if(
            numpy.begin(), numpy.end(), [](const outcome& o) { return o.result == outcome::kind::broadcast_error; }));
    }
};

class DifferentialAgainstNumPy : public suite_fixture<differential_run> {
protected:
    static void TearDownTestSuite() {
        run_->finish("differential: " + std::to_string(run_->cases.size()) + " cases (" +
                     std::to_string(run_->fused_count()) + " fused, " + std::to_string(run_->broadcast_error_count()) +
                     " broadcast errors)");
    }

    /// Reports a mismatch of case i between loom's outcome and `other` (NumPy's unless `other_name` says otherwise).
    static void report(std::size_t i, const outcome& loom, const outcome& other, const std::string& what,
                       const std::string& other_name = "NumPy") {
        const test_case& c = run_->cases[i];
        report_mismatch([&] { return describe(c, loom, other, what, reproducer(c), other_name); },
                        "case " + std::to_string(c.number) + " of seed " + std::to_string(c.seed) + ": " + what);
    }
};

bool is_broadcast_error(const outcome& o) { return o.result == outcome::kind::broadcast_error; }

TEST_F(DifferentialAgainstNumPy, ResultsMatchNumPy) {
    std::size_t compared = 0;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        if (is_broadcast_error(run().loom[i]) || is_broadcast_error(run().numpy[i])) continue;
        ++compared;
        if (const auto what = difference(run().loom[i], run().numpy[i], run().cases[i].ulps, run().cases[i].ulps_of)) {
            report(i, run().loom[i], run().numpy[i], *what);
        }
    }
    EXPECT_GT(compared, run().cases.size() / 2);
}

TEST_F(DifferentialAgainstNumPy, BroadcastErrorExactlyWhenNumPyRaises) {
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        const bool loom_threw = is_broadcast_error(run().loom[i]);
        if (loom_threw != is_broadcast_error(run().numpy[i])) {
            report(i, run().loom[i], run().numpy[i],
                   loom_threw ? "loom threw broadcast_error, NumPy did not raise"
                              : "NumPy raised a broadcast error, loom did not throw broadcast_error");
        }
    }
}

// Fusion must not change a single bit: the same functors run on the same
// values whether the tree is one loop or one loop per node.
TEST_F(DifferentialAgainstNumPy, FusedEvaluationMatchesNodeByNode) {
    std::size_t fused = 0;
    for (std::size_t i = 0; i < run().cases.size(); ++i) {
        if (run().cases[i].fused_pattern < 0) continue;
        ++fused;
        if (const auto what = difference(run().loom[i], run().node_by_node[i], 0)) {
            report(i, run().loom[i], run().node_by_node[i], "fused and node-by-node evaluation differ: " + *what,
                   "node by node");
        }
    }
    EXPECT_GT(fused, 0u);
}

void count_nodes(const node& n, std::map<std::string, int>& counts) {
    ++counts[std::string("operation ") + info(n.op).function];
    if (n.op == operation::astype) ++counts[std::string("astype to ") + name_of(n.target)];
    if (n.op == operation::scalar) ++counts[std::string("scalar of type ") + name_of(dtype_of(n.scalar))];
    if (n.spelled == spelling::symbol) ++counts[std::string("symbol ") + info(n.op).symbol];
    if (n.spelled == spelling::alias) ++counts[std::string("alias ") + info(n.op).alias];
    if (n.spelled == spelling::spec_none) ++counts["broadcast::none"];
    if (n.spelled == spelling::spec_numpy) ++counts["broadcast::numpy"];
    for (const node& operand : n.operands) count_nodes(operand, counts);
}

// The generator must keep reaching every operation, spelling, element type
// and fused pattern, or the comparisons above would silently cover less.
TEST_F(DifferentialAgainstNumPy, CasesCoverEveryOperationSpellingAndType) {
    if (run().cases.size() < default_case_count) GTEST_SKIP() << "coverage is checked with the default case count";
    std::map<std::string, int> counts;
    for (const test_case& c : run().cases) {
        count_nodes(c.expression, counts);
        for (const any_tensor& input : c.inputs) ++counts[std::string("input of type ") + name_of(dtype_of(input))];
        if (c.fused_pattern >= 0) ++counts["fused pattern " + std::to_string(c.fused_pattern)];
    }
    std::set<std::string> expected;
    for (std::size_t op = std::size_t(operation::negative); op < operation_count; ++op) {
        const operation_info& about = info(operation(op));
        expected.insert(std::string("operation ") + about.function);
        if (about.symbol != nullptr) expected.insert(std::string("symbol ") + about.symbol);
        if (about.alias != nullptr) expected.insert(std::string("alias ") + about.alias);
    }
    for (std::size_t type = 0; type < dtype_count; ++type) {
        expected.insert(std::string("input of type ") + name_of(dtype(type)));
        expected.insert(std::string("astype to ") + name_of(dtype(type)));
    }
    for (const scalar_form& form : scalar_forms)
        expected.insert(std::string("scalar of type ") + name_of(form.scalar_type));
    for (std::size_t pattern = 0; pattern < fused_patterns().size(); ++pattern) {
        expected.insert("fused pattern " + std::to_string(pattern));
    }
    expected.insert("broadcast::none");
    expected.insert("broadcast::numpy");
    for (const std::string& name : expected) EXPECT_GT(counts[name], 0) << name << " never generated";
    EXPECT_GT(run().broadcast_error_count(), 0u) << "no case with shapes that do not broadcast";
}

}  // namespace
}  // namespace loom::differential
