#ifndef CYAML_H
#define CYAML_H

#include <stddef.h>

/* YAML parsing events from libyaml, which is opened with dlopen on first use so that programs that never
   read YAML do not pay for loading it. */

/* A parser over one buffer; opaque. */
typedef struct cyaml_parser cyaml_parser;

enum {
    CYAML_EVENT_STREAM_START = 1,
    CYAML_EVENT_STREAM_END = 2,
    CYAML_EVENT_DOCUMENT_START = 3,
    CYAML_EVENT_DOCUMENT_END = 4,
    CYAML_EVENT_ALIAS = 5,
    CYAML_EVENT_SCALAR = 6,
    CYAML_EVENT_SEQUENCE_START = 7,
    CYAML_EVENT_SEQUENCE_END = 8,
    CYAML_EVENT_MAPPING_START = 9,
    CYAML_EVENT_MAPPING_END = 10
};

/* One event. The pointers stay valid until the next call of cyaml_next or cyaml_free. */
typedef struct cyaml_event {
    int kind;
    /* The scalar's bytes (not NUL-terminated inside; use length) for SCALAR. */
    const char *value;
    size_t length;
    /* Whether a SCALAR was written plain (unquoted, not a block scalar): only plain scalars are read as
       null, booleans or numbers. */
    int plain;
    /* The anchor (&name) of a SCALAR, SEQUENCE_START or MAPPING_START, or the name an ALIAS refers to; NULL if none. */
    const char *anchor;
    /* The tag (e.g. "tag:yaml.org,2002:str") of a node, or NULL. */
    const char *tag;
    /* Where the event starts: zero-based line and column. */
    size_t line;
    size_t column;
} cyaml_event;

/* NULL when libyaml could be loaded; otherwise a message naming the library and the package to install. */
const char *cyaml_load_error(void);

/* A parser over `length` bytes (the bytes must outlive the parser), or NULL with *error set (a static string). */
cyaml_parser *cyaml_open(const char *bytes, size_t length, const char **error);

/* Reads the next event. Returns 1 with an event, 0 when the input is not valid YAML: then *problem,
   *line and *column (zero-based) say what and where; *problem points into the parser and stays valid
   until cyaml_free. */
int cyaml_next(cyaml_parser *parser, cyaml_event *event, const char **problem, const char **context, size_t *line, size_t *column);

/* Frees the parser and its last event. */
void cyaml_free(cyaml_parser *parser);

#endif
