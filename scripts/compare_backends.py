#!/usr/bin/env python3
"""relcp_sim with collision.backend cuda against cpu on the small configs (docs/gpu.md).

Each case runs twice, `--set collision.backend=cpu` and `=cuda`, on 1 and 2 ranks, and checks:
the same body ids in every snapshot, centres within --position-tolerance, and on both back ends
every step's max_overlap within the collision tolerance (1e-5, +1 %). The two runs are not
bitwise equal: the device's reductions sum in another order, so a solve may stop one iteration
earlier or later, and the difference grows with the steps.

    scripts/compare_backends.py [--relcp-sim BIN] [--mpirun MPIRUN] [--out DIR] [--candidate-set KEY=VALUE ...]

--candidate-set adds settings to the candidate's runs only, e.g.
collision.pair_search_backend=cpu to keep the pair search on the host (backend cuda puts it
on the device by default).

Prints one line per case and exits 0 when every case agrees, 1 otherwise.
"""
import argparse
import csv
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np

CASES = [
    ("compaction_small", "configs/small/compaction_small.yaml", ["--set", "simulation.steps=120"]),
    ("compaction_small_apgd", "configs/small/compaction_small.yaml",
     ["--set", "simulation.steps=120", "--set", "collision.solver=apgd"]),
    ("colony_small", "configs/small/colony_small.yaml", []),
    ("chainmail_small", "configs/small/chainmail_small.yaml", ["--set", "simulation.steps=30"]),
]
OVERLAP_TOLERANCE = 1e-5 * 1.01


def run(args, config, extra, backend, ranks, out, settings=()):
    command = [args.mpirun, "--oversubscribe", "-np", str(ranks), args.relcp_sim, config, "--output", out,
               "--quiet", "--set", f"collision.backend={backend}"] + extra
    for setting in settings:
        command += ["--set", setting]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: exit {result.returncode}: {result.stderr.strip()[-400:]}")


def snapshots(out):
    with h5py.File(os.path.join(out, "relcp.h5"), "r") as f:
        result = {}
        for name in sorted(f["snapshots"]):
            group = f["snapshots"][name]
            order = np.argsort(group["id"][:])
            result[name] = (group["id"][:][order], group["position"][:][order])
        return result


def max_overlaps(out):
    with open(os.path.join(out, "stats.csv")) as f:
        return [float(row["max_overlap"]) for row in csv.DictReader(f)]


def compare(cpu, gpu, tolerance):
    a, b = snapshots(cpu), snapshots(gpu)
    if list(a) != list(b):
        return f"different snapshots: {len(a)} against {len(b)}"
    worst = 0.0
    for name in a:
        if not np.array_equal(a[name][0], b[name][0]):
            return f"snapshot {name}: different body ids ({len(a[name][0])} against {len(b[name][0])})"
        worst = max(worst, float(np.max(np.abs(a[name][1] - b[name][1]), initial=0.0)))
    overlaps = max(max_overlaps(cpu) + [0.0]), max(max_overlaps(gpu) + [0.0])
    verdict = worst <= tolerance and max(overlaps) <= OVERLAP_TOLERANCE
    return ("" if verdict else "DIFFERENT: ") + \
        f"largest centre difference {worst:.3g}, max overlap cpu {overlaps[0]:.3g}, candidate {overlaps[1]:.3g}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relcp-sim", default="build/bin/relcp_sim")
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--out", default=None, help="work directory (default: a temporary one)")
    parser.add_argument("--position-tolerance", type=float, default=1e-3)
    parser.add_argument("--ranks", default="1,2")
    parser.add_argument("--candidate", default="cuda", choices=["cpu", "cuda"],
                        help="the back end compared with cpu (cpu: checks this script)")
    parser.add_argument("--candidate-set", action="append", default=[], metavar="KEY=VALUE",
                        help="a relcp_sim --set setting for the candidate's runs only (repeatable)")
    args = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    work = args.out or tempfile.mkdtemp(prefix="relcp_backends.")
    failed = 0
    for name, config, extra in CASES:
        for ranks in [int(r) for r in args.ranks.split(",")]:
            label = f"{name} np{ranks}"
            try:
                outs = {}
                for side, backend in (("base", "cpu"), ("candidate", args.candidate)):
                    outs[side] = os.path.join(work, f"{name}_np{ranks}_{side}")
                    settings = args.candidate_set if side == "candidate" else ()
                    run(args, config, extra, backend, ranks, outs[side], settings)
                line = compare(outs["base"], outs["candidate"], args.position_tolerance)
            except Exception as error:  # a failed run is a failed case
                line = f"FAILED: {error}"
            failed += line.startswith(("DIFFERENT", "FAILED"))
            print(f"{label}: {line}", flush=True)
    print("ALL AGREE" if failed == 0 else f"{failed} case(s) disagree")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
