#!/usr/bin/env bash
# ReLCP contact step time as the body count grows (apps/bench/contact_step_scaling.cpp): packings
# of N ellipsoids (radii 1, 1, 2) for N = 1e3, 3e3, 1e4, 3e4, 1e5 on 1 and 2 MPI ranks (one
# OpenMP thread each); per-step detection / assembly / solve seconds, constraints, ReLCP and
# solver iterations. docs/benchmarks.md, section "Contact step scaling", has results.
#
#   scripts/bench_contact_scaling.sh [extra contact_step_scaling args]
#
# Writes every run (one JSON object each, with the load average at its start and end) to
# $RELCP_RESULTS_DIR/contact_scaling.json (a JSON array) and prints a table plus the growth
# exponent of the step time (least-squares fit of log t against log N; by wall time and by the
# CPU time of the busiest rank, the usable figure on a shared machine).
#
# Environment: RELCP_BUILD_DIR (default build), RELCP_RESULTS_DIR (default results),
# RELCP_BENCH_BIN (a contact_step_scaling binary to run instead of building one, e.g. a copy
# kept from before a change), SIZES (default "1000 3000 10000 30000 100000"), RANKS (default
# "1 2"), STEPS (timed steps, default 5; sizes >= 1e5 run LARGE_STEPS, default 3), WARMUP
# (default 3; LARGE_WARMUP for >= 1e5, default 2), RELCP_JOBS (build parallelism, default
# nproc), MPIRUN_ARGS (default "--bind-to none").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_env.sh
build_dir=${RELCP_BUILD_DIR:-build}
results=${RELCP_RESULTS_DIR:-results}
sizes=${SIZES:-1000 3000 10000 30000 100000}
ranks_list=${RANKS:-1 2}
read -r -a mpirun_args <<<"${MPIRUN_ARGS:---bind-to none}"
binary=${RELCP_BENCH_BIN:-}
if [[ -z "$binary" ]]; then
  if [[ ! -f "$build_dir/build.ninja" ]]; then
    RELCP_BUILD_DIR=$build_dir RELCP_SKIP_BUILD=1 ./scripts/setup.sh
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build "$build_dir" --target contact_step_scaling --parallel "${RELCP_JOBS:-$(nproc)}"
  binary=$build_dir/bin/contact_step_scaling
fi
mkdir -p "$results"
lines=$(mktemp)
trap 'rm -f "$lines"' EXIT
export OMP_NUM_THREADS=1

for ranks in $ranks_list; do
  for n in $sizes; do
    steps=${STEPS:-5}
    warmup=${WARMUP:-3}
    if ((n >= 100000)); then
      steps=${LARGE_STEPS:-3}
      warmup=${LARGE_WARMUP:-2}
    fi
    echo "contact_step_scaling: N = $n, $ranks rank(s), load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    mpirun -np "$ranks" "${mpirun_args[@]}" "$binary" --bodies "$n" --steps "$steps" \
      --warmup-steps "$warmup" --json "$lines" "$@" >/dev/null
  done
done

python3 - "$lines" "$results/contact_scaling.json" <<'PY'
import json, math, sys
runs = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
json.dump(runs, open(sys.argv[2], "w"), indent=1)
print("ranks  bodies  constraints  relcp_it  solver_it  detection_s  assembly_s  solve_s  step_wall_s  step_cpu_s  us_cpu_per_body  load")
for r in runs:
    m = r["mean"]
    print(f"{r['ranks']:5d} {r['bodies']:7d} {m['constraints']:12.0f} {m['relcp_iterations']:9.2f} "
          f"{m['solver_iterations']:10.1f} {m['detection_seconds']:12.4f} {m['assembly_seconds']:11.4f} "
          f"{m['solve_seconds']:8.4f} {m['resolve_seconds']:12.4f} {m['resolve_cpu_seconds']:11.4f} "
          f"{1e6 * m['resolve_cpu_seconds'] / r['bodies']:16.1f}  {r['loadavg_start']:.1f}-{r['loadavg_end']:.1f}")

def slope(points):
    xs = [math.log(x) for x, _ in points]
    ys = [math.log(y) for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)

for ranks in sorted({r["ranks"] for r in runs}):
    mine = [r for r in runs if r["ranks"] == ranks]
    if len({r["bodies"] for r in mine}) < 2:
        continue
    wall = slope([(r["bodies"], r["mean"]["resolve_seconds"]) for r in mine])
    cpu = slope([(r["bodies"], r["mean"]["resolve_cpu_seconds"]) for r in mine])
    per_iteration = slope([(r["bodies"], r["mean"]["resolve_cpu_seconds"] /
                            max(r["mean"]["solver_iterations"], 1.0)) for r in mine])
    print(f"{ranks} rank(s): step time ~ N^{wall:.2f} (wall), N^{cpu:.2f} (CPU); "
          f"CPU per solver iteration ~ N^{per_iteration:.2f}")
PY
echo "bench_contact_scaling: runs in $results/contact_scaling.json" >&2
