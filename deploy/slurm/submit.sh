#!/bin/sh
# Usage: submit.sh [IDS]
#
# Submits the experiment's array (every task, 0-99; or only the task ids
# IDS, written as sbatch --array takes them: submit.sh 3,17-19 re-runs
# tasks 3, 17, 18 and 19 as themselves), then the merge, which runs once
# those tasks have all ended, failed or not (afterany): it fails naming
# any shard still missing, and succeeds once every shard is there.
set -eu
here=$(dirname "$0")
if [ $# -gt 0 ]; then
	job=$(sbatch --parsable --array="$1" "$here/sim-array.sh")
else
	job=$(sbatch --parsable "$here/sim-array.sh")
fi
sbatch --dependency=afterany:"${job%%;*}" "$here/sim-merge.sh"
