# Fuzz targets of the parsers (docs/architecture.md, "Fuzzing"), each in the layer whose parser it fuzzes
# (cmodel/fuzz, cli/fuzz). fg_fuzz_target(NAME SOURCES src... LIBS lib...) declares NAME.c of the calling
# directory:
#  - always: NAME_replay runs the checked-in corpus corpus/NAME/ through the target's LLVMFuzzerTestOneInput
#    with the regular compiler, linked with libfecforge and LIBS (ctest NAME, label unit);
#  - FG_FUZZ=ON with clang: the libFuzzer executable NAME, built with -fsanitize=fuzzer,address,undefined
#    from the parsers' own SOURCES (so coverage reaches them) and cmodel/src/core/error.c, linked with LIBS.
include_guard(GLOBAL)
option(FG_FUZZ "Build the libFuzzer targets of the parsers (needs clang)" OFF)
if(FG_FUZZ AND NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(WARNING "FG_FUZZ needs clang (configure with CC=clang-14); the fuzz targets are not built")
endif()
function(fg_fuzz_target t)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBS")
  add_executable(${t}_replay ${t}.c ${CMAKE_SOURCE_DIR}/cmodel/fuzz/fuzz_replay_main.c)
  target_include_directories(${t}_replay PRIVATE ${CMAKE_SOURCE_DIR}/cmodel/src)
  target_link_libraries(${t}_replay PRIVATE fecforge ${arg_LIBS})
  add_test(NAME ${t} COMMAND ${t}_replay ${CMAKE_CURRENT_SOURCE_DIR}/corpus/${t})
  set_tests_properties(${t} PROPERTIES LABELS unit)
  fg_unit_deps(${t}_replay)
  if(FG_FUZZ AND CMAKE_C_COMPILER_ID MATCHES "Clang")
    find_package(Threads REQUIRED) # its imported target is seen only below the directory that finds it
    add_executable(${t} ${t}.c ${arg_SOURCES} ${CMAKE_SOURCE_DIR}/cmodel/src/core/error.c)
    add_dependencies(${t} fg_git_version)
    target_include_directories(${t} PRIVATE ${CMAKE_SOURCE_DIR}/cmodel/include ${CMAKE_SOURCE_DIR}/cmodel/src
                                            ${FG_GENERATED_DIR})
    target_compile_options(${t} PRIVATE -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
    target_link_options(${t} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${t} PRIVATE ${arg_LIBS} m Threads::Threads)
  endif()
endfunction()
