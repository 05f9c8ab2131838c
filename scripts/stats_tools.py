"""Shared helpers of the large-example figure scripts (compaction_figures.py, colony_figures.py,
chainmail_figures.py, render_colony.py): reading relcp_sim's stats.csv and relcp.h5
(docs/output.md), the run metadata that scripts/bench_*.sh write (run.json), aligning runs on
common times, rolling averages and the plotting conventions.

A run directory holds stats.csv (one row per step), usually relcp.h5, and run.json written by the
bench scripts:

    {"name": "ms7", "strategy": "multisphere", "multisphere_count": 7, "dt": 0.01,
     "exit_code": 0, "terminated_early": false, "wall_seconds": 12.3, ...}

Without run.json the name of the directory decides: relcp, single, msK (multisphere with K
sub-spheres).
"""

import argparse
import json
import math
import os
import re
import sys

try:
    import h5py
    import matplotlib
    import numpy as np
except ImportError as missing:
    sys.exit("%s: %s. These scripts need numpy, matplotlib and h5py: apt-get install -y "
             "python3-numpy python3-matplotlib python3-h5py (Debian's python is /usr/bin/python3)"
             % (os.path.basename(sys.argv[0]), missing))

STATS_COLUMNS = ("step", "time", "bodies", "constraints", "relcp_iterations", "solver_iterations",
                 "max_overlap", "seconds", "detection_seconds", "assembly_seconds", "solve_seconds")
SPHERE, ELLIPSOID, SPHEROCYLINDER, TORUS = 0, 1, 2, 3


def matplotlib_pyplot():
    """pyplot with the non-interactive Agg back end (no display needed)."""
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def warn(script, message):
    print("%s: warning: %s" % (script, message), file=sys.stderr)


# ---------------------------------------------------------------- stats.csv

class Stats:
    """The columns of one stats.csv as float64 arrays (attribute access: stats.time). Columns the
    file does not have (an older relcp_sim without max_model_overlap) are absent: use has()."""

    def __init__(self, columns):
        self._columns = columns

    def has(self, name):
        return name in self._columns

    def __getattr__(self, name):
        columns = self.__dict__.get("_columns", {})
        if name in columns:
            return columns[name]
        raise AttributeError("stats.csv has no column %r" % name)

    def __len__(self):
        return len(self._columns["step"])

    @property
    def names(self):
        return list(self._columns)

    def contact_seconds(self):
        """detection + assembly + solve seconds per step (collision pipeline, docs/results.md)."""
        return self.detection_seconds + self.assembly_seconds + self.solve_seconds

    def select(self, mask_or_index):
        return Stats({k: v[mask_or_index] for k, v in self._columns.items()})


def load_stats(path):
    """Reads stats.csv. A run killed by its wall-time cap may leave a half-written last line;
    rows whose field count differs from the header's or that do not parse are dropped."""
    with open(path) as handle:
        header = handle.readline().strip().split(",")
        rows = []
        for line in handle:
            fields = line.strip().split(",")
            if len(fields) != len(header) or not line.endswith("\n"):
                continue
            try:
                rows.append([float(v) for v in fields])
            except ValueError:
                continue
    data = np.array(rows, dtype=np.float64).reshape(-1, len(header))
    missing = [c for c in ("step", "time", "constraints", "seconds") if c not in header]
    if missing:
        raise ValueError("%s: no column(s) %s" % (path, ", ".join(missing)))
    return Stats({name: data[:, i] for i, name in enumerate(header)})


# ---------------------------------------------------------------- runs

def parse_name(name):
    """(strategy, multisphere_count) from a run name: relcp, single, msK / multisphereK."""
    match = re.fullmatch(r"(?:ms|multisphere)[-_]?(\d+)", name)
    if match:
        return "multisphere", int(match.group(1))
    if name in ("relcp", "single", "none"):
        return name, None
    raise ValueError("cannot tell the strategy from the run name %r (relcp, single, msK)" % name)


class Run:
    def __init__(self, directory):
        self.directory = directory
        self.meta = {}
        meta_path = os.path.join(directory, "run.json")
        if os.path.exists(meta_path):
            with open(meta_path) as handle:
                self.meta = json.load(handle)
        self.name = self.meta.get("name") or os.path.basename(os.path.normpath(directory))
        if "strategy" in self.meta:
            self.strategy = self.meta["strategy"]
            self.count = self.meta.get("multisphere_count")
        else:
            self.strategy, self.count = parse_name(self.name)
        self.stats = load_stats(os.path.join(directory, "stats.csv"))
        self.terminated_early = bool(self.meta.get("terminated_early", False))
        self.h5 = os.path.join(directory, "relcp.h5")

    @property
    def label(self):
        if self.strategy == "multisphere":
            return "MS-%d" % self.count
        return {"relcp": "ReLCP", "single": "single LCP"}.get(self.strategy, self.strategy)

    @property
    def is_relcp(self):
        return self.strategy == "relcp"

    @property
    def dt(self):
        if "dt" in self.meta:
            return float(self.meta["dt"])
        s = self.stats
        if len(s) and s.step[0] > 0:
            return float(s.time[0] / s.step[0])
        return float("nan")

    @property
    def end_time(self):
        return float(self.stats.time[-1]) if len(self.stats) else 0.0

    def legend(self):
        """Label, with a note when the wall-time cap stopped the run."""
        if self.terminated_early:
            return "%s (terminated early, t = %.4g)" % (self.label, self.end_time)
        return self.label

    def sort_key(self):
        order = {"relcp": 0, "multisphere": 1, "single": 2}
        return (order.get(self.strategy, 3), self.count or 0)


def load_runs(directory, script, only=None):
    """Every run directory (one holding stats.csv) directly under `directory` (or just `only`),
    ReLCP first, then multisphere by sphere count, then single. Unreadable runs are reported and
    skipped."""
    runs = []
    if not os.path.isdir(directory):
        return runs
    for entry in sorted(os.listdir(directory)) if only is None else [only]:
        path = os.path.join(directory, entry)
        if not os.path.isfile(os.path.join(path, "stats.csv")):
            continue
        try:
            run = Run(path)
        except (ValueError, OSError) as error:
            warn(script, "skipping %s: %s" % (path, error))
            continue
        if len(run.stats) == 0:
            warn(script, "skipping %s: stats.csv has no rows" % path)
            continue
        runs.append(run)
    runs.sort(key=Run.sort_key)
    return runs


def collect_runs(paths, script, depth=1):
    """Runs named on the command line: each path is a run directory (holding stats.csv) or a
    directory searched for run directories up to `depth` levels down. Sorted as load_runs."""
    runs, seen = [], set()

    def visit(path, level):
        if os.path.isfile(os.path.join(path, "stats.csv")):
            key = os.path.realpath(path)
            if key not in seen:
                seen.add(key)
                runs.extend(load_runs(os.path.dirname(os.path.abspath(path)), script,
                                      only=os.path.basename(os.path.abspath(path))))
            return
        if level > depth or not os.path.isdir(path):
            return
        for entry in sorted(os.listdir(path)):
            if os.path.isdir(os.path.join(path, entry)):
                visit(os.path.join(path, entry), level + 1)

    for path in paths:
        if not os.path.isdir(path):
            warn(script, "%s is not a directory" % path)
            continue
        visit(path, 0)
    runs.sort(key=Run.sort_key)
    return runs


def default_out(paths):
    """Default output directory: the parent of the first path given."""
    return os.path.dirname(os.path.abspath(paths[0]))


def warn_if_mixed(runs, script):
    """Warns when runs to be compared started from different scenarios or body counts (a run
    left over from an earlier benchmark with other settings)."""
    def describe(run):
        return (run.meta.get("config"), int(run.stats.bodies[0]) if len(run.stats) else None)
    kinds = {}
    for run in runs:
        kinds.setdefault(describe(run), []).append(run.name)
    if len(kinds) > 1:
        warn(script, "the runs differ in scenario or body count at step 1: " + "; ".join(
            "%s: %s, %s bodies" % (",".join(names), config or "?", bodies)
            for (config, bodies), names in kinds.items()))


def reference_run(runs, script):
    """The ReLCP run of a list, or exit with a message."""
    for run in runs:
        if run.is_relcp:
            return run
    sys.exit("%s: no ReLCP run among %s" % (script, ", ".join(r.directory for r in runs) or "(none)"))


# ---------------------------------------------------------------- time series

def time_keys(time, dt):
    """Integer keys of times on a grid of spacing dt (round-off proof matching across runs)."""
    return np.rint(np.asarray(time) / dt).astype(np.int64)


def common_rows(a, b):
    """Row indices (ia, ib) of the times that runs a and b (Stats) share. Runs at the same dt
    match step by step; runs at different dt on the coarser grid."""
    dt_a = a.time[0] / a.step[0] if len(a) and a.step[0] > 0 else 1.0
    dt_b = b.time[0] / b.step[0] if len(b) and b.step[0] > 0 else 1.0
    dt = max(dt_a, dt_b)
    rows_a, rows_b = [], []
    for stats, rows in ((a, rows_a), (b, rows_b)):
        keys = time_keys(stats.time, dt)
        on_grid = np.nonzero(np.abs(stats.time - keys * dt) <= 1e-9 * max(dt, 1.0))[0]
        rows.extend([keys[on_grid], on_grid])
    _, ia, ib = np.intersect1d(rows_a[0], rows_b[0], return_indices=True)
    return rows_a[1][ia], rows_b[1][ib]


def rolling_mean(values, window):
    """Trailing mean over `window` rows (fewer at the start)."""
    values = np.asarray(values, dtype=np.float64)
    if window <= 1 or values.size == 0:
        return values.copy()
    cumulative = np.concatenate([[0.0], np.cumsum(values)])
    index = np.arange(1, values.size + 1)
    start = np.maximum(index - window, 0)
    return (cumulative[index] - cumulative[start]) / (index - start)


def rolling_ratio(numerator, denominator, window):
    """Ratio of trailing window sums (robust against single fast or slow steps)."""
    num = rolling_mean(numerator, window)
    den = rolling_mean(denominator, window)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / den, np.nan)


def mean_std(values):
    values = np.asarray(values, dtype=np.float64)
    values = values[np.isfinite(values)]
    if values.size == 0:
        return {"mean": None, "std": None, "samples": 0}
    return {"mean": float(values.mean()), "std": float(values.std()), "samples": int(values.size)}


def positive_for_log(values, floor):
    """values with entries below floor raised to floor (log axes cannot show 0)."""
    return np.maximum(np.asarray(values, dtype=np.float64), floor)


# ---------------------------------------------------------------- output

def write_json(path, data):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as handle:
        json.dump(data, handle, indent=2, default=_json_default)
        handle.write("\n")


def _json_default(value):
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return None if not math.isfinite(value) else float(value)
    raise TypeError("not JSON serializable: %r" % (value,))


def fmt(value, digits=3):
    """Compact number for markdown tables (None -> '-')."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "-"
    if value != 0 and (abs(value) >= 1e5 or abs(value) < 1e-2):
        return "%.*e" % (max(digits - 1, 0), value)
    return "%.*g" % (digits, value)


def plain_log_ticks(ax):
    """Log y axis labelled 0.5, 2, 30 ... instead of 5x10^-1 (the ratios span few decades)."""
    from matplotlib import ticker
    formatter = ticker.FuncFormatter(lambda value, _: "%g" % value)
    ax.yaxis.set_major_formatter(formatter)
    def minor(value, _):
        if value <= 0:
            return ""
        leading = int(round(value / 10.0 ** math.floor(math.log10(value) + 1e-9)))
        return "%g" % value if leading in (2, 3, 5) else ""
    ax.yaxis.set_minor_formatter(ticker.FuncFormatter(minor))


def fmt_count(value):
    """Constraint counts: exact below 10^5, else 3.0e+06 as in the paper's tables."""
    if value is None:
        return "-"
    return "%d" % value if abs(value) < 1e5 else "%.1e" % value


def run_colors(runs):
    """A fixed colour per run: ReLCP black, the others from tab10 in order."""
    plt = matplotlib_pyplot()
    cycle = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    colors, k = {}, 0
    for run in runs:
        if run.is_relcp:
            colors[run.name] = "black"
        else:
            colors[run.name] = cycle[k % len(cycle)]
            k += 1
    return colors


# ---------------------------------------------------------------- relcp.h5

def snapshot_list(h5_path):
    """[(group name, step, time)] of every snapshot in relcp.h5, by step."""
    with h5py.File(h5_path, "r") as handle:
        group = handle["snapshots"]
        items = [(name, int(group[name].attrs["step"]), float(group[name].attrs["time"]))
                 for name in group]
    return sorted(items, key=lambda item: item[1])


def read_snapshot(h5_path, name):
    """The per-body datasets of one snapshot as numpy arrays, plus 'time' and 'step'. Subgroups
    (a newer relcp_sim writes contacts/ per snapshot) are skipped."""
    with h5py.File(h5_path, "r") as handle:
        group = handle["snapshots"][name]
        data = {key: group[key][()] for key in group if isinstance(group[key], h5py.Dataset)}
        data["time"] = float(group.attrs["time"])
        data["step"] = int(group.attrs["step"])
    return data


def rotation_matrices(q):
    """Rotation matrices (n x 3 x 3, body -> lab) of unit quaternions (w, x, y, z) (n x 4)."""
    q = np.asarray(q, dtype=np.float64).reshape(-1, 4)
    q = q / np.linalg.norm(q, axis=1, keepdims=True)
    w, x, y, z = q.T
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=-1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=-1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1),
    ], axis=1)


def script_parser(doc, runs_help):
    """The command line every figure script shares: RUNS... and --out (and the docstring as help)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(doc.splitlines()[2:]))
    parser.add_argument("runs", nargs="+", help=runs_help)
    parser.add_argument("--out", help="output directory (default: the parent of the first RUNS)")
    return parser


def finish_constraint_axis(axis, title):
    """Log-scale constraint counts against time, as in the paper's Figs. 4 b/d and 5c."""
    axis.set_yscale("log")
    axis.set_xlabel("time")
    axis.set_ylabel("constraints per step")
    axis.set_title(title, fontsize=10)
    axis.grid(True, which="both", alpha=0.3)
    axis.legend(fontsize=8)
