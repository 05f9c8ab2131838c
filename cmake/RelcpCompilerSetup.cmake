# Compiler launcher and warning flags shared by every relcp target.
find_program(RELCP_CCACHE ccache)
if(RELCP_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${RELCP_CCACHE})
  set(CMAKE_CUDA_COMPILER_LAUNCHER ${RELCP_CCACHE})
endif()

# -Werror=switch: a switch over one of our enums has no `default:`, so a forgotten case stops
# the build (docs/extending.md).
add_library(relcp_warnings INTERFACE)
target_compile_options(relcp_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow=local -Wno-unknown-pragmas -Werror=switch>)
install(TARGETS relcp_warnings EXPORT relcpTargets)
