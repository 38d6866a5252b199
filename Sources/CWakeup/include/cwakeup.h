#ifndef CWAKEUP_H
#define CWAKEUP_H

/* A pipe whose ends are non-blocking and close-on-exec from the start (pipe2, which Glibc's Swift module
   leaves out), so that no process spawned by another thread meanwhile inherits them. 0, or -1 with errno set. */
int cwakeup_pipe(int ends[2]);

#endif
