# Sourced by the scripts: lets OpenMPI run as root (containers, CI) and oversubscribe cores.
export OMPI_ALLOW_RUN_AS_ROOT=1
export OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_rmaps_base_oversubscribe=1
export OMPI_MCA_mpi_yield_when_idle=1   # ranks yield the core while waiting (oversubscribed or shared machines)
