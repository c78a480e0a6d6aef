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
endfunction()
