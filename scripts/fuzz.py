#!/usr/bin/python3
"""Mutation fuzzer of relcp's four apps: mutates the shipped inputs at the text level and runs
each app on the mutants under a wall-clock and a memory limit.

Seeds (the inputs that are mutated):
  relcp_sim    configs/*.yaml and configs/small/*.yaml with a top-level `simulation:`
  relcp_dcs    configs/*.yaml with a top-level `problem:` (dlcp_*, stewart_*)
  relcp_lcp    examples/lcp/*.dat (solve FILE) and the *_M.mtx / *_q.mtx pairs
               (solve --matrix M --vector q; one of the two is mutated); the solver is the default
               for 4 mutants in 14, else one of lemke, dantzig, pgs, psor, minmap, fischer, ip,
               bbpgd, apgd, mprgp
  relcp_geom   tests/apps/relcp_geom/*.yaml except bad_* (snsd when the seed has two bodies,
               else, and for 3 mutants in 10, multisphere --count 1|3|5|7|13; 1 for a sphere)
  Mutant k goes to app k mod (number of apps), then a seed of that app is drawn.

How each app runs (always in a fresh temporary folder, deleted afterwards; outputs go there):
  relcp_sim    MUTANT --quiet --output TMP, and either --dry-run (half the mutants, and every
               mutant that touched a steps:, end_time: or dt: line) or a 3-step run
               (--set simulation.steps=3, or simulation.end_time=3*dt for end_time seeds).
               Run as an MPI singleton (no mpirun) with scripts/mpi_env.sh's variables.
  relcp_dcs    MUTANT -o TMP, nothing bounded: the app itself must refuse absurd work.
  OMP_NUM_THREADS=1 for every app (2 jobs on 2 cores).

Mutation operators (1 to 3 per mutant, drawn from random.Random("SEED:K"): deterministic):
  every file   delete_line, duplicate_line, swap_lines, truncate (at a random byte),
               invalid_utf8 (ff, fe ff, c3 28, surrogate ed a0 80, f4 90 80 80, NUL, ...)
  YAML         replace_scalar (a number or a whole value -> 1e308, -1e308, 1e155, 1e-308, 0, -1,
               2147483648, -2147483649, 9223372036854775808, .nan, .inf, -.inf, a string, "",
               [], {}, a nested map, a 10000-element list, 1e999, ~, true, "fu\\nzz", ...),
               splice_value (a value from another seed of the same app: other shapes, methods,
               problem types), absurd_size (1e9, 1e12, 1e-12, ... preferably at count/steps/dx/
               T/h/every/iterations keys), alias_bomb (billion laughs, 9^6..9^9 via anchors),
               indent_line, mangle_key
  .dat / .mtx  replace_number (1e308, nan, inf, 1e999, 0x10, abc, "", ...), header_number
               (sizes 1000000000, 0, -1, n+1, 2147483648, 3037000500, ...), nonfinite_value,
               index_out_of_range (0, -1, n+1, 1e9 in coordinate entries), entry_count,
               banner (the %%MatrixMarket words)

Checks. A run FAILS when it
  crash           is killed by a signal
  hang            runs past --timeout (its process group is killed)
  memory bomb     has a process tree whose RSS (VmRSS, polled every <= 50 ms) passes --memory-limit
  disk bomb       writes more than --disk-limit into its folder
  bad exit code   exits with a code other than 0, 2, 3
  internal error  exits 3 with "internal error", "std::", "bad_alloc" or "terminate called"
  bad message     exits 2 without exactly one non-empty stderr line "APP: ..." naming the input
                  file (path or file name; for an .mtx pair either file)
Soft findings (counted, listed, not failures unless --strict):
  message without line/key  exit 2, but the line is not "APP: FILE:LINE: key.path: ..."
                            (YAML syntax errors and empty files need no key, but a line)
  stdout not JSON           relcp_lcp (exit 0/3) or relcp_geom (exit 0) printed no single JSON line
Peak RSS is also recorded (the polled tree sum, or wait4's ru_maxrss when larger).
RLIMIT_AS (--address-space-limit) is set for relcp_dcs, relcp_lcp and relcp_geom only (OpenMPI
maps large virtual regions), RLIMIT_CPU = 3 x timeout + 10 s for all as a backstop.

Output (--out): summary.json (counts per app and outcome, failure classes deduplicated by app,
outcome and message shape, with a reproducer each), runs.csv (every run), failures/ID-APP-OUTCOME/
(the mutant, the unmutated partner file of an .mtx pair, mutation.txt with the operators and a
diff from the seed, stderr.txt, stdout.txt, repro.sh). A table per app and outcome is printed.

Exit status: 0 no failure, 1 failures, 2 bad usage.
"""
import argparse
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fuzzing import mutators, report, runner, seeds, verdict  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def parse_args(argv):
    p = argparse.ArgumentParser(prog="fuzz.py", description=__doc__.split("\n\n")[0],
                                epilog=__doc__.split("\n\n", 1)[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build-dir", default="build",
                   help="build folder holding bin/relcp_* (or the folder of the executables itself); "
                        "relative to the current folder, else to the checkout (default: build)")
    p.add_argument("--count", type=int, default=600, help="number of mutants (default 600)")
    p.add_argument("--seed", type=int, default=1, help="random seed: same seed, same mutants (default 1)")
    p.add_argument("--jobs", type=int, default=2, help="runs at a time (default 2)")
    p.add_argument("--timeout", type=float, default=20, help="wall-clock seconds per run (default 20)")
    p.add_argument("--memory-limit", type=int, default=2048,
                   help="MiB of resident memory of a run's process tree before it is killed (default 2048)")
    p.add_argument("--address-space-limit", type=int, default=None,
                   help="RLIMIT_AS in MiB for relcp_dcs, relcp_lcp, relcp_geom (default 4 x --memory-limit; "
                        "0: none); never for relcp_sim")
    p.add_argument("--disk-limit", type=int, default=1024,
                   help="MiB a run may write into its folder (default 1024)")
    p.add_argument("--apps", default=",".join(seeds.APPS),
                   help="comma-separated subset of %s (default: all)" % ", ".join(seeds.APPS))
    p.add_argument("--out", default=None,
                   help="folder for summary.json, runs.csv and failures/ (default: BUILD_DIR/fuzz-out); "
                        "its old summary.json, runs.csv and failures/ are replaced")
    p.add_argument("--strict", action="store_true", help="soft findings count as failures too")
    p.add_argument("--quiet", action="store_true", help="no progress lines; only the summary")
    args = p.parse_args(argv)
    problems = []
    if args.count < 1:
        problems.append("--count must be >= 1")
    if args.jobs < 1:
        problems.append("--jobs must be >= 1")
    if args.timeout <= 0:
        problems.append("--timeout must be > 0")
    if args.memory_limit < 16:
        problems.append("--memory-limit must be >= 16 MiB")
    args.apps = [a.strip() for a in args.apps.split(",") if a.strip()]
    unknown = [a for a in args.apps if a not in seeds.APPS]
    if unknown or not args.apps:
        problems.append("--apps: unknown app(s) %s (choose from %s)" % (", ".join(unknown) or "none", ", ".join(seeds.APPS)))
    if problems:
        p.error("; ".join(problems))
    if args.address_space_limit is None:
        args.address_space_limit = 4 * args.memory_limit
    return args


def find_binaries(build_dir, apps):
    """{app: path}; waits up to 60 s for a binary that is being rebuilt."""
    cands = [build_dir] if os.path.isabs(build_dir) else [os.path.abspath(build_dir), os.path.join(ROOT, build_dir)]
    for base in cands:
        for sub in ("bin", ""):
            folder = os.path.join(base, sub)
            if os.path.isdir(folder) and any(os.path.exists(os.path.join(folder, a)) for a in apps):
                paths = {a: os.path.join(folder, a) for a in apps}
                deadline = time.monotonic() + 60
                while time.monotonic() < deadline and not all(os.access(p, os.X_OK) for p in paths.values()):
                    time.sleep(2)
                missing = [p for p in paths.values() if not os.access(p, os.X_OK)]
                if missing:
                    sys.stderr.write("fuzz.py: missing executable(s): %s\n" % ", ".join(missing))
                    sys.exit(2)
                return paths, base
    sys.stderr.write("fuzz.py: --build-dir %s: no relcp executables found (looked in %s)\n"
                     % (build_dir, ", ".join(cands)))
    sys.exit(2)


def plan(args, all_seeds):
    """The mutants: [(id, seed, text, operators)], deterministic given --seed."""
    dictionaries = {app: mutators.dictionary(all_seeds[app]) for app in args.apps}
    mutants = []
    for k in range(args.count):
        rng = random.Random("%d:%d" % (args.seed, k))
        app = args.apps[k % len(args.apps)]
        seed = rng.choice(all_seeds[app])
        text, ops = mutators.mutate(seed, rng, dictionaries[app])
        mutants.append((k, seed, text, ops))
    return mutants


def run_one(k, seed, text, ops, args, binaries, work_root, out_dir):
    folder = os.path.join(work_root, "r%05d" % k)
    work = os.path.join(folder, "work")
    os.makedirs(work)
    mutant = os.path.join(folder, seed.name)
    with open(mutant, "wb") as f:
        f.write(text.encode("latin-1"))
    outdir = os.path.join(work, "out")
    argv, mode, extra_env = seeds.command(seed, mutant, text, binaries, outdir, random.Random("%d:%d:cmd" % (args.seed, k)))
    env = dict(os.environ, OMP_NUM_THREADS="1", OMP_WAIT_POLICY="PASSIVE", TMPDIR=work, **extra_env)
    aslimit = 0 if seed.app == "relcp_sim" else args.address_space_limit * 1024
    for attempt in range(3):
        result = runner.run(argv, work, folder, env, "%d-%d-%d" % (os.getpid(), k, attempt), args.timeout,
                            args.memory_limit * 1024, aslimit, args.disk_limit << 20)
        if result.returncode not in (126, 127) or os.access(binaries[seed.app], os.X_OK):
            break
        time.sleep(10)  # the executable is being rebuilt
    files = [mutant] + ([seed.partner] if seed.partner else [])
    outcome, detail = verdict.judge(result, seed.app, files)
    rec = {"id": k, "app": seed.app, "seed": os.path.relpath(seed.path, ROOT), "mode": mode, "ops": ops,
           "outcome": outcome, "detail": detail, "returncode": result.returncode, "wall": result.wall,
           "peak_rss_kib": result.peak_rss_kib, "message": report.first_line(result.stderr),
           "stderr": result.stderr, "stdout": result.stdout, "argv": argv, "files": files, "outdir": outdir,
           "mutant": mutant}
    failing = outcome in verdict.FAILURES or (args.strict and outcome in verdict.SOFT)
    if out_dir and (failing or outcome in verdict.SOFT):
        saved = report.save_failure(rec, text, seed, out_dir)
        rec["folder"] = saved
        rec["reproducer"] = "cd %s && ./repro.sh   # %s" % (saved, report.reproducer(rec, saved))
    shutil.rmtree(folder, ignore_errors=True)
    return rec


def on_sigterm(signum, frame):
    runner.kill_all()
    raise KeyboardInterrupt


def main(argv):
    args = parse_args(argv)
    binaries, build_dir = find_binaries(args.build_dir, args.apps)
    all_seeds = seeds.discover(ROOT)
    for app in args.apps:
        if not all_seeds[app]:
            sys.stderr.write("fuzz.py: no seed inputs for %s under %s\n" % (app, ROOT))
            return 2
    out_dir = os.path.abspath(args.out) if args.out else os.path.join(build_dir, "fuzz-out")
    os.makedirs(out_dir, exist_ok=True)
    shutil.rmtree(os.path.join(out_dir, "failures"), ignore_errors=True)
    mutants = plan(args, all_seeds)
    work_root = tempfile.mkdtemp(prefix="relcp_fuzz_")
    signal.signal(signal.SIGTERM, on_sigterm)
    records, start, interrupted = [], time.monotonic(), False
    if not args.quiet:
        print("fuzz.py: %d mutants of %s, seed %d, %d jobs, timeout %g s, memory %d MiB; out: %s"
              % (args.count, ", ".join(args.apps), args.seed, args.jobs, args.timeout, args.memory_limit, out_dir),
              flush=True)
    pool = ThreadPoolExecutor(max_workers=args.jobs)
    try:
        futures = [pool.submit(run_one, k, s, t, o, args, binaries, work_root, out_dir) for k, s, t, o in mutants]
        for fut in as_completed(futures):
            records.append(fut.result())
            n = len(records)
            if not args.quiet and (n % 100 == 0 or n == args.count):
                bad = sum(1 for r in records if r["outcome"] in verdict.FAILURES)
                print("[%d/%d] %.0f s, %d failures so far" % (n, args.count, time.monotonic() - start, bad), flush=True)
    except KeyboardInterrupt:
        interrupted = True
        pool.shutdown(wait=False, cancel_futures=True)
        runner.kill_all()
        print("fuzz.py: interrupted after %d runs" % len(records), file=sys.stderr)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(work_root, ignore_errors=True)
    records.sort(key=lambda r: r["id"])
    report.write_csv(records, os.path.join(out_dir, "runs.csv"))
    config = {k: getattr(args, k) for k in ("count", "seed", "jobs", "timeout", "memory_limit",
                                            "address_space_limit", "disk_limit", "apps", "strict")}
    config.update(binaries=binaries, seconds=round(time.monotonic() - start, 1), interrupted=interrupted)
    data = report.summary(records, args.apps, config, out_dir)
    print(report.table_text(data["counts"]))
    for cls in data["classes"]:
        soft = cls["outcome"] in verdict.SOFT
        print("%s %s x%d: %s" % ("soft" if soft else "FAIL", cls["key"], cls["count"], cls["message"][:160]))
        if cls["reproducer"] and not (soft and args.quiet):
            print("    " + cls["reproducer"])
    failures = data["failures"] + (data["soft"] if args.strict else 0)
    print("fuzz.py: %d runs in %.0f s, %d failures, %d soft findings; %s"
          % (len(records), time.monotonic() - start, data["failures"], data["soft"],
             os.path.join(out_dir, "summary.json")))
    return 1 if failures or interrupted else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
