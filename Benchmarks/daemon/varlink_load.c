// A load client for chevrond's benchmarks, in C so that the client costs little next to the
// daemon: Size calls over the Unix socket, serially (one round trip at a time) or pipelined
// (a window of calls in flight, refilled as replies arrive).
//
// Usage: varlink_load SOCKET serial COUNT [unique|fresh|getinfo]
//        varlink_load SOCKET pipelined COUNT WINDOW [unique|fresh|getinfo]
// (unique: a new title per call, "Title N"; fresh: the same with titles of their own, "Fresh N",
// so that a run after a unique one measures too; getinfo: org.varlink.service.GetInfo, which
// computes nothing)
// Prints one line: "<mode>: <calls> calls in <seconds> s: <us> us/call, <calls/s> calls/s, <errors> errors,
// <bytes> bytes/reply" (the replies' mean length, NUL included: what an echo floor answering with
// replies of the same length is given, nio-echo-floor's REPLY_BYTES).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int call_text(char *buffer, size_t size, long index, int unique, int getinfo) {
    if (getinfo) return snprintf(buffer, size, "{\"method\":\"org.varlink.service.GetInfo\"}") + 1;
    if (unique)
        return snprintf(buffer, size,
                        "{\"method\":\"io.chevron.BackButton.Size\",\"parameters\":{\"title\":\"%s %ld\"}}",
                        unique == 2 ? "Fresh" : "Title", index) + 1;  // the NUL terminator is part of the frame
    return snprintf(buffer, size,
                    "{\"method\":\"io.chevron.BackButton.Size\",\"parameters\":{\"title\":\"Settings\"}}") + 1;
}

static void write_all(int fd, const char *data, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, data, length);
        if (written <= 0) { perror("write"); exit(1); }
        data += written;
        length -= (size_t)written;
    }
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s SOCKET serial|pipelined COUNT [WINDOW] [unique]\n", argv[0]); return 2; }
    const char *path = argv[1];
    int pipelined = strcmp(argv[2], "pipelined") == 0;
    long count = atol(argv[3]);
    long window = pipelined && argc > 4 ? atol(argv[4]) : 1;
    const char *kind = argc > (pipelined ? 5 : 4) ? argv[pipelined ? 5 : 4] : "";
    int unique = strcmp(kind, "unique") == 0 ? 1 : strcmp(kind, "fresh") == 0 ? 2 : 0;
    int getinfo = strcmp(kind, "getinfo") == 0;

    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, path, sizeof(address.sun_path) - 1);
    if (connect(fd, (struct sockaddr *)&address, sizeof(address)) != 0) { perror("connect"); return 1; }

    static char out[1 << 20], in[1 << 20];
    long sent = 0, received = 0, errors = 0, bytes = 0;
    double started = now();
    while (received < count) {
        // Fill the window.
        size_t length = 0;
        while (sent < count && sent - received < window && length + 256 < sizeof(out)) {
            length += (size_t)call_text(out + length, sizeof(out) - length, sent, unique, getinfo);
            sent++;
        }
        if (length > 0) write_all(fd, out, length);
        // Read at least one reply; count every NUL that arrived.
        ssize_t got = read(fd, in, sizeof(in));
        if (got <= 0) { perror("read"); return 1; }
        bytes += got;
        for (ssize_t i = 0; i < got; i++) {
            if (in[i] == 0) received++;
            if (in[i] == 'e' && i + 7 < got && memcmp(in + i, "\"error\"", 7) == 0) errors++;
        }
    }
    double elapsed = now() - started;
    printf("%s%s: %ld calls in %.3f s: %.2f us/call, %.0f calls/s, %ld errors, %.0f bytes/reply\n", argv[2],
           unique ? " unique" : getinfo ? " getinfo" : "",
           count, elapsed, elapsed / count * 1e6, count / elapsed, errors, (double)bytes / count);
    close(fd);
    return 0;
}
