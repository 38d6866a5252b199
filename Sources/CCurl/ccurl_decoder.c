#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Content-Encoding decoders over zlib, brotli and zstd, each opened with dlopen on first use (the libraries
   libcurl itself links, so they are present wherever libcurl is). Their few types are declared here, as the
   libraries' stable ABIs define them, so that building needs none of their development headers. */

/* zlib's z_stream, as zlib 1.x lays it out (inflateInit2_ checks its size). */
struct ccurl_z_stream {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
};

/* zstd's buffers. */
struct ccurl_zstd_in { const void *src; size_t size; size_t pos; };
struct ccurl_zstd_out { void *dst; size_t size; size_t pos; };

struct ccurl_codec_api {
    int (*inflate_init2)(struct ccurl_z_stream *stream, int window_bits, const char *version, int stream_size);
    int (*inflate)(struct ccurl_z_stream *stream, int flush);
    int (*inflate_end)(struct ccurl_z_stream *stream);
    void *(*brotli_create)(void *alloc, void *free, void *opaque);
    int (*brotli_decompress)(void *state, size_t *available_in, const unsigned char **next_in, size_t *available_out, unsigned char **next_out, size_t *total_out);
    void (*brotli_destroy)(void *state);
    int (*brotli_error_code)(const void *state);
    const char *(*brotli_error_string)(int code);
    void *(*zstd_create)(void);
    size_t (*zstd_init)(void *stream);
    size_t (*zstd_decompress)(void *stream, struct ccurl_zstd_out *output, struct ccurl_zstd_in *input);
    size_t (*zstd_free)(void *stream);
    unsigned (*zstd_is_error)(size_t code);
    const char *(*zstd_error_name)(size_t code);
};

static pthread_once_t codec_once = PTHREAD_ONCE_INIT;
static struct ccurl_codec_api codec_api;
static int zlib_loaded = 0, brotli_loaded = 0, zstd_loaded = 0;

#define CCURL_CODEC_BIND(library, field, name, complete) \
    do { *(void **)(&codec_api.field) = dlsym(library, name); if (codec_api.field == NULL) *(complete) = 0; } while (0)

static void ccurl_load_codecs(void) {
    void *zlib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (zlib != NULL) {
        int complete = 1;
        CCURL_CODEC_BIND(zlib, inflate_init2, "inflateInit2_", &complete);
        CCURL_CODEC_BIND(zlib, inflate, "inflate", &complete);
        CCURL_CODEC_BIND(zlib, inflate_end, "inflateEnd", &complete);
        zlib_loaded = complete;
    }
    void *brotli = dlopen("libbrotlidec.so.1", RTLD_NOW | RTLD_LOCAL);
    if (brotli != NULL) {
        int complete = 1;
        CCURL_CODEC_BIND(brotli, brotli_create, "BrotliDecoderCreateInstance", &complete);
        CCURL_CODEC_BIND(brotli, brotli_decompress, "BrotliDecoderDecompressStream", &complete);
        CCURL_CODEC_BIND(brotli, brotli_destroy, "BrotliDecoderDestroyInstance", &complete);
        CCURL_CODEC_BIND(brotli, brotli_error_code, "BrotliDecoderGetErrorCode", &complete);
        CCURL_CODEC_BIND(brotli, brotli_error_string, "BrotliDecoderErrorString", &complete);
        brotli_loaded = complete;
    }
    void *zstd = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
    if (zstd != NULL) {
        int complete = 1;
        CCURL_CODEC_BIND(zstd, zstd_create, "ZSTD_createDStream", &complete);
        CCURL_CODEC_BIND(zstd, zstd_init, "ZSTD_initDStream", &complete);
        CCURL_CODEC_BIND(zstd, zstd_decompress, "ZSTD_decompressStream", &complete);
        CCURL_CODEC_BIND(zstd, zstd_free, "ZSTD_freeDStream", &complete);
        CCURL_CODEC_BIND(zstd, zstd_is_error, "ZSTD_isError", &complete);
        CCURL_CODEC_BIND(zstd, zstd_error_name, "ZSTD_getErrorName", &complete);
        zstd_loaded = complete;
    }
}

struct ccurl_decoder {
    int coding;
    int started;
    int finished;
    struct ccurl_z_stream zlib;
    void *brotli;
    void *zstd;
    struct ccurl_decoder *then;
    char message[200];
};

#define CCURL_DECODE_CHUNK 16384

/* Hands decoded bytes on: to the next decoder of a chain, else to the caller. */
static int ccurl_decoder_pass(struct ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context) {
    if (decoder->then != NULL) {
        int result = ccurl_decoder_write(decoder->then, bytes, length, emit, context);
        if (result == CCURL_DECODE_FAILED) snprintf(decoder->message, sizeof decoder->message, "%s", decoder->then->message);
        return result;
    }
    return emit(context, bytes, length) == 0 ? CCURL_DECODE_OK : CCURL_DECODE_STOPPED;
}

ccurl_decoder *ccurl_decoder_create(int coding, ccurl_decoder *then) {
    pthread_once(&codec_once, ccurl_load_codecs);
    struct ccurl_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->coding = coding;
    decoder->then = then;
    switch (coding) {
    case CCURL_CODING_GZIP:
    case CCURL_CODING_DEFLATE:
    case CCURL_CODING_RAW_DEFLATE:
        if (!zlib_loaded) snprintf(decoder->message, sizeof decoder->message, "zlib (libz.so.1) could not be loaded; install zlib1g");
        break;
    case CCURL_CODING_BROTLI:
        if (brotli_loaded) decoder->brotli = codec_api.brotli_create(NULL, NULL, NULL);
        if (decoder->brotli == NULL) snprintf(decoder->message, sizeof decoder->message, "brotli (libbrotlidec.so.1) could not be loaded; install libbrotli1");
        break;
    case CCURL_CODING_ZSTD:
        if (zstd_loaded) decoder->zstd = codec_api.zstd_create();
        if (decoder->zstd != NULL) codec_api.zstd_init(decoder->zstd);
        else snprintf(decoder->message, sizeof decoder->message, "zstd (libzstd.so.1) could not be loaded; install libzstd1");
        break;
    default:
        snprintf(decoder->message, sizeof decoder->message, "unknown coding");
    }
    return decoder;
}

/* Starts zlib on the first bytes: gzip, or for deflate a zlib stream when its header says so, else raw deflate. */
static int ccurl_zlib_start(struct ccurl_decoder *decoder, const unsigned char *bytes, size_t length) {
    int window = 15 + 16;
    if (decoder->coding == CCURL_CODING_DEFLATE) {
        int zlib_header = length >= 2 && (bytes[0] & 0x0f) == 8 && ((bytes[0] << 8) | bytes[1]) % 31 == 0;
        window = zlib_header || length < 2 ? 15 : -15;
    }
    if (decoder->coding == CCURL_CODING_RAW_DEFLATE) window = -15;
    if (codec_api.inflate_init2(&decoder->zlib, window, "1.2.13", (int)sizeof decoder->zlib) != 0) {
        snprintf(decoder->message, sizeof decoder->message, "zlib could not start");
        return CCURL_DECODE_FAILED;
    }
    decoder->started = 1;
    return CCURL_DECODE_OK;
}

static int ccurl_zlib_write(struct ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context) {
    if (!decoder->started) {
        int started = ccurl_zlib_start(decoder, bytes, length);
        if (started != CCURL_DECODE_OK) return started;
    }
    unsigned char out[CCURL_DECODE_CHUNK];
    while (length > 0 && !decoder->finished) {
        unsigned int slice = length > 0x40000000u ? 0x40000000u : (unsigned int)length;
        decoder->zlib.next_in = bytes;
        decoder->zlib.avail_in = slice;
        do {
            decoder->zlib.next_out = out;
            decoder->zlib.avail_out = sizeof out;
            int result = codec_api.inflate(&decoder->zlib, 0);
            size_t produced = sizeof out - decoder->zlib.avail_out;
            if (produced > 0) {
                int passed = ccurl_decoder_pass(decoder, out, produced, emit, context);
                if (passed != CCURL_DECODE_OK) return passed;
            }
            if (result == 1) { decoder->finished = 1; break; }
            if (result != 0 && result != -5) {
                snprintf(decoder->message, sizeof decoder->message, "%s", decoder->zlib.msg != NULL ? decoder->zlib.msg : "invalid compressed data");
                return CCURL_DECODE_FAILED;
            }
            if (result == -5 && produced == 0) break;
        } while (decoder->zlib.avail_out == 0 || decoder->zlib.avail_in > 0);
        size_t used = slice - decoder->zlib.avail_in;
        bytes += used;
        length -= used;
        if (used == 0) break;
    }
    return CCURL_DECODE_OK;
}

static int ccurl_brotli_write(struct ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context) {
    unsigned char out[CCURL_DECODE_CHUNK];
    size_t available_in = length;
    const unsigned char *next_in = bytes;
    while (!decoder->finished) {
        size_t available_out = sizeof out;
        unsigned char *next_out = out;
        int result = codec_api.brotli_decompress(decoder->brotli, &available_in, &next_in, &available_out, &next_out, NULL);
        size_t produced = sizeof out - available_out;
        if (produced > 0) {
            int passed = ccurl_decoder_pass(decoder, out, produced, emit, context);
            if (passed != CCURL_DECODE_OK) return passed;
        }
        if (result == 1) { decoder->finished = 1; break; }
        if (result == 2) break;
        if (result == 0) {
            snprintf(decoder->message, sizeof decoder->message, "%s", codec_api.brotli_error_string(codec_api.brotli_error_code(decoder->brotli)));
            return CCURL_DECODE_FAILED;
        }
    }
    return CCURL_DECODE_OK;
}

static int ccurl_zstd_write(struct ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context) {
    unsigned char out[CCURL_DECODE_CHUNK];
    struct ccurl_zstd_in input = { bytes, length, 0 };
    for (;;) {
        struct ccurl_zstd_out output = { out, sizeof out, 0 };
        size_t result = codec_api.zstd_decompress(decoder->zstd, &output, &input);
        if (codec_api.zstd_is_error(result)) {
            snprintf(decoder->message, sizeof decoder->message, "%s", codec_api.zstd_error_name(result));
            return CCURL_DECODE_FAILED;
        }
        if (output.pos > 0) {
            int passed = ccurl_decoder_pass(decoder, out, output.pos, emit, context);
            if (passed != CCURL_DECODE_OK) return passed;
        }
        if (input.pos == input.size && output.pos < output.size) break;
    }
    return CCURL_DECODE_OK;
}

int ccurl_decoder_write(ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context) {
    if (decoder->message[0] != 0) return CCURL_DECODE_FAILED;
    if (length == 0) return CCURL_DECODE_OK;
    switch (decoder->coding) {
    case CCURL_CODING_GZIP:
    case CCURL_CODING_DEFLATE:
    case CCURL_CODING_RAW_DEFLATE: return ccurl_zlib_write(decoder, bytes, length, emit, context);
    case CCURL_CODING_BROTLI: return ccurl_brotli_write(decoder, bytes, length, emit, context);
    case CCURL_CODING_ZSTD: return ccurl_zstd_write(decoder, bytes, length, emit, context);
    default: return CCURL_DECODE_FAILED;
    }
}

const char *ccurl_decoder_message(const ccurl_decoder *decoder) {
    return decoder->message;
}

void ccurl_decoder_free(ccurl_decoder *decoder) {
    while (decoder != NULL) {
        struct ccurl_decoder *then = decoder->then;
        if (decoder->started) codec_api.inflate_end(&decoder->zlib);
        if (decoder->brotli != NULL) codec_api.brotli_destroy(decoder->brotli);
        if (decoder->zstd != NULL) codec_api.zstd_free(decoder->zstd);
        free(decoder);
        decoder = then;
    }
}
