# Render docs/tpsreport.1.md into a man page with cmark's man renderer,
# under a .TH line (cmark writes the sections, not the title line).
# Called as: cmake -DCMARK=... -DIN=... -DOUT=... -DVERSION=... -P manpage.cmake
execute_process(COMMAND "${CMARK}" -t man "${IN}"
                OUTPUT_VARIABLE body RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmark -t man ${IN} failed")
endif()
file(WRITE "${OUT}" ".TH TPSREPORT 1 \"\" \"tpsreport ${VERSION}\" \"User Commands\"\n${body}")
