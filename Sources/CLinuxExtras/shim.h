// glibc and Linux calls Swift's Glibc module does not import: malloc_trim (<malloc.h>), and a
// thread's scheduling priority (by raw system calls, so no header here redefines Glibc's types).
#pragma once
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Sets the calling thread's nice value: setpriority(2) with PRIO_PROCESS (0) on the thread's
/// id (gettid(2)), which Linux applies to that thread alone. 0 on success, -1 on failure.
static inline int chevron_set_thread_nice(int nice) {
    return (int)syscall(SYS_setpriority, 0, syscall(SYS_gettid), nice);
}
