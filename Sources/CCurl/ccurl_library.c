#include "ccurl_library.h"
#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;
static struct ccurl_curl_api curl_api;
static int curl_loaded = 0;
static char curl_error[512];

static pthread_once_t crypto_once = PTHREAD_ONCE_INIT;
static struct ccurl_crypto_api crypto_api;
static int crypto_loaded = 0;
static char crypto_error[512];

/* Looks up `name` in `library`; records the first missing name in `error`. */
static void *ccurl_symbol(void *library, const char *name, int *complete, char *error, size_t error_length) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL && *complete) {
        *complete = 0;
        snprintf(error, error_length, "the library has no %s; install libcurl4-openssl-dev (Debian) or a libcurl of 7.84 or later", name);
    }
    return symbol;
}

#define CCURL_BIND(api, library, field, name, complete, error) \
    *(void **)(&(api).field) = ccurl_symbol(library, name, complete, error, sizeof error)

static void ccurl_load_curl(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(curl_error, sizeof curl_error, "libcurl could not be loaded (%s); install libcurl4 (apt-get install libcurl4-openssl-dev)", dlerror());
        return;
    }
    int complete = 1;
    CCURL_BIND(curl_api, library, global_init, "curl_global_init", &complete, curl_error);
    CCURL_BIND(curl_api, library, version, "curl_version", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_init, "curl_easy_init", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_cleanup, "curl_easy_cleanup", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_reset, "curl_easy_reset", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_perform, "curl_easy_perform", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_send, "curl_easy_send", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_recv, "curl_easy_recv", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_setopt, "curl_easy_setopt", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_getinfo, "curl_easy_getinfo", &complete, curl_error);
    CCURL_BIND(curl_api, library, easy_strerror, "curl_easy_strerror", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_init, "curl_multi_init", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_cleanup, "curl_multi_cleanup", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_add_handle, "curl_multi_add_handle", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_remove_handle, "curl_multi_remove_handle", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_perform, "curl_multi_perform", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_poll, "curl_multi_poll", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_info_read, "curl_multi_info_read", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_setopt, "curl_multi_setopt", &complete, curl_error);
    CCURL_BIND(curl_api, library, multi_strerror, "curl_multi_strerror", &complete, curl_error);
    CCURL_BIND(curl_api, library, share_init, "curl_share_init", &complete, curl_error);
    CCURL_BIND(curl_api, library, share_cleanup, "curl_share_cleanup", &complete, curl_error);
    CCURL_BIND(curl_api, library, share_setopt, "curl_share_setopt", &complete, curl_error);
    CCURL_BIND(curl_api, library, slist_append, "curl_slist_append", &complete, curl_error);
    CCURL_BIND(curl_api, library, slist_free_all, "curl_slist_free_all", &complete, curl_error);
    curl_loaded = complete;
}

static void ccurl_load_crypto(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(crypto_error, sizeof crypto_error, "OpenSSL's libcrypto could not be loaded (%s); install libssl3", dlerror());
        return;
    }
    int complete = 1;
    CCURL_BIND(crypto_api, library, pem_read_x509, "PEM_read_X509", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, d2i_x509_fp, "d2i_X509_fp", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, x509_get_x509_pubkey, "X509_get_X509_PUBKEY", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, i2d_x509_pubkey, "i2d_X509_PUBKEY", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, x509_free, "X509_free", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, sha256, "SHA256", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, sha1, "SHA1", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, crypto_free, "CRYPTO_free", &complete, crypto_error);
    CCURL_BIND(crypto_api, library, evp_encode_block, "EVP_EncodeBlock", &complete, crypto_error);
    crypto_loaded = complete;
}

const struct ccurl_curl_api *ccurl_curl(void) {
    pthread_once(&curl_once, ccurl_load_curl);
    return curl_loaded ? &curl_api : NULL;
}

const struct ccurl_crypto_api *ccurl_crypto(void) {
    pthread_once(&crypto_once, ccurl_load_crypto);
    return crypto_loaded ? &crypto_api : NULL;
}

const char *ccurl_library_error(void) {
    return ccurl_curl() != NULL ? NULL : curl_error;
}
