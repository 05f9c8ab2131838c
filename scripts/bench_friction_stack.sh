#!/usr/bin/env bash
# Step cost of friction (docs/results.md, "Friction: step cost"): stacks of N spheres resting on a
# floor under gravity (scripts/write_sphere_stack.py), frictionless against mu = 0.5 with the
# exact (coulomb) and relaxed (ccp) models, on RANKS MPI ranks. Prints per size and model the
# seconds per step, solver iterations per step, constraint rows and the last step's sticking and
# sliding contacts.
#
#   scripts/bench_friction_stack.sh            # SIZES="10x10x10 15x15x15 22x22x21", RANKS=2, STEPS=5
#
# Environment: RELCP_BUILD_DIR (default build), SIZES, RANKS, STEPS, OUT (default /tmp/relcp_friction_stack).
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0; fi
source scripts/mpi_env.sh
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
build_dir=${RELCP_BUILD_DIR:-build}
sizes=${SIZES:-10x10x10 15x15x15 22x22x21}
ranks=${RANKS:-2}
steps=${STEPS:-5}
out=${OUT:-/tmp/relcp_friction_stack}
mkdir -p "$out"
printf "%-10s %6s %-9s %10s %10s %8s %7s %7s\n" size bodies model s/step iters/step rows stick slide
for size in $sizes; do
  IFS=x read -r nx ny nz <<<"$size"
  for model in none ccp coulomb; do
    friction=0.5; [[ $model == none ]] && friction=0
    scenario="$out/stack_${size}_${model}.yaml"
    python3 scripts/write_sphere_stack.py --nx "$nx" --ny "$ny" --nz "$nz" --steps "$steps" \
      --friction "$friction" --model "${model/none/coulomb}" --out "$scenario"
    run="$out/run_${size}_${model}"
    rm -rf "$run"
    mpirun -np "$ranks" "$build_dir/bin/relcp_sim" "$scenario" --output "$run" --quiet
    python3 - "$run/stats.csv" "$size" "$model" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
n = len(rows)
mean = lambda key: sum(float(r[key]) for r in rows) / n
last = rows[-1]
print("%-10s %6s %-9s %10.4f %10.1f %8s %7s %7s" % (sys.argv[2], last["bodies"], sys.argv[3], mean("seconds"),
      mean("solver_iterations"), last["constraints"], last["sticking_contacts"], last["sliding_contacts"]))
PY
  done
done
