/* xml_dl.c: libxml2's writer, loaded when a first SVG is written.
 *
 * libxml2 brings ICU, liblzma and the C++ runtime with it: linked in,
 * loading them cost every start of tpsreport 1.2 ms (an empty program
 * linked with tpsreport's other libraries starts in 1.2 ms, 2.4 ms with
 * libxml2 too), 6% of what `summary` needs for two million log lines, and
 * summary writes no XML. So the functions of libxml2 that
 * chart calls are defined here and forward to libxml2's own (util/dl.h),
 * as cairo_dl.c does for cairo; tr_svg_write calls tr_chart_xml_load
 * first. writeup loads the same library for its own calls (writeup/html_dl.c:
 * the two lists share no function). */

#include "chart_scene_internal.h"
#include "util/dl.h"

#include <libxml/xmlwriter.h>

/* The functions chart uses: result type (V: none), name, parameters, and
 * the arguments they are passed on as. */
#define S_XML_FUNCTIONS(X, V)                                                 \
	X(xmlBufferPtr, xmlBufferCreate, (void), ())                          \
	X(const xmlChar *, xmlBufferContent, (const xmlBuffer *a), (a))       \
	V(xmlBufferFree, (xmlBufferPtr a), (a))                               \
	X(int, xmlBufferLength, (const xmlBuffer *a), (a))                    \
	X(xmlTextWriterPtr, xmlNewTextWriterMemory, (xmlBufferPtr a, int b),  \
	  (a, b))                                                             \
	V(xmlFreeTextWriter, (xmlTextWriterPtr a), (a))                       \
	X(int, xmlTextWriterEndElement, (xmlTextWriterPtr a), (a))            \
	X(int, xmlTextWriterFlush, (xmlTextWriterPtr a), (a))                 \
	X(int, xmlTextWriterSetIndent, (xmlTextWriterPtr a, int b), (a, b))   \
	X(int, xmlTextWriterSetIndentString,                                  \
	  (xmlTextWriterPtr a, const xmlChar *b), (a, b))                     \
	X(int, xmlTextWriterStartElement,                                     \
	  (xmlTextWriterPtr a, const xmlChar *b), (a, b))                     \
	X(int, xmlTextWriterWriteAttribute,                                   \
	  (xmlTextWriterPtr a, const xmlChar *b, const xmlChar *c), (a, b, c)) \
	X(int, xmlTextWriterWriteElement,                                     \
	  (xmlTextWriterPtr a, const xmlChar *b, const xmlChar *c), (a, b, c)) \
	X(int, xmlTextWriterWriteString,                                      \
	  (xmlTextWriterPtr a, const xmlChar *b), (a, b))

/* Where the build found libxml2, then its soname. */
static const char *const S_names[] = {
#ifdef TR_LIBXML2_PATH
	TR_LIBXML2_PATH,
#endif
	"libxml2.so.2", "libxml2.2.dylib"
};

TR_DL_LIBRARY(S_lib, S_fn, S_XML_FUNCTIONS, S_names,
              "libxml2 (the library that writes the charts' SVG)",
              "install it (Debian: apt-get install libxml2)",
              "TPSREPORT_LIBXML2");

int tr_chart_xml_load(void)
{
	return tr_dl_load(&S_lib);
}

S_XML_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD)
