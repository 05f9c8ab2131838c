#!/usr/bin/env bash
# Throughput of the contact-free particle pipeline (apps/bench/particles_throughput.cpp): body-
# steps per second for 10^5 spheres on 1 and 2 MPI ranks (one OpenMP thread each), with and
# without the ghost exchange + neighbour search, and the 2-rank speedups. Each configuration runs
# REPEATS times; the best run counts (the least disturbed on a shared machine).
#
#   scripts/bench_particles.sh [extra particles_throughput args, e.g. --steps 100]
#
# Speedups are given by wall time and by CPU time (the busiest rank's CPU seconds): on a
# dedicated machine they agree; on a shared one only the CPU figure means something (add
# MPIRUN_ARGS="--bind-to none --mca mpi_yield_when_idle 1" there, so that a rank waiting for a
# descheduled partner does not spin).
#
# Writes one JSON line per run to $RELCP_RESULTS_DIR/particles_throughput.jsonl and a summary on
# stdout. Environment: RELCP_BUILD_DIR (default build), RELCP_RESULTS_DIR (default results),
# REPEATS (default 3), BODIES (default 100000), RELCP_JOBS (build parallelism, default nproc),
# MPIRUN_ARGS (default "--bind-to none").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/mpi_env.sh
build_dir=${RELCP_BUILD_DIR:-build}
results=${RELCP_RESULTS_DIR:-results}
repeats=${REPEATS:-3}
bodies=${BODIES:-100000}
read -r -a mpirun_args <<<"${MPIRUN_ARGS:---bind-to none}"
if [[ ! -f "$build_dir/build.ninja" ]]; then
  RELCP_BUILD_DIR=$build_dir RELCP_SKIP_BUILD=1 ./scripts/setup.sh
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$build_dir" --target particles_throughput --parallel "${RELCP_JOBS:-$(nproc)}"
mkdir -p "$results"
out="$results/particles_throughput.jsonl"
: >"$out"
export OMP_NUM_THREADS=1

for search in "" "--no-search"; do
  for ranks in 1 2; do
    for ((k = 0; k < repeats; ++k)); do
      # shellcheck disable=SC2086
      mpirun -np "$ranks" "${mpirun_args[@]}" "$build_dir/bin/particles_throughput" \
        --bodies "$bodies" $search "$@" >>"$out"
    done
  done
done

python3 - "$out" <<'PY'
import json, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
for search in (True, False):
    best = {}
    for ranks in (1, 2):
        mine = [r for r in runs if r["ranks"] == ranks and r["search"] == search]
        best[ranks] = (min(r["seconds"] for r in mine), min(r["cpu_seconds"] for r in mine))
        work = mine[0]["bodies"] * mine[0]["steps"]
        print(f"{'with' if search else 'without'} search, {ranks} rank(s): "
              f"{work / best[ranks][0]:.3e} body-steps/s (wall), "
              f"{work / best[ranks][1]:.3e} body-steps/s (CPU of the busiest rank)")
    print(f"  2-rank speedup: {best[1][0] / best[2][0]:.2f}x by wall time, "
          f"{best[1][1] / best[2][1]:.2f}x by CPU time")
PY
echo "bench_particles: runs in $out"
