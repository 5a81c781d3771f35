# Install rules: the headers, the loom::loom target, the files find_package(loom) reads, and the license.
include(CMakePackageConfigHelpers)

# Headers only and no architecture-dependent files, hence share/ rather than lib/.
set(LOOM_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/cmake/loom"
    CACHE STRING "Where loom's CMake package files go, relative to the install prefix")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/loom" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS loom EXPORT loomTargets)
install(EXPORT loomTargets NAMESPACE loom:: DESTINATION "${LOOM_INSTALL_CMAKEDIR}")

configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/loomConfig.cmake.in"
    "${PROJECT_BINARY_DIR}/loomConfig.cmake"
    INSTALL_DESTINATION "${LOOM_INSTALL_CMAKEDIR}")
# Before 1.0 a minor release may break the API, so only the same 0.x accepts a request.
write_basic_package_version_file("${PROJECT_BINARY_DIR}/loomConfigVersion.cmake"
    COMPATIBILITY SameMinorVersion
    ARCH_INDEPENDENT)
install(FILES "${PROJECT_BINARY_DIR}/loomConfig.cmake" "${PROJECT_BINARY_DIR}/loomConfigVersion.cmake"
    DESTINATION "${LOOM_INSTALL_CMAKEDIR}")

install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}")

# loom::compiled, when LOOM_COMPILED builds it (src/), in the same export set: find_package(loom) then
# defines loom::compiled beside loom::loom. loom_precompile_headers is in the package too.
if(TARGET loom_compiled)
    install(TARGETS loom_compiled EXPORT loomTargets)
endif()
install(FILES "${PROJECT_SOURCE_DIR}/cmake/LoomPrecompileHeaders.cmake" DESTINATION "${LOOM_INSTALL_CMAKEDIR}")
