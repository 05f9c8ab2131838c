#!/usr/bin/python3
"""Fault trials of relcp_sim (docs/robustness.md, "I/O failures" and "Batch jobs").

Runs a small scenario to its end on each rank count (the references), then trials of four kinds,
each a fresh run of the same scenario:

  inject    RELCP_INJECT_FAULT=write:R:K (or read:R:K on a restart): the K-th write (read) of
            rank R fails. The run must exit 3 within --exit-within seconds of the reference's
            wall time, with one line naming the file and the reason; no process may be left.
  tmpfs     the output on a small tmpfs of random size (needs root and mount; skipped
            otherwise): the disk fills at a random point; exit 3 naming "No space left on device".
  signal    SIGTERM to mpirun at a random moment: the run finishes its step, writes a checkpoint.
  walltime  --max-wall-time at a random budget: the same, exit 4.

After every trial that left a checkpoint, the newest one must restart (same rank count) to the
scenario's end and give the reference's stats.csv (timing columns aside), relcp.h5, later
checkpoints and relcp.xmf bit for bit (scripts/kill_restart_check.py's comparison); relcp.h5
must stay readable with no partial snapshot and relcp.xmf may list only snapshots it holds.

Usage: scripts/fault_trials.py [--trials 200] [--kinds inject,tmpfs,signal,walltime]
                               [--ranks 1,2,3] [--seed 1] [--build-dir build] [--json FILE]
Exit 0 when every trial holds, 1 otherwise, 2 on bad usage. Needs /usr/bin/python3 with h5py.
"""

import argparse
import collections
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import types
import xml.etree.ElementTree as ElementTree

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kill_restart_check as krc  # noqa: E402

STOPPED_RE = re.compile(r"stopped at step (\d+) of")
EXIT_STOPPED = 4


def error_line(log_path):
    """The app's own error line ("relcp_sim: ..."), or ''."""
    try:
        with open(log_path, errors="replace") as f:
            lines = [line.rstrip() for line in f if line.startswith("relcp_sim: ")]
    except OSError:
        return ""
    return lines[-1] if lines else ""


def xdmf_problems(run_dir):
    """relcp.xmf must parse and name only snapshot groups that relcp.h5 holds complete."""
    import h5py
    xmf = os.path.join(run_dir, "relcp.xmf")
    h5 = os.path.join(run_dir, "relcp.h5")
    if not os.path.exists(xmf):
        return []
    try:
        root = ElementTree.parse(xmf).getroot()
    except ElementTree.ParseError as error:
        return [f"relcp.xmf does not parse ({error})"]
    groups = {item.text.split(":", 1)[1].rsplit("/", 1)[0] for item in root.iter("DataItem")
              if item.text and ":" in item.text}
    groups = {g[:-len("/contacts")] if g.endswith("/contacts") else g for g in groups}
    problems = []
    try:
        with h5py.File(h5, "r") as f:
            if "partial_snapshot" in f and "snapshots" not in f:
                problems.append("relcp.h5 has no /snapshots")
            for group in sorted(groups):
                if group not in f or "orientation" not in f[group] or "owner" not in f[group]:
                    problems.append(f"relcp.xmf names {group}, which relcp.h5 lacks or holds incomplete")
    except Exception as error:  # noqa: BLE001 -- any read failure is the finding
        problems.append(f"relcp.h5 cannot be read ({str(error).splitlines()[0][:80]})")
    return problems


def runner_for(args, ranks, work):
    ranked = types.SimpleNamespace(**vars(args))
    ranked.ranks = ranks
    return krc.Runner(ranked, work)


class Trials:
    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.rng = random.Random(args.seed)
        self.runners = {r: runner_for(args, r, work) for r in args.rank_counts}
        self.references = {}
        self.reference_wall = {}
        self.results = []
        self.tmpfs_ok = None

    def reference(self, ranks):
        if ranks not in self.references:
            path = os.path.join(self.work, f"reference_{ranks}")
            code, wall = self.runners[ranks].run(self.runners[ranks].command(path), path + ".log")
            if code != 0:
                raise krc.UsageError(f"the reference on {ranks} ranks exited with {code}: {krc.tail(path + '.log', 3)}")
            self.references[ranks], self.reference_wall[ranks] = path, wall
            krc.log(f"reference on {ranks} ranks: {wall:.1f} s, checkpoints at {sorted(krc.checkpoints_in(path))}")
        return self.references[ranks]

    def restart_check(self, trial_dir, run_dir, ranks, label):
        """Problems of a restart from the newest checkpoint of run_dir (none left: no problem)."""
        checkpoints = krc.checkpoints_in(run_dir)
        if not checkpoints:
            return [], None
        step = max(checkpoints)
        problems, _, _ = krc.restart_and_compare(self.runners[ranks], trial_dir, run_dir, step, label,
                                                 self.reference(ranks))
        return problems, step

    def launch(self, ranks, run_dir, log_path, extra=(), env=None, restart=None):
        runner = self.runners[ranks]
        cmd = runner.command(run_dir, restart=restart) + list(extra)
        saved = runner.env
        if env:
            runner.env = dict(saved, **env)
        try:
            return runner.run(cmd, log_path)
        finally:
            runner.env = saved

    def record(self, kind, number, ranks, detail, code, wall, problems, checkpoint_step, message=""):
        self.results.append({"kind": kind, "trial": number, "ranks": ranks, "detail": detail, "exit": code,
                             "wall": round(wall, 2), "checkpoint": checkpoint_step, "message": message,
                             "problems": problems})
        status = "ok" if not problems else "FAILED: " + "; ".join(problems[:3])
        krc.log(f"  {kind} {number:3d} ({ranks} ranks, {detail}): exit {code} after {wall:.1f} s, "
                f"restart from step {checkpoint_step}: {status}")

    # -- the four kinds ------------------------------------------------------------------------

    def inject(self, number):
        ranks = self.rng.choice(self.args.rank_counts)
        reference = self.reference(ranks)
        rank = self.rng.randrange(ranks)
        trial_dir = os.path.join(self.work, f"inject_{number}")
        os.makedirs(trial_dir)
        problems = []
        read_trial = self.rng.random() < self.args.read_fraction
        if read_trial:
            # A read fault while a restart loads its checkpoint: exit 2 (a restart file that cannot
            # be read), every rank alike.
            source = os.path.join(trial_dir, "run")
            shutil.copytree(reference, source)
            checkpoint = krc.checkpoints_in(source)[self.rng.choice(sorted(krc.checkpoints_in(source)))]
            k = self.rng.randint(1, 3)
            detail = f"read:{rank}:{k}"
            log_path = os.path.join(trial_dir, "run.log")
            code, wall = self.launch(ranks, source, log_path, env={"RELCP_INJECT_FAULT": detail}, restart=checkpoint)
            message = error_line(log_path)
            if code != 2:
                problems.append(f"exit {code}, expected 2")
            if "injected fault" not in message or checkpoint not in message:
                problems.append(f"the error line does not name the file and the reason: '{message}'")
            self.record("inject", number, ranks, detail, code, wall, problems, None, message)
            return
        k = self.rng.randint(1, self.args.max_k)
        detail = f"write:{rank}:{k}"
        run_dir = os.path.join(trial_dir, "run")
        log_path = os.path.join(trial_dir, "run.log")
        code, wall = self.launch(ranks, run_dir, log_path, env={"RELCP_INJECT_FAULT": detail})
        message = error_line(log_path)
        if code is None:
            problems.append("HANG (killed at the timeout)")
        elif code == 0:
            detail += " (past the run's last write)"
        elif code != 3:
            problems.append(f"exit {code}, expected 3")
        else:
            if "injected fault" not in message or "/" not in message:
                problems.append(f"the error line does not name the file and the reason: '{message}'")
        if code is not None and wall > self.reference_wall[ranks] + self.args.exit_within:
            problems.append(f"took {wall:.1f} s, the reference {self.reference_wall[ranks]:.1f} s")
        problems += self.files_check(run_dir)
        restart_problems, step = self.restart_check(trial_dir, run_dir, ranks, "last") if code == 3 else ([], None)
        self.record("inject", number, ranks, detail, code, wall, problems + restart_problems, step, message)

    def files_check(self, run_dir):
        problems = xdmf_problems(run_dir)
        state = krc.relcp_h5_state(os.path.join(run_dir, "relcp.h5"))
        if "NOT readable" in state or "incomplete" in state:
            problems.append(f"relcp.h5: {state}")
        leftovers = [p for p in os.listdir(os.path.join(run_dir, "checkpoints")) if p.endswith(".tmp")] \
            if os.path.isdir(os.path.join(run_dir, "checkpoints")) else []
        if leftovers:
            problems.append(f"temporary files left: {leftovers}")
        return problems

    def tmpfs(self, number):
        ranks = self.rng.choice(self.args.rank_counts)
        self.reference(ranks)
        trial_dir = os.path.join(self.work, f"tmpfs_{number}")
        mount_point = os.path.join(trial_dir, "disk")
        os.makedirs(mount_point)
        size_kib = self.rng.randint(200, self.args.tmpfs_max_kib)
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kib}k", "tmpfs", mount_point],
                                 capture_output=True).returncode == 0
        if not mounted:
            if self.tmpfs_ok is None:
                krc.log("  tmpfs: cannot mount a tmpfs here (needs root and mount); tmpfs trials skipped")
            self.tmpfs_ok = False
            return
        self.tmpfs_ok = True
        try:
            run_dir = os.path.join(mount_point, "run")
            log_path = os.path.join(trial_dir, "run.log")
            code, wall = self.launch(ranks, run_dir, log_path)
            message = error_line(log_path)
            problems = []
            if code is None:
                problems.append("HANG (killed at the timeout)")
            elif code not in (0, 3):
                problems.append(f"exit {code}, expected 3 (or 0 when the disk sufficed)")
            elif code == 3 and "No space left on device" not in message:
                problems.append(f"the error line does not give the reason: '{message}'")
            copy = os.path.join(trial_dir, "run")
            shutil.copytree(run_dir, copy)
        finally:
            subprocess.run(["umount", mount_point], capture_output=True)
        problems += self.files_check(copy)
        restart_problems, step = self.restart_check(trial_dir, copy, ranks, "last") if code == 3 else ([], None)
        self.record("tmpfs", number, ranks, f"{size_kib} KiB", code, wall, problems + restart_problems, step, message)

    def stop(self, kind, number):
        ranks = 2 if 2 in self.args.rank_counts else self.args.rank_counts[0]
        self.reference(ranks)
        trial_dir = os.path.join(self.work, f"{kind}_{number}")
        os.makedirs(trial_dir)
        run_dir = os.path.join(trial_dir, "run")
        log_path = os.path.join(trial_dir, "run.log")
        moment = self.rng.uniform(0.2, 0.9) * self.reference_wall[ranks]
        runner = self.runners[ranks]
        problems = []
        if kind == "walltime":
            detail = f"--max-wall-time {moment:.2f}"
            code, wall = runner.run(runner.command(run_dir) + ["--max-wall-time", f"{moment:.2f}"], log_path)
            expected = (EXIT_STOPPED, 0)
        else:
            began = time.monotonic()
            proc, tag = runner.start(runner.command(run_dir), log_path)
            # From the first step on: a signal during MPI's start-up, before relcp_sim is there
            # to handle it, ends the processes with nothing to save.
            stats = os.path.join(run_dir, "stats.csv")
            while not os.path.exists(stats) and proc.poll() is None and time.monotonic() - began < runner.timeout:
                time.sleep(0.01)
            moment = self.rng.uniform(0.0, 0.5) * self.reference_wall[ranks]
            detail = f"SIGTERM {moment:.2f} s after the first step"
            time.sleep(moment)
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
            try:
                code = proc.wait(timeout=runner.timeout)
            except subprocess.TimeoutExpired:
                krc.kill_session(proc.pid)
                proc.wait()
                code = None
            wall = time.monotonic() - began
            if runner.reap(tag):
                problems.append("processes left behind")
            expected = (EXIT_STOPPED, 0, 1, -signal.SIGTERM)  # mpirun's own code when it was signalled
        if code is None:
            problems.append("HANG (killed at the timeout)")
        elif code not in expected:
            problems.append(f"exit {code}")
        stopped = None
        with open(log_path, errors="replace") as f:
            match = STOPPED_RE.search(f.read())
            stopped = int(match.group(1)) if match else None
        header, rows = krc.read_stats(os.path.join(run_dir, "stats.csv"))
        finished = bool(rows) and rows[-1][0] == krc.read_stats(
            os.path.join(self.reference(ranks), "stats.csv"))[1][-1][0]
        if code not in (0, None) and stopped is None and not finished:
            problems.append("no 'stopped at step' line")
        if stopped is None and finished:
            detail += " (after the last step)"
        if stopped is not None and stopped not in krc.checkpoints_in(run_dir):
            problems.append(f"no checkpoint of step {stopped}, where the run stopped")
        restart_problems, step = self.restart_check(trial_dir, run_dir, ranks, "last") if stopped else ([], None)
        self.record(kind, number, ranks, detail, code, wall, problems + restart_problems, step)


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n", 2)[2],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=200, help="inject trials (default 200)")
    parser.add_argument("--tmpfs-trials", type=int, default=10, help="tmpfs trials (default 10)")
    parser.add_argument("--stop-trials", type=int, default=20, help="signal and walltime trials each (default 20)")
    parser.add_argument("--kinds", default="inject,tmpfs,signal,walltime", help="which kinds to run")
    parser.add_argument("--ranks", default="1,2,3", help="rank counts of the inject and tmpfs trials")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-k", type=int, default=400, help="K of write:R:K drawn from 1..this (default 400)")
    parser.add_argument("--read-fraction", type=float, default=0.1, help="share of inject trials on reads")
    parser.add_argument("--tmpfs-max-kib", type=int, default=1500)
    parser.add_argument("--exit-within", type=float, default=10.0,
                        help="a failed run may take this much longer than the reference (default 10 s)")
    parser.add_argument("--scenario", default=krc.DEFAULT_SCENARIO)
    parser.add_argument("--set", dest="sets", action="append", default=None, metavar="KEY.PATH=VALUE")
    parser.add_argument("--build-dir", default=os.path.join(krc.REPO, "build"))
    parser.add_argument("--sim")
    parser.add_argument("--mpirun", default="mpirun")
    parser.add_argument("--timeout", type=float, default=120, help="a run past this is a hang (default 120 s)")
    parser.add_argument("--work-dir")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--json", help="write every trial's result here")
    args = parser.parse_args(argv)
    args.rank_counts = [int(r) for r in args.ranks.split(",")]
    args.kind_list = args.kinds.split(",")
    unknown = set(args.kind_list) - {"inject", "tmpfs", "signal", "walltime"}
    if unknown or min(args.rank_counts) < 1:
        parser.error(f"unknown kinds {sorted(unknown)}" if unknown else "--ranks must be positive")
    if args.sets is None:
        args.sets = list(krc.DEFAULT_SETS)
    args.scenario = os.path.abspath(args.scenario)
    args.sim = os.path.abspath(args.sim or os.path.join(args.build_dir, "bin", "relcp_sim"))
    return args


def main(argv=None):
    args = parse_args(argv)
    if not os.access(args.sim, os.X_OK):
        print(f"fault_trials: {args.sim}: no relcp_sim executable", file=sys.stderr)
        return 2
    work = os.path.abspath(args.work_dir) if args.work_dir else tempfile.mkdtemp(prefix="relcp_fault_trials_")
    os.makedirs(os.path.join(work, "bin"), exist_ok=True)
    args.sim = shutil.copy2(args.sim, os.path.join(work, "bin", "relcp_sim"))
    trials = Trials(args, work)
    began = time.monotonic()
    try:
        krc.log(f"relcp fault trials: {args.scenario} {' '.join('--set ' + s for s in args.sets)}; work {work}")
        if "inject" in args.kind_list:
            for number in range(1, args.trials + 1):
                trials.inject(number)
        if "tmpfs" in args.kind_list:
            for number in range(1, args.tmpfs_trials + 1):
                trials.tmpfs(number)
                if trials.tmpfs_ok is False:
                    break
        for kind in ("signal", "walltime"):
            if kind in args.kind_list:
                for number in range(1, args.stop_trials + 1):
                    trials.stop(kind, number)
    except krc.UsageError as error:
        print(f"fault_trials: {error}", file=sys.stderr)
        return 2
    finally:
        if args.json:
            with open(args.json, "w") as f:
                json.dump(trials.results, f, indent=1)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    summary = collections.Counter()
    for result in trials.results:
        summary[(result["kind"], "failed" if result["problems"] else "ok")] += 1
    hangs = sum(any("HANG" in p for p in r["problems"]) for r in trials.results)
    krc.log(f"\n{len(trials.results)} trials in {time.monotonic() - began:.0f} s, {hangs} hangs:")
    for kind in ("inject", "tmpfs", "signal", "walltime"):
        ok, failed = summary[(kind, "ok")], summary[(kind, "failed")]
        if ok or failed:
            codes = collections.Counter(r["exit"] for r in trials.results if r["kind"] == kind)
            krc.log(f"  {kind:9s} {ok} held, {failed} failed; exit codes {dict(sorted(codes.items(), key=str))}")
    return 1 if any(r["problems"] for r in trials.results) else 0


if __name__ == "__main__":
    sys.exit(main())
