# Runs a program and checks what it did, for the tests of tools/ and examples/:
#
#   cmake -D PROGRAM=<path> [-D ARGS=a|b|c] [-D EXPECTED=<file>] [-D STATUS=<code>]
#         [-D WORKING_DIRECTORY=<dir>] -P LoomCheckOutput.cmake
#
# The program's exit status must be STATUS (default 0). With EXPECTED, its standard output must be
# that file's text; without, it must print nothing there and one line on its standard error (a usage
# error). ARGS separates the arguments with |, as a ; would split the test's command line.
if(NOT DEFINED STATUS)
    set(STATUS 0)
endif()
string(REPLACE "|" ";" arguments "${ARGS}")
if(DEFINED WORKING_DIRECTORY)
    file(MAKE_DIRECTORY "${WORKING_DIRECTORY}")
else()
    set(WORKING_DIRECTORY ".")
endif()
execute_process(COMMAND "${PROGRAM}" ${arguments}
    WORKING_DIRECTORY "${WORKING_DIRECTORY}"
    OUTPUT_VARIABLE output ERROR_VARIABLE errors RESULT_VARIABLE status)

if(NOT status STREQUAL STATUS)
    message(FATAL_ERROR "${PROGRAM} ${ARGS} exited with ${status}, not ${STATUS}\nstdout:\n${output}\nstderr:\n${errors}")
endif()
if(DEFINED EXPECTED)
    file(READ "${EXPECTED}" expected_output)
    if(NOT output STREQUAL expected_output)
        set(actual "${WORKING_DIRECTORY}/actual_output.txt")
        file(WRITE "${actual}" "${output}")
        find_program(DIFF diff)
        if(DIFF)
            execute_process(COMMAND "${DIFF}" -u "${EXPECTED}" "${actual}" OUTPUT_VARIABLE difference)
        endif()
        message(FATAL_ERROR "${PROGRAM} ${ARGS} printed other than ${EXPECTED} (its output: ${actual})\n${difference}")
    endif()
else()
    string(REGEX MATCHALL "\n" newlines "${errors}")
    list(LENGTH newlines lines)
    if(NOT output STREQUAL "" OR NOT lines EQUAL 1)
        message(FATAL_ERROR "${PROGRAM} ${ARGS} should print one line of error and nothing else\n"
                            "stdout:\n${output}\nstderr:\n${errors}")
    endif()
endif()
