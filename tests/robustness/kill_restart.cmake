# Kill -9 and restart (docs/robustness.md): scripts/kill_restart_check.py runs a small scenario
# on 2 ranks to its end, then kills the same run with SIGKILL (mpirun and its ranks) at seeded
# random moments and checks that every checkpoint left loads and equals the reference's, that
# restarts from the last and an earlier checkpoint give the uninterrupted result bit for bit,
# and that no process is left. Here a quick configuration: 4 kills, a checkpoint every 10 steps
# (the docs report the full 10-kill run with a checkpoint every 5 steps).
if(TARGET relcp_sim AND RELCP_PYTHON_READS_HDF5 AND MPIEXEC_EXECUTABLE)
  add_test(NAME robustness_kill_restart
           COMMAND ${RELCP_SYSTEM_PYTHON} ${PROJECT_SOURCE_DIR}/scripts/kill_restart_check.py
                   --sim $<TARGET_FILE:relcp_sim> --mpirun ${MPIEXEC_EXECUTABLE} --ranks 2
                   --kills 4 --seed 1 --set simulation.output.checkpoint_every=10)
  set_tests_properties(robustness_kill_restart PROPERTIES LABELS "unit;mpi" PROCESSORS 2 TIMEOUT 300
                       ENVIRONMENT "${RELCP_MPI_ENVIRONMENT}")
endif()
