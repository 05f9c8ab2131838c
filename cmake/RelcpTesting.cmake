# relcp_add_test(NAME SOURCES ... LIBS ... [LABELS unit|long|gpu ...] [TIMEOUT s])
#   one GoogleTest executable; each TEST becomes its own ctest entry with the labels.
# relcp_add_mpi_test(NAME SOURCES ... LIBS ... RANKS 1 2 3 4 [LABELS ...] [TIMEOUT s])
#   one executable run under mpirun once per rank count (label mpi); main from tests/support.
include(GoogleTest)
find_package(GTest REQUIRED)

set(RELCP_MPI_ENVIRONMENT OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_mpi_yield_when_idle=1 OMP_NUM_THREADS=1 OMP_WAIT_POLICY=PASSIVE)

# The main() of every MPI test, compiled once.
add_library(relcp_mpi_gtest_main STATIC ${PROJECT_SOURCE_DIR}/tests/support/mpi_gtest_main.cpp)
target_link_libraries(relcp_mpi_gtest_main PUBLIC GTest::gtest MPI::MPI_CXX PRIVATE relcp_warnings)

# Tests find their data through RELCP_SOURCE_DIR (the checkout), never through __FILE__: ccache
# with CCACHE_BASEDIR (scripts/setup.sh) turns source paths into relative ones.
function(relcp_test_paths name)
  target_compile_definitions(${name} PRIVATE RELCP_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
endfunction()

function(relcp_add_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  if(NOT ARG_LABELS)
    set(ARG_LABELS unit)
  endif()
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main relcp_warnings)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests)
  relcp_test_paths(${name})
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 60
    PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT} ENVIRONMENT "OMP_NUM_THREADS=2;OMP_WAIT_POLICY=PASSIVE")
endfunction()

function(relcp_add_mpi_test name)
  cmake_parse_arguments(ARG "" "TIMEOUT" "SOURCES;LIBS;LABELS;RANKS" ${ARGN})
  if(NOT ARG_TIMEOUT)
    set(ARG_TIMEOUT 300)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LIBS} relcp_mpi_gtest_main relcp_warnings)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests)
  relcp_test_paths(${name})
  foreach(ranks IN LISTS ARG_RANKS)
    add_test(NAME ${name}.np${ranks}
      COMMAND ${MPIEXEC_EXECUTABLE} --oversubscribe ${MPIEXEC_NUMPROC_FLAG} ${ranks}
              $<TARGET_FILE:${name}>)
    set_tests_properties(${name}.np${ranks} PROPERTIES LABELS "mpi;${ARG_LABELS}"
      TIMEOUT ${ARG_TIMEOUT} PROCESSORS ${ranks} ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
  endforeach()
endfunction()

# relcp_add_layer_tests(LAYER LIBS ...): every tests/<layer>/test_*.cpp becomes the unit test
# executable test_<layer>_<name>; long_*.cpp the same with label `long` (paper reproductions,
# not run by scripts/test.sh); mpi_*.cpp runs under mpirun on 1-4 ranks (label mpi).
function(relcp_add_layer_tests layer)
  cmake_parse_arguments(ARG "" "" "LIBS" ${ARGN})
  file(GLOB unit_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/test_*.cpp)
  foreach(source IN LISTS unit_sources)
    get_filename_component(stem ${source} NAME_WE)
    string(REGEX REPLACE "^test_" "" stem ${stem})
    relcp_add_test(test_${layer}_${stem} SOURCES ${source} LIBS ${ARG_LIBS} LABELS unit)
  endforeach()
  file(GLOB long_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/long_*.cpp)
  foreach(source IN LISTS long_sources)
    get_filename_component(stem ${source} NAME_WE)
    relcp_add_test(${layer}_${stem} SOURCES ${source} LIBS ${ARG_LIBS} LABELS long TIMEOUT 3600)
  endforeach()
  file(GLOB mpi_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/mpi_*.cpp)
  foreach(source IN LISTS mpi_sources)
    get_filename_component(stem ${source} NAME_WE)
    relcp_add_mpi_test(test_${layer}_${stem} SOURCES ${source} LIBS ${ARG_LIBS} RANKS 1 2 3 4)
  endforeach()
endfunction()
