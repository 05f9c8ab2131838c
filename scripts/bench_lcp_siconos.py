#!/usr/bin/python3
"""Side-by-side timing of relcp and Siconos numerics on one dense SPD LCP.

The problem is Erleben's make_pd_matrix(n) with the corrected make_lcp (seed 1 by default),
written by `relcp_lcp generate pd` to a Siconos .dat file. Siconos reads that same file with its
own reader (linearComplementarity_newFromFilename), so both libraries solve identical data.
Only the solve is timed on both sides: Siconos' linearComplementarity_driver call, and relcp's
"seconds" field (solve time only). Each solve is repeated and the median is reported.

Siconos comes from Debian's python3-siconos (apt-get install python3-siconos), which installs
into Debian's /usr/bin/python3; it is a measurement tool only, not a relcp dependency.

Usage: scripts/bench_lcp_siconos.py [--relcp build/bin/relcp_lcp] [--size 250] [--seed 1]
                                    [--repeats 7] [--json results/lcp_siconos.json]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

# Single-threaded on both sides (relcp_lcp gets OMP_NUM_THREADS=1 below); must precede numpy.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

try:
    import siconos.numerics as sn  # noqa: E402
except ImportError:
    sys.exit("bench_lcp_siconos: siconos.numerics not found; apt-get install python3-siconos "
             "and run this script with Debian's /usr/bin/python3")


def natural_residual(M, q, z):
    return float(np.max(np.abs(np.minimum(z, M @ z + q))))


def run_siconos(lcp, solver_id, repeats):
    M, q = np.asarray(lcp.M), np.asarray(lcp.q)
    times, result = [], None
    for _ in range(repeats):
        options = sn.SolverOptions(solver_id)
        if solver_id == sn.SICONOS_LCP_NEWTON_FB_FBLSA:
            options.dparam[sn.SICONOS_DPARAM_TOL] = 1e-10
        z, w = np.zeros(lcp.size), np.zeros(lcp.size)
        start = time.perf_counter()
        info = sn.linearComplementarity_driver(lcp, z, w, options)
        times.append(time.perf_counter() - start)
        result = {"status": "converged" if info == 0 else "info %d" % info,
                  "iterations": int(options.iparam[sn.SICONOS_IPARAM_ITER_DONE]),
                  "residual": natural_residual(M, q, z)}
    result["seconds"] = statistics.median(times)
    return result


def run_relcp(relcp, dat_file, solver, repeats):
    times, report = [], None
    for _ in range(repeats):
        completed = subprocess.run([relcp, "solve", dat_file, "--solver", solver, "--tol", "1e-10"],
                                   capture_output=True, text=True, check=False,
                                   env=os.environ)
        if completed.returncode not in (0, 3):
            sys.exit("bench_lcp_siconos: relcp_lcp failed: " + completed.stderr.strip())
        report = json.loads(completed.stdout)
        times.append(report["seconds"])
    return {"status": report["status"], "iterations": report["iterations"],
            "residual": report["residual"], "seconds": statistics.median(times)}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relcp", default=os.path.join(root, "build", "bin", "relcp_lcp"))
    parser.add_argument("--size", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", default=None, help="also write the table as JSON here")
    arguments = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        dat_file = os.path.join(scratch, "pd%d.dat" % arguments.size)
        subprocess.run([arguments.relcp, "generate", "pd", "--size", str(arguments.size),
                        "--seed", str(arguments.seed), "--out", dat_file], check=True, capture_output=True)
        lcp = sn.LCP(np.eye(1), np.zeros(1))
        sn.linearComplementarity_newFromFilename(lcp, dat_file)
        rows = [
            ("Lemke", run_relcp(arguments.relcp, dat_file, "lemke", arguments.repeats),
             run_siconos(lcp, sn.SICONOS_LCP_LEMKE, arguments.repeats)),
            ("Fischer-Newton", run_relcp(arguments.relcp, dat_file, "fischer", arguments.repeats),
             run_siconos(lcp, sn.SICONOS_LCP_NEWTON_FB_FBLSA, arguments.repeats)),
        ]

    print("dense SPD LCP, n = %d (make_pd_matrix, seed %d), median of %d solves"
          % (arguments.size, arguments.seed, arguments.repeats))
    header = "%-15s | %-28s | %-28s" % ("method", "relcp (iter, ms, residual)", "Siconos (iter, ms, residual)")
    print(header)
    print("-" * len(header))
    for method, ours, theirs in rows:
        cell = lambda r: "%5d %9.3f %10.2e%s" % (r["iterations"], 1e3 * r["seconds"], r["residual"] or 0.0,
                                                  "" if r["status"] == "converged" else " " + r["status"])
        print("%-15s | %-28s | %-28s" % (method, cell(ours), cell(theirs)))
    print("relcp Lemke = lemke; Siconos Lemke = SICONOS_LCP_LEMKE (lexicographic Lemke);")
    print("relcp Fischer-Newton = fischer (perturbation Jacobian); Siconos = SICONOS_LCP_NEWTON_FB_FBLSA")
    if arguments.json:
        os.makedirs(os.path.dirname(os.path.abspath(arguments.json)), exist_ok=True)
        with open(arguments.json, "w") as out:
            json.dump([{"method": m, "relcp": a, "siconos": b} for m, a, b in rows], out, indent=2)


if __name__ == "__main__":
    main()
