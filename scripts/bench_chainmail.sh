#!/usr/bin/env bash
# The chainmail of the ReLCP paper (Palmer et al. 2025, Sec. 4.4, Fig. 6; docs/results.md):
# ReLCP, LCP-MS with 32 spheres along each ring's centreline and the single deepest-point LCP
# at dt = 1e-3 (configs/chainmail.yaml: a 10 x 10 Japanese 4-in-1 net of tori R = 1, r = 0.1
# stretched by an outward radial field), then scripts/chainmail_figures.py draws the largest
# overlap per step (Fig. 6c: true ring surfaces, and for multisphere also between sub-spheres)
# and the initial and last networks (Fig. 6 a-b).
#
#   scripts/bench_chainmail.sh                  # the paper's set-up (20,000 steps per strategy)
#   END_TIME=5 CAP_SECONDS=1800 scripts/bench_chainmail.sh
#   scripts/bench_chainmail.sh --quick          # configs/small/chainmail_small.yaml, ~1 minute
#   scripts/bench_chainmail.sh --figures-only   # redraw from the runs already there
#   scripts/bench_chainmail.sh -h               # this text
#
# Environment:
#   CONFIG        the scenario (default configs/chainmail.yaml; --quick:
#                 configs/small/chainmail_small.yaml)
#   STRATEGIES    default "relcp ms32 single"; msK is multisphere with K spheres per ring
#   DT            time step (default 0.001 for all three; the paper states it for the single LCP)
#   END_TIME | STEPS   run length (default: the scenario's)
#   CAP_SECONDS   wall-time cap per run (default 0 = none; --quick: 30)
#   TOLERANCE     collision.tolerance of the runs and the reference line of Fig. 6c (default:
#                 the scenario's; the line at 1e-5)
#   RANKS (2), OMP_NUM_THREADS (1), MPIRUN_ARGS ("--bind-to none"), NICE (0), SNAPSHOT_EVERY,
#   CHECKPOINT_EVERY (0), RELCP_BUILD_DIR (build), RELCP_RESULTS_DIR (results), PYTHON.
#
# Output: $RELCP_RESULTS_DIR/chainmail/ (--quick: chainmail_quick/): runs/<name>/ (stats.csv,
# relcp.h5, relcp.xmf, log.txt, run.json), fig6c.png, fig6ab.png, summary.json.
# The figures and tables cover every run under runs/: a run of an earlier invocation that is
# not repeated stays in (one strategy can be rerun, e.g. with a larger cap); delete
# runs/<name> to drop it.
set -euo pipefail
cd "$(dirname "$0")/.."
bench_name=bench_chainmail

source scripts/bench_arguments.sh
parse_bench_arguments "$0" "$@"
read -r -a strategies <<<"${STRATEGIES:-relcp ms32 single}"
dt=${DT:-0.001}
if ((quick)); then
  config=${CONFIG:-configs/small/chainmail_small.yaml}
  export CAP_SECONDS=${CAP_SECONDS:-30}
  out_name=chainmail_quick
else
  config=${CONFIG:-configs/chainmail.yaml}
  out_name=chainmail
fi
source scripts/bench_large_common.sh
python=$(large_python)
out="$results_dir/$out_name"
figure_args=(--tolerance "${TOLERANCE:-1e-5}")

if ((!figures_only)); then
  large_check_settings "${strategies[@]}"
  large_ensure_app
  [[ -f "$config" ]] || large_die "$config not found"
  read -r -a output_sets <<<"$(large_output_sets)"
  read -r -a duration <<<"$(large_duration_sets "$config" "$dt")"
  extra_sets=(--set "simulation.dt=$dt")
  [[ -z "${TOLERANCE:-}" ]] || extra_sets+=(--set "collision.tolerance=$TOLERANCE")
  for name in "${strategies[@]}"; do
    read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
    large_check "$config" "${extra_sets[@]}" "${duration[@]}" "${strategy_sets[@]}" "${output_sets[@]}"
  done
  echo "$bench_name: $config, dt $dt, ${strategies[*]};" \
    "$ranks ranks x $OMP_NUM_THREADS threads, cap ${cap_seconds} s per run"
  for name in "${strategies[@]}"; do
    read -r -a strategy_sets <<<"$(large_strategy_sets "$name")"
    large_run "$name" "$out/runs/$name" "$dt" "$config" "${extra_sets[@]}" "${duration[@]}" \
      "${strategy_sets[@]}" "${output_sets[@]}"
  done
  large_require_runs
fi
# Every run under runs/ is drawn: runs of earlier invocations that were not repeated stay in.
"$python" scripts/chainmail_figures.py "$out/runs" --out "$out" "${figure_args[@]}"

cat <<EOM
$bench_name: outputs in $out/
  fig6c.png      largest overlap per step: true surfaces (solid), MS sub-spheres (dashed) (Fig. 6c)
  fig6ab.png     ring centrelines of the initial and the last networks (Fig. 6 a-b)
  summary.json   largest and late-time overlaps per strategy, also in units of the minor radius
  runs/<name>/   stats.csv, relcp.h5 + relcp.xmf (ParaView), log.txt, run.json
EOM
