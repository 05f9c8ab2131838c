"""The outcome of one run.

Failures (fuzz.py exits 1 when any is seen):
  crash           killed by a signal
  hang            killed at the wall-clock limit
  memory bomb     killed when the RSS of its process tree passed the memory limit
  disk bomb       killed when its run folder plus stdout/stderr passed the disk limit
  bad exit code   an exit status other than 0, 2, 3
  internal error  exit 3 with "internal error" (an unexpected exception, std::bad_alloc, ...)
  bad message     exit 2 whose stderr is not exactly one non-empty line `app: ...` naming an
                  input file (its path or its file name)
Soft categories (counted and listed, not failures unless --strict):
  message without line/key   exit 2 with a good message that lacks `file:LINE:` or, after it,
                             a `key.path:` (syntax errors, empty files and a document root that is not a
                  mapping need no key)
  stdout not JSON            relcp_lcp / relcp_geom printed something other than one JSON line
Everything else: ok (exit 0), exit 2, exit 3.
"""
import json
import os
import re

FAILURES = ("crash", "hang", "memory bomb", "disk bomb", "bad exit code", "internal error", "bad message")
SOFT = ("message without line/key", "stdout not JSON")
OUTCOMES = ("ok", "exit 2", "exit 3") + SOFT + FAILURES
# After FILE:LINE: a key path and ": " (keys are quoted as typed, so anything before ": ").
KEY_PATH = re.compile(r"^\S.*?: \S")
NO_KEY_NEEDED = re.compile(r"yaml|syntax|pars|empty|utf|encod|document|end of file|character|"
                           r"bad conversion|invalid (?:scalar|node)|mapping of keys|must be a YAML mapping", re.I)
INTERNAL = re.compile(r"internal error|std::|bad_alloc|terminate called", re.I)


def _names_file(line, files):
    return any(f in line or os.path.basename(f) in line for f in files)


def _json_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    if len(lines) != 1:
        return False
    try:
        json.loads(lines[0], parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    except ValueError:
        return False
    return True


def message_check(app, stderr, files):
    """(outcome, detail) of an exit-2 stderr."""
    lines = stderr.splitlines()
    if len(lines) != 1 or not lines[0].strip():
        return "bad message", "%d stderr lines" % len(lines)
    line = lines[0]
    if not line.startswith(app + ": "):
        return "bad message", "does not start with '%s: '" % app
    if app == "relcp_geom" and line.startswith("relcp_geom: --count: "):
        return "exit 2", "the --count no longer fits the mutated shape"
    if not _names_file(line, files):
        return "bad message", "names no input file"
    rest = line[len(app) + 2:]
    for f in files:
        for name in (f, os.path.basename(f)):
            m = re.match(re.escape(name) + r":(\d+): (.*)$", rest)
            if m:
                if KEY_PATH.match(m.group(2)) or NO_KEY_NEEDED.search(m.group(2)):
                    return "exit 2", ""
                return "message without line/key", "no key"
    return "message without line/key", "no line"


def judge(result, app, files):
    """(outcome, detail) of a runner.RunResult."""
    if result.killed == "timeout":
        return "hang", "killed after %.1f s" % result.wall
    if result.killed == "memory":
        return "memory bomb", "RSS %d MiB" % (result.peak_rss_kib // 1024)
    if result.killed == "disk":
        return "disk bomb", "run folder over the disk limit"
    code = result.returncode
    if code < 0:
        return "crash", "signal %d" % -code
    if code not in (0, 2, 3):
        return "bad exit code", "exit %d" % code
    if code == 3 and INTERNAL.search(result.stderr):
        return "internal error", ""
    if code == 2:
        return message_check(app, result.stderr, files)
    if app in ("relcp_lcp", "relcp_geom") and (code == 0 or app == "relcp_lcp") and not _json_line(result.stdout):
        return "stdout not JSON", ""
    return ("ok" if code == 0 else "exit 3"), ""
