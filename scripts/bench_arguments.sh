# shellcheck shell=bash disable=SC2034,SC2154
# Sourced by the large-example bench scripts: reads their command line (-h/--help prints the
# calling script's header comment, --quick, --figures-only) into quick and figures_only.
# Usage: parse_bench_arguments "$0" "$@"  (bench_name must be set)
parse_bench_arguments() {
  local script=$1
  shift
  quick=0 figures_only=0
  for arg in "$@"; do
    case $arg in
      -h | --help) sed -n '2,/^set -euo/p' "$script" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      --quick) quick=1 ;;
      --figures-only) figures_only=1 ;;
      *) echo "$bench_name: unknown argument '$arg' (see --help)" >&2; exit 2 ;;
    esac
  done
}
