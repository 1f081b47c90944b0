#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>

// Debian builds libxml2 with ICU, so <libxml/encoding.h> would pull the system ICU
// headers into this module, where they clash with the ICU copy inside Foundation.
// Only the layout of xmlCharEncodingHandler changes, and Swift never touches one.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xmlerror.h>

// `xmlFree` is a macro or a global function-pointer variable depending on how libxml2
// was built; Swift can call neither reliably, so wrap it.
static inline void clibxml2_free(void *pointer) {
    if (pointer != NULL) {
        xmlFree(pointer);
    }
}

static inline void clibxml2_ignore_message(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

// HTML_PARSE_NOERROR silences only errors raised through the parser context; those raised
// without one (encoding conversion, I/O) go to the generic handler, which prints to
// stderr. The handlers are per thread, so a parse silences the calling thread's handlers
// and restores them afterwards.
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} clibxml2_error_handlers;

static inline clibxml2_error_handlers clibxml2_silence_errors(void) {
    clibxml2_error_handlers saved;
    saved.generic = xmlGenericError;
    saved.genericContext = xmlGenericErrorContext;
    saved.structured = xmlStructuredError;
    saved.structuredContext = xmlStructuredErrorContext;
    xmlSetStructuredErrorFunc(NULL, NULL);
    xmlSetGenericErrorFunc(NULL, clibxml2_ignore_message);
    return saved;
}

static inline void clibxml2_restore_errors(clibxml2_error_handlers saved) {
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
}

#endif
