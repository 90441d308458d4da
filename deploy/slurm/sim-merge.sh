#!/bin/sh
# The merge step of sim-array.sh (submit.sh runs it once every task has
# ended, failed or not): adds the 100 shards up exactly and writes the
# report. If a shard is missing it fails (exit 1), and its log names the
# missing shards and the command that re-runs exactly those tasks, then
# this merge: deploy/slurm/submit.sh IDS.
#SBATCH --job-name=meldlab-sim-merge
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=00:10:00
#SBATCH --output=meldlab-sim-merge-%j.log
set -eu
results=${MELDLAB_RESULTS:-$HOME/meldlab-results}
cd "$results"
meldlab sim merge --svg merged.svg --out merged-raw.json sim-shard-*-of-100.json > merged.txt
meldlab sim merge --json sim-shard-*-of-100.json > merged.json
