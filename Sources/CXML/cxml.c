#include "cxml.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xpath.h>

/* libxml2's entry points, looked up on first use; none of libxml2's own names is defined here. */
struct cxml_api {
    void (*init_parser)(void);
    xmlDocPtr (*read_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    htmlDocPtr (*html_read_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    void (*free_doc)(xmlDocPtr document);
    xmlXPathContextPtr (*xpath_new_context)(xmlDocPtr document);
    void (*xpath_free_context)(xmlXPathContextPtr context);
    xmlXPathObjectPtr (*xpath_eval_expression)(const xmlChar *expression, xmlXPathContextPtr context);
    void (*xpath_free_object)(xmlXPathObjectPtr object);
    xmlChar *(*node_get_content)(const xmlNode *node);
    int (*xpath_register_ns)(xmlXPathContextPtr context, const xmlChar *prefix, const xmlChar *uri);
    const xmlChar *(*xpath_ns_lookup)(xmlXPathContextPtr context, const xmlChar *prefix);
    int (*mem_get)(xmlFreeFunc *free_function, xmlMallocFunc *malloc_function, xmlReallocFunc *realloc_function, xmlStrdupFunc *strdup_function);
    void (*set_generic_error_func)(void *context, xmlGenericErrorFunc handler);
    void (*set_structured_error_func)(void *context, xmlStructuredErrorFunc handler);
    xmlFreeFunc free_memory;
};

static pthread_once_t cxml_once = PTHREAD_ONCE_INIT;
static struct cxml_api api;
static int loaded = 0;
static char load_error[512];

/* The most text kept for the nodes of one result. */
#define CXML_TEXT_LIMIT (64 * 1024 * 1024)

static void *cxml_symbol(void *library, const char *name, int *complete) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && *complete) {
        *complete = 0;
        snprintf(load_error, sizeof load_error, "libxml2 has no %s; install libxml2 (apt-get install libxml2-dev)", name);
    }
    return symbol;
}

#define CXML_BIND(field, name) *(void **)(&api.field) = cxml_symbol(library, name, &complete)

static void cxml_ignore_generic(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

static void cxml_ignore_structured(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

static void cxml_load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "libxml2 could not be loaded (%s); install libxml2 (apt-get install libxml2-dev)", dlerror());
        return;
    }
    int complete = 1;
    CXML_BIND(init_parser, "xmlInitParser");
    CXML_BIND(read_memory, "xmlReadMemory");
    CXML_BIND(html_read_memory, "htmlReadMemory");
    CXML_BIND(free_doc, "xmlFreeDoc");
    CXML_BIND(xpath_new_context, "xmlXPathNewContext");
    CXML_BIND(xpath_free_context, "xmlXPathFreeContext");
    CXML_BIND(xpath_eval_expression, "xmlXPathEvalExpression");
    CXML_BIND(xpath_free_object, "xmlXPathFreeObject");
    CXML_BIND(node_get_content, "xmlNodeGetContent");
    CXML_BIND(xpath_register_ns, "xmlXPathRegisterNs");
    CXML_BIND(xpath_ns_lookup, "xmlXPathNsLookup");
    CXML_BIND(mem_get, "xmlMemGet");
    CXML_BIND(set_generic_error_func, "xmlSetGenericErrorFunc");
    CXML_BIND(set_structured_error_func, "xmlSetStructuredErrorFunc");
    if (!complete) return;
    xmlMallocFunc malloc_function;
    xmlReallocFunc realloc_function;
    xmlStrdupFunc strdup_function;
    if (api.mem_get(&api.free_memory, &malloc_function, &realloc_function, &strdup_function) != 0 || api.free_memory == NULL) {
        snprintf(load_error, sizeof load_error, "libxml2's memory functions are not available; reinstall libxml2");
        return;
    }
    api.init_parser();
    loaded = 1;
}

/* Loads libxml2 once and silences its error output on this thread (its error handlers are per thread). */
static int cxml_ready(void) {
    pthread_once(&cxml_once, cxml_load);
    if (!loaded) return 0;
    api.set_generic_error_func(NULL, cxml_ignore_generic);
    api.set_structured_error_func(NULL, cxml_ignore_structured);
    return 1;
}

const char *cxml_load_error(void) {
    return cxml_ready() ? NULL : load_error;
}

struct cxml_document {
    xmlDocPtr document;
};

/* Whether the bytes declare an entity (`<!ENTITY`), which XML bodies are refused for. */
static int cxml_declares_entity(const char *bytes, size_t length) {
    static const char marker[] = "<!ENTITY";
    size_t marker_length = sizeof marker - 1;
    if (length < marker_length) return 0;
    for (size_t index = 0; index + marker_length <= length; index++) {
        if (bytes[index] == '<' && memcmp(bytes + index, marker, marker_length) == 0) return 1;
    }
    return 0;
}

cxml_document *cxml_parse(const char *bytes, size_t length, int html, const char **error) {
    if (!cxml_ready()) {
        *error = load_error;
        return NULL;
    }
    if (length > 0x7fffffff) {
        *error = "the body is too large to parse as XML or HTML (over 2 GB)";
        return NULL;
    }
    xmlDocPtr document;
    if (html) {
        int options = HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING;
        document = api.html_read_memory(bytes, (int)length, NULL, NULL, options);
    } else {
        if (cxml_declares_entity(bytes, length)) {
            *error = "the XML declares entities (<!ENTITY); curlew does not read such documents, to stay safe from external entities and entity expansion";
            return NULL;
        }
        int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
        document = api.read_memory(bytes, (int)length, NULL, NULL, options);
    }
    if (document == NULL) {
        *error = html ? "the body could not be read as HTML" : "the body is not well-formed XML";
        return NULL;
    }
    cxml_document *result = malloc(sizeof *result);
    if (result == NULL) {
        api.free_doc(document);
        *error = "out of memory";
        return NULL;
    }
    result->document = document;
    return result;
}

void cxml_free_document(cxml_document *document) {
    if (document == NULL) return;
    if (loaded) api.free_doc(document->document);
    free(document);
}

static char *cxml_copy(const char *text) {
    size_t length = strlen(text);
    char *copy = malloc(length + 1);
    if (copy != NULL) memcpy(copy, text, length + 1);
    return copy;
}

/* The most elements searched for namespace declarations, and the most namespaces registered. */
#define CXML_NAMESPACE_NODE_LIMIT 100000
#define CXML_NAMESPACE_LIMIT 256

/* Registers the namespaces the document declares under their prefixes, and a default namespace under "_",
   walking the elements without recursion; the first declaration of a prefix wins. */
static void cxml_register_namespaces(xmlXPathContextPtr context, xmlDocPtr document) {
    xmlNodePtr node = document == NULL ? NULL : document->children;
    size_t visited = 0;
    size_t registered = 0;
    int has_default = 0;
    while (node != NULL && visited < CXML_NAMESPACE_NODE_LIMIT && registered < CXML_NAMESPACE_LIMIT) {
        visited++;
        if (node->type == XML_ELEMENT_NODE) {
            for (xmlNsPtr ns = node->nsDef; ns != NULL && registered < CXML_NAMESPACE_LIMIT; ns = ns->next) {
                if (ns->href == NULL) continue;
                if (ns->prefix == NULL) {
                    if (!has_default) {
                        api.xpath_register_ns(context, (const xmlChar *)"_", ns->href);
                        has_default = 1;
                        registered++;
                    }
                } else if (api.xpath_ns_lookup(context, ns->prefix) == NULL) {
                    api.xpath_register_ns(context, ns->prefix, ns->href);
                    registered++;
                }
            }
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        while (node != NULL && node->next == NULL) {
            node = node->parent;
            if (node == NULL || node->type == XML_DOCUMENT_NODE || node->type == XML_HTML_DOCUMENT_NODE) node = NULL;
        }
        if (node != NULL) node = node->next;
    }
}

int cxml_evaluate(cxml_document *document, const char *expression, cxml_result *result) {
    memset(result, 0, sizeof *result);
    if (document == NULL || !cxml_ready()) return -1;
    xmlXPathContextPtr context = api.xpath_new_context(document->document);
    if (context == NULL) return -1;
    cxml_register_namespaces(context, document->document);
    xmlXPathObjectPtr object = api.xpath_eval_expression((const xmlChar *)expression, context);
    api.xpath_free_context(context);
    if (object == NULL) return -1;
    int status = 0;
    switch (object->type) {
    case XPATH_NODESET: {
        result->kind = CXML_RESULT_NODESET;
        xmlNodeSetPtr nodes = object->nodesetval;
        size_t count = nodes == NULL || nodes->nodeNr < 0 ? 0 : (size_t)nodes->nodeNr;
        result->count = count;
        if (count > 0) {
            result->texts = calloc(count, sizeof(char *));
            if (result->texts == NULL) {
                result->count = 0;
                break;
            }
            size_t total = 0;
            for (size_t index = 0; index < count; index++) {
                xmlChar *content = total < CXML_TEXT_LIMIT ? api.node_get_content(nodes->nodeTab[index]) : NULL;
                if (content != NULL) {
                    size_t length = strlen((const char *)content);
                    total += length;
                    result->texts[index] = cxml_copy((const char *)content);
                    api.free_memory(content);
                } else {
                    result->texts[index] = cxml_copy("");
                }
            }
        }
        break;
    }
    case XPATH_BOOLEAN:
        result->kind = CXML_RESULT_BOOLEAN;
        result->boolean = object->boolval;
        break;
    case XPATH_NUMBER:
        result->kind = CXML_RESULT_NUMBER;
        result->number = object->floatval;
        break;
    case XPATH_STRING:
        result->kind = CXML_RESULT_STRING;
        result->string = cxml_copy(object->stringval == NULL ? "" : (const char *)object->stringval);
        break;
    default:
        status = -1;
        break;
    }
    api.xpath_free_object(object);
    return status;
}

void cxml_result_free(cxml_result *result) {
    if (result->texts != NULL) {
        for (size_t index = 0; index < result->count; index++) free(result->texts[index]);
        free(result->texts);
    }
    free(result->string);
    memset(result, 0, sizeof *result);
}

const void *cxml_first_node(cxml_document *document) {
    if (document == NULL || document->document == NULL) return NULL;
    return document->document->children;
}

int cxml_node_kind(const void *node) {
    if (node == NULL) return CXML_NODE_OTHER;
    switch (((const xmlNode *)node)->type) {
    case XML_ELEMENT_NODE: return CXML_NODE_ELEMENT;
    case XML_TEXT_NODE: return CXML_NODE_TEXT;
    case XML_CDATA_SECTION_NODE: return CXML_NODE_CDATA;
    case XML_COMMENT_NODE: return CXML_NODE_COMMENT;
    case XML_PI_NODE: return CXML_NODE_PROCESSING_INSTRUCTION;
    case XML_DTD_NODE: return CXML_NODE_DOCTYPE;
    default: return CXML_NODE_OTHER;
    }
}

const char *cxml_node_name(const void *node) {
    if (node == NULL) return NULL;
    const xmlNode *element = node;
    switch (element->type) {
    case XML_ELEMENT_NODE:
    case XML_PI_NODE:
    case XML_DTD_NODE:
        return (const char *)element->name;
    default:
        return NULL;
    }
}

const char *cxml_node_prefix(const void *node) {
    const xmlNode *element = node;
    if (element == NULL || element->type != XML_ELEMENT_NODE || element->ns == NULL) return NULL;
    return (const char *)element->ns->prefix;
}

const char *cxml_node_content(const void *node) {
    const xmlNode *text = node;
    if (text == NULL) return NULL;
    switch (text->type) {
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
    case XML_COMMENT_NODE:
    case XML_PI_NODE:
        return (const char *)text->content;
    default:
        return NULL;
    }
}

const void *cxml_node_first_child(const void *node) {
    const xmlNode *element = node;
    if (element == NULL || element->type != XML_ELEMENT_NODE) return NULL;
    return element->children;
}

const void *cxml_node_next(const void *node) {
    return node == NULL ? NULL : ((const xmlNode *)node)->next;
}

const void *cxml_node_parent(const void *node) {
    const xmlNode *parent = node == NULL ? NULL : ((const xmlNode *)node)->parent;
    if (parent == NULL || parent->type != XML_ELEMENT_NODE) return NULL;
    return parent;
}

const void *cxml_node_first_attribute(const void *node) {
    const xmlNode *element = node;
    if (element == NULL || element->type != XML_ELEMENT_NODE) return NULL;
    return element->properties;
}

const void *cxml_attribute_next(const void *attribute) {
    return attribute == NULL ? NULL : ((const xmlAttr *)attribute)->next;
}

const char *cxml_attribute_name(const void *attribute) {
    return attribute == NULL ? "" : (const char *)((const xmlAttr *)attribute)->name;
}

const char *cxml_attribute_prefix(const void *attribute) {
    const xmlAttr *attr = attribute;
    if (attr == NULL || attr->ns == NULL) return NULL;
    return (const char *)attr->ns->prefix;
}

const char *cxml_attribute_value(const void *attribute) {
    const xmlAttr *attr = attribute;
    if (attr == NULL || attr->children == NULL) return NULL;
    const xmlNode *text = attr->children;
    if (text->next != NULL || text->type != XML_TEXT_NODE || text->content == NULL) return "";
    return (const char *)text->content;
}

const void *cxml_node_first_namespace(const void *node) {
    const xmlNode *element = node;
    if (element == NULL || element->type != XML_ELEMENT_NODE) return NULL;
    return element->nsDef;
}

const void *cxml_namespace_next(const void *namespace_declaration) {
    return namespace_declaration == NULL ? NULL : ((const xmlNs *)namespace_declaration)->next;
}

const char *cxml_namespace_prefix(const void *namespace_declaration) {
    return namespace_declaration == NULL ? NULL : (const char *)((const xmlNs *)namespace_declaration)->prefix;
}

const char *cxml_namespace_uri(const void *namespace_declaration) {
    const xmlNs *ns = namespace_declaration;
    return ns == NULL || ns->href == NULL ? "" : (const char *)ns->href;
}
