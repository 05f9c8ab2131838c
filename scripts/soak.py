#!/usr/bin/python3
"""Soak and size run of relcp_sim (docs/robustness.md, "Soak and size").

Runs a scenario under mpirun for a given wall time, samples the resident memory (VmRSS) of every
rank every few seconds together with the step reached, then stops the run with SIGUSR1 (it
finishes its step, writes a checkpoint and exits with 4) and reports per rank: the peak, the
memory after the warm-up, the growth after it (MiB per hour, from a least-squares line through
the samples after the warm-up) and the bytes per body.

Usage: scripts/soak.py [--scenario configs/compaction.yaml] [--bodies 100000] [--ranks 2]
                       [--minutes 30] [--sample-every 5] [--warmup-fraction 0.2]
                       [--set KEY.PATH=VALUE ...] [--csv FILE] [--build-dir build]
--bodies rescales the first generator of the scenario (count and region, same density).
"""

import argparse
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def rank_pids(mpirun_pid):
    """PIDs of the relcp_sim processes below mpirun."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/comm") as f:
                name = f.read().strip()
        except OSError:
            continue
        if int(fields[1]) == mpirun_pid and name.startswith("relcp_sim"):
            found.append(int(entry))
    return sorted(found)


def status_kib(pid, key):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def last_step(stats_path):
    try:
        with open(stats_path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 4096))
            lines = f.read().decode(errors="replace").strip().splitlines()
        step, _, rest = lines[-1].partition(",")
        bodies = int(rest.split(",")[1])
        return int(step), bodies
    except (OSError, ValueError, IndexError):
        return None, None


def slope_per_hour(times, values):
    n = len(times)
    if n < 2:
        return 0.0
    mean_t = sum(times) / n
    mean_v = sum(values) / n
    var = sum((t - mean_t) ** 2 for t in times)
    if var == 0:
        return 0.0
    return 3600.0 * sum((t - mean_t) * (v - mean_v) for t, v in zip(times, values)) / var


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", default=os.path.join(REPO, "configs", "compaction.yaml"))
    parser.add_argument("--bodies", type=int, default=100000)
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--sample-every", type=float, default=5.0)
    parser.add_argument("--warmup-fraction", type=float, default=0.2)
    parser.add_argument("--set", dest="sets", action="append", default=[])
    parser.add_argument("--csv", help="write the samples here")
    parser.add_argument("--output", help="relcp_sim output directory (default: a temporary one)")
    parser.add_argument("--build-dir", default=os.path.join(REPO, "build"))
    parser.add_argument("--mpirun", default="mpirun")
    args = parser.parse_args(argv)

    sim = os.path.join(args.build_dir, "bin", "relcp_sim")
    if not os.access(sim, os.X_OK):
        print(f"soak: {sim}: no relcp_sim executable", file=sys.stderr)
        return 2
    output = args.output or tempfile.mkdtemp(prefix="relcp_soak_")
    sets = list(args.sets)
    if args.bodies:
        scale = (args.bodies / 10000.0) ** (1.0 / 3.0)
        half = 161.2 * scale
        sets += [f"generators[0].count={args.bodies}",
                 f"generators[0].region.lower=[{-half:.4f},{-half:.4f},{-half:.4f}]",
                 f"generators[0].region.upper=[{half:.4f},{half:.4f},{half:.4f}]"]
    cmd = [args.mpirun, "-np", str(args.ranks), sim, args.scenario, "--output", output, "--quiet"]
    for assignment in sets:
        cmd += ["--set", assignment]
    env = dict(os.environ)
    for key, value in (("OMPI_ALLOW_RUN_AS_ROOT", "1"), ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                       ("OMPI_MCA_rmaps_base_oversubscribe", "1"), ("OMP_NUM_THREADS", "1")):
        env.setdefault(key, value)
    print("soak:", " ".join(cmd), flush=True)
    began = time.monotonic()
    proc = subprocess.Popen(cmd, env=env)
    samples = []
    pids = []
    deadline = began + 60.0 * args.minutes
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if len(pids) < args.ranks:
                pids = rank_pids(proc.pid)
            step, bodies = last_step(os.path.join(output, "stats.csv"))
            rss = [status_kib(pid, "VmRSS") for pid in pids]
            if pids and all(r is not None for r in rss):
                samples.append((time.monotonic() - began, step, bodies, rss))
                print(f"  {samples[-1][0]:7.0f} s  step {step}  RSS MiB "
                      f"{' '.join(f'{r / 1024:.0f}' for r in rss)}", flush=True)
            time.sleep(args.sample_every)
        peaks = [status_kib(pid, "VmHWM") for pid in pids]
        if proc.poll() is None:
            proc.send_signal(signal.SIGUSR1)  # finish the step, checkpoint, exit 4
        code = proc.wait()
    except KeyboardInterrupt:
        proc.kill()
        raise
    print(f"soak: relcp_sim exited with {code} after {time.monotonic() - began:.0f} s")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            writer = csv.writer(f)
            writer.writerow(["seconds", "step", "bodies"] + [f"rss_mib_rank{r}" for r in range(len(pids))])
            for t, step, bodies, rss in samples:
                writer.writerow([f"{t:.1f}", step, bodies] + [f"{r / 1024:.1f}" for r in rss])
    if len(samples) < 4:
        print("soak: too few samples")
        return 1
    warm = samples[int(args.warmup_fraction * len(samples)):]
    bodies = next((b for _, _, b, _ in reversed(samples) if b), args.bodies)
    print(f"soak: {len(samples)} samples, steps {samples[0][1]}..{samples[-1][1]}, {bodies} bodies")
    for r in range(len(pids)):
        times = [t for t, _, _, _ in warm]
        values = [rss[r] / 1024 for _, _, _, rss in warm]
        peak = (peaks[r] or max(rss[r] for _, _, _, rss in samples)) / 1024
        per_body = peak * 1024 * 1024 / (bodies / len(pids))
        print(f"  rank {r}: peak {peak:.0f} MiB, after warm-up {values[0]:.0f} -> {values[-1]:.0f} MiB, "
              f"growth {slope_per_hour(times, values):+.1f} MiB/h, {per_body:.0f} bytes per body (peak)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
