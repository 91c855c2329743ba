# The source tarball of make dist: git archive of HEAD under NAME/.
# Called as: cmake -DGIT=... -DSRC=... -DNAME=... -DOUT=... -P dist.cmake
if(NOT GIT OR NOT EXISTS "${SRC}/.git")
  message(FATAL_ERROR "make dist needs git and a git checkout (${SRC} is not one)")
endif()
execute_process(COMMAND "${GIT}" -C "${SRC}" archive --format=tar.gz
                        "--prefix=${NAME}/" -o "${OUT}" HEAD
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "git archive failed")
endif()
message(STATUS "${OUT}")
