#include "ccurl.h"

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback value) { return curl_easy_setopt(handle, option, value); }
CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback value) { return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value); }
CURLcode ccurl_easy_setopt_seek_callback(CURL *handle, ccurl_seek_callback value) { return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value); }
CURLcode ccurl_easy_setopt_share(CURL *handle, CURLSH *share) { return curl_easy_setopt(handle, CURLOPT_SHARE, share); }

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) { return curl_easy_getinfo(handle, info, value); }
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) { return curl_easy_getinfo(handle, info, value); }
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) { return curl_easy_getinfo(handle, info, value); }

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) { return curl_multi_setopt(multi, option, value); }
CURLSHcode ccurl_share_setopt_long(CURLSH *share, CURLSHoption option, long value) { return curl_share_setopt(share, option, value); }

long ccurl_readfunc_abort(void) { return CURL_READFUNC_ABORT; }
long ccurl_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
int ccurl_seekfunc_ok(void) { return CURL_SEEKFUNC_OK; }
int ccurl_seekfunc_fail(void) { return CURL_SEEKFUNC_FAIL; }
int ccurl_seekfunc_cantseek(void) { return CURL_SEEKFUNC_CANTSEEK; }
