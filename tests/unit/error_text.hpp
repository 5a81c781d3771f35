#pragma once
// Test support for errors: the message of the exception an action throws.

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace loom::testing {

/// The text of the exception `action` throws, or "(no exception)".
template <class F>
std::string message_of(F&& action) {
    try {
        action();
    } catch (const std::exception& error) {
        return error.what();
    }
    return "(no exception)";
}

/// True when `part` occurs in `text`.
inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Expects `action` to throw Error, with exactly `text` as its message.
template <class Error, class F>
void expect_error_text(F&& action, const std::string& text) {
    EXPECT_THROW(action(), Error);
    EXPECT_EQ(message_of(action), text);
}

}  // namespace loom::testing
