#!/usr/bin/env bash
# Builds the CUDA back ends here (RELCP_CUDA=ON) and packs what the GPU check runs into .device/
# (git-ignored): the gpu-labelled test binaries, the dcs benchmarks, relcp_sim,
# contact_step_scaling, every shared library they load beyond the C runtime, and a relocatable
# Open MPI runtime (mpirun, orted, MCA components, help files, PMIx plugins), so that
# scripts/gpu_check.sh runs them on a bare GPU machine (the `device` tool's H100/H200 carry no
# Trilinos, MPI, HDF5 or FFTW). Then, on the GPU machine:
#
#   scripts/gpu_pack.sh                       # here: build + pack (3 minutes with ccache, mostly xz)
#   scripts/gpu_check.sh [OUT_DIR]            # there: tests, contact step, scaling, dcs benchmarks
#
# RELCP_BUILD_DIR (default build) is configured with RELCP_CUDA=ON if it is not already;
# RELCP_PACK_NO_BUILD=1 packs what is built without building.
# .device/data/ (state files, checkpoints) is kept; the state files are copied from
# RELCP_GPU_DATA (default /work/gpu_data) when there, and the colony checkpoint from
# RELCP_COLONY_CHECKPOINT.
#
# Layout: .device/lib.tar.xz (xz: bin/ the binaries, lib/ the libraries, openmpi/ mpirun, orted,
# MCA components, help files, mca-params.conf, PMIx plugins), .device/gpu_tests.txt (one test a
# line: NAME [RANKS...], the rank counts for the tests that run under mpirun), .device/data/.
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${RELCP_BUILD_DIR:-build}
pack=.device
gpu_data=${RELCP_GPU_DATA:-/work/gpu_data}
colony_checkpoint=${RELCP_COLONY_CHECKPOINT:-/work/runs/colony_base/checkpoints/checkpoint_00008500.h5}

if [[ ! -f "$build_dir/CMakeCache.txt" ]]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRELCP_CUDA=ON
elif ! grep -q '^RELCP_CUDA:STRING=ON' "$build_dir/CMakeCache.txt"; then
  cmake -S . -B "$build_dir" -DRELCP_CUDA=ON > /dev/null
fi

targets=(dcs_batched_bench dcs_signorini_timing relcp_sim contact_step_scaling)
# tests/<layer>/gpu_NAME.cpp is the test target test_<layer>_gpu_NAME (tests/*/CMakeLists.txt).
shopt -s nullglob
gpu_tests=()
known_targets=$(cmake --build "$build_dir" --target help 2> /dev/null | sed -n 's/: phony$//p')
for layer in dcs collision; do
  for source in "tests/$layer"/gpu_*.cpp; do
    name=test_${layer}_$(basename "$source" .cpp)
    if [[ -n "$known_targets" ]] && ! grep -qx "$name" <<< "$known_targets"; then
      echo "gpu_pack: $source has no target $name (tests/$layer/CMakeLists.txt); skipped" >&2
      continue
    fi
    gpu_tests+=("$name")
  done
done
shopt -u nullglob
if [[ "${RELCP_PACK_NO_BUILD:-0}" != 1 ]]; then
  cmake --build "$build_dir" --target "${targets[@]}" "${gpu_tests[@]}"
fi

# Everything but data/ goes (another helper may be writing state files there).
mkdir -p "$pack/data"
find "$pack" -mindepth 1 -maxdepth 1 ! -name data -exec rm -rf {} +
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/lib"
for target in "${targets[@]}"; do cp "$build_dir/bin/$target" "$stage/bin/"; done
for test in "${gpu_tests[@]}"; do cp "$build_dir/tests/$test" "$stage/bin/"; done

# The test list; MPI tests carry the rank counts ctest runs them on (NAME.npK).
for test in "${gpu_tests[@]}"; do
  ranks=$(cat "$build_dir"/tests/*/CTestTestfile.cmake |
          { grep -oE "add_test\(\[=\[$test\.np[0-9]+\]" || true; } | sed 's/.*\.np//; s/\]$//' | sort -nu | tr '\n' ' ')
  echo "$test${ranks:+ ${ranks% }}"
done > "$pack/gpu_tests.txt"

# Open MPI: where this installation keeps its parts (Debian: prefix /usr, components in
# .../openmpi/lib/openmpi3, help files in /usr/share/openmpi, mca-params.conf in /etc/openmpi).
ompi_path() { ompi_info --path "$1" --parsable | sed -n "0,/^path:$1:/s/^path:$1://p"; }
ompi_bindir=$(ompi_path bindir)
ompi_pkglibdir=$(ompi_path pkglibdir)
ompi_pkgdatadir=$(ompi_path pkgdatadir)
ompi_sysconfdir=$(ompi_path sysconfdir)
mpi=$stage/openmpi
mkdir -p "$mpi/bin" "$mpi/lib" "$mpi/share" "$mpi/etc"
for tool in orterun orted ompi_info; do
  if [[ -x "$ompi_bindir/$tool" ]]; then cp -L "$ompi_bindir/$tool" "$mpi/bin/"; fi
done
cp -L "$(readlink -f "$(command -v mpirun)")" "$mpi/bin/mpirun"
cp -rL "$ompi_pkgdatadir" "$mpi/share/"
cp -L "$ompi_sysconfdir"/openmpi-mca-params.conf "$ompi_sysconfdir"/openmpi-default-hostfile "$mpi/etc/"
# MCA components, without those for networks a single node does not use (UCX, libfabric, PSM,
# verbs) or for OpenSHMEM: their libraries are large and absent there.
mkdir -p "$mpi/lib/$(basename "$ompi_pkglibdir")"
unwanted='/lib(ucp|uct|ucs|ucm|psm|psm2|psm_infinipath|infinipath|ibverbs|fabric|rdmacm|efa|oshmem)\.so'
for component in "$ompi_pkglibdir"/*.so; do
  if [[ "$(ldd "$component" 2>&1)" =~ $unwanted ]]; then continue; fi
  cp -L "$component" "$mpi/lib/$(basename "$ompi_pkglibdir")/"
done
# External PMIx (mca_pmix_ext3x loads libpmix): its own plugins and help files.
pmix_lib=$({ ldd "$ompi_pkglibdir"/mca_pmix_*.so 2> /dev/null || true; } | awk '$1 ~ /^libpmix/ && $3 ~ /^\// {print $3; exit}')
if [[ -n "$pmix_lib" ]]; then
  pmix_root=$(dirname "$(dirname "$(readlink -f "$pmix_lib")")")  # .../pmix2
  mkdir -p "$mpi/pmix/lib" "$mpi/pmix/share"
  if [[ -d "$pmix_root/lib/pmix" ]]; then cp -rL "$pmix_root/lib/pmix" "$mpi/pmix/lib/"; fi
  if [[ -d "$pmix_root/share/pmix" ]]; then cp -rL "$pmix_root/share/pmix" "$mpi/pmix/share/"; fi
fi

# Every library the binaries, the MPI tools and the plugins load, except the C runtime, which the
# GPU machine has.
loaders=("$stage"/bin/* "$mpi"/bin/* "$mpi"/lib/*/*.so)
if [[ -d "$mpi/pmix/lib/pmix" ]]; then loaders+=("$mpi"/pmix/lib/pmix/*.so); fi
ldd "${loaders[@]}" > "$stage/ldd.txt" 2>&1 || true
awk '$3 ~ /^\// {print $3}' "$stage/ldd.txt" | sort -u |
  grep -vE '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' |
  while read -r library; do cp -L "$library" "$stage/lib/"; done
if grep -q 'not found' "$stage/ldd.txt"; then
  echo "gpu_pack: unresolved libraries:" >&2
  grep 'not found' "$stage/ldd.txt" | sort -u >&2
fi
XZ_OPT="-9 -T2" tar -C "$stage" -cJf "$pack/lib.tar.xz" bin lib openmpi

# Data: the contact step's state files and the colony checkpoint (4,096 cells, step 8500).
for state in packing_10k.state packing_100k.state; do
  if [[ -f "$gpu_data/$state" ]]; then cp -u "$gpu_data/$state" "$pack/data/"; fi
  if [[ ! -f "$pack/data/$state" ]]; then echo "gpu_pack: $pack/data/$state missing (contact, scaling steps)" >&2; fi
done
if [[ -f "$colony_checkpoint" ]]; then
  cp -u "$colony_checkpoint" "$pack/data/colony_4096.h5"
else
  echo "gpu_pack: $colony_checkpoint missing (colony scaling)" >&2
fi

ls -l "$pack" "$pack/data"
du -sh "$pack" "$pack/data"
echo "transferred with the tracked tree: $(( ($(git ls-files -z | xargs -0 du -cb 2> /dev/null | tail -1 | cut -f1) + $(du -sb "$pack" | cut -f1)) / 1048576 )) MiB (limit 64)"
