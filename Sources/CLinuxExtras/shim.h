// glibc and Linux calls Swift's Glibc module does not import, or not as Swift 6 can use them:
// malloc_trim (<malloc.h>), a thread's scheduling priority (by raw system calls, so no header here
// redefines Glibc's types), and C's standard streams.
#pragma once
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Sets the calling thread's nice value: setpriority(2) with PRIO_PROCESS (0) on the thread's
/// id (gettid(2)), which Linux applies to that thread alone. 0 on success, -1 on failure.
static inline int chevron_set_thread_nice(int nice) {
    return (int)syscall(SYS_setpriority, 0, syscall(SYS_gettid), nice);
}

#include <stdio.h>

/// C's standard output and error streams, which Swift 6 will not read as globals (`stdout` is a
/// mutable global variable to it): the CLI flushes standard output through them and checks it.
static inline FILE *chevron_standard_output(void) { return stdout; }
static inline FILE *chevron_standard_error(void) { return stderr; }
