#!/usr/bin/env python3
"""Fails, listing file:line, where a tracked source, script, config or doc cites notes that are
not in the repository (design notes, paper digests, decision lists kept beside it). Cite the paper
(author, year, section or equation) and a page of docs/ instead (docs/design.md, "References").

Usage: check_self_contained.py SOURCE_DIR [FILE...]   (files: check only these, for testing)
"""
import os
import re
import subprocess
import sys

SCOPE = ("src/", "apps/", "tests/", "scripts/", "cmake/", "configs/", "docs/", "examples/",
         "README.md", "CMakeLists.txt")
# Each pattern names a kind of outside reference (this file itself is skipped).
PATTERNS = [
    (re.compile(r"\bdigest(s|'s)?\b", re.IGNORECASE), "a paper digest"),
    (re.compile(r"\bspec/|\bspec \d"), "a spec note"),
    (re.compile(r"\bDESIGN\.md\b"), "the outside design note"),
    (re.compile(r"\.\./shared\b|\bshared/(spec|seeds|research|DESIGN)"),
     "a folder beside the repository"),
    (re.compile(r"\bdecision D\d{1,2}\b", re.IGNORECASE), "a decision number from outside"),
]


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             capture_output=True).stdout.decode()
        names = [n for n in out.split("\0") if n]
    except (OSError, subprocess.CalledProcessError):
        names = []
        for top in SCOPE:
            path = os.path.join(root, top)
            if os.path.isfile(path):
                names.append(top)
            for base, _, files in os.walk(path):
                names += [os.path.relpath(os.path.join(base, f), root) for f in files]
    return [n for n in names if n.startswith(SCOPE)]


def findings(root, names):
    for name in names:
        path = os.path.join(root, name)
        if os.path.abspath(path) == os.path.abspath(__file__):
            continue  # its own patterns
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError:
            continue
        if b"\0" in data:
            continue  # binary
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            for pattern, what in PATTERNS:
                if pattern.search(line):
                    yield f"{name}:{number}: cites {what}: {line.strip()[:160]}"
                    break


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    root = sys.argv[1]
    names = sys.argv[2:] or tracked_files(root)
    if not names:
        print(f"no files found under {root}", file=sys.stderr)
        return 2
    bad = list(findings(root, names))
    for line in bad:
        print(line)
    if bad:
        print(f"{len(bad)} reference(s) to notes outside the repository; cite the paper and docs/ "
              "instead (docs/design.md, \"References\").")
        return 1
    print(f"{len(names)} files cite nothing outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
