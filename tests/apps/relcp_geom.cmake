# relcp_geom: exit codes, JSON on stdout and the one-line file:line: key: messages on stderr.
if(TARGET relcp_geom)
  foreach(case IN ITEMS help snsd_spheres snsd_ellipsoid_rod snsd_interlocked_rings multisphere
                        bad_count bad_files)
    add_test(NAME apps_relcp_geom.${case}
             COMMAND ${CMAKE_COMMAND} -DGEOM=$<TARGET_FILE:relcp_geom>
                     -DINPUTS=${CMAKE_CURRENT_SOURCE_DIR}/relcp_geom -DCASE=${case}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/relcp_geom_check.cmake)
    set_tests_properties(apps_relcp_geom.${case} PROPERTIES LABELS unit TIMEOUT 60)
  endforeach()
endif()
