#ifndef CXML_H
#define CXML_H

#include <stddef.h>

/* XPath over XML and HTML with libxml2, which is opened with dlopen on first use so that programs
   that never evaluate an XPath do not pay for loading it and its dependencies. */

/* A parsed document; opaque. */
typedef struct cxml_document cxml_document;

enum {
    CXML_RESULT_NODESET = 1,
    CXML_RESULT_BOOLEAN = 2,
    CXML_RESULT_NUMBER = 3,
    CXML_RESULT_STRING = 4
};

/* What an XPath expression gave. Free with cxml_result_free. */
typedef struct cxml_result {
    int kind;
    int boolean;
    double number;
    /* The string of a STRING result (NUL-terminated, UTF-8). */
    char *string;
    /* How many nodes a NODESET result holds, and the text of each (texts past the size limit are empty). */
    size_t count;
    char **texts;
} cxml_result;

/* NULL when libxml2 could be loaded; otherwise a message naming the library and the package to install. */
const char *cxml_load_error(void);

/* Parses XML (html = 0: no network, no entity substitution, no DTD loading, documents declaring entities
   refused) or HTML (html = 1: recovering, no network). Errors are never printed. Returns NULL on failure
   with a message in *error (a static string). */
cxml_document *cxml_parse(const char *bytes, size_t length, int html, const char **error);

/* Frees a document. */
void cxml_free_document(cxml_document *document);

/* Evaluates an XPath 1.0 expression. Returns 0 on success, -1 when the expression is invalid. */
int cxml_evaluate(cxml_document *document, const char *expression, cxml_result *result);

/* Frees what a result holds. */
void cxml_result_free(cxml_result *result);

#endif
