"""Launch to first frame through a bare pseudo-terminal, without tmux in between.

Usage: python3 scripts/first-frame-pty.py [RUNS] -- COMMAND [ARGS...]
Starts COMMAND RUNS times (default 10) in a fresh 120x40 pty with its own CURLEW_HOME, reads
its output until "Type a URL" has been drawn, and prints the median, fastest and slowest times.
"""
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time

MARKER = b"Type a URL"


def once(argv):
    """Milliseconds from fork to the marker on screen, or None if it never came within 10 s."""
    home = tempfile.mkdtemp(prefix="curlew-bench-")
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"CURLEW_HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen = b""
    elapsed = None
    while True:
        ready, _, _ = select.select([fd], [], [], 10)
        if not ready:
            break
        try:
            seen += os.read(fd, 65536)
        except OSError:
            break
        if MARKER in seen:
            elapsed = (time.perf_counter() - start) * 1000
            break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return elapsed


def main():
    args = sys.argv[1:]
    runs = 10
    if args and args[0] != "--":
        runs = int(args.pop(0))
    if args and args[0] == "--":
        args.pop(0)
    if not args:
        sys.exit("usage: first-frame-pty.py [RUNS] -- COMMAND [ARGS...]")
    times = [once(args) for _ in range(runs)]
    if any(t is None for t in times):
        sys.exit("the first frame did not appear within 10 s")
    times.sort()
    print("median %.1f ms of %d (fastest %.1f, slowest %.1f)" % (times[len(times) // 2], runs, times[0], times[-1]))


if __name__ == "__main__":
    main()
