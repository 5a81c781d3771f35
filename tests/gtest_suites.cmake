# Run by ctest, not by CMake: adds one test per GoogleTest suite of the binary ${loom_suites_binary}, which
# runs that suite's tests in one process. loom_add_gtest_suites() in CMakeLists.txt includes it.
#
# One process per suite, not per test: a process of the sanitizer build costs about 0.1 s before its
# first test (loading a binary of several hundred megabytes, the sanitizers' start), which over some
# 1800 tests was a third of the sanitizer stage's test time. A failing suite's output names each test
# that failed.
if(NOT EXISTS "${loom_suites_binary}")
    # ctest reports this test as failed, with the path it could not find.
    add_test("${loom_suites_name}" "${loom_suites_binary}")
    return()
endif()
execute_process(COMMAND "${loom_suites_binary}" --gtest_list_tests
    OUTPUT_VARIABLE listing RESULT_VARIABLE failed ERROR_VARIABLE error)
if(failed)
    message(FATAL_ERROR "${loom_suites_binary} --gtest_list_tests failed (${failed}): ${error}")
endif()
# A suite's line is its name and a period, then for typed suites a comment; its tests' lines are indented.
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
    if(line MATCHES "^([^ #]+)\\.")
        set(suite "${CMAKE_MATCH_1}")
        add_test("${suite}" "${loom_suites_binary}" "--gtest_filter=${suite}.*" --gtest_brief=1)
    endif()
endforeach()
