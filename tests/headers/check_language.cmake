# Every public header of loom, compiled in C++17 mode, stops with one error:
# the sentence of core/prologue.hpp, which says to compile as C++20.
#
#   cmake -D CXX=<compiler> -D INCLUDE=<loom's include/> -D WORK=<scratch directory> -P check_language.cmake

file(GLOB headers "${INCLUDE}/loom/*.hpp")
file(MAKE_DIRECTORY "${WORK}")
foreach(header IN LISTS headers)
    get_filename_component(name "${header}" NAME)
    file(WRITE "${WORK}/${name}.cpp" "#include <loom/${name}>\n")
    execute_process(COMMAND "${CXX}" -std=c++17 -fsyntax-only "-I${INCLUDE}" "${WORK}/${name}.cpp"
                    RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
    string(REGEX MATCHALL "error:" errors "${output}")
    list(LENGTH errors count)
    if(status EQUAL 0)
        message(SEND_ERROR "<loom/${name}> compiled in C++17 mode; it must stop with core/prologue.hpp's #error")
    elseif(NOT count EQUAL 1 OR NOT output MATCHES "loom needs C\\+\\+20: compile with -std=c\\+\\+20")
        message(SEND_ERROR "<loom/${name}> in C++17 mode gave ${count} errors, not the one sentence of "
                           "core/prologue.hpp alone:\n${output}")
    endif()
endforeach()
list(LENGTH headers checked)
message(STATUS "${checked} public headers stop with one sentence in C++17 mode")
