#include "run_settings.hpp"

#include <stdlib.h>  // mkdtemp

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#define LOOM_DIFFERENTIAL_TEXT(x) LOOM_DIFFERENTIAL_TEXT_IMPL(x)
#define LOOM_DIFFERENTIAL_TEXT_IMPL(x) #x

namespace loom::differential {

std::string numpy_python() {
#ifdef LOOM_NUMPY_PYTHON
    // The definition may be a string literal or a bare path.
    std::string text = LOOM_DIFFERENTIAL_TEXT(LOOM_NUMPY_PYTHON);
    if (text.size() >= 2 && text.front() == '"') text = text.substr(1, text.size() - 2);
    return text;
#else
    return "/usr/bin/python3";
#endif
}

std::uint64_t environment_number(const char* name, std::uint64_t fallback, std::uint64_t largest) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text, &end, 10);
    // strtoull would also take a sign or leading spaces; only digits are a count.
    if (*text < '0' || *text > '9' || *end != '\0' || errno != 0 || value > largest) {
        throw std::invalid_argument(std::string(name) + "='" + text + "' is not an integer in [0, " +
                                    std::to_string(largest) + "]");
    }
    return value;
}

std::filesystem::path make_scratch_directory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "loom-differential-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a directory like " + pattern);
    return pattern;
}

void run_record::finish(const std::string& summary) const {
    std::printf("%s, %d mismatches; seed %llu, %.1f s\n", summary.c_str(), mismatches,
                static_cast<unsigned long long>(seed), seconds);
    if (directory.empty()) return;
    if (mismatches == 0 && failure.empty()) {
        std::filesystem::remove_all(directory);
    } else {
        std::printf("the scripts that ran NumPy are in %s\n", directory.c_str());
    }
}

}  // namespace loom::differential
