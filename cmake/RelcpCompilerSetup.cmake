# Compiler launcher and warning flags shared by every relcp target.
find_program(RELCP_CCACHE ccache)
if(RELCP_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${RELCP_CCACHE})
  set(CMAKE_CUDA_COMPILER_LAUNCHER ${RELCP_CCACHE})
endif()

add_library(relcp_warnings INTERFACE)
target_compile_options(relcp_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow=local -Wno-unknown-pragmas>)
install(TARGETS relcp_warnings EXPORT relcpTargets)
