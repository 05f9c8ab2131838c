#!/usr/bin/env bash
# The angle of repose against the friction coefficient mu (docs/data/repose/README.md): runs
# configs/pile.yaml (a settled column of 300 lentil-shaped ellipsoids released on a rough floor) once per mu,
# measures each heap's flank angle with scripts/measure_repose_angle.py, prints a table and writes
# it as CSV; scripts/plot_repose_angle.py draws docs/figures/repose_angle.png from it.
# With --config configs/sphere_pile.yaml --rolling "LIST" it sweeps the rolling resistance of a
# sphere column instead, at the config's mu (docs/data/repose_spheres/README.md).
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/bench_repose_angle.sh [options]

Runs configs/pile.yaml (or --config FILE) once per friction coefficient (collision.friction =
mu, between bodies; the floor keeps its own friction 1), one run at a time, measures the angle of
repose of each final heap and prints the table mu, model, angle, cone angle, bodies, steps, wall
seconds, final max speed. The runs go to OUT/<model>_mu<mu>/, the table to OUT/angles.csv.
With --rolling "LIST" the sweep is of collision.rolling_friction (between bodies; the walls keep
their own) at the config's fixed mu instead: the runs go to OUT/<model>_rolling<r>/.
The CSV's columns: mu, model, angle_deg, angle_fit_err_deg, angle_sector_std_deg,
cone_angle_deg, height, r95, bodies, steps, wall_seconds, max_speed, p90_speed,
rolling_friction (the config's, or the swept value) and swept (mu or rolling: which
coefficient the sweep varies).

Options:
  --config FILE      the heap scenario (default configs/pile.yaml; configs/sphere_pile.yaml: the
                     sphere column, docs/data/repose_spheres/README.md)
  --mu "LIST"        coefficients (default "0 0.1 0.2 0.4 0.6 0.8 1.0")
  --rolling "LIST"   sweep collision.rolling_friction over LIST instead of mu, at the config's
                     collision.friction (or a --set collision.friction=...); --mu is then unused
  --model M          coulomb (default) or ccp (collision.friction_model)
  --ccp "LIST"       also run these coefficients (of mu, or of --rolling) with friction_model ccp
                     (default: none)
  --np N             MPI ranks (default 2)
  --out DIR          output directory (default out/repose)
  --set KEY=VALUE    passed on to relcp_sim (repeatable), e.g. --set simulation.end_time=4
  --quench T         quenched protocol: run in segments of T seconds (e.g. 0.2), each one
                     restarted from the last one's bodies at rest (velocities zeroed, by
                     scripts/scenario_from_snapshot.py), until a segment ends with the 90th
                     percentile of the body speeds below --rest (default 0.1) or after
                     --segments (default 20)
                     segments; the heap of the last segment is measured. Default 0: one
                     plain run of simulation.end_time (3 s)
  --skip-existing    do not rerun a coefficient whose run finished
                     (OUT/<model>_mu<mu>/ or OUT/<model>_rolling<r>/ holds wall_seconds)
  --prepare          first rebuild the column: run the filling scenario of
                     scripts/make_repose_pile.py (about 5 minutes on 2 ranks) and rewrite
                     the config (configs/pile.yaml) from it; spheres (fill --shape sphere) when
                     the config's bodies are spheres or its name contains "sphere", else lentils
  --plot             then run scripts/plot_repose_angle.py (docs/figures/repose_angle.png, or
                     docs/figures/sphere_repose_angle.png for a --rolling sweep)
  -h, --help         this text

Example (the table of docs/data/repose/README.md, about 20 minutes on 2 cores):
  scripts/bench_repose_angle.sh --ccp "0.2 0.8" --plot
  cp out/repose/angles.csv docs/data/repose/angles.csv
Example (the sphere heap against the rolling coefficient, docs/data/repose_spheres/README.md):
  scripts/bench_repose_angle.sh --config configs/sphere_pile.yaml \
    --rolling "0 0.02 0.05 0.1 0.2 0.4" --out out/repose_spheres --plot
  cp out/repose_spheres/angles.csv docs/data/repose_spheres/angles.csv
EOF
}

root=$(cd "$(dirname "$0")/.." && pwd)
config="$root/configs/pile.yaml"
mus="0 0.1 0.2 0.4 0.6 0.8 1.0"
rollings=""
model=coulomb
ccp_mus=""
np=2
out=out/repose
prepare=0
plot=0
skip=0
quench=0
segments=20
rest=0.1
sets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --config) config="$2"; shift 2 ;;
    --mu) mus="$2"; shift 2 ;;
    --rolling) rollings="$2"; shift 2 ;;
    --model) model="$2"; shift 2 ;;
    --ccp) ccp_mus="$2"; shift 2 ;;
    --np) np="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --set) sets+=(--set "$2"); shift 2 ;;
    --prepare) prepare=1; shift ;;
    --quench) quench="$2"; shift 2 ;;
    --segments) segments="$2"; shift 2 ;;
    --rest) rest="$2"; shift 2 ;;
    --plot) plot=1; shift ;;
    --skip-existing) skip=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench_repose_angle.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

sim="$root/build/bin/relcp_sim"
py=/usr/bin/python3
[[ -x "$sim" ]] || { echo "bench_repose_angle.sh: $sim not built" >&2; exit 1; }
config=$(realpath -m "$config")
if [[ -n "$rollings" ]]; then swept=rolling; else swept=mu; fi
source "$root/scripts/mpi_env.sh"
export OMP_NUM_THREADS=1
mkdir -p "$out"

if [[ $prepare == 1 ]]; then
  shape=lentil
  if { [[ -f "$config" ]] && grep -q "shape: sphere" "$config"; } || [[ $(basename "$config") == *sphere* ]]; then
    shape=sphere
  fi
  "$py" "$root/scripts/make_repose_pile.py" fill --shape "$shape" --out "$out/fill.yaml"
  mpirun -np "$np" "$sim" "$out/fill.yaml" --output "$out/fill" --quiet
  "$py" "$root/scripts/make_repose_pile.py" column "$out/fill/relcp.h5" --out "$config"
fi
[[ -f "$config" ]] || { echo "bench_repose_angle.sh: no config $config" >&2; exit 1; }

# collision.KEY of the runs: the last --set of it, else the config's, else DEFAULT
collision_value() {  # KEY DEFAULT
  local s value=""
  for s in "${sets[@]}"; do
    [[ $s == "collision.$1="* ]] && value=${s#*=}
  done
  if [[ -z "$value" ]]; then
    value=$("$py" -c 'import sys, yaml
c = (yaml.safe_load(open(sys.argv[1])) or {}).get("collision") or {}
print(c.get(sys.argv[2], sys.argv[3]))' "$config" "$1" "$2")
  fi
  echo "$value"
}
config_mu=$(collision_value friction 0)
config_rolling=$(collision_value rolling_friction 0)

csv="$out/angles.csv"
echo "mu,model,angle_deg,angle_fit_err_deg,angle_sector_std_deg,cone_angle_deg,height,r95,bodies,steps,wall_seconds,max_speed,p90_speed,rolling_friction,swept" > "$csv"

run_one() {  # coefficient model: mu, or the rolling coefficient with --rolling
  local mu=$1 m=$2 dir="$out/${2}_mu$1" rolling=$config_rolling coefficient=(--set collision.friction="$1")
  if [[ $swept == rolling ]]; then
    mu=$config_mu rolling=$1 dir="$out/${2}_rolling$1" coefficient=(--set collision.rolling_friction="$1")
  fi
  local end_steps
  if [[ $skip == 1 && -f "$dir/wall_seconds" ]]; then
    :
  else
    rm -rf "$dir"; mkdir -p "$dir"
    local t0 t1 k scenario prev speed steps=0
    stat -c %y "$sim" > "$dir/binary_mtime"  # which build ran it (the binary may be rebuilt meanwhile)
    t0=$(date +%s.%N)
    if [[ $quench == 0 ]]; then
      mpirun -np "$np" "$sim" "$config" "${coefficient[@]}" \
        --set collision.friction_model="$m" "${sets[@]}" --output "$dir" --quiet 2> "$dir/stderr.txt" \
        || { echo "bench_repose_angle.sh: $(basename "$dir") failed (see $dir/stderr.txt)" >&2; return 0; }
      steps=$(tail -1 "$dir/stats.csv" | cut -d, -f1)
    else
      # quenched: segments of $quench seconds, each from the last one's bodies at rest
      scenario="$config"
      : > "$dir/stderr.txt"
      echo "# segment steps_so_far angle_deg cone_angle_deg max_speed p90_speed" > "$dir/segments.txt"
      for ((k = 0; k < segments; k++)); do
        mpirun -np "$np" "$sim" "$scenario" "${coefficient[@]}" \
          --set collision.friction_model="$m" --set simulation.end_time="$quench" \
          --set simulation.output.snapshot_every=1000000 "${sets[@]}" --output "$dir/seg" --quiet \
          2>> "$dir/stderr.txt" \
          || { echo "bench_repose_angle.sh: $(basename "$dir") segment $k failed (see $dir/stderr.txt)" >&2; return 0; }
        steps=$((steps + $(tail -1 "$dir/seg/stats.csv" | cut -d, -f1)))
        # the 90th percentile of the body speeds: a few bodies that left the heap may roll on
        speed=$("$py" "$root/scripts/measure_repose_angle.py" "$dir/seg" --csv | tail -1 | cut -d, -f14)
        "$py" "$root/scripts/measure_repose_angle.py" "$dir/seg" --csv | tail -1 | \
          awk -F, -v k="$k" -v steps="$steps" '{print k, steps, $5, $8, $12, $14}' >> "$dir/segments.txt"
        rm -rf "$dir/last"; mv "$dir/seg" "$dir/last"
        if awk -v s="$speed" -v r="$rest" 'BEGIN{exit !(s < r)}'; then break; fi
        "$py" "$root/scripts/scenario_from_snapshot.py" "$config" "$dir/last/relcp.h5" \
          --out "$dir/next.yaml" > /dev/null
        scenario="$dir/next.yaml"
      done
      # the measured heap: the last segment's output
      cp "$dir/last/relcp.h5" "$dir/relcp.h5"; cp "$dir/last/stats.csv" "$dir/stats.csv"
    fi
    echo "$steps" > "$dir/steps"
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc > "$dir/wall_seconds"
    if [[ -s "$dir/stderr.txt" ]]; then
      echo "  $(basename "$dir"): $(sed 's/[0-9][0-9.e+-]*/N/g' "$dir/stderr.txt" | sort | uniq -c | sort -rn | head -3 | tr -s ' ' | tr '\n' ';')" >&2
    fi
  fi
  end_steps=$(cat "$dir/steps")
  "$py" "$root/scripts/measure_repose_angle.py" "$dir" --csv | tail -1 | \
    awk -F, -v mu="$mu" -v m="$m" -v steps="$end_steps" -v wall="$(cat "$dir/wall_seconds")" \
      -v rolling="$rolling" -v swept="$swept" \
      'BEGIN{OFS=","} {print mu, m, $5, $6, $7, $8, $9, $10, $2, steps, sprintf("%.0f", wall), $12, $14, rolling, swept}' >> "$csv"
}

if [[ $swept == rolling ]]; then
  for r in $rollings; do run_one "$r" "$model"; done
else
  for mu in $mus; do run_one "$mu" "$model"; done
fi
for mu in $ccp_mus; do run_one "$mu" ccp; done

echo
if [[ $swept == rolling ]]; then
  printf "%-7s %-5s %-8s %-12s %-10s %-7s %-6s %-8s %-10s %-10s\n" rolling mu model "angle(deg)" "cone(deg)" bodies steps "wall(s)" "max speed" "p90 speed"
  tail -n +2 "$csv" | sort -t, -k2,2 -k14,14g | awk -F, '{printf "%-7s %-5s %-8s %5.1f +-%4.1f  %-10.1f %-7s %-6s %-8s %-10.3g %-10.3g\n", $14, $1, $2, $3, $5, $6, $9, $10, $11, $12, $13}'
else
  printf "%-5s %-8s %-12s %-10s %-7s %-6s %-8s %-10s %-10s\n" mu model "angle(deg)" "cone(deg)" bodies steps "wall(s)" "max speed" "p90 speed"
  tail -n +2 "$csv" | sort -t, -k2,2 -k1,1g | awk -F, '{printf "%-5s %-8s %5.1f +-%4.1f  %-10.1f %-7s %-6s %-8s %-10.3g %-10.3g\n", $1, $2, $3, $5, $6, $9, $10, $11, $12, $13}'
fi
echo "(table: $csv; angle: flank fit, +- the spread over 8 sectors; cone: atan(height / r95))"

if [[ $plot == 1 ]]; then
  "$py" "$root/scripts/plot_repose_angle.py" "$csv" --runs "$out"   # sphere_repose_angle.png for --rolling
fi
