#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>
#include "ccurl.h"

/* A pipe whose two ends are close-on-exec and non-blocking from the start, so a process spawned meanwhile never inherits them. */
int ccurl_pipe_cloexec_nonblocking(int descriptors[2]) {
    return pipe2(descriptors, O_CLOEXEC | O_NONBLOCK);
}
