#!/usr/bin/env bash
# Runs short versions of the shipped scenarios (every solver and strategy on compaction_small,
# the default scenario, friction, colony and chainmail) with two relcp_sim binaries and checks
# that their outputs are the same: stats.csv without its timing columns, and every dataset of
# every HDF5 file, byte for byte (scripts/compare_run.py). For refactorings that must not change
# results.
#   scripts/compare_outputs.sh BASELINE_RELCP_SIM CANDIDATE_RELCP_SIM [WORK_DIR]
# Prints one line per case and "ALL IDENTICAL", or the cases that differ (exit 1).
set -uo pipefail
[[ $# -ge 2 ]] || { echo "usage: $0 BASELINE_RELCP_SIM CANDIDATE_RELCP_SIM [WORK_DIR]" >&2; exit 2; }
baseline=$(realpath "$1"); candidate=$(realpath "$2")
work=${3:-$(mktemp -d /tmp/relcp_compare.XXXX)}
cd "$(dirname "$0")/.."
source scripts/mpi_env.sh >/dev/null 2>&1
export OMP_NUM_THREADS=1
python=/usr/bin/python3
comp="configs/small/compaction_small.yaml --set simulation.steps=120"
cases=(
  "default np2 configs/default.yaml --set simulation.steps=100"
  "default_1rank np1 configs/default.yaml --set simulation.steps=80"
  "comp np2 $comp"
  "comp_apgd np1 $comp --set collision.solver=apgd"
  "comp_auto np2 $comp --set collision.solver=auto"
  "comp_bbpgd_jacobi np1 $comp --set collision.preconditioner=jacobi"
  "comp_mprgp np1 $comp --set collision.solver=mprgp"
  "comp_minmap np2 $comp --set collision.solver=minmap"
  "comp_minmap_gmres np1 $comp --set collision.solver=minmap --set collision.minmap_krylov=gmres --set collision.minmap_regularization=0.001"
  "comp_alm np1 $comp --set collision.solver=alm --set collision.alm_penalty=1e5"
  "comp_alm_dist np2 $comp --set collision.solver=alm --set collision.alm_factorization=distributed"
  "comp_ip np2 $comp --set collision.solver=ip"
  "comp_single np1 $comp --set collision.strategy=single"
  "comp_multisphere np2 $comp --set collision.strategy=multisphere --set collision.multisphere_count=3"
  "comp_none np1 $comp --set collision.strategy=none"
  "comp_warm np1 $comp --set collision.warm_start=previous_step"
  "incline np1 configs/incline.yaml --set simulation.end_time=0.2"
  "pile np2 configs/pile.yaml --set simulation.end_time=0.02 --set simulation.output.snapshot_every=5"
  "pile_ccp np1 configs/pile.yaml --set simulation.end_time=0.02 --set collision.friction_model=ccp --set simulation.output.snapshot_every=5"
  "colony_small np2 configs/small/colony_small.yaml"
  "chainmail_small np2 configs/small/chainmail_small.yaml --set simulation.steps=30"
)
failures=0
for entry in "${cases[@]}"; do
  read -r label np rest <<<"$entry"
  for side in baseline candidate; do
    sim=$baseline; [[ $side == candidate ]] && sim=$candidate
    out=$work/$side/$label
    rm -rf "$out"; mkdir -p "$work/$side"
    # shellcheck disable=SC2086
    if ! mpirun --oversubscribe -np "${np#np}" "$sim" $rest --output "$out" --quiet >"$out.log" 2>&1; then
      echo "run failed: $label ($side, see $out.log)"; failures=$((failures + 1)); continue 2
    fi
  done
  if "$python" scripts/compare_run.py "$work/baseline/$label" "$work/candidate/$label"; then
    echo "identical: $label"
  else
    echo "DIFFERENT: $label"; failures=$((failures + 1))
  fi
done
((failures == 0)) && { echo "ALL IDENTICAL"; exit 0; }
echo "$failures case(s) differ or failed (outputs in $work)"; exit 1
