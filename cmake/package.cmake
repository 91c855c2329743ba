# Installing the documentation, and packaging: `cpack -G DEB` (a .deb whose
# Depends come from dpkg-shlibdeps) and the `dist` target (a source
# tarball of the commit, named with the version). Included by the top
# CMakeLists.txt; the version is its project() line, nowhere else.

install(FILES LICENSE README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The man page points to these (SEE ALSO); its own source is installed as
# the man page itself.
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        PATTERN tpsreport.1.md EXCLUDE)

# make dist: the files of the commit checked out (git archive: nothing
# untracked, no build folder), under tpsreport-VERSION/. Uncommitted changes
# are not in it.
find_program(GIT_EXE git)
set(TR_DIST_NAME "${PROJECT_NAME}-${PROJECT_VERSION}")
add_custom_target(dist
  COMMAND "${CMAKE_COMMAND}" -DGIT=${GIT_EXE} -DSRC=${PROJECT_SOURCE_DIR}
          -DNAME=${TR_DIST_NAME} -DOUT=${CMAKE_BINARY_DIR}/${TR_DIST_NAME}.tar.gz
          -P "${PROJECT_SOURCE_DIR}/cmake/dist.cmake"
  COMMENT "Writing ${TR_DIST_NAME}.tar.gz" VERBATIM)

set(TR_PACKAGE_MAINTAINER "The tpsreport authors <tpsreport@users.noreply.github.com>"
    CACHE STRING "The Maintainer field of the Debian package")
set(CPACK_PACKAGE_NAME "${PROJECT_NAME}")
set(CPACK_PACKAGE_VENDOR "The tpsreport authors")
set(CPACK_PACKAGE_CONTACT "${TR_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "turn pgbench results into a publishable comparison report")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${TR_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# (cpack puts the summary above it as the first line and indents it)
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "tpsreport reads the output of pgbench runs made against several PostgreSQL
providers, instance types or settings, and writes a comparison report
(HTML, Markdown, charts, JSON and CSV) with every figure's uncertainty,
the checks that a run is usable, and a diff between two reports for CI.")
# The libraries' packages, found by dpkg-shlibdeps from the binary.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The charts are laid out for DejaVu Sans; another font works, less well.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core")
# a CJK font: Japanese, Chinese or Korean labels in PNG and PDF charts
# (without one they are drawn as boxes; DejaVu Sans has Latin, Greek,
# Cyrillic, Arabic and Hebrew)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "postgresql-client, fonts-noto-cjk | fonts-droid-fallback")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# What Debian's policy wants in the staged tree (a copyright file, a
# compressed changelog and man page): cmake/deb-fixup.cmake.
set(TR_DEB_FIXUP_SOURCE "${PROJECT_SOURCE_DIR}")
set(TR_DEB_FIXUP_VERSION "${PROJECT_VERSION}")
configure_file("${PROJECT_SOURCE_DIR}/cmake/deb-fixup.cmake.in"
               "${CMAKE_BINARY_DIR}/deb-fixup.cmake" @ONLY)
set(CPACK_PRE_BUILD_SCRIPTS "${CMAKE_BINARY_DIR}/deb-fixup.cmake")
include(CPack)
