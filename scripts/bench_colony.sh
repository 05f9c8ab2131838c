#!/usr/bin/env bash
# The growing bacterial colony of the ReLCP paper (Palmer et al. 2025, Sec. 4.3, Fig. 5, Table 3;
# docs/results.md): ReLCP against LCP-MS with 5, 7, 17, 27 sub-spheres per cell
# (configs/colony.yaml: one founder cell, 17 generations to 131,072 cells), then
# scripts/colony_figures.py draws Fig. 5 b-c and writes Table 3, and scripts/render_colony.py
# draws the colony like Fig. 5a (left half MS-7, right half ReLCP) with matplotlib.
#
#   END_TIME=8.3 CAP_SECONDS=3600 scripts/bench_colony.sh   # 12 generations, at most 1 h per run
#   scripts/bench_colony.sh                     # the paper's 17 generations (days on 2 cores)
#   scripts/bench_colony.sh --quick             # configs/small/colony_small.yaml, ~1 minute
#   scripts/bench_colony.sh --figures-only      # redraw from the runs already there
#   scripts/bench_colony.sh -h                  # this text
#
# Environment:
#   CONFIG        the scenario (default configs/colony.yaml; --quick:
#                 configs/small/colony_small.yaml)
#   STRATEGIES    default "relcp ms5 ms7 ms17 ms27" (--quick: the same); msK is multisphere with
#                 K spheres per cell, K odd. ReLCP runs first.
#   END_TIME | STEPS   run length (default: the scenario's, 17 ln 2). n generations take n ln 2.
#   CAP_SECONDS   wall-time cap per run (default 0 = none; --quick: 20). A capped run counts as
#                 terminated early (the paper stopped MS-17 and MS-27 early); Table 3 and the
#                 speedup use the times it reached.
#   DT            time step (default: the scenario's, 0.01)
#   SNAPSHOT_EVERY  default 50 steps (the picture needs the last common snapshot of MS-7 and
#                 ReLCP; the scenario's 10 writes a lot at 10^5 cells)
#   RANKS (2), OMP_NUM_THREADS (1), MPIRUN_ARGS ("--bind-to none"), NICE (0),
#   CHECKPOINT_EVERY (0), RELCP_BUILD_DIR (build), RELCP_RESULTS_DIR (results), PYTHON.
#
# Output: $RELCP_RESULTS_DIR/colony/ (--quick: colony_quick/): runs/<name>/ (stats.csv,
# relcp.h5, relcp.xmf, log.txt, run.json), fig5bc.png, table3.json, table3.md, fig5a.png.
# The paper used 2 MPI ranks x 32 threads: compare ratios and counts, not seconds.
# The figures and tables cover every run under runs/: a run of an earlier invocation that is
# not repeated stays in (one strategy can be rerun, e.g. with a larger cap); delete
# runs/<name> to drop it.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench_colony

source scripts/bench_arguments.sh
parse_bench_arguments "$0" "$@"
read -r -a strategies <<<"${STRATEGIES:-relcp ms5 ms7 ms17 ms27}"
export SNAPSHOT_EVERY=${SNAPSHOT_EVERY:-50}
if ((quick)); then
  config=${CONFIG:-configs/small/colony_small.yaml}
  export CAP_SECONDS=${CAP_SECONDS:-20}
  out_name=colony_quick
else
  config=${CONFIG:-configs/colony.yaml}
  out_name=colony
fi
source scripts/bench_large_common.sh
python=$(large_python)
out="$results_dir/$out_name"
dt=${DT:-}

if ((!figures_only)); then
  large_check_settings "${strategies[@]}"
  large_ensure_app
  [[ -f "$config" ]] || large_die "$config not found"
  read -r -a output_sets <<<"$(large_output_sets)"
  read -r -a duration <<<"$(large_duration_sets "$config" "$dt")"
  dt_sets=()
  [[ -z "$dt" ]] || dt_sets=(--set "simulation.dt=$dt")
  ordered=()
  for name in "${strategies[@]}"; do [[ $name != relcp ]] || ordered+=("$name"); done
  for name in "${strategies[@]}"; do [[ $name == relcp ]] || ordered+=("$name"); done
  for name in "${ordered[@]}"; do
    read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
    large_check "$config" "${dt_sets[@]}" "${duration[@]}" "${strategy_sets[@]}" "${output_sets[@]}"
  done
  echo "$bench_name: $config, ${ordered[*]}${END_TIME:+, end time $END_TIME}${STEPS:+, $STEPS steps};" \
    "$ranks ranks x $OMP_NUM_THREADS threads, cap ${cap_seconds} s per run"
  for name in "${ordered[@]}"; do
    read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
    large_run "$name" "$out/runs/$name" "$dt" "$config" "${dt_sets[@]}" "${duration[@]}" \
      "${strategy_sets[@]}" "${output_sets[@]}"
  done
  large_require_runs
fi

# Every run under runs/ is drawn: runs of earlier invocations that were not repeated stay in.
"$python" scripts/colony_figures.py "$out/runs" --out "$out"
picture=""
if [[ -f "$out/runs/ms7/relcp.h5" && -f "$out/runs/relcp/relcp.h5" ]]; then
  if "$python" scripts/render_colony.py --left "$out/runs/ms7" --right "$out/runs/relcp" \
      --out "$out/fig5a.png"; then
    picture="  fig5a.png                final colony, left MS-7, right ReLCP, coloured by orientation (Fig. 5a)"
  else
    echo "$bench_name: render_colony.py failed; no fig5a.png" >&2
  fi
else
  echo "$bench_name: no relcp.h5 of both an ms7 and a relcp run; no fig5a.png" >&2
fi

cat <<EOM
$bench_name: outputs in $out/
  table3.json, table3.md   constraint ratio vs ReLCP and compute time per constraint (Table 3)
  fig5bc.png               contact-work speedup and constraint counts vs time (Fig. 5 b-c)
${picture:+$picture
}  runs/<name>/             stats.csv, relcp.h5 + relcp.xmf (ParaView), log.txt, run.json
EOM
