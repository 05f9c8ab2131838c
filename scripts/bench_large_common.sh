# shellcheck shell=bash disable=SC2034,SC2154
# Sourced by scripts/bench_compaction.sh, bench_colony.sh and bench_chainmail.sh (the ReLCP
# paper's large examples): settings shared by the three, the Python that draws the figures, the
# relcp_sim build, and large_run, which runs one strategy under the wall-time cap and writes
# run.json next to relcp_sim's output. Expects the caller to have done `cd` to the repository
# root and to set bench_name, and sets python (large_python) before large_run.
#
# Environment read here: RELCP_BUILD_DIR (default build), RELCP_RESULTS_DIR (default results),
# RANKS (default 2), OMP_NUM_THREADS (default 1), MPIRUN_ARGS (default "--bind-to none"),
# CAP_SECONDS (per-run wall-time cap, 0 = none), NICE (nice level of the runs, default 0),
# END_TIME / STEPS (run length), SNAPSHOT_EVERY, CHECKPOINT_EVERY (default 0: no checkpoints),
# PYTHON (default: python3 if it has numpy, matplotlib and h5py, else /usr/bin/python3).

source scripts/mpi_env.sh
build_dir=${RELCP_BUILD_DIR:-build}
results_dir=${RELCP_RESULTS_DIR:-results}
app="$build_dir/bin/relcp_sim"
ranks=${RANKS:-2}
cap_seconds=${CAP_SECONDS:-0}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}
read -r -a mpirun_args <<<"${MPIRUN_ARGS:---bind-to none}"
large_runs=()   # run directories made by this invocation, for the figure scripts

large_die() { echo "$bench_name: $*" >&2; exit 2; }

# An interrupted benchmark stops the run in progress too (timeout forwards the signal to mpirun).
large_child=""
large_interrupted() {
  if [[ -n "$large_child" ]]; then
    kill -TERM "$large_child" 2>/dev/null || true
    wait "$large_child" 2>/dev/null || true
  fi
  echo >&2
  echo "$bench_name: interrupted" >&2
  exit 130
}
trap large_interrupted INT TERM

# The interpreter for the figure scripts: one that imports numpy, matplotlib and h5py.
large_python() {
  local candidate
  for candidate in ${PYTHON:-} python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import numpy, matplotlib, h5py' >/dev/null 2>&1; then
      echo "$candidate"
      return
    fi
  done
  large_die "no python3 with numpy, matplotlib and h5py" \
    "(apt-get install -y python3-numpy python3-matplotlib python3-h5py, or set PYTHON)"
}

# Builds relcp_sim when it is missing (installs the dependencies first, like the other bench
# scripts); an existing binary is used as it is.
large_ensure_app() {
  [[ -x "$app" ]] && return
  echo "$bench_name: $app not found; building it"
  RELCP_BUILD_DIR=$build_dir RELCP_SKIP_BUILD=1 ./scripts/setup.sh
  if [[ ! -f "$build_dir/build.ninja" ]]; then
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build "$build_dir" --target relcp_sim --parallel "${RELCP_JOBS:-$(nproc)}"
}

# steps or end_time: the key the scenario's simulation section uses (comments ignored).
large_time_key() {
  if sed 's/#.*//' "$1" | grep -Eq '(^|[{,[:space:]])end_time[[:space:]]*:'; then
    echo end_time
  else
    echo steps
  fi
}

# --set arguments for END_TIME or STEPS at time step $2 ("" = the scenario's) of scenario $1.
# relcp_sim rejects a scenario with both keys, so the one the file uses is overridden: END_TIME
# becomes steps = ceil(END_TIME / dt) in a scenario given in steps, STEPS becomes end_time =
# STEPS x dt in one given in end_time.
large_duration_sets() {
  local config=$1 dt=$2 key
  key=$(large_time_key "$config")
  if [[ -z "$dt" ]]; then
    dt=$(sed 's/#.*//' "$config" | grep -Eo '(^|[{,[:space:]])dt[[:space:]]*:[[:space:]]*[-+0-9.eE]+' |
         head -1 | sed 's/.*://; s/[[:space:]]//g')
  fi
  if [[ -n "${END_TIME:-}" ]]; then
    if [[ $key == end_time ]]; then
      echo "--set simulation.end_time=$END_TIME"
    else
      echo "--set simulation.steps=$(awk -v t="$END_TIME" -v dt="$dt" \
        'BEGIN { r = t / dt; n = int(r); if (r - n > 1e-9 * (r > 1 ? r : 1)) n++; print n }')"
    fi
  elif [[ -n "${STEPS:-}" ]]; then
    if [[ $key == steps ]]; then
      echo "--set simulation.steps=$STEPS"
    else
      echo "--set simulation.end_time=$(awk -v n="$STEPS" -v dt="$dt" 'BEGIN { printf "%.17g", n * dt }')"
    fi
  fi
}

# --set arguments of a strategy name: relcp, single, msK (multisphere with K sub-spheres).
large_strategy_sets() {
  case $1 in
    relcp | single) echo "--set collision.strategy=$1" ;;
    *) echo "--set collision.strategy=multisphere --set collision.multisphere_count=${1#ms}" ;;
  esac
}

# Checks the strategy names and END_TIME / STEPS (in the calling shell, so that it stops there).
large_check_settings() {
  local name
  for name in "$@"; do
    [[ $name =~ ^(relcp|single|ms[0-9]+)$ ]] ||
      large_die "unknown strategy '$name' (relcp, single or msK, e.g. ms13)"
  done
  if [[ -n "${END_TIME:-}" && -n "${STEPS:-}" ]]; then
    large_die "set END_TIME or STEPS, not both"
  fi
  [[ "$cap_seconds" =~ ^[0-9]+([.][0-9]+)?[smhd]?$ ]] || large_die "CAP_SECONDS must be a number, found '$cap_seconds'"
}

# Output settings every run gets (one line).
large_output_sets() {
  printf -- '--set simulation.output.checkpoint_every=%s' "${CHECKPOINT_EVERY:-0}"
  [[ -z "${SNAPSHOT_EVERY:-}" ]] || printf -- ' --set simulation.output.snapshot_every=%s' "$SNAPSHOT_EVERY"
  echo
}

# Checks a run's scenario and overrides with --dry-run (cheap), so that a bad override stops
# the benchmark before hours of runs. Arguments: the scenario, then relcp_sim arguments.
large_check() {
  local config=$1
  shift
  local message
  if ! message=$("$app" "$config" --dry-run "$@" 2>&1); then
    large_die "relcp_sim rejects $config $*: $message"
  fi
}

# Stops when no run of this invocation wrote statistics (nothing to draw).
large_require_runs() {
  ((${#large_runs[@]})) || large_die "no run wrote statistics; see the log.txt files under $out/runs"
}

# large_run NAME DIR DT SCENARIO [relcp_sim arguments...]: runs one strategy with mpirun under
# the wall-time cap into DIR (emptied first) and writes DIR/run.json. A run stopped by the cap
# (exit 124/137 from timeout) counts as terminated early: its stats.csv up to that point is
# used. Any other failure is reported and the benchmark goes on with the rows written so far.
large_run() {
  local name=$1 dir=$2 dt=$3 config=$4
  shift 4
  local strategy=$name count=""
  if [[ $name == ms[0-9]* ]]; then strategy=multisphere count=${name#ms}; fi
  rm -rf "$dir"
  mkdir -p "$dir"
  local command=(mpirun -np "$ranks" "${mpirun_args[@]}" "$app" "$config" --output "$dir" --quiet "$@")
  local limiter=()
  if [[ "$cap_seconds" != 0 ]]; then limiter=(timeout --kill-after=30 "$cap_seconds"); fi
  printf '%s: %-7s %s ... ' "$bench_name" "$name" "${dt:+dt = $dt}"
  local start end rc=0
  start=$(date +%s.%N)
  # In the background, so that the trap below can stop it: timeout runs in a process group of
  # its own, where a Ctrl-C at the terminal does not reach it.
  nice -n "${NICE:-0}" "${limiter[@]}" "${command[@]}" >"$dir/log.txt" 2>&1 &
  large_child=$!
  wait "$large_child" || rc=$?
  large_child=""
  end=$(date +%s.%N)
  local early=false
  if [[ "$cap_seconds" != 0 && ( $rc == 124 || $rc == 137 ) ]]; then early=true; fi
  local last_time
  last_time=$(tail -n +2 "$dir/stats.csv" 2>/dev/null | awk -F, 'NF >= 11 { t = $2 } END { print t + 0 }')
  if [[ $early == true ]]; then
    echo "stopped by the ${cap_seconds} s cap at t = $last_time (terminated early)"
  elif [[ $rc != 0 ]]; then
    echo "FAILED with exit code $rc at t = $last_time; see $dir/log.txt"
  else
    printf 'done in %.1f s\n' "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')"
  fi
  "$python" - "$dir/run.json" "$name" "$strategy" "$count" "$dt" "$config" "$ranks" "$OMP_NUM_THREADS" \
      "$cap_seconds" "$rc" "$early" "$start" "$end" "${command[*]}" <<'PY'
import json, sys
(path, name, strategy, count, dt, config, ranks, threads, cap, rc, early, start, end, command) = sys.argv[1:]
meta = {"name": name, "strategy": strategy,
        "multisphere_count": int(count) if count else None,
        "config": config, "ranks": int(ranks), "omp_threads": int(threads),
        "cap_seconds": float(cap), "exit_code": int(rc), "terminated_early": early == "true",
        "wall_seconds": float(end) - float(start), "command": command}
if dt:
    meta["dt"] = float(dt)
with open(path, "w") as handle:
    json.dump(meta, handle, indent=2)
    handle.write("\n")
PY
  if [[ -s "$dir/stats.csv" ]] && (($(wc -l <"$dir/stats.csv") > 1)); then
    large_runs+=("$dir")
  else
    echo "$bench_name: $name wrote no statistics; left out of the figures" >&2
  fi
}
