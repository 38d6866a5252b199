"""From the Enter key to a response's first record on screen, in the app, through a bare pseudo-terminal.

Usage: python3 scripts/enter-to-screen-pty.py [RUNS] URL MARKER -- COMMAND [ARGS...]
Starts COMMAND (the app) RUNS times (default 5) in a fresh 120x40 pty with its own CURLEW_HOME, waits for its
first frame, types URL and Enter, and reads the screen's output until MARKER has been drawn. Prints one line:
ENTER median_ms=… fastest_ms=… slowest_ms=… peak_mb=… (the app's peak resident memory, VmHWM, of the median run).
"""
import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time

FIRST_FRAME = b"Type a URL"


def read_until(fd, marker, seen, limit):
    """Reads the pty into `seen` until `marker` is in it; the time it came, or None after `limit` seconds."""
    deadline = time.perf_counter() + limit
    while marker not in seen:
        left = deadline - time.perf_counter()
        if left <= 0:
            return None, seen
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None, seen
        try:
            chunk = os.read(fd, 1 << 16)
        except OSError:
            return None, seen
        if not chunk:
            return None, seen
        # Only the tail can hold a marker cut in two by a read; the rest is dropped, so memory stays flat.
        seen = seen[-len(marker):] + chunk
    return time.perf_counter(), seen


def peak_mb(pid):
    """The peak resident memory of `pid` in MB, from /proc."""
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def once(argv, url, marker):
    """Milliseconds from Enter to the marker, and the app's peak memory; None if either step timed out."""
    home = tempfile.mkdtemp(prefix="curlew-bench-")
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"CURLEW_HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8"})
        os.execvp(argv[0], argv)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    try:
        came, seen = read_until(fd, FIRST_FRAME, b"", 10)
        if came is None:
            return None, None
        os.write(fd, url.encode())
        time.sleep(0.2)
        select.select([fd], [], [], 0)
        while select.select([fd], [], [], 0.05)[0]:
            os.read(fd, 1 << 16)
        start = time.perf_counter()
        os.write(fd, b"\r")
        came, _ = read_until(fd, marker.encode(), b"", 60)
        if came is None:
            return None, None
        return (came - start) * 1000, peak_mb(pid)
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(home, ignore_errors=True)


def main():
    args = sys.argv[1:]
    runs = 5
    if args and args[0].isdigit():
        runs = int(args.pop(0))
    if "--" not in args or args.index("--") != 2:
        sys.exit("usage: enter-to-screen-pty.py [RUNS] URL MARKER -- COMMAND [ARGS...]")
    url, marker, command = args[0], args[1], args[3:]
    results = [once(command, url, marker) for _ in range(runs)]
    if any(ms is None for ms, _ in results):
        sys.exit("the marker %r did not appear within 60 s of Enter" % marker)
    results.sort()
    ms, mb = results[len(results) // 2]
    print("ENTER median_ms=%.1f fastest_ms=%.1f slowest_ms=%.1f peak_mb=%.1f" % (ms, results[0][0], results[-1][0], mb))


if __name__ == "__main__":
    main()
