#!/usr/bin/env python3
"""relcp's newton_ac against Siconos' solvers on Siconos' FrictionContact3D test problems.

For each file of tests/lcp/data/siconos_fc3d: `relcp_lcp friction FILE --solver newton_ac`
and Siconos' NSGS, PROX and NSN_AC (fc3d_driver, default options but the tolerance and an
iteration cap of 10^5), the fastest of three runs each, from r = 0. Prints a markdown table:
iterations, seconds and Siconos error per solver, and relcp's time over the fastest Siconos
solver that reached the tolerance (docs/friction_lcp.md).

    /usr/bin/python3 scripts/bench_friction_newton.py [--tolerance 1e-8] [--relcp-lcp build/bin/relcp_lcp]

Needs python3-siconos (Debian), which scripts/setup.sh does not install.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

try:
    import siconos.numerics as sn
except ImportError:
    sys.exit("bench_friction_newton.py: needs python3-siconos (apt-get install python3-siconos)")

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "lcp", "data", "siconos_fc3d")
SICONOS = {"NSGS": sn.SICONOS_FRICTION_3D_NSGS, "PROX": sn.SICONOS_FRICTION_3D_PROX,
           "NSN_AC": sn.SICONOS_FRICTION_3D_NSN_AC}


def relcp(binary, path, tolerance):
    best = None
    for _ in range(3):
        out = subprocess.run([binary, "friction", path, "--solver", "newton_ac", "--tolerance", str(tolerance)],
                             capture_output=True, text=True).stdout.splitlines()[0]
        run = json.loads(out)
        if best is None or run["seconds"] < best["seconds"]:
            best = run
    return best["iterations"], best["seconds"], best["residual"], best["status"] == "converged"


def siconos(path, solver, tolerance):
    problem = sn.frictionContact_new_from_filename(path)
    n = 3 * problem.numberOfContacts
    options = sn.SolverOptions(solver)
    options.dparam[sn.SICONOS_DPARAM_TOL] = tolerance
    options.iparam[sn.SICONOS_IPARAM_MAX_ITER] = 100000
    seconds = float("inf")
    for _ in range(3):
        r, u = np.zeros(n), np.zeros(n)
        start = time.perf_counter()
        info = sn.fc3d_driver(problem, r, u, options)
        seconds = min(seconds, time.perf_counter() - start)
    error = sn.fc3d_compute_error(problem, r, u, tolerance, options, np.linalg.norm(problem.q))
    if isinstance(error, (list, tuple)):  # [info, error] in Debian's 4.4 bindings
        error = error[-1]
    return options.iparam[sn.SICONOS_IPARAM_ITER_DONE], seconds, error, info == 0 and error <= tolerance


def cell(iterations, seconds, error, ok):
    time_text = f"{seconds * 1e6:.0f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.1f} ms"
    return f"{iterations}, {time_text}, {error:.1e}" + ("" if ok else " ✗")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tolerance", type=float, default=1e-8)
    parser.add_argument("--relcp-lcp", default="build/bin/relcp_lcp")
    args = parser.parse_args()
    files = sorted(f for f in os.listdir(DATA) if f.endswith(".dat"))
    print(f"| problem | newton_ac | {' | '.join(SICONOS)} | newton_ac / fastest Siconos |")
    print("|---|---|" + "---|" * len(SICONOS) + "---:|")
    for name in files:
        path = os.path.join(DATA, name)
        ours = relcp(args.relcp_lcp, path, args.tolerance)
        theirs = {label: siconos(path, solver, args.tolerance) for label, solver in SICONOS.items()}
        reached = [t[1] for t in theirs.values() if t[3]]
        ratio = f"{ours[1] / min(reached):.2g}" if reached and ours[3] else "-"
        print(f"| `{name[:-4]}` | {cell(*ours)} | " + " | ".join(cell(*t) for t in theirs.values()) + f" | {ratio} |",
              flush=True)


if __name__ == "__main__":
    main()
