# Faults in a run (docs/robustness.md): scripts/fault_trials.py injects write failures on random
# ranks and writes (1 and 2 ranks), fills a small tmpfs where one can be mounted, and stops runs
# with SIGTERM and --max-wall-time; every run must end in its exit code without a hang, and the
# newest checkpoint must restart to the uninterrupted result bit for bit. A few trials here (the
# docs report 200); the test's timeout turns a hang into a failure.
if(TARGET relcp_sim AND RELCP_PYTHON_READS_HDF5 AND MPIEXEC_EXECUTABLE)
  add_test(NAME robustness_fault_trials
           COMMAND ${RELCP_SYSTEM_PYTHON} ${PROJECT_SOURCE_DIR}/scripts/fault_trials.py
                   --sim $<TARGET_FILE:relcp_sim> --mpirun ${MPIEXEC_EXECUTABLE} --ranks 1,2 --seed 3
                   --trials 6 --tmpfs-trials 2 --stop-trials 1 --timeout 60
                   --set simulation.steps=120 --set simulation.output.checkpoint_every=10
                   --set simulation.output.snapshot_every=10)
  set_tests_properties(robustness_fault_trials PROPERTIES LABELS "unit;mpi" PROCESSORS 2 TIMEOUT 400
                       ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
endif()
