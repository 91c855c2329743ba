/* html_dl.c: libxml2 and cmark-gfm, loaded when a first page is rendered.
 *
 * libxml2 brings ICU, liblzma and the C++ runtime with it: linked in,
 * loading them and cmark-gfm cost every start of tpsreport 1.6 ms (an
 * empty program linked with tpsreport's other libraries starts in 1.2 ms,
 * 2.8 ms with these two), 8% of what `summary` needs for two million log
 * lines, and summary renders no page. So the functions of
 * theirs that writeup calls are defined here and forward to the
 * libraries' own (util/dl.h), as chart/cairo_dl.c does for cairo;
 * tr_wu_render_html calls tr_wu_html_load first. chart loads libxml2 for
 * its own calls (chart/xml_dl.c: the two lists share no function). */

#include "writeup_html_internal.h"
#include "util/dl.h"
#include "util/error.h"

#include <cmark-gfm-extension_api.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/xmlIO.h>
#include <stdatomic.h>

/* libxml2 2.13 made xmlNodeSetContent return an int (it was void). */
#if LIBXML_VERSION >= 21300
#define S_XML_SET_CONTENT(X, V)                                               \
	X(int, xmlNodeSetContent, (xmlNodePtr a, const xmlChar *b), (a, b))
#else
#define S_XML_SET_CONTENT(X, V)                                               \
	V(xmlNodeSetContent, (xmlNodePtr a, const xmlChar *b), (a, b))
#endif

/* The functions writeup uses: result type (V: none), name, parameters,
 * and the arguments they are passed on as. */
#define S_XML_FUNCTIONS(X, V)                                                 \
	V(htmlDocContentDumpFormatOutput,                                     \
	  (xmlOutputBufferPtr a, xmlDocPtr b, const char *c, int d),          \
	  (a, b, c, d))                                                       \
	X(htmlDocPtr, htmlNewDocNoDtD, (const xmlChar *a, const xmlChar *b),  \
	  (a, b))                                                             \
	X(xmlNodePtr, xmlAddChild, (xmlNodePtr a, xmlNodePtr b), (a, b))      \
	X(xmlOutputBufferPtr, xmlAllocOutputBuffer,                           \
	  (xmlCharEncodingHandlerPtr a), (a))                                 \
	X(xmlDtdPtr, xmlCreateIntSubset,                                      \
	  (xmlDocPtr a, const xmlChar *b, const xmlChar *c, const xmlChar *d), \
	  (a, b, c, d))                                                       \
	X(xmlNodePtr, xmlDocCopyNode, (xmlNodePtr a, xmlDocPtr b, int c),     \
	  (a, b, c))                                                          \
	X(xmlNodePtr, xmlDocGetRootElement, (const xmlDoc *a), (a))           \
	X(xmlNodePtr, xmlDocSetRootElement, (xmlDocPtr a, xmlNodePtr b),      \
	  (a, b))                                                             \
	V(xmlFreeDoc, (xmlDocPtr a), (a))                                     \
	V(xmlFreeNode, (xmlNodePtr a), (a))                                   \
	X(xmlChar *, xmlGetProp, (const xmlNode *a, const xmlChar *b), (a, b)) \
	X(xmlNodePtr, xmlNewDocNode,                                          \
	  (xmlDocPtr a, xmlNsPtr b, const xmlChar *c, const xmlChar *d),      \
	  (a, b, c, d))                                                       \
	X(xmlNodePtr, xmlNewDocTextLen,                                       \
	  (xmlDocPtr a, const xmlChar *b, int c), (a, b, c))                  \
	X(xmlChar *, xmlNodeGetContent, (const xmlNode *a), (a))              \
	S_XML_SET_CONTENT(X, V)                                               \
	X(int, xmlOutputBufferClose, (xmlOutputBufferPtr a), (a))             \
	X(int, xmlOutputBufferFlush, (xmlOutputBufferPtr a), (a))             \
	X(const xmlChar *, xmlOutputBufferGetContent, (xmlOutputBufferPtr a), \
	  (a))                                                                \
	X(size_t, xmlOutputBufferGetSize, (xmlOutputBufferPtr a), (a))        \
	X(xmlDocPtr, xmlReadMemory,                                           \
	  (const char *a, int b, const char *c, const char *d, int e),        \
	  (a, b, c, d, e))                                                    \
	X(xmlAttrPtr, xmlSetNsProp,                                           \
	  (xmlNodePtr a, xmlNsPtr b, const xmlChar *c, const xmlChar *d),     \
	  (a, b, c, d))                                                       \
	X(xmlAttrPtr, xmlSetProp,                                             \
	  (xmlNodePtr a, const xmlChar *b, const xmlChar *c), (a, b, c))      \
	X(int, xmlStrcmp, (const xmlChar *a, const xmlChar *b), (a, b))       \
	X(const xmlChar *, xmlStrstr, (const xmlChar *a, const xmlChar *b),   \
	  (a, b))

/* cmark-gfm's extensions library; it needs (and so loads) the core one,
 * whose functions are found through it. */
#define S_CMARK_FUNCTIONS(X, V)                                               \
	X(cmark_syntax_extension *, cmark_find_syntax_extension,              \
	  (const char *a), (a))                                               \
	V(cmark_gfm_core_extensions_ensure_registered, (void), ())            \
	X(uint8_t *, cmark_gfm_extensions_get_table_alignments,               \
	  (cmark_node *a), (a))                                               \
	X(uint16_t, cmark_gfm_extensions_get_table_columns, (cmark_node *a),  \
	  (a))                                                                \
	X(int, cmark_gfm_extensions_get_table_row_is_header, (cmark_node *a), \
	  (a))                                                                \
	V(cmark_iter_free, (cmark_iter *a), (a))                              \
	X(cmark_node *, cmark_iter_get_node, (cmark_iter *a), (a))            \
	X(cmark_iter *, cmark_iter_new, (cmark_node *a), (a))                 \
	X(cmark_event_type, cmark_iter_next, (cmark_iter *a), (a))            \
	V(cmark_iter_reset, (cmark_iter *a, cmark_node *b, cmark_event_type c), \
	  (a, b, c))                                                          \
	V(cmark_node_free, (cmark_node *a), (a))                              \
	X(const char *, cmark_node_get_fence_info, (cmark_node *a), (a))      \
	X(int, cmark_node_get_heading_level, (cmark_node *a), (a))            \
	X(int, cmark_node_get_list_start, (cmark_node *a), (a))               \
	X(int, cmark_node_get_list_tight, (cmark_node *a), (a))               \
	X(cmark_list_type, cmark_node_get_list_type, (cmark_node *a), (a))    \
	X(const char *, cmark_node_get_literal, (cmark_node *a), (a))         \
	X(const char *, cmark_node_get_title, (cmark_node *a), (a))           \
	X(cmark_node_type, cmark_node_get_type, (cmark_node *a), (a))         \
	X(const char *, cmark_node_get_type_string, (cmark_node *a), (a))     \
	X(const char *, cmark_node_get_url, (cmark_node *a), (a))             \
	X(cmark_node *, cmark_node_parent, (cmark_node *a), (a))              \
	X(cmark_node *, cmark_node_previous, (cmark_node *a), (a))            \
	X(int, cmark_parser_attach_syntax_extension,                          \
	  (cmark_parser *a, cmark_syntax_extension *b), (a, b))               \
	V(cmark_parser_feed, (cmark_parser *a, const char *b, size_t c),      \
	  (a, b, c))                                                          \
	X(cmark_node *, cmark_parser_finish, (cmark_parser *a), (a))          \
	V(cmark_parser_free, (cmark_parser *a), (a))                          \
	X(cmark_parser *, cmark_parser_new, (int a), (a))

/* ---- the libraries --------------------------------------------------- */

/* Where the build found them, then their sonames. */
static const char *const S_xml_names[] = {
#ifdef TR_LIBXML2_PATH
	TR_LIBXML2_PATH,
#endif
	"libxml2.so.2", "libxml2.2.dylib"
};

static const char *const S_cmark_names[] = {
#ifdef TR_CMARK_PATH
	TR_CMARK_PATH,
#endif
	"libcmark-gfm-extensions.so.0.29.0.gfm.6", "libcmark-gfm-extensions.so",
	"libcmark-gfm-extensions.dylib"
};

TR_DL_LIBRARY(S_xml, S_xml_fn, S_XML_FUNCTIONS, S_xml_names,
              "libxml2 (the library that writes the report's HTML)",
              "install it (Debian: apt-get install libxml2)",
              "TPSREPORT_LIBXML2");

TR_DL_LIBRARY(S_cmark, S_cmark_fn, S_CMARK_FUNCTIONS, S_cmark_names,
              "cmark-gfm (the library that reads the writeup's Markdown)",
              "install it (Debian: apt-get install "
              "libcmark-gfm-extensions0.29.0.gfm.6)",
              "TPSREPORT_CMARK");

/* (the forwarders name the library S_lib and its table S_fn) */
#define S_lib S_xml
#define S_fn S_xml_fn
S_XML_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD)
#undef S_fn
#undef S_lib
#define S_lib S_cmark
#define S_fn S_cmark_fn
S_CMARK_FUNCTIONS(TR_DL_FORWARD, TR_DL_VFORWARD)
#undef S_fn
#undef S_lib

/* ---- entry ------------------------------------------------------------ */

/* libxml2's xmlFree is a variable (the free function it allocates with),
 * not a function: its address, once loaded. */
static xmlFreeFunc *_Atomic S_xml_free;

int tr_wu_html_load(void)
{
	xmlFreeFunc *hook;
	int rc;
	if ((rc = tr_dl_load(&S_xml)) < 0 || (rc = tr_dl_load(&S_cmark)) < 0)
		return rc;
	if (!atomic_load(&S_xml_free)) {
		if (!(hook = tr_dl_data(&S_xml, "xmlFree")))
			return tr_error_set("%s has no xmlFree: too old a version",
			                    S_xml.what);
		atomic_store(&S_xml_free, hook);
	}
	return 0;
}

void tr_wu_xml_free(void *p)
{
	xmlFreeFunc *hook = atomic_load(&S_xml_free);
	if (p && hook)
		(*hook)(p);
}
