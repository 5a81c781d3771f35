#pragma once
// The GoogleTest fixture both differential suites derive from: the run (a
// run_record with the suite's cases and outcomes) is computed once for the
// whole suite, every test fails at once if it could not complete, and
// mismatches are reported in full for the first few only.

#include <gtest/gtest.h>

#include <exception>
#include <memory>
#include <string>

#include "run_settings.hpp"

namespace loom::differential {

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

}  // namespace loom::differential
