#ifndef CLOCKING_H
#define CLOCKING_H

/* ThreadSanitizer's annotations, present only in a process built with -sanitize=thread: its runtime defines them,
   and elsewhere the weak references are null. They tell the race detector about a lock it cannot see (a futex). */
void __tsan_acquire(void *address) __attribute__((weak));
void __tsan_release(void *address) __attribute__((weak));

/* Tells ThreadSanitizer, if it runs, that the lock at `address` was just taken. */
static inline void clocking_did_acquire(void *address) {
    if (__tsan_acquire) __tsan_acquire(address);
}

/* Tells ThreadSanitizer, if it runs, that the lock at `address` is about to be given back. */
static inline void clocking_will_release(void *address) {
    if (__tsan_release) __tsan_release(address);
}

#endif
