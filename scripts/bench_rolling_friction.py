#!/usr/bin/env python3
"""relcp's rolling friction solvers against Siconos' on Siconos' RollingFrictionContact test problems.

For each file of tests/lcp/data/siconos_rolling: `relcp_lcp friction FILE --solver S` for S in
nsgs and newton_ac, and Siconos' rolling NSGS (its default local solver, projection on the cone
with local iterations; with its default "light" error, and with the full error after every
sweep) and ADMM (rolling_fc3d_driver, default options but the tolerance and an
iteration cap of 10^5), the fastest of three runs each, from r = 0. Prints a markdown table:
iterations, seconds and Siconos' rolling error per solver, and relcp's time over the fastest
Siconos solver that reached the tolerance.

Then checks the two implementations of the error against each other: Siconos'
rolling_fc3d_compute_error on the r that relcp's nsgs wrote (--out), and relcp's error
(`relcp_lcp friction FILE --evaluate R`) on the r that Siconos' NSGS returned; prints the
largest differences.

    /usr/bin/python3 scripts/bench_rolling_friction.py [--tolerance 1e-8] [--relcp-lcp build/bin/relcp_lcp]

Needs python3-siconos (Debian), which scripts/setup.sh does not install.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

try:
    import siconos.numerics as sn
except ImportError:
    sys.exit("bench_rolling_friction.py: needs python3-siconos (apt-get install python3-siconos)")

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lcp", "data", "siconos_rolling")
RELCP = ["nsgs", "newton_ac"]
# label: (solver, error evaluation of NSGS or None for the default). Siconos' NSGS stops by
# default on a "light" error (the relative change of r over a sweep, the full error checked at the
# end); "NSGS full" evaluates the full error after every sweep, as relcp's nsgs does.
SICONOS = {"NSGS": (sn.SICONOS_ROLLING_FRICTION_3D_NSGS, None),
           "NSGS full": (sn.SICONOS_ROLLING_FRICTION_3D_NSGS, sn.SICONOS_FRICTION_3D_NSGS_ERROR_EVALUATION_FULL),
           "ADMM": (sn.SICONOS_ROLLING_FRICTION_3D_ADMM, None)}


def relcp(binary, path, solver, tolerance, out=None):
    best = None
    for _ in range(3):
        command = [binary, "friction", path, "--solver", solver, "--tolerance", str(tolerance)]
        if out:
            command += ["--out", out]
        run = json.loads(subprocess.run(command, capture_output=True, text=True).stdout.splitlines()[0])
        if best is None or run["seconds"] < best["seconds"]:
            best = run
    return best["iterations"], best["seconds"], best["residual"], best["status"] == "converged"


def relcp_error_of(binary, path, r):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write("\n".join(repr(float(x)) for x in r) + "\n")
    try:
        out = subprocess.run([binary, "friction", path, "--evaluate", file.name], capture_output=True, text=True)
        return json.loads(out.stdout.splitlines()[0])["residual"]
    finally:
        os.unlink(file.name)


def siconos_error(problem, r, tolerance):
    u = np.zeros(len(r))
    options = sn.SolverOptions(sn.SICONOS_ROLLING_FRICTION_3D_NSGS)
    error = sn.rolling_fc3d_compute_error(problem, r, u, tolerance, options, np.linalg.norm(problem.q))
    return error[-1] if isinstance(error, (list, tuple)) else error  # [info, error] in Debian's 4.4


def siconos(path, solver, tolerance):
    solver, evaluation = solver
    problem = sn.rollingFrictionContact_new_from_filename(path)
    n = 5 * problem.numberOfContacts
    options = sn.SolverOptions(solver)
    options.dparam[sn.SICONOS_DPARAM_TOL] = tolerance
    options.iparam[sn.SICONOS_IPARAM_MAX_ITER] = 100000
    if evaluation is not None:
        options.iparam[sn.SICONOS_FRICTION_3D_IPARAM_ERROR_EVALUATION] = evaluation
    seconds = float("inf")
    for _ in range(3):
        r, u = np.zeros(n), np.zeros(n)
        start = time.perf_counter()
        info = sn.rolling_fc3d_driver(problem, r, u, options)
        seconds = min(seconds, time.perf_counter() - start)
    error = siconos_error(problem, r, tolerance)
    return (options.iparam[sn.SICONOS_IPARAM_ITER_DONE], seconds, error, info == 0 and error <= tolerance), r


def cell(iterations, seconds, error, ok):
    time_text = f"{seconds * 1e6:.0f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.1f} ms"
    return f"{iterations}, {time_text}, {error:.1e}" + ("" if ok else " ✗")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tolerance", type=float, default=1e-8)
    parser.add_argument("--relcp-lcp", default="build/bin/relcp_lcp")
    args = parser.parse_args()
    files = sorted(f for f in os.listdir(DATA) if f.endswith(".dat"))
    print(f"| problem | contacts | {' | '.join(RELCP)} | {' | '.join(SICONOS)} | fastest relcp / fastest Siconos |")
    print("|---|---:|" + "---|" * (len(RELCP) + len(SICONOS)) + "---:|")
    checks = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in files:
            path = os.path.join(DATA, name)
            out = os.path.join(scratch, "r.txt")
            ours = {solver: relcp(args.relcp_lcp, path, solver, args.tolerance, out if solver == "nsgs" else None)
                    for solver in RELCP}
            problem = sn.rollingFrictionContact_new_from_filename(path)
            ours_r = np.loadtxt(out)
            theirs, their_r = {}, None
            for label, solver in SICONOS.items():
                theirs[label], r = siconos(path, solver, args.tolerance)
                if label == "NSGS":
                    their_r = r
            checks.append((name, abs(siconos_error(problem, ours_r, args.tolerance) - ours["nsgs"][2]),
                           abs(relcp_error_of(args.relcp_lcp, path, their_r) - theirs["NSGS"][2]),
                           theirs["NSGS"][2]))
            reached_ours = [t[1] for t in ours.values() if t[3]]
            reached = [t[1] for t in theirs.values() if t[3]]
            ratio = f"{min(reached_ours) / min(reached):.2g}" if reached and reached_ours else "-"
            contacts = problem.numberOfContacts
            print(f"| `{name[:-4]}` | {contacts} | " + " | ".join(cell(*t) for t in ours.values()) + " | " +
                  " | ".join(cell(*t) for t in theirs.values()) + f" | {ratio} |", flush=True)
    print()
    print("| problem | Siconos' error of relcp's r minus relcp's | relcp's error of Siconos' r minus Siconos' "
          "| Siconos' error of its r |")
    print("|---|---:|---:|---:|")
    for name, ours_vs_theirs, theirs_vs_ours, error in checks:
        print(f"| `{name[:-4]}` | {ours_vs_theirs:.1e} | {theirs_vs_ours:.1e} | {error:.1e} |")


if __name__ == "__main__":
    main()
