# Configures, builds and runs the project in this folder against loom (cmake -P; run by ctest):
#   MODE=installed     installs LOOM_BUILD_DIR into LOOM_BUILD_DIR/package-prefix and uses find_package(loom)
#   MODE=subdirectory  uses add_subdirectory() of LOOM_SOURCE_DIR
# GENERATOR, CXX_COMPILER, CONFIG, xsimd_DIR and xtl_DIR come from loom's build, so the consumer is built the same way.
# Every run starts from empty directories, so nothing left by an earlier run can make it pass.

function(run)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result)
    if(NOT result EQUAL 0)
        list(JOIN ARGN " " command)
        message(FATAL_ERROR "${command}\nfailed: ${result}")
    endif()
endfunction()

set(consumer_build "${LOOM_BUILD_DIR}/package-consumer-${MODE}")
file(REMOVE_RECURSE "${consumer_build}")
set(configure -S "${CMAKE_CURRENT_LIST_DIR}" -B "${consumer_build}" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${CONFIG}" "-Dxsimd_DIR=${xsimd_DIR}" "-Dxtl_DIR=${xtl_DIR}")

if(MODE STREQUAL "installed")
    set(prefix "${LOOM_BUILD_DIR}/package-prefix")
    file(REMOVE_RECURSE "${prefix}")
    run("${CMAKE_COMMAND}" --install "${LOOM_BUILD_DIR}" --config "${CONFIG}" --prefix "${prefix}")
    run("${CMAKE_COMMAND}" ${configure} "-DCMAKE_PREFIX_PATH=${prefix}" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
    # Another loom installed on the machine must not stand in for the one just installed.
    file(STRINGS "${consumer_build}/CMakeCache.txt" loom_dir REGEX "^loom_DIR:")
    string(REGEX REPLACE "^[^=]*=" "" loom_dir "${loom_dir}")
    cmake_path(IS_PREFIX prefix "${loom_dir}" NORMALIZE inside_prefix)
    if(NOT inside_prefix)
        message(FATAL_ERROR "find_package(loom) used ${loom_dir}, not the package installed in ${prefix}")
    endif()
elseif(MODE STREQUAL "subdirectory")
    run("${CMAKE_COMMAND}" ${configure} "-DLOOM_SOURCE_DIR=${LOOM_SOURCE_DIR}")
else()
    message(FATAL_ERROR "MODE must be installed or subdirectory, not '${MODE}'")
endif()

run("${CMAKE_COMMAND}" --build "${consumer_build}" --config "${CONFIG}")

# Single-configuration generators put the program in the build folder, multi-configuration ones below it.
set(program "${consumer_build}/loom_consumer")
if(NOT EXISTS "${program}")
    set(program "${consumer_build}/${CONFIG}/loom_consumer")
endif()
run("${program}")
