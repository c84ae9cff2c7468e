// Preloaded into the tests that scripts/cross-test runs under qemu-user. qemu-user 7.2 (Debian 12)
// rejects clone(CLONE_PIDFD), which QProcess uses whenever the kernel offers pidfds, so no test
// could start a program. This makes Qt's probe for pidfd support (a waitid(P_PIDFD) system call)
// fail, and QProcess falls back to plain fork(). Nothing else changes.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/syscall.h>

// Programs that the test starts get no preload of their own (the host's shell would refuse it).
__attribute__((constructor)) static void forgetPreload(void) {
    unsetenv("LD_PRELOAD");
}

long syscall(long number, ...) {
    enum { kPidfd = 3 }; // P_PIDFD
    va_list list;
    va_start(list, number);
    long a[6];
    for (int i = 0; i < 6; ++i)
        a[i] = va_arg(list, long);
    va_end(list);
    if (number == SYS_waitid && a[0] == kPidfd) {
        errno = EINVAL;
        return -1;
    }
    static long (*real)(long, ...);
    if (!real)
        real = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    return real(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}
