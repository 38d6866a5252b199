#include "cyaml.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

/* libyaml's entry points, looked up on first use; none of libyaml's own names is defined here. */
struct cyaml_api {
    int (*parser_initialize)(yaml_parser_t *parser);
    void (*parser_delete)(yaml_parser_t *parser);
    void (*parser_set_input_string)(yaml_parser_t *parser, const unsigned char *input, size_t size);
    int (*parser_parse)(yaml_parser_t *parser, yaml_event_t *event);
    void (*event_delete)(yaml_event_t *event);
};

static pthread_once_t cyaml_once = PTHREAD_ONCE_INIT;
static struct cyaml_api api;
static int loaded = 0;
static char load_error[512];

static void *cyaml_symbol(void *library, const char *name, int *complete) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && *complete) {
        *complete = 0;
        snprintf(load_error, sizeof load_error, "libyaml has no %s; install libyaml (apt-get install libyaml-dev)", name);
    }
    return symbol;
}

#define CYAML_BIND(field, name) *(void **)(&api.field) = cyaml_symbol(library, name, &complete)

static void cyaml_load(void) {
    void *library = dlopen("libyaml-0.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "libyaml could not be loaded (%s); install libyaml (apt-get install libyaml-dev)", dlerror());
        return;
    }
    int complete = 1;
    CYAML_BIND(parser_initialize, "yaml_parser_initialize");
    CYAML_BIND(parser_delete, "yaml_parser_delete");
    CYAML_BIND(parser_set_input_string, "yaml_parser_set_input_string");
    CYAML_BIND(parser_parse, "yaml_parser_parse");
    CYAML_BIND(event_delete, "yaml_event_delete");
    loaded = complete;
}

const char *cyaml_load_error(void) {
    pthread_once(&cyaml_once, cyaml_load);
    return loaded ? NULL : load_error;
}

struct cyaml_parser {
    yaml_parser_t parser;
    yaml_event_t event;
    int has_event;
};

cyaml_parser *cyaml_open(const char *bytes, size_t length, const char **error) {
    if (cyaml_load_error() != NULL) {
        *error = load_error;
        return NULL;
    }
    cyaml_parser *result = calloc(1, sizeof *result);
    if (result == NULL) {
        *error = "out of memory";
        return NULL;
    }
    if (!api.parser_initialize(&result->parser)) {
        free(result);
        *error = "libyaml could not start a parser (out of memory)";
        return NULL;
    }
    api.parser_set_input_string(&result->parser, (const unsigned char *)bytes, length);
    return result;
}

static void cyaml_release_event(cyaml_parser *parser) {
    if (parser->has_event) {
        api.event_delete(&parser->event);
        parser->has_event = 0;
    }
}

int cyaml_next(cyaml_parser *parser, cyaml_event *event, const char **problem, const char **context, size_t *line, size_t *column) {
    cyaml_release_event(parser);
    memset(event, 0, sizeof *event);
    if (!api.parser_parse(&parser->parser, &parser->event)) {
        *problem = parser->parser.problem != NULL ? parser->parser.problem : "the text is not valid YAML";
        *context = parser->parser.context;
        *line = parser->parser.problem_mark.line;
        *column = parser->parser.problem_mark.column;
        return 0;
    }
    parser->has_event = 1;
    yaml_event_t *source = &parser->event;
    event->line = source->start_mark.line;
    event->column = source->start_mark.column;
    switch (source->type) {
    case YAML_STREAM_START_EVENT: event->kind = CYAML_EVENT_STREAM_START; break;
    case YAML_STREAM_END_EVENT: event->kind = CYAML_EVENT_STREAM_END; break;
    case YAML_DOCUMENT_START_EVENT: event->kind = CYAML_EVENT_DOCUMENT_START; break;
    case YAML_DOCUMENT_END_EVENT: event->kind = CYAML_EVENT_DOCUMENT_END; break;
    case YAML_ALIAS_EVENT:
        event->kind = CYAML_EVENT_ALIAS;
        event->anchor = (const char *)source->data.alias.anchor;
        break;
    case YAML_SCALAR_EVENT:
        event->kind = CYAML_EVENT_SCALAR;
        event->value = (const char *)source->data.scalar.value;
        event->length = source->data.scalar.length;
        event->plain = source->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
        event->anchor = (const char *)source->data.scalar.anchor;
        event->tag = (const char *)source->data.scalar.tag;
        break;
    case YAML_SEQUENCE_START_EVENT:
        event->kind = CYAML_EVENT_SEQUENCE_START;
        event->anchor = (const char *)source->data.sequence_start.anchor;
        event->tag = (const char *)source->data.sequence_start.tag;
        break;
    case YAML_SEQUENCE_END_EVENT: event->kind = CYAML_EVENT_SEQUENCE_END; break;
    case YAML_MAPPING_START_EVENT:
        event->kind = CYAML_EVENT_MAPPING_START;
        event->anchor = (const char *)source->data.mapping_start.anchor;
        event->tag = (const char *)source->data.mapping_start.tag;
        break;
    case YAML_MAPPING_END_EVENT: event->kind = CYAML_EVENT_MAPPING_END; break;
    default: event->kind = 0; break;
    }
    return 1;
}

void cyaml_free(cyaml_parser *parser) {
    if (parser == NULL) return;
    cyaml_release_event(parser);
    if (loaded) api.parser_delete(&parser->parser);
    free(parser);
}
