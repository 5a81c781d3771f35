# Compiler settings for the programs loom builds for itself: tests, examples, benchmarks.
# They are never attached to loom::loom, so a project using loom keeps its own flags.

# -Wall -Wextra -Wpedantic everywhere; errors instead of warnings when LOOM_WERROR is on.
function(loom_enable_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    set_target_properties(${target} PROPERTIES COMPILE_WARNING_AS_ERROR ${LOOM_WERROR})
endfunction()

# AddressSanitizer and UndefinedBehaviorSanitizer when LOOM_SANITIZE is on; any report aborts the program,
# so a sanitizer finding fails the test that triggered it.
function(loom_enable_sanitizers target)
    if(LOOM_SANITIZE)
        set(flags -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
        target_compile_options(${target} PRIVATE ${flags})
        target_link_options(${target} PRIVATE ${flags})
        target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/sanitizer_suppressions.cpp)
    endif()
endfunction()
