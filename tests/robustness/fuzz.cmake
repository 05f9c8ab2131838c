# robustness_fuzz_quick: scripts/fuzz.py with a fixed seed over the four apps (crash, hang, memory
# bomb, internal error, bad message: any of these fails the test). The mutants are deterministic,
# so a failure reproduces with the same command; scripts/fuzz.py --help, docs/robustness.md.
if(TARGET relcp_sim AND TARGET relcp_lcp_cli AND TARGET relcp_dcs_cli AND TARGET relcp_geom
   AND RELCP_SYSTEM_PYTHON)
  # The four executables share one output folder (build/bin); --build-dir takes that folder.
  add_test(NAME robustness_fuzz_quick
           COMMAND ${RELCP_SYSTEM_PYTHON} ${PROJECT_SOURCE_DIR}/scripts/fuzz.py
                   --build-dir $<TARGET_FILE_DIR:relcp_sim> --count 800 --seed 20240601 --jobs 2
                   --timeout 20 --memory-limit 2048 --quiet
                   --out ${CMAKE_CURRENT_BINARY_DIR}/fuzz_quick)
  set_tests_properties(robustness_fuzz_quick PROPERTIES LABELS unit TIMEOUT 600 PROCESSORS 2
                       ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
endif()
