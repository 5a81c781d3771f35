# loom_precompile_headers(<target> [HEADERS <header>...] | REUSE_FROM <other target>)
#
# Parses loom's headers once per target instead of once per file: CMake builds a precompiled header of
# HEADERS (default loom/loom.hpp; with or without the angle brackets: loom/tensor.hpp, <loom/nn.hpp>)
# with the target's flags, and every C++ file of the target starts from it. REUSE_FROM shares the
# precompiled header of another target whose flags are the same, so a project builds it once.
# docs/headers.md gives what it saves on three small programs.
function(loom_precompile_headers target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "REUSE_FROM" "HEADERS")
    if(arg_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "loom_precompile_headers(${target}): unknown arguments ${arg_UNPARSED_ARGUMENTS}; "
                            "give HEADERS <header>... or REUSE_FROM <target>")
    endif()
    if(NOT TARGET ${target})
        message(FATAL_ERROR "loom_precompile_headers(${target}): there is no target ${target}; call it after "
                            "add_executable or add_library")
    endif()
    if(DEFINED arg_REUSE_FROM)
        if(arg_HEADERS)
            message(FATAL_ERROR "loom_precompile_headers(${target}): HEADERS and REUSE_FROM ${arg_REUSE_FROM} "
                                "exclude each other; the headers are those of ${arg_REUSE_FROM}'s")
        endif()
        target_precompile_headers(${target} REUSE_FROM ${arg_REUSE_FROM})
        return()
    endif()
    if(NOT arg_HEADERS)
        set(arg_HEADERS loom/loom.hpp)
    endif()
    set(headers "")
    foreach(header IN LISTS arg_HEADERS)
        string(REGEX REPLACE "^<(.*)>$" "\\1" header "${header}")
        list(APPEND headers "<${header}>")
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
