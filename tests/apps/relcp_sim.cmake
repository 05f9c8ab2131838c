# relcp_sim: exit codes, the one-line file:line: key.path: messages for every invalid scenario
# in tests/io/invalid (no output files created), --set, --dry-run (also of every simulator
# scenario shipped in configs/), and runs with restart, also under mpirun.
if(TARGET relcp_sim)
  # One test per invalid scenario: each needs its own process start.
  file(GLOB invalid_scenarios CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/io/invalid/*.yaml)
  set(cases help usage invalid_directory overrides dry_run shipped_scenarios run_and_restart mpi_run
            mpi_invalid)
  foreach(file IN LISTS invalid_scenarios)
    get_filename_component(name ${file} NAME_WE)
    list(APPEND cases invalid.${name})
  endforeach()
  foreach(case IN LISTS cases)
    add_test(NAME apps_relcp_sim.${case}
             COMMAND ${CMAKE_COMMAND} -DSIM=$<TARGET_FILE:relcp_sim> -DMPIEXEC=${MPIEXEC_EXECUTABLE}
                     -DINPUTS=${CMAKE_CURRENT_SOURCE_DIR}/relcp_sim
                     -DINVALID=${PROJECT_SOURCE_DIR}/tests/io/invalid
                     -DCONFIGS=${PROJECT_SOURCE_DIR}/configs
                     -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/relcp_sim_${case} -DCASE=${case}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/relcp_sim_check.cmake)
    set_tests_properties(apps_relcp_sim.${case} PROPERTIES LABELS unit TIMEOUT 120
                         ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
  endforeach()
  set_tests_properties(apps_relcp_sim.mpi_run apps_relcp_sim.mpi_invalid PROPERTIES LABELS "unit;mpi" PROCESSORS 2)
endif()

# scripts/scenario_from_snapshot.py needs Debian's python3 with h5py and yaml (scripts/setup.sh).
find_program(RELCP_SYSTEM_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(TARGET relcp_sim AND RELCP_SYSTEM_PYTHON)
  execute_process(COMMAND ${RELCP_SYSTEM_PYTHON} -c "import h5py, yaml, numpy"
                  RESULT_VARIABLE python_modules_missing OUTPUT_QUIET ERROR_QUIET)
  if(NOT python_modules_missing)
    add_test(NAME apps_scenario_from_snapshot
             COMMAND ${CMAKE_COMMAND} -DSIM=$<TARGET_FILE:relcp_sim> -DPYTHON=${RELCP_SYSTEM_PYTHON}
                     -DSCRIPT=${PROJECT_SOURCE_DIR}/scripts/scenario_from_snapshot.py
                     -DINPUT=${CMAKE_CURRENT_SOURCE_DIR}/relcp_sim/small.yaml
                     -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/scenario_from_snapshot
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/scenario_from_snapshot_check.cmake)
    set_tests_properties(apps_scenario_from_snapshot PROPERTIES LABELS unit TIMEOUT 120
                         ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
  else()
    message(STATUS "relcp: /usr/bin/python3 lacks h5py or yaml; apps_scenario_from_snapshot not added")
  endif()
  execute_process(COMMAND ${RELCP_SYSTEM_PYTHON} -c "import h5py, numpy, matplotlib"
                  RESULT_VARIABLE plot_modules_missing OUTPUT_QUIET ERROR_QUIET)
  if(NOT plot_modules_missing)
    add_test(NAME apps_plot_snapshot
             COMMAND ${CMAKE_COMMAND} -DSIM=$<TARGET_FILE:relcp_sim> -DPYTHON=${RELCP_SYSTEM_PYTHON}
                     -DSCRIPT=${PROJECT_SOURCE_DIR}/scripts/plot_snapshot.py
                     -DINPUT=${CMAKE_CURRENT_SOURCE_DIR}/relcp_sim/small.yaml
                     -DSCRATCH=${CMAKE_CURRENT_BINARY_DIR}/plot_snapshot
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/plot_snapshot_check.cmake)
    set_tests_properties(apps_plot_snapshot PROPERTIES LABELS unit TIMEOUT 120
                         ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
  else()
    message(STATUS "relcp: /usr/bin/python3 lacks h5py or matplotlib; apps_plot_snapshot not added")
  endif()
endif()
