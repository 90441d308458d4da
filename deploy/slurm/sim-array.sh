#!/bin/sh
# A 100-shard meldlab experiment as a Slurm job array: task i plays slice
# SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1 of 100 (--shard auto/100),
# so --array=0-99 and --array=1-100 alike give shards 1 to 100. Keep the
# array's size equal to the N of auto/N. Submit with submit.sh, which runs
# the merge after every task has succeeded.
#SBATCH --job-name=meldlab-sim
#SBATCH --array=1-100%10
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=02:00:00
#SBATCH --output=meldlab-sim-%A_%a.log
set -eu
results=${MELDLAB_RESULTS:-$HOME/meldlab-results}
mkdir -p "$results"
cd "$results"
exec meldlab sim --variant original --variant house/fifty --players 4 \
	--bots greedy,greedy,patient,random --games 1000000 --seed 1 \
	--workers "${SLURM_CPUS_PER_TASK:-2}" --shard auto/100
