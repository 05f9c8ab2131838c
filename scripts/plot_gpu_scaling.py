#!/usr/bin/env python3
"""The contact step on the GPU against the CPU cores, and its strong and weak scaling, from the
results of scripts/gpu_check.sh (steps contact, contact_bbpgd, scaling):

    /usr/bin/python3 scripts/plot_gpu_scaling.py RESULTS_DIR [--out docs/figures/gpu_scaling.png]

RESULTS_DIR holds contact.json and scaling.json (one contact_step_scaling JSON object a line, with
gpu_check's "label": gpu_apgd, cpu16_apgd, ..., strong_100k, weak_10k) and colony_scaling.csv
(the colony restart's stats.csv rows with a leading ranks column). A missing file leaves its
panels and tables out.

Time per contact step is contact_step_scaling's mean "resolve_seconds" (wall, slowest rank) over
the timed steps. For the colony it is the median `seconds` of the steps after the first: the
checkpoint carries no contact state, so the first step after the restart starts ReLCP cold and is
reported apart. Speedup S(R) = T(1) / T(R), parallel efficiency S(R) / R; weak scaling (R copies
of the 10^4 packing on R ranks) efficiency T(1) / T(R). Prints the markdown tables on stdout.
"""
import argparse
import csv
import json
import os
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

PARTS = ("detection_seconds", "assembly_seconds", "solve_seconds")
PART_LABELS = ("detection", "assembly", "solve")


def read_json_lines(path):
    """The objects of a JSON-lines file; [] when it is missing. Skips lines that do not parse."""
    if not os.path.exists(path):
        print(f"plot_gpu_scaling: {path} missing", file=sys.stderr)
        return []
    runs = []
    with open(path) as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                runs.append(json.loads(line))
            except json.JSONDecodeError as error:
                print(f"plot_gpu_scaling: {path}:{number}: {error.msg}; line skipped", file=sys.stderr)
    return runs


def read_colony(path):
    """{ranks: [(step, seconds), ...]} from colony_scaling.csv; {} when it is missing."""
    if not os.path.exists(path):
        print(f"plot_gpu_scaling: {path} missing", file=sys.stderr)
        return {}
    steps = {}
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            steps.setdefault(int(row["ranks"]), []).append((int(row["step"]), float(row["seconds"])))
    return {ranks: sorted(rows) for ranks, rows in steps.items()}


def by_ranks(runs, label):
    """{ranks: run} of one series; a later run of the same rank count replaces an earlier one."""
    series = {}
    for run in runs:
        if run.get("label") == label:
            series[int(run["ranks"])] = run
    return dict(sorted(series.items()))


def step_seconds(run):
    return float(run["mean"]["resolve_seconds"])


def fmt(value, digits=3):
    if value is None:
        return "-"
    return f"{value:.{digits}g}" if abs(value) < 1000 else f"{value:,.0f}"


def scaling_rows(times):
    """[(ranks, T, speedup, efficiency)] against the one-rank time (or the fewest ranks, scaled)."""
    if not times:
        return []
    base_ranks = min(times)
    base = times[base_ranks] * base_ranks  # T(1) when base_ranks is 1
    return [(r, t, base / t, base / t / r) for r, t in sorted(times.items())]


def table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def contact_table(contact, strong):
    one_rank = strong.get(1)
    rows = []
    for run in contact:
        mean = run["mean"]
        t = step_seconds(run)
        versus_one = (f"{step_seconds(one_rank) / t:.2g}x" if one_rank and one_rank.get("solver") == run.get("solver")
                      and one_rank.get("bodies") == run.get("bodies") else "-")
        rows.append([run.get("label", "-"), run.get("backend", "cpu"), run["solver"], run["ranks"],
                     f"{run['bodies']:,}", fmt(mean["detection_seconds"]), fmt(mean["assembly_seconds"]),
                     fmt(mean["solve_seconds"]), f"**{fmt(t)}**", fmt(mean["resolve_cpu_seconds"]),
                     fmt(mean["solver_iterations"]), fmt(mean["relcp_iterations"], 2), versus_one])
    return table(["run", "backend", "solver", "ranks", "bodies", "detection s", "assembly s", "solve s",
                  "step s", "step CPU s (busiest rank)", "solver it.", "ReLCP it.", "1 CPU rank / this"], rows)


def gpu_against_cpu(contact):
    """Per solver and body count: the one-rank GPU runs against the CPU run on the most ranks."""
    lines = []
    for solver, bodies in sorted({(run["solver"], run["bodies"]) for run in contact}):
        same = [r for r in contact if r["solver"] == solver and r["bodies"] == bodies]
        gpu = [r for r in same if r.get("backend") == "cuda" and int(r["ranks"]) == 1]
        cpu = [r for r in same if r.get("backend", "cpu") == "cpu"]
        if not (gpu and cpu):
            continue
        best = max(cpu, key=lambda r: int(r["ranks"]))
        step = statistics.mean(step_seconds(r) for r in gpu)
        solve = statistics.mean(r["mean"]["solve_seconds"] for r in gpu)
        lines.append(f"- {solver}, {bodies:,} bodies: GPU (1 rank) {fmt(step)} s per step, {fmt(solve)} s of it "
                     f"solving; {best['ranks']} CPU ranks {fmt(step_seconds(best))} s, "
                     f"{fmt(best['mean']['solve_seconds'])} s solving. Step: the GPU run is "
                     f"{step_seconds(best) / step:.2g}x as fast; solve: {best['mean']['solve_seconds'] / solve:.2g}x.")
    return "\n".join(lines)


def legend(axis):
    if axis.get_legend_handles_labels()[0]:
        axis.legend(fontsize=8)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="directory with contact.json, scaling.json, colony_scaling.csv")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                                      "docs", "figures", "gpu_scaling.png"))
    args = parser.parse_args()

    contact = read_json_lines(os.path.join(args.results, "contact.json"))
    scaling = read_json_lines(os.path.join(args.results, "scaling.json"))
    colony = read_colony(os.path.join(args.results, "colony_scaling.csv"))
    strong = by_ranks(scaling, "strong_100k")
    weak = by_ranks(scaling, "weak_10k")
    if not (contact or scaling or colony):
        sys.exit("plot_gpu_scaling: no results in " + args.results)

    strong_rows = scaling_rows({r: step_seconds(run) for r, run in strong.items()})
    weak_times = {r: step_seconds(run) for r, run in weak.items()}
    weak_base = weak_times.get(min(weak_times)) if weak_times else None
    colony_warm = {r: statistics.median(s for _, s in rows[1:]) for r, rows in colony.items() if len(rows) > 1}
    colony_rows = scaling_rows(colony_warm)

    # Tables.
    if contact:
        print("### Contact step: GPU against the CPU cores\n")
        print(contact_table(contact, strong))
        print()
        print(gpu_against_cpu(contact))
        print()
    if strong_rows:
        bodies = next(iter(strong.values()))["bodies"]
        print(f"### Strong scaling, {bodies:,} ellipsoids (cpu, {next(iter(strong.values()))['solver']})\n")
        print(table(["ranks", "step s", "speedup", "efficiency", "detection s", "assembly s", "solve s",
                     "solver it.", "constraints"],
                    [[r, fmt(t), fmt(s), f"{e:.0%}", fmt(strong[r]["mean"]["detection_seconds"]),
                      fmt(strong[r]["mean"]["assembly_seconds"]), fmt(strong[r]["mean"]["solve_seconds"]),
                      fmt(strong[r]["mean"]["solver_iterations"]), f"{strong[r]['mean']['constraints']:,.0f}"]
                     for r, t, s, e in strong_rows]))
        print()
    if weak_times:
        print("### Weak scaling, R copies of the 10^4 packing on R ranks\n")
        print(table(["ranks", "bodies", "step s", "efficiency T(1)/T(R)", "solver it."],
                    [[r, f"{weak[r]['bodies']:,}", fmt(t), f"{weak_base / t:.0%}",
                      fmt(weak[r]["mean"]["solver_iterations"])] for r, t in weak_times.items()]))
        print()
    if colony:
        print("### Colony restart (4,096 cells), seconds per step\n")
        rows = []
        for r, rows_of_r in sorted(colony.items()):
            found = [row for row in colony_rows if row[0] == r]
            _, t, s, e = found[0] if found else (r, None, None, None)
            rows.append([r, len(rows_of_r), fmt(rows_of_r[0][1]), fmt(t), fmt(s),
                         f"{e:.0%}" if e is not None else "-"])
        print(table(["ranks", "steps", "first step s (cold)", "later steps s (median)", "speedup", "efficiency"],
                    rows))
        print()

    # Figure: time per step, speedup, efficiency, and where a step's time goes.
    figure, axes = plt.subplots(2, 2, figsize=(12, 9))
    time_axis, speedup_axis, efficiency_axis, parts_axis = axes.flat
    all_ranks = sorted(set(strong) | set(weak) | set(colony)) or [1]
    if strong_rows:
        time_axis.plot([r for r, *_ in strong_rows], [t for _, t, *_ in strong_rows], "o-",
                       label="10^5 packing, CPU ranks")
        ideal = strong_rows[0][1] * strong_rows[0][0]
        time_axis.plot(all_ranks, [ideal / r for r in all_ranks], ":", color="grey", label="ideal")
    if colony_rows:
        time_axis.plot([r for r, *_ in colony_rows], [t for _, t, *_ in colony_rows], "s-",
                       label="colony 4,096 cells (whole step, median), CPU ranks")
    one_rank_gpu = [r for r in contact if r.get("backend") == "cuda" and int(r["ranks"]) == 1
                    and strong.get(1) and r["bodies"] == strong[1]["bodies"]]
    for run, style in zip(one_rank_gpu, ("--", "-.", ":", "--")):
        time_axis.axhline(step_seconds(run), linestyle=style, color="tab:green", linewidth=1.2,
                          label=f"GPU, 1 rank ({run.get('label', run['solver'])})")
    time_axis.set(xscale="log", yscale="log", xlabel="MPI ranks", ylabel="seconds per contact step",
                  title="Time per step")
    time_axis.set_xticks(all_ranks, [str(r) for r in all_ranks])
    legend(time_axis)

    for rows, marker, name in ((strong_rows, "o-", "10^5 packing"), (colony_rows, "s-", "colony")):
        if rows:
            speedup_axis.plot([r for r, *_ in rows], [s for _, _, s, _ in rows], marker, label=name)
            efficiency_axis.plot([r for r, *_ in rows], [e for *_, e in rows], marker, label=f"strong, {name}")
    if weak_times:
        efficiency_axis.plot(list(weak_times), [weak_base / t for t in weak_times.values()], "^-",
                             label="weak, 10^4 per rank")
    speedup_axis.plot(all_ranks, all_ranks, ":", color="grey", label="ideal")
    if contact and strong.get(1):
        for run in (r for r in one_rank_gpu if r["solver"] == strong[1]["solver"]):
            speedup_axis.axhline(step_seconds(strong[1]) / step_seconds(run), color="tab:green", linestyle="--",
                                 linewidth=1.2, label=f"GPU ({run.get('label')}) against 1 CPU rank")
    speedup_axis.set(xscale="log", yscale="log", xlabel="MPI ranks", ylabel="speedup T(1) / T(R)",
                     title="Strong scaling: speedup")
    speedup_axis.set_xticks(all_ranks, [str(r) for r in all_ranks])
    legend(speedup_axis)
    efficiency_axis.axhline(1.0, color="grey", linestyle=":")
    efficiency_axis.set(xscale="log", xlabel="MPI ranks", ylabel="parallel efficiency", ylim=(0, 1.2),
                        title="Parallel efficiency")
    efficiency_axis.set_xticks(all_ranks, [str(r) for r in all_ranks])
    legend(efficiency_axis)

    # The 10^5 runs, one per label (the first), and one CPU rank for reference.
    bars = [run for run in contact if run["bodies"] == 100000]
    bars = [run for k, run in enumerate(bars) if run.get("label") not in {r.get("label") for r in bars[:k]}]
    if strong.get(1):
        bars.insert(0, dict(strong[1], label="cpu1_" + strong[1]["solver"]))
    names = [run.get("label", "?").replace("_", " ").replace("gpu shared by", "GPU shared by\n") for run in bars]
    bottom = [0.0] * len(bars)
    for part, part_label in zip(PARTS, PART_LABELS):
        heights = [run["mean"][part] for run in bars]
        parts_axis.bar(names, heights, bottom=bottom, label=part_label)
        bottom = [b + h for b, h in zip(bottom, heights)]
    parts_axis.set(ylabel="seconds per step (slowest rank)", title="Where a 10^5 contact step goes")
    parts_axis.tick_params(axis="x", labelsize=7, labelrotation=35)
    legend(parts_axis)

    figure.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    figure.savefig(args.out, dpi=110)
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
