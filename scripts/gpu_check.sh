#!/usr/bin/env bash
# The GPU check, run on a machine with an NVIDIA GPU after scripts/gpu_pack.sh packed .device/:
# the gpu-labelled tests (each must run, not skip), the ReLCP contact step on the GPU against all
# CPU cores under MPI, strong and weak scaling of the contact step and of the colony restart,
# compute-sanitizer's memcheck on the tests, the batched LCP and contour-sum benchmarks (cuda beside
# openmp on the machine's cores), the Signorini sweeps of [PL] Fig. 4.10 and an ncu profile.
#
#   scripts/gpu_check.sh [OUT_DIR]     # default results/gpu
#
# STEPS (run in the order given): tests contact backends scaling contact_bbpgd sanitizer bench sweep
# profile; contact_large (not by default) adds 10^6 bodies, the device solve's times and MPS;
# contact_1M (not by default) the 10^6 runs alone; detection (not by default) the separations on
# the device against the host's; detection_profile (not by default) where detection's time goes;
# pair_search (not by default) the pair search on the device against the host's; colony (not by
# default) the colony restart alone;
# threads (not by default) the GPU run on 1, 4 and every core's threads.
# contact: the 10^5 packing (CONTACT_STATE) on the GPU (1 rank) and on every core (nproc ranks);
# scaling: strong (10^5), weak (WEAK_STATE, 10^4, one copy per rank), colony restart
# (COLONY_CHECKPOINT, to COLONY_END_TIME, with COLONY_SET="key=value ..." as --set settings).
# BUDGET (default 400 s) bounds the whole check: every run's timeout is cut to what is left, and a
# step that finds nothing left is skipped. Results are appended as soon as each run ends, so a
# timeout loses only the run it stopped. Rank counts: RANKS (default "1 16 8 4 2").
#
# Output in OUT_DIR (at most 8 files): gpu_check.log, contact.json and scaling.json (one
# contact_step_scaling JSON line per run with a "label" added), colony_scaling.csv (the colony
# restart's stats.csv rows with a leading ranks column), batched_bench.json, signorini.csv,
# profile.txt. scripts/plot_gpu_scaling.py draws the scaling results.
# Exit code: 0 when every test ran and passed, 1 otherwise (the measurements never fail it).
# shellcheck disable=SC2317  # the step_* functions are called by name
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
out=${1:-results/gpu}
steps=${STEPS:-tests contact backends scaling contact_bbpgd sanitizer bench sweep profile}
deadline=$(( SECONDS + ${BUDGET:-400} ))
ranks_list=${RANKS:-1 16 8 4 2}
data=.device/data
contact_state=${CONTACT_STATE:-$data/packing_100k.state}  # 10^5 ellipsoids
weak_state=${WEAK_STATE:-$data/packing_10k.state}         # 10^4, tiled once per rank
colony_checkpoint=${COLONY_CHECKPOINT:-$data/colony_4096.h5}  # step 8500, dt 1e-3
colony_end_time=${COLONY_END_TIME:-8.506}                 # 6 steps after the checkpoint
colony_settings=()                                         # COLONY_SET="key=value ...": --set each
for setting in ${COLONY_SET:-}; do colony_settings+=(--set "$setting"); done
mkdir -p "$out"
exec > >(tee "$out/gpu_check.log") 2>&1

work=$(mktemp -d)
tar -C "$work" -xJf .device/lib.tar.xz
export LD_LIBRARY_PATH="$work/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}
bin=$work/bin

# The packed Open MPI, relocated: install paths, PMIx plugins, root, one node (plm isolated: no
# ssh there, which plm rsh would want; shared memory without CMA, which containers often forbid),
# idle ranks yield.
mpi_root=$work/openmpi
export PATH="$mpi_root/bin:$PATH"
export OPAL_PREFIX=$mpi_root OPAL_EXEC_PREFIX=$mpi_root OPAL_BINDIR=$mpi_root/bin OPAL_LIBDIR=$work/lib
OPAL_PKGLIBDIR=$(echo "$mpi_root"/lib/openmpi*)  # openmpi3 on Debian
export OPAL_PKGLIBDIR OPAL_DATADIR=$mpi_root/share
export OPAL_PKGDATADIR=$mpi_root/share/openmpi OPAL_SYSCONFDIR=$mpi_root/etc
export PMIX_MCA_mca_base_component_path=$mpi_root/pmix/lib/pmix PMIX_PKGDATADIR=$mpi_root/pmix/share/pmix
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_plm=isolated OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
# Shared-memory segments in /dev/shm unless it is small (a container's default 64 MB).
shm_kb=$(df -Pk /dev/shm 2> /dev/null | awk 'NR == 2 {print $4}')
if (( ${shm_kb:-0} < 1048576 )); then
  export OMPI_MCA_btl_vader_backing_directory=$work
fi

mapfile -t tests < .device/gpu_tests.txt
# Each step starts its own result files afresh (contact_bbpgd appends to contact's).
for step in $steps; do
  case $step in
    contact) rm -f "$out/contact.json" ;;
    scaling) rm -f "$out/scaling.json" "$out/colony_scaling.csv" ;;
  esac
done
section() { echo; echo "=== $* ($(date -u +%H:%M:%S), ${SECONDS} s, $(( deadline - SECONDS )) s left)"; }
physical_cores=$(lscpu -p=core,socket 2> /dev/null | grep -v '^#' | sort -u | wc -l)
(( physical_cores > 0 )) || physical_cores=$(nproc)

# run_for CAP COMMAND...: COMMAND under a timeout of CAP seconds or what is left of BUDGET.
run_for() {
  local cap=$1 left=$(( deadline - SECONDS ))
  shift
  if (( left < 10 )); then echo "gpu_check: budget spent, run skipped" >&2; return 124; fi
  timeout -k 10 $(( cap < left ? cap : left )) "$@"
}
# mpi CAP RANKS PROGRAM ARGS...: THREADS (default 1) OpenMP threads per rank; single-threaded ranks
# are bound to cores while there are enough.
# MPI_ENV="NAME=VALUE ...": more variables for the ranks.
mpi() {
  local cap=$1 np=$2 threads=${THREADS:-1} binding=(--bind-to none) extra=() setting
  shift 2
  (( threads == 1 && np <= physical_cores )) && binding=(--map-by core --bind-to core:overload-allowed)
  for setting in ${MPI_ENV:-}; do extra+=(-x "$setting"); done
  OMP_NUM_THREADS=$threads OPENBLAS_NUM_THREADS=1 run_for "$cap" mpirun -np "$np" --oversubscribe "${binding[@]}" \
    -x LD_LIBRARY_PATH -x OMP_NUM_THREADS -x OPENBLAS_NUM_THREADS "${extra[@]}" "$@"
}
# contact LABEL FILE CAP RANKS ARGS...: one contact_step_scaling run; its JSON line, with
# "label" first, is appended to FILE.
runs=0
contact() {
  local label=$1 file=$2 cap=$3 np=$4 json=$work/run$(( ++runs )).json
  shift 4
  echo "--- $label on $np ranks: $* ($(( deadline - SECONDS )) s left)"
  local start=$SECONDS
  mpi "$cap" "$np" "$bin/contact_step_scaling" "$@" --json "$json" > /dev/null
  local rc=$?
  if [[ -s "$json" ]]; then
    sed "s/^{/{\"label\": \"$label\", /" "$json" >> "$file"
    grep -o '"mean": {"detection_seconds[^}]*}' "$json"
  fi
  echo "--- $label on $np ranks: exit $rc, $(( SECONDS - start )) s"
}
# colony RANKS: the colony restart to COLONY_END_TIME; its stats.csv rows go to colony_scaling.csv.
colony() {
  local np=$1 dir=$work/colony_np$1 csv=$out/colony_scaling.csv start=$SECONDS
  echo "--- colony restart on $np ranks ($(( deadline - SECONDS )) s left)"
  mpi 90 "$np" "$bin/relcp_sim" configs/colony.yaml --restart "$colony_checkpoint" \
    --set simulation.output.snapshot_every=100000 --set simulation.output.checkpoint_every=0 \
    --set simulation.end_time="$colony_end_time" "${colony_settings[@]}" --output "$dir" --quiet
  local rc=$?
  if [[ -s "$dir/stats.csv" ]]; then
    [[ -s "$csv" ]] || { printf 'ranks,'; head -1 "$dir/stats.csv"; } > "$csv"
    awk -F, -v ranks="$np" 'NR > 1 {print ranks "," $0}' "$dir/stats.csv" >> "$csv"
    awk -F, 'NR == 1 {for (k = 1; k <= NF; ++k) if ($k == "seconds") c = k; next}
             {printf "step %s: %s s  ", $1, $c} END {print ""}' "$dir/stats.csv"
  fi
  echo "--- colony restart on $np ranks: exit $rc, $(( SECONDS - start )) s"
}

section machine
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
echo "cpu cores: $(nproc) ($physical_cores physical), OMP_NUM_THREADS=$OMP_NUM_THREADS, MPI shared memory in ${OMPI_MCA_btl_vader_backing_directory:-/dev/shm}"
lscpu 2> /dev/null | grep -E '^(Model name|Thread|Core|Socket|NUMA node\(s\))'
command -v cuobjdump > /dev/null && cuobjdump --list-elf "$bin/${tests[0]%% *}"
mpirun --version | head -1
if mpi 60 16 "$bin/contact_step_scaling" --bodies 200 --warmup-steps 0 --steps 1 > /dev/null 2>&1; then
  echo "packed MPI: 16 ranks run"
else
  echo "gpu_check: packed MPI FAILED on 16 ranks"
fi

status=0
step_tests() {
  local line test ranks np rc
  for line in "${tests[@]}"; do
    read -r test ranks <<< "$line"
    for np in ${ranks:-serial}; do
      if [[ $np == serial ]]; then
        run_for 120 "$bin/$test" --gtest_brief=0 > "$work/$test.txt" 2>&1
      else
        mpi 120 "$np" "$bin/$test" --gtest_brief=0 > "$work/$test.txt" 2>&1
      fi
      rc=$?
      cat "$work/$test.txt"
      if [[ $rc -ne 0 ]] || grep -q '\[  SKIPPED \]' "$work/$test.txt"; then
        echo "gpu_check: $test ($np) FAILED or SKIPPED (exit $rc)"; status=1
      fi
    done
  done
}
# The 10^5 packing on the GPU (one rank; detection and assembly threaded over every core) against
# the CPU on every core (one rank per core), and the GPU again; then 16 ranks sharing the GPU.
cores=$(nproc)
step_contact() {
  local args=(--state "$contact_state" --warmup-steps 1 --steps 3 --solver apgd)
  THREADS=$cores contact gpu_apgd "$out/contact.json" 60 1 "${args[@]}" --backend cuda
  contact "cpu${cores}_apgd" "$out/contact.json" 60 "$cores" "${args[@]}" --backend cpu
  THREADS=$cores contact gpu_apgd_again "$out/contact.json" 60 1 "${args[@]}" --backend cuda
  contact "gpu_shared_by_${cores}_ranks_apgd" "$out/contact.json" 60 "$cores" "${args[@]}" --backend cuda
}
# The GPU run's host side (detection, assembly) on 1, 4 and every core's threads: what of it is
# still serial.
step_threads() {
  local args=(--state "$contact_state" --warmup-steps 1 --steps 3 --solver apgd --backend cuda) threads
  for threads in 1 4 "$cores"; do
    THREADS=$threads contact "gpu_apgd_threads$threads" "$out/contact.json" 60 1 "${args[@]}"
  done
}
# The separations on the device against the host's (detection_backend cuda against cpu), the
# solve on the GPU in both, then every core alone: at 10^5 and at 10^6 bodies.
step_detection() {
  local args=(--state "$contact_state" --warmup-steps 1 --solver apgd)
  local small=("${args[@]}" --steps 3) large=("${args[@]}" --steps 2 --tiles 10 --radial-force 0)
  THREADS=$cores contact gpu_apgd_detection_cuda "$out/contact.json" 60 1 "${small[@]}" --backend cuda
  THREADS=$cores contact gpu_apgd_detection_cpu "$out/contact.json" 60 1 "${small[@]}" --backend cuda \
    --detection-backend cpu
  contact "cpu${cores}_apgd" "$out/contact.json" 60 "$cores" "${small[@]}" --backend cpu
  THREADS=$cores contact gpu_apgd_detection_cuda_again "$out/contact.json" 60 1 "${small[@]}" --backend cuda
  THREADS=$cores contact gpu_apgd_1M_detection_cuda "$out/contact.json" 150 1 "${large[@]}" --backend cuda
  contact "cpu${cores}_apgd_1M" "$out/contact.json" 150 "$cores" "${large[@]}" --backend cpu
}
# The pair search on the device against the host's (pair_search_backend cuda against cpu), the
# solve and the separations on the GPU in all four runs, at 10^5 and at 10^6 bodies; then where
# detection goes with it (debug lines of one timed step at 10^5).
step_pair_search() {
  local args=(--state "$contact_state" --warmup-steps 1 --solver apgd --backend cuda)
  local small=("${args[@]}" --steps 3) large=("${args[@]}" --steps 2 --tiles 10 --radial-force 0)
  THREADS=$cores contact gpu_apgd_pairs_cuda "$out/contact.json" 60 1 "${small[@]}" --pair-search-backend cuda
  THREADS=$cores contact gpu_apgd_pairs_cpu "$out/contact.json" 60 1 "${small[@]}" --pair-search-backend cpu
  THREADS=$cores contact gpu_apgd_1M_pairs_cuda "$out/contact.json" 150 1 "${large[@]}" --pair-search-backend cuda
  THREADS=$cores contact gpu_apgd_1M_pairs_cpu "$out/contact.json" 150 1 "${large[@]}" --pair-search-backend cpu
  THREADS=$cores mpi 60 1 "$bin/contact_step_scaling" "${args[@]}" --steps 1 --pair-search-backend cuda \
    --log-level debug | grep -E '^\[debug\] (detection|separations)' | tail -8
}
# Where a GPU run's detection goes (rank 0's debug lines of one timed step): the sort and ghosts,
# the trial moves, the pair search and the separations (on the device: packing, device,
# unpacking), at 10^5 bodies with the separations on the device and on the host, and at 10^6.
step_detection_profile() {
  local args=(--state "$contact_state" --warmup-steps 1 --steps 1 --solver apgd --backend cuda --log-level debug)
  local detection
  for detection in cuda cpu; do
    echo "--- 10^5 bodies, detection_backend $detection"
    THREADS=$cores mpi 60 1 "$bin/contact_step_scaling" "${args[@]}" --detection-backend "$detection" |
      grep -E '^\[debug\] (detection|separations)' | tail -12
  done
  echo "--- 10^6 bodies, detection_backend cuda"
  THREADS=$cores mpi 150 1 "$bin/contact_step_scaling" "${args[@]}" --tiles 10 --radial-force 0 |
    grep -E '^\[debug\] (detection|separations)' | tail -16
}
step_contact_bbpgd() {
  local args=(--state "$contact_state" --warmup-steps 1 --steps 3 --solver bbpgd)
  THREADS=$cores contact gpu_bbpgd "$out/contact.json" 60 1 "${args[@]}" --backend cuda
  contact "cpu${cores}_bbpgd" "$out/contact.json" 60 "$cores" "${args[@]}" --backend cpu
}
# Where the device solve's time goes (setup against iterations, rank 0's debug lines), the GPU
# against every core at 10^6 bodies (the 10^5 packing tiled ten times), and ranks sharing the GPU
# through MPS where the machine has it.
step_contact_large() {
  local args=(--state "$contact_state" --warmup-steps 1 --steps 2 --solver apgd)
  THREADS=$cores mpi 60 1 "$bin/contact_step_scaling" "${args[@]}" --backend cuda --log-level debug |
    grep -E 'device solve' | tail -12
  step_contact_1M
  if command -v nvidia-cuda-mps-control > /dev/null && nvidia-cuda-mps-control -d; then
    contact "gpu_shared_by_${cores}_ranks_mps_apgd" "$out/contact.json" 60 "$cores" --state "$contact_state" \
      --warmup-steps 1 --steps 3 --solver apgd --backend cuda
    echo quit | nvidia-cuda-mps-control
  else
    echo "no CUDA MPS here"
  fi
}
# The GPU against every core at 10^6 bodies (the 10^5 packing tiled ten times).
step_contact_1M() {
  local args=(--state "$contact_state" --tiles 10 --radial-force 0 --warmup-steps 1 --steps 2 --solver apgd)
  THREADS=$cores contact gpu_apgd_1M "$out/contact.json" 150 1 "${args[@]}" --backend cuda
  contact "cpu${cores}_apgd_1M" "$out/contact.json" 150 "$cores" "${args[@]}" --backend cpu
}
# The 10^6 runs with glibc keeping freed blocks up to 1 GiB in the heap (MALLOC_MMAP_THRESHOLD_;
# relcp's own setting stops at 256 MiB, core/heap_reuse.cpp), each beside the same run without.
step_contact_1M_heap() {
  local args=(--state "$contact_state" --tiles 10 --radial-force 0 --warmup-steps 1 --steps 2 --solver apgd)
  local heap="MALLOC_MMAP_THRESHOLD_=1073741824 MALLOC_TRIM_THRESHOLD_=4294967296 MALLOC_TOP_PAD_=67108864"
  THREADS=$cores contact gpu_apgd_1M "$out/contact.json" 150 1 "${args[@]}" --backend cuda
  THREADS=$cores MPI_ENV=$heap contact gpu_apgd_1M_heap_1GiB "$out/contact.json" 150 1 "${args[@]}" --backend cuda
  contact "cpu${cores}_apgd_1M" "$out/contact.json" 150 "$cores" "${args[@]}" --backend cpu
  MPI_ENV=$heap contact "cpu${cores}_apgd_1M_heap_1GiB" "$out/contact.json" 150 "$cores" "${args[@]}" --backend cpu
}
# relcp_sim with backend cuda against cpu on the small configs, 1 and 2 ranks (docs/gpu.md); then
# with the pair search kept on the host.
step_backends() {
  OMP_NUM_THREADS=1 run_for 150 python3 scripts/compare_backends.py --relcp-sim "$bin/relcp_sim" --mpirun mpirun --out "$work/backends" ||
    status=1
  OMP_NUM_THREADS=1 run_for 150 python3 scripts/compare_backends.py --relcp-sim "$bin/relcp_sim" --mpirun mpirun \
    --out "$work/backends_host_pairs" --candidate-set collision.pair_search_backend=cpu || status=1
}
# Strong scaling of the 10^5 packing, weak scaling (10^4 per rank), then the colony restart.
step_scaling() {
  local np
  for np in $ranks_list; do
    contact strong_100k "$out/scaling.json" 60 "$np" --state "$contact_state" --warmup-steps 1 --steps 2 \
      --solver apgd --backend cpu
  done
  for np in $ranks_list; do
    contact weak_10k "$out/scaling.json" 40 "$np" --state "$weak_state" --tiles "$np" --radial-force 0 \
      --warmup-steps 1 --steps 2 --solver apgd --backend cpu
  done
  step_colony
}
# The colony restart alone, on every count of RANKS.
step_colony() {
  local np
  for np in $ranks_list; do colony "$np"; done
}
# memcheck on the tests named by SANITIZE (default the collision ones; the dcs tests were checked
# when they were written, docs/laplace.md).
step_sanitizer() {
  command -v compute-sanitizer > /dev/null || { echo "no compute-sanitizer"; return; }
  local line test ranks rc
  for line in "${tests[@]}"; do
    read -r test ranks <<< "$line"
    [[ $test == *${SANITIZE:-collision}* ]] || continue
    if [[ -z "$ranks" ]]; then
      run_for 150 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/$test" --gtest_brief=1 2>&1 | tail -5
    else
      mpi 150 1 compute-sanitizer --tool memcheck --error-exitcode 9 "$bin/$test" --gtest_brief=1 2>&1 | tail -5
    fi
    rc=${PIPESTATUS[0]}
    [[ $rc -eq 0 ]] || { echo "gpu_check: memcheck of $test: exit $rc"; status=1; }
  done
}
step_bench() {
  run_for 300 "$bin/dcs_batched_bench" --benchmark_filter="${BENCH_FILTER:-/(openmp|cuda)/}" \
    --benchmark_min_time="${BENCH_MIN_TIME:-0.2}" --benchmark_out="$out/batched_bench.json" \
    --benchmark_out_format=json
}
step_sweep() {
  local csv=$out/signorini.csv
  local sweep=(run_for 300 "$bin/dcs_signorini_timing")
  # Both sweeps: implicit Euler (sparse LU) against Laplace on openmp and cuda.
  "${sweep[@]}" ${SWEEP_ARGS:-} > "$csv"
  if [[ -z "${SWEEP_ARGS:-}" ]]; then
    # relcp_dcs's default linear solver (CG above 4096 states) at dx = 1/128, and dx = 1/256 on cuda
    # (the CPU Laplace iteration takes minutes there).
    "${sweep[@]}" --no-header --methods implicit-euler --ie-linear-solver auto --sweeps dx --dx 0.0078125 >> "$csv"
    "${sweep[@]}" --no-header --backends cuda --sweeps dx --dx 0.00390625 >> "$csv"
  fi
  cat "$csv"
}
step_profile() {
  command -v ncu > /dev/null || { echo "no ncu"; return; }
  run_for 300 ncu --clock-control none --section SpeedOfLight --section LaunchStats --launch-count 12 \
    "$bin/dcs_batched_bench" --benchmark_filter='LaplaceSignorini/cuda' > "$out/profile.txt" 2>&1
  grep -E '^  [a-z_]+kernel|Duration|Memory Throughput|Compute \(SM\) Throughput|Grid Size|Block Size' "$out/profile.txt" | head -80
}

declare -A titles=([tests]="gpu tests" [contact]="contact step: GPU against the CPU cores (10^5 ellipsoids, apgd)"
  [contact_bbpgd]="contact step: GPU against the CPU cores (bbpgd)"
  [detection]="separations on the GPU against the CPU, 10^5 and 10^6 bodies"
  [detection_profile]="where a GPU run's detection goes (debug lines)"
  [pair_search]="the pair search on the GPU against the CPU, 10^5 and 10^6 bodies"
  [contact_1M_heap]="10^6 bodies with freed blocks kept in the heap, beside the same without"
  [backends]="relcp_sim backend cuda against cpu (small configs)"
  [contact_large]="device solve times, GPU against the CPU cores at 10^6 bodies, MPS"
  [contact_1M]="contact step: GPU against the CPU cores at 10^6 bodies" [colony]="colony restart scaling"
  [threads]="the GPU run's host side on 1, 4 and all cores' threads"
  [scaling]="strong (10^5), weak (10^4 per rank) and colony (4,096 cells) scaling"
  [sanitizer]="compute-sanitizer memcheck" [bench]="batched LCP and contour-sum benchmarks"
  [sweep]="Signorini sweeps (Fig. 4.10)" [profile]="kernel profile of three Laplace iterations (ncu)")
for step in $steps; do
  if [[ -z "${titles[$step]:-}" ]]; then echo "gpu_check: unknown step $step"; continue; fi
  section "${titles[$step]}"
  if (( deadline - SECONDS < 10 )); then echo "gpu_check: budget spent, $step skipped"; continue; fi
  "step_$step"
done
rm -rf "$work"
section "done: exit $status"
exit $status
