# scripts/plot_snapshot.py (cmake -P): the picture of a run's last snapshot is written where the
# script says, is a PNG with drawn bodies (many distinct colours, not a blank canvas), the
# contact option draws too, and a missing snapshot fails with one line on stderr and exit 2.
#   cmake -DSIM=<relcp_sim> -DPYTHON=<python3 with h5py, matplotlib> -DSCRIPT=<the script>
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

run_checked(${SIM} ${INPUT} --output ${SCRATCH}/run --quiet)
run_checked(${PYTHON} ${SCRIPT} ${SCRATCH}/run/relcp.h5)
string(STRIP "${out}" picture)
if(NOT picture MATCHES "/run/snapshot_[0-9]+\\.png$" OR NOT EXISTS "${picture}")
  message(FATAL_ERROR "the script printed '${picture}', not the path of a written snapshot_NNNNNNNN.png")
endif()
run_checked(${PYTHON} ${SCRIPT} ${SCRATCH}/run/relcp.h5 --step 0 --contacts --color shape --out ${SCRATCH}/first.png)
foreach(png "${picture}" "${SCRATCH}/first.png")
  run_checked(${PYTHON} -c "
import sys, numpy as np, matplotlib.image as image
pixels = image.imread(sys.argv[1])
colours = np.unique((pixels[..., :3] * 255).astype(np.uint8).reshape(-1, 3), axis=0)
assert pixels.shape[0] > 300 and pixels.shape[1] > 300, pixels.shape
assert len(colours) > 50, f'only {len(colours)} colours: nothing drawn'
" "${png}")
endforeach()

execute_process(COMMAND ${PYTHON} ${SCRIPT} ${SCRATCH}/run/relcp.h5 --step 99999
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE code)
string(STRIP "${err}" err)
string(FIND "${err}" "\n" newline)
if(NOT code EQUAL 2 OR NOT err MATCHES "^plot_snapshot: .*relcp.h5: no snapshot at step 99999" OR NOT newline EQUAL -1)
  message(FATAL_ERROR "a missing snapshot must fail with exit 2 and one line naming the file: exit ${code}, stderr '${err}'")
endif()
