#ifndef CCURL_H
#define CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/* libcurl's entry points, under the shim's prefix so that no symbol of libcurl's own is defined here:
   each forwards to libcurl.so.4, opened with dlopen on first use, and fails as libcurl would when it
   cannot be loaded (NULL handles, CURLE_FAILED_INIT, CURLM_INTERNAL_ERROR; ccurl_library_error says why).
   Call these, never curl.h's `curl_*` functions, which nothing in the process defines for curlew. */

CURLcode ccurl_global_init(long flags);
const char *ccurl_version(void);
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
void ccurl_easy_reset(CURL *handle);
/* With CURLOPT_CONNECT_ONLY, perform connects (TCP, proxy, TLS) and stops; send and receive then move raw bytes. */
CURLcode ccurl_easy_perform(CURL *handle);
CURLcode ccurl_easy_send(CURL *handle, const void *buffer, size_t length, size_t *sent);
CURLcode ccurl_easy_recv(CURL *handle, void *buffer, size_t length, size_t *received);
const char *ccurl_easy_strerror(CURLcode code);
CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int extra_count, int timeout_ms, int *ret);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued);
const char *ccurl_multi_strerror(CURLMcode code);
CURLSH *ccurl_share_init(void);
CURLSHcode ccurl_share_cleanup(CURLSH *share);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

/* Typed wrappers over libcurl's variadic setopt/getinfo calls, which Swift cannot call. */

typedef size_t (*ccurl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
typedef int (*ccurl_seek_callback)(void *userdata, curl_off_t offset, int origin);
typedef int (*ccurl_sockopt_callback)(void *userdata, curl_socket_t socket, curlsocktype purpose);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback value);
CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, ccurl_seek_callback value);
CURLcode ccurl_easy_setopt_sockopt_callback(CURL *handle, ccurl_sockopt_callback value);
CURLcode ccurl_easy_setopt_share(CURL *handle, CURLSH *share);

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
/* A socket (CURLINFO_ACTIVESOCKET); -1 when there is none. */
CURLcode ccurl_easy_getinfo_socket(CURL *handle, CURLINFO info, int *value);
CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value);

/* Values that are macros in curl.h and so invisible to Swift. */
long ccurl_readfunc_abort(void);
long ccurl_writefunc_pause(void);
int ccurl_seekfunc_ok(void);
int ccurl_seekfunc_fail(void);
int ccurl_seekfunc_cantseek(void);
long ccurl_error_size(void);
/* CURLOPT_HTTPAUTH bits and CURLOPT_IPRESOLVE values. */
long ccurl_auth_digest(void);
long ccurl_auth_ntlm(void);
long ccurl_auth_negotiate(void);
long ccurl_ipresolve_whatever(void);
long ccurl_ipresolve_v4(void);
long ccurl_ipresolve_v6(void);

/* The bytes the kernel has received on a TCP socket so far (TCP_INFO's tcpi_bytes_received, TLS records and
   headers included), or -1 when it cannot say. */
long long ccurl_socket_bytes_received(int socket);

/* Why libcurl could not be loaded, or NULL when it is loaded (it is loaded on first use, not at start). */
const char *ccurl_library_error(void);

/* Pinning support over OpenSSL's libcrypto. */

/* Writes `sha256//BASE64` of the SHA-256 of a certificate's SubjectPublicKeyInfo (DER) into `out`.
   The certificate file may be PEM or DER. Returns 0 on success, 1 when the file cannot be opened,
   2 when it holds no certificate, 3 when `out` is too small, 4 when libcrypto cannot be loaded. */
int ccurl_certificate_pin(const char *certificate_path, char *out, size_t out_length);

/* Writes the 20-byte SHA-1 digest of `data` into `digest`. Returns 0 on success, 4 when libcrypto cannot be loaded. */
int ccurl_sha1(const unsigned char *data, size_t length, unsigned char *digest);

/* Writes the 32-byte SHA-256 digest of `data` into `digest`. Returns 0 on success, 4 when libcrypto cannot be loaded. */
int ccurl_sha256(const unsigned char *data, size_t length, unsigned char *digest);


/* Content-Encoding decoders (zlib, brotli, zstd, opened with dlopen on first use). A decoder made with `then`
   hands its output to `then` (the coding applied before it); the last one calls `emit`, which returns 0 to go on.
   A decoder whose library cannot be loaded reports it through ccurl_decoder_message on its first write. */

enum { CCURL_CODING_GZIP = 1, CCURL_CODING_DEFLATE = 2, CCURL_CODING_BROTLI = 3, CCURL_CODING_ZSTD = 4, CCURL_CODING_RAW_DEFLATE = 5 };
enum { CCURL_DECODE_OK = 0, CCURL_DECODE_FAILED = 1, CCURL_DECODE_STOPPED = 2 };

typedef struct ccurl_decoder ccurl_decoder;
typedef int (*ccurl_decoder_emit)(void *context, const unsigned char *bytes, size_t length);

ccurl_decoder *ccurl_decoder_create(int coding, ccurl_decoder *then);
int ccurl_decoder_write(ccurl_decoder *decoder, const unsigned char *bytes, size_t length, ccurl_decoder_emit emit, void *context);
const char *ccurl_decoder_message(const ccurl_decoder *decoder);
void ccurl_decoder_free(ccurl_decoder *decoder);

#endif
