#!/usr/bin/python3
"""The measurements behind the defaults of `minmap` and `fischer` (docs/lcp_newton.md, "Defaults").

Runs `relcp_lcp solve` with every min-map globalization (none, fischer_burmeister) and every
Fischer-Newton Jacobian strategy (random, zero, perturbation, approximation), default options
otherwise (tolerance 1e-8, 100 iterations), on every Siconos LCP file of tests/lcp/data/siconos
and on problems written by `relcp_lcp generate`: Erleben's families (fluid, contact, pd, psd) at
several sizes and seeds, and frictional Stewart-Trinkle contact LCPs (stewart_trinkle). Each solve
runs once with OMP_NUM_THREADS=1; "seconds" is relcp_lcp's solve time. Prints one Markdown table:
Siconos files one per row, generated families summed over their seeds (converged count, mean
iterations over the converged runs, largest residual, total time).

Usage: scripts/bench_lcp_defaults.py [--relcp build/bin/relcp_lcp] [--quick]
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIGS = [
    ("minmap none", ["--solver", "minmap", "--globalization", "none"]),
    ("minmap fischer_burmeister", ["--solver", "minmap", "--globalization", "fischer_burmeister"]),
    ("fischer random", ["--solver", "fischer", "--jacobian", "random"]),
    ("fischer zero", ["--solver", "fischer", "--jacobian", "zero"]),
    ("fischer perturbation", ["--solver", "fischer", "--jacobian", "perturbation"]),
    ("fischer approximation", ["--solver", "fischer", "--jacobian", "approximation"]),
]


def families(quick):
    """(label, generate arguments, seeds) of the generated problems."""
    seeds = range(1, 4) if quick else range(1, 11)
    few = range(1, 4)
    return [
        ("fluid G = 10 (n = 1000)", ["fluid", "--size", "10"], few),
        ("contact K = 10 (n = 60)", ["contact", "--size", "10"], seeds),
        ("contact K = 20 (n = 120)", ["contact", "--size", "20"], seeds),
        ("contact K = 30 (n = 180)", ["contact", "--size", "30"], few),
        ("pd n = 100", ["pd", "--size", "100"], seeds),
        ("pd n = 250", ["pd", "--size", "250"], few),
        ("psd n = 100, ratio 0.4", ["psd", "--size", "100", "--zero-ratio", "0.4"], seeds),
        ("psd n = 100, ratio 0.8", ["psd", "--size", "100", "--zero-ratio", "0.8"], seeds),
        ("stewart_trinkle N = 5 (n = 30)", ["stewart_trinkle", "--size", "5"], seeds),
        ("stewart_trinkle N = 20 (n = 120)", ["stewart_trinkle", "--size", "20"], seeds),
        ("stewart_trinkle N = 40 (n = 240)", ["stewart_trinkle", "--size", "40"], few),
    ]


def solve(relcp, path, arguments):
    run = subprocess.run([relcp, "solve", str(path), *arguments], capture_output=True, text=True,
                         env={**os.environ, "OMP_NUM_THREADS": "1"}, check=False)
    if run.returncode not in (0, 3):
        sys.exit(f"relcp_lcp solve {path} {' '.join(arguments)}: exit {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout.strip().splitlines()[-1])


def file_cell(report):
    return f"{report['status']} {report['iterations']} it, {report['residual']:.1e}, {report['seconds'] * 1e3:.2f} ms"


def family_cell(reports):
    converged = [r for r in reports if r["status"] == "converged"]
    others = {}
    for r in reports:
        if r["status"] != "converged":
            others[r["status"]] = others.get(r["status"], 0) + 1
    mean = sum(r["iterations"] for r in converged) / len(converged) if converged else float("nan")
    worst = max(r["residual"] for r in reports)
    seconds = sum(r["seconds"] for r in reports)
    text = f"{len(converged)}/{len(reports)}"
    if others:
        text += " (" + ", ".join(f"{k} {v}" for k, v in sorted(others.items())) + ")"
    return f"{text}, {mean:.1f} it, max res {worst:.1e}, {seconds * 1e3:.1f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--relcp", default=str(ROOT / "build/bin/relcp_lcp"))
    parser.add_argument("--quick", action="store_true", help="3 seeds per family instead of 10")
    args = parser.parse_args()

    print("| problem | " + " | ".join(name for name, _ in CONFIGS) + " |")
    print("|---|" + "---|" * len(CONFIGS))
    for path in sorted((ROOT / "tests/lcp/data/siconos").glob("*.dat")):
        cells = [file_cell(solve(args.relcp, path, arguments)) for _, arguments in CONFIGS]
        print(f"| {path.stem} | " + " | ".join(cells) + " |", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        for label, generate, seeds in families(args.quick):
            reports = {name: [] for name, _ in CONFIGS}
            for seed in seeds:
                dat = pathlib.Path(scratch) / "problem.dat"
                subprocess.run([args.relcp, "generate", *generate, "--seed", str(seed), "--out", str(dat)],
                               capture_output=True, text=True, check=True)
                for name, arguments in CONFIGS:
                    reports[name].append(solve(args.relcp, dat, arguments))
            cells = [family_cell(reports[name]) for name, _ in CONFIGS]
            print(f"| {label}, seeds {seeds.start}-{seeds.stop - 1} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
