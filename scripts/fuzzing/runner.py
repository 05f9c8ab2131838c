"""One child run under limits: wall clock (kill the process group: "timeout"), resident memory
of the process tree (polled from /proc: "memory"), bytes written into the run folder ("disk").
Peak RSS is the larger of the polled tree sum and wait4's ru_maxrss.

Children start in their own session. Every child also carries RELCP_FUZZ_RUN=<token> in its
environment, so that daemons that leave the session (OpenMPI's singleton orted) are found and
killed too. RLIMIT_CPU is a backstop should this script itself be killed.
"""
import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

_live = set()          # process-group ids of running children (for kill_all)
_live_lock = threading.Lock()


@dataclass
class RunResult:
    returncode: int        # exit status, or -signal
    wall: float
    peak_rss_kib: int
    killed: str            # "", "timeout", "memory", "disk"
    stdout: str
    stderr: str


def _proc_table():
    """{pid: (ppid, session)} of every process."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name, "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()
        table[int(name)] = (int(fields[1]), int(fields[3]))
    return table


def _tree(root):
    table = _proc_table()
    members = {pid for pid, (_, sid) in table.items() if sid == root}
    members.add(root)
    grew = True
    while grew:
        grew = False
        for pid, (ppid, _) in table.items():
            if ppid in members and pid not in members:
                members.add(pid)
                grew = True
    return members


def _rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid, "rb") as f:
            for line in f:
                if line.startswith(b"VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _marked(token):
    needle = ("RELCP_FUZZ_RUN=%s\0" % token).encode()
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/environ" % name, "rb") as f:
                    if needle in f.read():
                        found.append(int(name))
            except OSError:
                pass
    return found


def _kill(pgid, token):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
    for pid in _marked(token):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def kill_all():
    """Kills every running child (on SIGINT / SIGTERM of the fuzzer)."""
    with _live_lock:
        groups = list(_live)
    for pgid in groups:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except OSError:
            pass


def _dir_bytes(path):
    total = 0
    for dirpath, _, files in os.walk(path):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_blocks * 512
            except OSError:
                pass
    return total


def _tail(path, limit=20000):
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - limit))
            return f.read().decode("utf-8", "replace")
    except OSError:
        return ""


def run(argv, cwd, logdir, env, token, timeout, memory_kib, address_space_kib=0, disk_bytes=1 << 30):
    """Runs argv in cwd; stdout and stderr go to files in logdir (outside cwd)."""
    # The apps are told the cap, as a user would with --max-memory: what they accept must fit in
    # it (3/4 of it, leaving room for what no estimate covers), and what cannot is refused.
    env = dict(env, RELCP_FUZZ_RUN=token, RELCP_MAX_MEMORY="%dK" % (memory_kib * 3 // 4))
    limits = "ulimit -t %d" % (3 * timeout + 10)
    if address_space_kib:
        limits += " && ulimit -v %d" % address_space_kib
    wrapped = ["/bin/sh", "-c", limits + ' && exec "$@"', "sh"] + list(argv)
    out_path, err_path = os.path.join(logdir, "stdout"), os.path.join(logdir, "stderr")
    start = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = subprocess.Popen(wrapped, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err, start_new_session=True)
    with _live_lock:
        _live.add(proc.pid)
    peak, killed, members, pause = 0, "", {proc.pid}, 0.002
    next_scan = next_disk = start
    status, usage = None, None
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        now = time.monotonic()
        if now >= next_scan:
            members, next_scan = _tree(proc.pid), now + 0.25
        rss = sum(_rss_kib(p) for p in members)
        peak = max(peak, rss)
        if rss > memory_kib:
            killed = "memory"
        elif now - start > timeout:
            killed = "timeout"
        elif now >= next_disk:
            next_disk = now + 1.0
            if _dir_bytes(cwd) + os.path.getsize(out_path) + os.path.getsize(err_path) > disk_bytes:
                killed = "disk"
        if killed:
            _kill(proc.pid, token)
            _, status, usage = os.wait4(proc.pid, 0)
            break
        time.sleep(pause)
        pause = min(0.05, pause * 2)
    wall = time.monotonic() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    with _live_lock:
        _live.discard(proc.pid)
    for pid in _marked(token):  # leftovers: the rest of the group, a singleton's orted
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    peak = max(peak, usage.ru_maxrss if usage else 0)
    return RunResult(proc.returncode, wall, peak, killed, _tail(out_path, 4000), _tail(err_path))
