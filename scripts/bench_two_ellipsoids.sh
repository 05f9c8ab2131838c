#!/usr/bin/env bash
# Contacting ellipsoids, paper Fig. 3 / Table 1 (docs/results.md "Contacting ellipsoids"):
# ReLCP at dt = 1e-1 .. 1e-4 and multisphere (LCP-MS) with 3 .. 27 spheres per body, all on
# configs/two_ellipsoids.yaml to t = 500, snapshots every SAMPLE time units; then
# scripts/two_ellipsoids_table.py writes table1.json (L2 errors against the finest ReLCP run) and
# fig3.png into the results directory.
#
#   scripts/bench_two_ellipsoids.sh            # full study (the dt = 1e-4 run dominates)
#   scripts/bench_two_ellipsoids.sh --quick    # dt = 1e-1 .. 1e-3, MS at dt = 1e-2 (minutes)
#   scripts/bench_two_ellipsoids.sh --table-only   # only redo the table and the figure
#
# Environment:
#   RELCP_BUILD_DIR    build directory with bin/relcp_sim (default build)
#   RELCP_RESULTS_DIR  output root (default results/two_ellipsoids; --quick: .../two_ellipsoids_quick)
#   MS_DT              time step of the multisphere runs (default 1e-3; --quick 1e-2). The paper ran
#                      them at 1e-5; 1e-4 costs about as much as the ReLCP dt = 1e-4 run per count.
#   RELCP_DTS          ReLCP time steps (default "1e-1 1e-2 1e-3 1e-4"; --quick "1e-1 1e-2 1e-3")
#   MS_COUNTS          sphere counts (default "3 7 13 17 23 27")
#   SAMPLE             snapshot interval in time units (default 0.1)
#   END_TIME           final time (default 500: separation is at ~400; docs/results.md)
#   JOBS               runs at once (default nproc); every run uses OMP_NUM_THREADS=1
#   NICE               niceness of the runs (default 10)
#   ONLY               run only these run names (e.g. "relcp_dt1e-4"), then make the table
#   FORCE=1            redo runs that already finished (otherwise they are kept and reused)
# The runs use a copy of the binary (RESULTS/bin/relcp_sim), made at the start. A run
# directory holds the simulator's output plus run.log, command.txt, binary.sha256, wall_seconds
# and done (written only when the run exited 0).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
table_only=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    --table-only) table_only=1 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "bench_two_ellipsoids: unknown argument $arg" >&2; exit 2 ;;
  esac
done

build_dir=${RELCP_BUILD_DIR:-build}
sim="$build_dir/bin/relcp_sim"
config=configs/two_ellipsoids.yaml
if ((quick)); then
  results=${RELCP_RESULTS_DIR:-results/two_ellipsoids_quick}
  relcp_dts=${RELCP_DTS:-"1e-1 1e-2 1e-3"}
  ms_dt=${MS_DT:-1e-2}
else
  results=${RELCP_RESULTS_DIR:-results/two_ellipsoids}
  relcp_dts=${RELCP_DTS:-"1e-1 1e-2 1e-3 1e-4"}
  ms_dt=${MS_DT:-1e-3}
fi
ms_counts=${MS_COUNTS:-"3 7 13 17 23 27"}
sample=${SAMPLE:-0.1}
end_time=${END_TIME:-500}
jobs=${JOBS:-$(nproc)}
niceness=${NICE:-10}
python=/usr/bin/python3
[[ -x $python ]] || python=python3

# snapshot_every = SAMPLE / dt as a whole number of steps
every() {
  awk -v s="$sample" -v d="$1" 'BEGIN { n = s / d; r = int(n + 0.5); if (r < 1 || (n - r) > 1e-6 || (r - n) > 1e-6) exit 1; print r }' ||
    { echo "bench_two_ellipsoids: SAMPLE=$sample is not a multiple of dt=$1" >&2; exit 2; }
}

# name|strategy|dt|count, longest runs first so that they start first
runs=()
for dt in $relcp_dts; do runs+=("relcp_dt$dt|relcp|$dt|13"); done
for n in $ms_counts; do runs+=("ms$(printf %02d "$n")_dt$ms_dt|multisphere|$ms_dt|$n"); done
mapfile -t runs < <(printf '%s\n' "${runs[@]}" | awk -F'|' '{ printf "%.12g %s\n", -1 / $3, $0 }' | sort -g -s -k1,1 | cut -d' ' -f2-)

run_one() {
  local name=$1 strategy=$2 dt=$3 count=$4
  local dir="$results/$name"
  if [[ -f $dir/done && ${FORCE:-0} != 1 ]]; then
    echo "[$(date -u +%T)] $name: done already, kept"
    return 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  local cmd=(env OMP_NUM_THREADS=1 nice -n "$niceness" "$sim_copy" "$config"
    --set "simulation.dt=$dt" --set "simulation.end_time=$end_time"
    --set "simulation.output.snapshot_every=$(every "$dt")" --set simulation.output.checkpoint_every=0
    --set "collision.strategy=$strategy" --set "collision.multisphere_count=$count"
    --output "$dir")
  printf '%q ' "${cmd[@]}" >"$dir/command.txt"
  echo >>"$dir/command.txt"
  echo "$sim_sha  $sim (copied to $sim_copy)" >"$dir/binary.sha256"
  echo "[$(date -u +%T)] $name: start"
  local start=$SECONDS rc=0
  "${cmd[@]}" >"$dir/run.log" 2>&1 || rc=$?
  echo $((SECONDS - start)) >"$dir/wall_seconds"
  if ((rc == 0)); then
    touch "$dir/done"
    echo "[$(date -u +%T)] $name: finished in $((SECONDS - start)) s"
  else
    echo "[$(date -u +%T)] $name: FAILED (exit $rc), see $dir/run.log" >&2
  fi
  return $rc
}

if ((!table_only)); then
  [[ -x $sim ]] || { echo "bench_two_ellipsoids: $sim not found (RELCP_BUILD_DIR)" >&2; exit 2; }
  mkdir -p "$results/bin"
  # Run a private copy, so that a rebuild of $build_dir during the study cannot mix binaries.
  sim_copy="$results/bin/relcp_sim"
  cp -p "$sim" "$sim_copy.tmp" && mv -f "$sim_copy.tmp" "$sim_copy"
  sim_sha=$(sha256sum "$sim_copy" | cut -d' ' -f1)
  {
    echo "date: $(date -u +%FT%TZ)"
    echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
    echo "loadavg at start: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "binary: $sim ($(date -u -r "$sim" +%FT%TZ), sha256 $sim_sha)"
    echo "jobs: $jobs, MS_DT: $ms_dt, SAMPLE: $sample, END_TIME: $end_time"
  } >"$results/machine.txt"
  failed=0
  running=0
  for entry in "${runs[@]}"; do
    IFS='|' read -r name strategy dt count <<<"$entry"
    if [[ -n ${ONLY:-} && " $ONLY " != *" $name "* ]]; then continue; fi
    while ((running >= jobs)); do
      wait -n || failed=1
      running=$((running - 1))
    done
    run_one "$name" "$strategy" "$dt" "$count" &
    running=$((running + 1))
  done
  while ((running > 0)); do
    wait -n || failed=1
    running=$((running - 1))
  done
  ((failed == 0)) || echo "bench_two_ellipsoids: some runs failed; the table uses the finished ones" >&2
fi

"$python" scripts/two_ellipsoids_table.py "$results" --sample "$sample"
