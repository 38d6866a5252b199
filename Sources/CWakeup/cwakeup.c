#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

#include "cwakeup.h"

int cwakeup_pipe(int ends[2]) {
    return pipe2(ends, O_NONBLOCK | O_CLOEXEC);
}
