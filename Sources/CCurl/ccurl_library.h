#ifndef CCURL_LIBRARY_H
#define CCURL_LIBRARY_H

#include <curl/curl.h>
#include <openssl/x509.h>
#include <stdio.h>

/* libcurl's and libcrypto's entry points, looked up when first needed, so that programs which
   never send (the app before its first request, `curlew history`) do not pay for loading them. */

struct ccurl_curl_api {
    CURLcode (*global_init)(long flags);
    const char *(*version)(void);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_send)(CURL *handle, const void *buffer, size_t length, size_t *sent);
    CURLcode (*easy_recv)(CURL *handle, void *buffer, size_t length, size_t *received);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int extra_count, int timeout_ms, int *ret);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    const char *(*multi_strerror)(CURLMcode code);
    CURLSH *(*share_init)(void);
    CURLSHcode (*share_cleanup)(CURLSH *share);
    CURLSHcode (*share_setopt)(CURLSH *share, CURLSHoption option, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
};

struct ccurl_crypto_api {
    X509 *(*pem_read_x509)(FILE *file, X509 **x, pem_password_cb *cb, void *u);
    X509 *(*d2i_x509_fp)(FILE *file, X509 **x);
    X509_PUBKEY *(*x509_get_x509_pubkey)(const X509 *x);
    int (*i2d_x509_pubkey)(const X509_PUBKEY *key, unsigned char **out);
    void (*x509_free)(X509 *x);
    unsigned char *(*sha256)(const unsigned char *data, size_t length, unsigned char *digest);
    unsigned char *(*sha1)(const unsigned char *data, size_t length, unsigned char *digest);
    void (*crypto_free)(void *pointer, const char *file, int line);
    int (*evp_encode_block)(unsigned char *out, const unsigned char *in, int length);
};

/* libcurl's functions, or NULL when libcurl.so.4 cannot be loaded (ccurl_library_error says why). */
const struct ccurl_curl_api *ccurl_curl(void);
/* libcrypto's functions, or NULL when libcrypto.so.3 cannot be loaded. */
const struct ccurl_crypto_api *ccurl_crypto(void);

#endif
