#!/usr/bin/env python3
"""Compacting ellipsoid suspension (Palmer et al. 2025, Sec. 4.2, Fig. 4 a-d and Table 2) from
the runs of scripts/bench_compaction.sh.

    python3 scripts/compaction_figures.py RUNS... [--out DIR] [--window 100]

RUNS are run directories (stats.csv, run.json) or directories holding them up to two levels
down (the bench script uses RUNS/dt_<dt>/<relcp|msK>/). Runs are grouped by their time step;
every group needs a ReLCP run. Writes into DIR (default: the parent of the first RUNS):

  table2.json  per dt and method: the final constraint count (last step of the run), constraints
               per body, and the ReLCP speedup = (sum of the step seconds of the method) / (sum
               of the ReLCP step seconds) over the time range both runs covered. A run stopped by
               the wall-time cap (terminated_early) is compared on the range it reached. Also the
               speedup over the last WINDOW common steps (the right end of Fig. 4 a/c) and the
               speedup of the contact work alone (detection + assembly + solve).
  table2.md    the same as a markdown table in the paper's layout
  fig4.png     per dt a row of two panels: runtime of each MS-k relative to ReLCP (ratio of
               WINDOW-step trailing means of the step seconds) against time, and the constraint
               count against time; log y.

The paper ran 2 MPI ranks x 32 threads; only ratios and counts are comparable across machines.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats_tools as st  # noqa: E402  (reports missing numpy / matplotlib / h5py)
import numpy as np  # noqa: E402

SCRIPT = "compaction_figures.py"


def group_by_dt(runs):
    groups = {}
    for run in runs:
        key = "%.6g" % run.dt
        groups.setdefault(key, []).append(run)
    for members in groups.values():
        members.sort(key=st.Run.sort_key)
    return dict(sorted(groups.items(), key=lambda item: float(item[0])))


def compare(run, reference, window):
    """Speedups of `reference` (ReLCP) over `run` on their common times."""
    ia, ib = st.common_rows(run.stats, reference.stats)
    entry = {"common_steps": int(ia.size)}
    if ia.size == 0:
        return entry
    a, b = run.stats, reference.stats
    seconds_run, seconds_ref = a.seconds[ia].sum(), b.seconds[ib].sum()
    contact_run, contact_ref = a.contact_seconds()[ia].sum(), b.contact_seconds()[ib].sum()
    tail = slice(max(ia.size - window, 0), ia.size)
    entry.update({
        "common_end_time": float(a.time[ia[-1]]),
        "seconds_common": float(seconds_run),
        "relcp_seconds_common": float(seconds_ref),
        "speedup": float(seconds_run / seconds_ref) if seconds_ref > 0 else None,
        "speedup_last_window": (float(a.seconds[ia[tail]].sum() / b.seconds[ib[tail]].sum())
                                if b.seconds[ib[tail]].sum() > 0 else None),
        "contact_speedup": float(contact_run / contact_ref) if contact_ref > 0 else None,
        "constraints_at_common_end": int(a.constraints[ia[-1]]),
        "relcp_constraints_at_common_end": int(b.constraints[ib[-1]]),
    })
    return entry


def table(groups, window):
    result = {
        "notes": {
            "final_constraints": "constraints of the run's last step",
            "speedup": "sum of the method's step seconds / sum of ReLCP's over the steps both ran",
            "speedup_last_window": "the same over the last window_steps common steps",
            "contact_speedup": "as speedup with detection + assembly + solve seconds only",
            "terminated_early": "the run was stopped by the wall-time cap (CAP_SECONDS)",
        },
        "window_steps": window,
        "dt": {},
    }
    for dt, runs in groups.items():
        reference = st.reference_run(runs, SCRIPT)
        rows = {}
        for run in runs:
            s = run.stats
            row = {
                "label": run.label,
                "strategy": run.strategy,
                "multisphere_count": run.count,
                "terminated_early": run.terminated_early,
                "steps": int(s.step[-1]),
                "end_time": run.end_time,
                "bodies": int(s.bodies[-1]),
                "final_constraints": int(s.constraints[-1]),
                "constraints_per_body": float(s.constraints[-1] / max(s.bodies[-1], 1)),
                "total_seconds": float(s.seconds.sum()),
            }
            if run.is_relcp:
                row.update({"speedup": 1.0, "speedup_last_window": 1.0, "contact_speedup": 1.0})
            else:
                row.update(compare(run, reference, window))
            rows[run.name] = row
        result["dt"][dt] = rows
    return result


def markdown(result):
    dts = list(result["dt"])
    names = []
    for rows in result["dt"].values():
        for name in rows:
            if name not in names:
                names.append(name)
    # the paper's order: highest sphere count first, ReLCP last
    def order(name):
        for rows in result["dt"].values():
            if name in rows:
                row = rows[name]
                return (row["strategy"] == "relcp", -(row["multisphere_count"] or 0))
        return (True, 0)
    names.sort(key=order)
    header = "| method | " + " | ".join("dt = %s: constraints | dt = %s: ReLCP speedup" % (dt, dt)
                                       for dt in dts) + " |"
    lines = [header, "|---|" + "---|---|" * len(dts)]
    for name in names:
        label = None
        cells = []
        for dt in dts:
            row = result["dt"][dt].get(name)
            if row is None:
                cells += ["-", "-"]
                continue
            label = row["label"]
            note = " (to t = %.4g)" % row["end_time"] if row["terminated_early"] else ""
            cells += [st.fmt_count(row["final_constraints"]) + note, st.fmt(row.get("speedup"), 3)]
        lines.append("| %s | %s |" % (label, " | ".join(cells)))
    return "\n".join(lines) + "\n"


def figure(groups, window, path):
    plt = st.matplotlib_pyplot()
    rows = len(groups)
    fig, axes = plt.subplots(rows, 2, figsize=(12, 4.2 * rows), squeeze=False)
    letters = iter("abcdefghijklmnop")
    for row, (dt, runs) in enumerate(groups.items()):
        reference = st.reference_run(runs, SCRIPT)
        colors = st.run_colors(runs)
        left, right = axes[row]
        left.axhline(1.0, color="black", lw=1.2, label="ReLCP")
        for run in runs:
            if run.is_relcp:
                continue
            ia, ib = st.common_rows(run.stats, reference.stats)
            if ia.size == 0:
                continue
            ratio = st.rolling_ratio(run.stats.seconds[ia], reference.stats.seconds[ib], window)
            left.plot(run.stats.time[ia], ratio, color=colors[run.name], lw=1.2, label=run.legend())
        left.set_yscale("log")
        st.plain_log_ticks(left)
        left.set_xlabel("time")
        left.set_ylabel("runtime relative to ReLCP")
        left.set_title("(%s) dt = %s: step time / ReLCP step time (%d-step rolling mean)"
                       % (next(letters), dt, window), fontsize=10)
        left.grid(True, which="both", alpha=0.3)
        left.legend(fontsize=8)
        for run in runs:
            c = run.stats.constraints
            right.plot(run.stats.time, np.where(c > 0, c, np.nan), color=colors[run.name], lw=1.2,
                       label=run.legend())
        st.finish_constraint_axis(right, "(%s) dt = %s: number of constraints" % (next(letters), dt))
    bodies = max(int(r.stats.bodies[-1]) for runs in groups.values() for r in runs)
    fig.suptitle("Compacting ellipsoid suspension, %d bodies" % bodies)
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)


def main():
    parser = st.script_parser(
        __doc__, "run directories, or directories holding them up to two levels down (RUNS/dt_<dt>/<name>/)")
    parser.add_argument("--window", type=int, default=100, help="rolling window in steps (default 100)")
    args = parser.parse_args()
    out = args.out or st.default_out(args.runs)
    runs = st.collect_runs(args.runs, SCRIPT, depth=2)
    if not runs:
        sys.exit("%s: no runs (directories with stats.csv) in %s" % (SCRIPT, " ".join(args.runs)))
    groups = group_by_dt(runs)
    for members in groups.values():
        st.warn_if_mixed(members, SCRIPT)
    result = table(groups, args.window)
    os.makedirs(out, exist_ok=True)
    st.write_json(os.path.join(out, "table2.json"), result)
    text = markdown(result)
    with open(os.path.join(out, "table2.md"), "w") as handle:
        handle.write(text)
    figure(groups, args.window, os.path.join(out, "fig4.png"))
    print(text, end="")
    for name in ("table2.json", "table2.md", "fig4.png"):
        print("%s: wrote %s" % (SCRIPT, os.path.join(out, name)))


if __name__ == "__main__":
    main()
