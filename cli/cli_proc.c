/* Child processes (Verilator, Yosys, gnuplot, the harnesses) and the signals that stop a run. */
#define _XOPEN_SOURCE 700 /* sigwait, setpgid, kill */
#include "cli.h"
#include "fecforge/error.h"
#include "fecforge/output.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { CHILDREN_MAX = 16 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t children[CHILDREN_MAX]; /* running children, each the leader of its process group */
static int coop_depth;              /* > 0: a run that stops cleanly on the first signal */
static int stop_signal;             /* the signal that asked the run to stop */
static sigset_t handled;

/* Caller holds lock. */
static void stop_children(int sig)
{
    for (int i = 0; i < CHILDREN_MAX; i++)
        if (children[i] > 0)
            kill(-children[i], sig);
}

static void end_process(int sig)
{
    pthread_mutex_lock(&lock);
    stop_children(SIGTERM);
    pthread_mutex_unlock(&lock);
    fg_output_cleanup_pending();
    fg_outdir_mark_prepared(); /* a work directory filled in place lists what it holds */
    fg_cli_progress_done();
    signal(sig, SIG_DFL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    _exit(128 + sig);
}

static void *signal_thread(void *arg)
{
    (void)arg;
    for (;;) {
        int sig;
        if (sigwait(&handled, &sig) != 0)
            continue;
        pthread_mutex_lock(&lock);
        const int soft = coop_depth > 0 && !stop_signal;
        if (soft) {
            stop_signal = sig;
            stop_children(SIGTERM);
        }
        pthread_mutex_unlock(&lock);
        if (!soft)
            end_process(sig);
        fprintf(stderr, "\nfecforge: signal %d: finishing the current report (a second signal ends at once)\n", sig);
    }
    return NULL;
}

void fg_cli_signals_start(void)
{
    sigemptyset(&handled);
    sigaddset(&handled, SIGINT);
    sigaddset(&handled, SIGTERM);
    sigaddset(&handled, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &handled, NULL); /* inherited by every thread created from here on */
    signal(SIGPIPE, SIG_IGN);                   /* a closed pipe is a write error, seen and reported */
    pthread_t t;
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&t, &a, signal_thread, NULL) != 0)
        pthread_sigmask(SIG_UNBLOCK, &handled, NULL); /* no thread: default actions, as before */
    pthread_attr_destroy(&a);
}

void fg_cli_coop_begin(void)
{
    pthread_mutex_lock(&lock);
    coop_depth++;
    pthread_mutex_unlock(&lock);
}

void fg_cli_coop_end(void)
{
    pthread_mutex_lock(&lock);
    coop_depth--;
    pthread_mutex_unlock(&lock);
}

int fg_cli_stopped(void)
{
    pthread_mutex_lock(&lock);
    const int s = stop_signal;
    pthread_mutex_unlock(&lock);
    return s;
}

/* ---- child processes ---- */

static int open_or_null(const char *path, int flags)
{
    return open(path ? path : "/dev/null", flags, 0644);
}

int fg_cli_run(char *const argv[], const fg_cli_proc *p)
{
    int in_pipe[2] = {-1, -1};
    if (p->input && pipe(in_pipe) != 0)
        return -1;
    fflush(NULL);
    const pid_t pid = fork();
    if (pid < 0) {
        if (p->input) {
            close(in_pipe[0]);
            close(in_pipe[1]);
        }
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
        sigset_t none;
        sigemptyset(&none);
        pthread_sigmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        if (p->cwd && chdir(p->cwd) != 0)
            _exit(127);
        const int app = O_WRONLY | O_CREAT | (p->append ? O_APPEND : O_TRUNC);
        int in = p->input ? in_pipe[0] : open("/dev/null", O_RDONLY);
        if (p->input)
            close(in_pipe[1]);
        if (in < 0 || dup2(in, 0) < 0)
            _exit(127);
        if (p->stdout_path) {
            const int fd = open_or_null(p->stdout_path, app);
            if (fd < 0 || dup2(fd, 1) < 0)
                _exit(127);
            close(fd);
        }
        if (p->stderr_path) {
            if (p->stdout_path && !strcmp(p->stdout_path, p->stderr_path)) {
                if (dup2(1, 2) < 0)
                    _exit(127);
            } else {
                const int fd = open_or_null(p->stderr_path, app);
                if (fd < 0 || dup2(fd, 2) < 0)
                    _exit(127);
                close(fd);
            }
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    setpgid(pid, pid); /* as the child does: no race with an early signal */
    pthread_mutex_lock(&lock);
    int slot = -1;
    for (int i = 0; i < CHILDREN_MAX && slot < 0; i++)
        if (children[i] <= 0)
            slot = i;
    if (slot >= 0)
        children[slot] = pid;
    if (stop_signal)
        kill(-pid, SIGTERM); /* the run was asked to stop before this child started */
    pthread_mutex_unlock(&lock);
    if (p->input) {
        close(in_pipe[0]);
        for (size_t off = 0; off < p->input_n;) {
            const ssize_t w = write(in_pipe[1], p->input + off, p->input_n - off);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break; /* the child exited early: its status says why */
            off += (size_t)w;
        }
        close(in_pipe[1]);
    }
    int st = 0;
    const struct timespec tick = {0, 200 * 1000 * 1000};
    const double t0 = fg_cli_now();
    for (;;) {
        const pid_t r = waitpid(pid, &st, p->tick ? WNOHANG : 0);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            st = -1;
            break;
        }
        if (r == 0) {
            p->tick(p->tick_ctx, fg_cli_now() - t0);
            nanosleep(&tick, NULL);
        }
    }
    pthread_mutex_lock(&lock);
    if (slot >= 0)
        children[slot] = 0;
    pthread_mutex_unlock(&lock);
    if (st == -1)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? 128 + WTERMSIG(st) : -1;
}

int fg_cli_have_program(const char *name)
{
    if (strchr(name, '/'))
        return access(name, X_OK) == 0;
    const char *path = getenv("PATH");
    if (!path)
        return 0;
    char buf[4096];
    for (const char *p = path; *p;) {
        const char *e = strchr(p, ':');
        const size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, p, name);
        if (access(buf, X_OK) == 0)
            return 1;
        p += len + (e != NULL);
    }
    return 0;
}
