#!/usr/bin/python3
"""Kill -9 and restart check of relcp_sim's checkpoints (docs/robustness.md, "Kill -9 and restart").

1. Runs the scenario uninterrupted under mpirun to its end: the reference, with checkpoints.
2. N times (seeded RNG): starts the same run in a fresh directory in its own session and, at a
   moment drawn uniformly over the reference run's wall time, SIGKILLs every process of that
   session (mpirun and the ranks: OpenMPI 4 puts each rank in a process group of its own, so
   killing mpirun's group alone would leave the ranks running).
3. After each kill:
   - no process of the run may survive (found by a tag in their environment);
   - every checkpoint left under its final name (checkpoint_NNNNNNNN.h5) must load: a restart
     from it with relcp_sim --restart --dry-run on the same rank count must succeed, and its
     content (attributes and datasets) must equal, bit for bit, the reference's checkpoint of
     the same step;
   - a restart from the LAST checkpoint (and from a random earlier one, unless
     --no-earlier-restart) into a copy of the killed run's directory must run to the end and
     leave what the reference left: stats.csv equal in every column except the timing ones
     (seconds, *_seconds), in the rows after the checkpoint's step and in all rows; relcp.h5
     equal, every dataset and attribute of every snapshot (the final snapshot's positions and
     orientations reported on their own); the checkpoints the restart wrote equal to the
     reference's; relcp.xmf equal as text.
   Whether the kill landed while a checkpoint was being written is seen from a leftover
   checkpoints/*.h5.tmp (the name a checkpoint has until it is complete and renamed).
   --aim checkpoint makes every kill wait, from its drawn moment, for the next checkpoint write
   to begin, and then strike within a few milliseconds: the case uniform kills rarely hit.
4. Prints a summary; exit 0 when everything holds, 1 otherwise, 2 on bad usage.

Without --scenario the run is configs/small/compaction_small.yaml with
--set simulation.steps=250 --set simulation.output.checkpoint_every=5
--set simulation.output.snapshot_every=10 (about 2.5 s on 2 ranks, contacts from step ~80);
--set options given here are applied after those (the last assignment of a key wins).

Needs /usr/bin/python3 with h5py and numpy, mpirun (OpenMPI) and a built relcp_sim.
The runs get OMPI_ALLOW_RUN_AS_ROOT, oversubscription and OMP_NUM_THREADS=1 unless set, and
OpenMPI's session directory and shared-memory segments inside the work directory (TMPDIR,
OMPI_MCA_btl_vader_backing_directory), because a killed run cannot remove them itself.
relcp_sim is copied into the work directory first, so a rebuild during the check changes nothing.
"""

import argparse
import csv
import glob
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SCENARIO = os.path.join(REPO, "configs", "small", "compaction_small.yaml")
DEFAULT_SETS = ["simulation.steps=250", "simulation.output.checkpoint_every=5",
                "simulation.output.snapshot_every=10"]
CHECKPOINT_RE = re.compile(r"^checkpoint_(\d+)\.h5$")
TAG_VAR = "RELCP_KILL_CHECK_TAG"


class UsageError(Exception):
    pass


def log(message=""):
    print(message, flush=True)


# ---------------------------------------------------------------------------------------------
# processes

def proc_stat(pid):
    """(state, session id) of a process, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            text = f.read()
    except OSError:
        return None
    rest = text[text.rindex(")") + 2:].split()
    return rest[0], int(rest[4])


def all_pids():
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def session_members(sid):
    members = []
    for pid in all_pids():
        stat = proc_stat(pid)
        if stat and stat[1] == sid and stat[0] != "Z":
            members.append(pid)
    return members


def tagged_processes(tag):
    """Live processes whose environment carries TAG_VAR=tag (the run's mpirun and its ranks)."""
    needle = f"{TAG_VAR}={tag}".encode()
    found = []
    for pid in all_pids():
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                env = f.read().split(b"\0")
        except OSError:
            continue
        stat = proc_stat(pid)
        if needle in env and stat and stat[0] != "Z":
            found.append(pid)
    return found


def kill_session(leader):
    """SIGKILL the leader's process group, then every live process of its session until none is left."""
    try:
        os.killpg(leader, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for _ in range(200):
        members = session_members(leader)
        if not members:
            return
        for pid in members:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.005)


# ---------------------------------------------------------------------------------------------
# running relcp_sim

class Runner:
    def __init__(self, args, work):
        self.mpirun = args.mpirun
        self.ranks = args.ranks
        self.sim = args.sim
        self.scenario = args.scenario
        self.sets = args.sets
        self.timeout = args.timeout
        self.work = work
        self.env = dict(os.environ)
        for key, value in (("OMPI_ALLOW_RUN_AS_ROOT", "1"), ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                           ("OMPI_MCA_rmaps_base_oversubscribe", "1"), ("OMPI_MCA_mpi_yield_when_idle", "1"),
                           ("OMP_NUM_THREADS", "1")):
            self.env.setdefault(key, value)
        scratch = os.path.join(work, "mpi_tmp")
        os.makedirs(scratch, exist_ok=True)
        self.env["TMPDIR"] = scratch
        self.env["OMPI_MCA_btl_vader_backing_directory"] = scratch
        self.tag_base = f"{os.getpid()}-{random.SystemRandom().getrandbits(48):012x}"
        self.tag_count = 0

    def command(self, output, restart=None, dry_run=False):
        cmd = [self.mpirun, "-np", str(self.ranks), self.sim, self.scenario, "--output", output, "--quiet"]
        for assignment in self.sets:
            cmd += ["--set", assignment]
        if restart:
            cmd += ["--restart", restart]
        if dry_run:
            cmd.append("--dry-run")
        return cmd

    def new_tag(self):
        self.tag_count += 1
        return f"{self.tag_base}-{self.tag_count}"

    def start(self, cmd, log_path):
        tag = self.new_tag()
        env = dict(self.env, **{TAG_VAR: tag})
        out = open(log_path, "wb")
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True,
                                cwd=self.work)
        out.close()
        return proc, tag

    def run(self, cmd, log_path):
        """Runs to completion; returns (exit code, wall seconds). A run past the timeout is killed (code None)."""
        began = time.monotonic()
        proc, tag = self.start(cmd, log_path)
        try:
            code = proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            kill_session(proc.pid)
            proc.wait()
            code = None
        wall = time.monotonic() - began
        self.reap(tag)
        return code, wall

    def reap(self, tag, grace=3.0):
        """Processes of a run still alive after `grace` seconds (killed, then returned for the report)."""
        deadline = time.monotonic() + grace
        left = tagged_processes(tag)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = tagged_processes(tag)
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return left


def tail(path, lines=5):
    try:
        with open(path, errors="replace") as f:
            return "".join(f.readlines()[-lines:]).rstrip()
    except OSError:
        return ""


# ---------------------------------------------------------------------------------------------
# files

def checkpoints_in(directory):
    """{step: path} of the checkpoints under their final names."""
    found = {}
    for path in glob.glob(os.path.join(directory, "checkpoints", "*")):
        match = CHECKPOINT_RE.match(os.path.basename(path))
        if match:
            found[int(match.group(1))] = path
    return found


def read_stats(path):
    """(header, rows) of stats.csv; rows as lists of strings. A missing file gives ([], [])."""
    if not os.path.exists(path):
        return [], []
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        return [], []
    return rows[0], rows[1:]


def timing_column(name):
    return name == "seconds" or name.endswith("_seconds")


def compare_stats(path, reference_path, after_step):
    """Problems (list of strings) of stats.csv against the reference, timing columns left out."""
    header, rows = read_stats(path)
    ref_header, ref_rows = read_stats(reference_path)
    if header != ref_header:
        return [f"stats.csv header {header} != reference {ref_header}"]
    keep = [k for k, name in enumerate(header) if not timing_column(name)]

    def key(row):
        return [row[k] if k < len(row) else None for k in keep]

    problems = []
    later = [row for row in rows if row and row[0].isdigit() and int(row[0]) > after_step]
    ref_later = [row for row in ref_rows if row and row[0].isdigit() and int(row[0]) > after_step]
    if len(later) != len(ref_later):
        problems.append(f"stats.csv: {len(later)} rows after step {after_step}, reference {len(ref_later)}")
    for row, ref in zip(later, ref_later):
        if key(row) != key(ref):
            problems.append(f"stats.csv row of step {ref[0]} differs: {row} vs reference {ref}")
            break
    if len(rows) != len(ref_rows):
        problems.append(f"stats.csv: {len(rows)} rows in all, reference {len(ref_rows)}")
    else:
        for row, ref in zip(rows, ref_rows):
            if key(row) != key(ref):
                problems.append(f"stats.csv (whole file) row {ref[0]} differs: {row} vs reference {ref}")
                break
    return problems


def h5_items(path):
    """{name: ('group'|'dataset', attrs, dtype, shape, bytes)} of every object of an HDF5 file."""
    import h5py
    import numpy
    items = {}
    with h5py.File(path, "r") as f:
        def attrs_of(obj):
            return {k: numpy.asarray(v).tobytes() if not isinstance(v, (str, bytes)) else v
                    for k, v in obj.attrs.items()}

        items["/"] = ("group", attrs_of(f), None, None, None)

        def visit(name, obj):
            if isinstance(obj, h5py.Dataset):
                data = obj[()]
                items[name] = ("dataset", attrs_of(obj), str(obj.dtype), obj.shape, numpy.asarray(data).tobytes())
            else:
                items[name] = ("group", attrs_of(obj), None, None, None)

        f.visititems(visit)
    return items


def compare_h5(path, reference_path, only=None):
    """Differences (list of strings) between two HDF5 files, object by object, bit for bit.
    `only`: a predicate on object names to restrict the comparison."""
    try:
        items = h5_items(path)
    except Exception as error:  # noqa: BLE001 -- any read failure is the finding
        return [f"{path}: cannot be read ({error})"]
    ref = h5_items(reference_path)
    if only:
        items = {k: v for k, v in items.items() if only(k)}
        ref = {k: v for k, v in ref.items() if only(k)}
    problems = []
    missing = sorted(set(ref) - set(items))
    extra = sorted(set(items) - set(ref))
    if missing:
        problems.append(f"{os.path.basename(path)}: missing {missing[:5]}{' ...' if len(missing) > 5 else ''}")
    if extra:
        problems.append(f"{os.path.basename(path)}: extra {extra[:5]}{' ...' if len(extra) > 5 else ''}")
    for name in sorted(set(ref) & set(items)):
        if items[name] != ref[name]:
            what = ("attributes" if items[name][1] != ref[name][1] else "values")
            problems.append(f"{os.path.basename(path)}: {name} differs ({what})")
    return problems


def final_snapshot_check(path, reference_path):
    """'identical' or a description: the last snapshot's position and orientation against the reference."""
    import h5py
    import numpy
    try:
        with h5py.File(path, "r") as f, h5py.File(reference_path, "r") as r:
            last = sorted(r["snapshots"])[-1]
            if last not in f["snapshots"] or sorted(f["snapshots"])[-1] != last:
                return f"last snapshot {sorted(f['snapshots'])[-1:]} != reference {last}"
            for name in ("id", "position", "orientation"):
                a = numpy.asarray(f["snapshots"][last][name][()])
                b = numpy.asarray(r["snapshots"][last][name][()])
                if a.shape != b.shape or a.tobytes() != b.tobytes():
                    diff = numpy.max(numpy.abs(a - b)) if a.shape == b.shape else "shape"
                    return f"snapshot {last} {name} differs (max |difference| {diff})"
    except Exception as error:  # noqa: BLE001
        return f"cannot be read ({error})"
    return "identical"


def relcp_h5_state(path):
    """A short description of relcp.h5 after a kill: readable or not, its snapshots."""
    import h5py
    if not os.path.exists(path):
        return "absent"
    try:
        with h5py.File(path, "r") as f:
            names = sorted(f["snapshots"]) if "snapshots" in f else []
            incomplete = [n for n in names if "step" not in f["snapshots"][n].attrs
                          or "orientation" not in f["snapshots"][n]]
        text = f"readable, {len(names)} snapshots" + (f", last {names[-1]}" if names else "")
        if incomplete:
            text += f", incomplete groups {incomplete}"
        return text
    except Exception as error:  # noqa: BLE001
        return f"NOT readable ({str(error).splitlines()[0][:80]})"


# ---------------------------------------------------------------------------------------------
# the check

def restart_and_compare(runner, kill_dir, run_dir, step, label, reference):
    """Restarts a copy of the killed run's directory from its checkpoint of `step`; problems found."""
    target = os.path.join(kill_dir, f"restart_{label}")
    shutil.copytree(run_dir, target)
    checkpoint = checkpoints_in(target)[step]
    cmd = runner.command(target, restart=checkpoint)
    code, wall = runner.run(cmd, os.path.join(kill_dir, f"restart_{label}.log"))
    if code != 0:
        return [f"restart from step {step} ({label}) exited with {code}: "
                f"{tail(os.path.join(kill_dir, f'restart_{label}.log'), 3)}"], wall, None
    problems = compare_stats(os.path.join(target, "stats.csv"), os.path.join(reference, "stats.csv"), step)
    final = final_snapshot_check(os.path.join(target, "relcp.h5"), os.path.join(reference, "relcp.h5"))
    if final != "identical":
        problems.append(f"final snapshot: {final}")
    problems += compare_h5(os.path.join(target, "relcp.h5"), os.path.join(reference, "relcp.h5"))
    ref_checkpoints = checkpoints_in(reference)
    for later_step, path in sorted(checkpoints_in(target).items()):
        if later_step > step:
            problems += compare_h5(path, ref_checkpoints[later_step]) if later_step in ref_checkpoints else \
                [f"restart wrote {os.path.basename(path)}, the reference did not"]
    missing = sorted(s for s in ref_checkpoints if s > step and s not in checkpoints_in(target))
    if missing:
        problems.append(f"restart did not write the checkpoints of steps {missing}")
    try:
        with open(os.path.join(target, "relcp.xmf")) as f, open(os.path.join(reference, "relcp.xmf")) as r:
            if f.read() != r.read():
                problems.append("relcp.xmf differs from the reference's")
    except OSError as error:
        problems.append(f"relcp.xmf: {error}")
    return problems, wall, final


def parse_args(argv):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n", 2)[2], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", help="scenario YAML (default: configs/small/compaction_small.yaml "
                        "with the default --set overrides above)")
    parser.add_argument("--set", dest="extra_sets", action="append", default=[], metavar="KEY.PATH=VALUE",
                        help="relcp_sim --set override for every run, after the defaults; repeatable")
    parser.add_argument("--no-default-sets", action="store_true",
                        help="do not apply the default --set overrides (steps, checkpoint and snapshot intervals)")
    parser.add_argument("--kills", type=int, default=10, help="number of killed runs (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the kill moments and restart choices (default 1)")
    parser.add_argument("--ranks", type=int, default=2, help="MPI ranks of every run (default 2)")
    parser.add_argument("--build-dir", default=os.path.join(REPO, "build"),
                        help="build directory holding bin/relcp_sim (default: build/ of the checkout)")
    parser.add_argument("--sim", help="relcp_sim executable (default: BUILD_DIR/bin/relcp_sim)")
    parser.add_argument("--mpirun", default="mpirun", help="MPI launcher (default: mpirun from PATH)")
    parser.add_argument("--work-dir", help="where the runs go (default: a new temporary directory)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory (deleted at the end otherwise)")
    parser.add_argument("--no-earlier-restart", action="store_true",
                        help="restart only from the last checkpoint, not also from a random earlier one")
    parser.add_argument("--aim", choices=("uniform", "checkpoint"), default="uniform",
                        help="uniform: kill at the drawn moment (default); checkpoint: from the drawn moment "
                        "wait for the next checkpoint write to begin, then kill within --aim-delay-ms")
    parser.add_argument("--aim-delay-ms", type=float, default=5.0,
                        help="with --aim checkpoint: kill a uniform 0..this many ms after the write began (default 5)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds any one run may take (default 600)")
    args = parser.parse_args(argv)
    if args.kills < 0:
        parser.error("--kills must be >= 0")
    if args.ranks < 1:
        parser.error("--ranks must be >= 1")
    sets = [] if (args.no_default_sets or args.scenario) else list(DEFAULT_SETS)
    for assignment in args.extra_sets:
        if "=" not in assignment:
            parser.error(f"--set {assignment}: expected KEY.PATH=VALUE")
    args.sets = sets + args.extra_sets
    args.scenario = os.path.abspath(args.scenario or DEFAULT_SCENARIO)
    args.sim = os.path.abspath(args.sim or os.path.join(args.build_dir, "bin", "relcp_sim"))
    return args


def check(args):
    try:
        import h5py  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as error:
        raise UsageError(f"this script needs h5py and numpy ({error}); run it with /usr/bin/python3")
    if not os.path.isfile(args.scenario):
        raise UsageError(f"{args.scenario}: no such scenario")
    if not os.access(args.sim, os.X_OK):
        raise UsageError(f"{args.sim}: no relcp_sim executable (build it, or give --build-dir / --sim)")
    if shutil.which(args.mpirun) is None:
        raise UsageError(f"{args.mpirun}: MPI launcher not found")

    work = os.path.abspath(args.work_dir) if args.work_dir else tempfile.mkdtemp(prefix="relcp_kill_restart_")
    os.makedirs(work, exist_ok=True)
    if os.listdir(work):
        raise UsageError(f"{work}: the work directory must be empty or new")
    keep = args.keep
    # Every run uses one copy of the executable, so a rebuild during the check changes nothing.
    os.makedirs(os.path.join(work, "bin"))
    args.sim = shutil.copy2(args.sim, os.path.join(work, "bin", "relcp_sim"))
    runner = Runner(args, work)
    rng = random.Random(args.seed)
    failures = []
    try:
        log(f"relcp kill -9 / restart check: {os.path.relpath(args.scenario, REPO) if args.scenario.startswith(REPO) else args.scenario}"
            f" {' '.join('--set ' + s for s in args.sets)}")
        log(f"  {args.ranks} ranks, {args.kills} kills ({args.aim}), seed {args.seed}, work directory {work}")

        # 1. the reference
        reference = os.path.join(work, "reference")
        dry_code, _ = runner.run(runner.command(reference, dry_run=True), os.path.join(work, "dry_run.log"))
        if dry_code != 0:
            raise UsageError(f"the scenario does not validate: {tail(os.path.join(work, 'dry_run.log'), 3)}")
        code, ref_wall = runner.run(runner.command(reference), os.path.join(work, "reference.log"))
        if code != 0:
            failures.append(f"reference run exited with {code}: {tail(os.path.join(work, 'reference.log'), 3)}")
            return failures, work, keep
        ref_checkpoints = checkpoints_in(reference)
        _, ref_rows = read_stats(os.path.join(reference, "stats.csv"))
        if not ref_checkpoints:
            raise UsageError("the reference run wrote no checkpoint: set simulation.output.checkpoint_every")
        log(f"reference: {ref_wall:.2f} s wall, {len(ref_rows)} steps, {len(ref_checkpoints)} checkpoints "
            f"(steps {min(ref_checkpoints)}..{max(ref_checkpoints)})")

        totals = dict(kills=0, finished_before=0, during_checkpoint=0, no_checkpoint=0, checkpoints=0, loaded=0,
                      identical_checkpoints=0, restarts=0, restarts_identical=0, leftovers=0)
        table = []
        for k in range(args.kills):
            kill_dir = os.path.join(work, f"kill_{k:02d}")
            run_dir = os.path.join(kill_dir, "run")
            os.makedirs(kill_dir)
            at = rng.uniform(0.0, ref_wall)
            earlier_pick = rng.random()
            delay = rng.uniform(0.0, args.aim_delay_ms / 1000.0) if args.aim == "checkpoint" else 0.0
            proc, tag = runner.start(runner.command(run_dir), os.path.join(kill_dir, "run.log"))
            began = time.monotonic()
            finished = None
            while True:
                left = at - (time.monotonic() - began)
                if left <= 0:
                    break
                try:
                    finished = proc.wait(timeout=min(left, 0.05))
                    break
                except subprocess.TimeoutExpired:
                    pass
            if finished is None and args.aim == "checkpoint":
                # Wait for the next checkpoint write to begin (its .tmp appears), then kill after `delay`.
                directory = os.path.join(run_dir, "checkpoints")
                before = set(glob.glob(os.path.join(directory, "*.tmp")))
                while finished is None:
                    if set(glob.glob(os.path.join(directory, "*.tmp"))) - before:
                        time.sleep(delay)
                        break
                    finished = proc.poll()
                    time.sleep(0.0002)
            if finished is None:
                kill_session(proc.pid)
            code = proc.wait()
            killed_at = time.monotonic() - began
            leftovers = runner.reap(tag)
            totals["kills"] += 1
            problems = []
            if leftovers:
                totals["leftovers"] += 1
                problems.append(f"processes left after the kill: {leftovers}")
            if finished is not None:
                totals["finished_before"] += 1
                if finished != 0:
                    problems.append(f"the run exited with {finished} before the kill")

            # what the kill left
            temporaries = sorted(os.path.basename(p) for p in glob.glob(os.path.join(run_dir, "checkpoints", "*.tmp")))
            if temporaries:
                totals["during_checkpoint"] += 1
            _, rows = read_stats(os.path.join(run_dir, "stats.csv"))
            last_row = rows[-1][0] if rows else "-"
            h5_state = relcp_h5_state(os.path.join(run_dir, "relcp.h5"))
            found = checkpoints_in(run_dir)
            totals["checkpoints"] += len(found)
            where = "finished before the kill" if finished is not None else \
                ("while writing " + ", ".join(temporaries) if temporaries else "no checkpoint being written")
            log(f"kill {k}: at {killed_at:.3f} s of {ref_wall:.2f} s ({100 * killed_at / ref_wall:.0f}%), "
                f"exit {code}; {where}; stats.csv through step {last_row}; relcp.h5 {h5_state}; "
                f"{len(found)} checkpoints" + (f" (steps {min(found)}..{max(found)})" if found else ""))

            # every checkpoint under its final name loads and equals the reference's
            loaded = identical = 0
            for step, path in sorted(found.items()):
                load_log = os.path.join(kill_dir, f"load_{step:08d}.log")
                load_code, _ = runner.run(runner.command(run_dir, restart=path, dry_run=True), load_log)
                if load_code == 0:
                    loaded += 1
                else:
                    problems.append(f"{os.path.basename(path)} does not load (exit {load_code}): {tail(load_log, 2)}")
                if step not in ref_checkpoints:
                    problems.append(f"{os.path.basename(path)}: the reference has no checkpoint of step {step}")
                    continue
                differences = compare_h5(path, ref_checkpoints[step])
                if differences:
                    problems += differences[:3]
                else:
                    identical += 1
            totals["loaded"] += loaded
            totals["identical_checkpoints"] += identical

            # restarts: from the last checkpoint, and from a random earlier one
            restart_notes = []
            if found:
                steps = sorted(found)
                picks = [("last", steps[-1])]
                if len(steps) > 1 and not args.no_earlier_restart:
                    picks.append(("earlier", steps[int(earlier_pick * (len(steps) - 1))]))
                for label, step in picks:
                    restart_problems, wall, final = restart_and_compare(runner, kill_dir, run_dir, step, label, reference)
                    totals["restarts"] += 1
                    if not restart_problems:
                        totals["restarts_identical"] += 1
                    problems += restart_problems
                    restart_notes.append(f"{label} (step {step}, {wall:.1f} s): "
                                         + ("identical" if not restart_problems else "DIFFERENT or FAILED"))
            else:
                totals["no_checkpoint"] += 1
                restart_notes.append("no checkpoint to restart from")
            log(f"  loaded {loaded}/{len(found)}, equal to the reference's {identical}/{len(found)}; restarts: "
                + "; ".join(restart_notes))
            for problem in problems:
                log(f"  FAIL: {problem}")
            failures += [f"kill {k}: {p}" for p in problems]
            table.append((k, killed_at, last_row, len(temporaries) > 0, len(found), loaded, not problems))

        log("")
        log("summary:")
        log(f"  kills: {totals['kills']} (while a checkpoint was being written: {totals['during_checkpoint']}; "
            f"before the first checkpoint: {totals['no_checkpoint']}; run finished before the kill: "
            f"{totals['finished_before']})")
        log(f"  kill moments (s): " + ", ".join(f"{row[1]:.2f}" for row in table))
        log(f"  checkpoints left under their final names: {totals['checkpoints']}, loaded: {totals['loaded']}, "
            f"bit-identical to the reference's: {totals['identical_checkpoints']}")
        log(f"  restarts run to the end: {totals['restarts']}, identical to the reference: {totals['restarts_identical']}")
        log(f"  kills that left a process behind: {totals['leftovers']}")
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    return failures, work, keep


def main(argv=None):
    args = parse_args(argv)
    try:
        failures, work, keep = check(args)
    except UsageError as error:
        print(f"kill_restart_check.py: {error}", file=sys.stderr)
        return 2
    if keep:
        log(f"  work directory kept: {work}")
    if failures:
        log(f"FAILED: {len(failures)} problems")
        return 1
    log("OK: every checkpoint loaded, every restart identical to the reference, no process left")
    return 0


if __name__ == "__main__":
    sys.exit(main())
