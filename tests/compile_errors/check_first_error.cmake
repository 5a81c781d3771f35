# A file of tests/compile_errors/ must not compile, and the first line of
# the compiler's output that says "error:" must contain the text of the
# file's first line, `// expect: <text>` (the compile errors of static
# shapes name both shapes there: Note [static broadcasting] in
# include/loom/core/static_shape.hpp). A file whose first line is
# `// expect: nothing` must compile. OPTIONS are further compiler options,
# separated by spaces, such as -Werror for the files of tests/dangling/.
#
#   cmake -D CXX=<compiler> -D INCLUDE=<loom's include/> -D SOURCE=<file> [-D OPTIONS=<list>] -P check_first_error.cmake

separate_arguments(OPTIONS UNIX_COMMAND "${OPTIONS}")
file(STRINGS "${SOURCE}" first_line LIMIT_COUNT 1)
string(REGEX REPLACE "^// expect: " "" expected "${first_line}")
execute_process(COMMAND "${CXX}" -std=c++20 -fsyntax-only ${OPTIONS} "-I${INCLUDE}" "${SOURCE}"
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(expected STREQUAL "nothing")
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${SOURCE} must compile:\n${output}")
    endif()
    return()
endif()
if(status EQUAL 0)
    message(FATAL_ERROR "${SOURCE} compiled; it must be refused with: ${expected}")
endif()
string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${output}")
string(FIND "${first_error}" "${expected}" at)
if(at EQUAL -1)
    message(FATAL_ERROR "the first error of ${SOURCE} is\n  ${first_error}\nand does not contain\n  ${expected}")
endif()
message(STATUS "first error: ${first_error}")
