#!/bin/sh
# Submits the array, then the merge to run once every task has succeeded.
set -eu
here=$(dirname "$0")
job=$(sbatch --parsable "$here/sim-array.sh")
sbatch --dependency=afterok:"${job%%;*}" "$here/sim-merge.sh"
