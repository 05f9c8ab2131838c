# Two scenarios that describe the same system give identical trajectory.csv and events.csv.
# -DAPP=<relcp_dcs> -DFIRST=<yaml> -DSECOND=<yaml> -DOUT=<directory>
foreach(which FIRST SECOND)
  file(REMOVE_RECURSE "${OUT}/${which}")
  execute_process(COMMAND "${APP}" run "${${which}}" --output "${OUT}/${which}" --set time.T=2
                  RESULT_VARIABLE code ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${${which}}: exit code ${code}: ${err}")
  endif()
endforeach()
foreach(name trajectory.csv events.csv)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUT}/FIRST/${name}" "${OUT}/SECOND/${name}"
                  RESULT_VARIABLE different)
  if(different)
    message(FATAL_ERROR "${name} differs between ${FIRST} and ${SECOND}")
  endif()
endforeach()
