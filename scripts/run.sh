#!/usr/bin/env bash
# Installs, builds what the demo needs (the library and relcp_sim; ./scripts/test.sh builds the
# tests), then runs the default demo: configs/default.yaml with relcp_sim on 2 MPI ranks (121
# bodies of four shapes packing under a central force with ReLCP contacts), draws its last
# snapshot (out/default/snapshot_NNNNNNNN.png) and says how to explore it further.
set -euo pipefail
cd "$(dirname "$0")/.."
RELCP_BUILD_TARGETS=relcp_sim ./scripts/setup.sh
source scripts/mpi_env.sh
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}

out=out/default
echo "relcp: running configs/default.yaml on 2 MPI ranks"
mpirun -np 2 build/bin/relcp_sim configs/default.yaml --output "$out"
picture=$(/usr/bin/python3 scripts/plot_snapshot.py "$out/relcp.h5" --color speed)

cat <<EOM

Picture of the last snapshot (bodies coloured by speed): $picture
  (any snapshot: /usr/bin/python3 scripts/plot_snapshot.py $out/relcp.h5 --step 200 --contacts)

Output in $out/:
  relcp.h5 + relcp.xmf   snapshots (every 10 steps), datasets listed in docs/output.md
  stats.csv              one row per step
  checkpoints/           restart files (mpirun -np 2 build/bin/relcp_sim configs/default.yaml --restart $out/checkpoints/checkpoint_00000400.h5)

To look at it in ParaView (5.11 or later):
  paraview $out/relcp.xmf          # pick "XDMF Reader" if asked, press Apply, then play the time steps;
                                   # points carry shape, shape_params, orientation, velocity, ...;
                                   # the contact network (force per constraint) is the second block
  pvpython scripts/render.py $out/relcp.xmf --color speed     # PNG with every body in its own shape
  (on a machine without a display: xvfb-run -a pvbatch scripts/render.py $out/relcp.xmf)
EOM
