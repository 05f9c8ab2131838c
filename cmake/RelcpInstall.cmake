# `cmake --install build --prefix P` gives P/lib/cmake/relcp, so that a downstream project does
# find_package(relcp CONFIG) and links relcp::relcp.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

get_property(exported GLOBAL PROPERTY RELCP_EXPORTED_TARGETS)
install(TARGETS ${exported} EXPORT relcpTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(EXPORT relcpTargets NAMESPACE relcp:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/relcp)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/relcpConfig.cmake.in
  ${PROJECT_BINARY_DIR}/relcpConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/relcp)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/relcpConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/relcpConfig.cmake ${PROJECT_BINARY_DIR}/relcpConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/relcp)
