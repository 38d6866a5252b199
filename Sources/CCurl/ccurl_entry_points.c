#include "ccurl.h"
#include "ccurl_library.h"

/* libcurl's entry points under the shim's own prefix, forwarding to the loaded library. They never take
   libcurl's own names, so a libcurl that another library loads into the process keeps its symbols. */

CURLcode ccurl_global_init(long flags) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->global_init(flags) : CURLE_FAILED_INIT;
}

const char *ccurl_version(void) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->version() : ccurl_library_error();
}

CURL *ccurl_easy_init(void) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_init() : NULL;
}

void ccurl_easy_cleanup(CURL *handle) {
    const struct ccurl_curl_api *api = ccurl_curl();
    if (api) api->easy_cleanup(handle);
}

void ccurl_easy_reset(CURL *handle) {
    const struct ccurl_curl_api *api = ccurl_curl();
    if (api) api->easy_reset(handle);
}

CURLcode ccurl_easy_perform(CURL *handle) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_perform(handle) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_send(CURL *handle, const void *buffer, size_t length, size_t *sent) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_send(handle, buffer, length, sent) : CURLE_FAILED_INIT;
}

CURLcode ccurl_easy_recv(CURL *handle, void *buffer, size_t length, size_t *received) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_recv(handle, buffer, length, received) : CURLE_FAILED_INIT;
}

const char *ccurl_easy_strerror(CURLcode code) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->easy_strerror(code) : ccurl_library_error();
}

CURLM *ccurl_multi_init(void) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_init() : NULL;
}

CURLMcode ccurl_multi_cleanup(CURLM *multi) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_cleanup(multi) : CURLM_INTERNAL_ERROR;
}

CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_add_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_remove_handle(multi, handle) : CURLM_INTERNAL_ERROR;
}

CURLMcode ccurl_multi_perform(CURLM *multi, int *running) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_perform(multi, running) : CURLM_INTERNAL_ERROR;
}

CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned int extra_count, int timeout_ms, int *ret) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_poll(multi, extra, extra_count, timeout_ms, ret) : CURLM_INTERNAL_ERROR;
}

CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_info_read(multi, queued) : NULL;
}

const char *ccurl_multi_strerror(CURLMcode code) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->multi_strerror(code) : ccurl_library_error();
}

CURLSH *ccurl_share_init(void) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->share_init() : NULL;
}

CURLSHcode ccurl_share_cleanup(CURLSH *share) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->share_cleanup(share) : CURLSHE_NOT_BUILT_IN;
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    const struct ccurl_curl_api *api = ccurl_curl();
    return api ? api->slist_append(list, text) : NULL;
}

void ccurl_slist_free_all(struct curl_slist *list) {
    const struct ccurl_curl_api *api = ccurl_curl();
    if (api) api->slist_free_all(list);
}
