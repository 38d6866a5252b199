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

/* Walking a parsed document's tree, for showing it indented. A node or attribute is an opaque pointer valid
   while its document lives; the strings returned belong to the document (UTF-8, NUL-terminated). */

enum {
    CXML_NODE_OTHER = 0,
    CXML_NODE_ELEMENT = 1,
    CXML_NODE_TEXT = 2,
    CXML_NODE_CDATA = 3,
    CXML_NODE_COMMENT = 4,
    CXML_NODE_PROCESSING_INSTRUCTION = 5,
    CXML_NODE_DOCTYPE = 6
};

/* The first top-level node of a document, or NULL. */
const void *cxml_first_node(cxml_document *document);
/* What a node is: one of CXML_NODE_*. */
int cxml_node_kind(const void *node);
/* An element's local name, a processing instruction's target, a doctype's name; NULL for others. */
const char *cxml_node_name(const void *node);
/* An element's namespace prefix, or NULL. */
const char *cxml_node_prefix(const void *node);
/* The text of a text, CDATA, comment or processing-instruction node, or NULL. */
const char *cxml_node_content(const void *node);
/* An element's first child, or NULL (other nodes' children are not walked). */
const void *cxml_node_first_child(const void *node);
/* The next sibling, or NULL. */
const void *cxml_node_next(const void *node);
/* The parent element, or NULL at the top. */
const void *cxml_node_parent(const void *node);
/* An element's first attribute, or NULL. */
const void *cxml_node_first_attribute(const void *node);
/* The next attribute, or NULL. */
const void *cxml_attribute_next(const void *attribute);
/* An attribute's local name. */
const char *cxml_attribute_name(const void *attribute);
/* An attribute's namespace prefix, or NULL. */
const char *cxml_attribute_prefix(const void *attribute);
/* An attribute's value when it is one text node (as libxml2 keeps attributes without entities), "" when it is
   made of several nodes, NULL when it has none (an HTML attribute written without a value). */
const char *cxml_attribute_value(const void *attribute);
/* An element's first namespace declaration, or NULL. */
const void *cxml_node_first_namespace(const void *node);
/* The next namespace declaration, or NULL. */
const void *cxml_namespace_next(const void *namespace_declaration);
/* A namespace declaration's prefix (NULL for the default namespace) and URI. */
const char *cxml_namespace_prefix(const void *namespace_declaration);
const char *cxml_namespace_uri(const void *namespace_declaration);

#endif
