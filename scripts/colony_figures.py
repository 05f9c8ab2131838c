#!/usr/bin/env python3
"""Growing bacterial colony (Palmer et al. 2025, Sec. 4.3, Fig. 5 b-c and Table 3) from the
runs of scripts/bench_colony.sh.

    python3 scripts/colony_figures.py RUNS... [--out DIR] [--window 10]

RUNS are run directories (stats.csv, run.json: relcp and msK) or directories holding them.
Writes into DIR (default: the parent of the first RUNS):

  fig5bc.png   (b) speedup of the contact work, (detection + assembly + solve seconds of MS-k) /
               (the same of ReLCP) at common times, as the ratio of WINDOW-step trailing sums
               (WINDOW 1: step by step), and (c) the constraint count against time; log y.
  table3.json  per method, mean +- std (population std) over steps:
                 constraint_ratio: constraints MS-k / ReLCP at the times both runs reached and
                   where both have constraints > 0 (ReLCP: 1 +- 0);
                 time_per_constraint_us: (detection + assembly + solve seconds) / constraints
                   x 1e6 over the run's own steps with constraints > 0;
               plus the end time, the cell count at the end and whether the wall-time cap
               stopped the run.
  table3.md    the same as a markdown table in the paper's layout.

The paper ran 2 MPI ranks x 32 threads; only ratios and counts are comparable across machines.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats_tools as st  # noqa: E402  (reports missing numpy / matplotlib / h5py)
import numpy as np  # noqa: E402

SCRIPT = "colony_figures.py"


def table(runs, reference):
    rows = {}
    for run in runs:
        s = run.stats
        busy = s.constraints > 0
        per_constraint = s.contact_seconds()[busy] / s.constraints[busy] * 1e6
        if run.is_relcp:
            ratio = {"mean": 1.0, "std": 0.0, "samples": int(busy.sum())}
        else:
            ia, ib = st.common_rows(s, reference.stats)
            both = (s.constraints[ia] > 0) & (reference.stats.constraints[ib] > 0)
            ratio = st.mean_std(s.constraints[ia][both] / reference.stats.constraints[ib][both])
        rows[run.name] = {
            "label": run.label,
            "strategy": run.strategy,
            "multisphere_count": run.count,
            "terminated_early": run.terminated_early,
            "end_time": run.end_time,
            "final_bodies": int(s.bodies[-1]),
            "final_constraints": int(s.constraints[-1]),
            "constraint_ratio": ratio,
            "time_per_constraint_us": st.mean_std(per_constraint),
            "contact_seconds_total": float(s.contact_seconds().sum()),
        }
    return rows


def markdown(rows):
    def order(item):
        row = item[1]
        return (row["strategy"] == "relcp", -(row["multisphere_count"] or 0))

    lines = ["| method | ratio of # constraints vs ReLCP | compute time per constraint (us) | end time | cells |",
             "|---|---|---|---|---|"]
    for _, row in sorted(rows.items(), key=order):
        ratio, cost = row["constraint_ratio"], row["time_per_constraint_us"]
        note = " (terminated early)" if row["terminated_early"] else ""
        lines.append("| %s%s | %s +- %s | %s +- %s | %.4g | %d |" % (
            row["label"], note, st.fmt(ratio["mean"]), st.fmt(ratio["std"]), st.fmt(cost["mean"]),
            st.fmt(cost["std"]), row["end_time"], row["final_bodies"]))
    return "\n".join(lines) + "\n"


def figure(runs, reference, window, path):
    plt = st.matplotlib_pyplot()
    colors = st.run_colors(runs)
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    left.axhline(1.0, color="black", lw=1.2, label="ReLCP")
    for run in runs:
        if run.is_relcp:
            continue
        ia, ib = st.common_rows(run.stats, reference.stats)
        if ia.size == 0:
            continue
        speedup = st.rolling_ratio(run.stats.contact_seconds()[ia],
                                   reference.stats.contact_seconds()[ib], window)
        speedup[reference.stats.constraints[ib] == 0] = np.nan  # no contact work to compare
        left.plot(run.stats.time[ia], speedup, color=colors[run.name], lw=1.0, label=run.legend())
    left.set_yscale("log")
    st.plain_log_ticks(left)
    left.set_xlabel("time")
    left.set_ylabel("speedup of ReLCP (MS contact seconds / ReLCP)")
    smoothing = "per step" if window <= 1 else "%d-step rolling sums" % window
    left.set_title("(b) constraint generation + collision resolution, %s" % smoothing, fontsize=10)
    left.grid(True, which="both", alpha=0.3)
    left.legend(fontsize=8)
    for run in runs:
        c = run.stats.constraints
        right.plot(run.stats.time, np.where(c > 0, c, np.nan), color=colors[run.name], lw=1.0,
                   label=run.legend())
    st.finish_constraint_axis(right, "(c) number of constraints")
    fig.suptitle("Growing colony: %d cells at t = %.4g (ReLCP)" % (reference.stats.bodies[-1],
                                                                  reference.end_time))
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


def main():
    parser = st.script_parser(__doc__, "run directories, or directories holding them (RUNS/<relcp|msK>/)")
    parser.add_argument("--window", type=int, default=10,
                        help="trailing window of the speedup in steps (default 10; 1: none)")
    args = parser.parse_args()
    out = args.out or st.default_out(args.runs)
    runs = st.collect_runs(args.runs, SCRIPT)
    if not runs:
        sys.exit("%s: no runs (directories with stats.csv) in %s" % (SCRIPT, " ".join(args.runs)))
    st.warn_if_mixed(runs, SCRIPT)
    reference = st.reference_run(runs, SCRIPT)
    rows = table(runs, reference)
    os.makedirs(out, exist_ok=True)
    notes = {
        "constraint_ratio": "constraints of the method / ReLCP's at the times both reached, over "
                            "the steps where both have constraints; mean and population std",
        "time_per_constraint_us": "(detection + assembly + solve seconds) / constraints x 1e6 over "
                                  "the run's steps with constraints > 0; mean and population std",
        "terminated_early": "the run was stopped by the wall-time cap (CAP_SECONDS)",
    }
    st.write_json(os.path.join(out, "table3.json"), {"notes": notes, "methods": rows})
    text = markdown(rows)
    with open(os.path.join(out, "table3.md"), "w") as handle:
        handle.write(text)
    figure(runs, reference, args.window, os.path.join(out, "fig5bc.png"))
    print(text, end="")
    for name in ("table3.json", "table3.md", "fig5bc.png"):
        print("%s: wrote %s" % (SCRIPT, os.path.join(out, name)))


if __name__ == "__main__":
    main()
