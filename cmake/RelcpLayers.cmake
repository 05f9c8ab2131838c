# Each layer in src/<layer> is a static library relcp_<layer> made of every .cpp in its folder
# (and every .cu when CUDA is on). The exported relcp::relcp links all layers.

function(relcp_add_layer layer)
  cmake_parse_arguments(ARG "" "" "LAYERS;PUBLIC_LIBS;PRIVATE_LIBS" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cpp)
  if(RELCP_WITH_CUDA)
    file(GLOB cuda_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.cu)
    list(APPEND sources ${cuda_sources})
  endif()
  set(target relcp_${layer})
  add_library(${target} STATIC ${sources})
  add_library(relcp::${layer} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${layer} POSITION_INDEPENDENT_CODE ON)
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/src>
    $<INSTALL_INTERFACE:include/relcp>)
  foreach(dependency IN LISTS ARG_LAYERS)
    target_link_libraries(${target} PUBLIC relcp_${dependency})
  endforeach()
  target_link_libraries(${target} PUBLIC ${ARG_PUBLIC_LIBS} PRIVATE ${ARG_PRIVATE_LIBS} relcp_warnings)
  if(RELCP_WITH_CUDA)
    target_compile_definitions(${target} PUBLIC RELCP_HAVE_CUDA=1)
    target_link_libraries(${target} PRIVATE CUDA::cudart)
  endif()
  install(DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/ DESTINATION include/relcp/${layer}
          FILES_MATCHING PATTERN "*.hpp")
  set_property(GLOBAL APPEND PROPERTY RELCP_LAYER_TARGETS ${target})
endfunction()

function(relcp_add_umbrella_library)
  get_property(layers GLOBAL PROPERTY RELCP_LAYER_TARGETS)
  add_library(relcp INTERFACE)
  add_library(relcp::relcp ALIAS relcp)
  target_link_libraries(relcp INTERFACE ${layers})
  set_property(GLOBAL PROPERTY RELCP_EXPORTED_TARGETS relcp ${layers})
endfunction()
