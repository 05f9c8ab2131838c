# scripts/scenario_from_snapshot.py (cmake -P): a scenario written from a run's last snapshot
# validates, starts where the run ended (every body's position exactly, its orientation to
# round-off, by id), and a snapshot that does not exist fails with one line on stderr.
#   cmake -DSIM=<relcp_sim> -DPYTHON=<python3 with h5py, yaml> -DSCRIPT=<the script>
#         -DINPUT=<tests/apps/relcp_sim/small.yaml> -DSCRATCH=<empty dir> -P <this file>

file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})

function(run_checked)
  execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code
                  WORKING_DIRECTORY ${SCRATCH})
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${ARGN}\nexit: ${code}\nstdout: ${out}\nstderr: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run_checked(${SIM} ${INPUT} --output ${SCRATCH}/first --quiet)
run_checked(${PYTHON} ${SCRIPT} ${INPUT} ${SCRATCH}/first/relcp.h5 --out ${SCRATCH}/next.yaml)
run_checked(${SIM} ${SCRATCH}/next.yaml --dry-run)
if(NOT out MATCHES "valid; 40 bodies")
  message(FATAL_ERROR "the written scenario does not hold the 40 bodies: ${out}")
endif()
run_checked(${SIM} ${SCRATCH}/next.yaml --set simulation.steps=1 --output ${SCRATCH}/next --quiet)
run_checked(${PYTHON} -c "
import sys, h5py, numpy as np
def last(path, first=False):
    with h5py.File(path) as f:
        names = sorted(f['snapshots'])
        g = f['snapshots'][names[0] if first else names[-1]]
        order = g['id'][:].argsort()
        return g['position'][:][order], g['orientation'][:][order]
p0, q0 = last('first/relcp.h5')
p1, q1 = last('next/relcp.h5', first=True)
# relcp_sim normalizes the quaternions it reads: orientations agree to round-off.
sys.exit(0 if np.array_equal(p0, p1) and np.abs(q0 - q1).max() <= 1e-15 else 'poses differ')
")

execute_process(COMMAND ${PYTHON} ${SCRIPT} ${INPUT} ${SCRATCH}/first/relcp.h5 --step 5
                        --out ${SCRATCH}/missing.yaml
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
string(STRIP "${err}" err)
if(code EQUAL 0 OR NOT err MATCHES "no snapshot of step 5" OR err MATCHES "\n")
  message(FATAL_ERROR "a missing snapshot: exit ${code}, stderr '${err}'")
endif()
if(EXISTS ${SCRATCH}/missing.yaml)
  message(FATAL_ERROR "a missing snapshot left ${SCRATCH}/missing.yaml behind")
endif()
