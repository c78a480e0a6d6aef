# fg_unit: the targets the tests of label unit run, and nothing else (no Verilated model), so that a
# build for them alone is quick (make test-sanitize). fg_unit_deps(TARGET...) adds to it.
add_custom_target(fg_unit)
function(fg_unit_deps)
  add_dependencies(fg_unit ${ARGN})
endfunction()

# fg_add_cunit_test(NAME LABEL SOURCES...): one CUnit suite = one executable = one ctest.
find_library(CUNIT_LIBRARY cunit REQUIRED)
find_path(CUNIT_INCLUDE_DIR CUnit/CUnit.h REQUIRED)
function(fg_add_cunit_test name label)
  add_executable(${name} ${ARGN} ${CMAKE_SOURCE_DIR}/cmodel/tests/fg_cunit_main.c)
  target_include_directories(${name} PRIVATE ${CUNIT_INCLUDE_DIR} ${CMAKE_SOURCE_DIR}/cmodel/tests)
  target_link_libraries(${name} PRIVATE fecforge ${CUNIT_LIBRARY})
  add_test(NAME ${name} COMMAND ${name})
  set_tests_properties(${name} PROPERTIES LABELS ${label} SKIP_RETURN_CODE 77
                       ENVIRONMENT "FG_SOURCE_DIR=${CMAKE_SOURCE_DIR}")
  if(label STREQUAL unit)
    fg_unit_deps(${name})
  endif()
endfunction()
