#!/usr/bin/env bash
# Fails, naming the files, when a tracked C++ or CUDA source differs from what clang-format makes
# of it with the repository's .clang-format. Usage: check_format.sh CLANG_FORMAT SOURCE_DIR
set -euo pipefail
clang_format=$1
cd "$2"
[[ -d .git || -f .git ]] || { echo "not a git checkout: nothing to check"; exit 0; }
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'src/*.cu' 'src/*.cuh' 'apps/*.cpp' 'apps/*.hpp' \
                                   'tests/*.cpp' 'tests/*.hpp' 'examples/*.cpp' 'examples/*.hpp')
# One clang-format for every file; each file it would change is named by a warning line.
if ! report=$("$clang_format" --style=file --dry-run -Werror "${files[@]}" 2>&1); then
  grep -oE '^[^:]+:[0-9]+:[0-9]+: (error|warning)' <<<"$report" | cut -d: -f1 | sort -u
  echo "files not formatted: run clang-format -i on them (.clang-format)"
  exit 1
fi
echo "${#files[@]} files formatted"
