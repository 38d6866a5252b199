#include "ccurl.h"
#include "ccurl_library.h"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/sha.h>
#include <openssl/x509.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, option, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, ccurl_seek_callback value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, CURLOPT_SEEKFUNCTION, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_setopt_sockopt_callback(CURL *handle, ccurl_sockopt_callback value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, CURLOPT_SOCKOPTFUNCTION, value) : CURLE_FAILED_INIT;
}

long long ccurl_socket_bytes_received(int socket) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (socket < 0 || getsockopt(socket, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return -1;
    return (long long)info.tcpi_bytes_received;
}

CURLcode ccurl_easy_setopt_share(CURL *handle, CURLSH *share) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_setopt(handle, CURLOPT_SHARE, share) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_getinfo_socket(CURL *handle, CURLINFO info, int *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    curl_socket_t socket = CURL_SOCKET_BAD;
    CURLcode code = api ? api->easy_getinfo(handle, info, &socket) : CURLE_FAILED_INIT;
    *value = code == CURLE_OK ? (int)socket : -1;
    return code;
}

CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_getinfo(handle, info, value) : CURLE_FAILED_INIT;
}

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_setopt(multi, option, value) : CURLM_INTERNAL_ERROR;
}

CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->share_setopt(share, option, value) : CURLSHE_NOT_BUILT_IN;
}


long ccurl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }
long ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
int ccurl_seekfunc_ok(void) { return CURL_SEEKFUNC_OK; }
int ccurl_seekfunc_fail(void) { return CURL_SEEKFUNC_FAIL; }
int ccurl_seekfunc_cantseek(void) { return CURL_SEEKFUNC_CANTSEEK; }
long ccurl_error_size(void) { return CURL_ERROR_SIZE; }
long ccurl_auth_digest(void) { return (long)CURLAUTH_DIGEST; }
long ccurl_auth_ntlm(void) { return (long)CURLAUTH_NTLM; }
long ccurl_auth_negotiate(void) { return (long)CURLAUTH_NEGOTIATE; }
long ccurl_ipresolve_whatever(void) { return CURL_IPRESOLVE_WHATEVER; }
long ccurl_ipresolve_v4(void) { return CURL_IPRESOLVE_V4; }
long ccurl_ipresolve_v6(void) { return CURL_IPRESOLVE_V6; }

/* Reads the first certificate of a PEM file, or else a DER certificate, from `path`. */
static X509 *ccurl_read_certificate(const struct ccurl_crypto_api *crypto, const char *path, int *open_failed) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) { *open_failed = 1; return NULL; }
    X509 *certificate = crypto->pem_read_x509(file, NULL, NULL, NULL);
    if (certificate == NULL) {
        rewind(file);
        certificate = crypto->d2i_x509_fp(file, NULL);
    }
    fclose(file);
    return certificate;
}

int ccurl_certificate_pin(const char *certificate_path, char *out, size_t out_length) {
    const struct ccurl_crypto_api *crypto = ccurl_crypto();
    if (crypto == NULL) return 4;
    int open_failed = 0;
    X509 *certificate = ccurl_read_certificate(crypto, certificate_path, &open_failed);
    if (certificate == NULL) return open_failed ? 1 : 2;
    unsigned char *spki = NULL;
    int spki_length = crypto->i2d_x509_pubkey(crypto->x509_get_x509_pubkey(certificate), &spki);
    crypto->x509_free(certificate);
    if (spki_length <= 0) return 2;
    unsigned char digest[SHA256_DIGEST_LENGTH];
    crypto->sha256(spki, (size_t)spki_length, digest);
    crypto->crypto_free(spki, __FILE__, __LINE__);
    static const char prefix[] = "sha256//";
    /* 32 digest bytes encode to 44 base64 characters plus a terminating NUL. */
    if (out_length < sizeof(prefix) - 1 + 45) return 3;
    memcpy(out, prefix, sizeof(prefix) - 1);
    crypto->evp_encode_block((unsigned char *)out + sizeof(prefix) - 1, digest, SHA256_DIGEST_LENGTH);
    return 0;
}

int ccurl_sha1(const unsigned char *data, size_t length, unsigned char *digest) {
    const struct ccurl_crypto_api *crypto = ccurl_crypto();
    if (crypto == NULL) return 4;
    crypto->sha1(data, length, digest);
    return 0;
}

int ccurl_sha256(const unsigned char *data, size_t length, unsigned char *digest) {
    const struct ccurl_crypto_api *crypto = ccurl_crypto();
    if (crypto == NULL) return 4;
    crypto->sha256(data, length, digest);
    return 0;
}
