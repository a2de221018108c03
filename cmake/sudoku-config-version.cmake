# The version file of the CMake package of libsudoku, installed beside sudoku-config.cmake
# by `cargo cinstall`. build.rs writes cmake/sudoku-config-version.cmake from
# cmake/sudoku-config-version.cmake.in and the crate's version; both are committed.
#
# A request is met by this version when it is not newer and the library's ABI is the same:
# the same major version from 1.0 on, the same 0.minor before (the rule of the SONAME, see
# docs/install.md), and the same pointer size as the installed shared library's (its ELF
# class; a prefix with the static archive alone is not checked for it).

set(PACKAGE_VERSION "0.1.0")
set(_sudoku_abi "0.1")

if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  if(PACKAGE_FIND_VERSION_MAJOR EQUAL 0)
    set(_sudoku_wanted "0.${PACKAGE_FIND_VERSION_MINOR}")
  else()
    set(_sudoku_wanted "${PACKAGE_FIND_VERSION_MAJOR}")
  endif()
  if("${PACKAGE_FIND_VERSION}" STREQUAL "" OR _sudoku_wanted STREQUAL _sudoku_abi)
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
  else()
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
  endif()
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()

get_filename_component(_sudoku_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
foreach(_sudoku_dir IN ITEMS "lib" "lib/${CMAKE_LIBRARY_ARCHITECTURE}" "lib64")
  set(_sudoku_so "${_sudoku_prefix}/${_sudoku_dir}/libsudoku.so")
  if(CMAKE_SIZEOF_VOID_P AND EXISTS "${_sudoku_so}")
    # ELF's magic, then its class: 01 for 32-bit, 02 for 64-bit.
    file(READ "${_sudoku_so}" _sudoku_elf LIMIT 5 HEX)
    set(_sudoku_bytes "")
    if(_sudoku_elf STREQUAL "7f454c4601")
      set(_sudoku_bytes 4)
    elseif(_sudoku_elf STREQUAL "7f454c4602")
      set(_sudoku_bytes 8)
    endif()
    if(_sudoku_bytes AND NOT CMAKE_SIZEOF_VOID_P STREQUAL _sudoku_bytes)
      math(EXPR _sudoku_bits "${_sudoku_bytes} * 8")
      set(PACKAGE_VERSION "${PACKAGE_VERSION} (${_sudoku_bits}-bit)")
      set(PACKAGE_VERSION_UNSUITABLE TRUE)
    endif()
    break()
  endif()
endforeach()

unset(_sudoku_abi)
unset(_sudoku_wanted)
unset(_sudoku_prefix)
unset(_sudoku_dir)
unset(_sudoku_so)
unset(_sudoku_elf)
unset(_sudoku_bytes)
unset(_sudoku_bits)
