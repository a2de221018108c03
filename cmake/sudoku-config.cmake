# The CMake package of libsudoku, installed by `cargo cinstall` into
# <prefix>/share/cmake/sudoku/ (see docs/install.md). With the prefix in CMAKE_PREFIX_PATH:
#
#   find_package(sudoku 0.1 CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE sudoku::sudoku)          # libsudoku.so
#   target_link_libraries(app PRIVATE sudoku::sudoku_static)   # libsudoku.a
#
# Each target is there when its library is installed (a prefix of `cargo cinstall
# --library-type staticlib` has sudoku::sudoku_static alone); sudoku_LIBRARIES names the
# shared one when there is one.
#
# Both targets carry the include directory (#include <sudoku.h>, <sudoku.hpp>) and work for
# C and C++ targets. sudoku::sudoku_static also brings the system libraries the archive
# needs, read from the Libs.private line that cargo-c wrote into sudoku.pc.
#
# Every path is found from this file's own location, so the installed tree can be moved or
# packaged (DESTDIR) as a whole.

if(TARGET sudoku::sudoku OR TARGET sudoku::sudoku_static)
  return()
endif()

get_filename_component(_sudoku_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(_sudoku_include_dir "${_sudoku_prefix}/include/sudoku")

# cargo-c's libdir: <prefix>/lib, or <prefix>/lib/<multiarch> by default on Debian, or
# <prefix>/lib64 when given so.
set(_sudoku_lib_dir "")
foreach(_sudoku_dir IN ITEMS "lib" "lib/${CMAKE_LIBRARY_ARCHITECTURE}" "lib64")
  if(EXISTS "${_sudoku_prefix}/${_sudoku_dir}/pkgconfig/sudoku.pc")
    set(_sudoku_lib_dir "${_sudoku_prefix}/${_sudoku_dir}")
    break()
  endif()
endforeach()

set(_sudoku_shared "${_sudoku_lib_dir}/${CMAKE_SHARED_LIBRARY_PREFIX}sudoku${CMAKE_SHARED_LIBRARY_SUFFIX}")
set(_sudoku_static "${_sudoku_lib_dir}/${CMAKE_STATIC_LIBRARY_PREFIX}sudoku${CMAKE_STATIC_LIBRARY_SUFFIX}")
# A prefix may hold both libraries or one (`cargo cinstall --library-type staticlib`, or
# cdylib): each target exists when its library does.
if(NOT _sudoku_lib_dir OR NOT EXISTS "${_sudoku_include_dir}/sudoku.h"
   OR NOT (EXISTS "${_sudoku_shared}" OR EXISTS "${_sudoku_static}"))
  set(sudoku_FOUND FALSE)
  set(sudoku_NOT_FOUND_MESSAGE "libsudoku is not complete under ${_sudoku_prefix}: expected \
include/sudoku/sudoku.h, and libsudoku.so or libsudoku.a with pkgconfig/sudoku.pc in lib/, \
lib/${CMAKE_LIBRARY_ARCHITECTURE}/ or lib64/")
  return()
endif()

if(EXISTS "${_sudoku_shared}")
  add_library(sudoku::sudoku SHARED IMPORTED)
  set_target_properties(sudoku::sudoku PROPERTIES
    IMPORTED_LOCATION "${_sudoku_shared}"
    INTERFACE_INCLUDE_DIRECTORIES "${_sudoku_include_dir}")
endif()

# The system libraries of the static archive, as cargo-c recorded them (-lpthread -lm ...).
set(_sudoku_private "")
file(STRINGS "${_sudoku_lib_dir}/pkgconfig/sudoku.pc" _sudoku_pc_line REGEX "^Libs\\.private:")
if(_sudoku_pc_line)
  string(REGEX REPLACE "^Libs\\.private:[ \t]*" "" _sudoku_pc_line "${_sudoku_pc_line}")
  separate_arguments(_sudoku_pc_flags UNIX_COMMAND "${_sudoku_pc_line}")
  foreach(_sudoku_flag IN LISTS _sudoku_pc_flags)
    if(_sudoku_flag MATCHES "^-l(.+)$")
      list(APPEND _sudoku_private "${CMAKE_MATCH_1}")
    elseif(_sudoku_flag)
      list(APPEND _sudoku_private "${_sudoku_flag}")
    endif()
  endforeach()
endif()

if(EXISTS "${_sudoku_static}")
  add_library(sudoku::sudoku_static STATIC IMPORTED)
  set_target_properties(sudoku::sudoku_static PROPERTIES
    IMPORTED_LOCATION "${_sudoku_static}"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "${_sudoku_include_dir}"
    INTERFACE_LINK_LIBRARIES "${_sudoku_private}")
endif()

set(sudoku_INCLUDE_DIRS "${_sudoku_include_dir}")
if(TARGET sudoku::sudoku)
  set(sudoku_LIBRARIES sudoku::sudoku)
else()
  set(sudoku_LIBRARIES sudoku::sudoku_static)
endif()

unset(_sudoku_prefix)
unset(_sudoku_include_dir)
unset(_sudoku_lib_dir)
unset(_sudoku_dir)
unset(_sudoku_shared)
unset(_sudoku_static)
unset(_sudoku_private)
unset(_sudoku_pc_line)
unset(_sudoku_pc_flags)
unset(_sudoku_flag)
