# Script mode: install relcp, build the downstream project against it, run it.
file(REMOVE_RECURSE ${SCRATCH_DIR})
set(prefix ${SCRATCH_DIR}/prefix)

function(run_step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "step failed (${status}): ${ARGN}\n${out}\n${err}")
  endif()
endfunction()

run_step(${CMAKE_COMMAND} --install ${RELCP_BUILD_DIR} --prefix ${prefix})
run_step(${CMAKE_COMMAND} -S ${DOWNSTREAM_SOURCE_DIR} -B ${SCRATCH_DIR}/build -G ${GENERATOR}
         -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run_step(${CMAKE_COMMAND} --build ${SCRATCH_DIR}/build)
run_step(${SCRATCH_DIR}/build/downstream)
message(STATUS "downstream project built and ran against ${prefix}")
