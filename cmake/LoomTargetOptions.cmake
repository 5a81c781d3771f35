# Compiler settings for the programs loom builds for itself: tests, examples, benchmarks.
# They are never attached to loom::loom, so a project using loom keeps its own flags.

# -Wall -Wextra -Wpedantic everywhere; errors instead of warnings when LOOM_WERROR is on.
function(loom_enable_warnings target)
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
    set_target_properties(${target} PROPERTIES COMPILE_WARNING_AS_ERROR ${LOOM_WERROR})
endfunction()

# AddressSanitizer and UndefinedBehaviorSanitizer when LOOM_SANITIZE is on; any report aborts the program,
# so a sanitizer finding fails the test that triggered it. The programs (all of them executables) are
# linked at a fixed address (-no-pie): the sanitizers' metadata is millions of pointers, each a relocation
# the loader applies at every start in a position-independent executable (95 MB of them in the unit tests'
# binary), and the unit tests start once per suite: 0.73 s of CPU per start before, 0.40 s after.
function(loom_enable_sanitizers target)
    if(LOOM_SANITIZE)
        set(flags -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
        target_compile_options(${target} PRIVATE ${flags})
        target_link_options(${target} PRIVATE ${flags} -no-pie)
        target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/cmake/sanitizer_suppressions.cpp)
    endif()
endfunction()

# Links `target` with lld, or else gold, when the compiler can use one. A test binary's link comes last in
# its build, one process on one core: GNU ld took 44 s to link the unit tests built with the sanitizers
# (550 MB) and 21 s the differential tests, lld 7 s and 3 s, gold 15 s and 8 s.
include(CheckLinkerFlag)
check_linker_flag(CXX -fuse-ld=lld LOOM_LINKS_WITH_LLD)
if(NOT LOOM_LINKS_WITH_LLD)
    check_linker_flag(CXX -fuse-ld=gold LOOM_LINKS_WITH_GOLD)
endif()
function(loom_use_fast_linker target)
    if(LOOM_LINKS_WITH_LLD)
        target_link_options(${target} PRIVATE -fuse-ld=lld)
    elseif(LOOM_LINKS_WITH_GOLD)
        target_link_options(${target} PRIVATE -fuse-ld=gold)
    endif()
endfunction()
