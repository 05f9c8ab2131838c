#!/usr/bin/env bash
# The compacting ellipsoid suspension of the ReLCP paper (Palmer et al. 2025, Sec. 4.2, Fig. 4 a-d,
# Table 2; docs/results.md): ReLCP against LCP-MS with 3, 7, 13, 17, 23 sub-spheres at dt = 0.01
# and 0.1 (configs/compaction.yaml: 10,000 ellipsoids at volume fraction 0.25%), then
# scripts/compaction_figures.py draws Fig. 4 and writes Table 2.
#
#   scripts/bench_compaction.sh                  # the paper's set-up (days on 2 cores: use a cap)
#   BODIES=1000 END_TIME=400 CAP_SECONDS=3600 scripts/bench_compaction.sh
#   scripts/bench_compaction.sh --quick          # configs/small/compaction_small.yaml, ~1 minute
#   scripts/bench_compaction.sh --figures-only   # redraw from the runs already there
#   scripts/bench_compaction.sh -h               # this text
#
# Environment:
#   CONFIG        the scenario (default configs/compaction.yaml; --quick:
#                 configs/small/compaction_small.yaml)
#   BODIES        number of ellipsoids (default: the scenario's, 10,000). When given, the cube of
#                 the centres is scaled to keep the paper's volume fraction 0.25%:
#                 side = 322.4 (BODIES / 10000)^(1/3), centred at the origin.
#   DT            time steps (default "0.01 0.1"; --quick: "0.05 0.1")
#   STRATEGIES    default "relcp ms3 ms7 ms13 ms17 ms23" (--quick: "relcp ms3 ms7 ms13"); msK is
#                 multisphere with K spheres, K odd. ReLCP runs first at each dt.
#   END_TIME | STEPS   run length (default: the scenario's; --quick: END_TIME=20). END_TIME gives
#                 both time steps the same physical time; STEPS the same number of steps.
#   CAP_SECONDS   wall-time cap per run (default 0 = none; --quick: 60). A capped run counts as
#                 terminated early (like the paper's MS-27); the analysis compares it with
#                 ReLCP on the time range it reached.
#   RANKS (2), OMP_NUM_THREADS (1), MPIRUN_ARGS ("--bind-to none"), NICE (0), SNAPSHOT_EVERY,
#   CHECKPOINT_EVERY (0), RELCP_BUILD_DIR (build), RELCP_RESULTS_DIR (results), PYTHON.
#
# Output: $RELCP_RESULTS_DIR/compaction/ (--quick: compaction_quick/): runs/dt_<dt>/<name>/
# (relcp_sim's stats.csv, relcp.h5, relcp.xmf, log.txt, run.json), table2.json, table2.md,
# fig4.png. The paper used 2 MPI ranks x 32 threads: compare ratios and counts, not seconds.
# The figures and tables cover every run under runs/: a run of an earlier invocation that is
# not repeated stays in (one strategy can be rerun, e.g. with a larger cap); delete
# runs/<name> to drop it.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench_compaction

source scripts/bench_arguments.sh
parse_bench_arguments "$0" "$@"
if ((quick)); then
  config=${CONFIG:-configs/small/compaction_small.yaml}
  read -r -a dt_list <<<"${DT:-0.05 0.1}"
  read -r -a strategies <<<"${STRATEGIES:-relcp ms3 ms7 ms13}"
  [[ -n "${STEPS:-}" ]] || export END_TIME=${END_TIME:-20}
  export CAP_SECONDS=${CAP_SECONDS:-60}
  out_name=compaction_quick
else
  config=${CONFIG:-configs/compaction.yaml}
  read -r -a dt_list <<<"${DT:-0.01 0.1}"
  read -r -a strategies <<<"${STRATEGIES:-relcp ms3 ms7 ms13 ms17 ms23}"
  out_name=compaction
fi
source scripts/bench_large_common.sh
python=$(large_python)
out="$results_dir/$out_name"

if ((!figures_only)); then
  large_check_settings "${strategies[@]}"
  large_ensure_app
  [[ -f "$config" ]] || large_die "$config not found"
  body_sets=()
  if [[ -n "${BODIES:-}" ]]; then
    half=$(awk -v n="$BODIES" 'BEGIN { printf "%.6g", 0.5 * 322.4 * (n / 10000) ^ (1 / 3) }')
    body_sets=(--set "generators[0].count=$BODIES"
               --set "generators[0].region={lower: [-$half, -$half, -$half], upper: [$half, $half, $half]}")
  fi
  read -r -a output_sets <<<"$(large_output_sets)"
  # Validate every run first (a bad override should not surface after hours of runs).
  for dt in "${dt_list[@]}"; do
    read -r -a duration <<<"$(large_duration_sets "$config" "$dt")"
    for name in "${strategies[@]}"; do
      read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
      large_check "$config" --set "simulation.dt=$dt" "${duration[@]}" "${strategy_sets[@]}" \
        "${body_sets[@]}" "${output_sets[@]}"
    done
  done
  echo "$bench_name: $config, ${BODIES:-all} bodies, dt ${dt_list[*]}, ${strategies[*]};" \
    "$ranks ranks x $OMP_NUM_THREADS threads, cap ${cap_seconds} s per run"
  for dt in "${dt_list[@]}"; do
    read -r -a duration <<<"$(large_duration_sets "$config" "$dt")"
    ordered=()   # ReLCP first: it is the reference of every comparison
    for name in "${strategies[@]}"; do [[ $name != relcp ]] || ordered+=("$name"); done
    for name in "${strategies[@]}"; do [[ $name == relcp ]] || ordered+=("$name"); done
    for name in "${ordered[@]}"; do
      read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
      large_run "$name" "$out/runs/dt_$dt/$name" "$dt" "$config" --set "simulation.dt=$dt" \
        "${duration[@]}" "${strategy_sets[@]}" "${body_sets[@]}" "${output_sets[@]}"
    done
  done
  large_require_runs
fi
# Every run under runs/ is drawn: runs of earlier invocations that were not repeated stay in.
"$python" scripts/compaction_figures.py "$out/runs" --out "$out"

cat <<EOM
$bench_name: outputs in $out/
  table2.json, table2.md   final constraint counts and ReLCP speedups per dt (Table 2)
  fig4.png                 runtime relative to ReLCP and constraint counts vs time (Fig. 4 a-d)
  runs/dt_<dt>/<name>/     stats.csv, relcp.h5 + relcp.xmf (ParaView), log.txt, run.json
EOM
